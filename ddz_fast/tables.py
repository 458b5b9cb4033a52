"""Many games stepped at once: ``Tables``, the engine of the vector environment."""

from ._tables import Tables

__all__ = ["Tables"]
