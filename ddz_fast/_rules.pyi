import argparse
from collections.abc import Callable
from typing import Any, Final, Literal

from typing_extensions import disjoint_base

from .typing import RulesLike

MAX_MOVES: int
HIGHEST_BID: int
REDEAL_LIMIT: int
AUCTIONS: tuple[str, ...]
ALL_PASS: tuple[str, ...]
SCORINGS: tuple[str, ...]
STAGES: tuple[str, ...]
SHUTTLES: tuple[str, ...]
SHUTTLE_WINGS: tuple[str, ...]
MOST_SHUTTLE_BOMBS: int
WILDS: tuple[str, ...]
BOMB_ORDERS: tuple[str, ...]
SIDES: tuple[str, ...]
ATTACHMENTS: tuple[str, ...]
JOKER_PAIRS: tuple[str, ...]
BOMB_RANKINGS: tuple[str, ...]
ATTACHMENT_KINDS_OFF: dict[str, int]
FOUR_PLAYER_FIELDS: tuple[str, ...]
MULTIPLIERS: tuple[int, ...]
MOST_BOMBS: int
SHUTTLE_KINDS: int
SHUTTLE_WING_KINDS: dict[str, int]

_Setter = Callable[[dict[str, int], Any], None]

class Field:
    name: str
    default: Any
    stage: str
    help: str
    c: _Setter
    option: str
    def __init__(self, name: str, default: Any, stage: str, help: str, c: _Setter) -> None: ...

class Flag(Field):
    default: bool
    def check(self, value: object) -> bool: ...
    def add_option(self, parser: argparse.ArgumentParser) -> None: ...
    def spell(self, value: bool) -> str: ...
    def write(self, value: bool) -> str: ...
    def read(self, text: str) -> object: ...

class Choice(Field):
    default: str
    choices: tuple[str, ...]
    def __init__(self, name: str, choices: tuple[str, ...], default: str, stage: str,
                 help: str, c: _Setter) -> None: ...
    def check(self, value: object) -> str: ...
    def add_option(self, parser: argparse.ArgumentParser) -> None: ...
    def spell(self, value: str) -> str: ...
    def write(self, value: str) -> str: ...
    def read(self, text: str) -> object: ...

class Count(Field):
    default: int
    low: int
    high: int
    def __init__(self, name: str, low: int, high: int, default: int, stage: str, help: str,
                 c: _Setter) -> None: ...
    def check(self, value: object) -> int: ...
    def add_option(self, parser: argparse.ArgumentParser) -> None: ...
    def spell(self, value: int) -> str: ...
    def write(self, value: int) -> str: ...
    def read(self, text: str) -> object: ...

class Multiplier(Count):
    def __init__(self, name: str, default: int, stage: str, help: str, c: _Setter) -> None: ...

def check_players(values: tuple[Any, ...]) -> None: ...
def doublings(factor: int) -> int: ...
def tier_multiplier(name: str, tier: int, what: str) -> Multiplier: ...

FIELDS: tuple[Flag | Choice | Count, ...]
PRESETS: dict[str, dict[str, Any]]

# The fields of FIELDS, in its order: tests/rules/test_rules.py checks that the attributes, __init__
# and replace() below declare each of them.
@disjoint_base
class Rules:
    distinct_single_wings: Final[bool]
    auction: Final[Literal["open", "single_round", "none"]]
    four_with_two: Final[bool]
    distinct_four_two_singles: Final[bool]
    quad_wings: Final[bool]
    extending_wings: Final[bool]
    all_pass: Final[Literal["redeal", "end"]]
    scoring: Final[Literal["points", "win", "wp", "adp", "logadp"]]
    spring: Final[bool]
    rocket_kickers: Final[bool]
    shuttle: Final[Literal["off", "ordinary", "super_bomb"]]
    shuttle_wings: Final[Literal["none", "one", "two"]]
    shuttle_bombs: Final[int]
    wilds: Final[Literal["none", "one", "two"]]
    bomb_order: Final[Literal["rocket_top", "pure_top"]]
    soft_bomb_multiplier: Final[int]
    hard_bomb_multiplier: Final[int]
    pure_bomb_multiplier: Final[int]
    rocket_multiplier: Final[int]
    long_bombs: Final[bool]
    players: Final[int]
    sides: Final[Literal["1v3", "2v2"]]
    attachments: Final[Literal["any", "pairs", "plane_pairs"]]
    joker_pairs: Final[Literal["same_colour", "none"]]
    bomb_ranking: Final[Literal["size", "tiers"]]
    def __init__(self, distinct_single_wings: bool = False, auction: Literal["open", "single_round", "none"] = "open",
                 four_with_two: bool = True, distinct_four_two_singles: bool = True,
                 quad_wings: bool = True, extending_wings: bool = True,
                 all_pass: Literal["redeal", "end"] = "redeal",
                 scoring: Literal["points", "win", "wp", "adp", "logadp"] = "points",
                 spring: bool = True, rocket_kickers: bool = False,
                 shuttle: Literal["off", "ordinary", "super_bomb"] = "off",
                 shuttle_wings: Literal["none", "one", "two"] = "one",
                 shuttle_bombs: int = 1, wilds: Literal["none", "one", "two"] = "none",
                 bomb_order: Literal["rocket_top", "pure_top"] = "rocket_top",
                 soft_bomb_multiplier: int = 2, hard_bomb_multiplier: int = 2,
                 pure_bomb_multiplier: int = 2, rocket_multiplier: int = 2,
                 long_bombs: bool = False, players: int = 3,
                 sides: Literal["1v3", "2v2"] = "1v3",
                 attachments: Literal["any", "pairs", "plane_pairs"] = "any",
                 joker_pairs: Literal["same_colour", "none"] = "same_colour",
                 bomb_ranking: Literal["size", "tiers"] = "size") -> None: ...
    def replace(self, *, distinct_single_wings: bool = ..., auction: Literal["open", "single_round", "none"] = ...,
                four_with_two: bool = ..., distinct_four_two_singles: bool = ...,
                quad_wings: bool = ..., extending_wings: bool = ..., all_pass: Literal["redeal", "end"] = ...,
                scoring: Literal["points", "win", "wp", "adp", "logadp"] = ..., spring: bool = ...,
                rocket_kickers: bool = ..., shuttle: Literal["off", "ordinary", "super_bomb"] = ...,
                shuttle_wings: Literal["none", "one", "two"] = ...,
                shuttle_bombs: int = ..., wilds: Literal["none", "one", "two"] = ...,
                bomb_order: Literal["rocket_top", "pure_top"] = ...,
                soft_bomb_multiplier: int = ..., hard_bomb_multiplier: int = ...,
                pure_bomb_multiplier: int = ..., rocket_multiplier: int = ...,
                long_bombs: bool = ..., players: int = ...,
                sides: Literal["1v3", "2v2"] = ...,
                attachments: Literal["any", "pairs", "plane_pairs"] = ...,
                joker_pairs: Literal["same_colour", "none"] = ...,
                bomb_ranking: Literal["size", "tiers"] = ...) -> Rules: ...
    @property
    def name(self) -> str | None: ...
    @staticmethod
    def preset(name: str) -> Rules: ...
    @staticmethod
    def presets() -> dict[str, Rules]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

def most_bombs(rules: Rules) -> int: ...
def as_rules(rules: RulesLike, four_players: bool = False) -> Rules: ...
def without_wilds(rules: Rules, what: str) -> Rules: ...
