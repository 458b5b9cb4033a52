"""The types that ddz_fast's public signatures accept, to annotate code that calls them.

- ``CardsLike``: a set of cards: text over ``3456789TJQKA2BR`` (``"3334"``), 15 rank counts
  (a sequence or a numpy array), a ``Hand`` or a ``Move`` (its cards).
- ``MoveLike``: a move: a ``Move`` or text with exactly one reading (``"333+4"``, ``"pass"``).
- ``RulesLike``: a rule set: a ``Rules``, a preset's name (``Rules.presets()``) or None, the
  default rules.
"""

from collections.abc import Sequence
from typing import SupportsIndex, TypeAlias

import numpy as np
import numpy.typing as npt

from ._cards import Hand
from ._moves import Move
from ._rules import Rules

__all__ = ["CardsLike", "MoveLike", "RulesLike"]

CardsLike: TypeAlias = str | Sequence[SupportsIndex] | npt.NDArray[np.integer] | Hand | Move
MoveLike: TypeAlias = Move | str
RulesLike: TypeAlias = Rules | str | None
