"""The outcome of ``simulate()``: one numpy array per statistic, one row per game."""

from dataclasses import dataclass

import numpy as np

from ._rules import Rules


@dataclass(frozen=True, eq=False)
class Simulation:
    """Per-game arrays of a simulation (row i is game i)."""

    seed: int
    rules: Rules
    threads: int                # threads that played (at most the cores this process may use)
    landlord: np.ndarray        # int8: the landlord's seat
    bid: np.ndarray             # int8: the winning bid
    landlord_won: np.ndarray    # bool: the landlord went out first (else a farmer did)
    bombs: np.ndarray           # int8: bombs and rockets played
    spring: np.ndarray          # bool
    anti_spring: np.ndarray     # bool
    multiplier: np.ndarray      # int32: 2**bombs, x2 for a spring or an anti-spring
    scores: np.ndarray          # int64 (n, 3): point changes of seats 0, 1, 2
    plays: np.ndarray           # int16: combinations played (passes not counted)
    turns: np.ndarray           # int16: play-phase actions, passes included
    redeals: np.ndarray         # int16: all-pass auctions before the deal that was played

    def __len__(self):
        return len(self.bid)

    @property
    def landlord_win_rate(self):
        return float(self.landlord_won.mean()) if len(self) else float("nan")

    @property
    def mean_multiplier(self):
        return float(self.multiplier.mean()) if len(self) else float("nan")

    @property
    def spring_rate(self):
        """Games that ended in a spring or an anti-spring."""
        return float((self.spring | self.anti_spring).mean()) if len(self) else float("nan")

    def summary(self):
        """One line of the main rates; just the count when there are no games to rate."""
        games = f"{len(self):,} game{'' if len(self) == 1 else 's'}"
        if not len(self):
            return games
        return (f"{games}: landlord won {self.landlord_win_rate:.1%}, "
                f"mean multiplier {self.mean_multiplier:.2f}, springs {self.spring.mean():.1%}, "
                f"anti-springs {self.anti_spring.mean():.1%}, mean plays {self.plays.mean():.1f}, "
                f"redeals {self.redeals.mean():.2f} per game")

    def __repr__(self):
        return f"<Simulation of {len(self):,} games, seed={self.seed}>"
