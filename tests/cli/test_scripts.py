"""The bench scripts run and print what they promise (tiny sizes; no timing is checked)."""

import importlib.util
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*args):
    result = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr + result.stdout
    return result.stdout


def test_movegen_bench_prints_every_row():
    out = run("bench/movegen.py", "--hands", "300", "--repeat", "1", "--chunk", "128")
    rows = [line.split() for line in out.splitlines()[2:]]
    assert [(r[0], r[1], r[2]) for r in rows] == [
        (size, what, path) for size in ("20", "17") for what in ("leads", "responses")
        for path in ("batch", "legal_moves()")]
    assert all(float(r[3]) > 0 for r in rows)


def test_game_bench_prints_its_figures():
    out = run("bench/game.py", "--games", "60", "--repeat", "1")
    assert "ns/decision" in out and "ns/pair" in out and "copy()" in out


def test_solver_ab_bench_compares_two_builds():
    out = run("bench/solver_ab.py", ROOT, ROOT, "--sizes", "5,5", "4,3,3", "--count", "3",
              "--rounds", "1")
    rows = out.splitlines()
    assert len(rows) == 2 and all(row.startswith(ROOT + ": puzzle ") for row in rows)
    nodes = [re.findall(r"\(([\d,]+) nodes\)", row) for row in rows]
    assert len(nodes[0]) == 3 and nodes[0] == nodes[1]     # one build, the same search


# The environments import Gymnasium (and PettingZoo) as they load: without the `rl` extra
# stubtest checks every other module and leaves those out.
ENVIRONMENTS = ("ddz_fast.envs.gymnasium", "ddz_fast.envs.pettingzoo", "ddz_fast.envs.vector")


@pytest.mark.typing
def test_stubs_match_the_extensions(tmp_path):
    allowlist = tmp_path / "allowlist.txt"
    lines = open(os.path.join(ROOT, "tests", "stubtest_allowlist.txt")).read().splitlines()
    if not all(importlib.util.find_spec(name) for name in ("gymnasium", "pettingzoo")):
        lines += ENVIRONMENTS
    allowlist.write_text("\n".join(lines) + "\n")
    out = run("-m", "mypy.stubtest", "ddz_fast", "--allowlist", str(allowlist),
              "--mypy-config-file", os.path.join(ROOT, "pyproject.toml"))
    assert "Success" in out


@pytest.mark.typing
def test_public_modules_pass_mypy_strict():
    # The modules are listed in pyproject.toml ([tool.mypy] files): the public Python modules,
    # tools/ and interop/.
    out = run("-m", "mypy", "--strict", "--config-file", os.path.join(ROOT, "pyproject.toml"))
    assert out.startswith("Success: no issues found in ")
