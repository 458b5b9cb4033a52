"""ddz_fast: a fast and exact Dou Dizhu (Fight the Landlord) engine.

Cards are rank counts over ``3456789TJQKA2BR``. ``legal_moves`` lists every legal combination
of a hand, ``classify`` reads a set of cards, ``beats`` compares two plays; the rule book is
RULES.md of the project.
"""

from ._actions import ActionSpace, every_play
from ._batch import legal_move_counts, legal_moves_batch
from ._build import build_info
from ._cards import RANK_SYMBOLS, Hand
from ._game import Game, score
from ._moves import MOVE_DTYPE, PASS, Move, MoveList, beats, classify, legal_moves
from ._perft import perft
from ._sampler import sample_deals
from ._simulate import OUTCOME_DTYPE, simulate
from ._solver import Solver, principal_line, solve
from ._tables import Tables
from ._rules import AUCTIONS, Rules
from .errors import (
    AmbiguousMoveError, EncodingError, IllegalActionError, IllegalBidError, IllegalMoveError,
    InvalidCardsError, InvalidConstraintsError, InvalidMoveError, InvalidPositionError,
    RedealLimitError,
)
from . import encodings
from .kind import Kind
from .players import GreedyPlayer, RandomPlayer
from .pimc import PIMCPlayer
from .position import Position, game_with_hands
from .result import Result
from .series import Series
from .simulation import Simulation
from .solver import Line, Solution

__version__ = "0.1.0"

__all__ = [
    "AUCTIONS",
    "ActionSpace",
    "MOVE_DTYPE",
    "OUTCOME_DTYPE",
    "PASS",
    "PIMCPlayer",
    "RANK_SYMBOLS",
    "AmbiguousMoveError",
    "EncodingError",
    "Game",
    "GreedyPlayer",
    "Hand",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalMoveError",
    "InvalidCardsError",
    "InvalidConstraintsError",
    "InvalidMoveError",
    "InvalidPositionError",
    "Kind",
    "Line",
    "Move",
    "MoveList",
    "Position",
    "RandomPlayer",
    "RedealLimitError",
    "Result",
    "Rules",
    "Series",
    "Tables",
    "Simulation",
    "Solution",
    "Solver",
    "beats",
    "build_info",
    "classify",
    "encodings",
    "every_play",
    "game_with_hands",
    "legal_move_counts",
    "legal_moves",
    "legal_moves_batch",
    "perft",
    "principal_line",
    "sample_deals",
    "score",
    "simulate",
    "solve",
]
