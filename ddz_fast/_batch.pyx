# Bulk move generation over numpy arrays: validation and generation run without the GIL.

import numpy as np

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc

from ._core.bits cimport popcount32
from ._cards cimport Hand
from ._core.combos cimport is_reading
from ._core.movegen cimport gen_leads, gen_responses
from ._rules cimport Rules, as_rules
from ._core.typedefs cimport MAX_HAND_CARDS, MAX_MOVES, N_RANKS, ddz_hand, ddz_move, ddz_rules

from ._moves import MOVE_DTYPE
from .errors import InvalidCardsError, InvalidMoveError

# The move array of the last batch result that was freed, kept for the next call: fresh pages
# cost more than generating the moves that fill them (kernel page faults). Up to 64 MiB.
cdef ddz_move* spare = NULL
cdef Py_ssize_t spare_capacity = 0
cdef Py_ssize_t SPARE_LIMIT = 1 << 22


# Rows per native call: between calls, Ctrl-C is noticed (about 10 ms of work).
cdef Py_ssize_t CHUNK_ROWS = 1 << 16

# Status of a batch run, besides the index of an invalid hand.
cdef enum:
    DONE = -1
    OUT_OF_MEMORY = -2
    BAD_PREV = -3      # BAD_PREV - i: previous move i is no reading


cdef class _MoveBuffer:
    """Owns a batch's move array and lends it to numpy without a copy."""

    cdef ddz_move* data
    cdef Py_ssize_t capacity      # in moves
    cdef Py_ssize_t nbytes        # the part holding moves

    def __dealloc__(self):
        global spare, spare_capacity
        if spare_capacity < self.capacity <= SPARE_LIMIT:
            free(spare)
            spare, spare_capacity = self.data, self.capacity
        else:
            free(self.data)

    def __getbuffer__(self, Py_buffer* view, int flags):
        view.buf = self.data
        view.obj = self
        view.len = self.nbytes
        view.readonly = 0
        view.itemsize = 1
        view.format = "B"
        view.ndim = 1
        view.shape = &self.nbytes
        view.strides = &view.itemsize
        view.suboffsets = NULL
        view.internal = NULL

    def __releasebuffer__(self, Py_buffer* view):
        pass


cdef _MoveBuffer take_buffer(Py_ssize_t capacity):
    """A buffer of at least `capacity` moves: the spare one if it is large enough."""
    global spare, spare_capacity
    cdef _MoveBuffer buf = _MoveBuffer.__new__(_MoveBuffer)
    if spare != NULL and spare_capacity >= capacity:
        buf.data, buf.capacity = spare, spare_capacity
        spare, spare_capacity = NULL, 0
    else:
        buf.data = <ddz_move*>malloc(capacity * sizeof(ddz_move))
        if buf.data == NULL:
            raise MemoryError("legal_moves_batch: out of memory")
        buf.capacity = capacity
    return buf


cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    #if defined(__SSE2__)
    #include <emmintrin.h>
    #endif
    /* One row of 15 uint8 rank counts -> nibble-packed cards and the rank masks of ddz_hand.
       Returns 0 if a count is above its limit (4, or 1 for a joker). */
    static inline int ddz_load_row(const uint8_t* row, uint64_t* cards, uint32_t masks[4]) {
        uint64_t raw_lo, raw_hi, lo, hi;
        memcpy(&raw_lo, row, 8);          /* ranks 0..7 */
        memcpy(&raw_hi, row + 7, 8);      /* ranks 7..14 */
        lo = raw_lo & 0x0F0F0F0F0F0F0F0FULL;   /* keeps the packing in its lanes; limits are */
        hi = raw_hi & 0x0F0F0F0F0F0F0F0FULL;   /* checked below */
        lo = (lo | (lo >> 4)) & 0x00FF00FF00FF00FFULL;
        lo = (lo | (lo >> 8)) & 0x0000FFFF0000FFFFULL;
        lo = (lo | (lo >> 16)) & 0x00000000FFFFFFFFULL;
        hi = (hi | (hi >> 4)) & 0x00FF00FF00FF00FFULL;
        hi = (hi | (hi >> 8)) & 0x0000FFFF0000FFFFULL;
        hi = (hi | (hi >> 16)) & 0x00000000FFFFFFFFULL;
    #if defined(__SSE2__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        {
            /* the 15 counts and a zero byte, built in registers (a 16-byte load of a row
               stored in two halves would stall on store forwarding) */
            __m128i v = _mm_set_epi64x((long long)(raw_hi >> 8), (long long)raw_lo);
            /* signed compares: counts above 127 read as negative, so test them apart */
            __m128i limit = _mm_setr_epi8(4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1, 0);
            if (_mm_movemask_epi8(_mm_or_si128(_mm_cmpgt_epi8(v, limit),
                                               _mm_cmplt_epi8(v, _mm_setzero_si128()))))
                return 0;
            masks[0] = (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(0)));
            masks[1] = (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(1)));
            masks[2] = (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(2)));
            masks[3] = (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(3)));
        }
    #else
        {
            static const uint8_t limit[15] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1};
            uint8_t counts[16];
            int r, k;
            /* the counts as read into raw_lo/raw_hi: the row may change meanwhile (the
               caller's array, without the GIL), and masks and cards must agree */
            memcpy(counts, &raw_lo, 8);
            memcpy(counts + 7, &raw_hi, 8);
            masks[0] = masks[1] = masks[2] = masks[3] = 0;
            for (r = 0; r < 15; r++) {
                if (counts[r] > limit[r])
                    return 0;
                for (k = 0; k < 4; k++)
                    masks[k] |= (uint32_t)(counts[r] > k) << r;
            }
        }
    #endif
        *cards = lo | ((hi >> 4) << 32);
        return 1;
    }
    """
    bint load_row "ddz_load_row" (const uint8_t* row, uint64_t* cards, uint32_t* masks) noexcept nogil


cdef inline bint pack_row(const uint8_t* row, ddz_hand* h) noexcept nogil:
    """One row of rank counts as a hand; False if it is no hand of at most 20 cards."""
    cdef uint32_t masks[4]
    if not load_row(row, &h.cards, masks):
        return False
    h.m1 = masks[0]
    h.m2 = masks[1]
    h.m3 = masks[2]
    h.m4 = masks[3]
    h.n = popcount32(masks[0]) + popcount32(masks[1]) + popcount32(masks[2]) + popcount32(masks[3])
    return h.n <= MAX_HAND_CARDS


cdef class _BatchInput:
    """The validated arrays of a batch call and raw pointers into them.

    The memoryviews stay held while the kernels run without the GIL: an array that exports
    its buffer cannot be resized or freed by another thread meanwhile.
    """

    cdef object hands, prevs
    cdef Py_ssize_t n
    cdef const uint8_t[:, ::1] hand_view
    cdef const uint8_t[::1] prev_view
    cdef const uint8_t* hand_data
    cdef const ddz_move* prev_data

    def __init__(self, hands, prevs, Rules rules):
        try:
            a = np.asarray(hands)
        except ValueError as e:            # a ragged list
            raise InvalidCardsError(f"hands must be an (N, {N_RANKS}) array of rank counts: {e}") from None
        if a.dtype.kind not in "iu":
            raise TypeError(f"hands must be an integer array of rank counts, not of dtype {a.dtype}")
        if a.ndim != 2 or a.shape[1] != N_RANKS:
            raise InvalidCardsError(f"hands must have shape (N, {N_RANKS}), not {a.shape}")
        if a.dtype != np.uint8 and a.size and (a.min() < 0 or a.max() > 255):
            self.raise_bad_hand(a, int(np.argmax(((a < 0) | (a > 255)).any(axis=1))))
        self.hands = np.require(a, dtype=np.uint8, requirements=["C"])
        self.n = a.shape[0]
        self.hand_data = NULL
        self.prev_data = NULL
        if self.n:
            self.hand_view = self.hands
            self.hand_data = &self.hand_view[0, 0]
        if prevs is not None:
            p = as_move_array(prevs, self.n)
            self.prevs = np.require(p, requirements=["C", "A"])
            if self.n:
                self.prev_view = self.prevs.view(np.uint8)
                self.prev_data = <const ddz_move*>&self.prev_view[0]

    def raise_bad_hand(self, a, Py_ssize_t i):
        try:
            Hand(a[i].tolist())
        except InvalidCardsError as e:
            raise InvalidCardsError(f"hands[{i}]: {e}") from None
        raise AssertionError(f"hands[{i}] = {a[i]} was flagged but is valid")

    def raise_bad_prev(self, Py_ssize_t i, Rules rules):
        raise InvalidMoveError(f"prevs[{i}] = {self.prevs[i]} is no combination under {rules!r}")


# The largest value of each field of MOVE_DTYPE.
cdef dict FIELD_LIMITS = {"kind": 255, "length": 255, "main": 255, "cards": 2 ** 64 - 1}


cdef object as_move_array(object prevs, Py_ssize_t n):
    """``prevs`` as n moves of MOVE_DTYPE. Another structured dtype with the same fields is
    converted only if every value fits its field (astype would wrap 256 to 0, cut 5.5 to 5)."""
    p = np.asarray(prevs)
    if p.dtype != MOVE_DTYPE and (p.dtype.names is None or set(p.dtype.names) != set(MOVE_DTYPE.names)):
        raise TypeError(
            f"prevs must be a structured array of ddz_fast.MOVE_DTYPE, not of dtype {p.dtype}")
    if p.shape != (n,):
        raise InvalidMoveError(f"prevs must have shape ({n},) like hands, not {p.shape}")
    if p.dtype == MOVE_DTYPE:
        return p
    for name, limit in FIELD_LIMITS.items():
        field = p[name]
        if field.dtype.kind not in "iu" or field.shape != (n,):
            raise TypeError(f"prevs field {name!r} must hold integers, not {field.dtype}")
        bad = (field < 0) | (field > limit)
        if bad.any():
            row = int(np.argmax(bad))
            raise InvalidMoveError(
                f"prevs[{row}]: {name} = {field[row]} is outside 0..{limit} (prevs[{row}] = {p[row]})")
    converted = np.zeros(n, MOVE_DTYPE)
    for name in FIELD_LIMITS:          # by name: astype would match fields by position
        converted[name] = p[name]
    return converted


cdef inline ddz_move* gen_one(const ddz_hand* h, const ddz_move* prevs, Py_ssize_t i,
                              const ddz_rules* rules, ddz_move* out) noexcept nogil:
    """The moves of hand i into out; NULL if its previous move is no reading."""
    cdef ddz_move prev
    if prevs == NULL:
        return gen_leads(h, rules, out)
    prev = prevs[i]     # checked and used as one copy: the caller's array may change meanwhile
    if prev.length == 0:
        return gen_leads(h, rules, out)
    if not is_reading(&prev, rules):
        return NULL
    return gen_responses(h, &prev, rules, out)


cdef Py_ssize_t run_batch(const uint8_t* hands, Py_ssize_t start, Py_ssize_t stop,
                          const ddz_move* prevs, const ddz_rules* rules, int64_t* offsets,
                          ddz_move** data, Py_ssize_t* capacity) noexcept nogil:
    """Moves of hands start..stop-1 into *data after the offsets[start] moves already there,
    growing it as needed. Returns DONE, OUT_OF_MEMORY, the index of the first invalid hand, or
    BAD_PREV - index for the first invalid previous move."""
    cdef Py_ssize_t used = offsets[start], i
    cdef ddz_move* grown
    cdef ddz_move* end
    cdef ddz_hand h
    for i in range(start, stop):
        if not pack_row(hands + i * N_RANKS, &h):
            return i
        if used + MAX_MOVES > capacity[0]:
            grown = <ddz_move*>realloc(data[0], 2 * capacity[0] * sizeof(ddz_move))
            if grown == NULL:
                return OUT_OF_MEMORY
            data[0] = grown
            capacity[0] *= 2
        end = gen_one(&h, prevs, i, rules, data[0] + used)
        if end == NULL:
            return BAD_PREV - i
        used = end - data[0]
        offsets[i + 1] = used
    return DONE


cdef Py_ssize_t count_batch(const uint8_t* hands, Py_ssize_t start, Py_ssize_t stop,
                            const ddz_move* prevs, const ddz_rules* rules, ddz_move* scratch,
                            int64_t* counts) noexcept nogil:
    """Number of moves of hands start..stop-1, generated into scratch (MAX_MOVES moves).
    Returns like run_batch."""
    cdef ddz_move* end
    cdef ddz_hand h
    cdef Py_ssize_t i
    for i in range(start, stop):
        if not pack_row(hands + i * N_RANKS, &h):
            return i
        end = gen_one(&h, prevs, i, rules, scratch)
        if end == NULL:
            return BAD_PREV - i
        counts[i] = end - scratch
    return DONE


cdef check_status(_BatchInput batch, Py_ssize_t status, Rules rules):
    if status == OUT_OF_MEMORY:
        raise MemoryError("out of memory")
    if status >= 0:
        batch.raise_bad_hand(batch.hands, status)
    if status <= BAD_PREV:
        batch.raise_bad_prev(BAD_PREV - status, rules)


def legal_move_counts(hands, prevs=None, *, rules=None):
    """The number of legal moves of every hand, as an int64 array: ``legal_moves_batch``
    without storing the moves (same arguments)."""
    cdef Rules r = as_rules(rules)
    cdef _BatchInput batch = _BatchInput(hands, prevs, r)
    counts = np.empty(batch.n, dtype=np.int64)
    cdef int64_t[::1] out = counts
    cdef ddz_move* scratch = <ddz_move*>malloc(MAX_MOVES * sizeof(ddz_move))
    cdef Py_ssize_t status = DONE, start, stop
    if scratch == NULL:
        raise MemoryError("legal_move_counts: out of memory")
    try:
        for start in range(0, batch.n, CHUNK_ROWS):
            stop = min(batch.n, start + CHUNK_ROWS)
            with nogil:
                status = count_batch(batch.hand_data, start, stop, batch.prev_data, &r.c,
                                     scratch, &out[0])
            check_status(batch, status, r)
            PyErr_CheckSignals()
    finally:
        free(scratch)
    return counts


def legal_moves_batch(hands, prevs=None, *, rules=None):
    """Legal moves of many hands at once, without the GIL.

    ``hands``: an (N, 15) integer array of rank counts. ``prevs``: None (every hand leads) or
    N moves of ``MOVE_DTYPE``; a row with length 0 means that hand leads. Returns
    ``(offsets, moves)``: int64 CSR offsets of size N+1 and one ``MOVE_DTYPE`` array, the moves
    of hand i being ``moves[offsets[i]:offsets[i + 1]]``, in the order of ``legal_moves``.
    Ctrl-C interrupts it between chunks of rows.
    """
    cdef Rules r = as_rules(rules)
    cdef _BatchInput batch = _BatchInput(hands, prevs, r)
    offsets = np.empty(batch.n + 1, dtype=np.int64)
    cdef int64_t[::1] offs = offsets
    cdef _MoveBuffer buf = take_buffer(MAX_MOVES + batch.n * (8 if batch.prev_data else 64))
    cdef Py_ssize_t status, start, stop
    offs[0] = 0
    for start in range(0, batch.n, CHUNK_ROWS):
        stop = min(batch.n, start + CHUNK_ROWS)
        with nogil:
            status = run_batch(batch.hand_data, start, stop, batch.prev_data, &r.c, &offs[0],
                               &buf.data, &buf.capacity)
        check_status(batch, status, r)
        PyErr_CheckSignals()
    buf.nbytes = offs[batch.n] * sizeof(ddz_move)
    return offsets, np.frombuffer(buf, dtype=MOVE_DTYPE)
