"""What the open-hand solver answers: the ``Solution`` value object (``Solver`` and ``solve``
live in the extension ``ddz_fast._solver``)."""

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
        effort = f"{self.nodes:,} nodes in {self.seconds * 1e3:.3g} ms"
        if not self.complete:
            return f"unsolved (a limit was reached after {effort})"
        moves = ", ".join(str(m) for m in self.moves) or "none"
        score = f", landlord scores {self.score:+d}" if self.score is not None else ""
        what = "winning" if self.objective == "win" else "best"
        values = ""
        if self.values:
            values = "; after each move: " + ", ".join(
                f"{m} {_value_text(self.objective, v)}" for m, v in self.values)
        return f"{self.winner} win{score}; {what} moves: {moves}{values} ({effort})"


def _value_text(objective: str, value: int) -> str:
    """A value of ``Solution.values`` as text: who then wins, or the landlord's score."""
    if objective == "win":
        return "landlord" if value > 0 else "farmers"
    return f"{value:+d}"
