"""Rule sets: ``Rules`` (its fields, presets and ``replace``) and the auction styles ``AUCTIONS``.
Every ``rules=`` argument of the package takes a ``Rules``, a preset name or None (the default
rules)."""

from ._rules import AUCTIONS, Rules

__all__ = ["AUCTIONS", "Rules"]
