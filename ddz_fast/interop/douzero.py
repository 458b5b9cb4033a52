"""DouZero's cards (``douzero.env``): a sorted list of card numbers, 3..14 for 3..A, 17 for 2,
20 for the black joker and 30 for the red one. A play is its list of cards, ``[]`` a pass.

``to_cards(Hand("3334BR")) == [3, 3, 3, 4, 20, 30]``; ``from_cards([3, 3, 3, 4, 20, 30])``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, SupportsIndex

from ddz_fast import Hand, InvalidCardsError
from ddz_fast.checks import check_int

if TYPE_CHECKING:
    from ddz_fast._cards import _CardsLike

CARD_NUMBERS = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30)   # of ranks 3456789TJQKA2BR
_RANK_OF = {number: rank for rank, number in enumerate(CARD_NUMBERS)}


def to_cards(cards: _CardsLike) -> list[int]:
    """DouZero's list of ``cards`` (a Hand, a Move, text or 15 counts), low to high."""
    counts = Hand(cards).counts
    return [number for number, count in zip(CARD_NUMBERS, counts) for _ in range(count)]


def from_cards(numbers: Iterable[SupportsIndex]) -> Hand:
    """The Hand of a DouZero list of card numbers (in any order).

    ``InvalidCardsError`` for a number that is no DouZero card, or more cards of a rank than the
    deck has; ``TypeError`` for an element that is no integer.
    """
    counts = [0] * len(CARD_NUMBERS)
    for number in numbers:
        rank = _RANK_OF.get(check_int(number, "a DouZero card number"))
        if rank is None:
            raise InvalidCardsError(
                f"{number!r} is no DouZero card number; they are {', '.join(map(str, CARD_NUMBERS))}")
        counts[rank] += 1
    return Hand(counts)
