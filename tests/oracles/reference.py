"""A deliberately simple reading of RULES.md in pure Python. It shares no code with ddz_fast.

Cards are tuples of 15 rank counts in the order 3456789TJQKA2BR. A move is a tuple
(kind, length, main, cards) with the kind's API name. `leads` enumerates every sub-multiset
of a hand and classifies it; nothing here is clever, so that it is easy to check by eye.

The rule switches that change what a combination is are keyword arguments, RULES.md's
defaults unless given (distinct_single_wings also positionally):
  distinct_single_wings      the single kickers of a plane have pairwise different ranks
  four_with_two=False        no four with two singles or two pairs at all
  distinct_four_two_singles=False   the two singles of a four with two may share a rank (3333+55)
  quad_wings=False           a plane's single kickers never hold all four cards of a rank
  extending_wings=False      ... nor three (or four) cards of the rank just below its lowest trio
                             or just above its highest, when that rank is in 3..A
  rocket_kickers=True        both jokers may be kickers together (four with two singles, planes,
                             shuttles)
  shuttle="ordinary"         two or more consecutive quads in 3..A are a space shuttle
  (or "super_bomb")          (RULES.md 9), bare or with the wings of shuttle_wings:
  shuttle_wings="one"        one single or pair per quad ("two": two per quad, "none": no
                             wings; "any": one or two, for one enumeration of every reading),
                             their ranks pairwise different and none a quad's
PRESETS names the switches of each rule set, as Rules.presets() documents them.
"""

import itertools

RANKS = "3456789TJQKA2BR"
ACE, BLACK_JOKER, RED_JOKER = 11, 13, 14
SAME_RANK_KINDS = {1: "single", 2: "pair", 3: "trio", 4: "bomb"}
PRESETS = {
    "standard": {},
    "strict": {"distinct_single_wings": True},
    "rlcard": {"distinct_four_two_singles": False, "quad_wings": False, "extending_wings": False},
    "openspiel": {"four_with_two": False, "quad_wings": False},
    "douzero": {"distinct_four_two_singles": False, "rocket_kickers": True,
                "extending_wings": False},
}
# Every switch at its permissive value: the readings of any rule set are among these, so the
# moves of any rule set are those of LOOSEST that `within` keeps (one enumeration for all).
LOOSEST = {"distinct_four_two_singles": False, "rocket_kickers": True}
# ... and with the shuttles of both wing switches: the readings of any rule set at all.
ANY_RULES = {**LOOSEST, "shuttle": "ordinary", "shuttle_wings": "any"}
SHUTTLES = {"shuttle", "shuttle_singles", "shuttle_pairs", "shuttle_two_singles",
            "shuttle_two_pairs"}
WINGS_PER_QUAD = {"none": (), "one": (1,), "two": (2,), "any": (1, 2)}
WING_KINDS = {(1, 1): "shuttle_singles", (1, 2): "shuttle_pairs", (2, 1): "shuttle_two_singles",
              (2, 2): "shuttle_two_pairs"}


def parse(text):
    """Rank counts of text such as '33344456BR'."""
    return tuple(text.count(symbol) for symbol in RANKS)


def is_run(ranks):
    """The sorted, distinct `ranks` are consecutive and all in 3..A."""
    return ranks[-1] <= ACE and ranks[-1] - ranks[0] + 1 == len(ranks)


def plane_wings(cards, low, length):
    """The cards of `cards` beside a plane of `length` trios from rank `low` (3..A), or None
    if `cards` hold no such plane or hold more of one of its ranks (a wing may not share a
    rank with a trio of the plane)."""
    trio_ranks = range(low, low + length)
    if any(cards[r] < 3 for r in trio_ranks):
        return None
    wings = list(cards)
    for r in trio_ranks:
        wings[r] -= 3
    return None if any(wings[r] for r in trio_ranks) else wings


def readings(cards, distinct_single_wings=False, *, four_with_two=True,
             distinct_four_two_singles=True, quad_wings=True, extending_wings=True,
             rocket_kickers=False, shuttle="off", shuttle_wings="one"):
    """Every (kind, length, main) reading of the multiset `cards` (RULES.md section 5) under
    the switches (see the module's docstring)."""
    n = sum(cards)
    held = [r for r in range(15) if cards[r]]
    found = set()
    if n == 0:
        return found

    # single, pair, trio, bomb: cards of one rank
    if len(held) == 1:
        found.add((SAME_RANK_KINDS[cards[held[0]]], 1, held[0]))

    # rocket: both jokers
    if held == [BLACK_JOKER, RED_JOKER]:
        found.add(("rocket", 1, RED_JOKER))

    # chains: every held rank the same count, consecutive, within 3..A
    if is_run(held):
        counts = {cards[r] for r in held}
        if counts == {1} and len(held) >= 5:
            found.add(("straight", len(held), held[-1]))
        if counts == {2} and len(held) >= 3:
            found.add(("pair_chain", len(held), held[-1]))
        if counts == {3} and len(held) >= 2:
            found.add(("plane", len(held), held[-1]))

    if max(cards) < 3:
        return found  # every kind below has three or four cards of some rank

    # trio with one card of another rank, or with a pair of another rank
    for t in held:
        if cards[t] == 3:
            others = [r for r in held if r != t]
            if n == 4:
                found.add(("trio_single", 1, t))
            if n == 5 and len(others) == 1 and cards[others[0]] == 2:
                found.add(("trio_pair", 1, t))

    # planes with wings: k consecutive trios plus k singles (4k cards) or k pairs (5k cards)
    for k, wing_size in ((n // 4, 1), (n // 5, 2)):
        if k < 2 or k * (3 + wing_size) != n:
            continue
        for low in range(0, ACE - k + 2):
            wings = plane_wings(cards, low, k)
            if wings is None:
                continue
            wing_ranks = [r for r in range(15) if wings[r]]
            if wing_size == 1:
                both_jokers = wings[BLACK_JOKER] and wings[RED_JOKER]
                repeated = any(wings[r] > 1 for r in wing_ranks)
                quad = any(wings[r] == 4 for r in wing_ranks)
                next_ranks = [r for r in (low - 1, low + k) if 0 <= r <= ACE]
                extends = any(wings[r] >= 3 for r in next_ranks)
                if not ((both_jokers and not rocket_kickers)
                        or (distinct_single_wings and repeated)
                        or (quad and not quad_wings)
                        or (extends and not extending_wings)):
                    found.add(("plane_singles", k, low + k - 1))
            elif len(wing_ranks) == k and all(wings[r] == 2 for r in wing_ranks):
                found.add(("plane_pairs", k, low + k - 1))

    # four with two singles of two ranks (or of one, 3333+55, if allowed), or two pairs of
    # two ranks
    for q in held:
        if cards[q] == 4 and four_with_two:
            others = [r for r in held if r != q]
            if n == 6:
                jokers = others == [BLACK_JOKER, RED_JOKER]
                if ((len(others) == 2 and (rocket_kickers or not jokers))
                        or (len(others) == 1 and not distinct_four_two_singles)):
                    found.add(("four_two_singles", 1, q))
            if n == 8 and len(others) == 2 and all(cards[r] == 2 for r in others):
                found.add(("four_two_pairs", 1, q))

    # space shuttles: k >= 2 consecutive quads in 3..A, alone or with per_quad x k wings,
    # all singles or all pairs, of pairwise different ranks, none a rank of the quads
    if shuttle != "off":
        for k in range(2, n // 4 + 1):
            for low in range(0, ACE - k + 2):
                quad_ranks = range(low, low + k)
                if any(cards[r] != 4 for r in quad_ranks):
                    continue
                wings = list(cards)
                for r in quad_ranks:
                    wings[r] = 0
                wing_ranks = [r for r in range(15) if wings[r]]
                if not wing_ranks:
                    found.add(("shuttle", k, low + k - 1))
                for per_quad in WINGS_PER_QUAD[shuttle_wings]:
                    if len(wing_ranks) != per_quad * k:
                        continue
                    if all(wings[r] == 1 for r in wing_ranks) and (
                            rocket_kickers or not {BLACK_JOKER, RED_JOKER} <= set(wing_ranks)):
                        found.add((WING_KINDS[per_quad, 1], k, low + k - 1))
                    if all(wings[r] == 2 for r in wing_ranks):
                        found.add((WING_KINDS[per_quad, 2], k, low + k - 1))
    return found


def leads(hand, distinct_single_wings=False, **switches):
    """Every legal lead of `hand`: every reading of every non-empty sub-multiset."""
    moves = set()
    for sub in itertools.product(*(range(c + 1) for c in hand)):
        for kind, length, main in readings(sub, distinct_single_wings, **switches):
            moves.add((kind, length, main, sub))
    return moves


def within(moves, **switches):
    """The moves that are readings of their cards under the switches."""
    return {m for m in moves if m[:3] in readings(m[3], **switches)}


def has_repeated_wings(move):
    """A plane with single wings of which two share a rank (illegal under distinct_single_wings)."""
    kind, length, main, cards = move
    if kind != "plane_singles":
        return False
    wings = list(cards)
    for r in range(main - length + 1, main + 1):
        wings[r] -= 3
    return max(wings) > 1


def beats(move, prev, shuttle="off"):
    """RULES.md section 6 (and 9: a shuttle is an ordinary kind, or with shuttle="super_bomb"
    above every bomb and below the rocket)."""
    kind, length, main, _ = move
    prev_kind, prev_length, prev_main, _ = prev
    if prev_kind == "rocket":
        return False
    if kind == "rocket":
        return True
    if shuttle == "super_bomb" and (kind in SHUTTLES) != (prev_kind in SHUTTLES):
        return kind in SHUTTLES
    if kind == "bomb":
        return prev_kind != "bomb" or main > prev_main
    if prev_kind == "bomb":
        return False
    return kind == prev_kind and length == prev_length and main > prev_main


def responses(hand_leads, prev, shuttle="off"):
    """The leads that beat `prev`."""
    return {m for m in hand_leads if beats(m, prev, shuttle)}


def every_play(distinct_single_wings=False, **switches):
    """Every combination a hand can hold, as (kind, length, main, cards): every reading of
    every main part (one to four cards on each of a run of ranks) alone, and of trios with one
    kicker per trio, quads with two, and runs of quads (shuttles) with one or two kickers per
    quad of pairwise different ranks, each kicker a single or a pair of any rank."""
    deck = (4,) * 13 + (1, 1)
    plays = set()
    for unit in range(1, 5):
        for length in range(1, 13):
            if unit == 3:
                kicker_counts, choose = (length,), itertools.combinations_with_replacement
            elif unit == 4 and length == 1:
                kicker_counts, choose = (2,), itertools.combinations_with_replacement
            elif unit == 4 and switches.get("shuttle", "off") != "off":
                kicker_counts, choose = (length, 2 * length), itertools.combinations
            else:
                kicker_counts, choose = (), None
            kicker_sets = [()]
            for kicker_count in kicker_counts:
                if unit * length + kicker_count <= 20:
                    kicker_sets += list(choose(range(15), kicker_count))
                    kicker_sets += [ranks * 2 for ranks in choose(range(15), kicker_count)]
            for top in range(length - 1, 15):
                main = [0] * 15
                for r in range(top - length + 1, top + 1):
                    main[r] = unit
                for kickers in kicker_sets:
                    cards = list(main)
                    for r in kickers:
                        cards[r] += 1
                    if sum(cards) > 20 or any(cards[r] > deck[r] for r in range(15)):
                        continue
                    for kind, n, main_rank in readings(tuple(cards), distinct_single_wings,
                                                       **switches):
                        plays.add((kind, n, main_rank, tuple(cards)))
    return plays
