"""Errors raised by ddz_fast. Every one is a ValueError: bad input never crashes or corrupts."""


class InvalidCardsError(ValueError):
    """Text, counts or an array that is no valid card multiset (unknown symbol, too many
    cards of a rank, too many cards in all, wrong shape or dtype)."""


class InvalidMoveError(ValueError):
    """Cards, or a (kind, length, main, cards) tuple, that form no combination under the rules."""


class AmbiguousMoveError(ValueError):
    """Card text with several readings where exactly one was needed; the message lists them."""
