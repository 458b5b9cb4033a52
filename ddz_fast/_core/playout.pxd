# Playouts: a game played to its end by a policy (simulate's random games, the search
# player's rollouts).
#
# playout is inline, so that where the policy is a known function (uniform_policy) the
# compiler calls it directly, not through the pointer (simulate() ran 10% faster so).

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t

from .rng cimport random_below
from .state cimport (
    ACTIONS_ROOM, PHASE_AUCTION, PHASE_OVER, ddz_state, state_actions, state_apply,
    state_legal_actions,
)
from .typedefs cimport N_RANKS, ddz_move, ddz_rules

# Picks one of the n >= 1 legal actions of s (an index below n). `context` is the policy's own.
ctypedef Py_ssize_t (*playout_policy)(const ddz_state* s, const ddz_move* actions, Py_ssize_t n,
                                      void* context) noexcept nogil

ctypedef struct playout_counts:
    int turns                 # play-phase actions, passes included
    int plays                 # combinations played (passes not counted)

cdef enum:
    PLAYED_OUT = 0
    PLAYOUT_REDEAL_LIMIT = 1      # the policy passed round past MAX_REDEALS redeals
    PLAYOUT_NO_MEMORY = -1        # the actions' buffer could not grow

# Play s to its end: bids and moves alike chosen by `policy` among the legal actions, written
# into *actions (room for *room, at least ACTIONS_ROOM; grown by state_actions as wild cards
# or two decks need). PLAYED_OUT, or why not (the state left where it stopped).
cdef inline int playout(ddz_state* s, const ddz_rules* rules, playout_policy policy,
                        void* context, ddz_move** actions, Py_ssize_t* room,
                        playout_counts* counts) noexcept nogil:
    cdef Py_ssize_t n, k
    cdef bint bidding
    counts.turns = counts.plays = 0
    while s.phase != PHASE_OVER:
        if rules.moves_grow:
            n = state_actions(s, rules, actions, room)
            if n < 0:
                return PLAYOUT_NO_MEMORY
        else:       # (the common case without the calls state_actions makes)
            n = state_legal_actions(s, rules, actions[0]) - actions[0]
        k = policy(s, actions[0], n, context)
        bidding = s.phase == PHASE_AUCTION
        if not state_apply(s, &actions[0][k], rules):
            return PLAYOUT_REDEAL_LIMIT
        if not bidding:
            counts.turns += 1
            counts.plays += actions[0][k].length != 0
    return PLAYED_OUT


# The uniform policy: context is a uint64_t SplitMix64 state.
cdef inline Py_ssize_t uniform_policy(const ddz_state* s, const ddz_move* actions, Py_ssize_t n,
                                      void* context) noexcept nogil:
    return random_below(<uint64_t*>context, n)


ctypedef struct ddz_outcome:       # one game's row of a Simulation (OUTCOME_DTYPE)
    int64_t scores[3]             # point changes of seats 0, 1, 2
    int32_t multiplier            # 2**bombs, x2 for a spring or an anti-spring
    int16_t plays                 # combinations played (passes not counted)
    int16_t turns                 # play-phase actions, passes included
    int16_t redeals               # all-pass auctions before the deal that was played
    int8_t landlord
    int8_t bid                    # the winning bid
    int8_t bombs                  # bombs and rockets played
    uint8_t landlord_won          # 1: the landlord went out first
    uint8_t spring
    uint8_t anti_spring

ctypedef struct ddz_four_outcome:  # a four-player game's row (FOUR_OUTCOME_DTYPE): as above,
    int64_t scores[4]             # with the point changes of seats 0..3
    int32_t multiplier
    int16_t plays
    int16_t turns
    int16_t redeals
    int8_t landlord
    int8_t bid
    int8_t bombs
    uint8_t landlord_won          # 1: the landlord's side went out first (2 v 2: either partner)
    uint8_t spring
    uint8_t anti_spring

ctypedef fused outcome_row:
    ddz_outcome
    ddz_four_outcome

# Deal with `seed` and play out with every action uniform among the legal ones (a second
# stream), the game's row into out (a ddz_four_outcome where rules.players == 4); as playout,
# which returns (nothing is written unless PLAYED_OUT).
cdef int play_random_game(uint64_t seed, const ddz_rules* rules, ddz_move** actions,
                          Py_ssize_t* room, outcome_row* out) noexcept nogil

# A finished game's row (s over; counts: its playout's).
cdef void write_outcome(const ddz_state* s, const ddz_rules* rules, const playout_counts* counts,
                        outcome_row* out) noexcept nogil

# Play `move` in the play-phase position s (not changed), then play out `rollouts` times with
# the uniform policy from the generator state `rng`; the number of playouts the side of the
# seat that played `move` won, or -1 if the actions' buffer could not grow (*scratch: room for
# *room moves, at least ACTIONS_ROOM, grown as playout grows it; the caller frees it).
cdef int64_t roll_out(const ddz_state* s, const ddz_rules* rules, const ddz_move* move,
                      int rollouts, uint64_t rng, ddz_move** scratch,
                      Py_ssize_t* room) noexcept nogil


cdef inline uint64_t packed_counts(const uint8_t* counts) noexcept nogil:
    """15 rank counts (each below 16) as a nibble-packed card multiset (a rollout's hands)."""
    cdef uint64_t packed = 0
    cdef int r
    for r in range(N_RANKS):
        packed += <uint64_t>counts[r] << (4 * r)
    return packed
