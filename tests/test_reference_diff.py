"""ddz_fast against the pure-Python reference on seeded random deals, under both rule sets."""

import random

import numpy as np
import pytest

import ddz_fast
import reference
from helpers import as_tuples, deal, to_move

HANDS = [deal(seed, 17) for seed in range(1000)] + [deal(seed, 20) for seed in range(1000, 2000)]
RULES = {
    "default": ddz_fast.Rules(),
    "distinct_single_wings": ddz_fast.Rules(distinct_single_wings=True),
}


@pytest.fixture(scope="module")
def leads_by_rules(reference_leads):
    """Reference leads of every hand, per rule set."""
    default = reference_leads(HANDS)
    distinct = [{m for m in moves if not reference.has_repeated_wings(m)} for moves in default]
    return {"default": default, "distinct_single_wings": distinct}


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


@pytest.mark.parametrize("rules", RULES)
def test_leads_match_reference(rules, leads_by_rules):
    mismatches = []
    for hand, expected in zip(HANDS, leads_by_rules[rules]):
        got = as_tuples(ddz_fast.legal_moves(list(hand), rules=RULES[rules]))
        assert len(got) == len(set(got)), f"duplicate moves for {hand}"
        if set(got) != expected:
            mismatches.append((hand, set(got) - expected, expected - set(got)))
    assert not mismatches, report(mismatches)


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
            prevs[i] = (move.kind.code, move.length, move.main, move.packed)
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
