"""ddz_fast.distributed on a local Ray instance of two CPUs (the session fixture ray_cluster):
simulate, perft and evaluate equal the local calls for several chunkings, under three and four players,
into memory, .npy and Parquet; the in-order driver keeps the order of tasks that finish out of
order and reruns a task that raises or whose worker dies; bad arguments are refused before
anything starts; without Ray, a clear ImportError."""

import importlib.util
import io
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

import numpy as np
import pytest

from ddz_fast import Game, IllegalActionError, evaluate, perft, simulate
from ddz_fast import distributed
from ddz_fast.tools.cli import main
from helpers import run_python


@pytest.mark.parametrize("n_games, chunk, start, rules", [
    (20_000, 100_000, 0, None),             # one chunk
    (20_000, 3_001, 5, None),               # uneven chunks, a shifted range
    (257, 1, 1_000, "douzero"),             # a game a task
    (9_000, 2_500, 0, "four_2v2"),          # four players
])
def test_simulate_equals_the_local_run(ray_cluster, n_games, chunk, start, rules):
    seen = []
    result = distributed.simulate(n_games, seed=11, start=start, rules=rules, chunk=chunk,
                                  progress=lambda done, total: seen.append((done, total)))
    assert result == simulate(n_games, seed=11, start=start, rules=rules)
    assert result.records.tobytes() == simulate(n_games, seed=11, start=start,
                                                rules=rules).records.tobytes()
    assert seen[-1] == (n_games, n_games) and seen == sorted(seen)
    assert len(seen) == -(-n_games // chunk)


def test_simulate_of_no_games(ray_cluster):
    assert distributed.simulate(0, seed=3, start=7) == simulate(0, seed=3, start=7)


def test_simulate_into_files(ray_cluster, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet", reason="pyarrow cannot be imported: pip install "
                                                        "'ddz-fast[ray]'")
    local = simulate(12_345, seed=4, rules="four_1v3").records
    path = distributed.simulate(12_345, seed=4, rules="four_1v3", chunk=1_000,
                                out=tmp_path / "games.npy")
    assert path == tmp_path / "games.npy" and np.load(path).tobytes() == local.tobytes()
    path = distributed.simulate(12_345, seed=4, rules="four_1v3", chunk=1_000,
                                out=str(tmp_path / "games.parquet"))
    table = pq.read_table(path)
    assert table.num_rows == 12_345 and table.column_names == list(local.dtype.names)
    assert np.array_equal(np.stack(table.column("scores").to_numpy(zero_copy_only=False)),
                          local["scores"])
    for name in local.dtype.names[1:]:
        assert np.array_equal(table.column(name).to_numpy(), local[name]), name
    metadata = table.schema.metadata
    assert metadata[b"seed"] == b"4" and metadata[b"start"] == b"0"
    assert b"players=4" in metadata[b"rules"]
    assert pq.ParquetFile(path).num_row_groups == 13           # a row group a chunk


def test_perft_equals_the_local_count(ray_cluster):
    game = Game(5)
    game.bid(3)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    assert distributed.perft(game, 3) == perft(game, 3)
    assert distributed.perft(game, 3, divide=True) == perft(game, 3, divide=True)
    assert distributed.perft(game, 1) == perft(game, 1)
    assert distributed.perft(game, 0, divide=True) == perft(game, 0, divide=True) == {}
    four = Game(6, rules="four_1v3")
    four.bid(3)
    assert distributed.perft(four, 2, divide=True) == perft(four, 2, divide=True)


# --- the driver: order, retries -----------------------------------------------------------

# (The tasks are nested functions: Ray's workers get them by value, without importing this
# module, whose imports are the test runner's.)

def test_results_come_in_the_order_of_the_calls(ray_cluster):
    def slow_for_the_first(index, total):
        """The first tasks finish last."""
        time.sleep(0.02 * (total - index))
        return index

    task = ray_cluster.remote(slow_for_the_first)
    calls = [(i, 12) for i in range(12)]
    assert list(distributed._in_order(ray_cluster, task, calls, [1] * 12, None)) == list(range(12))


@pytest.mark.parametrize("how", ["raise", "exit"])
def test_a_failed_task_is_run_again(ray_cluster, tmp_path, how):
    def fail_once(marker, index, how):
        """Raises (how="raise") or kills its worker process (how="exit") the first time it
        runs for index 3; returns the index after that."""
        path = f"{marker}-{index}"
        if index == 3 and not os.path.exists(path):
            open(path, "w").close()
            if how == "exit":
                os._exit(1)
            raise RuntimeError("the first run of task 3 fails")
        return index

    task = ray_cluster.remote(max_retries=2, retry_exceptions=True)(fail_once)
    calls = [(str(tmp_path / "ran"), i, how) for i in range(6)]
    assert list(distributed._in_order(ray_cluster, task, calls, [1] * 6, None)) == list(range(6))
    assert (tmp_path / "ran-3").exists()
    # without retries the failure reaches the caller
    task = ray_cluster.remote(max_retries=0, retry_exceptions=False)(fail_once)
    calls = [(str(tmp_path / "again"), i, how) for i in range(6)]
    with pytest.raises(Exception, match="task 3 fails" if how == "raise" else "died|crash|exit"):
        list(distributed._in_order(ray_cluster, task, calls, [1] * 6, None))


# --- arguments ----------------------------------------------------------------------------

@pytest.fixture
def no_cluster(monkeypatch):
    """Any start of the work fails the test: the argument errors come first."""
    def refuse(address=None):
        raise AssertionError("the work started")
    monkeypatch.setattr(distributed, "cluster", refuse)


@pytest.mark.parametrize("kwargs, error, words", [
    ({"n_games": -1}, ValueError, "n_games"),
    ({"chunk": 0}, ValueError, "chunk"),
    ({"seed": -2}, ValueError, "seed"),
    ({"rules": "four"}, ValueError, "unknown preset 'four'"),
    ({"out": "games.csv"}, ValueError, r"out must end in \.parquet or \.npy"),
    ({"out": "/no/such/folder/games.npy"}, ValueError, "does not exist"),
    ({"out": 3}, TypeError, "out must be a path"),
    ({"progress": 3}, TypeError, "progress must be callable"),
    ({"retries": -1}, ValueError, "retries"),
    ({"address": 6379}, TypeError, "address must be a string"),
])
def test_simulate_arguments(no_cluster, kwargs, error, words):
    arguments = {"n_games": 10, "seed": 1} | kwargs
    with pytest.raises(error, match=words):
        distributed.simulate(arguments.pop("n_games"), **arguments)


def test_perft_arguments(no_cluster):
    game = Game(1)
    with pytest.raises(TypeError, match="game must be a ddz_fast Game"):
        distributed.perft("game", 2)
    with pytest.raises(ValueError, match="depth"):
        distributed.perft(game, 65)
    with pytest.raises(IllegalActionError, match="the game is in the auction"):
        distributed.perft(game, 3)          # (the auction: before any task)


def test_without_ray_a_clear_import_error(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ImportError, match=r"pip install 'ddz-fast\[ray\]'"):
        distributed.simulate(10, seed=1)
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)    # no pyarrow
    with pytest.raises(ImportError, match=r"out=\*\.parquet needs pyarrow"):
        distributed.simulate(10, seed=1, out=tmp_path / "games.parquet")


# --- the command line ---------------------------------------------------------------------

def run(*argv):
    out = io.StringIO()
    code = main(list(argv), out)
    return code, out.getvalue()


def test_simulate_command_with_ray(ray_cluster, tmp_path):
    code, out = run("simulate", "-n", "3000", "--seed", "4", "--ray", "--chunk", "700")
    code_local, out_local = run("simulate", "-n", "3000", "--seed", "4")
    assert code == code_local == 0 and "games/s on Ray, seed 4" in out
    assert out.splitlines()[0] == out_local.splitlines()[0]         # the same games' summary
    path = tmp_path / "games.npy"
    code, out = run("simulate", "-n", "3000", "--seed", "4", "--ray", "--out", str(path))
    assert code == 0 and out.startswith(f"3,000 games written to {path}")
    assert np.load(path).tobytes() == simulate(3000, seed=4).records.tobytes()


def test_perft_command_with_ray(ray_cluster):
    def counts(out):
        return [line.split(" in ")[0].split(" (")[0] for line in out.splitlines()[1:]]
    for extra in ([], ["--divide"]):
        code, out = run("perft", "--depth", "3", "--seed", "2", "--ray", *extra)
        code_local, out_local = run("perft", "--depth", "3", "--seed", "2", *extra)
        assert code == code_local == 0 and counts(out) == counts(out_local)


def test_the_ray_bench_prints_its_rows(ray_cluster):
    out = run_python("bench/ray_simulate.py", "--games", "20000", "--chunks", "5000", "20000",
                     "--rounds", "1")
    lines = out.splitlines()
    assert lines[0].startswith("20,000 games, ") and "simulate(threads=" in lines[1]
    assert [line.split("(")[0] for line in lines[2:]] == ["distributed.simulate"] * 2
    assert all("x the local rate" in line for line in lines[2:])


# --- evaluate -----------------------------------------------------------------------------

def test_evaluate_equals_the_local_run(ray_cluster):
    """Native players (played by play_games in each task), given Games, two farmer players,
    and a search player made by name in each task: the same rows and figures."""
    seen = []
    cases = [
        (("greedy", "random"), {"deals": 80, "seed": 5}),
        (("rule", ("greedy", "random")), {"deals": 30, "seed": 6, "duplicate": False,
                                          "rules": "standard"}),
        (("random", "greedy"), {"deals": [Game.from_hands(["3456789TJQKA2BR", "33", "44"]),
                                          Game.from_hands(["3344556677", "8899", "TJQKA"])],
                                "seed": 1}),
        (("pimc", "random"), {"deals": 3, "seed": 1, "duplicate": False}),
    ]
    for players, kwargs in cases:
        local = evaluate(*players, **kwargs)
        remote = distributed.evaluate(*players, progress=lambda d, t: seen.append((d, t)),
                                      **kwargs)
        assert remote.records.tobytes() == local.records.tobytes() and str(remote) == str(local)
        assert (remote.seed, remote.rules, remote.deals) == (local.seed, local.rules, local.deals)
    assert seen[-1][0] == seen[-1][1]


def test_evaluate_arguments(no_cluster):
    with pytest.raises(ValueError, match="takes players by name"):
        distributed.evaluate(lambda game: game.legal_moves()[0], "random", deals=5, seed=1)
    with pytest.raises(ValueError, match="farmers must be one player"):
        distributed.evaluate("greedy", ("greedy", "random"), deals=5, seed=1)
    with pytest.raises(ValueError, match="unknown player name 'best'"):
        distributed.evaluate("best", "random", deals=5, seed=1)


def test_evaluate_command_with_ray(ray_cluster):
    argv = ("evaluate", "--landlord", "greedy", "--farmers", "random", "--deals", "60",
            "--seed", "3")
    code, out = run(*argv, "--ray")
    code_local, out_local = run(*argv)
    assert code == code_local == 0 and out == out_local


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.ray
@pytest.mark.slow
def test_an_existing_cluster_by_address(tmp_path):
    """A cluster started apart (`ray start --head`, as a user starts one) joined by its address:
    by the CLI's `--ray ADDRESS` and by `address=`, from processes of their own, the local
    results; the call leaves the cluster (ray is not initialized after it). The head runs with
    --block, so that stopping it stops its processes (`ray stop` would stop every Ray process
    of the machine)."""
    pytest.importorskip("ray", reason="ray cannot be imported: pip install 'ddz-fast[ray]'")
    port = free_port()
    address = f"127.0.0.1:{port}"
    log = tmp_path / "head.log"
    ray_command = os.path.join(os.path.dirname(sys.executable), "ray")
    # Its own temporary folder (short: Ray's sockets live there): `ray start` records the
    # cluster's address in the folder's ray_current_cluster, which a local ray.init() (another
    # test's, at the same time) would otherwise join.
    temp_dir = tempfile.mkdtemp(prefix="ray-", dir="/tmp")
    with open(log, "w") as out:
        head = subprocess.Popen(
            [ray_command, "start", "--head", "--block", f"--port={port}", "--num-cpus=2",
             "--node-ip-address=127.0.0.1", "--include-dashboard=false", "--disable-usage-stats",
             f"--temp-dir={temp_dir}"],
            stdout=out, stderr=subprocess.STDOUT, env=dict(os.environ, PYTHONUNBUFFERED="1"))
    try:
        deadline = time.monotonic() + 120
        while "Ray runtime started" not in log.read_text():
            assert head.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        joined = run_python("-m", "ddz_fast", "simulate", "-n", "20000", "--seed", "2",
                            "--ray", address, "--chunk", "5000")
        local = run_python("-m", "ddz_fast", "simulate", "-n", "20000", "--seed", "2")
        # the same summary; the last line says where and how fast
        assert joined.splitlines()[:-1] == local.splitlines()[:-1] and "20,000 games: " in local
        assert f"on Ray at {address}, seed 2" in joined.splitlines()[-1]
        assert run_python("-c", f"""
import ray
from ddz_fast import distributed, perft, simulate, Game
games = distributed.simulate(9000, seed=5, chunk=2000, address={address!r})
assert games.records.tobytes() == simulate(9000, seed=5).records.tobytes()
assert distributed.perft(Game(4, rules="douzero"), 2, address={address!r}) == perft(Game(4, rules="douzero"), 2)
assert not ray.is_initialized()
print("equal")
""").strip() == "equal"
    finally:
        head.send_signal(signal.SIGTERM)
        head.wait(timeout=60)
        shutil.rmtree(temp_dir, ignore_errors=True)
