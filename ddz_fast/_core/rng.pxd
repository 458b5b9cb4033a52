# A small, portable pseudo-random generator (SplitMix64): deals and random play are pure
# functions of their seed on every machine.

from libc.stdint cimport uint32_t, uint64_t

cdef extern from *:
    """
    #include <stdint.h>
    static inline uint64_t ddz_splitmix64(uint64_t* state) {
        uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
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
    uint64_t splitmix64 "ddz_splitmix64" (uint64_t* state) noexcept nogil
    uint32_t random_below "ddz_below" (uint64_t* state, uint32_t n) noexcept nogil
    uint64_t random_below64 "ddz_below64" (uint64_t* state, uint64_t n) noexcept nogil
