"""An RLlib ``MultiAgentEnv`` over the game (the ``rllib`` extra: ``pip install
'ddz-fast[rllib]'``): what Ray users train with, on a cluster or not.

``DouDizhuMultiAgentEnv(config=None)``, ``config`` a dict (RLlib's ``EnvContext``) of:

- ``"rules"``: a ``Rules`` or preset name (default ``"standard"``), three or four players, no
  wild cards (their action space has millions of ids: no mask of them can be an observation);
  ``"actions"``: an ``ActionSpace`` or preset name numbering the moves of those rules (default:
  the rules' own).
- ``"observation"``: ``"compact"`` (default), ``"rlcard"``, ``"openspiel"`` or an ``Encoding``
  of those schemes (DouZero's scores each action separately: it has no fixed-size observation).
  Under rules with an auction the scheme must lay out the auction, and be as wide for a farmer
  as for the landlord (the auction decides the roles): ``"compact"`` and ``"openspiel"`` are.
- ``"illegal_reward"``: an illegal action ends the game, the mover gets this reward and the
  others 0 (default -1.0, as PettingZoo's environments; RLlib's environment checker steps with
  unmasked random actions); None: ``IllegalActionError`` (a ``ValueError``) naming the id, and
  nothing changes.

Agents: ``"seat_0"``, ``"seat_1"``, ``"seat_2"`` (and ``"seat_3"`` in the four-player game);
seat 0 is the landlord under rules without an auction, else the first bidder. Turns: the
observation dict of ``reset`` and ``step`` holds one agent, the one to move, until the game ends;
the step that ends it returns every agent's observation and reward and ``terminateds={"__all__":
True}`` (RLlib's turn-based convention: the rewards of a step go to the agents named in it, so
a game's rewards are 0 until its last step). ``truncateds={"__all__": True}`` (every reward 0)
when a pass would redeal once more than the engine allows (``RedealLimitError``: players that
always pass); else ``{"__all__": False}``. After the episode ends, ``step`` raises until
``reset``.

- Observations: ``{"observations": float32 (width,), "action_mask": float32 (len(space),)}``
  (the keys of RLlib's action-masking modules): the scheme's encoding for that seat (zero-padded
  to the farmer's width where the landlord's is narrower), and 1.0 at the legal ids of the seat
  to move (all 0 at the end). Floats, as RLlib's default models take them.
- Actions: ``Discrete(len(space))``, ids of the action space (bids are ids too).
- Rewards: each seat's payoff under the rules' scoring (``Result.scores``), as every ddz_fast
  adapter pays.
- Infos: the agent to move gets ``{"legal_ids": int32 ascending, "role": "landlord",
  "partner" (the landlord's, in 2 v 2), "farmer", or None in the auction}``.
- ``reset(seed=s)`` deals ``Game(s, rules=rules)`` and seeds the generator from which each later
  ``reset()`` without a seed draws its deal (the first one without a seed: fresh entropy);
  ``reset(options={"game": game})`` starts from a copy of ``game`` (its rules must be the
  environment's). ``env.game`` is the live ``Game``.

RLlib 2.58 pins Gymnasium 1.2.2, below the ``rl`` extra's 1.4.0 (PettingZoo's and Gymnasium's
checkers change between releases): the ``rllib`` extra and the ``rl`` extra do not install into
one environment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from .._actions import ActionSpace
from .._game import Game
from .._rules import as_rules, without_wilds
from ..encodings import CompactEncoding, DouZeroEncoding
from ..errors import IllegalActionError, RedealLimitError
from .episode import Episode, check_auction_layout, check_illegal_reward, dealt_game, game_of
from .gymnasium import as_encoding
from .vector import compact_high

__all__ = ["DouDizhuMultiAgentEnv"]

CONFIG_KEYS = ("rules", "actions", "observation", "illegal_reward")
# RLlib's MultiAgentDict (agent id to value), the type its methods take and return
AgentDict = dict[Any, Any]
StepResult = tuple[AgentDict, AgentDict, AgentDict, AgentDict, AgentDict]


class DouDizhuMultiAgentEnv(MultiAgentEnv):  # type: ignore[misc, unused-ignore]  # Any without Ray
    """Dou Dizhu as an RLlib multi-agent environment, every seat an agent (see the module)."""

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        super().__init__()      # type: ignore[no-untyped-call, unused-ignore]
        config = dict(config or {})
        unknown = sorted(set(config) - set(CONFIG_KEYS))    # (EnvContext's are attributes)
        if unknown:
            raise ValueError(f"config has unknown keys {unknown}: the keys are {list(CONFIG_KEYS)}")
        rules = without_wilds(as_rules(config.get("rules", "standard"), four_players=True),
                              "DouDizhuMultiAgentEnv (its action_mask would hold millions of ids)")
        actions = config.get("actions")
        space = actions if isinstance(actions, ActionSpace) else ActionSpace(
            rules if actions is None else actions)
        if space.rules != rules:
            raise ValueError(f"config['actions'] must number the moves of rules {rules!r}, "
                             f"not those of {space.rules!r}")
        encoding = as_encoding(config.get("observation", "compact"))
        if isinstance(encoding, DouZeroEncoding):
            raise ValueError("config['observation'] cannot be 'douzero': DouZero's scheme scores "
                             "each legal action apart and has no fixed-size observation; use "
                             "'compact', 'rlcard' or 'openspiel'")
        check_auction_layout(encoding, rules, "config['observation']")
        self.illegal_reward = check_illegal_reward(config.get("illegal_reward", -1.0))
        self.rules = rules
        self.space = space
        self.encoding = encoding
        self.width = encoding.shape("farmer", rules=rules)[0]
        high = (compact_high(encoding, rules).astype(np.float32)
                if isinstance(encoding, CompactEncoding) else np.float32(1))
        observation_space = spaces.Dict({
            "observations": spaces.Box(np.float32(0), high, (self.width,), dtype=np.float32),
            "action_mask": spaces.Box(0.0, 1.0, (len(space),), dtype=np.float32),
        })
        self._names = [f"seat_{seat}" for seat in range(rules.players)]
        self.agents, self.possible_agents = list(self._names), list(self._names)
        self.observation_spaces = dict.fromkeys(self._names, observation_space)
        self.action_spaces = {agent: spaces.Discrete(len(space)) for agent in self._names}
        self._np_random: np.random.Generator | None = None
        self._episode: Episode | None = None
        self._done = False

    @property
    def game(self) -> Game:
        """The game being played (``ValueError`` before the first ``reset``)."""
        return game_of(self._episode)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[AgentDict, AgentDict]:
        game, self._np_random = dealt_game(seed, options, self.rules, self._np_random)
        self._episode = Episode(game, self.space, self.encoding)
        self._done = False
        return self._turn()

    def step(self, action_dict: AgentDict) -> StepResult:  # type: ignore[override, unused-ignore]
        episode = self._episode
        if episode is None:
            raise ValueError("step() before the first reset()")
        if self._done:
            raise ValueError("step() after the episode ended: reset() first")
        game = episode.game
        assert game.to_move is not None         # (not over: the episode would be done)
        agent = self._names[game.to_move]
        if not isinstance(action_dict, Mapping) or set(action_dict) != {agent}:
            raise ValueError(f"action_dict must hold the action of {agent}, the agent to move, "
                             f"alone: not {action_dict!r}")
        action = action_dict[agent]
        if isinstance(action, np.ndarray) and action.shape == ():   # (a sampled Discrete)
            action = action.item()
        try:
            episode.act(action)
        except RedealLimitError:
            return self._end(dict.fromkeys(self._names, 0.0), truncated=True)
        except IllegalActionError:
            if self.illegal_reward is None:
                raise
            rewards = dict.fromkeys(self._names, 0.0)
            rewards[agent] = self.illegal_reward
            return self._end(rewards)
        result = game.result
        if result is None:
            obs, infos = self._turn()
            return obs, {agent: 0.0}, {"__all__": False}, {"__all__": False}, infos
        return self._end({a: float(score) for a, score in zip(self._names, result.scores)})

    def _observe(self, seat: int) -> dict[str, npt.NDArray[np.float32]]:
        assert self._episode is not None
        seen = self._episode.observe(seat)
        row = np.zeros(self.width, np.float32)
        row[:seen["observation"].shape[0]] = seen["observation"]
        return {"observations": row, "action_mask": seen["action_mask"].astype(np.float32)}

    def _turn(self) -> tuple[AgentDict, AgentDict]:
        """The observation and info of the agent to move."""
        assert self._episode is not None
        game = self._episode.game
        seat = game.to_move
        assert seat is not None
        role = (None if game.landlord is None else "landlord" if seat == game.landlord
                else "partner" if seat == game.partner else "farmer")
        agent = self._names[seat]
        return ({agent: self._observe(seat)},
                {agent: {"legal_ids": self._episode.legal_ids(), "role": role}})

    def _end(self, rewards: dict[str, float], *, truncated: bool = False) -> StepResult:
        """Every agent's last observation (no legal ids) and reward: the episode is over
        (after an illegal action or a truncation, the game is not)."""
        obs = {agent: self._observe(seat) for seat, agent in enumerate(self._names)}
        for row in obs.values():
            row["action_mask"][:] = 0
        self._done = True
        return obs, rewards, {"__all__": not truncated}, {"__all__": truncated}, {}
