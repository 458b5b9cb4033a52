# Move generation of the four-player game on two decks (RULES.md 11, rules.players == 4).
#
# A hand holds up to eight cards of a rank and two of each joker (at most 33 cards), past the
# one-deck kernels' masks and guard bits (at most four of a rank), so the game has kernels of
# its own and the one-deck kernels stay as they are. Cards stay nibble-packed (8 fits).

from libc.stdint cimport uint64_t

from .bits cimport popcount64
from .typedefs cimport NIBBLE_LSB, ddz_move, ddz_rules

cdef enum:
    TWO_DECK_HAND_CARDS = 33      # the landlord's 25 and the kitty's 8

# Every rank count at most 8, each joker's at most 2, nothing beyond rank 14.
cdef bint two_deck_cards_valid(uint64_t cards) noexcept nogil
# Every rank count of `small` is at most that of `big` (any nibble-packed multisets: the
# guard-bit test of bits.cards_contain needs counts below 8).
cdef bint two_deck_contains(uint64_t big, uint64_t small) noexcept nogil

cdef inline int two_deck_card_count(uint64_t cards) noexcept nogil:
    """The number of cards of a multiset of two decks (bits.card_count stops at 4 a rank)."""
    return (popcount64(cards & NIBBLE_LSB) + 2 * popcount64((cards >> 1) & NIBBLE_LSB)
            + 4 * popcount64((cards >> 2) & NIBBLE_LSB) + 8 * popcount64((cards >> 3) & NIBBLE_LSB))

# The legal moves of the hand `cards` (valid, at most TWO_DECK_HAND_CARDS): every lead when
# `prev` is NULL or has length 0, else the answers to `prev` (a reading under the rules).
# Order: by kind code, then length, then main rank, then kickers (bombs and the rocket after
# the answers of prev's kind). Into `out` with room for `room` moves; NULL if they do not fit
# (call again with more room). Never PASS.
cdef ddz_move* gen_two_deck_moves(uint64_t cards, const ddz_move* prev, const ddz_rules* rules,
                                  ddz_move* out, Py_ssize_t room) noexcept nogil

# Every play of at most TWO_DECK_HAND_CARDS cards under the rules (every reading, in the order
# of the leads: kind code, length, main rank, kickers; long bombs after the rocket) into `out`
# with room for `room` moves; returns how many, or -1 if they do not fit.
cdef Py_ssize_t enumerate_two_deck_plays(const ddz_rules* rules, ddz_move* out,
                                         Py_ssize_t room) noexcept nogil

# `a` may be played on `b` (readings, or PASS: length 0) under four-player rules: the rocket
# (the four jokers) above all, bombs above every other kind and among themselves by size or
# by tiers (rules.bomb_tiers), the rest by kind, length and main rank.
cdef bint two_deck_beats(const ddz_move* a, const ddz_move* b, const ddz_rules* rules) noexcept nogil

# The move is a reading of its cards under four-player rules (any input is safe): one of the
# leads of the hand made of its cards that takes them all.
cdef bint is_two_deck_reading(const ddz_move* m, const ddz_rules* rules) noexcept nogil

# combos.move_is_legal of the four-player game: `m` (any move; PASS allowed when can_pass) is
# a reading of cards `hand` holds that beats `prev` (any, when prev is PASS: a lead).
cdef bint two_deck_move_is_legal(const ddz_move* m, uint64_t hand, const ddz_move* prev,
                                 bint can_pass, const ddz_rules* rules) noexcept nogil
