"""The adapters section of ``ddz-fast bench``: random legal play through the reinforcement
learning environments of ``ddz_fast.envs`` (the optional ``rl`` extra): PettingZoo's AEC env
(bare and in PettingZoo's wrappers), Gymnasium's env and its vector env over Tables.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from typing import Any

from ..timing import pass_seconds, plural
from .figures import Figure, Section
from .throughput import TABLES_ROWS, tables_figure

ENV_GAMES_PER_GAME = 100     # the adapters' rows play 1 game a pass for every 100 of --games


def aec_passes(make_env: Callable[[], Any], games: int, seed: int,
               repeat: int) -> tuple[list[float], int]:
    """The seconds of each pass, and the steps (decisions of every seat) of a pass, of random
    legal play through a PettingZoo AEC environment: ``agent_iter``, ``last()`` (with the observation and its
    mask) and ``step``, the policy drawing from ``info["legal_ids"]``; finished agents step
    out with None (not counted). Each pass plays the same `games` deals from `seed`."""
    env = make_env()

    def run() -> int:
        rng = random.Random(seed)
        env.reset(seed=seed)
        steps = 0
        for _ in range(games):
            for _agent in env.agent_iter():
                _, _, terminated, truncated, info = env.last()
                if terminated or truncated:
                    env.step(None)
                else:
                    legal = info["legal_ids"]
                    env.step(int(legal[int(rng.random() * len(legal))]))
                    steps += 1
            env.reset()
        return steps
    return pass_seconds(run, repeat), run()


def gymnasium_passes(games: int, seed: int, repeat: int) -> tuple[list[float], int]:
    """The seconds of each pass, and the steps (the learner's decisions: the landlord's seat,
    its two random opponents acting inside ``step``) of a pass, of random legal play through
    ``DouDizhuEnv()``."""
    from ddz_fast.envs.gymnasium import DouDizhuEnv
    env = DouDizhuEnv()

    def run() -> int:
        rng = random.Random(seed)
        _, info = env.reset(seed=seed)
        steps = ended = 0
        while ended < games:
            legal = info["legal_ids"][:info["legal_count"]]     # (padded to a fixed width)
            _, _, terminated, truncated, info = env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
            if terminated or truncated:
                ended += 1
                _, info = env.reset()
        return steps
    return pass_seconds(run, repeat), run()


def steps_figure(name: str, seconds: list[float], steps: int, games: int) -> Figure:
    return Figure.rate(name, "steps", seconds, steps,
                       detail=f"{games / statistics.median(seconds):,.0f} games/s")


def adapter_figures(games: int, seed: int, repeat: int) -> list[Figure]:
    """The adapters' figures, or none where the `rl` extra is not installed."""
    try:
        from pettingzoo.utils import wrappers

        from ddz_fast.envs import pettingzoo
    except ImportError:
        return []

    def wrapped() -> Any:
        return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(
            wrappers.TerminateIllegalWrapper(pettingzoo.raw_env(), illegal_reward=-1)))

    figures = []
    for what, make, count in (("PettingZoo AEC env(), random legal", pettingzoo.env, games),
                              ("raw_env in PettingZoo's wrappers", wrapped, max(1, games // 4))):
        figures.append(steps_figure(what, *aec_passes(make, count, seed, repeat), count))
    figures.append(steps_figure("Gymnasium DouDizhu-v0, random legal",
                                *gymnasium_passes(games, seed, repeat), games))
    observation, tables = TABLES_ROWS[0]        # beside Tables' row on 1 thread
    figures.append(tables_figure(
        f"Gymnasium DouDizhuVectorEnv({tables:,}), {observation} obs, 1 thread", observation,
        tables, 1, repeat, seed, vector_env=True))
    return figures


def adapters_section(games: int, seed: int, repeat: int) -> Section:
    """The adapters' figures (1 game a pass for every ENV_GAMES_PER_GAME of `games`) and their
    note, or only a note saying how to install the `rl` extra."""
    env_games = max(1, games // ENV_GAMES_PER_GAME)
    figures = adapter_figures(env_games, seed, repeat)
    if not figures:
        return Section([], "(the rl extra is not installed: pip install 'ddz-fast[rl]' to time "
                           "the Gymnasium and PettingZoo adapters)")
    return Section(figures, (
        f"Adapters (ddz_fast.envs): {plural(env_games, 'seeded game')} a pass "
        f"({max(1, env_games // 4):,} in PettingZoo's wrappers) with a random legal policy "
        f"drawing from info['legal_ids']; a step is one decision of any seat through "
        f"PettingZoo (last() with its observation, then step), the learner's (the "
        f"landlord's) through Gymnasium, whose two random opponents act inside step."))
