/* The row loader of the batch functions (ddz_fast/_core/rows.pyx). */
#ifndef DDZ_LOAD_ROW_H
#define DDZ_LOAD_ROW_H

#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
/* One row of 15 uint8 rank counts -> nibble-packed cards and the rank masks of ddz_hand.
   Returns 0 if a count is above its limit (4, or 1 for a joker). */
static inline int ddz_load_row(const uint8_t* row, uint64_t* cards, uint32_t masks[4]) {
    uint64_t raw_lo, raw_hi, lo, hi;
    memcpy(&raw_lo, row, 8);          /* ranks 0..7 */
    memcpy(&raw_hi, row + 7, 8);      /* ranks 7..14 */
    lo = raw_lo & 0x0F0F0F0F0F0F0F0FULL;   /* keeps the packing in its lanes; limits are */
    hi = raw_hi & 0x0F0F0F0F0F0F0F0FULL;   /* checked below */
    lo = (lo | (lo >> 4)) & 0x00FF00FF00FF00FFULL;
    lo = (lo | (lo >> 8)) & 0x0000FFFF0000FFFFULL;
    lo = (lo | (lo >> 16)) & 0x00000000FFFFFFFFULL;
    hi = (hi | (hi >> 4)) & 0x00FF00FF00FF00FFULL;
    hi = (hi | (hi >> 8)) & 0x0000FFFF0000FFFFULL;
    hi = (hi | (hi >> 16)) & 0x00000000FFFFFFFFULL;
#if defined(__SSE2__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    {
        /* the 15 counts and a zero byte, built in registers (a 16-byte load of a row
           stored in two halves would stall on store forwarding) */
        __m128i v = _mm_set_epi64x((long long)(raw_hi >> 8), (long long)raw_lo);
        /* signed compares: counts above 127 read as negative, so test them apart */
        __m128i limit = _mm_setr_epi8(4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1, 0);
        if (_mm_movemask_epi8(_mm_or_si128(_mm_cmpgt_epi8(v, limit),
                                           _mm_cmplt_epi8(v, _mm_setzero_si128()))))
            return 0;
        masks[0] = (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(0)));
        masks[1] = (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(1)));
        masks[2] = (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(2)));
        masks[3] = (uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(3)));
    }
#else
    {
        static const uint8_t limit[15] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1};
        uint8_t counts[16];
        int r, k;
        /* the counts as read into raw_lo/raw_hi, rank 7 from raw_lo as in the cards: the
           row may change meanwhile (the caller's array, without the GIL), and masks and
           cards must agree */
        memcpy(counts, &raw_lo, 8);
        memcpy(counts + 8, (const uint8_t*)&raw_hi + 1, 7);
        masks[0] = masks[1] = masks[2] = masks[3] = 0;
        for (r = 0; r < 15; r++) {
            if (counts[r] > limit[r])
                return 0;
            for (k = 0; k < 4; k++)
                masks[k] |= (uint32_t)(counts[r] > k) << r;
        }
    }
#endif
    *cards = lo | ((hi >> 4) << 32);
    return 1;
}

#endif
