"""The game section of ``ddz-fast bench``: random games through the Python API (beside the
peers' own), native push + undo, copy(), sample_deals and the encodings of mid-game positions.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ddz_fast import Game, Rules, perft, sample_deals
from ddz_fast.encodings import COMPACT, DOUZERO, OPENSPIEL, RLCARD, ROLES, Encoding

from ..timing import fmt_rate, fmt_time, median_seconds, ratio
from .table import Row, Section

if TYPE_CHECKING:
    from ..peers import Peer

ENCODE_POSITIONS = 300      # positions of the encoding rows
PEER_GAMES_PER_GAME = 100   # the peers' random games: 1 for every 100 of --games


def decision_rate(games: int, seed: int) -> tuple[float, float, float]:
    """Seconds per decision, games per second and decisions per game of random games through
    the Python API: legal_bids()/legal_moves(), then bid()/play() of a random legal choice."""
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        game = Game(rng.getrandbits(64))
        while game.phase == "auction":
            bids = game.legal_bids()
            game.bid(bids[int(rng.random() * len(bids))])
            decisions += 1
        while game.phase == "play":
            moves = game.legal_moves()
            game.play(moves[int(rng.random() * len(moves))])
            decisions += 1
    seconds = time.perf_counter() - start
    return seconds / decisions, games / seconds, decisions / games


def peer_game_rates(peer_engines: Sequence[Peer], games: int,
                    seed: int) -> dict[Peer, tuple[float, float]]:
    """Steps and games per second of each peer's own random games (1 for every
    PEER_GAMES_PER_GAME of `games`), for the peers that play them."""
    rates = {}
    for peer in peer_engines:
        peer_rates = peer.random_game_rate(max(1, games // PEER_GAMES_PER_GAME), seed)
        if peer_rates is not None:
            rates[peer] = peer_rates
    return rates


def mid_game_positions(count: int, seed: int, rules: Rules | None = None) -> list[Game]:
    """Play-phase games cut at a random point of a random game."""
    rng = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        game = Game(rng.getrandbits(64), rules=rules)
        while game.phase == "auction":
            game.bid(rng.choice(game.legal_bids()))
        if game.phase != "play":            # (passed out, where the rules end such a deal)
            continue
        for _ in range(rng.randrange(40)):
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
            if game.phase != "play":
                break
        if game.phase == "play":
            out.append(game)
    return out


def push_undo_seconds(games: Sequence[Game], repeat: int) -> float:
    """Seconds per native push + undo pair: perft(2) playing every leaf minus perft(2)
    counting the leaves, over the leaves."""
    leaves = sum(perft(game, 2) for game in games)
    played = median_seconds(lambda: [perft(game, 2, bulk=False) for game in games], repeat)
    counted = median_seconds(lambda: [perft(game, 2) for game in games], repeat)
    return (played - counted) / leaves


def copy_seconds(games: Sequence[Game], repeat: int, stack: bool = True) -> float:
    """Seconds per copy() of the games."""
    def run() -> None:
        for game in games:
            game.copy(stack=stack)
    return median_seconds(run, repeat) / len(games)


def sample_rate(games: Sequence[Game], per_call: int, repeat: int) -> float:
    """Deals per second of sample_deals on one thread: `per_call` deals for the seat to move
    of each game (play-phase games) (the table of deals built once per call is included)."""
    def run() -> None:
        for i, game in enumerate(games):
            sample_deals(game, game.to_move or 0, per_call, seed=i)
    return len(games) * per_call / median_seconds(run, repeat)


def encode_seconds(scheme: Encoding, games: Sequence[Game], repeat: int,
                   reuse: bool = False) -> float:
    """Seconds per ``scheme.encode(game)`` from Python (the seat to move), into a new array or,
    with ``reuse``, into one array per role (``out=``)."""
    outs = {role: np.empty(scheme.shape(role), dtype=scheme.dtype) for role in ROLES}
    pairs = [(game, outs["landlord" if game.to_move == game.landlord else "farmer"])
             for game in games]

    def run() -> None:
        if reuse:
            for game, out in pairs:
                scheme.encode(game, out=out)
        else:
            for game in games:
                scheme.encode(game)
    return median_seconds(run, repeat) / len(games)


def encode_rows(seed: int, repeat: int, peer_engines: Sequence[Peer]) -> list[Row]:
    """encode() of each preset's scheme (beside the peer's observation of the same positions),
    then of compact, into a new array and with out=."""
    rows = []
    for scheme in (RLCARD, OPENSPIEL, DOUZERO):
        games = mid_game_positions(ENCODE_POSITIONS, seed, Rules.preset(scheme.name))
        seconds = encode_seconds(scheme, games, repeat)
        beside = {}
        for peer in (p for p in peer_engines if p.preset == scheme.name):
            calls = peer.observation_calls(games, seed)
            if calls:
                peer_seconds, _ = peer.timed(calls, repeat, answers=False, count=lambda _: 0)
                beside[peer.label] = f"{fmt_time(peer_seconds)}: {ratio(peer_seconds / seconds)}"
        rows.append((f"encode, one position ({scheme.name})",
                     f"{fmt_time(seconds)}; out=: "
                     f"{fmt_time(encode_seconds(scheme, games, repeat, reuse=True))}", beside))
    compact_games = mid_game_positions(ENCODE_POSITIONS, seed)
    rows.append(("encode, one position (compact)",
                 f"{fmt_time(encode_seconds(COMPACT, compact_games, repeat))}; out=: "
                 f"{fmt_time(encode_seconds(COMPACT, compact_games, repeat, reuse=True))}", {}))
    return rows


def games_section(games: int, seed: int, repeat: int, peer_engines: Sequence[Peer],
                  peer_games: Mapping[Peer, tuple[float, float]]) -> Section:
    """The game rows and their note; `peer_games` from peer_game_rates."""
    decision, games_per_second, _ = decision_rate(games, seed)
    beside = {peer.label: f"{fmt_rate(steps, 'steps')}, {peer_games_per_second:,.0f} games/s: "
                          f"{ratio(games_per_second / peer_games_per_second)}"
              for peer, (steps, peer_games_per_second) in peer_games.items()}
    rows: list[Row] = [("random games, Python API", f"{decision * 1e9:.0f} ns/decision "
                        f"({1 / decision / 1e6:.2f} M/s), {games_per_second:,.0f} games/s", beside)]
    mid = mid_game_positions(300, seed)
    rows.append(("push + undo, native", f"{push_undo_seconds(mid, repeat) * 1e9:.1f} ns/pair", {}))
    rows.append(("copy() of a mid-game position", f"{copy_seconds(mid, repeat) * 1e9:.0f} ns", {}))
    for per_call in (10_000, 100):
        rate = sample_rate(mid[:100], per_call, repeat)
        rows.append((f"sample_deals, {per_call:,} per call, 1 thread",
                     f"{fmt_rate(rate, 'deals')} (mid-game, the seat to move)", {}))
    rows += encode_rows(seed, repeat, peer_engines)
    note = (f"Encodings (ddz_fast.encodings): encode(game) from Python for the seat to move on "
            f"{ENCODE_POSITIONS} mid-game positions of each preset, into a new array and into "
            f"one reused per role (out=); OpenSpiel's observation_tensor at the same positions, "
            f"RLCard's _extract_state (with its legal actions' features) at as many of its own "
            f"random positions after as many plays.")
    return Section(rows, note)
