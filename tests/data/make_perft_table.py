"""Write perft.json: perft counts of seeded positions, computed by the pure-Python reference
(tests/reference_game.py), never by ddz_fast. Takes a few minutes.

    python tests/data/make_perft_table.py
"""

import functools
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import reference  # noqa: E402
from reference_game import Play, deal, perft  # noqa: E402

# (name, setup, depth, distinct_single_wings): a setup is hands with a landlord and a bid, or
# a seed whose first bidder bids 3 at once.
POSITIONS = [
    ("pairs and chains", {"hands": ["33445566", "778899", "TTJJQQ"], "landlord": 0, "bid": 1}, 6, False),
    ("trios and kickers", {"hands": ["3334445", "5556667", "888999B"], "landlord": 1, "bid": 2}, 6, False),
    ("bombs and the rocket", {"hands": ["3333BR4", "55556", "6667"], "landlord": 0, "bid": 3}, 6, False),
    ("planes with wings", {"hands": ["33344455", "666777A2", "8889"], "landlord": 0, "bid": 1}, 5, False),
    ("planes, distinct wings", {"hands": ["33344455", "666777A2", "8889"], "landlord": 0, "bid": 1}, 5, True),
    ("four with two", {"hands": ["444456", "77778899", "TJQKA2"], "landlord": 2, "bid": 1}, 5, False),
    ("endgame", {"hands": ["3456789TJQKA22", "33BR", "44KK"], "landlord": 0, "bid": 3}, 4, False),
] + [(f"deal {seed}", {"seed": seed}, 4 if seed in (1, 42) else 3, False)
      for seed in (1, 2, 3, 42, 2026)] + [
    ("deal 7, distinct wings", {"seed": 7}, 3, True),
]


def parse(text):
    return tuple(text.count(symbol) for symbol in reference.RANKS)


def start(setup):
    """The Play position of a setup."""
    if "seed" in setup:
        hands, kitty, _, position = deal(setup["seed"], 0)
        landlord = position % 3
        hands[landlord] = tuple(h + k for h, k in zip(hands[landlord], kitty))
        return Play(hands, landlord, 3)
    return Play([parse(h) for h in setup["hands"]], setup["landlord"], setup["bid"])


def main():
    leads_of = functools.lru_cache(maxsize=None)(reference.leads)
    table = []
    for name, setup, depth, distinct in POSITIONS:
        counts = [perft(start(setup), d, distinct, leads_of) for d in range(1, depth + 1)]
        print(name, counts, flush=True)
        table.append({"name": name, "setup": setup, "distinct_single_wings": distinct,
                      "perft": counts})
    with open(os.path.join(HERE, "perft.json"), "w") as f:
        json.dump(table, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
