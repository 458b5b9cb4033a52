"""reference_leads.json: the pure-Python reference's leads (reference.py, never ddz_fast) of 2,000
seeded hands, under every preset. The reference enumerates every sub-multiset of a hand, which
takes minutes for these hands, so the table keeps only, per hand and rule set, the number of
leads and a digest of them. The hands, the digest and the columns, for
data/make_reference_table.py (which writes the table) and the tests (which read it).
"""

import hashlib
import json
import os
import random

from . import reference

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "reference_leads.json")
SEEDS = [(seed, 17) for seed in range(1000)] + [(seed, 20) for seed in range(1000, 2000)]
RULE_SETS = tuple(reference.PRESETS)
COLUMNS = ["seed", "size", "hand"] + [f"{rules} {what}" for rules in RULE_SETS
                                       for what in ("leads", "digest")]
DECK = [r for r in range(13) for _ in range(4)] + [13, 14]


def deal(seed, size):
    """Rank counts of `size` cards dealt from a shuffled deck (as tests/helpers.py deals;
    tests/cards_moves/test_reference_diff.py checks that the two agree on every hand of the
    table)."""
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


def load():
    """The table's rows, as written."""
    with open(PATH) as f:
        table = json.load(f)
    assert table["columns"] == COLUMNS
    return table["hands"]
