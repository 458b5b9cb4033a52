"""Find the most legal leads any hand can have, by enumerating every hand of 20 cards.

Leads are monotone in the hand (a combination of a hand is one of every larger hand), so
the maximum over all hands of at most 20 cards is reached by a 20-card hand: checking the
153,009,740 rank-count vectors of 20 cards is exhaustive. The default rules admit every
combination the other rule sets admit, so they give the bound. The result sizes the kernels'
buffers (MAX_MOVES in ddz_fast/_types.pxd).

    python bench/max_moves.py [--processes 2]
"""

import argparse
import itertools
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import ddz_fast

PREFIX_RANKS = 7  # ranks 3..9 enumerated in Python, the other 8 ranks vectorised


def vectors(limits):
    """Every count vector within `limits`, as an array, with the row sums."""
    rows = np.array(list(itertools.product(*(range(c + 1) for c in limits))), dtype=np.uint8)
    return rows, rows.sum(axis=1, dtype=np.int64)


def scan(prefix_sum):
    """(hands, max moves, argmax hand, total moves) over the 20-card hands with this prefix sum."""
    prefixes, prefix_sums = vectors([4] * PREFIX_RANKS)
    suffixes, suffix_sums = vectors([4] * (13 - PREFIX_RANKS) + [1, 1])
    prefixes = prefixes[prefix_sums == prefix_sum]
    suffixes = suffixes[suffix_sums == 20 - prefix_sum]
    best, best_hand, total, hands = -1, None, 0, 0
    block = max(1, 400_000 // max(1, len(suffixes)))
    for start in range(0, len(prefixes), block):
        head = prefixes[start:start + block]
        rows = np.concatenate(
            [np.repeat(head, len(suffixes), axis=0), np.tile(suffixes, (len(head), 1))], axis=1)
        counts = ddz_fast.legal_move_counts(rows)
        i = int(np.argmax(counts))
        if counts[i] > best:
            best, best_hand = int(counts[i]), ddz_fast.Hand(rows[i])
        total += int(counts.sum())
        hands += len(rows)
    return hands, best, best_hand, total


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    with ProcessPoolExecutor(args.processes) as pool:
        results = list(pool.map(scan, range(0, min(20, 4 * PREFIX_RANKS) + 1)))
    hands = sum(r[0] for r in results)
    best = max((r for r in results if r[2] is not None), key=lambda r: r[1])
    moves = sum(r[3] for r in results)
    elapsed = time.perf_counter() - start
    print(f"20-card hands: {hands:,}  mean leads: {moves / hands:.1f}  "
          f"max leads: {best[1]} for {best[2]!r}  ({elapsed:.0f} s)")
    led = ddz_fast.legal_moves(best[2])
    by_kind = {}
    for move in led:
        by_kind[move.kind] = by_kind.get(move.kind, 0) + 1
    print("by kind:", ", ".join(f"{k}={v}" for k, v in by_kind.items()))


if __name__ == "__main__":
    main()
