"""Two-seat endgames, the landlord against one farmer: seeded random games move for move against
the reference's two-seat Play (legal sets, tricks, winners, scores), perft against the
reference's perft, positions and keys, the sampler, and every misuse."""

import copy
import functools
import pickle
import random

import numpy as np
import pytest

import helpers
from ddz_fast import (
    PASS, ActionSpace, EncodingError, Game, GreedyPlayer, Hand, IllegalActionError,
    IllegalMoveError, InvalidCardsError, InvalidConstraintsError, InvalidPositionError, Move, Position, RandomPlayer,
    Result, Rules, game_with_hands, legal_moves, perft, sample_deals,
)
from helpers import as_ref, complement, snapshot
from oracles import reference
from oracles.reference_game import Play
from oracles.reference_game import perft as reference_perft
from oracles.reference_sampler import reference_deals

RULE_SETS = {
    "standard": Rules(),
    "strict": Rules.preset("strict"),
    "no_spring": Rules(spring=False),
    "rlcard": Rules.preset("rlcard"),                      # scoring "win"
    "openspiel": Rules.preset("openspiel"),
    "douzero": Rules.preset("douzero"),                    # "adp", no spring doubling
    "douzero_wp": Rules.preset("douzero").replace(scoring="wp"),
    "douzero_logadp": Rules.preset("douzero").replace(scoring="logadp"),
    "douzero_points": Rules.preset("douzero").replace(scoring="points"),
}
RANKS = "3456789TJQKA2BR"
# doudizhu-resolver's README puzzle: the landlord 2 Q Q 10 10 7 7 5 5 3 against A A 9.
PUZZLE = ["2QQTT77553", "AA9"]


def text(counts):
    return "".join(RANKS[r] * c for r, c in enumerate(counts))


@functools.lru_cache(maxsize=None)
def reference_leads(hand, switches):
    return frozenset(reference.leads(hand, **dict(switches)))


def reference_legal(play, rules):
    """The reference's legal actions of the seat to move (None: a pass)."""
    switches = tuple(sorted(helpers.switches_of(rules).items()))
    leads = reference_leads(play.hands[play.to_move], switches)
    if play.trick is None:
        return set(leads)
    return {m for m in leads if reference.beats(m, play.trick)} | {None}


def random_setup(rng, most):
    """Two hands from a shuffled deck, the landlord's of 1..most cards and the farmer's of
    1..min(most, 17) (the cards dealt to him), a landlord seat and a bid."""
    landlord = rng.randrange(2)
    sizes = [rng.randint(1, most if seat == landlord else min(most, 17)) for seat in range(2)]
    cards = rng.sample(helpers.DECK, sum(sizes))
    hands = [tuple(cards[:sizes[0]].count(r) for r in range(15)),
             tuple(cards[sizes[0]:].count(r) for r in range(15))]
    return hands, landlord, rng.randint(1, 3)


def check_position(game):
    """The position text reads back to the same game (keys from scratch included)."""
    text_ = game.position()
    again = Game.from_position(text_)
    assert again.position() == text_ and str(Position.parse(text_)) == text_
    assert (again.key(), again.full_key()) == (game.key(), game.full_key()), text_
    assert snapshot(again)[:16] == snapshot(game)[:16] and again.result == game.result
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in game.legal_moves()]


def play_two_seat_game(seed, rules, most, full_sets=True):
    """A seeded random two-seat game checked against the reference at every step (the whole
    legal set with full_sets, else the move played); returns the game, its starting position
    and the snapshot after every action."""
    rng = random.Random(seed)
    hands, landlord, bid = random_setup(rng, most)
    game = Game.from_hands([text(h) for h in hands], landlord=landlord, bid=bid, rules=rules)
    play = Play(hands, landlord, bid)
    assert game.n_seats == 2 and len(game.hands) == 2 and game.kitty == Hand()
    start, snapshots = game.position(), [snapshot(game)]
    while game.phase == "play":
        assert game.to_move == play.to_move and game.passes == play.passes
        moves = list(game.legal_moves())
        answers = legal_moves(game.hands[game.to_move], game.last_move, rules=rules)
        assert moves == list(answers) + ([PASS] if play.trick is not None else [])
        if full_sets:
            assert len(set(moves)) == len(moves)
            assert {as_ref(m) for m in moves} == reference_legal(play, rules)
        move = moves[rng.randrange(len(moves))]
        assert play.is_legal(as_ref(move), **helpers.switches_of(rules))
        game.play(move)
        play.apply(as_ref(move))
        assert [tuple(int(c) for c in h.counts) for h in game.hands] == play.hands
        assert (game.last_move is None) == (play.trick is None)
        if play.trick is not None:
            assert as_ref(game.last_move) == play.trick and game.last_mover == play.last_mover
        assert game.bombs == play.bombs
        for seat in range(2):
            assert game.hands[seat] + game.cards_played[seat] == Hand(text(hands[seat]))
        check_position(game)
        snapshots.append(snapshot(game))
    assert game.to_move is None and play.winner is not None
    scores, spring, anti_spring = play.scores(rules.scoring, rules.spring)
    result = game.result
    assert result.scores == scores and len(scores) == 2
    assert (result.spring, result.anti_spring) == (spring, anti_spring)
    assert result.winner == ("landlord" if play.winner == landlord else "farmers")
    assert result.multiplier == 2 ** (play.bombs + (rules.spring and (spring or anti_spring)))
    return game, start, snapshots


# --- games against the reference ------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("name", RULE_SETS)
def test_random_games_match_the_reference(name):
    rules = RULE_SETS[name]
    for seed in range(300):
        game, start_text, snapshots = play_two_seat_game(seed, rules, most=9)
        start = Game.from_position(start_text)
        for seat, action in game.history:             # the history replays to the same end
            assert start.to_move == seat
            start.play(action)
        assert snapshot(start)[:16] == snapshots[-1][:16]
        for expected in reversed(snapshots[:-1]):     # undo restores every state on the way
            game.undo()
            assert snapshot(game) == expected
        with pytest.raises(IllegalActionError):
            game.undo()


@pytest.mark.slow
def test_random_games_with_big_hands_match_the_reference():
    """Hands of up to 20 cards (the reference's legal sets would take minutes): each move
    played is legal for the reference, the rest as above."""
    for seed in range(300):
        play_two_seat_game(1000 + seed, Rules(), most=20, full_sets=False)


def test_one_pass_ends_the_trick():
    game = Game.from_hands(["3456", "789"], landlord=1)
    game.play("7")
    assert game.to_move == 0 and game.last_move == Move.parse("7") and game.last_mover == 1
    game.play("pass")                    # the one other seat passed: seat 1 leads again
    assert game.to_move == 1 and game.last_move is None and game.last_mover is None
    assert game.passes == 0 and PASS not in game.legal_moves()
    with pytest.raises(IllegalMoveError, match="seat 1 leads and may not pass"):
        game.play(PASS)
    game.play("8")
    game.play("pass")
    game.play("9")
    assert game.phase == "over" and game.result.winner == "landlord"


# --- scores -----------------------------------------------------------------------------------

def finish(hands, moves, **kwargs):
    game = Game.from_hands(hands, **kwargs)
    for move in moves:
        game.play(move)
    assert game.phase == "over"
    return game.result


@pytest.mark.parametrize("scoring, spring_game, anti_spring_game", [
    # (landlord, farmer): RULES.md section 7 with one farmer, who settles bid x multiplier with
    # the landlord.
    # The spring game: bid 2, a bomb, the farmer never plays: x2 for the bomb, x2 for the
    # spring: 8 from the farmer to the landlord. The anti-spring: bid 3, the landlord's one
    # play, the farmer goes out: x2, 6 from the landlord to the farmer.
    ("points", (8, -8), (-6, 6)),
    ("win", (1, 0), (0, 1)),
    ("wp", (1, -1), (-1, 1)),
    ("adp", (2, -2), (-1, 1)),
    ("logadp", (2, -2), (-1, 1)),
])
def test_two_seat_scores(scoring, spring_game, anti_spring_game):
    rules = Rules(scoring=scoring)
    result = finish(["33334", "5"], ["3333", "pass", "4"], bid=2, rules=rules)
    assert result == Result(winner="landlord", landlord=0, bid=2, bombs=1, spring=True,
                            anti_spring=False, multiplier=4, scores=spring_game)
    # the landlord is seat 1 here: the scores are seat 0's (the farmer's) first
    result = finish(["4", "35"], ["3", "4"], landlord=1, bid=3, rules=rules)
    assert result == Result(winner="farmers", landlord=1, bid=3, bombs=0, spring=False,
                            anti_spring=True, multiplier=2, scores=anti_spring_game[::-1])
    assert sum(finish(["33334", "5"], ["3333", "pass", "4"], rules=rules).scores) == (
        0 if scoring != "win" else 1)


def test_no_spring_when_the_farmer_played():
    result = finish(["3K", "4"], ["3", "pass", "K"], bid=1)      # the farmer passed only
    assert result.spring and result.scores == (2, -2)
    result = finish(["3K", "4A"], ["4", "K", "A"], landlord=1)        # the farmer played
    assert result.winner == "landlord" and not result.spring and result.scores == (-1, 1)
    result = finish(["367", "4A2"], ["3", "4", "6", "A", "pass", "2"])  # the landlord played twice
    assert result.winner == "farmers" and not result.anti_spring and result.scores == (-1, 1)


# --- perft ------------------------------------------------------------------------------------

def reference_play_after(hands, landlord, bid, moves):
    play = Play([reference.parse(h) for h in hands], landlord, bid)
    for move in moves:
        play.apply(as_ref(move))
    return play


@pytest.mark.parametrize("hands, landlord, depth", [
    (PUZZLE, 0, 5),
    (["33344455", "666777A2"], 0, 5),
    (["3333BR4", "55556"], 1, 6),
    (["444456", "77778899"], 0, 5),
    (["3456789TJ", "TJQKA2"], 1, 5),
])
def test_perft_matches_the_reference(hands, landlord, depth):
    leads_of = functools.lru_cache(maxsize=None)(reference.leads)
    game = Game.from_hands(hands, landlord=landlord)
    play = Play([reference.parse(h) for h in hands], landlord, 1)
    for d in range(1, depth + 1):
        expected = reference_perft(play, d, False, leads_of)
        assert perft(game, d) == expected, d
        assert perft(game, d, bulk=False) == expected
        assert sum(perft(game, d, divide=True).values()) == expected


def test_perft_mid_trick_matches_the_reference():
    """Random positions a few moves into seeded games, the farmer or the landlord to move,
    with or without a move to beat."""
    leads_of = functools.lru_cache(maxsize=None)(reference.leads)
    rng = random.Random(5)
    for _ in range(40):
        hands, landlord, bid = random_setup(rng, 8)
        game = Game.from_hands([text(h) for h in hands], landlord=landlord, bid=bid)
        played = []
        for _ in range(rng.randrange(4)):
            if game.phase != "play":
                break
            moves = game.legal_moves()
            played.append(moves[rng.randrange(len(moves))])
            game.play(played[-1])
        if game.phase != "play":
            continue
        play = reference_play_after([text(h) for h in hands], landlord, bid, played)
        for d in (1, 2, 3, 4):
            assert perft(game, d) == reference_perft(play, d, False, leads_of), (game, d)


# --- positions, keys, copies ------------------------------------------------------------------

OUT_PUZZLE = "out=" + complement(*PUZZLE)


def test_position_text():
    game = Game.from_hands(PUZZLE)
    start = "play 35577TTQQ2/9AA 0 landlord=0 bid=1 " + OUT_PUZZLE
    assert game.position() == start and repr(game) == f"Game.from_position({start!r})"
    assert Position.parse(start).n_seats == 2 and Position.parse(start).played == (Hand(),) * 2
    assert Position.parse(start).plays == (0, 0)
    game.play("3")
    game.play("9")
    assert game.position() == ("play 5577TTQQ2/AA 0 landlord=0 bid=1 played=3/9 plays=1,1 "
                               "trick=9@1 " + OUT_PUZZLE)
    game.play("2")
    game.play("pass")
    assert game.position() == ("play 5577TTQQ/AA 0 landlord=0 bid=1 played=32/9 plays=2,1 "
                               + OUT_PUZZLE)
    assert str(game).splitlines()[2:4] == ["  seat 0 (landlord): 5577TTQQ", "  seat 1: AA"]
    again = Game.from_position(game.position())
    assert snapshot(again)[:16] == snapshot(game)[:16]
    keywords = Game.from_position(phase="play", hands=["5577TTQQ", "AA"], to_move=0,
                                  landlord=0, bid=1, played=["32", "9"], plays=[2, 1],
                                  out=OUT_PUZZLE[4:])
    assert keywords.position() == game.position() and keywords.key() == game.key()


def test_copies_and_pickles():
    game = Game.from_hands(PUZZLE, landlord=1, bid=3)
    for move in ("9", "T", "A", "pass"):
        game.play(move)
    for other in (game.copy(), copy.copy(game), copy.deepcopy(game),
                  pickle.loads(pickle.dumps(game)), eval(repr(game), {"Game": Game})):
        assert snapshot(other)[:16] == snapshot(game)[:16] and other.n_seats == 2
        assert other.full_key() == game.full_key()
    assert pickle.loads(pickle.dumps(game)).history == game.history


def test_keys_of_transpositions():
    """Equal positions reached by different move orders share both keys; the key covers the
    seat to move and the trick."""
    one = Game.from_hands(["3456", "789T"])
    two = one.copy()
    for move in ("3", "7", "pass", "8", "pass"):
        one.play(move)
    for move in ("3", "8", "pass", "7", "pass"):
        two.play(move)
    assert one.history != two.history and one.to_move == two.to_move == 1
    assert one.key() == two.key() and one.full_key() == two.full_key()
    landlord_leads = Game.from_position(one.position().replace(" 1 ", " 0 ", 1))
    assert landlord_leads.to_move == 0 and landlord_leads.key() != one.key()
    keys = set()
    game = Game.from_hands(PUZZLE)
    for move in ("3", "9", "pass"):
        keys.add(game.key())
        game.play(move)
    keys.add(game.key())
    assert len(keys) == 4


@pytest.mark.slow
def test_round_trip_at_every_step_of_random_games():
    rng = random.Random(3)
    for _ in range(200):
        hands, landlord, bid = random_setup(rng, 20)
        game = Game.from_hands([text(h) for h in hands], landlord=landlord, bid=bid,
                               rules=rng.choice(list(RULE_SETS.values())))
        while True:
            check_position(game)
            assert eval(repr(game), {"Game": Game}).position() == game.position()
            if game.phase == "over":
                break
            game.play(GreedyPlayer()(game) if rng.random() < 0.5 else RandomPlayer(rng.randrange(100))(game))


# --- hidden hands -----------------------------------------------------------------------------

def test_sampling_gives_the_one_consistent_deal():
    """With two seats the other hand is all the seat does not see: the reference lists one
    deal, and every sample is it."""
    rng = random.Random(8)
    for _ in range(30):
        hands, landlord, bid = random_setup(rng, 6)
        game = Game.from_hands([text(h) for h in hands], landlord=landlord, bid=bid)
        for _ in range(rng.randrange(5)):
            if game.phase == "play":
                moves = game.legal_moves()
                game.play(moves[rng.randrange(len(moves))])
        for seat in (0, 1):
            expected = reference_deals(game, seat)
            assert len(expected) == 1
            (deal,) = expected
            deals = sample_deals(game, seat, 500, seed=seat)
            assert deals.shape == (500, 2, 15) and deals.dtype == np.uint8
            assert (deals == np.array(deal, dtype=np.uint8)).all()
            assert tuple(tuple(int(c) for c in h.counts) for h in game.hands) == deal
            other = game_with_hands(game, deals[0])
            assert other.position() == game.position() and other.key() == game.key()


def test_sampling_constraints_and_errors():
    game = Game.from_hands(["334", "55K"])
    allowed = np.ones((2, 15), dtype=bool)
    assert (sample_deals(game, 0, 3, seed=1, constraints=allowed)[:, 1] == game.hands[1].counts).all()
    allowed[1, 10] = False                                     # "seat 1 holds no K": it does
    with pytest.raises(InvalidConstraintsError, match="no deal"):
        sample_deals(game, 0, 3, seed=1, constraints=allowed)
    with pytest.raises(InvalidConstraintsError, match=r"shape \(2, 15\)"):
        sample_deals(game, 0, 3, seed=1, constraints=np.ones((3, 15), dtype=bool))
    with pytest.raises(ValueError, match="seat"):
        sample_deals(game, 2, 3, seed=1)
    assert sample_deals(game, 1, 0, seed=1).shape == (0, 2, 15)
    with pytest.raises(InvalidPositionError, match="not two card sets"):
        game_with_hands(game, ["334", "55K", "6"])
    with pytest.raises(InvalidPositionError, match=r"hands\[1\]: 55 has 2 cards"):
        game_with_hands(game, ["334", "55"])
    with pytest.raises(InvalidPositionError):
        game_with_hands(game, ["336", "45K"])                  # a 6: out of play


# --- misuse -----------------------------------------------------------------------------------

@pytest.mark.parametrize("hands, kwargs, error, words", [
    (["3334"], {}, InvalidCardsError, "two or three card sets"),
    (["3", "4", "5", "6"], {}, InvalidCardsError, "not 4"),
    (["3", "4"], {"landlord": 2}, ValueError, "landlord"),
    (["3", "4"], {"kitty": "3"}, InvalidCardsError, "two-seat game has no kitty"),
    (["3", "4"], {"bid": 4}, ValueError, "bid"),
    (["3", ""], {}, InvalidCardsError, "seat 1 holds no card"),
    (["333", "33"], {}, InvalidCardsError, "more than the deck"),
])
def test_from_hands_rejects(hands, kwargs, error, words):
    with pytest.raises(error, match=words):
        Game.from_hands(hands, **kwargs)


OUT_34 = "out=" + complement("3", "4")
GOOD = "play 3/4 0 landlord=0 bid=1 " + OUT_34


@pytest.mark.parametrize("text_, words", [
    ("play 3/4/5/6 0 landlord=0", "hands: '3/4/5/6' is not three card sets \\(or two\\)"),
    ("play 3 0 landlord=0", "hands: '3' is not three parts"),
    ("auction 3/4 0 seed=1 " + OUT_34, "phase: a two-seat game has no auction"),
    (GOOD.replace(" 0 ", " 2 ", 1), "to_move: 2 is no seat 0 or 1"),
    (GOOD.replace("landlord=0", "landlord=2"), "landlord: 2 is no seat 0 or 1"),
    (GOOD + " kitty=3", "kitty: Hand\\('3'\\): a two-seat game"),
    (GOOD + " seed=1", "seed: 1: a two-seat game"),
    (GOOD + " seed=0", "seed: 0: a two-seat game"),
    (GOOD + " marked=3", "marked: '3': a two-seat game"),
    (GOOD + " redeals=1", "redeals: 1: a two-seat game"),
    (GOOD + " first=1", "first: 1: a two-seat game has no auction"),
    (GOOD + " played=-/-/-", "played: .* is not two values"),
    (GOOD + " plays=0,0,0", "plays: .* is not two values"),
    ("play 3/4 1 landlord=0 bid=1 played=5/- plays=1,0 trick=5@2 " + OUT_34.replace("5555", "555"),
     "trick seat: 2 is no seat 0 or 1"),
    ("play 3/4 0 landlord=0 bid=1 played=5/- plays=1,0 trick=5@0 " + OUT_34.replace("5555", "555"),
     "seat 0 would have to beat its own move: the other passed"),
    ("over 3/4 - landlord=0 bid=1 " + OUT_34, "a finished game has one empty hand, not 0"),
    ("over 3/4 - bid=1 " + OUT_34, "landlord: None is no seat 0 or 1"),
    ("play 3/4 0 landlord=0 bid=1", "out: the cards"),
])
def test_malformed_two_seat_positions(text_, words):
    with pytest.raises(InvalidPositionError, match=words):
        Game.from_position(text_)


def test_checked_actions_leave_the_game_unchanged():
    game = Game.from_hands(PUZZLE)
    game.play("3")
    before = snapshot(game)
    for bad in ("3", "K", "AA", "99"):
        with pytest.raises(IllegalMoveError):
            game.play(bad)
    with pytest.raises(IllegalMoveError):
        game.push(Move.parse("KK"))
    with pytest.raises(IllegalActionError):
        game.bid(1)
    assert snapshot(game) == before
    assert game.legal_bids() == [] and game.first_bidder == 0 and game.marked_card is None


# --- the rest of the API ----------------------------------------------------------------------

def test_players_and_action_ids():
    space = ActionSpace("standard")
    rng = random.Random(2)
    for seed in range(50):
        hands, landlord, bid = random_setup(rng, 15)
        game = Game.from_hands([text(h) for h in hands], landlord=landlord, bid=bid)
        players = [GreedyPlayer(), RandomPlayer(seed)]
        while game.phase == "play":
            ids = space.legal_ids(game)
            assert ids.tolist() == sorted(space.id(m) for m in game.legal_moves())
            game.play(players[game.to_move](game))
        assert len(game.result.scores) == 2


def test_encodings_refuse_two_seat_games():
    from ddz_fast.encodings import DOUZERO, OPENSPIEL, RLCARD
    game = Game.from_hands(PUZZLE)
    for scheme in (RLCARD, OPENSPIEL, DOUZERO):
        with pytest.raises(EncodingError, match="not a two-seat endgame"):
            scheme.encode(game)
    with pytest.raises(EncodingError, match="not a two-seat endgame"):
        DOUZERO.encode_z(game)
    with pytest.raises(EncodingError, match="not a two-seat endgame"):
        DOUZERO.encode_batch(game, game.legal_moves())


def test_openspiel_bridge_refuses_two_seat_games(pyspiel):
    from ddz_fast.interop import openspiel
    with pytest.raises(InvalidPositionError, match="OpenSpiel deals all 54 cards"):
        openspiel.to_state(Game.from_hands(PUZZLE))
