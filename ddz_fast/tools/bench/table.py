"""The table of ``ddz-fast bench``: a row per measurement, ddz_fast's cell and each peer's
beside it. Each section of the report gives its rows and the note printed under the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

Row = tuple[str, str, dict[str, str]]       # (what, ddz_fast's cell, {peer label: cell})


@dataclass
class Section:
    """A section's rows and the paragraph under the table that explains them ("": none)."""

    rows: list[Row]
    note: str = ""


def print_table(out: TextIO, rows: Sequence[Row], labels: Sequence[str]) -> None:
    """The rows in aligned columns: what, ddz_fast, then a column per peer label."""
    header = ["what", "ddz_fast", *labels]
    table = [header] + [[what, cell] + [cells.get(label, "") for label in labels]
                        for what, cell, cells in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for i, row in enumerate(table):
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip(), file=out)
        if i == 0:
            print("  ".join("-" * w for w in widths), file=out)
