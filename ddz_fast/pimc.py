"""The search player: Perfect Information Monte Carlo (PIMC) over the open-hand solver.

At each decision of the play phase, ``PIMCPlayer`` deals the hidden hands ``samples`` times
consistently with what its seat knows (``sample_deals``), and values each legal move on each
deal: exactly where the open-hand solver proves the deal within its budget (1 for a move that
wins for the player's side, 0 for one that loses), else by the fraction of uniformly random
playouts after the move that the player's side wins (native, ``rollouts`` per move and deal).
It plays the move with the highest total value over the deals: the move that wins on the most
deals. Ties go to the higher mean rollout win rate over every deal, then to the earlier move
in ``game.legal_moves()`` order.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ._game import Game
from ._moves import Move
from ._pimc import rollout_wins
from ._rules import without_wilds
from ._sampler import sample_deals
from ._solver import MAX_NODES, MAX_TABLE_MB, Solver
from .checks import check_int, check_seconds, check_seed
from .errors import IllegalActionError, UnsupportedRulesError
from .players import GreedyPlayer
from .sampling import game_with_hands

__all__ = ["Evaluation", "PIMCPlayer", "rollout_wins"]

# Incomplete solves in a row after which a decision stops solving: the deals of one position
# are alike in size, so the rest would most likely not finish either.
GIVE_UP = 3
# Keeps the playouts' random stream apart from the sampler's for the same decision.
_ROLLOUT_STREAM = 0x5851F42D4C957F2D


@dataclass(frozen=True)
class Evaluation:
    """What ``PIMCPlayer.evaluate`` found at one position, one entry per legal move.

    - ``moves``: the legal moves, in ``game.legal_moves()`` order.
    - ``values``: per move, the deals it wins: 1 for each deal the solver proved it wins, 0
      for each it proved it loses, the playouts' win rate on each deal the solver did not
      finish.
    - ``rollout_rates``: per move, the playouts' win rate over every deal (the tie-break).
    - ``samples``: the deals dealt; ``solved``: those the solver finished.
    - ``best``: the index of the move chosen.
    """

    moves: tuple[Move, ...]
    values: tuple[float, ...]
    rollout_rates: tuple[float, ...]
    samples: int
    solved: int
    best: int

    @property
    def move(self) -> Move:
        """The move chosen."""
        return self.moves[self.best]

    def __str__(self) -> str:
        lines = [f"{self.solved} of {self.samples} deals solved; chosen: {self.move}"]
        for move, value, rate in zip(self.moves, self.values, self.rollout_rates):
            lines.append(f"  {str(move):<20} wins {value:6.2f}  rollouts {rate:.3f}")
        return "\n".join(lines)


class PIMCPlayer:
    """Plays by sampling the hidden hands and solving each deal (see the module docstring).

    - ``samples``: deals per decision (>= 1).
    - ``time_per_move``: seconds for the solves of one decision (None: no limit); deals not
      solved in time keep their rollout values. A time limit makes the choice depend on the
      machine's speed; without one the player is reproducible.
    - ``seed``: the random streams of the sampler and the playouts (None: a random seed,
      shown by ``repr``). The deals and playouts of a decision are a pure function of the
      seed and the position.
    - ``max_nodes``: the node budget of each solve (None: none, which can take minutes on a
      full deal); after ``GIVE_UP`` incomplete solves in a row a decision solves no more
      deals. ``rollouts``: playouts per move and deal (>= 1).
    - ``table_mb``: the size of the player's solver table, kept for all its decisions (its
      entries are proven facts, so only how fast a solve finishes depends on what it holds).

    Bidding (not searched): the high-card rule of ``GreedyPlayer``. Points are not
    maximised: a move's value is its chance to win the deal.

    A pickle (or a copy) is a new player of the same arguments, its solver's table empty.
    """

    def __init__(self, samples: int = 16, time_per_move: float | None = None,
                 seed: int | None = None, *, max_nodes: int | None = 3_000, rollouts: int = 8,
                 table_mb: int = 64) -> None:
        self.samples = check_int(samples, "samples", 1)
        self.time_per_move = (None if time_per_move is None
                              else check_seconds(time_per_move, "time_per_move"))
        self.seed = secrets.randbits(64) if seed is None else check_seed(seed)
        self.max_nodes = (None if max_nodes is None
                          else check_int(max_nodes, "max_nodes", 1, MAX_NODES))
        self.rollouts = check_int(rollouts, "rollouts", 1, 1 << 20)
        self.solver = Solver(check_int(table_mb, "table_mb", 1, MAX_TABLE_MB))
        self._bidder = GreedyPlayer()

    def __call__(self, game: Game) -> int | Move:
        if game.phase == "auction":
            return self._bidder(game)
        moves = game.legal_moves()
        if len(moves) == 1:                 # nothing to choose (a pass, or one card to lead)
            return moves[0]
        return self.evaluate(game).move

    def evaluate(self, game: Game) -> Evaluation:
        """Value every legal move of the seat to move at the game's play-phase position
        (``IllegalActionError`` in the auction or once the game is over). The game is not
        changed. Not yet in wild-card games (its solver plays none) nor in the four-player game
        (its playouts and solver play three seats): ``UnsupportedRulesError``."""
        start = time.perf_counter()
        without_wilds(game.rules, "PIMCPlayer (its solver)")
        if game.n_seats == 4:
            raise UnsupportedRulesError("PIMCPlayer (its playouts and solver play three seats) "
                                        "does not play the four-player game (players=4, "
                                        "RULES.md 11)")
        seat = game.to_move
        if game.phase != "play" or seat is None:
            raise IllegalActionError(f"evaluate takes play-phase positions; the game is in "
                                     f"phase {game.phase!r}")
        seed = self.seed ^ game.full_key()
        deals = sample_deals(game, seat, self.samples, seed=seed)
        wins = rollout_wins(game, deals, self.rollouts, seed=seed ^ _ROLLOUT_STREAM)
        moves = tuple(game.legal_moves())
        values: npt.NDArray[np.int64] = wins.astype(np.int64)   # in playouts: R = 1 deal won
        solved = failed = 0
        for i in range(self.samples):
            limit = None
            if self.time_per_move is not None:
                limit = self.time_per_move - (time.perf_counter() - start)
                if limit <= 0:
                    break
            solution = self.solver.solve(game_with_hands(game, deals[i]),
                                         max_nodes=self.max_nodes, time_limit=limit)
            if solution.complete:
                winning = set(solution.moves)
                values[i] = [self.rollouts if m in winning else 0 for m in moves]
                solved += 1
                failed = 0
            else:
                failed += 1
                if failed == GIVE_UP:
                    break
        totals = values.sum(axis=0)
        rollouts = wins.sum(axis=0, dtype=np.int64)
        best = max(range(len(moves)), key=lambda j: (totals[j], rollouts[j], -j))
        scale = self.rollouts * self.samples
        return Evaluation(moves, tuple(float(v) / self.rollouts for v in totals),
                          tuple(float(r) / scale for r in rollouts), self.samples, solved, best)

    def __reduce__(self) -> tuple[Any, ...]:
        # The configuration, as repr shows it: the unpickled player has a new solver, its
        # table empty (a cache of proven facts), and plays as a new player of these arguments.
        return (_remake_player, (type(self), self.samples, self.time_per_move, self.seed,
                                 self.max_nodes, self.rollouts, self.solver.table_mb))

    def __repr__(self) -> str:
        return (f"PIMCPlayer(samples={self.samples}, time_per_move={self.time_per_move!r}, "
                f"seed={self.seed}, max_nodes={self.max_nodes!r}, rollouts={self.rollouts}, "
                f"table_mb={self.solver.table_mb})")


def _remake_player(cls: type[PIMCPlayer], samples: int, time_per_move: float | None, seed: int,
                   max_nodes: int | None, rollouts: int, table_mb: int) -> PIMCPlayer:
    """Unpickle a PIMCPlayer: a new one of the same arguments (checked as PIMCPlayer() checks)."""
    if not (isinstance(cls, type) and issubclass(cls, PIMCPlayer)):
        raise TypeError(f"a PIMCPlayer pickle names {cls!r}, no PIMCPlayer class")
    return cls(samples, time_per_move, seed, max_nodes=max_nodes, rollouts=rollouts,
               table_mb=table_mb)
