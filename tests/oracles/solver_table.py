"""reference_solutions.json: open-hand verdicts of the brute-force minimax
(reference_solver.py, never ddz_fast) on seeded positions, for tests/search/test_solver.py.

Positions: two seats (landlord and one farmer) from 1 v 1 to 12 v 12 cards and three seats up to
7/6/6, with the landlord's seat, the seat to move and the move to beat (and who played it) drawn
at random, under every preset's legality switches; the win objective on all of them and the score
objective on smaller ones (bids, bombs and plays before the position, each scoring, the spring
doubling on or off). The minimax takes up to a minute on a 12 v 12 position, so its answers are
stored (data/make_solver_table.py writes them).

A row: seed, objective, rules (a preset of reference.PRESETS), hands (text per seat), landlord,
to_move, trick ("kind length main CARDS" or null) and last_mover, bid, bombs, plays, scoring,
spring, then the answer: value ("landlord"/"farmers", or the landlord's score) and moves (the
side to move's winning or optimal moves, sorted, "pass" for a pass).
"""

import json
import os
import random

from . import reference, reference_solver

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "reference_solutions.json")
DECK = [r for r in range(13) for _ in range(4)] + [13, 14]
SCORINGS = ("points", "win", "wp", "adp", "logadp")
# (objective, seats, largest hand sizes, how many, shaped): the minimax's time grows fast with
# the cards. Shaped hands hold trios (a plane or a quad at times) beside lone cards and pairs:
# moves with kickers, where the solver's equivalence technique leaves moves out.
PLAN = [
    ("win", 2, (10, 10), 220, False),
    ("win", 2, (12, 12), 16, False),
    ("win", 3, (7, 6, 6), 180, False),
    ("score", 2, (7, 7), 70, False),
    ("score", 3, (5, 4, 4), 70, False),
    ("win", 2, (10, 10), 120, True),
    ("win", 3, (7, 6, 6), 80, True),
    ("score", 2, (8, 8), 40, True),
]


def text(counts):
    return "".join(reference.RANKS[r] * c for r, c in enumerate(counts))


def move_text(move):
    if move is None:
        return "pass"
    kind, length, main, cards = move
    return f"{kind} {length} {main} {text(cards)}"


def counts(cards):
    return tuple(cards.count(r) for r in range(15))


def shaped_deck(rng, sizes):
    """The deck reordered so that each hand's slice (sizes, in order) starts with a trio or
    two (consecutive at times, or a quad), the rest of it random."""
    rest = DECK[:]
    rng.shuffle(rest)
    deck = []
    for size in sizes:
        hand = []
        for _ in range(rng.randint(1, 2)):
            rank = rng.randrange(13)
            if hand and rng.random() < 0.5:
                rank = min(hand[-1] + 1, 11)       # a plane, where it fits
            take = 4 if rng.random() < 0.2 else 3
            if len(hand) + take <= size and rest.count(rank) >= take:
                for _ in range(take):
                    rest.remove(rank)
                hand += [rank] * take
        deck += hand + rest[:size - len(hand)]
        rest = rest[size - len(hand):]
    return deck + rest


def position(seed, objective, seats, largest, full, shaped=False):
    """A random position: hand sizes up to `largest` (exactly when `full`), a random landlord
    and seat to move, and in about half of them a move to beat, played by a seat that is not to
    move from cards dealt beside the hands."""
    rng = random.Random(seed)
    rules = rng.choice(list(reference.PRESETS))
    deck = DECK[:]
    rng.shuffle(deck)
    sizes = [k if full else rng.randint(1, k) for k in largest]
    if shaped:
        deck = shaped_deck(rng, sizes)
    landlord = rng.randrange(seats)
    order = [(landlord + i) % seats for i in range(seats)]    # the landlord gets the first size
    hands = [None] * seats
    start = 0
    for seat, size in zip(order, sizes):
        hands[seat] = counts(deck[start:start + size])
        start += size
    to_move = rng.randrange(seats)
    trick = last_mover = None
    if rng.random() < 0.5:
        last_mover = (to_move - rng.randint(1, seats - 1)) % seats
        played_from = counts(deck[start:start + rng.randint(1, 8)])
        trick = rng.choice(sorted(reference.leads(played_from, **reference.PRESETS[rules])))
    row = {"seed": seed, "objective": objective, "rules": rules,
           "hands": [text(h) for h in hands], "landlord": landlord, "to_move": to_move,
           "trick": None if trick is None else move_text(trick), "last_mover": last_mover,
           "bid": 1, "bombs": 0, "plays": [0] * seats, "scoring": "points", "spring": True}
    if last_mover is not None:
        row["plays"][last_mover] = 1
    if objective == "score":
        row["bid"] = rng.randint(1, 3)
        row["bombs"] = rng.choice([0, 0, 1, 2])
        row["plays"] = [p + rng.choice([0, 0, 1, 2]) for p in row["plays"]]
        row["bombs"] = min(row["bombs"], sum(row["plays"]))     # bombs are plays
        row["scoring"] = rng.choice(SCORINGS)
        row["spring"] = rng.random() < 0.7
    if trick is not None and trick[0] in ("bomb", "rocket"):
        row["bombs"] = max(row["bombs"], 1)     # the move to beat is one of them
    return row


def parse_move(move):
    if move is None:
        return None
    kind, length, main, cards = move.split()
    return kind, int(length), int(main), reference.parse(cards)


def answer(row):
    """The minimax's value and moves for a row's position."""
    value, moves = reference_solver.solve(
        [reference.parse(h) for h in row["hands"]], row["landlord"], row["to_move"],
        parse_move(row["trick"]), row["last_mover"], objective=row["objective"], bid=row["bid"],
        bombs=row["bombs"], plays=row["plays"], scoring=row["scoring"], spring=row["spring"],
        **reference.PRESETS[row["rules"]])
    return value, sorted(move_text(m) for m in moves)


def rows():
    seed = 0
    out = []
    for objective, seats, largest, how_many, shaped in PLAN:
        full = max(largest) >= 11          # the largest sizes exactly: the hardest cases
        for _ in range(how_many):
            out.append(position(seed, objective, seats, largest, full, shaped))
            seed += 1
    return out


def load():
    with open(PATH) as f:
        return json.load(f)
