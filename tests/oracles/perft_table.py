"""perft.epd: perft counts of seeded positions, computed by the pure-Python reference
(reference_game.py), never by ddz_fast. One position a line, as in chess's EPD perft suites: the
position text (README, "Positions"), then `;D1 n ;D2 n ...` and the name. The positions and the
line format, for data/make_perft_table.py (which writes the table) and the tests (which read it).
"""

import os

from . import reference
from .reference_game import Play, deal

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "perft.epd")

RANKS = reference.RANKS
DECK = (4,) * 13 + (1, 1)

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


def text_of(counts):
    return "".join(RANKS[r] * c for r, c in enumerate(counts)) or "-"


def start(setup):
    """The Play position of a setup."""
    if "seed" in setup:
        hands, kitty, _, position = deal(setup["seed"], 0)
        landlord = position % 3
        hands[landlord] = tuple(h + k for h, k in zip(hands[landlord], kitty))
        return Play(hands, landlord, 3)
    return Play([reference.parse(h) for h in setup["hands"]], setup["landlord"], setup["bid"])


def position_text(play, distinct):
    """The position text of a Play at the start of the play phase: the landlord leads."""
    words = ["play", "/".join(text_of(h) for h in play.hands), str(play.landlord),
             f"landlord={play.landlord}", f"bid={play.bid}"]
    out = [DECK[r] - sum(h[r] for h in play.hands) for r in range(15)]
    if any(out):
        words.append(f"out={text_of(out)}")
    if distinct:
        words.append("rules=strict")
    return " ".join(words)


def read(line):
    """(position text, distinct wings, [perft(1), perft(2), ...], name) of a line."""
    text, *fields = [part.strip() for part in line.split(";")]
    counts = [int(f.split()[1]) for f in fields if f.startswith("D")]
    name = next(f for f in fields if f.startswith("id "))[4:-1]
    return text, "rules=strict" in text, counts, name


def play_of(text):
    """The reference's Play of a position text written by position_text."""
    words = text.split()
    fields = dict(word.split("=", 1) for word in words[3:])
    hands = [reference.parse("" if h == "-" else h) for h in words[1].split("/")]
    return Play(hands, int(fields["landlord"]), int(fields["bid"]))

