"""Random games in bulk: ``simulate`` plays them natively, many threads at once, into a
``Simulation`` (one record array of ``OUTCOME_DTYPE``, a row per game)."""

from ._simulate import OUTCOME_DTYPE, simulate
from ._simulation import Simulation

__all__ = ["OUTCOME_DTYPE", "Simulation", "simulate"]
