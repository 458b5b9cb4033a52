"""Rule sets: ``Rules`` (its fields, presets and ``replace``), the auction styles ``AUCTIONS``,
and the command-line options that build a ``Rules`` (``add_rule_options``, ``rules_from_args``)."""

from ._rules import AUCTIONS, Rules, add_rule_options, rules_from_args

__all__ = ["AUCTIONS", "Rules", "add_rule_options", "rules_from_args"]
