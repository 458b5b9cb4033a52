"""The solver section of ``ddz-fast bench``: the open-hand solver's time and nodes on seeded
positions of a few sizes (and on full deals), the same with ``moves="one"``, and the nodes with
each of its techniques turned off.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ddz_fast import Game, Hand, Solver
from ddz_fast.solver import TECHNIQUES

from ..positions import DECK, RESOLVER_PUZZLE
from ..timing import fmt_rate, fmt_time, now
from .figures import Figure, Section

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

    def detail(self) -> str:
        """What a pass found beside its median time: the nodes, the positions stopped at the
        time limit (counted at the limit, which makes the median a lower bound), the worst."""
        unsolved = sum(not c for c in self.complete)
        stopped = f", {unsolved} stopped at the time limit" if unsolved else ""
        return (f"{statistics.median(self.nodes):,.0f} nodes, "
                f"{fmt_rate(sum(self.nodes) / sum(self.seconds), 'nodes')} "
                f"(max {fmt_time(max(self.seconds))}, {len(self.seconds)} positions){stopped}")


def solve_stats(games: Sequence[Game], solver: Solver, time_limit: float | None = None,
                max_nodes: int | None = None, moves: str = "all") -> SolveStats:
    """Solve each game once on an emptied table (the clearing is not timed)."""
    stats = SolveStats([], [], [])
    for game in games:
        solver.clear()
        start = now()
        solution = solver.solve(game, moves=moves, time_limit=time_limit, max_nodes=max_nodes)
        stats.seconds.append(now() - start)
        stats.nodes.append(solution.nodes)
        stats.complete.append(solution.complete)
    return stats


def solve_figure(name: str, games: Sequence[Game], solver: Solver, repeat: int,
                 moves: str = "all", **fields: Any) -> Figure:
    """The median seconds per position of `repeat` passes over `games` (each position of a pass
    on an emptied table), with the last pass's nodes as its detail."""
    passes = [solve_stats(games, solver, time_limit=SIZE_LIMIT, moves=moves)
              for _ in range(repeat)]
    return Figure.of_values(name, "s/position",
                            [statistics.median(stats.seconds) for stats in passes],
                            detail=passes[-1].detail(), **fields)


def technique_figures(seed: int) -> list[Figure]:
    """Total nodes on the technique positions with every technique, then with each off; a
    count, the same on every run of one build (measured once)."""
    figures = []
    configs = [("all techniques", set(TECHNIQUES))] + [
        (f"without {name}", set(TECHNIQUES) - {name}) for name in TECHNIQUES]
    for what, chosen in configs:
        solver = Solver(64, techniques=chosen)
        for sizes, count in TECHNIQUE_SIZES:
            stats = solve_stats(solver_positions(count, sizes, seed), solver,
                                max_nodes=TECHNIQUE_NODE_CAP)
            capped = sum(not c for c in stats.complete)
            total = sum(stats.nodes)
            figures.append(Figure(
                f"nodes {what}, {count} positions {'/'.join(map(str, sizes))}", "nodes", total,
                total, total, 1, False, row=f"nodes {what}",
                detail=f"{count} positions {'/'.join(map(str, sizes))}"
                       + (f", {capped} capped" if capped else "")))
        del solver
    return figures


def full_deal_figure(name: str, solver: Solver, count: int, seed: int, moves: str) -> Figure:
    """How many of `count` seeded full deals are solved within FULL_DEAL_LIMIT (one pass: a
    count near a time limit, shown but never flagged), within 1 s and how fast."""
    stats = solve_stats(solver_positions(count, (20, 17, 17), seed), solver,
                        time_limit=FULL_DEAL_LIMIT, moves=moves)
    done = sorted(t for t, c in zip(stats.seconds, stats.complete) if c)
    solved = (f"solved ones: {', '.join(fmt_time(q) for q in statistics.quantiles(done, n=4))} "
              f"(quartiles), max {fmt_time(max(done))}" if len(done) > 1 else
              f"solved: {', '.join(fmt_time(t) for t in done) or 'none'}")
    return Figure(name, "solved", len(done), len(done), len(done), 1, True, detail=(
        f"of {count} within {FULL_DEAL_LIMIT:g} s, {sum(t <= 1 for t in done)} within 1 s; "
        f"{solved}"))


def solver_section(*, full_deals: int, seed: int, repeat: int, counts: bool = True) -> Section:
    """The solver's figures of ``ddz-fast bench``: `repeat` passes over each set of positions;
    with `counts`, the figures measured once too (full deals within a time limit, the nodes
    with each technique off)."""
    solver = Solver(64)
    puzzle = [Game.from_hands(list(RESOLVER_PUZZLE), landlord=0)] * 20
    figures = [solve_figure("doudizhu-resolver's README puzzle", puzzle, solver, repeat)]
    for moves, sizes in (("all", SOLVER_SIZES), ("one", ONE_MOVE_SIZES)):
        suffix = ', moves="one"' if moves == "one" else ""
        for what, hand_sizes, count in sizes:
            figures.append(solve_figure(
                f"{what}{suffix}", solver_positions(count, hand_sizes, seed), solver, repeat,
                moves=moves, headline=(what, moves) == ("two seats 12 v 12", "all")))
        if full_deals and counts:
            figures.append(full_deal_figure(f"full deals 20/17/17{suffix}", solver,
                                            full_deals, seed, moves))
    if counts:
        figures += technique_figures(seed)
    note = (f"The open-hand solver (ddz_fast.solve, win objective, a 64 MB table emptied before "
            f"each position; seeded deals, seat 0 the landlord and to lead): the median time "
            f"per position of a pass; moves=\"one\" stops at the verdict and the first winning "
            f"move found. Full deals stop after {FULL_DEAL_LIMIT:g} s. Nodes with each "
            f"technique turned off (Solver(techniques=...)): at most "
            f"{TECHNIQUE_NODE_CAP:,} per position.")
    return Section(figures, note)
