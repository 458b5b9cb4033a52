# The game as native state (RULES.md sections 2 to 4 and 7).

from libc.stdint cimport int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memset

from .alloc cimport grow
from .bits cimport DDZ_DEBUG, c_assert, hand_init, pop_lsb, ranks_in
from .combos cimport bomb_count, physical_cards
from .movegen cimport gen_moves, gen_wild_moves
from .rng cimport random_below, splitmix64
from .two_decks cimport gen_two_deck_moves
from .typedefs cimport (
    KIND_BOMB, MAX_SEATS, N_RANKS, NO_WILD, RANK_BLACK_JOKER, RANK_TWO, SCORING_ADP, SCORING_LOGADP,
    SCORING_POINTS, SCORING_WIN, SCORING_WP, WILD_PURE, ddz_hand, ddz_move, ddz_rules,
)

cdef enum:
    DECK_SIZE = 54
    HAND_SIZE = 17
    MARK_FIRST = 16           # the marked card lies in positions 16..33 of the shuffled deck:
    MARK_SPAN = 18            # in the middle, and as often in each seat's hand
    # The four-player game (RULES.md 11): two decks, 25 cards a seat, the marked card in
    # positions 25..74 (as often in each of the four hands).
    TWO_DECK_SIZE = 2 * DECK_SIZE
    FOUR_HAND_SIZE = 25
    FOUR_MARK_FIRST = 25
    FOUR_MARK_SPAN = 50
    MOST_OF_A_RANK = 8        # two decks' (a key has an entry for each count up to it)

# Zobrist keys: one per (seat, rank, count) of the hands; the rest of the position is mixed in
# by position_status, a two-seat game's by TWO_SEATS and the wild ranks by WILD_KEYS. Fixed
# numbers, so keys agree between runs and machines.
cdef uint64_t ZOBRIST[MAX_SEATS][N_RANKS][16]     # (16: a nibble's values, a shift to index)
cdef uint64_t _zobrist_state = 0x5EED0DD2F457ULL
for _seat in range(3):
    for _rank in range(N_RANKS):
        ZOBRIST[_seat][_rank][0] = 0
        for _count in range(1, 5):
            ZOBRIST[_seat][_rank][_count] = splitmix64(&_zobrist_state)
# (The number of seats never changes in a game: a constant of the key, outside position_status,
# which every transition computes twice.)
cdef uint64_t TWO_SEATS = splitmix64(&_zobrist_state)
# (Nor do the wild ranks after the deal: WILD_KEYS[i][r], the i-th wild rank is r.)
cdef uint64_t WILD_KEYS[2][RANK_TWO + 1]
for _seat in range(2):
    for _rank in range(RANK_TWO + 1):
        WILD_KEYS[_seat][_rank] = splitmix64(&_zobrist_state)
# The four-player game's (RULES.md 11): a fourth seat, and counts past four. Drawn after the
# others, which keep the keys of three-player games as they were.
for _seat in range(MAX_SEATS):
    for _rank in range(N_RANKS):
        ZOBRIST[_seat][_rank][0] = 0
        for _count in range(1 if _seat == 3 else 5, MOST_OF_A_RANK + 1):
            ZOBRIST[_seat][_rank][_count] = splitmix64(&_zobrist_state)


cdef inline uint64_t position_status(const ddz_state* s) noexcept nogil:
    """The part of the position key that is not the hands (see state.pxd). Seats take two
    bits, NO_SEAT (7) reading as 3 there as before the fourth seat (three-player keys are as
    they were). With four seats the key still tells positions apart: a landlord is NO_SEAT
    only in the auction (the phase is in the key) or in a deal ended unscored (every hand
    full), a high bidder only while the bid is 0, and four passes (bit 6, inside the
    landlord's NO_SEAT) only in that deal."""
    cdef uint64_t x = (<uint64_t>s.phase | <uint64_t>s.to_move << 2 | <uint64_t>s.passes << 4
                       | <uint64_t>(s.landlord & 3) << 6)
    if s.phase == PHASE_AUCTION:
        x |= (<uint64_t>s.bid << 8 | <uint64_t>(s.high_bidder & 3) << 10
              | <uint64_t>s.speeches << 12 | <uint64_t>s.redeals << 20)
    if s.last_move.length:
        x |= (<uint64_t>s.last_move.kind << 36 | <uint64_t>s.last_move.length << 42
              | <uint64_t>s.last_move.main << 48 | <uint64_t>1 << 56)
        if s.last_move.kind >= KIND_BOMB:     # a bomb's tier decides what beats it (0: hard)
            x |= (<uint64_t>(s.last_move.wild >= WILD_PURE) << 57
                  | <uint64_t>(s.last_move.substitutes != 0) << 58)
    return splitmix64(&x)


cdef inline uint64_t score_status(const ddz_state* s) noexcept nogil:
    """What the full key adds: the winning bid, the bombs, and what decides a spring or an
    anti-spring: whether a farmer has played, and the landlord's plays (none, one, more: with
    none, a set-up position's landlord may still make an anti-spring's only play); with four
    seats whether the seat opposite the landlord (the partner of 2 v 2) has played, apart."""
    cdef uint64_t spring = 0, x
    cdef int partner, seat, others = 0
    if s.landlord != NO_SEAT:
        partner = (s.landlord + 2) % 4 if s.n_seats == 4 else NO_SEAT
        for seat in range(s.n_seats):
            if seat != s.landlord and seat != partner:
                others += s.plays[seat]
        spring = (others > 0) + 2 * min(s.plays[s.landlord], 2)
        if partner != NO_SEAT:
            spring += 8 * (s.plays[partner] > 0)
    x = (<uint64_t>s.bid | <uint64_t>s.bombs << 4 | spring << 12) ^ <uint64_t>0x5C0DE5C0DE5C0DEULL
    return splitmix64(&x)


cdef inline uint64_t hand_key(int seat, uint64_t cards, uint32_t ranks) noexcept nogil:
    """The Zobrist keys of `cards` held by `seat`, over the ranks of `ranks`."""
    cdef uint64_t key = 0
    cdef int r
    while ranks:
        r = pop_lsb(&ranks)
        key ^= ZOBRIST[seat][r][(cards >> (4 * r)) & 0xF]
    return key


cdef uint64_t state_key(const ddz_state* s) noexcept nogil:
    cdef uint64_t key = position_status(s)
    cdef int seat, i
    for seat in range(s.n_seats):
        key ^= hand_key(seat, s.hands[seat], 0x7FFF)
    for i in range(2):
        if s.wilds.rank[i] != NO_WILD:
            key ^= WILD_KEYS[i][s.wilds.rank[i]]
    return key ^ TWO_SEATS if s.n_seats == 2 else key


cdef uint64_t state_full_key(const ddz_state* s) noexcept nogil:
    return s.key ^ score_status(s)


cdef inline void check_key(const ddz_state* s) noexcept nogil:
    """Debug builds: the incremental key equals the key from scratch after every transition."""
    if DDZ_DEBUG:
        c_assert(s.key == state_key(s))


cdef inline int rank_of_card(int card) noexcept nogil:
    """Cards 0..51 are four of each rank 3..2; 52 and 53 the black and the red joker."""
    return card >> 2 if card < 52 else RANK_BLACK_JOKER + card - 52


cdef void state_deal(ddz_state* s, uint64_t seed, int redeals, int first_bidder,
                     const ddz_rules* rules) noexcept nogil:
    cdef uint8_t deck[TWO_DECK_SIZE]
    cdef uint64_t rng = seed ^ (<uint64_t>redeals * <uint64_t>0xD1B54A32D192ED03ULL)
    cdef int i, j, card, mark
    cdef int seats = 4 if rules.players == 4 else 3
    cdef int size = TWO_DECK_SIZE if seats == 4 else DECK_SIZE
    cdef int hand = FOUR_HAND_SIZE if seats == 4 else HAND_SIZE
    memset(s, 0, sizeof(ddz_state))
    s.n_seats = seats
    for i in range(size):       # (two decks: card c is card c % 54 of a deck)
        deck[i] = i if i < DECK_SIZE else i - DECK_SIZE
    for i in range(size - 1, 0, -1):              # Fisher-Yates
        j = random_below(&rng, i + 1)
        card = deck[i]
        deck[i] = deck[j]
        deck[j] = card
    if seats == 4:
        mark = FOUR_MARK_FIRST + random_below(&rng, FOUR_MARK_SPAN)
    else:
        mark = MARK_FIRST + random_below(&rng, MARK_SPAN)
    for i in range(seats * hand):                 # one card at a time, seat 0 first
        s.hands[i % seats] += <uint64_t>1 << (4 * rank_of_card(deck[i]))
    for i in range(seats * hand, size):
        s.kitty += <uint64_t>1 << (4 * rank_of_card(deck[i]))
    s.marked_rank = rank_of_card(deck[mark])
    s.wilds.rank[0] = s.wilds.rank[1] = NO_WILD
    if rules.wilds:
        draw_wilds(s, rng, rules.wilds)
    s.first_bidder = mark % seats if first_bidder < 0 else first_bidder
    s.to_move = s.first_bidder
    s.seed = seed
    s.seeded = True
    s.redeals = redeals
    s.phase = PHASE_AUCTION
    s.landlord = s.high_bidder = s.last_mover = s.winner = NO_SEAT
    if rules.no_auction:
        s.bid = 1
        end_auction(s, 0)       # (sets the key)
    else:
        s.key = state_key(s)


cdef inline void draw_wilds(ddz_state* s, uint64_t deal_rng, int n) noexcept nogil:
    """The deal's `n` wild ranks (RULES.md 10), distinct, of 3..2, from a stream of their own
    seeded by the deal's: a seed fixes them as it fixes the cards (and the games without wild
    cards keep their deals). When they are shown is the rules' business, not the state's."""
    cdef uint64_t rng = splitmix64(&deal_rng) ^ <uint64_t>0x5AD5C0DE1A12ULL
    cdef int first = random_below(&rng, RANK_TWO + 1), second
    s.wilds.rank[0] = first
    if n == 2:
        second = random_below(&rng, RANK_TWO)
        s.wilds.rank[1] = second + (second >= first)


cdef inline void end_auction(ddz_state* s, int landlord) noexcept nogil:
    s.landlord = landlord
    s.hands[landlord] += s.kitty
    s.phase = PHASE_PLAY
    s.to_move = landlord
    s.passes = 0
    s.key = state_key(s)


cdef inline bint auction_done(const ddz_state* s, const ddz_rules* rules) noexcept nogil:
    """Single round: everyone spoke. Open: everyone else passed after a bid, or everyone
    without one."""
    if rules.single_round_auction:
        return s.speeches == s.n_seats
    return s.passes == (s.n_seats - 1 if s.high_bidder != NO_SEAT else s.n_seats)


cdef bint bid_redeals(const ddz_state* s, int bid) noexcept nogil:
    # Without a bid, passes and speeches are the same count; both auctions end at the last seat's.
    return bid == 0 and s.high_bidder == NO_SEAT and s.speeches == s.n_seats - 1


cdef void state_bid(ddz_state* s, int bid, const ddz_rules* rules) noexcept nogil:
    cdef int seat = s.to_move
    cdef uint64_t before = position_status(s)
    s.speeches += 1
    if bid:
        s.bid = bid
        s.high_bidder = seat
        s.passes = 0
    else:
        s.passes += 1
    if bid == MAX_BID:
        end_auction(s, seat)
    elif auction_done(s, rules):
        if s.high_bidder != NO_SEAT:
            end_auction(s, s.high_bidder)
        elif rules.all_pass_ends:       # all passed: the deal ends unscored
            s.phase = PHASE_OVER
            s.key ^= before ^ position_status(s)
        else:           # all passed: the next seat bids first on a new deal
            state_deal(s, s.seed, s.redeals + 1, next_seat(s, s.first_bidder), rules)
    else:
        s.to_move = next_seat(s, seat)
        s.key ^= before ^ position_status(s)
    check_key(s)


cdef uint64_t state_play_unkeyed(ddz_state* s, const ddz_move* m, const ddz_rules* rules) noexcept nogil:
    return play_unkeyed(s, m, rules)


cdef inline uint64_t play_unkeyed(ddz_state* s, const ddz_move* m, const ddz_rules* rules) noexcept nogil:
    """state_play_unkeyed, inline in state_play (a call of its own cost search 15%)."""
    cdef int seat = s.to_move
    cdef uint64_t cards = 0
    if m.length == 0:
        s.passes += 1
        if s.passes == s.n_seats - 1:       # everyone else passed: the last player leads
            memset(&s.last_move, 0, sizeof(ddz_move))
            s.passes = 0
    else:
        cards = physical_cards(m, &s.wilds)
        s.hands[seat] -= cards
        s.played[seat] += cards
        s.last_move = m[0]
        s.last_mover = seat
        s.passes = 0
        s.bombs += bomb_count(m, rules)
        s.plays[seat] += s.plays[seat] < 255
        if s.hands[seat] == 0:
            s.phase = PHASE_OVER
            s.winner = seat
    s.to_move = next_seat(s, seat)
    return cards


cdef void state_play(ddz_state* s, const ddz_move* m, const ddz_rules* rules) noexcept nogil:
    cdef int seat = s.to_move
    cdef uint64_t before = position_status(s), held = s.hands[seat]
    cdef uint32_t changed
    cdef uint64_t cards = play_unkeyed(s, m, rules)
    if m.length:
        changed = ranks_in(cards)       # (a two-deck bomb's 8 of a rank included)
        s.key ^= hand_key(seat, held, changed) ^ hand_key(seat, s.hands[seat], changed)
    s.key ^= before ^ position_status(s)
    check_key(s)


cdef bint state_apply(ddz_state* s, const ddz_move* action, const ddz_rules* rules) noexcept nogil:
    if s.phase == PHASE_AUCTION:
        if s.redeals >= MAX_REDEALS and bid_redeals(s, action_bid(action)):
            return False
        state_bid(s, action_bid(action), rules)
    else:
        state_play(s, action, rules)
    return True


cdef ddz_move* state_legal_actions(const ddz_state* s, const ddz_rules* rules,
                                   ddz_move* out) noexcept nogil:
    cdef int bid
    if s.phase != PHASE_AUCTION:
        return state_legal_moves(s, rules, out)
    out[0] = bid_action(0)
    out += 1
    for bid in range(s.bid + 1, MAX_BID + 1):
        out[0] = bid_action(bid)
        out += 1
    return out


cdef ddz_move* state_legal_moves(const ddz_state* s, const ddz_rules* rules,
                                 ddz_move* out) noexcept nogil:
    cdef ddz_hand h
    if DDZ_DEBUG:
        c_assert(not rules.moves_grow)
    if s.phase != PHASE_PLAY:
        return out
    hand_init(&h, s.hands[s.to_move])
    out = gen_moves(&h, &s.last_move, rules, out)
    if s.last_move.length == 0:
        return out
    memset(out, 0, sizeof(ddz_move))        # PASS
    return out + 1


cdef ddz_move* state_moves_within(const ddz_state* s, const ddz_rules* rules, ddz_move* out,
                                  Py_ssize_t room) noexcept nogil:
    cdef ddz_hand h
    if DDZ_DEBUG:
        c_assert(room >= ACTIONS_ROOM)
    if not rules.moves_grow:
        return state_legal_moves(s, rules, out)
    if s.phase != PHASE_PLAY:
        return out
    if rules.players == 4:
        out = gen_two_deck_moves(s.hands[s.to_move], &s.last_move, rules, out, room - 1)
    else:
        hand_init(&h, s.hands[s.to_move])
        out = gen_wild_moves(&h, &s.last_move, rules, s.wilds, out, room - 1)    # (- 1: the pass)
    if out == NULL or s.last_move.length == 0:
        return out
    memset(out, 0, sizeof(ddz_move))        # PASS
    return out + 1


cdef Py_ssize_t state_actions(const ddz_state* s, const ddz_rules* rules, ddz_move** buf,
                              Py_ssize_t* room) noexcept nogil:
    cdef ddz_move* end
    if grow(buf, room, ACTIONS_ROOM) < 0:
        return -1
    if s.phase != PHASE_PLAY:
        return state_legal_actions(s, rules, buf[0]) - buf[0]
    while True:
        end = state_moves_within(s, rules, buf[0], room[0])
        if end != NULL:
            return end - buf[0]
        if grow(buf, room, 2 * room[0]) < 0:
            return -1


cdef int64_t stake(int bid, int bombs, bint doubled) noexcept nogil:
    return <int64_t>bid << (bombs + doubled)


cdef int64_t state_scores(const ddz_state* s, const ddz_rules* rules, int64_t* scores,
                          bint* spring, bint* anti_spring) noexcept nogil:
    cdef int landlord = s.landlord, seat
    cdef int partner = partner_of(s, rules)
    cdef bint landlord_won = s.winner == landlord or s.winner == partner
    cdef int64_t each
    cdef int farmer_plays = 0
    for seat in range(MAX_SEATS):
        scores[seat] = 0
    spring[0] = anti_spring[0] = False
    if landlord == NO_SEAT:
        return 0
    for seat in range(s.n_seats):
        if seat != landlord and seat != partner:
            farmer_plays += s.plays[seat]
    spring[0] = landlord_won and farmer_plays == 0
    anti_spring[0] = (not landlord_won and s.plays[landlord] == 1
                      and (partner == landlord or s.plays[partner] == 0))
    cdef bint doubled = rules.spring and (spring[0] or anti_spring[0])
    if rules.scoring == SCORING_WIN:
        for seat in range(s.n_seats):
            scores[seat] = (seat == landlord or seat == partner) == landlord_won
        return stake(1, s.bombs, doubled)
    if rules.scoring == SCORING_WP:
        each = 1
    elif rules.scoring == SCORING_ADP:
        each = stake(1, s.bombs, False)
    elif rules.scoring == SCORING_LOGADP:
        each = s.bombs + 1
    else:
        each = stake(s.bid, s.bombs, doubled)
    for seat in range(s.n_seats):
        scores[seat] = each if (seat == landlord or seat == partner) == landlord_won else -each
    if rules.scoring == SCORING_POINTS and partner == landlord:
        scores[landlord] *= s.n_seats - 1   # one share per farmer (DouZero's rewards: one share)
    return stake(1, s.bombs, doubled)


cdef int game_push(ddz_game* g, const ddz_move* action) noexcept nogil:
    # Room for a whole game's history at the first push (a deal takes about 30 actions).
    if grow(&g.steps, &g.capacity, g.n_steps + 1 if g.capacity else 64) < 0:
        return PUSH_NO_MEMORY
    g.steps[g.n_steps].before = g.s
    g.steps[g.n_steps].action = action[0]
    if not state_apply(&g.s, action, &g.rules):
        return PUSH_REDEAL_LIMIT
    g.n_steps += 1
    return PUSHED


cdef void game_undo(ddz_game* g) noexcept nogil:
    g.n_steps -= 1
    g.s = g.steps[g.n_steps].before
