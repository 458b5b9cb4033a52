"""Games: ``Game`` (a deal from the auction to the score, with push, undo and positions),
``score`` (the rule book's points), and ``perft`` (the move-generation count of a game tree, here
rather than in a module of its own, whose name the function would hide)."""

from ._game import Game, score
from ._perft import perft

__all__ = ["Game", "perft", "score"]
