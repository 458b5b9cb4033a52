# Playouts (see playout.pxd): simulate's random games and the search player's rollouts.

from libc.stdint cimport int64_t, uint64_t

from .bits cimport DDZ_DEBUG, c_assert
from .state cimport (
    ACTIONS_ROOM, NO_SEAT, ddz_state, partner_of, state_deal, state_play, state_scores,
)
from .typedefs cimport MAX_SEATS, ddz_move, ddz_rules


cdef int play_random_game(uint64_t seed, const ddz_rules* rules, ddz_move** actions,
                          Py_ssize_t* room, outcome_row* out) noexcept nogil:
    cdef ddz_state s
    cdef uint64_t choices = seed ^ <uint64_t>0x6A09E667F3BCC909ULL
    cdef playout_counts counts
    cdef int status
    state_deal(&s, seed, 0, -1, rules)
    status = playout(&s, rules, uniform_policy, &choices, actions, room, &counts)
    if status == PLAYED_OUT:
        write_outcome(&s, rules, &counts, out)
    return status


cdef void write_outcome(const ddz_state* s, const ddz_rules* rules, const playout_counts* counts,
                        outcome_row* out) noexcept nogil:
    cdef bint spring, anti_spring
    cdef int64_t scores[MAX_SEATS]
    out.multiplier = state_scores(s, rules, scores, &spring, &anti_spring)
    out.scores[0], out.scores[1], out.scores[2] = scores[0], scores[1], scores[2]
    out.landlord = -1 if s.landlord == NO_SEAT else s.landlord
    out.bid = s.bid
    if outcome_row is ddz_four_outcome:
        out.scores[3] = scores[3]
        out.landlord_won = s.landlord != NO_SEAT and (s.winner == s.landlord
                                                      or s.winner == partner_of(s, rules))
    else:
        out.landlord_won = s.landlord != NO_SEAT and s.winner == s.landlord
    out.bombs = s.bombs
    out.spring = spring
    out.anti_spring = anti_spring
    out.plays = counts.plays
    out.turns = counts.turns
    out.redeals = s.redeals


cdef int64_t roll_out(const ddz_state* s, const ddz_rules* rules, const ddz_move* move,
                      int rollouts, uint64_t rng, ddz_move** scratch,
                      Py_ssize_t* room) noexcept nogil:
    cdef ddz_state after = s[0]
    cdef ddz_state played
    cdef playout_counts counts
    cdef bint landlord_side = s.to_move == s.landlord
    cdef int64_t wins = 0
    cdef int k
    if DDZ_DEBUG:
        c_assert(room[0] >= ACTIONS_ROOM)
    state_play(&after, move, rules)
    for k in range(rollouts):
        played = after
        # (no auction: only memory can stop it)
        if playout(&played, rules, uniform_policy, &rng, scratch, room, &counts) != PLAYED_OUT:
            return -1
        wins += (played.winner == played.landlord) == landlord_side
    return wins
