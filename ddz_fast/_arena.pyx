# The arena: many games played to their end by native players (three, or four), natively and
# without the GIL, over native threads (_core.fanout: contiguous chunks of games, the calling
# thread working too). The games' states are copied first, under the GIL, so other Python
# threads may do what they like with the Game objects meanwhile; each game's players draw from
# streams of (seed, game), so the rows do not depend on `threads`.

import secrets

import numpy as np

from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from ._core.alloc cimport grow
from ._core.atomic cimport atomic_store
from ._core.fanout cimport ddz_fanout, fanout_free, fanout_init, fanout_run
from ._core.players cimport (
    N_PLAYER_KINDS, PLAYER_RULE, ddz_seated, ddz_seats, kind_policy, seat_choice, seated_policy,
    seed_seats,
)
from ._core.playout cimport (
    PLAYOUT_NO_MEMORY, ddz_four_outcome, ddz_outcome, playout, playout_counts, write_outcome,
)
from ._core.rng cimport stream_seed
from ._core.state cimport (
    ACTIONS_ROOM, PHASE_AUCTION, PHASE_OVER, action_bid, state_actions,
)
from ._core.typedefs cimport MAX_SEATS, ddz_move, ddz_rules, ddz_state
from ._game cimport Game
from ._moves cimport move_from_c
from ._rules cimport Rules, as_rules, without_wilds

from ._simulate import FOUR_OUTCOME_DTYPE, OUTCOME_DTYPE
from .checks import check_seed, check_threads
from .errors import UnsupportedRulesError

# The native players' names, by kind (_core.players): a player object is native when its
# `native` attribute is one of them (RandomPlayer.native == "random").
NATIVE_PLAYERS = ("random", "greedy", "rule")
assert len(NATIVE_PLAYERS) == N_PLAYER_KINDS


def native_kind(player):
    """The native kind (an index of ``NATIVE_PLAYERS``) of ``player``, or None."""
    name = getattr(player, "native", None)
    return NATIVE_PLAYERS.index(name) if isinstance(name, str) and name in NATIVE_PLAYERS else None


cdef int set_policies(ddz_seats* seats, dict players, str argument, Rules rules) except -1:
    cdef int seat
    for seat in range(MAX_SEATS):
        seats.policies[seat] = NULL
    for seat, player in players.items():
        kind = native_kind(player)
        if kind is None:
            raise TypeError(
                f"{argument}[{seat}]: {player!r} has no native kernel; a native player is one "
                f"of ddz_fast.RandomPlayer() and ddz_fast.GreedyPlayer() (players named "
                f"{NATIVE_PLAYERS} by their `native` attribute)")
        if kind == PLAYER_RULE:     # (RLCard's agent, which knows no wild cards nor four seats)
            without_wilds(rules, f"{argument}[{seat}], the rule player,")
            if rules.c.players == 4:
                raise UnsupportedRulesError(
                    f"{argument}[{seat}], the rule player (RLCard's agent of three seats), does "
                    f"not play the four-player game (players=4, RULES.md 11)")
        seats.policies[seat] = kind_policy(kind)
    return 0


def _native_action(player, Game game, uint64_t rng):
    """The action (a bid, or a Move) that the native kernel of ``player`` picks at ``game``'s
    position (not over), its generator started at ``rng``: the tests' view of one decision."""
    cdef ddz_seats seats
    cdef ddz_move* actions = NULL
    cdef ddz_state s = game.g.s
    cdef Py_ssize_t n, k, room = 0
    game.check_ready()
    set_policies(&seats, {s.to_move: player}, "player", game._rules)
    if s.phase == PHASE_OVER:
        raise ValueError("the game is over")
    seats.rng[s.to_move] = rng
    try:
        n = state_actions(&s, &game.g.rules, &actions, &room)
        if n < 0:
            raise MemoryError()
        k = seat_choice(&seats, &s, &game.g.rules, actions, n)
        return action_bid(&actions[k]) if s.phase == PHASE_AUCTION else move_from_c(&actions[k])
    finally:
        free(actions)


ctypedef struct arena_task:
    ddz_state* states           # the games, played in place
    ddz_outcome* out            # their rows: of three seats ...
    ddz_four_outcome* four_out  # ... or of four (the other is NULL)
    Py_ssize_t n, parts
    ddz_seats seats             # the policies (each game seeds its own copy's streams)
    ddz_rules rules
    uint64_t seed
    int64_t out_of_memory       # 1 once a part's actions could not grow (atomic: parts share it)


cdef void play_part(void* context, Py_ssize_t part) noexcept nogil:
    cdef arena_task* task = <arena_task*>context
    cdef ddz_move* actions = NULL       # (wild cards may grow it)
    cdef Py_ssize_t room = 0
    cdef ddz_seats seats = task.seats
    cdef ddz_seated seated
    cdef playout_counts counts
    cdef Py_ssize_t i
    seated.seats = &seats
    seated.rules = &task.rules
    if grow(&actions, &room, ACTIONS_ROOM) < 0:
        atomic_store(&task.out_of_memory, 1)
        return
    for i in range(task.n * part // task.parts, task.n * (part + 1) // task.parts):
        seed_seats(&seats, stream_seed(task.seed, i))
        # (the players never pick a pass the redeal limit refuses: only memory can fail)
        if playout(&task.states[i], &task.rules, seated_policy, &seated, &actions, &room,
                   &counts) == PLAYOUT_NO_MEMORY:
            atomic_store(&task.out_of_memory, 1)
            break
        if task.four_out != NULL:
            write_outcome(&task.states[i], &task.rules, &counts, &task.four_out[i])
        else:
            write_outcome(&task.states[i], &task.rules, &counts, &task.out[i])
    free(actions)


def play_games(games, players, *, threads=1, seed=None):
    """Play each of ``games`` (``Game`` objects of one rule set, none over; they are not
    changed) to its end with ``players`` (native players, one per seat of the rules, seat 0's
    first: a ``RandomPlayer``, a ``GreedyPlayer`` or a ``RulePlayer``), natively and without
    the GIL, over ``threads`` native threads (capped at the games and the cores this process
    may use).

    Returns one ``OUTCOME_DTYPE`` row per game (as ``simulate``; ``FOUR_OUTCOME_DTYPE`` in the
    four-player game, which the rule player, RLCard's agent of three seats, does not play):
    the scores by seat, the landlord, the bid, bombs, springs; ``plays`` and ``turns`` count
    what was played here, from the given position on; ``redeals`` is the deal's. A game in the auction is bid out
    first. The players of game ``i`` draw from streams of ``(seed, i)`` (``seed=None``: drawn
    at random), whatever ``threads`` is, and a ``RandomPlayer``'s own seed is not used.
    Two-seat games leave ``players[2]`` out of play. Wild-card games are played too, but not
    by the rule player (RLCard's agent knows no wild cards: ``UnsupportedRulesError``).
    """
    if isinstance(players, (str, bytes)) or not hasattr(players, "__len__"):
        raise ValueError(f"players must be a sequence of players, one per seat, not {players!r}")
    games = list(games)
    seed = secrets.randbits(64) if seed is None else check_seed(seed)
    cdef arena_task task
    cdef Py_ssize_t n = len(games), i
    cdef Rules rules = None
    for i, game in enumerate(games):
        if not isinstance(game, Game):
            raise TypeError(f"games[{i}] must be a Game, not {type(game).__name__}")
        if rules is None:       # (ValueError for a Game never set up)
            rules = game.rules
        elif (<Game>game)._rules != rules:
            raise ValueError(f"games[{i}] is played under {game.rules!r}, games[0] under "
                             f"{rules!r}: the games of one call share their rules")
    if rules is None:
        rules = as_rules(None)
    if len(players) != rules.c.players:
        raise ValueError(f"players must be a sequence of {rules.c.players} players, one per "
                         f"seat of {rules!r}, not {len(players)}")
    set_policies(&task.seats, dict(enumerate(players)), "players", rules)
    four = rules.c.players == 4
    records = np.zeros(n, FOUR_OUTCOME_DTYPE if four else OUTCOME_DTYPE)
    if n == 0:
        return records
    cdef ddz_outcome[::1] rows
    cdef ddz_four_outcome[::1] four_rows
    cdef ddz_fanout fanout
    memset(&fanout, 0, sizeof(ddz_fanout))
    task.parts = check_threads(threads, n)
    task.states = <ddz_state*>malloc(n * sizeof(ddz_state))
    try:
        if task.states == NULL or fanout_init(&fanout, task.parts) < 0:
            raise MemoryError()
        for i in range(n):          # copies, under the GIL, then checked: no Python code runs
            task.states[i] = (<Game>games[i]).g.s
        for i in range(n):
            if task.states[i].phase == PHASE_OVER:
                raise ValueError(f"games[{i}] is over: nothing to play")
        task.out = NULL
        task.four_out = NULL
        if four:
            four_rows = records
            task.four_out = &four_rows[0]
        else:
            rows = records
            task.out = &rows[0]
        task.n = n
        task.rules = rules.c
        task.seed = seed
        task.out_of_memory = 0
        with nogil:
            fanout_run(&fanout, play_part, &task)
        if task.out_of_memory:
            raise MemoryError("play_games: the legal actions of a position")
    finally:
        fanout_free(&fanout)
        free(task.states)
    return records
