"""Errors raised by ddz_fast. Every one is a ValueError: bad input never crashes or corrupts."""

__all__ = [
    "AmbiguousMoveError",
    "EncodingError",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalMoveError",
    "InvalidCardsError",
    "InvalidConstraintsError",
    "InvalidMoveError",
    "InvalidPositionError",
    "RedealLimitError",
    "UnsupportedRulesError",
]


class InvalidCardsError(ValueError):
    """Text, counts or an array that is no valid card multiset (unknown symbol, too many
    cards of a rank, too many cards in all, wrong shape or dtype)."""


class InvalidMoveError(ValueError):
    """Cards, or a (kind, length, main, cards) tuple, that form no combination under the rules."""


class AmbiguousMoveError(ValueError):
    """Card text with several readings where exactly one was needed; the message lists them."""


class IllegalActionError(ValueError):
    """An action the game does not allow now: the wrong phase, a game that is over, nothing
    to undo. The game is left unchanged."""


class IllegalBidError(IllegalActionError):
    """A bid that is not a pass or above the highest bid so far."""


class IllegalMoveError(IllegalActionError):
    """A move that is not legal for the player to move: cards not in the hand, a combination
    that does not beat the trick, a pass by the leader."""


class RedealLimitError(IllegalActionError):
    """A pass that would end the auction with everyone passed once more than the engine's
    limit of redeals per deal (``MAX_REDEALS`` = 100): the game stays as it was. Players that
    always pass would otherwise redeal for ever."""


class InvalidPositionError(ValueError):
    """A position (text or fields) that no game can be in: the message names the field and
    the offending part."""


class InvalidConstraintsError(ValueError):
    """Constraints of ``sample_deals`` that are no (3, 15) array of per-seat limits, or that no
    deal consistent with the position satisfies (the message says which part fails)."""


class EncodingError(ValueError):
    """A position that an observation encoding has no layout for: the ``rlcard`` scheme in
    the auction (no landlord yet), or with a hand larger than its cards-left block."""


class UnsupportedRulesError(ValueError):
    """A capability asked for under a rule switch it does not support yet (the message names
    the switch): the exact solver under shuttle rules."""
