"""The site's Sphinx extension: what autodoc needs to show ddz_fast's public face, and the tables
generated from the code.

- Compiled classes and functions take their signature from the package's ``.pyi`` stubs
  (stubtest checks them against the extensions): Cython's embedded class signatures misplace
  the ``*`` of keyword-only arguments (``Solver(table_mb=64, techniques=None, *)``).
- A signature written at the top of a compiled class's docstring is dropped (the stub's shows).
- "Bases: object" is left out.
- A module constant has no docstring of its own: autodoc would show its type's (``str``'s).
- A class from a private module is shown by its public name (in bases, values and aliases);
  any other private module named in what autodoc wrote (``ddz_fast._x``) is a warning, so an
  error under ``-W``.
- ``{presets-table}`` is the table of ``Rules.presets()``.
"""

import ast
import inspect
import os
import re

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import ddz_fast
from ddz_fast import ActionSpace, Rules

logger = logging.getLogger(__name__)

PRIVATE = re.compile(r"\bddz_fast\._\w+")


def public_names():
    """The public name of each class of the package face, by the class: ``ddz_fast.X`` for
    the names of ``ddz_fast.__all__``, ``ddz_fast.m.X`` for those of a module it exports (its
    ``encodings``). Another private class autodoc writes fails the build (below)."""
    names = {}
    for name in ddz_fast.__all__:
        value = getattr(ddz_fast, name)
        if inspect.isclass(value):
            names.setdefault(value, f"ddz_fast.{name}")
        elif inspect.ismodule(value):
            for inner in value.__all__:
                if inspect.isclass(getattr(value, inner)):
                    names.setdefault(getattr(value, inner), f"ddz_fast.{name}.{inner}")
    return names


def stub_signatures():
    """``(module, qualified name) -> "(arguments)"`` from every ``.pyi`` stub of the package,
    without annotations; a class's is its ``__init__``'s, less ``self``."""
    signatures = {}
    package = os.path.dirname(ddz_fast.__file__)
    for file in sorted(os.listdir(package)):
        if not file.endswith(".pyi"):
            continue
        module = "ddz_fast." + file[:-4]
        with open(os.path.join(package, file), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                signatures[module, node.name] = arguments(node, skip_first=False)
            elif isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef):
                        static = any(isinstance(d, ast.Name) and d.id == "staticmethod"
                                     for d in item.decorator_list)
                        text = arguments(item, skip_first=not static)
                        name = node.name if item.name == "__init__" else f"{node.name}.{item.name}"
                        signatures[module, name] = text
    return signatures


def arguments(function, skip_first):
    args = function.args
    for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
        arg.annotation = None
    if args.vararg:
        args.vararg.annotation = None
    if args.kwarg:
        args.kwarg.annotation = None
    if skip_first:
        if args.posonlyargs:
            args.posonlyargs = args.posonlyargs[1:]
        else:
            args.args = args.args[1:]
            args.defaults = args.defaults[-len(args.args):] if args.args else []
    return f"({ast.unparse(args)})"


def setup(app):
    public = {f"{cls.__module__}.{cls.__qualname__}": name for cls, name in public_names().items()}
    private = re.compile("|".join(re.escape(name) for name in sorted(public, key=len, reverse=True)))
    signatures = stub_signatures()

    def signature(app, what, name, obj, options, signature, return_annotation):
        module = getattr(obj, "__module__", "") or ""
        qualname = getattr(obj, "__qualname__", "") or ""
        compiled = what not in ("class", "exception") or not inspect.isfunction(obj.__init__)
        if module.startswith("ddz_fast._") and compiled and (module, qualname) in signatures:
            signature = signatures[module, qualname]
        return signature, return_annotation

    def docstring(app, what, name, obj, options, lines):
        own = type(obj).__doc__
        if what in ("data", "attribute") and isinstance(own, str) and " ".join(lines).split() == own.split():
            lines.clear()
        # A signature written at the top of a docstring (to mend Cython's in help()): the
        # stub's is shown instead.
        if what in ("class", "function", "method") and lines and lines[0].startswith(f"{obj.__name__}("):
            del lines[:lines.index("") + 1 if "" in lines else len(lines)]

    def public_names_only(app, doctree):
        """In what autodoc wrote (bases, values, aliases): a private class by its public name,
        and a warning for any other private module named."""
        for desc in doctree.findall(addnodes.desc):
            for xref in desc.findall(addnodes.pending_xref):
                xref["reftarget"] = private.sub(lambda m: public[m.group(0)], xref["reftarget"])
            for text in list(desc.findall(nodes.Text)):
                if private.search(text):
                    text.parent.replace(text, nodes.Text(private.sub(lambda m: public[m.group(0)], text)))
            left = PRIVATE.search(desc.astext())
            if left:
                logger.warning("the reference names a private module: %s", left.group(0), location=desc)

    def bases(app, name, obj, options, bases):
        if bases == [object]:       # "Bases: object" says nothing
            bases.clear()

    app.connect("autodoc-process-signature", signature)
    app.connect("autodoc-process-bases", bases)
    app.connect("autodoc-process-docstring", docstring)
    app.connect("doctree-read", public_names_only)
    app.add_directive("presets-table", PresetsTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


class PresetsTable(SphinxDirective):
    """The presets of ``Rules.presets()``: each one's fields that differ from ``standard``, and
    the number of action ids of its ``ActionSpace``."""

    def run(self):
        rows = []
        for name, rules in Rules.presets().items():
            # The repr names the fields that differ from the defaults (standard's).
            call = ast.parse(repr(rules), mode="eval").body
            changes = [f"{keyword.arg}={ast.unparse(keyword.value)}" for keyword in call.keywords]
            rows.append([[nodes.literal(text=name)],
                         join([nodes.literal(text=change) for change in changes]) or [nodes.Text("none")],
                         [nodes.Text(f"{len(ActionSpace(name)):,}")]])
        return [table(["preset", "differs from standard", "action ids"], rows)]


def join(items):
    joined = []
    for item in items:
        if joined:
            joined.append(nodes.Text(", "))
        joined.append(item)
    return joined


def table(header, rows):
    group = nodes.tgroup(cols=len(header))
    group += [nodes.colspec(colwidth=1) for _ in header]
    head = nodes.thead()
    head += row([[nodes.Text(title)] for title in header])
    body = nodes.tbody()
    body += [row(cells) for cells in rows]
    group += [head, body]
    return nodes.table("", group)


def row(cells):
    line = nodes.row()
    for content in cells:
        entry = nodes.entry()
        entry += nodes.paragraph("", "", *content)
        line += entry
    return line
