"""Collecting experience at native speed: random play through ``ddz_fast.Tables`` into numpy.

Two collections, each with a uniformly random legal policy drawn from the CSR legal ids (no
dense mask):

- ``compact``: a million steps (``--steps``) of ``Tables`` with the ``compact`` observation
  into a preallocated rollout buffer of ``--rollout`` steps by ``--tables`` tables (what a
  PPO-style learner fills before each update), refilled until the steps are done: ``obs``
  (T, n, 325) int8, ``actions`` (T, n) int64, ``players`` (T, n) int8 (the seat that acted),
  ``rewards`` (T, n, 3) float32 by seat and ``dones`` (T, n) bool. Prints steps/s.
- ``douzero``: the batch that DouZero 1.1.0's learner consumes (``douzero/dmc``): per position
  (``landlord``, ``landlord_up``, ``landlord_down``) ``obs_x_no_action`` (T, 319 or 430) int8,
  ``obs_action`` (T, 54) int8 (the cards of the action taken), ``obs_z`` (T, 5, 162) int8,
  ``target`` (T,) float32 (the position's return of the episode, at every one of its steps),
  ``done`` and ``episode_return`` (nonzero at its last step). The learner's input is
  ``concatenate([obs_x_no_action, obs_action], axis=1)``, the row of ``x_batch`` that the
  actor's model scored. Only steps of finished episodes enter the batch, as in DouZero's actor.

    pip install 'ddz-fast[rl]'
    python examples/collect.py compact --steps 1000000
    python examples/collect.py douzero --steps 20000

No torch is needed: the buffers are numpy arrays (``torch.from_numpy`` shares them).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ddz_fast import Tables
from ddz_fast.envs.vector import sample_legal, sample_rows

POSITIONS = ("landlord", "landlord_down", "landlord_up")    # by Tables' role 0, 1, 2
X_NO_ACTION = {"landlord": 319, "landlord_down": 430, "landlord_up": 430}
DouZeroBatch = dict[str, dict[str, npt.NDArray[np.generic]]]


@dataclass
class Rollout:
    """A rollout buffer of T steps by n tables (overwritten by each ``collect_compact`` pass)."""
    obs: npt.NDArray[np.int8]
    actions: npt.NDArray[np.int64]
    players: npt.NDArray[np.int8]
    rewards: npt.NDArray[np.float32]
    dones: npt.NDArray[np.bool_]

    @classmethod
    def empty(cls, length: int, tables: int) -> Rollout:
        return cls(np.zeros((length, tables, 325), np.int8), np.zeros((length, tables), np.int64),
                   np.zeros((length, tables), np.int8), np.zeros((length, tables, 3), np.float32),
                   np.zeros((length, tables), np.bool_))


def collect_compact(steps: int, tables: int, rollout: int, *, threads: int = 1,
                    seed: int = 1) -> tuple[Rollout, int, int]:
    """Random play of ``steps`` table-steps (rounded up to whole rollouts) under the
    ``standard`` rules (the auction included) through Tables with compact observations, into
    one reused ``Rollout``; returns it (the last rollout's), the steps and the games."""
    env = Tables(tables, rules="standard", observation="compact", seed=seed, threads=threads,
                 autoreset="same_step", illegal_action="lose")  # (a 101st redeal: lost)
    buffer = Rollout.empty(rollout, tables)
    rng = np.random.default_rng(seed)
    obs: Any                                    # (n, 325) int8 for the compact scheme
    obs, info = env.reset()
    done_steps = games = 0
    while done_steps < steps:
        for t in range(rollout):
            actions = sample_legal(info, rng)
            buffer.obs[t] = obs                 # copies: obs is a buffer that step() reuses
            buffer.actions[t] = actions
            buffer.players[t] = info["current_player"]
            obs, rewards, terminated, _, info = env.step(actions)
            buffer.rewards[t] = rewards
            buffer.dones[t] = terminated
        done_steps += rollout * tables
        games += int(buffer.dones.sum())
    return buffer, done_steps, games


@dataclass
class DouZeroSteps:
    """The steps of a DouZero collection: arrays (T, n, ...) of step t at table i, with the
    episode (game k of table i) it belongs to, and the payoffs of the episodes by seat."""
    x_no_action: npt.NDArray[np.int8]       # (T, n, 430): the landlord's 319, then zeros
    action: npt.NDArray[np.int8]            # (T, n, 54): the cards of the action taken
    action_id: npt.NDArray[np.int64]        # (T, n)
    z: npt.NDArray[np.int8]                 # (T, n, 5, 162)
    role: npt.NDArray[np.int8]              # (T, n): 0 landlord, 1 landlord_down, 2 landlord_up
    seat: npt.NDArray[np.int8]              # (T, n)
    game: npt.NDArray[np.int64]             # (T, n): k, the game of table i
    returns: npt.NDArray[np.float32]        # (n, games, 3): game k of table i's payoffs by seat
    finished: npt.NDArray[np.bool_]         # (n, games): game k of table i has ended


def collect_douzero(steps: int, tables: int, *, seed: int = 1) -> DouZeroSteps:
    """Random play of ``steps`` table-steps (rounded up to whole steps of every table) under
    DouZero's rules through Tables with DouZero's features; game k of table i is
    ``Game(Tables.deal_seed(seed, i, k), rules="douzero")``."""
    env = Tables(tables, rules="douzero", observation="douzero", seed=seed,
                 autoreset="same_step")
    rng = np.random.default_rng(seed)
    obs: Any                                    # DouZero's dict of arrays
    obs, info = env.reset()
    length = -(-steps // tables)
    record = DouZeroSteps(
        np.zeros((length, tables, 430), np.int8), np.zeros((length, tables, 54), np.int8),
        np.zeros((length, tables), np.int64), np.zeros((length, tables, 5, 162), np.int8),
        np.zeros((length, tables), np.int8), np.zeros((length, tables), np.int8),
        np.zeros((length, tables), np.int64), np.zeros((tables, length + 1, 3), np.float32),
        np.zeros((tables, length + 1), np.bool_))
    table = np.arange(tables)
    game = np.zeros(tables, np.int64)
    for t in range(length):
        chosen = sample_rows(info, rng)                 # (every table has legal actions)
        actions = info["legal_ids"][chosen]
        rows = obs["x_batch"][chosen]                    # the x_batch rows of those actions
        landlord = info["role"] == 0
        record.x_no_action[t] = obs["x_no_action"]
        record.action[t] = np.where(landlord[:, None], rows[:, 319:373], rows[:, 430:484])
        record.action_id[t] = actions
        record.z[t] = obs["z"]
        record.role[t], record.seat[t], record.game[t] = info["role"], info["current_player"], game
        obs, rewards, terminated, _, info = env.step(actions)
        record.returns[table[terminated], game[terminated]] = rewards[terminated]
        record.finished[table[terminated], game[terminated]] = True
        game[terminated] += 1
    return record


def douzero_batch(record: DouZeroSteps) -> DouZeroBatch:
    """DouZero's learner batch per position: the steps of finished episodes, each position's
    in the order taken (by step, then table)."""
    n = record.role.shape[1]
    table = np.broadcast_to(np.arange(n), record.role.shape).reshape(-1)
    game, seat, role = record.game.reshape(-1), record.seat.reshape(-1), record.role.reshape(-1)
    keep = record.finished[table, game]
    batch: DouZeroBatch = {}
    for number, position in enumerate(POSITIONS):
        steps = np.flatnonzero(keep & (role == number))
        target = record.returns[table[steps], game[steps], seat[steps]]
        # the position's last step in each episode (DouZero's done)
        _, from_end = np.unique((table[steps] * len(game) + game[steps])[::-1],
                                return_index=True)
        last = np.zeros(len(steps), np.bool_)
        last[len(steps) - 1 - from_end] = True
        batch[position] = {
            "obs_x_no_action": record.x_no_action.reshape(-1, 430)[steps,
                                                                   :X_NO_ACTION[position]],
            "obs_action": record.action.reshape(-1, 54)[steps],
            "obs_z": record.z.reshape(-1, 5, 162)[steps],
            "target": target,
            "done": last,
            "episode_return": np.where(last, target, 0).astype(np.float32),
        }
    return batch


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("compact", "douzero"))
    parser.add_argument("--steps", type=int, default=None,
                        help="table-steps (compact: 1,000,000; douzero: 20,000)")
    parser.add_argument("--tables", type=int, default=None, help="compact: 1024; douzero: 256")
    parser.add_argument("--rollout", type=int, default=128, help="compact: steps per rollout")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    if args.what == "compact":
        buffer, steps, games = collect_compact(
            args.steps or 1_000_000, args.tables or 1024, args.rollout, threads=args.threads,
            seed=args.seed)
        seconds = time.perf_counter() - start
        print(f"compact: {steps:,} steps, {games:,} games in {seconds:.2f} s: "
              f"{steps / seconds:,.0f} steps/s into a rollout buffer of "
              f"{buffer.obs.shape[0]} x {buffer.obs.shape[1]} steps "
              f"({buffer.obs.nbytes / 2 ** 20:.0f} MiB of observations)")
        return
    steps = args.steps or 20_000
    record = collect_douzero(steps, args.tables or 256, seed=args.seed)
    batch, episodes = douzero_batch(record), int(record.finished.sum())
    seconds = time.perf_counter() - start
    print(f"douzero: {steps:,} steps, {episodes:,} episodes in {seconds:.2f} s: "
          f"{steps / seconds:,.0f} steps/s")
    for position, arrays in batch.items():
        x = np.concatenate([arrays["obs_x_no_action"], arrays["obs_action"]], axis=1)
        print(f"  {position}: {len(x):,} steps, obs_x {x.shape[1]} wide, "
              f"obs_z {arrays['obs_z'].shape[1:]}, mean target {arrays['target'].mean():+.3f}")


if __name__ == "__main__":
    main()
