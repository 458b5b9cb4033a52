"""A deliberately simple reading of RULES.md section 10 (wild cards) in pure Python. It shares
no code with ddz_fast; section 5's combinations come from `reference.readings`.

Cards are tuples of 15 rank counts in the order 3456789TJQKA2BR. `wild_ranks` is a tuple of one
or two distinct rank indices in 0..12 (with two, the second is the one `substitutes` counts).
A move is a tuple (kind, length, main, represented, physical): the reading (kind, length, main)
of the `represented` cards under section 5 (or "long_bomb", its number of cards, its rank), and
the `physical` cards of the hand that play it. Two moves differ when either tuple differs.

`brute_wild_leads` tries every wild assignment of every sub-multiset (small hands only);
`wild_leads` realises every combination of `reference.every_play` from the hand instead (fast
enough for 20-card hands). The tests check that both agree.

Which (represented, physical) pairs are legal, for a reading whose main part is `main_cards`
and kickers `represented - main_cards` (what `wild_leads` enumerates, derived from the rules;
`brute_wild_leads` checks the rules themselves):
  - every rank r that is not wild: kicker[r] <= physical[r] <= represented[r] (the missing
    cards are substitutes, only in the main part); jokers: physical == represented;
  - the wild ranks' physical cards sum to their represented cards plus those substitutes, and
    each wild rank w has physical[w] >= kicker[w] (a wild kicker is its own rank);
  - a main part of one rank m holds a card of its own rank: physical[m] >= 1.
"""

import functools
import itertools

import numpy as np

from . import reference

WILD_RANKS = range(13)              # a wild card stands for 3..2, never a joker
BLACK_JOKER, RED_JOKER = 13, 14
BOMB_KINDS = {"bomb", "long_bomb"}
# Kinds whose main part is one rank: it holds at least one card of its own rank.
ONE_RANK_MAIN = {"single", "pair", "trio", "bomb", "long_bomb", "trio_single", "trio_pair",
                 "four_two_singles", "four_two_pairs"}
TIER_ORDER = {"soft": 0, "hard": 1, "pure": 2}


def main_part(kind, length, main, represented):
    """The represented cards of the move's main part (those wild cards may substitute)."""
    if kind in ("trio_single", "trio_pair"):
        return tuple(3 if r == main else 0 for r in range(15))
    if kind in ("four_two_singles", "four_two_pairs"):
        return tuple(4 if r == main else 0 for r in range(15))
    if kind in ("plane_singles", "plane_pairs"):
        return tuple(3 if main - length < r <= main else 0 for r in range(15))
    return tuple(represented)


def long_bomb_reading(represented):
    """The long bomb that `represented` is (5 to 12 cards of one rank 3..2), or None."""
    held = [r for r in range(15) if represented[r]]
    n = sum(represented)
    if len(held) == 1 and held[0] in WILD_RANKS and 5 <= n <= 12:
        return ("long_bomb", n, held[0])
    return None


def check_wild_ranks(wild_ranks, switches):
    if len(set(wild_ranks)) != len(wild_ranks) or len(wild_ranks) > 2 or not all(
            w in WILD_RANKS for w in wild_ranks):
        # () is accepted too: no wild ranks, section 5 alone
        raise ValueError(f"wild_ranks must be one or two distinct ranks in 0..12: {wild_ranks}")
    if switches.get("shuttle", "off") != "off":
        raise ValueError("wild cards are never combined with the space shuttle (RULES.md 10)")


# ---------------------------------------------------------------------------------------------
# (a) the literal way


@functools.lru_cache(maxsize=None)
def represented_readings(represented, long_bombs, switch_items):
    """Every reading of `represented` (section 5, and long bombs when switched on)."""
    if max(represented) > 4:
        # reference.readings knows at most four cards of a rank (it fails on five of one rank):
        # more than four are only ever a long bomb
        reading = long_bomb_reading(represented) if long_bombs else None
        return {reading} if reading else set()
    return reference.readings(represented, **dict(switch_items))


def brute_wild_leads(hand, wild_ranks, *, long_bombs=False, **switches):
    """Every lead of `hand` with `wild_ranks` wild: every sub-multiset, every rank each of its
    wild cards stands for, every reading of what that represents, kept when each substitute is
    in the main part and a main part of one rank holds a card of its own rank. Small hands only."""
    check_wild_ranks(wild_ranks, switches)
    switch_items = tuple(sorted(switches.items()))
    moves = set()
    for physical in itertools.product(*(range(c + 1) for c in hand)):
        if not any(physical):
            continue
        naturals = list(physical)
        for w in wild_ranks:
            naturals[w] = 0
        # the ranks the wild cards of each wild rank stand for, as a multiset per wild rank
        per_wild_rank = [list(itertools.combinations_with_replacement(WILD_RANKS, physical[w]))
                         for w in wild_ranks]
        for stands_for in itertools.product(*per_wild_rank):
            represented = list(naturals)
            substituted = [0] * 15          # represented cards played by a wild of another rank
            for w, ranks in zip(wild_ranks, stands_for):
                for r in ranks:
                    represented[r] += 1
                    if r != w:
                        substituted[r] += 1
            represented = tuple(represented)
            for kind, length, main in represented_readings(represented, long_bombs,
                                                           switch_items):
                main_cards = main_part(kind, length, main, represented)
                if any(substituted[r] > main_cards[r] for r in range(15)):
                    continue
                if kind in ONE_RANK_MAIN and represented[main] - substituted[main] < 1:
                    continue
                moves.add((kind, length, main, represented, physical))
    return moves


# ---------------------------------------------------------------------------------------------
# (b) every combination once, realised from the hand


class PlayTable:
    """Every represented combination under one switch setting (reference.every_play, and the
    long bombs), as numpy arrays for prefiltering a hand."""

    def __init__(self, switch_items):
        plays = sorted(reference.within(loosest_plays(), **dict(switch_items)))
        plays += [("long_bomb", n, rank, tuple(n if r == rank else 0 for r in range(15)))
                  for rank in WILD_RANKS for n in range(5, 13)]
        self.plays = plays
        self.represented = np.array([p[3] for p in plays], dtype=np.int16)
        self.main_cards = np.array([main_part(*p) for p in plays], dtype=np.int16)
        self.kickers = self.represented - self.main_cards
        self.main = np.array([p[2] for p in plays], dtype=np.int16)
        self.one_rank = np.array([p[0] in ONE_RANK_MAIN for p in plays])
        self.long_bomb = np.array([p[0] == "long_bomb" for p in plays])
        self.size = self.represented.sum(axis=1)
        # per play: its main part's ranks (3..2) and the kickers, as Python tuples for the loop
        self.main_ranks = [tuple(r for r in WILD_RANKS if m[r]) for m in self.main_cards.tolist()]
        self.kicker_tuples = [tuple(k) for k in self.kickers.tolist()]


@functools.lru_cache(maxsize=None)
def loosest_plays():
    """Every combination of every rule set (reference.LOOSEST): each setting keeps its own."""
    return frozenset(reference.every_play(**reference.LOOSEST))


@functools.lru_cache(maxsize=None)
def play_table(switch_items):
    return PlayTable(switch_items)


def wild_leads(hand, wild_ranks, *, long_bombs=False, **switches):
    """Every lead of `hand` with `wild_ranks` wild (see the module's docstring for the rules)."""
    check_wild_ranks(wild_ranks, switches)
    table = play_table(tuple(sorted(switches.items())))
    held = np.array(hand, dtype=np.int16)
    wild = np.zeros(15, dtype=bool)
    wild[list(wild_ranks)] = True
    n_wild = int(held[wild].sum())

    # necessary conditions, for every combination at once: kickers are physical cards of their
    # own rank; jokers are never substituted; the substitutes forced by missing natural cards
    # fit the wild cards left over; a one-rank main part has a card of its rank in the hand
    rep = table.represented
    possible = (table.kickers <= held).all(axis=1)
    possible &= (rep[:, BLACK_JOKER:] <= held[BLACK_JOKER:]).all(axis=1)
    missing = np.maximum(rep[:, :13] - held[:13], 0)[:, ~wild[:13]].sum(axis=1)
    possible &= rep[:, wild].sum(axis=1) + missing <= n_wild
    possible &= ~table.one_rank | (held[table.main] > 0)
    possible &= table.size <= int(held.sum())
    if not long_bombs:
        possible &= ~table.long_bomb

    hand = tuple(int(c) for c in hand)
    moves = set()
    for i in np.flatnonzero(possible).tolist():
        kind, length, main, represented = table.plays[i]
        kickers = table.kicker_tuples[i]
        one_rank_main = main if kind in ONE_RANK_MAIN else None
        # substitutes on each substitutable rank: at least the cards the hand lacks, at most
        # all (kickers are never on a main rank) but the card of its own rank a one-rank
        # main part keeps
        ranks = [r for r in table.main_ranks[i] if not wild[r]]
        fewest = [max(0, represented[r] - hand[r]) for r in ranks]
        most = [represented[r] - (1 if r == one_rank_main else 0) for r in ranks]
        represented_wild = sum(represented[w] for w in wild_ranks)
        for substituted in bounded_counts(fewest, most, n_wild - represented_wild):
            physical = list(represented)
            for r, s in zip(ranks, substituted):
                physical[r] -= s
            for wild_counts in wild_splits(represented_wild + sum(substituted), wild_ranks,
                                           hand, kickers, one_rank_main):
                for w, c in zip(wild_ranks, wild_counts):
                    physical[w] = c
                moves.add((kind, length, main, represented, tuple(physical)))
    return moves


def bounded_counts(lows, highs, budget):
    """Every tuple c with lows[i] <= c[i] <= highs[i] and sum(c) <= budget."""
    if not lows:
        yield ()
        return
    rest_lows = sum(lows[1:])
    for c in range(lows[0], min(highs[0], budget - rest_lows) + 1):
        for rest in bounded_counts(lows[1:], highs[1:], budget - c):
            yield (c,) + rest


def wild_splits(total, wild_ranks, hand, kickers, one_rank_main):
    """The ways to take `total` wild cards from the hand's wild ranks: each wild rank at least
    its kickers, and a card of its own rank when it is the one-rank main part."""
    lows = [max(kickers[w], 1 if one_rank_main == w else 0) for w in wild_ranks]
    if len(wild_ranks) == 1:
        return [(total,)] if lows[0] <= total <= hand[wild_ranks[0]] else []
    first, second = wild_ranks
    return [(c, total - c) for c in range(lows[0], hand[first] + 1)
            if lows[1] <= total - c <= hand[second]]


# ---------------------------------------------------------------------------------------------
# substitutes, tiers, beating


def substitutes(move, wild_ranks):
    """(substituted, from_second): the sorted ranks of the represented cards that wild cards play
    while standing for another rank, and how many of those wild cards are of the second wild rank.

    (represented, physical) fix them, taking every wild card to stand for its own rank as far
    as possible (any other assignment only adds substitutes): a non-wild rank r has
    represented[r] - physical[r] substitutes; a wild rank w has max(0, represented[w] -
    physical[w]) (cards of the other wild rank standing for w), and max(0, physical[w] -
    represented[w]) of its own cards are substitutes elsewhere."""
    _, _, _, represented, physical = move
    substituted = []
    for r in range(15):
        if r in wild_ranks:
            count = max(0, represented[r] - physical[r])
        else:
            count = represented[r] - physical[r]
        substituted += [r] * count
    from_second = max(0, physical[wild_ranks[1]] - represented[wild_ranks[1]]) \
        if len(wild_ranks) == 2 else 0
    return tuple(substituted), from_second


def tier(move, wild_ranks):
    """"pure" (every physical card wild), "hard" (four natural cards of a rank that is not
    wild), "soft" (any other bomb), or None for a move that is not a bomb (the rocket included)."""
    kind, _, main, represented, physical = move
    if kind not in BOMB_KINDS:
        return None
    if sum(physical[w] for w in wild_ranks) == sum(physical):
        return "pure"
    if kind == "bomb" and main not in wild_ranks and physical == represented:
        return "hard"
    return "soft"


def bomb_strength(move, wild_ranks):
    """Bombs compare by number of cards, then tier, then rank."""
    return sum(move[3]), TIER_ORDER[tier(move, wild_ranks)], move[2]


def wild_beats(move, prev, wild_ranks, *, bomb_order="rocket_top"):
    """`move` beats `prev` (RULES.md 6 and 10)."""
    if bomb_order not in ("rocket_top", "pure_top"):
        raise ValueError(f"bomb_order: {bomb_order}")
    kind, length, main = move[:3]
    prev_kind, prev_length, prev_main = prev[:3]

    def above_rocket(bomb):         # under pure_top: four pure-wild cards, or a longer bomb
        return sum(bomb[3]) > 4 or tier(bomb, wild_ranks) == "pure"

    if prev_kind == "rocket":
        return (bomb_order == "pure_top" and kind in BOMB_KINDS and above_rocket(move))
    if kind == "rocket":
        return (bomb_order == "rocket_top" or prev_kind not in BOMB_KINDS
                or not above_rocket(prev))
    if kind in BOMB_KINDS:
        return (prev_kind not in BOMB_KINDS
                or bomb_strength(move, wild_ranks) > bomb_strength(prev, wild_ranks))
    if prev_kind in BOMB_KINDS:
        return False
    return kind == prev_kind and length == prev_length and main > prev_main


def wild_responses(hand, prev, wild_ranks, *, bomb_order="rocket_top", long_bombs=False,
                   **switches):
    """The leads of `hand` that beat `prev`."""
    return {m for m in wild_leads(hand, wild_ranks, long_bombs=long_bombs, **switches)
            if wild_beats(m, prev, wild_ranks, bomb_order=bomb_order)}
