"""The game: RULES.md's examples, random games against the reference, and every misuse."""

import copy
import pickle
import random

import pytest

import ddz_fast
from ddz_fast import (
    PASS, AmbiguousMoveError, Game, Hand, IllegalActionError, IllegalBidError, IllegalMoveError,
    InvalidCardsError, InvalidMoveError, Kind, Move, Position, Result, Rules, score,
)
from helpers import as_ref, snapshot
from oracles.reference_game import Auction, Play
from oracles.reference_game import deal as reference_deal

RULE_SETS = {
    "open": Rules(),
    "single_round": Rules(auction="single_round"),
    "distinct_open": Rules(distinct_single_wings=True),
    "distinct_single_round": Rules(distinct_single_wings=True, auction="single_round"),
    "openspiel": Rules.preset("openspiel"),
    "rlcard": Rules.preset("rlcard"),
    "douzero": Rules.preset("douzero"),
    "douzero_points": Rules.preset("douzero").replace(scoring="points"),
    "douzero_wp": Rules.preset("douzero").replace(scoring="wp"),
    "douzero_logadp": Rules.preset("douzero").replace(scoring="logadp"),
    "shuttle": Rules(shuttle="ordinary"),
    "shuttle_super_bomb": Rules(shuttle="super_bomb", shuttle_wings="two", shuttle_bombs=3),
}
PEER_PRESETS = ("rlcard", "openspiel", "douzero")      # also played against the peers themselves
# The fields of Rules that decide which plays exist (the reference's readings() switches).
LEGALITY = ("distinct_single_wings", "four_with_two", "distinct_four_two_singles", "quad_wings",
            "extending_wings", "rocket_kickers", "shuttle", "shuttle_wings")
FULL_DECK = tuple([4] * 13 + [1, 1])


def total(hands):
    return tuple(map(sum, zip(*(h.counts.tolist() for h in hands))))


# --- RULES.md examples ---------------------------------------------------------------------

def test_example_trio_answered_then_bombed():
    game = Game.from_hands(["66647", "88839", "55556"], landlord=0, bid=1)
    game.play("666+4")
    assert Move.parse("888+3") in game.legal_moves()
    game.play("888+3")
    assert Move.parse("5555") in game.legal_moves()
    game.play("5555")
    assert game.bombs == 1 and game.last_move == Move.parse("5555") and game.last_mover == 2


def test_example_bid_two_one_bomb_landlord_wins():
    game = Game.from_hands(["33334K", "56", "78"], landlord=0, bid=2)
    for move in ("4", "5", "7", "K", "pass", "pass", "3333"):
        game.play(move)
    result = game.result
    assert result.winner == "landlord" and result.bombs == 1 and not result.spring
    assert result.multiplier == 2 and result.scores == (8, -4, -4)
    assert score(2, 1, True) == (8, -4, -4)


def test_example_bid_two_bomb_and_rocket_farmer_wins():
    game = Game.from_hands(["344449", "5BR6", "789"], landlord=0, bid=2)
    for move in ("3", "5", "7", "4444", "BR", "pass", "pass", "6"):
        game.play(move)
    result = game.result
    assert result.winner == "farmers" and result.bombs == 2 and not result.anti_spring
    assert result.scores == (-16, 8, 8) and result.multiplier == 4
    assert score(2, 2, False) == (-16, 8, 8)


def test_spring_and_anti_spring():
    spring = Game.from_hands(["34567", "8", "9"], landlord=0, bid=1)
    spring.play("34567")
    assert spring.result.spring and spring.result.scores == (4, -2, -2)
    anti = Game.from_hands(["34", "5", "6"], landlord=0, bid=1)
    anti.play("3")
    anti.play("5")
    assert anti.result.anti_spring and anti.result.scores == (-4, 2, 2)
    assert score(1, 0, True, spring=True) == (4, -2, -2)
    assert score(1, 0, False, anti_spring=True) == (-4, 2, 2)
    late = Game.from_hands(["345", "6", "79"], landlord=1, bid=3)     # seat 1 is landlord
    late.play("6")
    assert late.result.spring and late.result.scores == (-6, 12, -6)


@pytest.mark.parametrize("bids, variant, landlord, bid", [
    ([0, 1, 0, 2, 0, 0], "open", 0, 2),            # RULES section 3: A is landlord at 2
    ([1, 0, 0], "open", 0, 1),
    ([1, 2, 0, 0], "open", 1, 2),
    ([0, 0, 1, 0, 0], "open", 2, 1),
    ([1, 2, 3], "open", 2, 3),
    ([3], "open", 0, 3),
    ([0, 1, 2], "single_round", 2, 2),
    ([1, 0, 0], "single_round", 0, 1),
    ([0, 1, 0], "single_round", 1, 1),
    ([0, 0, 3], "single_round", 2, 3),
    ([2, 3], "single_round", 1, 3),
])
def test_auction_sequences(bids, variant, landlord, bid):
    game = Game(7, rules=Rules(auction=variant), first_bidder=0)
    dealt = game.hands
    for n in bids:
        assert game.phase == "auction"
        game.bid(n)
    assert game.phase == "play" and game.landlord == landlord and game.winning_bid == bid
    assert game.to_move == landlord and len(game.hands[landlord]) == 20
    assert game.hands[landlord] == dealt[landlord] + game.kitty


def test_pass_is_the_auctions_pass_too():
    # An action space has one pass id for both phases; its action, PASS, passes in the auction.
    game, other = Game(3, first_bidder=0), Game(3, first_bidder=0)
    game.bid(PASS)
    other.bid(0)
    game.push(PASS)
    other.push(0)
    assert game.history == other.history == [(0, 0), (1, 0)] and snapshot(game) == snapshot(other)
    with pytest.raises(TypeError):
        game.bid(Move.parse("3"))


def test_open_auction_lets_a_passer_bid_later_but_single_round_does_not():
    game = Game(7, first_bidder=0)
    for n in (0, 1, 0):
        game.bid(n)
    assert game.to_move == 0 and game.legal_bids() == [0, 2, 3]
    single = Game(7, rules=Rules(auction="single_round"), first_bidder=0)
    for n in (0, 1, 0):
        single.bid(n)
    assert single.phase == "play" and single.landlord == 1


@pytest.mark.parametrize("variant", ["open", "single_round"])
def test_redeal_after_an_all_pass_auction(variant):
    game = Game(11, rules=Rules(auction=variant), first_bidder=2)
    before = snapshot(game)
    for _ in range(3):
        game.bid(0)
    assert game.phase == "auction" and game.redeals == 1
    assert game.first_bidder == 0 and game.to_move == 0      # the next seat bids first
    assert game.hands != before[2]
    assert [a for _, a in game.history] == [0, 0, 0]
    redealt = snapshot(game)
    assert snapshot(Game(11, rules=Rules(auction=variant), first_bidder=2)) == before
    game.undo()
    assert game.redeals == 0 and game.hands == before[2] and game.passes == 2
    game.bid(0)
    assert snapshot(game) == redealt                           # the redeal is a pure function


def test_deal_is_a_pure_function_of_the_seed():
    a, b = Game(123456789), Game(123456789)
    assert snapshot(a) == snapshot(b)
    assert a.hands != Game(123456790).hands
    assert total(a.hands + (a.kitty,)) == FULL_DECK
    assert [len(h) for h in a.hands] == [17, 17, 17] and len(a.kitty) == 3
    assert a.marked_card in ddz_fast.RANK_SYMBOLS
    assert a.hands[a.first_bidder].counts[ddz_fast.RANK_SYMBOLS.index(a.marked_card)] >= 1
    assert Game(None).seed is not None and 0 <= Game().seed < 2 ** 64


@pytest.mark.parametrize("seed", [0, 1, 123456789, 2 ** 64 - 1, 0xDEADBEEF])
def test_deal_follows_the_documented_algorithm(seed):
    # A pure-Python twin of the deal: deals must not change between versions or machines.
    for redeals in range(3):
        hands, kitty, marked, position = reference_deal(seed, redeals)
        game = Game(seed, first_bidder=0 if redeals else None)
        for _ in range(redeals):
            for _ in range(3):
                game.bid(0)
        assert [tuple(h.counts) for h in game.hands] == hands and tuple(game.kitty.counts) == kitty
        assert game.marked_card == ddz_fast.RANK_SYMBOLS[marked]
        assert game.first_bidder == (position % 3 if redeals == 0 else redeals % 3)


def test_first_bidder_is_the_marked_card_holder_on_average():
    firsts = [Game(seed).first_bidder for seed in range(3000)]
    assert all(900 < firsts.count(seat) < 1100 for seat in range(3))


# --- random games against the reference ----------------------------------------------------

def play_random_game(seed, rules):
    """Play a seeded random game, checking it against the reference at every step; return the
    game and the snapshot after every action."""
    rng = random.Random(seed)
    game = Game(seed, rules=rules)
    snapshots = [snapshot(game)]
    auction = Auction(game.first_bidder, rules.auction, rules.all_pass)
    while game.phase == "auction":
        assert game.legal_bids() == auction.legal() and game.to_move == auction.to_move()
        bid = rng.choice(game.legal_bids())
        redeals = game.redeals
        game.bid(bid)
        auction.speak(bid)
        outcome = auction.outcome()
        if outcome == ("redeal",):
            assert game.redeals == redeals + 1 and game.first_bidder == (auction.first_bidder + 1) % 3
            auction = Auction(game.first_bidder, rules.auction, rules.all_pass)
        elif outcome == ("unscored",):
            assert (game.phase, game.landlord, game.to_move) == ("over", None, None)
            assert total(game.hands + (game.kitty,)) == FULL_DECK
        elif outcome is not None:
            assert (game.phase, game.landlord, game.winning_bid) == ("play",) + outcome[1:]
        else:
            assert game.phase == "auction"
        assert total(game.hands + (game.kitty,)) == FULL_DECK or game.phase == "play"
        assert game.key() == ddz_fast.Game.from_position(game.position()).key()
        snapshots.append(snapshot(game))
    if auction.outcome() == ("unscored",):
        assert game.result == Result(winner=None, landlord=None, bid=0, bombs=0, spring=False,
                                     anti_spring=False, multiplier=0, scores=(0, 0, 0))
        return game, snapshots
    assert (game.phase, game.landlord, game.winning_bid) == ("play",) + auction.outcome()[1:]
    play = Play([tuple(h.counts) for h in game.hands], game.landlord, game.winning_bid,
                rules.shuttle_bombs)
    while game.phase == "play":
        moves = game.legal_moves()
        answers = ddz_fast.legal_moves(game.hands[game.to_move], game.last_move, rules=rules)
        assert list(moves) == list(answers) + ([PASS] if play.trick is not None else [])
        move = moves[rng.randrange(len(moves))]
        assert play.is_legal(as_ref(move), **{name: getattr(rules, name) for name in LEGALITY})
        game.play(move)
        play.apply(as_ref(move))
        assert [tuple(h.counts) for h in game.hands] == play.hands
        assert (game.last_move is None) == (play.trick is None)
        if play.trick is not None:
            assert as_ref(game.last_move) == play.trick and game.last_mover == play.last_mover
        assert game.passes == play.passes and game.bombs == play.bombs
        assert total(game.hands + game.cards_played) == FULL_DECK
        assert game.key() == ddz_fast.Game.from_position(game.position()).key()
        if play.winner is None:
            assert game.phase == "play" and game.to_move == play.to_move
        snapshots.append(snapshot(game))
    scores, spring, anti_spring = play.scores(rules.scoring, rules.spring)
    result = game.result
    assert result.scores == scores
    assert (result.spring, result.anti_spring) == (spring, anti_spring)
    assert result.winner == ("landlord" if play.winner == play.landlord else "farmers")
    doubled = rules.spring and (spring or anti_spring)
    assert result.multiplier == 2 ** (play.bombs + doubled)
    return game, snapshots


@pytest.mark.parametrize("name", RULE_SETS)
def test_some_random_games_match_the_reference(name):
    """The quick loop's share of the sweep below (the sanitizer build runs it)."""
    check_random_games(RULE_SETS[name], range(1000, 1012))


@pytest.mark.slow
@pytest.mark.reference
@pytest.mark.parametrize("name", RULE_SETS)
def test_random_games_match_the_reference(name):
    rules = RULE_SETS[name]
    check_random_games(rules, range(300 if rules.name in PEER_PRESETS or name.startswith("douzero")
                                    else 1000))


def check_random_games(rules, seeds):
    """Seeded random games against the reference, then replayed from the deal and undone back
    to it."""
    for seed in seeds:
        game, snapshots = play_random_game(seed, rules)
        # replaying the history from the deal reproduces the final state
        replay = Game(seed, rules=rules)
        for seat, action in game.history:
            assert replay.to_move == seat
            replay.bid(action) if isinstance(action, int) else replay.play(action)
        assert snapshot(replay) == snapshots[-1]
        # undo back to the start restores every state on the way
        for expected in reversed(snapshots[:-1]):
            game.undo()
            assert snapshot(game) == expected
        with pytest.raises(IllegalActionError):
            game.undo()


def test_push_and_play_agree_and_copies_are_independent():
    game = Game(5)
    while game.phase == "auction":
        game.push(game.legal_bids()[-1])
    checked = game.copy()
    for i in range(12):
        moves = game.legal_moves()
        game.push(moves[i % len(moves)])
        checked.play(moves[i % len(moves)])
        assert snapshot(game) == snapshot(checked)
    fork = game.copy()
    light = game.copy(stack=False)
    assert snapshot(fork) == snapshot(game) and light.history == [] and light.key() == game.key()
    assert light.cards_played == game.cards_played
    fork.play(fork.legal_moves()[0])
    assert snapshot(fork) != snapshot(game) and snapshot(light)[:16] == snapshot(game)[:16]
    with pytest.raises(IllegalActionError):
        light.undo()
    assert snapshot(copy.copy(game)) == snapshot(game) == snapshot(copy.deepcopy(game))


def test_pickle_round_trip():
    for game in (Game(9), Game.from_hands(["3334", "55", "66"], landlord=1, bid=2, kitty="5")):
        rng = random.Random(0)
        for _ in range(10):
            if game.phase == "auction":
                game.bid(rng.choice(game.legal_bids()))
            elif game.phase == "play":
                moves = game.legal_moves()
                game.play(moves[rng.randrange(len(moves))])
        assert snapshot(pickle.loads(pickle.dumps(game))) == snapshot(game)


def test_set_up_games():
    game = Game.from_hands(["33344456", "789TJ", Hand("QQKKAA")], landlord=2, bid=3, kitty="QKA")
    assert game.phase == "play" and game.to_move == 2 and game.landlord == 2
    assert game.winning_bid == 3 and game.seed is None and game.marked_card is None
    assert game.kitty == Hand("QKA") and game.redeals == 0 and game.history == []
    assert game.cards_played == (Hand(), Hand(), Hand())
    game.play("QQKKAA")
    assert game.cards_played[2] == Hand("QQKKAA") and game.phase == "over"
    assert game.result.spring


def test_game_text():
    game = Game(3)
    assert "auction" in str(game) and repr(game).startswith("Game.from_position('auction ")
    assert snapshot(eval(repr(game), {"Game": Game})) == snapshot(game)
    game.bid(3)
    assert "landlord" in str(game) and "leads" in str(game)


def test_score_checks_its_arguments():
    with pytest.raises(ValueError):
        score(4, 0, True)
    with pytest.raises(ValueError):
        score(1, -1, True)
    with pytest.raises(ValueError):
        score(1, 0, False, spring=True)
    with pytest.raises(ValueError):
        score(1, 0, True, anti_spring=True)


# --- misuse --------------------------------------------------------------------------------

def finished_game():
    game = Game.from_hands(["34567", "8", "9"], landlord=0, bid=1)
    game.play("34567")
    return game


@pytest.mark.parametrize("make, action, error", [
    (lambda: Game(1), lambda g: g.play("3"), IllegalActionError),
    (lambda: Game(1), lambda g: g.play(PASS), IllegalActionError),
    (lambda: Game(1), lambda g: g.bid(4), IllegalBidError),
    (lambda: Game(1), lambda g: g.bid(-1), IllegalBidError),
    (lambda: Game(1), lambda g: g.bid("1"), TypeError),
    (lambda: Game(1), lambda g: g.bid(True), TypeError),
    (lambda: Game(1), lambda g: g.push(7), IllegalBidError),
    (lambda: Game(1), lambda g: (g.bid(2), g.bid(1)), IllegalBidError),
    (lambda: Game(1), lambda g: (g.bid(2), g.bid(2)), IllegalBidError),
    (lambda: Game(1), lambda g: g.undo(), IllegalActionError),
    (lambda: Game.from_hands(["3334", "55", "66"]), lambda g: g.bid(1), IllegalActionError),
    (lambda: Game.from_hands(["3334", "55", "66"]), lambda g: g.play("pass"), IllegalMoveError),
    (lambda: Game.from_hands(["3334", "55", "66"]), lambda g: g.play(PASS), IllegalMoveError),
    (lambda: Game.from_hands(["3334", "55", "66"]), lambda g: g.play("5"), IllegalMoveError),
    (lambda: Game.from_hands(["3334", "55", "66"]), lambda g: g.play("3333"), IllegalMoveError),
    (lambda: Game.from_hands(["3334", "55", "66"]), lambda g: g.play("3345"), InvalidMoveError),
    (lambda: Game.from_hands(["3334445556667778", "5", "6"]), lambda g: g.play("3334445556667778"),
     AmbiguousMoveError),
    (lambda: Game.from_hands(["3334", "55", "66"]), lambda g: g.play("33X"), InvalidCardsError),
    (lambda: Game.from_hands(["3334", "55", "66"]), lambda g: g.play(3), TypeError),
    (lambda: Game.from_hands(["3334", "55", "66"]), lambda g: g.push(Move.parse("55")),
     IllegalMoveError),
    (lambda: Game.from_hands(["3334", "55", "66"]), lambda g: g.push(3), TypeError),
    (lambda: Game.from_hands(["3334", "55", "66"]), lambda g: (g.play("4"), g.play("55")),
     IllegalMoveError),
    (lambda: Game.from_hands(["3334", "55", "66"]), lambda g: (g.play("4"), g.play("3")),
     IllegalMoveError),
    (lambda: Game.from_hands(["33344455", "6", "7"], rules=Rules(distinct_single_wings=True)),
     lambda g: g.play(Move.parse("333444+55")), IllegalMoveError),
    (lambda: Game.from_hands(["33344455", "6", "7"], rules=Rules(distinct_single_wings=True)),
     lambda g: g.play("333444+55"), InvalidMoveError),
    (finished_game, lambda g: g.play("8"), IllegalActionError),
    (finished_game, lambda g: g.bid(1), IllegalActionError),
    (finished_game, lambda g: g.push(PASS), IllegalActionError),
])
def test_misuse_raises_and_changes_nothing(make, action, error):
    game = make()
    before = snapshot(game)
    with pytest.raises(error):
        action(game)
    after = snapshot(game)
    if before[16] != after[16]:           # a first, legal action of the lambda went through
        game.undo()
    assert snapshot(game) == before
    assert issubclass(error, (ValueError, TypeError))


@pytest.mark.parametrize("hands, kwargs, error", [
    (["3334"], {}, InvalidCardsError),                             # two seats at least
    ("333455", {}, TypeError),                                      # one text, not three
    (["33333", "5", "6"], {}, InvalidCardsError),
    (["333", "33", "6"], {}, InvalidCardsError),                    # five 3s in all
    (["B", "B", "6"], {}, InvalidCardsError),
    (["3", "", "6"], {}, InvalidCardsError),
    (["3333444455556666777788", "5", "6"], {}, InvalidCardsError),  # more than 20
    (["3", "4", "5"], {"landlord": 3}, ValueError),
    (["3", "4", "5"], {"bid": 0}, ValueError),
    (["3", "4", "5"], {"kitty": "3456"}, InvalidCardsError),
    (["3", "4", "5"], {"rules": "open"}, ValueError),                # no preset's name
    (["3", "4", "5"], {"rules": 3}, TypeError),
])
def test_from_hands_rejects_malformed_set_ups(hands, kwargs, error):
    with pytest.raises(error):
        Game.from_hands(hands, **kwargs)


def test_game_constructor_checks():
    with pytest.raises(ValueError):
        Game(-1)
    with pytest.raises(ValueError):
        Game(2 ** 64)
    with pytest.raises(TypeError):
        Game("seed")
    with pytest.raises(ValueError):
        Game(1, first_bidder=3)
    assert Game(1).legal_moves() is not None and len(Game(1).legal_moves()) == 0
    assert finished_game().legal_bids() == [] and len(finished_game().legal_moves()) == 0
    assert finished_game().to_move is None


def test_multipliers_by_bomb_tier_score_and_round_trip():
    """Rules(hard_bomb_multiplier=4, rocket_multiplier=8): a bomb doubles twice, the rocket
    three times (RULES.md 10); Result.multiplier and the scores say so, and every position
    of such a game is valid and round-trips (its bombs count doublings)."""
    rules = Rules(hard_bomb_multiplier=4, rocket_multiplier=8)
    rng = random.Random(11)
    seen = set()
    for seed in range(120):
        game = Game(seed, rules=rules)
        while game.phase == "auction":
            game.bid(3 if rng.random() < 0.3 else 0)
        if game.phase != "play":
            continue
        doublings = 0
        while game.phase == "play":
            moves = list(game.legal_moves())
            bombs = [m for m in moves if m.kind in (Kind.BOMB, Kind.ROCKET)]
            move = rng.choice(bombs) if bombs and rng.random() < 0.5 else rng.choice(moves)
            game.play(move)
            doublings += {Kind.BOMB: 2, Kind.ROCKET: 3}.get(move.kind, 0)
            again = Game.from_position(Position.parse(game.position()))
            assert again.key() == game.key() and again.position() == game.position()
        result = game.result
        spring = result.spring or result.anti_spring
        assert result.bombs == doublings
        assert result.multiplier == 2 ** (doublings + spring)
        assert abs(result.scores[result.landlord]) == 2 * result.bid * result.multiplier
        seen.add(doublings % 5)
    assert len(seen) >= 3       # games with bombs, rockets and both were played
