"""The thread-safety contract: shared objects used from several threads at once.

Hand, Move, Rules and MoveList may be shared freely. A Game may be shared: each method call is
atomic, so no interleaving corrupts it or crashes (which action lands first is up to the
caller). legal_moves_batch / legal_move_counts read the caller's arrays without the GIL: other
threads writing them cannot crash the process or corrupt memory, and cannot resize them
meanwhile. simulate() may be called from several threads at once.

Expectations come from single-threaded runs and from tests/oracles/data/perft.epd (the reference's
counts). CI also runs these tests on the ASan+UBSan build, which turns a stray read into a
failure.
"""

import mmap
import os
import pickle
import random
import threading
import time

import numpy as np

from ddz_fast import (
    MOVE_DTYPE, Game, Hand, IllegalActionError, IllegalBidError, IllegalMoveError,
    InvalidCardsError, InvalidMoveError, Move, Rules, legal_move_counts, legal_moves,
    legal_moves_batch, perft, simulate,
)
from helpers import DECK, KIND_NAMES, run_threads, snapshot, unpack
from oracles import perft_table, reference
from oracles.perft_table import read as read_perft_line
from oracles.reference_game import deal as reference_deal

with open(perft_table.PATH) as f:
    PERFT_TABLE = {name: (text, counts) for text, _, counts, name in map(read_perft_line, f)}


def seeded_game(seed):
    """The table's dealt positions: the first bidder takes it at 3."""
    game = Game(seed)
    game.bid(3)
    return game


def cards_accounted_for(game):
    """Every card of the deal is in a hand or among the cards played (dealt games)."""
    dealt, kitty, _, _ = reference_deal(game.seed, game.redeals)
    start = [list(h) for h in dealt]
    start[game.landlord] = [a + b for a, b in zip(start[game.landlord], kitty)]
    now = [[a + b for a, b in zip(h.counts.tolist(), p.counts.tolist())]
           for h, p in zip(game.hands, game.cards_played)]
    return now == start


# --- perft and a shared Game -----------------------------------------------------------------

def test_perft_from_several_threads_on_one_game():
    # The repro: perft(g, 6) from two threads and the main thread on the same game.
    game = seeded_game(11)
    before = snapshot(game)
    alone = perft(game, 6)
    for _ in range(20):
        start = threading.Barrier(3)
        counts = []

        def count():
            start.wait()
            counts.append(perft(game, 6))

        threads = [threading.Thread(target=count) for _ in range(2)]
        for t in threads:
            t.start()
        count()
        for t in threads:
            t.join()
        assert counts == [alone] * 3
    assert snapshot(game) == before
    # and against the reference's table, several threads on one game at once
    text, counts = PERFT_TABLE["deal 42"]
    shared = Game.from_position(text)
    results = []
    run_threads([lambda: results.extend(perft(shared, d) for d in range(1, 5) for _ in range(200))] * 3)
    assert sorted(set(results)) == sorted(counts[:4])
    assert results.count(counts[3]) == 600


def test_readers_while_another_thread_plays_and_undoes():
    game = seeded_game(11)
    game.play(game.legal_moves()[5])
    game.play(game.legal_moves()[0])
    base = game.copy()
    moves = list(base.legal_moves())
    # every position the shared game can be in: the base, or the base after one of its moves
    positions = {}
    for move in [None] + moves:
        position = base.copy()
        if move is not None:
            position.play(move)
        positions[position.key()] = (snapshot(position), perft(position, 3), perft(position, 2))
    deadline = time.monotonic() + 1.5
    done = threading.Event()
    seen = {"copies": 0, "direct perft": 0}

    def mutate():
        rng = random.Random(1)
        try:
            while time.monotonic() < deadline:
                game.play(rng.choice(moves))
                game.undo()
        finally:
            done.set()

    def read():
        while not done.is_set():
            copied = game.copy()
            state = positions.get(copied.key())
            assert state is not None, "a copy of a position the game was never in"
            assert copied.key() == Game.from_position(copied.position()).key() and cards_accounted_for(copied)
            assert snapshot(copied) == state[0]
            assert perft(copied, 3) == state[1]
            rebuilt = pickle.loads(pickle.dumps(copied))            # replays the copied history
            assert perft(copied, 2) == perft(rebuilt, 2) == state[2]
            # straight on the shared game: each call sees one whole position
            assert perft(game, 3) in {s[1] for s in positions.values()}
            assert game.key() in positions
            history = game.history
            assert history[:len(base.history)] == base.history and len(history) - len(base.history) in (0, 1)
            listed = list(game.legal_moves())
            assert any(listed == s[0][19] for s in positions.values())
            played = game.cards_played
            assert any(played == s[0][14] for s in positions.values())
            seen["copies"] += 1

    run_threads([mutate, read, read, read])
    assert snapshot(game) == positions[base.key()][0]
    assert seen["copies"] > 10


def random_game_record(seed, rules):
    """Play a seeded game with random legal actions through the Python API."""
    rng = random.Random(seed)
    game = Game(seed, rules=rules)
    while game.phase != "over":
        if game.phase == "auction":
            game.bid(rng.choice(game.legal_bids()))
        else:
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
    return game.history, game.result, game.key()


def test_one_game_per_thread_gives_the_single_threaded_results():
    dealt = [entry for entry in PERFT_TABLE.values() if "out=" not in entry[0]]   # the deals
    rules = [Rules(), Rules(distinct_single_wings=True, auction="single_round")]
    expected_games = {(s, i): random_game_record(s, rules[i]) for s in range(150) for i in range(2)}
    expected_perft = {text: perft(Game.from_position(text), 6) for text, _ in dealt}

    def worker(k):
        def run():
            for text, counts in dealt:          # the reference's counts
                game = Game.from_position(text)
                assert [perft(game, d + 1) for d in range(len(counts))] == counts
            for text, count in expected_perft.items():
                assert perft(Game.from_position(text), 6) == count
            for (seed, i), record in expected_games.items():
                if (seed + k) % 2:
                    assert random_game_record(seed, rules[i]) == record
        return run

    run_threads([worker(k) for k in range(4)])


# --- shared values ---------------------------------------------------------------------------

def test_values_and_move_lists_shared_between_threads():
    rng = random.Random(5)
    hands = [[cards.count(r) for r in range(15)] for cards in (rng.sample(DECK, 17) for _ in range(30))]
    expected = [tuple(legal_moves(h)) for h in hands]
    for _ in range(5):
        shared = [legal_moves(h) for h in hands]         # fresh: generated on first use
        rules, hand_values = Rules(), [Hand(h) for h in hands]
        start = threading.Barrier(4)

        def use(k):
            def run():
                start.wait()
                for i in (range(len(shared)) if k % 2 else reversed(range(len(shared)))):
                    moves = shared[i]
                    first = moves[0]                      # the first use may generate the list
                    assert tuple(moves) == expected[i] and len(moves) == len(expected[i])
                    assert first in moves and first.cards in hand_values[i]
                    assert rows_key(legal_moves(hand_values[i], rules=rules).array) == rows_key(moves.array)
            return run

        run_threads([use(k) for k in range(4)])


# --- batch arrays written by another thread --------------------------------------------------

def small_hands(count, seed):
    """Hands of at most 10 cards: a row torn between two of them is still a hand (<= 20)."""
    rng = random.Random(seed)
    return [[c.count(r) for r in range(15)] for c in (rng.sample(DECK, rng.randint(1, 10)) for _ in range(count))]


def is_reading(row):
    """A MOVE_DTYPE row (as ints) is a reading of its cards under the default rules."""
    kind, length, main, cards = row
    counts = unpack(cards)
    return (kind < len(KIND_NAMES) and cards >> 60 == 0
            and (KIND_NAMES[kind], length, main) in reference.readings(counts))


def test_batch_while_another_thread_rewrites_the_arrays():
    rng = np.random.default_rng(2)
    pool = np.array(small_hands(24, seed=3), dtype=np.uint8)
    prev_pool = np.zeros(16, MOVE_DTYPE)               # leads (zeros) and moves of pool hands
    for i in range(1, 16):
        leads = legal_moves(pool[i].tolist()).array
        prev_pool[i] = leads[rng.integers(len(leads))]
    # what each row may hold: legal_moves(hand, prev) of a pool hand and a pool prev
    allowed = set()
    for hand in pool.tolist():
        for row in prev_pool.tolist():                     # a zero row: PASS, a lead
            allowed.add(rows_key(legal_moves(hand, Move.from_row(row)).array))
    valid_rows, n = 3000, 4000
    hands = pool[rng.integers(len(pool), size=n)]
    hands[valid_rows:] = 9                               # rows past valid_rows never hold a hand
    prevs = prev_pool[rng.integers(len(prev_pool), size=n)]
    stop = threading.Event()

    def write():
        wrng = np.random.default_rng(4)
        raw_prevs = prevs.view(np.uint8).reshape(n, MOVE_DTYPE.itemsize)
        while not stop.is_set():
            junk = wrng.integers(n, size=2)                # random bytes for a while
            raw_prevs[junk] = wrng.integers(256, size=(2, MOVE_DTYPE.itemsize), dtype=np.uint8)
            rows = wrng.integers(valid_rows, size=512)
            hands[rows] = pool[wrng.integers(len(pool), size=512)]
            tail = wrng.integers(valid_rows, n, size=64)
            hands[tail] = wrng.choice(np.array([5, 9, 200, 255], np.uint8), size=(64, 15))
            prevs[junk] = prev_pool[0]
            rows = wrng.integers(n, size=512)
            prevs[rows] = prev_pool[wrng.integers(len(prev_pool), size=512)]
            time.sleep(0)

    writer = threading.Thread(target=write)
    writer.start()
    outcomes = {"returned": 0, "torn rows": 0, "InvalidCardsError": 0, "InvalidMoveError": 0}
    try:
        deadline = time.monotonic() + 2.0
        while time.monotonic() < deadline:
            try:
                offsets, moves = legal_moves_batch(hands[:valid_rows], prevs[:valid_rows])
            except InvalidMoveError as e:                  # random bytes in a previous move
                assert "prevs[" in str(e)
                outcomes["InvalidMoveError"] += 1
            else:
                outcomes["returned"] += 1
                assert offsets.shape == (valid_rows + 1,) and offsets[0] == 0
                assert np.all(np.diff(offsets) >= 0) and len(moves) == offsets[-1]
                keys = move_keys(moves)
                for i in range(0, valid_rows, 7):
                    row = keys[offsets[i]:offsets[i + 1]]
                    if row.tobytes() not in allowed:        # read while being rewritten
                        outcomes["torn rows"] += 1
                        check_moves_of_one_hand(row)
            try:
                legal_move_counts(hands, prevs)
                raise AssertionError("rows past valid_rows hold no hand")
            except InvalidCardsError as e:
                assert int(str(e).split("hands[")[1].split("]")[0]) >= valid_rows
                outcomes["InvalidCardsError"] += 1
            except InvalidMoveError as e:
                assert "prevs[" in str(e)
    finally:
        stop.set()
        writer.join()
    assert outcomes["returned"] and outcomes["InvalidCardsError"], outcomes


def move_keys(moves):
    """The fields of a MOVE_DTYPE array as an (n, 4) uint64 array (no padding bytes)."""
    return np.stack([moves[name].astype(np.uint64) for name in ("kind", "length", "main", "cards")], axis=1)


def rows_key(moves):
    return move_keys(moves).tobytes()


def check_moves_of_one_hand(keys):
    """Moves of a row read while it changed: valid readings whose cards fit in one hand."""
    most = [0] * 15
    for row in keys.tolist():
        assert is_reading(row), row
        most = [max(a, b) for a, b in zip(most, unpack(row[3]))]
    assert all(c <= limit for c, limit in zip(most, [4] * 13 + [1, 1]))


def test_batch_arrays_cannot_be_resized_during_a_call():
    n = 20000
    original = np.array(small_hands(n, seed=6), dtype=np.uint8)
    expected = legal_move_counts(original)
    box = [original.copy(), np.zeros(n, MOVE_DTYPE)]       # the only references between calls
    stop = threading.Event()
    refused, resized = [], []

    def resize():
        rng = random.Random(7)
        while not stop.is_set():
            size = rng.choice([n // 2, n, n + 100])
            for i in (0, 1):
                try:
                    box[i].resize((size, 15) if i == 0 else (size,))
                    resized.append(size)
                except ValueError as e:
                    assert "cannot resize" in str(e)
                    refused.append(size)
            time.sleep(0)

    thread = threading.Thread(target=resize)
    thread.start()
    try:
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:
            try:
                counts = legal_move_counts(box[0], box[1])
            except InvalidMoveError as e:          # the two arrays caught at different sizes
                assert "prevs must have shape" in str(e)
                continue
            # a row keeps its hand or was cut off and grown back as zeros (no move)
            m = min(len(counts), n)
            assert np.all((counts[:m] == expected[:m]) | (counts[:m] == 0)) and np.all(counts[m:] == 0)
    finally:
        stop.set()
        thread.join()
    assert refused, "no resize was tried during a call"


def test_batch_row_made_valid_while_the_error_is_reported():
    # The writer stands for a thread writing without the GIL (a large numpy copy); a forked
    # process writing shared memory does the same, only much more often than a thread can.
    memory = mmap.mmap(-1, 4096)
    shared = np.frombuffer(memory, dtype=np.uint8)
    hands, stop_flag = shared[:15].reshape(1, 15), shared[64:65]
    hands[0, :5] = 1
    pid = os.fork()
    if pid == 0:                                  # the writer: flip row 0 invalid / valid
        try:
            end = time.monotonic() + 10
            while not stop_flag[0] and time.monotonic() < end:
                for _ in range(1000):
                    hands[0, 0] = 9
                    hands[0, 0] = 1
        finally:
            os._exit(0)
    try:
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            try:
                assert legal_move_counts(hands).tolist() == [len(legal_moves("34567"))]
            except InvalidCardsError as e:
                assert "hands[0]" in str(e)
    finally:
        stop_flag[0] = 1
        os.waitpid(pid, 0)


# --- simulate --------------------------------------------------------------------------------

def test_simulate_from_several_threads():
    calls = [dict(n_games=20000, seed=1, threads=2), dict(n_games=15000, seed=2, threads=2),
             dict(n_games=12000, seed=3, threads=2, rules=Rules(auction="single_round"))]
    serial = [simulate(**c) for c in calls]
    for _ in range(2):
        results = [None] * 3

        def call(i):
            def run():
                results[i] = simulate(**calls[i])
            return run

        run_threads([call(i) for i in range(3)])
        for got, want in zip(results, serial):
            for name in ("landlord", "bid", "landlord_won", "bombs", "spring", "anti_spring",
                         "multiplier", "scores", "plays", "turns", "redeals"):
                assert np.array_equal(getattr(got, name), getattr(want, name)), name


# --- check, then act: found bugs -------------------------------------------------------------

class Gate:
    """Lets the main thread act while another thread is inside caller code that a checked
    action runs (an __index__, a str method)."""

    def __init__(self):
        self.entered, self.go = threading.Event(), threading.Event()

    def pass_through(self):
        self.entered.set()
        assert self.go.wait(10)

    def meanwhile(self, action, target):
        errors = []

        def run():
            try:
                target()
            except Exception as e:           # noqa: BLE001 - checked by the test
                errors.append(e)

        thread = threading.Thread(target=run)
        thread.start()
        assert self.entered.wait(10)
        action()
        self.go.set()
        thread.join(10)
        return errors


class SlowInt:
    """An integer for checks.py's convention (operator.index) that takes its time."""

    def __init__(self, value, gate):
        self.value, self.gate = value, gate

    def __index__(self):
        self.gate.pass_through()
        return self.value


class SlowText(str):
    def strip(self, *args):
        self.gate.pass_through()
        return str.strip(self, *args)


def legal_history(game):
    """The history replays through the checked actions on a fresh game of the same seed."""
    replay = Game(game.seed, rules=game.rules)
    try:
        for seat, action in game.history:
            assert replay.to_move == seat
            replay.bid(action) if replay.phase == "auction" else replay.play(action)
    except (ValueError, AssertionError):
        return False
    return True


def test_bid_is_atomic():
    lowered = Game(11)
    gate = Gate()
    errors = gate.meanwhile(lambda: lowered.bid(2), lambda: lowered.bid(SlowInt(1, gate)))
    assert lowered.highest_bid == 2 and [type(e) for e in errors] == [IllegalBidError]
    assert legal_history(lowered)
    ended = Game(11)
    gate = Gate()
    errors = gate.meanwhile(lambda: ended.bid(3), lambda: ended.bid(SlowInt(1, gate)))
    assert [type(e) for e in errors] == [IllegalActionError]
    assert ended.history == [(0, 3)] and pickle.loads(pickle.dumps(ended)).history == ended.history


def test_play_is_atomic():
    over = Game.from_hands(["33", "K", "25"], landlord=0, bid=1)
    over.play("3")
    gate = Gate()
    text = SlowText("2")
    text.gate = gate
    errors = gate.meanwhile(lambda: over.play("K"), lambda: over.play(text))   # seat 1 goes out
    assert [type(e) for e in errors] == [IllegalActionError]
    assert [str(a) for _, a in over.history] == ["3", "K"] and over.hands[2] == Hand("25")
    back = seeded_game(11)
    back.play(back.legal_moves()[0])
    gate = Gate()
    text = SlowText(str(back.legal_moves()[-2]))
    text.gate = gate
    errors = gate.meanwhile(lambda: (back.undo(), back.undo()), lambda: back.play(text))
    assert [type(e) for e in errors] == [IllegalActionError]
    assert back.phase == "auction" and back.history == [] and back.legal_bids() == [0, 1, 2, 3]


def test_checked_actions_from_several_threads_keep_the_game_legal():
    # Plain ints, as players would send them: every action lands whole, in some order.
    for seed in range(3):
        game = Game(seed)
        refused = []

        def player(k):
            def run():
                rng = random.Random(k)
                for _ in range(300):
                    if game.phase == "over":
                        return
                    try:
                        if game.phase == "auction":
                            game.bid(rng.choice([0, 1, 2, 3]))
                        else:
                            moves = game.legal_moves()
                            if moves:
                                game.play(moves[rng.randrange(len(moves))])
                    except (IllegalActionError, IllegalMoveError, IllegalBidError) as e:
                        refused.append(e)     # another thread moved first: allowed
            return run

        run_threads([player(k) for k in range(4)])
        assert game.key() == Game.from_position(game.position()).key()
        assert legal_history(game)
        if game.phase != "auction":
            assert cards_accounted_for(game)
        assert snapshot(pickle.loads(pickle.dumps(game))) == snapshot(game)
