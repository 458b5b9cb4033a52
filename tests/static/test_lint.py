"""ruff finds nothing under the rules of pyproject.toml ([tool.ruff])."""

import subprocess
import sys

import pytest

from helpers import ROOT


def test_ruff_finds_nothing():
    pytest.importorskip("ruff", reason="ruff is not installed: pip install -e '.[test]'")
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
