# Move generation kernels (see movegen.pxd for the contract).
#
# A response is "the generator of the previous move's kind, restricted to its length and to
# higher main ranks", plus bombs and the rocket, and under super-bomb shuttles every shuttle
# (GENERATORS, near the end).

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memset

from .bits cimport (
    DDZ_DEBUG, c_assert, emit, hand_init, move_head, move_wild, pop_lsb, popcount32, rank_block,
)
from .combos cimport beats
from .typedefs cimport (
    ALL_RANKS, CHAIN_RANKS, JOKER_RANKS, JOKERS, KIND_BOMB, KIND_FOUR_TWO_PAIRS, KIND_FOUR_TWO_SINGLES,
    KIND_PAIR, KIND_PAIR_CHAIN, KIND_PLANE, KIND_PLANE_PAIRS, KIND_PLANE_SINGLES, KIND_ROCKET,
    KIND_LONG_BOMB, KIND_SHAPES, KIND_SHUTTLE, KIND_SHUTTLE_PAIRS, KIND_SHUTTLE_SINGLES, KIND_SHUTTLE_TWO_PAIRS,
    KIND_SHUTTLE_TWO_SINGLES, KIND_SINGLE, KIND_STRAIGHT, KIND_TRIO, KIND_TRIO_PAIR,
    KIND_TRIO_SINGLE, MAX_HAND_CARDS, MAX_MOVES, N_KINDS, N_RANKS, RANK_ACE, RANK_BLACK_JOKER,
    RANK_RED_JOKER, RANK_TWO, WILD_PURE, ddz_hand, ddz_kind_shape, ddz_move, ddz_rules, ddz_wilds,
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
                                int top, uint64_t base, uint64_t wild, ddz_move* out) noexcept nogil:
    """Every plane or shuttle with wings on the trios or quads of `base` (ranks
    top-length+1 .. top): kickers_per_rank x length singles or pairs of other ranks. `wild`:
    the wild-card fields of the moves' heads (move_wild), 0 in other games."""
    cdef const ddz_kind_shape* shape = &KIND_SHAPES[kind]
    cdef bint singles = shape.kicker_size == 1
    cdef bint distinct = not singles or (rules.distinct_single_kickers >> kind) & 1
    cdef uint32_t others = ~(((<uint32_t>1 << length) - 1) << (top - length + 1))
    cdef uint64_t head = move_head(kind, length, top) | wild
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
                out = gen_wings(h, rules, kind, L, s + L - 1, block << (4 * s), 0, out)
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
                out = gen_wings(h, rules, kind, L, s + L - 1, block << (4 * s), 0, out)
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


cdef ddz_move* gen_long_bomb_kind(const ddz_hand* h, const ddz_rules* rules, int length,
                                 int min_main, ddz_move* out) noexcept nogil:
    return out          # (natural cards hold four of a rank at most: gen_wild_kind makes them)


cdef kind_generator GENERATORS[N_KINDS]
GENERATORS[:] = [
    gen_single_kind, gen_pair_kind, gen_trio_kind, gen_trio_single_kind, gen_trio_pair_kind,
    gen_straight_kind, gen_pair_chain_kind, gen_plane_kind, gen_plane_singles_kind,
    gen_plane_pairs_kind, gen_four_two_singles_kind, gen_four_two_pairs_kind, gen_bomb_kind,
    gen_rocket_kind, gen_shuttle_kind, gen_shuttle_singles_kind, gen_shuttle_pairs_kind,
    gen_shuttle_two_singles_kind, gen_shuttle_two_pairs_kind, gen_long_bomb_kind,
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
        for k in range(KIND_SHUTTLE, KIND_LONG_BOMB):
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
            for shuttle in range(KIND_SHUTTLE, KIND_LONG_BOMB):
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


# Wild cards (RULES.md 10). A move is a main part realised from the hand's own cards and
# wild cards standing in for others, then the kickers of its kind from what the hand keeps
# (a wild kicker is its own rank, so kickers come from the standard generators above). The
# main part is realised rank by rank: how many of the rank's cards are the hand's own
# (natural, or wild cards of that very rank), the rest substitutes; a main part of one rank
# keeps at least one own card, and a single is always its own rank.

ctypedef struct wild_hand:
    const ddz_hand* h         # the whole hand
    ddz_move* end             # no main part's moves start past it (the buffer's room)
    bint full                 # ... one would have: the moves are not all there
    const ddz_rules* rules
    uint64_t natural          # its cards that are not wild
    uint32_t nat[5]           # nat[j]: the ranks of which `natural` holds at least j cards
    int rank[2]               # the wild ranks (N_RANKS for a second that does not exist)
    int pool[2]               # the wild cards held of each
    int n_wild                # pool[0] + pool[1]


ctypedef struct wild_target:  # the main part to realise
    int kind
    int length
    int top                   # its highest rank; it starts at top - length + 1
    int unit                  # cards per rank
    int least_own             # own cards each rank keeps (1 for one rank, 0 in chains)


ctypedef struct wild_part:    # a main part being realised
    uint64_t cards            # its represented cards so far
    uint64_t stand_ins        # the cards substitutes stand for
    uint32_t substitutes      # ... as ddz_move.substitutes
    int n_subs
    int own[2]                # wild cards used as their own rank, per wild rank
    int by_second             # substitutes that must be second-rank wild cards (they stand
    int by_first              # for the first wild rank), and first-rank ones (for the second)


cdef ddz_move* wild_kickers(wild_hand* g, const wild_target* t, const wild_part* p,
                            int second, ddz_move* out) noexcept nogil:
    """The moves of a realised main part with `second` of its substitutes played by
    second-rank wild cards: alone, or with every choice of kickers from the cards it leaves
    (at most MAX_MOVES: the kickers of one main part are among a hand's standard moves)."""
    cdef const ddz_kind_shape* shape = &KIND_SHAPES[t.kind]
    cdef int k = p.n_subs, r = t.top
    cdef bint pure = ((t.kind == KIND_BOMB or t.kind == KIND_LONG_BOMB)
                      and (r == g.rank[0] or r == g.rank[1]))
    cdef uint64_t wild = move_wild(second | (WILD_PURE if pure else 0), p.substitutes)
    cdef uint64_t head = move_head(t.kind, t.length, r) | wild
    cdef uint64_t used
    cdef uint32_t others = ~(<uint32_t>1 << r)
    cdef ddz_hand rest
    cdef bint distinct
    if out > g.end:
        g.full = True
        return out
    if shape.kicker_size == 0:
        return emit(out, head, p.cards)
    used = p.cards - p.stand_ins + (<uint64_t>(k - second) << (4 * g.rank[0]))
    if second:
        used += <uint64_t>second << (4 * g.rank[1])
    hand_init(&rest, g.h.cards - used)
    if t.kind == KIND_TRIO_SINGLE:
        return emit_per_rank(out, head, 0, p.cards, 1, rest.m1 & others)
    if t.kind == KIND_TRIO_PAIR:
        return gen_sparse_ranks(out, head, 0, p.cards, 2, rest.m2 & others)
    if t.kind == KIND_FOUR_TWO_SINGLES or t.kind == KIND_FOUR_TWO_PAIRS:
        distinct = t.kind == KIND_FOUR_TWO_PAIRS or (g.rules.distinct_single_kickers >> t.kind) & 1
        return emit_two_kickers(out, head, p.cards, shape.kicker_size,
                                (rest.m1 if shape.kicker_size == 1 else rest.m2) & others,
                                0 if distinct else rest.m2 & others, not g.rules.rocket_kickers)
    return gen_wings(&rest, g.rules, t.kind, t.length, r, p.cards, wild, out)


cdef inline ddz_move* wild_finish(wild_hand* g, const wild_target* t, wild_part* p,
                                  ddz_move* out) noexcept nogil:
    """The moves of a realised main part: for each choice of the wild cards that play its
    substitutes, as many second-rank ones as the cards allow. Where cards of one wild rank
    stand for the other's, no card of the other substitutes (it would stand for its own rank
    instead: the same cards, the same move)."""
    cdef int k = p.n_subs, second
    cdef int lo = max(p.by_second, k + p.own[0] - g.pool[0], k if p.by_second else 0)
    cdef int hi = min(k - p.by_first, g.pool[1] - p.own[1], 0 if p.by_first else k)
    for second in range(lo, hi + 1):
        out = wild_kickers(g, t, p, second, out)
    return out


cdef inline int wild_deficit(const wild_hand* g, uint32_t ranks, int unit) noexcept nogil:
    """The wild cards a main part of `unit` cards on each of `ranks` needs at least."""
    cdef int j, need = 0
    for j in range(1, unit + 1):
        need += popcount32(ranks & ~g.nat[j])
    return need


cdef ddz_move* wild_realise(wild_hand* g, const wild_target* t, int r, wild_part* p,
                            ddz_move* out) noexcept nogil:
    """Every way to realise the ranks r..top of the main part after `p`, which it changes and
    restores: a part copied for each call stalled on store forwarding (a third of the time)."""
    cdef int slot, own, lo, hi, subs, spare, i
    cdef int n_before
    cdef uint32_t rest, substitutes_before
    cdef uint64_t block
    if r > t.top:
        return wild_finish(g, t, p, out)
    spare = g.n_wild - p.own[0] - p.own[1] - p.n_subs      # wild cards not used yet
    rest = ((<uint32_t>1 << (t.top + 1)) - 1) & ~((<uint32_t>1 << r) - 1)
    if t.unit <= 4 and wild_deficit(g, rest, t.unit) > spare:
        return out          # (the ranks left need more wild cards than are left: a dead end)
    if spare == 0:          # the rest of the part is natural cards, or there is none
        if t.unit > 4:      # (a long bomb: more of a rank than natural cards hold)
            return out
        block = rank_block(t.top, t.top - r + 1) * <uint64_t>t.unit
        p.cards += block
        out = wild_finish(g, t, p, out)
        p.cards -= block
        return out
    slot = 0 if r == g.rank[0] else 1 if r == g.rank[1] else -1
    if slot < 0:
        hi = min(t.unit, <int>((g.natural >> (4 * r)) & 0xF))
        lo = max(t.unit - spare, t.least_own)
    else:
        if t.unit > spare:      # every card of a wild rank is a wild card
            return out
        hi = min(t.unit, g.pool[slot] - p.own[slot])
        lo = t.least_own
    substitutes_before = p.substitutes
    n_before = p.n_subs
    p.cards += <uint64_t>t.unit << (4 * r)
    for own in range(hi, lo - 1, -1):       # the hand's own cards first
        subs = t.unit - own
        if slot >= 0 and subs > g.pool[1 - slot]:
            break           # (they would be the other wild rank's cards: too few of them)
        p.stand_ins += <uint64_t>subs << (4 * r)
        for i in range(subs):
            p.substitutes |= <uint32_t>(r + 1) << (4 * (n_before + i))
        p.n_subs = n_before + subs
        if slot == 0:
            p.own[0] += own
            p.by_second += subs
        elif slot == 1:
            p.own[1] += own
            p.by_first += subs
        out = wild_realise(g, t, r + 1, p, out)
        if slot == 0:
            p.own[0] -= own
            p.by_second -= subs
        elif slot == 1:
            p.own[1] -= own
            p.by_first -= subs
        p.stand_ins -= <uint64_t>subs << (4 * r)
        p.substitutes = substitutes_before
    p.n_subs = n_before
    p.cards -= <uint64_t>t.unit << (4 * r)
    return out


cdef ddz_move* wild_straights(wild_hand* g, const wild_target* t, uint32_t window,
                             ddz_move* out) noexcept nogil:
    """wild_realise of a straight on `window`, which holds no wild rank, without its recursion
    (straights are most of a hand's main parts). A rank the hand lacks is a substitute; any
    set S of the others may be too, while wild cards last. wild_realise tries rank by rank
    from the lowest, its own card first: S in the order of a counter whose highest bit is the
    lowest such rank, skipping counts with more bits than wild cards to spare."""
    cdef uint32_t lacking = window & ~g.nat[1]
    cdef uint32_t held = window & g.nat[1]
    cdef int spare = g.n_wild - popcount32(lacking)
    cdef int m = popcount32(held), j, k
    cdef int ranks[12]                  # (a straight has at most 12 ranks, 3..A)
    cdef uint32_t c = 0, end = <uint32_t>1 << m, subs, rest
    cdef wild_part p
    if spare < 0:                       # (the caller checked the window: cannot happen)
        return out
    rest = held
    for j in range(m):                  # ranks[j]: bit m - 1 - j of the counter
        ranks[j] = pop_lsb(&rest)
    memset(&p, 0, sizeof(p))
    p.cards = rank_block(t.top, t.length)
    while c < end:
        if popcount32(c) > spare:       # (every count up to c + its lowest bit has as many)
            c += c & (~c + 1)
            continue
        subs = lacking
        for j in range(m):
            if (c >> (m - 1 - j)) & 1:
                subs |= <uint32_t>1 << ranks[j]
        p.n_subs = popcount32(subs)
        p.substitutes = 0
        p.stand_ins = 0
        k = 0
        while subs:                     # (ascending, a nibble each: rank + 1)
            j = pop_lsb(&subs)
            p.substitutes |= <uint32_t>(j + 1) << (4 * k)
            p.stand_ins += <uint64_t>1 << (4 * j)
            k += 1
        out = wild_finish(g, t, &p, out)
        c += 1
    return out


cdef ddz_move* gen_wild_kind(wild_hand* g, int kind, int length, int min_main,
                             ddz_move* out) noexcept nogil:
    """gen_kind with wild cards."""
    cdef const ddz_kind_shape* shape = &KIND_SHAPES[kind]
    cdef wild_target t
    cdef wild_part empty
    cdef int r, s, L, own
    cdef uint32_t window
    cdef bint any_window
    if not (g.rules.kinds >> kind) & 1:
        return out
    if kind == KIND_SINGLE:
        return gen_same_rank(g.h, KIND_SINGLE, 1, min_main, out)
    if kind == KIND_ROCKET:
        return gen_rocket(g.h, min_main, out)
    memset(&empty, 0, sizeof(empty))
    if kind == KIND_LONG_BOMB:          # n cards of rank r: its own (one at least) and wild ones
        t.kind = kind
        t.least_own = 1
        for r in range(RANK_TWO + 1):
            if not (g.h.m1 >> r) & 1:
                continue
            t.top = r
            own = <int>((g.natural >> (4 * r)) & 0xF)       # (0 for a wild rank)
            for L in range(shape.min_length, min(shape.max_length, own + g.n_wild) + 1):
                t.length = t.unit = L
                out = wild_realise(g, &t, r, &empty, out)
        return out
    t.kind = kind
    t.unit = shape.unit
    if shape.max_length == 1:
        t.length = 1
        t.least_own = 1
        for r in range(min_main if min_main > 0 else 0, RANK_TWO + 1):
            if ((g.h.m1 >> r) & 1) and wild_deficit(g, <uint32_t>1 << r, t.unit) <= g.n_wild:
                t.top = r
                out = wild_realise(g, &t, r, &empty, out)
        return out
    t.least_own = 0
    L = shape.min_length if length == 0 else length
    while L <= 12 and L * t.unit <= g.h.n:
        t.length = L
        any_window = False
        for s in range(0, RANK_ACE - L + 2):
            window = ((<uint32_t>1 << L) - 1) << s
            if wild_deficit(g, window, t.unit) > g.n_wild:
                continue
            any_window = True
            if s + L - 1 >= min_main:
                t.top = s + L - 1
                if t.unit == 1 and not window & ((<uint32_t>1 << g.rank[0])
                                                 | (<uint32_t>1 << g.rank[1])):
                    out = wild_straights(g, &t, window, out)
                else:
                    out = wild_realise(g, &t, s, &empty, out)
        if length or not any_window:     # (no window of L ranks: none of more either)
            break
        L += 1
    return out


cdef ddz_move* gen_wild_moves(const ddz_hand* h, const ddz_move* prev, const ddz_rules* rules,
                              ddz_wilds wilds, ddz_move* out, Py_ssize_t room) noexcept nogil:
    cdef wild_hand g
    cdef int k, slot, r, j
    cdef ddz_move* start
    cdef ddz_move* kept
    cdef ddz_hand natural
    if DDZ_DEBUG:
        c_assert(room >= 2 * MAX_MOVES and h.n <= MAX_HAND_CARDS)
    g.h = h
    g.rules = rules
    g.end = out + room - (MAX_MOVES + 1)      # (one main part's kickers: at most MAX_MOVES)
    g.full = False
    g.natural = h.cards
    g.n_wild = 0
    for slot in range(2):
        r = wilds.rank[slot]
        if r > RANK_TWO:
            g.rank[slot] = N_RANKS
            g.pool[slot] = 0
        else:
            g.rank[slot] = r
            g.pool[slot] = <int>((h.cards >> (4 * r)) & 0xF)
            g.natural &= ~(<uint64_t>0xF << (4 * r))
            g.n_wild += g.pool[slot]
    hand_init(&natural, g.natural)
    g.nat[0] = ALL_RANKS
    g.nat[1] = natural.m1
    g.nat[2] = natural.m2
    g.nat[3] = natural.m3
    g.nat[4] = natural.m4
    if prev == NULL or prev.length == 0:
        for k in range(KIND_ROCKET + 1):
            out = gen_wild_kind(&g, k, 0, 0, out)
        out = gen_wild_kind(&g, KIND_LONG_BOMB, 0, 0, out)
        return NULL if g.full else out
    k = prev.kind
    if k != KIND_BOMB and k != KIND_ROCKET and k != KIND_LONG_BOMB:
        out = gen_wild_kind(&g, k, prev.length, prev.main + 1, out)
    # Bombs and the rocket: which of them beat the previous move depends on their tiers.
    start = kept = out
    out = gen_wild_kind(&g, KIND_BOMB, 0, 0, out)
    out = gen_wild_kind(&g, KIND_ROCKET, 0, 0, out)
    out = gen_wild_kind(&g, KIND_LONG_BOMB, 0, 0, out)
    for j in range(out - start):
        if beats(&start[j], prev, rules):
            kept[0] = start[j]
            kept += 1
    return NULL if g.full else kept
