from ._game import Game
from ._moves import Move

def rule_action(game: Game, state: int) -> tuple[int | Move, int]: ...
