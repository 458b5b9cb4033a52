"""OpenSpiel's ``dou_dizhu`` formats (open-spiel 2.0.2).

Cards: id = rank + 13 * suit for the ranks 3..2 (0..12; suits C, D, H, S), 52 for the black
joker and 53 for the red one. Chance action 51 + id deals card ``id``.

Action strings (``state.action_to_string(player, action)``): a play lists its cards low to high,
the jokers written ``(BWJ)`` and ``(CJ)``; a plane with kickers puts a ``-`` between its trios
and its kickers (``333444-5(BWJ)``), which names the reading; ``"Pass"`` is a pass. OpenSpiel
has no four with two, and no plane with four cards of one rank as kickers; each of its 26,053
plays is a move of ddz_fast (checked against its action table).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, SupportsIndex

from ddz_fast import PASS, RANK_SYMBOLS, Hand, InvalidCardsError, InvalidMoveError, Kind, Move
from ddz_fast.checks import check_int

from ._common import bomb_among_kickers

if TYPE_CHECKING:
    from ddz_fast._cards import _CardsLike

SUITS = "CDHS"
RANKS_WITH_SUITS = 13
BLACK_JOKER, RED_JOKER = 52, 53
PASS_STRING = "Pass"
# OpenSpiel's blocks of play ids, in id order (dou_dizhu_utils: kPlayActionBase = 4 on).
_BLOCKS = (Kind.SINGLE, Kind.STRAIGHT, Kind.PAIR, Kind.PAIR_CHAIN, Kind.TRIO, Kind.TRIO_SINGLE,
           Kind.TRIO_PAIR, Kind.PLANE, Kind.PLANE_SINGLES, Kind.PLANE_PAIRS, Kind.BOMB, Kind.ROCKET)
FIRST_PLAY_ID = 4
_JOKERS = {"B": "(BWJ)", "R": "(CJ)"}
_PLAY = re.compile(r"(?:[3-9TJQKA2]|\(BWJ\)|\(CJ\))+(?:-(?:[3-9TJQKA2]|\(BWJ\)|\(CJ\))+)?")


def action_ids() -> tuple[list[Move | None], int, int]:
    """OpenSpiel 2.0.2's action ids: (the play of each id, None at the pass and the bids; the
    pass id 0; the id 1 of bid 1). Plays come by block (``_BLOCKS``), then length, then main
    rank; the kickers of a plane or trio by their ranks written high to low, ascending as
    sequences (a pair kicker counts once): OpenSpiel's own enumeration, checked id by id
    against ``pyspiel`` in the tests."""
    from ddz_fast import Rules, every_play

    block = {kind: i for i, kind in enumerate(_BLOCKS)}
    plays = every_play(Rules.preset("openspiel"))

    def order(move: Move) -> tuple[int, int, int, list[int]]:
        assert move.kind is not None            # (plays only)
        unit = 2 if move.kind in (Kind.TRIO_PAIR, Kind.PLANE_PAIRS) else 1
        kickers = Hand(move) - Hand(str(move).partition("+")[0])
        ranks = [r for r, count in enumerate(kickers.counts) for _ in range(count // unit)]
        return block[move.kind], move.length, move.main, ranks[::-1]

    plays.sort(key=order)
    return [None] * FIRST_PLAY_ID + list(plays), 0, 1


def to_cards(cards: _CardsLike) -> list[int]:
    """OpenSpiel card ids of ``cards`` (a Hand, a Move, text or 15 counts), low to high rank; the
    copies of a rank take the suits C, D, H, S in turn (suits play no part in the game)."""
    return _card_ids(Hand(cards), [0] * 15)


def to_deal(hands: Iterable[_CardsLike]) -> list[list[int]]:
    """OpenSpiel card ids of hands dealt from one deck: as ``to_cards``, the copies of a rank
    taking the suits in turn across the hands, so that no id repeats. ``InvalidCardsError`` if
    the hands hold more cards of a rank than the deck."""
    next_suit = [0] * 15
    deal = [_card_ids(Hand(hand), next_suit) for hand in hands]
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
    return Hand(counts)


def to_action_string(move: Move) -> str:
    """OpenSpiel's action string of ``move``; ``"Pass"`` for ``PASS``. ``InvalidMoveError`` for a
    move OpenSpiel does not have: four with two, a plane with four of a rank as kickers."""
    if not isinstance(move, Move):
        raise TypeError(f"move must be a Move, not {type(move).__name__}")
    if move.kind is None:
        return PASS_STRING
    if move.kind in (Kind.FOUR_TWO_SINGLES, Kind.FOUR_TWO_PAIRS):
        raise InvalidMoveError(f"OpenSpiel has no {move.kind}: {move!r}")
    if bomb_among_kickers(move):
        raise InvalidMoveError(f"OpenSpiel has no plane with four cards of one rank as kickers: {move!r}")
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
