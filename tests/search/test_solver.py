"""The open-hand solver against the brute-force minimax of tests/oracles/reference_solver.py: the
same verdict (winner or score) and the same set of optimal first moves, live on small positions
and from tests/oracles/data/reference_solutions.json (made by the reference) on larger ones."""

import json
import random
import re

import pytest

import ddz_fast
from ddz_fast import (
    RANK_SYMBOLS, Game, Hand, Line, Move, Position, Rules, Solution, Solver, principal_line, solve,
)
from ddz_fast.errors import IllegalActionError
from helpers import DECK, hand_text, run_threads
from oracles import reference, reference_solver
from oracles.solver_table import PATH as TABLE
from solver_positions import as_reference, counts, game_of, position

with open(TABLE) as f:
    TABLE_ROWS = json.load(f)
TECHNIQUES = sorted(ddz_fast._solver.TECHNIQUES)
FULL_DECK = (4,) * 13 + (1, 1)


def small_sizes(seed, seats=3):
    """Hand sizes whose brute force takes well under a second."""
    rng = random.Random(seed)
    if seats == 3:
        return (rng.randint(1, 4), rng.randint(1, 4), rng.randint(1, 3))
    return (rng.randint(1, 7), rng.randint(1, 7))


def verdict(solution):
    value = solution.winner if solution.objective == "win" else solution.score
    return value, frozenset(as_reference(m) for m in solution.moves)


def value_map(pairs):
    """(move, value) pairs as a dict, each move once."""
    found = dict(pairs)
    assert len(found) == len(pairs)
    return found


def values_of(solution):
    """Solution.values as the reference's move_values: {move: the landlord's value after it}."""
    return value_map([(as_reference(m), v if solution.objective == "score" else v > 0)
                      for m, v in solution.values])


def check(seed, sizes, objective, solver=None, rules=None, scoring="points", spring=True,
          moves="all"):
    """Solve the seeded position and compare with the brute force: the same verdict, and
    the same moves (moves="all"), and each legal move's value (moves="each"), or one of the
    moves, if it has any (moves="one")."""
    fields, args = position(seed, sizes, rules=rules)
    game = game_of(fields)
    before = game.position()
    got = (solver or Solver(4)).solve(game, objective=objective, moves=moves)
    values = reference_solver.move_values(**args, objective=objective, scoring=scoring,
                                          spring=spring)
    want = reference_solver.verdict_of(values, objective, args["to_move"] == args["landlord"])
    assert got.complete
    where = (seed, sizes, objective, moves, game.position())
    if moves != "one":
        assert verdict(got) == want, where
        if moves == "each":
            assert values_of(got) == value_map(values), where
        else:
            assert got.values == (), where
    else:
        value, found = verdict(got)
        assert value == want[0] and found <= want[1], where
        assert len(found) == (1 if want[1] else 0), where
    assert game.position() == before
    return got


@pytest.mark.parametrize("moves", ["all", "one", "each"])
@pytest.mark.parametrize("objective", ["win", pytest.param("score", marks=pytest.mark.slow)])
def test_two_seats_match_brute_force(objective, moves):
    solver = Solver(8)
    for seed in range(120):
        check(seed, small_sizes(seed, seats=2), objective, solver, moves=moves)


def test_doudizhu_resolvers_readme_puzzle():
    # landlord 2 Q Q 10 10 7 7 5 5 3 against A A 9, to lead: "you have already lost"
    got = solve(Game.from_hands(["2QQTT77553", "AA9"], landlord=0))
    assert got.complete and got.winner == "farmers" and got.moves == ()
    game = Game.from_hands(["2QQTT77553", "A9"], landlord=0)
    assert {str(m) for m in solve(game).moves} == set("3TQ2") | {"55", "77", "TT", "QQ"}


@pytest.mark.parametrize("moves", ["all", "one", "each"])
@pytest.mark.parametrize("objective", ["win", "score"])
def test_three_seats_match_brute_force(objective, moves):
    solver = Solver(8)                 # one table for all: entries of other games must not leak
    for seed in range(150):
        check(seed, small_sizes(seed), objective, solver, moves=moves)


def table_game(row):
    """The Game of a row of tests/oracles/data/reference_solutions.json. Each seat with plays has
    played at least that many cards (the trick among them, four of a rank for each other bomb,
    spread over the seats with plays), taken from the cards out of play."""
    rules = Rules.preset(row["rules"]).replace(scoring=row["scoring"], spring=row["spring"])
    n = len(row["hands"])
    out = list(FULL_DECK)
    for hand in row["hands"]:
        for r, c in enumerate(Hand(hand).counts):
            out[r] -= int(c)
    played = [[0] * 15 for _ in range(n)]
    trick = None
    if row["trick"] is not None:
        kind, length, main, cards = row["trick"].split()
        move = Move(kind, int(length), int(main), cards, rules=rules)
        trick = (move, row["last_mover"])
        for r, c in enumerate(move.counts):
            played[row["last_mover"]][r] += int(c)
            out[r] -= int(c)
    playing = [seat for seat in range(n) if row["plays"][seat]]
    bomb_trick = trick is not None and trick[0].kind in ("bomb", "rocket")
    for i in range(row["bombs"] - bomb_trick):
        r = next(r for r in range(13) if out[r] == 4)
        played[playing[i % len(playing)]][r] += 4
        out[r] -= 4
    for seat in range(n):
        while sum(played[seat]) < row["plays"][seat]:
            r = next(r for r in range(15) if out[r])
            played[seat][r] += 1
            out[r] -= 1
    return Game.from_position(
        phase="play", hands=tuple(row["hands"]), to_move=row["to_move"], landlord=row["landlord"],
        bid=row["bid"], bombs=row["bombs"], plays=tuple(row["plays"]),
        played=tuple(str(Hand(p)) for p in played), trick=trick,
        out="".join(s * c for s, c in zip(RANK_SYMBOLS, out)), rules=rules)


def move_text(move):
    return "pass" if move.length == 0 else f"{move.kind} {move.length} {move.main} {move.cards}"


def test_the_reference_table():
    """Every row of the stored table (two seats up to 12 v 12, three up to 7/6/6; both
    objectives, every preset and scoring), on one shared table."""
    solver = Solver(64)
    for row in TABLE_ROWS:
        got = solver.solve(table_game(row), objective=row["objective"])
        value = got.winner if row["objective"] == "win" else got.score
        assert got.complete and value == row["value"], row
        assert sorted(move_text(m) for m in got.moves) == row["moves"], row


def test_the_reference_table_one_move():
    """Each row again with moves="one", on a new table: the same verdict and one of the
    row's moves (none where it has none)."""
    solver = Solver(64)
    for row in TABLE_ROWS:
        got = solver.solve(table_game(row), objective=row["objective"], moves="one")
        value = got.winner if row["objective"] == "win" else got.score
        assert got.complete and value == row["value"], row
        assert len(got.moves) == (1 if row["moves"] else 0), row
        assert {move_text(m) for m in got.moves} <= set(row["moves"]), row


def test_each_moves_value_on_the_reference_table():
    """Each row with moves="each": each value is the verdict of the position after that move,
    solved on its own; the moves that reach the row's verdict (win objective: that win for
    the side to move) are the row's moves, and the others fall short for the side to move."""
    solver, child_solver = Solver(64), Solver(64)
    for row in TABLE_ROWS:
        game = table_game(row)
        got = solver.solve(game, objective=row["objective"], moves="each")
        assert got.complete and [m for m, _ in got.values] == list(game.legal_moves()), row
        landlord_moves = game.to_move == game.landlord
        for move, value in got.values:
            child = game.copy()
            child.play(move)
            if child.phase == "over":       # the move ends the game: its result
                result = child.result
                winner, score = result.winner, result.scores[game.landlord]
            else:
                after = child_solver.solve(child, objective=row["objective"], moves="one")
                winner, score = after.winner, after.score
            assert value == (score if row["objective"] == "score"
                             else 1 if winner == "landlord" else -1), (row, move)
        # the row's moves: for the win objective those after which the side to move wins
        target = (row["value"] if row["objective"] == "score"
                  else 1 if landlord_moves else -1)
        best = [m for m, v in got.values if v == target]
        assert sorted(move_text(m) for m in best) == row["moves"], row
        others = [v for _, v in got.values if v != target]
        assert all(v < target if landlord_moves else v > target for v in others), row


def test_the_table_covers_the_sizes_of_the_issue():
    sizes = {tuple(len(h) for h in row["hands"]) for row in TABLE_ROWS}
    assert max(sum(s) for s in sizes if len(s) == 3) >= 18 and (12, 12) in sizes
    assert {row["objective"] for row in TABLE_ROWS} == {"win", "score"}


@pytest.mark.slow
@pytest.mark.parametrize("off", TECHNIQUES)
@pytest.mark.parametrize("objective", ["win", "score"])
def test_each_technique_off_gives_the_same_answers(off, objective):
    solver = Solver(4, techniques=set(TECHNIQUES) - {off})
    assert off not in solver.techniques
    for seed in range(40):
        check(1000 + seed, small_sizes(seed), objective, solver)
        check(1000 + seed, small_sizes(seed, seats=2), objective, solver, moves="one")


@pytest.mark.parametrize("moves", ["all", "one"])
def test_no_technique_at_all(moves):
    solver = Solver(1, techniques=())
    for seed in range(30):
        check(2000 + seed, small_sizes(seed), "win", solver, moves=moves)


@pytest.mark.parametrize("scoring", ["points", "win", "wp", "adp", "logadp"])
def test_every_scoring(scoring):
    rules = Rules(scoring=scoring)
    for seed in range(25):
        check(3000 + seed, small_sizes(seed), "score", rules=rules, scoring=scoring)


def test_without_spring_doubling():
    for seed in range(25):
        check(3500 + seed, small_sizes(seed), "score", rules=Rules(spring=False), spring=False)


@pytest.mark.parametrize("preset", ["strict"])
def test_other_rules(preset):
    rules = Rules.preset(preset)
    solver = Solver(4)
    for seed in range(40):
        for objective in ("win", "score"):
            check(4000 + seed, small_sizes(seed), objective, solver, rules=rules)


def test_a_table_shared_by_rule_sets_is_emptied_between_them():
    solver = Solver(4)
    for seed in range(30):
        rules = Rules.preset("strict") if seed % 2 else None
        check(5000 + seed, small_sizes(seed), "win", solver, rules=rules)


# --- hand-picked positions -----------------------------------------------------------------

def test_going_out_at_once():
    game = Game.from_hands(["33", "4", "5"], landlord=0)
    got = solve(game)
    assert got.winner == "landlord" and got.moves == (Move.parse("33"),)


def test_a_losing_side_has_no_winning_moves():
    game = Game.from_hands(["35", "44", "6"], landlord=0)
    got = solve(game)       # the landlord leads a single; the farmer with 6 or 44 answers
    assert got.complete and got.winner == "farmers" and got.moves == ()


def test_the_rocket_and_bombs_in_the_score():
    game = Game.from_hands(["BR3", "44", "55"], landlord=0, bid=2)
    got = solve(game, objective="score")
    # rocket, then 3: bid 2 x 2 (rocket) x 2 (spring), from each farmer
    assert got.winner == "landlord" and got.score == 2 * 2 * 2 * 2
    assert got.moves == (Move.parse("BR"),)


# Hands where moves differ only in free cards (held once or twice, no chain or rocket can use
# them) and where they do not: lone cards inside a straight's reach, both jokers, others' cards
# between two lone cards with three seats, pairs as kickers, a plane's and four-two's wings,
# singles and pairs beside an opponent's card of the lower rank (two seats).
FREE_CARD_HANDS = [
    ("333456789JQ", "TTK"),
    ("3332BR", "2A"),
    ("444555A2K", "QQJ"),
    ("33377JJ", "QQ5"),
    ("3333579J", "66T"),
    ("33345Q", "6K"),
    ("3336 9Q", "7K", "8A"),
    ("3337 9 J", "TT", "8"),
    ("222 5 7", "66", "34"),
    ("3579JK", "5Q"),
    ("33557799", "55QQ"),
    ("3579JKA", "6Q", "8"),
    ("3579JKA", "46", "8T"),
]


@pytest.mark.parametrize("hands", FREE_CARD_HANDS)
def test_moves_left_out_for_free_cards(hands):
    """The solver with every technique, and without the equivalence one, against the brute
    force: each seat leading as the landlord, both objectives. It must leave moves out on
    these hands (fewer nodes) and lose no winning move."""
    hands = [h.replace(" ", "") for h in hands]
    pruned = 0
    for landlord in range(len(hands)):
        game = Game.from_hands(hands, landlord=landlord)
        for objective in ("win", "score"):
            parsed = [reference.parse(h) for h in hands]
            values = reference_solver.move_values(parsed, landlord, landlord, objective=objective)
            want = reference_solver.verdict_of(values, objective, True)
            every = Solver(4).solve(game, objective=objective)
            fewer = Solver(4, techniques=set(TECHNIQUES) - {"equivalence"}).solve(
                game, objective=objective)
            assert verdict(every) == want == verdict(fewer), (hands, landlord, objective)
            pruned += every.nodes < fewer.nodes
            # each move's value, superseded ones bounded by the move they give way to
            for solver in (Solver(4), Solver(4, techniques=set(TECHNIQUES) - {"equivalence"})):
                got = solver.solve(game, objective=objective, moves="each")
                assert values_of(got) == value_map(values), (hands, landlord, objective)
    assert pruned > 0


@pytest.mark.slow
@pytest.mark.parametrize("technique", ["equivalence", "inference"])
@pytest.mark.parametrize("sizes", [(10, 10), (8, 7, 7)])
def test_pruning_beyond_the_brute_force(sizes, technique):
    """Positions too large for the brute force: leaving superseded moves out (equivalence), or
    answering responses from related entries (inference), changes neither the verdict nor the
    set of winning moves (the search without it is checked against the brute force above),
    and saves nodes."""
    every = Solver(16)
    without = Solver(16, techniques=set(TECHNIQUES) - {technique})
    nodes = [0, 0]
    for seed in range(300):
        game = game_of(position(6000 + seed, sizes)[0])
        got, want = every.solve(game), without.solve(game)
        assert verdict(got) == verdict(want), (seed, game.position())
        nodes[0] += got.nodes
        nodes[1] += want.nodes
    assert nodes[0] < nodes[1]


def holds_a_chain(hands):
    """Some hand holds a straight, a pair chain or a plane (runs within 3..A)."""
    for hand in hands:
        for unit, length in ((1, 5), (2, 3), (3, 2)):
            run = 0
            for rank in range(12):
                run = run + 1 if hand[rank] >= unit else 0
                if run >= length:
                    return True
    return False


def relabelled(cards, ranks):
    """A card count tuple with rank r moved to ranks[r] (the jokers stay)."""
    moved = [0] * 15
    for rank, count in enumerate(cards):
        moved[ranks.get(rank, rank)] += count
    return tuple(moved)


@pytest.mark.parametrize("objective", ["win", pytest.param("score", marks=pytest.mark.slow)])
def test_positions_without_chains_keyed_by_rank_order(objective):
    """Once no hand holds a chain, only the order of the ranks matters, and the table keys
    such positions by it (compression). On one Solver, against the brute force: a chain-free
    two-seat position, the same with its ranks spread otherwise (answered from the table: far
    fewer nodes), and the same with the ranks closed up, which may hold chains that
    the others lack (it must not be answered from their entries)."""
    rng = random.Random(2026)
    solver = Solver(4)
    closed_with_chains = 0
    nodes = [0, 0, 0]
    cases = 80 if objective == "win" else 40          # the brute force's scores take 30 times longer
    for case in range(cases):
        while True:
            deck = rng.sample(DECK, len(DECK))
            split = rng.randint(3, 7)
            hands = [counts(deck[:split]), counts(deck[split:split + rng.randint(3, 7)])]
            if not holds_a_chain(hands):
                break
        held = sorted(r for r in range(13) if hands[0][r] or hands[1][r])
        to_move, landlord = rng.randrange(2), rng.randrange(2)
        # a single or a pair to beat, of a rank somebody holds, or none (unit 0)
        main = rng.choice(held)
        unit = min(rng.randint(0, 2), 4 - hands[0][main] - hands[1][main])
        spread = dict(zip(held, sorted(rng.sample(range(13), len(held)))))
        closed = dict(zip(held, range(len(held))))
        for i, ranks in enumerate(({}, spread, closed)):
            moved = [relabelled(h, ranks) for h in hands]
            prev = last_mover = None
            played = ["", ""]
            plays = [0, 0]
            if unit:
                trick = relabelled(tuple(unit if r == main else 0 for r in range(15)), ranks)
                prev = next(m for m in reference.leads(trick) if m[1] == 1 and m[3] == trick)
                last_mover = 1 - to_move
                played[last_mover] = hand_text(trick)
                plays[last_mover] = 1
            left = [4] * 13 + [1, 1]
            for cards in moved + ([trick] if unit else []):
                left = [a - b for a, b in zip(left, cards)]
            game = Game.from_position(
                phase="play", hands=tuple(hand_text(h) for h in moved), to_move=to_move,
                landlord=landlord, bid=2, played=tuple(played), plays=tuple(plays),
                trick=None if prev is None else (Move(*prev[:3], list(prev[3])), last_mover),
                out=hand_text(left))
            want = reference_solver.solve(moved, landlord, to_move, prev, last_mover,
                                          objective=objective, bid=2, plays=plays)
            got = solver.solve(game, objective=objective)
            assert verdict(got) == want, (case, game.position())
            nodes[i] += got.nodes
        closed_with_chains += holds_a_chain([relabelled(h, closed) for h in hands])
    assert closed_with_chains >= cases // 8
    assert nodes[1] < nodes[0] / 4, nodes


# --- principal lines -----------------------------------------------------------------------

def reference_args(game):
    """The brute force's arguments for a play-phase position of a Game under the default rules."""
    pos = Position.parse(game.position())
    prev = last_mover = None
    if pos.trick is not None:
        move, last_mover = pos.trick
        prev = as_reference(move)
    return dict(hands=[tuple(int(c) for c in h.counts) for h in pos.hands],
                landlord=pos.landlord, to_move=pos.to_move, prev=prev, last_mover=last_mover,
                bid=pos.bid, bombs=pos.bombs, plays=list(pos.plays))


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3])
@pytest.mark.parametrize("objective", ["win", "score"])
def test_principal_lines_play_perfectly(objective, seats):
    """Every move of a line is one the brute force finds reaches the verdict of its position
    (where the side to move loses whatever it plays, its first legal move), every position on
    it keeps the first one's verdict, and the deal ends with it."""
    solver = Solver(8)
    for seed in range(40):
        fields, _ = position(seed, small_sizes(seed, seats=seats))
        game = game_of(fields)
        before = game.position()
        line = solver.principal_line(game, objective=objective)
        assert line.complete and game.position() == before
        replay = game.copy()
        verdicts = set()
        for seat, move in line.moves:
            args = reference_args(replay)
            value, reaching = reference_solver.solve(**args, objective=objective)
            verdicts.add(value)
            assert seat == replay.to_move, (seed, replay.position())
            if reaching:
                assert as_reference(move) in reaching, (seed, replay.position(), move)
            else:
                assert move == replay.legal_moves()[0], (seed, replay.position(), move)
            replay.play(move)
        assert replay.phase == "over" and len(verdicts) == 1, (seed, line)
        result = replay.result
        if objective == "win":
            assert line.winner == result.winner == verdicts.pop() and line.score is None
        else:
            assert line.score == result.scores[game.landlord] == verdicts.pop()
            assert line.winner == result.winner


def test_a_limit_cuts_a_line_short():
    fields, _ = position(5, (6, 5, 5))
    game = game_of(fields)
    full = Solver(4).principal_line(game)
    assert full.complete and len(full.moves) >= 6
    # the same solves on a fresh table, the last one a node short
    cut = Solver(4).principal_line(game, max_nodes=full.nodes - 1)
    assert not cut.complete and cut.winner == full.winner
    assert 0 < len(cut.moves) < len(full.moves) and cut.moves == full.moves[:len(cut.moves)]
    assert cut.nodes >= full.nodes - 1
    assert str(cut).endswith(f"stopped at a limit after {cut.nodes:,} nodes in "
                             f"{cut.seconds * 1e3:.3g} ms)")
    nothing = Solver(4).principal_line(game, max_nodes=1)
    assert not nothing.complete and nothing.moves == () and nothing.winner is None
    assert str(nothing).startswith("no line (a limit was reached after ")
    timed = Solver(4).principal_line(game, objective="score", time_limit=1e-9)
    assert not timed.complete and timed.score is None
    assert Solver(4).principal_line(game, time_limit=60).moves == full.moves
    exact = Solver(4).principal_line(game, max_nodes=full.nodes)
    assert exact.complete and exact.moves == full.moves and exact.nodes == full.nodes


def test_a_line_is_of_the_position_it_was_asked_for():
    """A move played on the game while the line's first solve runs (as another thread may,
    the GIL released) does not change the line."""
    game = Game.from_hands(["2QQTT77553", "A9"])
    expected = Solver(4).principal_line(game.copy())

    class MeddlingSolver(Solver):
        def solve(self, position, **options):
            solution = super().solve(position, **options)
            if not game.history:
                game.play(game.legal_moves()[-1])
            return solution

    line = MeddlingSolver(4).principal_line(game)
    assert len(game.history) == 1 and line.complete
    assert line.moves == expected.moves and line.winner == expected.winner


def test_a_line_within_exactly_its_nodes_is_complete():
    # its last solve takes no node (the landlord's last card ends the deal): it fits where no
    # node is left
    game = Game.from_hands(["2QQTT77553", "A9"])
    full = Solver(4).principal_line(game)
    before_last = game.copy()
    for _, move in full.moves[:-1]:
        before_last.play(move)
    assert full.complete and Solver(4).solve(before_last, moves="one").nodes == 0
    exact = Solver(4).principal_line(game, max_nodes=full.nodes)
    assert exact.complete and exact.moves == full.moves and exact.nodes == full.nodes
    # a node short: the last pass's solve finds none left, and the line stops within its limit
    short = Solver(4).principal_line(game, max_nodes=full.nodes - 1)
    assert not short.complete and short.moves == full.moves[:-2] and short.nodes == full.nodes - 1


def test_a_line_prints_and_evaluates():
    line = principal_line(Game.from_hands(["2QQTT77553", "A9"], landlord=0))
    assert eval(repr(line), {"Line": Line, "Move": Move}) == line
    steps = " ".join(f"{seat}:{move}" for seat, move in line.moves)
    assert str(line) == (f"{steps} (landlord win; {line.nodes:,} nodes in "
                         f"{line.seconds * 1e3:.3g} ms)")
    puzzle = Game.from_hands(["2QQTT77553", "AA9"], landlord=0, bid=3)
    score = principal_line(puzzle, objective="score")
    assert score.score == solve(puzzle, objective="score").score < 0
    assert f" (farmers win, landlord scores {score.score:+d}; " in str(score)


def test_principal_line_errors():
    game = Game.from_hands(["33", "4", "5"], landlord=0)
    with pytest.raises(ValueError, match="objective"):
        principal_line(game, objective="draw")
    with pytest.raises(ValueError, match="max_nodes"):
        principal_line(game, max_nodes=0)
    with pytest.raises(ValueError, match="time_limit"):
        Solver(1).principal_line(game, time_limit=-1)
    with pytest.raises(ValueError, match="table_mb"):
        principal_line(game, table_mb=0)
    with pytest.raises(IllegalActionError, match="in the auction"):
        principal_line(Game(1))
    game.play("33")
    with pytest.raises(IllegalActionError, match="over"):
        principal_line(game)


# --- the Solution, the Solver and their errors ---------------------------------------------

def test_solution_prints_and_evaluates():
    got = solve(Game.from_hands(["33", "4", "5"], landlord=0))
    assert eval(repr(got), {"Solution": Solution, "Move": Move}) == got
    assert str(got).startswith("landlord win; winning moves: 33 (")
    each = solve(Game.from_hands(["33", "4", "5"], landlord=0), moves="each")
    assert eval(repr(each), {"Solution": Solution, "Move": Move}) == each
    # a single 3 lets the farmer after him go out with his 4
    assert [(str(m), v) for m, v in each.values] == [("3", -1), ("33", 1)]
    assert str(each).startswith("landlord win; winning moves: 33; after each move: "
                                "3 farmers, 33 landlord (")
    score = solve(Game.from_hands(["33", "4", "5"], landlord=0, bid=2), objective="score",
                  moves="each")
    assert str(score).startswith("landlord win, landlord scores ")
    assert re.search(r"; after each move: 3 -\d+, 33 \+\d+ \(", str(score))


def test_limits_give_no_verdict():
    fields, _ = position(7, (7, 6, 6))
    game = game_of(fields)
    got = Solver(1).solve(game, max_nodes=5)
    assert not got.complete and got.winner is None and got.moves == () and got.score is None
    assert got.nodes <= 6
    assert "unsolved" in str(got)
    got = Solver(1).solve(game, objective="score", time_limit=1e-9)
    assert not got.complete and got.winner is None
    got = Solver(1).solve(game, moves="one", max_nodes=5)
    assert not got.complete and got.winner is None and got.moves == ()
    got = Solver(1).solve(game, objective="score", moves="each", max_nodes=50)
    assert not got.complete and got.score is None and got.values == ()
    full = Solver(4).solve(game)
    assert full.complete and full.winner in ("landlord", "farmers")


def test_the_table_serves_later_calls():
    fields, _ = position(3, (6, 5, 5))
    game = game_of(fields)
    solver = Solver(4)
    first = solver.solve(game)
    again = solver.solve(game)
    assert again.nodes < first.nodes and verdict(again) == verdict(first)
    solver.clear()
    assert solver.solve(game).nodes == first.nodes


def test_the_module_solve_keeps_one_table_per_thread():
    fields, _ = position(4, (6, 5, 5))
    game = game_of(fields)
    first = solve(game, table_mb=3)                           # a new table
    assert solve(game, table_mb=3).nodes < first.nodes
    assert solve(game, table_mb=2).nodes == first.nodes       # a new table


def test_threads_share_a_solver():
    solver = Solver(4)
    games = [game_of(position(seed, (5, 4, 4))[0]) for seed in range(6)]
    want = [verdict(Solver(1).solve(g)) for g in games]

    def work(offset):
        def run():
            for i in range(len(games)):
                j = (i + offset) % len(games)
                assert verdict(solver.solve(games[j])) == want[j]
        return run

    run_threads([work(k) for k in range(3)])


def test_bad_arguments():
    game = Game.from_hands(["33", "4", "5"], landlord=0)
    before = game.position()
    with pytest.raises(ValueError, match="objective"):
        solve(game, objective="draw")
    with pytest.raises(ValueError, match="moves.*'some'"):
        solve(game, moves="some")
    with pytest.raises(ValueError, match="max_nodes"):
        solve(game, max_nodes=0)
    with pytest.raises(ValueError, match="max_nodes"):
        solve(game, max_nodes=2 ** 64)
    with pytest.raises(TypeError, match="max_nodes"):
        solve(game, max_nodes=1.5)
    with pytest.raises(ValueError, match="time_limit"):
        solve(game, time_limit=0)
    with pytest.raises(ValueError, match="time_limit"):
        solve(game, time_limit=float("nan"))
    with pytest.raises(TypeError, match="time_limit"):
        solve(game, time_limit=True)
    with pytest.raises(ValueError, match="table_mb"):
        solve(game, table_mb=0)
    with pytest.raises(ValueError, match="table_mb"):
        Solver(1 << 17)
    with pytest.raises(ValueError, match="unknown technique 'magic'"):
        Solver(1, techniques=["magic"])
    with pytest.raises(TypeError, match="techniques"):
        Solver(1, techniques="table")
    with pytest.raises(TypeError):
        solve(None)
    assert game.position() == before


def test_positions_outside_play():
    with pytest.raises(IllegalActionError, match="in the auction"):
        solve(Game(1))
    game = Game.from_hands(["3", "4", "5"], landlord=0)
    game.play("3")
    with pytest.raises(IllegalActionError, match="over"):
        solve(game)


def test_solver_made_without_init():
    with pytest.raises(ValueError, match="without __init__"):
        Solver.__new__(Solver).solve(Game.from_hands(["3", "4", "5"], landlord=0))
    assert repr(Solver(2)) == "Solver(table_mb=2)"
    assert repr(Solver(2, techniques=["table"])) == "Solver(table_mb=2, techniques=['table'])"
