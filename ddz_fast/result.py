"""The outcome of a finished deal (RULES.md section 7)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Result:
    """How a deal ended and what it scored.

    ``scores`` holds the point change of seats 0, 1 and 2; they sum to zero.
    """

    winner: str            # "landlord" or "farmers"
    landlord: int          # the landlord's seat
    bid: int
    bombs: int             # bombs and rockets played
    spring: bool           # the landlord won and neither farmer played a card
    anti_spring: bool      # the farmers won and the landlord made only his opening play
    multiplier: int
    scores: tuple[int, int, int]
