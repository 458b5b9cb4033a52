import numpy as np
import numpy.typing as npt

from ._game import Game
from ._cards import DECK_COUNTS as DECK_COUNTS

def rollout_wins(game: Game, deals: npt.ArrayLike, rollouts: int, *, seed: int) -> npt.NDArray[np.int32]: ...
