"""The kinds of combination (RULES.md section 5)."""

import enum


class Kind(enum.StrEnum):
    """A kind of combination. Its value is the API name; ``code`` is its integer code (0..13),
    the ``kind`` field of ``MOVE_DTYPE``."""

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

    @property
    def code(self) -> int:
        return _CODES[self]

    @classmethod
    def from_code(cls, code: int) -> "Kind":
        if not 0 <= code < len(_KINDS):
            raise ValueError(f"no kind has code {code!r} (codes are 0..{len(_KINDS) - 1})")
        return _KINDS[code]


_KINDS = tuple(Kind)
_CODES = {kind: code for code, kind in enumerate(_KINDS)}
