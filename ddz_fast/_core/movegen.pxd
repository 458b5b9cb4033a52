# Move generation kernels: every legal lead of a hand, every legal answer to a previous move.
#
# Kernels write into a caller's buffer and return its new end (Stockfish style). The caller
# guarantees room for MAX_MOVES moves and a valid hand (every nibble <= 4, at most 20 cards);
# the slot just past the returned end may be overwritten (branch-free emission), which that
# room covers: no hand has more than 521 leads.
# Order: by kind code, then length, then main rank, then kickers.

from .bits cimport DDZ_DEBUG, c_assert
from .typedefs cimport NO_WILD, ddz_hand, ddz_move, ddz_rules, ddz_wilds


cdef inline ddz_wilds no_wilds() noexcept nogil:
    """The wild ranks of a game without wild cards."""
    cdef ddz_wilds w
    w.rank[0] = w.rank[1] = NO_WILD
    return w

# The two halves of gen_moves, for it alone (inline: callers reach the halves directly).
cdef ddz_move* gen_leads(const ddz_hand* h, const ddz_rules* rules, ddz_move* out) noexcept nogil
cdef ddz_move* gen_responses(const ddz_hand* h, const ddz_move* prev, const ddz_rules* rules,
                             ddz_move* out) noexcept nogil
# gen_moves under wild-card rules (rules.wilds, RULES.md 10), the wild cards of `h` those of the
# ranks in `wilds`, into `out` with room for `room` moves (at least 2 * MAX_MOVES); NULL if
# they do not fit (call again with more room). Wild cards make many more moves than MAX_MOVES (tests/cards_moves/test_wilds.py).
cdef ddz_move* gen_wild_moves(const ddz_hand* h, const ddz_move* prev, const ddz_rules* rules,
                              ddz_wilds wilds, ddz_move* out, Py_ssize_t room) noexcept nogil


cdef inline ddz_move* gen_moves(const ddz_hand* h, const ddz_move* prev, const ddz_rules* rules,
                                ddz_move* out) noexcept nogil:
    """The legal moves of `h`: every lead when `prev` is NULL or has length 0, else the
    answers to the reading `prev` (its kind and length with a higher main rank, bombs, the
    rocket, super-bomb shuttles). Never PASS: callers that allow passing append it. The one
    place that tells leads from answers. Not under wild-card rules (gen_wild_moves)."""
    if DDZ_DEBUG:
        c_assert(not rules.wilds)
    if prev == NULL or prev.length == 0:
        return gen_leads(h, rules, out)
    return gen_responses(h, prev, rules, out)


# The moves of one kind (kind < N_KINDS; none if the rules lack it) with main rank >= min_main,
# of every length (`length` 0) or of that length, in the order above.
cdef ddz_move* gen_kind(int kind, const ddz_hand* h, const ddz_rules* rules, int length,
                        int min_main, ddz_move* out) noexcept nogil
