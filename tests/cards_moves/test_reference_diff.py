"""ddz_fast against the pure-Python reference on seeded random deals, under every preset.

The reference needs minutes for the leads of these 2,000 hands (it classifies every
sub-multiset), so its answers are precomputed in tests/oracles/data/reference_leads.json
by tests/oracles/data/make_reference_table.py: per hand and preset, the number of leads and a
digest of them. The engine's leads of each hand must have the same number and digest; where
they do not, the reference runs again on the failing hands to name the extra and missing moves.
"""

import random

import pytest

import ddz_fast
from ddz_fast._rules import FIELDS
from helpers import (
    HANDS, LEAD_TABLE, MOST_LEADS, PLAIN_PRESETS, SEEDS, SWITCH_DEFAULTS, WILD_PRESETS, agrees,
    as_tuples, check_batch, expected, hand_text, prevs_for, switches_of, to_move,
)
from oracles import reference
from oracles.leads_table import RULE_SETS, lead_digest, lead_sets

RULES = PLAIN_PRESETS     # (the wild-card presets' moves: test_wilds.py)
MAX_RECOMPUTED = 20     # failing hands whose leads the response tests may ask the reference for


@pytest.fixture(scope="module")
def engine_leads():
    """The engine's leads of every hand, per rule set, as lists of reference tuples."""
    return {rules: [as_tuples(ddz_fast.legal_moves(list(hand), rules=RULES[rules]))
                    for hand in HANDS]
            for rules in RULES}


@pytest.fixture(scope="module")
def leads_by_rules(engine_leads):
    """Reference leads of every hand, per rule set. Where the engine's leads of a hand agree
    with the table (no move twice, the same number and the same sha256 digest of the sorted
    moves), they ARE the reference's leads, so they stand for them; where they do not (which
    test_leads_match_reference reports), the reference runs again on that hand."""
    result = {}
    for rules in RULES:
        leads = [set(got) if agrees(i, rules, got) else None
                 for i, got in enumerate(engine_leads[rules])]
        wrong = [i for i, moves in enumerate(leads) if moves is None]
        if len(wrong) > MAX_RECOMPUTED:
            pytest.fail(f"{len(wrong)} hands have leads other than the reference's under {rules}: "
                        "too many to recompute (see test_leads_match_reference)")
        for i in wrong:
            leads[i] = lead_sets(HANDS[i])[rules]
        result[rules] = leads
    return result


def test_the_table_is_of_these_hands():
    assert RULE_SETS == tuple(RULES)
    assert [(seed, size) for seed, size, *_ in LEAD_TABLE] == SEEDS
    assert [text for _, _, text, *_ in LEAD_TABLE] == [hand_text(hand) for hand in HANDS]
    assert all(len(row) == 3 + 2 * len(RULES) for row in LEAD_TABLE)


def test_the_presets_are_the_references():
    """Each preset's switches that decide what a combination is are the reference's preset;
    every other field of Rules changes no combination (a new one must be added to both), but
    the wild cards', which oracles/reference_wilds.py reads, and the four-player game's, which
    oracles/reference_four.py reads (cards_moves/test_two_decks.py)."""
    for name, rules in RULES.items():
        assert switches_of(rules) == reference.PRESETS[name], name
    # the wild-card presets' combinations are standard's (test_wilds.py checks them so)
    assert WILD_PRESETS and all(switches_of(rules) == reference.PRESETS["standard"]
                                for rules in WILD_PRESETS.values())
    assert {field.name for field in FIELDS} - set(SWITCH_DEFAULTS) == {
        "auction", "all_pass", "scoring", "spring", "shuttle_bombs", "wilds", "bomb_order",
        "soft_bomb_multiplier", "hard_bomb_multiplier", "pure_bomb_multiplier",
        "rocket_multiplier", "long_bombs", "players", "sides", "attachments", "joker_pairs",
        "bomb_ranking"}


def test_the_table_agrees_with_the_reference_now():
    """Recompute part of the table with today's reference: the first and last hand, and for
    each preset the first hand whose leads differ from standard's, that preset's leads also
    enumerated directly (the table keeps the leads under reference.LOOSEST that it reads)."""
    def recompute(i, names):
        sets = lead_sets(HANDS[i])
        for name in names:
            assert (len(sets[name]), lead_digest(sets[name])) == expected(i, name), (
                f"deal{SEEDS[i]} under {name}: the table is not today's reference's; "
                "rewrite it with tests/oracles/data/make_reference_table.py")
        return sets

    recompute(0, RULES)
    recompute(len(HANDS) - 1, RULES)
    for name, switches in reference.PRESETS.items():
        if switches:
            i = next(i for i, row in enumerate(LEAD_TABLE)
                     if expected(i, name) != tuple(row[3:5]))
            sets = recompute(i, [name])
            assert sets[name] == reference.leads(HANDS[i], **switches), f"deal{SEEDS[i]}"


def test_the_digest_sees_any_changed_move():
    moves = sorted(reference.leads(reference.parse("33334445556677889BR")))
    digest = lead_digest(moves)
    assert len(moves) == 207 and len({m[0] for m in moves}) == 14   # every kind
    assert lead_digest(random.Random(1).sample(moves, len(moves))) == digest   # any order
    changed = set()
    for i, (kind, length, main, cards) in enumerate(moves):
        other_kind = "pair" if kind != "pair" else "single"
        one_more = tuple(c + (r == main) for r, c in enumerate(cards))
        for move in ((other_kind, length, main, cards), (kind, length + 1, main, cards),
                     (kind, length, main + 1, cards), (kind, length, main, one_more)):
            changed.add(lead_digest(moves[:i] + [move] + moves[i + 1:]))
        changed.add(lead_digest(moves[:i] + moves[i + 1:]))                  # one move dropped
    changed.add(lead_digest(moves + moves[:1]))                              # one move twice
    assert digest not in changed and len(changed) == 5 * len(moves) + 1


@pytest.mark.slow
def test_a_changed_lead_set_disagrees_with_the_table(engine_leads):
    i = 1000
    got = engine_leads["standard"][i]
    assert agrees(i, "standard", got)
    kind, length, main, cards = got[0]
    assert not agrees(i, "standard", got[1:])
    assert not agrees(i, "standard", got + got[:1])
    assert not agrees(i, "standard", [(kind, length, main + 1, cards)] + got[1:])


def report(mismatches):
    lines = [f"{len(mismatches)} mismatches; first ones:"]
    for what, extra, missing in mismatches[:5]:
        lines.append(f"  {what}: extra {sorted(extra)[:4]} missing {sorted(missing)[:4]}")
    return "\n".join(lines)


def explain(wrong, rules, leads):
    """The first failing hands' extra, missing and repeated moves, from the reference run again."""
    lines = [f"{len(wrong)} hands' leads differ from the reference's under {rules}; first ones:"]
    for i in wrong[:5]:
        got, reference_leads = leads[i], lead_sets(HANDS[i])[rules]
        extra, missing = set(got) - reference_leads, reference_leads - set(got)
        twice = sorted({m for m in got if got.count(m) > 1})
        seed, size = SEEDS[i]
        lines.append(f"  deal({seed}, {size}) {hand_text(HANDS[i])}: {len(extra)} extra "
                     f"{sorted(extra)[:4]}, {len(missing)} missing {sorted(missing)[:4]}"
                     + (f", {len(twice)} twice {twice[:4]}" if twice else ""))
        if not extra and not missing and not twice:
            lines.append("    which is the reference's today: "
                         "tests/oracles/data/reference_leads.json is stale; "
                         "rewrite it with tests/oracles/data/make_reference_table.py")
    return "\n".join(lines)


@pytest.mark.parametrize("rules", RULES)
def test_leads_match_reference(rules, engine_leads):
    leads = engine_leads[rules]
    wrong = [i for i, got in enumerate(leads) if not agrees(i, rules, got)]
    assert not wrong, explain(wrong, rules, leads)


@pytest.mark.parametrize("rules", RULES)
def test_responses_match_reference(rules, leads_by_rules):
    leads = leads_by_rules[rules]
    mismatches, checked, nonempty = [], 0, 0
    for i, hand in enumerate(HANDS):
        for prev in prevs_for(i, leads):
            expected = reference.responses(leads[i], prev)
            got = as_tuples(ddz_fast.legal_moves(list(hand), to_move(prev, RULES[rules]),
                                                 rules=RULES[rules]))
            assert len(got) == len(set(got)), f"duplicate moves for {hand} on {prev}"
            if set(got) != expected:
                mismatches.append(((hand, prev), set(got) - expected, expected - set(got)))
            checked += 1
            nonempty += bool(expected)
    assert not mismatches, report(mismatches)
    assert checked > 10_000 and nonempty > checked // 2  # the draw does exercise answers


@pytest.mark.parametrize("rules", RULES)
def test_batch_matches_reference(rules, leads_by_rules):
    """The batch API on every hand at once, half leading and half answering."""
    check_batch(HANDS, leads_by_rules[rules], RULES[rules])


# --- the rule switches, hand-picked --------------------------------------------------------------

# Rule sets as the reference's switches: every preset, and the defaults with one flag flipped
# (the shuttle's switches: test_shuttles.py).
SWITCH_SETS = {**reference.PRESETS, **{
    name: {name: not default} for name, default in SWITCH_DEFAULTS.items()
    if isinstance(default, bool)}}

# (cards, readings under standard, {rule set: readings there where they differ}), the readings
# written from the rules (RULES.md 5 and the switches' meanings), never from either program.
# Ranks: 3=0 4=1 5=2 6=3 7=4 ... J=8 Q=9 K=10 A=11 2=12 B=13 R=14.
PLANE4 = ("plane", 4, 3)
READINGS = [
    # two single kickers of one rank
    ("333355", set(), {"distinct_four_two_singles": {("four_two_singles", 1, 0)},
                       "rlcard": {("four_two_singles", 1, 0)},
                       "douzero": {("four_two_singles", 1, 0)}}),
    ("33335555", set(), {}),      # ... is about singles: two pairs still differ
    # no four with two
    ("333345", {("four_two_singles", 1, 0)}, {"four_with_two": set(), "openspiel": set()}),
    ("33334455", {("four_two_pairs", 1, 0)}, {"four_with_two": set(), "openspiel": set()}),
    ("3333", {("bomb", 1, 0)}, {}),
    # both jokers as kickers
    ("3333BR", set(), {"rocket_kickers": {("four_two_singles", 1, 0)},
                       "douzero": {("four_two_singles", 1, 0)}}),
    ("333444BR", set(), {"rocket_kickers": {("plane_singles", 2, 1)},
                         "douzero": {("plane_singles", 2, 1)}}),
    ("3334445556BR", set(), {"rocket_kickers": {("plane_singles", 3, 2)},
                             "douzero": {("plane_singles", 3, 2)}}),
    ("33334444BR", set(), {}),    # pairs are never jokers
    ("BR", {("rocket", 1, 14)}, {}),
    # repeated single kickers
    ("33344455", {("plane_singles", 2, 1)}, {"distinct_single_wings": set(), "strict": set()}),
    # four of a rank among a plane's single kickers
    ("3334445556662222", {("plane_singles", 4, 3)}, {"quad_wings": set(), "rlcard": set(),
                                                     "openspiel": set(),
                                                     "distinct_single_wings": set(),
                                                     "strict": set()}),
    ("333444555222", {("plane_singles", 3, 2)}, {"distinct_single_wings": set(),
                                                 "strict": set()}),
    # three cards next to the plane among its single kickers: 666 above 333444555, 333 below
    # 444555666 (each would lengthen it)
    ("333444555666", {PLANE4, ("plane_singles", 3, 2), ("plane_singles", 3, 3)},
     {"extending_wings": {PLANE4}, "rlcard": {PLANE4}, "douzero": {PLANE4},
      "distinct_single_wings": {PLANE4}, "strict": {PLANE4}}),
    ("3334445556667778", {("plane_singles", 4, 3), ("plane_singles", 4, 4)},
     {"extending_wings": set(), "rlcard": set(), "douzero": set(),
      "distinct_single_wings": set(), "strict": set()}),
    ("3333444555666777", {("plane_singles", 4, 4)},     # four next to it: three of them too
     {"extending_wings": set(), "quad_wings": set(), "rlcard": set(), "douzero": set(),
      "openspiel": set(), "distinct_single_wings": set(), "strict": set()}),
    ("JJJQQQKKKAAA", {("plane", 4, 11), ("plane_singles", 3, 10), ("plane_singles", 3, 11)},
     {"extending_wings": {("plane", 4, 11)}, "rlcard": {("plane", 4, 11)},
      "douzero": {("plane", 4, 11)}, "distinct_single_wings": {("plane", 4, 11)},
      "strict": {("plane", 4, 11)}}),
    # ... but not three of a rank apart from it, nor two next to it, nor 2s: no chain holds them
    ("333444555777", {("plane_singles", 3, 2)}, {"distinct_single_wings": set(), "strict": set()}),
    ("333444555667", {("plane_singles", 3, 2)}, {"distinct_single_wings": set(), "strict": set()}),
    ("QQQKKKAAA222", {("plane_singles", 3, 11)}, {"distinct_single_wings": set(),
                                                  "strict": set()}),
]


@pytest.mark.parametrize("cards, standard, changed", READINGS, ids=[r[0] for r in READINGS])
def test_switch_readings(cards, standard, changed):
    assert set(changed) <= set(SWITCH_SETS)
    for name, switches in SWITCH_SETS.items():
        want = changed.get(name, standard)
        assert reference.readings(reference.parse(cards), **switches) == want, name
        assert want <= reference.readings(reference.parse(cards), **reference.LOOSEST)
        got = ddz_fast.classify(cards, rules=ddz_fast.Rules(**switches))
        assert {(str(m.kind), m.length, m.main) for m in got} == want, name
        assert len(got) == len(want)


# Hands that hold the cases above at once, for whole lead and answer sets.
EDGE_HANDS = ["3333444555666777BR", "3334445556662222BR", "JJJQQQKKKAAA2222BR",
              "3333445555667BR", "3334445556667778"]


@pytest.mark.parametrize("name", SWITCH_SETS)
def test_switch_leads_and_answers(name):
    """Every lead, and every answer to every lead of the other edge hands, of each edge hand
    under each rule set, against the reference."""
    switches = SWITCH_SETS[name]
    rules = ddz_fast.Rules(**switches)
    leads = {hand: reference.leads(reference.parse(hand), **switches) for hand in EDGE_HANDS}
    assert sum(len(moves) for moves in leads.values()) > 500
    answered = 0
    for hand, moves in leads.items():
        got = as_tuples(ddz_fast.legal_moves(hand, rules=rules))
        assert len(got) == len(set(got)) and set(got) == moves, (hand, set(got) ^ moves)
        for other, prevs in leads.items():
            if other == hand:
                continue
            for prev in prevs:
                want = reference.responses(moves, prev)
                got = as_tuples(ddz_fast.legal_moves(hand, to_move(prev, rules), rules=rules))
                assert len(got) == len(set(got)) and set(got) == want, (hand, prev)
                answered += bool(want)
    assert answered > 2000    # the switches' kinds answer each other: see EDGE_HANDS


def test_the_hand_with_the_most_leads_matches_under_every_preset():
    # bench/max_moves.py scans every 20-card hand; under each preset this one has the most.
    hand = "3456789TJJJQQQKKKAAA"
    sets = lead_sets(reference.parse(hand))
    for name, rules in RULES.items():
        got = as_tuples(ddz_fast.legal_moves(hand, rules=rules))
        assert len(got) == len(sets[name]) == MOST_LEADS[name][1] and set(got) == sets[name]
