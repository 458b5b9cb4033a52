"""Write reference_leads.json: the pure-Python reference's leads (tests/reference.py, never
ddz_fast) of the 2,000 seeded hands of tests/test_reference_diff.py, under every preset.
The reference enumerates every sub-multiset of a hand, which takes minutes for these hands, so
the table keeps only, per hand and rule set, the number of leads and a digest of them.

    python tests/data/make_reference_table.py           # rewrite the table
    python tests/data/make_reference_table.py --check   # recompute it and compare

Either takes about 230 s of CPU, spread over a process per core (about 120 s on 2 idle cores).
"""

import hashlib
import json
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import reference  # noqa: E402

PATH = os.path.join(HERE, "reference_leads.json")
SEEDS = [(seed, 17) for seed in range(1000)] + [(seed, 20) for seed in range(1000, 2000)]
RULE_SETS = tuple(reference.PRESETS)
COLUMNS = ["seed", "size", "hand"] + [f"{rules} {what}" for rules in RULE_SETS
                                       for what in ("leads", "digest")]
DECK = [r for r in range(13) for _ in range(4)] + [13, 14]


def deal(seed, size):
    """Rank counts of `size` cards dealt from a shuffled deck (as tests/helpers.py deals;
    tests/test_reference_diff.py checks that the two agree on every hand of the table)."""
    cards = random.Random(seed).sample(DECK, size)
    return tuple(cards.count(r) for r in range(15))


def hand_text(counts):
    return "".join(reference.RANKS[r] * c for r, c in enumerate(counts))


def lead_digest(moves):
    """The first 32 hex digits of the sha256 of the moves (reference tuples), one per line as
    'kind length main counts' with the 15 rank counts as digits, lines sorted and joined by
    newlines. The same set in any order gives the same digest; a repeated move changes it."""
    lines = sorted(f"{kind} {length} {main} " + "".join(str(c) for c in cards)
                   for kind, length, main, cards in moves)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:32]


def lead_sets(hand):
    """The reference leads of `hand` under each preset, by name (one enumeration of the
    sub-multisets, under reference.LOOSEST)."""
    loosest = reference.leads(hand, **reference.LOOSEST)
    return {name: reference.within(loosest, **switches)
            for name, switches in reference.PRESETS.items()}


def row(seed_size):
    """A line of the table: seed, size, hand, then the number of leads and their digest under
    each rule set."""
    seed, size = seed_size
    hand = deal(seed, size)
    sets = lead_sets(hand)
    line = [seed, size, hand_text(hand)]
    for rules in RULE_SETS:
        line += [len(sets[rules]), lead_digest(sets[rules])]
    return line


def compute():
    with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        return list(pool.map(row, SEEDS, chunksize=8))


def dumps(rows):
    """JSON with one hand per line."""
    return ('{"digest": "sha256 of the sorted lines \'kind length main counts\', 32 hex digits",\n'
            f' "columns": {json.dumps(COLUMNS)},\n'
            ' "hands": [\n  ' + ",\n  ".join(json.dumps(r) for r in rows) + "\n ]}\n")


def load():
    """The table's rows, as written."""
    with open(PATH) as f:
        table = json.load(f)
    assert table["columns"] == COLUMNS
    return table["hands"]


def main():
    if sys.argv[1:] not in ([], ["--check"]):
        sys.exit(__doc__)
    rows = compute()
    assert "ddz_fast" not in sys.modules        # the answers are the reference's alone
    if sys.argv[1:] == ["--check"]:
        differ = [new[0] for new, old in zip(rows, load()) if new != old]
        if differ or len(rows) != len(load()):
            sys.exit(f"{PATH} differs from the reference at seeds {differ[:10]} "
                     f"({len(differ)} hands); rewrite it with {sys.argv[0]}")
        print(f"{PATH} agrees with the reference on all {len(rows)} hands")
        return
    with open(PATH, "w") as f:
        f.write(dumps(rows))
    print(f"wrote {PATH}: {len(rows)} hands")


if __name__ == "__main__":
    main()
