"""Move generation speed of ddz_fast on seeded random deals.

For 20- and 17-card hands: ns per hand, hands/s and moves/s for lead and response enumeration,
through the batch API (chunks of --chunk hands per call) and through single legal_moves calls.
Each figure is the median of --repeat timed passes over the same positions. A response
position is a hand answering a lead drawn at random from another hand's leads.

    python bench/movegen.py [--hands 20000] [--repeat 7] [--seed 0]
"""

import argparse
import platform
import statistics
import time

import numpy as np

import ddz_fast

DECK = np.repeat(np.arange(15), [4] * 13 + [1, 1])


def deal(rng, n, size):
    """n hands of `size` cards, each dealt from its own shuffled deck, as (n, 15) counts."""
    hands = np.zeros((n, 15), dtype=np.uint8)
    for i in range(n):
        np.add.at(hands[i], DECK[rng.permutation(54)[:size]], 1)
    return hands


def answer_positions(rng, hands):
    """For each hand, a previous move: a random lead of the next hand."""
    offsets, leads = ddz_fast.legal_moves_batch(hands)
    nxt = np.roll(np.arange(len(hands)), -1)
    picks = offsets[nxt] + (rng.random(len(hands)) * np.diff(offsets)[nxt]).astype(np.int64)
    return leads[picks].copy()


def median_time(run, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def batch_runner(hands, prevs, chunk):
    def run():
        for start in range(0, len(hands), chunk):
            ddz_fast.legal_moves_batch(hands[start:start + chunk],
                                       None if prevs is None else prevs[start:start + chunk])
    return run


def single_runner(hands, prevs):
    hand_objects = [ddz_fast.Hand(h) for h in hands]
    prev_objects = None if prevs is None else [
        ddz_fast.Move(ddz_fast.Kind.from_code(p["kind"]), int(p["length"]), int(p["main"]),
                      ddz_fast.Hand.from_packed(int(p["cards"]))) for p in prevs]
    legal_moves = ddz_fast.legal_moves

    def run_leads():
        for hand in hand_objects:
            len(legal_moves(hand))

    def run_answers():
        for hand, prev in zip(hand_objects, prev_objects):
            len(legal_moves(hand, prev))

    return run_leads if prevs is None else run_answers


def measure(hands, prevs, args):
    """Rows of (path, ns per position, positions/s, moves/s)."""
    n = len(hands)
    moves = int(ddz_fast.legal_move_counts(hands, prevs).sum())
    rows = []
    for path, run in (("batch", batch_runner(hands, prevs, args.chunk)),
                      ("legal_moves()", single_runner(hands, prevs))):
        seconds = median_time(run, args.repeat)
        rows.append((path, seconds / n * 1e9, n / seconds, moves / seconds, moves / n))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000, help="positions per hand size")
    parser.add_argument("--repeat", type=int, default=7, help="timed passes; the median is shown")
    parser.add_argument("--chunk", type=int, default=4096, help="hands per batch call")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    print(f"ddz_fast {ddz_fast.__version__} on {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}; {args.hands} positions per row, "
          f"median of {args.repeat} passes")
    print(f"{'cards':>5} {'what':<9} {'path':<14} {'ns/position':>11} {'positions/s':>12} "
          f"{'moves/s':>10} {'moves/pos':>9}")
    rng = np.random.default_rng(args.seed)
    for size in (20, 17):
        hands = deal(rng, args.hands, size)
        prevs = answer_positions(rng, hands)
        for what, p in (("leads", None), ("responses", prevs)):
            for path, ns, per_second, moves_per_second, per_position in measure(hands, p, args):
                print(f"{size:>5} {what:<9} {path:<14} {ns:>11.1f} {per_second / 1e6:>10.2f} M "
                      f"{moves_per_second / 1e6:>8.0f} M {per_position:>9.1f}")


if __name__ == "__main__":
    main()
