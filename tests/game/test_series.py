"""Series of games: totals, standing and reproducibility, the peer presets, draws and errors."""

import pytest

import ddz_fast
from ddz_fast import IllegalMoveError, Move, Rules


def test_series_totals_and_standing():
    series = ddz_fast.Series(30, seed=4).run(
        [ddz_fast.GreedyPlayer(), ddz_fast.RandomPlayer(1), ddz_fast.RandomPlayer(2)])
    assert series.finished and len(series.results) == 30 and sum(series.totals) == 0
    assert series.totals == [sum(r.scores[s] for r in series.results) for s in range(3)]
    assert [seat for seat, _ in series.standing] == sorted(range(3), key=lambda s: (-series.totals[s], s))
    again = ddz_fast.Series(30, seed=4).run(
        [ddz_fast.GreedyPlayer(), ddz_fast.RandomPlayer(1), ddz_fast.RandomPlayer(2)])
    assert again.totals == series.totals                      # reproducible


@pytest.mark.parametrize("name", ["rlcard", "openspiel", "douzero"])
def test_series_under_the_peer_presets(name):
    rules = Rules.preset(name)
    series = ddz_fast.Series(60, seed=9, rules=rules).run(
        [ddz_fast.RandomPlayer(3), ddz_fast.GreedyPlayer(), ddz_fast.RandomPlayer(4)])
    assert series.totals == [sum(r.scores[s] for r in series.results) for s in range(3)]
    landlords = {r.landlord for r in series.results}
    if rules.auction == "none":
        assert landlords == {0}
    if name == "rlcard":        # 1 to each winner
        assert {r.scores for r in series.results} == {(1, 0, 0), (0, 1, 1)}


@pytest.mark.parametrize("name", ["four_1v3", "four_2v2"])
def test_series_of_four_players(name):
    """Four seats: each deal's scores sum to 0 and settle as RULES.md 11 says (1 v 3: the
    landlord three stakes, each farmer one; 2 v 2: a stake to each player, partners alike)."""
    players = [ddz_fast.GreedyPlayer(), ddz_fast.RandomPlayer(3), ddz_fast.GreedyPlayer(),
               ddz_fast.RandomPlayer(4)]
    series = ddz_fast.Series(40, seed=9, rules=name).run(players)
    assert series.finished and len(series.totals) == 4 and sum(series.totals) == 0
    assert series.totals == [sum(r.scores[s] for r in series.results) for s in range(4)]
    for r in series.results:
        stake = abs(r.scores[(r.landlord + 1) % 4])
        side = {r.landlord, (r.landlord + 2) % 4} if name == "four_2v2" else {r.landlord}
        sign = 1 if r.winner == "landlord" else -1
        assert r.scores == tuple(
            sign * stake * (3 if len(side) == 1 and s in side else 1) * (1 if s in side else -1)
            for s in range(4))
    with pytest.raises(ValueError, match="players must be four callables"):
        ddz_fast.Series(1, seed=0, rules=name).run(players[:3])


def test_series_draw_and_errors():
    series = ddz_fast.Series(1, seed=0)
    assert series.draw and series.winners == [0, 1, 2]        # nothing played yet: all equal
    series.totals = [4, 4, -8]
    assert series.draw and series.winners == [0, 1]
    with pytest.raises(ValueError):
        ddz_fast.Series(0)
    with pytest.raises(ValueError):
        ddz_fast.Series(2, seed=-1)
    with pytest.raises(ValueError):
        ddz_fast.Series(2).run([ddz_fast.RandomPlayer()])

    def cheater(game):
        return Move.parse("BR") if game.phase == "play" else 3
    with pytest.raises(IllegalMoveError, match=r"<function .*cheater.* at seat \d chose Move\('rocket'"):
        ddz_fast.Series(1, seed=1).run([cheater] * 3)
