"""RLCard's Dou Dizhu formats (``rlcard.games.doudizhu``).

Cards are a string of rank symbols ``3456789TJQKA2BR`` sorted low to high: ddz_fast's canonical
card text (``str(hand)``). An action is the string of the cards played, or ``"pass"``. Its
plays are exactly those of the ``rlcard`` preset, where each card string has one reading
(checked against its 27,472 actions); a move that RLCard cannot play is no action
(``to_action`` raises).

``from_env(env)`` reads a live RLCard ``doudizhu`` game into a ddz_fast ``Game``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import ActionSpace
from ..cards import Hand
from ..errors import IllegalActionError, InvalidCardsError, InvalidMoveError, InvalidPositionError
from ..game import Game
from ..moves import PASS, Move, classify
from ..rules import Rules

from ._common import import_peer

__all__ = ["from_action", "from_cards", "from_env", "to_action", "to_cards"]

if TYPE_CHECKING:
    from ..typing import CardsLike

PASS_ACTION = "pass"
RLCARD = Rules.preset("rlcard")


def to_cards(cards: CardsLike) -> str:
    """RLCard's card string of ``cards`` (a Hand, a Move, text or 15 counts)."""
    return str(Hand.one_deck(cards))


def from_cards(text: str) -> Hand:
    """The Hand of an RLCard card string. ``InvalidCardsError`` unless ``text`` is card
    symbols sorted low to high, as RLCard writes them (``"TJQKA"``, not ``"10JQKA"``)."""
    if not isinstance(text, str):
        raise TypeError(f"RLCard cards are a str, not {type(text).__name__}")
    hand = Hand.one_deck(text)
    if str(hand) != text:
        raise InvalidCardsError(f"{text!r} is no RLCard card string: RLCard writes these cards {str(hand)!r}")
    return hand


def to_action(move: Move) -> str:
    """RLCard's action for ``move``: its cards, or ``"pass"`` for ``PASS``.

    ``InvalidMoveError`` if RLCard has no such action: cards that RLCard reads another way
    (``333444555666`` is only the plane of four trios there) or not at all (a plane whose
    single kickers hold four cards of a rank, or three next to the plane).
    """
    if not isinstance(move, Move):
        raise TypeError(f"move must be a Move, not {type(move).__name__}")
    if move.kind is None:
        return PASS_ACTION
    readings = classify(move.cards, rules=RLCARD)       # one at most under these rules
    if move not in readings:
        raise InvalidMoveError(
            f"RLCard has no action for {move!r}: " + (f"it reads {move.cards} as {readings[0]!r}"
                                                      if readings else "its rules have no such play"))
    return move.cards


def from_action(text: str) -> Move:
    """The Move of an RLCard action string; ``PASS`` for ``"pass"``.

    ``InvalidCardsError`` for text that is no RLCard card string, ``InvalidMoveError`` for
    cards that are no RLCard action.
    """
    if text == PASS_ACTION:
        return PASS
    readings = classify(from_cards(text), rules=RLCARD)
    if not readings:
        raise InvalidMoveError(f"{text!r} is no RLCard action: its rules have no such play")
    return readings[0]


def from_env(env: Any) -> Game:
    """The position of a live RLCard ``doudizhu`` game (its ``Env`` or the env's ``.game``) as
    a ``Game`` under the ``rlcard`` preset: seat 0 the landlord at bid 1, the starting hands
    (each seat's hand now plus what it played), the three extra cards as the kitty, then
    RLCard's trace replayed, so that ``history`` is the trace.

    ``TypeError`` for anything else; ``InvalidPositionError`` for a game not dealt yet, whose
    landlord is not seat 0 or whose hands and trace make no deal; ``IllegalActionError`` or
    ``InvalidMoveError`` if the trace holds an action the rules forbid (RLCard's ``step`` takes
    any action id unchecked). ``ImportError`` naming the extra to install when rlcard is absent.
    """
    game_module = import_peer("rlcard.games.doudizhu.game", "rlcard.from_env")
    utils = import_peer("rlcard.games.doudizhu.utils", "rlcard.from_env")
    peer = env if isinstance(env, game_module.DoudizhuGame) else getattr(env, "game", None)
    if not isinstance(peer, game_module.DoudizhuGame):
        raise TypeError(f"env must be an RLCard doudizhu Env or its game, not {type(env).__name__}")
    if not hasattr(peer, "round"):
        raise InvalidPositionError("the RLCard game has no deal yet: call env.reset() first")
    if peer.round.landlord_id != 0:
        raise InvalidPositionError(f"RLCard's landlord is seat {peer.round.landlord_id}; under "
                                   f"the rlcard preset seat 0 is")
    trace = list(peer.round.trace)
    hands = [from_cards(utils.cards2str(player.current_hand)) for player in peer.players]
    # The extra cards, from the deck: round.seen_cards loses a rank the landlord plays.
    kitty = Hand(utils.cards2str(peer.round.dealer.deck[-3:]))
    try:
        for seat, action in trace:
            if action != PASS_ACTION:
                hands[seat] += Hand(action)
        game = Game.from_hands(hands, landlord=0, bid=1, kitty=kitty, rules=Rules.preset("rlcard"))
    except InvalidCardsError as e:      # step() took a card its player did not hold
        raise InvalidPositionError(f"RLCard's hands and trace make no deal: {e}") from None
    space = ActionSpace("rlcard")
    for i, (seat, action) in enumerate(trace):
        try:
            if seat != game.to_move:
                raise IllegalActionError(f"seat {seat} moved, but it was seat {game.to_move}'s turn")
            if action not in utils.ACTION_2_ID:
                raise InvalidMoveError(f"{action!r} is no RLCard action")
            move = space.action(utils.ACTION_2_ID[action])
            assert isinstance(move, Move)       # (RLCard has no bids)
            game.play(move)
        except (IllegalActionError, InvalidMoveError) as e:
            raise type(e)(f"RLCard's trace[{i}] = ({seat}, {action!r}): {e}") from None
    return game
