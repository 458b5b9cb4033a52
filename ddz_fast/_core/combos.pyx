# Combination kernels, driven by the table of what each kind is made of (KIND_SHAPES).

from libc.stdint cimport uint32_t, uint64_t

from .bits cimport DDZ_DEBUG, c_assert, cards_contain, cards_valid, hand_init, pop_lsb, rank_block
from .typedefs cimport (
    CHAIN_RANKS, JOKER_NIBBLES, KIND_BOMB, KIND_LONG_BOMB, KIND_ROCKET, KIND_SHAPES, KIND_SHUTTLE,
    MAX_READINGS, N_KINDS,
    NO_WILD, RANK_TWO, WILD_PURE, WILD_SECOND, ddz_hand, ddz_move, ddz_rules, ddz_wilds,
)

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
    m.wild = 0
    m.substitutes = 0
    m.cards = cards
    for k in range(KIND_LONG_BOMB):     # (a long bomb's cards are never a card set's)
        if k == KIND_ROCKET:
            tops = 1 << RANK_RED_JOKER
            length = 1
        else:
            per_rank = KIND_SHAPES[k].unit + KIND_SHAPES[k].kicker_size * KIND_SHAPES[k].kickers_per_rank
            if h.n % per_rank:
                continue
            length = h.n // per_rank
            if length < KIND_SHAPES[k].min_length or length > KIND_SHAPES[k].max_length:
                continue
            tops = by_unit[KIND_SHAPES[k].unit]
            if KIND_SHAPES[k].max_length > 1:
                tops &= CHAIN_RANKS & (<uint32_t>0xFFFFFFFF << (length - 1))
        m.kind = k
        m.length = length
        while tops:
            m.main = pop_lsb(&tops)
            if is_reading(&m, rules):
                if DDZ_DEBUG:
                    c_assert(count < MAX_READINGS)
                if count == MAX_READINGS:
                    return count        # impossible (typedefs.pxd: MAX_READINGS)
                out[count] = m
                count += 1
    return count


cdef bint beats(const ddz_move* a, const ddz_move* b, const ddz_rules* rules) noexcept nogil:
    cdef bint a_shuttle, b_shuttle
    if a.length == 0 or b.length == 0:
        return a.length != 0            # a pass beats nothing; any play goes on an empty table
    if rules.wilds:
        return wild_beats(a, b, rules)
    if b.kind == KIND_ROCKET:
        return False
    if a.kind == KIND_ROCKET:
        return True
    if rules.shuttle_bomb:              # super-bomb shuttles: above bombs, below the rocket
        a_shuttle = a.kind >= KIND_SHUTTLE
        b_shuttle = b.kind >= KIND_SHUTTLE
        if a_shuttle != b_shuttle:
            return a_shuttle
    if a.kind == KIND_BOMB:
        return b.kind != KIND_BOMB or a.main > b.main
    if b.kind == KIND_BOMB:
        return False
    return a.kind == b.kind and a.length == b.length and a.main > b.main


cdef inline int bomb_strength(const ddz_move* m, const ddz_rules* rules) noexcept nogil:
    """Where a bomb or the rocket stands among them under wild-card rules (RULES.md 10), -1
    for any other play: by number of cards (long bombs), then tier (soft, hard, the rocket
    among the four-card bombs under pure_top, pure-wild), then rank; the rocket above all
    under rocket_top."""
    if m.kind == KIND_ROCKET:
        return 2 << 4 if rules.pure_top else 9 << 6
    if m.kind == KIND_BOMB:
        return (3 if m.wild & WILD_PURE else 0 if m.substitutes else 1) << 4 | m.main
    if m.kind == KIND_LONG_BOMB:        # soft or pure; 5 to 12 cards
        return (m.length - 4) << 6 | (3 if m.wild & WILD_PURE else 0) << 4 | m.main
    return -1


cdef bint wild_beats(const ddz_move* a, const ddz_move* b, const ddz_rules* rules) noexcept nogil:
    cdef int a_bomb = bomb_strength(a, rules), b_bomb = bomb_strength(b, rules)
    if a_bomb >= 0 or b_bomb >= 0:
        return a_bomb > b_bomb
    return a.kind == b.kind and a.length == b.length and a.main > b.main


cdef bint checked_physical_cards(const ddz_move* m, const ddz_wilds* wilds,
                                uint64_t* out) noexcept nogil:
    cdef uint32_t subs = m.substitutes
    cdef uint64_t main = main_part(m)
    cdef int k = 0, r, last = -1, repeats = 0, second = m.wild & WILD_SECOND
    if (m.wild & WILD_PURE and (m.kind != KIND_BOMB and m.kind != KIND_LONG_BOMB
                                or wilds.rank[0] == NO_WILD)):
        return False
    while subs:         # ranks of 3..2, ascending, each at most as often as the main part has it
        r = (subs & 0xF) - 1
        if r < last or r > RANK_TWO:
            return False
        repeats = repeats + 1 if r == last else 1
        if <uint64_t>repeats > ((main >> (4 * r)) & 0xF):
            return False
        last = r
        subs >>= 4
        k += 1
    if second > k or (k and wilds.rank[0] == NO_WILD) or (second and wilds.rank[1] == NO_WILD):
        return False
    out[0] = physical_cards(m, wilds)
    return k == 0 or cards_valid(out[0])    # (a move's own cards: checked as it was made)


cdef uint64_t main_part(const ddz_move* m) noexcept nogil:
    if m.kind == KIND_ROCKET:           # (both jokers, or the four of two decks: never kickers)
        return m.cards & JOKER_NIBBLES
    if m.kind == KIND_LONG_BOMB:
        return m.cards
    return rank_block(m.main, m.length) * KIND_SHAPES[m.kind].unit


cdef bint move_is_legal(const ddz_move* m, uint64_t hand, const ddz_move* prev, bint can_pass,
                        const ddz_rules* rules) noexcept nogil:
    if m.length == 0:
        return can_pass
    return (is_reading(m, rules) and cards_contain(hand, m.cards)
            and (prev.length == 0 or beats(m, prev, rules)))
