from collections.abc import Callable

import numpy as np

from .typing import RulesLike
from ._simulation import Simulation

OUTCOME_DTYPE: np.dtype[np.void]
FOUR_OUTCOME_DTYPE: np.dtype[np.void]

def simulate(n_games: int, *, seed: int = 0, start: int = 0, rules: RulesLike = None, threads: int = 1,
             progress: Callable[[int, int], object] | None = None) -> Simulation: ...
def nth_game_seed(seed: int, index: int) -> int: ...
