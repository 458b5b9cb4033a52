"""Write reference_solutions.json (see oracles/solver_table.py), or check it against the
minimax. From the repository's root:

    PYTHONPATH=tests python -m oracles.data.make_solver_table           # rewrite (a process per core)
    PYTHONPATH=tests python -m oracles.data.make_solver_table --check   # recompute and compare
"""

import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor

from oracles.solver_table import PATH, answer, load, rows


def solved(row):
    value, moves = answer(row)
    return dict(row, value=value, moves=moves)


def compute():
    todo = rows()
    # the slowest first, so that the pool's last jobs are short
    todo.sort(key=lambda r: -sum(len(h) for h in r["hands"]) - 20 * (r["objective"] == "score"))
    with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        done = list(pool.map(solved, todo, chunksize=1))
    return sorted(done, key=lambda r: r["seed"])


def dumps(table):
    return "[\n" + ",\n".join(json.dumps(r) for r in table) + "\n]\n"


def main():
    table = compute()
    if sys.argv[1:] == ["--check"]:
        stored = load()
        bad = [r["seed"] for r, s in zip(table, stored) if r != s]
        sys.exit(f"{len(bad)} rows differ: seeds {bad[:20]}" if bad or len(table) != len(stored)
                 else None)
    with open(PATH, "w") as f:
        f.write(dumps(table))


if __name__ == "__main__":
    main()
