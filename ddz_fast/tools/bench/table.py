"""The tables of ``ddz-fast bench``: a row per table row of the figures (figures sharing a row
are shown side by side), ddz_fast's cell and each peer's beside it; as aligned text or as a
Markdown table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from .figures import Figure


def rows(figures: Sequence[Figure], labels: Sequence[str]) -> list[list[str]]:
    """[what, ddz_fast's cell, a cell per peer label] for each row, in the figures' order."""
    grouped: dict[str, list[Figure]] = {}
    for figure in figures:
        grouped.setdefault(figure.table_row, []).append(figure)
    table = []
    for what, group in grouped.items():
        peer_cells = [next((f.peer_cell(label) for f in group if label in f.peers), "")
                      for label in labels]
        table.append([what, "; ".join(f.cell() for f in group), *peer_cells])
    return table


def peer_labels(figures: Sequence[Figure]) -> list[str]:
    """The peers beside any of the figures, in the order they first appear."""
    return list(dict.fromkeys(label for figure in figures for label in figure.peers))


def print_table(out: TextIO, figures: Sequence[Figure], first: str = "what") -> None:
    """The figures' rows in aligned columns: `first`, ddz_fast, then a column per peer."""
    labels = peer_labels(figures)
    print_columns(out, [[first, "ddz_fast", *labels], *rows(figures, labels)])


def print_columns(out: TextIO, table: Sequence[Sequence[str]]) -> None:
    """Rows of cells in aligned columns, a rule under the first (the header)."""
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    for i, row in enumerate(table):
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip(), file=out)
        if i == 0:
            print("  ".join("-" * w for w in widths), file=out)


def markdown_table(figures: Sequence[Figure], first: str = "what") -> str:
    """The figures' rows as a Markdown (GFM) table."""
    labels = peer_labels(figures)
    table = [[first, "ddz_fast", *labels], ["---"] * (2 + len(labels)), *rows(figures, labels)]
    return "".join("| " + " | ".join(c.replace("|", "\\|") for c in row) + " |\n"
                   for row in table)
