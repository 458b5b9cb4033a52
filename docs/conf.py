"""Sphinx configuration of the ddz_fast documentation (`sphinx-build -W -n docs docs/_build`)."""

import os
import sys

import ddz_fast

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "_ext"))

project = "ddz_fast"
author = "the ddz_fast developers"
copyright = "2026, the ddz_fast developers"
release = ddz_fast.__version__
version = release

# No napoleon: the docstrings are plain reST, and it reads a property's first line ("Number of
# main ranks: 1, ...") as "type: description". No viewcode: half the API is compiled.
extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx_copybutton",
    "sphinxarg.ext",
    "ddz_docs",         # docs/_ext: signatures from the stubs, the public names, the presets table
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "benchmarks-table.md"]   # included by benchmarks.md

myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]
myst_heading_anchors = 3

# The reference pages list their names (autosummary tables, no generated stubs) and document
# each with autoclass/autofunction/autodata.
autosummary_generate = False
autodoc_default_options = {"members": True, "show-inheritance": True}
# The docstrings say what each argument takes (the compiled functions' signatures carry no
# annotations, and the Python ones' would name numpy's and typing's internals).
autodoc_typehints = "none"
autodoc_member_order = "bysource"
# A method without a docstring of its own (the environments' step, reset, render) shows none,
# not the docstring of the library it overrides.
autodoc_inherit_docstrings = False

nitpicky = True
# Names of other projects (no intersphinx: the build needs no network).
nitpick_ignore_regex = [
    (r"py:.*", r"(numpy|collections|typing|enum|gymnasium|pettingzoo|torch)(\..*)?"),
]

html_theme = "furo"
html_title = f"ddz_fast {release}"

copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True

# docs/_ext: the tables generated at build time, from the code (the encodings' layouts) and from
# tests/peer_deviations.py (the peers' known bugs)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "_ext"))
extensions += ["encoding_tables", "peer_deviations_table"]
