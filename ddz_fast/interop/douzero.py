"""DouZero's cards (``douzero.env``): a sorted list of card numbers, 3..14 for 3..A, 17 for 2,
20 for the black joker and 30 for the red one. A play is its list of cards, ``[]`` a pass.

``to_cards(Hand("3334BR")) == [3, 3, 3, 4, 20, 30]``; ``from_cards([3, 3, 3, 4, 20, 30])``.
``from_env(env)`` reads a live DouZero game into a ddz_fast ``Game``.

DouZero's evaluation data (``generate_eval_data.py`` of its repository, read by
``douzero.evaluation.simulation.evaluate``): a pickled list of deals, each a dict
``{"landlord": [20 cards], "landlord_up": [17], "landlord_down": [17],
"three_landlord_cards": [3]}`` of sorted card-number lists, the landlord's 20 holding the three.
``read_eval_data`` / ``write_eval_data`` read and write it, ``from_deal`` / ``to_deal`` convert
one deal to and from a ``Game``.
"""

from __future__ import annotations

import io
import os
import pickle
from collections.abc import Iterable
from itertools import combinations_with_replacement
from typing import IO, TYPE_CHECKING, Any, SupportsIndex

from ..cards import DECK_COUNTS, RANK_SYMBOLS, Hand
from ..checks import check_int
from ..errors import IllegalActionError, IllegalMoveError, InvalidCardsError, InvalidPositionError
from ..game import Game
from ..moves import PASS, Move, classify
from ..rules import Rules

from ._common import import_peer

__all__ = ["CARD_NUMBERS", "DEAL_KEYS", "POSITIONS", "from_cards", "from_deal", "from_env",
           "read_eval_data", "to_cards", "to_deal", "write_eval_data"]

if TYPE_CHECKING:
    from ..typing import CardsLike, RulesLike

CARD_NUMBERS = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30)   # of ranks 3456789TJQKA2BR
_RANK_OF = {number: rank for rank, number in enumerate(CARD_NUMBERS)}
POSITIONS = ("landlord", "landlord_down", "landlord_up")     # seats 0, 1, 2: DouZero's order
# A deal of DouZero's evaluation data, its keys in generate_eval_data.py's order.
DEAL_KEYS = ("landlord", "landlord_up", "landlord_down", "three_landlord_cards")
_DEAL_SIZES = {"landlord": 20, "landlord_up": 17, "landlord_down": 17, "three_landlord_cards": 3}


def to_cards(cards: CardsLike) -> list[int]:
    """DouZero's list of ``cards`` (a Hand, a Move, text or 15 counts), low to high."""
    counts = Hand.one_deck(cards).counts
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
    return Hand.one_deck(counts)


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


def from_deal(deal: Any, *, rules: RulesLike = "douzero") -> Game:
    """The Game of a deal of DouZero's evaluation data, at the start of play: landlord in seat
    0 at bid 1 (holding the three landlord cards, the kitty), landlord_down in seat 1,
    landlord_up in seat 2, under ``rules`` (the ``douzero`` preset by default).

    ``InvalidPositionError`` for anything but such a dict (keys, sizes, a kitty outside the
    landlord's hand, not the whole deck); ``InvalidCardsError`` for a number that is no card.
    """
    if not isinstance(deal, dict) or sorted(deal) != sorted(DEAL_KEYS):
        keys = sorted(map(repr, deal)) if isinstance(deal, dict) else None
        raise InvalidPositionError(
            f"a DouZero deal is a dict of the keys {', '.join(DEAL_KEYS)}, not "
            f"{'a dict of ' + ', '.join(keys) if keys is not None else type(deal).__name__}")
    hands = {}
    for key in DEAL_KEYS:
        cards = deal[key]
        if not isinstance(cards, (list, tuple)):
            raise InvalidPositionError(f"{key!r} must be a list of card numbers, not "
                                       f"{type(cards).__name__}")
        if len(cards) != _DEAL_SIZES[key]:
            raise InvalidPositionError(f"{key!r} holds {len(cards)} cards, not {_DEAL_SIZES[key]}")
        try:
            hands[key] = from_cards(cards)
        except (InvalidCardsError, TypeError) as e:
            raise InvalidCardsError(f"{key!r}: {e}") from None
    held = [sum(counts) for counts in zip(*(hands[position].counts.tolist() for position in POSITIONS))]
    if held != list(DECK_COUNTS):
        extra = [f"{count} {symbol}" for symbol, count, deck in zip(RANK_SYMBOLS, held, DECK_COUNTS)
                 if count != deck]
        raise InvalidPositionError(f"the three hands are no deal of the 54 cards: they hold "
                                   f"{', '.join(extra)}")
    if hands["three_landlord_cards"] not in hands["landlord"]:
        raise InvalidPositionError(
            f"three_landlord_cards {to_cards(hands['three_landlord_cards'])} are not all in the "
            f"landlord's hand")
    return Game.from_hands([hands[position] for position in POSITIONS], landlord=0, bid=1,
                           kitty=hands["three_landlord_cards"], rules=rules)


def to_deal(game: Game) -> dict[str, list[int]]:
    """The DouZero deal of a three-seat ``game`` at the start of play (no card played yet; the
    landlord's seat any, the kitty known): the inverse of ``from_deal``. ``InvalidPositionError``
    for a game in another state."""
    landlord = game.landlord
    if game.n_seats != 3 or game.phase != "play" or landlord is None or any(game.cards_played):
        raise InvalidPositionError(
            f"to_deal takes a three-seat game at the start of play, not a {game.n_seats}-seat "
            f"game in phase {game.phase!r}{' with cards played' if any(game.cards_played) else ''}")
    if len(game.kitty) != 3:
        raise InvalidPositionError("the game does not know its kitty (three_landlord_cards)")
    seat = {position: (landlord + i) % 3 for i, position in enumerate(POSITIONS)}
    deal = {key: to_cards(game.hands[seat[key]]) for key in DEAL_KEYS[:3]}
    deal["three_landlord_cards"] = to_cards(game.kitty)
    return deal


class _DataOnly(pickle.Unpickler):
    """Unpickles lists, dicts, strings and numbers only: a pickle naming any class or function
    (the only way a pickle runs code) is refused."""

    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"it names {module}.{name}; DouZero's evaluation data is "
                                     f"lists and dicts of ints only")


def read_eval_data(source: str | os.PathLike[str] | IO[bytes], *,
                   rules: RulesLike = "douzero") -> list[Game]:
    """The deals of a DouZero evaluation-data pickle (a path or a binary file) as Games
    (``from_deal``, under ``rules``).

    Loading a pickle may run code from it, so only plain data is accepted: a pickle that names
    any class or function is refused before anything of it runs (``InvalidPositionError``), as
    is a file that is no pickle, or no list of deals (the message names the deal).
    """
    try:
        if isinstance(source, (str, os.PathLike)):
            with open(source, "rb") as f:
                data = _DataOnly(f).load()
        else:
            data = _DataOnly(source).load()
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError, IndexError, KeyError,
            AttributeError, MemoryError) as e:
        raise InvalidPositionError(f"no DouZero evaluation data: {e}") from None
    if not isinstance(data, list):
        raise InvalidPositionError(f"DouZero's evaluation data is a list of deals, not a "
                                   f"{type(data).__name__}")
    games = []
    for i, deal in enumerate(data):
        try:
            games.append(from_deal(deal, rules=rules))
        except (InvalidPositionError, InvalidCardsError) as e:
            raise type(e)(f"deal {i}: {e}") from None
    return games


def write_eval_data(deals: Iterable[Game | dict[str, Any]], target: str | os.PathLike[str] | IO[bytes]) -> None:
    """Write ``deals`` (Games at the start of play, or DouZero deals: each checked by
    ``to_deal`` or ``from_deal``) as DouZero's evaluation data, byte for byte what its
    ``generate_eval_data.py`` writes for them: the pickled list of deal dicts, keys in its
    order, each list sorted, protocol ``pickle.HIGHEST_PROTOCOL``."""
    data = []
    for i, deal in enumerate(deals):
        try:
            data.append(to_deal(deal if isinstance(deal, Game) else from_deal(deal)))
        except (InvalidPositionError, InvalidCardsError) as e:
            raise type(e)(f"deal {i}: {e}") from None
    buffer = io.BytesIO()
    pickle.dump(data, buffer, pickle.HIGHEST_PROTOCOL)
    if isinstance(target, (str, os.PathLike)):
        with open(target, "wb") as f:
            f.write(buffer.getvalue())
    else:
        target.write(buffer.getvalue())
