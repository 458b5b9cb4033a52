"""The deals a seat cannot tell apart, listed by brute force: every deal of the unseen cards as
distinct cards (itertools over card indices: no counting formula, no table), collapsed to rank
counts; the exact distribution ddz_fast.sample_deals must draw from. It reads a game's hands,
kitty and played cards (ddz_fast objects, or any with ``counts``) and shares no code with
ddz_fast."""

import itertools
from collections import Counter


def counts(hand):
    return [int(c) for c in hand.counts]


def knowledge(game, seat):
    """What `seat` sees: (known rows, hidden seats, the cards each hidden place must hold,
    the unseen cards, as a list of ranks one card each, and the hidden places' free sizes).
    Places: the other seats (two, one in a two-seat game, three in the four-player game),
    then the kitty while it is unseen."""
    hands = [counts(h) for h in game.hands]
    played = [counts(h) for h in game.cards_played]
    kitty = counts(game.kitty)
    hidden = [s for s in range(len(hands)) if s != seat]
    kitty_hidden = game.landlord is None
    forced = {s: [0] * 15 for s in hidden}
    if not kitty_hidden and game.landlord != seat:
        # the kitty's cards the landlord has not played (his played cards of a rank count as
        # the kitty's first)
        forced[game.landlord] = [max(0, k - p) for k, p in zip(kitty, played[game.landlord])]
    pool = [sum(hands[s][r] for s in hidden) + (kitty[r] if kitty_hidden else 0)
            for r in range(15)]
    unseen = [r for r in range(15) for _ in range(pool[r] - sum(forced[s][r] for s in hidden))]
    sizes = [sum(hands[s]) - sum(forced[s]) for s in hidden] + [0] * (2 - len(hidden))
    sizes.append(sum(kitty) if kitty_hidden else 0)
    return hands, hidden, forced, unseen, sizes


def seat_parts(cards, sizes):
    """Every way to give the distinct `cards` to places of `sizes` in turn (the rest, to
    the kitty): tuples of one index tuple a place."""
    if not sizes:
        yield ()
        return
    for part in itertools.combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in part]
        for parts in seat_parts(rest, sizes[1:]):
            yield (part,) + parts


def reference_deals(game, seat, limits=None):
    """Counter: each consistent deal (a row of 15 counts per seat, as a tuple) -> its number
    of card-level deals."""
    hands, hidden, forced, unseen, sizes = knowledge(game, seat)
    out = Counter()
    for parts in seat_parts(list(range(len(unseen))), sizes[:len(hidden)]):
        rows = [list(h) for h in hands]
        for s, part in zip(hidden, parts):
            rows[s] = list(forced[s])
            for c in part:
                rows[s][unseen[c]] += 1
        if limits is not None and any(rows[s][r] > limits[s][r]
                                      for s in range(len(rows)) for r in range(15)):
            continue
        out[tuple(map(tuple, rows))] += 1
    return out
