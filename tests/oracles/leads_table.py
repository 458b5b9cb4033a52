"""Tables of the pure-Python reference's leads (reference.py, never ddz_fast): per seeded hand
and rule set, the number of leads and a digest of them. The reference enumerates every
sub-multiset of a hand, which takes minutes for thousands of hands, so the tables keep only
those two figures. Two tables:

- PRESETS_TABLE (reference_leads.json): 2,000 dealt hands of 17 and 20 cards, every preset.
- SHUTTLES_TABLE (shuttle_leads.json): 2,000 hands of 8 to 20 cards holding a run of two to
  four quads (RULES.md 9), under each shuttle wing switch.

The hands, the digest and the columns, for data/make_reference_table.py (which writes the
tables) and the tests (which read them).
"""

import hashlib
import json
import os
import random

from . import reference

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
DECK = [r for r in range(13) for _ in range(4)] + [13, 14]


def deal(seed, size):
    """Rank counts of `size` cards dealt from a shuffled deck (as tests/helpers.py deals;
    tests/cards_moves/test_reference_diff.py checks that the two agree on every hand of the
    table)."""
    cards = random.Random(seed).sample(DECK, size)
    return tuple(cards.count(r) for r in range(15))


def deal_with_quads(seed, size):
    """Rank counts of `size` cards (8 or more) holding a run of two to four quads in 3..A (as
    many as fit), the other cards dealt from the rest of the deck."""
    rng = random.Random(seed)
    quads = rng.randint(2, min(4, size // 4))
    low = rng.randrange(0, 12 - quads + 1)
    run = range(low, low + quads)
    cards = [r for r in run for _ in range(4)]
    cards += rng.sample([r for r in DECK if r not in run], size - len(cards))
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


class LeadTable:
    """The hands (`dealer(seed, size)` for each of `seeds`), the rule sets (name -> the
    reference's switches) and `loosest`, switches under which every rule set's readings are
    readings, so that one enumeration of a hand serves them all."""

    def __init__(self, file, seeds, dealer, rule_sets, loosest):
        self.path = os.path.join(DATA, file)
        self.seeds = seeds
        self.dealer = dealer
        self.rule_sets = rule_sets
        self.loosest = loosest
        self.columns = ["seed", "size", "hand"] + [f"{rules} {what}" for rules in rule_sets
                                                   for what in ("leads", "digest")]

    def hands(self):
        return [self.dealer(seed, size) for seed, size in self.seeds]

    def lead_sets(self, hand):
        """The reference leads of `hand` under each rule set, by name."""
        loosest = reference.leads(hand, **self.loosest)
        return {name: reference.within(loosest, **switches)
                for name, switches in self.rule_sets.items()}

    def row(self, seed_size):
        """A line of the table: seed, size, hand, then the number of leads and their digest
        under each rule set."""
        hand = self.dealer(*seed_size)
        sets = self.lead_sets(hand)
        line = [*seed_size, hand_text(hand)]
        for rules in self.rule_sets:
            line += [len(sets[rules]), lead_digest(sets[rules])]
        return line

    def load(self):
        """The table's rows, as written."""
        with open(self.path) as f:
            table = json.load(f)
        assert table["columns"] == self.columns
        return table["hands"]


def shuttle_rules(wings, **switches):
    return {**switches, "shuttle": "ordinary", "shuttle_wings": wings}


PRESETS_TABLE = LeadTable(
    "reference_leads.json",
    [(seed, 17) for seed in range(1000)] + [(seed, 20) for seed in range(1000, 2000)],
    deal, reference.PRESETS, reference.LOOSEST)
# Where a shuttle stands (ordinary or super-bomb) changes no lead, only the answers.
SHUTTLES_TABLE = LeadTable(
    "shuttle_leads.json", [(seed, 8 + seed % 13) for seed in range(2000)], deal_with_quads,
    {"shuttle_none": shuttle_rules("none"), "shuttle_one": shuttle_rules("one"),
     "shuttle_two": shuttle_rules("two"),
     "shuttle_two_douzero": shuttle_rules("two", **reference.PRESETS["douzero"])},
    reference.ANY_RULES)
TABLES = {"presets": PRESETS_TABLE, "shuttles": SHUTTLES_TABLE}

# The presets table under the names the tests of the presets use.
PATH = PRESETS_TABLE.path
SEEDS = PRESETS_TABLE.seeds
RULE_SETS = tuple(PRESETS_TABLE.rule_sets)
COLUMNS = PRESETS_TABLE.columns
lead_sets = PRESETS_TABLE.lead_sets
load = PRESETS_TABLE.load
