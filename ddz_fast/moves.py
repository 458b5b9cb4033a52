"""Moves: the ``Move`` value and ``PASS``, a hand's legal moves one at a time (``legal_moves``)
or for many hands at once (``legal_moves_batch``, ``legal_move_counts``, rows of
``MOVE_DTYPE``; ``WILD_MOVE_DTYPE`` views them with the wild-card fields), and the reading and
comparing of plays (``classify``, ``beats``)."""

from ._batch import legal_move_counts, legal_moves_batch
from ._moves import (
    MOVE_DTYPE, PASS, WILD_MOVE_DTYPE, Move, MoveList, beats, classify, legal_moves,
)

__all__ = [
    "MOVE_DTYPE",
    "Move",
    "MoveList",
    "PASS",
    "WILD_MOVE_DTYPE",
    "beats",
    "classify",
    "legal_move_counts",
    "legal_moves",
    "legal_moves_batch",
]
