"""ddz_fast against the pure-Python reference on seeded random deals, under both rule sets.

The reference needs minutes for the leads of these 2,000 hands (it classifies every
sub-multiset), so its answers are precomputed in tests/data/reference_leads.json by
tests/data/make_reference_table.py: per hand and rule set, the number of leads and a digest
of them. The engine's leads of each hand must have the same number and digest; where they do
not, the reference runs again on the failing hands to name the extra and missing moves."""

import random

import numpy as np
import pytest

import ddz_fast
import reference
from helpers import as_tuples, deal, hand_text, to_move
from make_reference_table import RULE_SETS, lead_digest, lead_sets, load

SEEDS = [(seed, 17) for seed in range(1000)] + [(seed, 20) for seed in range(1000, 2000)]
HANDS = [deal(seed, size) for seed, size in SEEDS]
TABLE = load()
RULES = {
    "default": ddz_fast.Rules(),
    "distinct_single_wings": ddz_fast.Rules(distinct_single_wings=True),
}
MAX_RECOMPUTED = 20     # failing hands whose leads the response tests may ask the reference for


def expected(i, rules):
    """(number of leads, digest) of the reference's leads of HANDS[i] under `rules`."""
    column = 3 + 2 * RULE_SETS.index(rules)
    return tuple(TABLE[i][column:column + 2])


def agrees(i, rules, got):
    """The moves `got` (reference tuples) hold no move twice and have the reference's number
    of leads and digest for HANDS[i] under `rules`."""
    return len(got) == len(set(got)) and (len(got), lead_digest(got)) == expected(i, rules)


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
    assert [(seed, size) for seed, size, *_ in TABLE] == SEEDS
    assert [text for _, _, text, *_ in TABLE] == [hand_text(hand) for hand in HANDS]
    assert all(len(row) == 3 + 2 * len(RULES) for row in TABLE)


def test_the_table_agrees_with_the_reference_now():
    """Recompute part of the table with today's reference: the first and last hand of each
    size and the first of each size where the rule sets differ, reading distinct_single_wings
    both as the table does (a filter of the default leads) and directly."""
    differ = [i for i, row in enumerate(TABLE) if row[3:5] != row[5:7]]
    sample = {0, 999, 1000, 1999, differ[0], next(i for i in differ if i >= 1000)}
    for i in sorted(sample):
        sets = lead_sets(HANDS[i])
        directly = reference.leads(HANDS[i], distinct_single_wings=True)
        assert sets["distinct_single_wings"] == directly, f"deal{SEEDS[i]}"
        for rules in RULES:
            assert (len(sets[rules]), lead_digest(sets[rules])) == expected(i, rules), (
                f"deal{SEEDS[i]} under {rules}: the table is not today's reference's; "
                "rewrite it with tests/data/make_reference_table.py")


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


def test_a_changed_lead_set_disagrees_with_the_table(engine_leads):
    i = 1000
    got = engine_leads["default"][i]
    assert agrees(i, "default", got)
    kind, length, main, cards = got[0]
    assert not agrees(i, "default", got[1:])
    assert not agrees(i, "default", got + got[:1])
    assert not agrees(i, "default", [(kind, length, main + 1, cards)] + got[1:])


def prevs_for(i, leads):
    """Previous moves for hand i, drawn from another hand's leads: a few at random, and one of
    each kind that hand i can lead too (so that same-kind answers are exercised)."""
    rng = random.Random(i)
    other = sorted(leads[(i + 1) % len(leads)])
    picked = rng.sample(other, min(3, len(other)))
    own_kinds = {m[0] for m in leads[i]}
    for kind in sorted(own_kinds):
        same = [m for m in other if m[0] == kind]
        if same:
            picked.append(rng.choice(same))
    return picked


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
            lines.append("    which is the reference's today: tests/data/reference_leads.json is "
                         "stale; rewrite it with tests/data/make_reference_table.py")
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
            got = as_tuples(ddz_fast.legal_moves(list(hand), to_move(prev), rules=RULES[rules]))
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
    leads = leads_by_rules[rules]
    prevs = np.zeros(len(HANDS), dtype=ddz_fast.MOVE_DTYPE)
    expected = []
    for i in range(len(HANDS)):
        if i % 2:
            prev = prevs_for(i, leads)[-1]
            move = to_move(prev)
            prevs[i] = move.row
            expected.append(reference.responses(leads[i], prev))
        else:
            expected.append(leads[i])
    offsets, moves = ddz_fast.legal_moves_batch(np.array(HANDS, dtype=np.uint8), prevs,
                                                rules=RULES[rules])
    counts = ddz_fast.legal_move_counts(np.array(HANDS), prevs, rules=RULES[rules])
    assert np.array_equal(np.diff(offsets), counts)
    for i in range(len(HANDS)):
        got = as_tuples(moves[offsets[i]:offsets[i + 1]])
        assert len(got) == len(set(got))
        assert set(got) == expected[i], (HANDS[i], prevs[i])
