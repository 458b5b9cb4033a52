"""Write solver_table.jsonl: the brute-force reference's verdicts (tests/reference_solver.py,
never ddz_fast) on seeded positions too large to solve by brute force in every test run.
One JSON object a line: sizes, seed, objective, value and the optimal first moves (reference
tuples as lists, null for a pass, sorted). tests/solver_positions.position(seed, sizes) makes
the position again. Takes about an hour on one core; lines are appended as they finish, and
a rerun skips the lines already there.

    python tests/data/make_solver_table.py
"""

import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import reference_solver  # noqa: E402
from solver_positions import position  # noqa: E402

TABLE = os.path.join(HERE, "solver_table.jsonl")

# (sizes, seeds, objectives): three seats up to 7/6/6, two seats up to 12 v 12.
GROUPS = [
    ((6, 5, 5), range(8), ("win", "score")),
    ((7, 6, 6), range(3), ("win",)),
    ((8, 8), range(10), ("win", "score")),
    ((10, 10), range(6), ("win", "score")),
    ((12, 12), range(4), ("win", "score")),
    ((7, 6, 6), range(3), ("score",)),
    ((6, 5, 5), range(8, 30), ("win", "score")),
]


def as_json(move):
    return None if move is None else [move[0], move[1], move[2], list(move[3])]


def main():
    done = set()
    if os.path.exists(TABLE):
        with open(TABLE) as f:
            for line in f:
                row = json.loads(line)
                done.add((tuple(row["sizes"]), row["seed"], row["objective"]))
    for sizes, seeds, objectives in GROUPS:
        for seed in seeds:
            for objective in objectives:
                if (sizes, seed, objective) in done:
                    continue
                _, args = position(seed, sizes)
                start = time.perf_counter()
                value, moves = reference_solver.solve(**args, objective=objective)
                row = {"sizes": list(sizes), "seed": seed, "objective": objective, "value": value,
                       "moves": sorted((as_json(m) for m in moves), key=json.dumps)}
                with open(TABLE, "a") as f:
                    f.write(json.dumps(row) + "\n")
                print(f"{sizes} seed {seed} {objective}: {value} "
                      f"({time.perf_counter() - start:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
