# Move generation kernels (see movegen.pxd for the contract).
#
# A response is "the generator of the previous move's kind, restricted to its length and to
# higher main ranks", plus bombs and the rocket, and under super-bomb shuttles every shuttle
# (GENERATORS, near the end).

from libc.stdint cimport uint8_t, uint32_t, uint64_t

from .bits cimport DDZ_DEBUG, c_assert, emit, move_head, pop_lsb, rank_block
from .typedefs cimport (
    CHAIN_RANKS, JOKER_RANKS, JOKERS, KIND_BOMB, KIND_FOUR_TWO_PAIRS, KIND_FOUR_TWO_SINGLES,
    KIND_PAIR, KIND_PAIR_CHAIN, KIND_PLANE, KIND_PLANE_PAIRS, KIND_PLANE_SINGLES, KIND_ROCKET,
    KIND_SHAPES, KIND_SHUTTLE, KIND_SHUTTLE_PAIRS, KIND_SHUTTLE_SINGLES, KIND_SHUTTLE_TWO_PAIRS,
    KIND_SHUTTLE_TWO_SINGLES, KIND_SINGLE, KIND_STRAIGHT, KIND_TRIO, KIND_TRIO_PAIR,
    KIND_TRIO_SINGLE, MAX_HAND_CARDS, MAX_MOVES, N_KINDS, N_RANKS, RANK_ACE, RANK_BLACK_JOKER,
    RANK_RED_JOKER, ddz_hand, ddz_kind_shape, ddz_move, ddz_rules,
)

cdef inline uint32_t ranks_from(int rank) noexcept nogil:
    """The ranks >= rank, as a mask (rank < 32; a negative rank means all)."""
    return <uint32_t>0xFFFFFFFF << (rank if rank > 0 else 0)


cdef inline ddz_move* emit_per_rank(ddz_move* out, uint64_t head, uint64_t head_step,
                                    uint64_t base, uint64_t unit, uint32_t ranks) noexcept nogil:
    """For every rank r in `ranks`: the move head + r*head_step with cards base + (unit << 4r).

    Branch-free for dense masks: every slot is written and the end advances by the rank's
    bit, so one slot past the returned end may be overwritten (buffers have room).
    """
    cdef int r
    for r in range(N_RANKS):
        out = emit(out, head + <uint64_t>r * head_step, base + (unit << (4 * r))) - 1 + ((ranks >> r) & 1)
    return out


cdef inline ddz_move* gen_sparse_ranks(ddz_move* out, uint64_t head, uint64_t head_step,
                                       uint64_t base, uint64_t unit, uint32_t ranks) noexcept nogil:
    """emit_per_rank for masks of few ranks: a loop over the set bits only."""
    cdef int r
    while ranks:
        r = pop_lsb(&ranks)
        out = emit(out, head + <uint64_t>r * head_step, base + (unit << (4 * r)))
    return out


cdef inline uint32_t ranks_held(const ddz_hand* h, int count) noexcept nogil:
    """The ranks held at least `count` times (1..4)."""
    return h.m1 if count == 1 else h.m2 if count == 2 else h.m3 if count == 3 else h.m4


cdef inline ddz_move* gen_same_rank(const ddz_hand* h, int kind, int count, int min_main,
                                    ddz_move* out) noexcept nogil:
    """single, pair, trio, bomb: `count` cards of one rank."""
    cdef uint32_t ranks = ranks_held(h, count) & ranks_from(min_main)
    if count <= 2:      # most ranks are held once or twice, few three or four times
        return emit_per_rank(out, move_head(kind, 1, 0), move_head(0, 0, 1), 0, count, ranks)
    return gen_sparse_ranks(out, move_head(kind, 1, 0), move_head(0, 0, 1), 0, count, ranks)


cdef inline ddz_move* gen_rocket(const ddz_hand* h, int min_main, ddz_move* out) noexcept nogil:
    if (h.m1 & JOKER_RANKS) == JOKER_RANKS and min_main <= RANK_RED_JOKER:
        out = emit(out, move_head(KIND_ROCKET, 1, RANK_RED_JOKER), JOKERS)
    return out


cdef inline ddz_move* gen_trio_with(const ddz_hand* h, int kind, int kicker_count, int min_main,
                                    ddz_move* out) noexcept nogil:
    """trio_single, trio_pair: a trio and `kicker_count` cards of another rank."""
    cdef uint32_t trios = h.m3 & ranks_from(min_main), kickers
    cdef int t
    while trios:
        t = pop_lsb(&trios)
        kickers = ranks_held(h, kicker_count) & ~(<uint32_t>1 << t)
        if kicker_count == 1:
            out = emit_per_rank(out, move_head(kind, 1, t), 0, <uint64_t>3 << (4 * t), 1, kickers)
        else:
            out = gen_sparse_ranks(out, move_head(kind, 1, t), 0, <uint64_t>3 << (4 * t), 2, kickers)
    return out


cdef inline ddz_move* emit_two_kickers(ddz_move* out, uint64_t head, uint64_t base, int size,
                                       uint32_t ranks, uint32_t reusable,
                                       bint forbid_rocket) noexcept nogil:
    """`base` plus two kickers of `size` cards (singles or pairs) of `ranks`, of two different
    ranks or twice a rank of `reusable`."""
    cdef int r1, r2
    cdef uint32_t seconds
    cdef uint64_t first
    while ranks:
        r1 = pop_lsb(&ranks)
        first = base + (<uint64_t>size << (4 * r1))
        if (reusable >> r1) & 1:
            out = emit(out, head, first + (<uint64_t>size << (4 * r1)))
        seconds = ranks
        if r1 == RANK_BLACK_JOKER and forbid_rocket:
            seconds = 0    # the only higher rank is the red joker
        while seconds:
            r2 = pop_lsb(&seconds)
            out = emit(out, head, first + (<uint64_t>size << (4 * r2)))
    return out


cdef inline ddz_move* gen_four_two(const ddz_hand* h, const ddz_rules* rules, int kind, int min_main,
                                   ddz_move* out) noexcept nogil:
    """four_two_singles, four_two_pairs: a quad and two singles, or two pairs, of other ranks."""
    cdef uint32_t quads = h.m4 & ranks_from(min_main), others
    cdef bint singles = kind == KIND_FOUR_TWO_SINGLES
    cdef bint distinct = not singles or (rules.distinct_single_kickers >> kind) & 1
    cdef int q
    while quads:
        q = pop_lsb(&quads)
        others = ~(<uint32_t>1 << q)
        out = emit_two_kickers(out, move_head(kind, 1, q), <uint64_t>4 << (4 * q), 1 if singles else 2,
                               (h.m1 if singles else h.m2) & others,
                               0 if distinct else h.m2 & others, not rules.rocket_kickers)
    return out


# Kickers of a plane of three or more trios: choose `need` items among candidate ranks, at
# most cap[i] times candidate i.
ctypedef struct kicker_choice:
    uint64_t head
    uint64_t unit[N_RANKS]       # cards one choice of candidate i adds
    uint8_t cap[N_RANKS]
    uint8_t room[N_RANKS + 1]    # sum of cap[i:]: prunes branches that cannot be filled
    bint forbid_rocket


cdef ddz_move* choose_kickers(const kicker_choice* c, int i, int need, uint64_t cards,
                              ddz_move* out) noexcept nogil:
    cdef int take
    if need == 0:
        if c.forbid_rocket and (cards & JOKERS) == JOKERS:
            return out
        return emit(out, c.head, cards)
    if c.room[i] < need:
        return out
    take = c.cap[i] if c.cap[i] < need else need
    while take >= 0:
        out = choose_kickers(c, i + 1, need - take, cards + <uint64_t>take * c.unit[i], out)
        take -= 1
    return out


cdef inline ddz_move* gen_wings(const ddz_hand* h, const ddz_rules* rules, int kind, int length,
                                int top, uint64_t base, ddz_move* out) noexcept nogil:
    """Every plane or shuttle with wings on the trios or quads of `base` (ranks
    top-length+1 .. top): kickers_per_rank x length singles or pairs of other ranks."""
    cdef const ddz_kind_shape* shape = &KIND_SHAPES[kind]
    cdef bint singles = shape.kicker_size == 1
    cdef bint distinct = not singles or (rules.distinct_single_kickers >> kind) & 1
    cdef uint32_t others = ~(((<uint32_t>1 << length) - 1) << (top - length + 1))
    cdef uint64_t head = move_head(kind, length, top)
    cdef uint32_t ranks = (h.m1 if singles else h.m2) & others
    cdef kicker_choice c
    cdef int r, cap, m = 0, i, size = shape.kicker_size, need = shape.kickers_per_rank * length
    if need == 2:
        return emit_two_kickers(out, head, base, size, ranks, 0 if distinct else h.m2 & others,
                                not rules.rocket_kickers)
    while ranks:
        r = pop_lsb(&ranks)
        cap = ((h.cards >> (4 * r)) & 0xF) // size
        if kind == KIND_PLANE_SINGLES:
            if cap > 3 and not rules.quad_wings:
                cap = 3
            if (cap > 2 and not rules.extending_wings and r <= RANK_ACE
                    and (r == top + 1 or r == top - length)):
                cap = 2
        c.unit[m] = <uint64_t>size << (4 * r)
        c.cap[m] = 1 if distinct else cap
        m += 1
    c.room[m] = 0
    for i in range(m - 1, -1, -1):
        c.room[i] = c.room[i + 1] + c.cap[i]
    c.head = head
    c.forbid_rocket = not rules.rocket_kickers      # (pairs never hold a joker)
    return choose_kickers(&c, 0, need, base, out)


cdef inline uint32_t chain_starts(uint32_t units, int length) noexcept nogil:
    """Bit s set: ranks s .. s+length-1 are all in `units` (which holds chain ranks only).

    Runs of 1, 2, 4 and 8 ranks are combined by the bits of `length` (1 <= length <= 15),
    without a loop whose length depends on it.
    """
    cdef uint32_t run1 = units
    cdef uint32_t run2 = run1 & (run1 >> 1)
    cdef uint32_t run4 = run2 & (run2 >> 2)
    cdef uint32_t run8 = run4 & (run4 >> 4)
    cdef uint32_t run = 0xFFFFFFFF
    cdef int shift = 0
    if length & 1:
        run &= run1
        shift = 1
    if length & 2:
        run &= run2 >> shift
        shift += 2
    if length & 4:
        run &= run4 >> shift
        shift += 4
    if length & 8:
        run &= run8 >> shift
    return run


cdef inline ddz_move* gen_chains(const ddz_hand* h, const ddz_rules* rules, int kind,
                                 uint32_t units, int unit, int min_length, int length,
                                 int min_main, ddz_move* out) noexcept nogil:
    """Chains of `unit` cards per rank; planes with wings get their kickers here too."""
    cdef bint wings = kind == KIND_PLANE_SINGLES or kind == KIND_PLANE_PAIRS
    cdef int L = min_length if length == 0 else length, s
    cdef uint32_t starts
    cdef uint64_t block
    units &= CHAIN_RANKS
    cdef uint32_t run = chain_starts(units, L)    # starts of the chains of length L
    while run:
        starts = run & ranks_from(min_main - L + 1)
        block = rank_block(L - 1, L) * <uint64_t>unit
        while starts:
            s = pop_lsb(&starts)
            if wings:
                out = gen_wings(h, rules, kind, L, s + L - 1, block << (4 * s), out)
            else:
                out = emit(out, move_head(kind, L, s + L - 1), block << (4 * s))
        if length:
            break
        run &= units >> L
        L += 1
    return out


# One generator per kind, all with one signature (`length` 0: every length; `min_main`: the
# lowest main rank to produce), in a table indexed by kind code. Small functions dispatched by
# pointer answer random previous moves faster than one large switch does.
ctypedef ddz_move* (*kind_generator)(const ddz_hand* h, const ddz_rules* rules, int length,
                                     int min_main, ddz_move* out) noexcept nogil


cdef ddz_move* gen_single_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                               int min_main, ddz_move* out) noexcept nogil:
    return gen_same_rank(h, KIND_SINGLE, 1, min_main, out)


cdef ddz_move* gen_pair_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                             int min_main, ddz_move* out) noexcept nogil:
    return gen_same_rank(h, KIND_PAIR, 2, min_main, out)


cdef ddz_move* gen_trio_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                             int min_main, ddz_move* out) noexcept nogil:
    return gen_same_rank(h, KIND_TRIO, 3, min_main, out)


cdef ddz_move* gen_trio_single_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                                    int min_main, ddz_move* out) noexcept nogil:
    return gen_trio_with(h, KIND_TRIO_SINGLE, 1, min_main, out)


cdef ddz_move* gen_trio_pair_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                                  int min_main, ddz_move* out) noexcept nogil:
    return gen_trio_with(h, KIND_TRIO_PAIR, 2, min_main, out)


cdef ddz_move* gen_straight_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                                 int min_main, ddz_move* out) noexcept nogil:
    return gen_chains(h, rules, KIND_STRAIGHT, h.m1, 1, 5, length, min_main, out)


cdef ddz_move* gen_pair_chain_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                                   int min_main, ddz_move* out) noexcept nogil:
    return gen_chains(h, rules, KIND_PAIR_CHAIN, h.m2, 2, 3, length, min_main, out)


cdef ddz_move* gen_plane_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                              int min_main, ddz_move* out) noexcept nogil:
    return gen_chains(h, rules, KIND_PLANE, h.m3, 3, 2, length, min_main, out)


cdef ddz_move* gen_plane_singles_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                                      int min_main, ddz_move* out) noexcept nogil:
    return gen_chains(h, rules, KIND_PLANE_SINGLES, h.m3, 3, 2, length, min_main, out)


cdef ddz_move* gen_plane_pairs_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                                    int min_main, ddz_move* out) noexcept nogil:
    return gen_chains(h, rules, KIND_PLANE_PAIRS, h.m3, 3, 2, length, min_main, out)


cdef ddz_move* gen_four_two_singles_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                                         int min_main, ddz_move* out) noexcept nogil:
    return gen_four_two(h, rules, KIND_FOUR_TWO_SINGLES, min_main, out)


cdef ddz_move* gen_four_two_pairs_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                                       int min_main, ddz_move* out) noexcept nogil:
    return gen_four_two(h, rules, KIND_FOUR_TWO_PAIRS, min_main, out)


cdef ddz_move* gen_bomb_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                             int min_main, ddz_move* out) noexcept nogil:
    return gen_same_rank(h, KIND_BOMB, 4, min_main, out)


cdef ddz_move* gen_rocket_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                               int min_main, ddz_move* out) noexcept nogil:
    return gen_rocket(h, min_main, out)


cdef ddz_move* gen_shuttles(int kind, const ddz_hand* h, const ddz_rules* rules, int length,
                            int min_main, ddz_move* out) noexcept nogil:
    """The shuttles of one kind: runs of quads in 3..A, of every length (`length` 0) or of that
    length, bare or with wings. Not by gen_chains: called from here too, the compiler stops
    inlining it into the other chains' generators, which makes every lead 12% slower."""
    cdef const ddz_kind_shape* shape = &KIND_SHAPES[kind]
    cdef uint32_t quads = h.m4 & CHAIN_RANKS, run, starts
    cdef int L = shape.min_length if length == 0 else length, s
    cdef uint64_t block
    run = chain_starts(quads, L)
    while run:                      # (no run of L quads: none longer either)
        starts = run & ranks_from(min_main - L + 1)
        block = rank_block(L - 1, L) * <uint64_t>4
        while starts:
            s = pop_lsb(&starts)
            if shape.kicker_size:
                out = gen_wings(h, rules, kind, L, s + L - 1, block << (4 * s), out)
            else:
                out = emit(out, move_head(kind, L, s + L - 1), block << (4 * s))
        if length:
            break
        L += 1
        run = chain_starts(quads, L)
    return out


cdef ddz_move* gen_shuttle_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                                int min_main, ddz_move* out) noexcept nogil:
    return gen_shuttles(KIND_SHUTTLE, h, rules, length, min_main, out)


cdef ddz_move* gen_shuttle_singles_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                                        int min_main, ddz_move* out) noexcept nogil:
    return gen_shuttles(KIND_SHUTTLE_SINGLES, h, rules, length, min_main, out)


cdef ddz_move* gen_shuttle_pairs_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                                      int min_main, ddz_move* out) noexcept nogil:
    return gen_shuttles(KIND_SHUTTLE_PAIRS, h, rules, length, min_main, out)


cdef ddz_move* gen_shuttle_two_singles_kind(const ddz_hand* h, const ddz_rules* rules,
                                            int length, int min_main,
                                            ddz_move* out) noexcept nogil:
    return gen_shuttles(KIND_SHUTTLE_TWO_SINGLES, h, rules, length, min_main, out)


cdef ddz_move* gen_shuttle_two_pairs_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                                          int min_main, ddz_move* out) noexcept nogil:
    return gen_shuttles(KIND_SHUTTLE_TWO_PAIRS, h, rules, length, min_main, out)


cdef kind_generator GENERATORS[N_KINDS]
GENERATORS[:] = [
    gen_single_kind, gen_pair_kind, gen_trio_kind, gen_trio_single_kind, gen_trio_pair_kind,
    gen_straight_kind, gen_pair_chain_kind, gen_plane_kind, gen_plane_singles_kind,
    gen_plane_pairs_kind, gen_four_two_singles_kind, gen_four_two_pairs_kind, gen_bomb_kind,
    gen_rocket_kind, gen_shuttle_kind, gen_shuttle_singles_kind, gen_shuttle_pairs_kind,
    gen_shuttle_two_singles_kind, gen_shuttle_two_pairs_kind,
]


cdef ddz_move* gen_kind(int kind, const ddz_hand* h, const ddz_rules* rules, int length,
                        int min_main, ddz_move* out) noexcept nogil:
    if (rules.kinds >> kind) & 1:
        return GENERATORS[kind](h, rules, length, min_main, out)
    return out


cdef ddz_move* gen_leads(const ddz_hand* h, const ddz_rules* rules, ddz_move* out) noexcept nogil:
    cdef int k
    cdef ddz_move* start = out
    if DDZ_DEBUG:
        c_assert(h.n <= MAX_HAND_CARDS)     # the contract that bounds the moves by MAX_MOVES
    for k in range(KIND_ROCKET + 1):
        out = gen_kind(k, h, rules, 0, 0, out)
    if rules.kinds >> KIND_SHUTTLE:         # (a variant: the default game skips them at once)
        for k in range(KIND_SHUTTLE, N_KINDS):
            out = gen_kind(k, h, rules, 0, 0, out)
    if DDZ_DEBUG:
        c_assert(out - start <= MAX_MOVES)
    return out


cdef ddz_move* gen_responses(const ddz_hand* h, const ddz_move* prev, const ddz_rules* rules,
                             ddz_move* out) noexcept nogil:
    # In kind code order: the previous move's kind (below the rocket), bombs, the rocket, then
    # shuttles (every one where they are super-bombs, else those of the previous move's kind).
    cdef int k = prev.kind, shuttle
    cdef ddz_move* start = out
    if DDZ_DEBUG:
        c_assert(h.n <= MAX_HAND_CARDS and k < N_KINDS)     # prev is a reading
    if k == KIND_ROCKET:
        return out          # nothing beats the rocket
    if k < KIND_ROCKET:
        out = gen_kind(k, h, rules, prev.length, prev.main + 1, out)
        if k != KIND_BOMB and (rules.kinds >> KIND_BOMB) & 1:
            out = gen_same_rank(h, KIND_BOMB, 4, 0, out)
        if (rules.kinds >> KIND_ROCKET) & 1:
            out = gen_rocket(h, 0, out)
        if rules.shuttle_bomb:
            for shuttle in range(KIND_SHUTTLE, N_KINDS):
                out = gen_kind(shuttle, h, rules, 0, 0, out)
    else:                   # a shuttle
        if not rules.shuttle_bomb and (rules.kinds >> KIND_BOMB) & 1:
            out = gen_same_rank(h, KIND_BOMB, 4, 0, out)
        if (rules.kinds >> KIND_ROCKET) & 1:
            out = gen_rocket(h, 0, out)
        out = gen_kind(k, h, rules, prev.length, prev.main + 1, out)
    if DDZ_DEBUG:
        c_assert(out - start <= MAX_MOVES)
    return out
