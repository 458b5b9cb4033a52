"""The open-hand solver: ``solve`` (one position's verdict, a ``Solution``), ``principal_line``
(a line of perfect play, a ``Line``) and ``Solver`` (both, keeping its table between calls).
``OBJECTIVES``, ``MOVE_CHOICES`` and ``TECHNIQUES`` name the choices of their arguments."""

from ._solution import MOVE_CHOICES, OBJECTIVES, Line, Solution
from ._solver import TECHNIQUES, Solver, principal_line, solve

__all__ = [
    "Line",
    "MOVE_CHOICES",
    "OBJECTIVES",
    "Solution",
    "Solver",
    "TECHNIQUES",
    "principal_line",
    "solve",
]
