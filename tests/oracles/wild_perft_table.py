"""wild_perft.epd: perft counts of wild-card positions (RULES.md 10), computed by the pure-Python
reference's game loop (reference_wild_game.py), never by ddz_fast; the line format of
perft_table.py. The positions, for data/make_wild_perft_table.py (which writes the table) and the
tests (which read it)."""

import os

from . import reference
from .perft_table import DECK, text_of
from .reference_game import deal
from .reference_wild_game import WildPlay, deal_wild_ranks

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "wild_perft.epd")
WILDS = {1: "one", 2: "two"}

# (name, setup, depth, rules): a setup is hands with a landlord, a bid and wild ranks (rank
# symbols), or a seed whose first bidder bids 3 at once under one or two wild ranks (the
# deal's own, reference_wild_game.deal_wild_ranks); rules, the Rules fields besides wilds.
POSITIONS = [
    ("one wild, chains", {"hands": ["3456799", "789TJ", "QKA22"], "landlord": 0, "bid": 1,
                          "wilds": "9"}, 7, {}),
    ("soft, hard and pure bombs", {"hands": ["44477", "5557B", "3333R"], "landlord": 0,
                                   "bid": 2, "wilds": "7"}, 8, {}),
    ("pure above the rocket", {"hands": ["7777A", "4445BR", "6666K"], "landlord": 1, "bid": 1,
                               "wilds": "7"}, 8, {"bomb_order": "pure_top"}),
    ("two wild ranks", {"hands": ["3399TT", "45669", "JQQ3B"], "landlord": 2, "bid": 3,
                        "wilds": "39"}, 7, {}),
    ("wild 2s, kickers", {"hands": ["333422", "8889TT", "JJJQ2"], "landlord": 0, "bid": 1,
                          "wilds": "2"}, 7, {}),
    ("endgame", {"hands": ["345678", "55"], "landlord": 0, "bid": 1, "wilds": "5"}, 8, {}),
    ("long bombs", {"hands": ["333799K", "44447", "9BR"], "landlord": 0, "bid": 1,
                    "wilds": "97"}, 7, {"long_bombs": True}),
    ("long bombs, pure_top", {"hands": ["555699", "3333BR", "7799"], "landlord": 1, "bid": 2,
                              "wilds": "79"}, 7, {"long_bombs": True, "bomb_order": "pure_top"}),
] + [(f"deal {seed}, {WILDS[n]}", {"seed": seed, "n": n}, 2, {})
     for seed, n in ((1, 1), (2, 2), (42, 1))] + [
    ("deal 5, two, long bombs", {"seed": 5, "n": 2}, 2, {"long_bombs": True})]

SYMBOLS = reference.RANKS


def start(setup, rules):
    """The WildPlay of a setup under `rules` (bomb_order, long_bombs)."""
    order = rules.get("bomb_order", "rocket_top")
    switches = {"long_bombs": True} if rules.get("long_bombs") else {}
    if "seed" in setup:
        hands, kitty, _, position = deal(setup["seed"], 0)
        landlord = position % 3
        hands[landlord] = tuple(h + k for h, k in zip(hands[landlord], kitty))
        wilds = deal_wild_ranks(setup["seed"], 0, setup["n"])
        return WildPlay(hands, landlord, 3, wilds, bomb_order=order, switches=switches)
    wilds = tuple(SYMBOLS.index(symbol) for symbol in setup["wilds"])
    return WildPlay([reference.parse(h) for h in setup["hands"]], setup["landlord"],
                    setup["bid"], wilds, bomb_order=order, switches=switches)


def position_text(play):
    """The position text of a WildPlay at the start of the play phase: the landlord leads."""
    words = ["play", "/".join(text_of(h) for h in play.hands), str(play.landlord),
             f"landlord={play.landlord}", f"bid={play.bid}"]
    out = [DECK[r] - sum(h[r] for h in play.hands) for r in range(15)]
    if any(out):
        words.append(f"out={text_of(out)}")
    words.append("wilds=" + "".join(SYMBOLS[w] for w in play.wild_ranks))
    rules = [f"wilds:{WILDS[len(play.wild_ranks)]}"]
    if play.bomb_order != "rocket_top":
        rules.append(f"bomb_order:{play.bomb_order}")
    if dict(play.switches).get("long_bombs"):
        rules.append("long_bombs:true")
    words.append("rules=" + ",".join(rules))
    return " ".join(words)


def play_of(text):
    """The reference's WildPlay of a position text written by position_text."""
    words = text.split()
    fields = dict(word.split("=", 1) for word in words[3:])
    rules = dict(item.split(":") for item in fields["rules"].split(","))
    hands = [reference.parse("" if h == "-" else h) for h in words[1].split("/")]
    wilds = tuple(SYMBOLS.index(symbol) for symbol in fields["wilds"])
    return WildPlay(hands, int(fields["landlord"]), int(fields["bid"]), wilds,
                    bomb_order=rules.get("bomb_order", "rocket_top"),
                    switches={"long_bombs": True} if rules.get("long_bombs") == "true" else {})
