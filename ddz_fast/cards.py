"""Cards: ``Hand``, a set of cards as rank counts over ``RANK_SYMBOLS`` (``3456789TJQKA2BR``);
``DECK_COUNTS``, the deck's count of each rank."""

from ._cards import DECK_COUNTS, RANK_SYMBOLS, Hand

__all__ = ["DECK_COUNTS", "Hand", "RANK_SYMBOLS"]
