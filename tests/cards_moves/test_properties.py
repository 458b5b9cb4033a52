"""Properties that tie the engine's paths together, on random hands of every size."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ddz_fast
from ddz_fast import Move, Rules, beats, classify, legal_move_counts, legal_moves, legal_moves_batch
from helpers import DECK, as_tuples

RULE_SETS = [Rules(), Rules(distinct_single_wings=True)]


def random_hands(count, seed):
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        cards = rng.sample(DECK, rng.randint(0, 20))
        hands.append([cards.count(r) for r in range(15)])
    return hands


HANDS = random_hands(3000, seed=7)


@st.composite
def hands(draw):
    """Any valid hand: rank counts within the deck, at most 20 cards."""
    counts = [draw(st.integers(0, 4)) for _ in range(13)] + [draw(st.integers(0, 1)) for _ in range(2)]
    while sum(counts) > 20:
        counts[draw(st.sampled_from([r for r in range(15) if counts[r]]))] -= 1
    return counts


def check_hand(counts, prev_pool, rules):
    """Every property of the leads of one hand and of its answers to moves of prev_pool."""
    leads = legal_moves(counts, rules=rules)
    listed = list(leads)
    assert len(set(listed)) == len(listed)
    hand = ddz_fast.Hand(counts)
    for move in listed:
        assert move in classify(move.cards, rules=rules)      # classifies back to itself
        assert move.cards in hand and move in leads
        assert eval(repr(move), {"Move": Move}) == move
    for prev in prev_pool:
        answers = legal_moves(counts, prev, rules=rules)
        expected = [m for m in listed if beats(m, prev)]
        assert list(answers) == expected                   # answers: the leads that beat prev
        for move in prev_pool:
            assert (move in answers) == (move in expected)
    return listed


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_SETS, ids=["default", "distinct"])
def test_properties_on_random_hands(rules):
    rng = random.Random(1)
    pool = []
    for counts in HANDS:
        listed = check_hand(counts, rng.sample(pool, min(4, len(pool))), rules)
        pool.extend(rng.sample(listed, min(3, len(listed))))
        del pool[:-200]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(hands(), hands(), st.integers(0, 1), st.randoms(use_true_random=False))
def test_properties_hypothesis(counts, other, wings, rng):
    rules = RULE_SETS[wings]
    other_leads = list(legal_moves(other, rules=rules))
    check_hand(counts, rng.sample(other_leads, min(5, len(other_leads))), rules)


@pytest.mark.parametrize("rules", RULE_SETS, ids=["default", "distinct"])
def test_batch_agrees_with_single_calls(rules):
    hands = np.array(HANDS, dtype=np.uint8)
    rng = np.random.default_rng(3)
    offsets, leads = legal_moves_batch(hands, rules=rules)
    prevs = np.zeros(len(hands), dtype=ddz_fast.MOVE_DTYPE)
    for i in range(len(hands)):                       # each answers a lead of the next hand
        j = (i + 1) % len(hands)
        if offsets[j + 1] > offsets[j] and i % 3:
            prevs[i] = leads[rng.integers(offsets[j], offsets[j + 1])]
    answer_offsets, answers = legal_moves_batch(hands, prevs, rules=rules)
    assert np.array_equal(np.diff(answer_offsets), legal_move_counts(hands, prevs, rules=rules))
    for i, counts in enumerate(HANDS):
        assert as_tuples(leads[offsets[i]:offsets[i + 1]]) == as_tuples(legal_moves(counts, rules=rules))
        prev = Move.from_row(prevs[i], rules=rules)         # PASS for a lead
        expected = as_tuples(legal_moves(counts, prev, rules=rules))
        assert as_tuples(answers[answer_offsets[i]:answer_offsets[i + 1]]) == expected


def test_parse_round_trips_the_written_form():
    for counts in HANDS[:500]:
        for move in legal_moves(counts):
            text = str(move)
            if "+" in text or len(classify(move.cards)) == 1:
                assert Move.parse(text) == move
