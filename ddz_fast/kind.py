"""The kinds of combination (RULES.md section 5; the shuttles, section 9)."""

import enum
from typing import Any

from .checks import check_int

__all__ = ["Kind"]


class Kind(enum.StrEnum):
    """A kind of combination. Its value is the API name; ``code`` is its integer code (0..19),
    the ``kind`` field of ``MOVE_DTYPE``. The shuttles (codes 14..18) exist only under
    ``Rules(shuttle=...)``, the long bomb (19: 5 to 12 cards of a rank, wild cards among
    them) only under ``Rules(long_bombs=True)`` (RULES.md 10)."""

    SINGLE = "single"
    PAIR = "pair"
    TRIO = "trio"
    TRIO_SINGLE = "trio_single"
    TRIO_PAIR = "trio_pair"
    STRAIGHT = "straight"
    PAIR_CHAIN = "pair_chain"
    PLANE = "plane"
    PLANE_SINGLES = "plane_singles"
    PLANE_PAIRS = "plane_pairs"
    FOUR_TWO_SINGLES = "four_two_singles"
    FOUR_TWO_PAIRS = "four_two_pairs"
    BOMB = "bomb"
    ROCKET = "rocket"
    SHUTTLE = "shuttle"
    SHUTTLE_SINGLES = "shuttle_singles"
    SHUTTLE_PAIRS = "shuttle_pairs"
    SHUTTLE_TWO_SINGLES = "shuttle_two_singles"
    SHUTTLE_TWO_PAIRS = "shuttle_two_pairs"
    LONG_BOMB = "long_bomb"

    @property
    def code(self) -> int:
        return _CODES[self]

    @classmethod
    def from_code(cls, code: int) -> "Kind":
        """The kind of integer code ``code`` (0..19; numpy integers too): ``TypeError`` for a
        bool or anything else that is no integer, ``ValueError`` for another integer."""
        return _KINDS[check_int(code, "code", 0, len(_KINDS) - 1)]


_KINDS = tuple(Kind)
_CODES = {kind: code for code, kind in enumerate(_KINDS)}


def as_kind(value: Any, name: str = "kind", error: type[ValueError] = ValueError) -> "Kind":
    """The kind ``value`` names: a ``Kind``, its name, or its code as ``Kind.from_code`` takes
    it. ``TypeError`` for anything else (a bool too), ``error`` for an unknown name or code."""
    if isinstance(value, str):
        if value not in _NAMES:
            raise error(f"unknown {name} {value!r}; kinds are {', '.join(Kind)}")
        return Kind(value)
    try:
        code = check_int(value, name, 0, len(_KINDS) - 1, error=error)
    except TypeError:
        raise TypeError(f"{name} must be a Kind, its name or its code 0..{len(_KINDS) - 1}, "
                        f"not {type(value).__name__} ({value!r})") from None
    return _KINDS[code]


_NAMES = frozenset(kind.value for kind in _KINDS)
