"""Positions as values: every field that decides a game's future, and their one-line text (the
engine's FEN; README "Positions" has the grammar). ``Game.from_position`` and ``Game.position``
read and write them."""

from ._position import Position

__all__ = ["Position"]
