"""The benchmark suite: the measurements behind ``ddz-fast bench`` and the scripts in ``bench/``,
and the report that ``ddz-fast bench`` prints.

Every figure is the median of several timed passes over the same seeded positions. Positions
come from real deals: the landlord's 20 cards lead, and the next seat's 17 cards answer a random
lead of the landlord (``positions.deal_positions``); ``positions.random_hands`` deals hands of one
size on their own.
"""

from __future__ import annotations

import functools
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence, Sized
from dataclasses import dataclass
from typing import Any, TextIO

import numpy as np
import numpy.typing as npt

from ddz_fast import (
    ActionSpace, Game, Hand, Move, Rules, Tables, build_info, legal_move_counts,
    legal_moves, legal_moves_batch, perft, sample_deals, simulate,
)
from ddz_fast.encodings import COMPACT, DOUZERO, OPENSPIEL, RLCARD, ROLES, Encoding

from ..positions import Counts, DealPositions, MoveArray, deal_positions, opening
from ..timing import fmt_rate, fmt_time, machine, median_seconds, plural, ratio
from .solver import solver_report

# --- move generation -----------------------------------------------------------------------

@dataclass
class Rate:
    """A timed path: seconds per item, and moves per item when it generates moves."""

    seconds: float
    moves_per_item: float = float("nan")

    @property
    def ns(self) -> float:
        return self.seconds * 1e9

    @property
    def moves_per_second(self) -> float:
        return self.moves_per_item / self.seconds


def batch_rate(hands: Counts, prevs: MoveArray | None, repeat: int, chunk: int = 4096) -> Rate:
    """legal_moves_batch over `hands` in chunks of `chunk` positions."""
    def run() -> None:
        for start in range(0, len(hands), chunk):
            legal_moves_batch(hands[start:start + chunk],
                              None if prevs is None else prevs[start:start + chunk])
    moves = int(legal_move_counts(hands, prevs).sum())
    return Rate(median_seconds(run, repeat) / len(hands), moves / len(hands))


def single_rate(hands: Counts, prevs: MoveArray | Sequence[Move] | None, repeat: int,
                call: Callable[[Hand, Move | None], Sized] | None = None) -> Rate:
    """One call per position from Python: legal_moves() and len() (the list is lazy), or
    call(hand, prev) (an ActionSpace's legal_ids, say); `prevs` as Moves or MOVE_DTYPE
    records. The rate's items are the len() of the results."""
    hand_objects = [Hand(h) for h in hands]
    prev_objects: list[Move | None] = [None] * len(hands) if prevs is None else [
        p if isinstance(p, Move) else Move.from_row(p) for p in prevs]
    pairs = list(zip(hand_objects, prev_objects))
    total = sum(len(call(h, p) if call else legal_moves(h, p)) for h, p in pairs)

    def run() -> None:
        if call is None:
            for hand, prev in pairs:
                len(legal_moves(hand, prev))
        else:
            for hand, prev in pairs:
                call(hand, prev)
    return Rate(median_seconds(run, repeat) / len(pairs), total / len(pairs))


def hand_seconds(hands: Counts, repeat: int) -> dict[str, float]:
    """Seconds per Hand(cards) from Python (the loop included) with `hands` given each way
    the API takes 15 rank counts, and as text."""
    forms: dict[str, list[Any]] = {
        "tuple": [tuple(h.tolist()) for h in hands],
        "list": [h.tolist() for h in hands],
        "uint8 row": list(hands.astype(np.uint8)),
        "int64 row": list(hands.astype(np.int64)),
        "text": [str(Hand(h)) for h in hands],
    }

    def timed(items: list[Any]) -> float:
        return median_seconds(lambda: [Hand(cards) for cards in items], repeat) / len(items)
    return {form: timed(items) for form, items in forms.items()}


# --- action ids ----------------------------------------------------------------------------

ID_POSITIONS = 2000         # deals of the action-id rows (the peers take up to 70 µs each)
MASK_POSITIONS = 10_000     # rows of the legal_mask_batch rows
ENCODE_POSITIONS = 300       # positions of the encoding rows
ENV_GAMES_PER_GAME = 100     # the adapters' rows play 1 game a pass for every 100 of --games


def mask_batch_rate(space: ActionSpace, hands: Counts, prevs: MoveArray | None, repeat: int,
                    out: npt.NDArray[np.bool_]) -> Rate:
    """legal_mask_batch over `hands` into `out` (reused, as a training loop would: a fresh
    array of this size costs more in page faults than the masks), per position, with the
    legal ids per position."""
    ids = len(space.legal_ids_batch(hands, prevs)[1])
    seconds = median_seconds(lambda: space.legal_mask_batch(hands, prevs, out=out), repeat)
    return Rate(seconds / len(hands), ids / len(hands))


def id_seconds(space: ActionSpace, moves: Sequence[Move], repeat: int) -> float:
    """Seconds per space.id(move) from Python (the loop over the moves included)."""
    space_id = space.id

    def run() -> None:
        for move in moves:
            space_id(move)
    return median_seconds(run, repeat) / len(moves)


# --- the game ------------------------------------------------------------------------------

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


# The Tables rows: (observation, tables). DouZero's x_batch takes 2 KB per legal action.
TABLES_ROWS = (("compact", 4096), ("rlcard", 4096), ("douzero", 1024))
# The peer env beside each Tables row: its own observations, or OpenSpiel's plain states
TABLES_PEERS = {"compact": "openspiel", "rlcard": "rlcard", "douzero": "douzero"}
PEER_GAMES_PER_GAME = 100   # the peers' random games: 1 for every 100 of --games
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


# --- the reinforcement learning adapters (ddz_fast.envs: the optional `rl` extra) ----------

def aec_pass_rate(make_env: Callable[[], Any], games: int, seed: int,
                  repeat: int) -> tuple[float, float]:
    """Steps (decisions of every seat) and games per second of random legal play through a
    PettingZoo AEC environment: ``agent_iter``, ``last()`` (with the observation and its
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
    steps = run()
    seconds = median_seconds(run, repeat)
    return steps / seconds, games / seconds


def gymnasium_pass_rate(games: int, seed: int, repeat: int) -> tuple[float, float]:
    """Steps (the learner's decisions: the landlord's seat, its two random opponents acting
    inside ``step``) and games per second of random legal play through ``DouDizhuEnv()``."""
    from ddz_fast.envs.gymnasium import DouDizhuEnv
    env = DouDizhuEnv()

    def run() -> int:
        rng = random.Random(seed)
        _, info = env.reset(seed=seed)
        steps = ended = 0
        while ended < games:
            legal = info["legal_ids"]
            _, _, terminated, truncated, info = env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
            if terminated or truncated:
                ended += 1
                _, info = env.reset()
        return steps
    steps = run()
    seconds = median_seconds(run, repeat)
    return steps / seconds, games / seconds


def adapter_rows(games: int, seed: int, repeat: int) -> list[tuple[str, str]]:
    """The adapters' rows of the report, or none where the `rl` extra is not installed."""
    try:
        from pettingzoo.utils import wrappers

        from ddz_fast.envs import pettingzoo
    except ImportError:
        return []

    def wrapped() -> Any:
        return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(
            wrappers.TerminateIllegalWrapper(pettingzoo.raw_env(), illegal_reward=-1)))

    rows = []
    for what, make, count in (("PettingZoo AEC env(), random legal", pettingzoo.env, games),
                              ("raw_env in PettingZoo's wrappers", wrapped, max(1, games // 4))):
        steps_per_second, games_per_second = aec_pass_rate(make, count, seed, repeat)
        rows.append((what, f"{fmt_rate(steps_per_second, 'steps')}, "
                           f"{games_per_second:,.0f} games/s"))
    steps_per_second, games_per_second = gymnasium_pass_rate(games, seed, repeat)
    rows.append(("Gymnasium DouDizhu-v0, random legal", f"{fmt_rate(steps_per_second, 'steps')}, "
                 f"{games_per_second:,.0f} games/s"))
    observation, tables = TABLES_ROWS[0]        # beside Tables' row on 1 thread
    steps_per_second, games_per_second = tables_rate(observation, tables, 1, repeat, seed,
                                                     vector_env=True)
    rows.append((f"Gymnasium DouDizhuVectorEnv({tables:,}), {observation} obs, 1 thread",
                 f"{fmt_rate(steps_per_second, 'steps')}, {games_per_second:,.0f} games/s"))
    return rows


# --- the report ----------------------------------------------------------------------------

def report(out: TextIO, *, deals: int, games: int, simulate_games: int, perft_deals: int,
           perft_depth: int, repeat: int, seed: int, peers: bool, solver: bool = True,
           solve_deals: int = 10, resolver: bool = False) -> None:
    """Run the suite and print its table to `out` (``ddz-fast bench``); with ``peers``, the
    peer engines installed here run on the same positions and their move lists are compared
    with ddz_fast's."""
    from .. import peers as peer_module        # only the report needs the peer harness
    peer_engines = peer_module.installed() if peers else []
    print(f"ddz-fast bench: ddz_fast on {machine()}", file=out)
    kind = build_info()["build"]
    if kind != "release":
        print(f"A {kind.upper()} build, not a release one: these figures do not show its speed.",
              file=out)
    positions = deal_positions(deals, seed=seed)
    print(f"{plural(deals, 'seeded deal')}: the landlord's 20 cards lead; the next seat's "
          f"17 cards answer a random lead (single, pair, trio+kicker, chain, bomb or rocket). "
          f"Medians of {plural(repeat, 'pass', 'passes')}.", file=out)
    rows = []      # (what, ddz_fast cell, {peer label: cell})

    def peer_cells(rate: Rate, peer_rates: Mapping[str, tuple[float, float]],
                   unit: str) -> dict[str, str]:
        return {label: f"{fmt_time(seconds)}: {ratio(seconds / rate.seconds)} ({items:.1f} {unit})"
                for label, (seconds, items) in peer_rates.items()}

    def movegen_row(what: str, rate: Rate, peer_rates: Mapping[str, tuple[float, float]] = {},
                    per: str = "hand") -> None:
        cell = (f"{rate.ns:.0f} ns/{per}, {fmt_rate(rate.moves_per_second, 'moves')} "
                f"({rate.moves_per_item:.1f} moves)")
        rows.append((what, cell, peer_cells(rate, peer_rates, "moves")))

    def ids_row(what: str, rate: Rate, peer_rates: Mapping[str, tuple[float, float]] = {}) -> None:
        rows.append((what, f"{fmt_time(rate.seconds)} ({rate.moves_per_item:.1f} actions)",
                     peer_cells(rate, peer_rates, "actions")))

    prev_array = positions.prev_array
    leads_batch = batch_rate(positions.landlord_hands, None, repeat)
    leads_single = single_rate(positions.landlord_hands, None, repeat)
    answers_batch = batch_rate(positions.answer_hands, prev_array, repeat)
    answers_single = single_rate(positions.answer_hands, positions.prevs, repeat)
    peer_leads = {p.label: p.leads(positions, repeat) for p in peer_engines}
    peer_answers = {p.label: p.responses(positions, repeat) for p in peer_engines}
    movegen_row("leads, batch (legal_moves_batch)", leads_batch)
    movegen_row("leads, one hand (legal_moves + len)", leads_single, peer_leads)
    movegen_row("responses, batch", answers_batch, per="position")
    movegen_row("responses, one position", answers_single, peer_answers, per="position")
    hand_times = hand_seconds(positions.head(min(deals, ID_POSITIONS)).answer_hands, repeat)
    rows.append(("Hand(cards): " + " / ".join(hand_times), " / ".join(
        f"{seconds * 1e9:.0f}" for seconds in hand_times.values()) + " ns", {}))

    # Action ids: each peer's preset space against the peer's own legal actions (DouZero has
    # no ids: its move lists), on the same positions.
    few = positions.head(min(deals, ID_POSITIONS))
    standard = ActionSpace("standard")
    for preset in ["standard"] + [p.preset for p in peer_engines]:
        space = ActionSpace(preset)
        theirs = [p for p in peer_engines if p.preset == preset]
        lead = single_rate(few.landlord_hands, None, repeat, call=space.legal_ids)
        ids_row(f"legal_ids, one lead ({preset} ids)", lead,
                {p.label: p.timed(p.id_lead_calls(few), repeat, answers=False) for p in theirs})
        ids_row(f"legal_ids, one response ({preset} ids)",
                single_rate(few.answer_hands, few.prevs, repeat, call=space.legal_ids),
                {p.label: p.timed(p.id_answer_calls(few), repeat, answers=False) for p in theirs})
        maskers = [p for p in theirs if p.has_masks]
        if maskers:
            mask = single_rate(few.landlord_hands, None, repeat, call=space.legal_mask)
            ids_row(f"legal_mask, one lead ({preset} ids)",
                    Rate(mask.seconds, lead.moves_per_item),
                    {p.label: p.timed(p.mask_calls(few), repeat, answers=False, count=sum)
                     for p in maskers})
    ids_row("legal_ids_batch, leads (standard)", Rate(
        median_seconds(lambda: standard.legal_ids_batch(positions.landlord_hands), repeat) / deals,
        leads_batch.moves_per_item))
    moves = [move for hand in few.landlord_hands[:200] for move in legal_moves(hand)]
    rows.append(("space.id(move) (standard)", f"{id_seconds(standard, moves, repeat) * 1e9:.0f} "
                 f"ns/call (a loop over {plural(len(moves), 'move')})", {}))
    batch = positions.head(min(deals, MASK_POSITIONS))
    masks = np.empty((len(batch.seeds), len(standard)), dtype=np.bool_)
    # bound to the array, not the name: the name is deleted below, to free the array early
    fill = median_seconds(functools.partial(masks.fill, False), repeat) / len(batch.seeds)
    for what, hands, prevs in (("leads", batch.landlord_hands, None),
                               ("responses", batch.answer_hands, batch.prev_array)):
        mask_rate = mask_batch_rate(standard, hands, prevs, repeat, masks)
        rows.append((f"legal_mask_batch, {len(hands):,} {what}",
                     f"{mask_rate.ns:.0f} ns/position, "
                     f"{len(standard) / mask_rate.seconds / 1e9:.1f} GB/s "
                     f"({mask_rate.moves_per_item:.1f} actions); out.fill: {fill * 1e9:.0f} ns/row",
                     {}))
    del masks

    decision, games_per_second, _ = decision_rate(games, seed)
    peer_games = {}
    peer_steps = {}         # by preset: the peer env's decisions per second
    for peer in peer_engines:
        peer_rates = peer.random_game_rate(max(1, games // PEER_GAMES_PER_GAME), seed)
        if peer_rates is not None:
            peer_steps[peer.preset] = (peer.label, peer_rates[0])
            peer_games[peer.label] = (f"{fmt_rate(peer_rates[0], 'steps')}, "
                                      f"{peer_rates[1]:,.0f} games/s: "
                                      f"{ratio(games_per_second / peer_rates[1])}")
    rows.append(("random games, Python API", f"{decision * 1e9:.0f} ns/decision "
                 f"({1 / decision / 1e6:.2f} M/s), {games_per_second:,.0f} games/s", peer_games))
    mid = mid_game_positions(300, seed)
    rows.append(("push + undo, native", f"{push_undo_seconds(mid, repeat) * 1e9:.1f} ns/pair", {}))
    rows.append(("copy() of a mid-game position", f"{copy_seconds(mid, repeat) * 1e9:.0f} ns", {}))
    for per_call in (10_000, 100):
        rate = sample_rate(mid[:100], per_call, repeat)
        rows.append((f"sample_deals, {per_call:,} per call, 1 thread",
                     f"{fmt_rate(rate, 'deals')} (mid-game, the seat to move)", {}))
    for scheme in (RLCARD, OPENSPIEL, DOUZERO):
        games_of = mid_game_positions(ENCODE_POSITIONS, seed, Rules.preset(scheme.name))
        seconds = encode_seconds(scheme, games_of, repeat)
        peer_cells_of = {}
        for peer in (p for p in peer_engines if p.preset == scheme.name):
            calls = peer.observation_calls(games_of, seed)
            if calls:
                peer_seconds, _ = peer.timed(calls, repeat, answers=False, count=lambda _: 0)
                peer_cells_of[peer.label] = (f"{fmt_time(peer_seconds)}: "
                                             f"{ratio(peer_seconds / seconds)}")
        rows.append((f"encode, one position ({scheme.name})",
                     f"{fmt_time(seconds)}; out=: "
                     f"{fmt_time(encode_seconds(scheme, games_of, repeat, reuse=True))}",
                     peer_cells_of))
    compact_games = mid_game_positions(ENCODE_POSITIONS, seed)
    rows.append(("encode, one position (compact)",
                 f"{fmt_time(encode_seconds(COMPACT, compact_games, repeat))}; out=: "
                 f"{fmt_time(encode_seconds(COMPACT, compact_games, repeat, reuse=True))}", {}))
    for observation, tables in TABLES_ROWS:
        for threads in (1, 2):
            steps, finished = tables_rate(observation, tables, threads, repeat, seed)
            beside = {}
            if threads == 1 and TABLES_PEERS[observation] in peer_steps:
                label, peer_rate = peer_steps[TABLES_PEERS[observation]]
                beside[label] = f"env: {fmt_rate(peer_rate, 'steps')}: {ratio(steps / peer_rate)}"
            rows.append((f"Tables({tables:,}), {observation} obs + CSR ids, "
                         f"{plural(threads, 'thread')}",
                         f"{fmt_rate(steps, 'steps')}, {finished:,.0f} games/s", beside))
    for threads in (1, 2):
        rate = simulate_rate(simulate_games, threads, seed)
        rows.append((f"simulate(), {plural(threads, 'thread')}", f"{rate:,.0f} games/s", {}))
    nodes_per_second, nodes = perft_rate(deal_positions(perft_deals, seed), perft_depth)
    rows.append((f"perft({perft_depth}) of {plural(perft_deals, 'deal')}",
                 f"{fmt_rate(nodes_per_second, 'nodes')} ({nodes:,} nodes)", {}))
    env_games = max(1, games // ENV_GAMES_PER_GAME)
    adapters = adapter_rows(env_games, seed, repeat)
    rows.extend((what, cell, {}) for what, cell in adapters)

    labels = [p.label for p in peer_engines]
    header = ["what", "ddz_fast"] + labels
    table = [header] + [[what, cell] + [cells.get(label, "") for label in labels]
                        for what, cell, cells in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for i, row in enumerate(table):
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip(), file=out)
        if i == 0:
            print("  ".join("-" * w for w in widths), file=out)
    print(f"\nAction ids (ActionSpace): legal_ids and legal_mask from Python on the first "
          f"{plural(len(few.seeds), 'deal')}, each space against the peer whose ids it has "
          f"(DouZero has none: its move lists against douzero ids); legal_ids_batch on every "
          f"deal; space.id on the moves of 200 leads; legal_mask_batch on the first "
          f"{len(batch.seeds):,} into one reused {len(standard):,}-column bool array "
          f"(out=), where out.fill(False), writing the same array and computing nothing, is "
          f"the floor.", file=out)
    print(f"\nEncodings (ddz_fast.encodings): encode(game) from Python for the seat to move on "
          f"{ENCODE_POSITIONS} mid-game positions of each preset, into a new array and into "
          f"one reused per role (out=); OpenSpiel's observation_tensor at the same positions, "
          f"RLCard's _extract_state (with its legal actions' features) at as many of its own "
          f"random positions after as many plays.", file=out)
    print(f"\nTables: {TABLES_STEPS} steps a pass of Tables(n) under the scheme's preset (standard "
          f"for compact; auctions included where it has one), the action of each table drawn "
          f"uniformly from its CSR legal ids with "
          f"numpy (included); a step of n tables counts n steps; douzero is x_no_action, z and "
          f"x_batch over every legal id. Beside the rows on 1 thread, the peer's own "
          f"environment stepped by a random legal policy from Python: RLCard's env.step and "
          f"DouZero's Env.step (each building its observation), OpenSpiel's states (no "
          f"observation; \"random games\" row).", file=out)
    if adapters:
        print(f"\nAdapters (ddz_fast.envs): {plural(env_games, 'seeded game')} a pass "
              f"({max(1, env_games // 4):,} in PettingZoo's wrappers) with a random legal policy "
              f"drawing from info['legal_ids']; a step is one decision of any seat through "
              f"PettingZoo (last() with its observation, then step), the learner's (the "
              f"landlord's) through Gymnasium, whose two random opponents act inside step.",
              file=out)
    else:
        print("\n(the rl extra is not installed: pip install 'ddz-fast[rl]' to time the "
              "Gymnasium and PettingZoo adapters)", file=out)
    if peers and not peer_engines:
        print("(no peer engine installed: pip install 'ddz-fast[peers]' to compare)", file=out)
    if peer_engines:
        limit = min(deals, 2000)
        print(f"\nThe peers' move lists against ddz_fast's under each peer's preset, as card sets "
              f"(one set may have several readings), over {limit:,} positions; what differs is "
              f"the peers' known bugs (README, Other engines):", file=out)
        for peer in peer_engines:
            for what, answers in (("leads", False), ("answers", True)):
                diff = peer_module.compare(peer, positions, answers, limit)
                print(f"  {peer.name} {what}: {diff.describe()}", file=out)
    if solver:
        solver_report(out, full_deals=solve_deals, seed=seed)
    if resolver:
        peer_module.resolver_report(out)
