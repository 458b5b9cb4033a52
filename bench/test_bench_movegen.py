"""pytest-benchmark runs of the move generation paths (``pytest bench --benchmark-enable``).

Under the default ``--benchmark-disable`` each runs once, as a smoke test.
"""

import pytest

import ddz_fast
from ddz_fast.tools.positions import random_hands, random_prevs

POSITIONS = 4096


@pytest.fixture(scope="module", params=[20, 17], ids=["20 cards", "17 cards"])
def positions(request):
    hands = random_hands(POSITIONS, request.param, seed=request.param)
    prevs = random_prevs(hands, seed=request.param)
    prev_moves = [ddz_fast.Move.from_row(p) for p in prevs]
    return request.param, hands, prevs, [ddz_fast.Hand(h) for h in hands], prev_moves


def note(benchmark, positions, prevs):
    size, hands = positions[0], positions[1]
    moves = int(ddz_fast.legal_move_counts(hands, prevs).sum())
    benchmark.extra_info.update(cards=size, positions=len(hands), moves=moves)


def test_batch_leads(benchmark, positions):
    benchmark.group = f"leads, {positions[0]} cards, {POSITIONS} hands"
    note(benchmark, positions, None)
    benchmark(ddz_fast.legal_moves_batch, positions[1])


def test_batch_responses(benchmark, positions):
    benchmark.group = f"responses, {positions[0]} cards, {POSITIONS} positions"
    note(benchmark, positions, positions[2])
    benchmark(ddz_fast.legal_moves_batch, positions[1], positions[2])


def test_single_leads(benchmark, positions):
    benchmark.group = f"leads, {positions[0]} cards, {POSITIONS} hands"
    note(benchmark, positions, None)
    hands, legal_moves = positions[3], ddz_fast.legal_moves
    benchmark(lambda: [len(legal_moves(h)) for h in hands])


def test_single_responses(benchmark, positions):
    benchmark.group = f"responses, {positions[0]} cards, {POSITIONS} positions"
    note(benchmark, positions, positions[2])
    pairs, legal_moves = list(zip(positions[3], positions[4])), ddz_fast.legal_moves
    benchmark(lambda: [len(legal_moves(h, p)) for h, p in pairs])
