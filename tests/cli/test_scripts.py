"""The bench scripts run and print what they promise (tiny sizes; no timing is checked)."""

import re

import pytest

import ddz_fast
from helpers import ROOT, needs_checkout
from helpers import run_python as run


def test_movegen_bench_prints_every_row():
    out = run("bench/movegen.py", "--hands", "300", "--repeat", "1", "--chunk", "128")
    rows = [line.split() for line in out.splitlines()[2:]]
    assert [(r[0], r[1], r[2]) for r in rows] == [
        (size, what, path) for size in ("20", "17") for what in ("leads", "responses")
        for path in ("batch", "legal_moves()")]
    assert all(float(r[3]) > 0 for r in rows)


@pytest.mark.parametrize("wilds, long_bombs", [("one", False), ("two", False), ("two", True)])
def test_max_moves_searches_wild_hands(wilds, long_bombs):
    """The search reports a hand and its wild ranks whose lead count the engine confirms."""
    rules = ddz_fast.Rules(wilds=wilds, long_bombs=long_bombs)
    out = run("bench/max_moves.py", "--wilds", wilds, *(["--long-bombs"] if long_bombs else []),
              "--seconds", "0.5")
    found = re.search(r"most leads found: (\d+) for Hand\('(\w+)'\) with (\w+) wild", out)
    assert found and out.startswith(repr(rules)), out
    leads, hand, wild_ranks = found.groups()
    assert len(hand) == 20 and len(wild_ranks) == (1 if wilds == "one" else 2)
    assert len(ddz_fast.legal_moves(hand, rules=rules, wild_ranks=wild_ranks)) == int(leads)


def test_game_bench_prints_its_figures():
    out = run("bench/game.py", "--games", "60", "--repeat", "1")
    assert "ns/decision" in out and "ns/pair" in out and "copy()" in out


@needs_checkout      # bench/ab.py runs the ddz_fast of each checkout it is given
def test_ab_bench_compares_the_solver_of_two_builds():
    out = run("bench/ab.py", ROOT, ROOT, "solver", "--sizes", "5,5", "4,3,3", "--count", "3",
              "--rounds", "1")
    rows = out.splitlines()
    assert len(rows) == 2 and all(row.startswith(ROOT + ": puzzle ") for row in rows)
    nodes = [re.findall(r"\(([\d,]+) nodes\)", row) for row in rows]
    assert len(nodes[0]) == 3 and nodes[0] == nodes[1]     # one build, the same search


@needs_checkout      # bench/ab.py runs the ddz_fast of each checkout it is given
def test_ab_bench_compares_the_move_generation_of_two_builds():
    out = run("bench/ab.py", ROOT, ROOT, "movegen", "--hands", "200", "--rounds", "1")
    rows = out.splitlines()
    assert len(rows) == 2 and all(row.startswith(ROOT + ": batch leads ") for row in rows)
    times = [[float(t) for t in re.findall(r"([\d.]+) ns", row)] for row in rows]
    assert all(len(row) == 4 and min(row) > 0 for row in times)
    moves = [re.findall(r"\(([\d,]+) \+ ([\d,]+) moves\)", row) for row in rows]
    assert moves[0] == moves[1] and len(moves[0]) == 1     # one build, the same moves


@pytest.mark.slow
@pytest.mark.usefixtures("dz")
def test_train_bench_prints_ours_beside_douzeros_actor():
    pytest.importorskip("torch", reason="torch cannot be imported: pip install torch==2.13.0 "
                                        "(a CPU build); pip install 'ddz-fast[train]'")
    out = run("bench/train.py", "--decisions", "200", "--douzero-decisions", "30", "--rounds", "1",
              "--tables", "8")
    for row in ("ddz_fast actors", "ddz_fast training", "DouZero actor"):
        assert row in out and "decisions/s" in out, out
    assert "ratio ddz_fast actors / DouZero actor: " in out
