"""The strength table: each player against each other one with ``ddz_fast.evaluate``, WP and
ADP with their 95% intervals, in Markdown.

``python -m ddz_fast.tools.strength --players random greedy pimc --deals 2000 --pimc-deals 200
--threads 2 --seed 1`` evaluates every pair of the players once (the first named as the
landlord, duplicate deals: each deal again with the sides swapped), under the ``douzero``
preset, and prints a row per player, opponent and role: as the landlord, as the farmers, and
over both (paired by deal, the first player's only). Pairs with ``pimc`` play ``--pimc-deals`` deals (it is slow).
``--json FILE`` saves the evaluations (``Evaluation.to_dict``); ``--from-json FILE ...``
prints the table of saved ones instead (``ddz-fast evaluate --json`` writes them too), so a
table can gather players evaluated apart.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from ddz_fast.evaluation import PLAYERS, evaluate

ROLES = ("landlord", "farmers", "both")


def _cell(figure: dict[str, float], spec: str) -> str:
    return f"{figure['value']:{spec}} [{figure['low']:{spec}}, {figure['high']:{spec}}]"


def table(evaluations: list[dict[str, Any]]) -> str:
    """The Markdown table of evaluations (``Evaluation.to_dict()``): per evaluation, the
    landlord player's rows against the farmers' player, then theirs (over both roles only the
    first player's row: the other's is its mirror, WP 1 - WP and ADP - ADP)."""
    lines = ["| player | against | role | games | WP (95% CI) | ADP (95% CI) |",
             "|---|---|---|---:|---|---|"]
    for evaluation in evaluations:
        players = [evaluation["landlord"], evaluation["farmers"]]
        order = sorted(evaluation["sides"],
                       key=lambda side: (players.index(side["player"]), ROLES.index(side["role"])))
        for side in order:
            opponent = players[1 - players.index(side["player"])]
            lines.append(f"| {side['player']} | {opponent} | {side['role']} | {side['games']:,} "
                         f"| {_cell(side['wp'], '.3f')} | {_cell(side['adp'], '+.2f')} |")
    rules = sorted({evaluation["rules"] for evaluation in evaluations})
    lines += ["", f"Rules: {'; '.join(rules)}."]
    return "\n".join(lines)


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    p = argparse.ArgumentParser(prog="python -m ddz_fast.tools.strength", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--players", nargs="+", choices=list(PLAYERS), default=["random", "greedy"])
    p.add_argument("--deals", type=int, default=2000, help="deals per pair")
    p.add_argument("--pimc-deals", type=int, default=200, help="deals per pair with pimc")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--json", metavar="FILE", help="save the evaluations")
    p.add_argument("--from-json", nargs="+", metavar="FILE",
                   help="the table of saved evaluations (each file one or a list of them)")
    args = p.parse_args(argv)
    if args.from_json:
        evaluations: list[dict[str, Any]] = []
        for path in args.from_json:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            evaluations += data if isinstance(data, list) else [data]
        print(table(evaluations), file=out)
        return 0
    evaluations = []
    for landlord, farmers in itertools.combinations(args.players, 2):
        deals = args.pimc_deals if "pimc" in (landlord, farmers) else args.deals
        start = time.perf_counter()
        evaluation = evaluate(landlord, farmers, deals, seed=args.seed, threads=args.threads)
        print(f"{landlord} against {farmers}: {deals} deals in "
              f"{time.perf_counter() - start:.0f} s", file=sys.stderr)
        evaluations.append(evaluation.to_dict())
    if args.json:
        Path(args.json).write_text(json.dumps(evaluations, indent=1) + "\n", encoding="utf-8")
    print(table(evaluations), file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
