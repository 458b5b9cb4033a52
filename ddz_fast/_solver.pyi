from collections.abc import Iterable
from typing import Any

from typing_extensions import disjoint_base

from ._game import Game
from ._solution import MOVE_CHOICES as MOVE_CHOICES, OBJECTIVES as OBJECTIVES, Line as Line, Solution as Solution

TECHNIQUES: dict[str, int]
MAX_TABLE_MB: int
MAX_NODES: int

@disjoint_base
class Solver:
    def __init__(self, table_mb: int = 64, *, techniques: Iterable[str] | None = None) -> None: ...
    @property
    def table_mb(self) -> int: ...
    @property
    def techniques(self) -> frozenset[str]: ...
    def clear(self) -> None: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
    def solve(self, game: Game, *, objective: str = "win", moves: str = "all",
              max_nodes: int | None = None, time_limit: float | None = None) -> Solution: ...
    def principal_line(self, game: Game, *, objective: str = "win", max_nodes: int | None = None,
                       time_limit: float | None = None) -> Line: ...

def solve(game: Game, *, objective: str = "win", moves: str = "all", max_nodes: int | None = None,
          time_limit: float | None = None, table_mb: int = 64) -> Solution: ...
def principal_line(game: Game, *, objective: str = "win", max_nodes: int | None = None,
                   time_limit: float | None = None, table_mb: int = 64) -> Line: ...
