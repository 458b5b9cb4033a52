"""A PettingZoo AEC environment that can replace PettingZoo's removed ``dou_dizhu_v4``.

``env(opponents_hand_visible=False, render_mode=None, bug_compatible=False,
v4_rewards=False)`` is what ``dou_dizhu_v4.env()`` was, on today's API (``last()`` gives
termination and truncation), with the rewards of every ddz_fast adapter
(``env(v4_rewards=True, bug_compatible=True)`` is v4 exactly: its rewards and observations):
``raw_env(..., illegal_reward=-1)``, which does itself what v4's PettingZoo wrappers did
(``TerminateIllegalWrapper(illegal_reward=-1)``, ``AssertOutOfBoundsWrapper``,
``OrderEnforcingWrapper``): each attribute read through those wrappers costs about 1 µs a
level, three times what a step of this environment costs. ``raw_env`` in those wrappers
behaves the same (tested), slower.

- Rules: the ``rlcard`` preset (RLCard 1.2.0's game: no auction, seat 0 the landlord).
- Agents: ``landlord_0``, ``peasant_0`` (seat 1, plays after the landlord), ``peasant_1``
  (seat 2), as v4 named RLCard's players 0, 1, 2. The landlord moves first.
- Actions: ``Discrete(27472)``, RLCard's action ids (``ActionSpace("rlcard")``; 27471 passes).
  An id outside 0..27471, or None for an agent to move, raises ``ValueError``.
- Observations: ``{"observation": int8, "action_mask": int8 (27472,)}``. The observation is
  RLCard's ``_extract_state`` vector less its ``others_hand`` block, 736 wide for the landlord
  and 847 for a peasant, as v4 gave; with ``opponents_hand_visible=True`` all of it (790 /
  901). ``bug_compatible=True`` copies RLCard 1.2.0's first-action bug in the last landlord /
  teammate action blocks (``ddz_fast.encodings``, ``RLCardEncoding``). The mask is 1 at the
  legal ids of the agent to move, all 0 for the others and once the game is over.
- Rewards: 0 until the end, then each seat's payoff under the preset's scoring
  (``Result.scores``), the convention of the Gymnasium envs and ``Tables`` too: RLCard's own
  payoffs, 1 to each winner and 0 to each loser. ``v4_rewards=True``: +1 and -1, v4's
  ``2 * payoff - 1`` (the preset with ``scoring="wp"`` pays the same). An illegal action,
  with ``illegal_reward`` a number (``env()``: -1), ends the game as PettingZoo's
  ``TerminateIllegalWrapper`` does: the mover gets ``illegal_reward``, the others 0, every
  agent is terminated and truncated. With ``illegal_reward=None`` (the
  default of ``raw_env``) it raises ``IllegalActionError`` (a ``ValueError``) naming the id,
  and changes nothing.
- Infos: ``infos[agent]["legal_ids"]``, the legal ids (int32, ascending, read-only) of the
  agent to move, for policies that sample without scanning the mask; ``{}`` for the others.
- Seeds: ``reset(seed=s)`` deals ``Game(s, rules=Rules.preset("rlcard"))`` and seeds the
  generator from which each later ``reset()`` without a seed draws its deal; the first
  ``reset()`` without one draws from fresh entropy. ``reset(options={"game": game})`` starts
  from a copy of ``game`` instead (a ``Game`` under the ``rlcard`` preset, not over: a deal
  read from RLCard by ``ddz_fast.interop.rlcard.from_env``, say); other options are ignored.
  ``unwrapped.game`` is the live ``Game`` (read it; play through ``step``).
- ``render()``: the hands, roles and last three actions as text, printed (``"human"``) or
  returned (``"ansi"``).
- Before the first ``reset()``, reading ``agents``, ``rewards``, ``agent_selection`` and the
  like raises ``AttributeError``, and ``step``/``observe``/``render`` raise ``ValueError``.
  ``step()`` once every agent is done logs ``OrderEnforcingWrapper``'s warning and changes
  nothing.
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from .._actions import ActionSpace
from .._game import Game
from .._rules import Rules
from ..encodings import RLCardEncoding
from ..errors import IllegalActionError
from .episode import Episode, Observation, check_illegal_reward, dealt_game, game_of

__all__ = ["AGENTS", "env", "raw_env"]

AGENTS = ("landlord_0", "peasant_0", "peasant_1")
ROLE_OF: dict[str, Literal["landlord", "farmer"]] = {
    "landlord_0": "landlord", "peasant_0": "farmer", "peasant_1": "farmer"}
SEAT_OF = {agent: seat for seat, agent in enumerate(AGENTS)}
RENDER_MODES = ("human", "ansi")


def env(**kwargs: Any) -> raw_env:
    """The environment as ``dou_dizhu_v4.env()`` made it: ``raw_env(illegal_reward=-1,
    **kwargs)`` (see the module)."""
    return raw_env(**{"illegal_reward": -1.0, **kwargs})


class raw_env(AECEnv, EzPickle):
    """Dou Dizhu under RLCard's rules as a PettingZoo AEC environment (see the module)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "ddz_fast_dou_dizhu_v0",
                "is_parallelizable": False, "render_fps": 1}

    def __init__(self, opponents_hand_visible: bool = False, render_mode: str | None = None,
                 bug_compatible: bool = False, illegal_reward: float | None = None,
                 v4_rewards: bool = False) -> None:
        for name, flag in (("opponents_hand_visible", opponents_hand_visible),
                           ("bug_compatible", bug_compatible), ("v4_rewards", v4_rewards)):
            if not isinstance(flag, bool):
                raise TypeError(f"{name} must be a bool, not {type(flag).__name__} ({flag!r})")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        illegal_reward = check_illegal_reward(illegal_reward)
        EzPickle.__init__(self, opponents_hand_visible=opponents_hand_visible,
                          render_mode=render_mode, bug_compatible=bug_compatible,
                          illegal_reward=illegal_reward, v4_rewards=v4_rewards)
        super().__init__()
        self.opponents_hand_visible = opponents_hand_visible
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.rules = Rules.preset("rlcard")
        self.v4_rewards = v4_rewards
        self.space = ActionSpace(self.rules)
        self.encoding = RLCardEncoding(others_hand=opponents_hand_visible,
                                       bug_compatible=bug_compatible)
        self.possible_agents = list(AGENTS)
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(0, 1, self.encoding.shape(ROLE_OF[agent]), dtype=np.int8),
            "action_mask": spaces.Box(0, 1, (len(self.space),), dtype=np.int8),
        }) for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(len(self.space)) for agent in AGENTS}
        self._np_random: np.random.Generator | None = None
        self._episode: Episode | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game(self) -> Game:
        """The game being played (``ValueError`` before the first ``reset``)."""
        return game_of(self._episode)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        game, self._np_random = dealt_game(seed, options, self.rules, self._np_random)
        self._episode = Episode(game, self.space, self.encoding)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self._select(game)

    def observe(self, agent: str) -> Observation:
        if self._episode is None:
            raise ValueError("observe() before the first reset()")
        seat = SEAT_OF.get(agent)
        if seat is None:
            raise ValueError(f"agent must be one of {', '.join(AGENTS)}, not {agent!r}")
        return self._episode.observe(seat)

    def step(self, action: int | None) -> None:
        if self._episode is None:
            raise ValueError("step() before the first reset()")
        if not self.agents:         # every agent done: OrderEnforcingWrapper's warning, no change
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: the action must be an id, not None")
        try:
            self._episode.act(action)
        except IllegalActionError:
            if self.illegal_reward is None:
                raise
            self._end_illegal(agent, self.illegal_reward)
            return
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent] = {}
        game = self._episode.game
        result = game.result
        if result is None:
            self._select(game)
        else:
            scores = [2.0 * score - 1 if self.v4_rewards else float(score)
                      for score in result.scores]
            self.rewards = dict(zip(AGENTS, scores))
            self.terminations = dict.fromkeys(AGENTS, True)
            self._accumulate_rewards()
            self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def _end_illegal(self, agent: str, reward: float) -> None:
        """End the game as PettingZoo's TerminateIllegalWrapper does."""
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = float(reward)
        self.infos[agent] = {}
        self._accumulate_rewards()
        self._deads_step_first()

    def _select(self, game: Game) -> None:
        """Hand the turn to the seat to move, with its legal ids in its info."""
        assert self._episode is not None and game.to_move is not None
        self.agent_selection = AGENTS[game.to_move]
        self.infos[self.agent_selection] = {"legal_ids": self._episode.legal_ids()}

    def render(self) -> str | None:
        if self._episode is None:
            raise ValueError("render() before the first reset()")
        if self.render_mode is None:
            return None
        text = self._episode.render(AGENTS)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass
