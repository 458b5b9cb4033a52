# Action ids of wild-card games: the blocks of wild_ids.pxd, counted.

from libc.stdint cimport INT32_MAX, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport qsort
from libc.string cimport memset

from .actions cimport MAX_CHAIN, play_id
from .typedefs cimport (
    KIND_BOMB, KIND_LONG_BOMB, KIND_ROCKET, KIND_SHAPES, KIND_SINGLE, N_KINDS, WILD_PURE,
    WILD_SECOND, ddz_move,
)

cdef enum:
    MOST_SUBSTITUTES = 8        # two wild ranks of four cards
    MOST_CAP = 8                # a rank's most substitutes (a long bomb's, two wild ranks)

# WAYS[cap][k][t]: the vectors of k counts in 0..cap that sum to t.
cdef int64_t WAYS[MOST_CAP + 1][MAX_CHAIN + 1][MOST_SUBSTITUTES + 1]


cdef void count_ways() noexcept nogil:
    cdef int cap, k, t, v
    memset(WAYS, 0, sizeof(WAYS))
    for cap in range(MOST_CAP + 1):
        WAYS[cap][0][0] = 1
        for k in range(1, MAX_CHAIN + 1):
            for t in range(MOST_SUBSTITUTES + 1):
                for v in range(min(cap, t) + 1):
                    WAYS[cap][k][t] += WAYS[cap][k - 1][t - v]


count_ways()


ctypedef struct main_shape:
    int ranks           # ranks of the main part that wild cards may make (0: none)
    int first           # the lowest of them
    int cap             # substitutes of one rank at most
    int pure            # 2 for bombs (pure-wild or not), else 1


cdef inline main_shape shape_of(const ddz_move* m, int most) noexcept nogil:
    """Where wild cards may stand in play m (`most`: the most substitutes in all)."""
    cdef main_shape s
    s.ranks = 0
    s.first = 0
    s.cap = 0
    s.pure = 1
    if m.length == 0 or m.kind == KIND_SINGLE or m.kind == KIND_ROCKET or m.kind >= N_KINDS:
        return s                        # the pass, the bids; a single is its own rank
    s.first = m.main
    s.ranks = 1
    if m.kind == KIND_LONG_BOMB:
        s.cap = min(m.length - 1, most)
        s.pure = 2
    elif KIND_SHAPES[m.kind].max_length > 1:       # a chain: a rank may be wild cards only
        s.ranks = m.length
        s.first = m.main - m.length + 1
        s.cap = KIND_SHAPES[m.kind].unit
    else:                               # one rank: at least one card of its own
        s.cap = KIND_SHAPES[m.kind].unit - 1
        s.pure = 2 if m.kind == KIND_BOMB else 1
    return s


cdef inline int second_low(const ddz_wild_ids* w, int t) noexcept nogil:
    """The fewest substitutes the second wild rank plays of t (4 at most to the first)."""
    return 0 if w.n_wild == 1 else max(0, t - 4)


cdef inline int second_ways(const ddz_wild_ids* w, int t) noexcept nogil:
    return 1 if w.n_wild == 1 else min(4, t) - max(0, t - 4) + 1


cdef inline int64_t ways_of_size(const ddz_wild_ids* w, main_shape s, int t) noexcept nogil:
    return WAYS[s.cap][s.ranks][t] * second_ways(w, t) * s.pure


cdef inline int most_substitutes(const ddz_wild_ids* w, main_shape s) noexcept nogil:
    return min(4 * w.n_wild, s.ranks * s.cap)


cdef inline void long_bomb(int32_t k, ddz_move* out) noexcept nogil:
    """Long bomb k of a block list: rank k // 8, 5 + k % 8 cards."""
    memset(out, 0, sizeof(ddz_move))
    out.kind = KIND_LONG_BOMB
    out.main = k // LONG_BOMB_LENGTHS
    out.length = 5 + k % LONG_BOMB_LENGTHS
    out.cards = <uint64_t>out.length << (4 * out.main)


cdef int wild_ids_prepare(ddz_wild_ids* w) noexcept nogil:
    cdef int32_t i, blocks = w.plain.n + (WILD_ID_RANKS * LONG_BOMB_LENGTHS if w.long_bombs else 0)
    cdef int64_t total = 0
    cdef int t
    cdef ddz_move m
    cdef main_shape s
    for i in range(blocks):
        w.start[i] = <int32_t>total
        if i < w.plain.n:
            m = w.plain.actions[i]
        else:
            long_bomb(i - w.plain.n, &m)
        s = shape_of(&m, 4 * w.n_wild)
        for t in range(most_substitutes(w, s) + 1):
            total += ways_of_size(w, s, t)
        if total > INT32_MAX:
            return -1
    w.start[blocks] = <int32_t>total
    w.n = <int32_t>total
    return 0


cdef int32_t wild_id(const ddz_wild_ids* w, const ddz_move* m) noexcept nogil:
    cdef int32_t block
    cdef ddz_move plain
    cdef int counts[MAX_CHAIN]
    cdef int t = 0, k, v, rank, second, rest
    cdef uint32_t subs = m.substitutes
    cdef int64_t id
    cdef main_shape s
    if m.length == 0:
        return w.start[w.plain.pass_id]
    if m.kind >= N_KINDS or m.length > MAX_CHAIN:
        return -1
    if m.kind == KIND_LONG_BOMB:
        if not w.long_bombs or m.length < 5 or m.main >= WILD_ID_RANKS:
            return -1
        block = w.plain.n + m.main * LONG_BOMB_LENGTHS + m.length - 5
    else:
        plain = m[0]
        plain.wild = 0
        plain.substitutes = 0
        block = play_id(w.plain, &plain)
        if block < 0:
            return -1
    s = shape_of(m, 4 * w.n_wild)
    for k in range(s.ranks):
        counts[k] = 0
    while subs:                         # (ascending ranks, each as rank + 1 in a nibble)
        rank = <int>(subs & 0xF) - 1 - s.first
        if rank < 0 or rank >= s.ranks or counts[rank] == s.cap:
            return -1
        counts[rank] += 1
        t += 1
        subs >>= 4
    second = m.wild & WILD_SECOND
    if t > most_substitutes(w, s) or second < second_low(w, t) \
            or second >= second_low(w, t) + second_ways(w, t) \
            or (m.wild & WILD_PURE and s.pure == 1) or m.wild & ~(WILD_SECOND | WILD_PURE):
        return -1
    id = w.start[block]
    for v in range(t):                  # the ways with fewer substitutes
        id += ways_of_size(w, s, v)
    cdef int64_t lex = 0
    rest = t
    for k in range(s.ranks):            # then those before these counts, by rank
        for v in range(counts[k]):
            lex += WAYS[s.cap][s.ranks - k - 1][rest - v]
        rest -= counts[k]
    id += (lex * second_ways(w, t) + second - second_low(w, t)) * s.pure \
        + ((m.wild & WILD_PURE) != 0)
    return <int32_t>id


cdef void wild_action(const ddz_wild_ids* w, int32_t id, ddz_move* out) noexcept nogil:
    cdef int32_t low = 0, high = w.plain.n + (WILD_ID_RANKS * LONG_BOMB_LENGTHS if w.long_bombs else 0)
    cdef int32_t middle
    cdef int64_t r, lex, size
    cdef int t = 0, k, v, rest, slot = 0, ways, pure
    cdef main_shape s
    while high - low > 1:               # the block: the last start at or before id
        middle = (low + high) // 2
        if w.start[middle] <= id:
            low = middle
        else:
            high = middle
    if low < w.plain.n:
        out[0] = w.plain.actions[low]
    else:
        long_bomb(low - w.plain.n, out)
    s = shape_of(out, 4 * w.n_wild)
    r = id - w.start[low]
    size = ways_of_size(w, s, t)
    while r >= size:
        r -= size
        t += 1
        size = ways_of_size(w, s, t)
    pure = <int>(r % s.pure)
    r //= s.pure
    ways = second_ways(w, t)
    out.wild = <uint8_t>(second_low(w, t) + r % ways) | (WILD_PURE if pure else 0)
    lex = r // ways
    out.substitutes = 0
    rest = t
    for k in range(s.ranks):
        v = 0
        while lex >= WAYS[s.cap][s.ranks - k - 1][rest - v]:
            lex -= WAYS[s.cap][s.ranks - k - 1][rest - v]
            v += 1
        rest -= v
        while v:
            out.substitutes |= <uint32_t>(s.first + k + 1) << (4 * slot)
            slot += 1
            v -= 1


cdef int ascending(const void* a, const void* b) noexcept nogil:
    cdef int32_t x = (<const int32_t*>a)[0], y = (<const int32_t*>b)[0]
    return (x > y) - (x < y)


cdef Py_ssize_t wild_ids_of(const ddz_wild_ids* w, const ddz_move* moves, Py_ssize_t n,
                            bint can_pass, int32_t* out) noexcept nogil:
    cdef Py_ssize_t k
    cdef int32_t id
    for k in range(n):
        id = wild_id(w, &moves[k])
        if id < 0:
            return -1 - k
        out[k] = id
    if can_pass:
        out[n] = w.start[w.plain.pass_id]
        n += 1
    # (the generators' order is not the ids')
    qsort(out, n, sizeof(int32_t), ascending)
    return n
