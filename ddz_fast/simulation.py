"""Random games in bulk: ``simulate`` plays them natively, many threads at once, into a
``Simulation`` (one record array of ``OUTCOME_DTYPE``, a row per game; ``FOUR_OUTCOME_DTYPE``
in the four-player game)."""

from ._simulate import FOUR_OUTCOME_DTYPE, OUTCOME_DTYPE, simulate
from ._simulation import Simulation

__all__ = ["FOUR_OUTCOME_DTYPE", "OUTCOME_DTYPE", "Simulation", "simulate"]
