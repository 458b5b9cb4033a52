"""The throughput section of ``ddz-fast bench``: many games at once, from native code. Tables
stepped by a random policy over its CSR legal ids (beside each peer's own environment),
simulate() on 1 and 2 threads, and perft.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from ddz_fast import ActionSpace, Rules, Tables, perft, simulate

from ..positions import DealPositions, deal_positions, opening
from ..timing import fmt_rate, median_seconds, plural, ratio
from .table import Row, Section

if TYPE_CHECKING:
    from ..peers import Peer

# The Tables rows: (observation, tables). DouZero's x_batch takes 2 KB per legal action.
TABLES_ROWS = (("compact", 4096), ("rlcard", 4096), ("douzero", 1024))
# The peer env beside each Tables row: its own observations, or OpenSpiel's plain states
TABLES_PEERS = {"compact": "openspiel", "rlcard": "rlcard", "douzero": "douzero"}
TABLES_STEPS = 50           # steps per timed pass


def tables_rate(observation: str, n: int, threads: int, repeat: int,
                seed: int = 0, vector_env: bool = False) -> tuple[float, float]:
    """Steps per second (table-steps: decisions, bids included) and finished games per second
    of ``Tables(n)`` under the preset named after the scheme (the peer's own game; ``standard``
    for ``compact``, and where RLCard, whose ids the rlcard preset takes, is not installed)
    with a uniformly random policy over each table's CSR legal ids (vectorised numpy, its time
    included); medians of ``repeat`` passes. With ``vector_env``, through the Gymnasium
    ``DouDizhuVectorEnv`` over such Tables (rl extra)."""
    rules = observation if observation in Rules.presets() else "standard"
    try:
        ActionSpace(rules)
    except ImportError:
        rules = "standard"
    tables: Any = Tables(n, rules=rules, observation=observation, seed=seed, threads=threads)
    if vector_env:
        from ddz_fast.envs.vector import DouDizhuVectorEnv
        tables = DouDizhuVectorEnv(n, rules=rules, observation=observation, threads=threads)
    _, info = tables.reset(seed=seed)
    rng = np.random.default_rng(seed)
    finished: list[int] = []

    def run() -> None:
        nonlocal info
        done = 0
        for _ in range(TABLES_STEPS):
            offsets, ids = info["legal_offsets"], info["legal_ids"]
            counts = np.diff(offsets)
            pick = offsets[:-1] + (rng.random(n) * counts).astype(np.int64)
            actions = np.where(counts > 0, ids[np.minimum(pick, len(ids) - 1)], 0)
            _, _, terminated, _, info = tables.step(actions)
            done += int(terminated.sum())
        finished.append(done)
    seconds = median_seconds(run, repeat)
    return n * TABLES_STEPS / seconds, statistics.median(finished) / seconds


def simulate_rate(n_games: int, threads: int, seed: int = 0) -> float:
    """Random games per second of simulate()."""
    start = time.perf_counter()
    simulate(n_games, seed=seed, threads=threads)
    return n_games / (time.perf_counter() - start)


def perft_rate(positions: DealPositions, depth: int) -> tuple[float, int]:
    """perft nodes per second (bulk counting at the last level) over seeded deals, and the
    nodes."""
    nodes = 0
    seconds = 0.0
    for seed in positions.seeds:
        game = opening(seed)
        start = time.perf_counter()
        nodes += perft(game, depth)
        seconds += time.perf_counter() - start
    return nodes / seconds, nodes


def throughput_section(*, simulate_games: int, perft_deals: int, perft_depth: int, seed: int,
                       repeat: int, peer_games: Mapping[Peer, tuple[float, float]]) -> Section:
    """The Tables, simulate() and perft rows and the Tables note; `peer_games` from
    games.peer_game_rates."""
    rows: list[Row] = []
    for observation, tables in TABLES_ROWS:
        for threads in (1, 2):
            steps, finished = tables_rate(observation, tables, threads, repeat, seed)
            beside = {}
            if threads == 1:
                beside = {peer.label: f"env: {fmt_rate(peer_steps, 'steps')}: "
                                      f"{ratio(steps / peer_steps)}"
                          for peer, (peer_steps, _) in peer_games.items()
                          if peer.preset == TABLES_PEERS[observation]}
            rows.append((f"Tables({tables:,}), {observation} obs + CSR ids, "
                         f"{plural(threads, 'thread')}",
                         f"{fmt_rate(steps, 'steps')}, {finished:,.0f} games/s", beside))
    for threads in (1, 2):
        rate = simulate_rate(simulate_games, threads, seed)
        rows.append((f"simulate(), {plural(threads, 'thread')}", f"{rate:,.0f} games/s", {}))
    nodes_per_second, nodes = perft_rate(deal_positions(perft_deals, seed), perft_depth)
    rows.append((f"perft({perft_depth}) of {plural(perft_deals, 'deal')}",
                 f"{fmt_rate(nodes_per_second, 'nodes')} ({nodes:,} nodes)", {}))
    note = (f"Tables: {TABLES_STEPS} steps a pass of Tables(n) under the scheme's preset (standard "
            f"for compact; auctions included where it has one), the action of each table drawn "
            f"uniformly from its CSR legal ids with "
            f"numpy (included); a step of n tables counts n steps; douzero is x_no_action, z and "
            f"x_batch over every legal id. Beside the rows on 1 thread, the peer's own "
            f"environment stepped by a random legal policy from Python: RLCard's env.step and "
            f"DouZero's Env.step (each building its observation), OpenSpiel's states (no "
            f"observation; \"random games\" row).")
    return Section(rows, note)
