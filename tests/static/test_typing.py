"""The stubs and the types: stubtest checks the hand-written .pyi stubs against the compiled
extensions, and mypy --strict the public modules (pyproject.toml's [tool.mypy] files)."""

import importlib.util
import os
import subprocess
import sys

import pytest

from helpers import ROOT, needs_checkout
from helpers import run_python as run

ALLOWLIST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "stubtest_allowlist.txt")
# The environments import Gymnasium (and PettingZoo) as they load: without the `rl` extra
# stubtest checks every other module and leaves those out.
ENVIRONMENTS = ("ddz_fast.envs.gymnasium", "ddz_fast.envs.pettingzoo", "ddz_fast.envs.vector")
# ddz_fast.train imports torch (the train extra): without it, left out the same way.
TRAINING = ("ddz_fast.train", r"ddz_fast\.train\.\w+")
# ddz_fast.envs.rllib imports RLlib (the rllib extra, which CI installs apart: .ci/rllib).
RLLIB = ("ddz_fast.envs.rllib",)


def importable(module):
    """Whether ``module`` imports here (RLlib's package is found, but fails to import,
    where Ray is installed without the rllib extra's dependencies)."""
    return subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True,
                          timeout=300).returncode == 0


@pytest.mark.slow
@pytest.mark.typing
def test_stubs_match_the_extensions(tmp_path):
    allowlist = tmp_path / "allowlist.txt"
    lines = open(ALLOWLIST).read().splitlines()
    if not all(importlib.util.find_spec(name) for name in ("gymnasium", "pettingzoo")):
        lines += ENVIRONMENTS
    if not importlib.util.find_spec("torch"):
        lines += TRAINING
    if not importable("ray.rllib"):
        lines += RLLIB
    allowlist.write_text("\n".join(lines) + "\n")
    out = run("-m", "mypy.stubtest", "ddz_fast", "--allowlist", str(allowlist),
              "--mypy-config-file", os.path.join(ROOT, "pyproject.toml"))
    assert "Success" in out


@pytest.mark.slow
@pytest.mark.typing
@needs_checkout
def test_public_modules_pass_mypy_strict():
    # The modules are listed in pyproject.toml ([tool.mypy] files): the public Python modules,
    # tools/ and interop/.
    out = run("-m", "mypy", "--strict", "--config-file", os.path.join(ROOT, "pyproject.toml"))
    assert out.startswith("Success: no issues found in ")
