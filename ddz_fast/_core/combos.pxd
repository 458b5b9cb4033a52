# What a combination is: reading checks, classification, comparison (kernels, no GIL).

from libc.stdint cimport uint32_t, uint64_t

from .bits cimport card_count, cards_contain, cards_valid, popcount64, rank_block
from .typedefs cimport (
    JOKERS, KIND_BOMB, KIND_LONG_BOMB, KIND_PLANE_SINGLES, KIND_ROCKET, KIND_SHAPES, KIND_SHUTTLE,
    N_KINDS,
    NIBBLE_LSB, RANK_RED_JOKER, TIER_HARD, TIER_PURE, TIER_SOFT, WILD_PURE, ddz_kind_shape,
    WILD_SECOND, ddz_move, ddz_rules, ddz_wilds,
)

# Bit 0 of the nibbles of the ranks 3..A: the ranks a chain may use.
cdef extern from *:
    """
    #define DDZ_CHAIN_NIBBLES 0x0000111111111111ULL
    """
    const uint64_t CHAIN_NIBBLES "DDZ_CHAIN_NIBBLES"

# Every reading of a valid multiset into out (room for MAX_READINGS); returns how many.
cdef int classify(uint64_t cards, const ddz_rules* rules, ddz_move* out) noexcept nogil
# `a` may be played on `b` (valid readings, or PASS: length 0) under the rules.
cdef bint beats(const ddz_move* a, const ddz_move* b, const ddz_rules* rules) noexcept nogil
# The cards of a valid reading (of one deck or two) that are not kickers.
cdef uint64_t main_part(const ddz_move* m) noexcept nogil
# The cards `m` (a reading) takes from a hand with these wild ranks into `out`; False if its
# wild fields cannot be a move of such a hand (any input is safe: push checks with it).
cdef bint checked_physical_cards(const ddz_move* m, const ddz_wilds* wilds, uint64_t* out) noexcept nogil
# `m` (a reading, or PASS) may be played from `hand` on `prev` under the rules.
cdef bint move_is_legal(const ddz_move* m, uint64_t hand, const ddz_move* prev, bint can_pass,
                        const ddz_rules* rules) noexcept nogil


cdef inline bint is_bomb(const ddz_move* m, const ddz_rules* rules) noexcept nogil:
    """`m` (a reading) beats every ordinary move: a bomb, the rocket, a super-bomb shuttle."""
    return ((m.kind == KIND_BOMB) | (m.kind == KIND_ROCKET) | (m.kind == KIND_LONG_BOMB)
            | ((m.kind >= KIND_SHUTTLE) & (m.kind < KIND_LONG_BOMB) & (rules.shuttle_bomb != 0)))


cdef inline int bomb_tier(const ddz_move* m) noexcept nogil:
    """The tier of a bomb (RULES.md 10): TIER_PURE, TIER_SOFT (it has substitutes) or
    TIER_HARD (every bomb of a game without wild cards)."""
    return TIER_PURE if m.wild & WILD_PURE else TIER_SOFT if m.substitutes else TIER_HARD


cdef inline int bomb_count(const ddz_move* m, const ddz_rules* rules) noexcept nogil:
    """The bombs `m` (a reading) counts as in the multiplier, the doublings it makes: the
    rules' count for a bomb of its tier (a long bomb's too), the rocket or a shuttle (1 by
    default), else 0."""
    if m.kind < KIND_BOMB:              # (nearly every play: a well predicted branch)
        return 0
    if m.kind == KIND_BOMB or m.kind == KIND_LONG_BOMB:
        return rules.bomb_doublings[bomb_tier(m)]
    return rules.rocket_doublings if m.kind == KIND_ROCKET else rules.shuttle_bombs


cdef inline uint64_t physical_cards(const ddz_move* m, const ddz_wilds* wilds) noexcept nogil:
    """The cards `m` takes from the hand (RULES.md 10): its cards, less those its substitutes
    stand for, plus the wild cards that play them; `m` is a move of a hand with these wild
    ranks."""
    cdef uint32_t subs = m.substitutes
    cdef uint64_t cards = m.cards
    cdef int k = 0, second = m.wild & WILD_SECOND
    if subs == 0:           # (every move of a game without wild cards)
        return cards
    while subs:
        cards -= <uint64_t>1 << (4 * ((subs & 0xF) - 1))
        subs >>= 4
        k += 1
    cards += <uint64_t>(k - second) << (4 * wilds.rank[0])
    if second:
        cards += <uint64_t>second << (4 * wilds.rank[1])
    return cards


cdef inline bint wings_allowed(uint64_t rest, uint64_t block, const ddz_rules* rules) noexcept nogil:
    """The single kickers `rest` of a plane on the ranks of `block` are allowed: a rule set may
    refuse four of a rank, or three of a rank next to the plane within 3..A (they would make
    it a longer plane)."""
    return ((rules.quad_wings | ((rest & (NIBBLE_LSB << 2)) == 0))
            & (rules.extending_wings
               | ((((rest >> 2) | ((rest >> 1) & rest)) & NIBBLE_LSB & CHAIN_NIBBLES
                   & ((block << 4) | (block >> 4))) == 0)))


# Inline: it runs once per position in batch calls.
cdef inline bint is_reading(const ddz_move* m, const ddz_rules* rules) noexcept nogil:
    """The move is a valid reading of its cards under the rules (any input is safe)."""
    cdef int k = m.kind, length = m.length, top = m.main, size
    cdef uint64_t cards = m.cards, block, main, rest
    cdef bint no_kickers, pairs, singles
    cdef const ddz_kind_shape* shape
    if k >= N_KINDS:
        return False
    shape = &KIND_SHAPES[k]
    if k == KIND_ROCKET:
        return (rules.kinds >> k) & 1 and length == 1 and top == RANK_RED_JOKER and cards == JOKERS
    if k == KIND_LONG_BOMB:
        return ((rules.kinds >> k) & 1 and shape.min_length <= length <= shape.max_length
                and top <= shape.max_main and cards == <uint64_t>length << (4 * top))
    # The tests are combined with & rather than `and`: kinds arrive in random order, and
    # branches on them would mostly be mispredicted.
    if not ((((rules.kinds >> k) & 1) != 0) & cards_valid(cards) & (length >= shape.min_length)
            & (length <= shape.max_length) & (top <= shape.max_main) & (top + 1 >= length)):
        return False
    block = rank_block(top, length)
    main = block * shape.unit
    rest = cards - main                  # meaningful only if the main part is in the cards
    no_kickers = rest == 0
    # pairs of pairwise different ranks: every kicker nibble is 0 or 2
    pairs = ((rest & ~(NIBBLE_LSB << 1)) == 0) & (popcount64(rest) == shape.kickers_per_rank * length)
    singles = ((card_count(rest) == shape.kickers_per_rank * length)
               & (rules.rocket_kickers | ((rest & JOKERS) != JOKERS))
               & ((((rules.distinct_single_kickers >> k) & 1) == 0) | ((rest & ~NIBBLE_LSB) == 0)))
    size = shape.kicker_size
    # A branch, unlike the tests above: planes with single kickers are few among the moves to
    # answer, so it is well predicted, and the others skip the test (about 20 instructions a
    # batch row, callgrind).
    if k == KIND_PLANE_SINGLES and not wings_allowed(rest, block, rules):
        return False
    return (cards_contain(cards, main)
            & ((rest & (block * 0xF)) == 0)     # a kicker never shares a rank with the main part
            & (((size == 0) & no_kickers) | ((size == 1) & singles) | ((size == 2) & pairs)))
