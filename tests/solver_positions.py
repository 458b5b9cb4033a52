"""Seeded solver positions for the tests and the bench: random hands, seat to move and trick,
as a ddz_fast Game and as the brute-force reference's arguments."""

import random

import ddz_fast
from helpers import DECK, hand_text, switches_of
from oracles import reference

KIND_NAMES = [str(k) for k in ddz_fast.Kind]


def counts(cards):
    return tuple(cards.count(r) for r in range(15))


def position(seed, sizes, *, rules=None):
    """A play-phase position with hands of `sizes` cards (seat 0 first; two or three seats), a
    random landlord, bid and seat to move, and half the time a trick to beat: a random lead
    from cards its player has played. Returns (Game.from_position fields, with the trick as
    (reference tuple, seat); the brute-force reference's arguments)."""
    rng = random.Random(seed)
    n = len(sizes)
    deck = rng.sample(DECK, len(DECK))
    hands = [counts(deck[sum(sizes[:i]):sum(sizes[:i + 1])]) for i in range(n)]
    rest = deck[sum(sizes):]
    landlord = rng.randrange(n)
    to_move = rng.randrange(n)
    played = [()] * n
    plays = [0] * n
    bombs = 0
    trick = prev = last_mover = None
    switches = switches_of(rules) if rules is not None else {}
    if rng.random() < 0.5:
        last_mover = (to_move - rng.randrange(1, n)) % n
        cards = counts(rest[:rng.randrange(1, 9)])
        prev = rng.choice(sorted(reference.leads(cards, **switches)))
        played[last_mover] = prev[3]
        plays[last_mover] = 1
        bombs = prev[0] in ("bomb", "rocket")
        trick = (prev, last_mover)
    held = [sum(h[r] for h in hands) + sum(p[r] for p in played if p) for r in range(15)]
    out = tuple(DECK.count(r) - held[r] for r in range(15))
    fields = dict(phase="play", hands=tuple(hand_text(h) for h in hands), to_move=to_move,
                  landlord=landlord, bid=rng.randint(1, 3), bombs=int(bombs),
                  played=tuple(hand_text(p) if p else "" for p in played), plays=tuple(plays),
                  trick=trick, out=hand_text(out))
    if rules is not None:
        fields["rules"] = rules
    args = dict(hands=hands, landlord=landlord, to_move=to_move, prev=prev, last_mover=last_mover,
                bid=fields["bid"], bombs=int(bombs), plays=plays, **switches)
    return fields, args


def game_of(fields):
    """The ddz_fast Game of position()'s fields."""
    fields = dict(fields)
    if fields["trick"] is not None:
        (kind, length, main, cards), seat = fields["trick"]
        rules = fields.get("rules")
        fields["trick"] = (ddz_fast.Move(kind, length, main, list(cards), rules=rules), seat)
    return ddz_fast.Game.from_position(**fields)


def as_reference(move):
    """A ddz_fast Move as the reference's tuple (None for a pass)."""
    if move.length == 0:
        return None
    return (str(move.kind), move.length, move.main, tuple(int(c) for c in move.counts))
