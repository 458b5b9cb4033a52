"""The package's layers: every import and cimport points down, and no module imports itself back.

The contract, bottom to top (a module may import its own layer and the layers below it):

    layer              modules
    0  core            ddz_fast._core.*           C structs and nogil kernels (cimports only)
    1  foundations     errors, checks, kind,      pure Python that needs no engine
                       result
    2  boundary        ddz_fast._x                the compiled boundary (_x.pyx/.pxd/.pyi) and the
                                                  private pure-Python values it builds
                                                  (_position, _solution, _simulation)
    3  faces           ddz_fast.x                 one public module per capability, re-exporting
                                                  its boundary's names
    4  adapters        ddz_fast.interop.*,        formats and environments of other libraries,
                       ddz_fast.envs.*,           agents on PyTorch; they import the faces, not
                       ddz_fast.train.*           the package face
    5  package face    ddz_fast (__init__.py)
    6  tools           ddz_fast.tools.*,          the command line, benchmarks, peer harness
                       ddz_fast.__main__

On top of the layers: no cycle at all, even within a layer (a .pyx, its .pxd and its .pyi are one
module; imports inside functions count; a stub's import of the type aliases of ddz_fast.typing is
no edge), and only the adapters and the tools may import a peer
(rlcard, douzero, pyspiel, gymnasium, pettingzoo, torch), even lazily. The last test imports the
package and every module below the adapters with those (and anything but numpy and the standard
library) blocked.
"""

import ast
import os
import re
import subprocess
import sys
import textwrap

from helpers import ROOT, needs_checkout

pytestmark = needs_checkout

PACKAGE_DIR = os.path.join(ROOT, "ddz_fast")
SOURCE_SUFFIXES = (".py", ".pyi", ".pyx", ".pxd")

LAYERS = ("core", "foundations", "boundary", "faces", "adapters", "package face", "tools")
FOUNDATIONS = {"errors", "checks", "kind", "result"}
ADAPTERS = {"interop", "envs", "train"}
PEERS = {"rlcard", "douzero", "pyspiel", "gymnasium", "pettingzoo", "torch"}

CONTRACT = """\
layers, bottom to top (import only your own layer and the layers below; no cycles):
  0 core          ddz_fast._core.*
  1 foundations   ddz_fast.{errors,checks,kind,result}
  2 boundary      ddz_fast._x (compiled boundary modules and their private values)
  3 faces         ddz_fast.x (public module per capability)
  4 adapters      ddz_fast.interop.*, ddz_fast.envs.*, ddz_fast.train.* (import faces, not the package face)
  5 package face  ddz_fast
  6 tools         ddz_fast.tools.*, ddz_fast.__main__
peers (rlcard, douzero, pyspiel, gymnasium, pettingzoo, torch): adapters and tools only"""


def layer_of(module):
    """The layer index of a ddz_fast module (see the table above)."""
    parts = module.split(".")[1:]
    if not parts:
        return LAYERS.index("package face")
    top = parts[0]
    if top == "_core":
        return LAYERS.index("core")
    if top in ("tools", "__main__"):
        return LAYERS.index("tools")
    if top in ADAPTERS:
        return LAYERS.index("adapters")
    if top in FOUNDATIONS:
        return LAYERS.index("foundations")
    return LAYERS.index("boundary" if top.startswith("_") else "faces")


def module_files():
    """{module name: [source files]} for every source file of the package."""
    modules = {}
    for folder, _, names in os.walk(PACKAGE_DIR):
        for name in sorted(names):
            stem, suffix = os.path.splitext(name)
            if suffix not in SOURCE_SUFFIXES:
                continue
            relative = os.path.relpath(os.path.join(folder, stem), os.path.dirname(PACKAGE_DIR))
            parts = relative.split(os.sep)
            if parts[-1] == "__init__":
                parts.pop()
            modules.setdefault(".".join(parts), []).append(os.path.join(folder, name))
    return modules


# An import statement of Cython source: `import a, b`, `cimport a`, `from x import (...)`,
# `from x cimport y`. Docstrings are blanked first, so examples in them are not read.
CYTHON_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+([\w.]+)[ \t]+c?import[ \t]+(\([^)]*\)|[^\n#]*)"
                           r"|c?import[ \t]+([^\n#]*))", re.M)
TRIPLE_QUOTED = re.compile(r'("""|\'\'\')(.*?)\1', re.S)


def raw_imports(path):
    """(line, level, module, names) of every import statement in a file, at any depth: `from
    .x import a` is (line, 1, "x", ["a"]), `import a.b` is (line, 0, "a.b", [])."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith((".py", ".pyi")):
        found = []
        for node in ast.walk(ast.parse(text, path)):
            if isinstance(node, ast.Import):
                found += [(node.lineno, 0, alias.name, []) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                found.append((node.lineno, node.level, node.module or "",
                              [alias.name for alias in node.names]))
        return found
    blanked = TRIPLE_QUOTED.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    found = []
    for match in CYTHON_IMPORT.finditer(blanked):
        line = blanked.count("\n", 0, match.start()) + 1
        source, names, plain = match.groups()
        if plain is not None:
            found += [(line, 0, name.split()[0], []) for name in plain.split(",") if name.strip()]
            continue
        level = len(source) - len(source.lstrip("."))
        names = [n.split()[0] for n in names.strip("()").replace("\n", " ").split(",") if n.strip()]
        found.append((line, level, source[level:], names))
    return found


def imports_of(module, path, known):
    """(line, imported module) for each import in a file: ddz_fast's modules resolved (a name
    that is a submodule counts as that module, any other name as its module), others as written."""
    is_package = os.path.basename(path).startswith("__init__.")
    here = module.split(".") if is_package else module.split(".")[:-1]
    for line, level, source, names in raw_imports(path):
        base = ".".join(here[:len(here) - level + 1] + ([source] if source else [])) if level else source
        targets = [f"{base}.{n}" for n in names if f"{base}.{n}" in known] or [base]
        for target in targets:
            while target not in known and target.startswith("ddz_fast.") and "." in target:
                target = target.rsplit(".", 1)[0]      # ddz_fast.x.Name -> ddz_fast.x
            yield line, target


# The aliases that public signatures use (CardsLike, RulesLike, ...) are public, in the face
# ddz_fast.typing, and are unions of the boundary's types; the boundary's stubs name them. Type
# checkers alone read stubs, and they read cycles fine: a stub's import of ddz_fast.typing is
# no edge of the graph.
TYPE_ALIASES = "ddz_fast.typing"


def import_graph():
    """{module: [(file, line, imported module)]}: every import of every module of the package."""
    files = module_files()
    graph = {}
    for module, paths in files.items():
        graph[module] = [(os.path.relpath(path, os.path.dirname(PACKAGE_DIR)), line, target)
                         for path in paths for line, target in imports_of(module, path, files)
                         if not (path.endswith(".pyi") and target == TYPE_ALIASES)]
    return graph


def failure(problems):
    return "\n".join(problems) + "\n\n" + CONTRACT


def test_the_parser_reads_every_form(tmp_path):
    cython = tmp_path / "m.pyx"
    cython.write_text('"""\n    from docstring import nothing\n"""\n'
                      "from .a cimport (b,\n    c)\n"
                      "cimport cython\n"
                      "def f():\n    from ..d import e as f  # lazy\n    import g.h, i\n")
    assert raw_imports(str(cython)) == [(4, 1, "a", ["b", "c"]), (6, 0, "cython", []),
                                        (8, 2, "d", ["e"]), (9, 0, "g.h", []), (9, 0, "i", [])]
    python = tmp_path / "m.py"
    python.write_text("def f():\n    from . import x\n")
    assert raw_imports(str(python)) == [(2, 1, "", ["x"])]


def test_every_module_is_read():
    graph = import_graph()
    assert {"ddz_fast", "ddz_fast._core.state", "ddz_fast.interop.rlcard", "ddz_fast.tools.cli"} <= set(graph)
    assert ("ddz_fast/_game.pxd", 5, "ddz_fast._core.state") in graph["ddz_fast._game"]


def test_imports_point_down():
    graph = import_graph()
    problems = []
    for module, edges in sorted(graph.items()):
        for path, line, target in edges:
            if target in graph and layer_of(target) > layer_of(module):
                problems.append(f"{path}:{line}: {module} ({LAYERS[layer_of(module)]}) imports "
                                f"{target} ({LAYERS[layer_of(target)]}), a higher layer")
    assert not problems, failure(problems)


def test_no_import_cycles():
    graph = import_graph()
    problems = []
    for cycle in cycles(graph):
        steps = [f"  {path}:{line}: {module} -> {target}" for module, (path, line, target)
                 in zip(cycle, (first_edge(graph, a, b) for a, b in zip(cycle, cycle[1:] + cycle[:1])))]
        problems.append("cycle " + " -> ".join(cycle + cycle[:1]) + "\n" + "\n".join(steps))
    assert not problems, failure(problems)


def test_peers_only_in_adapters_and_tools():
    graph = import_graph()
    adapters_and_tools = {LAYERS.index("adapters"), LAYERS.index("tools")}
    problems = [f"{path}:{line}: {module} imports the peer {target}"
                for module, edges in sorted(graph.items()) if layer_of(module) not in adapters_and_tools
                for path, line, target in edges if target.split(".")[0] in PEERS]
    assert not problems, failure(problems)


def first_edge(graph, module, target):
    return next(edge for edge in graph[module] if edge[2] == target)


def cycles(graph):
    """One cycle per strongly connected component of more than one module (or a self-import),
    found by Tarjan's algorithm and walked from its first module."""
    internal = {m: sorted({t for _, _, t in edges if t in graph}) for m, edges in graph.items()}
    index, low, stack, on_stack, components = {}, {}, [], set(), []

    def visit(module):
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in internal[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1 or module in internal[module]:
                components.append(set(component))

    for module in sorted(internal):
        if module not in index:
            visit(module)
    return [shortest_cycle(internal, component) for component in components]


def shortest_cycle(internal, component):
    """The shortest cycle through the component's first module (a breadth-first walk)."""
    start = min(component)
    came_from = {start: None}
    frontier = [start]
    while frontier:
        following = []
        for module in frontier:
            for target in internal[module]:
                if target == start:
                    path = [module]
                    while came_from[path[-1]] is not None:
                        path.append(came_from[path[-1]])
                    return path[::-1]
                if target in component and target not in came_from:
                    came_from[target] = module
                    following.append(target)
        frontier = following
    raise AssertionError(f"no cycle through {start}")


def test_importing_needs_only_numpy():
    """The package, every module below the adapters and interop (whose bridges import their
    peer when called) import with only numpy and the standard library: a blocker refuses
    anything else, the peers included."""
    graph = import_graph()
    modules = sorted(m for m in graph if (layer_of(m) < LAYERS.index("adapters")
                                                 or m.startswith("ddz_fast.interop"))
                            and not m.startswith("ddz_fast._core"))
    script = textwrap.dedent(f"""
        import importlib, sys
        class Blocker:
            def find_spec(self, name, path=None, target=None):
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top not in ("numpy", "ddz_fast"):
                    raise ImportError(f"blocked: {{name}} is neither numpy nor the standard library")
        sys.meta_path.insert(0, Blocker())
        import ddz_fast
        for module in {modules!r}:
            if importlib.util.find_spec(module) is not None:
                importlib.import_module(module)
        print(sorted(m.split(".")[0] for m in sys.modules if m.split(".")[0] in {sorted(PEERS)!r}))
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]", run.stdout


# One public module per capability: each holds its capability's public names (re-exported from
# its boundary where the code is compiled), and the package face takes them from there.
PUBLIC_MODULES = ("actions", "cards", "encodings", "errors", "evaluation", "game", "kind", "moves", "pimc",
                  "players", "position", "result", "rules", "sampling", "series", "simulation",
                  "solver", "tables")


def test_public_modules_hold_the_face_names():
    import importlib

    import ddz_fast
    homes = {}
    for name in PUBLIC_MODULES:
        module = importlib.import_module(f"ddz_fast.{name}")
        missing = [n for n in module.__all__ if not hasattr(module, n)]
        assert not missing, f"ddz_fast.{name}.__all__ names {missing}, which it lacks"
        for exported in module.__all__:
            homes.setdefault(exported, []).append(module)
    for exported in ddz_fast.__all__:
        if exported in ("build_info", "encodings"):     # the build's report; a module itself
            continue
        modules = homes.get(exported, [])
        assert modules, f"ddz_fast.{exported} is in the __all__ of no public module"
        for module in modules:
            assert getattr(ddz_fast, exported) is getattr(module, exported), (module, exported)


def test_the_face_imports_public_modules():
    """The package face re-exports from the public modules, never from a boundary module (but
    the build's report)."""
    problems = [f"{path}:{line}: the face imports {target}" for path, line, target
                in import_graph()["ddz_fast"]
                if layer_of(target) < LAYERS.index("faces") and target != "ddz_fast._build"
                and layer_of(target) != LAYERS.index("foundations")]
    assert not problems, failure(problems)


def test_the_architecture_page_lists_the_core_graph():
    """docs/design/architecture.md lists each _core module with the _core modules it cimports;
    the list is the code's graph."""
    with open(os.path.join(ROOT, "docs", "design", "architecture.md"), encoding="utf-8") as f:
        page = f.read()
    section = page[page.index("### The cimport graph of `_core`"):]
    block = re.search(r"```text\n(.*?)```", section, re.S).group(1)
    listed = {}
    for line in block.splitlines():
        module, targets = line.split(None, 1)
        listed[module] = set() if targets.strip() == "-" else set(targets.replace(",", " ").split())
    core = {module.removeprefix("ddz_fast._core."): {target.removeprefix("ddz_fast._core.")
                                                     for _, _, target in edges
                                                     if target.startswith("ddz_fast._core.")}
            for module, edges in import_graph().items() if module.startswith("ddz_fast._core.")}
    assert listed == core
