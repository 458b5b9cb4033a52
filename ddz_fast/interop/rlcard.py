"""RLCard's Dou Dizhu formats (``rlcard.games.doudizhu``).

Cards are a string of rank symbols ``3456789TJQKA2BR`` sorted low to high: ddz_fast's canonical
card text (``str(hand)``). An action is the string of the cards played, or ``"pass"``. RLCard
reads each card string one way, as ``Move.parse`` does (checked against its 27,472 actions);
a move of ddz_fast that RLCard cannot play is no action (``to_action`` raises).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ddz_fast import (
    PASS, AmbiguousMoveError, Hand, InvalidCardsError, InvalidMoveError, Move, Rules, classify,
)

from ._common import bomb_among_kickers

if TYPE_CHECKING:
    from ddz_fast._cards import _CardsLike

PASS_ACTION = "pass"
EXTRA = "pip install 'ddz-fast[peers]'"    # installs rlcard (among the peers)


def action_ids() -> tuple[list[Move | None], int, int]:
    """RLCard's action ids, read from the installed ``rlcard`` package's own table (its
    ``ID_2_ACTION``): (the play of each id, None at the pass; the pass id; -1, no bids), each
    action string read under the ``rlcard`` preset, where every one has exactly one reading.
    ``ImportError`` naming the extra to install when rlcard is absent."""
    try:
        from rlcard.games.doudizhu.utils import ID_2_ACTION
    except ImportError as e:
        raise ImportError(f"RLCard's action ids come from the rlcard package, which could not be "
                          f"imported ({e}); install it with {EXTRA}") from e
    rules = Rules.preset("rlcard")
    moves: list[Move | None] = []
    for text in ID_2_ACTION:
        if text == PASS_ACTION:
            moves.append(None)
            continue
        readings = classify(text, rules=rules)
        if len(readings) != 1:
            raise ValueError(f"rlcard's action {text!r} has {len(readings)} readings under the "
                             f"rlcard preset, not one: the installed rlcard is not 1.2.0's")
        moves.append(readings[0])
    return moves, moves.index(None), -1


def to_cards(cards: _CardsLike) -> str:
    """RLCard's card string of ``cards`` (a Hand, a Move, text or 15 counts)."""
    return str(Hand(cards))


def from_cards(text: str) -> Hand:
    """The Hand of an RLCard card string. ``InvalidCardsError`` unless ``text`` is card
    symbols sorted low to high, as RLCard writes them (``"TJQKA"``, not ``"10JQKA"``)."""
    if not isinstance(text, str):
        raise TypeError(f"RLCard cards are a str, not {type(text).__name__}")
    hand = Hand(text)
    if str(hand) != text:
        raise InvalidCardsError(f"{text!r} is no RLCard card string: RLCard writes these cards {str(hand)!r}")
    return hand


def to_action(move: Move) -> str:
    """RLCard's action for ``move``: its cards, or ``"pass"`` for ``PASS``.

    ``InvalidMoveError`` if RLCard has no such action: cards that RLCard reads another way
    (``333444555666`` is only the plane of four trios there) or that have several readings,
    and planes with four cards of one rank among their single kickers.
    """
    if not isinstance(move, Move):
        raise TypeError(f"move must be a Move, not {type(move).__name__}")
    if move.kind is None:
        return PASS_ACTION
    try:
        reading = Move.parse(move.cards)
    except AmbiguousMoveError:
        raise InvalidMoveError(
            f"RLCard has no action for {move!r}: its cards {move.cards} have several readings") from None
    if reading != move:
        raise InvalidMoveError(f"RLCard has no action for {move!r}: it reads {move.cards} as {reading!r}")
    if bomb_among_kickers(move):
        raise InvalidMoveError(
            f"RLCard has no action for {move!r}: no plane has four cards of one rank as kickers")
    return move.cards


def from_action(text: str) -> Move:
    """The Move of an RLCard action string; ``PASS`` for ``"pass"``.

    ``InvalidMoveError`` for cards that are no combination of ddz_fast's rules (RLCard's
    ``333344``, four with two singles of one rank) and for text that is no RLCard action.
    """
    if text == PASS_ACTION:
        return PASS
    from_cards(text)                # RLCard's card string, or InvalidCardsError
    move = Move.parse(text)
    to_action(move)                 # raises unless RLCard has this action
    return move
