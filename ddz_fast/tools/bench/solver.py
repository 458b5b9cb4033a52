"""The solver section of ``ddz-fast bench``: the open-hand solver's time and nodes on seeded
positions of a few sizes (and on full deals), the same with ``moves="one"``, and the nodes with
each of its techniques turned off.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

import numpy as np

from ddz_fast import Game, Hand, Solver
from ddz_fast.solver import TECHNIQUES

from ..positions import DECK, RESOLVER_PUZZLE
from ..timing import fmt_rate, fmt_time

SOLVER_SIZES = (("two seats 12 v 12", (12, 12), 20), ("two seats 17 v 17", (17, 17), 5),
                ("three seats 7/6/6", (7, 6, 6), 20), ("three seats 10/8/8", (10, 8, 8), 20))
ONE_MOVE_SIZES = SOLVER_SIZES[:2]     # again with moves="one"
TECHNIQUE_SIZES = (((12, 12), 20), ((7, 6, 6), 20), ((10, 8, 8), 6))
TECHNIQUE_NODE_CAP = 2_000_000        # nodes per position when a technique is off
FULL_DEAL_LIMIT = 10.0                # seconds per full deal
SIZE_LIMIT = 10.0                     # seconds per position of the other rows


def solver_positions(count: int, sizes: Sequence[int], seed: int) -> list[Game]:
    """Seeded open-hand positions: hands of `sizes` cards from one shuffled deck each,
    seat 0 the landlord and to lead."""
    rng = np.random.default_rng(seed)
    games = []
    for _ in range(count):
        deck = DECK[rng.permutation(54)]
        bounds = np.cumsum((0,) + tuple(sizes))
        hands = [str(Hand(np.bincount(deck[a:b], minlength=15))) for a, b in zip(bounds, bounds[1:])]
        games.append(Game.from_hands(hands, landlord=0))
    return games


@dataclass
class SolveStats:
    seconds: list[float]          # per position, each on an empty table
    nodes: list[int]
    complete: list[bool]

    def row(self) -> str:
        unsolved = sum(not c for c in self.complete)
        # an unsolved position counts as its time limit: the median is then a lower bound
        at_least = ">= " if 2 * unsolved >= len(self.complete) else ""
        stopped = f", {unsolved} stopped at the time limit" if unsolved else ""
        return (f"median {at_least}{fmt_time(statistics.median(self.seconds))}{stopped}, "
                f"{statistics.median(self.nodes):,.0f} nodes, "
                f"{fmt_rate(sum(self.nodes) / sum(self.seconds), 'nodes')} "
                f"(max {fmt_time(max(self.seconds))}, {len(self.seconds)} positions)")


def solve_stats(games: Sequence[Game], solver: Solver, time_limit: float | None = None,
                max_nodes: int | None = None, moves: str = "all") -> SolveStats:
    """Solve each game once on an emptied table (the clearing is not timed)."""
    stats = SolveStats([], [], [])
    for game in games:
        solver.clear()
        solution = solver.solve(game, moves=moves, time_limit=time_limit, max_nodes=max_nodes)
        stats.seconds.append(solution.seconds)
        stats.nodes.append(solution.nodes)
        stats.complete.append(solution.complete)
    return stats


def technique_nodes(seed: int) -> list[tuple[str, list[str]]]:
    """Total nodes on the technique positions with every technique, then with each off."""
    rows = []
    configs = [("all techniques", set(TECHNIQUES))] + [
        (f"without {name}", set(TECHNIQUES) - {name}) for name in TECHNIQUES]
    for what, chosen in configs:
        solver = Solver(64, techniques=chosen)
        cells = []
        for sizes, count in TECHNIQUE_SIZES:
            stats = solve_stats(solver_positions(count, sizes, seed), solver,
                                max_nodes=TECHNIQUE_NODE_CAP)
            capped = sum(not c for c in stats.complete)
            cells.append(f"{sum(stats.nodes):,}" + (f" ({capped} capped)" if capped else ""))
        rows.append((what, cells))
        del solver
    return rows


def full_deal_row(solver: Solver, count: int, seed: int, moves: str) -> str:
    """How many of `count` seeded full deals are solved within 1 s and FULL_DEAL_LIMIT."""
    stats = solve_stats(solver_positions(count, (20, 17, 17), seed), solver,
                        time_limit=FULL_DEAL_LIMIT, moves=moves)
    done = sorted(t for t, c in zip(stats.seconds, stats.complete) if c)
    within_1 = sum(t <= 1 for t in done)
    solved = (f"solved ones: {', '.join(fmt_time(q) for q in statistics.quantiles(done, n=4))} "
              f"(quartiles), max {fmt_time(max(done))}" if len(done) > 1 else
              f"solved: {', '.join(fmt_time(t) for t in done) or 'none'}")
    return (f"{within_1}/{count} solved within 1 s, {len(done)}/{count} within "
            f"{FULL_DEAL_LIMIT:g} s; {solved}")


def solver_report(out: TextIO, *, full_deals: int, seed: int) -> None:
    """The solver's section of ``ddz-fast bench``."""
    solver = Solver(64)
    print("\nThe open-hand solver (ddz_fast.solve, win objective, table 64 MB emptied before "
          "each position; seeded deals, seat 0 the landlord and to lead):", file=out)
    puzzle = [Game.from_hands(list(RESOLVER_PUZZLE), landlord=0)] * 20
    print(f"  doudizhu-resolver's README puzzle: {solve_stats(puzzle, solver).row()}", file=out)
    for what, sizes, count in SOLVER_SIZES:
        stats = solve_stats(solver_positions(count, sizes, seed), solver, time_limit=SIZE_LIMIT)
        print(f"  {what}: {stats.row()}", file=out)
    if full_deals:
        print(f"  full deals 20/17/17: {full_deal_row(solver, full_deals, seed, 'all')}", file=out)
    print('  the same with moves="one" (the verdict and the first winning move found):',
          file=out)
    for what, sizes, count in ONE_MOVE_SIZES:
        stats = solve_stats(solver_positions(count, sizes, seed), solver, time_limit=SIZE_LIMIT,
                            moves="one")
        print(f"    {what}: {stats.row()}", file=out)
    if full_deals:
        print(f"    full deals 20/17/17: {full_deal_row(solver, full_deals, seed, 'one')}",
              file=out)
    print(f"  nodes with each technique turned off (Solver(techniques=...); at most "
          f"{TECHNIQUE_NODE_CAP:,} per position):", file=out)
    header = ", ".join(f"{count} positions {'/'.join(map(str, sizes))}"
                       for sizes, count in TECHNIQUE_SIZES)
    print(f"    {'':<22}{header}", file=out)
    for what, cells in technique_nodes(seed):
        print(f"    {what:<22}" + "; ".join(cells), file=out)
