# Playouts: a game played to its end by a policy (simulate, and later search rollouts).
#
# Inline, so that where the policy is a known function (simulate's uniform_policy) the
# compiler calls it directly, not through the pointer (simulate() ran 10% faster so).

from libc.stdint cimport uint64_t

from .rng cimport random_below
from .state cimport PHASE_AUCTION, PHASE_OVER, ddz_state, state_apply, state_legal_actions
from .typedefs cimport ddz_move, ddz_rules

# Picks one of the n >= 1 legal actions of s (an index below n). `context` is the policy's own.
ctypedef Py_ssize_t (*playout_policy)(const ddz_state* s, const ddz_move* actions, Py_ssize_t n,
                                      void* context) noexcept nogil

ctypedef struct playout_counts:
    int turns                 # play-phase actions, passes included
    int plays                 # combinations played (passes not counted)

# Play s to its end: bids and moves alike chosen by `policy` among the legal actions, written
# into `actions` (room for MAX_MOVES + 1). False, the state left mid-auction, if the policy
# passed round past MAX_REDEALS redeals.
cdef inline bint playout(ddz_state* s, const ddz_rules* rules, playout_policy policy,
                         void* context, ddz_move* actions, playout_counts* counts) noexcept nogil:
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


# The uniform policy: context is a uint64_t SplitMix64 state.
cdef inline Py_ssize_t uniform_policy(const ddz_state* s, const ddz_move* actions, Py_ssize_t n,
                                      void* context) noexcept nogil:
    return random_below(<uint64_t*>context, n)
