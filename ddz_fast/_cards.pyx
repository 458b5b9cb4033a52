# Card multisets at the Python boundary: parsing, formatting and the Hand value object.

from collections.abc import Sequence

import numpy as np

from libc.stdint cimport int8_t, uint8_t, uint64_t
from libc.string cimport memset

from ._core.bits cimport cards_contain, cards_valid, card_count
from ._core.typedefs cimport MAX_HAND_CARDS, N_RANKS, RANK_BLACK_JOKER

from .checks import check_int
from .errors import InvalidCardsError

RANK_SYMBOLS = "3456789TJQKA2BR"
cdef str _SYMBOLS = RANK_SYMBOLS
cdef int8_t SYMBOL_RANK[128]
memset(SYMBOL_RANK, -1, sizeof(SYMBOL_RANK))
for _rank, _symbol in enumerate(RANK_SYMBOLS):
    SYMBOL_RANK[ord(_symbol)] = _rank
    SYMBOL_RANK[ord(_symbol.lower())] = _rank
# Deck: four of every rank, one of each joker.
cdef uint8_t RANK_LIMIT[N_RANKS]
RANK_LIMIT[:] = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1]

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


cdef uint64_t pack_counts(const Py_ssize_t* counts, object source, int max_cards) except? 0xFFFFFFFFFFFFFFFF:
    cdef int r
    cdef Py_ssize_t total = 0
    cdef uint64_t packed = 0
    for r in range(N_RANKS):
        if counts[r] > RANK_LIMIT[r]:
            raise_too_many(r, counts[r], source)
        total += counts[r]
        packed |= <uint64_t>counts[r] << (4 * r)
    if total > max_cards:
        raise InvalidCardsError(f"{total} cards in {source}; at most {max_cards} are allowed here")
    return packed


cdef uint64_t parse_text(str text, int max_cards) except? 0xFFFFFFFFFFFFFFFF:
    cdef Py_ssize_t counts[N_RANKS]
    cdef Py_ssize_t i = 0, n = len(text)
    cdef Py_UCS4 ch
    cdef int r
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
    return pack_counts(counts, repr(text), max_cards)


cdef uint64_t parse_counts(object seq, int max_cards) except? 0xFFFFFFFFFFFFFFFF:
    cdef Py_ssize_t counts[N_RANKS]
    cdef int r
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
