"""Find the most legal leads any hand can have under each preset: enumerate every 20-card hand.

Leads are monotone in the hand (whether cards form a combination depends on those cards
alone, so a combination of a hand is one of every larger hand): the maximum over all hands of
at most 20 cards is reached by a 20-card hand, and checking the 153,009,740 rank-count vectors
of 20 cards is exhaustive. Each preset is scanned, since a switch may admit combinations the
others do not; every maximum must fit the kernels' buffers (MAX_MOVES, in
ddz_fast/_core/typedefs.pxd), else the script fails. tests/helpers.py records each maximum.
The shuttles (RULES.md 9) are scanned under the loosest rules with each wing switch: every
switch that admits more combinations on, so that any rule set with shuttles has at most as
many leads as one of these two (and where a shuttle stands changes no lead).

Wild cards (RULES.md 10) multiply the moves (every choice of which cards wild cards play is
a move) beyond what an enumeration of every hand and wild rank can cover; `--wilds one|two`
runs a randomised adversarial search instead (hill climbing from random hands that hold every
wild card, one card swapped at a time, restarted for `--seconds`) and reports the most leads
found; `--long-bombs` adds bombs of 5 to 12 cards. The wild generator grows its buffer until
the moves fit, so no buffer depends on it.

Four players on two decks (RULES.md 11) hold 33 cards of up to eight a rank: far too many
hands to enumerate. `--players 4` climbs instead (from random 33-card hands, to the best of
all its one-card swaps, counted in one batch call, until none is better; restarted for
`--seconds`), under the switch `--attachments` (the kinds with kickers: "any" makes the most).
The generator grows its buffer too. A bound by counting, for the record (each kind's most
main parts times its most kicker choices, ignoring that they compete for 33 cards): 15
singles, 15 pairs, 13 trios, 13 bombs, 52 long bombs, the rocket; 182 trios with a single and
182 with a pair (13 x 14); 36 straights, 55 pair chains and 65 planes (windows of 3..A); planes
with pairs, 5L <= 33 cards: (13 - L) windows x C(15 - L, L) sets of pair ranks, 8,632 for L = 2
to 6; planes with singles, 4L <= 33: (13 - L) x C(14, L) multisets of L singles of the other
ranks, 86,294 for L = 2 to 8. At most 95,555 leads under any switches.

    python bench/max_moves.py [--rules NAME ...] [--processes 2]
    python bench/max_moves.py --wilds one|two [--long-bombs] [--seconds 60] [--seed 1]
    python bench/max_moves.py --players 4 [--attachments any|pairs|plane_pairs] [--seconds 60]
"""

import argparse
import functools
import itertools
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import ddz_fast
from ddz_fast._rules import MAX_MOVES

PREFIX_RANKS = 7  # ranks 3..9 enumerated in Python, the other 8 ranks vectorised


def vectors(limits):
    """Every count vector within `limits`, as an array, with the row sums."""
    rows = np.array(list(itertools.product(*(range(c + 1) for c in limits))), dtype=np.uint8)
    return rows, rows.sum(axis=1, dtype=np.int64)


def scan(prefix_sum, rules):
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
        counts = ddz_fast.legal_move_counts(rows, rules=rules)
        i = int(np.argmax(counts))
        if counts[i] > best:
            best, best_hand = int(counts[i]), ddz_fast.Hand(rows[i])
        total += int(counts.sum())
        hands += len(rows)
    return hands, best, best_hand, total


def report(name, rules, pool):
    """Scan every 20-card hand under `rules`, print the figures; the most leads."""
    start = time.perf_counter()
    results = list(pool.map(functools.partial(scan, rules=rules),
                            range(0, min(20, 4 * PREFIX_RANKS) + 1)))
    hands = sum(r[0] for r in results)
    best = max((r for r in results if r[2] is not None), key=lambda r: r[1])
    moves = sum(r[3] for r in results)
    elapsed = time.perf_counter() - start
    print(f"{name}: 20-card hands: {hands:,}  mean leads: {moves / hands:.1f}  "
          f"max leads: {best[1]} for {best[2]!r}  ({elapsed:.0f} s)")
    by_kind = {}
    for move in ddz_fast.legal_moves(best[2], rules=rules):
        by_kind[move.kind] = by_kind.get(move.kind, 0) + 1
    print("  by kind:", ", ".join(f"{k}={v}" for k, v in by_kind.items()))
    return best[1]


LOOSEST = ddz_fast.Rules(distinct_four_two_singles=False, rocket_kickers=True)
# (the presets with wild cards have no bound: --wilds searches them; --players 4 the
# four-player presets' 33-card hands)
SCANS = {**{name: rules for name, rules in ddz_fast.Rules.presets().items()
            if rules.wilds == "none" and rules.players == 3},
         **{f"shuttle_{wings}": LOOSEST.replace(shuttle="ordinary", shuttle_wings=wings)
            for wings in ("one", "two")}}


DECK = np.repeat(np.arange(15), [4] * 13 + [1, 1])


def wild_search(rules, seconds, seed, steps=300):
    """The 20-card hand with the most leads found under wild-card `rules` in `seconds`:
    (leads, hand, wild ranks)."""
    wilds = rules.wilds
    rng = np.random.default_rng(seed)
    n_wild = 1 if wilds == "one" else 2
    best = (0, None, None)
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        wild_ranks = tuple(int(r) for r in rng.choice(13, n_wild, replace=False))
        hand = np.zeros(15, dtype=np.uint8)
        hand[list(wild_ranks)] = 4
        while hand.sum() < 20:
            rank = int(rng.choice(DECK))
            hand[rank] += hand[rank] < (4 if rank < 13 else 1)
        leads = len(ddz_fast.legal_moves(hand, rules=rules, wild_ranks=wild_ranks))
        for _ in range(steps):
            swapped = hand.copy()
            swapped[rng.choice(np.flatnonzero(swapped))] -= 1
            room = np.flatnonzero(swapped < np.bincount(DECK, minlength=15))
            swapped[rng.choice(room)] += 1
            count = len(ddz_fast.legal_moves(swapped, rules=rules, wild_ranks=wild_ranks))
            if count >= leads:
                hand, leads = swapped, count
        if leads > best[0]:
            best = (leads, ddz_fast.Hand(hand), wild_ranks)
    return best


TWO_DECKS = np.repeat(np.arange(15), [8] * 13 + [2, 2])
TWO_DECK_LIMITS = np.bincount(TWO_DECKS, minlength=15)


def two_deck_search(rules, seconds, seed):
    """The 33-card hand with the most leads found under four-player `rules` in `seconds`:
    (leads, rank counts)."""
    rng = np.random.default_rng(seed)
    best = (0, None)
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        hand = np.bincount(rng.choice(TWO_DECKS, 33, replace=False), minlength=15).astype(np.uint8)
        leads = int(ddz_fast.legal_move_counts(hand[None], rules=rules)[0])
        while True:
            swaps = [(a, b) for a in np.flatnonzero(hand) for b in range(15)
                     if b != a and hand[b] < TWO_DECK_LIMITS[b]]
            rows = np.repeat(hand[None], len(swaps), axis=0)
            for row, (a, b) in zip(rows, swaps):
                row[a] -= 1
                row[b] += 1
            counts = ddz_fast.legal_move_counts(rows, rules=rules)
            i = int(np.argmax(counts))
            if counts[i] <= leads:
                break
            hand, leads = rows[i], int(counts[i])
        if leads > best[0]:
            best = (leads, hand.copy())
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", action="append", choices=tuple(SCANS),
                        help="a preset (or shuttle_one, shuttle_two: the loosest rules with "
                             "shuttles) to scan; repeat for several (default: all of them)")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--wilds", choices=("one", "two"),
                        help="search for the hand with the most leads under wild-card rules")
    parser.add_argument("--long-bombs", action="store_true",
                        help="with --wilds: bombs of 5 to 12 cards too (Rules(long_bombs=True))")
    parser.add_argument("--players", type=int, choices=(3, 4), default=3,
                        help="4: search the 33-card hands of two decks (RULES.md 11)")
    parser.add_argument("--attachments", choices=("any", "pairs", "plane_pairs"), default="any",
                        help="with --players 4: the kinds with kickers")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.players == 4:
        start = time.perf_counter()
        rules = ddz_fast.Rules(players=4, four_with_two=False, attachments=args.attachments)
        leads, counts = two_deck_search(rules, args.seconds, args.seed)
        text = "".join("3456789TJQKA2BR"[r] * int(c) for r, c in enumerate(counts))
        print(f"{rules!r}: the most leads found: {leads} for {text} "
              f"({time.perf_counter() - start:.0f} s, seed {args.seed})")
        return
    if args.wilds:
        start = time.perf_counter()
        rules = ddz_fast.Rules(wilds=args.wilds, long_bombs=args.long_bombs)
        leads, hand, wild_ranks = wild_search(rules, args.seconds, args.seed)
        symbols = "".join("3456789TJQKA2"[r] for r in wild_ranks)
        print(f"{rules!r}: the most leads found: {leads} for {hand!r} with {symbols} wild "
              f"({time.perf_counter() - start:.0f} s, seed {args.seed})")
        return
    with ProcessPoolExecutor(args.processes) as pool:
        most = {name: report(name, SCANS[name], pool) for name in args.rules or SCANS}
    over = {name: n for name, n in most.items() if n > MAX_MOVES}
    if over:
        sys.exit(f"more leads than MAX_MOVES = {MAX_MOVES}: {over}")
    print(f"every rule set scanned stays within MAX_MOVES = {MAX_MOVES}")


if __name__ == "__main__":
    main()
