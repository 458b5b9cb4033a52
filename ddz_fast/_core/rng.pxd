# A small, portable pseudo-random generator (SplitMix64): deals and random play are pure
# functions of their seed on every machine.
#
# Seed streams. stream_seed(s, i) is SplitMix64's first output from the state s + i * GAMMA
# (GAMMA: SplitMix64's own increment), so that neighbouring indices give unrelated values.
# What each seed feeds (a generator "from x" starts with the state x):
#   simulate(seed=s, start=a), Series(seed=s)  game i is Game(stream_seed(s, a + i))
#                                              (ddz_fast._simulate.nth_game_seed)
#   Tables(seed=s)                             table i's deal seeds: the outputs of a generator
#                                              from stream_seed(s, i) (Tables.deal_seed)
#   rollout_wins(seed=s) (PIMC's playouts)     deal i, the game's legal move j of m: a generator
#                                              from stream_seed(s, i * m + j)
#   PIMCPlayer(seed=s)                         sample_deals(seed=s ^ key), rollout_wins(seed=s ^
#                                              key ^ a constant), key: the position's full_key()
#   sample_deals(seed=s)                       a generator from s
#   Game(seed=s), redeal r                     Fisher-Yates draws from s ^ r * 0xD1B54A32D192ED03
#   native players (players.pxd), seat k      a generator from stream_seed(g ^ 0x51A7E5, k), g the
#                                              game's seed: Tables' deal seed; play_games(seed=s)
#                                              game i: stream_seed(s, i)

from libc.stdint cimport uint32_t, uint64_t

cdef extern from *:
    """
    #include <stdint.h>
    #define DDZ_GAMMA 0x9E3779B97F4A7C15ULL
    static inline uint64_t ddz_splitmix64(uint64_t* state) {
        uint64_t z = (*state += DDZ_GAMMA);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    /* Uniform in [0, n), 1 <= n < 2**32: Lemire's multiply-shift with rejection (unbiased). */
    static inline uint32_t ddz_below(uint64_t* state, uint32_t n) {
        uint64_t m = (ddz_splitmix64(state) >> 32) * (uint64_t)n;
        uint32_t low = (uint32_t)m;
        if (low < n) {
            uint32_t threshold = (0u - n) % n;
            while (low < threshold) {
                m = (ddz_splitmix64(state) >> 32) * (uint64_t)n;
                low = (uint32_t)m;
            }
        }
        return (uint32_t)(m >> 32);
    }
    /* Uniform in [0, n), 1 <= n < 2**64: the low bits below n's power of two, drawn again
       until below n (unbiased; fewer than two draws on average). */
    static inline uint64_t ddz_below64(uint64_t* state, uint64_t n) {
        uint64_t mask = n - 1, x;
        mask |= mask >> 1; mask |= mask >> 2; mask |= mask >> 4;
        mask |= mask >> 8; mask |= mask >> 16; mask |= mask >> 32;
        do {
            x = ddz_splitmix64(state) & mask;
        } while (x >= n);
        return x;
    }
    """
    const uint64_t GAMMA "DDZ_GAMMA"      # SplitMix64's increment: a state k draws later is + k * GAMMA
    uint64_t splitmix64 "ddz_splitmix64" (uint64_t* state) noexcept nogil
    uint32_t random_below "ddz_below" (uint64_t* state, uint32_t n) noexcept nogil
    uint64_t random_below64 "ddz_below64" (uint64_t* state, uint64_t n) noexcept nogil


cdef inline uint64_t stream_seed(uint64_t seed, uint64_t index) noexcept nogil:
    """Stream `index` of `seed` (the table above): SplitMix64's first output from seed + index * GAMMA."""
    cdef uint64_t state = seed + index * GAMMA
    return splitmix64(&state)
