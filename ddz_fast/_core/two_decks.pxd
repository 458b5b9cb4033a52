# Move generation of the four-player game on two decks (RULES.md 11, rules.players == 4).
#
# A hand holds up to eight cards of a rank and two of each joker (at most 33 cards), past the
# one-deck kernels' masks and guard bits (at most four of a rank), so the game has kernels of
# its own and the one-deck kernels stay as they are. Cards stay nibble-packed (8 fits).

from libc.stdint cimport uint64_t

from .typedefs cimport ddz_move, ddz_rules

cdef enum:
    TWO_DECK_HAND_CARDS = 33      # the landlord's 25 and the kitty's 8

# Every rank count at most 8, each joker's at most 2, nothing beyond rank 14.
cdef bint two_deck_cards_valid(uint64_t cards) noexcept nogil

# The legal moves of the hand `cards` (valid, at most TWO_DECK_HAND_CARDS): every lead when
# `prev` is NULL or has length 0, else the answers to `prev` (a reading under the rules).
# Order: by kind code, then length, then main rank, then kickers (bombs and the rocket after
# the answers of prev's kind). Into `out` with room for `room` moves; NULL if they do not fit
# (call again with more room). Never PASS.
cdef ddz_move* gen_two_deck_moves(uint64_t cards, const ddz_move* prev, const ddz_rules* rules,
                                  ddz_move* out, Py_ssize_t room) noexcept nogil

# `a` may be played on `b` (readings, or PASS: length 0) under four-player rules: the rocket
# (the four jokers) above all, bombs above every other kind and among themselves by size or
# by tiers (rules.bomb_tiers), the rest by kind, length and main rank.
cdef bint two_deck_beats(const ddz_move* a, const ddz_move* b, const ddz_rules* rules) noexcept nogil

# The move is a reading of its cards under four-player rules (any input is safe): one of the
# leads of the hand made of its cards that takes them all.
cdef bint is_two_deck_reading(const ddz_move* m, const ddz_rules* rules) noexcept nogil
