"""Positions: the text round trip on positions of random games, malformed positions, the
played cards and both keys, pickles through positions, and simulate()'s ranges."""

import copy
import pickle
import random

import numpy as np
import pytest

from ddz_fast import Game, InvalidPositionError, Move, Position, Rules, Simulation, simulate
from helpers import complement, snapshot

# (the four-player presets: test_four_player_positions.py)
RULE_SETS = [Rules(), Rules(auction="single_round"), Rules(distinct_single_wings=True),
             Rules(distinct_single_wings=True, auction="single_round"),
             *(rules for rules in Rules.presets().values() if rules.players == 3)]
# A deal that ended in the auction without a bid under OpenSpiel's rules (Game(0), three passes)
UNSCORED = ("over 335556789TJJJQQA2/446779TTTJQQKKAA2/34456678899KK22BR - kitty=38A first=1 "
            "marked=K seed=0 rules=openspiel")


def random_positions(count, seed):
    """(game, rules) after every action of seeded random games (dealt and set-up ones), and
    the games' own undo back through their history."""
    rng = random.Random(seed)
    seen = 0
    while seen < count:
        rules = rng.choice(RULE_SETS)
        game = Game(rng.getrandbits(64), rules=rules)
        yield game
        seen += 1
        while game.phase != "over" and seen < count:
            if game.phase == "auction":
                game.bid(rng.choice(game.legal_bids()))
            else:
                moves = game.legal_moves()
                game.play(moves[rng.randrange(len(moves))])
            yield game
            seen += 1


def actions_of(game):
    return game.legal_bids(), [str(m) for m in game.legal_moves()]


@pytest.mark.slow
def test_round_trip_on_ten_thousand_positions():
    phases = set()
    for game in random_positions(10_000, seed=1):
        text = game.position()
        again = Game.from_position(text)
        assert again.position() == text
        assert (again.key(), again.full_key()) == (game.key(), game.full_key()), text
        assert actions_of(again) == actions_of(game), text
        assert snapshot(again)[:16] == snapshot(game)[:16], text      # all but history on
        assert again.result == game.result and again.seed == game.seed
        assert Game.from_position(Position.parse(text)).position() == text
        assert eval(repr(again), {"Game": Game}).position() == text
        phases.add(game.phase)
    assert phases == {"auction", "play", "over"}


def test_an_unscored_deal_round_trips():
    game = Game(0, rules=Rules.preset("openspiel"))
    for _ in range(3):
        game.bid(0)
    assert game.position() == UNSCORED
    again = Game.from_position(UNSCORED)
    assert snapshot(again)[:16] == snapshot(game)[:16] and again.result == game.result
    assert again.result.winner is None and again.legal_bids() == [] and not again.legal_moves()


def test_set_up_positions_round_trip():
    game = Game.from_hands(["33344456", "789TJ", "QQKKAA"], landlord=2, bid=3, kitty="QKA")
    text = game.position()
    assert text.startswith("play 33344456/789TJ/QQKKAA 2 landlord=2 bid=3 kitty=QKA out=")
    for move in ("QQKKAA",):
        game.play(move)
    assert game.phase == "over" and Game.from_position(game.position()).result == game.result


def test_keyword_positions():
    game = Game.from_position(phase="play", hands=["3334", "55", "66"], to_move=1, landlord=0,
                              bid=2, played=["7", "", ""], plays=[1, 0, 0], trick=("7", 0),
                              out=complement("3334", "55", "66", "7"))
    assert game.last_move == Move.parse("7") and game.last_mover == 0 and game.to_move == 1
    assert [str(m) for m in game.legal_moves()] == ["pass"] and game.passes == 0
    game.play("pass")
    assert game.to_move == 2 and game.passes == 1
    with pytest.raises(TypeError):
        Game.from_position("play 3/4/5 0 landlord=0 bid=1", phase="play")


# --- malformed positions ---------------------------------------------------------------------

OUT_345 = "out=" + "".join(s * n for s, n in zip("3456789TJQKA2BR", [3, 3, 3] + [4] * 10 + [1, 1]))
GOOD = "play 3/4/5 0 landlord=0 bid=1 " + OUT_345

MALFORMED = [
    ("", "a position starts with"),
    ("play", "a position starts with"),
    ("play 3/4/5", "a position starts with"),
    ("bidding 3/4/5 0", "phase: 'bidding'"),
    ("play 3 0 landlord=0 bid=1", "hands: '3' is not three parts"),
    ("play 3/4 0 landlord=0 bid=1", "out: the cards"),                 # two seats: see test_two_seats
    ("play 3/4/5/6 0", "hands: '3/4/5/6'"),
    ("play 3X/4/5 0 landlord=0 bid=1", "hands[0]: '3X' is no set of cards"),
    ("play 33333/4/5 0 landlord=0 bid=1", "hands[0]"),
    ("play 3/4/5 x " + OUT_345, "to_move: 'x' is no whole number"),
    ("play 3/4/5 3 landlord=0 bid=1 " + OUT_345, "to_move: 3 is no seat"),
    ("play 3/4/5 0 bid=1 " + OUT_345, "landlord: None is no seat"),
    ("play 3/4/5 0 landlord=5 bid=1 " + OUT_345, "landlord: 5 is no seat"),
    ("play 3/4/5 0 landlord=0 bid=0 " + OUT_345, "bid: 0 is no whole number in 1..3"),
    ("play 3/4/5 0 landlord=0 bid=4 " + OUT_345, "bid: 4"),
    ("play 3/4/5 0 landlord=0 bid=one " + OUT_345, "bid: 'one' is no whole number"),
    ("play 3/4/5 0 landlord=0 bid=\u00b2 " + OUT_345, "bid: '\u00b2' is no whole number"),   # isdigit()
    ("play 3/4/5 \u0661 landlord=0 bid=1 " + OUT_345, "to_move: '\u0661' is no whole number"),  # Arabic 1
    (GOOD + " bid=2", "'bid=2': bid is given twice"),
    (GOOD + " color=red", "'color=red' is no field"),
    (GOOD + " landlord", "'landlord' is no field"),
    ("play 3/4/5 0 landlord=0 bid=1", "out: the cards 333444555666"),
    (GOOD + "3", "hands[0], out: 5 cards of rank 3 in all; the deck has 4"),
    ("play 3/4/5 0 landlord=0 bid=1 out=X", "out: unknown card symbol 'X'"),
    ("play 3/-/5 0 landlord=0 bid=1 " + OUT_345 + "4", "hands[1]: empty"),
    ("over 3/4/5 - landlord=0 bid=1 " + OUT_345, "a finished game has one empty hand, not 0"),
    ("over -/4/5 0 landlord=0 bid=1 played=3/-/- plays=1,0,0 trick=3@0 " + OUT_345, "nobody moves"),
    ("over -/4/5 - landlord=0 bid=1 played=3/-/- plays=1,0,0 " + OUT_345, "ends with the move"),
    ("over -/4/5 - landlord=0 bid=1 played=3/-/- plays=1,0,0 trick=3@1 " + OUT_345,
     "trick: 3 is not among the cards seat 1 played"),
    ("play 3/4/5 1 landlord=0 bid=1 played=6/-/- plays=0,0,0 trick=6@0 " + OUT_345.replace("666", "66"),
     "plays[0]: 0 combinations for the cards 6"),
    ("play 3/4/5 1 landlord=0 bid=1 played=6/-/- plays=2,0,0 trick=6@0 " + OUT_345.replace("666", "66"),
     "plays[0]: 2 combinations of 1 cards"),
    ("play 3/4/5 1 landlord=0 bid=1 played=6/-/- plays=1,0,0 trick=7@0 " + OUT_345.replace("666", "66"),
     "trick: 7 is not among the cards seat 0 played"),
    ("play 3/4/5 0 landlord=0 bid=1 played=6/-/- plays=1,0,0 trick=6@0 " + OUT_345.replace("666", "66"),
     "seat 0 would have to beat its own move"),
    ("play 3/4/5 1 landlord=0 bid=1 played=67/-/- plays=1,0,0 trick=67@0 "
     + OUT_345.replace("666", "66").replace("7777", "777"), "trick: '67'"),
    ("play 3/4/5 1 landlord=0 bid=1 played=6/-/- plays=1,0,0 trick=6 " + OUT_345.replace("666", "66"),
     "trick: '6' is no MOVE@SEAT"),
    ("play 3/4/5 1 landlord=0 bid=1 played=6/-/- plays=1,0,0 trick=6@7 " + OUT_345.replace("666", "66"),
     "trick seat: 7 is no seat"),
    ("play 3/4/5 1 landlord=0 bid=1 played=6/-/- plays=1,0 trick=6@0 " + OUT_345.replace("666", "66"),
     "plays"),
    (GOOD + " bombs=1", "bombs: 1 bombs in 0 combinations"),
    ("play 3333/4/5 1 landlord=0 bid=1 played=3/-/- plays=1,0,0 trick=3@0 " + OUT_345,
     "hands[0], played[0]: 3333 and 3 together hold more of a rank than the deck"),
    ("play 3B/4/5 1 landlord=0 bid=1 played=B/-/- plays=1,0,0 trick=B@0 " + OUT_345,
     "hands[0], played[0]: 3B and B together hold more of a rank than the deck"),
    ("play 3/4/5 1 landlord=0 bid=1 played=6666BR/-/- plays=3,0,0 bombs=3 " + OUT_345,
     "bombs: 3 bombs and rockets, but the cards played hold at most 2"),
    (GOOD.replace("bid=1", "bid=1 kitty=4"), "kitty: 4 went to the landlord"),
    (GOOD.replace("bid=1", "bid=1 kitty=3456"), "kitty: 3456 has 4 cards"),
    (GOOD + " speeches=1", "only an auction position has speeches"),
    (GOOD + " seed=-1", "seed: '-1' is no whole number"),
    (GOOD + " seed=18446744073709551616", "seed: seed must be an integer in 0..18446744073709551615"),
    (GOOD + " marked=Z", "marked: 'Z' is no rank symbol"),
    (GOOD + " redeals=101", "redeals: 101 is no whole number in 0..100"),
    (GOOD + " rules=auction:dutch", "rules: 'auction:dutch'"),
    (GOOD + " rules=colour:red", "rules: 'colour:red'"),
    ("auction 3/4/5 0 " + OUT_345, "seed: an auction position needs the seed"),
    ("auction 3/4/5 0 seed=1 landlord=0 " + OUT_345, "landlord: 0: nothing is played in the auction"),
    ("auction 3/4/5 0 seed=1 bid=3 high=2 " + OUT_345, "bid: 3 is no whole number in 0..2"),
    ("auction 3/4/5 0 seed=1 bid=1 " + OUT_345, "high: None with a highest bid of 1"),
    ("auction 3/4/5 0 seed=1 speeches=3 " + OUT_345, "3 speeches without a bid"),
    ("auction 3/4/5 0 seed=1 bid=1 high=2 speeches=0 " + OUT_345, "speeches: 0 is fewer than the bid"),
    ("auction 3/4/5 0 seed=1 bid=1 high=2 speeches=5 " + OUT_345,
     "speeches: 5, but an auction whose highest bid is 1, with no pass after it, has had at most 3"),
    ("auction 3/4/5 1 seed=1 bid=1 high=2 speeches=6 " + OUT_345,
     "speeches: 6, but an auction whose highest bid is 1, followed by 1 pass, has had at most 4"),
    ("auction 3/4/5 0 seed=1 speeches=1 first=0 " + OUT_345, "first: 0, but seat 0 speaks after 1 speech"),
    (UNSCORED.replace("rules=openspiel", ""), "landlord: None in a finished game"),
    (UNSCORED + " bid=1", "bid: 1: nothing was bid or played"),
    (UNSCORED.replace("KK22BR", "KK22B") + " out=R", "hands[2]: 16 cards"),
    (UNSCORED.replace("kitty=38A", "kitty=38 out=A"), "kitty: 38 has 2 cards; the kitty has 3"),
]


@pytest.mark.parametrize("text, words", MALFORMED)
def test_malformed_positions(text, words):
    with pytest.raises(InvalidPositionError) as info:
        Game.from_position(text)
    assert words in str(info.value), str(info.value)
    assert isinstance(info.value, ValueError)


def test_the_good_position_is_good():
    assert Game.from_position(GOOD).position() == GOOD
    assert len(MALFORMED) >= 40


def test_position_type_errors():
    with pytest.raises(TypeError):
        Game.from_position(3)
    with pytest.raises(TypeError):
        Position.parse(None)


# --- cards played and the keys -----------------------------------------------------------------

def test_cards_played_and_keys_through_play_and_undo():
    rng = random.Random(5)
    for _ in range(40):
        game = Game(rng.getrandbits(64), rules=rng.choice(RULE_SETS))
        trail = []
        while game.phase != "over":
            trail.append((game.position(), game.key(), game.full_key(), game.cards_played))
            if game.phase == "auction":
                game.bid(rng.choice(game.legal_bids()))
            else:
                moves = game.legal_moves()
                game.play(moves[rng.randrange(len(moves))])
            fresh = Game.from_position(game.position())
            assert (game.key(), game.full_key()) == (fresh.key(), fresh.full_key())
        start = [h + p for h, p in zip(game.hands, game.cards_played)]
        assert sum(len(h) for h in start) == 54
        assert sorted(len(h) for h in start) == [17, 17, 20]
        for position, key, full_key, played in reversed(trail):
            game.undo()
            assert (game.position(), game.key(), game.full_key(), game.cards_played) == (
                position, key, full_key, played)


def test_the_position_key_leaves_out_the_score():
    base = "play 3/4/5 1 landlord=0 bid=1 played=667777/-/- plays=2,0,0 trick=66@0 " + \
        OUT_345.replace("6666", "66").replace("7777", "")
    same_play = [Game.from_position(text) for text in
                 (base, base.replace("bid=1", "bid=3"), base.replace("plays=2,0,0", "plays=2,0,0 bombs=1"))]
    assert len({g.key() for g in same_play}) == 1 and len({g.full_key() for g in same_play}) == 3
    one_pass = Game.from_position(base.replace("1 landlord", "2 landlord"))
    assert one_pass.key() != same_play[0].key()


def test_the_full_key_tells_apart_what_decides_an_anti_spring():
    # Seat 1 goes out with its 4 at once: an anti-spring (double points) exactly when the
    # landlord has played once, so no play and one play must differ; two and three need not.
    games, scores = [], []
    for plays in range(4):
        games.append(Game.from_position(
            f"play 3/4/5 1 landlord=0 bid=1 played={'6' * plays or '-'}/-/- plays={plays},0,0 "
            + OUT_345.replace("6666", "6" * (4 - plays))))
        after = games[-1].copy()
        after.play("4")
        scores.append(after.result.scores)
    assert scores == [(-2, 1, 1), (-4, 2, 2), (-2, 1, 1), (-2, 1, 1)]
    assert len({g.key() for g in games}) == 1
    full = [g.full_key() for g in games]
    assert full[0] != full[1] != full[2] == full[3] and full[0] != full[2]


# --- pickles ------------------------------------------------------------------------------------

def test_pickles_and_deep_copies_go_through_positions():
    game = Game(8)
    game.bid(3)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    for restored in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert snapshot(restored) == snapshot(game)
        assert restored.undo() == game.history[-1][1]
    light = game.copy(stack=False)
    restored = pickle.loads(pickle.dumps(light))
    assert restored.position() == game.position() and restored.history == []
    assert game.__reduce__()[1][1] == Game(8).position()     # the start, as text


# --- simulate(start=) and Simulation.concat --------------------------------------------------

def test_concat_of_ranges_equals_the_whole_run():
    whole = simulate(5000, seed=3)
    halves = [simulate(2000, seed=3), simulate(3000, seed=3, start=2000, threads=2)]
    joined = Simulation.concat(halves)
    assert joined == whole and joined.records.tobytes() == whole.records.tobytes()
    assert (joined.start, len(joined), joined.seed) == (0, 5000, 3)
    middle = simulate(100, seed=3, start=1234)
    assert middle.records.tobytes() == whole.records[1234:1334].tobytes() and middle.start == 1234
    assert np.array_equal(middle.scores, whole.scores[1234:1334])
    assert middle.landlord_won.dtype == np.bool_ and middle.scores.shape == (100, 3)


@pytest.mark.parametrize("parts, words", [
    (lambda: [], "at least one"),
    (lambda: [simulate(10, seed=1), simulate(10, seed=1, start=11)], "starts at game 11, not at 10"),
    (lambda: [simulate(10, seed=1), simulate(10, seed=2, start=10)], "seed 2"),
    (lambda: [simulate(10, seed=1), simulate(10, seed=1, start=10, rules=Rules(auction="single_round"))],
     "single_round"),
])
def test_concat_refuses_what_is_no_run(parts, words):
    with pytest.raises(ValueError, match=words):
        Simulation.concat(parts())


def test_simulate_start_is_checked():
    with pytest.raises(ValueError):
        simulate(10, start=-1)
    with pytest.raises(TypeError):
        simulate(10, start=1.5)
    with pytest.raises(TypeError):
        Simulation.concat([simulate(1), "a run"])
