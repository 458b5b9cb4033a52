# Hidden hands: the unseen cards dealt into hidden places ("bins": the two other seats and, in
# the auction, the kitty), uniformly over the card-level deals, exactly, under per-rank limits.
#
# The cards of a rank are distinct cards (suits are real, the engine only does not see them):
# giving a of the u unseen cards of a rank to bin 0, b to bin 1 and c to bin 2 can be done in
# u! / (a! b! c!) ways, and a deal of rank counts comes up with probability proportional to the
# product of these over the ranks, as a uniform shuffle of the unseen cards dealt into the bins
# would give. ways[r][k0][k1] counts the ways to deal the unseen cards of ranks r..14 with k0
# of them in bin 0, k1 in bin 1 and the rest in bin 2, within the limits: one table built per
# call, then each deal is one draw below the total, walked down the ranks. No rejection.

from libc.stdint cimport int8_t, uint8_t, uint64_t

from .typedefs cimport MAX_HAND_CARDS, N_RANKS

cdef enum:
    N_BINS = 3
    BIN_ROOM = MAX_HAND_CARDS + 1   # bins 0 and 1 hold at most 20 cards
    MAX_BIN2 = 3                    # bin 2 (the kitty) at most 3: keeps every count below 2**51

ctypedef struct ddz_deal_table:
    uint8_t unseen[N_RANKS]              # unseen cards per rank
    uint8_t limits[N_BINS][N_RANKS]      # the most cards of each rank each bin may get
    int sizes[N_BINS]                    # cards per bin: sizes[0], sizes[1] <= 20, sizes[2] <= 3
    uint64_t ways[N_RANKS + 1][BIN_ROOM][BIN_ROOM]

# Fill t.ways from t.unseen, t.limits and t.sizes (which the caller sets, within the bounds
# above; the sizes add up to the unseen cards). Returns the number of deals (0: none).
cdef uint64_t deal_table_build(ddz_deal_table* t) noexcept nogil

# n deals into out (n x n_seats x 15 counts, a row per seat): each sample is `base` (n_seats x
# 15 counts: what is known of every seat) plus bin i's cards in row bin_rows[i] (-1: not
# written). `total` is what deal_table_build returned (>= 1); rng a SplitMix64 state.
cdef void deal_samples(const ddz_deal_table* t, uint64_t total, uint64_t* rng,
                       const uint8_t* base, const int8_t* bin_rows, int n_seats, uint8_t* out,
                       Py_ssize_t n) noexcept nogil

# Two decks, four seats (RULES.md 11): the hidden places are the three other seats and, in the
# auction, the kitty (bin 3), up to eight cards of a rank. The counts pass 2**64 (83 unseen
# cards in hands of 25, 25, 25 and the kitty's 8 deal in about 2**148 ways), so they are
# integers of BIG_LIMBS 32-bit limbs held in 64-bit words (a limb times a multinomial, at
# most 8! / 2!**4 = 2,520, plus the carries fits), least significant first. The table is
# ways[r][k0][k1][k3] (k2, bin 2's, is what the other bins leave of ranks r..14), allocated by
# four_deal_table_build to the sizes of the call.
cdef enum:
    BIG_LIMBS = 6                   # 192 bits
    FOUR_BINS = 4
    MAX_KITTY_BIN = 8               # bin 3 (the kitty of two decks) at most 8

ctypedef struct ddz_big:
    uint64_t limb[BIG_LIMBS]

ctypedef struct ddz_four_deal_table:
    uint8_t unseen[N_RANKS]                  # unseen cards per rank (at most 8)
    uint8_t limits[FOUR_BINS][N_RANKS]       # the most cards of each rank each bin may get
    int sizes[FOUR_BINS]                     # bins 0-2 at most 33 cards, bin 3 at most 8
    int above[N_RANKS + 1]                   # unseen cards of ranks r..14 (build sets it)
    ddz_big* ways                            # (N_RANKS + 1) x (sizes 0, 1, 3 each + 1)

# Fill t.ways (allocated here: four_deal_table_free releases it) from t.unseen, t.limits and
# t.sizes (set by the caller, within the bounds above; they add up to the unseen cards) and
# the number of deals into *total (0: none). Returns -1 out of memory, else 0.
cdef int four_deal_table_build(ddz_four_deal_table* t, ddz_big* total) noexcept nogil
cdef void four_deal_table_free(ddz_four_deal_table* t) noexcept nogil

# deal_samples for four seats: bin i's cards in row bin_rows[i] (-1: not written) of each
# sample (4 x 15 counts, `base` plus the bins'); `total` from four_deal_table_build (not 0).
cdef void four_deal_samples(const ddz_four_deal_table* t, const ddz_big* total, uint64_t* rng,
                            const uint8_t* base, const int8_t* bin_rows, uint8_t* out,
                            Py_ssize_t n) noexcept nogil
