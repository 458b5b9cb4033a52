"""ddz_fast.envs.rllib, the RLlib MultiAgentEnv: RLlib's own environment checker passes under
three- and four-player rules and each observation scheme; seeded episodes replayed through plain
Games (the agent to move, its observation, mask, legal ids and role, the final rewards); the
illegal-action and redeal-limit endings; bad configs refused; and RLlib's PPO, with its
action-masking modules, trains on it (two policies, one iteration, illegal actions raising).

RLlib pins Gymnasium 1.2.2, below the `rl` extra's: CI runs this file in an environment of its own
(.ci/rllib), and stage 2 leaves it out."""

import numpy as np
import pytest

from ddz_fast import ActionSpace, Game, IllegalActionError, Rules
from ddz_fast.encodings import COMPACT, OPENSPIEL, RLCARD, RLCardEncoding

rllib = pytest.importorskip("ray.rllib", reason="RLlib cannot be imported: pip install "
                                                "'ddz-fast[rllib]' (in an environment without "
                                                "the rl extra: RLlib pins Gymnasium 1.2.2)")
from ddz_fast.envs.rllib import DouDizhuMultiAgentEnv  # noqa: E402

pytestmark = pytest.mark.rllib

CONFIGS = [
    ({}, COMPACT),                                              # standard rules, an auction
    ({"rules": "rlcard", "observation": "rlcard"}, RLCARD),     # the landlord 790 wide, padded
    ({"rules": "douzero", "observation": "openspiel"}, OPENSPIEL),
    ({"rules": "four_1v3"}, COMPACT),
    ({"rules": "four_2v2", "observation": COMPACT}, COMPACT),
]


@pytest.mark.parametrize("config, encoding", CONFIGS)
def test_rllib_environment_checker(config, encoding):
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments
    env = DouDizhuMultiAgentEnv(config)
    check_multiagent_environments(env)
    rules = Rules.preset(config.get("rules", "standard"))
    assert env.agents == env.possible_agents == [f"seat_{s}" for s in range(rules.players)]
    assert env.get_action_space("seat_0").n == len(ActionSpace(rules))
    assert env.get_observation_space("seat_1")["observations"].shape == encoding.shape("farmer", rules=rules)


def legal_ids(game, space):
    """The ids of the seat to move's actions, from the Game's own lists."""
    actions = game.legal_bids() if game.phase == "auction" else game.legal_moves()
    return sorted(space.id(action) for action in actions)


@pytest.mark.parametrize("config, encoding", CONFIGS)
def test_episodes_replay_through_games(config, encoding):
    env = DouDizhuMultiAgentEnv(config)
    space, width = env.space, env.observation_spaces["seat_0"]["observations"].shape[0]
    rng = np.random.default_rng(5)
    roles = set()
    for episode in range(12):
        obs, infos = env.reset(seed=100 + episode)
        game = Game(100 + episode, rules=env.rules)
        while True:
            seat = game.to_move
            agent = f"seat_{seat}"
            assert list(obs) == [agent] and list(infos) == [agent]
            assert env.observation_spaces[agent].contains(obs[agent])
            row = encoding.encode(game, seat)
            assert np.array_equal(obs[agent]["observations"][:len(row)], row)
            assert not obs[agent]["observations"][len(row):].any() and len(obs[agent]["observations"]) == width
            ids = legal_ids(game, space)
            assert np.flatnonzero(obs[agent]["action_mask"]).tolist() == ids
            assert infos[agent]["legal_ids"].tolist() == ids
            role = (None if game.landlord is None else "landlord" if seat == game.landlord
                    else "partner" if seat == (game.landlord + 2) % 4 and env.rules.sides == "2v2"
                    else "farmer")
            assert infos[agent]["role"] == role
            roles.add(role)
            action = int(rng.choice(ids))
            obs, rewards, terminated, truncated, infos = env.step({agent: np.int64(action)})
            game.play(space.action(action)) if game.phase == "play" else game.bid(space.action(action))
            assert truncated == {"__all__": False}
            if game.result is not None:
                break
            assert rewards == {agent: 0.0} and terminated == {"__all__": False}
        assert terminated == {"__all__": True} and infos == {}
        assert rewards == {f"seat_{s}": float(score) for s, score in enumerate(game.result.scores)}
        assert sorted(obs) == env.agents
        for s, agent in enumerate(env.agents):
            assert not obs[agent]["action_mask"].any()
            row = encoding.encode(game, s)
            assert np.array_equal(obs[agent]["observations"][:len(row)], row)
        with pytest.raises(ValueError, match="reset"):
            env.step({agent: 0})
    expected = {"landlord", "farmer"} | ({None} if env.rules.auction != "none" else set())
    assert roles == expected | ({"partner"} if env.rules.sides == "2v2" else set())


def test_seeds_and_given_games():
    env = DouDizhuMultiAgentEnv({"rules": "douzero"})
    env.reset(seed=7)
    assert env.game.hands == Game(7, rules="douzero").hands
    def three_draws():
        hands = []
        for _ in range(3):
            env.reset()
            hands.append(env.game.hands)
        return hands

    draws = three_draws()
    env.reset(seed=7)
    assert three_draws() == draws and len(set(map(str, draws))) == 3
    given = Game(9, rules="douzero")
    given.play(given.legal_moves()[-1])
    obs, infos = env.reset(options={"game": given})
    assert env.game.history == given.history and env.game is not given
    assert list(obs) == ["seat_1"]
    with pytest.raises(ValueError, match="under"):
        env.reset(options={"game": Game(9, rules="rlcard")})


def test_illegal_actions():
    env = DouDizhuMultiAgentEnv({"rules": "douzero"})
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["seat_0"]["action_mask"] == 0)[0])
    obs, rewards, terminated, truncated, infos = env.step({"seat_0": illegal})
    assert rewards == {"seat_0": -1.0, "seat_1": 0.0, "seat_2": 0.0}
    assert terminated == {"__all__": True} and truncated == {"__all__": False}
    assert sorted(obs) == env.agents and env.game.history == []
    with pytest.raises(ValueError, match="ended"):
        env.step({"seat_0": 0})
    strict = DouDizhuMultiAgentEnv({"rules": "douzero", "illegal_reward": None})
    strict.reset(seed=2)
    with pytest.raises(IllegalActionError, match=f"action {illegal}"):
        strict.step({"seat_0": illegal})
    assert strict.game.history == []            # unchanged: a legal action goes on
    legal = strict.space.id(strict.game.legal_moves()[0])
    assert list(strict.step({"seat_0": legal})[0]) == ["seat_1"]
    for action_dict in ({"seat_0": legal}, {"seat_1": legal, "seat_2": legal}, {}, [legal]):
        with pytest.raises(ValueError, match="seat_1, the agent to move"):
            strict.step(action_dict)
    with pytest.raises(ValueError, match="before the first reset"):
        DouDizhuMultiAgentEnv().step({"seat_0": 0})


def test_a_redeal_past_the_limit_truncates():
    env = DouDizhuMultiAgentEnv({"illegal_reward": None})
    obs, _ = env.reset(seed=1)
    steps = 0
    while steps < 1000:
        (agent,) = obs
        obs, rewards, terminated, truncated, _ = env.step({agent: env.space.pass_id})
        steps += 1
        if truncated["__all__"]:
            break
    assert steps > 100 * 3 and truncated == {"__all__": True} and terminated == {"__all__": False}
    assert rewards == dict.fromkeys(env.agents, 0.0)


@pytest.mark.parametrize("config, message", [
    ({"seed": 3}, "unknown keys \\['seed'\\]"),
    ({"observation": "douzero"}, "no fixed-size observation"),
    ({"observation": "rlcard"}, "no layout for the auction"),
    ({"rules": "standard", "observation": RLCardEncoding(others_hand=False)}, "no layout"),
    ({"rules": "laizi"}, "wild cards"),
    ({"rules": "douzero", "actions": "rlcard"}, "must number the moves"),
    ({"rules": 3}, "rules must be"),
    ({"illegal_reward": float("nan")}, "illegal_reward"),
])
def test_bad_configs(config, message):
    with pytest.raises((ValueError, TypeError), match=message):
        DouDizhuMultiAgentEnv(config)


def test_ppo_with_action_masking_trains(ray_cluster):
    """RLlib's PPO on the new API stack, a landlord policy and a farmer policy, each an
    ActionMaskingTorchRLModule (RLlib's example module) reading the mask: an iteration of
    sampling and learning, with illegal actions raising (none is sampled)."""
    pytest.importorskip("torch", reason="RLlib's PPO needs torch: pip install torch==2.13.0")
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    def module():
        return RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                            model_config={"head_fcnet_hiddens": [32]})

    config = (PPOConfig()
              # (the checker steps unmasked random actions, which raise here: it ran above)
              .environment(DouDizhuMultiAgentEnv, env_config={"rules": "douzero", "illegal_reward": None},
                           disable_env_checking=True)
              .multi_agent(policies={"landlord", "farmer"},
                           policy_mapping_fn=lambda agent, episode, **kw:
                           "landlord" if agent == "seat_0" else "farmer")
              .rl_module(rl_module_spec=MultiRLModuleSpec(
                  rl_module_specs={"landlord": module(), "farmer": module()}))
              .env_runners(num_env_runners=1)
              .training(train_batch_size_per_learner=300, minibatch_size=100, num_epochs=1))
    algo = config.build_algo()
    try:
        result = algo.train()
    finally:
        algo.stop()
    runners = result["env_runners"]
    assert runners["num_env_steps_sampled"] >= 300 and runners["num_episodes"] >= 1
    # every game's returns: the landlord's payoff, each farmer the opposite (douzero: ADP)
    returns = runners["agent_episode_returns_mean"]
    assert returns["seat_0"] == pytest.approx(-returns["seat_1"]) == pytest.approx(-returns["seat_2"])
    assert set(result["learners"]) >= {"landlord", "farmer"}
