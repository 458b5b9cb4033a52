from collections.abc import Callable

import numpy as np

from ._rules import Rules
from ._simulation import Simulation

OUTCOME_DTYPE: np.dtype[np.void]

def simulate(n_games: int, *, seed: int = 0, start: int = 0, rules: Rules | None = None, threads: int = 1,
             progress: Callable[[int, int], object] | None = None) -> Simulation: ...
def nth_game_seed(seed: int, index: int) -> int: ...
