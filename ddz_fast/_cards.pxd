# Card multisets at the Python boundary: text and counts in, Hand objects out.

from libc.stdint cimport uint64_t


cdef class Hand:
    cdef readonly uint64_t packed


# A Hand for a multiset known to be valid (kernel output); no checks.
cdef Hand hand_from_packed(uint64_t packed)
# Objects of `cls` stand for their cards in packed_from: `obj.packed` is a valid multiset.
cdef int register_card_source(type cls) except -1
# Text, 15 counts, a Hand or a registered card source -> packed multiset of at most max_cards
# cards of one deck (at most four of a rank, one of each joker); InvalidCardsError else.
cdef uint64_t packed_from(object cards, int max_cards) except? 0xFFFFFFFFFFFFFFFF
# The same within `decks` decks (1 or 2: up to eight of a rank, two of each joker).
cdef uint64_t packed_from_decks(object cards, int max_cards, int decks) except? 0xFFFFFFFFFFFFFFFF
# Canonical text, low to high ("33344456BR"); "" for no cards.
cdef str cards_text(uint64_t packed)
# The argument if it is a Hand, else Hand(cards).
cdef Hand as_hand(object cards)
