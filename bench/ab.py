"""Two builds side by side: each checkout's own ddz_fast runs the same seeded work in its own
subprocess, the two alternating, round after round. The bench's rows are medians of one build;
a change to a kernel is judged here, where machine noise hits both builds alike.

    python bench/ab.py BASE CANDIDATE movegen [--hands 8192] [--rounds 8]
    python bench/ab.py BASE CANDIDATE solver [--sizes 12,12 10,8,8] [--count 20] [--rounds 3]

BASE and CANDIDATE are checkouts (git worktrees) with their extensions built; a row per
checkout, each time the least over the rounds.
- movegen: ns per position of `legal_moves_batch` (chunks of 4,096) and of one `legal_moves`
  call with `len()`, over random 20-card hands leading and random 17-card hands answering a
  random lead of another hand, and the moves found (equal for equal rules).
- solver: the median time of doudizhu-resolver's README puzzle, then per size the solve time
  summed over `count` positions (`solver_positions(count, sizes, 0)` of
  `ddz_fast.tools.bench.solver`, a `Solver(64)` emptied before each) and their nodes. Nodes do
  not depend on load, so a difference in them is a difference in the search.
"""

import argparse
import json
import os
import subprocess
import sys

# Run by `python -c` in the checkout: the current directory comes first on sys.path. Only API
# of the first release is used, so any checkout since can be compared.
PREAMBLE = r"""
import json, os, statistics, sys, time
import ddz_fast
assert os.path.dirname(os.path.dirname(os.path.abspath(ddz_fast.__file__))) == os.getcwd()
args = json.loads(sys.argv[1])
"""

MOVEGEN = PREAMBLE + r"""
import numpy as np
from ddz_fast import Hand, Kind, Move, legal_moves, legal_moves_batch
n, chunk = args["hands"], 4096
rng = np.random.default_rng(7)
deck = np.repeat(np.arange(15), [4] * 13 + [1, 1])
def hands(size):
    out = np.zeros((n, 15), dtype=np.uint8)
    for row in out:
        np.add.at(row, deck[rng.permutation(54)[:size]], 1)
    return out
leads, answers = hands(20), hands(17)
offsets, moves = legal_moves_batch(leads)
picks = offsets[:-1] + (rng.random(n) * np.diff(offsets)).astype(np.int64)
prevs = moves[np.roll(picks, 1)].copy()
def least(run, reps):
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times) / n * 1e9
def batch(hs, ps):
    def run():
        for s in range(0, n, chunk):
            legal_moves_batch(hs[s:s + chunk], None if ps is None else ps[s:s + chunk])
    return least(run, 40)
def single(hs, ps):
    prev_moves = [None] * n if ps is None else [
        Move(Kind.from_code(int(p["kind"])), int(p["length"]), int(p["main"]),
             Hand.from_packed(int(p["cards"]))) for p in ps]
    pairs = list(zip([Hand(h) for h in hs], prev_moves))
    def run():
        for hand, prev in pairs:
            len(legal_moves(hand, prev))
    return least(run, 10)
print(json.dumps([[batch(leads, None), single(leads, None), batch(answers, prevs),
                   single(answers, prevs)],
                  [len(moves), len(legal_moves_batch(answers, prevs)[1])]]))
"""

SOLVER = PREAMBLE + r"""
from ddz_fast import Game, Solver
try:
    from ddz_fast.tools.bench.solver import solver_positions
except ImportError:        # a checkout from before tools/bench/ was a package
    from ddz_fast.tools.bench import solver_positions
from ddz_fast.tools.positions import RESOLVER_PUZZLE
solver = Solver(64)
puzzle = Game.from_hands(list(RESOLVER_PUZZLE), landlord=0)
times = []
for _ in range(20):
    solver.clear()
    solution = solver.solve(puzzle)
    times.append(solution.seconds)
seconds, nodes = [statistics.median(times)], [solution.nodes]
for size in args["sizes"]:
    total_seconds = total_nodes = 0
    for game in solver_positions(args["count"], size, 0):
        solver.clear()
        solution = solver.solve(game)
        total_seconds += solution.seconds
        total_nodes += solution.nodes
    seconds.append(total_seconds)
    nodes.append(total_nodes)
print(json.dumps([seconds, nodes]))
"""


def run_in(checkout, worker, args):
    """[times, counts] printed by the worker run in the checkout's own build."""
    result = subprocess.run([sys.executable, "-c", worker, json.dumps(args)], cwd=checkout,
                            capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=""))
    if result.returncode:
        sys.exit(f"{checkout}: {result.stderr.strip()}")
    return json.loads(result.stdout)


def movegen_row(times, counts):
    return (f"batch leads {times[0]:.1f} ns, one lead {times[1]:.1f} ns, batch responses "
            f"{times[2]:.1f} ns, one response {times[3]:.1f} ns ({counts[0]:,} + {counts[1]:,} moves)")


def solver_row(times, counts, sizes):
    return "; ".join([f"puzzle {times[0] * 1e6:.1f} µs ({counts[0]:,} nodes)"] + [
        f"{'/'.join(map(str, size))} {seconds:.3f} s ({nodes:,} nodes)"
        for size, seconds, nodes in zip(sizes, times[1:], counts[1:])])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", nargs=2, metavar="CHECKOUT")
    parser.add_argument("what", choices=["movegen", "solver"])
    parser.add_argument("--hands", type=int, default=8192, help="movegen: positions of each kind")
    parser.add_argument("--sizes", nargs="+", default=["12,12", "10,8,8"],
                        help="solver: hand sizes, seat 0 (the landlord) first, comma-separated")
    parser.add_argument("--count", type=int, default=20, help="solver: positions per size")
    parser.add_argument("--rounds", type=int, help="alternations (default 8 movegen, 3 solver)")
    args = parser.parse_args()
    if args.what == "movegen":
        worker, work, rounds = MOVEGEN, {"hands": args.hands}, args.rounds or 8
    else:
        sizes = [[int(n) for n in size.split(",")] for size in args.sizes]
        worker, work, rounds = SOLVER, {"sizes": sizes, "count": args.count}, args.rounds or 3
    checkouts = [os.path.abspath(c) for c in args.checkouts]
    runs = {c: [] for c in checkouts}
    for _ in range(rounds):
        for checkout in checkouts:
            runs[checkout].append(run_in(checkout, worker, work))
    for checkout in checkouts:
        times = [min(run[0][i] for run in runs[checkout]) for i in range(len(runs[checkout][0][0]))]
        counts = runs[checkout][0][1]
        row = movegen_row(times, counts) if args.what == "movegen" else solver_row(times, counts, sizes)
        print(f"{checkout}: {row}")


if __name__ == "__main__":
    main()
