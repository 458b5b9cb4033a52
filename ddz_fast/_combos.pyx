# Combination kernels, driven by one table of what each kind is made of.

from libc.stdint cimport uint8_t, uint32_t, uint64_t

from ._bits cimport card_count, cards_contain, cards_valid, ctz32, hand_init, popcount64, rank_block
from ._types cimport (
    CHAIN_RANKS, JOKERS, NIBBLE_LSB, KIND_BOMB, KIND_ROCKET, MAX_READINGS, N_KINDS, N_RANKS, RANK_RED_JOKER, ddz_hand, ddz_move, ddz_rules,
)

# Per kind code: cards per rank of the main part, chain lengths, highest main rank, kicker
# size (0: none, 1: singles, 2: pairs) and kickers per main rank.
cdef uint8_t UNIT[N_KINDS]
cdef uint8_t MIN_LENGTH[N_KINDS]
cdef uint8_t MAX_LENGTH[N_KINDS]
cdef uint8_t MAX_MAIN[N_KINDS]
cdef uint8_t KICKER_SIZE[N_KINDS]
cdef uint8_t KICKERS_PER_RANK[N_KINDS]
#                 single pair trio t+1 t+2 str pchain plane pl+1 pl+2 4+1+1 4+2+2 bomb rocket
UNIT[:] =             [1, 2, 3, 3, 3, 1, 2, 3, 3, 3, 4, 4, 4, 1]
MIN_LENGTH[:] =       [1, 1, 1, 1, 1, 5, 3, 2, 2, 2, 1, 1, 1, 1]
MAX_LENGTH[:] =       [1, 1, 1, 1, 1, 12, 12, 12, 12, 12, 1, 1, 1, 1]
MAX_MAIN[:] =         [14, 12, 12, 12, 12, 11, 11, 11, 11, 11, 12, 12, 12, 14]   # chains end at A
KICKER_SIZE[:] =      [0, 0, 0, 1, 2, 0, 0, 0, 1, 2, 1, 2, 0, 0]
KICKERS_PER_RANK[:] = [0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 2, 2, 0, 0]


cdef bint is_reading(const ddz_move* m, const ddz_rules* rules) noexcept nogil:
    cdef int k = m.kind, length = m.length, top = m.main, size
    cdef uint64_t cards = m.cards, block, main, rest
    cdef bint no_kickers, pairs, singles
    if k >= N_KINDS:
        return False
    if k == KIND_ROCKET:
        return (rules.kinds >> k) & 1 and length == 1 and top == RANK_RED_JOKER and cards == JOKERS
    # The tests are combined with & rather than `and`: kinds arrive in random order, and
    # branches on them would mostly be mispredicted.
    if not ((((rules.kinds >> k) & 1) != 0) & cards_valid(cards) & (length >= MIN_LENGTH[k])
            & (length <= MAX_LENGTH[k]) & (top <= MAX_MAIN[k]) & (top + 1 >= length)):
        return False
    block = rank_block(top, length)
    main = block * UNIT[k]
    rest = cards - main                  # meaningful only if the main part is in the cards
    no_kickers = rest == 0
    # pairs of pairwise different ranks: every kicker nibble is 0 or 2
    pairs = ((rest & ~(NIBBLE_LSB << 1)) == 0) & (popcount64(rest) == KICKERS_PER_RANK[k] * length)
    singles = ((card_count(rest) == KICKERS_PER_RANK[k] * length)
               & (rules.rocket_kickers | ((rest & JOKERS) != JOKERS))
               & ((((rules.distinct_single_kickers >> k) & 1) == 0) | ((rest & ~NIBBLE_LSB) == 0)))
    size = KICKER_SIZE[k]
    return (cards_contain(cards, main)
            & ((rest & (block * 0xF)) == 0)     # a kicker never shares a rank with the main part
            & (((size == 0) & no_kickers) | ((size == 1) & singles) | ((size == 2) & pairs)))


cdef int classify(uint64_t cards, const ddz_rules* rules, ddz_move* out) noexcept nogil:
    cdef ddz_hand h
    cdef uint32_t by_unit[5]
    cdef uint32_t tops
    cdef int k, per_rank, length, count = 0
    cdef ddz_move m
    hand_init(&h, cards)
    if h.n == 0:
        return 0
    by_unit[:] = [0, h.m1, h.m2, h.m3, h.m4]
    m.pad[:] = [0, 0, 0, 0, 0]
    m.cards = cards
    for k in range(N_KINDS):
        if k == KIND_ROCKET:
            tops = 1 << RANK_RED_JOKER
            length = 1
        else:
            per_rank = UNIT[k] + KICKER_SIZE[k] * KICKERS_PER_RANK[k]
            if h.n % per_rank:
                continue
            length = h.n // per_rank
            if length < MIN_LENGTH[k] or length > MAX_LENGTH[k]:
                continue
            tops = by_unit[UNIT[k]]
            if MAX_LENGTH[k] > 1:
                tops &= CHAIN_RANKS & (<uint32_t>0xFFFFFFFF << (length - 1))
        m.kind = k
        m.length = length
        while tops and count < MAX_READINGS:
            m.main = ctz32(tops)
            tops &= tops - 1
            if is_reading(&m, rules):
                out[count] = m
                count += 1
    return count


cdef bint beats(const ddz_move* a, const ddz_move* b) noexcept nogil:
    if b.kind == KIND_ROCKET:
        return False
    if a.kind == KIND_ROCKET:
        return True
    if a.kind == KIND_BOMB:
        return b.kind != KIND_BOMB or a.main > b.main
    if b.kind == KIND_BOMB:
        return False
    return a.kind == b.kind and a.length == b.length and a.main > b.main


cdef uint64_t main_part(const ddz_move* m) noexcept nogil:
    if m.kind == KIND_ROCKET:
        return JOKERS
    return rank_block(m.main, m.length) * UNIT[m.kind]
