"""Cards: ``Hand``, a set of cards as rank counts over ``RANK_SYMBOLS`` (``3456789TJQKA2BR``)."""

from ._cards import RANK_SYMBOLS, Hand

__all__ = ["Hand", "RANK_SYMBOLS"]
