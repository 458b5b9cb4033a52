# Move generation of the four-player game on two decks (see two_decks.pxd).

from libc.stdint cimport uint32_t, uint64_t

from .bits cimport (
    DDZ_DEBUG, c_assert, emit, gather_nibble_bits, move_head, pop_lsb, popcount32, rank_block,
)
from .typedefs cimport (
    ALL_RANKS, CHAIN_RANKS, JOKER_NIBBLES, JOKER_RANKS, KIND_BOMB, KIND_LONG_BOMB, KIND_PAIR, KIND_SHAPES,
    NIBBLE_LSB,
    KIND_PAIR_CHAIN, KIND_PLANE, KIND_PLANE_PAIRS, KIND_PLANE_SINGLES, KIND_ROCKET, KIND_SINGLE,
    KIND_STRAIGHT, KIND_TRIO, KIND_TRIO_PAIR, KIND_TRIO_SINGLE, N_KINDS, N_RANKS, RANK_ACE,
    RANK_BLACK_JOKER, RANK_RED_JOKER, ddz_kind_shape, ddz_move, ddz_rules,
)

cdef extern from *:
    """
    #define DDZ_FOUR_JOKERS 0x0220000000000000ULL   /* two black and two red jokers */
    #define DDZ_TWO_DECKS 0x0228888888888888ULL     /* the 108 cards: eight of 3..2, the jokers */
    """
    const uint64_t FOUR_JOKERS "DDZ_FOUR_JOKERS"
    const uint64_t TWO_DECKS "DDZ_TWO_DECKS"

cdef enum:
    MOST_OF_A_RANK = 8
    RANKS_3_TO_2 = 0x1FFF         # the ranks of which a deck has more than one card
    READING_ROOM = 16             # the moves of one kind a move's own cards make (is_two_deck_reading)


ctypedef struct two_deck_hand:
    ddz_move* out
    ddz_move* end                 # the buffer's end: no move is written at or past it
    bint full                     # ... one would have been: the moves are not all there
    const ddz_rules* rules
    uint64_t cards
    uint32_t at_least[MOST_OF_A_RANK + 1]   # at_least[k]: the ranks held k times or more
    uint32_t pairs                # the ranks a pair can be made of


cdef bint two_deck_cards_valid(uint64_t cards) noexcept nogil:
    cdef int r
    cdef uint64_t c
    if cards >> (4 * N_RANKS):
        return False
    for r in range(N_RANKS):
        c = (cards >> (4 * r)) & 0xF
        if c > (2 if r >= RANK_BLACK_JOKER else MOST_OF_A_RANK):
            return False
    return True


cdef bint two_deck_contains(uint64_t big, uint64_t small) noexcept nogil:
    cdef int r
    for r in range(N_RANKS):
        if (small >> (4 * r)) & 0xF > (big >> (4 * r)) & 0xF:
            return False
    return True


cdef void read_hand(two_deck_hand* g, uint64_t cards, const ddz_rules* rules,
                    ddz_move* out, Py_ssize_t room) noexcept nogil:
    g.out = out
    g.end = out + room
    g.full = False
    g.rules = rules
    g.cards = cards
    # The counts' binary digits, rank by rank (a count is at most 8: 1000 or below).
    cdef uint32_t b0 = gather_nibble_bits(cards & NIBBLE_LSB)
    cdef uint32_t b1 = gather_nibble_bits((cards >> 1) & NIBBLE_LSB)
    cdef uint32_t b2 = gather_nibble_bits((cards >> 2) & NIBBLE_LSB)
    cdef uint32_t b3 = gather_nibble_bits((cards >> 3) & NIBBLE_LSB)
    g.at_least[0] = ALL_RANKS
    g.at_least[1] = b0 | b1 | b2 | b3
    g.at_least[2] = b1 | b2 | b3
    g.at_least[3] = (b1 & b0) | b2 | b3
    g.at_least[4] = b2 | b3
    g.at_least[5] = b3 | (b2 & (b1 | b0))
    g.at_least[6] = b3 | (b2 & b1)
    g.at_least[7] = b3 | (b2 & b1 & b0)
    g.at_least[8] = b3
    g.pairs = g.at_least[2] & (RANKS_3_TO_2 | (JOKER_RANKS if rules.joker_pairs else 0))


cdef inline void put(two_deck_hand* g, int kind, int length, int main, uint64_t cards) noexcept nogil:
    """One move, if there is room (else the buffer is full)."""
    if g.out == g.end:
        g.full = True
    else:
        g.out = emit(g.out, move_head(kind, length, main), cards)


cdef inline bint reserve(two_deck_hand* g, Py_ssize_t n) noexcept nogil:
    """Room for `n` more moves, to emit them unchecked; else the buffer is full."""
    if g.end - g.out < n:
        g.full = True
    return not g.full


# BINOMIAL[n][k]: n choose k, for the ranks a plane's pairs come from (n <= 15); a table, not
# the divisions of a product (one a plane).
cdef Py_ssize_t BINOMIAL[N_RANKS + 1][N_RANKS + 1]
for _n in range(N_RANKS + 1):
    for _k in range(N_RANKS + 1):
        BINOMIAL[_n][_k] = 1 if _k == 0 else 0 if _n == 0 else BINOMIAL[_n - 1][_k - 1] + BINOMIAL[_n - 1][_k]


cdef inline uint32_t ranks_from(int rank) noexcept nogil:
    return ~((<uint32_t>1 << rank) - 1)


# The emitters keep the output pointer in a local: stores through it may alias g.out (the
# build does not assume strict aliasing), so writing g.out a move cost a load and a store.

cdef void same_rank(two_deck_hand* g, int kind, int length, uint32_t ranks, int n) noexcept nogil:
    """`n` cards of each of `ranks`."""
    cdef int r
    cdef ddz_move* out = g.out
    if not reserve(g, popcount32(ranks)):
        return
    while ranks:
        r = pop_lsb(&ranks)
        out = emit(out, move_head(kind, length, r), <uint64_t>n << (4 * r))
    g.out = out


cdef void trios_with(two_deck_hand* g, int kind, uint32_t trios) noexcept nogil:
    """A trio of each of `trios` with a single or a pair of another rank."""
    cdef int t, k, n = 1 if kind == KIND_TRIO_SINGLE else 2
    cdef uint32_t kickers
    cdef uint64_t head, trio
    cdef ddz_move* out
    while trios:
        t = pop_lsb(&trios)
        kickers = (g.at_least[1] if n == 1 else g.pairs) & ~(<uint32_t>1 << t)
        if not reserve(g, popcount32(kickers)):
            return
        head = move_head(kind, 1, t)
        trio = <uint64_t>3 << (4 * t)
        out = g.out
        while kickers:
            k = pop_lsb(&kickers)
            out = emit(out, head, trio + (<uint64_t>n << (4 * k)))
        g.out = out


cdef inline bint kickers_allowed(const two_deck_hand* g, uint64_t cards) noexcept nogil:
    """The kickers in `cards` (a plane's: its main part holds no joker) are not the four
    jokers, unless the rules allow it (RULES.md 11)."""
    return g.rules.rocket_kickers or (cards & JOKER_NIBBLES) != FOUR_JOKERS


cdef ddz_move* pair_wings(const two_deck_hand* g, ddz_move* out, uint64_t head, uint64_t cards,
                          uint32_t ranks, int need, bint check_jokers) noexcept nogil:
    """The plane `cards` with `need` more pairs of `ranks`, pairwise different, ascending,
    at `out`, into room reserved for them; the four jokers refused when `check_jokers`.
    Returns the end."""
    cdef int r, q
    cdef uint32_t rest
    cdef uint64_t last, first
    if need == 1:           # the last pair: a loop, not a call a move
        while ranks:
            r = pop_lsb(&ranks)
            last = cards + (<uint64_t>2 << (4 * r))
            if not check_jokers or kickers_allowed(g, last):
                out = emit(out, head, last)
        return out
    if need == 2 and not check_jokers:      # (most planes: two loops, not a call a pair)
        while ranks:
            r = pop_lsb(&ranks)
            first = cards + (<uint64_t>2 << (4 * r))
            rest = ranks
            while rest:
                q = pop_lsb(&rest)
                out = emit(out, head, first + (<uint64_t>2 << (4 * q)))
        return out
    while popcount32(ranks) >= need:
        r = pop_lsb(&ranks)
        out = pair_wings(g, out, head, cards + (<uint64_t>2 << (4 * r)), ranks, need - 1,
                         check_jokers)
    return out


cdef void plane_pairs(two_deck_hand* g, int length, int top, uint64_t main,
                      uint32_t ranks) noexcept nogil:
    """The plane `main` with every `length` pairs of `ranks`: room for all the combinations
    at once (kickers of both jokers' pairs checked only where `ranks` holds both)."""
    if not reserve(g, BINOMIAL[popcount32(ranks)][length]):
        return
    g.out = pair_wings(g, g.out, move_head(KIND_PLANE_PAIRS, length, top), main, ranks, length,
                       (ranks & JOKER_RANKS) == JOKER_RANKS and not g.rules.rocket_kickers)


cdef void single_wings(two_deck_hand* g, int length, int top, uint64_t cards, const int* most,
                       const int* left, int r, int need) noexcept nogil:
    """The plane `cards` with `need` more singles of the ranks r.. (at most most[s] of rank
    s; left[s]: the most of the ranks s..), the most of each rank first."""
    cdef int c
    if need == 0:
        if kickers_allowed(g, cards):
            put(g, KIND_PLANE_SINGLES, length, top, cards)
        return
    if left[r] < need or g.full:
        return
    for c in range(min(most[r], need), -1, -1):
        single_wings(g, length, top, cards + (<uint64_t>c << (4 * r)), most, left, r + 1,
                     need - c)


cdef void plane_singles(two_deck_hand* g, int length, int low, uint64_t main) noexcept nogil:
    """A plane on low..low+length-1 with its single kickers: none of its ranks, at most one
    of a rank under distinct_single_wings, three without quad_wings (RULES.md 5), two of the
    ranks next to it (in 3..A) without extending_wings."""
    cdef int most[N_RANKS]
    cdef int left[N_RANKS + 1]
    cdef int r
    cdef const ddz_rules* rules = g.rules
    for r in range(N_RANKS):
        most[r] = 0 if low <= r < low + length else <int>((g.cards >> (4 * r)) & 0xF)
        if (rules.distinct_single_kickers >> KIND_PLANE_SINGLES) & 1:
            most[r] = min(most[r], 1)
        if not rules.quad_wings:
            most[r] = min(most[r], 3)
        if not rules.extending_wings and (r == low - 1 or r == low + length) and r <= RANK_ACE:
            most[r] = min(most[r], 2)
    left[N_RANKS] = 0
    for r in range(N_RANKS - 1, -1, -1):
        left[r] = left[r + 1] + most[r]
    single_wings(g, length, low + length - 1, main, most, left, 0, length)


cdef void chains(two_deck_hand* g, int kind, int unit, int least, int length,
                 int min_main) noexcept nogil:
    """Chains of `unit` cards a rank on 3..A, of every length from `least` (or of `length`),
    with their kickers for planes with wings."""
    cdef uint32_t units = g.at_least[unit] & CHAIN_RANKS, window, starts, left
    cdef int L = least if length == 0 else length, s, top, i
    cdef uint64_t main, block
    cdef bint wings = kind == KIND_PLANE_SINGLES or kind == KIND_PLANE_PAIRS
    cdef ddz_move* out
    if L < least:
        return                      # (a chain shorter than its kind's shortest: none)
    starts = units                  # bit s: the ranks s..s+L-1 are all in units
    for i in range(1, L):
        starts &= units >> i
    while L <= RANK_ACE + 1:
        if not starts:
            break                   # (no chain of L ranks: none longer either)
        # the chains of L ranks ending at min_main or above: starts from min_main - L + 1
        left = starts & ranks_from(min_main - L + 1 if min_main >= L else 0)
        block = rank_block(L - 1, L) * <uint64_t>unit       # the chain of ranks 0..L-1
        if not wings:               # (one reservation for all, then no check a move)
            if not reserve(g, popcount32(left)):
                return
            out = g.out
            while left:
                s = pop_lsb(&left)
                out = emit(out, move_head(kind, L, s + L - 1), block << (4 * s))
            g.out = out
        while left:
            s = pop_lsb(&left)
            top = s + L - 1
            window = ((<uint32_t>1 << L) - 1) << s
            main = block << (4 * s)
            if kind == KIND_PLANE_SINGLES:
                plane_singles(g, L, s, main)
            else:
                plane_pairs(g, L, top, main, g.pairs & ~window)
        if length:
            break
        L += 1
        starts &= units >> (L - 1)  # (one rank more at the top of each chain)


cdef void gen_kind(two_deck_hand* g, int kind, int length, int min_main) noexcept nogil:
    """The moves of `kind` (none if the rules lack it) with main rank >= min_main, of every
    length (`length` 0) or of that length."""
    cdef uint32_t above = ranks_from(min_main)
    cdef int L
    if not (g.rules.kinds >> kind) & 1:
        return
    if kind == KIND_SINGLE:
        same_rank(g, kind, 1, g.at_least[1] & above, 1)
    elif kind == KIND_PAIR:
        same_rank(g, kind, 1, g.pairs & above, 2)
    elif kind == KIND_TRIO:
        same_rank(g, kind, 1, g.at_least[3] & RANKS_3_TO_2 & above, 3)
    elif kind == KIND_TRIO_SINGLE or kind == KIND_TRIO_PAIR:
        trios_with(g, kind, g.at_least[3] & RANKS_3_TO_2 & above)
    elif kind == KIND_STRAIGHT:
        chains(g, kind, 1, 5, length, min_main)
    elif kind == KIND_PAIR_CHAIN:
        chains(g, kind, 2, 3, length, min_main)
    elif kind == KIND_PLANE or kind == KIND_PLANE_SINGLES or kind == KIND_PLANE_PAIRS:
        chains(g, kind, 3, 2, length, min_main)
    elif kind == KIND_BOMB:
        same_rank(g, kind, 1, g.at_least[4] & RANKS_3_TO_2 & above, 4)
    elif kind == KIND_ROCKET:
        if (g.cards & JOKER_NIBBLES) == FOUR_JOKERS and min_main <= RANK_RED_JOKER:
            put(g, kind, 1, RANK_RED_JOKER, FOUR_JOKERS)
    elif kind == KIND_LONG_BOMB and (length == 0 or 5 <= length <= MOST_OF_A_RANK):
        for L in range(5 if length == 0 else length, (MOST_OF_A_RANK if length == 0 else length) + 1):
            same_rank(g, kind, L, g.at_least[L] & RANKS_3_TO_2 & above, L)


cdef inline bint is_bomb_kind(int kind) noexcept nogil:
    return kind == KIND_BOMB or kind == KIND_ROCKET or kind == KIND_LONG_BOMB


cdef ddz_move* gen_two_deck_moves(uint64_t cards, const ddz_move* prev, const ddz_rules* rules,
                                  ddz_move* out, Py_ssize_t room) noexcept nogil:
    cdef two_deck_hand g
    cdef ddz_move* start
    cdef ddz_move* kept
    cdef int k
    if DDZ_DEBUG:
        c_assert(rules.players == 4 and two_deck_cards_valid(cards))
    read_hand(&g, cards, rules, out, room)
    if prev == NULL or prev.length == 0:
        for k in range(KIND_ROCKET + 1):
            gen_kind(&g, k, 0, 0)
        gen_kind(&g, KIND_LONG_BOMB, 0, 0)
        return NULL if g.full else g.out
    if not is_bomb_kind(prev.kind):
        gen_kind(&g, prev.kind, prev.length, prev.main + 1)
    if not g.at_least[4] and (cards & JOKER_NIBBLES) != FOUR_JOKERS:
        return NULL if g.full else g.out       # (no bomb: most answers)
    # Bombs and the rocket: which of them beat the previous move depends on their sizes.
    start = kept = g.out
    gen_kind(&g, KIND_BOMB, 0, 0)
    gen_kind(&g, KIND_ROCKET, 0, 0)
    gen_kind(&g, KIND_LONG_BOMB, 0, 0)
    if g.full:
        return NULL
    while start < g.out:
        if two_deck_beats(start, prev, rules):
            kept[0] = start[0]
            kept += 1
        start += 1
    return kept


cdef inline int bomb_order(const ddz_move* m, const ddz_rules* rules) noexcept nogil:
    """A bomb's or the rocket's place among them, -1 for any other play: by size, then rank;
    or by the tiers of 4-5, 6, 7 and 8 cards, then rank, then size (RULES.md 11)."""
    cdef int size
    if m.kind == KIND_ROCKET:
        return 1 << 12
    if m.kind != KIND_BOMB and m.kind != KIND_LONG_BOMB:
        return -1
    size = 4 if m.kind == KIND_BOMB else m.length
    if rules.bomb_tiers:
        return (max(size - 5, 0) << 8) | (m.main << 4) | size
    return (size << 4) | m.main


cdef bint two_deck_beats(const ddz_move* a, const ddz_move* b, const ddz_rules* rules) noexcept nogil:
    cdef int a_bomb, b_bomb
    if a.length == 0 or b.length == 0:
        return a.length != 0            # a pass beats nothing; any play goes on an empty table
    a_bomb = bomb_order(a, rules)
    b_bomb = bomb_order(b, rules)
    if a_bomb >= 0 or b_bomb >= 0:
        return a_bomb > b_bomb
    return a.kind == b.kind and a.length == b.length and a.main > b.main


cdef inline int cards_of_shape(const ddz_move* m) noexcept nogil:
    """The number of cards a reading of m's kind and length holds."""
    cdef const ddz_kind_shape* shape = &KIND_SHAPES[m.kind]
    if m.kind == KIND_ROCKET:
        return 4
    if m.kind == KIND_LONG_BOMB:
        return m.length
    return (shape.unit + shape.kicker_size * shape.kickers_per_rank) * m.length


cdef bint is_two_deck_reading(const ddz_move* m, const ddz_rules* rules) noexcept nogil:
    cdef ddz_move found[READING_ROOM]
    cdef two_deck_hand g
    cdef ddz_move* f
    if (m.kind >= N_KINDS or m.length == 0 or m.main >= N_RANKS or m.wild or m.substitutes
            or not two_deck_cards_valid(m.cards) or two_deck_card_count(m.cards) != cards_of_shape(m)):
        return False
    # The moves of m's kind and length, main rank m.main or above, from m's own cards: each
    # takes all of them (they are as many as its shape holds), so its main part fixes it, and
    # they are at most one a chain's window (12) or a rank: READING_ROOM holds them all.
    read_hand(&g, m.cards, rules, found, READING_ROOM)
    gen_kind(&g, m.kind, m.length, m.main)
    if DDZ_DEBUG:
        c_assert(not g.full)
    f = found
    while f < g.out:
        if f.length == m.length and f.main == m.main and f.cards == m.cards:
            return True
        f += 1
    return False


cdef bint two_deck_move_is_legal(const ddz_move* m, uint64_t hand, const ddz_move* prev,
                                 bint can_pass, const ddz_rules* rules) noexcept nogil:
    if m.length == 0:
        return can_pass
    return (is_two_deck_reading(m, rules) and two_deck_contains(hand, m.cards)
            and (prev.length == 0 or two_deck_beats(m, prev, rules)))


cdef Py_ssize_t enumerate_two_deck_plays(const ddz_rules* rules, ddz_move* out,
                                         Py_ssize_t room) noexcept nogil:
    # The generator on both decks, each (kind, length) asked for alone, in the order of the
    # leads, and skipped when its plays hold more cards than a hand.
    cdef two_deck_hand g
    cdef ddz_move shape
    cdef int i, k, length
    cdef int kinds[KIND_ROCKET + 2]
    for i in range(KIND_ROCKET + 1):
        kinds[i] = i
    kinds[KIND_ROCKET + 1] = KIND_LONG_BOMB
    read_hand(&g, TWO_DECKS, rules, out, room)
    for i in range(KIND_ROCKET + 2):
        k = kinds[i]
        shape.kind = k
        for length in range(KIND_SHAPES[k].min_length, KIND_SHAPES[k].max_length + 1):
            shape.length = length
            if cards_of_shape(&shape) <= TWO_DECK_HAND_CARDS:
                gen_kind(&g, k, length, 0)
    return -1 if g.full else g.out - out
