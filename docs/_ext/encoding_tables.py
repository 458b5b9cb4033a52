"""Sphinx directive ``encoding-layout``: a scheme's observation layout as a table, generated at
build time from ``ddz_fast.encodings`` (its docstring's offsets, its encoders' sizes).

In a MyST page::

    ```{encoding-layout} rlcard
    ```

The argument is a scheme (``rlcard``, ``openspiel``, ``douzero``, ``compact``) or
``perfect_information`` (the table of the tails that ``perfect_information=True`` appends).
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from ddz_fast import encodings
from encoding_layouts import ROLES, SCHEMES, Block, layouts

ENCODERS = {scheme: getattr(encodings, scheme.upper()) for scheme in SCHEMES}


def inline(text: str) -> nodes.paragraph:
    """A paragraph of ``text`` with its reST ``literals`` kept."""
    paragraph = nodes.paragraph()
    for i, part in enumerate(re.split(r"``(.+?)``", text)):
        if part:
            paragraph += nodes.literal(part, part) if i % 2 else nodes.Text(part)
    return paragraph


def table(header: list[str], rows: list[list[nodes.Node | str]]) -> nodes.table:
    tgroup = nodes.tgroup(cols=len(header))
    for _ in header:
        tgroup += nodes.colspec(colwidth=1)
    thead, tbody = nodes.thead(), nodes.tbody()
    for body, cells_of_rows in ((thead, [header]), (tbody, rows)):
        for cells in cells_of_rows:
            row = nodes.row()
            for cell in cells:
                entry = nodes.entry()
                entry += inline(cell) if isinstance(cell, str) else cell
                row += entry
            body += row
    tgroup += thead
    tgroup += tbody
    result = nodes.table()
    result += tgroup
    return result


def offsets(block: Block | None) -> nodes.Node | str:
    return "" if block is None else nodes.paragraph("", "", nodes.literal(block.offsets, block.offsets))


class EncodingLayout(SphinxDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        found = layouts()
        if name == "perfect_information":
            header, *rows = found.perfect_information
            return [table(list(header), [list(row) for row in rows])]
        if name not in found.blocks:
            raise self.error(f"no layout of {name!r} in ddz_fast.encodings; there are "
                             f"{', '.join(found.blocks)} and perfect_information")
        by_role = found.blocks[name]
        sizes = {role: ENCODERS[name].shape(role)[0] for role in ROLES}
        if by_role["landlord"] == by_role["farmer"]:
            blocks = by_role["landlord"]
            return [table(["offsets", f"every seat ({sizes['landlord']} wide)"],
                          [[offsets(b), b.label] for b in blocks])]
        landlord, farmer = by_role["landlord"], by_role["farmer"]
        rows = []
        for i in range(max(len(landlord), len(farmer))):
            left = landlord[i] if i < len(landlord) else None
            right = farmer[i] if i < len(farmer) else None
            rows.append([offsets(left), left.label if left else "",
                         offsets(right), right.label if right else ""])
        return [table(["offsets", f"landlord ({sizes['landlord']} wide)",
                       "offsets", f"farmer ({sizes['farmer']} wide)"], rows)]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("encoding-layout", EncodingLayout)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
