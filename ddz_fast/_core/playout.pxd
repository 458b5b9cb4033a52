# Playouts: a game played to its end by a policy (simulate, and later search rollouts).

from libc.stdint cimport uint64_t

from .state cimport ddz_state
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
cdef bint playout(ddz_state* s, const ddz_rules* rules, playout_policy policy, void* context,
                  ddz_move* actions, playout_counts* counts) noexcept nogil

# The uniform policy: context is a uint64_t SplitMix64 state.
cdef Py_ssize_t uniform_policy(const ddz_state* s, const ddz_move* actions, Py_ssize_t n,
                               void* context) noexcept nogil
