import numpy as np
import numpy.typing as npt

from ._cards import DECK_COUNTS as DECK_COUNTS, RANK_SYMBOLS as RANK_SYMBOLS
from ._game import Game

DECK_LIMITS: npt.NDArray[np.int64]

def constraint_limits(constraints: npt.ArrayLike | None, n_seats: int = 3) -> npt.NDArray[np.int64]: ...
def sample_deals(game: Game, seat: int, n: int, *, seed: int,
                 constraints: npt.ArrayLike | None = None) -> npt.NDArray[np.uint8]: ...
