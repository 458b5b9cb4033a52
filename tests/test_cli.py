"""The ddz-fast command: each subcommand runs and prints what it promises; bad arguments exit
non-zero with a clear message."""

import io
import os
import shutil
import subprocess
import sys

import pytest

from ddz_fast.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*argv):
    out = io.StringIO()
    code = main(list(argv), out)
    return code, out.getvalue()


def test_moves():
    code, out = run("moves", "33344456BR")
    assert code == 0 and "333+4" in out and "plane_singles" in out
    assert out.strip().endswith("29 moves for 33344456BR")
    code, out = run("moves", "3334445566", "--prev", "333+4")
    assert code == 0 and "444+3" in out and "on 333+4" in out and "333+5" not in out
    code, out = run("moves", "33344455", "--distinct-single-wings")
    assert code == 0 and "333444+55" not in out


@pytest.mark.parametrize("argv, words", [
    (["moves", "33X"], "unknown card symbol 'X'"),
    (["moves", "3333344"], "5 cards of rank 3"),
    (["moves", "3334445556667778", "--prev", "333444555666"], "readings"),
    (["perft", "--hands", "3", "3", "3333"], "more than the deck"),
    (["perft", "--depth", "-1"], "depth"),
    (["simulate", "-n", "-5"], "n_games"),
    (["simulate", "-n", "10", "--threads", "0"], "threads"),
])
def test_bad_input_exits_with_a_message(argv, words, capsys):
    code, _ = run(*argv)
    err = capsys.readouterr().err
    assert code == 2 and words in err and err.startswith(f"ddz-fast {argv[0]}: error:")


@pytest.mark.parametrize("argv", [[], ["fly"], ["moves"], ["simulate", "-n", "many"],
                                  ["moves", "34", "--auction", "dutch"]])
def test_bad_arguments_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2 and "usage: ddz-fast" in capsys.readouterr().err


def test_perft():
    code, out = run("perft", "--seed", "1", "--depth", "3")     # tests/data/perft.json: deal 1
    assert code == 0 and "perft(1) = 62 " in out and "perft(3) = 448 " in out and "nodes/s" in out
    code, out = run("perft", "--seed", "1", "--depth", "2", "--divide")
    assert code == 0 and "perft(2) = 228" in out
    code, out = run("perft", "--hands", "34", "5", "6", "--depth", "2")
    assert code == 0 and "perft(2) = 4 " in out


def test_simulate(capsys):
    code, out = run("simulate", "-n", "3000", "--threads", "2", "--seed", "4")
    assert code == 0 and out.startswith("3,000 games: landlord won") and "games/s on 2 thread" in out
    assert "3,000/3,000 games" in capsys.readouterr().err          # the progress bar


def test_bench_small():
    code, out = run("bench", "--deals", "300", "--games", "100", "--simulate", "3000",
                    "--perft-deals", "2", "--perft-depth", "3", "--repeat", "1", "--no-peers")
    assert code == 0
    for row in ("leads, batch", "responses, one position", "random games, Python API",
                "push + undo", "copy()", "simulate(), 2 threads", "perft(3) of 2 deals"):
        assert row in out
    assert "ns/hand" in out and "games/s" in out and "nodes/s" in out


def test_module_and_console_script():
    result = subprocess.run([sys.executable, "-m", "ddz_fast", "moves", "BR"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "rocket" in result.stdout
    script = shutil.which("ddz-fast")
    if script is None:
        pytest.skip("ddz-fast is not installed on PATH (an uninstalled checkout)")
    result = subprocess.run([script, "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "bench" in result.stdout
