"""Timing and the figures' text, shared by the benchmark suite, the peer harness and the
command line: the median of timed passes, this machine's name, and the number formats."""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import numpy as np


# The clocks a benchmark run can time with: the wall clock, or the CPU time of this process
# (all its threads), which other processes on the machine hardly change.
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
# The clock of the run under way: one for every figure of a run (use_clock sets it).
_clock = {"name": "wall"}


def now() -> float:
    """The current run's clock, in seconds."""
    return CLOCKS[_clock["name"]]()


@contextmanager
def use_clock(name: str) -> Iterator[None]:
    """Time with clock `name` (of CLOCKS) inside the block."""
    before, _clock["name"] = _clock["name"], name
    try:
        yield
    finally:
        _clock["name"] = before


RETIMES = 3     # times a pass timed at zero or less is timed again (pass_seconds)


def pass_seconds(run: Callable[[], object], repeat: int) -> list[float]:
    """The time (now()) of each of `repeat` calls of run(), after one untimed call (caches,
    allocator and clock speed warm up). A pass timed at zero or less is timed again (up to
    RETIMES times): the CPU clock of a process whose threads ran can step back by a few
    microseconds (seen on Linux VMs), and a figure of such a pass would be meaningless."""
    run()
    times = []
    for _ in range(repeat):
        for _ in range(RETIMES + 1):
            start = now()
            run()
            elapsed = now() - start
            if elapsed > 0:
                break
        times.append(elapsed)
    return times


def median_seconds(run: Callable[[], object], repeat: int) -> float:
    """The median of pass_seconds(run, repeat)."""
    return statistics.median(pass_seconds(run, repeat))


def machine_info() -> dict[str, str | int | None]:
    """This machine and Python: the CPU model (from /proc/cpuinfo where there is one), its
    logical cores, the OS, Python and numpy."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            names = [line.split(":", 1)[1].strip() for line in f if line.startswith("model name")]
        cpu = names[0] if names else cpu
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "system": platform.platform(terse=True),
            "python": platform.python_version(), "numpy": np.__version__}


def machine(info: dict[str, str | int | None] | None = None) -> str:
    """A line naming a machine and Python (``machine_info()``: this one)."""
    info = info or machine_info()
    return f"{info['cpu']}, {info['cores']} cores; Python {info['python']}, numpy {info['numpy']}"


def plural(count: int, word: str, words: str | None = None) -> str:
    """'1 move', '2 moves' (`words` for an irregular plural)."""
    return f"{count:,} {word if count == 1 else words or word + 's'}"


def scaled(value: float, units: Sequence[tuple[str, float]]) -> str:
    """`value` with 3 significant digits in the first of `units` ((name, scale), largest
    first) that it reaches, else in the last."""
    unit, scale = next(((u, s) for u, s in units if value >= s), units[-1])
    return f"{value / scale:.3g} {unit}"


def ratio(slower: float) -> str:
    """How much slower a peer is: '37x slower', '1.4x slower', or '1.2x faster'."""
    if slower < 1:
        return f"{1 / slower:.1f}x faster"
    return f"{slower:,.0f}x slower" if slower >= 10 else f"{slower:.1f}x slower"


def fmt_time(seconds: float) -> str:
    return scaled(seconds, (("s", 1), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)))


def fmt_rate(rate: float, unit: str) -> str:
    return scaled(rate, ((f"G {unit}/s", 1e9), (f"M {unit}/s", 1e6), (f"k {unit}/s", 1e3),
                         (f"{unit}/s", 1)))
