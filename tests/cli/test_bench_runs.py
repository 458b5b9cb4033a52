"""``ddz-fast bench``'s saved runs: --json and its schema, --compare and its flag rule,
--fail-on-regression, --only, --markdown, --plot and --history (tiny sizes; no timing is
checked)."""

import copy
import io
import json
import re

import pytest

import ddz_fast
from ddz_fast.tools import timing
from ddz_fast.tools.bench import Run
from ddz_fast.tools.bench.compare import Change
from ddz_fast.tools.bench.figures import Figure, PeerFigure
from ddz_fast.tools.cli import main

TINY = ["bench", "--deals", "200", "--games", "100", "--simulate", "400", "--perft-deals", "1",
        "--perft-depth", "2", "--repeat", "2", "--no-peers"]
FIGURE_KEYS = {"section", "name", "unit", "median", "low", "high", "reps", "better", "detail",
               "row", "headline", "peers"}


def run(*argv):
    out = io.StringIO()
    code = main(list(argv), out)
    return code, out.getvalue()


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A tiny run of two sections saved with --json, and what the command printed."""
    path = tmp_path_factory.mktemp("bench") / "a.json"
    code, out = run(*TINY, "--only", "movegen", "--only", "games", "--json", str(path))
    assert code == 0 and f"wrote {path}" in out
    return path, out


def doctored(path, tmp_path, name, times):
    """A copy of the run at `path` with figure `name` made `times` times slower (below 1:
    faster), its passes within 1% of its median (a tiny run's passes can differ more than 3
    times: the flag would depend on the machine)."""
    document = json.loads(path.read_text())
    for record in document["figures"]:
        if record["name"] == name:
            median = record["median"] * (1 / times if record["better"] == "higher" else times)
            record.update(median=median, low=median * 0.99, high=median * 1.01)
    out = tmp_path / f"{times}.json"
    out.write_text(json.dumps(document))
    return out


def test_json_schema(saved):
    path, out = saved
    document = json.loads(path.read_text())
    assert document["schema"] == 1 and document["spread"] == "min and max of the passes"
    assert document["version"] == ddz_fast.__version__
    assert document["build"] == json.loads(json.dumps(ddz_fast.build_info()))
    commit = document["commit"]
    assert commit is None or re.fullmatch("[0-9a-f]{40}", commit)
    assert (document["dirty"] is None) == (commit is None)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", document["date"])
    assert set(document["machine"]) == {"cpu", "cores", "system", "python", "numpy"}
    assert document["machine"]["cores"] >= 1
    assert document["settings"]["repeat"] == 2 and document["settings"]["deals"] == 200
    assert list(document["notes"]) == ["movegen", "games"]
    names = [record["name"] for record in document["figures"]]
    assert len(names) == len(set(names))
    assert {record["section"] for record in document["figures"]} == {"movegen", "games"}
    for record in document["figures"]:
        assert set(record) == FIGURE_KEYS, record["name"]
        assert record["reps"] == 2 and 0 < record["low"] <= record["median"] <= record["high"]
        assert record["better"] == ("lower" if record["unit"].startswith("s/") else "higher")
    headline = {r["name"] for r in document["figures"] if r["headline"]}
    assert headline == {"leads, batch (legal_moves_batch)", "responses, one position",
                        "random games, Python API"}
    # the table printed is the rendering of the same figures
    for record in document["figures"]:
        assert Figure.from_json(record).cell() in out


def test_json_round_trip(saved, tmp_path):
    path, _ = saved
    again = tmp_path / "again.json"
    Run.load(path).save(again)
    assert json.loads(again.read_text()) == json.loads(path.read_text())
    code, out = run("bench", "--from-json", str(path))
    assert code == 0 and out.startswith(f"ddz_fast {ddz_fast.__version__} (")
    assert "leads, batch (legal_moves_batch)" in out and "random games, Python API" in out


def test_only_runs_the_sections_named(saved):
    _, out = saved
    assert "leads, batch" in out and "random games, Python API" in out
    for other in ("legal_ids", "simulate()", "Tables(", "PettingZoo", "two seats"):
        assert other not in out


@pytest.mark.parametrize("argv, words", [
    (["--only", "nothing"], "invalid choice: 'nothing'"),
    (["--tolerance", "-1"], "must be a percentage >= 0"),
    (["--fail-on-regression", "x"], "must be a percentage >= 0"),
])
def test_bad_options(argv, words, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["bench", *argv])
    assert exit_info.value.code == 2 and words in capsys.readouterr().err


def test_a_file_that_is_no_run(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema": 1}')
    code, _ = run("bench", "--from-json", str(bad))
    assert code == 2 and "not a ddz-fast bench run" in capsys.readouterr().err
    code, _ = run("bench", "--history", str(bad))
    assert code == 2 and "give --plot PATH" in capsys.readouterr().err


def test_compare_with_itself_flags_nothing(saved):
    path, _ = saved
    code, out = run("bench", "--from-json", str(path), "--compare", str(path),
                    "--tolerance", "0", "--fail-on-regression", "0")
    figures = len(Run.load(path).figures)
    assert code == 0 and f"0 of {figures} figures flagged: 0 slower, 0 faster" in out
    assert "SLOWER" not in out and "FASTER" not in out


def test_compare_flags_a_figure_three_times_slower(saved, tmp_path):
    saved_path, _ = saved
    for name in ("leads, batch (legal_moves_batch)", "random games, Python API"):  # time, rate
        path, slower = (doctored(saved_path, tmp_path, name, t) for t in (1, 3))
        code, out = run("bench", "--from-json", str(slower), "--compare", str(path))
        comparison = out[out.index("\nAgainst ddz_fast "):].splitlines()
        line = next(line for line in comparison if line.startswith(name))
        assert code == 0 and line.endswith("3.0x slower  SLOWER")
        assert "1 of " in out and " figures flagged: 1 slower, 0 faster" in out
        # 3 times as long is 200% worse
        code, out = run("bench", "--from-json", str(slower), "--compare", str(path),
                        "--fail-on-regression", "150")
        assert code == 1 and out.endswith(f"1 figure slower by more than 150%: {name}\n")
        code, _ = run("bench", "--from-json", str(slower), "--compare", str(path),
                      "--fail-on-regression", "250")
        assert code == 0
        # the other way round it is faster, which never fails
        code, out = run("bench", "--from-json", str(path), "--compare", str(slower),
                        "--fail-on-regression", "0")
        assert code == 0 and " figures flagged: 0 slower, 1 faster" in out


def figure(low, median, high, reps=5, unit="moves/s"):
    return Figure(name="x", unit=unit, median=median, low=low, high=high, reps=reps,
                  higher_is_better=unit.endswith("/s"))


@pytest.mark.parametrize("base, new, tolerance, flag", [
    ((90, 100, 110), (90, 100, 110), 0, ""),
    ((90, 100, 110), (50, 60, 89), 0, "slower"),          # every new pass below every base pass
    ((90, 100, 110), (50, 60, 91), 0, ""),                # one new pass within the base's
    ((90, 100, 110), (50, 60, 81), 10, "slower"),         # 81 * 1.1 < 90
    ((90, 100, 110), (50, 60, 82), 10, ""),               # 82 * 1.1 > 90: within the tolerance
    ((90, 100, 110), (122, 130, 140), 10, "faster"),      # 122 > 110 * 1.1
    ((90, 100, 110), (120, 130, 140), 10, ""),
])
def test_the_flag_rule(base, new, tolerance, flag):
    assert Change(figure(*base), figure(*new), tolerance).flag == flag
    # the same in seconds per item (lower is better): the reciprocals
    seconds = [tuple(1 / v for v in reversed(values)) for values in (base, new)]
    change = Change(figure(*seconds[0], unit="s/hand"), figure(*seconds[1], unit="s/hand"),
                    tolerance)
    assert change.flag == flag
    assert change.slower == pytest.approx(base[1] / new[1])


def test_one_pass_has_no_spread_and_is_never_flagged():
    change = Change(figure(100, 100, 100, reps=1), figure(10, 10, 10, reps=1), 0)
    assert change.flag == "" and change.slower == 10 and not change.regression(0)
    change = Change(figure(100, 100, 100), figure(10, 10, 10), 0)
    assert change.flag == "slower" and change.regression(800) and not change.regression(900)


def test_markdown_parses(saved, tmp_path):
    markdown_it = pytest.importorskip("markdown_it")
    path, _ = saved
    written = tmp_path / "table.md"
    code, _ = run("bench", "--from-json", str(path), "--markdown", str(written))
    text = written.read_text()
    assert code == 0 and text.startswith("Measured by `ddz-fast bench`: ddz_fast ")
    tokens = markdown_it.MarkdownIt("commonmark").enable("table").parse(text)
    assert [t.content for t in tokens if t.type == "inline" and t.map and
            tokens[tokens.index(t) - 1].tag == "h3"] == ["Move generation", "Games"]
    tables = [t for t in tokens if t.type == "table_open"]
    assert len(tables) == 2
    rows = [t for t in tokens if t.type == "tr_open"]
    figures = Run.load(path).figures
    assert len(rows) == len({f.table_row for f in figures}) + 2          # + a header each
    cells = [t.content for t in tokens if t.type == "inline" and t.content]
    assert "leads, batch (legal_moves_batch)" in cells and "ddz_fast" in cells


def test_plot_without_matplotlib(saved, tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(__import__("sys").modules, "matplotlib", None)
    path, _ = saved
    code, _ = run("bench", "--from-json", str(path), "--plot", str(tmp_path / "p.png"))
    assert code == 2 and "pip install 'ddz-fast[plot]'" in capsys.readouterr().err
    assert not (tmp_path / "p.png").exists()


@pytest.mark.slow
def test_plot_and_history(saved, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    path, _ = saved
    document = json.loads(path.read_text())
    with_peer = copy.deepcopy(document)
    with_peer["figures"][1]["peers"] = {"Peer 1.0": {"median": 1e-5, "detail": "80.0 moves"}}
    peer_run = tmp_path / "peer.json"
    peer_run.write_text(json.dumps(with_peer))
    chart = tmp_path / "peers.png"
    code, out = run("bench", "--from-json", str(peer_run), "--plot", str(chart))
    assert code == 0 and chart.read_bytes().startswith(b"\x89PNG")
    code, _ = run("bench", "--from-json", str(path), "--plot", str(tmp_path / "none.png"))
    assert code == 2 and "no figure measured beside a peer" in capsys.readouterr().err
    history = tmp_path / "history.svg"
    code, out = run("bench", "--plot", str(history), "--history", str(path), str(peer_run))
    assert code == 0 and out == f"wrote {history}\n" and "<svg" in history.read_text()


def test_cpu_clock(saved, tmp_path, capsys):
    path, _ = saved
    cpu = tmp_path / "cpu.json"
    code, out = run(*TINY, "--only", "movegen", "--clock", "cpu", "--json", str(cpu))
    assert code == 0 and "Medians of 2 passes in CPU time (this process's threads)." in out
    assert Run.load(cpu).settings["clock"] == "cpu" and Run.load(path).clock == "wall"
    assert timing._clock["name"] == "wall"            # restored after the run
    code, _ = run("bench", "--from-json", str(cpu), "--compare", str(path))
    assert code == 2 and "the base run was timed with the wall clock, this one with the cpu" \
        in capsys.readouterr().err


def test_a_section_without_figures_still_says_why(monkeypatch, tmp_path):
    from ddz_fast.tools.bench import adapters
    monkeypatch.setattr(adapters, "adapter_figures", lambda games, seed, repeat: [])
    written = tmp_path / "table.md"
    code, out = run(*TINY, "--only", "adapters", "--markdown", str(written))
    assert code == 0 and "(the rl extra is not installed: pip install 'ddz-fast[rl]'" in out
    assert "### Environments\n\n(the rl extra is not installed" in written.read_text()


def test_rounds_spread_the_passes_over_the_run(tmp_path):
    path = tmp_path / "rounds.json"
    code, out = run(*TINY, "--only", "movegen", "--rounds", "3", "--repeat", "1", "--json",
                    str(path))
    assert code == 0 and "Medians of 3 passes (3 rounds of 1)." in out
    saved = Run.load(path)
    assert saved.settings["rounds"] == 3 and "medians of 3 passes (3 rounds of 1)" in saved.describe()
    assert all(f.reps == 3 and f.low <= f.median <= f.high for f in saved.figures)
    assert len({f.name for f in saved.figures}) == len(saved.figures)


def test_merged_rounds():
    rounds = [Figure("x", "s/hand", median, low, high, 2, False, detail=f"round {i}",
                     peers={"P": PeerFigure(median * 10)})
              for i, (low, median, high) in enumerate([(1, 2, 3), (4, 5, 9), (0.5, 1, 1.5)])]
    merged = Figure.merged(rounds)
    assert (merged.median, merged.low, merged.high, merged.reps) == (2, 0.5, 9, 6)
    assert merged.detail == "round 0" and merged.peers == {"P": PeerFigure(20)}
