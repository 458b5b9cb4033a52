"""RLCard's rule-based agent ("doudizhu-rule-v1": rlcard.models.doudizhu_rule_models'
DouDizhuRuleAgentV1, the baseline of the DouZero paper), read from its code and written again
plainly on the oracles' card representation. It shares no code with ddz_fast or RLCard.

Cards are tuples of 15 rank counts in the order 3456789TJQKA2BR; an action is the multiset of
cards it plays, PASS the empty one. RLCard names each combination by a type (the keys of its
CARD_TYPE table: 'solo', 'pair_chain_3', 'trio_solo_chain_2'...; a chain's type includes its
length) and a weight within the type (`rlcard_type`).

What the agent does at a decision of the play (it never bids: RLCard's game has no auction):
- It leads (nothing to beat) with the first group, in the order of GROUPS, of a decomposition
  of its hand (`decompose`) that holds its lowest card.
- It follows with the action of the type of the move to beat of the lowest weight; among
  several of that weight, with the first in RLCard's order of its legal actions (`rlcard_order`:
  RLCard lists the answers by its TYPE_CARD table, which is in that order).
- Without one: a farmer passes when the seat that acted last (the seat before it, whether it
  played or passed) is not the landlord; otherwise it draws uniformly among all its legal
  actions, the pass included (numpy's global generator).
`decide` returns which of these cases applies and the actions the agent may choose.
"""

from collections import namedtuple

from oracles.reference import PRESETS, RANKS, readings

PASS = (0,) * 15
TWO, BLACK_JOKER, RED_JOKER = 12, 13, 14
GROUPS = ("rocket", "bomb", "trio", "trio_chain", "solo_chain", "pair_chain", "pair", "solo")
# RLCard's type for each kind of the reference (chains: with the length appended).
TYPE_NAMES = {"single": "solo", "pair": "pair", "trio": "trio", "trio_single": "trio_solo",
              "trio_pair": "trio_pair", "straight": "solo_chain", "pair_chain": "pair_chain",
              "plane": "trio_chain", "plane_singles": "trio_solo_chain",
              "plane_pairs": "trio_pair_chain", "four_two_singles": "four_two_solo",
              "four_two_pairs": "four_two_pair", "bomb": "bomb", "rocket": "rocket"}
CHAINS = {"straight", "pair_chain", "plane", "plane_singles", "plane_pairs"}
UNITS = {"single": 1, "pair": 2, "straight": 1, "pair_chain": 2, "bomb": 4,
         "four_two_singles": 4, "four_two_pairs": 4}   # the others: trios, 3 cards a rank

Decision = namedtuple("Decision", "case candidates choice")
Decision.__doc__ = """case: 'lead', 'follow', 'pass' or 'random'; candidates: the set of
actions the agent may choose (one, but for ties of 'follow' and for 'random': every legal
action); choice: the one RLCard's agent chooses (None for 'random')."""


def text(cards):
    """'33345' for the counts of 33345; 'pass' for PASS."""
    return "".join(RANKS[r] * c for r, c in enumerate(cards)) or "pass"


def reading(cards):
    """The one (kind, length, main) reading of `cards` under RLCard's rules, None if none."""
    found = readings(cards, **PRESETS["rlcard"])
    assert len(found) <= 1, (text(cards), found)
    return next(iter(found), None)


def rlcard_type(cards):
    """(type, weight) as RLCard's CARD_TYPE names `cards`; None for no combination. The weight
    is the lowest rank of the main part (index 0 for 3), plus one for the types with kickers;
    0 for the rocket."""
    found = reading(cards)
    if found is None:
        return None
    kind, length, main = found
    name = TYPE_NAMES[kind] + (f"_{length}" if kind in CHAINS else "")
    if kind == "rocket":
        return name, 0
    return name, main - length + 1 + (sum(cards) > length * UNITS.get(kind, 3))


def kickers(cards):
    """The ranks of the kickers of `cards` (a combination other than the rocket) that are not
    of its main part, ascending, with repeats."""
    kind, length, main = reading(cards)
    rest = list(cards)
    for r in range(main - length + 1, main + 1):
        rest[r] -= UNITS.get(kind, 3)
    return [r for r in range(15) for _ in range(rest[r])]


def rlcard_order(cards):
    """The sort key of RLCard's order among actions of one type and weight: by the kickers'
    ranks, lowest first; for planes with single kickers, those with the black joker first, then
    those with the red one (each by their other kickers), then the rest."""
    ranks = kickers(cards)
    if reading(cards)[0] == "plane_singles":
        joker = 0 if BLACK_JOKER in ranks else 1 if RED_JOKER in ranks else 2
        return joker, [r for r in ranks if r < BLACK_JOKER]
    return 0, ranks


def pick_chains(counts, unit, found):
    """RLCard's chain picking, in place: each run of five or more held ranks within 3..A (runs
    read once, before any is taken) gives the run (one card a rank) `rarest // unit` times and
    loses `rarest` cards of each rank, `rarest` the fewest cards of a rank in the run."""
    runs, start = [], None
    for r in range(13):
        if r < TWO and counts[r]:
            start = r if start is None else start
        elif start is not None:
            runs.append(range(start, r))
            start = None
    for run in runs:
        if len(run) >= 5:
            rarest = min(counts[r] for r in run)
            if rarest // unit:
                for r in run:
                    counts[r] -= rarest
                found += [tuple(int(r in run) for r in range(15))] * (rarest // unit)


def decompose(hand):
    """RLCard's decomposition of a hand, {group: [cards, ...]} for the groups of GROUPS: the
    rocket; the bombs; the trios, a trio joined to the one before when one rank above it and
    not a 2 (alone: 'trio', joined: 'trio_chain'); the solo chains, then the pair chains, of
    what is left (pick_chains; the pair chains are picked as one card a rank, as RLCard does,
    and never found: every run of five left after the solo chains holds one card a rank); the
    pairs and the solos of the rest."""
    counts = list(hand)
    groups = {name: [] for name in GROUPS}

    def take(group, ranks, unit):
        groups[group].append(tuple(unit if r in ranks else 0 for r in range(15)))
        for r in ranks:
            counts[r] -= unit

    if counts[BLACK_JOKER] and counts[RED_JOKER]:
        groups["rocket"].append(tuple(int(r >= BLACK_JOKER) for r in range(15)))
        counts[BLACK_JOKER] = counts[RED_JOKER] = 0
    for r in range(15):
        if counts[r] == 4:
            take("bomb", [r], 4)
    trios = []
    for r in range(15):
        if counts[r] == 3:
            if trios and r < TWO and trios[-1][-1] == r - 1:
                trios[-1].append(r)
            else:
                trios.append([r])
    for ranks in trios:
        take("trio" if len(ranks) == 1 else "trio_chain", ranks, 3)
    pick_chains(counts, 1, groups["solo_chain"])
    pick_chains(counts, 2, groups["pair_chain"])
    for r in range(15):
        if counts[r]:
            take({2: "pair", 1: "solo"}[counts[r]], [r], counts[r])
    return groups


def lead(hand):
    """The agent's lead: the first group of decompose(hand), in GROUPS' order, that holds the
    hand's lowest card."""
    lowest = min(r for r in range(15) if hand[r])
    groups = decompose(hand)
    return next(cards for name in GROUPS for cards in groups[name] if cards[lowest])


def decide(hand, prev, legal, seat, landlord, n_seats=3):
    """The agent's decision at a play position: the hand of the seat to move, the move to beat
    (None: it leads), the legal actions (PASS among them when it may pass), the seat to move and
    the landlord. The seat that acted last is the one before `seat` in turn order."""
    if prev is None:
        cards = lead(hand)
        return Decision("lead", {cards}, cards)
    wanted = rlcard_type(prev)[0]
    same = [a for a in legal if a != PASS and (rlcard_type(a) or (None,))[0] == wanted]
    if same:
        lowest = min(rlcard_type(a)[1] for a in same)
        tied = [a for a in same if rlcard_type(a)[1] == lowest]
        return Decision("follow", set(tied), min(tied, key=rlcard_order))
    last_actor = (seat - 1) % n_seats
    if last_actor != landlord and seat != landlord:
        return Decision("pass", {PASS}, PASS)
    return Decision("random", set(legal), None)
