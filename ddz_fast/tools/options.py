"""The command line's rule options, built from the field table of ``Rules`` (``FIELDS``)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from ddz_fast._rules import FIELDS, PRESETS, STAGES, Rules


def add_rule_options(parser: argparse.ArgumentParser, stages: Sequence[str] = STAGES) -> None:
    """Add ``--rules NAME`` and an option per field of these stages, which changes that preset,
    to an argparse parser; ``rules_from_args`` reads them back."""
    def as_options(changes: dict[str, Any]) -> str:
        return " ".join(field.spell(changes[field.name]) for field in FIELDS
                        if field.name in changes) or "the defaults"

    presets = "; ".join(f"{name} = {as_options(changes)}" for name, changes in PRESETS.items())
    parser.add_argument("--rules", choices=tuple(PRESETS), default="standard",
                        help=f"the rule set: {presets}; the options below change it "
                             f"(default: %(default)s)")
    for field in FIELDS:
        if field.stage in stages:
            field.add_option(parser)


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The Rules that the options of ``add_rule_options`` chose (a field without its option
    keeps the preset's value)."""
    options = {field.name: getattr(args, field.name, None) for field in FIELDS}
    return Rules.preset(args.rules).replace(
        **{name: value for name, value in options.items() if value is not None})
