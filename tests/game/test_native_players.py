"""The native players and the arena: the greedy kernel against the Python GreedyPlayer and the
random kernel against a pure-Python SplitMix64 model, decision by decision on seeded positions of
every preset (auctions, two-seat endgames, hand-picked cases; wild cards and four players
included); play_games against the same games played through Game by the Python players, row for
row; and the arena's misuse."""

import random

import numpy as np
import pytest

import helpers
from ddz_fast import (
    FOUR_OUTCOME_DTYPE, OUTCOME_DTYPE, PASS, Game, GreedyPlayer, RandomPlayer, RulePlayer, Rules,
    UnsupportedRulesError, play_games,
)
from ddz_fast._arena import NATIVE_PLAYERS, _native_action
from ddz_fast._simulate import nth_game_seed
from table_helpers import SplitMix64, act, legal_actions, seat_players

PRESETS = sorted(Rules.presets())


def two_seat_game(rng, rules):
    """A two-seat endgame from a shuffled deck: the landlord's 1..20 cards, the farmer's 1..17
    (and the wild ranks drawn apart, under wild-card rules)."""
    landlord = rng.randrange(2)
    sizes = [rng.randint(1, 20 if seat == landlord else 17) for seat in range(2)]
    cards = rng.sample(helpers.DECK, sum(sizes))
    hands = [tuple(cards[:sizes[0]].count(r) for r in range(15)),
             tuple(cards[sizes[0]:].count(r) for r in range(15))]
    wild_ranks = "".join(rng.sample("3456789TJQKA2", ("none", "one", "two").index(rules.wilds)))
    return Game.from_hands(hands, landlord=landlord, bid=rng.randint(1, 3), rules=rules,
                           wild_ranks=wild_ranks or None)


def positions(rules, n_games, seed):
    """Every decision of n_games seeded games (each fifth a two-seat endgame, of three players),
    played by uniform choices: the Game at each (a copy)."""
    rng = random.Random(seed)
    for k in range(n_games):
        two_seats = k % 5 == 4 and rules.players == 3
        game = two_seat_game(rng, rules) if two_seats else Game(rng.getrandbits(64), rules=rules)
        while game.phase != "over":
            yield game.copy()
            act(game, lambda g: rng.choice(legal_actions(g)))


@pytest.mark.parametrize("preset", PRESETS)
def test_greedy_kernel_is_the_python_greedy_player(preset):
    rules, greedy = Rules.preset(preset), GreedyPlayer()
    seen = {"auction": 0, "play": 0, "two seats": 0}
    for game in positions(rules, 80, f"greedy {preset}"):
        assert _native_action(greedy, game, 0) == greedy(game), game.position()
        seen["two seats" if game.n_seats == 2 else game.phase] += 1
    assert seen["play"] > 3000 and (seen["two seats"] > 200) == (rules.players == 3)
    assert (seen["auction"] > 50) == (rules.auction != "none")


@pytest.mark.parametrize("hands, landlord, before, expected", [
    (["BR", "5", "6"], 0, [], "B"),                        # a plain lead before the rocket
    (["334455", "6", "7"], 0, [], "334455"),               # the most cards
    (["3344", "6", "7"], 0, [], "33"),                     # ties: the lowest main
    (["33335", "8", "4K"], 2, ["4"], "5"),                 # the lowest plain answer
    (["3333", "8", "AK"], 2, ["A"], "3333"),               # the landlord holds 1 card: bomb
    (["3333", "8", "AKKKKQQ"], 2, ["A"], "pass"),          # nobody close to going out
    (["BR4", "8", "AAK"], 2, ["AA"], "BR"),                # the rocket is a bomb too
    (["58", "79", "3Q"], 2, ["3", "5", "7", "pass"], "pass"),  # the partner holds the trick
    (["58", "79", "3Q"], 2, ["3"], "5"),
])
def test_greedy_hand_picked(hands, landlord, before, expected):
    """Seat 0 to act after `before` (seat `landlord` leading): the Python player's choice is
    the one expected and the kernel's."""
    game = Game.from_hands(hands, landlord=landlord)
    for move in before:
        game.play(move)
    assert game.to_move == 0
    action = GreedyPlayer()(game)
    assert str(action) == expected or action.cards == expected
    assert _native_action(GreedyPlayer(), game, 0) == action


@pytest.mark.parametrize("preset, before, expected", [
    ("four_2v2", ["5", "pass"], "pass"),         # the landlord's partner lets his trick stand
    ("four_1v3", ["5", "pass"], "7"),            # ... a farmer of 1 v 3 does not
    ("four_2v2", ["5", "6"], "7"),               # a farmer holds the trick: the partner beats it
    ("four_1v3", ["5", "6"], "pass"),            # ... and a fellow farmer lets it stand
])
def test_greedy_hand_picked_four_players(preset, before, expected):
    """Seat 2 to act after `before` (seat 0, the landlord, leading; seat 2 sits opposite)."""
    game = Game.from_hands(["5K", "6J", "79", "8A"], landlord=0, rules=preset)
    for move in before:
        game.play(move)
    assert game.to_move == 2 and game.partner == (2 if preset == "four_2v2" else None)
    action = GreedyPlayer()(game)
    assert str(action) == expected
    assert _native_action(GreedyPlayer(), game, 0) == action


@pytest.mark.parametrize("preset", PRESETS)
def test_random_kernel_is_splitmix64_uniform(preset):
    rules = Rules.preset(preset)
    draws = random.Random(preset)
    n = 0
    for game in positions(rules, 25, f"random {preset}"):
        state = draws.getrandbits(64)
        assert _native_action(RandomPlayer(), game, state) == \
            legal_actions(game)[SplitMix64(state).below(len(legal_actions(game)))]
        n += 1
    assert n > 800


def test_native_players_are_named():
    assert (RandomPlayer.native, GreedyPlayer.native, RulePlayer.native) == NATIVE_PLAYERS


def python_outcome(game, players, seed, i):
    """Game i of a play_games call, played through Game by the Python players: its row."""
    game = game.copy()
    history = len(game.history)
    python = seat_players(dict(enumerate(players)), nth_game_seed(seed, i))
    while game.phase != "over":
        act(game, python[game.to_move])
    played = game.history[history:]
    result = game.result
    row = np.zeros((), FOUR_OUTCOME_DTYPE if game.n_seats == 4 else OUTCOME_DTYPE)
    row["scores"][:len(result.scores)] = result.scores
    row["multiplier"] = result.multiplier
    row["plays"] = sum(1 for _, action in played if not isinstance(action, int) and action != PASS)
    row["turns"] = sum(1 for _, action in played if not isinstance(action, int))
    row["redeals"] = game.redeals
    row["landlord"] = -1 if result.landlord is None else result.landlord
    row["bid"] = result.bid
    row["bombs"] = result.bombs
    row["landlord_won"] = result.winner == "landlord"
    row["spring"], row["anti_spring"] = result.spring, result.anti_spring
    return row


def arena_games(rules, n, seed):
    """Fresh deals, games stopped partway (auction or play) and two-seat endgames (of three
    players)."""
    rng = random.Random(seed)
    games = []
    for k in range(n):
        if k % 4 == 3 and rules.players == 3:
            games.append(two_seat_game(rng, rules))
            continue
        game = Game(rng.getrandbits(64), rules=rules)
        for _ in range(rng.choice((0, 0, 1, 2, 10, 25))):
            if game.phase == "over":
                break
            act(game, lambda g: rng.choice(legal_actions(g)))
        if game.phase == "over":
            game = Game(rng.getrandbits(64), rules=rules)
        games.append(game)
    return games


LINEUPS = [(GreedyPlayer(), GreedyPlayer(), GreedyPlayer()),
           (RandomPlayer(), RandomPlayer(), RandomPlayer()),
           (GreedyPlayer(), RandomPlayer(7), GreedyPlayer()),
           (RandomPlayer(), GreedyPlayer(), RandomPlayer()),
           (RulePlayer(0), RandomPlayer(), GreedyPlayer()),
           (RulePlayer(0), RulePlayer(0), RulePlayer(0))]


@pytest.mark.parametrize("preset", PRESETS)
def test_play_games_equals_python_players(preset):
    rules = Rules.preset(preset)
    games = arena_games(rules, 80, preset)
    before = [(g.position(), g.history) for g in games]
    for k, players in enumerate(LINEUPS):
        if rules.players == 4:      # a fourth seat: the second's player again
            players = (*players, players[1])
        if rules.wilds != "none" and any(isinstance(p, RulePlayer) for p in players):
            with pytest.raises(UnsupportedRulesError, match="the rule player, does not support"):
                play_games(games, players)
            continue
        if rules.players == 4 and any(isinstance(p, RulePlayer) for p in players):
            with pytest.raises(UnsupportedRulesError, match="RLCard's agent of three seats"):
                play_games(games, players)
            continue
        seed = 1000 + k
        expected = np.array([python_outcome(g, players, seed, i) for i, g in enumerate(games)])
        for threads in (1, 2):
            rows = play_games(games, players, threads=threads, seed=seed)
            assert rows.dtype == expected.dtype and len(rows) == len(games)
            for i in range(len(games)):
                assert rows[i] == expected[i], (preset, players, i, rows[i], expected[i])
    assert [(g.position(), g.history) for g in games] == before       # not changed


def test_play_games_edges_and_misuse():
    assert len(play_games([], [GreedyPlayer()] * 3, seed=1)) == 0
    game = Game(3)
    players = [GreedyPlayer(), RandomPlayer(), GreedyPlayer()]
    rows = play_games([game] * 40, players, seed=9)
    assert len({row.tobytes() for row in rows}) > 1        # each game its own streams
    assert np.array_equal(play_games([game] * 40, players, seed=9, threads=2), rows)
    with pytest.raises(TypeError, match=r"players\[1\]: .*no native kernel"):
        play_games([game], [GreedyPlayer(), lambda g: 0, GreedyPlayer()])
    with pytest.raises(ValueError, match="players must be a sequence of 3 players"):
        play_games([game], [GreedyPlayer()] * 2)
    with pytest.raises(ValueError, match="players must be a sequence of 3 players, one per seat"):
        play_games([game], [GreedyPlayer()] * 4)
    with pytest.raises(ValueError, match="players must be a sequence of 4 players, one per seat"):
        play_games([Game(3, rules="four_2v2")], players)
    with pytest.raises(TypeError, match=r"games\[1\] must be a Game, not int"):
        play_games([game, 5], players)
    with pytest.raises(ValueError, match=r"games\[1\] is played under .*share their rules"):
        play_games([game, Game(3, rules="rlcard")], players)
    over = Game(4)
    while over.phase != "over":
        act(over, GreedyPlayer())
    with pytest.raises(ValueError, match=r"games\[2\] is over"):
        play_games([game, game, over], players)
    with pytest.raises(ValueError, match="seed"):
        play_games([game], players, seed=-1)
    with pytest.raises(ValueError, match="threads"):
        play_games([game], players, threads=0)


def test_play_games_beside_other_threads():
    """Calls in several Python threads at once, while another plays the same Game objects on:
    each call plays the games as they were when it copied them (a fresh deal or one action on,
    as the other thread left them) and the games it was given are never written."""
    games = [Game(seed) for seed in range(200)]
    players = [GreedyPlayer(), RandomPlayer(), GreedyPlayer()]
    expected = play_games(games, players, seed=3, threads=2)
    after_one = [game.copy() for game in games]
    for game in after_one:
        act(game, GreedyPlayer())
    expected_after = play_games(after_one, players, seed=3)
    results = []

    def arena():
        for _ in range(5):
            results.append(play_games(games, players, seed=3, threads=2))

    def mover():
        for game in games:
            act(game, GreedyPlayer())

    helpers.run_threads([arena, arena, mover])
    for rows in results:
        for i in range(len(games)):
            assert rows[i] == expected[i] or rows[i] == expected_after[i]
    assert [g.history for g in games] == [g.history for g in after_one]
