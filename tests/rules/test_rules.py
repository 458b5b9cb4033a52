"""Rules: the field table, presets, round trips, errors, the rules= argument of every entry
point, command-line options and the stub."""

import argparse
import ast
import os
import pickle

import numpy as np
import pytest

import ddz_fast
from ddz_fast import (
    Game, Hand, InvalidMoveError, InvalidPositionError, Move, Position, Rules, UnsupportedRulesError, legal_moves,
)
from ddz_fast._rules import (
    FIELDS, FOUR_PLAYER_FIELDS, MAX_MOVES, MULTIPLIERS, PRESETS, STAGES, Choice, Count, Flag,
    Multiplier, as_rules,
)
from ddz_fast.tools.options import add_rule_options, rules_from_args
from helpers import MOST_LEADS, PLAIN_PRESETS, Crafted, check_rules_argument, is_raised, outcome

STUB = os.path.join(os.path.dirname(ddz_fast.__file__), "_rules.pyi")   # as installed
NAMES = [field.name for field in FIELDS]


def values_of(field):
    """Every value a field may take."""
    if isinstance(field, Flag):
        return [False, True]
    if isinstance(field, Choice):
        return list(field.choices)
    if isinstance(field, Multiplier):       # (a Count of some values only)
        return list(MULTIPLIERS)
    if isinstance(field, Count):
        return list(range(field.low, field.high + 1))
    raise AssertionError(f"a new kind of field, {type(field).__name__}, needs its values here")


# The four-player game of two decks (RULES.md 11): no preset yet, so its rule set is a base of
# the variants too.
FOUR_PLAYERS = Rules(players=4, four_with_two=False)


def refused(rules, name, value):
    """Rules refuses `rules` with `name` set to `value`: wild cards with the space shuttle
    (cards_moves/test_wilds.py), a four-player field under three players, and four players
    with a four with two, wild cards or the shuttle (cards_moves/test_two_decks.py)."""
    changed = {**{field.name: getattr(rules, field.name) for field in FIELDS}, name: value}
    return ((changed["wilds"] != "none" and changed["shuttle"] != "off")
            or (changed["players"] == 3 and any(changed[f] != getattr(Rules(), f)
                                                for f in FOUR_PLAYER_FIELDS))
            or (changed["players"] == 4 and (changed["four_with_two"] or changed["wilds"] != "none"
                                             or changed["shuttle"] != "off")))


def variants():
    """Every preset and the four-player rules, and each with one field set to each of its
    values, but those Rules refuses (`refused`)."""
    for rules in [*Rules.presets().values(), FOUR_PLAYERS]:
        yield rules
        for field in FIELDS:
            for value in values_of(field):
                try:
                    yield rules.replace(**{field.name: value})
                except UnsupportedRulesError:
                    assert refused(rules, field.name, value)
                else:
                    assert not refused(rules, field.name, value)



VARIANTS = list(dict.fromkeys(variants()))      # each distinct rule set once


# --- values, presets ---------------------------------------------------------------------------

def test_rules():
    default = Rules()
    assert default.distinct_single_wings is False and default.auction == "open"
    strict = Rules(distinct_single_wings=True, auction="single_round")
    assert eval(repr(strict), {"Rules": Rules}) == strict
    assert Rules() == default and hash(Rules()) == hash(default) and strict != default
    assert pickle.loads(pickle.dumps(strict)) == strict
    with pytest.raises(AttributeError):
        default.auction = "single_round"
    with pytest.raises(ValueError, match="auction"):
        Rules(auction="dutch")
    with pytest.raises(TypeError):
        Rules(distinct_single_wings="yes")
    with pytest.raises(ValueError, match="unknown preset 'default'"):
        legal_moves("3", rules="default")
    with pytest.raises(TypeError, match="rules must be"):
        legal_moves("3", rules={"auction": "open"})


def test_fields_default_to_rules_md():
    assert [(field.name, field.default, field.stage) for field in FIELDS] == [
        ("distinct_single_wings", False, "play"), ("auction", "open", "auction"),
        ("four_with_two", True, "play"), ("distinct_four_two_singles", True, "play"),
        ("quad_wings", True, "play"), ("extending_wings", True, "play"),
        ("all_pass", "redeal", "auction"), ("scoring", "points", "play"), ("spring", True, "play"),
        ("rocket_kickers", False, "play"), ("shuttle", "off", "play"),
        ("shuttle_wings", "one", "play"), ("shuttle_bombs", 1, "play"), ("wilds", "none", "play"),
        ("bomb_order", "rocket_top", "play"), ("soft_bomb_multiplier", 2, "play"),
        ("hard_bomb_multiplier", 2, "play"), ("pure_bomb_multiplier", 2, "play"),
        ("rocket_multiplier", 2, "play"), ("long_bombs", False, "play"),
        ("players", 3, "auction"), ("sides", "1v3", "auction"), ("attachments", "any", "play"),
        ("joker_pairs", "same_colour", "play"), ("bomb_ranking", "size", "play")]
    assert all(field.stage in STAGES for field in FIELDS)
    assert all(getattr(Rules(), field.name) == field.default for field in FIELDS)
    assert set(NAMES) <= set(dir(Rules()))


def test_presets():
    presets = Rules.presets()
    assert list(presets) == list(PRESETS) == ["standard", "strict", "rlcard", "openspiel", "douzero",
                                              "laizi", "tiandi_laizi", "four_1v3", "four_2v2"]
    assert Rules.preset("standard") == Rules()
    assert Rules.preset("strict") == Rules(distinct_single_wings=True)
    # RULES.md 10's presets: the platform table code's multipliers
    platform = {"soft_bomb_multiplier": 2, "hard_bomb_multiplier": 4, "pure_bomb_multiplier": 4,
                "rocket_multiplier": 4, "bomb_order": "rocket_top"}
    assert Rules.preset("laizi") == Rules(wilds="one", **platform)
    assert Rules.preset("tiandi_laizi") == Rules(wilds="two", long_bombs=True, **platform)
    # RULES.md 11's presets, as it writes them
    assert Rules.preset("four_1v3") == Rules(
        players=4, sides="1v3", attachments="pairs", joker_pairs="same_colour",
        bomb_ranking="size", four_with_two=False)
    assert Rules.preset("four_2v2") == Rules(
        players=4, sides="2v2", attachments="plane_pairs", joker_pairs="same_colour",
        bomb_ranking="size", four_with_two=False)
    for name, rules in presets.items():
        assert Rules.preset(name) is rules and rules.name == name
    assert len(set(presets.values())) == len(presets)        # so each rule set has one name
    presets.clear()                                          # a copy: the registry stays
    assert list(Rules.presets()) == list(PRESETS)
    assert Rules(auction="single_round").name is None
    back = Rules.preset("strict").replace(auction="single_round").replace(auction="open")
    assert back.name == "strict"


def test_the_switches_reach_the_kernels():
    wings = "333444+55"
    assert wings in {str(m) for m in legal_moves("3334445566", rules=Rules.preset("standard"))}
    assert wings not in {str(m) for m in legal_moves("3334445566", rules=Rules.preset("strict"))}
    shuttles = {(wings, standing): {str(m) for m in legal_moves(
                    "3333444456", "2", rules=Rules(shuttle=standing, shuttle_wings=wings))}
                for wings in ("none", "one", "two") for standing in ("ordinary", "super_bomb")}
    assert shuttles == {("none", "ordinary"): {"3333", "4444"},
                        ("one", "ordinary"): {"3333", "4444"},
                        ("two", "ordinary"): {"3333", "4444"},
                        ("none", "super_bomb"): {"3333", "4444", "33334444"},
                        ("one", "super_bomb"): {"3333", "4444", "33334444", "33334444+56"},
                        ("two", "super_bomb"): {"3333", "4444", "33334444"}}


# --- round trips, over every preset and every value of every field -----------------------------

@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
def test_round_trips(rules):
    assert eval(repr(rules), {"Rules": Rules}) == rules
    assert pickle.loads(pickle.dumps(rules)) == rules
    as_dict = {name: getattr(rules, name) for name in NAMES}
    again = Rules(**as_dict)
    assert again == rules and hash(again) == hash(rules) and again is not rules
    assert Rules(*as_dict.values()) == rules                 # positional, in table order
    assert rules.replace() == rules and Rules().replace(**as_dict) == rules
    assert all(type(getattr(rules, field.name)) is type(field.default) for field in FIELDS)


def test_repr_names_only_what_differs_from_the_defaults():
    assert repr(Rules()) == "Rules()" == repr(Rules.__new__(Rules))
    assert repr(Rules(True)) == "Rules(distinct_single_wings=True)"
    assert repr(Rules(auction="single_round")) == "Rules(auction='single_round')"
    assert (repr(Rules(True, "single_round"))
            == "Rules(distinct_single_wings=True, auction='single_round')")


def test_values_are_canonical():
    rules = Rules(distinct_single_wings=np.bool_(True), auction=np.str_("single_round"))
    assert rules.distinct_single_wings is True and type(rules.auction) is str
    assert rules == Rules(True, "single_round") and repr(rules) == repr(Rules(True, "single_round"))


# --- errors -----------------------------------------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda: Rules(wings=True),
    lambda: Rules().replace(wings=True),
    lambda: Rules.preset("strict").replace(auction="open", wings=True),
])
def test_an_unknown_field_is_a_type_error_naming_it(make):
    with pytest.raises(TypeError, match="'wings'"):
        make()


@pytest.mark.parametrize("changes, error", [
    ({"distinct_single_wings": 1}, TypeError),
    ({"distinct_single_wings": "yes"}, TypeError),
    ({"auction": 1}, TypeError),
    ({"auction": None}, TypeError),
    ({"auction": "dutch"}, ValueError),
    ({"auction": "Open"}, ValueError),
    ({"shuttle": True}, TypeError),
    ({"shuttle": "on"}, ValueError),
    ({"shuttle_bombs": 4}, ValueError),
    ({"shuttle_bombs": -1}, ValueError),
    ({"shuttle_bombs": True}, TypeError),
    ({"shuttle_bombs": "3"}, TypeError),
    ({"shuttle_bombs": 3.0}, TypeError),
])
def test_bad_values_raise_the_same_from_every_path(changes, error):
    (name,) = changes
    reduced = tuple(changes.get(n, field.default) for n, field in zip(NAMES, FIELDS))
    for make in (lambda: Rules(**changes), lambda: Rules.preset("strict").replace(**changes),
                 lambda: pickle.loads(pickle.dumps(Crafted(Rules, reduced)))):
        with pytest.raises(error, match=name):
            make()


def test_bad_arguments():
    with pytest.raises(TypeError, match=f"at most {len(FIELDS)} positional arguments"):
        Rules(*[field.default for field in FIELDS], True)
    with pytest.raises(TypeError, match="multiple values"):
        Rules(True, distinct_single_wings=True)
    with pytest.raises(ValueError, match="standard.*strict"):
        Rules.preset("pgx")
    with pytest.raises(TypeError, match="preset"):
        Rules.preset(None)


def test_rules_are_immutable():
    rules = Rules.preset("strict")
    for name in NAMES + ["name", "c", "values", "other"]:
        with pytest.raises(AttributeError):
            setattr(rules, name, None)
    with pytest.raises(TypeError, match="immutable"):
        rules.__init__(auction="single_round")
    assert rules == Rules(distinct_single_wings=True) == Rules.preset("strict")
    with pytest.raises(AttributeError, match="other"):
        rules.other


# --- the buffer bound -------------------------------------------------------------------------

def test_every_preset_was_proved_to_fit_the_buffers():
    assert MOST_LEADS.keys() == PLAIN_PRESETS.keys()
    for name, (hand, count) in MOST_LEADS.items():
        assert len(legal_moves(hand, rules=Rules.preset(name))) == count <= MAX_MOVES


@pytest.mark.parametrize("name, hand, wild_ranks", [
    ("laizi", "34567888999TJQKA2222", "2"),             # bench/max_moves.py --wilds one
    ("tiandi_laizi", "34567889TJQKAAAA2222", "2A"),     # ... --wilds two
])
def test_wild_presets_grow_their_buffers(name, hand, wild_ranks):
    # No bound like MAX_MOVES holds with wild cards (docs/design/move-generation.md): the hands
    # with the most leads found so far have more; every one of them comes out, once.
    moves = legal_moves(hand, rules=name, wild_ranks=wild_ranks)
    assert len(moves) > 10 * MAX_MOVES
    assert len({(m.row, m.substitutes, m.second_wilds, m.pure_wild) for m in moves}) == len(moves)


# --- rules=: a Rules, a preset name or None, read by as_rules everywhere ----------------------

HANDS = ["33344455BR", "666777889", "TTJJQQ"]
HAND_COUNTS = np.array([Hand(hand).counts for hand in HANDS])
FOUR_WITH_A_PAIR = Move.parse("3333+44", rules=Rules(distinct_four_two_singles=False))
SET_UP = Game.from_hands(["33344455", "6789TJ", "QKA2"]).position()
SET_UP_FIELDS = {name: getattr(Position.parse(SET_UP), name)
                 for name in Position.__dataclass_fields__ if name != "rules"}

# Each entry point called with rules=...: a preset's name must give what the preset gives.
ENTRY_POINTS = {
    "Game": lambda rules: Game(7, rules=rules),
    "Game.from_hands": lambda rules: Game.from_hands(HANDS, rules=rules),
    "Game.from_position": lambda rules: Game.from_position(**SET_UP_FIELDS, rules=rules),
    "Position": lambda rules: str(Position(**SET_UP_FIELDS, rules=rules)),
    "legal_moves": lambda rules: legal_moves("3334445566BR", "333+4", rules=rules),
    "legal_moves_batch": lambda rules: ddz_fast.legal_moves_batch(HAND_COUNTS, rules=rules),
    "legal_move_counts": lambda rules: ddz_fast.legal_move_counts(HAND_COUNTS, rules=rules),
    "classify": lambda rules: ddz_fast.classify("333444555666", rules=rules),
    "beats": lambda rules: ddz_fast.beats("44455533", "333444+67", rules=rules),
    "Move": lambda rules: Move("plane_singles", 2, 1, "33344455", rules=rules),
    "Move.parse": lambda rules: Move.parse("3333+45", rules=rules),
    "Move.from_row": lambda rules: Move.from_row(FOUR_WITH_A_PAIR.row, rules=rules),
    "every_play": lambda rules: ddz_fast.every_play(rules=rules),
    "ActionSpace": lambda rules: ddz_fast.ActionSpace(rules),
    "ActionSpace(rules=)": lambda rules: ddz_fast.ActionSpace(rules=rules),
    "simulate": lambda rules: ddz_fast.simulate(30, seed=5, rules=rules).records,
    "Series": lambda rules: [result.scores for result in ddz_fast.Series(
        3, seed=2, rules=rules).run([ddz_fast.GreedyPlayer()] * 3).results],
    "as_rules": as_rules,
}


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_every_rules_argument_takes_a_preset_name(entry):
    check_rules_argument(ENTRY_POINTS[entry])


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_the_calls_tell_the_presets_apart(entry):
    """A name read as the wrong preset would show: each call above differs between presets."""
    results = {repr(outcome(ENTRY_POINTS[entry], rules)) for rules in Rules.presets().values()}
    assert len(results) > 1


# The calls that play the four-player game so far (cards_moves/test_two_deck*.py,
# game/test_four_player_*.py and simulate_perft/test_simulate.py check them).
PLAYED_WITH_FOUR = {"legal_moves_batch", "legal_move_counts", "legal_moves", "classify", "beats",
                    "Move", "Move.parse", "Move.from_row", "Game", "Game.from_hands",
                    "Game.from_position", "Position", "simulate", "Series", "every_play",
                    "ActionSpace", "ActionSpace(rules=)"}


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_the_four_player_game_is_refused_where_it_is_not_played_yet(entry):
    if entry in PLAYED_WITH_FOUR:
        # played: the answer of its rules (four with two is no combination there), no refusal
        result = outcome(ENTRY_POINTS[entry], FOUR_PLAYERS)
        assert not (is_raised(result) and result[1] is UnsupportedRulesError), result
        if entry in ("Move.parse", "Move.from_row"):
            assert is_raised(result) and result[1] is InvalidMoveError, result
        return
    with pytest.raises((UnsupportedRulesError, InvalidPositionError), match="players=4"):
        ENTRY_POINTS[entry](FOUR_PLAYERS)


def test_as_rules():
    assert as_rules(None) == Rules() and as_rules("douzero") is Rules.preset("douzero")
    custom = Rules(auction="single_round")
    assert as_rules(custom) is custom
    with pytest.raises(ValueError, match="unknown preset 'Standard'; the presets are 'standard', "
                                         "'strict', 'rlcard', 'openspiel', 'douzero'"):
        as_rules("Standard")


def test_rules_none_is_the_default_rules():
    assert Game(7, rules=None).rules == Game(7).rules == Rules()
    assert ddz_fast.Series(1, rules=None).rules == Rules()
    assert ddz_fast.ActionSpace(None) == ddz_fast.ActionSpace() == ddz_fast.ActionSpace(Rules())


# --- command-line options ----------------------------------------------------------------------

def parse(argv, stages=STAGES):
    parser = argparse.ArgumentParser()
    add_rule_options(parser, stages)
    return rules_from_args(parser.parse_args(argv))


def test_options_choose_a_preset_and_change_it():
    assert parse([]) == Rules()
    for name, rules in Rules.presets().items():
        assert parse(["--rules", name]) == rules
        for field in FIELDS:
            for value in values_of(field):
                if refused(rules, field.name, value):
                    with pytest.raises(UnsupportedRulesError, match=field.name):
                        parse(["--rules", name, *field.spell(value).split()])
                    continue
                expected = rules.replace(**{field.name: value})
                assert parse(["--rules", name, *field.spell(value).split()]) == expected
                assert parse([*field.spell(value).split(), "--rules", name]) == expected


def test_the_old_flags_still_work():
    assert parse(["--distinct-single-wings"]) == Rules(distinct_single_wings=True)
    both = ["--auction", "single_round", "--distinct-single-wings"]
    assert parse(both) == Rules(True, "single_round")
    assert parse(["--rules", "strict", "--no-distinct-single-wings"]) == Rules()


def test_a_command_offers_the_fields_of_its_stages(capsys):
    # moves and perft start after the auction: an auction option would do nothing there.
    assert parse(["--rules", "strict"], ["play"]) == Rules.preset("strict")
    assert parse(["--no-distinct-single-wings"], ["play"]) == Rules()
    with pytest.raises(SystemExit):
        parse(["--auction", "open"], ["play"])
    assert "unrecognized arguments: --auction open" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--rules", "dutch"], ["--auction", "dutch"], ["--rules"],
                                  ["--distinct-single-wings=yes"]])
def test_bad_options_are_usage_errors(argv, capsys):
    parser = argparse.ArgumentParser()
    add_rule_options(parser)
    with pytest.raises(SystemExit) as exit:
        parser.parse_args(argv)
    assert exit.value.code == 2 and "error" in capsys.readouterr().err


def test_help_lists_every_preset_and_field():
    parser = argparse.ArgumentParser()
    add_rule_options(parser)
    text = " ".join(parser.format_help().split())
    assert "standard = the defaults; strict = --distinct-single-wings" in text
    assert all(field.option in text and " ".join(field.help.split()) in text for field in FIELDS)


# --- the stub ---------------------------------------------------------------------------------

def stub_rules():
    """The class Rules of _rules.pyi: its attributes, __init__ and replace parameters, as
    {name: annotation text} dicts in their order, and __init__'s defaults."""
    tree = ast.parse(open(STUB).read())
    cls = next(node for node in tree.body
               if isinstance(node, ast.ClassDef) and node.name == "Rules")
    attributes = {node.target.id: ast.unparse(node.annotation) for node in cls.body
                  if isinstance(node, ast.AnnAssign)}
    methods = {node.name: node.args for node in cls.body if isinstance(node, ast.FunctionDef)}
    init, replace = methods["__init__"], methods["replace"]
    parameters = {arg.arg: ast.unparse(arg.annotation) for arg in init.args[1:]}
    keywords = {arg.arg: ast.unparse(arg.annotation) for arg in replace.kwonlyargs}
    defaults = [ast.literal_eval(d) for d in init.defaults]
    return attributes, parameters, keywords, defaults


def annotation(field):
    """The stub's type of a field, as ast.unparse writes it."""
    if isinstance(field, Flag):
        return "bool"
    if isinstance(field, Choice):
        return f"Literal[{', '.join(repr(choice) for choice in field.choices)}]"
    if isinstance(field, Count):
        return "int"
    raise AssertionError(f"a new kind of field, {type(field).__name__}, needs its type here")


def test_the_stub_declares_every_field():
    attributes, parameters, keywords, defaults = stub_rules()
    expected = {field.name: annotation(field) for field in FIELDS}
    assert attributes == {name: f"Final[{kind}]" for name, kind in expected.items()}
    assert list(attributes) == list(parameters) == list(keywords) == NAMES
    assert parameters == keywords == expected
    assert defaults == [field.default for field in FIELDS]
