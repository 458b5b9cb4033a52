"""DouZero's cards (``douzero.env``): a sorted list of card numbers, 3..14 for 3..A, 17 for 2,
20 for the black joker and 30 for the red one. A play is its list of cards, ``[]`` a pass.

``to_cards(Hand("3334BR")) == [3, 3, 3, 4, 20, 30]``; ``from_cards([3, 3, 3, 4, 20, 30])``.
``from_env(env)`` reads a live DouZero game into a ddz_fast ``Game``.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any, SupportsIndex

from ..cards import Hand
from ..checks import check_int
from ..errors import IllegalActionError, IllegalMoveError, InvalidCardsError, InvalidPositionError
from ..game import Game
from ..moves import PASS, Move, classify
from ..rules import Rules

from ._common import import_peer

__all__ = ["CARD_NUMBERS", "POSITIONS", "from_cards", "from_env", "to_cards"]

if TYPE_CHECKING:
    from ..typing import CardsLike

CARD_NUMBERS = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30)   # of ranks 3456789TJQKA2BR
_RANK_OF = {number: rank for rank, number in enumerate(CARD_NUMBERS)}
POSITIONS = ("landlord", "landlord_down", "landlord_up")     # seats 0, 1, 2: DouZero's order


def to_cards(cards: CardsLike) -> list[int]:
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


def from_env(env: Any, *, kitty: Iterable[SupportsIndex] | None = None) -> Game:
    """The position of a live DouZero game (a ``GameEnv``, or an ``Env``) as a ``Game`` under
    the ``douzero`` preset: the landlord in seat 0 at bid 1, landlord_down in seat 1,
    landlord_up in seat 2, the starting hands (each hand now plus what it played), the three
    landlord cards as the kitty, then ``card_play_action_seq`` replayed, each play read the one
    way the rules allow it there.

    DouZero's ``three_landlord_cards`` drops a card whenever the landlord plays one of its
    rank. When the landlord's plays leave several kitties possible, the game records none (the
    kitty only is recorded: play and scores never depend on it), unless ``kitty`` gives it as
    dealt (DouZero card numbers), checked against the game (``InvalidPositionError``).

    ``TypeError`` for anything but a DouZero game; ``InvalidPositionError`` for a game not dealt
    yet; ``IllegalMoveError`` (an ``IllegalActionError``) for an action the rules forbid there
    (DouZero offers plays it then misreads: planes whose kickers hold three or four of a rank).
    ``ImportError`` naming the extra to install when douzero is absent.
    """
    game_module = import_peer("douzero.env.game", "douzero.from_env")
    peer = getattr(env, "_env", env)            # an Env wraps its GameEnv
    if not isinstance(peer, game_module.GameEnv):
        raise TypeError(f"env must be a DouZero GameEnv or Env, not {type(env).__name__}")
    if peer.three_landlord_cards is None:
        raise InvalidPositionError("the DouZero game has no deal yet: call reset() or card_play_init()")
    actions = [from_cards(action) for action in peer.card_play_action_seq]
    hands = [from_cards(peer.info_sets[position].player_hand_cards) for position in POSITIONS]
    for i, cards in enumerate(actions):
        hands[i % 3] += cards                   # seats take turns from the landlord on
    kitties = _kitties(from_cards(peer.three_landlord_cards), sum(actions[::3], Hand()))
    if kitty is not None:
        given = from_cards(kitty)
        if given not in kitties:
            raise InvalidPositionError(
                f"kitty {to_cards(given)} does not fit DouZero's three_landlord_cards "
                f"{sorted(peer.three_landlord_cards)} after the landlord's plays: the kitty was "
                f"{' or '.join(str(to_cards(k)) for k in kitties) or 'none of three cards'}")
        kitties = [given]
    game = Game.from_hands(hands, landlord=0, bid=1, rules=Rules.preset("douzero"),
                           kitty=kitties[0] if len(kitties) == 1 else None)
    for i, cards in enumerate(actions):
        try:
            game.play(_reading(game, cards))
        except IllegalActionError as e:
            raise type(e)(f"DouZero's card_play_action_seq[{i}] = {to_cards(cards)} by "
                          f"{POSITIONS[i % 3]}: {e}") from None
    return game


def _kitties(left: Hand, played: Hand) -> list[Hand]:
    """Every kitty that leaves DouZero's ``three_landlord_cards`` at ``left`` after the
    landlord ``played`` his cards. Each card played drops a kitty card of its rank while there
    is one, so a rank still in the kitty had ``left + played`` cards there, and a rank gone at
    most ``played``."""
    left_counts, played_counts = left.counts, played.counts
    kept = [n + p if n else 0 for n, p in zip(left_counts, played_counts)]
    gone = [rank for rank, (n, p) in enumerate(zip(left_counts, played_counts)) if p and not n]
    missing = 3 - sum(kept)
    kitties = []
    for ranks in combinations_with_replacement(gone, missing) if missing >= 0 else ():
        if all(ranks.count(rank) <= played_counts[rank] for rank in set(ranks)):
            counts = list(kept)
            for rank in ranks:
                counts[rank] += 1
            kitties.append(Hand(counts))
    return kitties


def _reading(game: Game, cards: Hand) -> Move:
    """The one legal move of ``game`` that plays ``cards`` (``PASS`` for no cards)."""
    if not cards:
        return PASS
    legal = game.legal_moves()
    readings = [move for move in classify(cards, rules=game.rules) if move in legal]
    if len(readings) != 1:
        raise IllegalMoveError(
            f"{'no' if not readings else 'more than one'} legal move of the douzero preset "
            f"plays {cards} here (its readings: "
            f"{', '.join(map(repr, classify(cards, rules=game.rules))) or 'none'})")
    return readings[0]
