"""The brute-force minimax of tests/oracles/reference_solver.py against answers published
elsewhere, and the stored table tests/oracles/data/reference_solutions.json against the minimax
(on its quick rows)."""

import pytest

from oracles import reference, reference_solver
from oracles.solver_table import answer, load


def winning(first, second, trick=None):
    """The verdict and winning first moves (as (kind, cards text)) of `first` to move against
    `second`, two seats, `first` the landlord."""
    prev = None
    if trick is not None:
        kind, cards = trick
        prev = next(m for m in reference.leads(reference.parse(cards))
                    if m[0] == kind and m[3] == reference.parse(cards))
    value, moves = reference_solver.solve([reference.parse(first), reference.parse(second)],
                                          0, 0, prev)
    return value, {None if m is None else (m[0], "".join(reference.RANKS[r] * c
                                                          for r, c in enumerate(m[3])))
                   for m in moves}


# doudizhu-resolver 0.1.2's README (its find_strategy lists the first mover's winning plays,
# "you have already lost" when there is none): 10 is T here.
RESOLVER_README = [
    ("2QQTT77553", "AA9", None, "farmers", set()),
    ("AA9", "2QQTT7755", ("single", "3"), "landlord", {None}),
    ("AA9", "2QQTT775", ("single", "5"), "landlord", {("single", "9")}),
    ("AA", "2QQT775", ("single", "T"), "landlord", {("single", "A")}),
    ("A", "QQT775", ("single", "2"), "landlord", {None}),
    ("QQTT", "3", None, "landlord", {("single", "T"), ("single", "Q"), ("pair", "TT"),
                                     ("pair", "QQ")}),
    ("QQTT", "A3", None, "landlord", {("pair", "TT"), ("pair", "QQ")}),
    ("2QQTT", "A3", None, "landlord", {("single", "T"), ("single", "Q"), ("single", "2"),
                                       ("pair", "TT"), ("pair", "QQ")}),
    ("2QQTT3", "A3", None, "landlord", {("single", "3"), ("single", "T"), ("single", "Q"),
                                        ("single", "2"), ("pair", "TT"), ("pair", "QQ")}),
    ("2QQTT77553", "A3", None, "landlord",
     {("single", r) for r in "357TQ2"} | {("pair", r * 2) for r in "57TQ"}),
    ("2QQTT77553", "A9", None, "landlord",
     {("single", r) for r in "3TQ2"} | {("pair", r * 2) for r in "57TQ"}),
]


@pytest.mark.parametrize("first, second, trick, verdict, moves", RESOLVER_README)
def test_minimax_agrees_with_doudizhu_resolvers_readme(first, second, trick, verdict, moves):
    assert winning(first, second, trick) == (verdict, moves)


def test_spring_and_bombs_count_in_the_score():
    # Two seats, bid 2: the bomb then the 4 is a spring with a bomb, 2 x 2 x 2 from the one
    # farmer; 3334 then 3 only a spring (4); leading the 4 or a 3 lets the farmer's 5 go out.
    value, moves = reference_solver.solve([reference.parse("33334"), reference.parse("5")], 0, 0,
                                          objective="score", bid=2)
    assert (value, moves) == (8, {("bomb", 1, 0, reference.parse("3333"))})
    value, moves = reference_solver.solve([reference.parse("33334"), reference.parse("5")], 0, 0,
                                          objective="score", bid=2, spring=False)
    assert (value, moves) == (4, {("bomb", 1, 0, reference.parse("3333"))})
    value, moves = reference_solver.solve([reference.parse("33334"), reference.parse("5")], 0, 0,
                                          objective="score", bid=2, scoring="wp")
    assert value == 1 and ("trio_single", 1, 0, reference.parse("3334")) in moves


QUICK = 12      # cards on the table at most: rows the minimax answers in well under a second


@pytest.mark.slow
def test_stored_solutions_are_the_minimaxs():
    rows = [r for r in load() if sum(len(h) for h in r["hands"]) <= QUICK]
    assert len(rows) >= 100
    for row in rows:
        assert answer(row) == (row["value"], row["moves"]), row["seed"]
