"""The adapter traps of issue 27, each with its regression test: make_vec's sync and async
modes stack the single env's infos; policies over the CSR legal ids are safe at finished
tables under next_step; one reward convention in every adapter; the single env takes every
scheme; Tables' episode index replays any game."""

import random

import numpy as np
import pytest

from ddz_fast import PASS, ActionSpace, Game, Rules, Tables
from ddz_fast.encodings import COMPACT, OPENSPIEL
from ddz_fast.segments import csr_from_padded, segment_argmax, segment_sample, segment_softmax, take
from table_helpers import Mirror


@pytest.fixture(scope="module")
def gyms(gym):
    import ddz_fast.envs.gymnasium as module
    return module


@pytest.fixture(scope="module")
def zoo(pz):
    import ddz_fast.envs.pettingzoo as module
    return module


def single_legal(info, width):
    ids, count = info["legal_ids"], info["legal_count"]
    assert ids.shape == (width,) and (ids[count:] == -1).all()
    return ids[:count]


@pytest.mark.parametrize("mode", ["sync", "async"])
@pytest.mark.parametrize("kwargs", [{"observation": "compact", "seat": 1},
                                    {"rules": "standard", "observation": "openspiel", "seat": 2},
                                    {"rules": "douzero", "observation": "douzero"}],
                         ids=["rlcard-compact", "standard-openspiel", "douzero"])
def test_make_vec_sync_and_async(gyms, gym, mode, kwargs):
    """make_vec(..., "sync" | "async") vectorises the single env: step for step the same
    observations, rewards, flags and legal ids as n single envs stepped by hand on the same
    seeds (Gymnasium seeds env i with seed + i; next_step autoreset), and the legal ids are
    ActionSpace's of the live game. On main the stacking raised or broadcast one id over a
    row."""
    n, seed = 3, 21
    envs = gym.make_vec(gyms.ENV_ID, num_envs=n, vectorization_mode=mode, **kwargs)
    singles = [gyms.DouDizhuEnv(**kwargs) for _ in range(n)]
    space = singles[0].space
    try:
        observation, info = envs.reset(seed=seed)
        references = [single.reset(seed=seed + i) for i, single in enumerate(singles)]
        rng = random.Random(mode)
        pending = [False] * n
        ended = 0
        for _ in range(120 if mode == "async" else 300):
            offsets, ids = csr_from_padded(info["legal_ids"], info["legal_count"])
            for i, (single, (obs, single_info)) in enumerate(zip(singles, references)):
                for key in obs:
                    assert np.array_equal(observation[key][i], obs[key]), key
                legal = single_legal(single_info, gyms.LEGAL_WIDTH)
                assert ids[offsets[i]:offsets[i + 1]].tolist() == legal.tolist()
                if not pending[i]:
                    assert legal.tolist() == space.legal_ids(single.game).tolist()
            actions = np.array([rng.choice(ids[offsets[i]:offsets[i + 1]].tolist() or [0])
                                for i in range(n)])
            observation, reward, terminated, truncated, info = envs.step(actions)
            for i, single in enumerate(singles):
                if pending[i]:                  # next_step: this step reset env i
                    references[i] = single.reset()
                    expected = (0.0, False, False)
                else:
                    obs, r, te, tr, single_info = single.step(int(actions[i]))
                    references[i] = obs, single_info
                    expected = (r, te, tr)
                assert (reward[i], terminated[i], truncated[i]) == expected
            pending = list(terminated | truncated)
            ended += sum(pending)
        assert ended >= 3
    finally:
        envs.close()


def test_policies_are_safe_at_finished_tables():
    """next_step: a table whose game just ended has an empty CSR segment. The documented
    policies (greedy, softmax sampling, uniform) over segment helpers and take() choose a
    legal id at every other table and 0 there, never reading a neighbour's id; README's old
    ids[offsets[:-1]] would have (or raised IndexError)."""
    n = 5
    tables = Tables(n, rules="rlcard", observation="compact", seed=3)    # illegal_action="raise"
    obs, info = tables.reset()
    rng = np.random.default_rng(3)
    empty_seen = wrong_old = 0
    for step in range(600):
        offsets, ids = info["legal_offsets"], info["legal_ids"]
        counts = np.diff(offsets)
        empty_seen += int((counts == 0).sum())
        values = rng.normal(size=len(ids)).astype(np.float32)
        policy = step % 3
        if policy == 0:
            rows = segment_argmax(offsets, values)
        elif policy == 1:
            rows = segment_sample(offsets, rng, segment_softmax(offsets, values))
        else:
            rows = segment_sample(offsets, rng)
        actions = take(ids, rows)
        for i in range(n):
            segment = ids[offsets[i]:offsets[i + 1]].tolist()
            assert (actions[i] in segment) if segment else (rows[i] == -1 and actions[i] == 0)
            if not segment and offsets[i] < len(ids):
                wrong_old += 1                  # ids[offsets[i]] is table i + 1's
        obs, rewards, terminated, truncated, info = tables.step(actions)
    assert empty_seen >= 10 and wrong_old >= 5


def test_one_reward_convention(gyms, zoo):
    """The same deal and ids pay the same in every adapter: the rules' Result.scores (the
    rlcard preset's 1 / 0, RLCard's payoffs); PettingZoo's v4_rewards=True pays v4's +-1."""
    rules = Rules.preset("rlcard")
    space = ActionSpace(rules)
    for seed in range(30):
        game = Game(seed, rules=rules)
        rng = random.Random(seed)
        ids = []
        while game.phase != "over":
            legal = space.legal_ids(game).tolist()
            ids.append(rng.choice(legal))
            game.play(space.action(ids[-1]))
        scores = [float(s) for s in game.result.scores]
        assert sorted(scores) in ([0.0, 0.0, 1.0], [0.0, 1.0, 1.0])
        for v4 in (False, True):                # PettingZoo
            env = zoo.env(v4_rewards=v4)
            env.reset(seed=seed)
            for action in ids:
                env.step(action)
            assert list(env.rewards.values()) == [2 * s - 1 if v4 else s for s in scores]
        for seat in range(3):                   # the single env, the others replayed
            env = gyms.DouDizhuEnv(seat=seat, opponents=[Replay(ids), Replay(ids)])
            env.reset(seed=seed)
            terminated = False
            while not terminated:
                _, reward, terminated, _, _ = env.step(ids[len(env.unwrapped.game.history)])
            assert reward == scores[seat]


class Replay:
    """An opponent that plays a recorded game's ids."""

    def __init__(self, ids):
        self.ids = ids

    def __call__(self, game):
        space = ActionSpace(game.rules)
        return space.action(self.ids[len(game.history)])


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_vector_env_pays_the_same(gyms, seat):
    """The vector env's reward is Result.scores[seat] of each table's game (Tables' deals,
    replayed as plain Games), as the single env's is of its own."""
    n, seed = 4, 8
    env = gyms.DouDizhuVectorEnv(n, observation="compact", seat=seat)
    mirrors = [Mirror(seed, i, env.tables.rules) for i in range(n)]
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    paid = []
    for _ in range(300):
        actions = take(info["legal_ids"], segment_sample(info["legal_offsets"], rng))
        expected = []
        for i, mirror in enumerate(mirrors):
            if mirror.over:
                mirror.start()
                expected.append(0.0)
            else:
                expected.append(mirror.apply(env.tables.space, int(actions[i]), "raise")[0][seat])
        observation, reward, terminated, truncated, info = env.step(actions)
        assert reward.tolist() == expected
        paid.extend(reward[terminated].tolist())
    assert set(paid) == {0.0, 1.0}


def test_single_env_takes_every_scheme(gyms, gym):
    """observation="compact" (refused on main) under rules with an auction and without:
    check_env passes, the observation is COMPACT.encode's and its Box holds it."""
    from gymnasium.utils.env_checker import check_env
    for rules, seat in (("rlcard", 1), ("standard", 0)):
        env = gyms.DouDizhuEnv(rules=rules, observation="compact", seat=seat)
        check_env(env, skip_render_check=True)
        obs, info = env.reset(seed=4)
        assert np.array_equal(obs["observation"], COMPACT.encode(env.game, seat))
        assert env.observation_space.contains(obs)
    env = gyms.DouDizhuEnv(rules="openspiel", observation=OPENSPIEL)
    assert env.observation_space["observation"].shape == (159,)


@pytest.mark.parametrize("autoreset", ["next_step", "same_step", "disabled"])
def test_episode_index_replays_every_game(autoreset):
    """info["episode_index"][i] is the k of Game(Tables.deal_seed(tables.seed, i, k)): every
    game's ids, replayed on that Game, give the rewards Tables paid. A reseeding reset counts
    from 0 again, a reset without a seed goes on."""
    n = 4
    tables = Tables(n, rules="standard", observation="compact", seed=5, autoreset=autoreset)
    obs, info = tables.reset()
    assert info["episode_index"].tolist() == [0] * n
    rng = np.random.default_rng(5)
    played = [[] for _ in range(n)]
    replayed = 0
    space = tables.space
    for _ in range(400):
        index = info["episode_index"].copy()
        resetting = np.diff(info["legal_offsets"]) == 0     # next_step: the reset step
        actions = take(info["legal_ids"], segment_sample(info["legal_offsets"], rng))
        obs, rewards, terminated, truncated, info = tables.step(actions)
        ended_index = info["final_info"]["episode_index"] if autoreset == "same_step" else \
            info["episode_index"]
        for i in range(n):
            if resetting[i]:
                assert not terminated[i] and info["episode_index"][i] == index[i] + 1
                continue
            played[i].append(int(actions[i]))
            if terminated[i]:
                assert ended_index[i] == index[i]
                game = Game(Tables.deal_seed(tables.seed, i, int(index[i])), rules=tables.rules)
                for action in played[i]:
                    act = space.action(action)
                    if game.phase == "auction":
                        game.bid(0 if act == PASS else act)
                    else:
                        game.play(act)
                assert list(game.result.scores) == rewards[i].tolist()
                played[i] = []
                replayed += 1
        if autoreset == "disabled" and terminated.any():
            obs, info = tables.reset(options={"reset_mask": terminated.copy()})
    assert replayed >= 8
    k = info["episode_index"].copy()
    obs, info = tables.reset()
    assert (info["episode_index"] == k + 1).all()
    obs, info = tables.reset(seed=5)
    assert info["episode_index"].tolist() == [0] * n
