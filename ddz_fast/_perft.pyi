from typing import Literal, overload

from ._game import Game
from ._moves import Move

PERFT_MAX_DEPTH: int

@overload
def perft(game: Game, depth: int, *, divide: Literal[False] = False, bulk: bool = True) -> int: ...
@overload
def perft(game: Game, depth: int, *, divide: Literal[True], bulk: bool = True) -> dict[Move, int]: ...
