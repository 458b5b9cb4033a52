# Observation encodings: one seat's observation of a game, written into a caller's buffer.
#
# The kernels read only the native game: its state (hands, cards played, the move to beat,
# landlord, bids, the marked card) and its history g.steps[0:g.n_steps], from which what the
# state does not keep (the last plays, a seat's last action) is derived. They write every
# element of the observation (zeros included) and nothing past it. ddz_fast/encodings.py
# documents the layouts.

from libc.stdint cimport int8_t

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

# Switches of the encoders (bits of `flags`).
cdef enum:
    ENCODE_OTHERS_HAND = 1            # rlcard: keep the others_hand block
    ENCODE_BUG_COMPATIBLE = 2         # copy the peer's bugs (see each encoder)

# What an encoder returns when it cannot encode the position (else the size written).
cdef enum:
    ENCODE_NO_LANDLORD = -1           # rlcard: the game is in its auction
    ENCODE_TOO_MANY_CARDS = -2        # rlcard: a hand larger than its cards-left one-hot

# The size of the rlcard observation of the landlord or of a farmer.
cdef int rlcard_size(bint landlord, int flags) noexcept nogil

# RLCard's observation of `seat` (0..2): rlcard_size(...) int8 values into out, or a negative
# ENCODE_* code (nothing written). out has room for RLCARD_FARMER_SIZE.
cdef int encode_rlcard(const ddz_game* g, int seat, int flags, int8_t* out) noexcept nogil

# OpenSpiel's observation tensor of `seat` (0..2): OPENSPIEL_SIZE floats into out.
cdef int encode_openspiel(const ddz_game* g, int seat, int flags, float* out) noexcept nogil
