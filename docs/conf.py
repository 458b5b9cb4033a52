"""Sphinx configuration of the ddz_fast documentation (`sphinx-build -W -n docs docs/_build`)."""

import ddz_fast

project = "ddz_fast"
author = "the ddz_fast developers"
copyright = "2026, the ddz_fast developers"
release = ddz_fast.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx_copybutton",
    "sphinxarg.ext",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}   # autosummary writes .rst
root_doc = "index"
exclude_patterns = ["_build", "benchmarks-table.md"]   # included by benchmarks.md

myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]
myst_heading_anchors = 3

autosummary_generate = True
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_typehints = "description"
autodoc_member_order = "bysource"

html_theme = "furo"
html_title = f"ddz_fast {release}"

copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
