# Card multisets at the Python boundary: parsing, formatting and the Hand value object.

from collections.abc import Sequence

import numpy as np

from cpython.buffer cimport PyBUF_FORMAT, PyBUF_STRIDES, PyBuffer_Release, PyObject_GetBuffer
from cpython.object cimport PyObject
from cpython.sequence cimport PySequence_Fast_ITEMS
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

from ._core.bits cimport cards_valid
from ._core.two_decks cimport (
    TWO_DECK_HAND_CARDS, two_deck_card_count, two_deck_cards_valid, two_deck_contains,
)
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
# The count of each rank in one deck (four of 3..2, one of each joker) and in two (RULES.md
# 11): RANK_LIMIT[decks - 1][rank], what cards of that many decks may hold.
cdef uint8_t RANK_LIMIT[2][N_RANKS]
for _rank in range(N_RANKS):
    RANK_LIMIT[0][_rank] = (FULL_DECK >> (4 * _rank)) & 0xF
    RANK_LIMIT[1][_rank] = 2 * RANK_LIMIT[0][_rank]
DECK_COUNTS = tuple(RANK_LIMIT[0][r] for r in range(N_RANKS))
cdef tuple LIMIT_WORDS = ((None, "one", "two"), (None, "four", "eight"))

# Types whose objects stand for their cards, a valid multiset in their `packed` attribute.
# _moves registers Move: Hand(move), `move in hand` and hand - move work, and this module, the
# lower layer, knows nothing of moves.
cdef tuple CARD_SOURCES = ()


cdef int register_card_source(type cls) except -1:
    global CARD_SOURCES
    CARD_SOURCES += (cls,)
    return 0


cdef int raise_too_many(int rank, object count, object source, int decks) except -1:
    deck = "the deck has" if decks == 1 else "two decks have"
    # (where two decks would hold them: the game of two decks is another rule set)
    hint = (" (the four-player game of two decks: players=4)"
            if decks == 1 and count <= RANK_LIMIT[1][rank] else "")
    if rank >= RANK_BLACK_JOKER:
        what = "black joker (B)" if rank == RANK_BLACK_JOKER else "red joker (R)"
        raise InvalidCardsError(f"{count} of the {what} in {source}; {deck} "
                                f"{LIMIT_WORDS[0][decks]}{hint}")
    raise InvalidCardsError(f"{count} cards of rank {_SYMBOLS[rank]} in {source}; {deck} "
                            f"{LIMIT_WORDS[1][decks]}{hint}")


cdef bint pack_valid(const Py_ssize_t* counts, int max_cards, int decks, uint64_t* packed) noexcept:
    """The packed multiset of `counts` into *packed if every count is within its rank's limit
    in `decks` decks and they add up to at most max_cards; False else (pack_counts says why)."""
    cdef int r
    cdef Py_ssize_t total = 0
    packed[0] = 0
    for r in range(N_RANKS):
        if <size_t>counts[r] > RANK_LIMIT[decks - 1][r]:     # negatives wrap above every limit
            return False
        total += counts[r]
        packed[0] |= <uint64_t>counts[r] << (4 * r)
    return total <= max_cards


cdef uint64_t pack_counts(const Py_ssize_t* counts, object source, int max_cards,
                          int decks) except? 0xFFFFFFFFFFFFFFFF:
    cdef int r
    cdef Py_ssize_t total = 0
    cdef uint64_t packed
    if pack_valid(counts, max_cards, decks, &packed):
        return packed
    for r in range(N_RANKS):
        if counts[r] > RANK_LIMIT[decks - 1][r]:
            raise_too_many(r, counts[r], source, decks)
        total += counts[r]
    raise InvalidCardsError(f"{total} cards in {source}; at most {max_cards} are allowed here")


cdef uint64_t parse_text(str text, int max_cards, int decks) except? 0xFFFFFFFFFFFFFFFF:
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
    if pack_valid(counts, max_cards, decks, &packed):
        return packed
    return pack_counts(counts, repr(text), max_cards, decks)


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


cdef uint64_t parse_counts(object seq, int max_cards, int decks) except? 0xFFFFFFFFFFFFFFFF:
    cdef Py_ssize_t counts[N_RANKS]
    cdef uint64_t packed
    cdef int r
    # The common case at C speed; every refusal comes from the checks below.
    if read_counts(seq, counts) and pack_valid(counts, max_cards, decks, &packed):
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
        if value > RANK_LIMIT[decks - 1][r]:
            raise_too_many(r, value, source, decks)
        counts[r] = value
    return pack_counts(counts, source, max_cards, decks)


cdef uint64_t packed_from(object cards, int max_cards) except? 0xFFFFFFFFFFFFFFFF:
    return packed_from_decks(cards, max_cards, 1)


cdef bint multiset_valid(uint64_t packed, int decks) noexcept:
    return cards_valid(packed) if decks == 1 else two_deck_cards_valid(packed)


cdef int raise_invalid_multiset(uint64_t packed, object source, int decks) except -1:
    """Say which rank of the nibble-packed `packed` exceeds `decks` decks."""
    cdef int r
    for r in range(N_RANKS):
        if (packed >> (4 * r)) & 0xF > RANK_LIMIT[decks - 1][r]:
            raise_too_many(r, (packed >> (4 * r)) & 0xF, source, decks)
    raise InvalidCardsError(f"{packed:#x} in {source} is no card multiset (bits past the red joker)")


cdef uint64_t packed_from_decks(object cards, int max_cards, int decks) except? 0xFFFFFFFFFFFFFFFF:
    cdef uint64_t packed
    cdef type kind = type(cards)
    if kind is list or kind is tuple or kind is ARRAY_TYPE:     # before any isinstance: the ABC's
        return parse_counts(cards, max_cards, decks)            # costs more than the work
    if isinstance(cards, str):
        return parse_text(<str>cards, max_cards, decks)
    if isinstance(cards, Hand):
        packed = (<Hand>cards).packed
    elif isinstance(cards, CARD_SOURCES):
        packed = cards.packed
    elif isinstance(cards, (Sequence, np.ndarray)):
        return parse_counts(cards, max_cards, decks)
    else:
        raise TypeError(
            f"cards must be text like '33344456BR', 15 rank counts, a Hand or a Move, "
            f"not {type(cards).__name__}")
    if not multiset_valid(packed, decks):     # (two decks' cards, a long bomb's represented cards)
        raise_invalid_multiset(packed, repr(cards), decks)
    if two_deck_card_count(packed) > max_cards:
        raise InvalidCardsError(
            f"{two_deck_card_count(packed)} cards in {cards!r}; at most {max_cards} are allowed here")
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
    """A hand: a multiset of cards, immutable; at most 33 cards of two decks (eight of a rank,
    two of each joker: the landlord's hand of the four-player game, RULES.md 11).

    ``Hand("33344456BR")``, ``Hand("10 J Q K A")`` (``10`` for ``T``, any case, spaces and commas)
    or ``Hand(counts)`` with 15 rank counts in the order ``3456789TJQKA2BR``. ``str()`` is the
    canonical text, sorted low to high. Invalid input raises ``InvalidCardsError``. What takes
    a hand under the rules of one deck (three players) refuses more than four of a rank, more
    than one of a joker or more than 20 cards, with ``InvalidCardsError``.
    """

    # Made in __cinit__, which runs once per object: a Hand cannot be changed by calling
    # __init__ again (there is none), and Hand.__new__(Hand) is the empty hand.
    def __cinit__(self, cards=""):
        if not (type(cards) is str and len(<str>cards) == 0):
            self.packed = packed_from_decks(cards, TWO_DECK_HAND_CARDS, 2)

    @classmethod
    def from_packed(cls, packed):
        """The hand whose rank counts are nibble-packed in ``packed`` (rank r in bits 4r..4r+3)."""
        cdef uint64_t p = check_int(packed, "packed", 0, 2 ** 64 - 1, error=InvalidCardsError)
        if not two_deck_cards_valid(p):
            raise InvalidCardsError(f"{p:#x} is no card multiset of two decks (a rank count "
                                    f"above 8, or a joker above 2)")
        if two_deck_card_count(p) > TWO_DECK_HAND_CARDS:
            raise InvalidCardsError(f"{two_deck_card_count(p)} cards; a hand holds at most "
                                    f"{TWO_DECK_HAND_CARDS}")
        return hand_from_packed(p)

    @classmethod
    def one_deck(cls, cards):
        """The hand of ``cards`` (as ``Hand()`` takes them) if they are cards of one deck, as
        the three-player game's calls take them: at most four of a rank, one of each joker and
        20 cards; ``InvalidCardsError`` else."""
        return hand_from_packed(packed_from(cards, MAX_HAND_CARDS))

    @property
    def counts(self):
        """The 15 rank counts (``3456789TJQKA2BR``) as a new numpy uint8 array."""
        return counts_array(self.packed)

    def __len__(self):
        return two_deck_card_count(self.packed)

    def __contains__(self, cards):
        """``cards in hand``: every card of ``cards`` (text, a Hand or a Move) is in the hand."""
        return two_deck_contains(self.packed, packed_from_decks(cards, TWO_DECK_HAND_CARDS, 2))

    def __add__(self, other):
        cdef uint64_t a = self.packed, b = packed_from_decks(other, TWO_DECK_HAND_CARDS, 2)
        cdef int r
        for r in range(N_RANKS):        # (rank by rank: 8 + 8 would carry into the next nibble)
            if ((a >> (4 * r)) & 0xF) + ((b >> (4 * r)) & 0xF) > RANK_LIMIT[1][r]:
                raise InvalidCardsError(f"{cards_text(a)} and {cards_text(b)} together exceed "
                                        f"two decks")
        if two_deck_card_count(a + b) > TWO_DECK_HAND_CARDS:
            raise InvalidCardsError(
                f"{cards_text(a)} and {cards_text(b)} make {two_deck_card_count(a + b)} cards; "
                f"a hand holds at most {TWO_DECK_HAND_CARDS}")
        return hand_from_packed(a + b)

    def __sub__(self, other):
        cdef uint64_t a = self.packed, b = packed_from_decks(other, TWO_DECK_HAND_CARDS, 2)
        if not two_deck_contains(a, b):
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
