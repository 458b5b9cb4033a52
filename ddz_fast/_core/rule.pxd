# RLCard's rule-based player ("doudizhu-rule-v1": rlcard.models.doudizhu_rule_models'
# DouDizhuRuleAgentV1, the baseline of the DouZero paper), as a native player policy
# (players.pxd's player_policy).

from libc.stdint cimport uint64_t

from .typedefs cimport ddz_move, ddz_rules, ddz_state

# Picks one of the n >= 1 legal moves of s, a position in play (the engine's order: PASS last),
# by index into `actions`; `rng` is the player's SplitMix64 state.
# Play, as RLCard's agent:
# - leading: the group holding the hand's lowest card in RLCard's decomposition of the hand
#   (rule_lead);
# - following: the move of the kind and length of the move to beat with the lowest main rank;
#   among several, the first in RLCard's order of its answers (kickers_first);
# - else a farmer passes when the seat before it (which acted last, maybe by passing) is not
#   the landlord; otherwise a uniform draw among all n actions, PASS included.
# Draws from `rng` only for the uniform draw. RLCard has no auction: the native player of kind
# PLAYER_RULE (players.pxd) bids as GreedyPlayer and plays by this policy.
cdef Py_ssize_t rule_policy(const ddz_state* s, const ddz_rules* rules, const ddz_move* actions,
                            Py_ssize_t n, uint64_t* rng) noexcept nogil

# The lead RLCard's agent plays from `hand` (a nonempty valid multiset): kind and cards set,
# length and main too.
cdef ddz_move rule_lead(uint64_t hand) noexcept nogil
