# Native players (see players.pxd).

from libc.stdint cimport uint64_t

from .bits cimport rank_count
from .combos cimport is_bomb
from .rng cimport random_below, stream_seed
from .rule cimport rule_policy
from .state cimport MAX_REDEALS, PHASE_AUCTION, action_bid, bid_redeals, partner_of
from .two_decks cimport two_deck_card_count
from .typedefs cimport (
    MAX_SEATS, RANK_BLACK_JOKER, RANK_RED_JOKER, RANK_TWO, ddz_move, ddz_rules, ddz_state,
)

cdef enum:
    PLAYERS_SALT = 0x51A7E5      # the players' streams differ from every other use of a seed


cdef player_policy kind_policy(int kind) noexcept nogil:
    if kind == PLAYER_GREEDY:
        return greedy_policy
    if kind == PLAYER_RULE:
        return rule_player_policy
    return random_policy


cdef Py_ssize_t random_policy(const ddz_state* s, const ddz_rules* rules, const ddz_move* actions,
                              Py_ssize_t n, uint64_t* rng) noexcept nogil:
    return random_below(rng, n)


cdef Py_ssize_t greedy_bid(const ddz_state* s, const ddz_move* actions, Py_ssize_t n) noexcept nogil:
    """Bid half the hand's strength (a two 1, a joker 2, a bomb 2: four or more of a rank),
    at most 3, if that raises."""
    cdef uint64_t hand = s.hands[s.to_move]
    cdef int strength = (rank_count(hand, RANK_TWO) + 2 * rank_count(hand, RANK_BLACK_JOKER)
                         + 2 * rank_count(hand, RANK_RED_JOKER))
    cdef int rank, wanted
    cdef Py_ssize_t k
    for rank in range(RANK_TWO + 1):
        strength += 2 * (rank_count(hand, rank) >= 4)
    wanted = min(3, strength // 2)
    if wanted <= s.bid:
        wanted = 0
    for k in range(n):
        if action_bid(&actions[k]) == wanted:
            return k
    return 0            # (the pass that the redeal limit took away: the lowest bid)


cdef Py_ssize_t rule_player_policy(const ddz_state* s, const ddz_rules* rules,
                                   const ddz_move* actions, Py_ssize_t n,
                                   uint64_t* rng) noexcept nogil:
    if s.phase == PHASE_AUCTION:
        return greedy_bid(s, actions, n)
    return rule_policy(s, rules, actions, n, rng)


cdef inline bint sheds_more(const ddz_move* m, const ddz_move* than) noexcept nogil:
    """A lead's order: more cards, then the lower main rank (up to eight of a rank: two decks)."""
    cdef int cards = two_deck_card_count(m.cards), other = two_deck_card_count(than.cards)
    return cards > other or (cards == other and m.main < than.main)


cdef Py_ssize_t greedy_policy(const ddz_state* s, const ddz_rules* rules, const ddz_move* actions,
                              Py_ssize_t n, uint64_t* rng) noexcept nogil:
    cdef int seat = s.to_move, landlord = s.landlord, other, fewest = 255     # (> any hand)
    cdef Py_ssize_t k, plain = -1, bomb = -1     # the best plain move and the best bomb
    cdef bint leads = s.last_move.length == 0
    cdef int partner                            # the landlord's (2 v 2), else the landlord
    if s.phase == PHASE_AUCTION:
        return greedy_bid(s, actions, n)
    partner = partner_of(s, rules)
    if not leads and ((seat == landlord or seat == partner)
                      == (s.last_mover == landlord or s.last_mover == partner)):
        return n - 1                                # the partner holds the trick: PASS (last)
    # The pick among the plain moves: a lead sheds the most; an answer is the lowest. Among
    # bombs and the rocket: the first (a lead takes them by its order only without a plain
    # move, which a hand always has; kept so as the Python player).
    for k in range(n):
        if actions[k].length == 0:
            continue
        if is_bomb(&actions[k], rules):
            if bomb < 0 or (leads and sheds_more(&actions[k], &actions[bomb])):
                bomb = k
        elif plain < 0 or (sheds_more(&actions[k], &actions[plain]) if leads
                           else actions[k].main < actions[plain].main):
            plain = k
    if plain >= 0:
        return plain
    if leads:
        return bomb
    for other in range(s.n_seats):
        if (other == landlord or other == partner) != (seat == landlord or seat == partner):
            fewest = min(fewest, two_deck_card_count(s.hands[other]))
    if bomb >= 0 and fewest <= 4:                   # an opponent is close to going out
        return bomb
    return n - 1                                    # PASS


cdef void seed_seats(ddz_seats* seats, uint64_t game_seed) noexcept nogil:
    cdef int seat
    for seat in range(MAX_SEATS):
        seats.rng[seat] = stream_seed(game_seed ^ <uint64_t>PLAYERS_SALT, seat)


cdef Py_ssize_t seat_choice(ddz_seats* seats, const ddz_state* s, const ddz_rules* rules,
                            const ddz_move* actions, Py_ssize_t n) noexcept nogil:
    cdef int seat = s.to_move
    if s.phase == PHASE_AUCTION and s.redeals >= MAX_REDEALS and bid_redeals(s, 0):
        return 1 + seats.policies[seat](s, rules, actions + 1, n - 1, &seats.rng[seat])
    return seats.policies[seat](s, rules, actions, n, &seats.rng[seat])


cdef Py_ssize_t seated_policy(const ddz_state* s, const ddz_move* actions, Py_ssize_t n,
                              void* context) noexcept nogil:
    cdef ddz_seated* seated = <ddz_seated*>context
    return seat_choice(seated.seats, s, seated.rules, actions, n)
