"""The ddz-fast command: each subcommand runs and prints what it promises; bad arguments exit
non-zero with a clear message."""

import argparse
import importlib.metadata
import io
import itertools
import os
import re
import shutil
import subprocess
import sys
import types
import warnings

import pytest

import ddz_fast
from ddz_fast.tools import cli, timing
from ddz_fast.tools.bench import solver as bench_solver
from ddz_fast.tools.cli import main
from helpers import ROOT

SMALL_BENCH = ["bench", "--deals", "300", "--games", "100", "--simulate", "3000",
               "--perft-deals", "2", "--perft-depth", "3", "--repeat", "1", "--no-peers",
               "--no-solver"]


def run(*argv):
    out = io.StringIO()
    code = main(list(argv), out)
    return code, out.getvalue()


def test_moves():
    code, out = run("moves", "33344456BR")
    assert code == 0 and "333+4" in out and "plane_singles" in out
    assert out.strip().endswith("29 moves for 33344456BR")
    code, out = run("moves", "3334445566", "--prev", "333+4")
    assert code == 0 and "444+3" in out and "on 333+4" in out and "333+5" not in out
    code, out = run("moves", "33344455", "--distinct-single-wings")
    assert code == 0 and "333444+55" not in out


@pytest.mark.parametrize("name", ddz_fast.Rules.presets())
def test_rules_options_take_every_preset_name(name):
    """``--rules NAME`` is the preset: the moves and the simulation it names."""
    rules = ddz_fast.Rules.preset(name)
    wild_ranks = {"none": None, "one": "7", "two": "75"}[rules.wilds]
    moves = ddz_fast.legal_moves("33334445556BR", rules=rules, wild_ranks=wild_ranks)
    wild_options = ["--wild-ranks", wild_ranks] if wild_ranks else []
    listed = run("moves", "33334445556BR", "--rules", name, *wild_options)[1].splitlines()
    assert listed[:-1] == [f"{str(move):<24} {move.kind}" for move in moves]
    simulation = ddz_fast.simulate(40, seed=2, rules=ddz_fast.Rules.preset(name))
    summary = run("simulate", "-n", "40", "--seed", "2", "--rules", name)[1].splitlines()[:-1]
    assert summary == simulation.summary().splitlines()      # then the speed line


def test_moves_counts_in_words():
    assert run("moves", "3") == (0, "3                        single\n1 move for 3\n")
    assert run("moves", "3", "--prev", "2") == (0, "0 moves for 3 on 2\n")


@pytest.mark.parametrize("argv, words", [
    (["moves", "33X"], "unknown card symbol 'X'"),
    (["moves", "3333344"], "5 cards of rank 3"),
    (["moves", "3334445556667778", "--prev", "3334445556667778"], "readings"),
    (["perft", "--hands", "3", "3", "3333"], "more than the deck"),
])
def test_bad_input_exits_with_a_message(argv, words, capsys):
    code, _ = run(*argv)
    err = capsys.readouterr().err
    assert code == 2 and words in err and err.startswith(f"ddz-fast {argv[0]}: error:")


@pytest.mark.parametrize("argv", [[], ["fly"], ["moves"], ["simulate", "-n", "many"],
                                  ["simulate", "--auction", "dutch"],
                                  ["perft", "--seed", "2", "--hands", "34", "5", "6"]])
def test_bad_arguments_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2 and "usage: ddz-fast" in capsys.readouterr().err


# Short runs of each command, should a bad value ever get through (a repeated option's last
# value wins).
SHORT_RUN = {"bench": SMALL_BENCH, "perft": ["perft", "--depth", "1"],
             "simulate": ["simulate", "-n", "10"], "solve": ["solve", "3", "4", "5"]}
NOT_INTEGERS = ("x", "1.5", "")
BAD_NUMBERS = [(command, option, value) for command, option, values in [
    ("bench", "--deals", ("0", "-1")),
    ("bench", "--games", ("0", "-1")),
    ("bench", "--simulate", ("0", "-1")),
    ("bench", "--perft-deals", ("0", "-1")),
    ("bench", "--perft-depth", ("0", "-1", "65")),
    ("bench", "--repeat", ("0", "-1")),
    ("bench", "--seed", ("-1", str(2 ** 64))),
    ("perft", "--depth", ("0", "-1", "65")),
    ("perft", "--seed", ("-1", str(2 ** 64))),
    ("perft", "--landlord", ("-1", "3")),
    ("perft", "--bid", ("0", "4")),
    ("simulate", "-n", ("-1",)),
    ("simulate", "--threads", ("0", "-1")),
    ("simulate", "--seed", ("-1", str(2 ** 64))),
    ("solve", "--to-move", ("-1", "3")),
    ("solve", "--bid", ("0", "4")),
    ("solve", "--max-nodes", ("0",)),
    ("solve", "--table-mb", ("0", "65537")),
] for value in values + NOT_INTEGERS]


@pytest.mark.parametrize("command, option, value", BAD_NUMBERS,
                         ids=[" ".join(case) for case in BAD_NUMBERS])
def test_bad_numbers_are_usage_errors(command, option, value, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main([*SHORT_RUN[command], option, value])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and err.startswith(f"usage: ddz-fast {command} ")
    assert f"ddz-fast {command}: error: argument {option}: must be an integer " in err
    assert err.endswith(f", not '{value}'\n")


@pytest.mark.parametrize("command", ["moves", "perft"])
def test_auction_only_where_it_matters(command, capsys):
    # moves and perft start after the auction: the option would do nothing there.
    with pytest.raises(SystemExit) as exit_info:
        main([command, "34", "--auction", "open"] if command == "moves"
             else [command, "--auction", "open"])
    assert exit_info.value.code == 2
    assert "unrecognized arguments: --auction open" in capsys.readouterr().err


def subcommands():
    (sub,) = [a for a in cli.parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return sub.choices


@pytest.mark.parametrize("command", sorted(subcommands()))
def test_help_tells_every_option_and_its_default(command, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())        # undo the help's line wrapping
    assert exit_info.value.code == 0 and text.startswith(f"usage: ddz-fast {command} ")
    for action in subcommands()[command]._actions:
        assert action.help, f"{command} {action.option_strings or action.dest}: no help"
        if action.default not in (None, argparse.SUPPRESS) and not isinstance(action.default, bool):
            assert f"(default: {action.default})" in text, f"{command} {action.option_strings}"


def test_perft():
    code, out = run("perft", "--seed", "1", "--depth", "3")     # oracles/data/perft.epd: deal 1
    assert code == 0 and "perft(1) = 62 " in out and "perft(3) = 448 " in out and "nodes/s" in out
    code, out = run("perft", "--seed", "1", "--depth", "2", "--divide")
    assert code == 0 and "perft(2) = 228" in out
    code, out = run("perft", "--hands", "34", "5", "6", "--depth", "2")
    assert code == 0 and "perft(2) = 4 " in out
    # wild cards: --wild-ranks names them, in a set-up position or instead of the deal's
    game = ddz_fast.Game.from_hands(["33378", "4", "5"], rules="laizi", wild_ranks="7")
    code, out = run("perft", "--hands", "33378", "4", "5", "--rules", "laizi", "--wild-ranks", "7",
                    "--depth", "2")
    assert code == 0 and f"perft(2) = {ddz_fast.perft(game, 2):,} " in out and "wild ranks: 7 " in out
    code, out = run("perft", "--seed", "1", "--rules", "laizi", "--wild-ranks", "Q", "--depth", "1")
    assert code == 0 and "wild ranks: Q " in out
    assert run("moves", "3", "--wild-ranks", "7") == (2, "")      # (the error: on stderr)


def test_simulate(capsys):
    code, out = run("simulate", "-n", "3000", "--threads", "2", "--seed", "4")
    assert code == 0 and out.startswith("3,000 games: landlord won") and "games/s on 2 thread" in out
    assert capsys.readouterr().err == ""            # no progress bar: stderr is no terminal
    code, out = run("simulate", "-n", "1")
    assert code == 0 and out.startswith("1 game: landlord won") and "games/s on 1 thread," in out


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_simulate_progress_bar_on_a_terminal(monkeypatch):
    monkeypatch.setattr(sys, "stderr", Terminal())
    code, out = run("simulate", "-n", "3000", "--threads", "2")
    assert code == 0 and out.startswith("3,000 games: landlord won")
    assert "100%" in sys.stderr.getvalue() and "3.00k/3.00k" in sys.stderr.getvalue()


def test_simulate_out_needs_ray(capsys):
    with pytest.raises(SystemExit) as exit_:
        run("simulate", "-n", "10", "--out", "games.npy")
    assert exit_.value.code == 2
    assert "simulate: --out needs --ray" in capsys.readouterr().err


def test_simulate_no_games(capsys):
    with warnings.catch_warnings():
        warnings.simplefilter("error")                # numpy's empty-mean warnings included
        code, out = run("simulate", "-n", "0")
    assert (code, out, capsys.readouterr().err) == (0, "0 games\n", "")


def test_interrupt_exits_130_without_a_traceback(monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(cli, "simulate", interrupted)
    try:
        code, out = run("simulate", "-n", "1000")
    except KeyboardInterrupt:           # escaping, it would stop the whole test session
        pytest.fail("KeyboardInterrupt escaped main()")
    assert (code, out, capsys.readouterr().err) == (130, "", "ddz-fast simulate: interrupted\n")


@pytest.mark.slow
def test_bench_small():
    code, out = run(*SMALL_BENCH)
    assert code == 0 and "Medians of 1 pass." in out
    not_release = ddz_fast.build_info()["build"] != "release"        # CI runs all three builds
    assert ("build, not a release one" in out) == not_release
    for row in ("leads, batch", "responses, one position", "legal_ids, one lead (standard ids)",
                "legal_ids, one response (standard ids)", "legal_ids_batch, leads",
                "space.id(move)", "legal_mask_batch, 300 leads", "legal_mask_batch, 300 responses",
                "random games, Python API", "push + undo", "copy()", "simulate(), 2 threads",
                "perft(3) of 2 deals"):
        assert row in out
    # the time unit's prefix is the build's and the machine's: a debug build may take µs a hand
    assert re.search(r"\d [nµm]?s/hand", out)
    assert "games/s" in out and "nodes/s" in out and "GB/s" in out
    assert "(rlcard ids)" not in out                  # the peers' spaces come with the peers


def test_solve():
    code, out = run("solve", "2QQTT77553", "AA9")         # doudizhu-resolver's README puzzle
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("play 35577TTQQ2/9AA 0 landlord=0")
    assert lines[1].startswith("farmers win; winning moves: none (")
    assert lines[2].startswith("line: 0:") and len(lines) == 3
    code, out = run("solve", "2QQTT77553", "A9")
    assert code == 0 and "landlord win; winning moves: 3, 5, 7" not in out
    assert "landlord win; winning moves: 3, T, Q, 2, 55, 77, TT, QQ (" in out
    code, out = run("solve", "3", "44", "55", "--to-move", "1", "--last", "3", "--objective", "score",
                    "--bid", "2")
    assert code == 0 and "trick=3@0" in out and "farmers win, landlord scores -8; best moves: " in out
    code, out = run("solve", "2QQTT77553", "A9", "--moves", "one")
    found = out.splitlines()[1]
    assert code == 0 and found.startswith("landlord win; winning moves: ")
    assert found.split(": ")[1].split(" (")[0] in {"3", "T", "Q", "2", "55", "77", "TT", "QQ"}
    code, out = run("solve", "2QQTT77553", "A9", "--moves", "each")
    assert code == 0 and ("winning moves: 3, T, Q, 2, 55, 77, TT, QQ; after each move: "
                          "3 landlord, 5 farmers, 7 farmers, T landlord, Q landlord, 2 landlord, "
                          "55 landlord, 77 landlord, TT landlord, QQ landlord (") in out
    code, out = run("solve", "2QQTT77553", "AA9", "7", "--max-nodes", "1")
    assert code == 0 and "unsolved (a limit was reached" in out and "line:" not in out


def solve_output(*argv: str) -> tuple[list[int], list[str], list[str]]:
    """The nodes `ddz-fast solve`'s verdict and line took, the two without their effort, and
    the two as printed."""
    code, out = run("solve", *argv)
    assert code == 0
    lines = out.splitlines()[1:]
    nodes = [re.search(r"([\d,]+) nodes in", line) for line in lines]
    return ([int(n.group(1).replace(",", "")) if n else 0 for n in nodes],
            [re.sub(r"[\d,]+ nodes in [\d.e+-]+ ms", "", line) for line in lines], lines)


def test_solve_limits_bound_the_command():
    position = ("2QQTT77553", "A9")
    (solve_nodes, line_nodes), free, _ = solve_output(*position)
    assert free[1].startswith("line: 0:") and "stopped" not in free[1] and line_nodes > 1
    # exactly what the solve takes: nothing is left for the line
    _, limited, _ = solve_output(*position, "--max-nodes", str(solve_nodes))
    assert limited == [free[0], "line: none (the solve used up the limits)"]
    # enough for both: the same line
    _, limited, _ = solve_output(*position, "--max-nodes", str(solve_nodes + line_nodes))
    assert limited == free
    # one node short: the line stops at the solve of its last pass, which finds no node left
    # (the landlord's last card, which ends the deal, takes none); the limit is never passed
    nodes, limited, lines = solve_output(*position, "--max-nodes",
                                         str(solve_nodes + line_nodes - 1))
    assert limited[0] == free[0] and nodes[1] == line_nodes - 1
    moves = lines[1].split(" ... (")[0]
    assert " ... (landlord win; stopped at a limit after " in lines[1]
    assert free[1].startswith(moves + " ") and moves.count(":") == free[1].count(":") - 2


def test_solve_time_limit_bounds_the_command(monkeypatch):
    """The line's time limit is what the solve left: here the command's clock moves one second
    per look (the search's own clock is untouched)."""
    seconds = itertools.count()
    monkeypatch.setattr(cli, "time", types.SimpleNamespace(perf_counter=lambda: next(seconds)))
    limits = []

    class RecordingSolver(ddz_fast.Solver):
        def principal_line(self, game, **options):
            limits.append((options["max_nodes"], options["time_limit"]))
            return super().principal_line(game, **options)

    monkeypatch.setattr(cli, "Solver", RecordingSolver)
    _, free, _ = solve_output("2QQTT77553", "A9")
    _, limited, _ = solve_output("2QQTT77553", "A9", "--time-limit", "10")
    assert limited == free and limits == [(None, None), (None, 9)]
    _, limited, _ = solve_output("2QQTT77553", "A9", "--time-limit", "1")
    assert limited == [free[0], "line: none (the solve used up the limits)"] and len(limits) == 2


@pytest.mark.parametrize("argv, words", [
    (["solve", "3", "4", "--to-move", "2"], "--to-move must be a seat 0..1"),
    (["solve", "3333", "33", "5"], "more cards of a rank than the deck"),
    (["solve", "3", "4", "5", "--last", "34"], "34"),
])
def test_solve_bad_input(argv, words, capsys):
    code, _ = run(*argv)
    err = capsys.readouterr().err
    assert code == 2 and words in err and err.startswith("ddz-fast solve: error:")


def test_bench_solver_section(monkeypatch):
    monkeypatch.setattr(bench_solver, "SOLVER_SIZES", (("two seats 5 v 5", (5, 5), 3),
                                                       ("three seats 4/3/3", (4, 3, 3), 3)))
    monkeypatch.setattr(bench_solver, "ONE_MOVE_SIZES", (("two seats 6 v 6", (6, 6), 3),))
    monkeypatch.setattr(bench_solver, "TECHNIQUE_SIZES", (((4, 3, 3), 3),))
    monkeypatch.setattr(bench_solver, "FULL_DEAL_LIMIT", 0.05)
    section = bench_solver.solver_section(full_deals=2, seed=0, repeat=2)
    figures = {figure.name: figure for figure in section.figures}
    for name in ("doudizhu-resolver's README puzzle", "two seats 5 v 5", "three seats 4/3/3",
                 'two seats 6 v 6, moves="one"'):
        assert figures[name].unit == "s/position" and figures[name].reps == 2
        assert " nodes/s (max " in figures[name].detail
    assert figures["doudizhu-resolver's README puzzle"].detail.startswith("435 nodes, ")
    for name in ("full deals 20/17/17", 'full deals 20/17/17, moves="one"'):
        assert figures[name].unit == "solved" and figures[name].reps == 1
        assert figures[name].detail.startswith("of 2 within 0.05 s, ")
    for name in ("all techniques", "without table", "without ordering", "without cutoffs",
                 "without compression", "without equivalence", "without inference"):
        figure = figures[f"nodes {name}, 3 positions 4/3/3"]
        assert figure.unit == "nodes" and figure.median > 0 and figure.row == f"nodes {name}"
    assert "moves=\"one\"" in section.note
    # the rounds after the first leave out what is measured once
    again = bench_solver.solver_section(full_deals=2, seed=0, repeat=1, counts=False)
    assert [f.name for f in again.figures] == [
        name for name, f in figures.items() if f.unit == "s/position"]


def test_bench_units():
    assert timing.ratio(37.4) == "37x slower" and timing.ratio(1.44) == "1.4x slower"
    assert timing.ratio(0.8) == "1.2x faster"
    assert timing.fmt_time(2.5) == "2.5 s" and timing.fmt_time(0.0123) == "12.3 ms"
    assert timing.fmt_time(3.2e-5) == "32 µs" and timing.fmt_time(4e-10) == "0.4 ns"
    assert timing.fmt_rate(6.88e8, "moves") == "688 M moves/s"
    assert timing.fmt_rate(2.5e9, "nodes") == "2.5 G nodes/s" and timing.fmt_rate(12, "games") == "12 games/s"
    assert timing.plural(1, "pass", "passes") == "1 pass" and timing.plural(2000, "deal") == "2,000 deals"


def test_module_and_console_script():
    result = subprocess.run([sys.executable, "-m", "ddz_fast", "moves", "BR"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "rocket" in result.stdout
    script = shutil.which("ddz-fast")
    if script is None:
        pytest.skip("ddz-fast is not installed on PATH (an uninstalled checkout)")
    result = subprocess.run([script, "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "bench" in result.stdout


def test_console_script():
    scripts = importlib.metadata.entry_points(group="console_scripts", name="ddz-fast")
    assert [script.value for script in scripts] in ([], ["ddz_fast.tools.cli:main"])


@pytest.mark.parametrize("unbuffered", [True, False])
def test_closed_pipe_exits_quietly(unbuffered):
    # As `ddz-fast moves ... | head -1` once head has gone: the read end is closed before the
    # command writes, so its first write (or its final flush when buffered) fails.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run([sys.executable, "-m", "ddz_fast", "moves", "3456789TJQKA2BR"],
                                cwd=ROOT, env=env, stdout=write_end, stderr=subprocess.PIPE,
                                text=True, timeout=60)
    finally:
        os.close(write_end)
    assert (result.returncode, result.stderr) == (1, "")


def test_version_names_the_version_and_the_build(capsys):
    with pytest.raises(SystemExit) as exit:
        main(["--version"])
    assert exit.value.code == 0 and capsys.readouterr().out == f"ddz-fast {cli.version()}\n"
    build = ddz_fast.build_info()["build"]
    assert cli.version().startswith(f"{ddz_fast.__version__} ({build} build")


@pytest.mark.parametrize("build, sanitize, native, text", [
    ("release", "", False, "9.8.7 (release build)"),
    ("release", "", True, "9.8.7 (release build, -march=native)"),
    ("debug", "", False, "9.8.7 (debug build)"),
    ("sanitizer", "address,undefined", False, "9.8.7 (sanitizer build: address,undefined)"),
])
def test_version_text_of_each_build(monkeypatch, build, sanitize, native, text):
    info = dict(ddz_fast.build_info(), build=build, sanitize=sanitize, native=native)
    monkeypatch.setattr(cli, "build_info", lambda: info)
    monkeypatch.setattr(cli, "__version__", "9.8.7")
    assert cli.version() == text
