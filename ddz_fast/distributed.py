"""Simulation, perft and evaluation on a Ray cluster (the ``ray`` extra): the same numbers as on
one machine. (Training with Ray actors: ``ddz_fast.train.RayTrainer``; RLlib's environment:
``ddz_fast.envs.rllib``.)

``simulate(n_games, *, seed=0, start=0, rules=None, chunk=100_000, address=None, out=None,
progress=None, retries=3)`` splits games ``start .. start + n_games - 1`` into chunks, plays
each chunk as a Ray task calling the native ``ddz_fast.simulate(start=...)``, and joins the
chunks in order: the rows equal ``ddz_fast.simulate(n_games, seed=seed, start=start,
rules=rules)`` bit for bit, whatever the chunking or the number of workers. With ``out`` (a
path ending in ``.parquet`` or ``.npy``) the chunks are written as they arrive, in order, and at
most two chunks a CPU of the cluster are held at once: memory stays bounded however many
games are played. ``progress(done, total)`` is called in this process as chunks finish.

``perft(game, depth, *, divide=False, address=None, retries=3)`` splits at the root: one task
a first action (``perft(child, depth - 1)`` on the position after it), summed, or with
``divide=True`` the dict of ``ddz_fast.perft(game, depth, divide=True)``; equal to the local
count.

``evaluate(landlord, farmers, deals=1000, *, seed=None, rules=None, duplicate=True,
address=None, progress=None, retries=3)`` plays ``ddz_fast.evaluate``'s units of deals as
tasks, each building its own players from their names (``ddz_fast.evaluation.PLAYERS``: a
search player's seconds a decision are what make a cluster worth it) or copying native
players, and returns the same ``Evaluation`` (WP, ADP and their intervals over the same rows).

Where the work runs: a Ray instance this process already started or joined (``ray.init``) is
used as it is; else, without ``address``, a local instance is started with the machine's
cores and shut down when the call returns; with an ``address`` (``"auto"``,
``"host:6379"``, ``"ray://host:10001"``), that cluster is joined and left; ``with
cluster(address):`` keeps one connection for several calls. Every task is
retried up to ``retries`` times when it raises or its worker dies: its result is a function
of its arguments, so a rerun gives the same rows. Arguments are checked before anything
starts.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from . import evaluation as _evaluation
from ._game import Game
from ._perft import PERFT_MAX_DEPTH
from ._perft import perft as local_perft
from ._rules import Rules, as_rules
from ._simulate import simulate as local_simulate
from ._simulation import Simulation
from .checks import check_bool, check_int, check_seed
from .typing import RulesLike

__all__ = ["cluster", "evaluate", "perft", "simulate"]

CHUNK = 100_000             # games a task: about half a second of one core
RETRIES = 3
OUT_SUFFIXES = (".parquet", ".npy")
Progress = Callable[[int, int], object]


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ImportError("ddz_fast.distributed needs Ray: pip install 'ddz-fast[ray]'") from None
    return ray


@contextlib.contextmanager
def cluster(address: str | None = None) -> Iterator[Any]:
    """``with cluster(address):`` one Ray connection for the calls in the block (which would
    each start and stop their own): the one this process has, if any, kept; else a local
    instance (no address) or the cluster at ``address``, left when the block ends. Yields the
    ``ray`` module."""
    ray = _ray()
    if ray.is_initialized():
        yield ray
        return
    if address is None:
        ray.init(include_dashboard=False, log_to_driver=False)
    else:
        ray.init(address=address, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()


def _in_order(ray: Any, task: Any, calls: Sequence[tuple[Any, ...]], sizes: Sequence[int],
              progress: Progress | None) -> Iterator[Any]:
    """`task.remote(*call)` for each call, the results yielded in the order of `calls`; at most
    two calls a CPU of the cluster are running or waiting for their turn to be yielded."""
    window = max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
    total = sum(sizes)
    pending: dict[Any, int] = {}
    finished: dict[int, Any] = {}
    submitted = yielded = done = 0
    try:
        while yielded < len(calls):
            while submitted < len(calls) and len(pending) + len(finished) < window:
                pending[task.remote(*calls[submitted])] = submitted
                submitted += 1
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                i = pending.pop(ref)
                finished[i] = ray.get(ref)      # (raises once its retries are spent)
                done += sizes[i]
                if progress is not None:
                    progress(done, total)
            while yielded in finished:
                yield finished.pop(yielded)
                yielded += 1
    finally:
        for ref in pending:                     # (an error, or the caller stopped reading)
            ray.cancel(ref)


def _simulate_chunk(start: int, n_games: int, seed: int, rules: Rules) -> Simulation:
    return local_simulate(n_games, seed=seed, start=start, rules=rules)


def check_address(address: Any) -> None:
    """``TypeError`` unless ``address`` (of a Ray cluster) is a string or None."""
    if address is not None and not isinstance(address, str):
        raise TypeError(f"address must be a string or None, not {type(address).__name__}")


def _check_common(address: Any, progress: Any, retries: Any) -> int:
    check_address(address)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable or None, not {progress!r}")
    return check_int(retries, "retries", 0, 100)


def _check_out(out: Any) -> Path | None:
    if out is None:
        return None
    if not isinstance(out, (str, os.PathLike)):
        raise TypeError(f"out must be a path or None, not {type(out).__name__}")
    path = Path(out)
    if path.suffix not in OUT_SUFFIXES:
        raise ValueError(f"out must end in {' or '.join(OUT_SUFFIXES)} (Parquet, or a numpy "
                         f"array of the records), not {str(out)!r}")
    if not path.parent.is_dir():
        raise ValueError(f"out: the folder {str(path.parent)!r} does not exist")
    if path.suffix == ".parquet" and importlib.util.find_spec("pyarrow") is None:
        raise ImportError("out=*.parquet needs pyarrow: pip install 'ddz-fast[ray]'")
    return path


class _NpyWriter:
    """The records into a .npy file of all the games, chunk after chunk (a memory map)."""

    def __init__(self, path: Path, n_games: int, dtype: np.dtype) -> None:
        self.array = np.lib.format.open_memmap(path, mode="w+", dtype=dtype, shape=(n_games,))
        self.at = 0

    def write(self, part: Simulation) -> None:
        self.array[self.at:self.at + len(part)] = part.records
        self.at += len(part)

    def close(self) -> None:
        self.array.flush()
        del self.array


class _ParquetWriter:
    """The records into Parquet, a row group a chunk: a column a field (``scores`` a list of
    one score a seat), the run's seed, start and rules in the file's metadata."""

    def __init__(self, path: Path, dtype: np.dtype, metadata: dict[str, str]) -> None:
        import pyarrow as pa            # (there: _check_out looked)
        import pyarrow.parquet as pq
        self.pa = pa
        seats = dtype["scores"].shape[0]
        fields = [pa.field("scores", pa.list_(pa.from_numpy_dtype(dtype["scores"].base), seats))]
        fields += [pa.field(name, pa.from_numpy_dtype(dtype[name]))
                   for name in dtype.names or () if name != "scores"]
        self.schema = pa.schema(fields, metadata=metadata)
        self.writer = pq.ParquetWriter(path, self.schema)

    def write(self, part: Simulation) -> None:
        pa, records = self.pa, part.records
        scores = records["scores"]
        columns = [pa.FixedSizeListArray.from_arrays(pa.array(scores.reshape(-1)), scores.shape[1])]
        columns += [pa.array(records[name]) for name in records.dtype.names or ()
                    if name != "scores"]
        self.writer.write_table(pa.Table.from_arrays(columns, schema=self.schema))

    def close(self) -> None:
        self.writer.close()


def simulate(n_games: int, *, seed: int = 0, start: int = 0, rules: RulesLike = None,
             chunk: int = CHUNK, address: str | None = None, out: str | os.PathLike[str] | None = None,
             progress: Progress | None = None, retries: int = RETRIES) -> Simulation | Path:
    """``ddz_fast.simulate`` on a Ray cluster (see the module): a ``Simulation`` equal to the
    local one, or with ``out`` the path written (``.npy``: ``np.load(out)`` gives the records;
    ``.parquet``: a column a field, the seed, start and rules in its metadata)."""
    n_games = check_int(n_games, "n_games", 0)
    seed = check_seed(seed)
    start = check_int(start, "start", 0, 2 ** 63 - 1 - n_games)
    rules = as_rules(rules, four_players=True)
    chunk = check_int(chunk, "chunk", 1)
    retries = _check_common(address, progress, retries)
    path = _check_out(out)
    calls = [(start + k, min(chunk, n_games - k), seed, rules) for k in range(0, n_games, chunk)]
    sizes = [call[1] for call in calls]
    dtype = local_simulate(0, seed=seed, rules=rules).records.dtype
    with cluster(address) as ray:
        task = ray.remote(max_retries=retries, retry_exceptions=True)(_simulate_chunk)
        parts = _in_order(ray, task, calls, sizes, progress)
        if path is None:
            joined = list(parts)
            return (Simulation.concat(joined) if joined
                    else local_simulate(0, seed=seed, start=start, rules=rules))
        writer: _NpyWriter | _ParquetWriter = (
            _NpyWriter(path, n_games, dtype) if path.suffix == ".npy"
            else _ParquetWriter(path, dtype, {"seed": str(seed), "start": str(start),
                                              "rules": repr(rules)}))
        try:
            for part in parts:
                writer.write(part)
        finally:
            writer.close()
        return path


def _perft_child(game: Game, depth: int) -> int:
    return local_perft(game, depth)


def perft(game: Game, depth: int, *, divide: bool = False, address: str | None = None,
          retries: int = RETRIES) -> int | dict[Any, int]:
    """``ddz_fast.perft`` on a Ray cluster, split at the root: one task a first action (see
    the module); the same count, or with ``divide=True`` the same dict."""
    if not isinstance(game, Game):
        raise TypeError(f"game must be a ddz_fast Game, not {type(game).__name__}")
    depth = check_int(depth, "depth", 0, PERFT_MAX_DEPTH)
    divide = check_bool(divide, "divide")
    retries = _check_common(address, None, retries)
    if depth <= 1:                      # (nothing to split: the count of the moves, or 1)
        return local_perft(game, depth, divide=True) if divide else local_perft(game, depth)
    first = local_perft(game, 1, divide=True)       # the first actions (checks the phase)
    children = []
    for action in first:
        child = game.copy()
        child.play(action)
        children.append((child, depth - 1))
    with cluster(address) as ray:
        task = ray.remote(max_retries=retries, retry_exceptions=True)(_perft_child)
        counts: list[int] = list(_in_order(ray, task, children, [1] * len(children), None))
    if divide:
        return dict(zip(first, counts))
    return sum(counts)


def _evaluate_unit(plan: _evaluation._Plan, unit: int) -> np.ndarray:
    return plan.run(unit)


def evaluate(landlord: _evaluation.PlayerLike,
             farmers: _evaluation.PlayerLike | Sequence[_evaluation.PlayerLike],
             deals: int | Sequence[Game] = 1000, *, seed: int | None = None,
             rules: RulesLike = None, duplicate: bool = True, address: str | None = None,
             progress: Progress | None = None, retries: int = RETRIES) -> _evaluation.Evaluation:
    """``ddz_fast.evaluate`` on a Ray cluster (see the module), its units of deals as tasks:
    the same ``Evaluation``. The players are names of ``PLAYERS`` or native players, which
    every task makes (or copies) anew, as ``evaluate(threads=...)`` does; a player object of
    another kind is refused (each task would play a copy of it, not it)."""
    retries = _check_common(address, progress, retries)
    plan = _evaluation._plan(landlord, farmers, deals, seed, rules, duplicate)
    if not (plan.named or plan.native):
        raise ValueError(f"players: distributed.evaluate takes players by name "
                         f"({', '.join(map(repr, _evaluation.PLAYERS))}) or native players, "
                         f"which each task makes anew; not {plan.roles!r}")
    with cluster(address) as ray:
        shared = ray.put(plan)          # (the deals once, not once a task)
        task = ray.remote(max_retries=retries, retry_exceptions=True)(_evaluate_unit)
        calls = [(shared, unit) for unit in range(len(plan.units))]
        sizes = [plan.unit_games(unit) for unit in range(len(plan.units))]
        parts = list(_in_order(ray, task, calls, sizes, progress))
    return plan.evaluation(parts)
