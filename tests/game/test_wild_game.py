"""The game with wild cards (RULES.md 10): the deal's wild ranks against the documented draw,
seeded games move by move against the reference's game loop (oracles/reference_wild_game.py),
perft against its table (oracles/data/wild_perft.epd), positions and their text, the checks of
play and push, and the parts of the package that refuse wild games yet."""

import pickle
import random

import numpy as np
import pytest

from ddz_fast import (
    WILD_MOVE_DTYPE, Game, Hand, IllegalMoveError, InvalidCardsError, InvalidMoveError,
    InvalidPositionError, Move, Position, Rules, UnsupportedRulesError, legal_moves, perft,
    play_games, principal_line, solve,
)
from ddz_fast.encodings import DouZeroEncoding
from ddz_fast.pimc import PIMCPlayer
from ddz_fast.players import GreedyPlayer, RandomPlayer, RulePlayer
from helpers import as_reference, deal_wilds, reference_play
from oracles.perft_table import read
from oracles.reference_wild_game import deal_wild_ranks, wild_perft
from oracles.wild_perft_table import PATH as WILD_PERFT_PATH, play_of

SYMBOLS = "3456789TJQKA2"
ONE = Rules(wilds="one")
TWO = Rules(wilds="two")

with open(WILD_PERFT_PATH) as f:
    TABLE = [read(line) for line in f if line.strip()]


def ranks_of(text):
    return tuple(SYMBOLS.index(symbol) for symbol in text)


@pytest.mark.parametrize("rules", [ONE, TWO], ids=["one", "two"])
def test_deals_draw_the_documented_wild_ranks(rules):
    n = 1 if rules is ONE else 2
    for seed in range(300):
        game = Game(seed, rules=rules)
        assert deal_wilds(game) == deal_wild_ranks(seed, 0, n)
        # shown: under "two" the first from the deal on, both once the auction is over
        assert game.wild_ranks == ("" if n == 1 else SYMBOLS[deal_wilds(game)[0]])
        # the cards are those of the deal without wild cards
        assert game.hands == Game(seed).hands and game.kitty == Game(seed).kitty
    game = Game(7, rules=rules)
    for _ in range(3):
        game.bid(0)                                  # all passed: the next deal's own ranks
    assert game.redeals == 1 and deal_wilds(game) == deal_wild_ranks(7, 1, n)
    game.bid(3)
    assert game.wild_ranks == "".join(SYMBOLS[r] for r in deal_wild_ranks(7, 1, n))
    drawn = Game(7, rules=rules)
    other = "".join(s for s in SYMBOLS if ranks_of(s)[0] not in deal_wilds(drawn))[:n]
    fixed = Game(7, rules=rules, wild_ranks=other)
    assert fixed.hands == drawn.hands and deal_wilds(fixed) == ranks_of(other)
    assert fixed.key() != drawn.key()


def engine_moves(game, wild_ranks):
    moves = game.legal_moves()
    rows = moves.array.view(WILD_MOVE_DTYPE)
    found = [None if row["length"] == 0 else as_reference(row, wild_ranks) for row in rows]
    assert len(found) == len(set(found)), "a move listed twice"
    return moves, found


def play_seeded_game(seed, rules):
    """A game of random moves, the engine's legal moves equal to the reference's at every turn,
    each position read back from its text with the same key; the score against the reference's."""
    rng = random.Random(seed)
    game = Game(seed, rules=rules)
    start = game.position()
    while game.phase == "auction":
        game.bid(rng.choice(game.legal_bids()))
    wild_ranks = deal_wilds(game)
    play = reference_play(game, rules, wild_ranks)
    while game.phase == "play":
        moves, found = engine_moves(game, wild_ranks)
        assert set(found) == play.moves(), game.position()
        k = rng.randrange(len(moves))
        game.play(moves[k] if k % 2 else str(moves[k]))     # a Move, or its text
        play.apply(found[k])
        text = game.position()
        assert Game.from_position(text).key() == game.key() and Game.from_position(text).position() == text
    result = game.result
    scores, spring, anti_spring = play.scores()
    assert (result.scores, result.spring, result.anti_spring) == (scores, spring, anti_spring)
    assert result.bombs == play.bombs and result.winner == ("landlord" if play.winner == play.landlord
                                                            else "farmers")
    assert pickle.loads(pickle.dumps(game)).position() == game.position()
    while game.history:
        game.undo()
    assert game.position() == start


GAME_RULES = {
    "one": ONE,
    "two": TWO,
    "one, pure_top, x4": Rules(wilds="one", bomb_order="pure_top", hard_bomb_multiplier=4,
                               pure_bomb_multiplier=4, rocket_multiplier=4),
    "two, soft x1, x8": Rules(wilds="two", soft_bomb_multiplier=1, pure_bomb_multiplier=8),
    "two, long bombs": Rules(wilds="two", long_bombs=True, hard_bomb_multiplier=4),
}


@pytest.mark.parametrize("name", GAME_RULES)
def test_seeded_games_follow_the_reference(name):
    for seed in range(3):
        play_seeded_game(seed, GAME_RULES[name])


@pytest.mark.slow
@pytest.mark.reference
@pytest.mark.parametrize("name", GAME_RULES)
def test_many_seeded_games_follow_the_reference(name):
    for seed in range(3, 40):
        play_seeded_game(seed, GAME_RULES[name])


@pytest.mark.parametrize("entry", TABLE, ids=[name for *_, name in TABLE])
def test_perft_matches_the_reference_table(entry):
    text, _, counts, name = entry
    game = Game.from_position(text)
    key = game.key()
    for depth, expected in enumerate(counts, start=1):
        assert perft(game, depth) == expected, (name, depth)
        if depth <= 3:
            assert sum(perft(game, depth, divide=True).values()) == expected
            assert perft(game, depth, bulk=False) == expected
    assert game.key() == key and Position.parse(game.position()) == Position.parse(text)


def test_the_wild_table_agrees_with_the_reference_now():
    for text, _, counts, name in TABLE:
        if "out=" in text:                           # the small set-ups: quick
            assert [wild_perft(play_of(text), d) for d in (1, 2, 3)] == counts[:3], name


def test_the_rule_books_examples_in_play():
    """RULES.md 10: with 7s wild, 4447 as the soft bomb 4444 is beaten by the soft 5557 and by
    the hard 3333, not by the soft 3337; the bomb counts as its tier's doublings."""
    rules = Rules(wilds="one", soft_bomb_multiplier=2, hard_bomb_multiplier=4)
    game = Game.from_hands(["44479", "55573333", "TJQ"], rules=rules, wild_ranks="7")
    assert "4444~4" in [str(m) for m in game.legal_moves()]
    game.play("4444~4")
    assert game.bombs == 1 and game.hands[0] == Hand("9")
    answers = {str(m) for m in game.legal_moves()}
    assert {"5555~5", "3333", "pass"} <= answers and "3333~3" not in answers
    game.play("3333")
    assert game.bombs == 1 + 2                       # hard x4: two doublings
    position = Position.parse(game.position())
    assert position.trick[0] == Move.parse("3333") and position.wilds == "7"


def test_play_and_push_check_wild_moves():
    game = Game.from_hands(["66679", "88", "TJ"], rules=ONE, wild_ranks="7")
    before = game.position()
    soft = Move.parse("6666~6", rules=ONE)
    trio = Move.parse("666+7")
    assert soft in game.legal_moves() and trio in game.legal_moves()
    assert soft.physical_cards("7") == trio.physical_cards("7") == trio.physical_cards(4)
    # a wild card never stands for its own rank as a substitute: its cards, not its move
    sevens = Game.from_hands(["66677", "88", "TJ"], rules=ONE, wild_ranks="7")
    with pytest.raises(IllegalMoveError, match="no move of seat 0's hand"):
        sevens.play(Move("pair", 1, 4, "77", substitutes="7"))
    with pytest.raises(IllegalMoveError, match="no move of a hand whose wild ranks"):
        game.push(Move("pair", 1, 3, "66", substitutes="66", second_wilds=1))   # no second rank
    with pytest.raises(IllegalMoveError, match="not in the hand"):
        game.push(Move("trio", 1, 9, "QQQ", substitutes="QQ"))                  # one 7 only
    assert game.position() == before
    # moves with wild fields have no place in a game without wild cards
    plain = Game.from_hands(["66679", "88", "TJ"])
    for move in (soft, Move("bomb", 1, 4, "7777", pure_wild=True)):
        with pytest.raises(IllegalMoveError):
            plain.play(move)
        with pytest.raises(IllegalMoveError, match="no move of a hand whose wild ranks are ''"):
            plain.push(move)
    game.push(soft)                                  # push takes the physical cards
    assert str(game.hands[0]) == "9" and game.bombs == 1
    assert str(game.cards_played[0]) == "6667"


def test_move_text_round_trips():
    for hand, wild_ranks, rules in (("3445667999TJQQKA22B", "9", ONE), ("334456778899TJQ2R", "37", TWO)):
        moves = legal_moves(hand, rules=rules, wild_ranks=wild_ranks)
        for move in moves:
            assert Move.parse(str(move), rules=rules) == move
            assert eval(repr(move)) == move
            assert move.physical_cards(wild_ranks) in Hand(hand)
        assert any("~" in str(m) for m in moves)
    assert str(Move("bomb", 1, 0, "3333", substitutes="33", second_wilds=2, pure_wild=True)) == "3333~~33*"
    assert Move.parse("3333~3~3*", rules=TWO) == Move("bomb", 1, 0, "3333", substitutes="33",
                                                      second_wilds=1, pure_wild=True)
    assert str(Move("bomb", 1, 4, "7777", pure_wild=True)) == "7777*"
    assert Move.parse("7777*", rules=ONE) == Move("bomb", 1, 4, "7777", pure_wild=True)
    for bad in ("6666~8", "6666~6~6~6", "666~6*", "34567~7*", "3~3", "33~", "6666~~", "*", "~"):
        with pytest.raises(InvalidMoveError):
            Move.parse(bad, rules=TWO)
    # without wild cards, '~' and '*' are no card symbols (a wild move is no move there)
    for text in ("6666~6", "7777*", "*"):
        with pytest.raises(InvalidCardsError, match="has no wild cards"):
            Move.parse(text)
    soft = Move.parse("6666~6", rules=ONE)
    with pytest.raises(InvalidMoveError, match="no move of a hand with wild ranks"):
        soft.physical_cards(None)
    with pytest.raises(ValueError, match="one or two wild ranks"):
        soft.physical_cards("789")


def test_positions_name_their_wild_ranks():
    text = "play 356/8999K/ABR 1 landlord=0 bid=1 played=4447/-/- plays=1,0,0 bombs=1 trick=4444~4@0 wilds=7 " \
           "rules=wilds:one out=33345556667778889TTTTJJJJQQQQKKKAAA2222"
    position = Position.parse(text)
    assert str(position) == text and position.wilds == "7"
    game = Game.from_position(position)
    assert game.wild_ranks == "7" and str(game.last_move) == "4444~4"
    for wrong in ("79", "B", "1"):          # one wild rank, of 3..2
        with pytest.raises(InvalidPositionError, match=f"wilds: '{wrong}'"):
            Position.parse(text.replace("wilds=7", f"wilds={wrong}"))
    with pytest.raises(InvalidPositionError, match="wilds: ''"):
        Position.parse(text.replace(" wilds=7", ""))             # required under wild rules
    with pytest.raises(InvalidPositionError, match="has no wild cards"):
        Position.parse("play 3/4/5 0 landlord=0 bid=1 wilds=7 out=" + "".join(
            s * n for s, n in zip("3456789TJQKA2BR", [3, 3, 3] + [4] * 10 + [1, 1])))
    # the trick's physical cards were played: 4447 holds 4444~4 with 7s wild, not with 9s
    with pytest.raises(InvalidPositionError, match="trick"):
        Position.parse(text.replace("wilds=7", "wilds=9"))
    # two wild ranks: the second's substitutes are written after a second ~
    two = Game.from_hands(["3399T", "45", "JQ"], rules=TWO, wild_ranks="39")
    two.play("3333~~33*")
    assert "trick=3333~~33*@0" in two.position() and two.bombs == 1
    assert Game.from_position(two.position()).key() == two.key()


def test_keys_see_the_wild_ranks_and_the_bomb_tier():
    hands = ["4447", "4555", "69"]
    one = Game.from_hands(hands, rules=ONE, wild_ranks="7")
    other = Game.from_hands(hands, rules=ONE, wild_ranks="9")
    assert one.key() != other.key()
    # the same hands after a soft and after a hard bomb: what beats the trick differs
    soft = Game.from_hands(["44479", "555", "69"], rules=ONE, wild_ranks="7")
    hard = Game.from_hands(["44449", "555", "69"], rules=ONE, wild_ranks="7")
    soft.play("4444~4")
    hard.play("4444")
    assert soft.hands == hard.hands and soft.key() != hard.key()


def test_simulate_and_perft_play_wild_games():
    from ddz_fast import simulate
    for rules in (ONE, TWO):
        run = simulate(300, seed=4, rules=rules, threads=2)
        assert (run.scores.sum(axis=1) == 0).all() and run.bombs.mean() > 0.3
        assert np.array_equal(run.scores, simulate(300, seed=4, rules=rules).scores)


WILD_GAME = Game.from_hands(["3456789", "7TJQQ", "KKA2"], rules=ONE, wild_ranks="7")


@pytest.mark.parametrize("call", [
    lambda g: solve(g),
    lambda g: principal_line(g),
    lambda g: PIMCPlayer(samples=1).evaluate(g),
    lambda g: DouZeroEncoding().encode(g),
    lambda g: RulePlayer(seed=1)(g),
    lambda g: play_games([g], [RandomPlayer(), GreedyPlayer(), RulePlayer(seed=1)]),
], ids=["solve", "principal_line", "PIMCPlayer", "encodings", "rule player",
        "play_games with the rule player"])
def test_the_parts_without_wild_cards_refuse_wild_games(call):
    before = WILD_GAME.position()
    with pytest.raises(UnsupportedRulesError, match="does not support wild cards yet"):
        call(WILD_GAME)
    assert WILD_GAME.position() == before


def test_python_players_play_wild_games():
    game = Game(3, rules=TWO)
    players = [RandomPlayer(seed=1), GreedyPlayer(), RandomPlayer(seed=2)]
    while game.phase != "over":
        action = players[game.to_move](game)
        game.bid(action) if game.phase == "auction" else game.play(action)
    replay = Game(3, rules=TWO)
    for _, action in game.history:
        replay.bid(action) if replay.phase == "auction" else replay.play(action)
    assert replay.position() == game.position() and replay.result == game.result
