"""pytest-benchmark runs of the game paths (``pytest bench --benchmark-enable``)."""

import random

import pytest

import ddz_fast
from ddz_fast.tools.bench.games import mid_game_positions


@pytest.fixture(scope="module")
def mid_games():
    return mid_game_positions(200, seed=1)


def test_random_game_via_python(benchmark):
    benchmark.group = "game"
    rng = random.Random(0)

    def one_game():
        game = ddz_fast.Game(rng.getrandbits(64))
        while game.phase == "auction":
            bids = game.legal_bids()
            game.bid(bids[int(rng.random() * len(bids))])
        while game.phase == "play":
            moves = game.legal_moves()
            game.play(moves[int(rng.random() * len(moves))])
    benchmark(one_game)


def test_copy(benchmark, mid_games):
    benchmark.group = "game"
    benchmark.extra_info["positions"] = len(mid_games)
    benchmark(lambda: [g.copy() for g in mid_games])


def test_perft_push_undo(benchmark, mid_games):
    benchmark.group = "game"
    benchmark(lambda: [ddz_fast.perft(g, 2, bulk=False) for g in mid_games[:50]])
