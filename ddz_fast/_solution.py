"""What the open-hand solver answers: the ``Solution`` and ``Line`` value objects, below the
extension ``_solver`` that makes them (the public module is ``ddz_fast.solver``)."""

from __future__ import annotations

from dataclasses import dataclass

from ._moves import Move

OBJECTIVES = ("win", "score")
# solve's `moves`: every move that reaches the verdict, one, or every one and each move's value
MOVE_CHOICES = ("all", "one", "each")


@dataclass(frozen=True)
class Solution:
    """The verdict of ``solve`` on one position, with perfect play by everyone on open hands.

    - ``winner``: ``"landlord"`` or ``"farmers"`` (the two farmers win together); ``None`` when
      the search stopped at a limit (``complete=False``): nothing is guessed.
    - ``moves``: the moves of the side to move that reach the verdict, in legal-move order. For
      ``objective="win"`` its winning moves (empty when it loses whatever it plays); for
      ``objective="score"`` the moves that reach ``score``. With ``solve(..., moves="one")``
      only the first of them the search found. Empty when incomplete.
    - ``score``: ``objective="score"`` only: the landlord's final points under the rules'
      scoring (bombs, rocket and spring doubling counted) that he can guarantee and the
      farmers can hold him to.
    - ``nodes``: positions searched (the table's hits included); ``seconds``: wall time.
    - ``values``: with ``solve(..., moves="each")``, every legal move of the side to move with
      the landlord's value after it (perfect play from there on), in legal-move order: his
      score for ``objective="score"``; 1 where he then wins and -1 where the farmers do for
      ``objective="win"``. Empty otherwise, and when incomplete.
    """

    objective: str
    winner: str | None
    moves: tuple[Move, ...]
    score: int | None
    nodes: int
    seconds: float
    complete: bool
    values: tuple[tuple[Move, int], ...] = ()

    def __str__(self) -> str:
        effort = _effort_text(self.nodes, self.seconds)
        if not self.complete:
            return f"unsolved (a limit was reached after {effort})"
        moves = ", ".join(str(m) for m in self.moves) or "none"
        what = "winning" if self.objective == "win" else "best"
        values = ""
        if self.values:
            values = "; after each move: " + ", ".join(
                f"{m} {_value_text(self.objective, v)}" for m, v in self.values)
        return f"{_verdict_text(self.winner, self.score)}; {what} moves: {moves}{values} ({effort})"


@dataclass(frozen=True)
class Line:
    """A line of perfect play on open hands from a position to the end of the deal, as
    ``principal_line`` finds it.

    - ``moves``: ``(seat, move)`` in the order played. At each turn the side to move plays a
      move that reaches the position's verdict (the first one its ``moves="one"`` solve
      found); a side that loses whatever it plays (``objective="win"``) plays its first legal
      move. A complete line ends the deal, with the verdict: the winner, or the landlord's
      ``score``.
    - ``winner``, ``score``: the verdict of the first position, as in ``Solution``; ``None``
      when the limits stopped even its solve.
    - ``complete``: False when ``max_nodes`` or ``time_limit`` stopped a solve: the line ends
      before that turn, each move in it proven.
    - ``nodes``: summed over the line's solves; ``seconds``: the wall time of the whole line.
    """

    objective: str
    winner: str | None
    score: int | None
    moves: tuple[tuple[int, Move], ...]
    nodes: int
    seconds: float
    complete: bool

    def __str__(self) -> str:
        effort = _effort_text(self.nodes, self.seconds)
        if not self.moves:
            return f"no line (a limit was reached after {effort})"
        steps = " ".join(f"{seat}:{move}" for seat, move in self.moves)
        verdict = _verdict_text(self.winner, self.score)
        if not self.complete:
            return f"{steps} ... ({verdict}; stopped at a limit after {effort})"
        return f"{steps} ({verdict}; {effort})"


def _effort_text(nodes: int, seconds: float) -> str:
    return f"{nodes:,} nodes in {seconds * 1e3:.3g} ms"


def _verdict_text(winner: str | None, score: int | None) -> str:
    """Who wins, and the landlord's score where the objective is points."""
    return f"{winner} win" + (f", landlord scores {score:+d}" if score is not None else "")


def _value_text(objective: str, value: int) -> str:
    """A value of ``Solution.values`` as text: who then wins, or the landlord's score."""
    if objective == "win":
        return "landlord" if value > 0 else "farmers"
    return f"{value:+d}"
