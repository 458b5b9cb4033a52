"""A Gymnasium ``VectorEnv`` over ``Tables``: n tables stepped natively, every seat an agent.

``gymnasium.make_vec("ddz_fast/DouDizhu-v0", num_envs=n, vectorization_mode=
"vector_entry_point", **kwargs)`` makes one (after ``import ddz_fast.envs.gymnasium``, which
registers the id; ``"sync"`` and ``"async"`` vectorise the single-agent ``DouDizhuEnv``
instead).

``DouDizhuVectorEnv(num_envs=1, *, rules="rlcard", actions=None, observation="rlcard",
seat=0, threads=1, autoreset_mode=AutoresetMode.NEXT_STEP, illegal_action="raise",
action_mask=False, copy=False, opponents=None)``:

- ``rules``, ``actions``, ``observation`` (``"compact"``, ``"rlcard"``, ``"openspiel"``,
  ``"douzero"`` or an ``Encoding``), ``threads``, ``illegal_action`` (``"raise"``,
  ``"lose"``, ``"forfeit"``) and ``copy`` are those of ``Tables`` (its docstring documents
  them); ``autoreset_mode`` is a ``gymnasium.vector.AutoresetMode`` or its value
  (``"NextStep"``) or Tables' name (``"next_step"``), kept in ``metadata["autoreset_mode"]``
  as the enum Gymnasium's wrappers read.
- Every seat is an agent (self-play), but for the seats of ``opponents`` (``{seat:
  player}`` of native players, as ``Tables`` takes them: ``RandomPlayer``, ``GreedyPlayer``,
  ``RulePlayer``), which act inside the step. With the two seats other than ``seat`` as
  opponents, the env is a single-agent one: every decision is ``seat``'s, and the reward its
  return. ``step(actions)`` takes an ``(n,)`` integer array, at table i the action id of the
  seat to move there (``info["current_player"][i]`` of the last call).
  ``single_action_space`` is ``Discrete(len(space))``, ``action_space`` ``MultiDiscrete`` of
  n of them.
- Observations, as the single-agent env's: a dict of batched arrays, ``"observation"`` ``(n,
  width)`` (row i for the seat to move at table i; ``Tables``' rows: ``rlcard`` rows are the
  farmer's width, the landlord's zero-padded; for ``douzero`` DouZero's ``x_no_action``, the
  landlord's 319 then zeros), with ``douzero`` also ``"z"`` ``(n, 5, 162)``, and with
  ``action_mask=True`` ``"action_mask"`` ``(n, len(space))`` int8. ``single_observation_space``
  is the ``Dict`` of one row's ``Box``\\ es, ``observation_space`` the batched ``Dict``. The
  legal ids are always in ``info`` as CSR, so a policy needs no dense mask.
- Rewards: ``(n,)`` float32, the payoff of one fixed seat, ``seat`` (0..2, 0..3 in the
  four-player game; 0 is the landlord under presets without an auction), at each table: zero
  until a game ends, then that seat's payoff under the rules' scoring
  (``Result.scores[seat]``, as in the single env) or its part of the illegal-action penalty.
  So the sum of a table's rewards over a game is that seat's return, which is what Gymnasium's
  ``RecordEpisodeStatistics`` and a single-agent learner read. (The reward of the seat that
  moved would be no return: the seat that ends a game has always won.) Every seat's payoffs,
  which a self-play learner needs, are in ``info["rewards"]`` ``(n, 3)`` by seat (``(n, 4)``
  of four players, whose observation is ``"compact"``). ``terminated``: the game ended at
  this step; ``truncated``: always False (a pass that would redeal once more than the engine
  allows counts as an illegal action, as in ``Tables``).
- ``info``: ``Tables``' (``"current_player"``, ``"role"``, ``"legal_offsets"``,
  ``"legal_ids"``, ``"episode_index"``, ``"action_mask"`` if asked for), plus ``"rewards"``
  and with ``douzero``
  ``"x_batch"`` ``(L, 484)`` float32, DouZero's rows of the legal actions along
  ``"legal_ids"``. Under ``AutoresetMode.SAME_STEP`` the step that ends a game returns the
  next game's observation and, as Gymnasium's ``SyncVectorEnv`` does, ``info["final_obs"]``
  (an object array of n: the ended game's observation dict at the rows where
  ``info["_final_obs"]``, else None) and ``info["final_info"]`` (its ``"current_player"``,
  ``"role"`` and ``"episode_index"``, each with its ``"_"`` mask).
- ``reset(seed=s)`` reseeds the tables: game k at table i is ``Game(Tables.deal_seed(s, i,
  k), rules=rules)``; without a seed, each table deals its next game (the first reset: from a
  random seed). ``reset(options={"reset_mask": mask})`` deals only the tables of an ``(n,)``
  bool mask (Gymnasium's convention for ``AutoresetMode.DISABLED``).
- ``sample_legal(info, rng)`` draws a random legal id at each table from the CSR ids,
  ``sample_rows(info, rng)`` its index there (the row of ``x_batch``); ``ddz_fast.segments``
  has the greedy, softmax and weighted policies over the CSR rows, safe at finished tables.
- Buffers: without ``copy`` the arrays returned are ``Tables``' buffers, overwritten by the
  next ``step`` or ``reset`` (a rollout buffer that stores them by assignment copies them);
  the rewards array is new on every step. One call at a time, as ``Tables``. After
  ``close()``, ``reset`` and ``step`` raise Gymnasium's ``ClosedEnvironmentError``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.error import ClosedEnvironmentError
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .._actions import ActionSpace
from .._cards import DECK_COUNTS
from .._rules import Rules, most_bombs
from .._tables import Tables
from ..checks import check_int
from ..encodings import CompactEncoding, DouZeroEncoding, Encoding
from ..segments import segment_sample, take
from ..typing import RulesLike

__all__ = ["DouDizhuVectorEnv", "sample_legal", "sample_rows"]

# Tables' names of Gymnasium's autoreset modes
AUTORESET_NAMES = {AutoresetMode.NEXT_STEP: "next_step", AutoresetMode.SAME_STEP: "same_step",
                   AutoresetMode.DISABLED: "disabled"}

Observation = dict[str, npt.NDArray[Any]]


def as_autoreset_mode(mode: AutoresetMode | str) -> AutoresetMode:
    """``mode`` as Gymnasium's enum: given as the enum, its value or Tables' name."""
    if isinstance(mode, AutoresetMode):
        return mode
    if isinstance(mode, str):
        for member, name in AUTORESET_NAMES.items():
            if mode in (member.value, name):
                return member
        raise ValueError(f"autoreset_mode must be an AutoresetMode or one of "
                         f"{[m.value for m in AutoresetMode] + list(AUTORESET_NAMES.values())}, "
                         f"not {mode!r}")
    raise TypeError(f"autoreset_mode must be an AutoresetMode or a string, not "
                    f"{type(mode).__name__} ({mode!r})")


def compact_high(encoding: Encoding, rules: Rules) -> npt.NDArray[np.int8]:
    """The largest value of each element of the compact observation in games under ``rules``
    (its documented layout, whose blocks of seats hold four in the four-player game), the
    wild-card block and perfect_information's tail (the other hands' rank counts) included."""
    seats = rules.players
    decks = 2 if seats == 4 else 1
    ranks = np.array(DECK_COUNTS, dtype=np.int8) * decks
    # the cards a move stands for: a long bomb of one rank has up to 4 wild cards a wild rank
    represented = ranks.copy()
    if rules.long_bombs:
        represented[:13] += 4 * (2 if rules.wilds == "two" else 1)
    high = np.empty(encoding.shape("farmer", rules=rules), dtype=np.int8)
    at = 15 * (seats + 2)
    high[:at] = np.tile(ranks, seats + 2)   # own hand, played by each seat, unseen
    high[at:at + 15] = represented          # the move to beat
    at += 15
    high[at:at + seats + 1] = 1             # the landlord one-hot, the auction flag
    at += seats + 1
    high[at:at + seats] = 33 if seats == 4 else 20      # cards left
    at += seats
    high[at] = most_bombs(rules)            # bombs and rockets, as the multiplier counts them
    high[at + 1] = 3                        # the bid
    high[at + 2] = 15                       # history rows in use
    at += 3
    high[at:at + 225] = np.tile(represented, 15)        # the history
    end = at + 225
    if rules.wilds != "none":               # the wild ranks shown (1, 2), then physical cards
        high[end:end + 13] = 2 if rules.wilds == "two" else 1
        high[end + 13:end + 253] = np.tile(ranks, 16)       # of the move to beat, the history
        end += 253
    if encoding.perfect_information:
        high[end:] = np.tile(ranks, seats - 1)      # the other hands
    return high


def observation_box(encoding: Encoding, rules: Rules) -> spaces.Box:
    """The Box of one table's ``"observation"`` row under ``encoding`` (the farmer's width) in
    games under ``rules``."""
    width = encoding.shape("farmer", rules=rules)
    if isinstance(encoding, CompactEncoding):
        return spaces.Box(np.zeros(width, np.int8), compact_high(encoding, rules), dtype=np.int8)
    return spaces.Box(0, 1, width, dtype=encoding.dtype)


def sample_rows(info: dict[str, Any], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A uniformly random legal action at each table, as its index in ``info["legal_ids"]``
    (the CSR legal ids of a ``Tables`` or ``DouDizhuVectorEnv`` ``info``; also the row of
    DouZero's ``x_batch``); -1 at a finished table, which has none."""
    return segment_sample(info["legal_offsets"], rng)


def sample_legal(info: dict[str, Any], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A uniformly random legal id at each table (``sample_rows``' ids): a random policy that
    never builds a mask. 0 at a finished table (``next_step`` ignores its action)."""
    return take(info["legal_ids"], sample_rows(info, rng))


class DouDizhuVectorEnv(VectorEnv[Observation, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """n Dou Dizhu tables stepped natively, every seat an agent (see the module)."""

    metadata: dict[str, Any] = {"render_modes": [], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int = 1, *, rules: RulesLike = "rlcard",
                 actions: ActionSpace | str | None = None,
                 observation: str | Encoding = "rlcard", seat: int = 0, threads: int = 1,
                 autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
                 illegal_action: str = "raise", action_mask: bool = False,
                 copy: bool = False, opponents: dict[int, Any] | None = None) -> None:
        num_envs = check_int(num_envs, "num_envs", 1)
        mode = as_autoreset_mode(autoreset_mode)
        self.tables = Tables(num_envs, rules=rules, actions=actions, observation=observation,
                             threads=threads, autoreset=AUTORESET_NAMES[mode],
                             illegal_action=illegal_action, action_mask=action_mask, copy=copy,
                             opponents=opponents)
        self.seat = check_int(seat, "seat", 0, self.tables.rules.players - 1)
        self.num_envs = num_envs
        self.metadata = {**self.metadata, "autoreset_mode": mode}
        encoding = self.tables.observation
        self._douzero = isinstance(encoding, DouZeroEncoding)
        single: dict[str, spaces.Space[Any]] = {
            "observation": observation_box(encoding, self.tables.rules)}
        if self._douzero:
            single["z"] = spaces.Box(0, 1, (5, 162), dtype=np.int8)
        if action_mask:
            single["action_mask"] = spaces.Box(0, 1, (len(self.tables.space),), dtype=np.int8)
        self.single_observation_space = spaces.Dict(single)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.single_action_space = spaces.Discrete(len(self.tables.space))
        self.action_space = batch_space(self.single_action_space, num_envs)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        self._check_open()
        obs, info = self.tables.reset(seed, options)     # checks both first
        super().reset(seed=None if seed is None else int(seed))
        info["rewards"] = np.zeros((self.num_envs, self.tables.rules.players), dtype=np.float32)
        return self._observation(obs, info), info

    def step(self, actions: npt.ArrayLike) -> tuple[
            Observation, npt.NDArray[np.float32], npt.NDArray[np.bool_],
            npt.NDArray[np.bool_], dict[str, Any]]:
        self._check_open()
        obs, rewards, terminated, truncated, info = self.tables.step(actions)
        reward = rewards[:, self.seat].copy()
        info["rewards"] = rewards
        observation = self._observation(obs, info)
        if "final_obs" in info:
            info["final_obs"], info["final_info"] = self._finals(info)
        return observation, reward, terminated, truncated, info

    def _check_open(self) -> None:
        if self.closed:     # (as Gymnasium's AsyncVectorEnv)
            raise ClosedEnvironmentError(
                f"this {type(self).__name__} was closed by close(): make a new one")

    def render(self) -> None:
        """Nothing to render: the tables' games live natively (``render_mode`` is None)."""
        return None

    def _observation(self, obs: Any, info: dict[str, Any]) -> Observation:
        """The observation dict of ``Tables``' outputs (x_batch moves to ``info``)."""
        if self._douzero:
            observation = {"observation": obs["x_no_action"], "z": obs["z"]}
            info["x_batch"] = obs["x_batch"]
        else:
            observation = {"observation": obs}
        if "action_mask" in info:
            observation["action_mask"] = info["action_mask"].view(np.int8)
        return observation

    def _finals(self, info: dict[str, Any]) -> tuple[npt.NDArray[np.object_], dict[str, Any]]:
        """``final_obs`` and ``final_info`` in the layout of Gymnasium's ``SyncVectorEnv``."""
        ended = info["_final_obs"]
        final = info["final_obs"]
        finals = np.full(self.num_envs, None, dtype=object)
        for i in np.flatnonzero(ended).tolist():
            if self._douzero:
                one = {"observation": final["x_no_action"][i].copy(), "z": final["z"][i].copy()}
            else:
                one = {"observation": final[i].copy()}
            if self.tables.action_mask:         # none legal: the game is over
                one["action_mask"] = np.zeros(len(self.tables.space), dtype=np.int8)
            finals[i] = one
        final_info = dict(info["final_info"])
        for key in info["final_info"]:
            final_info[f"_{key}"] = ended
        return finals, final_info

    def __repr__(self) -> str:
        tables = self.tables
        return (f"DouDizhuVectorEnv(num_envs={self.num_envs}, rules={tables.rules!r}, "
                f"observation={tables.observation!r}, seat={self.seat}, "
                f"autoreset_mode={self.metadata['autoreset_mode'].value!r})")
