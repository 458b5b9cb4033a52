"""The game section of ``ddz-fast bench``: random games through the Python API (beside the
peers' own), native push + undo, copy(), sample_deals and the encodings of mid-game positions.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ddz_fast import Game, Rules, perft, sample_deals
from ddz_fast.encodings import COMPACT, DOUZERO, OPENSPIEL, RLCARD, ROLES, Encoding

from ..timing import RETIMES, fmt_rate, now, pass_seconds
from .figures import Figure, PeerFigure, Section

if TYPE_CHECKING:
    from ..peers import Peer

ENCODE_POSITIONS = 300      # positions of the encoding rows
PEER_GAMES_PER_GAME = 100   # the peers' random games: 1 for every 100 of --games


def decision_rate(games: int, seed: int) -> tuple[float, float, float]:
    """Seconds per decision, games per second and decisions per game of random games through
    the Python API: legal_bids()/legal_moves(), then bid()/play() of a random legal choice."""
    rng = random.Random(seed)
    decisions = 0
    start = now()
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
    seconds = now() - start
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


PUSH_UNDO_PASS = 0.05   # seconds of the counting perft a pass times at least (see below)


def push_undo_seconds(games: Sequence[Game], repeat: int) -> list[float]:
    """Seconds per native push + undo pair, a value per pass: perft(2) playing every leaf
    minus perft(2) counting the leaves, over the leaves. The difference is about a third of the
    whole, so a pass runs the games enough rounds for the counting perft to last
    PUSH_UNDO_PASS (one round of 300 positions takes a millisecond, where a preemption would
    make the difference negative), times the two back to back (the least of three each, so
    both see the same load), and is timed again where the difference is not positive."""
    leaves = sum(perft(game, 2) for game in games)

    def perfts(bulk: bool, rounds: int) -> None:
        for _ in range(rounds):
            for game in games:
                perft(game, 2, bulk=bulk)

    one_round = min(pass_seconds(lambda: perfts(True, 1), 3))
    rounds = max(1, math.ceil(PUSH_UNDO_PASS / max(one_round, 1e-6)))

    def least(bulk: bool) -> float:
        return min(pass_seconds(lambda: perfts(bulk, rounds), 3))

    def one_pass() -> float:
        for _ in range(RETIMES + 1):
            difference = least(False) - least(True)
            if difference > 0:
                break
        return difference / (leaves * rounds)
    return [one_pass() for _ in range(repeat)]


def copy_seconds(games: Sequence[Game], repeat: int, stack: bool = True) -> list[float]:
    """Seconds of each pass of copy() over the games."""
    def run() -> None:
        for game in games:
            game.copy(stack=stack)
    return pass_seconds(run, repeat)


def sample_seconds(games: Sequence[Game], per_call: int, repeat: int) -> list[float]:
    """Seconds of each pass of sample_deals on one thread: `per_call` deals for the seat to
    move of each game (play-phase games) (the table of deals built once per call is
    included)."""
    def run() -> None:
        for i, game in enumerate(games):
            sample_deals(game, game.to_move or 0, per_call, seed=i)
    return pass_seconds(run, repeat)


def encode_seconds(scheme: Encoding, games: Sequence[Game], repeat: int,
                   reuse: bool = False) -> list[float]:
    """Seconds of each pass of ``scheme.encode(game)`` over the games from Python (the seat to
    move), into a new array or, with ``reuse``, into one array per role (``out=``)."""
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
    return pass_seconds(run, repeat)


def encode_figures(seed: int, repeat: int, peer_engines: Sequence[Peer]) -> list[Figure]:
    """encode() of each preset's scheme (beside the peer's observation of the same positions),
    then of compact, into a new array and with out=."""
    figures = []
    for scheme in (RLCARD, OPENSPIEL, DOUZERO, COMPACT):
        rules = None if scheme is COMPACT else Rules.preset(scheme.name)
        games = mid_game_positions(ENCODE_POSITIONS, seed, rules)
        peers = {}
        for peer in (p for p in peer_engines if p.preset == scheme.name):
            calls = peer.observation_calls(games, seed)
            if calls:
                peer_seconds, _ = peer.timed(calls, repeat, answers=False, count=lambda _: 0)
                peers[peer.label] = PeerFigure(peer_seconds)
        what = f"encode, one position ({scheme.name})"
        figures += [Figure.per_item(what, "position", encode_seconds(scheme, games, repeat),
                                    len(games), peers=peers, detail="a new array"),
                    Figure.per_item(f"{what}, out=", "position",
                                    encode_seconds(scheme, games, repeat, reuse=True),
                                    len(games), detail="out=", row=what)]
    return figures


def games_section(games: int, seed: int, repeat: int, peer_engines: Sequence[Peer],
                  peer_games: Mapping[Peer, tuple[float, float]]) -> Section:
    """The game figures and their note; `peer_games` from peer_game_rates."""
    decisions = [decision_rate(games, seed) for _ in range(repeat)]
    decision = statistics.median(seconds for seconds, _, _ in decisions)
    figures = [Figure.of_values(
        "random games, Python API", "games/s", [per_second for _, per_second, _ in decisions],
        detail=f"{decision * 1e9:.0f} ns/decision ({1 / decision / 1e6:.2f} M/s)", headline=True,
        peers={peer.label: PeerFigure(peer_games_per_second, f"{fmt_rate(steps, 'steps')}")
               for peer, (steps, peer_games_per_second) in peer_games.items()})]
    mid = mid_game_positions(300, seed)
    figures.append(Figure.of_values("push + undo, native", "s/pair",
                                    push_undo_seconds(mid, repeat)))
    figures.append(Figure.per_item("copy() of a mid-game position", "copy",
                                   copy_seconds(mid, repeat), len(mid)))
    for per_call in (10_000, 100):
        figures.append(Figure.rate(f"sample_deals, {per_call:,} per call, 1 thread", "deals",
                                   sample_seconds(mid[:100], per_call, repeat), 100 * per_call,
                                   detail="mid-game, the seat to move"))
    figures += encode_figures(seed, repeat, peer_engines)
    note = (f"Encodings (ddz_fast.encodings): encode(game) from Python for the seat to move on "
            f"{ENCODE_POSITIONS} mid-game positions of each preset, into a new array and into "
            f"one reused per role (out=); OpenSpiel's observation_tensor at the same positions, "
            f"RLCard's _extract_state (with its legal actions' features) at as many of its own "
            f"random positions after as many plays.")
    return Section(figures, note)
