"""The four-player, two-deck game of RULES.md section 11, read simply in pure Python. It shares
no code with ddz_fast (of the one-deck reference, a plane's wings).

Cards are tuples of 15 rank counts in the order 3456789TJQKA2BR, up to eight of a rank and two
of each joker; a move is (kind, length, main, cards) with the kind's API name, as in
reference.py. Two readings of the rules that share nothing but `pair_ranks`:

- `readings` classifies one card multiset, and `brute_leads` reads every sub-multiset of a
  hand (the plainest statement of the rules, too slow beyond a dozen cards);
- `leads` builds each kind from its parts (main ranks, then kickers), fast enough for a
  33-card hand; the tests check it against `brute_leads` on small hands.

The switches are keyword arguments, named as RULES.md section 11 and `Rules` name them:
  attachments="pairs"        "pairs": trio_pair and plane_pairs; "plane_pairs": plane_pairs
                             only; "any": every kind with kickers of section 5
  joker_pairs="same_colour"  BB and RR are pairs ("none": no joker pair)
  bomb_ranking="size"        bombs: more cards beat fewer, then rank ("tiers": 4-5, 6, 7, 8)
  distinct_single_wings=False, quad_wings=True, extending_wings=True: section 5's single
                             kickers of a plane ("quad" here: four or more cards of a rank)
  rocket_kickers=False       the kickers never hold all four jokers
"""

import itertools

from .reference import plane_wings

RANKS = "3456789TJQKA2BR"
ACE, TWO, BLACK_JOKER, RED_JOKER = 11, 12, 13, 14
DECK = (8,) * 13 + (2, 2)
FOUR_JOKERS = (0,) * 13 + (2, 2)
ATTACHMENTS = {          # the kinds with kickers each value of `attachments` allows
    "any": {"trio_single", "trio_pair", "plane_singles", "plane_pairs"},
    "pairs": {"trio_pair", "plane_pairs"},
    "plane_pairs": {"plane_pairs"},
}
DEFAULTS = {"attachments": "pairs", "joker_pairs": "same_colour", "bomb_ranking": "size",
            "distinct_single_wings": False, "quad_wings": True, "extending_wings": True,
            "rocket_kickers": False}
PRESETS = {
    "four_1v3": {"attachments": "pairs"},
    "four_2v2": {"attachments": "plane_pairs"},
}
CHAIN_KINDS = {1: ("straight", 5), 2: ("pair_chain", 3), 3: ("plane", 2)}


def switches_of(**switches):
    """The switches with every one not given at its default; an unknown name is a TypeError."""
    unknown = set(switches) - set(DEFAULTS)
    if unknown:
        raise TypeError(f"unknown switches {sorted(unknown)}")
    return {**DEFAULTS, **switches}


def parse(text):
    """Rank counts of text such as '3333344BBRR'."""
    return tuple(text.count(symbol) for symbol in RANKS)


def text(cards):
    return "".join(symbol * count for symbol, count in zip(RANKS, cards))


def pair_ranks(cards, joker_pairs):
    """The ranks of which `cards` hold a pair: 3..2 with two cards or more, a joker with both
    of its colour when joker pairs exist."""
    return [r for r in range(15)
            if cards[r] >= 2 and (r <= TWO or joker_pairs == "same_colour")]


def single_wings_allowed(wings, low, length, s):
    """Section 5's rules for the single kickers `wings` of a plane on low..low+length-1."""
    if s["distinct_single_wings"] and max(wings) > 1:
        return False
    if not s["quad_wings"] and max(wings) >= 4:
        return False
    next_ranks = [r for r in (low - 1, low + length) if 0 <= r <= ACE]
    if not s["extending_wings"] and any(wings[r] >= 3 for r in next_ranks):
        return False
    return s["rocket_kickers"] or tuple(wings[13:]) != (2, 2)


def readings(cards, **switches):
    """Every (kind, length, main) reading of the multiset `cards`."""
    s = switches_of(**switches)
    kicker_kinds = ATTACHMENTS[s["attachments"]]
    n = sum(cards)
    held = [r for r in range(15) if cards[r]]
    found = set()
    if n == 0:
        return found
    if len(held) == 1:
        r, c = held[0], cards[held[0]]
        if c == 1:
            found.add(("single", 1, r))
        elif c == 2 and r in pair_ranks(cards, s["joker_pairs"]):
            found.add(("pair", 1, r))
        elif c == 3 and r <= TWO:
            found.add(("trio", 1, r))
        elif c == 4 and r <= TWO:
            found.add(("bomb", 1, r))
        elif c >= 5 and r <= TWO:
            found.add(("long_bomb", c, r))
    if tuple(cards) == FOUR_JOKERS:
        found.add(("rocket", 1, RED_JOKER))
    counts = {cards[r] for r in held}
    if held[-1] <= ACE and held[-1] - held[0] + 1 == len(held) and len(counts) == 1:
        unit = counts.pop()
        if unit in CHAIN_KINDS and len(held) >= CHAIN_KINDS[unit][1]:
            found.add((CHAIN_KINDS[unit][0], len(held), held[-1]))
    for t in held:
        if t > TWO or cards[t] != 3:
            continue
        rest = [r for r in held if r != t]
        if "trio_single" in kicker_kinds and n == 4:
            found.add(("trio_single", 1, t))
        if ("trio_pair" in kicker_kinds and n == 5 and len(rest) == 1
                and rest[0] in pair_ranks(cards, s["joker_pairs"])):
            found.add(("trio_pair", 1, t))
    for length in range(2, 13):
        for wing_size, kind in ((1, "plane_singles"), (2, "plane_pairs")):
            if kind not in kicker_kinds or n != length * (3 + wing_size):
                continue
            for low in range(0, ACE - length + 2):
                wings = plane_wings(cards, low, length)
                if wings is None:
                    continue
                wing_ranks = [r for r in range(15) if wings[r]]
                if wing_size == 1:
                    if single_wings_allowed(wings, low, length, s):
                        found.add((kind, length, low + length - 1))
                elif (len(wing_ranks) == length and all(wings[r] == 2 for r in wing_ranks)
                      and set(wing_ranks) <= set(pair_ranks(wings, s["joker_pairs"]))
                      and (s["rocket_kickers"] or tuple(wings[13:]) != (2, 2))):
                    found.add((kind, length, low + length - 1))
    return found


def brute_leads(hand, **switches):
    """Every legal lead of `hand`: every reading of every non-empty sub-multiset."""
    moves = set()
    for sub in itertools.product(*(range(c + 1) for c in hand)):
        for kind, length, main in readings(sub, **switches):
            moves.add((kind, length, main, sub))
    return moves


def with_cards(base, ranks, count):
    cards = list(base)
    for r in ranks:
        cards[r] += count
    return tuple(cards)


def leads(hand, **switches):
    """Every legal lead of `hand`, kind by kind: the same set as brute_leads."""
    s = switches_of(**switches)
    kicker_kinds = ATTACHMENTS[s["attachments"]]
    empty = (0,) * 15
    pairs = pair_ranks(hand, s["joker_pairs"])
    moves = set()
    for r in range(15):
        if hand[r]:
            moves.add(("single", 1, r, with_cards(empty, [r], 1)))
    for r in pairs:
        moves.add(("pair", 1, r, with_cards(empty, [r], 2)))
    for r in range(TWO + 1):
        if hand[r] >= 4:
            moves.add(("bomb", 1, r, with_cards(empty, [r], 4)))
        for c in range(5, hand[r] + 1):
            moves.add(("long_bomb", c, r, with_cards(empty, [r], c)))
        if hand[r] < 3:
            continue
        trio = with_cards(empty, [r], 3)
        moves.add(("trio", 1, r, trio))
        if "trio_single" in kicker_kinds:
            for k in range(15):
                if hand[k] and k != r:
                    moves.add(("trio_single", 1, r, with_cards(trio, [k], 1)))
        if "trio_pair" in kicker_kinds:
            for k in pairs:
                if k != r:
                    moves.add(("trio_pair", 1, r, with_cards(trio, [k], 2)))
    if tuple(hand[13:]) == (2, 2):
        moves.add(("rocket", 1, RED_JOKER, FOUR_JOKERS))
    for unit, (kind, least) in CHAIN_KINDS.items():
        for length in range(least, 13):
            for low in range(0, ACE - length + 2):
                window = range(low, low + length)
                if all(hand[r] >= unit for r in window):
                    main = with_cards(empty, window, unit)
                    moves.add((kind, length, low + length - 1, main))
                    if unit == 3:
                        moves |= planes_with_wings(hand, main, low, length, kicker_kinds, s)
    return moves


def planes_with_wings(hand, main, low, length, kicker_kinds, s):
    """The planes with wings on the trios `main` (low..low+length-1) that `hand` can make."""
    moves = set()
    top = low + length - 1
    others = [r for r in range(15) if r not in range(low, low + length)]
    if "plane_singles" in kicker_kinds:
        for chosen in itertools.combinations_with_replacement(others, length):
            wings = with_cards((0,) * 15, chosen, 1)
            if (all(wings[r] <= hand[r] for r in others)
                    and single_wings_allowed(wings, low, length, s)):
                moves.add(("plane_singles", length, top, with_cards(main, chosen, 1)))
    if "plane_pairs" in kicker_kinds:
        pairs = [r for r in pair_ranks(hand, s["joker_pairs"]) if r in others]
        for chosen in itertools.combinations(pairs, length):
            if s["rocket_kickers"] or not {BLACK_JOKER, RED_JOKER} <= set(chosen):
                moves.add(("plane_pairs", length, top, with_cards(main, chosen, 2)))
    return moves


BOMBS = {"bomb", "long_bomb"}
TIERS = {4: 0, 5: 0, 6: 1, 7: 2, 8: 3}


def bomb_order(move, bomb_ranking):
    """A bomb's place among bombs: a higher value beats a lower."""
    kind, length, main, cards = move
    size = sum(cards)
    if bomb_ranking == "size":
        return (size, main)
    return (TIERS[size], main, size)


def beats(move, prev, bomb_ranking="size"):
    """Section 11's beating: the four jokers beat everything, bombs beat every other kind and
    each other by `bomb_ranking`, and the rest as section 6."""
    kind, length, main, _ = move
    prev_kind, prev_length, prev_main, _ = prev
    if prev_kind == "rocket":
        return False
    if kind == "rocket":
        return True
    if kind in BOMBS:
        return prev_kind not in BOMBS or bomb_order(move, bomb_ranking) > bomb_order(prev,
                                                                                    bomb_ranking)
    if prev_kind in BOMBS:
        return False
    return kind == prev_kind and length == prev_length and main > prev_main


def responses(hand_leads, prev, bomb_ranking="size"):
    """The leads that beat `prev`."""
    return {m for m in hand_leads if beats(m, prev, bomb_ranking)}
