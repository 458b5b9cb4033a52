"""What the converters share."""

from __future__ import annotations

from ddz_fast import Kind, Move


def bomb_among_kickers(move: Move) -> bool:
    """A plane with single kickers, four of them of one rank (``333444555666+8888``): a play
    of ddz_fast that neither RLCard nor OpenSpiel has (checked against their action tables)."""
    if move.kind is not Kind.PLANE_SINGLES:
        return False
    kickers = str(move).partition("+")[2]
    return any(kickers.count(symbol) == 4 for symbol in set(kickers))
