# Bit helpers on nibble-packed card multisets and rank masks (inline, shared by the kernels).

from libc.stdint cimport uint32_t, uint64_t
from libc.string cimport memcpy

from .typedefs cimport NIBBLE_GUARD, NIBBLE_LSB, ddz_hand, ddz_move

cdef extern from *:
    """
    #include <stdint.h>
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int ddz_ctz32(uint32_t x) { unsigned long i; _BitScanForward(&i, x); return (int)i; }
    static inline int ddz_ctz64(uint64_t x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    static inline int ddz_popcount32(uint32_t x) { return (int)__popcnt(x); }
    static inline int ddz_popcount64(uint64_t x) { return (int)__popcnt64(x); }
    #else
    static inline int ddz_ctz32(uint32_t x) { return __builtin_ctz(x); }
    static inline int ddz_ctz64(uint64_t x) { return __builtin_ctzll(x); }
    static inline int ddz_popcount32(uint32_t x) { return __builtin_popcount(x); }
    static inline int ddz_popcount64(uint64_t x) { return __builtin_popcountll(x); }
    #endif

    /* The first 8 bytes of a ddz_move as one word: kind, length, main (the wild fields 0). */
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    #define DDZ_MOVE_HEAD(k, l, m) \
        (((unsigned long long)(k) << 56) | ((unsigned long long)(l) << 48) | ((unsigned long long)(m) << 40))
    #else
    #define DDZ_MOVE_HEAD(k, l, m) \
        ((unsigned long long)(k) | ((unsigned long long)(l) << 8) | ((unsigned long long)(m) << 16))
    #endif

    /* The wild-card fields of a move head (ddz_move.wild, ddz_move.substitutes), or'ed into it. */
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    #define DDZ_MOVE_WILD(w, s) (((unsigned long long)(w) << 32) | (unsigned long long)(uint32_t)(s))
    #else
    #define DDZ_MOVE_WILD(w, s) (((unsigned long long)(w) << 24) | ((unsigned long long)(s) << 32))
    #endif
    """
    int ctz32 "ddz_ctz32" (uint32_t x) noexcept nogil           # x != 0
    int ctz64 "ddz_ctz64" (uint64_t x) noexcept nogil           # x != 0
    int popcount32 "ddz_popcount32" (uint32_t x) noexcept nogil
    int popcount64 "ddz_popcount64" (uint64_t x) noexcept nogil
    uint64_t move_head "DDZ_MOVE_HEAD" (int kind, int length, int main) noexcept nogil
    uint64_t move_wild "DDZ_MOVE_WILD" (int wild, uint32_t substitutes) noexcept nogil

cdef extern from *:
    """
    #ifndef DDZ_DEBUG
    #define DDZ_DEBUG 0
    #endif
    """
    const int DDZ_DEBUG    # 1 in the debug build (DDZ_DEBUG=1 at build time)

cdef extern from "<assert.h>":
    # C's assert: checked in the debug and sanitizer builds (-UNDEBUG), nothing in the release
    void c_assert "assert" (bint condition) noexcept nogil


cdef inline int pop_lsb(uint32_t* mask) noexcept nogil:
    """The lowest rank of a nonempty mask, taken out of it."""
    cdef int r = ctz32(mask[0])
    mask[0] &= mask[0] - 1
    return r


cdef inline uint32_t gather_nibble_bits(uint64_t v) noexcept nogil:
    """Bit 4r of v (and no other bit) -> bit r of the result, for r < 16."""
    v = (v | (v >> 3)) & <uint64_t>0x0303030303030303ULL
    v = (v | (v >> 6)) & <uint64_t>0x000F000F000F000FULL
    v = (v | (v >> 12)) & <uint64_t>0x000000FF000000FFULL
    return <uint32_t>((v | (v >> 24)) & 0xFFFF)


cdef inline int card_count(uint64_t cards) noexcept nogil:
    """Number of cards of a valid multiset."""
    return (popcount64(cards & NIBBLE_LSB) + 2 * popcount64((cards >> 1) & NIBBLE_LSB)
            + 4 * popcount64((cards >> 2) & NIBBLE_LSB))


cdef inline int rank_count(uint64_t cards, int rank) noexcept nogil:
    """How many cards of `rank` the nibble-packed multiset holds."""
    return <int>((cards >> (4 * rank)) & 0xF)


cdef inline uint32_t ranks_in(uint64_t cards) noexcept nogil:
    """The ranks of which a multiset holds at least one card (hand_init's m1; any count below
    16, two decks' eight included)."""
    return gather_nibble_bits((cards | (cards >> 1) | (cards >> 2) | (cards >> 3)) & NIBBLE_LSB)


cdef inline void hand_init(ddz_hand* h, uint64_t cards) noexcept nogil:
    """Derive the rank masks and the card count of a valid multiset (every nibble <= 4)."""
    cdef uint64_t b0 = cards & NIBBLE_LSB
    cdef uint64_t b1 = (cards >> 1) & NIBBLE_LSB
    cdef uint64_t b2 = (cards >> 2) & NIBBLE_LSB
    h.cards = cards
    h.m1 = gather_nibble_bits(b0 | b1 | b2)
    h.m2 = gather_nibble_bits(b1 | b2)
    h.m3 = gather_nibble_bits(b2 | (b1 & b0))
    h.m4 = gather_nibble_bits(b2)
    h.n = popcount64(b0) + 2 * popcount64(b1) + 4 * popcount64(b2)


cdef inline bint cards_valid(uint64_t cards) noexcept nogil:
    """Every rank count is at most 4, each joker's at most 1, and nothing lies beyond rank 14."""
    return (((cards | (cards + <uint64_t>0x0333333333333333ULL)) & NIBBLE_GUARD) == 0
            and (cards & <uint64_t>0xFEE0000000000000ULL) == 0)


cdef inline bint cards_contain(uint64_t big, uint64_t small) noexcept nogil:
    """Every rank count of `small` is at most that of `big` (both valid multisets)."""
    return ((big | NIBBLE_GUARD) - small) & NIBBLE_GUARD == NIBBLE_GUARD


cdef inline uint64_t rank_block(int rank, int length) noexcept nogil:
    """One card of each of the ranks rank-length+1 .. rank (a chain ending at `rank`)."""
    return (NIBBLE_LSB & ((<uint64_t>1 << (4 * length)) - 1)) << (4 * (rank - length + 1))


cdef inline ddz_move* emit(ddz_move* out, uint64_t head, uint64_t cards) noexcept nogil:
    memcpy(out, &head, 8)
    out.cards = cards
    return out + 1
