"""The open-hand solver of two builds side by side: each checkout's own ddz_fast solves the
same seeded positions in its own subprocess, the two alternating, round after round (the
bench's solver rows are medians of one build; a change to the search is judged here, where
machine noise hits both builds alike).

    python bench/solver_ab.py BASE CANDIDATE [--sizes 12,12 10,8,8] [--count 20] [--rounds 3]

BASE and CANDIDATE are checkouts (git worktrees) with their extensions built. A row per
checkout: the median time of doudizhu-resolver's README puzzle, then per size the solve time
summed over `count` positions (`solver_positions(count, sizes, 0)` of
`ddz_fast.tools.bench.solver`, a `Solver(64)` emptied before each) and their nodes. Times are
the least over the rounds; nodes do not depend on load, so a difference in them is a
difference in the search.
"""

import argparse
import json
import os
import subprocess
import sys

# Run by `python -c` in the checkout: the current directory comes first on sys.path.
WORKER = r"""
import json, os, statistics, sys
import ddz_fast
assert os.path.dirname(os.path.dirname(os.path.abspath(ddz_fast.__file__))) == os.getcwd()
from ddz_fast import Game, Solver
try:
    from ddz_fast.tools.bench.solver import solver_positions
except ImportError:        # a checkout from before tools/bench/ was a package
    from ddz_fast.tools.bench import solver_positions
from ddz_fast.tools.positions import RESOLVER_PUZZLE
count, sizes = json.loads(sys.argv[1])
solver = Solver(64)
puzzle = Game.from_hands(list(RESOLVER_PUZZLE), landlord=0)
times = []
for _ in range(20):
    solver.clear()
    solution = solver.solve(puzzle)
    times.append(solution.seconds)
rows = [(statistics.median(times), solution.nodes)]
for size in sizes:
    seconds = nodes = 0
    for game in solver_positions(count, size, 0):
        solver.clear()
        solution = solver.solve(game)
        seconds += solution.seconds
        nodes += solution.nodes
    rows.append((seconds, nodes))
print(json.dumps(rows))
"""


def solve_in(checkout, count, sizes):
    """[(seconds, nodes)] of the puzzle and of each size, from the checkout's own build."""
    result = subprocess.run([sys.executable, "-c", WORKER, json.dumps([count, sizes])],
                            cwd=checkout, capture_output=True, text=True,
                            env=dict(os.environ, PYTHONPATH=""))
    if result.returncode:
        sys.exit(f"{checkout}: {result.stderr.strip()}")
    return json.loads(result.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", nargs=2, metavar="CHECKOUT")
    parser.add_argument("--sizes", nargs="+", default=["12,12", "10,8,8"],
                        help="hand sizes, seat 0 (the landlord) first, comma-separated")
    parser.add_argument("--count", type=int, default=20, help="positions per size")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    sizes = [[int(n) for n in size.split(",")] for size in args.sizes]
    checkouts = [os.path.abspath(c) for c in args.checkouts]
    runs = {c: [] for c in checkouts}
    for _ in range(args.rounds):
        for checkout in checkouts:
            runs[checkout].append(solve_in(checkout, args.count, sizes))
    for checkout in checkouts:
        rows = [min(run[i] for run in runs[checkout]) for i in range(len(sizes) + 1)]
        cells = [f"puzzle {rows[0][0] * 1e6:.1f} µs ({rows[0][1]:,} nodes)"] + [
            f"{'/'.join(map(str, size))} {seconds:.3f} s ({nodes:,} nodes)"
            for size, (seconds, nodes) in zip(sizes, rows[1:])]
        print(f"{checkout}: {'; '.join(cells)}")


if __name__ == "__main__":
    main()
