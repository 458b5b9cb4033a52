# Move generation kernels: every legal lead of a hand, every legal answer to a previous move.
#
# Kernels write into a caller's buffer and return its new end (Stockfish style). The caller
# guarantees room for MAX_MOVES moves and a valid hand (every nibble <= 4, at most 20 cards);
# the slot just past the returned end may be overwritten (branch-free emission), which that
# room covers: no hand has more than 521 leads.
# Order: by kind code, then length, then main rank, then kickers.

from .typedefs cimport ddz_hand, ddz_move, ddz_rules

cdef ddz_move* gen_leads(const ddz_hand* h, const ddz_rules* rules, ddz_move* out) noexcept nogil
cdef ddz_move* gen_responses(const ddz_hand* h, const ddz_move* prev, const ddz_rules* rules,
                             ddz_move* out) noexcept nogil
