"""The examples of README.md run as written, one test per ```python block."""

import doctest
import os
import re

import pytest

from helpers import ROOT

README = os.path.join(ROOT, "README.md")
with open(README, encoding="utf-8") as f:
    BLOCKS = re.findall(r"```python\n(.*?)```", f.read(), re.S)

# The blocks of the environments need the `rl` extra: without it they skip, as its tests do.
RL = [pytest.param(i, block, marks=pytest.mark.rl, id=f"README[{i}]") if "ddz_fast.envs" in block
      else pytest.param(i, block, id=f"README[{i}]") for i, block in enumerate(BLOCKS)]


def test_readme_has_examples():
    assert BLOCKS


@pytest.mark.parametrize("i, block", RL)
def test_readme_example(i, block):
    if "ddz_fast.envs" in block:
        for module in ("gymnasium", "pettingzoo"):
            pytest.importorskip(module, reason=f"{module} cannot be imported: pip install 'ddz-fast[rl]'")
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(doctest.DocTestParser().get_doctest(block, {}, f"README[{i}]", README, 0))
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0
