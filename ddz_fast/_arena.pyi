from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ._game import Game
from ._moves import Move
from ._simulate import FOUR_OUTCOME_DTYPE as FOUR_OUTCOME_DTYPE, OUTCOME_DTYPE as OUTCOME_DTYPE

NATIVE_PLAYERS: tuple[str, ...]

def native_kind(player: object) -> int | None: ...
def play_games(games: Iterable[Game], players: Sequence[Any], *, threads: int = 1,
               seed: int | None = None) -> npt.NDArray[np.void]: ...
def _native_action(player: object, game: Game, rng: int) -> int | Move: ...
