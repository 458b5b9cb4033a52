"""A single-agent Gymnasium environment: one learner's seat against opponent policies.

Importing this module registers ``DouDizhuEnv`` as ``"ddz_fast/DouDizhu-v0"`` in Gymnasium's
registry (and nothing else), so ``gymnasium.make("ddz_fast/DouDizhu-v0", **kwargs)`` works
after ``import ddz_fast.envs.gymnasium``, and ``gymnasium.make(
"ddz_fast.envs.gymnasium:ddz_fast/DouDizhu-v0")`` imports it by itself. The id's vector entry
point is ``DouDizhuVectorEnv`` (``ddz_fast.envs.vector``, re-exported here): n tables stepped
natively, every seat an agent, from ``gymnasium.make_vec("ddz_fast/DouDizhu-v0",
num_envs=n, vectorization_mode="vector_entry_point")``.

``DouDizhuEnv(*, rules="rlcard", actions=None, observation="rlcard", seat=0, opponents=None,
illegal_reward=-1.0, render_mode=None)``:

- ``rules``: a ``Rules`` or a preset name (None: ``standard``); ``actions``: the ids (an
  ``ActionSpace`` or a preset name), by default ``ActionSpace(rules)`` (RLCard's 27,472 under
  ``rlcard``, OpenSpiel's under ``openspiel``); its rules must be ``rules``. ``action_space`` is
  ``Discrete(len(actions))``.
- ``observation``: a scheme of ``ddz_fast.encodings`` (``"compact"``, ``"rlcard"``,
  ``"openspiel"``, ``"douzero"`` or an ``Encoding``). ``observation_space`` is
  ``Dict({"observation": Box(0, 1, scheme.shape(role), scheme.dtype), "action_mask": Box(0,
  1, (len(actions),), int8)})`` (``compact``: a ``Box`` of its counts' bounds, as in the
  vector env), the masked-action convention of PettingZoo's classic games and of
  ``Discrete.sample(mask=...)``; ``action_masks()`` gives the mask as bools, as
  sb3-contrib's ``MaskablePPO`` asks. Without an auction (``rlcard``, ``douzero``) seat 0 is
  the landlord, so the learner's role and width are fixed; under rules with an auction the
  scheme must encode the auction and have one width for both roles (``compact`` and
  ``openspiel`` do, ``rlcard`` and ``douzero`` do not: ``ValueError``). With ``douzero`` the dict also holds
  ``"z"``, DouZero's last 15 actions (``DOUZERO.encode_z``, int8 (5, 162)); ``x_batch`` is
  ``DOUZERO.encode_batch(env.unwrapped.game, actions)``.
- ``seat``: the learner's seat (0..2). ``opponents``: two policies for the next seat and the
  one after, each a callable that takes a ``Game`` (a copy of the live one: the policy may
  read everything, the hidden hands too, and change nothing) and returns the action of the
  seat to move as ``Series`` players do: a bid (0 = pass) in the auction, a ``Move``,
  ``PASS`` or move text in play. ``RandomPlayer`` and ``GreedyPlayer`` of ``ddz_fast.players``
  are such policies. By default two ``RandomPlayer``\\ s, reseeded from the environment's
  generator at each seeded ``reset``. A policy's illegal action raises its error; the episode
  must then be reset.
- ``reset(seed=s)`` deals ``Game(s, rules=rules)`` (and seeds ``np_random``, from which each
  later ``reset()`` without a seed draws its deal, and the default opponents), lets the
  opponents act until the learner is to move, and returns ``(observation, info)``.
  ``reset(options={"game": game})`` starts from a copy of ``game`` instead (a ``Game`` under
  ``rules``, not over); other options are ignored.
- ``step(id)``: the learner's action, then the opponents' until the learner is to move again
  or the game is over. Reward 0 until the end, then the learner's payoff under the rules'
  ``scoring`` (``Result.scores[seat]``), the one convention of every adapter (``Tables``,
  the vector env, PettingZoo): what the preset's peer pays, 1 to each winner and 0 to the
  others under ``rlcard`` (RLCard's payoffs), DouZero's ``adp`` under ``douzero``, the
  points under ``standard`` and ``openspiel``; ``rules=Rules.preset("rlcard").replace(
  scoring="wp")`` gives +-1 (PettingZoo's ``dou_dizhu_v4``).
  An illegal id ends the episode with ``illegal_reward`` (``terminated``; PettingZoo's
  convention) and ``info["illegal_action"] = True``; ``illegal_reward=None`` raises
  ``IllegalActionError`` instead and changes nothing. An id outside the space raises
  ``ValueError``. An auction that would redeal once more than the engine allows (everyone
  always passing) ends the episode ``truncated``.
- ``info``: ``"legal_ids"``, the learner's legal ids (int32, ascending) padded with -1 to
  ``LEGAL_WIDTH`` (1025, more than any position has), and ``"legal_count"``, how many there
  are (0 at the end): ``info["legal_ids"][:info["legal_count"]]``. Fixed shapes, so
  ``gymnasium.make_vec(ENV_ID, vectorization_mode="sync")`` (or ``"async"``) stacks them:
  ``(n, 1025)`` and ``(n,)``, which ``ddz_fast.segments.csr_from_padded`` turns into the
  vector entry point's CSR. At the end of a game also ``"result"``, its ``Result``.
- ``env.unwrapped.game`` is the live ``Game`` (read it; act through ``step``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .._actions import ActionSpace
from .._game import Game
from .._moves import Move
from .._rules import MAX_MOVES, as_rules, without_wilds
from ..checks import check_int
from ..encodings import (
    COMPACT, DOUZERO, OPENSPIEL, RLCARD, CompactEncoding, DouZeroEncoding, Encoding,
)
from ..errors import IllegalActionError, RedealLimitError
from ..players import RandomPlayer
from ..typing import RulesLike
from .episode import (
    Episode, Observation, check_auction_layout, check_illegal_reward, game_of, next_seed, starting_game,
)
from .vector import DouDizhuVectorEnv as DouDizhuVectorEnv  # the id's vector entry point
from .vector import observation_box

__all__ = ["DouDizhuEnv", "DouDizhuVectorEnv", "ENV_ID", "LEGAL_WIDTH"]

ENV_ID = "ddz_fast/DouDizhu-v0"
# info["legal_ids"]'s width: more legal ids than this no position has (the engine's bound on a
# hand's moves, and the pass); a fixed width is what vector envs can stack.
LEGAL_WIDTH = MAX_MOVES + 1
SCHEMES = {scheme.name: scheme for scheme in (COMPACT, RLCARD, OPENSPIEL, DOUZERO)}
RENDER_MODES = ("human", "ansi")

Policy = Callable[[Game], int | Move | str]


def as_encoding(observation: str | Encoding) -> Encoding:
    """The scheme named by ``observation`` (or the Encoding itself)."""
    if isinstance(observation, Encoding):
        return observation
    if not isinstance(observation, str):
        raise TypeError(f"observation must be a scheme's name or an Encoding, not "
                        f"{type(observation).__name__} ({observation!r})")
    if observation not in SCHEMES:
        raise ValueError(f"observation must be one of {sorted(SCHEMES)} or an Encoding, "
                         f"not {observation!r}")
    return SCHEMES[observation]


class DouDizhuEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """The learner's seat of a Dou Dizhu table against opponent policies (see the module)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(self, *, rules: RulesLike = "rlcard", actions: ActionSpace | str | None = None,
                 observation: str | Encoding = "rlcard", seat: int = 0,
                 opponents: Sequence[Policy] | None = None,
                 illegal_reward: float | None = -1.0, render_mode: str | None = None) -> None:
        rules = without_wilds(as_rules(rules), "DouDizhuEnv (its action_mask would hold millions "
                              "of ids: DouDizhuVectorEnv gives the legal ids instead)")
        space = actions if isinstance(actions, ActionSpace) else ActionSpace(
            rules if actions is None else actions)
        if space.rules != rules:
            raise ValueError(f"actions must number the moves of rules {rules!r}, "
                             f"not those of {space.rules!r}")
        encoding = as_encoding(observation)
        if isinstance(seat, bool):
            raise TypeError(f"seat must be an integer, not bool ({seat!r})")
        seat = check_int(seat, "seat")              # (numpy integers too)
        if not 0 <= seat <= 2:
            raise ValueError(f"seat must be 0, 1 or 2, not {seat!r}")
        if opponents is not None:
            opponents = list(opponents)
            if not all(callable(policy) for policy in opponents):
                raise TypeError(f"opponents must be callables, not {opponents!r}")
            if len(opponents) != 2:
                raise ValueError(f"opponents must be two policies (the next seat's, then the "
                                 f"one after), not {len(opponents)}")
        illegal_reward = check_illegal_reward(illegal_reward)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        role: Literal["landlord", "farmer"] = "landlord"
        if rules.auction == "none":
            role = "landlord" if seat == 0 else "farmer"
        check_auction_layout(encoding, rules, "observation")
        self.rules = rules
        self.space = space
        self.encoding = encoding
        self.seat = seat
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self._policies = opponents
        self._opponents: list[Policy] = opponents or []
        observation_spaces: dict[str, spaces.Space[Any]] = {
            "observation": observation_box(encoding, rules)
            if isinstance(encoding, CompactEncoding)
            else spaces.Box(0, 1, encoding.shape(role), dtype=encoding.dtype),
            "action_mask": spaces.Box(0, 1, (len(space),), dtype=np.int8),
        }
        self._history = isinstance(encoding, DouZeroEncoding)
        if self._history:           # DouZero's z: the last 15 actions, the same for every seat
            observation_spaces["z"] = spaces.Box(0, 1, (5, 162), dtype=np.int8)
        self.observation_space = spaces.Dict(observation_spaces)
        self.action_space = spaces.Discrete(len(space))
        self._episode: Episode | None = None
        self._done = False

    @property
    def game(self) -> Game:
        """The game being played (``ValueError`` before the first ``reset``)."""
        return game_of(self._episode)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        game = starting_game(seed, options, self.rules)
        first = self._np_random is None
        super().reset(seed=None if seed is None else int(seed))
        if self._policies is None and (seed is not None or first):
            self._opponents = [RandomPlayer(next_seed(self.np_random)) for _ in range(2)]
        if game is None:
            game = Game(next_seed(self.np_random), rules=self.rules)
        self._episode = Episode(game, self.space, self.encoding)
        # (the learner speaks before any auction could pass out: nothing truncates here)
        self._done = self._play_opponents()
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(self, action: int | np.integer[Any]
             ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        episode = self._episode
        if episode is None or self._done:
            raise IllegalActionError("the episode is over (or not begun): call reset()")
        try:
            episode.act(action)
        except RedealLimitError:
            return self._end(0.0, truncated=True)
        except IllegalActionError:
            if self.illegal_reward is None:
                raise
            return self._end(float(self.illegal_reward), illegal=True)
        if self._play_opponents():
            return self._end(0.0, truncated=True)
        result = episode.game.result
        if result is not None:
            return self._end(float(result.scores[self.seat]))
        if self.render_mode == "human":
            self.render()
        return self._observe(), 0.0, False, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions as a bool mask of len(space) (all False at the end)."""
        mask = np.zeros(len(self.space), dtype=np.bool_)
        if self._episode is not None and not self._done:
            mask[self._episode.legal_ids()] = True
        return mask

    def _play_opponents(self) -> bool:
        """Let the opponents act until the learner is to move or the game is over; True when
        the auction hit the engine's redeal limit."""
        assert self._episode is not None
        game = self._episode.game
        while game.to_move is not None and game.to_move != self.seat:
            seat = game.to_move
            policy = self._opponents[(seat - self.seat) % 3 - 1]
            try:
                action = policy(game.copy())
            except BaseException:
                self._done = True              # the episode cannot go on: reset() first
                raise
            try:
                self._episode.apply(action)
            except RedealLimitError:
                return True
            except (IllegalActionError, TypeError) as error:
                self._done = True
                raise type(error)(f"the opponent at seat {seat} ({policy!r}) chose "
                                  f"{action!r}: {error}") from None
        return False

    def _end(self, reward: float, *, truncated: bool = False,
             illegal: bool = False) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        assert self._episode is not None
        self._done = True
        info = legal_info(np.empty(0, dtype=np.int32))
        if illegal:
            info["illegal_action"] = True
        elif not truncated:
            info["result"] = self._episode.game.result
        observation = self._observe()
        observation["action_mask"][:] = 0
        if self.render_mode == "human":
            self.render()
        return observation, reward, not truncated, truncated, info

    def _observe(self) -> Observation:
        assert self._episode is not None
        observation = self._episode.observe(self.seat)
        if self._history:
            observation["z"] = DOUZERO.encode_z(self._episode.game)
        return observation

    def _info(self) -> dict[str, Any]:
        assert self._episode is not None
        return legal_info(self._episode.legal_ids())

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        if self._episode is None:
            text = "(no game yet)"
        else:
            text = self._episode.render(tuple(  # type: ignore[arg-type]
                "learner" if s == self.seat else f"seat {s}" for s in range(3)))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


def legal_info(ids: npt.NDArray[np.int32]) -> dict[str, Any]:
    """The info of legal ``ids``: padded to ``LEGAL_WIDTH`` with -1, and their count."""
    padded = np.full(LEGAL_WIDTH, -1, dtype=np.int32)
    padded[:len(ids)] = ids
    return {"legal_ids": padded, "legal_count": len(ids)}


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="ddz_fast.envs.gymnasium:DouDizhuEnv",
                       vector_entry_point="ddz_fast.envs.vector:DouDizhuVectorEnv")
