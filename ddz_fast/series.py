"""A series of deals with running totals (RULES.md section 7)."""

import secrets

from ._game import Game
from ._rules import Rules
from ._simulate import nth_game_seed
from .checks import check_int, check_seed

class Series:
    """A number of deals fixed in advance (redeals after an all-pass auction do not count),
    with running totals per seat. Deal i is ``Game(seed)`` with a seed derived from the series'
    seed, so a series is reproducible."""

    def __init__(self, deals, seed=None, rules=None):
        deals = check_int(deals, "deals", 1)
        seed = secrets.randbits(64) if seed is None else check_seed(seed)
        if rules is not None and not isinstance(rules, Rules):
            raise TypeError(f"rules must be a ddz_fast.Rules or None, not {type(rules).__name__}")
        self.deals = deals
        self.seed = seed
        self.rules = rules
        self.results = []          # the Result of each deal played
        self.totals = [0, 0, 0]

    def run(self, players):
        """Play the remaining deals; ``players[seat](game)`` chooses each action of ``seat``
        (checked: an illegal choice raises). Returns the series. Players that pass every
        auction of a deal make it raise ``RedealLimitError`` after 100 redeals."""
        if len(players) != 3 or not all(callable(p) for p in players):
            raise ValueError("players must be three callables, one per seat")
        for index in range(len(self.results), self.deals):
            game = Game(nth_game_seed(self.seed, index), rules=self.rules)
            while game.phase == "auction":
                game.bid(players[game.to_move](game))
            while game.phase == "play":
                game.play(players[game.to_move](game))
            result = game.result
            self.results.append(result)
            self.totals = [t + s for t, s in zip(self.totals, result.scores)]
        return self

    @property
    def finished(self):
        return len(self.results) == self.deals

    @property
    def standing(self):
        """``(seat, total)`` from the highest total down."""
        return sorted(enumerate(self.totals), key=lambda st: (-st[1], st[0]))

    @property
    def winners(self):
        """The seats with the highest total: more than one is a draw."""
        best = max(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == best]

    @property
    def draw(self):
        return len(self.winners) > 1

    def __repr__(self):
        return (f"<Series {len(self.results)}/{self.deals} deals, seed={self.seed}, "
                f"totals {self.totals}>")
