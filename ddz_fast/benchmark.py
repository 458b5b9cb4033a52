"""The measurements behind ``ddz-fast bench`` and the scripts in ``bench/``.

Every figure is the median of several timed passes over the same seeded positions. Positions
come from real deals: the landlord's 20 cards lead, and the next seat's 17 cards answer a random
lead of the landlord (``deal_positions``); ``random_hands`` deals hands of one size on their own.
"""

import platform
import random
import statistics
import time
from dataclasses import dataclass

import numpy as np

from ._batch import legal_move_counts, legal_moves_batch
from ._cards import Hand
from ._game import Game
from ._moves import Move, legal_moves
from ._perft import perft
from ._simulate import simulate
from .kind import Kind

DECK = np.repeat(np.arange(15), [4] * 13 + [1, 1])
# Kinds every peer engine reads the same way: previous moves of the cross-engine positions.
PLAIN_KINDS = {Kind.SINGLE, Kind.PAIR, Kind.TRIO, Kind.TRIO_SINGLE, Kind.TRIO_PAIR, Kind.STRAIGHT,
               Kind.PAIR_CHAIN, Kind.BOMB, Kind.ROCKET}


def median_seconds(run, repeat):
    """The median wall time of `repeat` calls of run(), after one untimed call (caches,
    allocator and clock speed warm up)."""
    run()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def machine():
    """A line naming this machine and Python."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            names = [line.split(":", 1)[1].strip() for line in f if line.startswith("model name")]
        cpu = f"{names[0]}, {len(names)} cores" if names else cpu
    except OSError:
        pass
    return f"{cpu}; Python {platform.python_version()}, numpy {np.__version__}"


# --- positions -----------------------------------------------------------------------------

def random_hands(count, size, seed):
    """(count, 15) rank counts of `size` cards, each hand dealt from its own shuffled deck."""
    rng = np.random.default_rng(seed)
    hands = np.zeros((count, 15), dtype=np.uint8)
    for i in range(count):
        np.add.at(hands[i], DECK[rng.permutation(54)[:size]], 1)
    return hands


def random_prevs(hands, seed):
    """A previous move for each hand: a random lead of the next hand."""
    rng = np.random.default_rng(seed)
    offsets, leads = legal_moves_batch(hands)
    nxt = np.roll(np.arange(len(hands)), -1)
    picks = offsets[nxt] + (rng.random(len(hands)) * np.diff(offsets)[nxt]).astype(np.int64)
    return leads[picks].copy()


@dataclass
class DealPositions:
    """Seeded deals: the landlord's hand (leads) and the next seat's hand with a random plain
    lead of the landlord to answer (responses)."""

    seeds: list
    landlord_hands: np.ndarray      # (n, 15), 20 cards
    answer_hands: np.ndarray        # (n, 15), 17 cards
    prevs: list                     # Move per position

    @property
    def prev_array(self):
        from ._moves import MOVE_DTYPE
        out = np.zeros(len(self.prevs), dtype=MOVE_DTYPE)
        for i, m in enumerate(self.prevs):
            out[i] = (m.kind.code, m.length, m.main, m.packed)
        return out


def deal_positions(count, seed):
    rng = random.Random(seed)
    seeds, lead_hands, answer_hands, prevs = [], [], [], []
    for _ in range(count):
        game_seed = rng.getrandbits(64)
        game = Game(game_seed)
        landlord = game.first_bidder
        game.bid(3)
        plain = [m for m in game.legal_moves() if m.kind in PLAIN_KINDS]
        seeds.append(game_seed)
        lead_hands.append(game.hands[landlord].counts)
        answer_hands.append(game.hands[(landlord + 1) % 3].counts)
        prevs.append(rng.choice(plain))
    return DealPositions(seeds, np.array(lead_hands), np.array(answer_hands), prevs)


def as_move(row):
    """A MOVE_DTYPE row as a Move (trusted: it came from the engine)."""
    return Move(Kind.from_code(int(row["kind"])), int(row["length"]), int(row["main"]),
                Hand.from_packed(int(row["cards"])))


# --- move generation -----------------------------------------------------------------------

@dataclass
class Rate:
    """A timed path: seconds per item, and moves per item when it generates moves."""

    seconds: float
    moves_per_item: float = float("nan")

    @property
    def ns(self):
        return self.seconds * 1e9

    @property
    def moves_per_second(self):
        return self.moves_per_item / self.seconds


def batch_rate(hands, prevs, repeat, chunk=4096):
    """legal_moves_batch over `hands` in chunks of `chunk` positions."""
    def run():
        for start in range(0, len(hands), chunk):
            legal_moves_batch(hands[start:start + chunk],
                              None if prevs is None else prevs[start:start + chunk])
    moves = int(legal_move_counts(hands, prevs).sum())
    return Rate(median_seconds(run, repeat) / len(hands), moves / len(hands))


def single_rate(hands, prevs, repeat):
    """legal_moves() and len() per position."""
    hand_objects = [Hand(h) for h in hands]
    prev_objects = [None] * len(hands) if prevs is None else [
        p if isinstance(p, Move) else as_move(p) for p in prevs]
    pairs = list(zip(hand_objects, prev_objects))
    total = sum(len(legal_moves(h, p)) for h, p in pairs)

    def run():
        for hand, prev in pairs:
            len(legal_moves(hand, prev))
    return Rate(median_seconds(run, repeat) / len(pairs), total / len(pairs))


# --- the game ------------------------------------------------------------------------------

def decision_rate(games, seed):
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


def mid_game_positions(count, seed):
    """Play-phase games cut at a random point of a random game."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = Game(rng.getrandbits(64))
        while game.phase == "auction":
            game.bid(rng.choice(game.legal_bids()))
        for _ in range(rng.randrange(40)):
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
            if game.phase != "play":
                break
        if game.phase == "play":
            out.append(game)
    return out


def push_undo_seconds(games, repeat):
    """Seconds per native push + undo pair: perft(2) playing every leaf minus perft(2)
    counting the leaves, over the leaves."""
    leaves = sum(perft(game, 2) for game in games)
    played = median_seconds(lambda: [perft(game, 2, bulk=False) for game in games], repeat)
    counted = median_seconds(lambda: [perft(game, 2) for game in games], repeat)
    return (played - counted) / leaves


def copy_seconds(games, repeat, stack=True):
    """Seconds per copy() of the games."""
    def run():
        for game in games:
            game.copy(stack=stack)
    return median_seconds(run, repeat) / len(games)


def simulate_rate(n_games, threads, seed=0):
    """Random games per second of simulate()."""
    start = time.perf_counter()
    simulate(n_games, seed=seed, threads=threads)
    return n_games / (time.perf_counter() - start)


def perft_rate(positions, depth):
    """perft nodes per second (bulk counting at the last level) over seeded deals."""
    nodes = 0
    seconds = 0.0
    for seed in positions.seeds:
        game = Game(seed)
        game.bid(3)
        start = time.perf_counter()
        nodes += perft(game, depth)
        seconds += time.perf_counter() - start
    return nodes / seconds, nodes
