# Hidden hands (see sampler.pxd).

from libc.stdint cimport int8_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from .rng cimport random_below64, splitmix64
from .typedefs cimport N_RANKS

# u! / (a! b! c!) for a + b + c = u <= 4, indexed [u][a][c].
cdef uint64_t MULTINOMIAL[5][5][5]
cdef int _u, _a, _b, _c, _d
cdef uint64_t[5] _FACTORIAL = [1, 1, 2, 6, 24]
for _u in range(5):
    for _a in range(5):
        for _c in range(5):
            MULTINOMIAL[_u][_a][_c] = (
                _FACTORIAL[_u] // (_FACTORIAL[_a] * _FACTORIAL[_c] * _FACTORIAL[_u - _a - _c])
                if _a + _c <= _u else 0)


cdef inline int min3(int x, int y, int z) noexcept nogil:
    if y < x:
        x = y
    return z if z < x else x


cdef uint64_t deal_table_build(ddz_deal_table* t) noexcept nogil:
    cdef int r, k0, k1, k2, a, b, c, u, above = 0
    cdef uint64_t total
    for k0 in range(BIN_ROOM):
        for k1 in range(BIN_ROOM):
            t.ways[N_RANKS][k0][k1] = 0
    t.ways[N_RANKS][0][0] = 1
    for r in range(N_RANKS - 1, -1, -1):
        u = t.unseen[r]
        above += u                        # unseen cards of ranks r..14
        for k0 in range(t.sizes[0] + 1):
            for k1 in range(t.sizes[1] + 1):
                k2 = above - k0 - k1
                total = 0
                if 0 <= k2 <= t.sizes[2]:
                    for a in range(min3(u, t.limits[0][r], k0) + 1):
                        for c in range(min3(u - a, t.limits[2][r], k2) + 1):
                            b = u - a - c
                            if b <= t.limits[1][r] and b <= k1:
                                total += MULTINOMIAL[u][a][c] * t.ways[r + 1][k0 - a][k1 - b]
                t.ways[r][k0][k1] = total
    if above != t.sizes[0] + t.sizes[1] + t.sizes[2]:
        return 0
    return t.ways[0][t.sizes[0]][t.sizes[1]]


cdef inline int pick(const ddz_deal_table* t, int r, int k0, int k1, int k2,
                     uint64_t* x) noexcept nogil:
    """The cards of rank r for bins 0 and 2 (as a + 8 c; bin 1 gets the rest) in the deal
    numbered *x among the t.ways[r][k0][k1] deals of ranks r..14 with k0, k1, k2 cards left
    for the bins; *x becomes the number of the rest of the deal among those of ranks r+1..14.
    The choices are numbered in order of (a, c); the deals of one choice (a, c) are its
    multinomial count of card-level ways times each deal of the ranks above: *x divided by
    the first numbers the second."""
    cdef int a, b, c, u = t.unseen[r]
    cdef uint64_t w
    for a in range(min3(u, t.limits[0][r], k0) + 1):
        for c in range(min3(u - a, t.limits[2][r], k2) + 1):
            b = u - a - c
            if b <= t.limits[1][r] and b <= k1:
                w = MULTINOMIAL[u][a][c] * t.ways[r + 1][k0 - a][k1 - b]
                if x[0] < w:
                    x[0] //= MULTINOMIAL[u][a][c]
                    return a + 8 * c
                x[0] -= w
    return -1       # unreachable while *x < t.ways[r][k0][k1]


cdef void deal_samples(const ddz_deal_table* t, uint64_t total, uint64_t* rng,
                       const uint8_t* base, const int8_t* bin_rows, int n_seats, uint8_t* out,
                       Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    cdef int r, k0, k1, k2, a, c, choice
    cdef uint8_t* row0
    cdef uint8_t* row1
    cdef uint8_t* row2
    cdef uint8_t spare[N_RANKS]
    cdef uint64_t x
    memset(spare, 0, N_RANKS)       # where a bin that no row shows goes
    for i in range(n):
        memcpy(out, base, n_seats * N_RANKS)
        row0 = out + bin_rows[0] * N_RANKS if bin_rows[0] >= 0 else spare
        row1 = out + bin_rows[1] * N_RANKS if bin_rows[1] >= 0 else spare
        row2 = out + bin_rows[2] * N_RANKS if bin_rows[2] >= 0 else spare
        x = random_below64(rng, total)
        k0 = t.sizes[0]
        k1 = t.sizes[1]
        k2 = t.sizes[2]
        for r in range(N_RANKS):
            choice = pick(t, r, k0, k1, k2, &x)
            a = choice & 7
            c = choice >> 3
            row0[r] += a
            row1[r] += t.unseen[r] - a - c
            row2[r] += c
            k0 -= a
            k1 -= t.unseen[r] - a - c
            k2 -= c
        out += n_seats * N_RANKS



# --- Two decks, four seats ---------------------------------------------------------------------

cdef enum:
    LIMB_BITS = 32
    MOST_OF_A_RANK = 8

cdef uint64_t LIMB_MASK = 0xFFFFFFFF

# u! / (a! b! c! d!) for a + b + c + d = u <= 8, indexed [a][b][c][d] (0 where the sum passes 8).
cdef uint32_t MULTINOMIAL4[MOST_OF_A_RANK + 1][MOST_OF_A_RANK + 1][MOST_OF_A_RANK + 1][MOST_OF_A_RANK + 1]
cdef uint64_t _FACT[MOST_OF_A_RANK + 1]
_FACT[0] = 1
for _u in range(1, MOST_OF_A_RANK + 1):
    _FACT[_u] = _FACT[_u - 1] * _u
for _a in range(MOST_OF_A_RANK + 1):
    for _b in range(MOST_OF_A_RANK + 1):
        for _c in range(MOST_OF_A_RANK + 1):
            for _d in range(MOST_OF_A_RANK + 1):
                MULTINOMIAL4[_a][_b][_c][_d] = (
                    _FACT[_a + _b + _c + _d] // (_FACT[_a] * _FACT[_b] * _FACT[_c] * _FACT[_d])
                    if _a + _b + _c + _d <= MOST_OF_A_RANK else 0)


cdef inline void big_set(ddz_big* x, uint64_t small) noexcept nogil:
    cdef int i
    for i in range(BIG_LIMBS):
        x.limb[i] = 0
    x.limb[0] = small


cdef inline void big_add_mul(ddz_big* x, const ddz_big* y, uint64_t m) noexcept nogil:
    """x += y * m (m below 2**16; the sum stays below 2**192 by the bound in sampler.pxd)."""
    cdef uint64_t carry = 0, s
    cdef int i
    for i in range(BIG_LIMBS):
        s = x.limb[i] + y.limb[i] * m + carry
        x.limb[i] = s & LIMB_MASK
        carry = s >> LIMB_BITS


cdef inline void big_mul(ddz_big* x, const ddz_big* y, uint64_t m) noexcept nogil:
    """x = y * m."""
    big_set(x, 0)
    big_add_mul(x, y, m)


cdef inline int big_cmp(const ddz_big* x, const ddz_big* y) noexcept nogil:
    cdef int i
    for i in range(BIG_LIMBS - 1, -1, -1):
        if x.limb[i] != y.limb[i]:
            return -1 if x.limb[i] < y.limb[i] else 1
    return 0


cdef inline void big_sub(ddz_big* x, const ddz_big* y) noexcept nogil:
    """x -= y (x >= y)."""
    cdef uint64_t borrow = 0, yi
    cdef int i
    for i in range(BIG_LIMBS):
        yi = y.limb[i] + borrow
        borrow = x.limb[i] < yi
        x.limb[i] = (x.limb[i] + (borrow << LIMB_BITS) - yi) & LIMB_MASK


cdef inline void big_div(ddz_big* x, uint64_t m) noexcept nogil:
    """x //= m (1 <= m below 2**16)."""
    cdef uint64_t rest = 0, cur
    cdef int i
    for i in range(BIG_LIMBS - 1, -1, -1):
        cur = (rest << LIMB_BITS) | x.limb[i]
        x.limb[i] = cur // m
        rest = cur % m


cdef void big_below(uint64_t* rng, const ddz_big* n, ddz_big* x) noexcept nogil:
    """Uniform in [0, n) (n >= 1): limbs drawn under n's top bit until below n (unbiased;
    fewer than two draws on average)."""
    cdef int top = BIG_LIMBS - 1, i
    cdef uint64_t mask
    while n.limb[top] == 0:
        top -= 1
    mask = n.limb[top]
    mask |= mask >> 1
    mask |= mask >> 2
    mask |= mask >> 4
    mask |= mask >> 8
    mask |= mask >> 16
    while True:
        big_set(x, 0)
        for i in range(top):
            x.limb[i] = splitmix64(rng) >> LIMB_BITS
        x.limb[top] = (splitmix64(rng) >> LIMB_BITS) & mask
        if big_cmp(x, n) < 0:
            return


cdef inline ddz_big* ways_at(const ddz_four_deal_table* t, int r, int k0, int k1,
                             int k3) noexcept nogil:
    return &t.ways[((r * (t.sizes[0] + 1) + k0) * (t.sizes[1] + 1) + k1) * (t.sizes[3] + 1) + k3]


cdef int four_deal_table_build(ddz_four_deal_table* t, ddz_big* total) noexcept nogil:
    cdef int r, k0, k1, k2, k3, a, b, c, d, u
    cdef ddz_big* entry
    t.ways = <ddz_big*>malloc((N_RANKS + 1) * (t.sizes[0] + 1) * (t.sizes[1] + 1)
                              * (t.sizes[3] + 1) * sizeof(ddz_big))
    if t.ways == NULL:
        return -1
    t.above[N_RANKS] = 0
    for r in range(N_RANKS - 1, -1, -1):
        t.above[r] = t.above[r + 1] + t.unseen[r]
    for k0 in range(t.sizes[0] + 1):
        for k1 in range(t.sizes[1] + 1):
            for k3 in range(t.sizes[3] + 1):
                big_set(ways_at(t, N_RANKS, k0, k1, k3), k0 == 0 and k1 == 0 and k3 == 0)
    for r in range(N_RANKS - 1, -1, -1):
        u = t.unseen[r]
        for k0 in range(t.sizes[0] + 1):
            for k1 in range(t.sizes[1] + 1):
                for k3 in range(t.sizes[3] + 1):
                    k2 = t.above[r] - k0 - k1 - k3
                    entry = ways_at(t, r, k0, k1, k3)
                    big_set(entry, 0)
                    if k2 < 0 or k2 > t.sizes[2]:
                        continue
                    for a in range(min3(u, t.limits[0][r], k0) + 1):
                        for b in range(min3(u - a, t.limits[1][r], k1) + 1):
                            for d in range(min3(u - a - b, t.limits[3][r], k3) + 1):
                                c = u - a - b - d
                                if c <= t.limits[2][r] and c <= k2:
                                    big_add_mul(entry, ways_at(t, r + 1, k0 - a, k1 - b, k3 - d),
                                                MULTINOMIAL4[a][b][c][d])
    if t.above[0] != t.sizes[0] + t.sizes[1] + t.sizes[2] + t.sizes[3]:
        big_set(total, 0)
    else:
        total[0] = ways_at(t, 0, t.sizes[0], t.sizes[1], t.sizes[3])[0]
    return 0


cdef void four_deal_table_free(ddz_four_deal_table* t) noexcept nogil:
    free(t.ways)
    t.ways = NULL


cdef inline void four_pick(const ddz_four_deal_table* t, int r, int* k, ddz_big* x,
                           int* parts) noexcept nogil:
    """pick of four bins: the cards of rank r for each bin (into parts) in the deal numbered
    *x among the deals of ranks r..14 with k[0..3] cards left for the bins (the choices in
    the order four_deal_table_build sums them); *x becomes the rest's number, k what is left."""
    cdef int a, b, c, d, u = t.unseen[r]
    cdef uint64_t m
    cdef ddz_big w
    parts[0] = parts[1] = parts[2] = parts[3] = 0   # (unreachable unless found below)
    for a in range(min3(u, t.limits[0][r], k[0]) + 1):
        for b in range(min3(u - a, t.limits[1][r], k[1]) + 1):
            for d in range(min3(u - a - b, t.limits[3][r], k[3]) + 1):
                c = u - a - b - d
                if c <= t.limits[2][r] and c <= k[2]:
                    m = MULTINOMIAL4[a][b][c][d]
                    big_mul(&w, ways_at(t, r + 1, k[0] - a, k[1] - b, k[3] - d), m)
                    if big_cmp(x, &w) < 0:
                        big_div(x, m)
                        parts[0] = a
                        parts[1] = b
                        parts[2] = c
                        parts[3] = d
                        k[0] -= a
                        k[1] -= b
                        k[2] -= c
                        k[3] -= d
                        return
                    big_sub(x, &w)


cdef void four_deal_samples(const ddz_four_deal_table* t, const ddz_big* total, uint64_t* rng,
                            const uint8_t* base, const int8_t* bin_rows, uint8_t* out,
                            Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    cdef int r, j
    cdef int k[FOUR_BINS]
    cdef int parts[FOUR_BINS]
    cdef uint8_t* rows[FOUR_BINS]
    cdef uint8_t spare[N_RANKS]
    cdef ddz_big x
    memset(spare, 0, N_RANKS)       # where a bin that no row shows goes
    for i in range(n):
        memcpy(out, base, FOUR_BINS * N_RANKS)
        for j in range(FOUR_BINS):
            rows[j] = out + bin_rows[j] * N_RANKS if bin_rows[j] >= 0 else spare
            k[j] = t.sizes[j]
        big_below(rng, total, &x)
        for r in range(N_RANKS):
            four_pick(t, r, k, &x, parts)
            for j in range(FOUR_BINS):
                rows[j][r] += parts[j]
        out += FOUR_BINS * N_RANKS
