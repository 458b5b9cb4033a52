"""Encoding.action_features: RLCard's get_action_feature for every id of its space (the peer
itself), 15 rank counts for compact (read from each id's Move; in wild-card spaces also the
Move's wild-card fields), the 54 cards that Tables' DouZero x_batch rows carry along the CSR
legal ids, and the checks."""

import numpy as np
import pytest

from ddz_fast import PASS, ActionSpace, EncodingError, Game, Tables, UnsupportedRulesError
from ddz_fast.encodings import COMPACT, DOUZERO, OPENSPIEL, RLCARD


def test_rlcard_equals_get_action_feature(rl):
    import rlcard
    env = rlcard.make("doudizhu")
    space = ActionSpace("rlcard")
    ids = np.arange(len(space))
    theirs = np.array([env.get_action_feature(int(i)) for i in ids])
    assert RLCARD.action_features(space, ids).tobytes() == theirs.astype(np.int8).tobytes()
    assert np.array_equal(DOUZERO.action_features(space, ids), theirs)


@pytest.mark.parametrize("preset", ["standard", "openspiel"])
def test_compact_counts(preset):
    space = ActionSpace(preset)
    ids = np.arange(len(space))[::-1]           # any order: rows follow ids
    features = COMPACT.action_features(space, ids.astype(np.int32))
    assert features.shape == (len(space), 15) and features.dtype == np.int8
    for row, i in zip(features, ids.tolist()):
        action = space.action(i)
        expected = list(action.counts) if not (action == PASS or isinstance(action, int)) \
            else [0] * 15
        assert row.tolist() == expected


@pytest.mark.parametrize("preset", ["laizi", "tiandi_laizi"])
def test_compact_wild_features(preset):
    """32 columns in a wild-card space: the counts of the cards the move stands for, the counts
    of its substitutes, its second-rank wild cards, pure-wild; on the legal ids of seeded games
    and on ids drawn over the whole space."""
    space = ActionSpace(preset)
    rng = np.random.default_rng(5)
    ids = rng.integers(0, len(space), 3000).tolist() + [space.pass_id, *space.bid_ids]
    for seed in range(3):
        game = Game(seed, rules=preset)
        while game.phase != "over":
            legal = space.legal_ids(game)
            ids += legal.tolist()
            action = space.action(int(rng.choice(legal)))
            if game.phase == "auction":
                game.bid(0 if action == PASS else action)
            else:
                game.play(action)
    features = COMPACT.action_features(space, np.array(ids))
    assert features.shape == (len(ids), 32) and features.dtype == np.int8
    for row, i in zip(features, ids):
        action = space.action(i)
        expected = [0] * 32
        if not (action == PASS or isinstance(action, int)):
            expected[:15] = action.counts.tolist()
            for rank in action.substitutes:
                expected[15 + "3456789TJQKA2".index(rank)] += 1
            expected[30:] = [action.second_wilds, int(action.pure_wild)]
        assert row.tolist() == expected, (i, action)
    with pytest.raises(UnsupportedRulesError, match="the rlcard encoding's action features"):
        RLCARD.action_features(space, [0])
    with pytest.raises(ValueError, match=rf"ids\[0\] must be an action id in 0..{len(space) - 1}"):
        COMPACT.action_features(space, [len(space)])


def test_aligned_with_tables_x_batch():
    """Tables' douzero x_batch rows end in the action's 54 cards (at 319:373 for the landlord,
    430:484 for a farmer): action_features of the CSR legal ids are those columns."""
    tables = Tables(16, rules="douzero", observation="douzero", seed=2)
    obs, info = tables.reset()
    rng = np.random.default_rng(2)
    checked = 0
    for _ in range(60):
        offsets, ids = info["legal_offsets"], info["legal_ids"]
        features = DOUZERO.action_features(tables.space, ids)
        for i in range(16):
            rows = slice(offsets[i], offsets[i + 1])
            start = 319 if info["role"][i] == 0 else 430
            assert np.array_equal(obs["x_batch"][rows, start:start + 54], features[rows])
            checked += offsets[i + 1] - offsets[i]
        counts = np.diff(offsets)
        pick = offsets[:-1] + rng.integers(0, np.maximum(counts, 1))
        actions = np.where(counts > 0, ids[np.minimum(pick, max(len(ids) - 1, 0))], 0)
        obs, rewards, terminated, truncated, info = tables.step(actions)
    assert checked > 1000


def test_checks():
    space = ActionSpace("standard")
    assert RLCARD.action_features(space, np.zeros(0, np.int64)).shape == (0, 54)
    with pytest.raises(EncodingError, match="the openspiel scheme has no action features"):
        OPENSPIEL.action_features(space, [0])
    with pytest.raises(TypeError, match="space must be an ActionSpace, not str"):
        RLCARD.action_features("standard", [0])
    with pytest.raises(ValueError, match=r"ids\[1\] must be an action id in 0..\d+ of "
                                         r"ActionSpace\('standard'\), not -1"):
        RLCARD.action_features(space, [0, -1])
    with pytest.raises(ValueError, match="ids must be a 1-d integer array"):
        COMPACT.action_features(space, [0.5])
