"""Positions of the four-player game (RULES.md 11): four hands of two decks in the text, the
round trip on positions of seeded random games in every phase, set-ups (Game.from_hands,
keyword positions), pickles and repr through positions, and malformed four-player positions
refused by the field at fault."""

import pickle
import random

import pytest

from ddz_fast import (
    Game, InvalidCardsError, InvalidPositionError, Move, Position, Rules, game_with_hands,
)
from helpers import complement, snapshot

FOUR = Rules(players=4, four_with_two=False)
RULE_SETS = [
    FOUR.replace(attachments="pairs"),
    FOUR.replace(sides="2v2", attachments="plane_pairs"),
    FOUR.replace(sides="2v2", bomb_ranking="tiers", joker_pairs="none", auction="single_round"),
    FOUR.replace(all_pass="end"),
]
RULES_TEXT = "rules=four_with_two:false,players:4"


def actions_of(game):
    return game.legal_bids(), [str(m) for m in game.legal_moves()]


def test_round_trip_on_positions_of_random_games():
    rng = random.Random(4)
    phases = set()
    for game_index in range(16):
        rules = RULE_SETS[game_index % len(RULE_SETS)]
        game = Game(rng.getrandbits(64), rules=rules)
        while True:
            text = game.position()
            again = Game.from_position(text)
            assert again.position() == text and str(Position.parse(text)) == text
            assert (again.key(), again.full_key()) == (game.key(), game.full_key()), text
            assert actions_of(again) == actions_of(game), text
            assert snapshot(again)[:16] == snapshot(game)[:16], text
            assert again.result == game.result and again.rules == rules
            assert eval(repr(again), {"Game": Game}).position() == text
            phases.add(game.phase)
            if game.phase == "over":
                break
            actions = game.legal_bids() if game.phase == "auction" else list(game.legal_moves())
            game.push(rng.choice(actions))
        assert pickle.loads(pickle.dumps(game)).history == game.history
    assert phases == {"auction", "play", "over"}


def test_the_text_holds_four_hands_of_two_decks():
    game = Game(5, rules=FOUR)
    position = Position.parse(game.position())
    assert position.n_seats == 4 and [len(hand) for hand in position.hands] == [25] * 4
    assert len(position.kitty) == 8 and position.out == ""
    words = game.position().split()
    assert words[0] == "auction" and len(words[1].split("/")) == 4 and RULES_TEXT in words


def test_a_deal_that_ended_in_the_auction():
    rules = FOUR.replace(all_pass="end")
    game = Game(0, rules=rules)
    for _ in range(4):
        game.bid(0)
    assert game.phase == "over" and game.result.winner is None
    text = game.position()
    assert text.startswith("over ") and " - " in text
    again = Game.from_position(text)
    assert again.position() == text and again.result == game.result
    assert again.legal_bids() == [] and not again.legal_moves()


def test_set_up_four_player_games():
    game = Game.from_hands(["33334", "55", "66", "77"], landlord=1, kitty="5", rules=FOUR)
    out = complement("33334", "55", "66", "77", decks=2)
    assert game.position() == f"play 33334/55/66/77 1 landlord=1 bid=1 kitty=5 {RULES_TEXT} out={out}"
    assert game.to_move == 1 and [str(m) for m in game.legal_moves()] == ["5", "55"]
    game.play("55")
    assert game.phase == "over" and Game.from_position(game.position()).result == game.result
    keyword = Game.from_position(phase="play", hands=["3334", "55", "66", "7"], to_move=1,
                                 landlord=0, bid=2, played=["8", "", "", ""], plays=[1, 0, 0, 0],
                                 trick=("8", 0), rules=FOUR,
                                 out=complement("3334", "55", "66", "7", "8", decks=2))
    assert keyword.last_move == Move.parse("8") and keyword.to_move == 1
    assert [str(m) for m in keyword.legal_moves()] == ["pass"]
    keyword.play("pass")
    keyword.play("pass")
    assert keyword.to_move == 3 and keyword.passes == 2
    keyword.play("pass")            # the three others passed: seat 0 leads
    assert keyword.to_move == 0 and keyword.last_move is None


def test_keys_after_a_bomb_of_eight():
    """The incremental key after each play equals the key of the same position set up from its
    text (computed from scratch): a bomb of eight takes every card of its rank."""
    game = Game.from_hands(["33333333" + "44", "5", "6", "7"], landlord=0, rules=FOUR)
    for move in ("33333333", "pass", "pass", "pass", "44"):
        game.play(move)
        again = Game.from_position(game.position())
        assert (again.key(), again.full_key()) == (game.key(), game.full_key()), move
    assert game.result.bombs == 1


def test_game_with_hands_swaps_the_hands_of_seats_holding_as_many():
    game = Game(1, rules=FOUR)
    game.bid(3)
    hands = game.hands
    farmers = [seat for seat in range(4) if seat != game.landlord]
    swapped = list(hands)
    swapped[farmers[0]], swapped[farmers[1]] = hands[farmers[1]], hands[farmers[0]]
    other = game_with_hands(game, swapped)
    assert other.hands == tuple(swapped) and other.landlord == game.landlord
    assert other.kitty == game.kitty and other.to_move == game.to_move
    with pytest.raises(InvalidPositionError, match=f"hands\\[{farmers[0]}\\]: .* has 33 cards"):
        game_with_hands(game, [hands[game.landlord]] * 4)


@pytest.mark.parametrize("hands, kitty, words", [
    (["3", "4", "5"], None, "hands must be four card sets, one per seat, not 3"),
    (["333333333", "4", "5", "6"], None, "seat 0: 9 cards of rank 3"),
    (["33333", "3333", "4", "5"], None, "the hands hold more than two decks"),
    (["3", "", "5", "6"], None, "seat 1 holds no card"),
    (["3", "4", "5", "6"], "33", "the kitty 33 went to the landlord (seat 0)"),
    (["3" * 8 + "4" * 8 + "5" * 8 + "6" * 8 + "77", "4", "5", "6"], None, "seat 0"),   # 34 cards
])
def test_from_hands_refuses_what_no_four_player_deal_holds(hands, kitty, words):
    with pytest.raises(InvalidCardsError) as info:
        Game.from_hands(hands, kitty=kitty, rules=FOUR)
    assert words in str(info.value)


def four_out(*cards):
    return "out=" + complement(*cards, decks=2)


PLAY = f"play 3/4/5/6 0 landlord=0 bid=1 {RULES_TEXT} " + four_out("3456")
AUCTION_HANDS = "3/4/5/6"
# 26 cards a seat: one more than a deal gives
TOO_MANY = ["3" * 8 + "4" * 8 + "5" * 8 + "66", "7" * 8 + "8" * 8 + "9" * 8 + "TT",
            "J" * 8 + "Q" * 8 + "K" * 8 + "AA", "2" * 8 + "BBRR" + "T" * 6 + "A" * 6 + "66"]
AUCTION = f"auction {AUCTION_HANDS} 0 seed=1 {RULES_TEXT} " + four_out("3456")

MALFORMED = [
    (f"play 3/4/5 0 landlord=0 bid=1 {RULES_TEXT}", "hands: '3/4/5' is not four card sets"),
    ("play 3/4/5/6 0 landlord=0 bid=1", "four are the four-player game"),
    (PLAY.replace("3/4", "333333333/4"), "hands[0]: '333333333' is no set of cards"),
    (PLAY + "3", "hands[0], out: 9 cards of rank 3 in all; the two decks have 8"),
    (f"play 3/4/5/6 0 landlord=0 bid=1 {RULES_TEXT}", "out: the cards"),
    (PLAY.replace("landlord=0", "landlord=4"), "landlord: 4 is no seat 0, 1, 2 or 3"),
    (PLAY.replace("play 3/4/5/6 0", "play 3/4/5/6 4"), "to_move: 4 is no seat 0, 1, 2 or 3"),
    (PLAY.replace("bid=1", "bid=1 kitty=3333344444"), "kitty: 3333344444 has 10 cards; the kitty has 8"),
    (f"play 4/5/6/7 1 landlord=0 bid=1 played=33333333/-/-/- plays=3,0,0,0 bombs=3 {RULES_TEXT} "
     + four_out("4567", "33333333"), "bombs: 3 bombs and rockets, but the cards played hold at most 2"),
    (f"play 33333333/4/5/6 1 landlord=0 bid=1 played=3/-/-/- plays=1,0,0,0 trick=3@0 {RULES_TEXT} "
     + four_out("4", "5", "6"), "hands[0], played[0]: 33333333 and 3 together hold more of a rank than "
                                "the two decks have"),
    (f"play 3/4/5/6 0 landlord=0 bid=1 played=7/-/-/- plays=1,0,0,0 trick=7@0 {RULES_TEXT} "
     + four_out("3456", "7"), "seat 0 would have to beat its own move: the others passed"),
    (f"play 3/4/5/6 1 landlord=0 bid=1 played=7777/-/-/- plays=1,0,0,0 trick=7777@1 {RULES_TEXT} "
     + four_out("3456", "7777"), "trick: 7777 is not among the cards seat 1 played"),
    (AUCTION.replace("seed=1", "seed=1 speeches=4"), "speeches: 4 speeches without a bid: the fourth pass"),
    (AUCTION.replace(" 0 seed=1", " 1 seed=1 bid=1 high=1 speeches=4"),
     "high: 1: after its bid the others passed, which ended the auction"),
    (AUCTION.replace(" 0 seed=1", " 3 seed=1 bid=1 high=1 speeches=6"),
     "speeches: 6, but an auction whose highest bid is 1, followed by 1 pass, has had at most 5"),
    (AUCTION.replace("seed=1", "seed=1 speeches=1 first=0"), "first: 0, but seat 0 speaks after 1 speech"),
    (AUCTION.replace("seed=1", "seed=1 auction=x"), "'auction=x' is no field"),
    (f"auction {'/'.join(TOO_MANY)} 0 seed=1 {RULES_TEXT} " + four_out(*TOO_MANY),
     "a deal gives each seat the same number, 1 to 25"),
]


@pytest.mark.parametrize("text, words", MALFORMED)
def test_malformed_four_player_positions(text, words):
    with pytest.raises(InvalidPositionError) as info:
        Game.from_position(text)
    assert words in str(info.value), str(info.value)


def test_the_good_positions_are_good():
    for text in (PLAY, AUCTION):
        assert Game.from_position(text).position() == text
