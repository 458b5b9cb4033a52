"""evaluate(): the games it plays (checked against a plain replay loop written here), duplicate
pairing, seating around any landlord, named players and threads, illegal actions, arguments."""

import numpy as np
import pytest

import ddz_fast
from ddz_fast import (
    Game, GreedyPlayer, IllegalMoveError, Move, RandomPlayer, RulePlayer, Rules, evaluate,
)
from ddz_fast import evaluation
from ddz_fast.evaluation import CHUNK, PLAYERS, Evaluation, seeded_deals
from ddz_fast._simulate import nth_game_seed

DOUZERO = Rules.preset("douzero")


class First:
    """Plays the first legal action: deterministic, and unlike GreedyPlayer."""

    def __call__(self, game):
        return game.legal_moves()[0] if game.phase == "play" else game.legal_bids()[0]

    def __repr__(self):
        return "First()"


class Recorder:
    """Wraps a player; notes each call's (seat, landlord seat)."""

    def __init__(self, player):
        self.player, self.calls = player, []

    def __call__(self, game):
        self.calls.append((game.to_move, game.landlord))
        return self.player(game)

    def __repr__(self):
        return f"Recorder({self.player!r})"


def replay(game, seats):
    """The reference: play the game to the end with a plain loop; (landlord won, bid, bombs,
    spring doubled, landlord's points counted by hand from RULES.md section 7)."""
    game = game.copy()
    bombs = 0
    while game.to_move is not None:
        move = seats[game.to_move](game)
        game.play(move)
        bombs += move.kind in (ddz_fast.Kind.BOMB, ddz_fast.Kind.ROCKET)
    result = game.result
    won = result.winner == "landlord"
    doubled = game.rules.spring and (result.spring or result.anti_spring)
    points = 2 * result.bid * 2 ** (bombs + doubled) * (1 if won else -1)
    return won, bombs, points


def test_games_are_the_seeded_deals_played_by_the_players():
    a, b = GreedyPlayer(), First()
    deals = 2 * CHUNK + 7
    e = evaluate(a, b, deals, seed=5)
    assert (e.deals, e.games, e.duplicate, e.seed, e.rules) == (deals, 2 * deals, True, 5, DOUZERO)
    points = 2 * e.records["bid"].astype(int) * e.records["multiplier"] * np.where(e.records["landlord_won"], 1, -1)
    for i in range(deals):
        game = Game(nth_game_seed(5, i), rules="douzero")
        for row, seats in ((i, [a, b, b]), (deals + i, [b, a, a])):     # then the sides swapped
            won, bombs, reference_points = replay(game, seats)
            record = e.records[row]
            assert (bool(record["landlord_won"]), int(record["bombs"]), int(points[row])) == (
                won, bombs, reference_points), (i, row)
            assert record["landlord"] == 0 and record["bid"] == 1
    assert e.landlord.wins == int(e.records["landlord_won"][:deals].sum())
    assert e.swapped_landlord.wins == int(e.records["landlord_won"][deals:].sum())


def test_duplicate_is_the_two_single_passes():
    a, b = GreedyPlayer(), First()
    both = evaluate(a, b, 30, seed=8)
    first = evaluate(a, b, 30, seed=8, duplicate=False)
    swapped = evaluate(b, a, 30, seed=8, duplicate=False)
    assert (both.records[:30] == first.records).all()
    assert (both.records[30:] == swapped.records).all()
    assert both.landlord == first.landlord and both.farmers == first.farmers
    assert both.swapped_landlord.wp == swapped.landlord.wp and both.swapped_farmers.adp == swapped.farmers.adp
    assert first.sides == (first.landlord, first.farmers)


def test_some_games_have_bombs():
    """The check above means something only where bombs double the points."""
    e = evaluate("random", "random", 200, seed=2, duplicate=False)
    assert (e.records["bombs"] > 0).sum() > 5
    assert set(np.abs(2 * e.records["multiplier"]).tolist()) >= {2, 4, 8}


def test_named_players_are_seeded_and_threads_change_nothing():
    one = evaluate("random", "greedy", 3 * CHUNK, seed=4)
    two = evaluate("random", "greedy", 3 * CHUNK, seed=4, threads=2)
    again = evaluate("random", "greedy", 3 * CHUNK, seed=4)
    other = evaluate("random", "greedy", 3 * CHUNK, seed=5)
    assert (one.records == two.records).all() and (one.records == again.records).all()
    assert not (one.records == other.records).all()
    assert str(one) == str(two)
    assert set(PLAYERS) >= {"random", "greedy", "pimc"}


def test_native_players_play_natively_as_the_python_ones(monkeypatch):
    """Three native players go through play_games (the Python runner is never called); the
    deterministic greedy player's games equal the plain replay's."""
    def refused(*args):
        raise AssertionError("the Python runner played a game of native players")
    monkeypatch.setattr(evaluation, "_play_games", refused)
    deals = CHUNK + 9
    e = evaluate("greedy", GreedyPlayer(), deals, seed=3)
    for i in range(deals):
        won, bombs, points = replay(Game(nth_game_seed(3, i), rules="douzero"), [GreedyPlayer()] * 3)
        record = e.records[i]
        assert (bool(record["landlord_won"]), int(record["bombs"])) == (won, bombs), i
        assert e.records[deals + i] == record           # the same player on both sides
    mixed = [evaluate("rule", RandomPlayer(), 2 * CHUNK, seed=6, threads=threads)
             for threads in (1, 2)]
    assert (mixed[0].records == mixed[1].records).all()
    assert set(PLAYERS) >= {"rule"} and isinstance(PLAYERS["rule"](1), RulePlayer)


def test_player_objects_are_called_from_the_calling_thread():
    import threading
    seen = set()

    def player(game):
        seen.add(threading.get_ident())
        return GreedyPlayer()(game)
    evaluate(player, "random", CHUNK + 1, seed=1, threads=2)
    assert seen == {threading.get_ident()}


def test_progress_counts_games():
    seen = []
    evaluate("greedy", "random", CHUNK + 3, seed=1, progress=lambda done, total: seen.append((done, total)))
    total = 2 * (CHUNK + 3)
    assert seen[-1] == (total, total)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen) and len(seen) == 4


def test_given_games_seat_the_players_around_each_landlord():
    games = [Game.from_hands([deal.hands[(seat - landlord) % 3] for seat in range(3)],
                             landlord=landlord, rules="douzero")
             for landlord, deal in zip([0, 2, 1, 2], seeded_deals(4, 3))]
    landlord, farmers = Recorder(GreedyPlayer()), Recorder(First())
    e = evaluate(landlord, farmers, games)
    assert e.seed is None and e.rules == DOUZERO and e.deals == 4
    assert e.records["landlord"].tolist() == [0, 2, 1, 2] * 2
    # first pass: the landlord player moves only in the landlord's seat; swapped: only elsewhere
    split = [i for i, (seat, ll) in enumerate(landlord.calls) if seat != ll][0]
    assert {ll for _, ll in landlord.calls[:split]} == {0, 1, 2}
    assert all(seat == ll for seat, ll in landlord.calls[:split])
    assert all(seat != ll for seat, ll in landlord.calls[split:])
    # the games given are not changed
    assert all(game.cards_played == (ddz_fast.Hand(),) * 3 for game in games)
    for i, game in enumerate(games):
        won, _, _ = replay(game, [GreedyPlayer() if s == game.landlord else First() for s in range(3)])
        assert bool(e.records["landlord_won"][i]) == won


def test_a_farmer_pair_takes_the_seats_after_the_landlord():
    down, up = Recorder(First()), Recorder(GreedyPlayer())
    e = evaluate(GreedyPlayer(), (down, up), 10, seed=1, duplicate=False)
    assert {seat for seat, _ in down.calls} == {1} and {seat for seat, _ in up.calls} == {2}
    assert e.farmers.player == "Recorder(First()) + Recorder(GreedyPlayer())"
    assert e.landlord.player == "GreedyPlayer()"
    e = evaluate("greedy", ["random", "random"], 4, seed=1)     # the same name twice: one player
    assert e.overall is not None


def test_rules_with_an_auction_are_played_without_one():
    e = evaluate("greedy", "random", 5, seed=1, rules="standard")
    assert e.rules == Rules(auction="none") and (e.records["landlord"] == 0).all()
    assert (e.records["bid"] == 1).all()
    same = evaluate("greedy", "random", 5, seed=1, rules=Rules(auction="none"))
    assert np.array_equal(same.records, e.records)


def test_an_illegal_action_names_the_player_and_the_seat():
    class Cheater:
        def __call__(self, game):
            return Move.parse("BR")

        def __repr__(self):
            return "Cheater()"
    with pytest.raises(IllegalMoveError, match=r"Cheater\(\) at seat 1 chose Move\('rocket'"):
        evaluate("greedy", Cheater(), 3, seed=1)
    with pytest.raises(IllegalMoveError, match=r"Cheater\(\) at seat 0"):
        evaluate(Cheater(), "greedy", 3, seed=1)
    with pytest.raises(TypeError, match=r"at seat 0 chose None"):
        evaluate(lambda game: None, "greedy", 1, seed=1)


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(landlord="alpha"), ValueError, "unknown player name 'alpha'"),
    (dict(farmers=3), TypeError, "farmers must be a player"),
    (dict(farmers=("random", "greedy", "greedy")), TypeError, "farmers must be a player"),
    (dict(farmers=("random", "greedy")), ValueError, "duplicate=True swaps the sides"),
    (dict(landlord=None), TypeError, "landlord must be a player"),
    (dict(deals=0), ValueError, "deals"),
    (dict(deals=-3), ValueError, "deals"),
    (dict(deals=2.5), TypeError, "deals"),
    (dict(deals=[]), ValueError, "empty"),
    (dict(deals=[Game(1)]), ValueError, "play phase"),
    (dict(deals=[{"landlord": []}]), TypeError, "from_deal"),
    (dict(deals=seeded_deals(2, 1) + seeded_deals(1, 1, "standard")), ValueError, "one rule set"),
    (dict(deals=seeded_deals(2, 1), rules="douzero"), ValueError, "rules= is for seeded deals"),
    (dict(seed=-1), ValueError, "seed"),
    (dict(duplicate=1), TypeError, "duplicate"),
    (dict(threads=0), ValueError, "threads"),
    (dict(landlord=GreedyPlayer(), threads=0), ValueError, "threads"),
    (dict(rules="nope"), ValueError, "unknown preset"),
])
def test_bad_arguments(kwargs, error, match):
    arguments = dict(landlord="greedy", farmers="random", deals=2, seed=1) | kwargs
    with pytest.raises(error, match=match):
        evaluate(**arguments)


def test_two_seat_and_finished_games_are_refused():
    two = Game.from_hands(["33", "44"], rules="douzero")
    with pytest.raises(ValueError, match="three-seat"):
        evaluate("greedy", "random", [two])
    over = seeded_deals(1, 1)[0]
    while over.to_move is not None:
        over.play(GreedyPlayer()(over))
    with pytest.raises(ValueError, match="phase 'over'"):
        evaluate("greedy", "random", [over])


def test_the_package_exports_it():
    assert ddz_fast.evaluate is evaluate and isinstance(evaluate("greedy", "random", 1, seed=0), Evaluation)
    assert RandomPlayer in PLAYERS.values()


class LongNamedGreedy(ddz_fast.GreedyPlayer):
    def __repr__(self):
        return "LongNamedGreedy(checkpoint='runs/a-folder-with-a-long-name')"


def test_the_table_prints_whole_names():
    """A player's name wider than the column widens it (it is never cut), and the columns
    of every row stay aligned."""
    lines = str(evaluate(LongNamedGreedy(), "random", 2, seed=1)).splitlines()
    name = repr(LongNamedGreedy())
    width = len(name)
    assert lines[1].startswith(f"{'player':<{width}} role")
    players = [line[:width].rstrip() for line in lines[2:]]
    roles = [line[width + 1:].split()[0] for line in lines[2:]]
    assert players == [name, "random", "random", name, name]
    assert roles == ["landlord", "farmers", "landlord", "farmers", "both"]
    short = str(evaluate("greedy", "random", 2, seed=1)).splitlines()
    assert short[1] == f"{'player':<24} role        games  WP                      ADP"
