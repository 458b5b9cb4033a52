# Card multisets at the Python boundary: parsing, formatting and the Hand value object.

from collections.abc import Sequence

import numpy as np

from cpython.buffer cimport PyBUF_FORMAT, PyBUF_STRIDES, PyBuffer_Release, PyObject_GetBuffer
from cpython.object cimport PyObject
from cpython.sequence cimport PySequence_Fast_ITEMS
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

from ._core.bits cimport cards_contain, cards_valid, card_count
from ._core.typedefs cimport FULL_DECK, MAX_HAND_CARDS, N_RANKS, RANK_BLACK_JOKER

from .checks import check_int
from .errors import InvalidCardsError

RANK_SYMBOLS = "3456789TJQKA2BR"
cdef str _SYMBOLS = RANK_SYMBOLS
cdef int8_t SYMBOL_RANK[128]
memset(SYMBOL_RANK, -1, sizeof(SYMBOL_RANK))
for _rank, _symbol in enumerate(RANK_SYMBOLS):
    SYMBOL_RANK[ord(_symbol)] = _rank
    SYMBOL_RANK[ord(_symbol.lower())] = _rank
# The deck's count of each rank (four of 3..2, one of each joker): what a hand may hold.
cdef uint8_t RANK_LIMIT[N_RANKS]
for _rank in range(N_RANKS):
    RANK_LIMIT[_rank] = (FULL_DECK >> (4 * _rank)) & 0xF
DECK_COUNTS = tuple(RANK_LIMIT[r] for r in range(N_RANKS))

# Types whose objects stand for their cards, a valid multiset in their `packed` attribute.
# _moves registers Move: Hand(move), `move in hand` and hand - move work, and this module, the
# lower layer, knows nothing of moves.
cdef tuple CARD_SOURCES = ()


cdef int register_card_source(type cls) except -1:
    global CARD_SOURCES
    CARD_SOURCES += (cls,)
    return 0


cdef int raise_too_many(int rank, object count, object source) except -1:
    if rank >= RANK_BLACK_JOKER:
        what = "black joker (B)" if rank == RANK_BLACK_JOKER else "red joker (R)"
        raise InvalidCardsError(f"{count} of the {what} in {source}; the deck has one")
    raise InvalidCardsError(f"{count} cards of rank {_SYMBOLS[rank]} in {source}; the deck has four")


cdef bint pack_valid(const Py_ssize_t* counts, int max_cards, uint64_t* packed) noexcept:
    """The packed multiset of `counts` into *packed if every count is within its rank's limit
    and they add up to at most max_cards; False else (pack_counts says why)."""
    cdef int r
    cdef Py_ssize_t total = 0
    packed[0] = 0
    for r in range(N_RANKS):
        if <size_t>counts[r] > RANK_LIMIT[r]:        # negatives wrap above every limit
            return False
        total += counts[r]
        packed[0] |= <uint64_t>counts[r] << (4 * r)
    return total <= max_cards


cdef uint64_t pack_counts(const Py_ssize_t* counts, object source, int max_cards) except? 0xFFFFFFFFFFFFFFFF:
    cdef int r
    cdef Py_ssize_t total = 0
    cdef uint64_t packed
    if pack_valid(counts, max_cards, &packed):
        return packed
    for r in range(N_RANKS):
        if counts[r] > RANK_LIMIT[r]:
            raise_too_many(r, counts[r], source)
        total += counts[r]
    raise InvalidCardsError(f"{total} cards in {source}; at most {max_cards} are allowed here")


cdef uint64_t parse_text(str text, int max_cards) except? 0xFFFFFFFFFFFFFFFF:
    cdef Py_ssize_t counts[N_RANKS]
    cdef Py_ssize_t i = 0, n = len(text)
    cdef Py_UCS4 ch
    cdef int r
    cdef uint64_t packed
    memset(counts, 0, sizeof(counts))
    while i < n:
        ch = text[i]
        if ch == u" " or ch == u",":
            i += 1
            continue
        if ch == u"1" and i + 1 < n and text[i + 1] == u"0":
            r = SYMBOL_RANK[ord("T")]
            i += 1
        else:
            r = SYMBOL_RANK[ch] if ch < 128 else -1
        if r < 0:
            raise InvalidCardsError(
                f"unknown card symbol {ch!r} at position {i} in {text!r}; "
                f"cards are written with {RANK_SYMBOLS} (10 for T, any case, spaces and commas allowed)")
        counts[r] += 1
        i += 1
    if pack_valid(counts, max_cards, &packed):
        return packed
    return pack_counts(counts, repr(text), max_cards)


cdef object ARRAY_TYPE = np.ndarray


cdef inline Py_ssize_t count_or_none(int64_t value) noexcept nogil:
    """A count as read: values outside 0..255 become -1, which no rank allows."""
    return value if 0 <= value <= 255 else -1


ctypedef fused buffer_item:
    int8_t
    uint8_t
    int16_t
    uint16_t
    int32_t
    uint32_t
    int64_t
    uint64_t


cdef inline bint read_items(const char* item, Py_ssize_t stride, Py_ssize_t* counts,
                            buffer_item value) noexcept:
    """15 items of the type of `value` (only its type is used), `stride` bytes apart."""
    cdef int r
    for r in range(N_RANKS):
        memcpy(&value, item, sizeof(value))     # memcpy: an array may be unaligned (a structured field)
        counts[r] = count_or_none(<int64_t>value)     # (uint64 values above 2**63 turn negative)
        item += stride
    return True


cdef bint read_buffer_counts(object seq, Py_ssize_t* counts) except -1:
    """15 counts from a 1-D buffer of native integers (an integer numpy array of any dtype,
    bytes, a memoryview); False if `seq` is no such buffer."""
    cdef Py_buffer view
    cdef const char* item
    cdef Py_ssize_t stride
    cdef char fmt
    try:
        PyObject_GetBuffer(seq, &view, PyBUF_STRIDES | PyBUF_FORMAT)
    except (BufferError, TypeError, ValueError):     # (a released memoryview): the long way
        return False                                  # raises as it always did
    try:
        # One format character: native order and size (">i4" or a bool array go the long way).
        fmt = view.format[0] if view.format != NULL and view.format[0] and not view.format[1] else 0
        if view.ndim != 1 or view.shape[0] != N_RANKS or not fmt:
            return False
        item, stride = <const char*>view.buf, view.strides[0]
        if fmt in b"bhilq":
            if view.itemsize == 1:
                return read_items(item, stride, counts, <int8_t>0)
            if view.itemsize == 2:
                return read_items(item, stride, counts, <int16_t>0)
            if view.itemsize == 4:
                return read_items(item, stride, counts, <int32_t>0)
            if view.itemsize == 8:
                return read_items(item, stride, counts, <int64_t>0)
        elif fmt in b"BHILQ":
            if view.itemsize == 1:
                return read_items(item, stride, counts, <uint8_t>0)
            if view.itemsize == 2:
                return read_items(item, stride, counts, <uint16_t>0)
            if view.itemsize == 4:
                return read_items(item, stride, counts, <uint32_t>0)
            if view.itemsize == 8:
                return read_items(item, stride, counts, <uint64_t>0)
        return False
    finally:
        PyBuffer_Release(&view)


cdef bint read_counts(object seq, Py_ssize_t* counts) except -1:
    """15 counts read without running Python code, from a list or tuple of ints or a buffer of
    integers (a count out of 0..255 read as -1); False for anything else (an item of another
    type, a wrong length or shape), which parse_counts checks item by item instead."""
    cdef type kind = type(seq)
    cdef PyObject** items
    cdef int64_t value
    cdef int r
    if kind is ARRAY_TYPE or kind is bytes or kind is memoryview:
        return read_buffer_counts(seq, counts)
    if (kind is not list and kind is not tuple) or len(seq) != N_RANKS:
        return False
    items = PySequence_Fast_ITEMS(seq)
    for r in range(N_RANKS):
        if type(<object>items[r]) is not int:       # (a bool, a numpy integer: the long way)
            return False
    try:
        for r in range(N_RANKS):
            value = <object>items[r]
            counts[r] = count_or_none(value)
    except OverflowError:
        return False
    return True


cdef uint64_t parse_counts(object seq, int max_cards) except? 0xFFFFFFFFFFFFFFFF:
    cdef Py_ssize_t counts[N_RANKS]
    cdef uint64_t packed
    cdef int r
    # The common case at C speed; every refusal comes from the checks below.
    if read_counts(seq, counts) and pack_valid(counts, max_cards, &packed):
        return packed
    cdef object shape = getattr(seq, "shape", None)
    if shape is not None and len(shape) != 1:
        raise InvalidCardsError(f"rank counts must be a flat sequence of {N_RANKS}, not of shape {shape}")
    seq = tuple(seq)       # one copy: converting an item may run code that changes the caller's
    if len(seq) != N_RANKS:
        raise InvalidCardsError(
            f"expected {N_RANKS} rank counts ({RANK_SYMBOLS}), got {len(seq)}")
    source = f"counts {list(seq)!r}"
    for r in range(N_RANKS):
        value = check_int(seq[r], f"the count of rank {_SYMBOLS[r]}", error=InvalidCardsError)
        if value < 0:
            raise InvalidCardsError(f"negative count {value} for rank {_SYMBOLS[r]} in {source}")
        if value > RANK_LIMIT[r]:
            raise_too_many(r, value, source)
        counts[r] = value
    return pack_counts(counts, source, max_cards)


cdef uint64_t packed_from(object cards, int max_cards) except? 0xFFFFFFFFFFFFFFFF:
    cdef uint64_t packed
    cdef type kind = type(cards)
    if kind is list or kind is tuple or kind is ARRAY_TYPE:     # before any isinstance: the ABC's
        return parse_counts(cards, max_cards)                   # costs more than the work
    if isinstance(cards, str):
        return parse_text(<str>cards, max_cards)
    if isinstance(cards, Hand):
        packed = (<Hand>cards).packed
    elif isinstance(cards, CARD_SOURCES):
        packed = cards.packed
    elif isinstance(cards, (Sequence, np.ndarray)):
        return parse_counts(cards, max_cards)
    else:
        raise TypeError(
            f"cards must be text like '33344456BR', 15 rank counts, a Hand or a Move, "
            f"not {type(cards).__name__}")
    if not cards_valid(packed):     # (a long bomb's represented cards)
        raise InvalidCardsError(f"{cards!r} holds more of a rank than the deck")
    if card_count(packed) > max_cards:
        raise InvalidCardsError(
            f"{card_count(packed)} cards in {cards!r}; at most {max_cards} are allowed here")
    return packed


cdef str cards_text(uint64_t packed):
    cdef int r, c
    cdef list parts = []
    for r in range(N_RANKS):
        c = (packed >> (4 * r)) & 0xF
        if c:
            parts.append(_SYMBOLS[r] * c)
    return "".join(parts)


def counts_array(uint64_t packed):
    """The 15 rank counts of a packed multiset, as a new numpy uint8 array."""
    return np.array([(packed >> (4 * r)) & 0xF for r in range(N_RANKS)], dtype=np.uint8)


cdef Hand hand_from_packed(uint64_t packed):
    cdef Hand h = Hand.__new__(Hand)
    h.packed = packed
    return h


cdef Hand as_hand(object cards):
    if type(cards) is Hand:
        return <Hand>cards
    return Hand(cards)


cdef class Hand:
    """A hand: a multiset of at most 20 cards, immutable.

    ``Hand("33344456BR")``, ``Hand("10 J Q K A")`` (``10`` for ``T``, any case, spaces and commas)
    or ``Hand(counts)`` with 15 rank counts in the order ``3456789TJQKA2BR``. ``str()`` is the
    canonical text, sorted low to high. Invalid input raises ``InvalidCardsError``.
    """

    # Made in __cinit__, which runs once per object: a Hand cannot be changed by calling
    # __init__ again (there is none), and Hand.__new__(Hand) is the empty hand.
    def __cinit__(self, cards=""):
        if not (type(cards) is str and len(<str>cards) == 0):
            self.packed = packed_from(cards, MAX_HAND_CARDS)

    @classmethod
    def from_packed(cls, packed):
        """The hand whose rank counts are nibble-packed in ``packed`` (rank r in bits 4r..4r+3)."""
        cdef uint64_t p = check_int(packed, "packed", 0, 2 ** 64 - 1, error=InvalidCardsError)
        if not cards_valid(p):
            raise InvalidCardsError(f"{p:#x} is no card multiset (a rank count above 4, or a joker above 1)")
        if card_count(p) > MAX_HAND_CARDS:
            raise InvalidCardsError(f"{card_count(p)} cards; a hand holds at most {MAX_HAND_CARDS}")
        return hand_from_packed(p)

    @property
    def counts(self):
        """The 15 rank counts (``3456789TJQKA2BR``) as a new numpy uint8 array."""
        return counts_array(self.packed)

    def __len__(self):
        return card_count(self.packed)

    def __contains__(self, cards):
        """``cards in hand``: every card of ``cards`` (text, a Hand or a Move) is in the hand."""
        return cards_contain(self.packed, packed_from(cards, MAX_HAND_CARDS))

    def __add__(self, other):
        cdef uint64_t a = self.packed, b = packed_from(other, MAX_HAND_CARDS)
        cdef uint64_t total = a + b          # nibbles reach at most 8: no carry between ranks
        if not cards_valid(total):
            raise InvalidCardsError(f"{cards_text(a)} and {cards_text(b)} together exceed the deck")
        if card_count(total) > MAX_HAND_CARDS:
            raise InvalidCardsError(
                f"{cards_text(a)} and {cards_text(b)} make {card_count(total)} cards; "
                f"a hand holds at most {MAX_HAND_CARDS}")
        return hand_from_packed(total)

    def __sub__(self, other):
        cdef uint64_t a = self.packed, b = packed_from(other, MAX_HAND_CARDS)
        if not cards_contain(a, b):
            raise InvalidCardsError(f"{cards_text(b)} is not part of {cards_text(a)}")
        return hand_from_packed(a - b)

    def __eq__(self, other):
        if isinstance(other, Hand):
            return self.packed == (<Hand>other).packed
        return NotImplemented

    def __hash__(self):
        return hash(self.packed)

    def __str__(self):
        return cards_text(self.packed)

    def __repr__(self):
        return f"Hand({cards_text(self.packed)!r})"

    def __reduce__(self):
        return (Hand, (cards_text(self.packed),))
