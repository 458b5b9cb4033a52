"""The throughput section of ``ddz-fast bench``: many games at once, from native code. Tables
stepped by a random policy over its CSR legal ids (beside each peer's own environment),
simulate() on 1 and 2 threads, and perft.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ddz_fast import ActionSpace, Game, Rules, Tables, perft, simulate

from ..positions import deal_positions, opening
from ..timing import pass_seconds, plural
from .figures import Figure, PeerFigure, Section
from .movegen import FOUR_PLAYERS

if TYPE_CHECKING:
    from ..peers import Peer

# The Tables rows: (observation, tables). DouZero's x_batch takes 2 KB per legal action.
TABLES_ROWS = (("compact", 4096), ("rlcard", 4096), ("douzero", 1024))
# The peer env beside each Tables row: its own observations, or OpenSpiel's plain states
TABLES_PEERS = {"compact": "openspiel", "rlcard": "rlcard", "douzero": "douzero"}
TABLES_STEPS = 50           # steps per timed pass
WILD_GAMES_DIVISOR = 10     # the wild-card simulate() row: a tenth of the games (each ~7x slower),
WILD_GAMES_LEAST = 200      # ... and enough for a coarse clock to see (a few milliseconds)
FOUR_GAMES_DIVISOR = 2      # the four-player row: half the games (each ~2.5x slower)


def tables_passes(observation: str, n: int, threads: int, repeat: int,
                  seed: int = 0, vector_env: bool = False) -> tuple[list[float], float]:
    """The seconds of each pass of TABLES_STEPS steps (table-steps: decisions, bids included)
    of ``Tables(n)`` under the preset named after the scheme (the peer's own game; ``standard``
    for ``compact``, and where RLCard, whose ids the rlcard preset takes, is not installed)
    with a uniformly random policy over each table's CSR legal ids (vectorised numpy, its time
    included), and the median of the games each pass finished. With ``vector_env``, through the Gymnasium
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
    seconds = pass_seconds(run, repeat)
    return seconds, statistics.median(finished)


def tables_figure(name: str, observation: str, n: int, threads: int, repeat: int, seed: int,
                  vector_env: bool = False, **fields: Any) -> Figure:
    """Steps per second of tables_passes, with the finished games per second as its detail."""
    seconds, finished = tables_passes(observation, n, threads, repeat, seed, vector_env)
    return Figure.rate(name, "steps", seconds, n * TABLES_STEPS,
                       detail=f"{finished / statistics.median(seconds):,.0f} games/s", **fields)


def simulate_seconds(games: int, threads: int, repeat: int, seed: int = 0,
                     rules: Rules | None = None) -> list[float]:
    """The seconds of each pass of simulate() over `games` games."""
    return pass_seconds(lambda: simulate(games, seed=seed, threads=threads, rules=rules), repeat)


def perft_seconds(games: Sequence[Game], depth: int, repeat: int) -> tuple[list[float], int]:
    """The seconds of each pass of perft (bulk counting at the last level) over `games`, and
    their nodes."""
    nodes = sum(perft(game, depth) for game in games)
    return pass_seconds(lambda: [perft(game, depth) for game in games], repeat), nodes


def throughput_section(*, simulate_games: int, perft_deals: int, perft_depth: int, seed: int,
                       repeat: int, peer_games: Mapping[Peer, tuple[float, float]]) -> Section:
    """The Tables, simulate() and perft figures and the Tables note; `peer_games` from
    games.peer_game_rates."""
    figures = []
    for observation, tables in TABLES_ROWS:
        for threads in (1, 2):
            peers = {}
            if threads == 1:
                peers = {peer.label: PeerFigure(peer_steps, "env")
                         for peer, (peer_steps, _) in peer_games.items()
                         if peer.preset == TABLES_PEERS[observation]}
            figures.append(tables_figure(
                f"Tables({tables:,}), {observation} obs + CSR ids, {plural(threads, 'thread')}",
                observation, tables, threads, repeat, seed, peers=peers,
                headline=(observation, threads) == ("compact", 1)))
    games_per_pass = max(1, simulate_games // repeat)      # the passes share the games
    for threads in (1, 2):
        figures.append(Figure.rate(f"simulate(), {plural(threads, 'thread')}", "games",
                                   simulate_seconds(games_per_pass, threads, repeat, seed),
                                   games_per_pass, headline=threads == 1,
                                   detail=f"{games_per_pass:,} games a pass"))
    # 癞子: one wild rank a deal (RULES.md 10); its moves are many more (docs/design)
    wild_games = max(WILD_GAMES_LEAST, games_per_pass // WILD_GAMES_DIVISOR)
    figures.append(Figure.rate("simulate(), 1 thread, one wild rank (wilds='one')", "games",
                               simulate_seconds(wild_games, 1, repeat, seed, Rules(wilds="one")),
                               wild_games, detail=f"{wild_games:,} games a pass"))
    # Four players on two decks (RULES.md 11), seed 003's game
    four_games = max(WILD_GAMES_LEAST, games_per_pass // FOUR_GAMES_DIVISOR)
    figures.append(Figure.rate("simulate(), 1 thread, four players (four_1v3)", "games",
                               simulate_seconds(four_games, 1, repeat, seed, FOUR_PLAYERS),
                               four_games, detail=f"{four_games:,} games a pass"))
    games = [opening(s) for s in deal_positions(perft_deals, seed).seeds]
    seconds, nodes = perft_seconds(games, perft_depth, repeat)
    figures.append(Figure.rate(f"perft({perft_depth}) of {plural(perft_deals, 'deal')}", "nodes",
                               seconds, nodes, detail=f"{nodes:,} nodes", headline=True))
    note = (f"Tables: {TABLES_STEPS} steps a pass of Tables(n) under the scheme's preset (standard "
            f"for compact; auctions included where it has one), the action of each table drawn "
            f"uniformly from its CSR legal ids with "
            f"numpy (included); a step of n tables counts n steps; douzero is x_no_action, z and "
            f"x_batch over every legal id. Beside the rows on 1 thread, the peer's own "
            f"environment stepped by a random legal policy from Python: RLCard's env.step and "
            f"DouZero's Env.step (each building its observation), OpenSpiel's states (no "
            f"observation; \"random games\" row).")
    return Section(figures, note)
