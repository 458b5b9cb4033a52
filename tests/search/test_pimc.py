"""The search player (ddz_fast.pimc) and its rollouts (ddz_fast._pimc).

Checks: legal play through whole series under every preset and in every seat; on positions
where every deal consistent with the mover's view is the same (three seats, and two-seat
endgames), a winning move whenever the solver finds one; rollouts against plain-Python random
playouts (statistically) and on positions whose rollouts are certain; determinism; argument errors.
"""

import math
import random

import numpy as np
import pytest

from ddz_fast import (
    PASS, Game, GreedyPlayer, IllegalActionError, InvalidPositionError, PIMCPlayer, RandomPlayer,
    Rules, Series, Solver, sample_deals,
)
from ddz_fast._pimc import rollout_wins
from ddz_fast.pimc import Evaluation
from helpers import PLAIN_PRESETS, run_threads

RANKS = "3456789TJQKA2BR"
FAST = dict(samples=4, max_nodes=2_000, rollouts=2)


def small_player(seed=0, **changes):
    return PIMCPlayer(seed=seed, **{**FAST, **changes})


# --- whole series ----------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PLAIN_PRESETS)      # (PIMC samples no wild-card deals yet)
def test_series_plays_legal_moves_under_every_preset(preset):
    # Series.run checks every action: an illegal bid or move raises.
    rules = Rules.preset(preset)
    for seat in range(3):
        players = [GreedyPlayer(), RandomPlayer(seat), GreedyPlayer()]
        players[seat] = small_player(seat)
        series = Series(2, seed=100 + seat, rules=rules).run(players)
        assert series.finished


def test_series_with_an_auction_bids_as_greedy_player():
    game = Game(11)
    player, greedy = small_player(), GreedyPlayer()
    while game.phase == "auction":
        assert player(game) == greedy(game)
        game.bid(greedy(game))
    series = Series(3, seed=5).run([small_player(1), small_player(2), RandomPlayer(3)])
    assert series.finished and sum(series.totals) == 0


def test_reproducible_by_seed():
    def run(seed):
        players = [small_player(seed), GreedyPlayer(), RandomPlayer(4)]
        return Series(4, seed=9, rules=Rules(auction="none")).run(players).results
    assert run(3) == run(3)


def test_a_decision_is_a_pure_function_of_seed_and_position():
    # late in a deal, where every solve finishes: what the table holds changes nothing
    game = Game(21, rules=Rules(auction="none"))
    while sum(len(h) for h in game.hands) > 24:
        game.play(GreedyPlayer()(game))
    first = small_player(7, max_nodes=None).evaluate(game)
    assert first.solved == first.samples
    warm = small_player(7, max_nodes=None)
    warm.evaluate(game)
    assert warm.evaluate(game) == first == small_player(7, max_nodes=None).evaluate(game)


def test_time_per_move_still_plays_a_legal_move():
    game = Game(3, rules=Rules(auction="none"))
    player = PIMCPlayer(samples=50, time_per_move=1e-6, seed=1, rollouts=1)
    move = player(game)
    assert move in game.legal_moves()
    evaluation = player.evaluate(game)
    assert evaluation.solved == 0 and evaluation.move in game.legal_moves()


def test_only_move_is_played_without_search():
    game = Game.from_hands(["22", "3", "4"], landlord=0, bid=1)
    game.play("2")
    assert list(game.legal_moves()) == [PASS]
    assert small_player()(game) == PASS


# --- positions where the mover knows every hand ----------------------------------------------

def random_hand(rng, pool, size):
    cards = rng.sample(pool, size)
    for card in cards:
        pool.remove(card)
    return "".join(sorted(cards, key=RANKS.index))


def known_positions(count, seed):
    """Play-phase positions whose every consistent deal is the same for the seat to move:
    the landlord holds only the kitty's cards (which everyone saw), a farmer is to move, and
    some plays were made; hands of up to 8 cards."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pool = [r for r in RANKS[:13] for _ in range(4)] + ["B", "R"]
        landlord = random_hand(rng, pool, rng.randint(1, 3))
        farmers = [random_hand(rng, pool, rng.randint(1, 8)) for _ in range(2)]
        game = Game.from_hands([landlord, *farmers], landlord=0, bid=1, kitty=landlord)
        # the landlord leads his lowest card or passes play on by a lead of a farmer
        game.play(game.legal_moves()[rng.randrange(len(game.legal_moves()))])
        if game.phase != "play":
            continue
        if game.to_move == 0:
            continue
        out.append(game)
    return out


def test_known_positions_have_one_deal():
    for game in known_positions(30, 1):
        deals = sample_deals(game, game.to_move, 20, seed=3)
        assert (deals == deals[0]).all()
        assert all((deals[0, s] == game.hands[s].counts).all() for s in range(3))


def check_plays_as_the_solver(games, samples):
    """On positions whose every deal is the game itself: each move's value is `samples` or 0
    as the solver says, and the player plays a winning move whenever there is one."""
    solver = Solver(16)
    player = PIMCPlayer(samples=samples, seed=2, max_nodes=None, rollouts=2, table_mb=16)
    wins = losses = 0
    for game in games:
        winning = set(solver.solve(game).moves)
        evaluation = player.evaluate(game)
        assert evaluation.solved == evaluation.samples == samples
        assert evaluation.values == tuple(float(samples) if m in winning else 0.0
                                          for m in evaluation.moves)
        if winning:
            assert player(game) in winning
            wins += 1
        else:
            losses += 1
    assert wins > 20 and losses > 20         # both kinds were seen


def test_plays_a_winning_move_where_the_solver_finds_one():
    check_plays_as_the_solver(known_positions(150, 2), 3)


def two_seat_positions(count, seed):
    """Two-seat endgames of up to 8 v 8 cards, after up to two random moves."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pool = [r for r in RANKS[:13] for _ in range(4)] + ["B", "R"]
        game = Game.from_hands([random_hand(rng, pool, rng.randint(1, 8)),
                                random_hand(rng, pool, rng.randint(1, 8))])
        for _ in range(rng.randrange(3)):
            if game.phase == "play":
                game.play(game.legal_moves()[rng.randrange(len(game.legal_moves()))])
        if game.phase == "play":
            out.append(game)
    return out


def test_two_seat_games_where_the_other_hand_is_known():
    # two seats: the hidden hand is exactly the unseen cards, so every deal is the game
    games = two_seat_positions(100, 5)
    for game in games:
        deals = sample_deals(game, game.to_move, 3, seed=1)
        assert deals.shape == (3, 2, 15)
        assert (deals == [h.counts for h in game.hands]).all()
    check_plays_as_the_solver(games, 2)
    with pytest.raises(InvalidPositionError, match=r"\(n, 2, 15\)"):
        rollout_wins(games[0], np.zeros((1, 3, 15), dtype=np.uint8), 1, seed=1)


# --- rollouts ---------------------------------------------------------------------------------

def python_playout_landlord_wins(game, rng):
    """A uniformly random playout in Python from a copy of the game: did the landlord win?"""
    game = game.copy()
    while game.phase != "over":
        moves = game.legal_moves()
        game.push(moves[rng.randrange(len(moves))])
    return game.result.winner == "landlord"


@pytest.mark.parametrize("seed, seat", [(4, 0), (2, 1), (1, 2)])    # the landlord, each farmer
def test_rollouts_match_python_playouts(seed, seat):
    rng = random.Random(seed)
    game = Game(seed, rules=Rules(auction="none"))
    steps = rng.randrange(6, 14)                # into the middle of a deal, at a choice
    while steps > 0 or len(game.legal_moves()) < 3:
        game.play(GreedyPlayer()(game))
        steps -= 1
    assert game.to_move == seat
    deal = np.array([[h.counts for h in game.hands]])
    n = 2000
    native = rollout_wins(game, deal, n, seed=seed)[0] / n
    for j, move in list(enumerate(game.legal_moves()))[:4]:
        after = game.copy()
        after.play(move)
        if after.phase == "over":
            assert native[j] == 1.0                     # the move went out
            continue
        mover_is_landlord = game.to_move == game.landlord
        reference = sum(python_playout_landlord_wins(after, rng) == mover_is_landlord
                        for _ in range(n)) / n
        # two independent estimates of one probability: within 4.5 standard errors
        p = (native[j] + reference) / 2
        error = math.sqrt(max(p * (1 - p), 1e-4) * 2 / n)
        assert abs(native[j] - reference) < 4.5 * error, (str(move), native[j], reference)


def test_rollouts_of_a_position_with_known_odds():
    # The landlord leads from 33R; the farmers hold a 4 and a 5, so each of them passes or goes
    # out, each with probability 1/2 when it can answer. 33: both farmers must pass, R goes
    # out: always won. R: both must pass; the landlord leads 33 (won) or 3 (won if both
    # farmers pass): 1/2 + 1/2 * 1/4 = 5/8. 3: won only if both farmers pass (1/4), and then
    # from 3R as after R but with one card fewer: 1/4 * (1/2 + 1/2 * 1/4) = 5/32.
    game = Game.from_hands(["33R", "4", "5"], landlord=0, bid=1)
    n = 20_000
    wins = rollout_wins(game, [[h.counts for h in game.hands]], n, seed=1)[0]
    by_move = dict(zip((str(m) for m in game.legal_moves()), wins.tolist()))
    assert set(by_move) == {"3", "33", "R"}
    assert by_move["33"] == n
    for move, p in (("R", 5 / 8), ("3", 5 / 32)):
        assert abs(by_move[move] / n - p) < 5 * math.sqrt(p * (1 - p) / n), move


def test_rollouts_in_a_wild_card_game():
    # 7s wild; the landlord leads from 37R, the farmers hold a 4 and a 5 (each passes or goes
    # out, each with probability 1/2 when it can answer; a 7 alone is a 7, above both). The
    # pair 33~3 (the 7 stands for a 3), then R: always won. 7: both pass; then R (won) or 3
    # (won if both pass): 1/2 + 1/2 * 1/4 = 5/8. R: both pass; then 33~3 or 7 (won), or 3
    # (won if both pass, then 7): (1 + 1 + 1/4) / 3 = 3/4. 3: won if both pass: 1/4.
    game = Game.from_hands(["37R", "4", "5"], landlord=0, bid=1, rules="laizi", wild_ranks="7")
    n = 20_000
    wins = rollout_wins(game, [[h.counts for h in game.hands]], n, seed=1)[0]
    assert wins.shape == (len(game.legal_moves()),)
    by_move = dict(zip((str(m) for m in game.legal_moves()), wins.tolist()))
    assert set(by_move) == {"3", "7", "R", "33~3"}
    assert by_move["33~3"] == n
    for move, p in (("7", 5 / 8), ("R", 3 / 4), ("3", 1 / 4)):
        assert abs(by_move[move] / n - p) < 5 * math.sqrt(p * (1 - p) / n), move


def test_rollouts_are_a_pure_function_of_seed_deal_and_move():
    game = Game(8, rules=Rules(auction="none"))
    deals = sample_deals(game, 0, 6, seed=4)
    whole = rollout_wins(game, deals, 5, seed=77)
    assert whole.shape == (6, len(game.legal_moves())) and whole.dtype == np.int32
    assert (rollout_wins(game, deals[:3], 5, seed=77) == whole[:3]).all()
    assert (rollout_wins(game, deals, 5, seed=77) == whole).all()
    assert whole.min() >= 0 and whole.max() <= 5
    assert rollout_wins(game, deals[:0], 5, seed=1).shape == (0, len(game.legal_moves()))


def test_rollouts_from_threads():
    # rollout_wins copies the position and the deals, then runs without the GIL
    game = Game(5, rules=Rules(auction="none"))
    deals = sample_deals(game, 0, 8, seed=2)
    expected = rollout_wins(game, deals, 20, seed=3)
    results = []

    def work():
        for _ in range(10):
            results.append(rollout_wins(game, deals, 20, seed=3))
    run_threads([work] * 3)
    assert len(results) == 30
    assert all((r == expected).all() for r in results)


def test_rollout_errors():
    game = Game(8, rules=Rules(auction="none"))
    for _ in range(3):
        game.play(GreedyPlayer()(game))
    mover, other, third = game.to_move, (game.to_move + 1) % 3, (game.to_move + 2) % 3
    deal = np.array([[h.counts for h in game.hands]], dtype=np.int64)
    with pytest.raises(ValueError, match="rollouts"):
        rollout_wins(game, deal, 0, seed=1)
    with pytest.raises(TypeError, match="rollouts"):
        rollout_wins(game, deal, True, seed=1)
    with pytest.raises(ValueError, match="seed"):
        rollout_wins(game, deal, 1, seed=-1)
    with pytest.raises(InvalidPositionError, match="shape"):
        rollout_wins(game, deal[0], 1, seed=1)
    with pytest.raises(TypeError, match="dtype"):
        rollout_wins(game, deal.astype(float), 1, seed=1)
    bad = deal.copy()
    bad[0, other, 0] = 5
    with pytest.raises(InvalidPositionError, match="deck"):
        rollout_wins(game, bad, 1, seed=1)
    big = deal.astype(np.int64)
    big[0, other, 0] += 256                 # never read modulo 256
    with pytest.raises(InvalidPositionError, match="deck"):
        rollout_wins(game, big, 1, seed=1)
    swapped = deal.copy()
    swapped[0, [other, third]] = deal[0, [third, other]]
    if len(game.hands[other]) == len(game.hands[third]):
        rollout_wins(game, swapped, 1, seed=1)      # a consistent deal
    else:
        with pytest.raises(InvalidPositionError, match=f"seat {other} holds"):
            rollout_wins(game, swapped, 1, seed=1)
    # one card changes hands between the mover and another seat, one comes back
    a = int(np.flatnonzero(deal[0, mover])[0])
    b = next(int(r) for r in np.flatnonzero(deal[0, other]) if r != a)
    exchanged = deal.copy()
    exchanged[0, mover, [a, b]] += [-1, 1]
    exchanged[0, other, [a, b]] += [1, -1]
    with pytest.raises(InvalidPositionError, match=f"seat {mover} is to move and must hold its own hand"):
        rollout_wins(game, exchanged, 1, seed=1)
    given = deal.copy()
    given[0, other, b] -= 1
    given[0, third, b] += 1
    with pytest.raises(InvalidPositionError, match=f"seat {other} holds"):
        rollout_wins(game, given, 1, seed=1)
    # a card played already (or out of play) instead of one in the hands
    played = next(r for r in range(15) if r != b and deal[0, :, r].sum() < (4 if r < 13 else 1))
    replaced = deal.copy()
    replaced[0, other, b] -= 1
    replaced[0, other, played] += 1
    with pytest.raises(InvalidPositionError, match="not the cards the game's hands hold"):
        rollout_wins(game, replaced, 1, seed=1)
    with pytest.raises(IllegalActionError, match="auction"):
        rollout_wins(Game(8), deal, 1, seed=1)
    over = Game.from_hands(["3", "4", "5"], landlord=0, bid=1)
    over.play("3")
    with pytest.raises(IllegalActionError, match="over"):
        rollout_wins(over, [[h.counts for h in over.hands]], 1, seed=1)


# --- arguments, repr ------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, error, text", [
    (dict(samples=0), ValueError, "samples"),
    (dict(samples=True), TypeError, "samples"),
    (dict(samples=2.0), TypeError, "samples"),
    (dict(time_per_move=0), ValueError, "time_per_move"),
    (dict(time_per_move=-1.0), ValueError, "time_per_move"),
    (dict(time_per_move=math.inf), ValueError, "time_per_move"),
    (dict(time_per_move=math.nan), ValueError, "time_per_move"),
    (dict(time_per_move="1"), TypeError, "time_per_move"),
    (dict(time_per_move=True), TypeError, "time_per_move"),
    (dict(seed=-1), ValueError, "seed"),
    (dict(seed=2 ** 64), ValueError, "seed"),
    (dict(seed=1.5), TypeError, "seed"),
    (dict(max_nodes=0), ValueError, "max_nodes"),
    (dict(rollouts=0), ValueError, "rollouts"),
    (dict(table_mb=0), ValueError, "table_mb"),
])
def test_bad_arguments(kwargs, error, text):
    with pytest.raises(error, match=text):
        PIMCPlayer(**kwargs)


def test_evaluate_outside_the_play_phase():
    player = small_player()
    with pytest.raises(IllegalActionError, match="auction"):
        player.evaluate(Game(1))
    game = Game.from_hands(["3", "4", "5"], landlord=0, bid=1)
    game.play("3")
    with pytest.raises(IllegalActionError, match="over"):
        player.evaluate(game)


def test_repr_round_trips_and_str():
    player = PIMCPlayer(samples=7, time_per_move=0.5, seed=12, max_nodes=300, rollouts=3,
                        table_mb=2)
    assert repr(player) == ("PIMCPlayer(samples=7, time_per_move=0.5, seed=12, max_nodes=300, "
                            "rollouts=3, table_mb=2)")
    assert repr(eval(repr(player), {"PIMCPlayer": PIMCPlayer})) == repr(player)
    assert "seed=" in repr(PIMCPlayer())
    evaluation = small_player().evaluate(Game(2, rules=Rules(auction="none")))
    assert isinstance(evaluation, Evaluation)
    text = str(evaluation)
    assert text.startswith(f"{evaluation.solved} of 4 deals solved; chosen: {evaluation.move}")
    assert len(text.splitlines()) == 1 + len(evaluation.moves)
