"""four_perft.epd: perft counts of four-player positions (RULES.md 11), computed by the
pure-Python reference's game loop (reference_four_game.py), never by ddz_fast; the line format
of perft_table.py, a position written as its deal (there is no four-player position text yet):
``four seed=S rules=NAME:VALUE,...``, the first bidder bidding 3 at once. The positions, for
data/make_four_perft_table.py (which writes the table) and the tests (which read it)."""

import os

from .reference_four_game import Play, deal

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "four_perft.epd")

# (name, seed, depth, switches, sides): the two sources' games and each switch turned.
POSITIONS = [
    ("deal 1, 1 v 3, pairs", 1, 5, {"attachments": "pairs"}, "1v3"),
    ("deal 2, 2 v 2, plane_pairs", 2, 5, {"attachments": "plane_pairs"}, "2v2"),
    ("deal 3, tiers, no joker pairs", 3, 4,
     {"attachments": "pairs", "bomb_ranking": "tiers", "joker_pairs": "none"}, "2v2"),
    ("deal 42, any kickers", 42, 3, {"attachments": "any"}, "1v3"),
    ("deal 2026, distinct wings", 2026, 3,
     {"attachments": "any", "distinct_single_wings": True, "rocket_kickers": True}, "1v3"),
]


def start(seed, switches, sides):
    """The Play of a seed's deal when its first bidder (the marked card's holder) bids 3."""
    hands, kitty, _, mark = deal(seed, 0)
    landlord = mark % 4
    hands[landlord] = tuple(h + k for h, k in zip(hands[landlord], kitty))
    return Play(hands, landlord, 3, sides, switches.get("bomb_ranking", "size"))


def position_text(seed, switches, sides):
    fields = {"sides": sides, **switches}
    return f"four seed={seed} rules=" + ",".join(f"{k}:{v}" for k, v in fields.items())


def read(line):
    """(seed, Rules fields, [perft(1), perft(2), ...], name) of a line."""
    text, *parts = [part.strip() for part in line.split(";")]
    words = dict(word.split("=", 1) for word in text.split()[1:])
    fields = {}
    for item in words["rules"].split(","):
        name, value = item.split(":")
        fields[name] = {"True": True, "False": False}.get(value, value)
    counts = [int(p.split()[1]) for p in parts if p.startswith("D")]
    name = next(p for p in parts if p.startswith("id "))[4:-1]
    return int(words["seed"]), fields, counts, name
