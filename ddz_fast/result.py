"""The outcome of a finished deal (RULES.md section 7)."""

from dataclasses import dataclass

__all__ = ["Result"]


@dataclass(frozen=True)
class Result:
    """How a deal ended and what it scored.

    ``scores`` holds what each seat gets under the rules' ``scoring`` (RULES.md's points by
    default, which sum to zero), seat 0 first: three scores, or two in a two-seat game, where
    the one farmer settles with the landlord (the landlord's points are the farmer's, not
    twice them), or four in the four-player game (RULES.md 11: under ``sides="2v2"`` the
    landlord's side is the landlord and the seat opposite, each winning or losing the stake).
    A deal that ended in the auction without a bid (rules with ``all_pass="end"``) has no
    winner and no landlord and pays nothing.
    """

    winner: str | None     # "landlord" (his side) or "farmers"; None: ended in the auction
    landlord: int | None   # the landlord's seat
    bid: int
    bombs: int             # bombs and rockets played
    spring: bool           # the landlord won and no farmer played a card
    anti_spring: bool      # the farmers won and the landlord made only his opening play
    multiplier: int
    scores: tuple[int, ...]
