"""The ``peer-deviations`` directive: the peers' known bugs as a table, generated from the test
suite's list (tests/peer_deviations.py), so the page shows exactly what the tests check.

The list is read by path at build time rather than moved into the package: each entry keeps its
description, its minimal positions and the rule the tests apply to it in one place, and the
wheel ships no test data. The docs are built from a source checkout, which holds tests/.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

DEVIATIONS_FILE = Path(__file__).resolve().parents[2] / "tests" / "peer_deviations.py"
PEER_NAMES = {"douzero": "DouZero", "openspiel": "OpenSpiel", "rlcard": "RLCard"}


def load_deviations(path: Path = DEVIATIONS_FILE) -> ModuleType:
    """tests/peer_deviations.py as a module (under a name no test import can clash with)."""
    spec = importlib.util.spec_from_file_location("_docs_peer_deviations", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module         # dataclasses look their module up while defining
    spec.loader.exec_module(module)
    return module


def code(texts) -> str:
    return ", ".join(f"`{text}`" for text in sorted(texts))


def describe_case(case, peer: str) -> str:
    """One minimal position in words: where, and what the peer does differently there."""
    name = PEER_NAMES[peer]
    where = f"`{case.hand}` leads" if not case.trick else f"`{case.hand}` on " + ", ".join(
        f"`{play}`" for play in case.trick)
    shows = []
    if case.peer_only:
        shows.append(f"{name} offers {code(case.peer_only)}, ddz_fast does not")
    if case.ddz_only:
        shows.append(f"ddz_fast offers {code(case.ddz_only)}, {name} does not")
    if case.duplicates:
        shows.append(f"{name} lists " + ", ".join(
            f"`{cards}` {count} times" for cards, count in sorted(case.duplicates.items())))
    if case.peer_offers is not None:
        shows.append(f"{name} offers only {code(case.peer_offers)}")
    if case.accepted is not None:
        shows.append(f"`env.step` takes `{case.accepted}`, which {name} does not list as legal")
    return f"{where}: {'; '.join(shows)}"


def table_markdown(deviations: dict) -> list[str]:
    """The table as Markdown lines: one row per deviation of every peer."""
    lines = ["| peer | bug | why it is one | minimal positions |", "|---|---|---|---|"]
    for peer, entries in deviations.items():
        for deviation in entries:
            cases = "<br>".join(describe_case(case, peer) for case in deviation.cases)
            cells = (PEER_NAMES[peer], deviation.what, deviation.why, cases)
            lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return lines


class PeerDeviationsTable(SphinxDirective):
    """``{peer-deviations}``: the table of every peer's known deviations."""

    def run(self):
        self.env.note_dependency(str(DEVIATIONS_FILE))
        # parsed as the page is: Markdown on a MyST page
        return self.parse_text_to_nodes("\n".join(table_markdown(load_deviations().DEVIATIONS)))


def setup(app: Sphinx) -> dict:
    app.add_directive("peer-deviations", PeerDeviationsTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
