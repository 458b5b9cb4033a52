"""The Python API: value objects, move lists, batch arrays and every kind of bad input."""

import pickle

import numpy as np
import pytest

import ddz_fast
from ddz_fast import (
    MOVE_DTYPE, AmbiguousMoveError, Hand, InvalidCardsError, InvalidMoveError, Kind, Move, Rules,
    beats, classify, legal_move_counts, legal_moves, legal_moves_batch,
)
from helpers import needs_checkout

API_NAMES = ["single", "pair", "trio", "trio_single", "trio_pair", "straight", "pair_chain", "plane",
             "plane_singles", "plane_pairs", "four_two_singles", "four_two_pairs", "bomb", "rocket",
             "shuttle", "shuttle_singles", "shuttle_pairs", "shuttle_two_singles",
             "shuttle_two_pairs", "long_bomb"]


# --- Kind ----------------------------------------------------------------------------------

def test_kind_values_and_codes():
    assert [k.value for k in Kind] == API_NAMES
    assert [k.code for k in Kind] == list(range(20))
    assert all(Kind.from_code(i) is k for i, k in enumerate(Kind))
    assert Kind("plane_pairs") is Kind.PLANE_PAIRS and Kind.BOMB == "bomb" and str(Kind.TRIO) == "trio"
    with pytest.raises(ValueError):
        Kind.from_code(20)
    with pytest.raises(ValueError):
        Kind("quad")


# --- Hand ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text, canonical", [
    ("33344456BR", "33344456BR"),
    ("RB65444333", "33344456BR"),
    ("10 J Q K A", "TJQKA"),
    ("t j q k a", "TJQKA"),
    ("3,3, 4", "334"),
    ("10,10", "TT"),
    ("", ""),
])
def test_hand_text(text, canonical):
    hand = Hand(text)
    assert str(hand) == canonical
    assert eval(repr(hand)) == hand
    assert len(hand) == len(canonical)


def test_hand_from_counts():
    counts = [3, 3, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]
    for form in (counts, tuple(counts), np.array(counts), np.array(counts, dtype=np.int64)):
        assert Hand(form) == Hand("33344456BR")
    c = Hand("33344456BR").counts
    assert c.dtype == np.uint8 and c.shape == (15,) and c.tolist() == counts
    c[0] = 0
    assert Hand("33344456BR").counts[0] == 3           # counts is a copy
    assert Hand.from_packed(Hand("3334").packed) == Hand("3334")


def test_hand_value_semantics():
    a, b = Hand("3334"), Hand("4333")
    assert a == b and hash(a) == hash(b) and {a, b} == {a}
    assert a != Hand("3344") and a != "3334"
    assert pickle.loads(pickle.dumps(a)) == a
    assert "33" in a and Hand("34") in a and "44" not in a
    assert a - "33" == Hand("34") and a + "2" == Hand("33342")
    assert a - Move.parse("333+4") == Hand("")
    with pytest.raises(AttributeError):
        a.packed = 0



def counts_forms(counts):
    """15 rank counts in every form Hand takes them: Python sequences, bytes, a memoryview,
    numpy arrays of every integer dtype (strided, byte-swapped and unaligned ones too) and a
    list of numpy integers."""
    forms = [list(counts), tuple(counts)]
    if all(-2 ** 63 <= c < 2 ** 63 for c in counts):
        forms.append([np.int64(c) for c in counts])
    if all(0 <= c <= 255 for c in counts):
        forms += [bytes(counts), memoryview(bytes(counts)), memoryview(bytearray(counts))]
    for dtype in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64,
                  np.uint64, np.intc, np.longlong, np.ulonglong, ">i4", "<u8", ">i8"):
        info = np.iinfo(dtype)
        if all(info.min <= c <= info.max for c in counts):
            array = np.array(counts, dtype=dtype)
            strided = np.zeros((15, 2), dtype=dtype)[:, 0]
            strided[:] = array
            unaligned = np.zeros(1, dtype=[("pad", "u1"), ("counts", dtype, 15)])["counts"][0]
            unaligned[:] = array
            forms += [array, strided, unaligned]
            if array.dtype.isnative:        # (a memoryview reads no other byte order)
                forms.append(memoryview(array))
    return forms


def test_hand_from_counts_every_form():
    for text in ("33344456BR", "", "3456789TJQKA2BR", "2222AAAAKKKKQQQQBR"):
        counts = Hand(text).counts.tolist()
        for form in counts_forms(counts):
            assert Hand(form) == Hand(text), (form, text)


@pytest.mark.parametrize("counts, words", [
    ([9] + [0] * 14, "9 cards of rank 3 in counts .*; two decks have eight$"),
    ([0] * 12 + [11, 0, 0], "11 cards of rank 2 in counts"),
    ([-1] + [0] * 14, "negative count -1 for rank 3"),
    ([0] * 13 + [3, 0], "3 of the black joker \\(B\\) in counts .*; two decks have two$"),
    ([0] * 14 + [5], "5 of the red joker \\(R\\) in counts"),
    ([8] * 4 + [2] + [0] * 10, "34 cards in counts .*; at most 33 are allowed here"),
    ([300] + [0] * 14, "300 cards of rank 3"),
    ([2 ** 63 - 1] + [0] * 14, str(2 ** 63 - 1)),
    ([2 ** 64 - 1] + [0] * 14, str(2 ** 64 - 1)),
    ([-2 ** 63] + [0] * 14, f"negative count {-2 ** 63}"),
])
def test_hand_from_bad_counts_every_form(counts, words):
    for form in counts_forms(counts):
        with pytest.raises(InvalidCardsError, match=words):
            Hand(form)


@pytest.mark.parametrize("counts, words", [
    ([5] + [0] * 14, "5 cards of rank 3 in counts .*; the deck has four \\(the four-player game"),
    ([0] * 12 + [7, 0, 0], "7 cards of rank 2 in counts"),
    ([0] * 12 + [9, 0, 0], "9 cards of rank 2 in counts .*; the deck has four$"),
    ([0] * 13 + [2, 0], "2 of the black joker \\(B\\) in counts .*; the deck has one \\("),
    ([0] * 14 + [3], "3 of the red joker \\(R\\) in counts .*; the deck has one$"),
    ([4] * 6 + [0] * 9, "24 cards in counts .*; at most 20 are allowed here"),
])
def test_one_deck_hands_from_bad_counts_every_form(counts, words):
    # what plays one deck (three players) refuses the cards of two, in every form
    for form in counts_forms(counts):
        with pytest.raises(InvalidCardsError, match=words):
            legal_moves(form)
        with pytest.raises(InvalidCardsError, match=words):
            classify(form)


def test_hand_from_counts_of_wrong_types_and_lengths():
    with pytest.raises(TypeError, match="count of rank 3 must be an integer, not a bool"):
        Hand(np.ones(15, dtype=np.bool_))
    with pytest.raises(TypeError, match="count of rank 3 must be an integer, not float"):
        Hand(np.zeros(15))
    with pytest.raises(TypeError, match="count of rank 5 must be an integer, not float"):
        Hand((0, 0, 1.0) + (0,) * 12)
    for short in ([1] * 14, (1,) * 16, bytes(14), np.ones(16, dtype=np.uint8), memoryview(bytes(3))):
        with pytest.raises(InvalidCardsError, match="expected 15 rank counts"):
            Hand(short)
    with pytest.raises(InvalidCardsError, match="flat sequence of 15, not of shape \\(3, 5\\)"):
        Hand(memoryview(bytes(15)).cast("B", (3, 5)))
    released = memoryview(bytes(15))
    released.release()
    with pytest.raises(ValueError, match="released memoryview"):
        Hand(released)

@pytest.mark.parametrize("bad, words", [
    ("33X", "unknown card symbol 'X' at position 2"),
    ("1", "unknown card symbol '1'"),
    ("3333 3333 3", "9 cards of rank 3"),
    ("BBB", "3 of the black joker"),
    ("RRR", "3 of the red joker"),
    ("33334444555566667777888899992222BR", "34 cards .*at most 33"),
    ([1] * 14, "expected 15 rank counts"),
    ([9] + [0] * 14, "9 cards of rank 3"),
    ([-1] + [0] * 14, "negative count"),
    (np.zeros((1, 15), dtype=np.uint8), "flat sequence"),
    ([300] + [0] * 14, "300"),
])
def test_hand_errors(bad, words):
    with pytest.raises(InvalidCardsError, match=words):
        Hand(bad)


def test_hand_error_types():
    assert issubclass(InvalidCardsError, ValueError)
    with pytest.raises(TypeError):
        Hand(33)
    with pytest.raises(TypeError, match="count of rank 3 must be an integer, not float"):
        Hand([1.0] + [0] * 14)
    with pytest.raises(TypeError, match="not a bool"):
        Hand([True] + [0] * 14)
    with pytest.raises(InvalidCardsError, match="above 8"):
        Hand.from_packed(9)                            # nine 3s
    with pytest.raises(InvalidCardsError):
        Hand.from_packed(-1)
    with pytest.raises(InvalidCardsError, match="34 cards; a hand holds at most 33"):
        Hand.from_packed(0x28888)                      # eight of 3, 4, 5, 6 and two 7s
    with pytest.raises(InvalidCardsError, match="not part of"):
        Hand("33") - "4"
    with pytest.raises(InvalidCardsError, match="together exceed two decks"):
        Hand("33333") + "3333"


# --- Move ----------------------------------------------------------------------------------

def test_move_fields_and_text():
    m = Move.parse("444555666+333")
    assert m.kind is Kind.PLANE_SINGLES and m.length == 3 and m.main == 3
    assert m.cards == "333444555666" and m.packed == Hand("333444555666").packed
    assert m.counts.tolist() == [3, 3, 3, 3] + [0] * 11
    assert str(m) == "444555666+333"
    assert repr(m) == "Move('plane_singles', 3, 3, '333444555666')"
    assert eval(repr(m)) == m
    assert str(Move.parse("3334")) == "333+4"
    assert str(Move.parse("BR")) == "BR" and Move.parse("rb").kind is Kind.ROCKET
    assert str(Move.parse("3333+4455")) == "3333+4455"


def test_move_value_semantics():
    a = Move("trio_single", 1, 0, "3334")
    b = Move(Kind.TRIO_SINGLE, 1, 0, Hand("4333"))
    assert a == b and hash(a) == hash(b)
    assert a != Move.parse("333+5") and a != "333+4"
    assert pickle.loads(pickle.dumps(a)) == a
    low, high = (m for m in classify("333444555666") if m.kind == Kind.PLANE_SINGLES)
    assert low != high and low.cards == high.cards           # same cards, other readings


def test_move_constructor_checks_the_reading():
    with pytest.raises(InvalidMoveError, match="no trio_single"):
        Move("trio_single", 1, 1, "3334")                      # main rank is 3, not 4
    with pytest.raises(InvalidMoveError):
        Move("plane_singles", 2, 1, "33344455", rules=Rules(distinct_single_wings=True))
    with pytest.raises(InvalidMoveError, match="unknown kind"):
        Move("quad", 1, 0, "3333")
    with pytest.raises(InvalidMoveError):
        Move("single", 1, 300, "3")
    with pytest.raises(TypeError):
        Move("single", "1", 0, "3")
    with pytest.raises(InvalidCardsError):
        Move("single", 1, 0, "X")


def test_move_parse():
    assert Move.parse("34567") == Move("straight", 5, 4, "34567")
    assert Move.parse("333444555+666") == Move("plane_singles", 3, 2, "333444555666")
    # without "+", the reading without kickers if there is one: str() writes it so
    assert Move.parse("333444555666") == Move("plane", 4, 3, "333444555666")
    with pytest.raises(AmbiguousMoveError) as err:
        Move.parse("3334445556667778")
    text = str(err.value)
    assert "2 readings" in text and "Move('plane_singles', 4, 3, '3334445556667778')" in text
    assert "333444555666+7778" in text and "444555666777+3338" in text
    assert "3334445556667778 " not in text          # the rejected text is not offered back
    with pytest.raises(InvalidMoveError, match="no combination"):
        Move.parse("3345")
    with pytest.raises(InvalidMoveError):
        Move.parse("333+444")                                    # 333444 is a plane
    with pytest.raises(InvalidMoveError, match="at most 20"):
        Move.parse("33334444555566667777+88")
    with pytest.raises(TypeError):
        Move.parse(3)
    assert issubclass(AmbiguousMoveError, ValueError) and issubclass(InvalidMoveError, ValueError)


ROW_HANDS = ["33344456BR", "3334445556667778", "3456789TJQKA2BR", "22223333BR", "334455667788",
             "333444555666777888", "33334444"]


@pytest.mark.parametrize("rules", [Rules(), Rules(distinct_single_wings=True)], ids=["default", "distinct"])
def test_move_rows_round_trip(rules):
    for text in ROW_HANDS:
        for prev in [None, *legal_moves(text, rules=rules)[::7]]:
            moves = legal_moves(text, prev, rules=rules)
            array = moves.array
            for i, move in enumerate(moves):
                assert Move.from_row(array[i], rules=rules) == move
                assert move.row == (move.kind.code, move.length, move.main, move.packed)
                assert all(type(field) is int for field in move.row)
                copy = np.zeros(1, dtype=MOVE_DTYPE)
                copy[0] = move.row
                assert copy[0] == array[i] and Move.from_row(move.row, rules=rules) == move


def test_move_rows_of_pass_and_other_dtypes():
    assert ddz_fast.PASS.row == (0, 0, 0, 0)
    assert Move.from_row((0, 0, 0, 0)) is ddz_fast.PASS
    assert Move.from_row(np.zeros(1, dtype=MOVE_DTYPE)[0]) is ddz_fast.PASS
    unaligned = np.zeros(1, dtype=[("kind", "u1"), ("length", "u1"), ("main", "u1"), ("cards", "u8")])
    unaligned[0] = Move.parse("333+4").row
    assert Move.from_row(unaligned[0]) == Move.parse("333+4")
    assert Move.from_row((np.uint8(3), np.int64(1), 0, np.uint64(0x13))) == Move.parse("333+4")


@pytest.mark.parametrize("row, error, words", [
    ((Kind.TRIO_SINGLE.code, 1, 1, 0x13), InvalidMoveError, "no move has fields"),   # main is 3
    ((Kind.SINGLE.code, 0, 0, 0x1), InvalidMoveError, "no move has fields"),         # length 0
    ((0, 0, 0, 0x1), InvalidMoveError, "no move has fields"),
    ((14, 1, 0, 0x1), InvalidMoveError, "no move has fields"),                     # no kind 14
    ((0, 1, 0, -1), InvalidMoveError, "no move has fields"),
    ((0, 1, 0, 2 ** 64), InvalidMoveError, "no move has fields"),
    ((0, 1, 0), InvalidMoveError, "4 fields"),
    ((0, 1.0, 0, 1), TypeError, "length must be an integer"),
    ((True, 1, 0, 1), TypeError, "kind must be an integer"),
    ([0, 1, 0, 1], TypeError, "tuple, not list"),
    ("0101", TypeError, "tuple, not str"),
    (np.zeros(1, dtype=[("a", "u1"), ("b", "u1"), ("c", "u1"), ("d", "u8")])[0], TypeError, "fields"),
])
def test_move_from_bad_rows(row, error, words):
    with pytest.raises(error, match=words):
        Move.from_row(row)


def test_move_from_row_checks_under_the_rules():
    wings = Move.parse("333444+55").row                  # repeated single wings
    assert Move.from_row(wings) == Move.parse("333444+55")
    with pytest.raises(InvalidMoveError, match="distinct_single_wings=True"):
        Move.from_row(wings, rules=Rules(distinct_single_wings=True))


def test_moves_stand_for_their_cards():
    hand = Hand("3334556")
    move = Move.parse("333+4")
    assert Hand(move) == Hand("3334") and Hand(ddz_fast.PASS) == Hand("")
    assert move in hand and Move.parse("555+6") not in hand and ddz_fast.PASS in hand
    assert hand - move == Hand("556") and Hand("55") + move == Hand("333455")
    with pytest.raises(InvalidCardsError, match="exceed two decks"):
        Hand("333333") + move


@needs_checkout      # reads the .pyx and .pxd, which the wheel leaves out
def test_cards_know_nothing_of_moves():
    # The layering is one-way: _moves builds on _cards (Move registers as a card source).
    import pathlib
    import re
    package = pathlib.Path(ddz_fast.__file__).parent
    for name in ("_cards.pyx", "_cards.pxd"):
        imports = re.findall(r"^\s*(?:from|c?import)\s.*$", (package / name).read_text(), re.M)
        assert imports and not [line for line in imports if "_moves" in line], name


def test_move_beats():
    assert Move.parse("888+3").beats("666+4") and beats("888+3", Move.parse("666+4"))
    with pytest.raises(TypeError):
        beats("3", 3)


# --- MoveList ------------------------------------------------------------------------------

def test_move_list_sequence():
    moves = legal_moves("33344456BR")
    assert len(moves) == 29 and bool(moves)
    listed = list(moves)
    assert moves[0] == listed[0] and moves[-1] == listed[-1] == Move.parse("BR")
    assert moves[2:5] == listed[2:5]
    with pytest.raises(IndexError):
        moves[29]
    with pytest.raises(IndexError):
        moves[-30]
    assert [m.kind.code for m in listed] == sorted(m.kind.code for m in listed)
    assert moves.hand == Hand("33344456BR") and moves.prev is None and moves.rules == Rules()
    assert "29 moves" in repr(moves)
    with pytest.raises(TypeError):
        ddz_fast.MoveList()


def test_move_list_array():
    moves = legal_moves("33344456BR")
    array = moves.array
    assert array.dtype == MOVE_DTYPE and len(array) == len(moves)
    assert MOVE_DTYPE.itemsize == 16 and MOVE_DTYPE.names == ("kind", "length", "main", "cards")
    for row, move in zip(array, moves):
        assert (row["kind"], row["length"], row["main"], row["cards"]) == (
            move.kind.code, move.length, move.main, move.packed)
    array["kind"] = 0
    assert moves.array["kind"][-1] == Kind.ROCKET.code       # a copy


def test_move_list_contains_without_generating():
    moves = legal_moves("3334445566", prev="333+4")
    assert Move.parse("444+3") in moves
    assert Move.parse("444+5") in moves
    assert Move.parse("333+5") not in moves                  # does not beat 333+4
    assert Move.parse("555+4") not in moves                  # not in the hand
    assert Move.parse("444555+66") not in moves              # other kind
    assert "444+3" not in moves and None not in moves         # only Moves are members
    wings = legal_moves("3334445566", rules=Rules(distinct_single_wings=True))
    assert Move.parse("333444+55") not in wings              # a reading only under the default
    assert Move.parse("333444+56") in wings


def test_legal_moves_prev_forms():
    hand = "3334445556667778"
    assert list(legal_moves(hand, "333+4")) == list(legal_moves(hand, Move.parse("333+4")))
    with pytest.raises(AmbiguousMoveError, match="333444555666"):
        legal_moves(hand, "3334445556667778")
    with pytest.raises(InvalidMoveError):
        legal_moves(hand, "3456")
    with pytest.raises(InvalidMoveError):
        legal_moves(hand, Move.parse("333444+55"), rules=Rules(distinct_single_wings=True))
    with pytest.raises(TypeError):
        legal_moves(hand, 3)
    with pytest.raises(InvalidCardsError):
        legal_moves("33333")
    assert len(legal_moves("")) == 0 and not legal_moves("")
    assert len(legal_moves([0] * 15)) == 0


def test_classify_and_beats_inputs():
    assert classify("") == [] and classify("3456") == []
    assert classify(Hand("33")) == [Move.parse("33")]
    assert classify([0, 2] + [0] * 13) == [Move.parse("44")]
    with pytest.raises(InvalidCardsError):
        classify("3333444455556666777788")
    with pytest.raises(AmbiguousMoveError):
        beats("3334445556667778", "3")


# --- batch ---------------------------------------------------------------------------------

HANDS = np.array([Hand(t).counts for t in ("33344456BR", "3456789TJQKA2", "", "2222BR")])


def test_batch_shapes_and_types():
    offsets, moves = legal_moves_batch(HANDS)
    assert offsets.dtype == np.int64 and offsets.shape == (5,) and offsets[0] == 0
    assert moves.dtype == MOVE_DTYPE and len(moves) == offsets[-1]
    for i, row in enumerate(HANDS):
        assert np.array_equal(moves[offsets[i]:offsets[i + 1]], legal_moves(row).array)
    offsets, moves = legal_moves_batch(np.zeros((0, 15), dtype=np.uint8))
    assert offsets.tolist() == [0] and len(moves) == 0
    assert legal_move_counts(HANDS).tolist() == np.diff(legal_moves_batch(HANDS)[0]).tolist()


def test_batch_accepts_other_integer_layouts():
    expected = legal_moves_batch(HANDS)[1]
    assert np.array_equal(legal_moves_batch(HANDS.astype(np.int64))[1], expected)
    wide = np.zeros((4, 30), dtype=np.uint8)
    wide[:, ::2] = HANDS
    assert np.array_equal(legal_moves_batch(wide[:, ::2])[1], expected)     # not contiguous
    assert np.array_equal(legal_moves_batch(HANDS.tolist())[1], expected)


def test_batch_prevs():
    prevs = np.zeros(4, dtype=MOVE_DTYPE)
    prev = Move.parse("333+4")
    prevs[0] = prev.row
    prevs[3] = prevs[0]
    offsets, moves = legal_moves_batch(HANDS, prevs)
    assert np.array_equal(moves[offsets[0]:offsets[1]], legal_moves(HANDS[0], prev).array)
    assert np.array_equal(moves[offsets[1]:offsets[2]], legal_moves(HANDS[1]).array)   # leads
    assert [str(m) for m in legal_moves(HANDS[3], prev)] == ["222+B", "222+R", "2222", "BR"]
    assert np.array_equal(moves[offsets[3]:offsets[4]], legal_moves(HANDS[3], prev).array)


def test_batch_results_do_not_share_memory():
    first = legal_moves_batch(HANDS)[1].copy()
    kept = legal_moves_batch(HANDS)[1]
    for _ in range(3):
        other = legal_moves_batch(HANDS[::-1])[1]      # reuses freed buffers
        del other
    assert np.array_equal(kept, first)
    kept[:] = 0
    assert np.array_equal(legal_moves_batch(HANDS)[1], first)


@pytest.mark.parametrize("bad, error, words", [
    (np.zeros((3, 14), dtype=np.uint8), InvalidCardsError, r"shape \(N, 15\)"),
    (np.zeros(15, dtype=np.uint8), InvalidCardsError, "shape"),
    (np.zeros((2, 15), dtype=np.float64), TypeError, "integer array"),
    (np.array([[0] * 15, [5] + [0] * 14]), InvalidCardsError, r"hands\[1\]: 5 cards of rank 3"),
    (np.array([[0] * 13 + [2, 0]]), InvalidCardsError, r"hands\[0\]: 2 of the black joker"),
    (np.array([[4] * 6 + [0] * 9]), InvalidCardsError, r"hands\[0\]: 24 cards"),
    (np.array([[-1] + [0] * 14]), InvalidCardsError, "negative"),
    (np.array([[256] + [0] * 14]), InvalidCardsError, "256"),
    (np.array([[0] * 5 + [200] + [0] * 9], dtype=np.uint8), InvalidCardsError, "200 cards of rank 8"),
    (np.array([[0] * 14 + [16]], dtype=np.uint8), InvalidCardsError, "16 of the red joker"),
])
def test_batch_bad_hands(bad, error, words):
    with pytest.raises(error, match=words):
        legal_moves_batch(bad)
    with pytest.raises(error, match=words):
        legal_move_counts(bad)


def test_batch_bad_prevs():
    prevs = np.zeros(4, dtype=MOVE_DTYPE)
    with pytest.raises(InvalidMoveError, match="shape"):
        legal_moves_batch(HANDS, prevs[:3])
    with pytest.raises(TypeError, match="MOVE_DTYPE"):
        legal_moves_batch(HANDS, np.zeros(4, dtype=np.uint64))
    prevs[2] = (Kind.TRIO_SINGLE.code, 1, 1, Hand("3334").packed)      # main rank wrong
    with pytest.raises(InvalidMoveError, match=r"prevs\[2\]"):
        legal_moves_batch(HANDS, prevs)
    prevs[2] = (99, 1, 0, 1)
    with pytest.raises(InvalidMoveError, match=r"prevs\[2\]"):
        legal_move_counts(HANDS, prevs)
    packed = np.zeros(4, dtype=[("kind", "u1"), ("length", "u1"), ("main", "u1"), ("cards", "u8")])
    assert np.array_equal(legal_moves_batch(HANDS, packed)[1], legal_moves_batch(HANDS)[1])


# --- PASS ----------------------------------------------------------------------------------

def test_pass():
    from ddz_fast import PASS
    assert str(PASS) == "pass" and PASS.kind is None and PASS.length == 0 and PASS.cards == ""
    assert Move.parse("pass") is PASS and Move.parse(" PASS ") is PASS
    assert eval(repr(PASS)) is PASS and pickle.loads(pickle.dumps(PASS)) is PASS
    assert not beats(PASS, "3") and beats("3", PASS) and not PASS.beats(PASS)
    assert list(legal_moves("34", PASS)) == list(legal_moves("34"))
    assert PASS not in legal_moves("34") and PASS not in legal_moves("34", "3")
    game = ddz_fast.Game.from_hands(["34", "56", "7"])
    assert PASS not in game.legal_moves()                  # the leader may not pass
    game.play("3")
    answers = game.legal_moves()
    assert PASS in answers and answers[-1] is not PASS and answers[-1] == PASS
    assert answers.array[-1].tolist() == (0, 0, 0, 0)     # the all-zero row


def test_deck_counts_are_the_54_cards():
    # RULES.md section 1: 13 ranks of four suits, and a black and a red joker
    assert ddz_fast.cards.DECK_COUNTS == (4,) * 13 + (1, 1)
    for beyond_the_deck in ("33333", "22222", "BB", "RR"):       # and its hands hold no more
        with pytest.raises(ddz_fast.InvalidCardsError, match="the deck has"):
            ddz_fast.legal_moves(beyond_the_deck)
        # (a Hand holds two decks' cards: the four-player game's, RULES.md 11)
        assert len(ddz_fast.Hand(beyond_the_deck)) == len(beyond_the_deck)
