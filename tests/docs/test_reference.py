"""The reference documents the public API: every name of every public module's __all__ exactly
once, nothing else; and no user page names a private module."""

import importlib
import os
import re

import pytest

from helpers import ROOT

DOCS = os.path.join(ROOT, "docs")
# The modules whose __all__ is the public API (the envs modules import Gymnasium or PettingZoo).
PUBLIC_MODULES = (
    "ddz_fast", "ddz_fast.actions", "ddz_fast.cards", "ddz_fast.distributed", "ddz_fast.encodings",
    "ddz_fast.errors", "ddz_fast.evaluation",
    "ddz_fast.game", "ddz_fast.kind", "ddz_fast.moves", "ddz_fast.pimc", "ddz_fast.players",
    "ddz_fast.position", "ddz_fast.result", "ddz_fast.rules", "ddz_fast.sampling",
    "ddz_fast.segments", "ddz_fast.series", "ddz_fast.simulation", "ddz_fast.solver",
    "ddz_fast.tables",
    "ddz_fast.typing", "ddz_fast.interop", "ddz_fast.interop.douzero",
    "ddz_fast.interop.openspiel", "ddz_fast.interop.rlcard",
)
RL_MODULES = ("ddz_fast.envs.gymnasium", "ddz_fast.envs.pettingzoo", "ddz_fast.envs.vector")
TRAIN_MODULES = ("ddz_fast.train",)           # torch (the train extra)
DIRECTIVE = re.compile(r"^\.\. auto(class|function|data|exception|module|attribute|method):: +(\S+)", re.M)
CURRENT = re.compile(r"^\.\. currentmodule:: +(\S+)", re.M)
# The pages a user reads, where no private module is named (the design notes may).
USER_PAGES = ["index.md", "install.md", "rules.md", "benchmarks.md", "guide", "reference"]
PRIVATE = re.compile(r"\bddz_fast\._\w+|\b_core\b")


def reference_targets():
    """(page, directive, full target) of every autodoc directive of docs/reference, in order."""
    targets = []
    for name in sorted(os.listdir(os.path.join(DOCS, "reference"))):
        with open(os.path.join(DOCS, "reference", name), encoding="utf-8") as f:
            text = f.read()
        events = sorted([(m.start(), "current", m.group(1)) for m in CURRENT.finditer(text)]
                        + [(m.start(), m.group(1), m.group(2)) for m in DIRECTIVE.finditer(text)])
        current = None
        for _, kind, target in events:
            if kind == "current":
                current = target
            elif kind == "module" or target.startswith("ddz_fast."):
                targets.append((name, kind, target))
            else:
                targets.append((name, kind, f"{current}.{target}"))
    return targets


def resolve(target):
    """The object a dotted name names, importing the longest module prefix."""
    parts = target.split(".")
    for i in range(len(parts), 0, -1):
        try:
            value = importlib.import_module(".".join(parts[:i]))
        except ModuleNotFoundError as error:
            if error.name.startswith("ddz_fast"):
                continue
            raise
        for part in parts[i:]:
            value = getattr(value, part)
        return value
    raise ImportError(target)


def documented():
    """The objects the reference documents, each with the directives that document it; the
    targets that need the `rl` extra are left out where it is missing."""
    found = {}
    for page, kind, target in reference_targets():
        try:
            value = resolve(target)
        except ModuleNotFoundError as error:
            if error.name.split(".")[0] in ("gymnasium", "pettingzoo", "torch"):
                continue
            raise
        found.setdefault(id(value), []).append(f"{page}: auto{kind} {target}")
    return found


def exported(module_name):
    module = importlib.import_module(module_name)
    return [(name, getattr(module, name)) for name in module.__all__]


@pytest.mark.parametrize("module_name", [*PUBLIC_MODULES, *(pytest.param(m, marks=pytest.mark.rl)
                                                            for m in RL_MODULES), *TRAIN_MODULES])
def test_reference_documents_each_public_name_once(module_name):
    if module_name in RL_MODULES:
        for package in ("gymnasium", "pettingzoo"):
            pytest.importorskip(package, reason=f"{package} cannot be imported: pip install 'ddz-fast[rl]'")
    if module_name in TRAIN_MODULES:
        pytest.importorskip("torch", reason="torch cannot be imported: pip install torch==2.13.0 "
                                            "(a CPU build); pip install 'ddz-fast[train]'")
    found = documented()
    missing = [name for name, value in exported(module_name) if id(value) not in found]
    twice = {name: found[id(value)] for name, value in exported(module_name) if len(found.get(id(value), ())) > 1}
    assert not missing, f"{module_name}.__all__ names that docs/reference/ does not document: {missing}"
    assert not twice, f"documented more than once: {twice}"


def test_reference_documents_only_public_names():
    modules = list(PUBLIC_MODULES)
    try:
        import gymnasium  # noqa: F401
        import pettingzoo  # noqa: F401
        modules += RL_MODULES
    except ImportError:             # their targets are left out of documented() too
        pass
    try:
        import torch  # noqa: F401
        modules += TRAIN_MODULES
    except ImportError:
        pass
    public = {id(importlib.import_module(m)) for m in modules}
    for module_name in modules:
        public |= {id(value) for _, value in exported(module_name)}
    extra = [directive for key, directives in documented().items() if key not in public
             for directive in directives]
    assert not extra, f"documented, but in no public module's __all__: {extra}"


def user_pages():
    for entry in USER_PAGES:
        path = os.path.join(DOCS, entry)
        if os.path.isdir(path):
            yield from (os.path.join(path, name) for name in sorted(os.listdir(path)) if name.endswith(".md"))
        elif os.path.exists(path):
            yield path


def test_user_pages_name_no_private_module():
    named = []
    for path in user_pages():
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                named += [f"{os.path.relpath(path, ROOT)}:{number}: {m.group(0)}" for m in PRIVATE.finditer(line)]
    assert not named, "user pages name private modules:\n" + "\n".join(named)
