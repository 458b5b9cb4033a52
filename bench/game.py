"""Game speed of ddz_fast: random games through the Python API, native push/undo, copy()
(the suite: ``ddz-fast bench``).

    python bench/game.py [--games 3000] [--repeat 5] [--seed 0]
"""

import argparse
import statistics

import ddz_fast
from ddz_fast.tools import timing
from ddz_fast.tools.bench.games import (
    copy_seconds, decision_rate, mid_game_positions, push_undo_seconds,
)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"ddz_fast {ddz_fast.__version__} on {timing.machine()}; medians of {args.repeat} runs")
    runs = [decision_rate(args.games, args.seed + i) for i in range(args.repeat)]
    seconds, per_second, per_game = (statistics.median(r[i] for r in runs) for i in range(3))
    print(f"random games via the Python API: {seconds * 1e9:.0f} ns/decision, "
          f"{per_second:,.0f} games/s, {per_game:.1f} decisions/game")
    games = mid_game_positions(args.games, args.seed)
    history = statistics.mean(len(g.history) for g in games)
    print(f"native push + undo: "
          f"{statistics.median(push_undo_seconds(games[:300], args.repeat)) * 1e9:.1f} ns/pair")
    copy_ns = [statistics.median(copy_seconds(games, args.repeat, stack=stack)) / len(games) * 1e9
               for stack in (True, False)]
    print(f"copy(): {copy_ns[0]:.0f} ns (history of {history:.0f} actions on average); "
          f"copy(stack=False): {copy_ns[1]:.0f} ns")


if __name__ == "__main__":
    main()
