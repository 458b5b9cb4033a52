# The boundary of RulePlayer (ddz_fast.players): one decision of the native rule-based player
# (_core/rule) on a Game.

from libc.stdint cimport uint64_t

from ._core.players cimport PLAYER_RULE, kind_policy
from ._core.state cimport PHASE_AUCTION, PHASE_OVER, action_bid, state_legal_actions
from ._core.typedefs cimport MAX_MOVES, ddz_move, ddz_rules, ddz_state
from ._game cimport Game
from ._rules cimport without_wilds
from ._moves cimport move_from_c

from .checks import check_seed
from .errors import IllegalActionError


def rule_action(Game game not None, state):
    """``(action, state)``: the action of RLCard's rule-based player at ``game`` (a bid in
    the auction, a ``Move``, ``PASS`` included, in play) and the next state of its SplitMix64
    generator, whose state before is ``state`` (an integer in 0..2**64-1; drawn from only when
    the rule falls back to a uniform choice). ``IllegalActionError`` for a game that is over."""
    cdef uint64_t rng = check_seed(state, "state")
    game.check_ready()
    without_wilds(game._rules, "the rule player")
    game.check_three_seats("the rule player")
    cdef ddz_state s = game.g.s
    cdef ddz_rules rules = game.g.rules
    if s.phase == PHASE_OVER:
        raise IllegalActionError("the game is over: there is no seat to move")
    cdef ddz_move actions[MAX_MOVES + 1]
    cdef Py_ssize_t n = state_legal_actions(&s, &rules, actions) - actions
    cdef Py_ssize_t k = kind_policy(PLAYER_RULE)(&s, &rules, actions, n, &rng)
    if s.phase == PHASE_AUCTION:
        return action_bid(&actions[k]), rng
    return move_from_c(&actions[k]), rng
