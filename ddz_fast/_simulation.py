"""The outcome of ``simulate()``: one numpy record array, one row per game (the public module is
``ddz_fast.simulation``)."""

import numpy as np

from ._rules import Rules


class Simulation:
    """Games ``start`` .. ``start + len - 1`` of ``simulate(seed=seed, rules=rules)``.

    ``records`` is one numpy array of ``OUTCOME_DTYPE`` (row i: game start + i;
    ``FOUR_OUTCOME_DTYPE`` under ``players=4``); each field is also an attribute: ``landlord``
    (int8 seat; -1 for a deal that ended in the auction), ``bid`` (int8, the winning bid),
    ``landlord_won`` (bool: the landlord's side went out first, the partner too in the 2 v 2
    game), ``bombs`` (int8, bombs and rockets), ``spring``, ``anti_spring`` (bool),
    ``multiplier`` (int32: 2**bombs, x2 for a spring or an anti-spring), ``scores`` (int64,
    (n, 3): point changes of seats 0, 1, 2; (n, 4) with four players), ``plays`` (int16,
    combinations played), ``turns``
    (int16, play-phase actions, passes included), ``redeals`` (int16, all-pass auctions before
    the deal that was played). ``threads`` is how many threads played them.
    """

    FLAGS = ("landlord_won", "spring", "anti_spring")     # stored as 0/1 bytes, read as bool

    def __init__(self, records: np.ndarray, *, seed: int, start: int, rules: Rules,
                 threads: int = 1) -> None:
        self.records = records
        self.seed = seed
        self.start = start
        self.rules = rules
        self.threads = threads

    def __getattr__(self, name: str) -> np.ndarray:
        records = self.__dict__.get("records")
        if records is None or name not in records.dtype.names:
            raise AttributeError(f"'Simulation' object has no attribute {name!r}")
        field: np.ndarray = records[name]
        return field.view(np.bool_) if name in self.FLAGS else field

    @classmethod
    def concat(cls, parts: "list[Simulation]") -> "Simulation":
        """The simulation of consecutive ranges of one run, joined in order:
        ``concat([simulate(a, start=s), simulate(b, start=s + a)]) == simulate(a + b, start=s)``
        row for row (same seed and rules)."""
        parts = list(parts)
        if not parts:
            raise ValueError("concat needs at least one Simulation")
        first = parts[0]
        stop = first.start
        for i, part in enumerate(parts):
            if not isinstance(part, Simulation):
                raise TypeError(f"parts[{i}] is a {type(part).__name__}, not a Simulation")
            if (part.seed, part.rules) != (first.seed, first.rules):
                raise ValueError(f"parts[{i}] has seed {part.seed} and {part.rules!r}; "
                                 f"parts[0] has seed {first.seed} and {first.rules!r}")
            if part.start != stop:
                raise ValueError(f"parts[{i}] starts at game {part.start}, not at {stop} where "
                                 f"the parts before it end")
            stop += len(part)
        return cls(np.concatenate([p.records for p in parts]), seed=first.seed,
                   start=first.start, rules=first.rules, threads=max(p.threads for p in parts))

    def __len__(self) -> int:
        return len(self.records)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Simulation):
            return NotImplemented
        return ((self.seed, self.start, self.rules) == (other.seed, other.start, other.rules)
                and np.array_equal(self.records, other.records))


    @property
    def landlord_win_rate(self) -> float:
        """Games the landlord won, among all (deals that ended in the auction count as not won)."""
        return float(self.landlord_won.mean()) if len(self) else float("nan")

    @property
    def unscored_rate(self) -> float:
        """Games that ended in the auction without a bid (rules with ``all_pass="end"``)."""
        return float((self.landlord < 0).mean()) if len(self) else float("nan")

    @property
    def mean_multiplier(self) -> float:
        return float(self.multiplier.mean()) if len(self) else float("nan")

    @property
    def spring_rate(self) -> float:
        """Games that ended in a spring or an anti-spring."""
        return float((self.spring | self.anti_spring).mean()) if len(self) else float("nan")

    def summary(self) -> str:
        """One line of the main rates; just the count when there are no games to rate."""
        games = f"{len(self):,} game{'' if len(self) == 1 else 's'}"
        if not len(self):
            return games
        return (f"{games}: landlord won {self.landlord_win_rate:.1%}, "
                f"mean multiplier {self.mean_multiplier:.2f}, springs {self.spring.mean():.1%}, "
                f"anti-springs {self.anti_spring.mean():.1%}, mean plays {self.plays.mean():.1f}, "
                f"redeals {self.redeals.mean():.2f} per game"
                + (f", ended in the auction {self.unscored_rate:.1%}" if self.rules.all_pass == "end" else ""))

    def __repr__(self) -> str:
        return f"<Simulation of games {self.start:,}..{self.start + len(self) - 1:,} of seed {self.seed}>"
