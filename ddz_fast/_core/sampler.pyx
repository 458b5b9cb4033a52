# Hidden hands (see sampler.pxd).

from libc.stdint cimport int8_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from .rng cimport random_below64
from .typedefs cimport N_RANKS

# u! / (a! b! c!) for a + b + c = u <= 4, indexed [u][a][c].
cdef uint64_t MULTINOMIAL[5][5][5]
cdef int _u, _a, _c
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

