"""The peer formats of ddz_fast.interop: cases from the formats as the peers document them
(their documentation and source), round trips over every shape of card multiset and over the
whole action space, and, where the peers are installed, their own tables."""

import numpy as np
import pytest

from ddz_fast import PASS, Game, Hand, InvalidCardsError, InvalidMoveError, Move, Rules, legal_moves
from ddz_fast.interop import douzero, openspiel, rlcard
from helpers import deal

# Card multisets of every shape: each rank at each count the deck has, dealt hands of every
# size, and a few full ones.
ONE_RANK = [Hand([count if r == rank else 0 for r in range(15)])
            for rank in range(15) for count in range(1, (4 if rank < 13 else 1) + 1)]
DEALT = [Hand(deal(seed, size)) for size in range(21) for seed in range(5)]
CARD_SETS = [Hand(), Hand("BR"), Hand("22223333BR"), Hand("3456789TJQKA2BR")] + ONE_RANK + DEALT
PLAY_HANDS = ["33344456BR", "3334445556667778", "333444555666777888", "33334444BR",
              "3456789TJQKA2BR", "22223333BR"]


def plays(hand):
    """Every lead of `hand`, and its answers to some of them."""
    leads = list(legal_moves(hand))
    return leads + [m for prev in leads[::9] for m in legal_moves(hand, prev)]


# --- DouZero -------------------------------------------------------------------------------

def test_douzero_card_numbers():
    # 3..14 for 3..A, 17 for 2, 20 and 30 for the black and the red joker; a pass is [].
    assert douzero.to_cards("3334BR") == [3, 3, 3, 4, 20, 30]
    assert douzero.to_cards(Hand("TJQKA2")) == [10, 11, 12, 13, 14, 17]
    assert douzero.to_cards(Move.parse("444+3")) == [3, 4, 4, 4]
    assert douzero.to_cards(PASS) == [] and douzero.to_cards([0] * 15) == []
    assert douzero.from_cards([30, 3, 20, 3, 4, 3]) == Hand("3334BR")
    assert douzero.from_cards(np.array([17, 17], dtype=np.int64)) == Hand("22")
    assert douzero.from_cards([]) == Hand()


@pytest.mark.parametrize("numbers, error, words", [
    ([15], InvalidCardsError, "15 is no DouZero card number"),
    ([2], InvalidCardsError, "no DouZero card number"),
    ([3] * 5, InvalidCardsError, "5 cards of rank 3"),
    ([20, 20], InvalidCardsError, "black joker"),
    ([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17] * 2, InvalidCardsError, "26 cards"),
    ([3.0], TypeError, "integer"),
    ([True], TypeError, "bool"),
])
def test_douzero_bad_cards(numbers, error, words):
    with pytest.raises(error, match=words):
        douzero.from_cards(numbers)


# --- RLCard --------------------------------------------------------------------------------

def test_rlcard_cards_and_actions():
    assert rlcard.to_cards(Hand("10 j q k a")) == "TJQKA"
    assert rlcard.from_cards("3334BR") == Hand("3334BR") and rlcard.from_cards("") == Hand()
    assert rlcard.to_action(PASS) == "pass" and rlcard.from_action("pass") is PASS
    assert rlcard.to_action(Move.parse("444+3")) == "3444"
    assert rlcard.from_action("3444") == Move.parse("444+3")
    assert rlcard.to_action(Move.parse("BR")) == "BR"
    # RLCard reads 333444555666 only as a plane of four trios, 33344455 as a plane with wings,
    # 333344 as a four with two singles of one rank (the rlcard preset's readings).
    assert rlcard.from_action("333444555666") == Move("plane", 4, 3, "333444555666")
    assert rlcard.from_action("33344455") == Move("plane_singles", 2, 1, "33344455")
    four_two = Move("four_two_singles", 1, 0, "333344", rules=Rules.preset("rlcard"))
    assert rlcard.from_action("333344") == four_two and rlcard.to_action(four_two) == "333344"


@pytest.mark.parametrize("move, words", [
    (Move("plane_singles", 3, 2, "333444555666"), "reads 333444555666 as Move.'plane'"),
    (Move("plane_singles", 4, 3, "3334445556667778"), "its rules have no such play"),
    (Move.parse("333444555666+8888"), "its rules have no such play"),
    (Move.parse("444555666+333"), "it reads 333444555666 as"),     # wings would extend it
])
def test_rlcard_has_no_action_for(move, words):
    with pytest.raises(InvalidMoveError, match=words):
        rlcard.to_action(move)


@pytest.mark.parametrize("text, error", [
    ("4333", InvalidCardsError),            # RLCard sorts its cards
    ("10JQKA", InvalidCardsError),
    ("tjqka", InvalidCardsError),
    ("333 4", InvalidCardsError),
    ("PASS", InvalidCardsError),
    ("3345", InvalidMoveError),
    ("3334445556667778", InvalidMoveError),  # neither plane's wings may extend it
    ("333444555666+8888", InvalidCardsError),
    (3, TypeError),
])
def test_rlcard_bad_actions(text, error):
    with pytest.raises(error):
        rlcard.from_action(text)


# --- OpenSpiel -----------------------------------------------------------------------------

def test_openspiel_card_ids():
    # id = rank + 13 * suit for 3..2 (chance action 51 + 0 deals C3, 51 + 13 deals D3), 52 and
    # 53 the black and the red joker.
    assert openspiel.to_cards("3") == [0] and openspiel.to_cards("3333") == [0, 13, 26, 39]
    assert openspiel.to_cards("2BR") == [12, 52, 53]
    assert openspiel.to_cards(Move.parse("444+3")) == [0, 1, 14, 27]
    assert openspiel.from_cards([39, 12, 53]) == Hand("32R")
    assert openspiel.from_cards(np.array([52, 25])) == Hand("2B")
    assert openspiel.to_deal(["33", "3", "3B"]) == [[0, 13], [26], [39, 52]]


def test_openspiel_deals_use_every_card_once():
    for seed in range(20):
        game = Game(seed)
        deal_ids = openspiel.to_deal([*game.hands, game.kitty])
        assert sorted(i for ids in deal_ids for i in ids) == list(range(54))
        assert [openspiel.from_cards(ids) for ids in deal_ids] == [*game.hands, game.kitty]


@pytest.mark.parametrize("call, error, words", [
    (lambda: openspiel.from_cards([54]), InvalidCardsError, "0..53"),
    (lambda: openspiel.from_cards([-1]), InvalidCardsError, "0..53"),
    (lambda: openspiel.from_cards([7, 7]), InvalidCardsError, "twice"),
    (lambda: openspiel.from_cards([True]), TypeError, "bool"),
    (lambda: openspiel.to_deal(["333", "33"]), InvalidCardsError, "5 cards of rank 3"),
    (lambda: openspiel.to_deal(["B", "B"]), InvalidCardsError, "2 cards of rank B"),
])
def test_openspiel_bad_cards(call, error, words):
    with pytest.raises(error, match=words):
        call()


@pytest.mark.parametrize("move, text", [
    ("3", "3"), ("R", "(CJ)"), ("34567", "34567"), ("2222", "2222"), ("BR", "(BWJ)(CJ)"),
    ("333+B", "333(BWJ)"), ("555+33", "33555"), ("333444", "333444"),
    ("333444+55", "333444-55"), ("333444+5B", "333444-5(BWJ)"), ("555666+3344", "555666-3344"),
    (Move("plane_singles", 3, 2, "333444555666"), "333444555-666"),
    (Move("plane_singles", 3, 3, "333444555666"), "444555666-333"),
    ("333444555666", "333444555666"),
])
def test_openspiel_action_strings(move, text):
    move = move if isinstance(move, Move) else Move.parse(move)
    assert openspiel.to_action_string(move) == text
    assert openspiel.from_action_string(text) == move


def test_openspiel_pass_and_moves_it_lacks():
    assert openspiel.to_action_string(PASS) == "Pass" and openspiel.from_action_string("Pass") is PASS
    for play in ("3333+45", "3333+4455", "333444555666+8888"):     # no four with two, no quad wings
        with pytest.raises(InvalidMoveError, match="OpenSpiel has no such play"):
            openspiel.to_action_string(Move.parse(play))


@pytest.mark.parametrize("text, words", [
    ("Bid 1", "no OpenSpiel play"), ("333B", "no OpenSpiel play"), ("4333", "writes"),
    ("333-4", "writes"), ("333444-", "no OpenSpiel play"), ("3333-45", "has no such play"),
    ("pass", "no OpenSpiel play"), ("3345", "no combination"),
])
def test_openspiel_bad_action_strings(text, words):
    with pytest.raises(InvalidMoveError, match=words):
        openspiel.from_action_string(text)


# --- round trips ---------------------------------------------------------------------------

def test_card_formats_round_trip():
    for hand in CARD_SETS:
        numbers = douzero.to_cards(hand)
        assert numbers == sorted(numbers) and len(numbers) == len(hand)
        assert douzero.from_cards(numbers[::-1]) == hand
        assert rlcard.to_cards(hand) == str(hand) and rlcard.from_cards(str(hand)) == hand
        ids = openspiel.to_cards(hand)
        assert len(set(ids)) == len(hand) and openspiel.from_cards(ids[::-1]) == hand


def test_plays_of_hands_round_trip():
    for hand in PLAY_HANDS:
        for move in plays(hand):
            assert douzero.from_cards(douzero.to_cards(move)) == Hand(move)
            assert openspiel.from_cards(openspiel.to_cards(move)) == Hand(move)
            for to, back in ((rlcard.to_action, rlcard.from_action),
                             (openspiel.to_action_string, openspiel.from_action_string)):
                try:
                    text = to(move)
                except InvalidMoveError:
                    continue
                assert back(text) == move, (to, move)


def test_the_whole_action_space(action_space):
    moves = [Move(kind, length, main, list(cards)) for kind, length, main, cards in action_space["standard"]]
    actions = {rlcard: [], openspiel: []}
    for move in moves:
        for module, to, back in ((rlcard, rlcard.to_action, rlcard.from_action),
                                 (openspiel, openspiel.to_action_string, openspiel.from_action_string)):
            try:
                text = to(move)
            except InvalidMoveError:
                continue
            assert back(text) == move
            actions[module].append(text)
    # RLCard has 27,472 actions: the pass, 13 * 12 fours with two singles of one rank (no
    # combination here), and one action for each of the other plays.
    assert len(actions[rlcard]) == len(set(actions[rlcard])) == 27_472 - 1 - 13 * 12
    # OpenSpiel has 26,057: the pass, three bids, and a play of ddz_fast each.
    assert len(actions[openspiel]) == len(set(actions[openspiel])) == 26_057 - 4


# --- the peers' own tables (pip install 'ddz-fast[peers]') ----------------------------------

@pytest.mark.peers
def test_against_rlcard_action_table(action_space):
    utils = pytest.importorskip("rlcard.games.doudizhu.utils")
    ours = set()
    for kind, length, main, cards in action_space["standard"]:
        try:
            ours.add(rlcard.to_action(Move(kind, length, main, list(cards))))
        except InvalidMoveError:
            pass
    theirs = set(utils.ID_2_ACTION) - {"pass"}
    assert ours <= theirs
    for text in theirs - ours:      # four with two singles of one rank: not in RULES.md
        assert utils.CARD_TYPE[0][text][0][0] == "four_two_solo"
        assert rlcard.to_action(rlcard.from_action(text)) == text


@pytest.mark.peers
def test_against_openspiel_action_table():
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("dou_dizhu")
    state = game.new_initial_state()
    for action in range(4, game.num_distinct_actions()):
        text = state.action_to_string(0, action)
        assert openspiel.to_action_string(openspiel.from_action_string(text)) == text
    for card in range(54):       # chance action 51 + id deals the card: "Deal C3", "Deal (BWJ)"
        dealt = state.action_to_string(pyspiel.PlayerId.CHANCE, 51 + card)
        rank = dealt[-1] if card < 52 else {"(BWJ)": "B", "(CJ)": "R"}[dealt.split()[1]]
        assert openspiel.from_cards([card]) == Hand(rank)
        assert card >= 52 or dealt[5] == openspiel.SUITS[card // 13]


@pytest.mark.peers
def test_against_douzero_move_generator():
    move_generator = pytest.importorskip("douzero.env.move_generator")
    for hand in PLAY_HANDS + [str(h) for h in DEALT if len(h) >= 15]:
        for numbers in move_generator.MovesGener(douzero.to_cards(hand)).gen_moves():
            assert douzero.from_cards(numbers) in Hand(hand)
            assert douzero.to_cards(douzero.from_cards(numbers)) == sorted(numbers)
