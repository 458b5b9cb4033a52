"""The examples of README.md and of every docs/ page run as written: one test per ```python block.

A page is a tutorial: its blocks run in order in one namespace, so a block may use the names an
earlier block of its page made. Each block is still its own test (`page[i]`), so a failure names
its block; a test run on its own, or on another xdist worker than the block before it, first
replays its page's earlier blocks without checking them (their own tests check them).

A block that needs an optional package is found by what it imports or names (`REQUIREMENTS`),
or by the names it uses that a block needing the package made (`env = ...` in one block,
`env.step(...)` in the next): it carries the package's marker and skips, saying how to install
it, where the package is missing.
"""

import ast
import builtins
import doctest
import glob
import os
import re
from dataclasses import dataclass

import pytest

from helpers import ROOT

# Each optional requirement: the words of a block that show it, its marker, and what it imports.
REQUIREMENTS = {
    # the Gymnasium and PettingZoo adapters
    "rl": (re.compile(r"ddz_fast\.envs(?!\.rllib)|\bgymnasium\b|\bpettingzoo\b"), "rl",
           {"gymnasium": "pip install 'ddz-fast[rl]'", "pettingzoo": "pip install 'ddz-fast[rl]'"}),
    # the peer engines, and the interop bridges that import them (from_env, to_state, from_state)
    "peers": (re.compile(r"^>>> (?:import|from) (?:rlcard|pyspiel|douzero)\b"
                         r"|\b(?:from_env|to_state|from_state)\(", re.M),
              "peers",
              {"rlcard": "pip install 'ddz-fast[peers]'", "pyspiel": "pip install 'ddz-fast[peers]'",
               "douzero.env.game": "pip install --no-deps douzero==1.1.0"}),
    # ddz_fast.distributed and the trainer's Ray actors (the ray extra)
    "ray": (re.compile(r"ddz_fast\.distributed|\bdistributed\.|\bray\b|\bRayTrainer\b"), "ray",
            {"ray": "pip install 'ddz-fast[ray]'"}),
    # the RLlib environment (the rllib extra, which CI installs apart: .ci/rllib)
    "rllib": (re.compile(r"ddz_fast\.envs\.rllib|\bray\.rllib\b"), "rllib",
              {"ray.rllib": "pip install 'ddz-fast[rllib]' (without the rl extra: RLlib pins "
                            "Gymnasium 1.2.2)"}),
    # the trainer and DouZero's networks (the train extra)
    "train": (re.compile(r"ddz_fast\.train|\btorch\b"), None,
              {"torch": "pip install torch==2.13.0 (a CPU build); pip install 'ddz-fast[train]'"}),
    # plots
    "matplotlib": (re.compile(r"\bmatplotlib\b"), None, {"matplotlib": "pip install matplotlib"}),
}

BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


@dataclass
class Block:
    page: str           # relative to the repository, with / separators
    index: int          # among the page's ```python blocks
    text: str
    line: int           # of the block's first line in the page, from 0
    requires: tuple     # names of REQUIREMENTS, in their order


def pages():
    docs = sorted(glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True))
    paths = [os.path.join(ROOT, "README.md")] + [p for p in docs if os.sep + "_build" + os.sep not in p]
    return [os.path.relpath(p, ROOT).replace(os.sep, "/") for p in paths]


def names_of(block):
    """The names a block's examples bind, and those they use that no example of it bound before
    (or binds in the same statement: a loop's or a comprehension's variable)."""
    bound, used = set(), set()
    for example in doctest.DocTestParser().get_examples(block):
        try:
            tree = ast.parse(example.source)
        except SyntaxError:         # the example's own test reports it
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                bound.add(node.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                bound |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                bound.add(node.name)
            elif isinstance(node, ast.arg):
                bound.add(node.arg)
        used |= {node.id for node in ast.walk(tree)
                 if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)} - bound
    return bound, used - set(dir(builtins))


def blocks_of(page):
    with open(os.path.join(ROOT, page), encoding="utf-8") as f:
        text = f.read()
    blocks, needs_of_name = [], {}      # the requirements of the block that last bound a name
    for i, match in enumerate(BLOCK.finditer(text)):
        block = match.group(1)
        bound, used = names_of(block)
        requires = {name for name, (pattern, _, _) in REQUIREMENTS.items() if pattern.search(block)}
        requires |= {need for name in used for need in needs_of_name.get(name, ())}
        needs_of_name.update(dict.fromkeys(bound, requires))
        blocks.append(Block(page, i, block, text.count("\n", 0, match.start(1)),
                            tuple(name for name in REQUIREMENTS if name in requires)))
    return blocks


BLOCKS = {page: blocks_of(page) for page in pages()}


def params():
    for page, blocks in BLOCKS.items():
        for block in blocks:
            marks = [getattr(pytest.mark, REQUIREMENTS[name][1]) for name in block.requires
                     if REQUIREMENTS[name][1]]
            yield pytest.param(block, marks=marks, id=f"{page}[{block.index}]")


def run(block, globs, out):
    """Run a block as a doctest in a copy of `globs`: (failed, attempted), and the namespace after it."""
    test = doctest.DocTestParser().get_doctest(
        block.text, globs, f"{block.page}[{block.index}]", os.path.join(ROOT, block.page), block.line)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test, out=out, clear_globs=False)
    return runner.summarize(verbose=False), test.globs


# Each page's namespace and the index of the block it is ready for.
NAMESPACES = {}


def namespace_before(block):
    ready, globs = NAMESPACES.get(block.page, (None, None))
    if ready is None or ready > block.index:
        ready, globs = 0, {"__name__": "__main__"}
    for earlier in BLOCKS[block.page][ready:block.index]:
        _, globs = run(earlier, globs, out=lambda text: None)
    return globs


def test_pages_have_examples():
    assert BLOCKS["README.md"]
    assert all(block.text.strip() for blocks in BLOCKS.values() for block in blocks)


@pytest.mark.parametrize("block", list(params()))
def test_example(block):
    for name in block.requires:
        for module, install in REQUIREMENTS[name][2].items():
            pytest.importorskip(module, reason=f"{module} cannot be imported: {install}")
    globs = namespace_before(block)
    NAMESPACES[block.page] = (None, None)      # until this block has run
    result, globs = run(block, globs, out=None)
    NAMESPACES[block.page] = (block.index + 1, globs)
    assert result.attempted > 0, f"{block.page}[{block.index}] has no >>> example"
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {block.page}[{block.index}] failed"
