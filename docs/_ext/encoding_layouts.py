"""The observation layouts that ``ddz_fast.encodings`` documents, read from its docstring.

The module docstring is the one description of every scheme's layout (autodoc renders it in the
reference). This reads its layout tables and lists into offsets, so the guide's tables
(``encoding_tables``, the Sphinx directive) show exactly what it says, and a test
(tests/actions_encodings/test_encoding_layouts.py) checks the offsets against the encoders'
sizes. No Sphinx here: the test runs without it.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass

from ddz_fast import encodings
from ddz_fast.encodings import ROLES

SCHEMES = ("rlcard", "openspiel", "douzero", "compact")
# A scheme's part of the docstring opens with its name: "``rlcard``: RLCard 1.2.0's ...".
PART = re.compile(r"^``(\w+)``: ")
BORDER = re.compile(r"^=+( +=+)+$|^=+$")
OFFSETS = re.compile(r"\[(\d+)(?::(\d+)\)|\])")      # [a:b) or [a]
ITEM = re.compile(r"^- (?=\[\d)")                    # a list item that opens with offsets


@dataclass(frozen=True)
class Block:
    """Elements [start, stop) of an observation, and what they hold (reST inline text)."""

    start: int
    stop: int
    label: str

    @property
    def offsets(self) -> str:
        return f"[{self.start}]" if self.stop == self.start + 1 else f"[{self.start}:{self.stop})"


@dataclass(frozen=True)
class Layouts:
    """Each scheme's blocks per role, and the rows of the perfect-information table."""

    blocks: dict[str, dict[str, list[Block]]]
    perfect_information: list[tuple[str, ...]]


def layouts(doc: str | None = None) -> Layouts:
    """The layouts ``doc`` (default: ``ddz_fast.encodings.__doc__``) describes."""
    parts = _parts(inspect.cleandoc(encodings.__doc__ if doc is None else doc))
    blocks: dict[str, dict[str, list[Block]]] = {}
    for scheme in SCHEMES:
        tables = _tables(parts.get(scheme, []))
        if tables:
            header, body = tables[0]
            if "farmer" in " ".join(header):
                blocks[scheme] = dict(zip(ROLES, _side_by_side(body)))
            else:
                blocks[scheme] = dict.fromkeys(ROLES, _one_column(body))
        else:
            items = _items(parts.get(scheme, []))
            if items:
                blocks[scheme] = dict.fromkeys(ROLES, items)
    rows: list[tuple[str, ...]] = []
    for header, body in _tables(parts.get("perfect_information", [])):
        rows = [tuple(re.split(r"\s{2,}", header[0].strip()))] + _rows(body)
    return Layouts(blocks, rows)


def _parts(text: str) -> dict[str, list[str]]:
    parts: dict[str, list[str]] = {}
    current: list[str] = []
    for line in text.splitlines():
        match = PART.match(line)
        if match:
            current = parts.setdefault(match.group(1), [])
        current.append(line)
    return parts


def _tables(lines: list[str]) -> list[tuple[list[str], list[str]]]:
    """The simple tables among ``lines``: (header lines, body lines) each."""
    tables = []
    i = 0
    while i < len(lines):
        if not BORDER.match(lines[i]):
            i += 1
            continue
        rows: list[str] = []
        header: list[str] = []
        i += 1
        while i < len(lines) and not (BORDER.match(lines[i]) and (i + 1 == len(lines) or not lines[i + 1].strip())):
            if BORDER.match(lines[i]):          # the line under the header
                header, rows = rows, []
            else:
                rows.append(lines[i])
            i += 1
        tables.append((header, rows))
        i += 1
    return tables


def _side_by_side(body: list[str]) -> tuple[list[Block], list[Block]]:
    """Two columns of offsets and labels, the landlord's and a farmer's; a row of a farmer's
    only holds placeholders where the landlord's would be."""
    landlord: list[Block] = []
    farmer: list[Block] = []
    for line in body:
        found = list(OFFSETS.finditer(line))
        if len(found) == 2:
            landlord.append(_block(found[0], line[found[0].end():found[1].start()]))
            farmer.append(_block(found[1], line[found[1].end():]))
        elif len(found) == 1 and found[0].start() > 0:
            farmer.append(_block(found[0], line[found[0].end():]))
        elif found:
            landlord.append(_block(found[0], line[found[0].end():]))
    return landlord, farmer


def _one_column(body: list[str]) -> list[Block]:
    """Offsets and a label per row; a line that opens with spaces continues the label."""
    blocks: list[Block] = []
    for line in body:
        match = OFFSETS.match(line)
        if match:
            blocks.append(_block(match, line[match.end():]))
        elif blocks and line.strip():
            last = blocks[-1]
            blocks[-1] = Block(last.start, last.stop, f"{last.label} {line.strip()}")
    return blocks


def _items(lines: list[str]) -> list[Block]:
    """A list whose items open with offsets: ``- [0:69) the seat's hand ...``."""
    blocks: list[Block] = []
    for line in lines:
        if ITEM.match(line):
            match = OFFSETS.match(line, 2)
            blocks.append(_block(match, line[match.end():]))
        elif blocks and line.startswith("  "):
            last = blocks[-1]
            blocks[-1] = Block(last.start, last.stop, f"{last.label} {line.strip()}")
        elif blocks:
            break                               # the list ended
    return blocks


def _rows(body: list[str]) -> list[tuple[str, ...]]:
    """Rows of a table whose first column is never empty; other lines continue its cells."""
    rows: list[list[str]] = []
    for line in body:
        cells = re.split(r"\s{2,}", line.strip())
        if not line.startswith(" "):
            rows.append(cells)
        elif rows:
            rows[-1][-1] += " " + line.strip()
    return [tuple(row) for row in rows]


def _block(match: re.Match[str], label: str) -> Block:
    start = int(match.group(1))
    stop = start + 1 if match.group(2) is None else int(match.group(2))
    return Block(start, stop, label.strip())
