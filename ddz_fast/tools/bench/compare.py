"""``ddz-fast bench --compare BASE.json``: each figure of a run against the same figure of a
saved run, as a ratio, flagged where the change is larger than both runs' spreads.

The rule: each run measured a figure in several passes, and the least and greatest value of its
passes bound it (its spread). A figure is flagged slower when every pass of the new run is worse
than every pass of the base run by more than the tolerance: for a rate, the new run's greatest
value times (1 + tolerance) is below the base run's least value; for seconds per item, the new
run's least value is above the base run's greatest times (1 + tolerance). Faster is the same
the other way round. The tolerance covers what the passes of one run cannot see: the machine's
load changing between the two runs (or ``--clock cpu``, which times the CPU time of the
process: the load hardly changes it). A figure measured in one pass (a count near a time limit,
the solver's node counts) has no spread: its ratio is shown and never flagged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TextIO

from ..timing import ratio
from .figures import Figure
from .runs import Run
from .table import print_columns

TOLERANCE = 10          # percent: --tolerance's default


@dataclass
class Change:
    """A figure in the base run and in the new one."""

    base: Figure
    new: Figure
    tolerance: float            # percent

    @property
    def slower(self) -> float:
        """How many times slower (worse) the new median is than the base median."""
        return self.base.slower(self.new.median)

    @property
    def flag(self) -> str:
        """Slower or faster where every pass of one run is worse than every pass of the
        other by more than the tolerance; "" otherwise, or where a run has one pass."""
        base, new, widen = self.base, self.new, 1 + self.tolerance / 100
        if base.reps < 2 or new.reps < 2:
            return ""
        if base.higher_is_better:
            worse, better = new.high * widen < base.low, new.low > base.high * widen
        else:
            worse, better = new.low > base.high * widen, new.high * widen < base.low
        return "slower" if worse else "faster" if better else ""

    def regression(self, percent: float) -> bool:
        """Flagged slower, and worse by more than `percent`: the new run takes more than
        1 + percent/100 times as long per item (its rate is that many times lower)."""
        return self.flag == "slower" and self.slower > 1 + percent / 100


def changes(base: Run, new: Run, tolerance: float = TOLERANCE) -> list[Change]:
    """The figures both runs measured (by name, in the new run's order); the runs must have
    used the same clock."""
    if base.clock != new.clock:
        raise ValueError(f"--compare: the base run was timed with the {base.clock} clock, this "
                         f"one with the {new.clock} clock (--clock {base.clock})")
    by_name = {f.name: f for f in base.figures}
    return [Change(by_name[f.name], f, tolerance) for f in new.figures if f.name in by_name]


def print_comparison(out: TextIO, base: Run, new: Run, tolerance: float = TOLERANCE) -> list[Change]:
    """The table of --compare: each figure's base and new median and spread, the ratio and the
    flag; then the figures only one run has and the settings that differ."""
    print(f"\nAgainst {base.describe()}", file=out)
    print(f"(flagged: every pass of one run worse than every pass of the other by more than "
          f"{tolerance:g}%)", file=out)
    found = changes(base, new, tolerance)

    def spread(f: Figure) -> str:
        return f"{f.text()} [{f.text(f.low)} .. {f.text(f.high)}]" if f.reps > 1 else f.text()
    table = [["what", "base [spread]", "new [spread]", "ratio", "flag"]]
    table += [[c.new.name, spread(c.base), spread(c.new), ratio(c.slower), c.flag.upper()]
              for c in found]
    print_columns(out, table)
    names = {c.new.name for c in found}
    for what, run in (("only in the new run", new), ("only in the base run", base)):
        alone = [f.name for f in run.figures if f.name not in names]
        if alone:
            print(f"{what}: {'; '.join(alone)}", file=out)
    differ = [f"{key} {base.settings.get(key)} -> {value}" for key, value in new.settings.items()
              if base.settings.get(key) != value]
    if differ:
        print(f"settings differ: {', '.join(differ)}", file=out)
    flagged = [c for c in found if c.flag]
    print(f"{len(flagged)} of {len(found)} figures flagged: "
          f"{sum(c.flag == 'slower' for c in flagged)} slower, "
          f"{sum(c.flag == 'faster' for c in flagged)} faster", file=out)
    return found
