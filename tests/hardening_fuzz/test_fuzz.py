"""Fuzz tests: every public entry point, given arbitrary text, numbers, arrays or pickles, gives
a correct result or a documented exception, and never changes a game when it raises.

Expected outcomes come from small models of the documented behaviour written here (card text,
the integer convention of ddz_fast/checks.py) and from the pure-Python reference
(tests/oracles/reference.py, tests/oracles/reference_game.py), never from the engine's own output.
"""

import operator
import re
import pickle
import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context
from hypothesis.extra import numpy as hnp

from ddz_fast import (
    MOVE_DTYPE, PASS, ActionSpace, AmbiguousMoveError, Game, Hand, IllegalActionError,
    IllegalBidError, IllegalMoveError, InvalidCardsError, InvalidMoveError, InvalidPositionError,
    Kind, Move, Rules, Tables, beats, classify, legal_move_counts, legal_moves, legal_moves_batch,
    perft, score, simulate,
)
from ddz_fast._game import _replay
from ddz_fast._moves import _unpickle_move
from ddz_fast._rules import MOST_BOMBS
from helpers import DECK, KIND_NAMES, as_tuples, snapshot
from oracles import perft_table, reference
from oracles.perft_table import read as read_perft_line
from oracles.reference_game import deal as reference_deal

SYMBOLS = "3456789TJQKA2BR"
LIMITS = [4] * 13 + [1, 1]
FULL_DECK = LIMITS
# A Hand holds the cards of up to two decks, at most 33 (the four-player game, RULES.md 11);
# what plays one deck refuses more than LIMITS and 20 cards.
HAND_LIMITS = [8] * 13 + [2, 2]
HAND_CARDS = 33
ALL_RULES = [Rules(), Rules(distinct_single_wings=True), Rules(auction="single_round"),
             Rules(distinct_single_wings=True, auction="single_round")]
FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def fuzz(examples):
    return settings(FAST, max_examples=examples)


# --- models of the documented behaviour ------------------------------------------------------
# An outcome is either a value or the exception class the call must raise.

def is_error(outcome):
    return isinstance(outcome, type) and issubclass(outcome, BaseException)


def outcome_of(call):
    """What the engine did: its result, or the exception it raised (any type)."""
    try:
        result, error = call(), None
    except Exception as e:          # noqa: BLE001 - the type is what the tests check
        result, error = None, e
    if currently_in_test_context():  # pytest --hypothesis-show-statistics shows the mix
        event(f"raised {type(error).__name__}" if error else "returned")
    return result, error


def expect_error(expected, error):
    assert error is not None, f"expected {expected.__name__}, got a result"
    assert type(error) is expected, f"expected {expected.__name__}, got {type(error).__name__}: {error}"


def check_against(expected, call, check):
    """The engine's outcome of call() against the model's: the same exception type, or a
    result that check(result, expected) accepts."""
    result, error = outcome_of(call)
    if is_error(expected):
        expect_error(expected, error)
    else:
        assert error is None, repr(error)
        check(result, expected)


def int_model(value, low, high, error=ValueError):
    """checks.py's convention: operator.index-able integers, bool and float refused."""
    if isinstance(value, (bool, np.bool_)):
        return TypeError
    try:
        number = operator.index(value)
    except TypeError:
        return TypeError
    if (low is not None and number < low) or (high is not None and number > high):
        return error
    return number


def text_counts(text):
    """Rank counts of card text as the README writes it (symbols of 3456789TJQKA2BR in any
    case, 10 for T, spaces and commas ignored); None for an unknown symbol."""
    counts = [0] * 15
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in " ,":
            i += 1
        elif text.startswith("10", i):
            counts[SYMBOLS.index("T")] += 1
            i += 2
        elif ch in "3456789TJQKA2BRtjqkabr":
            counts[SYMBOLS.index(ch.upper())] += 1
            i += 1
        else:
            return None
    return counts


def within_deck(counts, max_cards=20, limits=LIMITS):
    return all(0 <= c <= limit for c, limit in zip(counts, limits)) and sum(counts) <= max_cards


def counts_model(seq, max_cards=20, limits=LIMITS):
    """15 rank counts given as a sequence or a 1-D array."""
    shape = getattr(seq, "shape", None)
    if shape is not None and len(shape) != 1:
        return InvalidCardsError
    if len(seq) != 15:
        return InvalidCardsError
    counts = []
    for r in range(15):
        value = int_model(seq[r], None, None)
        if is_error(value):
            return value
        if not 0 <= value <= limits[r]:
            return InvalidCardsError
        counts.append(value)
    return counts if sum(counts) <= max_cards else InvalidCardsError


def cards_model(cards, max_cards=20, limits=LIMITS):
    """Card arguments (text, a Hand, a Move or 15 counts) as counts, or the error: of one deck
    (the default: what plays three players), or within `limits` (a Hand: HAND_LIMITS)."""
    if isinstance(cards, str):
        counts = text_counts(cards)
        return counts if counts is not None and within_deck(counts, max_cards, limits) else InvalidCardsError
    if isinstance(cards, (Hand, Move)):
        counts = cards.counts.tolist()
        return counts if within_deck(counts, max_cards, limits) else InvalidCardsError
    if hasattr(cards, "__len__") and hasattr(cards, "__getitem__"):
        return counts_model(cards, max_cards, limits)
    return TypeError


def hand_model(cards):
    """Hand(cards): up to two decks."""
    return cards_model(cards, HAND_CARDS, HAND_LIMITS)


def packed_model(value):
    """Hand.from_packed: nibble r holds the count of rank r; nothing above rank 14."""
    number = int_model(value, 0, 2 ** 64 - 1, InvalidCardsError)
    if is_error(number):
        return number
    counts = [(number >> (4 * r)) & 0xF for r in range(16)]
    if counts[15] or not within_deck(counts[:15], HAND_CARDS, HAND_LIMITS):
        return InvalidCardsError
    return counts[:15]


def main_part(reading, counts):
    """The counts of the main part of a reference reading (str() writes them before '+')."""
    kind, length, main = reading
    part = [0] * 15
    if kind in ("single", "pair", "trio", "bomb", "straight", "pair_chain", "plane", "rocket"):
        return list(counts)
    if kind in ("trio_single", "trio_pair"):
        part[main] = 3
    elif kind in ("plane_singles", "plane_pairs"):
        for r in range(main - length + 1, main + 1):
            part[r] = 3
    else:                                   # four with two
        part[main] = 4
    return part


def parse_model(text, distinct=False):
    """Move.parse per its docstring: "pass", or cards with one reading, the main part before a
    '+'; text without '+' names the reading without kickers if there is one."""
    if not isinstance(text, str):
        return TypeError
    if text.strip().lower() == "pass":
        return PASS
    main_text, plus, kicker_text = text.partition("+")
    main, kickers = cards_model(main_text), cards_model(kicker_text)
    if is_error(main) or is_error(kickers):
        return InvalidCardsError
    cards = [a + b for a, b in zip(main, kickers)]
    if not within_deck(cards):
        return InvalidMoveError
    found = sorted(reference.readings(tuple(cards), distinct))
    if plus:
        found = [r for r in found if main_part(r, cards) == main]
    elif len(found) > 1:
        found = [r for r in found if main_part(r, cards) == cards] or found
    if len(found) == 1:
        return found[0] + (tuple(cards),)
    return InvalidMoveError if not found else AmbiguousMoveError


def ref(move):
    """A Move as the reference's tuple."""
    return (str(move.kind), move.length, move.main, tuple(move.counts.tolist()))


def same_move(move, expected):
    """`move` is the reference tuple `expected` (kind name, length, main, counts)."""
    assert isinstance(move, Move)
    assert ref(move) == (expected[0], expected[1], expected[2], tuple(expected[3]))


def check_move(move, rules=None):
    """A Move the API handed out is a reading that its text gives back."""
    if move == PASS:
        assert str(move) == "pass" and Move.parse("pass") is PASS
        return
    switches = {name: getattr(rules or Rules(), name) for name in (
        "distinct_single_wings", "four_with_two", "distinct_four_two_singles", "quad_wings",
        "extending_wings", "rocket_kickers", "shuttle", "shuttle_wings")}
    assert (str(move.kind), move.length, move.main) in reference.readings(tuple(move.counts.tolist()), **switches)
    assert Move.parse(str(move), rules=rules) == move
    assert move in classify(move.cards, rules=rules)
    assert pickle.loads(pickle.dumps(move)) == move


def check_hand(hand, counts):
    assert isinstance(hand, Hand) and hand.counts.tolist() == list(counts)
    assert within_deck(hand.counts.tolist(), HAND_CARDS, HAND_LIMITS)
    assert len(hand) == sum(counts) <= HAND_CARDS
    assert Hand(str(hand)) == hand and Hand.from_packed(hand.packed) == hand
    assert pickle.loads(pickle.dumps(hand)) == hand


# --- strategies ------------------------------------------------------------------------------

@st.composite
def valid_counts(draw, max_cards=20, limits=LIMITS):
    counts = [draw(st.integers(0, limit)) for limit in limits]
    while sum(counts) > max_cards:
        counts[draw(st.sampled_from([r for r in range(15) if counts[r]]))] -= 1
    return counts


def counts_text(counts):
    return "".join(SYMBOLS[r] * c for r, c in enumerate(counts))


CARD_TEXT = st.text(st.sampled_from(list("3456789TJQKA2BRtjqkabr10 ,")), max_size=24)
MOVE_TEXT = st.lists(st.sampled_from(list("3456789TJQKA2BR+ ") + ["10", "pass"]), max_size=14).map("".join)
ANY_TEXT = st.text(max_size=24)
NUMPY_INTS = st.one_of(
    st.integers(-2 ** 63, 2 ** 63 - 1).map(np.int64), st.integers(0, 2 ** 64 - 1).map(np.uint64),
    st.integers(0, 255).map(np.uint8), st.integers(-128, 127).map(np.int8))
GARBAGE = st.one_of(
    st.none(), st.booleans(), st.floats(), st.integers(), st.just(np.True_), st.just(np.float64(2.0)),
    st.binary(max_size=3), st.just(object()), st.just([1, 2]), st.just(1j))
NOT_INTS = st.one_of(
    st.none(), st.booleans(), st.floats(), st.just(np.True_), st.just(np.float64(2.0)),
    st.binary(max_size=3), st.just(object()), st.just([1, 2]), st.just(1j), st.text(max_size=2))
INTS = st.one_of(st.integers(-3, 300), st.integers(), NUMPY_INTS, st.booleans(), st.floats(),
                 st.none(), st.text(max_size=2), st.just(np.True_))
HAND_TEXT = valid_counts().map(counts_text)
TWO_DECKS = valid_counts(HAND_CARDS, HAND_LIMITS)       # what a Hand may hold
RULES = st.sampled_from([None, Rules(), Rules(distinct_single_wings=True)])


@st.composite
def real_moves(draw, rules=None):
    """A move of some hand (its legal leads), or PASS now and then."""
    moves = legal_moves(draw(valid_counts()), rules=rules)
    if not moves or draw(st.integers(0, 15)) == 0:
        return PASS
    return moves[draw(st.integers(0, len(moves) - 1))]


CARDS_ARGS = st.one_of(
    valid_counts(), HAND_TEXT, valid_counts().map(Hand), valid_counts().map(tuple), CARD_TEXT,
    TWO_DECKS.map(Hand), TWO_DECKS.map(counts_text),
    ANY_TEXT, st.lists(INTS, min_size=15, max_size=15), st.lists(INTS, max_size=17), GARBAGE,
    real_moves())
MOVE_ARGS = st.one_of(
    real_moves(), real_moves().map(str), MOVE_TEXT, CARD_TEXT, ANY_TEXT, st.just(PASS),
    st.just("pass"), GARBAGE, valid_counts().map(Hand))


# --- Hand ------------------------------------------------------------------------------------

@fuzz(300)
@given(st.one_of(CARD_TEXT, HAND_TEXT, ANY_TEXT, TWO_DECKS.map(counts_text)))
@example("\ud800")
@example("3\x00")
@example("1")
@example("1010 10,10 10")
@example("3333 3")
@example("3333 3333 3")
@example("BBB")
@example("K\u212a")                 # the Kelvin sign lowercases to k
def test_hand_from_text(text):
    expected = hand_model(text)
    check_against(expected, lambda: Hand(text), check_hand)


@fuzz(300)
@given(st.one_of(
    valid_counts(), valid_counts().map(tuple), st.lists(INTS, min_size=15, max_size=15),
    st.lists(INTS, max_size=20).map(tuple), st.binary(min_size=15, max_size=15), TWO_DECKS))
def test_hand_from_sequence(seq):
    expected = counts_model(seq, HAND_CARDS, HAND_LIMITS)
    check_against(expected, lambda: Hand(seq), check_hand)


ARRAY_DTYPES = [np.uint8, np.int8, np.uint16, np.int16, np.int32, np.uint32, np.int64, np.uint64,
                np.bool_, np.float32, np.float64, np.complex64, np.dtype("U2"), np.dtype(">i4")]


def array_elements(dtype):
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        return st.one_of(st.integers(0, 4), st.integers(0, 8), st.integers(0, 1), hnp.from_dtype(dtype))
    return hnp.from_dtype(dtype)


ARRAY_SHAPES = st.one_of(st.just((15,)), hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=16))
ARRAYS = st.sampled_from(ARRAY_DTYPES).flatmap(
    lambda dtype: hnp.arrays(dtype, ARRAY_SHAPES, elements=array_elements(dtype)))


@fuzz(300)
@given(st.one_of(ARRAYS, valid_counts().map(lambda c: np.array(c, dtype=np.int64)),
                 TWO_DECKS.map(lambda c: np.array(c, dtype=np.uint8))))
def test_hand_from_array(array):
    expected = counts_model(array, HAND_CARDS, HAND_LIMITS)
    check_against(expected, lambda: Hand(array), check_hand)


@fuzz(300)
@given(st.one_of(
    valid_counts().map(lambda c: sum(n << (4 * r) for r, n in enumerate(c))),
    TWO_DECKS.map(lambda c: sum(n << (4 * r) for r, n in enumerate(c))),
    st.integers(0, 2 ** 64 - 1), st.integers(), st.integers(-2 ** 70, 2 ** 70), NUMPY_INTS,
    st.booleans(), st.floats(), st.text(max_size=3), st.none(), st.just(np.True_)))
@example(2 ** 64)
@example(-1)
@example(1 << 60)                  # a count beyond rank 14
def test_hand_from_packed(value):
    expected = packed_model(value)
    hand, error = outcome_of(lambda: Hand.from_packed(value))
    if is_error(expected):
        expect_error(expected, error)
    else:
        assert error is None, repr(error)
        check_hand(hand, expected)


# --- Move ------------------------------------------------------------------------------------

@fuzz(400)
@given(st.one_of(MOVE_TEXT, CARD_TEXT, real_moves().map(str), ANY_TEXT, GARBAGE), RULES)
@example("333+4+5", None)
@example(" PaSs\n", None)
@example("+", None)
@example("333444555666", None)
@example("33334444", None)           # two readings, both with kickers: ambiguous
def test_move_parse(text, rules):
    expected = parse_model(text, rules is not None and rules.distinct_single_wings)
    move, error = outcome_of(lambda: Move.parse(text, rules=rules))
    if is_error(expected):
        expect_error(expected, error)
        if expected is AmbiguousMoveError:
            assert "readings" in str(error)
    elif expected is PASS:
        assert error is None and move is PASS
    else:
        assert error is None, repr(error)
        same_move(move, expected)
        check_move(move, rules)


KIND_ARGS = st.one_of(st.sampled_from(list(Kind)), st.sampled_from([k.value for k in Kind]),
                      st.integers(-1, len(Kind)), st.text(max_size=6), st.none(), st.floats())


@st.composite
def move_fields(draw):
    """(kind, length, main, cards) of a real move, each field replaced by junk now and then."""
    move = draw(real_moves())
    if move == PASS:
        move = Move.parse("3")
    def field(real, junk):
        return draw(st.sampled_from(real) if draw(st.integers(0, 3)) else junk)
    kind = field([move.kind, str(move.kind)], KIND_ARGS)
    length = field([move.length, np.int64(move.length)], INTS)
    main = field([move.main, np.uint8(move.main)], INTS)
    cards = field([move.cards, move.counts, Hand(move.cards), str(move)], CARDS_ARGS)
    return kind, length, main, cards


def kind_model(kind):
    """Move's kind: a Kind or its name, or its code (single .. rocket are 0..13, the shuttles
    14..18, the long bomb 19) as checks.py takes integers; other text is no kind
    (InvalidMoveError)."""
    names = [k.value for k in Kind]
    if isinstance(kind, str):
        return kind if kind in names else InvalidMoveError
    code = int_model(kind, 0, 19, InvalidMoveError)
    return code if is_error(code) else names[code]


def move_model(kind, length, main, cards, distinct):
    kind = kind_model(kind)
    if is_error(kind):
        return kind
    length = int_model(length, 1, 255, InvalidMoveError)
    if is_error(length):
        return length
    main = int_model(main, 0, 255, InvalidMoveError)
    if is_error(main):
        return main
    counts = cards_model(cards)
    if is_error(counts):
        return counts
    if (str(kind), length, main) not in reference.readings(tuple(counts), distinct):
        return InvalidMoveError
    return (str(kind), length, main, tuple(counts))


@fuzz(400)
@given(move_fields(), RULES)
def test_move_constructor(fields, rules):
    expected = move_model(*fields, rules is not None and rules.distinct_single_wings)
    move, error = outcome_of(lambda: Move(*fields, rules=rules))
    if is_error(expected):
        expect_error(expected, error)
    else:
        assert error is None, repr(error)
        same_move(move, expected)
        check_move(move, rules)


# --- legal_moves, classify, beats ------------------------------------------------------------

def prev_model(prev, distinct):
    """legal_moves' prev: None or PASS (a lead), a Move that is a reading under the rules, or
    text with one reading. Returns None for a lead, else the reference tuple."""
    if prev is None or (isinstance(prev, Move) and prev.length == 0):
        return None
    if isinstance(prev, Move):
        if (str(prev.kind), prev.length, prev.main) not in reference.readings(tuple(prev.counts.tolist()), distinct):
            return InvalidMoveError
        return ref(prev)
    if isinstance(prev, str):
        parsed = parse_model(prev, distinct)
        return None if parsed is PASS else parsed
    return TypeError


@fuzz(300)
@given(st.one_of(valid_counts(), valid_counts(), HAND_TEXT, CARDS_ARGS),
       st.one_of(st.none(), real_moves(), real_moves(), real_moves().map(str), MOVE_ARGS), RULES)
def test_legal_moves(hand, prev, rules):
    distinct = rules is not None and rules.distinct_single_wings
    counts = cards_model(hand)
    expected_prev = prev_model(prev, distinct)
    moves, error = outcome_of(lambda: list(legal_moves(hand, prev, rules=rules)))
    if is_error(counts) or is_error(expected_prev):
        expect_error(counts if is_error(counts) else expected_prev, error)
        return
    assert error is None, repr(error)
    assert len(set(moves)) == len(moves)
    for move in moves:
        check_move(move, rules)
        assert all(c <= h for c, h in zip(move.counts.tolist(), counts))
        if expected_prev is not None:
            assert reference.beats(ref(move), expected_prev)
    prevs = None
    if expected_prev is not None:
        prevs = np.zeros(1, MOVE_DTYPE)
        kind, length, main, cards = expected_prev
        prevs[0] = (KIND_NAMES.index(kind), length, main, sum(c << (4 * r) for r, c in enumerate(cards)))
    assert legal_move_counts(np.array([counts], np.uint8), prevs, rules=rules).tolist() == [len(moves)]


@fuzz(300)
@given(st.one_of(valid_counts(max_cards=8), CARDS_ARGS), RULES)
def test_classify(cards, rules):
    distinct = rules is not None and rules.distinct_single_wings
    counts = cards_model(cards)
    readings, error = outcome_of(lambda: classify(cards, rules=rules))
    if is_error(counts):
        expect_error(counts, error)
        return
    assert error is None, repr(error)
    assert all(m.counts.tolist() == counts for m in readings)
    assert sorted((str(m.kind), m.length, m.main) for m in readings) == \
        sorted(reference.readings(tuple(counts), distinct))


def to_move_model(value):
    """beats() takes Moves as they are and text with one reading under the default rules."""
    if isinstance(value, Move):
        return value
    parsed = parse_model(value) if isinstance(value, str) else TypeError
    if is_error(parsed) or parsed is PASS:
        return parsed
    return Move(parsed[0], parsed[1], parsed[2], list(parsed[3]))


@fuzz(300)
@given(MOVE_ARGS, MOVE_ARGS)
def test_beats(a, b):
    ma, mb = to_move_model(a), to_move_model(b)
    result, error = outcome_of(lambda: beats(a, b))
    if is_error(ma) or is_error(mb):
        expect_error(ma if is_error(ma) else mb, error)
        return
    assert error is None, repr(error)
    assert type(result) is bool
    if ma != PASS and mb != PASS:
        assert result == reference.beats(ref(ma), ref(mb))
        assert ma.beats(b) == result


# --- legal_moves_batch, legal_move_counts ----------------------------------------------------

HAND_DTYPES = [np.uint8] * 6 + [np.int8, np.int16, np.uint16, np.int32, np.int64,
               np.uint64, np.dtype(">u2"), np.bool_, np.float32, np.float64]


@st.composite
def hand_arrays(draw):
    n = draw(st.integers(0, 6))
    rows = []
    for _ in range(n):
        if draw(st.integers(0, 7)):
            rows.append(draw(valid_counts()))
        else:                               # junk: negative, too many, beyond a byte
            rows.append(draw(st.lists(st.one_of(st.integers(0, 5), st.integers(-2, 300),
                                                st.integers(-2 ** 62, 2 ** 62)),
                                      min_size=15, max_size=15)))
    dtype = np.dtype(draw(st.sampled_from(HAND_DTYPES)))
    values = np.array(rows, dtype=object).reshape(n, 15)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        values = np.clip(values, info.min, info.max)
    array = values.astype(dtype)
    layout = draw(st.sampled_from(["C"] * 4 + ["F", "strided", "1d", "wide", "3d"]))
    if layout == "F":
        array = np.asfortranarray(array)
    elif layout == "strided":
        array = np.repeat(array, 2, axis=0)[::2]
    elif layout == "1d":
        array = array.reshape(-1)
    elif layout == "wide":
        array = np.concatenate([array, array[:, :1]], axis=1)
    elif layout == "3d":
        array = array[:, :, None]
    return array, n


OTHER_FIELD_DTYPES = ["u2", "i2", "i4", "u4", "i8", "u8", ">u2"]


@st.composite
def prev_arrays(draw, n):
    """None, MOVE_DTYPE rows (leads, real moves, raw bytes), another structured dtype with the
    same fields in the same order, or junk."""
    form = draw(st.sampled_from(["none"] * 2 + ["moves"] * 4 + ["bytes", "other", "other", "float", "plain", "shape"]))
    if form == "none":
        return None
    if form == "plain":
        return np.zeros(n, np.int64)
    if form == "shape":
        return np.zeros(n + 1, MOVE_DTYPE)
    if form == "bytes":
        raw = draw(st.binary(min_size=MOVE_DTYPE.itemsize * n, max_size=MOVE_DTYPE.itemsize * n))
        return np.frombuffer(raw, dtype=MOVE_DTYPE).copy()
    rows = []
    for _ in range(n):
        move = draw(real_moves())
        rows.append((move.kind.code if move.length else draw(st.integers(0, 300)), move.length,
                     move.main if move.length else draw(st.integers(0, 300)), move.packed))
        if draw(st.integers(0, 4)) == 0:     # one field replaced: in range or beyond uint8
            field = draw(st.integers(0, 3))
            row = list(rows[-1])
            row[field] = draw(st.sampled_from([0, 1, 5, 13, 14, 15, 255, 256, 261, 300, 65535] if field < 3
                                              else [0, 1, 2 ** 63 - 1, -1, 2 ** 64 - 1]))
            rows[-1] = tuple(row)
    if form == "moves":
        array = np.zeros(n, MOVE_DTYPE)
        for i, row in enumerate(rows):
            array[i] = tuple(min(v, 255) if f < 3 else v % 2 ** 64 for f, v in enumerate(row))
        return array
    if form == "float":
        dtype = np.dtype([("kind", "f8"), ("length", "f8"), ("main", "f8"), ("cards", "u8")])
    else:
        types = [draw(st.sampled_from(OTHER_FIELD_DTYPES)) for _ in range(3)]
        cards_type = draw(st.sampled_from(["u8", "i8"]))
        dtype = np.dtype([("kind", types[0]), ("length", types[1]), ("main", types[2]), ("cards", cards_type)])
    array = np.zeros(n, dtype)
    for i, row in enumerate(rows):
        for name, value in zip(("kind", "length", "main", "cards"), row):
            if dtype[name].kind == "f":
                value = float(value)
            elif dtype[name].kind == "i" and value > np.iinfo(dtype[name]).max:
                value = -1                    # out of range the other way
            elif dtype[name].kind == "u":
                value = min(max(value, 0), np.iinfo(dtype[name]).max)
            array[name][i] = value
    return array


def batch_model(hands, prevs, distinct):
    """The outcome of a batch call on these arguments: ("ok", per-row (counts, prev)) or
    ("error", {acceptable (type, "hands[i]"/"prevs[i]" or None)})."""
    a = np.asarray(hands)
    if a.dtype.kind not in "iu":
        return "error", {(TypeError, None)}
    if a.ndim != 2 or a.shape[1] != 15:
        return "error", {(InvalidCardsError, None)}
    n = a.shape[0]
    rows = [[int(v) for v in row] for row in a.tolist()]
    errors = {(InvalidCardsError, f"hands[{i}]") for i, row in enumerate(rows) if not within_deck(row)}
    prev_rows = [None] * n
    if prevs is not None:
        p = np.asarray(prevs)
        if p.dtype.names is None or set(p.dtype.names) != {"kind", "length", "main", "cards"}:
            return "error", errors | {(TypeError, None)}
        if p.shape != (n,):
            return "error", errors | {(InvalidMoveError, None)}
        if any(p.dtype[name].kind not in "iu" for name in p.dtype.names):
            return "error", errors | {(TypeError, None)}
        for i in range(n):
            kind, length, main, cards = (int(p[i][name]) for name in ("kind", "length", "main", "cards"))
            if not (0 <= kind <= 255 and 0 <= length <= 255 and 0 <= main <= 255 and 0 <= cards < 2 ** 64):
                errors.add((InvalidMoveError, f"prevs[{i}]"))
                continue
            if length == 0:
                continue                       # that hand leads
            counts = [(cards >> (4 * r)) & 0xF for r in range(16)]
            if (kind >= len(KIND_NAMES) or counts[15] or not within_deck(counts[:15])
                    or (KIND_NAMES[kind], length, main) not in reference.readings(tuple(counts[:15]), distinct)):
                errors.add((InvalidMoveError, f"prevs[{i}]"))
            else:
                prev_rows[i] = Move(KIND_NAMES[kind], length, main, counts[:15])
    if errors:
        return "error", errors
    return "ok", list(zip(rows, prev_rows))


def check_batch_error(acceptable, error):
    assert error is not None, f"expected one of {acceptable}, got a result"
    names = [name for kind, name in acceptable if type(error) is kind]
    assert names, f"expected one of {acceptable}, got {type(error).__name__}: {error}"
    if None not in names:                      # a row error names its row
        assert any(name in str(error) for name in names), (str(error), acceptable)


@pytest.mark.slow
@fuzz(300)
@given(st.data(), RULES)
def test_batch_on_arbitrary_arrays(data, rules):
    hands, n = data.draw(hand_arrays())
    prevs = data.draw(prev_arrays(n))
    hands_before, prevs_before = hands.copy(), None if prevs is None else prevs.copy()
    status, expected = batch_model(hands, prevs, rules is not None and rules.distinct_single_wings)
    result, error = outcome_of(lambda: legal_moves_batch(hands, prevs, rules=rules))
    counts, count_error = outcome_of(lambda: legal_move_counts(hands, prevs, rules=rules))
    # the inputs are only read
    assert np.array_equal(hands, hands_before)
    if prevs is not None:           # field by field: a copy need not keep the padding bytes
        fields = [prevs[name] for name in prevs.dtype.names] if prevs.dtype.names else [prevs]
        before = [prevs_before[name] for name in prevs.dtype.names] if prevs.dtype.names else [prevs_before]
        assert all(np.array_equal(a, b) for a, b in zip(fields, before))
    if status == "error":
        check_batch_error(expected, error)
        check_batch_error(expected, count_error)
        return
    assert error is None and count_error is None, repr(error or count_error)
    offsets, moves = result
    assert offsets.dtype == np.int64 and offsets.shape == (len(expected) + 1,) and offsets[0] == 0
    assert moves.dtype == MOVE_DTYPE and len(moves) == offsets[-1]
    assert counts.tolist() == np.diff(offsets).tolist()
    for i, (row, prev) in enumerate(expected):
        assert as_tuples(moves[offsets[i]:offsets[i + 1]]) == as_tuples(legal_moves(row, prev, rules=rules))


def test_batch_refuses_values_that_do_not_fit_their_field():
    hands = np.array([Hand("3456789").counts] * 2)
    wide = np.dtype([("kind", "u2"), ("length", "u2"), ("main", "u2"), ("cards", "u8")])
    for field, value in (("length", 256), ("main", 261), ("kind", 256)):
        prevs = np.zeros(2, wide)
        prevs[1] = (5, 5, 4, Hand("34567").packed)          # a straight 3-7
        prevs[1][field] = value                              # as uint8: 0 (a lead), 5, 0
        for call in (legal_moves_batch, legal_move_counts):
            with pytest.raises(InvalidMoveError, match=rf"prevs\[1\].*{field} = {value}"):
                call(hands, prevs)


def test_batch_prevs_fields_in_another_order():
    dtype = np.dtype([("length", "u1"), ("kind", "u1"), ("main", "u1"), ("cards", "u8")])
    prevs = np.zeros(1, dtype)
    prevs[0]["kind"], prevs[0]["length"], prevs[0]["main"], prevs[0]["cards"] = 0, 1, 0, Hand("3").packed
    hands = np.array([Hand("3456").counts])
    expected = len(legal_moves("3456", "3"))                 # 4, 5, 6
    assert legal_move_counts(hands, prevs).tolist() == [expected]


# --- pickles ---------------------------------------------------------------------------------

class Crafted:
    """Pickles as the call func(*args), as a crafted or corrupted pickle would."""

    def __init__(self, func, args):
        self.func, self.args = func, args

    def __reduce__(self):
        return self.func, self.args


def crafted_loads(func, args):
    return pickle.loads(pickle.dumps(Crafted(func, args)))


@fuzz(200)
@given(real_moves(), valid_counts(), st.sampled_from(ALL_RULES))
def test_pickle_round_trips(move, counts, rules):
    for value in (move, Hand(counts), rules, legal_moves(counts, rules=rules)[0] if legal_moves(counts) else PASS):
        assert pickle.loads(pickle.dumps(value)) == value
    assert pickle.loads(pickle.dumps(PASS)) is PASS


def unpickle_model(fields):
    """_unpickle_move: four Python ints forming a reading under some rule set (or PASS's
    zeros): a Move does not know its rules."""
    if not all(type(f) is int for f in fields):
        return InvalidMoveError
    if tuple(fields) == (0, 0, 0, 0):
        return PASS
    kind, length, main, cards = fields
    if not (0 <= kind < len(KIND_NAMES) and 1 <= length <= 255 and 0 <= main <= 255 and 0 <= cards < 2 ** 64):
        return InvalidMoveError
    counts = [(cards >> (4 * r)) & 0xF for r in range(16)]
    if counts[15] or not within_deck(counts[:15]):
        return InvalidMoveError
    if (KIND_NAMES[kind], length, main) not in reference.readings(tuple(counts[:15]), **reference.ANY_RULES):
        return InvalidMoveError
    return (KIND_NAMES[kind], length, main, tuple(counts[:15]))


def check_unpickled(fields):
    expected = unpickle_model(fields)
    move, error = outcome_of(lambda: crafted_loads(_unpickle_move, tuple(fields)))
    if is_error(expected):
        assert error is not None and type(error) in (InvalidMoveError, TypeError), repr(error)
    elif expected is PASS:
        assert error is None and move is PASS
    else:
        assert error is None, repr(error)
        same_move(move, expected)
        two_wings = move.kind in (Kind.SHUTTLE_TWO_SINGLES, Kind.SHUTTLE_TWO_PAIRS)
        check_move(move, Rules(**reference.LOOSEST, shuttle="ordinary",
                               shuttle_wings="two" if two_wings else "one"))


@st.composite
def unpickle_fields(draw, junk=True):
    move = draw(real_moves())
    fields = [move.kind.code if move.length else 0, move.length, move.main, move.packed]
    if junk:
        for i in range(4):
            if draw(st.integers(0, 3)) == 0:
                fields[i] = draw(st.one_of(st.integers(-2, 300), st.integers(), NUMPY_INTS, GARBAGE))
    return fields


@fuzz(300)
@given(unpickle_fields(junk=False))
def test_unpickle_move_of_real_moves(fields):
    check_unpickled(fields)


@fuzz(300)
@given(st.lists(st.one_of(st.integers(-2, 300).filter(lambda v: not 0 <= v <= 255), st.integers(2 ** 64, 2 ** 70),
                          st.integers(max_value=-1), NUMPY_INTS, NOT_INTS), min_size=1, max_size=4),
       unpickle_fields(junk=False), st.data())
def test_unpickle_move_refuses_junk_fields(junk, fields, data):
    # Each junk value is of a wrong type or out of every field's range: always refused.
    positions = data.draw(st.lists(st.integers(0, 3), min_size=len(junk), max_size=len(junk)))
    for position, value in zip(positions, junk):
        fields[position] = value
    if isinstance(fields[3], int) and not isinstance(fields[3], bool) and 0 <= fields[3] < 2 ** 64 \
            and all(type(f) is int and 0 <= f <= 255 for f in fields[:3]):
        return          # every junk value landed on cards within 0..2**64-1: not junk there
    _, error = outcome_of(lambda: crafted_loads(_unpickle_move, tuple(fields)))
    assert error is not None and type(error) in (InvalidMoveError, TypeError), repr(error)


@fuzz(300)
@given(unpickle_fields())
@example([10, 1, 0, Hand("333344").packed])
@example([10, 1, 0, Hand("3333BR").packed])
@example([8, 2, 1, Hand("333444BR").packed])
def test_unpickle_move_gives_a_reading_of_the_rules(fields):
    check_unpickled(fields)


# --- the game --------------------------------------------------------------------------------

@st.composite
def games(draw):
    """A dealt game (any seed, rule set, first bidder) or a set-up one; with the hands each
    seat started the play with (None for a dealt game: they follow from the seed)."""
    rules = draw(st.sampled_from(ALL_RULES))
    if draw(st.booleans()):
        seed = draw(st.one_of(st.integers(0, 50), st.integers(0, 2 ** 64 - 1)))
        first = draw(st.sampled_from([None, 0, 1, 2, np.int64(1)]))
        return Game(seed, rules=rules, first_bidder=first), None
    deck = draw(st.permutations(DECK))
    sizes = [draw(st.one_of(st.integers(1, 4), st.integers(1, 17))) for _ in range(3)]
    hands, start = [], 0
    for size in sizes:
        cards = deck[start:start + size]
        start += size
        hands.append([cards.count(r) for r in range(15)])
    landlord = draw(st.integers(0, 2))
    kitty = None
    if draw(st.booleans()):
        held = [r for r in range(15) for _ in range(hands[landlord][r])]
        taken = draw(st.permutations(held))[:3]
        kitty = counts_text([taken.count(r) for r in range(15)])
    texts = [draw(st.sampled_from([counts_text(h), h, Hand(h)])) for h in hands]
    game = Game.from_hands(texts, landlord=landlord, bid=draw(st.integers(1, 3)), kitty=kitty, rules=rules)
    return game, hands


def plus(a, b):
    return [x + y for x, y in zip(a, b)]


def check_game(game, origin):
    """The invariants of any position: the incremental key, and every card accounted for."""
    assert game.key() == Game.from_position(game.position()).key()
    hands = [h.counts.tolist() for h in game.hands]
    played = [p.counts.tolist() for p in game.cards_played]
    if origin is None:
        dealt, kitty, marked, _ = reference_deal(game.seed, game.redeals)
        assert game.kitty.counts.tolist() == list(kitty) and game.marked_card == SYMBOLS[marked]
        if game.phase == "auction":
            assert hands == [list(h) for h in dealt] and played == [[0] * 15] * 3
            return
        start = [list(h) for h in dealt]
        start[game.landlord] = plus(start[game.landlord], kitty)
        assert [sum(c) for c in zip(*start)] == FULL_DECK
    else:
        start = origin
    assert game.phase in ("play", "over")
    assert [plus(h, p) for h, p in zip(hands, played)] == start
    assert (game.phase == "over") == any(sum(h) == 0 for h in hands)


BID_VALUES = st.one_of(st.integers(-2, 5), NUMPY_INTS, st.integers(), st.booleans(), st.floats(),
                       st.text(max_size=2), st.none(), st.just(np.True_), st.just(PASS))
ACTIONS = ["legal"] * 8 + ["bid", "play", "push", "push", "undo", "undo", "copy", "pickle"]


def bid_model(game, value):
    """bid(), and push() in the auction: the phase first, then checks.py's integer convention
    for 0..3, PASS being the pass (0), then one of legal_bids()."""
    if game.phase != "auction":
        return IllegalActionError
    if isinstance(value, Move) and value.length == 0:
        number = 0
    else:
        number = int_model(value, 0, 3, IllegalBidError)
    if not is_error(number) and number not in game.legal_bids():
        return IllegalBidError
    return number


def play_model(game, value):
    """play(): the phase, then the move (a Move, or text with one reading under the game's
    rules), then its legality: one of legal_moves() (PASS among them when passing is allowed)."""
    if game.phase != "play":
        return IllegalActionError
    if isinstance(value, Move):
        move = value
    else:
        parsed = parse_model(value, game.rules.distinct_single_wings)
        if is_error(parsed):
            return parsed
        move = parsed if parsed is PASS else Move(parsed[0], parsed[1], parsed[2], list(parsed[3]),
                                                   rules=game.rules)
    return move if move in list(game.legal_moves()) else IllegalMoveError


def push_model(game, value):
    """push(): bid() in the auction; in play any Move whose cards the player holds, PASS
    unless the player leads; nothing once the game is over."""
    if game.phase == "auction":
        return bid_model(game, value)
    if game.phase == "over":
        return IllegalActionError
    if not isinstance(value, Move):
        return TypeError
    hand = game.hands[game.to_move].counts.tolist()
    if any(c > h for c, h in zip(value.counts.tolist(), hand)):
        return IllegalMoveError
    if value.length == 0 and game.last_move is None:
        return IllegalMoveError
    return value


def play_value(data, game):
    """Mostly a legal move (as a Move or as its text), else anything."""
    moves = list(game.legal_moves())
    other = st.one_of(real_moves(game.rules), MOVE_TEXT, CARD_TEXT, ANY_TEXT, GARBAGE,
                      st.just(PASS), st.just("pass"))
    if not moves:
        return data.draw(other)
    legal = st.sampled_from(moves)
    return data.draw(st.one_of(legal, legal, legal, legal.map(str), other))


@pytest.mark.slow
@fuzz(120)
@given(games(), st.data())
def test_game_actions_keep_the_game_sound(setup, data):
    game, origin = setup
    undo_to = []               # snapshots before each action still in the game's history
    retired = []               # (game, snapshot) of games replaced by a copy: never touched again
    stackless = False          # a copy(stack=False) is in the game's past
    check_game(game, origin)
    for _ in range(data.draw(st.integers(1, 40))):
        action = data.draw(st.sampled_from(ACTIONS))
        before = snapshot(game)
        seat, phase = game.to_move, game.phase
        if action == "copy":
            stack = data.draw(st.booleans())
            copied = game.copy(stack=stack)
            if stack:
                assert snapshot(copied) == before
            else:              # the same position without the history
                assert copied.history == []
                assert snapshot(copied)[:16] == before[:16] and snapshot(copied)[17:] == before[17:]
                undo_to, stackless = [], True
            retired.append((game, before))
            game = copied
            check_game(game, origin)
            continue
        if action == "pickle":
            if stackless:
                continue       # see test_pickle_of_a_copy_without_history
            copied = pickle.loads(pickle.dumps(game))
            assert snapshot(copied) == before
            retired.append((game, before))
            game = copied
            continue
        if action == "legal":  # what a player would do, so that games progress
            if phase == "auction":
                bid = data.draw(st.sampled_from(game.legal_bids()))
                action, value = "bid", data.draw(st.sampled_from([bid, np.int64(bid), np.uint8(bid)]))
            elif phase == "play":
                action, value = "play", data.draw(st.sampled_from(list(game.legal_moves())))
            else:
                action = "undo"
        elif action == "bid":
            value = data.draw(st.one_of(st.sampled_from(game.legal_bids() or [0]), BID_VALUES))
        elif action in ("play", "push"):
            value = data.draw(st.one_of(st.integers(0, 3), BID_VALUES)) if phase == "auction" \
                else play_value(data, game)
        if action == "bid":
            expected, call = bid_model(game, value), lambda: game.bid(value)
        elif action == "play":
            expected, call = play_model(game, value), lambda: game.play(value)
        elif action == "push":
            expected, call = push_model(game, value), lambda: game.push(value)
        else:
            value = None
            expected, call = (IllegalActionError if not undo_to else None), game.undo
        result, error = outcome_of(call)
        if is_error(expected):
            expect_error(expected, error)
            assert snapshot(game) == before          # a refused action changes nothing
            continue
        assert error is None, f"{action}({value!r}): {error!r}"
        if action == "undo":
            assert snapshot(game) == undo_to.pop()   # exactly as before that action
            assert result == before[16][-1][1]
        else:
            undo_to.append(before)
            recorded_seat, recorded = game.history[-1]
            assert recorded_seat == seat and recorded == expected
            if phase == "auction":
                assert type(recorded) is int
            else:
                assert plus(game.hands[seat].counts.tolist(), expected.counts.tolist()) == \
                    before[2][seat].counts.tolist()
        assert len(game.history) == len(undo_to)
        check_game(game, origin)
    for old, old_snapshot in retired:
        assert snapshot(old) == old_snapshot          # copies are independent
    event(f"ended in the {game.phase} phase after {len(game.history) // 10 * 10}+ actions")


# --- crafted game pickles --------------------------------------------------------------------

@st.composite
def replay_actions(draw):
    """A history to replay: the actions of a random game, some replaced by anything."""
    game, _ = draw(games())
    actions = []
    for _ in range(draw(st.integers(0, 30))):
        if game.phase == "auction":
            action = draw(st.sampled_from(game.legal_bids()))
            game.bid(action)
        elif game.phase == "play":
            action = draw(st.sampled_from(list(game.legal_moves())))
            game.play(action)
        else:
            break
        actions.append(action)
    for _ in range(draw(st.integers(0, 3))):
        junk = draw(st.one_of(BID_VALUES, real_moves(), MOVE_TEXT, GARBAGE))
        actions.insert(draw(st.integers(0, len(actions))), junk)
    start = game.__reduce__()[1][1]      # the position text the history starts from
    return start, actions


def rebuild(start):
    """A new game in the start position, and the cards each seat held at the start of play
    (None for a dealt game still in the auction: check_game then compares with the deal)."""
    game = Game.from_position(start)
    if game.phase == "auction":
        return game, None
    return game, [plus(h.counts.tolist(), p.counts.tolist())
                  for h, p in zip(game.hands, game.cards_played)]


@fuzz(150)
@given(replay_actions(), st.sampled_from([list, tuple]))
def test_crafted_game_pickles(setup_actions, container):
    setup, actions = setup_actions
    game, error = outcome_of(lambda: crafted_loads(_replay, (Game, setup, container(actions))))
    # the same actions pushed one by one on a new game of the same setup: the first refused one
    # is what the unpickling must refuse
    model, origin = rebuild(setup)
    expected = None
    for action in actions:
        outcome = push_model(model, action)
        if is_error(outcome):
            expected = outcome
            break
        model.push(action)
    if expected is not None:
        expect_error(expected, error)
        assert issubclass(expected, (ValueError, TypeError))
        return
    assert error is None, repr(error)
    # the history of the same pushes (PASS in the auction is recorded as the bid 0)
    assert len(game.history) == len(actions) and game.history == model.history
    check_game(game, origin)
    assert snapshot(game) == snapshot(model)


# --- other arguments -------------------------------------------------------------------------

@fuzz(200)
@given(st.one_of(st.integers(0, 2 ** 64 - 1), INTS), st.one_of(st.sampled_from([None, 0, 1, 2, 3]), INTS),
       st.one_of(st.sampled_from(ALL_RULES + [None]), GARBAGE))
def test_game_constructor(seed, first_bidder, rules):
    """The seed, first_bidder as a seat of the most seats (four), the rules, then
    first_bidder as a seat of the rules' seats (three here)."""
    expected = int_model(seed, 0, 2 ** 64 - 1) if seed is not None else 0
    if not is_error(expected) and first_bidder is not None:
        expected = int_model(first_bidder, 0, 3, ValueError)
    if not is_error(expected) and rules is not None and not isinstance(rules, Rules):
        expected = TypeError
    if not is_error(expected) and first_bidder is not None and expected == 3:
        expected = ValueError
    game, error = outcome_of(lambda: Game(seed, rules=rules, first_bidder=first_bidder))
    if is_error(expected):
        expect_error(expected, error)
        return
    assert error is None, repr(error)
    check_game(game, None)
    if seed is not None:
        assert game.seed == operator.index(seed)
    if first_bidder is not None:
        assert game.first_bidder == operator.index(first_bidder)
    else:          # the holder of the marked card: position p of the deal goes to seat p % 3
        assert game.first_bidder == reference_deal(game.seed, 0)[3] % 3


@fuzz(200)
@given(st.one_of(st.integers(1, 3), INTS), st.one_of(st.integers(0, MOST_BOMBS), INTS),
       st.one_of(st.booleans(), GARBAGE), st.one_of(st.booleans(), GARBAGE), st.one_of(st.booleans(), GARBAGE))
def test_score(bid, bombs, landlord_won, spring, anti_spring):
    expected = int_model(bid, 1, 3)
    if not is_error(expected):
        expected = int_model(bombs, 0, MOST_BOMBS)      # doublings: 14 bombs at x8 each
    for flag in (landlord_won, spring, anti_spring):
        if not is_error(expected) and not isinstance(flag, (bool, np.bool_)):
            expected = TypeError
    if not is_error(expected) and (spring and not landlord_won or anti_spring and landlord_won):
        expected = ValueError
    result, error = outcome_of(lambda: score(bid, bombs, landlord_won, spring, anti_spring))
    if is_error(expected):
        expect_error(expected, error)
        return
    assert error is None, repr(error)
    each = operator.index(bid) * 2 ** (operator.index(bombs) + (1 if spring or anti_spring else 0))
    assert result == ((2 * each, -each, -each) if landlord_won else (-2 * each, each, each))


with open(perft_table.PATH) as f:
    PERFT_TEXT, _, PERFT_COUNTS, _ = next(e for e in map(read_perft_line, f) if e[3] == "pairs and chains")
PERFT_GAME = Game.from_position(PERFT_TEXT)
PERFT_TABLE = [1] + PERFT_COUNTS   # the reference's counts by depth


@fuzz(150)
@given(st.one_of(st.integers(0, 4), INTS), st.one_of(st.booleans(), GARBAGE), st.one_of(st.booleans(), GARBAGE))
def test_perft_arguments(depth, divide, bulk):
    before = snapshot(PERFT_GAME)
    expected = int_model(depth, 0, 64)
    for flag in (divide, bulk):
        if not is_error(expected) and not isinstance(flag, (bool, np.bool_)):
            expected = TypeError
    if not is_error(expected) and expected > 4:
        return                         # valid, but deep: perft's own tests cover depth
    result, error = outcome_of(lambda: perft(PERFT_GAME, depth, divide=divide, bulk=bulk))
    assert snapshot(PERFT_GAME) == before
    if is_error(expected):
        expect_error(expected, error)
        return
    assert error is None, repr(error)
    count = sum(result.values()) if divide else result
    assert count == (PERFT_TABLE[expected] if expected else (0 if divide else 1))


@fuzz(60)
@given(st.one_of(st.integers(0, 3), INTS.filter(lambda v: not isinstance(v, int) or v < 1000)),
       st.one_of(st.integers(0, 2 ** 64 - 1), INTS), st.one_of(st.integers(1, 3), INTS, st.just(2 ** 70)))
def test_simulate_arguments(n_games, seed, threads):
    expected = int_model(n_games, 0, None)
    if not is_error(expected) and expected > 1000:
        return                                  # valid but long
    if not is_error(expected):
        expected = int_model(seed, 0, 2 ** 64 - 1)
    if not is_error(expected):
        expected = int_model(threads, 1, None)
    result, error = outcome_of(lambda: simulate(n_games, seed=seed, threads=threads))
    if is_error(expected):
        expect_error(expected, error)
        return
    assert error is None, repr(error)
    assert len(result.landlord) == operator.index(n_games)


# The auction styles of docs/rules.md: open, single round, none (seat 0 the landlord at bid 1).
AUCTION_STYLES = ("open", "single_round", "none")


@fuzz(100)
@given(st.one_of(st.booleans(), GARBAGE), st.one_of(st.sampled_from(AUCTION_STYLES), ANY_TEXT, GARBAGE))
def test_rules_arguments(distinct, auction):
    expected = TypeError if not isinstance(distinct, (bool, np.bool_)) else None
    if expected is None and not isinstance(auction, str):
        expected = TypeError
    elif expected is None and auction not in AUCTION_STYLES:
        expected = ValueError
    rules, error = outcome_of(lambda: Rules(distinct, auction))
    if expected is not None:
        expect_error(expected, error)
        return
    assert error is None and (rules.distinct_single_wings, rules.auction) == (bool(distinct), auction)
    assert pickle.loads(pickle.dumps(rules)) == rules == eval(repr(rules), {"Rules": Rules})


# --- found bugs: explicit repros -------------------------------------------------------------

def run_isolated(code):
    """Run code in a fresh interpreter (a crash must not take the test run with it)."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, timeout=60)


SHRINK = """
    import pickle, ddz_fast
    from ddz_fast._game import _replay
    class Shrink:
        '''An integer (operator.index accepts it) whose conversion empties a list.'''
        def __init__(self, target):
            self.target = target
        def __index__(self):
            del self.target[:]
            return 1
    class Crafted:
        def __init__(self, func, args):
            self.func, self.args = func, args
        def __reduce__(self):
            return self.func, self.args
    def outcome(call):
        try:
            call()
            return "ok"
        except (ValueError, TypeError) as e:
            return "refused"
"""


def test_crafted_game_pickle_with_a_short_setup():
    result = run_isolated(SHRINK + """
    for setup in [(), (None,), (None, None, None), (1,)]:
        data = pickle.dumps(Crafted(_replay, (ddz_fast.Game, setup, [])))
        print(outcome(lambda: pickle.loads(data)))
    """)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split() == ["refused"] * 4


def test_counts_list_emptied_while_it_is_read():
    result = run_isolated(SHRINK + """
    counts = [0] * 15
    counts[0] = Shrink(counts)
    print(outcome(lambda: ddz_fast.Hand(counts)))
    seat0 = [0] * 15
    hands = [seat0, "4", "5"]
    seat0[0] = Shrink(hands)
    print(outcome(lambda: ddz_fast.Game.from_hands(hands)))
    """)
    assert result.returncode == 0, result.stderr[-2000:]
    # each reads one copy of the caller's list: the cards as they were, or a refusal
    assert all(word in ("ok", "refused") for word in result.stdout.split())
    assert len(result.stdout.split()) == 2


def test_pickle_of_a_copy_without_history():
    game = Game(5)
    game.bid(3)
    game.play(game.legal_moves()[0])
    light = game.copy(stack=False)
    restored, error = outcome_of(lambda: pickle.loads(pickle.dumps(light)))
    # either the same position or a clear refusal, never silently another position
    assert error is not None or snapshot(restored)[:16] == snapshot(light)[:16]


def test_empty_values_cannot_be_reinitialised():
    # A Hand is made in __cinit__ (its __init__ is object's, which changes nothing, as for
    # tuple); a Move refuses a second __init__.
    hand = Hand("")
    table = {hand: 1}
    hand.__init__("333")
    assert hand in table and str(hand) == ""
    game = Game.from_hands(["34", "5", "6"])
    game.play("3")
    a_pass = game.legal_moves()[-1]
    assert a_pass == PASS
    with pytest.raises(TypeError):
        a_pass.__init__("bomb", 1, 0, "3333")
    assert a_pass == PASS and hash(a_pass) == hash(PASS)


def test_move_list_huge_index():
    moves = legal_moves("34")
    for index in (2 ** 70, -2 ** 70):
        with pytest.raises(IndexError):
            moves[index]


def test_mappings_are_no_counts():
    for call in (lambda: Hand({r + 1: 0 for r in range(15)}),
                 lambda: Game.from_hands({1: "3", 2: "4", 3: "5"})):
        _, error = outcome_of(call)
        assert isinstance(error, (TypeError, InvalidCardsError)), repr(error)


def test_rules_auction_as_a_str_subclass():
    assert Rules(auction=np.str_("single_round")).auction == "single_round"


# --- position texts with every field at and beyond its limits -------------------------------

# Each field's values at its limits and just past them (and the type's: 8-bit counters, 64-bit
# seeds), for a field replaced or added in the text of a reachable position.
FIELD_EXTREMES = {
    "landlord": ["0", "2", "3", "255"],
    "bid": ["0", "1", "2", "3", "4", "256", str(2 ** 64)],
    "kitty": ["-", "3", "38A", "38AK", "BR2", "3333"],
    "played": ["-/-/-", "3/-/-", "3333/3333/BR", "-/-", "33333/-/-"],
    "plays": ["0,0,0", "1,1,1", "20,17,17", "255,0,0", "256,0,0", "1,1"],
    "bombs": ["0", "1", "13", "14", "15", "256", str(2 ** 64)],
    "trick": ["3@0", "BR@1", "3333@2", "pass@0", "3@3", "33334444@1"],
    "speeches": ["0", "1", "2", "6", "7", "255", "256"],
    "high": ["-", "0", "2", "3"],
    "first": ["0", "2", "3"],
    "marked": ["3", "R", "Z", "33"],
    "redeals": ["0", "100", "101", str(2 ** 63)],
    "seed": ["0", str(2 ** 64 - 1), str(2 ** 64)],
    "out": ["", "3", "".join(s * n for s, n in zip(SYMBOLS, LIMITS))],
}
FIELD_NAME = r"(phase|hands|to_move|trick seat|(hands|played|plays)\[\d\]|" + "|".join(FIELD_EXTREMES) + ")"


@st.composite
def extreme_positions(draw):
    """The text of a position reached by play, with fields set at or past their limits and
    cards moved from one hand to another (a hand of up to 23 cards)."""
    game = Game(draw(st.integers(0, 2 ** 64 - 1)), rules=draw(st.sampled_from(ALL_RULES)))
    for _ in range(draw(st.integers(0, 12))):
        if game.phase == "auction":
            game.bid(draw(st.sampled_from(game.legal_bids())))
        elif game.phase == "play":
            game.play(draw(st.sampled_from(list(game.legal_moves()))))
    words = game.position().split()
    fields = dict(word.split("=", 1) for word in words[3:])
    for name in draw(st.lists(st.sampled_from(sorted(FIELD_EXTREMES)), max_size=3, unique=True)):
        fields[name] = draw(st.sampled_from(FIELD_EXTREMES[name]))
    hands = [list(hand.replace("-", "")) for hand in words[1].split("/")]
    if draw(st.booleans()):
        giver, taker = draw(st.permutations(range(len(hands))))[:2]
        for _ in range(draw(st.integers(1, 6))):
            if hands[giver]:
                hands[taker].append(hands[giver].pop(draw(st.integers(0, len(hands[giver]) - 1))))
    hands_text = "/".join("".join(sorted(h, key=SYMBOLS.index)) or "-" for h in hands)
    return " ".join([words[0], hands_text, words[2], *(f"{k}={v}" for k, v in fields.items())])


def check_reachable_sizes(game):
    """Hand sizes that a deal and the plays so far can produce."""
    sizes = [len(h) + len(p) for h, p in zip(game.hands, game.cards_played)]
    if game.phase == "auction":
        assert len(set(sizes)) == 1 and 1 <= sizes[0] <= 17, game.position()
    elif game.landlord is not None:
        for seat, size in enumerate(sizes):
            assert size <= (20 if seat == game.landlord else 17), game.position()
        if game.last_move is not None and game.last_move.kind in (Kind.BOMB, Kind.ROCKET):
            assert game.bombs >= 1


@pytest.mark.slow
@fuzz(400)
@given(extreme_positions(), st.randoms(use_true_random=False))
def test_position_fields_at_and_beyond_their_limits(text, rng):
    game, error = outcome_of(lambda: Game.from_position(text))
    if error is not None:
        assert isinstance(error, InvalidPositionError), repr(error)
        assert re.match(FIELD_NAME + r"(, " + FIELD_NAME + r")*: ", str(error)), str(error)
        return
    check_reachable_sizes(game)
    space = ActionSpace(game.rules)
    for _ in range(200):            # played out: every step's moves, ids and perft work
        if game.phase == "over":
            break
        ids = space.legal_ids(game)
        if game.phase == "auction":      # passes only half the time: all-pass auctions redeal
            action = rng.choice(game.legal_bids()[rng.random() < 0.5:])
        else:
            moves = game.legal_moves()
            assert perft(game, 1) == len(moves) == len(ids)
            action = rng.choice(list(moves))
        game.push(action)
        check_reachable_sizes(game)
    assert game.phase == "over" and game.result is not None


# --- Tables driven from several Python threads at once ---------------------------------------
# Steps and resets from several threads, while others read the returned arrays and write into
# them (the read-only ones made writeable again where numpy allows): no crash, refusals only
# as RuntimeError, and afterwards the tables as good as new.

def random_actions(info, rng):
    """A random legal id at each table (0 where none: a finished table ignores it)."""
    offsets, ids = np.array(info["legal_offsets"]), np.array(info["legal_ids"])
    counts = np.diff(offsets)
    rows = np.minimum(offsets[:-1] + rng.integers(0, np.maximum(counts, 1)), max(len(ids) - 1, 0))
    return np.where(counts > 0, ids[rows] if len(ids) else 0, 0)


def same_outputs(a, b):
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_outputs(a[k], b[k]) for k in a)
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same_outputs(x, y) for x, y in zip(a, b))
    return np.array_equal(a, b)


def scribble(value, rng):
    """Write garbage into every array of a returned value, making read-only ones writeable
    when numpy lets it (a view of a writeable buffer); reading them too."""
    if isinstance(value, (dict, tuple)):
        for item in (value.values() if isinstance(value, dict) else value):
            scribble(item, rng)
        return
    if not isinstance(value, np.ndarray) or value.size == 0:
        return
    int(value.reshape(-1)[rng.integers(value.size)])
    if not value.flags.writeable:
        try:
            value.flags.writeable = True
        except ValueError:
            return
    if value.dtype.kind in "iu":
        limits = np.iinfo(value.dtype)
        value[...] = rng.integers(limits.min, limits.max)
    else:
        value[...] = 7


@pytest.mark.parametrize("observation", ["compact", "douzero"])
def test_tables_from_many_threads(observation):
    from helpers import run_threads
    n, seed = 400, 11
    tables = Tables(n, observation=observation, seed=seed, threads=2, illegal_action="lose")
    latest = [tables.reset()]
    refused = []
    stop = time.monotonic() + 1.5

    def driver(k):
        rng = np.random.default_rng(k)
        while time.monotonic() < stop:
            try:
                if rng.random() < 0.1:
                    mask = rng.random(n) < 0.5
                    latest.append(tables.reset(options={"reset_mask": mask}))
                elif rng.random() < 0.5:        # out-of-range ids refused, legal ones stepped
                    latest.append(tables.step(rng.integers(-1, len(tables.space) + 1, n)))
                else:
                    try:                # (from ids and offsets a scribbler may have garbled)
                        actions = random_actions(latest[-1][-1], rng)
                    except (IndexError, ValueError):
                        actions = np.zeros(n, np.int64)
                    latest.append(tables.step(actions))
            except RuntimeError as error:
                assert "in use by another thread" in str(error)
                refused.append(error)
            except ValueError:          # an id out of range, or ids read while scribbled
                pass
            del latest[:-4]

    def scribbler(k):
        rng = np.random.default_rng(100 + k)
        while time.monotonic() < stop:
            scribble(latest[-1], rng)

    run_threads([lambda: driver(0), lambda: driver(1), lambda: scribbler(0),
                 lambda: scribbler(1)])
    assert refused
    # the internal state survived: from a reseeding reset on, the same as fresh tables
    reference = Tables(n, observation=observation, seed=seed, threads=1, illegal_action="lose")
    rng = np.random.default_rng(5)
    got, expected = tables.reset(seed=3), reference.reset(seed=3)
    for _ in range(40):
        assert same_outputs(got, expected)
        actions = random_actions(expected[-1], rng)
        got, expected = tables.step(actions), reference.step(actions)


@pytest.mark.parametrize("observation", ["compact", "douzero"])
def test_tables_taking_turns_across_threads_match_one_thread(observation):
    """Calls from several threads that take turns are one sequence of calls: the results
    are a single-threaded run's, while other threads read the results and try to write them."""
    from helpers import run_threads
    n, seed = 150, 12
    tables = Tables(n, observation=observation, seed=seed, threads=2, copy=False)
    turn = threading.Lock()
    log = []
    latest = [tables.reset()]
    log.append((None, same_copy(latest[0])))
    done = threading.Event()

    def stepper(k):
        rng = np.random.default_rng(k)
        for _ in range(40):
            with turn:
                actions = random_actions(latest[-1][-1], rng)
                result = tables.step(actions)
                log.append((actions, same_copy(result)))
                latest.append(result)
                del latest[:-2]
        done.set()

    def reader():
        rng = np.random.default_rng(9)
        while not done.is_set():
            value = latest[-1]
            info = value[-1]
            for key in ("legal_offsets", "legal_ids"):
                with pytest.raises(ValueError):
                    info[key][0] = 1
            int(info["legal_ids"][rng.integers(max(len(info["legal_ids"]), 1))]
                if len(info["legal_ids"]) else 0)

    run_threads([lambda: stepper(1), lambda: stepper(2), reader])
    reference = Tables(n, observation=observation, seed=seed, threads=1)
    assert same_outputs(log[0][1], reference.reset())
    for actions, outputs in log[1:]:
        assert same_outputs(outputs, reference.step(actions))


def same_copy(value):
    if isinstance(value, dict):
        return {k: same_copy(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(same_copy(v) for v in value)
    return value.copy()
