import numpy as np
import numpy.typing as npt

from ._moves import MOVE_DTYPE as MOVE_DTYPE
from .typing import RulesLike

def legal_move_counts(hands: npt.ArrayLike, prevs: npt.ArrayLike | None = None, *,
                      rules: RulesLike = None,
                      wild_ranks: str | int | npt.ArrayLike | None = None) -> npt.NDArray[np.int64]: ...
def legal_moves_batch(hands: npt.ArrayLike, prevs: npt.ArrayLike | None = None, *,
                      rules: RulesLike = None, wild_ranks: str | int | npt.ArrayLike | None = None,
                      ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.void]]: ...
