"""Move generation speed of ddz_fast on seeded random hands (the suite: ``ddz-fast bench``).

For 20- and 17-card hands: ns per hand, hands/s and moves/s for lead and response enumeration,
through the batch API (chunks of 4,096 hands per call) and through single legal_moves calls.
A response position is a hand answering a random lead of another hand. Medians of --repeat
passes over the same positions.

    python bench/movegen.py [--hands 20000] [--repeat 7] [--seed 0]
"""

import argparse

import ddz_fast
from ddz_fast.tools import positions, timing
from ddz_fast.tools.bench.movegen import batch_rate, single_rate


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000, help="positions per hand size")
    parser.add_argument("--repeat", type=int, default=7, help="timed passes; the median is shown")
    parser.add_argument("--chunk", type=int, default=4096, help="hands per batch call")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"ddz_fast {ddz_fast.__version__} on {timing.machine()}; {args.hands} positions per "
          f"row, median of {args.repeat} passes")
    print(f"{'cards':>5} {'what':<9} {'path':<14} {'ns/position':>11} {'positions/s':>12} "
          f"{'moves/s':>10} {'moves/pos':>9}")
    for size in (20, 17):
        hands = positions.random_hands(args.hands, size, args.seed + size)
        prevs = positions.random_prevs(hands, args.seed + size)
        for what, p in (("leads", None), ("responses", prevs)):
            for path, rate in (("batch", batch_rate(hands, p, args.repeat, args.chunk)),
                               ("legal_moves()", single_rate(hands, p, args.repeat))):
                print(f"{size:>5} {what:<9} {path:<14} {rate.ns:>11.1f} {1 / rate.seconds / 1e6:>10.2f} M "
                      f"{rate.moves_per_second / 1e6:>8.0f} M {rate.moves_per_item:>9.1f}")


if __name__ == "__main__":
    main()
