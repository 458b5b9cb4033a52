"""ddz_fast: a fast and exact Dou Dizhu (Fight the Landlord) engine.

Cards are rank counts over ``3456789TJQKA2BR``. ``legal_moves`` lists every legal combination
of a hand, ``classify`` reads a set of cards, ``beats`` compares two plays; the rule book is
RULES.md of the project.
"""

from . import encodings
from ._build import build_info
from .actions import ActionSpace, every_play
from .cards import RANK_SYMBOLS, Hand
from .errors import (
    AmbiguousMoveError, EncodingError, IllegalActionError, IllegalBidError, IllegalMoveError,
    InvalidCardsError, InvalidConstraintsError, InvalidMoveError, InvalidPositionError,
    RedealLimitError, UnsupportedRulesError,
)
from .evaluation import evaluate
from .game import Game, perft, score
from .kind import Kind
from .moves import (
    MOVE_DTYPE, PASS, WILD_MOVE_DTYPE, Move, MoveList, beats, classify, legal_move_counts,
    legal_moves, legal_moves_batch,
)
from .pimc import PIMCPlayer
from .players import GreedyPlayer, RandomPlayer, RulePlayer, play_games
from .position import Position
from .result import Result
from .rules import AUCTIONS, Rules
from .sampling import game_with_hands, sample_deals
from .series import Series
from .simulation import FOUR_OUTCOME_DTYPE, OUTCOME_DTYPE, Simulation, simulate
from .solver import Line, Solution, Solver, principal_line, solve
from .tables import Tables

__version__ = "0.1.0"

__all__ = [
    "AUCTIONS",
    "ActionSpace",
    "FOUR_OUTCOME_DTYPE",
    "MOVE_DTYPE",
    "OUTCOME_DTYPE",
    "PASS",
    "PIMCPlayer",
    "RANK_SYMBOLS",
    "WILD_MOVE_DTYPE",
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
    "RulePlayer",
    "Rules",
    "Series",
    "Simulation",
    "Solution",
    "Solver",
    "Tables",
    "UnsupportedRulesError",
    "beats",
    "build_info",
    "classify",
    "encodings",
    "evaluate",
    "every_play",
    "game_with_hands",
    "legal_move_counts",
    "legal_moves",
    "legal_moves_batch",
    "perft",
    "play_games",
    "principal_line",
    "sample_deals",
    "score",
    "simulate",
    "solve",
]
