"""Sampling the hidden cards: ``sample_deals`` draws the deals consistent with what a seat has
seen, and ``game_with_hands`` sets one of them up as a game."""

from __future__ import annotations

import dataclasses
from typing import Any

from ._cards import RANK_SYMBOLS, Hand
from ._game import Game
from ._position import SEAT_COUNTS, Position, _error
from ._sampler import sample_deals
from .errors import InvalidCardsError

__all__ = ["game_with_hands", "sample_deals"]


def game_with_hands(game: Game, hands: Any) -> Game:
    """A game at ``game``'s position with the seats holding ``hands`` instead: a card set per
    seat, seat 0 first (text, Hands or rank counts; one deal of ``sample_deals``, ``deals[i]``,
    is one). Everything else stays: the seat to move, the trick, the cards played, the landlord,
    the bid, the bombs, the rules. Each seat keeps its number of cards, and the hands hold the
    cards the game's hands hold (in the auction, with the kitty: the new kitty is what the
    hands leave of them). The new game has no history before this position.
    ``InvalidPositionError`` names the hand at fault."""
    position = Position.parse(game.position())          # one read: a consistent snapshot
    n_seats = position.n_seats
    if isinstance(hands, (str, Hand)) or not hasattr(hands, "__len__") or len(hands) != n_seats:
        raise _error("hands", f"{hands!r} is not {SEAT_COUNTS[n_seats]} card sets, one per seat")
    new = []
    for seat in range(n_seats):
        try:
            hand = hands[seat] if isinstance(hands[seat], Hand) else Hand(hands[seat])
        except (InvalidCardsError, TypeError) as e:
            raise _error(f"hands[{seat}]", f"{hands[seat]!r} is no set of cards ({e})") from None
        if len(hand) != len(position.hands[seat]):
            raise _error(f"hands[{seat}]", f"{hand or '-'} has {len(hand)} cards; seat {seat} "
                                           f"holds {len(position.hands[seat])}")
        new.append(hand)
    kitty = position.kitty
    if position.landlord is None:           # the kitty is unseen: what the hands leave
        pool = [sum(h.counts[r] for h in (*position.hands, kitty)) for r in range(15)]
        rest = [int(pool[r]) - sum(int(h.counts[r]) for h in new) for r in range(15)]
        if min(rest) < 0:
            rank = next(r for r in range(15) if rest[r] < 0)
            raise _error("hands", f"{-rest[rank]} more of rank {RANK_SYMBOLS[rank]} than the "
                                  f"hands and the kitty hold")
        kitty = Hand(rest)
    changed = dataclasses.replace(position, hands=tuple(new), kitty=kitty)
    return type(game).from_position(changed)
