# The game as native state: deal, auction, play, scoring, position key, undo history.
#
# A ddz_state is a small plain struct (copied by value to take an action back); a ddz_game
# adds the rules, the seed and the history of (state before, action) steps.

from libc.stdint cimport int64_t, uint8_t, uint16_t, uint64_t

from .typedefs cimport ddz_move, ddz_rules

cdef enum:
    PHASE_AUCTION = 0
    PHASE_PLAY = 1
    PHASE_OVER = 2
    NO_SEAT = 3
    MAX_BID = 3
    # All-pass auctions of one deal at most: a pass that would redeal once more is refused
    # (RedealLimitError). Uniformly random bidders reach it with probability 64**-100.
    MAX_REDEALS = 100

ctypedef struct ddz_state:
    uint64_t hands[3]
    uint64_t kitty
    uint64_t key              # Zobrist key of the position, kept up to date
    ddz_move last_move        # the combination to beat; length 0: the player to move leads
    uint16_t redeals          # all-pass auctions so far (the deal is deal(seed, redeals))
    uint8_t phase
    uint8_t to_move
    uint8_t last_mover        # NO_SEAT before the first play
    uint8_t passes            # consecutive passes (auction: since the last bid, or all of them)
    uint8_t landlord          # NO_SEAT during the auction
    uint8_t bid               # the highest bid so far (0: none); the winning bid after
    uint8_t high_bidder       # NO_SEAT while nobody has bid
    uint8_t first_bidder
    uint8_t speeches          # bids and passes in this deal's auction
    uint8_t marked_rank       # the face-up card of the deal (N_RANKS: none, for set-up games)
    uint8_t bombs             # bombs and rockets played
    uint8_t plays[3]          # combinations played per seat (spring, anti-spring)
    uint8_t winner            # the seat that went out, NO_SEAT before

# One action and the state it was taken in. A bid is stored as a move of length 0 whose main
# field is the bid; before.phase tells bids from plays.
ctypedef struct ddz_step:
    ddz_state before
    ddz_move action

ctypedef struct ddz_game:
    ddz_state s
    ddz_rules rules
    uint64_t seed
    bint dealt                # the hands come from deal(seed, ...); else from a set-up
    uint64_t origin[3]        # set-up games: the hands at the start of play
    ddz_step* steps
    Py_ssize_t n_steps
    Py_ssize_t capacity

# Deal `redeals`-th deal of `seed` into s (first_bidder < 0: the holder of the marked card).
cdef void state_deal(ddz_state* s, uint64_t seed, int redeals, int first_bidder) noexcept nogil
# A play-phase position with the given hands, the landlord to lead.
cdef void state_setup(ddz_state* s, const uint64_t* hands, int landlord, int bid,
                      uint64_t kitty) noexcept nogil
# Unchecked transitions: a bid (0 = pass) in the auction, a move (length 0 = pass) in play.
cdef void state_bid(ddz_state* s, int bid, const ddz_rules* rules, uint64_t seed) noexcept nogil
# The bid (0 = pass) ends the auction with everyone passed: the cards are dealt again.
cdef bint bid_redeals(const ddz_state* s, int bid) noexcept nogil
cdef void state_play(ddz_state* s, const ddz_move* m) noexcept nogil
# The Zobrist key recomputed from the position (state_*() keep s.key equal to it).
cdef uint64_t state_key(const ddz_state* s) noexcept nogil
# The legal moves in the play phase (PASS, length 0, last when allowed), as gen_leads.
cdef ddz_move* state_legal_moves(const ddz_state* s, const ddz_rules* rules,
                                 ddz_move* out) noexcept nogil
# Points of a finished game per seat into scores, and its spring flags; returns the multiplier.
cdef int64_t state_scores(const ddz_state* s, int64_t* scores, bint* spring,
                          bint* anti_spring) noexcept nogil
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
