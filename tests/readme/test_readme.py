"""The examples of README.md run as written."""

import doctest
import os
import re

from helpers import ROOT

README = os.path.join(ROOT, "README.md")


def test_readme_examples():
    with open(README) as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
    assert blocks
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for i, block in enumerate(blocks):
        runner.run(doctest.DocTestParser().get_doctest(block, {}, f"README[{i}]", README, 0))
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0
