"""The action spaces of the four-player game of two decks (RULES.md 11) against
oracles/reference_four.py: every play of at most 33 cards in the canonical order under both
presets and every switch set, ids both ways, the legal ids and masks of seeded hands (leads
and answers), of seeded games played to their end, and of batches (also from several
threads); spaces and games of another number of players refuse each other."""

import pickle
import random

import numpy as np
import pytest

from ddz_fast import (
    MOVE_DTYPE, PASS, ActionSpace, Game, InvalidCardsError, Move, Rules, UnsupportedRulesError,
    every_play,
)
from helpers import (
    FOUR_PRESETS, FOUR_SWITCH_SETS, canonical_key, deal_two_decks, four_rules, run_threads,
)
from oracles import reference_four as four

# Plays of at most 33 cards (reference_four.leads of both decks), with the pass and three bids.
SIZES = {"four_1v3": 7_955, "four_2v2": 7_773}


def reference_plays(switches):
    return [m for m in four.leads(four.DECK, **switches) if sum(m[3]) <= 33]


def as_ref(move):
    return (move.kind.value, move.length, move.main, tuple(move.counts.tolist()))


def move_of(ref, rules):
    return Move(ref[0], ref[1], ref[2], list(ref[3]), rules=rules)


@pytest.fixture(scope="module")
def spaces():
    return {name: ActionSpace(name) for name in FOUR_PRESETS}


@pytest.mark.parametrize("switches", FOUR_SWITCH_SETS, ids=str)
def test_every_play_is_the_references_in_the_canonical_order(switches):
    plays = every_play(four_rules(switches))
    assert [as_ref(m) for m in plays] == sorted(reference_plays(switches), key=canonical_key)


def test_the_sizes_and_the_head_of_the_presets(spaces):
    for name, space in spaces.items():
        switches = four.PRESETS[name]
        assert len(space) == SIZES[name] == len(reference_plays(switches)) + 4
        assert space.pass_id == 0 and space.bid_ids == (1, 2, 3)
        assert [space.action(i) for i in range(4)] == [PASS, 1, 2, 3]
        assert not space.actions[:4].view(np.uint8).any()
        assert space.rules is Rules.preset(name) and repr(space) == f"ActionSpace({name!r})"
        assert pickle.loads(pickle.dumps(space)) == space
        assert every_play(name) == [space.action(i) for i in range(4, len(space))]


@pytest.mark.parametrize("name", FOUR_PRESETS)
def test_ids_and_actions_round_trip(name, spaces):
    space = spaces[name]
    for i in range(4, len(space)):
        move = space.action(i)
        assert space.id(move) == i == space.id(str(move)) == space.id(Move.from_row(
            space.actions[i], rules=space.rules))
    assert space.id("BBRR") == len(space) - 1 - sum(                 # the rocket, then long bombs
        1 for m in reference_plays(four.PRESETS[name]) if m[0] == "long_bomb")
    assert str(space.action(len(space) - 1)) == "22222222"          # the highest long bomb
    assert "33333" in space and "3+4" not in space and "BR" not in space


def check_ids(space, ids, leads, prev=None):
    """ids (legal ids of a hand that leads, or answers `prev`) are the reference's moves."""
    switches = four.PRESETS[space.name]
    expected = leads if prev is None else four.responses(
        leads, prev, switches.get("bomb_ranking", "size"))
    assert ids.dtype == np.int32 and np.all(np.diff(ids) > 0)
    plays = [i for i in ids.tolist() if i != space.pass_id]
    assert (space.pass_id in ids.tolist()) == (prev is not None)
    assert {as_ref(space.action(i)) for i in plays} == expected and len(plays) == len(expected)


@pytest.mark.parametrize("name", FOUR_PRESETS)
def test_legal_ids_of_hands_match_the_reference(name, spaces):
    """Seeded hands of 33, 25 and 12 cards, leading and answering a lead of every kind in
    turn: the ids and masks are those of the reference's moves."""
    space, switches = spaces[name], four.PRESETS[name]
    rng = random.Random(f"four ids {name}")
    kinds_seen = set()
    for i in range(40):
        hand = deal_two_decks(rng, rng.choice((33, 25, 12)))
        leads = four.leads(hand, **switches)
        text = four.text(hand)
        ids = space.legal_ids(text)
        check_ids(space, ids, leads)
        mask = space.legal_mask(np.array(hand, np.uint8))
        assert mask.dtype == np.bool_ and np.array_equal(np.flatnonzero(mask), ids)
        other = sorted(four.leads(deal_two_decks(rng, 33), **switches))
        kinds = sorted({m[0] for m in other})
        prev = rng.choice([m for m in other if m[0] == kinds[i % len(kinds)]])
        kinds_seen.add(prev[0])
        answers = space.legal_ids(text, move_of(prev, space.rules))
        check_ids(space, answers, leads, prev)
        assert np.array_equal(space.legal_ids(text, four.text(prev[3]) if prev[0] != "rocket"
                                              else "BBRR"), answers)
    assert {"long_bomb", "plane_pairs", "bomb", "pair_chain"} <= kinds_seen


def test_hand_edge_cases(spaces):
    space = spaces["four_1v3"]
    eight = space.legal_ids("33333333BBRR")
    assert {str(space.action(i)) for i in eight} == {
        "3", "33", "333", "3333", "33333", "333333", "3333333", "33333333", "B", "R", "BB",
        "RR", "BBRR", "333+BB", "333+RR"}
    on_bomb = space.legal_ids("33333333BBRR", "22222")              # size, then rank
    assert {str(space.action(i)) for i in on_bomb} == {
        "pass", "333333", "3333333", "33333333", "BBRR"}
    assert space.legal_ids("BBRR", "BBRR").tolist() == [space.pass_id]
    with pytest.raises(InvalidCardsError, match="9 cards of rank 3 in '333333333'; two decks"):
        space.legal_ids("3" * 9)
    with pytest.raises(InvalidCardsError, match="34 cards in '3{8}4{8}5{8}6{8}77'; at most 33"):
        space.legal_mask("3" * 8 + "4" * 8 + "5" * 8 + "6" * 8 + "77")


@pytest.mark.parametrize("name", FOUR_PRESETS)
def test_legal_ids_of_games(name, spaces):
    """Seeded games played to their end by random legal ids: the auction's pass and bids above
    the highest, in play the reference's moves of the hand to move (and the pass where it
    answers), none once over."""
    space = spaces[name]
    switches = four.PRESETS[name]
    rng = random.Random(name)
    phases, decisions = set(), 0
    for seed in range(6):
        game = Game(seed, rules=name)
        while True:
            ids = space.legal_ids(game)
            assert np.array_equal(np.flatnonzero(space.legal_mask(game)), ids)
            phases.add(game.phase)
            if game.phase == "over":
                assert len(ids) == 0
                break
            if game.phase == "auction":
                assert ids.tolist() == [0] + [b for b in (1, 2, 3) if b > game.highest_bid]
            else:
                hand = tuple(game.hands[game.to_move].counts.tolist())
                prev = None if game.last_move is None else as_ref(game.last_move)
                check_ids(space, ids, four.leads(hand, **switches), prev)
                decisions += 1
            action = space.action(rng.choice(ids.tolist()))
            if game.phase == "auction":
                game.bid(0 if action == PASS else action)
            else:
                game.play(action)
    assert phases == {"auction", "play", "over"} and decisions > 150


def test_spaces_and_games_of_other_players_refuse_each_other(spaces):
    four_game = Game(1, rules="four_1v3")
    three_game = Game(1)
    for space, game in ((ActionSpace(), four_game), (spaces["four_1v3"], three_game)):
        for call in (space.legal_ids, space.legal_mask):
            with pytest.raises(UnsupportedRulesError, match=r"players=[34]\)"):
                call(game)


def batch(space, rng, n):
    """n seeded hands of two decks and their prevs (leads, answers to a lead of another hand)."""
    switches = four.PRESETS[space.name]
    hands = np.array([deal_two_decks(rng, rng.choice((33, 25, 9))) for _ in range(n)], np.uint8)
    prevs = np.zeros(n, dtype=MOVE_DTYPE)
    for i in range(n):
        if i % 3:
            options = sorted(four.leads(deal_two_decks(rng, 12), **switches))
            prevs[i] = move_of(rng.choice(options), space.rules).row
    return hands, prevs


@pytest.mark.parametrize("name", FOUR_PRESETS)
def test_batches_are_the_per_position_calls(name, spaces):
    space = spaces[name]
    hands, prevs = batch(space, random.Random(f"batch {name}"), 150)
    for given in (None, prevs):
        offsets, ids = space.legal_ids_batch(hands, given)
        masks = space.legal_mask_batch(hands, given)
        assert offsets.shape == (len(hands) + 1,) and offsets[-1] == len(ids)
        for i, hand in enumerate(hands):
            prev = None if given is None or not given[i]["length"] else Move.from_row(
                given[i], rules=space.rules)
            want = space.legal_ids(hand, prev)
            assert np.array_equal(ids[offsets[i]:offsets[i + 1]], want), i
            assert np.array_equal(np.flatnonzero(masks[i]), want), i
    bad = hands.copy()
    bad[7, 0] = 9
    with pytest.raises(InvalidCardsError, match=r"hands\[7\]"):
        space.legal_ids_batch(bad, prevs)
    with pytest.raises(InvalidCardsError, match=r"hands\[7\]"):
        space.legal_mask_batch(bad)


def test_batches_from_several_threads(spaces):
    space = spaces["four_2v2"]
    hands, prevs = batch(space, random.Random("threads"), 300)
    want_offsets, want_ids = space.legal_ids_batch(hands, prevs)
    want_masks = space.legal_mask_batch(hands, prevs)

    def worker():
        for _ in range(4):
            offsets, ids = space.legal_ids_batch(hands, prevs)
            assert np.array_equal(offsets, want_offsets) and np.array_equal(ids, want_ids)
            assert np.array_equal(space.legal_mask_batch(hands, prevs), want_masks)

    run_threads([worker] * 4)
