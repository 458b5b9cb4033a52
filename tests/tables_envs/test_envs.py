"""The Gymnasium and PettingZoo adapters (ddz_fast.envs): the libraries' own checkers, games
through the adapters against plain Games from the same seeds and against RLCard's env (what
PettingZoo's dou_dizhu_v4 wrapped), illegal actions, seeding and bad arguments."""

import os
import pickle
import random
import subprocess
import sys
import warnings

import numpy as np
import pytest

import ddz_fast
from ddz_fast import (
    PASS, ActionSpace, Game, GreedyPlayer, IllegalActionError, IllegalBidError, IllegalMoveError,
    RandomPlayer, Rules, UnsupportedRulesError,
)
from ddz_fast.encodings import DOUZERO, OPENSPIEL, RLCardEncoding
from helpers import ROOT, check_rules_argument

AGENTS = ["landlord_0", "peasant_0", "peasant_1"]
RLCARD_RULES = Rules.preset("rlcard")
OTHERS_HAND = range(54, 108)        # RLCard's others_hand block, which v4 dropped by default


@pytest.fixture(scope="module")
def zoo(pz, rl):
    """ddz_fast.envs.pettingzoo (RLCard's ids need rlcard)."""
    import ddz_fast.envs.pettingzoo as module
    return module


@pytest.fixture(scope="module")
def gyms(gym, rl):
    import ddz_fast.envs.gymnasium as module
    return module


def random_id(ids, rng):
    return int(ids[rng.randrange(len(ids))])


def state(env):
    """What an AEC env shows of itself, comparable between two envs."""
    return (list(env.agents), env.agent_selection, dict(env.rewards), dict(env._cumulative_rewards),
            dict(env.terminations), dict(env.truncations))


# --- PettingZoo ----------------------------------------------------------------------------

@pytest.mark.parametrize("visible", [False, True])
def test_pettingzoo_api_test(zoo, visible):
    from pettingzoo.test import api_test
    api_test(zoo.env(opponents_hand_visible=visible), num_cycles=300)


def test_pettingzoo_raw_env_in_pettingzoos_wrappers_passes_api_test(zoo):
    from pettingzoo.test import api_test
    from pettingzoo.utils import wrappers
    api_test(wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(
        wrappers.TerminateIllegalWrapper(zoo.raw_env(), illegal_reward=-1))), num_cycles=100)


def test_pettingzoo_seed_and_render_tests(zoo, capsys):
    from pettingzoo.test import render_test, seed_test
    seed_test(zoo.env, num_cycles=100)
    seed_test(lambda: zoo.env(opponents_hand_visible=True), num_cycles=100)
    render_test(zoo.env, custom_tests={"ansi": lambda text: "landlord_0 (landlord): " in text})
    assert "peasant_1 (farmer): " in capsys.readouterr().out
    # Not run: max_cycles_test (for parallel envs with a max_cycles argument: a deal has no
    # cycle cap) and bombardment_test (1.27's passes a dict observation where it reads .shape:
    # it fails on every dict-observation classic game).


def test_pettingzoo_spaces(zoo):
    env = zoo.env()
    assert env.possible_agents == AGENTS and env.metadata["is_parallelizable"] is False
    for agent, width in zip(AGENTS, (736, 847, 847)):
        space = env.observation_space(agent)
        assert space is env.observation_space(agent)
        assert space["observation"].shape == (width,) and space["observation"].dtype == np.int8
        assert space["action_mask"].shape == (27472,) and space["action_mask"].dtype == np.int8
        assert env.action_space(agent).n == 27472
    visible = zoo.env(opponents_hand_visible=True)
    assert [visible.observation_space(a)["observation"].shape for a in AGENTS] == [
        (790,), (901,), (901,)]


@pytest.mark.slow
@pytest.mark.parametrize("visible", [False, True])
def test_pettingzoo_equals_rlcard(zoo, visible):
    """PettingZoo's dou_dizhu_v4 was RLCard's env: its observation RLCard's obs (less
    others_hand unless visible), its mask RLCard's legal ids, its rewards 2 * payoff - 1
    (v4_rewards=True; by default RLCard's payoffs, as the other adapters pay).
    RLCard's deals, read by interop.rlcard.from_env, played in lockstep for 40 games: every
    agent's observation after every action equals v4's (bug_compatible: RLCard 1.2.0's own
    last-action bug included)."""
    import rlcard
    from ddz_fast.interop.rlcard import from_env
    peer = rlcard.make("doudizhu", config={"seed": 5})
    env = zoo.env(opponents_hand_visible=visible, bug_compatible=True, v4_rewards=visible)
    rng = random.Random(5)
    steps = 0
    for _ in range(40):
        peer_state, player = peer.reset()
        env.reset(options={"game": from_env(peer)})
        while not peer.is_over():
            assert env.agent_selection == AGENTS[player]
            for seat, agent in enumerate(AGENTS):
                if seat and not peer.game.round.trace:
                    continue            # RLCard cannot encode a farmer before the first play
                theirs = peer.get_state(seat)["obs"]
                if not visible:
                    theirs = np.delete(theirs, OTHERS_HAND)
                obs = env.observe(agent)
                assert obs["observation"].dtype == np.int8
                assert obs["observation"].tobytes() == theirs.astype(np.int8).tobytes()
                if seat == player:
                    legal = sorted(peer_state["legal_actions"])
                    assert np.flatnonzero(obs["action_mask"]).tolist() == legal
                    assert env.infos[agent]["legal_ids"].tolist() == legal
                else:
                    assert not obs["action_mask"].any() and env.infos[agent] == {}
            action = rng.choice(sorted(peer_state["legal_actions"]))
            peer_state, player = peer.step(action)
            env.step(action)
            steps += 1
        payoffs = peer.get_payoffs()
        for agent in env.agent_iter():
            _, reward, terminated, truncated, _ = env.last()
            assert terminated and not truncated
            payoff = payoffs[AGENTS.index(agent)]
            assert reward == (2 * payoff - 1 if visible else payoff)
            env.step(None)
    assert steps > 1500


def test_pettingzoo_equals_game(zoo):
    """reset(seed=s) deals Game(s) under the rlcard preset; 200 games with random legal
    actions equal a plain Game replayed beside them: agent order, every agent's observation
    (the encodings API's), masks and legal ids (ActionSpace's), rewards (from the Result), the
    order in which finished agents are stepped out."""
    env = zoo.env()
    space = ActionSpace("rlcard")
    hidden = RLCardEncoding(others_hand=False)
    rng = random.Random(1)
    for seed in range(200):
        env.reset(seed=seed)
        game = Game(seed, rules=RLCARD_RULES)
        assert env.unwrapped.game.position() == game.position()
        while game.phase == "play":
            agent = env.agent_selection
            assert agent == AGENTS[game.to_move]
            obs, reward, terminated, truncated, info = env.last()
            assert (reward, terminated, truncated) == (0, False, False)
            assert obs["observation"].tobytes() == hidden.encode(game, game.to_move).tobytes()
            assert np.array_equal(obs["action_mask"], space.legal_mask(game).astype(np.int8))
            assert np.array_equal(info["legal_ids"], space.legal_ids(game))
            other = AGENTS[(game.to_move + 1) % 3]
            assert not env.observe(other)["action_mask"].any() and env.infos[other] == {}
            action = random_id(info["legal_ids"], rng)
            env.step(action)
            game.play(space.action(action))
        scores = game.result.scores
        assert env.rewards == {a: float(scores[i]) for i, a in enumerate(AGENTS)}
        assert set(scores) == {0, 1}            # the rlcard preset's: RLCard's payoffs
        stepped = []
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            assert terminated and not truncated and info == {} and not obs["action_mask"].any()
            assert reward == scores[AGENTS.index(agent)]
            seat = AGENTS.index(agent)
            assert obs["observation"].tobytes() == hidden.encode(game, seat).tobytes()
            stepped.append(agent)
            env.step(None)
        assert stepped == AGENTS and env.agents == []


def play_until_illegal(env, seed, moves, action_of):
    """reset(seed), `moves` random legal steps, then the illegal action action_of(ids)."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        env.step(random_id(env.infos[env.agent_selection]["legal_ids"], rng))
    mover = env.agent_selection
    env.step(action_of(env.infos[mover]["legal_ids"]))
    return mover


def illegal_id(ids):
    return next(i for i in range(27472) if i not in set(ids.tolist()))


def test_pettingzoo_illegal_action_as_pettingzoos_wrapper(zoo):
    """env() ends the game on an illegal action exactly as v4's wrappers did: the mover -1,
    the others 0, everyone terminated and truncated, then stepped out with None."""
    from pettingzoo.utils import wrappers
    for seed in range(20):
        ours = zoo.env()
        theirs = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(
            wrappers.TerminateIllegalWrapper(zoo.raw_env(), illegal_reward=-1)))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")        # PettingZoo warns of the illegal move
            movers = {play_until_illegal(env, seed, seed % 7, illegal_id) for env in (ours, theirs)}
        assert len(movers) == 1
        mover = movers.pop()
        assert state(ours) == state(theirs)
        assert ours.rewards == {a: -1.0 if a == mover else 0.0 for a in AGENTS}
        assert all(ours.terminations.values()) and all(ours.truncations.values())
        for agent_ours, agent_theirs in zip(ours.agent_iter(), theirs.agent_iter()):
            assert agent_ours == agent_theirs
            assert ours.last()[1:4] == theirs.last()[1:4]
            ours.step(None)
            theirs.step(None)
        assert ours.agents == theirs.agents == []


def test_pettingzoo_raw_env_refuses_illegal_actions(zoo):
    """raw_env (illegal_reward None) raises, naming the id, and changes nothing; ids outside
    the space and None for a live agent are ValueErrors in both forms."""
    raw = zoo.raw_env()
    raw.reset(seed=3)
    rng = random.Random(3)
    for _ in range(4):
        raw.step(random_id(raw.infos[raw.agent_selection]["legal_ids"], rng))
    before = (raw.game.position(), state(raw), raw.observe(raw.agent_selection))
    ids = raw.infos[raw.agent_selection]["legal_ids"]
    with pytest.raises(IllegalMoveError, match=rf"^action {illegal_id(ids)} \("):
        raw.step(illegal_id(ids))
    for env in (raw, zoo.env()):
        if env is not raw:
            env.reset(seed=3)
        for bad, error in ((27472, ValueError), (-1, ValueError), (None, ValueError),
                           (1.0, TypeError), ("3", TypeError)):
            with pytest.raises(error):
                env.step(bad)
    after = (raw.game.position(), state(raw), raw.observe(raw.agent_selection))
    assert before[:2] == after[:2]
    assert all(np.array_equal(before[2][k], after[2][k]) for k in after[2])


def test_pettingzoo_seeding(zoo):
    def deals(env):
        env.reset(seed=11)
        positions = [env.game.position()]
        for _ in range(3):
            env.reset()
            positions.append(env.game.position())
        return positions

    env = zoo.env()
    assert deals(env) == deals(zoo.env()) and len(set(deals(env))) == 4
    assert deals(env)[0] == Game(11, rules=RLCARD_RULES).position()
    env.reset(seed=2 ** 64 - 1)
    assert env.game.seed == 2 ** 64 - 1
    fresh = [zoo.env() for _ in range(2)]
    for env_ in fresh:
        env_.reset()
    assert fresh[0].game.position() != fresh[1].game.position()
    # reset(options={"game": ...}) starts from a copy of that position
    game = Game(4, rules=RLCARD_RULES)
    game.play(game.legal_moves()[0])
    env.reset(options={"game": game, "other": 1})
    assert env.agent_selection == "peasant_0" and env.game.position() == game.position()
    env.step(int(env.infos["peasant_0"]["legal_ids"][0]))
    assert len(game.history) == 1


def test_pettingzoo_bad_arguments(zoo):
    with pytest.raises(TypeError, match="opponents_hand_visible must be a bool"):
        zoo.env(opponents_hand_visible=1)
    with pytest.raises(TypeError, match="bug_compatible must be a bool"):
        zoo.raw_env(bug_compatible="yes")
    with pytest.raises(ValueError, match="render_mode must be"):
        zoo.env(render_mode="rgb_array")
    with pytest.raises(TypeError, match="illegal_reward must be a number"):
        zoo.raw_env(illegal_reward="-1")
    with pytest.raises(ValueError, match="illegal_reward must be a finite number"):
        zoo.raw_env(illegal_reward=float("inf"))
    env = zoo.env()
    with pytest.raises(AttributeError):
        env.agents
    env.reset(seed=1)
    with pytest.raises(ValueError, match="agent must be one of landlord_0, peasant_0, "):
        env.observe("player_0")
    env = zoo.env()
    for call in (lambda: env.step(0), lambda: env.observe("landlord_0"), env.render):
        with pytest.raises(ValueError, match="before the first reset"):
            call()
    for seed, error in ((-1, ValueError), (2 ** 64, ValueError), (True, TypeError),
                        (1.5, TypeError)):
        with pytest.raises(error, match="seed"):
            env.reset(seed=seed)
    for game, error, message in ((Game(1), ValueError, "played under"),
                                 ("deal", TypeError, r"options\['game'\] must be a Game, not str")):
        with pytest.raises(error, match=message):
            env.reset(options={"game": game})
    with pytest.raises(AttributeError):
        env.agents                                   # the failed resets changed nothing


def test_pettingzoo_pickles(zoo):
    env = zoo.env(opponents_hand_visible=True, bug_compatible=True)
    copy = pickle.loads(pickle.dumps(env))
    assert copy.encoding == env.encoding and copy.illegal_reward == -1.0
    copy.reset(seed=1)
    assert copy.observe("peasant_0")["observation"].shape == (901,)


# --- Gymnasium -----------------------------------------------------------------------------

CONFIGS = [
    {},
    {"seat": 1},
    {"seat": 2, "opponents": [GreedyPlayer(), GreedyPlayer()]},
    {"rules": "douzero", "observation": "douzero", "seat": 1},
    {"rules": "standard", "observation": "openspiel", "seat": 2},
    {"rules": "openspiel", "observation": OPENSPIEL},
    {"rules": "standard", "observation": "compact", "seat": 1},
]


def legal(info):
    """The single env's legal ids: info["legal_ids"] is padded with -1 to LEGAL_WIDTH after
    the first info["legal_count"] (fixed shapes, which vector envs stack)."""
    from ddz_fast.envs.gymnasium import LEGAL_WIDTH
    ids, count = info["legal_ids"], info["legal_count"]
    assert ids.shape == (LEGAL_WIDTH,) and ids.dtype == np.int32 and type(count) is int
    assert (ids[count:] == -1).all() and (ids[:count] >= 0).all()
    return ids[:count]


def config_id(config):
    return ",".join(f"{k}={v if isinstance(v, (str, int)) else type(v).__name__}"
                    for k, v in config.items()) or "default"


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_gymnasium_check_env(gyms, gym, config, capsys):
    from gymnasium.utils.env_checker import check_env
    env = gym.make(gyms.ENV_ID, **config)
    with warnings.catch_warnings():
        warnings.simplefilter("error")        # check_env warns of what it finds doubtful
        check_env(env.unwrapped)
    assert "learner" in capsys.readouterr().out            # the "human" render


class Recorder:
    """A policy that logs the position it was shown and the action it chose."""

    def __init__(self, policy, log):
        self.policy, self.log = policy, log

    def __call__(self, game):
        action = self.policy(game)
        self.log.append((game.position(), action))
        return action


@pytest.mark.parametrize("config", CONFIGS[:2] + CONFIGS[3:], ids=config_id)
def test_gymnasium_equals_game(gyms, config):
    """100 games per configuration with random learner ids and random opponents, replayed on a
    plain Game dealt from the same seed: each policy was shown the replayed position, and every
    observation (the encodings API's), mask and legal ids (ActionSpace's) and the final reward
    (the Result's score of the learner's seat) agree."""
    log = []
    rng = random.Random(7)
    opponents = [Recorder(RandomPlayer(i), log) for i in range(2)]
    env = gyms.DouDizhuEnv(**{**config, "opponents": opponents})
    rules, seat, encoding = env.rules, env.seat, env.encoding
    space = ActionSpace(rules)
    decisions = 0
    for seed in range(100):
        log.clear()
        obs, info = env.reset(seed=seed)
        game = Game(seed, rules=rules)
        terminated = False
        while True:
            while log:                       # the opponents' actions since
                position, action = log.pop(0)
                assert position == game.position()
                (game.bid if game.phase == "auction" else game.play)(action)
            if terminated:
                break
            assert game.to_move == seat
            assert obs["observation"].tobytes() == encoding.encode(game, seat).tobytes()
            assert np.array_equal(obs["action_mask"], space.legal_mask(game).astype(np.int8))
            assert np.array_equal(legal(info), space.legal_ids(game))
            assert np.array_equal(env.action_masks(), space.legal_mask(game))
            assert ("z" in obs) == (encoding == DOUZERO)
            if "z" in obs:
                assert obs["z"].tobytes() == DOUZERO.encode_z(game).tobytes()
            action = random_id(legal(info), rng)
            (game.bid if game.phase == "auction" else game.play)(space.action(action))
            obs, reward, terminated, truncated, info = env.step(action)
            decisions += 1
            assert not truncated and (terminated or reward == 0)
        assert game.phase == "over"
        assert reward == game.result.scores[seat] and info["result"] == game.result
        assert not obs["action_mask"].any() and len(legal(info)) == 0
        assert obs["observation"].tobytes() == encoding.encode(game, seat).tobytes()
        assert env.unwrapped.game.history == game.history
    assert decisions > 1500


def test_gymnasium_illegal_actions(gyms):
    env = gyms.DouDizhuEnv(seat=1)
    obs, info = env.reset(seed=5)
    ids = legal(info)
    obs, reward, terminated, truncated, info = env.step(illegal_id(ids))
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert not obs["action_mask"].any() and not env.action_masks().any()
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(int(ids[0]))
    strict = gyms.DouDizhuEnv(seat=1, illegal_reward=None)
    obs, info = strict.reset(seed=5)
    position = strict.game.position()
    with pytest.raises(IllegalMoveError, match=rf"^action {illegal_id(ids)} "):
        strict.step(illegal_id(ids))
    assert strict.game.position() == position
    for bad, error in ((27472, ValueError), (-1, ValueError), (2.0, TypeError)):
        with pytest.raises(error):
            strict.step(bad)
    strict.step(int(legal(info)[0]))               # the episode goes on
    auction = gyms.DouDizhuEnv(rules="standard", observation="openspiel", illegal_reward=None)
    obs, info = auction.reset(seed=1)
    play = ActionSpace("standard").id("3")
    with pytest.raises(IllegalBidError, match=rf"^action {play} \(3\): a play is no bid"):
        auction.step(play)
    assert auction.game.phase == "auction"


def test_gymnasium_opponents(gyms):
    def cheat(game):                # changes the game it is shown: only its copy
        move = game.legal_moves()[0]
        game.play(move)
        return move

    env = gyms.DouDizhuEnv(seat=2, opponents=[cheat, cheat])
    env.reset(seed=3)
    assert len(env.game.history) == 2 and env.game.to_move == 2

    def wrong(game):
        return "BR" if game.phase == "play" else 0

    env = gyms.DouDizhuEnv(seat=2, opponents=[wrong, wrong])
    with pytest.raises(IllegalMoveError, match=r"^the opponent at seat 0 \(<function .*wrong"
                                               r".*\) chose 'BR': "):
        env.reset(seed=3)
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(0)
    bidder = gyms.DouDizhuEnv(rules="standard", observation="openspiel",
                              opponents=[lambda g: PASS, lambda g: 0])
    obs, info = bidder.reset(seed=1)
    assert bidder.game.phase == "auction"


def test_gymnasium_seeding(gyms):
    env = gyms.DouDizhuEnv(seat=1)
    runs = []
    for _ in range(2):
        env.reset(seed=8)
        positions = [env.game.position()]
        for _ in range(3):
            env.reset()
            positions.append(env.game.position())
        runs.append(positions)
    assert runs[0] == runs[1] and len(set(runs[0])) == 4
    env.reset(seed=8)
    assert [s for s, _ in env.game.history] == [0]      # the landlord's lead before seat 1
    assert env.game.hands[1] == Game(8, rules=RLCARD_RULES).hands[1]
    game = Game(9, rules=RLCARD_RULES)
    obs, info = env.reset(options={"game": game})
    assert len(env.game.history) == 1 and len(game.history) == 0


def test_gymnasium_bad_arguments(gyms):
    make = gyms.DouDizhuEnv
    for kwargs, error, message in (
            ({"rules": "nope"}, ValueError, "unknown preset 'nope'"),
            ({"rules": 3}, TypeError, "rules must be a ddz_fast.Rules, a preset name or None"),
            ({"actions": "standard"}, ValueError, "actions must number the moves of rules"),
            ({"observation": "compactish"}, ValueError, "observation must be one of"),
            ({"observation": RLCardEncoding}, TypeError, "observation must be a scheme's"),
            ({"rules": "standard"}, ValueError, "no layout for the auction"),
            ({"rules": "standard", "observation": "douzero"}, ValueError, "no layout"),
            ({"seat": 3}, ValueError, "seat must be 0, 1 or 2, not 3"),
            ({"seat": True}, TypeError, r"seat must be an integer, not bool \(True\)"),
            ({"seat": 1.0}, TypeError, "seat must be an integer"),
            ({"opponents": [RandomPlayer()]}, ValueError, "two policies"),
            ({"opponents": [RandomPlayer(), "greedy"]}, TypeError, "must be callables"),
            ({"illegal_reward": "-1"}, TypeError, "illegal_reward must be a number"),
            ({"illegal_reward": float("nan")}, ValueError, "illegal_reward must be a finite number"),
            ({"render_mode": "rgb_array"}, ValueError, "render_mode"),
            ({"rules": "laizi", "observation": "compact"}, UnsupportedRulesError,
             r"DouDizhuEnv \(its action_mask would hold millions of ids: DouDizhuVectorEnv")):
        with pytest.raises(error, match=message):
            make(**kwargs)
    env = make()
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(0)
    with pytest.raises(ValueError, match="before its first reset"):
        env.game
    for seed, error in ((-1, ValueError), (2 ** 64, ValueError), (False, TypeError)):
        with pytest.raises(error, match="seed"):
            env.reset(seed=seed)
    over = Game(1, rules=RLCARD_RULES)
    while over.phase != "over":
        over.play(over.legal_moves()[0])
    with pytest.raises(ValueError, match="is over"):
        env.reset(options={"game": over})
    with pytest.raises(TypeError, match=r"options\['game'\] must be a Game, not str"):
        env.reset(options={"game": "deal"})


@pytest.mark.parametrize("observation, actions", [("rlcard", None), ("openspiel", None),
                                                  ("openspiel", "openspiel")])
def test_gymnasium_rules_take_a_preset_name(gyms, observation, actions):
    def make(rules):
        env = gyms.DouDizhuEnv(rules=rules, actions=actions, observation=observation)
        return env.reset(seed=3), env.unwrapped.game, env.unwrapped.space
    check_rules_argument(make)


def test_gymnasium_spaces_per_scheme(gyms):
    for config, width, dtype in ((dict(), 790, np.int8), (dict(seat=1), 901, np.int8),
                                 (dict(rules="douzero", observation=DOUZERO), 319, np.int8),
                                 (dict(rules="douzero", observation="douzero", seat=2), 430,
                                  np.int8),
                                 (dict(rules="strict", observation="openspiel"), 159, np.float32),
                                 (dict(observation=RLCardEncoding(others_hand=False), seat=2),
                                  847, np.int8)):
        env = gyms.DouDizhuEnv(**config)
        space = env.observation_space["observation"]
        assert space.shape == (width,) and space.dtype == dtype, config
        assert list(env.observation_space) == ["action_mask", "observation"] + (
            ["z"] if env.encoding == DOUZERO else [])
        assert env.action_space.n == len(ActionSpace(env.rules))


def test_gymnasium_redeal_limit_truncates(gyms):
    """Everyone always passing: the pass that would redeal a 101st time ends the episode
    truncated (the engine's limit), whoever makes it."""
    for seat in range(3):
        env = gyms.DouDizhuEnv(rules="standard", observation="openspiel", seat=seat,
                               opponents=[lambda game: 0, lambda game: PASS])
        obs, info = env.reset(seed=seat)
        steps = 0
        truncated = terminated = False
        while not (terminated or truncated):
            obs, reward, terminated, truncated, info = env.step(0)
            steps += 1
        assert truncated and not terminated and reward == 0 and len(legal(info)) == 0
        assert env.game.redeals == 100 and env.game.phase == "auction" and steps in (100, 101)


def test_gymnasium_registration_has_no_other_side_effect(gyms):
    code = ("import sys, gymnasium; before = set(gymnasium.registry); "
            "modules = set(sys.modules); import ddz_fast.envs.gymnasium as m; "
            "print(sorted(set(gymnasium.registry) - before)); "
            "e = gymnasium.make('ddz_fast.envs.gymnasium:ddz_fast/DouDizhu-v0', seat=2); "
            "print(e.unwrapped.seat, 'pettingzoo' in sys.modules)")
    env = {**os.environ, "PYTHONPATH": os.path.dirname(os.path.dirname(ddz_fast.__file__))}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == ["['ddz_fast/DouDizhu-v0']", "2 False"]


# --- the example ---------------------------------------------------------------------------

def test_example_runs(gym, pz, rl):
    # the ddz_fast under test, wherever the example is run from
    env = {**os.environ, "PYTHONPATH": os.path.dirname(os.path.dirname(ddz_fast.__file__))}
    out = subprocess.run([sys.executable, "examples/random_play.py", "--steps", "300",
                          "--seed", "3"], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env=env)
    assert out.returncode == 0, out.stderr
    assert "PettingZoo" in out.stdout and "Gymnasium" in out.stdout


# --- the bench rows ------------------------------------------------------------------------

def test_bench_rows(gym, pz, rl):
    from ddz_fast.tools.bench.adapters import adapter_figures
    figures = adapter_figures(3, seed=0, repeat=1)
    assert [figure.name for figure in figures] == [
        "PettingZoo AEC env(), random legal", "raw_env in PettingZoo's wrappers",
        "Gymnasium DouDizhu-v0, random legal",
        "Gymnasium DouDizhuVectorEnv(4,096), compact obs, 1 thread"]
    assert all(figure.unit == "steps/s" and figure.median > 0 for figure in figures)
    assert all(" steps/s, " in f.cell() and f.cell().endswith(" games/s") for f in figures)
