"""`ddz-fast evaluate` (through ddz_fast.tools.cli.main) and the strength table tool."""

import io
import json
import os
import pickle

import pytest

from ddz_fast import Rules, evaluate
from ddz_fast.evaluation import seeded_deals
from ddz_fast.interop.douzero import read_eval_data, to_deal
from ddz_fast.tools import strength
from ddz_fast.tools.cli import main
from helpers import ROOT


def run(*argv):
    out = io.StringIO()
    code = main(list(argv), out)
    return code, out.getvalue()


def test_prints_the_table_of_evaluate(tmp_path):
    path = tmp_path / "e.json"
    code, out = run("evaluate", "--landlord", "greedy", "--farmers", "random", "--deals", "30",
                    "--seed", "4", "--json", str(path))
    expected = evaluate("greedy", "random", 30, seed=4)
    assert code == 0
    assert out == f"{expected}\nwrote {path}\n"
    assert json.loads(path.read_text()) == json.loads(json.dumps(expected.to_dict()))


def test_no_duplicate_threads_and_rule_options():
    code, out = run("evaluate", "--landlord", "random", "--farmers", "greedy", "random",
                    "--deals", "30", "--seed", "2", "--no-duplicate", "--threads", "2",
                    "--rules", "standard", "--no-spring")
    expected = evaluate("random", ("greedy", "random"), 30, seed=2, duplicate=False,
                        rules=Rules(spring=False))
    assert code == 0 and out == f"{expected}\n"
    assert "greedy + random" in out and "played once" in out


def test_eval_data_in_and_out(tmp_path):
    written = tmp_path / "deals.pkl"
    code, out = run("evaluate", "--landlord", "greedy", "--farmers", "random", "--deals", "20",
                    "--seed", "6", "--write-eval-data", str(written))
    assert code == 0 and out.endswith(f"wrote {written}\n")
    assert [to_deal(g) for g in read_eval_data(written)] == [to_deal(g) for g in seeded_deals(20, 6)]
    # the same deals from the file give the same figures
    code, again = run("evaluate", "--landlord", "greedy", "--farmers", "random", "--seed", "6",
                      "--eval-data", str(written))
    assert code == 0 and again == out.removesuffix(f"wrote {written}\n")
    code, some = run("evaluate", "--landlord", "greedy", "--farmers", "random", "--seed", "6",
                     "--eval-data", str(written), "--deals", "5")
    assert code == 0 and some == f"{evaluate('greedy', 'random', 5, seed=6)}\n"


def test_errors_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.pkl"
    bad.write_bytes(pickle.dumps([{"landlord": [3]}]))
    assert run("evaluate", "--landlord", "greedy", "--farmers", "random", "--eval-data", str(bad))[0] == 2
    assert "deal 0: a DouZero deal is a dict" in capsys.readouterr().err
    assert run("evaluate", "--landlord", "greedy", "--farmers", "random", "greedy", "--deals", "2")[0] == 2
    assert "duplicate=True swaps the sides" in capsys.readouterr().err
    for argv in (["--landlord", "nobody", "--farmers", "random"], ["--farmers", "random"],
                 ["--landlord", "greedy", "--farmers", "random", "--deals", "0"],
                 ["--landlord", "greedy", "--farmers", "random", "--auction", "open"]):
        with pytest.raises(SystemExit) as exit_:
            run("evaluate", *argv)
        assert exit_.value.code == 2


def test_strength_table(tmp_path):
    out = io.StringIO()
    path = tmp_path / "s.json"
    assert strength.main(["--players", "greedy", "random", "--deals", "10", "--seed", "3",
                          "--json", str(path)], out) == 0
    rows = [line for line in out.getvalue().splitlines() if line.startswith("| ")]
    expected = evaluate("greedy", "random", 10, seed=3)
    assert len(rows) == 1 + 5                    # the header, then the sides of one pair
    assert rows[1].split(" | ")[:5] == ["| greedy", "random", "landlord", "10", str(expected.landlord.wp)]
    assert rows[3].split(" | ")[2:4] == ["both", "20"]
    assert rows[4].split(" | ")[:3] == ["| random", "greedy", "landlord"]
    saved = io.StringIO()
    assert strength.main(["--from-json", str(path)], saved) == 0
    assert saved.getvalue() == out.getvalue()


def test_the_strength_table_in_the_docs_is_the_saved_evaluations():
    with open(os.path.join(ROOT, "docs", "strength.json"), encoding="utf-8") as f:
        evaluations = json.load(f)
    with open(os.path.join(ROOT, "docs", "benchmarks.md"), encoding="utf-8") as f:
        page = f.read()
    assert strength.table(evaluations) in page
    assert [(e["landlord"], e["farmers"], e["deals"]) for e in evaluations] == [
        ("pimc", "greedy", 500), ("pimc", "rule", 500), ("pimc", "random", 500),
        ("greedy", "rule", 5000), ("greedy", "random", 5000), ("rule", "random", 5000)] + [
        ("DouZeroPlayer.from_folder('dmc-1h-wp')", opponent, 500 if opponent == "pimc" else 2000)
        for opponent in ("rule", "greedy", "random", "pimc")]
