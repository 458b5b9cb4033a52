# Observation encodings: one seat's observation of a game, written into a caller's buffer.
#
# The kernels read only the native game: its state (hands, cards played, the move to beat,
# landlord, bids, the marked card) and its history g.steps[0:g.n_steps], from which what the
# state does not keep (the last plays, a seat's last action) is derived. They write every
# element of the observation (zeros included) and nothing past it. ddz_fast/encodings.py
# documents the layouts.

from libc.stdint cimport int8_t, uint64_t

from .state cimport ddz_game

cdef enum:
    # RLCard 1.2.0 (DoudizhuEnv._extract_state): 790 for the landlord, 901 for a farmer; the
    # form without the others_hand block [54:108) (PettingZoo's dou_dizhu_v4 default) is 54 less.
    RLCARD_CARDS = 54                 # one card set: 4 x 13 thermometer, then the two jokers
    RLCARD_LANDLORD_SIZE = 790
    RLCARD_FARMER_SIZE = 901
    RLCARD_HISTORY = 9                # the last 9 actions (passes included)
    # OpenSpiel 2.0.2 (dou_dizhu observation_tensor): 159 floats.
    OPENSPIEL_SIZE = 159
    # DouZero 1.1.0 (env.get_obs): x_no_action 319 for the landlord, 430 for a farmer; a row
    # of x_batch adds the action's 54 (373 / 484); z is the last 15 actions, 15 x 54 (5 x 162).
    DOUZERO_LANDLORD_SIZE = 319
    DOUZERO_FARMER_SIZE = 430
    DOUZERO_HISTORY = 15
    DOUZERO_Z_ROWS = 5
    # Its bomb_num one-hot counts 0..14 (13 bombs and the rocket); shuttles counting 3 bombs
    # (Rules.shuttle_bombs) can count more.
    DOUZERO_MOST_BOMBS = 14
    # ddz_fast's compact scheme: 100 int8 of counts and scalars, then the last 15 actions of
    # the play as 15 rank counts each (ddz_fast/encodings.py has the layout). A fourth seat
    # (ENCODE_FOUR_SEATS) adds its played cards, landlord flag and cards left to the head.
    COMPACT_HISTORY = 15
    COMPACT_HEAD = 100
    COMPACT_FOURTH_SEAT = 15 + 1 + 1
    # ENCODE_PERFECT_INFORMATION's tail, after a scheme's own layout: the next seat's hand,
    # then the one after's (and compact's with four seats, the third's), each in the scheme's
    # card format (compact: 15 rank counts).
    RLCARD_PERFECT_TAIL = 2 * RLCARD_CARDS            # rlcard and douzero: 54 each
    OPENSPIEL_HAND = 69                               # its hand block's one-hots
    OPENSPIEL_PERFECT_TAIL = 2 * OPENSPIEL_HAND
    # ENCODE_WILDS's block, after compact's own layout and before that tail: the wild ranks
    # shown (13 ranks 3..2), the physical cards of the move to beat and of the last 15 actions.
    COMPACT_WILD_RANKS = 13
    COMPACT_WILD_BLOCK = COMPACT_WILD_RANKS + 15 + COMPACT_HISTORY * 15

# Switches of the encoders (bits of `flags`).
cdef enum:
    ENCODE_OTHERS_HAND = 1            # rlcard: keep the others_hand block
    ENCODE_BUG_COMPATIBLE = 2         # copy the peer's bugs (see each encoder)
    ENCODE_PERFECT_INFORMATION = 4    # append the other seats' hands (every scheme)
    ENCODE_WILDS = 8                  # compact: the wild-card block (a wild-card game)
    ENCODE_FOUR_SEATS = 16            # compact: a game of four seats (RULES.md 11)

# What an encoder returns when it cannot encode the position (else the size written).
cdef enum:
    ENCODE_NO_LANDLORD = -1           # rlcard, douzero: the game is in its auction
    ENCODE_TOO_MANY_CARDS = -2        # rlcard, douzero: a hand larger than its cards-left one-hot
    ENCODE_TOO_MANY_BOMBS = -3        # douzero: more bombs than its bomb_num one-hot (0..14)

# The size of the rlcard observation of the landlord or of a farmer.
cdef int rlcard_size(bint landlord, int flags) noexcept nogil

# RLCard's observation of `seat` (0..2): rlcard_size(...) int8 values into out, or a negative
# ENCODE_* code (nothing written). out has room for rlcard_size(False, flags).
cdef int encode_rlcard(const ddz_game* g, int seat, int flags, int8_t* out) noexcept nogil

# OpenSpiel's observation tensor of `seat` (0..2): openspiel_size(flags) floats into out.
cdef int openspiel_size(int flags) noexcept nogil
cdef int encode_openspiel(const ddz_game* g, int seat, int flags, float* out) noexcept nogil

# DouZero's x_no_action of `seat` (0..2): douzero_size(...) int8 values into out, or a negative
# ENCODE_* code (nothing written). out has room for douzero_size(False, flags).
cdef int douzero_size(bint landlord, int flags) noexcept nogil
cdef int encode_douzero(const ddz_game* g, int seat, int flags, int8_t* out) noexcept nogil

# DouZero's z: the last DOUZERO_HISTORY actions of the play, 54 int8 each (oldest first).
cdef int encode_douzero_history(const ddz_game* g, int8_t* out) noexcept nogil

# DouZero's x_batch of `seat` for the n actions' cards (0: a pass): n rows of x_no_action (with
# its perfect-information tail under the flag) then the action's 54, as floats, into out;
# returns the row width, or a negative ENCODE_* code (nothing written). out has room for n
# rows of the seat's width.
cdef int encode_douzero_batch(const ddz_game* g, int seat, int flags, const uint64_t* actions,
                              Py_ssize_t n, float* out) noexcept nogil

# The compact observation of `seat` (0..2; 0..3 under ENCODE_FOUR_SEATS, whose game has four
# seats), in every phase: compact_size(flags) int8 into out.
# ENCODE_WILDS (a game under wild-card rules) adds the wild block, which encode_compact_recent
# leaves to its caller (it skips the block: the perfect-information tail comes after it).
cdef int compact_size(int flags) noexcept nogil
cdef int encode_compact(const ddz_game* g, int seat, int flags, int8_t* out) noexcept nogil
# The same, given the cards of the last n_recent (<= COMPACT_HISTORY) actions of the play,
# oldest first (0 a pass), which encode_compact reads from g.steps: a caller that keeps them
# (Tables) spares the reads of the history, which for many games at once miss the cache.
cdef int encode_compact_recent(const ddz_game* g, int seat, int flags, const uint64_t* recent,
                               int n_recent, int8_t* out) noexcept nogil
