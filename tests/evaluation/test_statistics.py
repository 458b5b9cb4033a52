"""The statistics of ``Evaluation`` on hand-made outcome lists, against a tiny independent
implementation: WP and ADP per side as DouZero counts them, Wilson's interval for a WP, the
normal approximation for an ADP, and the duplicate pairs' figures over the pairs."""

import math
import random

import numpy as np
import pytest

from ddz_fast import OUTCOME_DTYPE, Rules
from ddz_fast.evaluation import Estimate, Evaluation, mean_interval, wilson

Z = 1.959963984540054


def wilson_reference(k, n):
    """Wilson's interval as the two roots in p of (k/n - p)**2 = Z**2 p (1 - p) / n."""
    a = 1 + Z * Z / n
    b = -(2 * k / n + Z * Z / n)
    c = (k / n) ** 2
    root = math.sqrt(max(0.0, b * b - 4 * a * c))
    return (-b - root) / (2 * a), (-b + root) / (2 * a)


def normal_reference(values):
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, mean - Z * sd / math.sqrt(n), mean + Z * sd / math.sqrt(n)


def records(games):
    """OUTCOME_DTYPE rows of (landlord_won, bid, bombs, spring doubled) tuples, landlord seat 0."""
    rows = np.zeros(len(games), OUTCOME_DTYPE)
    for row, (won, bid, bombs, doubled) in zip(rows, games):
        row["landlord"], row["bid"], row["bombs"], row["landlord_won"] = 0, bid, bombs, won
        row["multiplier"] = 2 ** (bombs + doubled)
    return rows


def evaluation(games, duplicate):
    return Evaluation(records(games), landlord="A", farmers="B", duplicate=duplicate,
                      rules=Rules.preset("douzero"), seed=None)


def test_wilson_textbook_values():
    # 5 of 10: 0.2366..0.7634; 0 of 10: 0..0.2775; 10 of 10: 0.7225..1 (Newcombe 1998, table I)
    assert wilson(5, 10).low == pytest.approx(0.2366, abs=1e-4)
    assert wilson(5, 10).high == pytest.approx(0.7634, abs=1e-4)
    assert (wilson(0, 10).low, wilson(0, 10).high) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert (wilson(10, 10).low, wilson(10, 10).high) == pytest.approx((0.7225, 1.0), abs=1e-4)


@pytest.mark.parametrize("n", [1, 2, 7, 100, 10_000])
def test_wilson_matches_the_quadratic_roots(n):
    for k in sorted({0, 1, n // 3, n // 2, n - 1, n} - {-1}):
        estimate = wilson(k, n)
        low, high = wilson_reference(k, n)
        assert estimate.value == k / n
        assert estimate.low == pytest.approx(low, abs=1e-12)
        assert estimate.high == pytest.approx(high, abs=1e-12)


def test_mean_interval_matches_the_normal_approximation():
    rng = random.Random(3)
    for n in (2, 3, 50, 999):
        values = [rng.choice([-8, -4, -2, 2, 4, 8, 16]) for _ in range(n)]
        estimate = mean_interval(values)
        mean, low, high = normal_reference(values)
        assert (estimate.value, estimate.low, estimate.high) == pytest.approx((mean, low, high))
    one = mean_interval([4])
    assert one.value == 4 and math.isnan(one.low) and math.isnan(one.high)


def test_estimate_text():
    estimate = Estimate(0.5, 0.25, 0.75)
    assert str(estimate) == "0.500 [0.250, 0.750]"
    assert estimate.format("+.1f") == "+0.5 [+0.2, +0.8]"
    assert eval(repr(estimate)) == estimate


def test_sides_of_one_pass_count_as_douzero_does():
    """DouZero (douzero/evaluation/simulation.py, evaluate): WP = wins / games per side; ADP
    landlord = sum of the landlord's scores / games, farmers = 2 x one farmer's / games, where
    a side gains or loses base x 2**bombs, base 2 for the landlord and 1 for a farmer
    (douzero/env/game.py, update_num_wins_scores)."""
    games = [(1, 1, 0, 0), (0, 1, 0, 0), (1, 1, 2, 0), (0, 1, 1, 0), (1, 1, 0, 0), (1, 1, 3, 0)]
    e = evaluation(games, duplicate=False)
    n = len(games)
    landlord_wins = sum(won for won, *_ in games)
    landlord_scores = sum((2 if won else -2) * 2 ** bombs for won, _, bombs, _ in games)
    farmer_scores = sum((-1 if won else 1) * 2 ** bombs for won, _, bombs, _ in games)
    assert (e.landlord.games, e.landlord.wins) == (n, landlord_wins)
    assert e.landlord.wp.value == landlord_wins / n
    assert e.farmers.wp.value == (n - landlord_wins) / n
    assert e.landlord.adp.value == pytest.approx(landlord_scores / n)
    assert e.farmers.adp.value == pytest.approx(2 * farmer_scores / n)
    assert (e.landlord.wp.low, e.landlord.wp.high) == pytest.approx(wilson_reference(landlord_wins, n))
    points = [(2 if won else -2) * 2 ** bombs for won, _, bombs, _ in games]
    assert (e.landlord.adp.value, e.landlord.adp.low, e.landlord.adp.high) == pytest.approx(
        normal_reference(points))
    assert e.swapped_landlord is None and e.swapped_farmers is None and e.overall is None
    assert e.sides == (e.landlord, e.farmers) and e.deals == e.games == n


def test_points_take_the_bid_and_the_spring():
    # bid 3, one bomb, a spring doubled: the landlord's 2 x 3 x 2**2 = 24
    e = evaluation([(1, 3, 1, 1), (0, 2, 0, 0)], duplicate=False)
    assert e.landlord.adp.value == pytest.approx((24 - 4) / 2)


def test_duplicate_pairs():
    rng = random.Random(11)
    deals = 40
    first = [(rng.random() < 0.6, 1, rng.choice([0, 0, 0, 1, 2]), 0) for _ in range(deals)]
    second = [(rng.random() < 0.4, 1, rng.choice([0, 0, 1]), 0) for _ in range(deals)]
    e = evaluation(first + second, duplicate=True)
    assert e.deals == deals and e.games == 2 * deals
    # the swapped games: B as the landlord, A as the farmers
    assert (e.swapped_landlord.player, e.swapped_landlord.role) == ("B", "landlord")
    assert (e.swapped_farmers.player, e.swapped_farmers.role) == ("A", "farmers")
    assert e.swapped_landlord.wins == sum(won for won, *_ in second)
    assert e.swapped_farmers.wins == deals - e.swapped_landlord.wins
    # A over both roles: per deal, its mean WP and points of the pair; the interval over the pairs
    points = lambda won, bombs: (2 if won else -2) * 2 ** bombs      # noqa: E731
    pair_wp = [(a[0] + (1 - b[0])) / 2 for a, b in zip(first, second)]
    pair_adp = [(points(a[0], a[2]) - points(b[0], b[2])) / 2 for a, b in zip(first, second)]
    overall = e.overall
    assert (overall.player, overall.role, overall.games) == ("A", "both", 2 * deals)
    assert overall.wins == sum(a[0] for a in first) + sum(1 - b[0] for b in second)
    assert (overall.wp.value, overall.wp.low, overall.wp.high) == pytest.approx(normal_reference(pair_wp))
    assert (overall.adp.value, overall.adp.low, overall.adp.high) == pytest.approx(normal_reference(pair_adp))
    assert e.sides == (e.landlord, e.farmers, e.swapped_landlord, e.swapped_farmers, e.overall)


def test_text_and_dict():
    e = evaluation([(1, 1, 0, 0), (0, 1, 1, 0), (0, 1, 0, 0), (1, 1, 0, 0)], duplicate=True)
    lines = str(e).splitlines()
    assert lines[0] == ("A against B: 2 deals, each played twice, the sides swapped "
                        "(rules douzero); 95% intervals")
    assert len(lines) == 2 + 5
    assert lines[2].split()[:4] == ["A", "landlord", "2", "0.500"]
    assert repr(e) == "<Evaluation A against B: 2 deals, duplicate, landlord WP 0.500, ADP -1.000>"
    data = e.to_dict()
    assert data["deals"] == 2 and data["duplicate"] and data["rules"] == "douzero"
    assert [(s["player"], s["role"]) for s in data["sides"]] == [
        ("A", "landlord"), ("B", "farmers"), ("B", "landlord"), ("A", "farmers"), ("A", "both")]
    assert data["sides"][0]["wp"] == {"value": 0.5, "low": e.landlord.wp.low, "high": e.landlord.wp.high}
