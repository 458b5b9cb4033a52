"""simulate(): determinism, invariants, and agreement with games driven through the Python API."""

import numpy as np
import pytest

import ddz_fast
from ddz_fast import Game, Rules, simulate
from helpers import four_rules
from oracles.reference_game import MASK, below, splitmix64

FIELDS = ["landlord", "bid", "landlord_won", "bombs", "spring", "anti_spring", "multiplier",
          "scores", "plays", "turns", "redeals"]


def same(a, b):
    return all(np.array_equal(getattr(a, f), getattr(b, f)) for f in FIELDS)


def test_same_seed_same_arrays_whatever_the_threads():
    one = simulate(3000, seed=11)
    assert same(one, simulate(3000, seed=11))
    assert same(one, simulate(3000, seed=11, threads=2))
    assert same(one, simulate(3000, seed=11, threads=3))
    assert not np.array_equal(one.scores, simulate(3000, seed=12).scores)
    # a prefix of a longer run is the shorter run: game i depends on the seed and i only
    assert np.array_equal(simulate(5000, seed=11).scores[:3000], one.scores)


@pytest.mark.parametrize("rules", [Rules(), Rules(distinct_single_wings=True, auction="single_round")])
def test_invariants(rules):
    s = simulate(20000, seed=5, rules=rules, threads=2)
    assert len(s) == 20000 and s.rules == rules
    assert (s.scores.sum(axis=1) == 0).all()
    assert set(np.unique(s.bid)) <= {1, 2, 3} and set(np.unique(s.landlord)) <= {0, 1, 2}
    doubled = (s.spring | s.anti_spring).astype(np.int64)
    assert (s.multiplier == 2 ** (s.bombs.astype(np.int64) + doubled)).all()
    landlord_score = s.scores[np.arange(len(s)), s.landlord]
    stake = s.bid * s.multiplier.astype(np.int64)
    assert (landlord_score == np.where(s.landlord_won, 2, -2) * stake).all()
    assert not (s.spring & ~s.landlord_won).any() and not (s.anti_spring & s.landlord_won).any()
    assert (s.plays >= 1).all() and (s.turns >= s.plays).all() and (s.redeals >= 0).all()
    assert 5 < s.plays.mean() < 60 and 0.2 < s.landlord_win_rate < 0.8
    assert 0.005 < s.redeals.mean() < 0.05           # all three pass 1/64 of the time


# The four-player game (RULES.md 11): its seats, sides and switches
FOUR_PLAYER_RULES = {
    "four 1v3": four_rules({"attachments": "pairs"}),
    "four 2v2": four_rules({"sides": "2v2", "attachments": "plane_pairs"}),
    "four 2v2, tiers, any kickers": four_rules({"sides": "2v2", "attachments": "any",
                                                "bomb_ranking": "tiers", "joker_pairs": "none"}),
}


@pytest.mark.parametrize("rules", FOUR_PLAYER_RULES.values(), ids=FOUR_PLAYER_RULES)
def test_four_player_invariants(rules):
    s = simulate(3000, seed=5, rules=rules)
    assert s.records.dtype == ddz_fast.FOUR_OUTCOME_DTYPE and s.scores.shape == (3000, 4)
    assert s == simulate(3000, seed=5, rules=rules, threads=2)
    assert (s.scores.sum(axis=1) == 0).all() and set(np.unique(s.landlord)) == {0, 1, 2, 3}
    doubled = (s.spring | s.anti_spring).astype(np.int64)
    assert (s.multiplier == 2 ** (s.bombs.astype(np.int64) + doubled)).all()
    games = np.arange(len(s))
    stake = s.bid * s.multiplier.astype(np.int64)
    won = np.where(s.landlord_won, 1, -1) * stake
    if rules.sides == "1v3":        # the landlord settles with each of three farmers
        assert (s.scores[games, s.landlord] == 3 * won).all()
    else:                           # the landlord and the seat opposite, a stake each
        assert (s.scores[games, s.landlord] == won).all()
        assert (s.scores[games, (s.landlord + 2) % 4] == won).all()
    assert (s.plays >= 1).all() and (s.turns >= s.plays).all()
    assert 0.1 < s.landlord_win_rate < 0.9


# the presets, wild cards (RULES.md 10) and two decks (RULES.md 11), whose moves' buffers grow
API_RULES = {**Rules.presets(), "wilds one": Rules(wilds="one"),
             "wilds two, pure_top, long bombs": Rules(wilds="two", bomb_order="pure_top",
                                                     hard_bomb_multiplier=4, long_bombs=True),
             **FOUR_PLAYER_RULES}


@pytest.mark.parametrize("rules", API_RULES.values(), ids=API_RULES)
def test_matches_games_played_through_the_api(rules):
    """Replay simulate()'s games with its documented seeds and choice stream (a Python twin)."""
    seed, n = 99, 300
    sim = simulate(n, seed=seed, rules=rules)
    for i in range(n):
        _, game_seed = splitmix64((seed + i * 0x9E3779B97F4A7C15) & MASK)
        choices = game_seed ^ 0x6A09E667F3BCC909
        game = Game(game_seed, rules=rules)
        while game.phase == "auction":
            bids = game.legal_bids()
            choices, k = below(choices, len(bids))
            game.bid(bids[k])
        while game.phase == "play":
            moves = game.legal_moves()
            choices, k = below(choices, len(moves))
            game.play(moves[k])
        result = game.result
        plays = sum(1 for _, a in game.history if isinstance(a, ddz_fast.Move) and a.length)
        landlord = -1 if result.landlord is None else result.landlord
        assert (sim.landlord[i], sim.bid[i], sim.bombs[i], sim.multiplier[i]) == (
            landlord, result.bid, result.bombs, result.multiplier)
        assert sim.landlord_won[i] == (result.winner == "landlord")
        assert tuple(sim.scores[i]) == result.scores and sim.plays[i] == plays
        assert (bool(sim.spring[i]), bool(sim.anti_spring[i])) == (result.spring, result.anti_spring)
        assert sim.redeals[i] == game.redeals


def test_unscored_deals_under_openspiel():
    s = simulate(20000, seed=5, rules=Rules.preset("openspiel"))
    unscored = s.landlord == -1
    # all three pass with probability 1/64 under uniformly random bidding
    assert 0.008 < unscored.mean() == s.unscored_rate < 0.025
    assert not s.scores[unscored].any() and not s.multiplier[unscored].any()
    assert not s.bid[unscored].any() and not s.landlord_won[unscored].any()
    assert (s.redeals == 0).all() and (s.scores.sum(axis=1) == 0).all()
    assert "ended in the auction" in s.summary()
    assert "ended in the auction" not in simulate(10, seed=5).summary()


def test_progress_and_arguments():
    calls = []
    s = simulate(1000, seed=1, progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (1000, 1000) and same(s, simulate(1000, seed=1))
    assert calls == sorted(calls) and all(0 <= done <= total == 1000 for done, total in calls)
    assert len(simulate(0)) == 0
    for bad in (dict(n_games=-1), dict(n_games=10, seed=-1), dict(n_games=10, threads=0)):
        with pytest.raises(ValueError):
            simulate(**bad)
    for bad in (dict(n_games=1.5), dict(n_games=True), dict(n_games=10, threads=2.0)):
        with pytest.raises(TypeError):
            simulate(**bad)
    with pytest.raises(ValueError, match="unknown preset 'open'"):
        simulate(10, rules="open")
    with pytest.raises(TypeError, match="rules must be"):
        simulate(10, rules=3)
    with pytest.raises(TypeError):
        simulate(10, progress=3)
