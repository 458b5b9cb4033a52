"""ddz_fast: a fast and exact Dou Dizhu (Fight the Landlord) engine.

Cards are rank counts over ``3456789TJQKA2BR``. ``legal_moves`` lists every legal combination
of a hand, ``classify`` reads a set of cards, ``beats`` compares two plays; the rule book is
RULES.md of the project.
"""

from ._batch import legal_move_counts, legal_moves_batch
from ._cards import RANK_SYMBOLS, Hand
from ._moves import MOVE_DTYPE, Move, MoveList, beats, classify, legal_moves
from ._rules import Rules
from .errors import AmbiguousMoveError, InvalidCardsError, InvalidMoveError
from .kind import Kind

__version__ = "0.1.0"

__all__ = [
    "MOVE_DTYPE",
    "RANK_SYMBOLS",
    "AmbiguousMoveError",
    "Hand",
    "InvalidCardsError",
    "InvalidMoveError",
    "Kind",
    "Move",
    "MoveList",
    "Rules",
    "beats",
    "classify",
    "legal_move_counts",
    "legal_moves",
    "legal_moves_batch",
]
