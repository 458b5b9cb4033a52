# Playouts (see playout.pxd).

from libc.stdint cimport uint64_t

from .rng cimport random_below
from .state cimport PHASE_AUCTION, PHASE_OVER, ddz_state, state_apply, state_legal_actions
from .typedefs cimport ddz_move, ddz_rules


cdef bint playout(ddz_state* s, const ddz_rules* rules, playout_policy policy, void* context,
                  ddz_move* actions, playout_counts* counts) noexcept nogil:
    cdef Py_ssize_t n, k
    cdef bint bidding
    counts.turns = counts.plays = 0
    while s.phase != PHASE_OVER:
        n = state_legal_actions(s, rules, actions) - actions
        k = policy(s, actions, n, context)
        bidding = s.phase == PHASE_AUCTION
        if not state_apply(s, &actions[k], rules):
            return False
        if not bidding:
            counts.turns += 1
            counts.plays += actions[k].length != 0
    return True


cdef Py_ssize_t uniform_policy(const ddz_state* s, const ddz_move* actions, Py_ssize_t n,
                               void* context) noexcept nogil:
    return random_below(<uint64_t*>context, n)
