"""A run of ``ddz-fast bench`` as a document: its figures and what they were measured on (the
machine, Python, numpy, the build, ddz_fast's version and git commit, the date and the run's
sizes); saved as JSON (``--json``), printed as text tables or written as Markdown
(``--markdown``).
"""

from __future__ import annotations

import datetime
import json
import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import ddz_fast
from ddz_fast import build_info

from ..timing import machine, machine_info, plural
from .figures import Figure, Section
from .table import markdown_table, print_table

SCHEMA = 1
# What a figure's low and high are, as the JSON says it.
SPREAD = "min and max of the passes"
# The sections in the order they run and print, with their titles.
SECTIONS = {"movegen": "Move generation", "actions": "Action ids", "games": "Games",
            "throughput": "Throughput", "adapters": "Environments", "solver": "Solver"}
# How a run's line says its clock (settings["clock"]; runs before the option timed the wall).
CLOCK_WORDS = {"wall": "", "cpu": " in CPU time (this process's threads)"}
# The sections printed in their own table after the others' (their rows have no peers).
OWN_TABLE = ("solver",)


def passes_words(settings: dict[str, Any]) -> str:
    """'5 passes', '5 passes (5 rounds of 1)', with ' in CPU time ...' for the cpu clock (runs
    saved before the clock and rounds settings: the wall clock, one round)."""
    repeat, rounds = settings["repeat"], settings.get("rounds", 1)
    spread = f" ({rounds:,} rounds of {repeat:,})" if rounds > 1 else ""
    return (plural(repeat * rounds, "pass", "passes") + spread
            + CLOCK_WORDS[settings.get("clock", "wall")])


def git_commit() -> tuple[str | None, bool | None]:
    """The commit of the checkout ddz_fast is imported from and whether its files differ from
    it, or (None, None) when it is not imported from a git checkout (an installed wheel)."""
    root = Path(ddz_fast.__file__).resolve().parent.parent

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True,
                              check=True, timeout=30).stdout.strip()
    try:
        if Path(git("rev-parse", "--show-toplevel")).resolve() != root:
            return None, None          # a git repository that holds an installed copy
        return git("rev-parse", "HEAD"), bool(git("status", "--porcelain", "--untracked-files=no"))
    except (OSError, subprocess.SubprocessError):
        return None, None


@dataclass
class Run:
    """The figures of a run, each section's note and what the run was measured on."""

    figures: list[Figure]
    notes: dict[str, str]
    settings: dict[str, Any]
    date: str = ""
    machine: dict[str, Any] = field(default_factory=dict)
    build: dict[str, Any] = field(default_factory=dict)
    version: str = ""
    commit: str | None = None
    dirty: bool | None = None

    @classmethod
    def of_sections(cls, sections: dict[str, Section], settings: dict[str, Any]) -> Run:
        """A run of `sections` measured here, now."""
        commit, dirty = git_commit()
        return cls([f for section in sections.values() for f in section.figures],
                   {name: section.note for name, section in sections.items()}, settings,
                   datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                   machine_info(), dict(build_info()), ddz_fast.__version__, commit, dirty)

    def as_json(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "date": self.date, "version": self.version,
                "commit": self.commit, "dirty": self.dirty, "machine": self.machine,
                "build": self.build, "settings": self.settings, "spread": SPREAD,
                "notes": self.notes, "figures": [f.as_json() for f in self.figures]}

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> Run:
        if document.get("schema") != SCHEMA:
            raise ValueError(f"not a ddz-fast bench run of schema {SCHEMA} "
                             f"(schema {document.get('schema')!r})")
        return cls([Figure.from_json(f) for f in document["figures"]], document["notes"],
                   document["settings"], document["date"], document["machine"],
                   document["build"], document["version"], document["commit"],
                   document["dirty"])

    def save(self, path: str | os.PathLike[str]) -> None:
        Path(path).write_text(json.dumps(self.as_json(), indent=1, ensure_ascii=False) + "\n",
                              encoding="utf-8")

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Run:
        try:
            return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError, KeyError, TypeError) as e:
            raise ValueError(f"{path}: not a ddz-fast bench run ({e})") from None

    @property
    def label(self) -> str:
        """The run's commit (12 digits, '+' where the files differed from it) or version."""
        if self.commit is None:
            return self.version
        return self.commit[:12] + ("+" if self.dirty else "")

    def describe(self) -> str:
        """A line saying what the run measured: ddz_fast's version and commit, the build, the
        machine, the date and the passes."""
        return (f"ddz_fast {self.version} ({self.label}), {self.build.get('build')} build, on "
                f"{machine(self.machine)}; {self.date[:10]}; medians of "
                f"{passes_words(self.settings)}")

    @property
    def clock(self) -> str:
        return str(self.settings.get("clock", "wall"))

    def sections(self) -> dict[str, list[Figure]]:
        """The figures of each section, in the sections' order."""
        grouped: dict[str, list[Figure]] = {name: [] for name in SECTIONS if name in self.notes}
        for figure in self.figures:
            grouped.setdefault(figure.section, []).append(figure)
        return grouped


def print_run(out: TextIO, run: Run) -> None:
    """The run's table (the sections of OWN_TABLE in their own, after) with the notes."""
    sections = run.sections()
    shared = [f for name, figures in sections.items() if name not in OWN_TABLE for f in figures]
    if shared:
        print_table(out, shared)
    for name in sections:
        if name not in OWN_TABLE and run.notes.get(name):
            print(f"\n{run.notes[name]}", file=out)
    for name in OWN_TABLE:
        if name in sections:
            print(f"\n{run.notes[name]}", file=out)
            print_table(out, sections[name], first=SECTIONS[name].lower())


def markdown(run: Run) -> str:
    """The run as Markdown: what it was measured on, then a table per section with its note."""
    parts = [f"Measured by `ddz-fast bench`: {run.describe()}.\n"]
    for name, figures in run.sections().items():
        parts.append(f"\n### {SECTIONS.get(name, name)}\n")
        if figures:
            parts.append("\n" + markdown_table(figures))
        if run.notes.get(name):
            parts.append(f"\n{run.notes[name]}\n")
    return "".join(parts)
