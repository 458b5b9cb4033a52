"""The records of ``ddz-fast bench``: each section yields Figures, and the text table, the JSON
run and the Markdown table are renderings of them.

A figure is one measured number: the median of the values its timed passes gave, the least and
the greatest of those values (its spread), how many passes, its unit and which way is better.
Peer engines measured on the same work sit beside it in the same unit.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..timing import fmt_rate, fmt_time, ratio


@dataclass
class PeerFigure:
    """A peer engine's median on the same work as a figure, in the figure's unit."""

    median: float
    detail: str = ""


@dataclass
class Figure:
    """One measured number. `unit` is "s/<item>" (seconds per item: lower is better), "<items>/s"
    (a rate: higher is better) or a count ("nodes", "deals"); `low` and `high` are the least and
    greatest value of the `reps` passes (equal when reps is 1). `row` is the table row it is
    shown in (its name by default; several figures may share one row); `detail` is text shown
    after the value; `headline` marks the figures the README's table and the history plot
    show."""

    name: str
    unit: str
    median: float
    low: float
    high: float
    reps: int
    higher_is_better: bool
    section: str = ""
    detail: str = ""
    peers: dict[str, PeerFigure] = field(default_factory=dict)
    row: str = ""
    headline: bool = False

    @classmethod
    def of_values(cls, name: str, unit: str, values: Sequence[float], **fields: Any) -> Figure:
        """The figure of each pass's value; lower is better for seconds per item ("s/...")."""
        fields.setdefault("higher_is_better", not unit.startswith("s/"))
        return cls(name, unit, statistics.median(values), min(values), max(values), len(values),
                   **fields)

    @classmethod
    def per_item(cls, name: str, per: str, seconds: Sequence[float], items: float,
                 **fields: Any) -> Figure:
        """Seconds per item of passes taking `seconds` over `items` items each."""
        return cls.of_values(name, f"s/{per}", [s / items for s in seconds], **fields)

    @classmethod
    def rate(cls, name: str, what: str, seconds: Sequence[float], items: float,
             **fields: Any) -> Figure:
        """Items (`what`) per second of passes taking `seconds` over `items` items each."""
        return cls.of_values(name, f"{what}/s", [items / s for s in seconds], **fields)

    @classmethod
    def merged(cls, rounds: Sequence[Figure]) -> Figure:
        """One figure of the same figure measured in several rounds of a run: the median of
        their medians, the least low and the greatest high, every pass; the peers' medians
        likewise; the first round's detail."""
        first = rounds[0]
        peers = {label: PeerFigure(statistics.median(f.peers[label].median for f in rounds
                                                     if label in f.peers), peer.detail)
                 for label, peer in first.peers.items()}
        return replace(first, median=statistics.median(f.median for f in rounds),
                       low=min(f.low for f in rounds), high=max(f.high for f in rounds),
                       reps=sum(f.reps for f in rounds), peers=peers)

    @property
    def table_row(self) -> str:
        return self.row or self.name

    def text(self, value: float | None = None) -> str:
        """`value` (the median by default) in this figure's unit, for people."""
        value = self.median if value is None else value
        if self.unit.startswith("s/"):
            return f"{fmt_time(value)}/{self.unit[2:]}"
        if self.unit.endswith("/s"):
            return fmt_rate(value, self.unit[:-2])
        return f"{value:,.0f} {self.unit}"

    def cell(self) -> str:
        return self.text() + (f", {self.detail}" if self.detail else "")

    def slower(self, value: float) -> float:
        """How many times slower (worse) `value` is than this figure's median."""
        return self.median / value if self.higher_is_better else value / self.median

    def peer_cell(self, label: str) -> str:
        peer = self.peers[label]
        return (f"{self.text(peer.median)}: {ratio(self.slower(peer.median))}"
                + (f" ({peer.detail})" if peer.detail else ""))

    def as_json(self) -> dict[str, Any]:
        return {"section": self.section, "name": self.name, "unit": self.unit,
                "median": self.median, "low": self.low, "high": self.high, "reps": self.reps,
                "better": "higher" if self.higher_is_better else "lower",
                "detail": self.detail, "row": self.table_row, "headline": self.headline,
                "peers": {label: {"median": p.median, "detail": p.detail}
                          for label, p in self.peers.items()}}

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> Figure:
        return cls(record["name"], record["unit"], record["median"], record["low"], record["high"],
                   record["reps"], record["better"] == "higher", section=record["section"],
                   detail=record["detail"], row=record["row"], headline=record["headline"],
                   peers={label: PeerFigure(p["median"], p["detail"])
                          for label, p in record["peers"].items()})


@dataclass
class Section:
    """A section's figures and the paragraph under its table that explains them ("": none)."""

    figures: list[Figure]
    note: str = ""
