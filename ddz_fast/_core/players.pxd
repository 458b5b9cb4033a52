# Native players: policies that pick one of the legal actions of a position, for the seats
# that Tables plays itself (its opponents) and for the arena (ddz_fast._arena.play_games).
#
# A policy is a pure function of the position, the rules, the legal actions and its own
# generator: it keeps no other state, so a game replays from its seeds alone.

from libc.stdint cimport uint64_t

from .typedefs cimport MAX_SEATS, ddz_move, ddz_rules, ddz_state

# Picks one of the n >= 1 legal actions of s (bids in the auction, moves in play), by index into
# `actions` (the engine's legal-action order). `rng` is the player's SplitMix64 state.
ctypedef Py_ssize_t (*player_policy)(const ddz_state* s, const ddz_rules* rules,
                                     const ddz_move* actions, Py_ssize_t n,
                                     uint64_t* rng) noexcept nogil

# The native player kinds (the boundary names them: ddz_fast._arena.NATIVE_PLAYERS).
cdef enum:
    PLAYER_RANDOM = 0
    PLAYER_GREEDY = 1
    PLAYER_RULE = 2             # RLCard's rule-based player (rule.pxd) with GreedyPlayer's bids
    N_PLAYER_KINDS = 3

# The policy of a kind (0 <= kind < N_PLAYER_KINDS).
cdef player_policy kind_policy(int kind) noexcept nogil

# Uniform among the legal actions (ddz_fast.RandomPlayer's kernel).
cdef Py_ssize_t random_policy(const ddz_state* s, const ddz_rules* rules, const ddz_move* actions,
                              Py_ssize_t n, uint64_t* rng) noexcept nogil
# ddz_fast.GreedyPlayer, action for action (draws nothing).
cdef Py_ssize_t greedy_policy(const ddz_state* s, const ddz_rules* rules, const ddz_move* actions,
                              Py_ssize_t n, uint64_t* rng) noexcept nogil

# The players of one game: each seat's policy (NULL: a seat native code does not play) and
# generator.
ctypedef struct ddz_seats:
    player_policy policies[MAX_SEATS]
    uint64_t rng[MAX_SEATS]

# Seat k's generator starts from stream_seed(game_seed ^ PLAYERS_SALT, k) (rng.pxd's table).
cdef void seed_seats(ddz_seats* seats, uint64_t game_seed) noexcept nogil
# The action (an index into `actions`, the n legal actions of s) that the player of the seat to
# move picks. A pass that the redeal limit refuses (state_apply would) is never offered: the
# policy then chooses among the bids.
cdef Py_ssize_t seat_choice(ddz_seats* seats, const ddz_state* s, const ddz_rules* rules,
                            const ddz_move* actions, Py_ssize_t n) noexcept nogil

# A playout_policy (playout.pxd) that lets each seat's player act: context is a ddz_seated.
ctypedef struct ddz_seated:
    ddz_seats* seats
    const ddz_rules* rules

cdef Py_ssize_t seated_policy(const ddz_state* s, const ddz_move* actions, Py_ssize_t n,
                              void* context) noexcept nogil
