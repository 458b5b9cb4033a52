"""Evaluation with the field's metrics: DouZero's WP and ADP per side, with 95% intervals.

``evaluate(landlord=A, farmers=B, deals=N)`` plays N deals with A as the landlord and B in both
farmer seats, then (``duplicate=True``) the same deals again with the sides swapped, B as the
landlord and A as the farmers, the variance reduction of duplicate bridge. Play starts with the
landlord fixed, as in DouZero's evaluation: there is no auction.

The figures are DouZero's (``douzero.evaluation.simulation.evaluate``, per game):

- WP, the winning percentage of a side: the share of games it won.
- ADP, the average difference in points of a side: its points per game, where the landlord
  gets ``2 x bid x multiplier`` when he wins and pays it when he loses (one ``bid x multiplier``
  from or to each farmer, the multiplier ``2**bombs``, doubled by a spring where the rules
  score springs), and the farmers' side gets the opposite. Under the ``douzero`` preset (bid 1,
  no springs) that is DouZero's ``+-2 * 2**bombs`` for both sides, whatever the rules'
  ``scoring`` (a training reward, not a game score).

Intervals (95%): Wilson's score interval for a WP over one role's games, the normal
approximation (mean +- 1.96 standard errors) for an ADP, and for a player's figures over both
roles (``duplicate=True``) the normal approximation over the deals, each deal's pair of games
one value (so the interval is over the pairs, as the games of a pair are not independent).
"""

from __future__ import annotations

import dataclasses
import math
import secrets
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from ._game import Game
from ._rules import Rules, as_rules
from ._simulate import OUTCOME_DTYPE, nth_game_seed
from .checks import check_bool, check_int, check_seed, check_threads
from .errors import InvalidPositionError
from .pimc import PIMCPlayer
from .players import NATIVE_PLAYERS, GreedyPlayer, RandomPlayer, RulePlayer, play_games
from .series import Player, play_out
from .typing import RulesLike

__all__ = ["PLAYERS", "Estimate", "Evaluation", "Side", "evaluate", "seeded_deals"]

# The players evaluate() makes from a name, each from a seed (the players that draw use it).
PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
    "greedy": lambda seed: GreedyPlayer(),
    "rule": RulePlayer,
    "pimc": lambda seed: PIMCPlayer(seed=seed),
}
Z95 = 1.959963984540054          # the normal distribution's 97.5% quantile
CHUNK = 25                       # deals per unit of work: named players are new for each unit
_PLAYER_STREAM = 0x2545F4914F6CDD1D  # keeps the players' seeds apart from the deals'
_NATIVE_STREAM = 0x6A09E667F3BCC909  # ... and the native players' streams (play_games' seed)

PlayerLike = Player | str


@dataclass(frozen=True)
class Estimate:
    """A figure and its 95% interval, ``low <= value <= high`` (NaN bounds where there is too
    little data for one: an ADP of one game)."""

    value: float
    low: float
    high: float

    def format(self, spec: str = ".3f") -> str:
        """The value and its interval, each formatted with ``spec``: ``0.912 [0.885, 0.940]``."""
        return f"{self.value:{spec}} [{self.low:{spec}}, {self.high:{spec}}]"

    def __str__(self) -> str:
        return self.format()


@dataclass(frozen=True)
class Side:
    """A player's figures in one role: ``role`` is "landlord", "farmers", or "both" (its
    figures over the two games of each deal, ``duplicate=True``). ``games`` played in the role,
    ``wins`` of them won, ``wp`` and ``adp`` with their intervals."""

    player: str
    role: str
    games: int
    wins: int
    wp: Estimate
    adp: Estimate

    def __str__(self) -> str:
        return (f"{self.player} as {self.role}: WP {self.wp}, ADP {self.adp.format('+.3f')}, "
                f"{self.wins} of {self.games} games won")


def wilson(successes: int, n: int, z: float = Z95) -> Estimate:
    """The share ``successes / n`` with its Wilson score interval."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z95) -> Estimate:
    """The mean with its normal-approximation interval (mean +- z standard errors)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Estimate(mean, math.nan, math.nan)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return Estimate(mean, mean - half, mean + half)


class Evaluation:
    """What ``evaluate`` measured. ``records``: one ``OUTCOME_DTYPE`` row per game (as
    ``simulate`` returns them), deal i's game with the ``landlord`` player as the landlord in
    row i and, with ``duplicate``, its game with the sides swapped in row ``deals + i``.

    ``landlord`` and ``farmers`` are the figures of the two sides of the first games (what
    DouZero's ``evaluate`` prints); with ``duplicate``, ``swapped_landlord`` and
    ``swapped_farmers`` those of the swapped games, and ``overall`` the landlord player's
    figures over both roles, paired by deal (the DouZero paper's "A against B"). ``sides``
    lists them all, the table ``str`` prints. ``landlord_player`` and ``farmers_player`` name
    the players, ``deals``, ``duplicate``, ``rules`` (as played) and ``seed`` (None when
    neither the deals nor the players came from it) are the settings.
    """

    def __init__(self, records: np.ndarray, *, landlord: str, farmers: str, duplicate: bool,
                 rules: Rules, seed: int | None) -> None:
        self.records = records
        self.landlord_player = landlord
        self.farmers_player = farmers
        self.duplicate = duplicate
        self.rules = rules
        self.seed = seed
        self.deals = len(records) // (2 if duplicate else 1)
        won = records["landlord_won"].astype(bool)
        points = (2 * records["bid"].astype(np.int64) * records["multiplier"]
                  * np.where(won, 1, -1))
        first = slice(0, self.deals)
        self.landlord = _side(landlord, "landlord", won[first], points[first])
        self.farmers = _side(farmers, "farmers", ~won[first], -points[first])
        self.swapped_landlord: Side | None = None
        self.swapped_farmers: Side | None = None
        self.overall: Side | None = None
        if duplicate:
            second = slice(self.deals, 2 * self.deals)
            self.swapped_landlord = _side(farmers, "landlord", won[second], points[second])
            self.swapped_farmers = _side(landlord, "farmers", ~won[second], -points[second])
            wins = won[first].astype(int) + ~won[second]           # per deal: 0, 1 or 2
            self.overall = Side(landlord, "both", 2 * self.deals, int(wins.sum()),
                                mean_interval((wins / 2).tolist()),
                                mean_interval(((points[first] - points[second]) / 2).tolist()))

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def sides(self) -> tuple[Side, ...]:
        """Every side measured: the first games' two, then the swapped games' two and the
        landlord player's over both roles (``duplicate=True``)."""
        sides = (self.landlord, self.farmers, self.swapped_landlord, self.swapped_farmers,
                 self.overall)
        return tuple(side for side in sides if side is not None)

    def to_dict(self) -> dict[str, Any]:
        """The settings and every side's figures as plain data (``json.dumps`` takes it)."""
        return {"landlord": self.landlord_player, "farmers": self.farmers_player,
                "deals": self.deals, "games": self.games, "duplicate": self.duplicate,
                "rules": self.rules.name or repr(self.rules), "seed": self.seed,
                "sides": [dataclasses.asdict(side) for side in self.sides]}

    def __str__(self) -> str:
        how = "each played twice, the sides swapped" if self.duplicate else "played once"
        seed = "" if self.seed is None else f", seed {self.seed}"
        rules = self.rules.name or repr(self.rules)
        width = max([24] + [len(side.player) for side in self.sides])   # a name is never cut
        lines = [f"{self.landlord_player} against {self.farmers_player}: {self.deals} deals, "
                 f"{how} (rules {rules}{seed}); 95% intervals",
                 f"{'player':<{width}} {'role':<9} {'games':>7}  {'WP':<22}  ADP"]
        for side in self.sides:
            lines.append(f"{side.player:<{width}} {side.role:<9} {side.games:>7}  "
                         f"{str(side.wp):<22}  {side.adp.format('+.3f')}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<Evaluation {self.landlord_player} against {self.farmers_player}: "
                f"{self.deals} deals{', duplicate' if self.duplicate else ''}, landlord WP "
                f"{self.landlord.wp.value:.3f}, ADP {self.landlord.adp.value:+.3f}>")


def _side(player: str, role: str, won: np.ndarray, points: np.ndarray) -> Side:
    return Side(player, role, len(won), int(won.sum()), wilson(int(won.sum()), len(won)),
                mean_interval(points.tolist()))


def _play_games(games: Sequence[Game], players: Sequence[Player]) -> np.ndarray:
    """Play each game to its end (in place), ``players[seat]`` choosing the actions of
    ``seat``: one ``OUTCOME_DTYPE`` row per game. The one game runner of ``evaluate`` (the
    native arena's twin, for players of any kind)."""
    rows = np.zeros(len(games), OUTCOME_DTYPE)
    for game, row in zip(games, rows):
        play_out(game, players)
        result = game.result
        assert result is not None and result.landlord is not None    # played to the end
        actions = [action for _, action in game.history if not isinstance(action, int)]
        row["scores"][:len(result.scores)] = result.scores
        row["multiplier"] = result.multiplier
        row["plays"] = sum(bool(move) for move in actions)
        row["turns"] = len(actions)
        row["redeals"] = game.redeals
        row["landlord"] = result.landlord
        row["bid"] = result.bid
        row["bombs"] = result.bombs
        row["landlord_won"] = result.winner == "landlord"
        row["spring"] = result.spring
        row["anti_spring"] = result.anti_spring
    return rows


def evaluate(landlord: PlayerLike, farmers: PlayerLike | Sequence[PlayerLike],
             deals: int | Sequence[Game] = 1000, *, seed: int | None = None,
             rules: RulesLike = None, duplicate: bool = True, threads: int = 1,
             progress: Callable[[int, int], object] | None = None) -> Evaluation:
    """Play ``landlord`` as the landlord against ``farmers`` and measure WP and ADP per side.

    - ``landlord``, ``farmers``: a ``Player`` (a callable on a Game returning the action of
      the seat to move, as ``Series`` takes), or a name of ``PLAYERS`` ("random", "greedy",
      "rule", "pimc"); ``farmers`` is one for both farmer seats, or a pair: the seat after the
      landlord's (DouZero's landlord_down) first, then landlord_up.
    - ``deals``: a number of seeded deals, deal i being ``Game(seed_i, rules=rules)`` with
      ``seed_i`` derived from ``seed`` as ``simulate`` and ``Series`` derive them; or Games at
      the start of the play phase or later, three seats (e.g. ``Game.from_hands``, or DouZero's
      evaluation data through ``ddz_fast.interop.douzero.read_eval_data``), played from
      copies under their own rules.
    - ``rules``: the seeded deals' rules (default the ``douzero`` preset). Rules with an
      auction are played without one, ``rules.replace(auction="none")``: seat 0 is the
      landlord at bid 1, as in DouZero's evaluation.
    - ``duplicate``: play each deal twice, the sides swapped (farmers must then be one player).
    - ``threads``: the named players of each unit of ``CHUNK`` deals are new players seeded
      from ``seed`` and the unit, so units run on up to ``threads`` threads (PIMC's search
      releases the GIL) with the same results for any number. Player objects you pass are
      called from the calling thread only, one game after another (``threads`` is then unused),
      unless all three are native.
    - Native players (``RandomPlayer``, ``GreedyPlayer``, ``RulePlayer``, by name or as
      objects: ``ddz_fast.players.NATIVE_PLAYERS``): when all three seats have one, the games
      are played by ``play_games``, without Python per move; their draws then come from
      streams of ``seed`` and the unit (not from the objects' own seeds).
    - ``progress(done, total)``: called as the games are played.

    An action a player chooses that the game refuses raises the game's error (an
    ``IllegalActionError``, ``InvalidMoveError`` or ``TypeError``), naming the player and
    its seat.
    """
    plan = _plan(landlord, farmers, deals, seed, rules, duplicate)
    total, done = plan.total, 0
    parts: list[np.ndarray] = []
    threads = check_threads(threads, len(plan.units) if plan.named or plan.native else 1)
    units = range(len(plan.units))
    with ThreadPoolExecutor(threads) as pool:
        # one thread: the calling thread plays (player objects are called from it alone)
        for rows in pool.map(plan.run, units) if threads > 1 else map(plan.run, units):
            parts.append(rows)
            done += len(rows)
            if progress is not None:
                progress(done, total)
    return plan.evaluation(parts)


@dataclass(frozen=True)
class _Plan:
    """``evaluate``'s work, checked: units of ``CHUNK`` deals a side, each unit's rows a
    function of the plan and the unit's index alone where the players are named or native
    (new players seeded by the unit), so units may run anywhere, in any order
    (``ddz_fast.distributed.evaluate`` ships the plan)."""

    roles: tuple[PlayerLike, PlayerLike, PlayerLike]    # landlord, landlord_down, landlord_up
    one_farmer: bool
    seed: int
    games: tuple[Game, ...]
    units: tuple[tuple[bool, int], ...]     # (sides swapped, first deal)
    duplicate: bool
    seeded: bool                            # the deals came from the seed
    native: bool                            # every role is a native player (play_games)

    @property
    def named(self) -> bool:
        return all(isinstance(role, str) for role in self.roles)

    @property
    def total(self) -> int:
        return len(self.games) * (2 if self.duplicate else 1)

    def unit_games(self, unit: int) -> int:
        start = self.units[unit][1]
        return min(CHUNK, len(self.games) - start)

    def run(self, unit: int) -> np.ndarray:
        swap, start = self.units[unit]
        roles = self.roles
        made = [_make(role, self.seed, unit, i) for i, role in enumerate(roles[:2])]
        made.append(made[1] if self.one_farmer else _make(roles[2], self.seed, unit, 2))
        if swap:        # the farmers' player as the landlord, the landlord's in both farmer seats
            made = [made[1], made[0], made[0]]
        return _play_unit([game.copy() for game in self.games[start:start + CHUNK]], made,
                          nth_game_seed(self.seed ^ _NATIVE_STREAM, unit) if self.native
                          else None)

    def evaluation(self, parts: list[np.ndarray]) -> Evaluation:
        """The Evaluation of the units' rows, in unit order."""
        names = [_name(role) for role in self.roles]
        return Evaluation(np.concatenate(parts), landlord=names[0],
                          farmers=names[1] if self.one_farmer else f"{names[1]} + {names[2]}",
                          duplicate=self.duplicate, rules=self.games[0].rules,
                          seed=self.seed if self.seeded or self.named else None)


def _plan(landlord: PlayerLike, farmers: PlayerLike | Sequence[PlayerLike],
          deals: int | Sequence[Game], seed: int | None, rules: RulesLike,
          duplicate: bool) -> _Plan:
    """evaluate's arguments, checked, as its plan."""
    duplicate = check_bool(duplicate, "duplicate")
    down, up = _farmers(farmers)
    one_farmer = down is up or isinstance(down, str) and down == up
    if duplicate and not one_farmer:
        raise ValueError("duplicate=True swaps the sides, so farmers must be one player (not "
                         f"the pair {(down, up)!r}); for two farmer players, duplicate=False")
    roles = (_player(landlord, "landlord"), _player(down, "farmers"), _player(up, "farmers"))
    seed = secrets.randbits(64) if seed is None else check_seed(seed)
    seeded = not (isinstance(deals, Sequence) and not isinstance(deals, str))
    if isinstance(deals, Sequence) and not seeded:
        if rules is not None:
            raise ValueError("rules= is for seeded deals; given Games play under their own rules")
        games = _checked_games(deals)
    else:
        games = seeded_deals(check_int(deals, "deals (a number or a sequence of Games)", 1),
                             seed, rules)
    swaps = (False, True) if duplicate else (False,)
    units = tuple((swap, start) for swap in swaps for start in range(0, len(games), CHUNK))
    return _Plan(roles, one_farmer, seed, tuple(games), units, duplicate, seeded,
                 all(_is_native(role) for role in roles))


def seeded_deals(n: int, seed: int, rules: RulesLike = None) -> list[Game]:
    """The Games of ``evaluate(deals=n, seed=seed, rules=rules)``: deal i is
    ``Game(nth_game_seed(seed, i))`` (as ``simulate`` and ``Series`` deal) under ``rules``
    (default the ``douzero`` preset) played without an auction, seat 0 the landlord at bid 1."""
    played = as_rules("douzero" if rules is None else rules).replace(auction="none")
    return [Game(nth_game_seed(seed, i), rules=played) for i in range(check_int(n, "n", 0))]


def _farmers(farmers: Any) -> tuple[Any, Any]:
    if isinstance(farmers, str) or callable(farmers):
        return farmers, farmers
    if isinstance(farmers, Sequence) and len(farmers) == 2:
        return farmers[0], farmers[1]
    raise TypeError(f"farmers must be a player, a player's name or a pair of them, not "
                    f"{farmers!r}")


def _player(player: Any, argument: str) -> PlayerLike:
    if isinstance(player, str):
        if player not in PLAYERS:
            raise ValueError(f"{argument}: unknown player name {player!r}; the names are "
                             f"{', '.join(map(repr, PLAYERS))}")
        return player
    if not callable(player):
        raise TypeError(f"{argument} must be a player (a callable on a Game) or a player's "
                        f"name, not {player!r}")
    checked: Player = player
    return checked


def _name(player: PlayerLike) -> str:
    return player if isinstance(player, str) else repr(player)


def _make(player: PlayerLike, seed: int, unit: int, role: int) -> Player:
    """A player object: a new one for a name (seeded by the unit and the role), else as given."""
    if isinstance(player, str):
        return PLAYERS[player](nth_game_seed(seed ^ _PLAYER_STREAM, 3 * unit + role))
    return player


def _checked_games(deals: Sequence[Any]) -> list[Game]:
    games = list(deals)
    if not games:
        raise ValueError("deals: an empty sequence of Games; give at least one")
    for i, game in enumerate(games):
        if not isinstance(game, Game):
            raise TypeError(f"deals[{i}] is a {type(game).__name__}, not a Game (DouZero's deals: "
                            f"ddz_fast.interop.douzero.from_deal)")
        if game.n_seats != 3 or game.phase != "play":
            raise InvalidPositionError(
                f"deals[{i}] must be a three-seat game in the play phase (the landlord known), "
                f"not a {game.n_seats}-seat game in phase {game.phase!r}")
        if game.rules != games[0].rules:
            raise ValueError(f"deals[{i}] has {game.rules!r}, deals[0] {games[0].rules!r}: "
                             "one evaluation plays one rule set")
    return games


def _is_native(player: PlayerLike) -> bool:
    """A player ``play_games`` plays natively (by name: the player the name makes)."""
    made = PLAYERS[player](0) if isinstance(player, str) else player
    return getattr(made, "native", None) in NATIVE_PLAYERS


def _play_unit(games: list[Game], roles: list[Player], native_seed: int | None) -> np.ndarray:
    """One unit's games with the players of the three roles (landlord, landlord_down,
    landlord_up) seated around each game's landlord; natively (``play_games``, its players'
    streams from ``native_seed``) when that is given."""
    rows = np.zeros(len(games), OUTCOME_DTYPE)
    landlords = np.array([game.landlord for game in games])
    for landlord in np.unique(landlords).tolist():
        at = np.flatnonzero(landlords == landlord)
        seats = [roles[(seat - landlord) % 3] for seat in range(3)]
        unit_games = [games[i] for i in at]
        rows[at] = (_play_games(unit_games, seats) if native_seed is None
                    else play_games(unit_games, seats, seed=native_seed ^ landlord))
    return rows
