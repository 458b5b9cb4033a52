# Bulk move generation over numpy arrays, the Python side: argument checks, the result buffer,
# chunks of rows between looks at Ctrl-C, error messages. The rows run in _core/rows without
# the GIL.

import numpy as np

from cpython.buffer cimport PyBUF_SIMPLE, PyBuffer_Release, PyObject_GetBuffer
from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int64_t, uint8_t
from libc.stdlib cimport free

from ._cards cimport packed_from
from ._core.alloc cimport grow
from ._core.rows cimport (
    BAD_PREV, OUT_OF_MEMORY, rows_count, rows_moves, rows_two_deck_moves, rows_wild_moves,
)
from ._core.two_decks cimport TWO_DECK_HAND_CARDS
from ._core.typedefs cimport MAX_HAND_CARDS, MAX_MOVES, N_RANKS, NO_WILD, RANK_TWO, ddz_move, ddz_wilds
from ._moves cimport wilds_of
from ._rules cimport Rules, as_rules

from ._moves import MOVE_DTYPE
from .errors import InvalidCardsError, InvalidMoveError

# The move array of the last batch result that was freed, kept for the next call: fresh pages
# cost more than generating the moves that fill them (kernel page faults). Up to 64 MiB.
cdef ddz_move* spare = NULL
cdef Py_ssize_t spare_capacity = 0
cdef Py_ssize_t SPARE_LIMIT = 1 << 22

cdef object UINT8 = np.dtype(np.uint8)

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
        if grow(&buf.data, &buf.capacity, capacity) < 0:
            raise MemoryError("legal_moves_batch: out of memory")
    return buf


cdef class _BatchInput:
    """The validated arrays of a batch call and raw pointers into them.

    The arrays' buffers stay exported while the kernels run without the GIL: an array held
    and exported cannot be resized or freed by another thread meanwhile.
    """

    # fields: see _batch.pxd

    def __init__(self, hands, prevs, Rules rules):
        self.release()          # (a second __init__ would leak the first exports)
        try:
            a = np.asarray(hands)
        except ValueError as e:            # a ragged list
            raise InvalidCardsError(f"hands must be an (N, {N_RANKS}) array of rank counts: {e}") from None
        if a.dtype.kind not in "iu":
            raise TypeError(f"hands must be an integer array of rank counts, not of dtype {a.dtype}")
        if a.ndim != 2 or a.shape[1] != N_RANKS:
            raise InvalidCardsError(f"hands must have shape (N, {N_RANKS}), not {a.shape}")
        if a.dtype != UINT8:
            if a.size and (a.min() < 0 or a.max() > 255):
                self.raise_bad_hand(a, int(np.argmax(((a < 0) | (a > 255)).any(axis=1))))
            a = np.ascontiguousarray(a, dtype=UINT8)     # every count fits: no value changes
        elif not a.flags.c_contiguous:
            a = np.ascontiguousarray(a)
        self.hands = a
        self.n = a.shape[0]
        PyObject_GetBuffer(a, &self.hand_buffer, PyBUF_SIMPLE)
        self.hand_data = <const uint8_t*>self.hand_buffer.buf
        if prevs is not None:
            p = as_move_array(prevs, self.n)
            if not (p.flags.c_contiguous and p.flags.aligned):
                p = np.ascontiguousarray(p)
            self.prevs = p
            PyObject_GetBuffer(p, &self.prev_buffer, PyBUF_SIMPLE)
            self.prev_data = <const ddz_move*>self.prev_buffer.buf

    def __dealloc__(self):
        self.release()

    cdef void release(self) noexcept:
        if self.hand_data != NULL:
            PyBuffer_Release(&self.hand_buffer)
        if self.prev_data != NULL:
            PyBuffer_Release(&self.prev_buffer)
        self.hand_data = NULL
        self.prev_data = NULL
        self.hands = self.prevs = None
        self.n = 0

    def raise_bad_hand(self, a, Py_ssize_t i):
        row = a[i].tolist()      # read again for the message: another thread may have changed it
        try:
            packed_from(row, MAX_HAND_CARDS)
        except InvalidCardsError as e:
            raise InvalidCardsError(f"hands[{i}]: {e}") from None
        raise InvalidCardsError(f"hands[{i}] was no hand of at most 20 cards when it was read "
                                f"(it has changed since, to {row}: another thread wrote it)")

    def raise_bad_two_deck_hand(self, a, Py_ssize_t i):
        row = a[i].tolist()      # read again for the message: another thread may have changed it
        limits = [8] * (N_RANKS - 2) + [2, 2]
        for rank, (count, limit) in enumerate(zip(row, limits)):
            if count > limit:
                raise InvalidCardsError(
                    f"hands[{i}] holds {count} cards of rank {'3456789TJQKA2BR'[rank]}: two "
                    f"decks (players=4) have {limit}")
        if sum(row) > TWO_DECK_HAND_CARDS:
            raise InvalidCardsError(f"hands[{i}] holds {sum(row)} cards: a hand of the "
                                    f"four-player game has at most {TWO_DECK_HAND_CARDS}")
        raise InvalidCardsError(f"hands[{i}] was no hand of at most {TWO_DECK_HAND_CARDS} "
                                f"cards of two decks when it was read (it has changed since, to "
                                f"{row}: another thread wrote it)")

    def raise_bad_prev(self, Py_ssize_t i, Rules rules):
        raise InvalidMoveError(f"prevs[{i}] was no combination under {rules!r} when it was read "
                               f"(prevs[{i}] = {self.prevs[i]})")


# The largest value of each field of MOVE_DTYPE.
cdef dict FIELD_LIMITS = {"kind": 255, "length": 255, "main": 255, "cards": 2 ** 64 - 1}


cdef object as_move_array(object prevs, Py_ssize_t n):
    """``prevs`` as n moves of MOVE_DTYPE. Another structured dtype with the same fields is
    converted only if every value fits its field (astype would wrap 256 to 0, cut 5.5 to 5)."""
    p = np.asarray(prevs)
    cdef bint same = p.dtype is MOVE_DTYPE or p.dtype == MOVE_DTYPE   # (`==` of structured dtypes: 700 ns)
    if not same and (p.dtype.names is None or set(p.dtype.names) != set(MOVE_DTYPE.names)):
        raise TypeError(
            f"prevs must be a structured array of ddz_fast.MOVE_DTYPE, not of dtype {p.dtype}")
    if p.shape != (n,):
        raise InvalidMoveError(f"prevs must have shape ({n},) like hands, not {p.shape}")
    if same:
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


cdef int check_status(_BatchInput batch, Py_ssize_t status, Rules rules) except -1:
    if status == OUT_OF_MEMORY:
        raise MemoryError("out of memory")
    if status >= 0 and rules.c.players == 4:
        batch.raise_bad_two_deck_hand(batch.hands, status)
    if status >= 0:
        batch.raise_bad_hand(batch.hands, status)
    if status <= BAD_PREV:
        batch.raise_bad_prev(BAD_PREV - status, rules)
    return 0


cdef object wild_rows(object wild_ranks, Rules rules, Py_ssize_t n):
    """The wild ranks of a batch as an array of ddz_wilds (2 bytes a row): one row for every
    hand (``wild_ranks`` as ``legal_moves`` takes it), or one per hand (an integer array of
    shape (N,) with one wild rank, (N, 2) with two)."""
    cdef ddz_wilds w
    a = np.asarray(wild_ranks) if wild_ranks is not None and not isinstance(wild_ranks, str) else None
    if a is None or a.ndim == 0 or (rules.c.wilds == 2 and a.ndim == 1):
        w = wilds_of(wild_ranks, rules)
        return np.array([[w.rank[0], w.rank[1]]], dtype=np.uint8)
    shape = (int(n),) + ((2,) if rules.c.wilds == 2 else ())
    if a.dtype.kind not in "iu" or a.shape != shape:
        raise ValueError(f"wild_ranks must be one wild rank for every hand or an integer array "
                         f"of shape {shape}, not {a.dtype} {a.shape}")
    rows = np.full((n, 2), NO_WILD, dtype=np.uint8)
    a = a.reshape(n, 1) if a.ndim == 1 else a
    bad = ((a < 0) | (a > RANK_TWO)).any(axis=1)
    if a.shape[1] == 2:
        bad |= a[:, 0] == a[:, 1]
    if bad.any():
        i = int(np.argmax(bad))
        raise ValueError(f"wild_ranks[{i}] = {a[i].tolist()}: wild ranks are different ranks "
                         f"of 3..2 (0..{RANK_TWO})")
    rows[:, :a.shape[1]] = a
    return rows


cdef object grown_offsets(_BatchInput batch, Rules rules, object wild_ranks, bint keep):
    """(offsets, moves) of a batch whose moves no fixed room bounds: under wild-card rules
    (RULES.md 10) or of two decks (RULES.md 11); moves None when only counting."""
    wilds = (wild_rows(wild_ranks, rules, batch.n) if rules.c.wilds
             else np.full((1, 2), NO_WILD, dtype=np.uint8))
    if not rules.c.wilds:
        wilds_of(wild_ranks, rules)         # (none may be given)
    offsets = np.zeros(batch.n + 1, dtype=np.int64)
    cdef const uint8_t[:, ::1] w = wilds
    cdef int64_t[::1] offs = offsets
    cdef _MoveBuffer buf = take_buffer(4 * MAX_MOVES) if keep else None
    cdef ddz_move** moves = &buf.data if keep else NULL
    cdef Py_ssize_t* capacity = &buf.capacity if keep else NULL
    cdef Py_ssize_t status, start, stop
    cdef bint per_row = w.shape[0] > 1
    for start in range(0, batch.n, CHUNK_ROWS):
        stop = min(batch.n, start + CHUNK_ROWS)
        with nogil:
            if rules.c.players == 4:
                status = rows_two_deck_moves(batch.hand_data, batch.prev_data, start, stop,
                                             &rules.c, &offs[0], moves, capacity)
            else:
                status = rows_wild_moves(batch.hand_data, batch.prev_data,
                                         <const ddz_wilds*>&w[0, 0], per_row, start, stop,
                                         &rules.c, &offs[0], moves, capacity)
        check_status(batch, status, rules)
        PyErr_CheckSignals()
    if not keep:
        return offsets, None
    buf.nbytes = offs[batch.n] * sizeof(ddz_move)
    return offsets, np.frombuffer(buf, dtype=MOVE_DTYPE)


def legal_move_counts(hands, prevs=None, *, rules=None, wild_ranks=None):
    """The number of legal moves of every hand, as an int64 array: ``legal_moves_batch``
    without storing the moves (same arguments)."""
    cdef Rules r = as_rules(rules, True)
    cdef _BatchInput batch = _BatchInput(hands, prevs, r)
    if r.c.moves_grow:
        return np.diff(grown_offsets(batch, r, wild_ranks, False)[0])
    wilds_of(wild_ranks, r)         # (none may be given)
    counts = np.empty(batch.n, dtype=np.int64)
    cdef int64_t[::1] out = counts
    cdef Py_ssize_t status, start, stop
    for start in range(0, batch.n, CHUNK_ROWS):
        stop = min(batch.n, start + CHUNK_ROWS)
        with nogil:
            status = rows_count(batch.hand_data, batch.prev_data, start, stop, &r.c, &out[0])
        check_status(batch, status, r)
        PyErr_CheckSignals()
    return counts


def legal_moves_batch(hands, prevs=None, *, rules=None, wild_ranks=None):
    """Legal moves of many hands at once, without the GIL.

    ``hands``: an (N, 15) integer array of rank counts. ``prevs``: None (every hand leads) or
    N moves of ``MOVE_DTYPE``; a row with length 0 means that hand leads. Returns
    ``(offsets, moves)``: int64 CSR offsets of size N+1 and one ``MOVE_DTYPE`` array, the moves
    of hand i being ``moves[offsets[i]:offsets[i + 1]]``, in the order of ``legal_moves``.
    Ctrl-C interrupts it between chunks of rows. Under wild-card rules ``wild_ranks`` gives
    the wild ranks of every hand (as ``legal_moves`` takes them) or of each (an integer array,
    (N,) with one wild rank, (N, 2) with two). Under the four-player rules of two decks
    (``Rules(players=4, ...)``, RULES.md 11) a hand holds up to 33 cards, 8 of a rank and 2 of
    a joker.
    """
    cdef Rules r = as_rules(rules, True)
    cdef _BatchInput batch = _BatchInput(hands, prevs, r)
    if r.c.moves_grow:
        return grown_offsets(batch, r, wild_ranks, True)
    wilds_of(wild_ranks, r)         # (none may be given)
    offsets = np.empty(batch.n + 1, dtype=np.int64)
    cdef int64_t[::1] offs = offsets
    cdef _MoveBuffer buf = take_buffer(MAX_MOVES + batch.n * (8 if batch.prev_data else 64))
    cdef Py_ssize_t status, start, stop
    offs[0] = 0
    for start in range(0, batch.n, CHUNK_ROWS):
        stop = min(batch.n, start + CHUNK_ROWS)
        with nogil:
            status = rows_moves(batch.hand_data, batch.prev_data, start, stop, &r.c, &offs[0],
                                &buf.data, &buf.capacity)
        check_status(batch, status, r)
        PyErr_CheckSignals()
    buf.nbytes = offs[batch.n] * sizeof(ddz_move)
    return offsets, np.frombuffer(buf, dtype=MOVE_DTYPE)
