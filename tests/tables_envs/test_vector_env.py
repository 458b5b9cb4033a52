"""ddz_fast.envs.vector.DouDizhuVectorEnv: made by gymnasium.make_vec, stepped beside Tables
(same seed, same actions: the same outputs) and beside plain Games (the reward of the env's
seat, every seat's in info, the episode index of each game), each autoreset mode, the spaces against what the env
returns, Gymnasium's vector wrappers, sample_legal, and bad arguments."""

import importlib.util
import os
import random
import subprocess
import sys
import warnings

import numpy as np
import pytest

import ddz_fast
from ddz_fast import (
    ActionSpace, Game, GreedyPlayer, IllegalActionError, RandomPlayer, RulePlayer, Rules, Tables,
)
from ddz_fast.encodings import COMPACT, DOUZERO, OPENSPIEL, RLCARD, CompactEncoding, DouZeroEncoding
from helpers import ROOT, check_rules_argument
from table_helpers import Mirror, expected_row, role_of

SCHEMES = {"compact": COMPACT, "rlcard": RLCARD, "openspiel": OPENSPIEL, "douzero": DOUZERO}
PRESET_OF = {"compact": "standard", "rlcard": "rlcard", "openspiel": "openspiel",
             "douzero": "douzero"}
MODE_NAMES = {"NextStep": "next_step", "SameStep": "same_step", "Disabled": "disabled"}


@pytest.fixture(scope="module")
def vector(gym):
    import ddz_fast.envs.gymnasium  # noqa: F401  (registers the id)
    import ddz_fast.envs.vector as module
    return module


def choose(rng, info, n):
    """A random legal id at each table, drawn here by a loop (not by sample_legal)."""
    offsets, ids = info["legal_offsets"], info["legal_ids"]
    return np.array([int(ids[rng.randrange(offsets[i], offsets[i + 1])])
                     if offsets[i + 1] > offsets[i] else rng.randrange(100) for i in range(n)])


def as_tables_obs(observation, info, douzero):
    """The Tables output that an env observation was made from."""
    if douzero:
        return {"x_no_action": observation["observation"], "z": observation["z"],
                "x_batch": info["x_batch"]}
    return observation["observation"]


def equal(a, b):
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(equal(a[k], b[k]) for k in a)
    return np.array_equal(a, b) and a.dtype == b.dtype


def test_make_vec(vector, gym):
    with warnings.catch_warnings():
        warnings.simplefilter("error")      # make_vec warns of a bad autoreset_mode metadata
        env = gym.make_vec("ddz_fast/DouDizhu-v0", num_envs=3,
                           vectorization_mode="vector_entry_point", observation="compact",
                           autoreset_mode="same_step")
    assert isinstance(env, vector.DouDizhuVectorEnv) and isinstance(env, gym.vector.VectorEnv)
    assert env.num_envs == 3 and env.tables.n == 3
    assert env.metadata["autoreset_mode"] is gym.vector.AutoresetMode.SAME_STEP
    assert env.tables.autoreset == "same_step" and env.tables.rules == Rules.preset("rlcard")
    assert env.single_action_space == gym.spaces.Discrete(27472)
    assert env.action_space == gym.spaces.MultiDiscrete([27472] * 3)
    assert env.single_observation_space["observation"].shape == (325,)
    assert env.observation_space["observation"].shape == (3, 325)
    assert env.spec.id == "ddz_fast/DouDizhu-v0"
    # the default vectorisation (the id has a vector entry point) is this env too
    assert isinstance(gym.make_vec("ddz_fast/DouDizhu-v0", num_envs=2), vector.DouDizhuVectorEnv)
    sync = gym.make_vec("ddz_fast/DouDizhu-v0", num_envs=2, vectorization_mode="sync")
    assert isinstance(sync, gym.vector.SyncVectorEnv)
    env.close()
    assert env.closed


@pytest.mark.parametrize("scheme", sorted(SCHEMES))
@pytest.mark.parametrize("mode", ["NextStep", "SameStep", "Disabled"])
def test_same_as_tables_and_games(vector, scheme, mode):
    """The env beside Tables (the same outputs, bit for bit) and beside plain Games (each
    reward is the payoff of the env's seat, info["rewards"] every seat's, info["episode_index"]
    the game's k)."""
    n, seed, preset = 6, 5, PRESET_OF[scheme]
    douzero = scheme == "douzero"
    seat = sorted(SCHEMES).index(scheme) % 3
    env = vector.DouDizhuVectorEnv(n, rules=preset, observation=scheme, autoreset_mode=mode,
                                   illegal_action="lose", action_mask=True, seat=seat)
    tables = Tables(n, rules=preset, observation=scheme, seed=seed, autoreset=MODE_NAMES[mode],
                    illegal_action="lose", action_mask=True, copy=True)
    rules = Rules.preset(preset)
    mirrors = [Mirror(seed, i, rules) for i in range(n)]
    observation, info = env.reset(seed=seed)
    expected_obs, expected_info = tables.reset()
    assert equal(as_tables_obs(observation, info, douzero), expected_obs)
    rng = random.Random(f"{scheme} {mode}")
    ended = 0
    for _ in range(250):
        for key in expected_info:               # SameStep's finals: check_finals
            if key not in ("final_obs", "final_info"):
                assert equal(info[key], expected_info[key]), key
        assert np.array_equal(observation["action_mask"], info["action_mask"].view(np.int8))
        assert env.observation_space.contains(observation)
        actions = choose(rng, info, n)
        if rng.random() < 0.01:
            actions[rng.randrange(n)] = len(env.tables.space) - 1   # mostly illegal: lost
        expected = []
        for i, mirror in enumerate(mirrors):
            if mirror.over:                     # NextStep: this step deals the next game
                mirror.start()
                expected.append(([0.0] * 3, False))
            else:
                expected.append(mirror.apply(env.tables.space, int(actions[i]), "lose"))
        observation, reward, terminated, truncated, info = env.step(actions)
        expected_obs, rewards, expected_terminated, _, expected_info = tables.step(actions)
        assert equal(as_tables_obs(observation, info, douzero), expected_obs)
        assert np.array_equal(info["rewards"], rewards)
        assert np.array_equal(terminated, expected_terminated) and not truncated.any()
        assert reward.dtype == np.float32 and reward.shape == (n,)
        for i in range(len(mirrors)):
            payoffs, over = expected[i]
            assert info["rewards"][i].tolist() == payoffs and terminated[i] == over
            assert reward[i] == payoffs[seat]
        if mode == "SameStep":
            check_finals(env, info, mirrors, terminated, douzero)
        ended += int(terminated.sum())
        if mode == "Disabled" and terminated.any():
            with pytest.raises(IllegalActionError, match="the game is over"):
                env.step(choose(rng, info, n))
            ended_now = terminated.copy()       # (a buffer that reset() overwrites)
            observation, info = env.reset(options={"reset_mask": ended_now})
            expected_obs, expected_info = tables.reset(options={"reset_mask": ended_now})
            for i in np.flatnonzero(ended_now):
                mirrors[i].start()
            assert equal(as_tables_obs(observation, info, douzero), expected_obs)
        for i, mirror in enumerate(mirrors):
            mover = mirror.seat
            assert info["current_player"][i] == mover and info["role"][i] == role_of(
                mirror.game, mover)
            assert info["episode_index"][i] == mirror.games - 1
            if scheme == "compact":
                assert np.array_equal(observation["observation"][i],
                                      expected_row(COMPACT, mirror.game, mover, 325))
    assert ended >= 8


def check_finals(env, info, mirrors, terminated, douzero):
    """SameStep: final_obs as SyncVectorEnv lays it out, then the mirrors deal on."""
    finals = info["final_obs"]
    assert finals.dtype == object and finals.shape == (env.num_envs,)
    assert np.array_equal(info["_final_obs"], terminated)
    assert np.array_equal(info["final_info"]["_current_player"], terminated)
    for i, mirror in enumerate(mirrors):
        if not terminated[i]:
            assert finals[i] is None
            continue
        assert env.single_observation_space.contains(finals[i])
        assert info["final_info"]["current_player"][i] == mirror.observer
        assert info["final_info"]["episode_index"][i] == mirror.games - 1
        assert info["final_info"]["_episode_index"][i]
        assert not finals[i]["action_mask"].any()
        width = env.single_observation_space["observation"].shape[0]
        assert np.array_equal(finals[i]["observation"], expected_row(
            env.tables.observation, mirror.game, mirror.observer, width))
        if douzero:
            assert np.array_equal(finals[i]["z"], DOUZERO.encode_z(mirror.game))
        mirror.start()


def test_next_step_reset_step(vector):
    """NextStep: the step after a game's end deals the next (Tables.deal_seed), ignores the
    action there, and pays nothing."""
    n, seed = 4, 9
    env = vector.DouDizhuVectorEnv(n, observation="compact")
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(0)
    games = [0] * n
    pending = np.zeros(n, dtype=bool)
    for _ in range(400):
        actions = vector.sample_legal(info, rng)
        actions[pending] = 12345                # ignored: those tables deal their next game
        observation, reward, terminated, truncated, info = env.step(actions)
        for i in np.flatnonzero(pending):
            games[i] += 1
            game = Mirror(seed, i, env.tables.rules)
            game.games = games[i]
            game.start()
            assert reward[i] == 0 and not terminated[i] and not info["rewards"][i].any()
            assert np.array_equal(observation["observation"][i],
                                  COMPACT.encode(game.game, game.game.to_move))
        pending = terminated.copy()
    assert sum(games) >= 5


def test_spaces_contain_the_observations(vector):
    """Every scheme under rules with an auction and without, and wild cards; with and without
    the mask (none of millions of ids under wild cards)."""
    for scheme, preset in (("compact", "standard"), ("compact", "rlcard"),
                           ("openspiel", "openspiel"), ("rlcard", "rlcard"),
                           ("douzero", "douzero"), ("douzero", "standard"),
                           (CompactEncoding(perfect_information=True), "standard"),
                           (DouZeroEncoding(perfect_information=True), "douzero"),
                           ("compact", "laizi"),
                           (CompactEncoding(perfect_information=True), "tiandi_laizi"),
                           ("compact", "four_1v3"),
                           (CompactEncoding(perfect_information=True), "four_2v2")):
        for mask in (False,) if "laizi" in preset else (False, True):
            env = vector.DouDizhuVectorEnv(8, rules=preset, observation=scheme,
                                           action_mask=mask, autoreset_mode="SameStep")
            observation, info = env.reset(seed=2)
            rng = np.random.default_rng(2)
            assert set(observation) == set(env.single_observation_space.spaces)
            for _ in range(300):
                assert env.observation_space.contains(observation), (scheme, preset)
                for i in range(env.num_envs):
                    row = {key: value[i] for key, value in observation.items()}
                    assert env.single_observation_space.contains(row)
                observation, reward, terminated, truncated, info = env.step(
                    vector.sample_legal(info, rng))
                for final in info["final_obs"][info["_final_obs"]]:
                    assert env.single_observation_space.contains(final)


def test_compact_bounds_are_tight(vector):
    """The compact Box's highs are reached: each element's bound is the layout's, no looser
    than the documented ranges need."""
    high = vector.compact_high(COMPACT, Rules())
    assert high.shape == (325,) and set(high[:90].tolist()) == {1, 4}
    perfect = vector.compact_high(CompactEncoding(perfect_information=True), Rules())
    assert perfect.shape == (355,) and perfect[:325].tolist() == high.tolist()
    assert perfect[325:].tolist() == ([4] * 13 + [1, 1]) * 2
    assert high[[13, 14, 28, 29, 88, 89, 113, 114, 323, 324]].tolist() == [1] * 10
    assert high[[0, 12, 15, 100, 112, 310]].tolist() == [4] * 6
    assert high[97] == 14                   # 13 bombs of 3..2 and the rocket
    # x4 bombs (hard, pure-wild, the rocket: two doublings each) and the wild block: the wild
    # ranks shown (2 marks the second), the physical cards of the move to beat and history
    wild = vector.compact_high(CompactEncoding(perfect_information=True),
                               Rules.preset("tiandi_laizi"))
    assert wild.shape == (325 + 253 + 30,) and wild[97] == 2 * 14
    # moves stand for up to 12 cards of a rank: the long bomb of 4 natural and 8 wild cards
    assert wild[75:90].tolist() == [12] * 13 + [1, 1] and wild[:75].tolist() == perfect[:75].tolist()
    assert wild[100:325].tolist() == ([12] * 13 + [1, 1]) * 15
    assert wild[325:338].tolist() == [2] * 13
    assert wild[338:578].tolist() == ([4] * 13 + [1, 1]) * 16
    assert wild[578:].tolist() == perfect[325:].tolist()
    assert vector.compact_high(COMPACT, Rules.preset("laizi"))[325:338].tolist() == [1] * 13
    # six shuttles of two quads (3..A) at 3 bombs each, the 2s' quad and the rocket
    assert vector.compact_high(COMPACT, Rules(shuttle="ordinary", shuttle_bombs=3))[97] == 20
    # four seats on two decks: eight of a rank, blocks of four seats, 33 cards, 26 bombs and
    # the four jokers, three other hands
    four = vector.compact_high(CompactEncoding(perfect_information=True), Rules.preset("four_1v3"))
    two_decks = [8] * 13 + [2, 2]
    assert four.shape == (387,) and four[:105].tolist() == two_decks * 7
    assert four[105:117].tolist() == [1] * 5 + [33] * 4 + [27, 3, 15]
    assert four[117:].tolist() == two_decks * 18


def test_sample_legal(vector):
    tables = Tables(5, observation="compact", seed=4, autoreset="same_step")
    obs, info = tables.reset()
    rng = np.random.default_rng(7)
    offsets, ids = info["legal_offsets"].copy(), info["legal_ids"].copy()
    seen = [set() for _ in range(5)]
    for _ in range(3000):
        actions = vector.sample_legal(info, rng)
        for i in range(5):
            assert actions[i] in ids[offsets[i]:offsets[i + 1]]
            seen[i].add(int(actions[i]))
    for i in range(5):                          # uniform: every legal id turns up
        assert seen[i] == set(ids[offsets[i]:offsets[i + 1]].tolist())
    empty = {"legal_offsets": np.zeros(3, np.int64), "legal_ids": np.zeros(0, np.int32)}
    assert vector.sample_legal(empty, rng).tolist() == [0, 0]


@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
@pytest.mark.parametrize("preset,seat,opponents", [
    ("rlcard", 0, None), ("rlcard", 2, None), ("standard", 1, None),
    ("rlcard", 0, {1: RulePlayer(0), 2: RulePlayer(0)}),            # single-agent: a learner
    ("standard", 1, {0: GreedyPlayer(), 2: RandomPlayer(0)})],      # against native players
    ids=repr)
def test_record_episode_statistics(vector, gym, mode, preset, seat, opponents):
    """Gymnasium's RecordEpisodeStatistics records at each table, for every game, the payoff
    of the env's seat in that game, as plain Games replaying the same deals and ids score it
    (the reward of the seat that moved gave +1 for every game: the trap this guards)."""
    n, seed = 6, 11
    env = gym.wrappers.vector.RecordEpisodeStatistics(vector.DouDizhuVectorEnv(
        n, rules=preset, observation="compact", seat=seat, autoreset_mode=mode,
        opponents=opponents))
    space = env.unwrapped.tables.space
    mirrors = [Mirror(seed, i, Rules.preset(preset), opponents) for i in range(n)]
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    recorded, expected = [], []
    while len(recorded) < 150:
        actions = vector.sample_legal(info, rng)
        ended = []
        for i, mirror in enumerate(mirrors):
            if mirror.over:                     # NextStep: this step deals the next game
                mirror.start()
                continue
            assert info["episode_index"][i] == mirror.games - 1
            assert opponents is None or info["current_player"][i] == seat
            payoffs, over = mirror.apply(space, int(actions[i]), "raise")
            if over:
                ended.append(i)
                expected.append(payoffs[seat])
                if mode == "SameStep":
                    mirror.start()
        observation, reward, terminated, truncated, info = env.step(actions)
        assert np.flatnonzero(terminated).tolist() == ended
        if ended:
            assert np.array_equal(info["_episode"], terminated)
            recorded.extend(info["episode"]["r"][terminated].tolist())
    assert recorded == expected
    assert len(set(recorded)) > 1               # wins and losses both


def test_seeds(vector):
    env = vector.DouDizhuVectorEnv(3, observation="compact", copy=True)
    first, _ = env.reset(seed=7)
    again, _ = env.reset(seed=np.uint64(7))        # numpy integers too
    assert np.array_equal(first["observation"], again["observation"])
    assert env.np_random_seed == 7
    other, _ = env.reset()                          # each table's next game
    assert not np.array_equal(first["observation"], other["observation"])
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=-1)
    assert env.np_random_seed == 7


def test_four_players(vector):
    """The four-player game: seat 3's payoffs are the rewards, every seat's in info (4 wide),
    the same as Tables'; seat 4 is refused."""
    env = vector.DouDizhuVectorEnv(3, rules="four_2v2", observation="compact", seat=3,
                                   action_mask=True)
    tables = Tables(3, rules="four_2v2", seed=4, action_mask=True, copy=True)
    observation, info = env.reset(seed=4)
    expected_obs, _ = tables.reset()
    assert info["rewards"].shape == (3, 4) and np.array_equal(observation["observation"],
                                                                 expected_obs)
    rng = np.random.default_rng(4)
    paid = 0
    for _ in range(300):
        actions = vector.sample_legal(info, rng)
        observation, reward, terminated, _, info = env.step(actions)
        expected_obs, rewards, _, _, _ = tables.step(actions)
        assert np.array_equal(observation["observation"], expected_obs)
        assert np.array_equal(info["rewards"], rewards) and np.array_equal(reward, rewards[:, 3])
        paid += int(terminated.sum())
    assert paid >= 3
    with pytest.raises(ValueError, match="seat must be an integer in 0..3, not 4"):
        vector.DouDizhuVectorEnv(1, rules="four_1v3", observation="compact", seat=4)


@pytest.mark.parametrize("observation, actions", [("compact", None), ("openspiel", "openspiel")])
def test_rules_take_a_preset_name(vector, observation, actions):
    def make(rules):
        env = vector.DouDizhuVectorEnv(2, rules=rules, actions=actions, observation=observation)
        return env.reset(seed=3), env.tables.rules, env.tables.space
    check_rules_argument(make)


def test_bad_arguments(vector):
    make = vector.DouDizhuVectorEnv
    with pytest.raises(ValueError, match="num_envs must be an integer in >= 1, not 0"):
        make(0)
    with pytest.raises(TypeError, match="num_envs must be an integer, not a bool"):
        make(True)
    with pytest.raises(TypeError, match="num_envs"):
        make("2")
    with pytest.raises(ValueError, match="autoreset_mode must be .* not 'nextstep'"):
        make(2, autoreset_mode="nextstep")
    with pytest.raises(TypeError, match="autoreset_mode must be an AutoresetMode"):
        make(2, autoreset_mode=1)
    with pytest.raises(ValueError, match="observation"):
        make(2, observation="pixels")
    with pytest.raises(ValueError, match="illegal_action"):
        make(2, illegal_action="ignore")
    env = make(2, observation="compact")
    with pytest.raises(ValueError, match="call reset"):
        env.step(np.zeros(2, np.int64))
    observation, info = env.reset(seed=3)
    before = observation["observation"].copy()
    with pytest.raises(ValueError, match="actions must be an integer array of shape"):
        env.step(np.zeros(3, np.int64))
    with pytest.raises(ValueError, match="actions must be an integer array of shape"):
        env.step(np.zeros(2, np.float32))
    with pytest.raises(ValueError, match=r"actions\[1\] must be an action id"):
        env.step(np.array([0, 27472]))
    legal = vector.sample_legal(info, np.random.default_rng(0))
    illegal = legal.copy()
    illegal[0] = 27471 if illegal[0] != 27471 else 0      # the landlord may not pass his lead
    with pytest.raises(IllegalActionError, match="table 0: action"):
        env.step(illegal)
    with pytest.raises(ValueError, match="reset_mask"):
        env.reset(options={"reset_mask": [True, False]})
    assert np.array_equal(observation["observation"], before)      # nothing changed
    observation, reward, *_ = env.step(legal)
    assert not reward.any()


# --- the worked examples -------------------------------------------------------------------

@pytest.fixture(scope="module")
def collect(vector):
    """examples/collect.py as a module."""
    spec = importlib.util.spec_from_file_location("collect", os.path.join(ROOT, "examples",
                                                                          "collect.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("argv, words", [
    (["compact", "--steps", "20000", "--tables", "64", "--rollout", "16"],
     "compact: 20,480 steps, "),
    (["douzero", "--steps", "3000", "--tables", "32"], "douzero: 3,000 steps, "),
])
def test_examples_run(gym, argv, words):
    # the ddz_fast under test, wherever the example is run from
    env = {**os.environ, "PYTHONPATH": os.path.dirname(os.path.dirname(ddz_fast.__file__))}
    out = subprocess.run([sys.executable, "examples/collect.py", *argv], cwd=ROOT,
                         capture_output=True, text=True, timeout=300, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith(words) and " steps/s" in out.stdout


def test_compact_rollout(collect):
    """One rollout replayed through plain Games: each row the observation the action was
    chosen on, a legal action of the seat that took it, every seat's rewards, the ends."""
    seed, n, length = 3, 8, 120
    buffer, steps, games = collect.collect_compact(n * length, n, length, seed=seed)
    assert steps == n * length and games == buffer.dones.sum() >= 5
    rules = Rules.preset("standard")
    space = ActionSpace(rules)
    for i in range(n):
        mirror = Mirror(seed, i, rules)
        for t in range(length):
            seat = mirror.game.to_move
            assert buffer.players[t, i] == seat
            assert np.array_equal(buffer.obs[t, i], COMPACT.encode(mirror.game, seat))
            assert int(buffer.actions[t, i]) in space.legal_ids(mirror.game).tolist()
            payoffs, over = mirror.apply(space, int(buffer.actions[t, i]), "lose")
            assert buffer.rewards[t, i].tolist() == payoffs and buffer.dones[t, i] == over
            if over:                            # same_step: the next game at once
                mirror.start()


def test_douzero_steps_replay_through_games(collect):
    """Every recorded step against a plain Game of the same deal: the seat, role, DouZero's
    features of the position (x_no_action, z) and of the action (its x_batch row), and each
    finished episode's payoffs."""
    seed, n = 5, 12
    record = collect.collect_douzero(1500, n, seed=seed)
    rules = Rules.preset("douzero")
    space = ActionSpace(rules)
    length = record.role.shape[0]
    checked = 0
    for i in range(n):
        k, game = 0, Game(Tables.deal_seed(seed, i, 0), rules=rules)
        for t in range(length):
            if record.game[t, i] != k:          # the last game ended: the next is dealt
                assert game.phase == "over" and record.game[t, i] == k + 1
                k, game = k + 1, Game(Tables.deal_seed(seed, i, k + 1), rules=rules)
            seat = game.to_move
            width = 319 if seat == game.landlord else 430
            assert record.seat[t, i] == seat and record.role[t, i] == role_of(game, seat)
            x = DOUZERO.encode(game, seat)
            assert np.array_equal(record.x_no_action[t, i, :width], x)
            assert not record.x_no_action[t, i, width:].any()
            assert np.array_equal(record.z[t, i], DOUZERO.encode_z(game))
            action = space.action(int(record.action_id[t, i]))
            row = DOUZERO.encode_batch(game, [action], seat)[0]
            assert np.array_equal(row[:width], x)
            assert np.array_equal(record.action[t, i], row[width:])
            game.play(action)
            checked += 1
            if game.phase == "over":
                assert record.finished[i, k]
                assert record.returns[i, k].tolist() == list(game.result.scores)
        assert record.finished[i, :k].all() and record.finished[i].sum() == k + (
            game.phase == "over")
    assert checked == length * n and record.finished.sum() >= 10


def test_douzero_batch(collect):
    """DouZero's learner batch: per position the steps of finished episodes in the order
    taken, the target every step's episode return (the landlord's payoff, its negation for
    each farmer, as DouZero's actor gives them), done and episode_return at the last step."""
    record = collect.collect_douzero(2000, 16, seed=8)
    batch = collect.douzero_batch(record)
    assert list(batch) == ["landlord", "landlord_down", "landlord_up"]
    length, n = record.role.shape
    for number, arrays in enumerate(batch.values()):
        width = 319 if number == 0 else 430
        expected = [(t, i) for t in range(length) for i in range(n)
                    if record.role[t, i] == number and record.finished[i, record.game[t, i]]]
        assert len(arrays["target"]) == len(expected) > 0
        assert arrays["obs_x_no_action"].shape == (len(expected), width)
        assert arrays["obs_x_no_action"].dtype == arrays["obs_action"].dtype == np.int8
        assert arrays["obs_z"].shape == (len(expected), 5, 162)
        episodes = {}
        for row, (t, i) in enumerate(expected):
            k = record.game[t, i]
            assert np.array_equal(arrays["obs_x_no_action"][row], record.x_no_action[t, i, :width])
            assert np.array_equal(arrays["obs_action"][row], record.action[t, i])
            assert np.array_equal(arrays["obs_z"][row], record.z[t, i])
            landlord_payoff = record.returns[i, k, 0]           # seat 0: no auction
            assert arrays["target"][row] == (landlord_payoff if number == 0
                                              else -landlord_payoff)
            episodes[(i, k)] = row
        last_rows = sorted(episodes.values())
        assert np.flatnonzero(arrays["done"]).tolist() == last_rows
        assert np.array_equal(arrays["episode_return"][last_rows], arrays["target"][last_rows])
        assert not arrays["episode_return"][~arrays["done"]].any()
