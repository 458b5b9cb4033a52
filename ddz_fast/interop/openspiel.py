"""OpenSpiel's ``dou_dizhu`` formats (open-spiel 2.0.2).

Cards: id = rank + 13 * suit for the ranks 3..2 (0..12; suits C, D, H, S), 52 for the black
joker and 53 for the red one. Chance action 51 + id deals card ``id``.

Action strings (``state.action_to_string(player, action)``): a play lists its cards low to high,
the jokers written ``(BWJ)`` and ``(CJ)``; a plane with kickers puts a ``-`` between its trios
and its kickers (``333444-5(BWJ)``), which names the reading; ``"Pass"`` is a pass. OpenSpiel
has no four with two, and no plane with four cards of one rank as kickers; each of its 26,053
plays is a move of ddz_fast (checked against its action table).

``to_state(game)`` and ``from_state(state)`` carry a position, with its deal and every action
since, between ddz_fast's ``Game`` and a ``pyspiel`` state.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, SupportsIndex

from ..actions import ActionSpace
from ..cards import RANK_SYMBOLS, Hand
from ..checks import check_int
from ..errors import (
    IllegalBidError, IllegalMoveError, InvalidCardsError, InvalidMoveError, InvalidPositionError,
)
from ..game import Game
from ..kind import Kind
from ..moves import PASS, Move, classify
from ..position import Position
from ..rules import Rules

from ._common import import_peer

__all__ = ["from_action_string", "from_cards", "from_state", "to_action_string", "to_cards",
           "to_deal", "to_state"]

if TYPE_CHECKING:
    from ..typing import CardsLike

SUITS = "CDHS"
RANKS_WITH_SUITS = 13
BLACK_JOKER, RED_JOKER = 52, 53
PASS_STRING = "Pass"
OPENSPIEL = Rules.preset("openspiel")
_JOKERS = {"B": "(BWJ)", "R": "(CJ)"}
_PLAY = re.compile(r"(?:[3-9TJQKA2]|\(BWJ\)|\(CJ\))+(?:-(?:[3-9TJQKA2]|\(BWJ\)|\(CJ\))+)?")


def to_cards(cards: CardsLike) -> list[int]:
    """OpenSpiel card ids of ``cards`` (a Hand, a Move, text or 15 counts), low to high rank; the
    copies of a rank take the suits C, D, H, S in turn (suits play no part in the game)."""
    return _card_ids(Hand.one_deck(cards), [0] * 15)


def to_deal(hands: Iterable[CardsLike]) -> list[list[int]]:
    """OpenSpiel card ids of hands dealt from one deck: as ``to_cards``, the copies of a rank
    taking the suits in turn across the hands, so that no id repeats. ``InvalidCardsError`` if
    the hands hold more cards of a rank than the deck."""
    next_suit = [0] * 15
    deal = [_card_ids(Hand.one_deck(hand), next_suit) for hand in hands]
    for rank, taken in enumerate(next_suit):
        if taken > (4 if rank < RANKS_WITH_SUITS else 1):
            raise InvalidCardsError(
                f"the hands hold {taken} cards of rank {RANK_SYMBOLS[rank]}; the deck has "
                f"{4 if rank < RANKS_WITH_SUITS else 1}")
    return deal


def _card_ids(hand: Hand, next_suit: list[int]) -> list[int]:
    """The ids of ``hand``, a rank's copies taking the suits from ``next_suit[rank]`` on (a
    joker's count, its one card); advances ``next_suit``."""
    ids: list[int] = []
    for rank, count in enumerate(hand.counts):
        first = next_suit[rank]
        next_suit[rank] += int(count)
        if rank < RANKS_WITH_SUITS:
            ids.extend(rank + RANKS_WITH_SUITS * suit for suit in range(first, min(first + count, 4)))
        elif count:
            ids.append(BLACK_JOKER + rank - RANKS_WITH_SUITS)
    return ids


def from_cards(ids: Iterable[SupportsIndex]) -> Hand:
    """The Hand of OpenSpiel card ids (in any order). ``InvalidCardsError`` for an id outside
    0..53 or an id given twice."""
    counts = [0] * 15
    seen = set()
    for card in ids:
        card = check_int(card, "an OpenSpiel card id", 0, RED_JOKER, error=InvalidCardsError)
        if card in seen:
            raise InvalidCardsError(f"OpenSpiel card id {card} given twice: there is one such card")
        seen.add(card)
        counts[card % RANKS_WITH_SUITS if card < BLACK_JOKER else card - BLACK_JOKER + RANKS_WITH_SUITS] += 1
    return Hand.one_deck(counts)


def to_action_string(move: Move) -> str:
    """OpenSpiel's action string of ``move``; ``"Pass"`` for ``PASS``. ``InvalidMoveError`` for a
    move OpenSpiel does not have (a play of no reading under the ``openspiel`` preset: four with
    two, a plane with four of a rank as kickers)."""
    if not isinstance(move, Move):
        raise TypeError(f"move must be a Move, not {type(move).__name__}")
    if move.kind is None:
        return PASS_STRING
    if move not in classify(move.cards, rules=OPENSPIEL):
        raise InvalidMoveError(f"OpenSpiel has no such play: {move!r} is no combination under "
                               f"its rules, {OPENSPIEL!r}")
    text = str(move).replace("+", "-") if move.kind in (Kind.PLANE_SINGLES, Kind.PLANE_PAIRS) else move.cards
    return "".join(_JOKERS.get(symbol, symbol) for symbol in text)


def from_action_string(text: str) -> Move:
    """The Move of an OpenSpiel action string of a play; ``PASS`` for ``"Pass"``.
    ``InvalidMoveError`` for any other text (a bid, cards out of order, no such play)."""
    if not isinstance(text, str):
        raise TypeError(f"an OpenSpiel action string is a str, not {type(text).__name__}")
    if text == PASS_STRING:
        return PASS
    if not _PLAY.fullmatch(text):
        raise InvalidMoveError(
            f"{text!r} is no OpenSpiel play: plays are written with 3456789TJQKA2, (BWJ) and (CJ), "
            f"a '-' before the kickers of a plane")
    move = Move.parse(text.replace("(BWJ)", "B").replace("(CJ)", "R").replace("-", "+"))
    written = to_action_string(move)
    if written != text:
        raise InvalidMoveError(f"{text!r} is no OpenSpiel play: OpenSpiel writes {move!r} as {written!r}")
    return move


# --- positions: a Game <-> a pyspiel state -------------------------------------------------

GAME_NAME = "dou_dizhu"
DEAL_ACTIONS = 52          # the face-up card's position in the deal, then the 51 cards dealt
FIRST_DEAL_ACTION = 51     # chance action 51 + id deals card id


def to_state(game: Game) -> Any:          # a pyspiel.State
    """A new ``pyspiel`` ``dou_dizhu`` state at the position of ``game``: the chance actions
    that deal its hands and kitty to the same seats with the same first bidder (and, when the
    first bidder holds one, a card of the marked rank face up), then the game's history. A game
    set up in the play phase (``Game.from_hands`` with hands of 20, 17 and 17 cards and the
    kitty) gets an auction first: from the first bidder on everyone passes until the landlord,
    who bids the game's bid, and the others pass. The game's rules may be any with the open
    auction: each action is checked against OpenSpiel's legal actions.

    ``TypeError`` for anything but a ``Game``. ``InvalidPositionError`` for what OpenSpiel
    cannot express: rules with another auction, cards out of play, a set-up without its kitty
    or that starts partway through the auction or the play, a passed-out auction dealt again.
    ``InvalidMoveError`` for a play OpenSpiel lacks (four with two; a plane with four cards of
    one rank as kickers); ``IllegalMoveError`` for one it does not offer there (it never offers
    a chain whose lowest rank the player holds four times). ``ImportError`` naming the extra to
    install when pyspiel is absent.
    """
    spiel = import_peer("pyspiel", "openspiel.to_state")
    if not isinstance(game, Game):
        raise TypeError(f"game must be a ddz_fast Game, not {type(game).__name__}")
    if game.rules.auction != "open":
        raise InvalidPositionError(f"OpenSpiel has only the open auction, not the "
                                   f"{game.rules.auction!r} one of {game.rules!r}")
    start = _start(game)
    if game.redeals != start.redeals:
        raise InvalidPositionError("the game dealt again after a passed-out auction: OpenSpiel "
                                   "ends such a deal instead")
    state = spiel.load_game(GAME_NAME).new_initial_state()
    for chance in _deal(start) + _set_up_auction(start):
        state.apply_action(chance)
    space = ActionSpace("openspiel")
    for i, (seat, action) in enumerate(game.history):
        what = f"{action!r} by seat {seat} (history[{i}])"
        try:
            state_action = space.id(action)
        except InvalidMoveError:
            raise InvalidMoveError(f"OpenSpiel has no action for {what}") from None
        if state_action not in state.legal_actions():
            raise IllegalMoveError(f"OpenSpiel does not offer {what} there")
        state.apply_action(state_action)
    return state


def _start(game: Game) -> Position:
    """The position ``game`` started from, before its history."""
    start = game.copy()
    for _ in range(len(game.history)):
        start.undo()
    return Position.parse(start.position())


def _dealt(start: Position) -> list[Hand]:
    """The 17 cards each seat was dealt, at the start of a game OpenSpiel can express."""
    if start.out:
        raise InvalidPositionError(f"OpenSpiel deals all 54 cards; {start.out} are out of play here")
    if start.phase == "auction" and start.speeches:
        raise InvalidPositionError(f"the game starts partway through its auction ({start.speeches} "
                                   f"bids and passes made): OpenSpiel needs the whole auction")
    if start.phase == "over":
        raise InvalidPositionError("the game starts finished: OpenSpiel needs its actions")
    if any(start.played):
        raise InvalidPositionError("the game starts after cards were played: OpenSpiel needs "
                                   "every action from the deal on")
    if len(start.kitty) != 3:
        raise InvalidPositionError("the game was set up without its kitty: OpenSpiel deals one "
                                   "(Game.from_hands(..., kitty=...))")
    # All 54 cards, a farmer holding at most 17 and the landlord 20 with the kitty (Position
    # checks both): 17 each besides the kitty.
    hands = list(start.hands)
    if start.landlord is not None:
        hands[start.landlord] -= start.kitty
    return hands


def _deal(start: Position) -> list[int]:
    """The chance actions of the deal: the face-up card's position p (its seat, p % 3, bids
    first), then the cards, the k-th to seat k % 3; the three never dealt are the kitty."""
    hands = _dealt(start)
    ids = to_deal(hands + [start.kitty])
    first = start.first
    assert first is not None                # (checked positions have one)
    # A card of the marked rank face up if the first bidder has one: to_deal lists a hand's
    # cards low to high, so it comes after the first bidder's lower cards.
    marked = RANK_SYMBOLS.index(start.marked) if start.marked else None
    held = hands[first].counts
    below = sum(held[:marked]) if marked is not None and held[marked] else 0
    return [3 * below + first] + [FIRST_DEAL_ACTION + ids[k % 3][k // 3] for k in range(51)]


def _set_up_auction(start: Position) -> list[int]:
    """The bids and passes leading to a game set up in the play phase (none for a game that
    starts in the auction): passes from the first bidder to the landlord, his bid, two passes
    (a bid of 3 ends the auction at once)."""
    if start.phase == "auction":
        return []
    assert start.landlord is not None and start.first is not None
    passes = (start.landlord - start.first) % 3
    bids = [0] * passes + [start.bid] + [0, 0] * (start.bid < 3)
    return [ActionSpace("openspiel").id(bid) for bid in bids]


def from_state(state: Any) -> Game:      # a pyspiel.State
    """A ``Game`` under the ``openspiel`` preset at the position of a ``pyspiel``
    ``dou_dizhu`` state: its deal (hands, kitty, the first bidder; the face-up card's rank as
    the marked card), then every bid and play of its history. The deal has no seed (under the
    preset a passed-out auction ends the deal instead of dealing again): ``game.seed`` is None.

    ``TypeError`` for anything but a ``pyspiel`` state; ``InvalidPositionError`` for a state of
    another game or before its deal is complete; ``IllegalActionError`` (``IllegalBidError``,
    ``IllegalMoveError``) for an action the rules forbid: ``apply_action`` takes any action
    unchecked, and OpenSpiel offers bombs against the rocket. ``ImportError`` naming the extra
    to install when pyspiel is absent.
    """
    spiel = import_peer("pyspiel", "openspiel.from_state")
    if not isinstance(state, spiel.State):
        raise TypeError(f"state must be a pyspiel State, not {type(state).__name__}")
    name = state.get_game().get_type().short_name
    if name != GAME_NAME:
        raise InvalidPositionError(f"a state of OpenSpiel's {name!r}, not of {GAME_NAME!r}")
    history = state.history()
    if len(history) < DEAL_ACTIONS:
        raise InvalidPositionError(f"the deal is not complete: {len(history)} of its "
                                   f"{DEAL_ACTIONS} chance actions")
    game = _dealt_game(history[:DEAL_ACTIONS])
    space = ActionSpace("openspiel")
    for i, action in enumerate(history[DEAL_ACTIONS:], DEAL_ACTIONS):
        try:
            move = space.action(action)
            if game.phase == "play":
                game.play(_play(move))
            else:
                game.bid(_bid(move))        # PASS is the auction's pass too
        except ValueError as e:             # IllegalActionError, or no such action id
            raise type(e)(f"OpenSpiel's history[{i}] = {action}: {e}") from None
    return game


def _bid(action: Move | int) -> Move | int:
    if isinstance(action, Move) and action != PASS:
        raise IllegalBidError(f"a play ({action}) in the auction")
    return action


def _play(action: Move | int) -> Move:
    if not isinstance(action, Move):
        raise IllegalMoveError(f"a bid ({action}) in the play phase")
    return action


def _dealt_game(chance: list[int]) -> Game:
    """The game after the deal's chance actions (face-up position, then the cards)."""
    face_up, cards = chance[0], [action - FIRST_DEAL_ACTION for action in chance[1:]]
    if (not 0 <= face_up < len(cards) or not all(0 <= card <= RED_JOKER for card in cards)
            or len(set(cards)) != len(cards)):
        raise InvalidPositionError(f"{chance} is no deal of OpenSpiel's: a position 0..50, then "
                                   f"51 different actions 51..104")
    hands = [from_cards(cards[seat::3]) for seat in range(3)]
    marked = from_cards(cards[face_up:face_up + 1])
    return Game.from_position(Position(
        phase="auction", hands=tuple(hands), to_move=face_up % 3, marked=str(marked),
        kitty=from_cards(set(range(RED_JOKER + 1)) - set(cards)), rules=OPENSPIEL))
