# The game as native state: deal, auction, play, scoring, position key, undo history.
#
# A ddz_state (typedefs.pxd) is a small plain struct that holds a whole position (copied by value
# to take an action back); a ddz_game adds the rules and the history of (state before, action)
# steps.

from libc.stdint cimport int64_t, uint64_t
from libc.string cimport memset

from .typedefs cimport MAX_MOVES, MAX_SEATS, NO_WILD, ddz_move, ddz_rules, ddz_state, ddz_step

cdef enum:
    PHASE_AUCTION = 0
    PHASE_PLAY = 1
    PHASE_OVER = 2
    NO_SEAT = 7               # (past the four seats; position_status reads its low bits as 3)
    MAX_BID = 3
    # All-pass auctions of one deal at most: a pass that would redeal once more is refused
    # (RedealLimitError). Uniformly random bidders reach it with probability 64**-100.
    MAX_REDEALS = 100

# The landlord's partner: the seat opposite under 2 v 2 (RULES.md 11), else the landlord.
cdef inline int partner_of(const ddz_state* s, const ddz_rules* rules) noexcept nogil:
    return (s.landlord + 2) % 4 if s.n_seats == 4 and rules.pair_sides else s.landlord

# The seat that acts after `seat`.
cdef inline int next_seat(const ddz_state* s, int seat) noexcept nogil:
    return seat + 1 if seat + 1 < s.n_seats else 0

# How many of the deal's wild ranks everyone has seen (RULES.md 10): both (or the one) once
# the auction is over; in it, the first of two (天), and not the one of "one".
cdef inline int wilds_shown(const ddz_state* s) noexcept nogil:
    cdef int drawn = (s.wilds.rank[0] != NO_WILD) + (s.wilds.rank[1] != NO_WILD)
    return drawn if s.phase != PHASE_AUCTION else (1 if drawn == 2 else 0)

ctypedef struct ddz_game:
    ddz_state s
    ddz_rules rules
    ddz_step* steps
    Py_ssize_t n_steps
    Py_ssize_t capacity

# Deal `redeals`-th deal of `seed` into s (first_bidder < 0: the holder of the marked card),
# with its wild ranks under wild-card rules, to four seats from two decks under rules.players
# == 4 (RULES.md 11); without an auction in the rules, seat 0 is the landlord at once.
cdef void state_deal(ddz_state* s, uint64_t seed, int redeals, int first_bidder,
                     const ddz_rules* rules) noexcept nogil

# An action is a ddz_move: a play (length 0: pass) in the play phase; in the auction a bid,
# encoded here and decoded by action_bid alone.
cdef inline ddz_move bid_action(int bid) noexcept nogil:
    cdef ddz_move action
    memset(&action, 0, sizeof(ddz_move))
    action.main = bid
    return action

cdef inline int action_bid(const ddz_move* action) noexcept nogil:
    return action.main

# The bid (0 = pass) ends the auction with everyone passed: the cards are dealt again (or, where
# the rules say so, the deal ends unscored: phase over, no landlord).
cdef bint bid_redeals(const ddz_state* s, int bid) noexcept nogil
# Unchecked transitions: a bid (0 = pass) in the auction, a move (length 0 = pass) in play, and
# either by the phase. state_apply refuses (returns False, changing nothing) only a pass that
# would redeal past MAX_REDEALS.
cdef void state_bid(ddz_state* s, int bid, const ddz_rules* rules) noexcept nogil
cdef void state_play(ddz_state* s, const ddz_move* m, const ddz_rules* rules) noexcept nogil
# state_play leaving s.key as it was (stale): for searches that key positions their own way.
# Returns the cards the move took from the hand (its physical cards; 0 for a pass).
cdef uint64_t state_play_unkeyed(ddz_state* s, const ddz_move* m, const ddz_rules* rules) noexcept nogil
cdef bint state_apply(ddz_state* s, const ddz_move* action, const ddz_rules* rules) noexcept nogil
# The legal actions: bids (pass first) in the auction, moves (PASS last when allowed) in play,
# none once the game is over. Room for MAX_MOVES + 1 actions.
cdef ddz_move* state_legal_actions(const ddz_state* s, const ddz_rules* rules,
                                   ddz_move* out) noexcept nogil
# The legal moves in the play phase (PASS, length 0, last when allowed), as gen_moves. Neither
# of these two plays wild cards (rules.wilds) or two decks (rules.players == 4): their
# buffers have a fixed room.
cdef ddz_move* state_legal_moves(const ddz_state* s, const ddz_rules* rules,
                                 ddz_move* out) noexcept nogil
# The least room of the two below: every position's actions without wild cards fit in it (a
# buffer of this size never grows then: callers that refuse wild cards keep it on the stack).
cdef enum:
    ACTIONS_ROOM = 2 * MAX_MOVES + 1

# state_legal_moves under any rules, wild cards and two decks included, into `out` with room for `room` moves
# (at least ACTIONS_ROOM); NULL if they do not fit (call again with more room).
cdef ddz_move* state_moves_within(const ddz_state* s, const ddz_rules* rules, ddz_move* out,
                                  Py_ssize_t room) noexcept nogil
# state_legal_actions under any rules, wild cards included: into *buf (room for *room moves,
# NULL and 0 at first), grown (alloc.grow) until the actions fit. Returns how many, or -1 if
# memory ran out (*buf, maybe grown, is the caller's to free either way).
cdef Py_ssize_t state_actions(const ddz_state* s, const ddz_rules* rules, ddz_move** buf,
                              Py_ssize_t* room) noexcept nogil

# Keys. The position key (s.key) covers what decides the rest of the game: the hands, the
# seat to move, the trick (move to beat and its bomb tier, passes), the phase, the landlord,
# the number of seats, the wild ranks, and in the auction
# the bids so far and the redeal count. The full key adds what only the score depends on: the
# winning bid, the bombs, whether a farmer has played and the landlord's plays (0, 1, more:
# what decides a spring or an anti-spring). Search
# uses the position key; two states with the same full key also score the same.
cdef uint64_t state_key(const ddz_state* s) noexcept nogil        # from scratch
cdef uint64_t state_full_key(const ddz_state* s) noexcept nogil

# What a finished game pays each seat under the rules' scoring (scores[0..n_seats - 1], room
# for MAX_SEATS; 0 for the seats a game lacks), and its spring flags; returns the multiplier
# of the points (2**bombs, x2 for a doubling spring). Each farmer settles with the landlord,
# so under "points" the landlord's share is the number of farmers times a farmer's; in the
# four-player game of pairs (rules.pair_sides) each player of a side wins or loses the stake.
# An unscored deal (no landlord) pays 0 with multiplier 0.
cdef int64_t state_scores(const ddz_state* s, const ddz_rules* rules, int64_t* scores,
                          bint* spring, bint* anti_spring) noexcept nogil
# base x multiplier: what each farmer settles with the landlord (RULES.md section 7).
cdef int64_t stake(int bid, int bombs, bint doubled) noexcept nogil

# What game_push returns.
cdef enum:
    PUSHED = 0
    PUSH_NO_MEMORY = 1        # the history could not grow
    PUSH_REDEAL_LIMIT = 2     # a pass that would redeal past MAX_REDEALS

# History: push saves the state and applies the action (a bid in the auction: action.main).
# On failure it changes nothing and returns why.
cdef int game_push(ddz_game* g, const ddz_move* action) noexcept nogil
cdef void game_undo(ddz_game* g) noexcept nogil
