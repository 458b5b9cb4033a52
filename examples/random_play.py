"""Random play through ddz_fast's reinforcement learning adapters.

Plays `--steps` decisions with a uniformly random legal policy twice: through the PettingZoo
AEC environment (``ddz_fast.envs.pettingzoo``, the replacement of PettingZoo's ``dou_dizhu_v4``:
all three seats, RLCard's ids and observations) and through the single-agent Gymnasium
environment (``ddz_fast/DouDizhu-v0``: the landlord's seat against two random opponents). It
prints the steps, games, steps per second and the landlord's wins in each.

    pip install 'ddz-fast[rl]'
    python examples/random_play.py --steps 5000 --seed 1

A random legal policy picks from ``info["legal_ids"]`` (what the action mask is 1 at) instead
of scanning the 27,472-wide mask, which would cost more than the step itself.
"""

from __future__ import annotations

import argparse
import random
import time

import gymnasium

import ddz_fast.envs.gymnasium  # noqa: F401  (registers ddz_fast/DouDizhu-v0)
from ddz_fast.envs import pettingzoo


def play_pettingzoo(steps: int, seed: int) -> tuple[int, int, int]:
    """Steps, games and landlord wins of random play through the AEC environment."""
    env = pettingzoo.env()
    rng = random.Random(seed)
    env.reset(seed=seed)
    done_steps = games = landlord_wins = 0
    while done_steps < steps:
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                landlord_wins += agent == "landlord_0" and reward > 0
                env.step(None)              # finished agents step out with None
                continue
            legal = info["legal_ids"]       # == np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            done_steps += 1
        games += 1
        env.reset()
    return done_steps, games, landlord_wins


def play_gymnasium(steps: int, seed: int) -> tuple[int, int, int]:
    """Steps, games and wins of the learner (the landlord) through the Gymnasium env."""
    env = gymnasium.make("ddz_fast/DouDizhu-v0")
    rng = random.Random(seed)
    observation, info = env.reset(seed=seed)
    games = wins = 0
    for _ in range(steps):
        legal = info["legal_ids"][:info["legal_count"]]     # (padded to a fixed width)
        observation, reward, terminated, truncated, info = env.step(
            int(legal[rng.randrange(len(legal))]))
        if terminated or truncated:
            games += 1
            wins += float(reward) > 0
            observation, info = env.reset()
    return steps, games, wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=5000, help="decisions per adapter")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for name, play in (("PettingZoo AEC (all seats)", play_pettingzoo),
                       ("Gymnasium (the landlord's seat)", play_gymnasium)):
        start = time.perf_counter()
        steps, games, wins = play(args.steps, args.seed)
        seconds = time.perf_counter() - start
        print(f"{name}: {steps:,} steps, {games:,} games, {steps / seconds:,.0f} steps/s; "
              f"the landlord won {wins:,} of {games:,}")


if __name__ == "__main__":
    main()
