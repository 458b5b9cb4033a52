# RLCard's rule-based player (see rule.pxd).

from libc.stdint cimport uint64_t
from libc.string cimport memset

from .bits cimport c_assert, ctz32, rank_block, rank_count, ranks_in
from .combos cimport main_part
from .rng cimport random_below
from .state cimport PHASE_AUCTION
from .typedefs cimport (
    JOKER_NIBBLES, JOKERS, KIND_BOMB, KIND_PAIR, KIND_PLANE, KIND_PLANE_SINGLES, KIND_ROCKET,
    KIND_SINGLE, KIND_STRAIGHT, KIND_TRIO, N_RANKS, RANK_ACE, RANK_BLACK_JOKER, RANK_RED_JOKER,
    RANK_TWO, ddz_move, ddz_rules, ddz_state,
)


cdef inline ddz_move made(int kind, int length, int main, uint64_t cards) noexcept nogil:
    cdef ddz_move m
    memset(&m, 0, sizeof(ddz_move))
    m.kind, m.length, m.main, m.cards = kind, length, main, cards
    return m


cdef ddz_move rule_lead(uint64_t hand) noexcept nogil:
    # RLCard takes from the hand, in turn: the rocket, the bombs, the trios (a trio joins the one
    # below it into a chain unless it is the 2s), the solo chains (each run of five or more
    # ranks in 3..A of what is left), then pairs and solos; and leads the first group, in that
    # order, holding the lowest card. (It picks pair chains too, after the solo chains, but
    # finds none: every run of five left then holds one card a rank.) So the lowest card's own
    # count decides, and the chains run upwards from it.
    cdef int low = ctz32(ranks_in(hand)), count = rank_count(hand, low), top = low
    if low == RANK_BLACK_JOKER and rank_count(hand, RANK_RED_JOKER):
        return made(KIND_ROCKET, 1, RANK_RED_JOKER, JOKERS)
    if count == 4:
        return made(KIND_BOMB, 1, low, <uint64_t>4 << (4 * low))
    if count == 3:
        while top + 1 < RANK_TWO and rank_count(hand, top + 1) == 3:
            top += 1
        return made(KIND_TRIO if top == low else KIND_PLANE, top - low + 1, top,
                    3 * rank_block(top, top - low + 1))
    while top + 1 <= RANK_ACE and 1 <= rank_count(hand, top + 1) <= 2:   # bombs, trios taken
        top += 1
    if low <= RANK_ACE and top - low + 1 >= 5:
        return made(KIND_STRAIGHT, top - low + 1, top, rank_block(top, top - low + 1))
    return made(KIND_PAIR if count == 2 else KIND_SINGLE, 1, low, <uint64_t>count << (4 * low))


cdef inline int joker_class(uint64_t kickers) noexcept nogil:
    return 0 if rank_count(kickers, RANK_BLACK_JOKER) else 1 if rank_count(kickers, RANK_RED_JOKER) else 2


cdef bint kickers_first(const ddz_move* a, const ddz_move* b) noexcept nogil:
    """RLCard lists `a` before `b` (of one kind, length and main): by their kickers sorted and
    compared rank by rank, lowest first (at the lowest rank where they differ, the one with more
    cards of it); for planes with single kickers, those with the black joker come first, then
    those with the red one."""
    cdef uint64_t ka = a.cards - main_part(a), kb = b.cards - main_part(b)
    cdef int r
    if a.kind == KIND_PLANE_SINGLES:
        if joker_class(ka) != joker_class(kb):
            return joker_class(ka) < joker_class(kb)
        ka &= ~JOKER_NIBBLES
        kb &= ~JOKER_NIBBLES
    for r in range(N_RANKS):
        if rank_count(ka, r) != rank_count(kb, r):
            return rank_count(ka, r) > rank_count(kb, r)
    return False


cdef Py_ssize_t rule_policy(const ddz_state* s, const ddz_rules* rules, const ddz_move* actions,
                            Py_ssize_t n, uint64_t* rng) noexcept nogil:
    cdef const ddz_move* prev = &s.last_move
    cdef ddz_move lead
    cdef Py_ssize_t k, best = -1
    cdef int seat = s.to_move, last_actor = (s.to_move + s.n_seats - 1) % s.n_seats
    c_assert(s.phase != PHASE_AUCTION)
    if prev.length == 0:
        lead = rule_lead(s.hands[seat])
        for k in range(n):
            if actions[k].kind == lead.kind and actions[k].cards == lead.cards:
                return k
        c_assert(False)                 # a lead of these kinds is legal under every rule set
        return 0
    for k in range(n):
        if actions[k].length != 0 and actions[k].kind == prev.kind and actions[k].length == prev.length:
            if (best < 0 or actions[k].main < actions[best].main
                    or (actions[k].main == actions[best].main and kickers_first(&actions[k], &actions[best]))):
                best = k
    if best >= 0:
        return best
    if last_actor != s.landlord and seat != s.landlord:
        c_assert(actions[n - 1].length == 0)
        return n - 1                    # PASS
    return random_below(rng, n)
