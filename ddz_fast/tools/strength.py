"""How strong the search player is: ``PIMCPlayer`` in ``Series`` against ``GreedyPlayer`` and
``RandomPlayer``, as the landlord and as a farmer, beside ``GreedyPlayer`` in the same seat on
the same deals (the baseline).

``python -m ddz_fast.tools.strength --deals 2000 --processes 2`` prints a Markdown table.

Roles are fixed by ``auction="none"`` (seat 0 is the landlord at bid 1; the rest of the rules
are the defaults, scoring in points). A configuration's deals are series of ``CHUNK`` deals
with seeds ``seed``, ``seed + 1``, ...; the farmer seat alternates between series (seat 1,
who plays right after the landlord, in even ones; seat 2 in odd ones), the partner and the
landlord are the opponents' kind. Each series gets fresh players, seeded by its index, so the
figures do not depend on how the series are spread over processes.

Figures: the win rate of the player's side with a Wilson 95% interval; the player's points
per deal with a normal-approximation 95% interval (mean +- 1.96 standard errors); and the
mean difference of points per deal to the baseline on the same deals (paired, normal
approximation).
"""

from __future__ import annotations

import argparse
import inspect
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TextIO

from ddz_fast import GreedyPlayer, RandomPlayer, Rules, Series
from ddz_fast.pimc import PIMCPlayer
from ddz_fast.series import Player

CHUNK = 50                   # deals per series
RULES = Rules(auction="none")
Z95 = 1.959963984540054      # the normal distribution's 97.5% quantile
OPPONENTS = ("greedy", "random")
ROLES = ("landlord", "farmer")


@dataclass(frozen=True)
class Settings:
    """The search player's settings and the measurement's size."""
    deals: int
    seed: int
    samples: int
    max_nodes: int
    rollouts: int


@dataclass(frozen=True)
class Task:
    """One series: the player ("pimc" or "greedy") in `role` against `opponents`."""
    player: str
    role: str
    opponents: str
    index: int               # the series' index within its configuration
    settings: Settings

    @property
    def seat(self) -> int:
        return 0 if self.role == "landlord" else 1 + self.index % 2


def opponent(kind: str, seed: int) -> Player:
    return GreedyPlayer() if kind == "greedy" else RandomPlayer(seed)


def run_task(task: Task) -> tuple[Task, list[int], list[int], float]:
    """Play the task's series: per deal, 1 if the player's side won, and its points."""
    s = task.settings
    start = time.perf_counter()
    series_seed = s.seed + task.index
    player: Player = GreedyPlayer()
    if task.player == "pimc":
        player = PIMCPlayer(s.samples, seed=series_seed, max_nodes=s.max_nodes,
                            rollouts=s.rollouts)
    players = [opponent(task.opponents, series_seed * 3 + seat) for seat in range(3)]
    players[task.seat] = player
    deals = min(CHUNK, s.deals - task.index * CHUNK)
    series = Series(deals, seed=series_seed, rules=RULES).run(players)
    landlord = task.seat == 0
    won = [int((r.winner == "landlord") == landlord) for r in series.results]
    points = [r.scores[task.seat] for r in series.results]
    return task, won, points, time.perf_counter() - start


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The mean and the half width of its normal-approximation interval."""
    return statistics.fmean(values), z * statistics.stdev(values) / math.sqrt(len(values))


def tasks(settings: Settings) -> list[Task]:
    chunks = (settings.deals + CHUNK - 1) // CHUNK
    return [Task(player, role, opponents, index, settings)
            for player in ("pimc", "greedy") for opponents in OPPONENTS for role in ROLES
            for index in range(chunks)]


def measure(settings: Settings, processes: int,
            progress: Callable[[int, int], object] | None = None) -> str:
    """Run every configuration and return the Markdown table."""
    todo = tasks(settings)
    results: dict[tuple[str, str, str], tuple[list[int], list[int]]] = {}
    seconds: dict[str, float] = {"pimc": 0.0, "greedy": 0.0}
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        for done, (task, won, points, sec) in enumerate(pool.imap_unordered(run_task, todo)):
            seconds[task.player] += sec
            entry = results.setdefault((task.player, task.role, task.opponents), ([], []))
            entry[0].extend(won)
            entry[1].extend(points)
            if progress is not None:
                progress(done + 1, len(todo))
    return table(results, settings, seconds)


def table(results: dict[tuple[str, str, str], tuple[list[int], list[int]]], settings: Settings,
          seconds: dict[str, float]) -> str:
    lines = [
        f"PIMCPlayer(samples={settings.samples}, max_nodes={settings.max_nodes}, "
        f"rollouts={settings.rollouts}); {settings.deals} deals per row, seed {settings.seed}, "
        f"rules auction='none'",
        "",
        "| player | role | against | win rate (95% CI) | points per deal (95% CI) "
        "| points vs GreedyPlayer (paired 95% CI) |",
        "|---|---|---|---|---|---|",
    ]
    for opponents in OPPONENTS:
        for role in ROLES:
            base_won, base_points = results[("greedy", role, opponents)]
            for player in ("pimc", "greedy"):
                won, points = results[(player, role, opponents)]
                low, high = wilson(sum(won), len(won))
                mean, half = mean_interval(points)
                name = "PIMCPlayer" if player == "pimc" else "GreedyPlayer"
                paired = "—"
                if player == "pimc":
                    diff, diff_half = mean_interval([a - b for a, b in zip(points, base_points)])
                    paired = f"{diff:+.3f} ± {diff_half:.3f}"
                lines.append(
                    f"| {name} | {role} | {opponents} | {sum(won) / len(won):.3f} "
                    f"({low:.3f}–{high:.3f}) | {mean:+.3f} ± {half:.3f} | {paired} |")
    lines.append("")
    lines.append(f"Time in the series (wall, summed over processes): PIMCPlayer's "
                 f"{seconds['pimc']:.0f} s, GreedyPlayer's {seconds['greedy']:.0f} s")
    return "\n".join(lines)


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    p = argparse.ArgumentParser(prog="python -m ddz_fast.tools.strength", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--deals", type=int, default=2000, help="deals per configuration")
    p.add_argument("--seed", type=int, default=1, help="the first series' seed")
    p.add_argument("--processes", type=int, default=2)
    player = inspect.signature(PIMCPlayer).parameters        # PIMCPlayer's defaults
    p.add_argument("--samples", type=int, default=player["samples"].default)
    p.add_argument("--max-nodes", type=int, default=player["max_nodes"].default)
    p.add_argument("--rollouts", type=int, default=player["rollouts"].default)
    args = p.parse_args(argv)
    if args.deals < 2 or args.processes < 1:
        p.error("--deals must be >= 2 and --processes >= 1")
    settings = Settings(args.deals, args.seed, args.samples, args.max_nodes, args.rollouts)
    start = time.perf_counter()

    def progress(done: int, total: int) -> None:
        print(f"\r{done}/{total} series, {time.perf_counter() - start:.0f} s", end="",
              file=sys.stderr, flush=True)

    report = measure(settings, args.processes, progress)
    print(file=sys.stderr)
    print(report, file=out)
    print(f"wall time {time.perf_counter() - start:.0f} s with {args.processes} processes", file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
