from typing import Literal, overload

from ._game import Game
from ._moves import Move

@overload
def perft(game: Game, depth: int, *, divide: Literal[False] = False, bulk: bool = True) -> int: ...
@overload
def perft(game: Game, depth: int, *, divide: Literal[True], bulk: bool = True) -> dict[Move, int]: ...
