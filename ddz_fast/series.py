"""A series of deals with running totals (RULES.md section 7)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any

from ._game import Game
from ._rules import as_rules
from ._simulate import nth_game_seed
from .checks import check_int, check_seed
from .result import Result
from .typing import RulesLike

__all__ = ["Player", "Series"]

# Chooses the action of the seat to move: a bid in the auction, a Move, PASS or text in play.
Player = Callable[[Game], Any]


def play_out(game: Game, players: Sequence[Player]) -> None:
    """Play ``game`` to its end, ``players[seat](game)`` choosing each action of ``seat``. An
    action the game refuses raises the game's error (the game as it was before that action),
    its message naming the player and the seat."""
    while (seat := game.to_move) is not None:       # None once the game is over
        player = players[seat]
        action = player(game)
        try:
            if game.phase == "auction":
                game.bid(action)
            else:
                game.play(action)
        except (ValueError, TypeError) as e:        # a refused action, or one of no action type
            raise type(e)(f"{player!r} at seat {seat} chose {action!r}: {e}") from e


class Series:
    """A number of deals fixed in advance (redeals after an all-pass auction do not count),
    with running totals per seat. Deal i is ``Game(seed)`` with a seed derived from the series'
    seed, so a series is reproducible."""

    def __init__(self, deals: int, seed: int | None = None, rules: RulesLike = None) -> None:
        deals = check_int(deals, "deals", 1)
        seed = secrets.randbits(64) if seed is None else check_seed(seed)
        self.deals = deals
        self.seed = seed
        self.rules = as_rules(rules, four_players=True)
        self.results: list[Result] = []      # the Result of each deal played
        self.totals = [0] * self.rules.players

    def run(self, players: Sequence[Player]) -> Series:
        """Play the remaining deals; ``players[seat](game)`` chooses each action of ``seat``
        (checked: an illegal choice raises). Returns the series. Players that pass every
        auction of a deal make it raise ``RedealLimitError`` after 100 redeals."""
        seats = self.rules.players
        if len(players) != seats or not all(callable(p) for p in players):
            raise ValueError(f"players must be {'three' if seats == 3 else 'four'} callables, "
                             f"one per seat")
        for index in range(len(self.results), self.deals):
            game = Game(nth_game_seed(self.seed, index), rules=self.rules)
            play_out(game, players)
            result = game.result
            assert result is not None           # the game is over
            self.results.append(result)
            self.totals = [t + s for t, s in zip(self.totals, result.scores)]
        return self

    @property
    def finished(self) -> bool:
        return len(self.results) == self.deals

    @property
    def standing(self) -> list[tuple[int, int]]:
        """``(seat, total)`` from the highest total down."""
        return sorted(enumerate(self.totals), key=lambda st: (-st[1], st[0]))

    @property
    def winners(self) -> list[int]:
        """The seats with the highest total: more than one is a draw."""
        best = max(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == best]

    @property
    def draw(self) -> bool:
        return len(self.winners) > 1

    def __repr__(self) -> str:
        return (f"<Series {len(self.results)}/{self.deals} deals, seed={self.seed}, "
                f"totals {self.totals}>")
