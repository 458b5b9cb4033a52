"""The docs' table of the peers' known bugs (docs/_ext/peer_deviations_table.py) shows every
entry of tests/peer_deviations.py and every field of each minimal position."""

import dataclasses
import importlib.util
import os

import pytest

from helpers import ROOT
from peer_deviations import DEVIATIONS, Case

# what describe_case writes for each field of a Case (a new field must be taught to it)
DESCRIBED = {"hand", "trick", "peer_only", "ddz_only", "duplicates", "peer_offers", "accepted"}


@pytest.fixture(scope="module")
def table():
    pytest.importorskip("sphinx", reason="the docs' extension needs Sphinx: pip install -e '.[docs]'")
    path = os.path.join(ROOT, "docs", "_ext", "peer_deviations_table.py")
    spec = importlib.util.spec_from_file_location("peer_deviations_table", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_field_of_a_case_is_described():
    assert {f.name for f in dataclasses.fields(Case)} == DESCRIBED


def test_one_row_per_deviation_with_every_case(table):
    lines = table.table_markdown(table.load_deviations().DEVIATIONS)
    rows = lines[2:]
    entries = [(peer, d) for peer, ds in DEVIATIONS.items() for d in ds]
    assert len(rows) == len(entries)
    for row, (peer, deviation) in zip(rows, entries):
        assert row.startswith(f"| {table.PEER_NAMES[peer]} | {deviation.what} | {deviation.why} |")
        for case in deviation.cases:
            assert table.describe_case(case, peer) in row


def test_a_case_in_words(table):
    case = Case("999TTTJJJQQQKKAA2", ("3334445556668888",), ddz_only=frozenset({"999TTTJJJQQQKKAA"}),
                duplicates={"333345": 2}, peer_offers=frozenset({"pass"}), accepted="3")
    assert table.describe_case(case, "douzero") == (
        "`999TTTJJJQQQKKAA2` on `3334445556668888`: ddz_fast offers `999TTTJJJQQQKKAA`, DouZero "
        "does not; DouZero lists `333345` 2 times; DouZero offers only `pass`; `env.step` takes "
        "`3`, which DouZero does not list as legal")
    assert table.describe_case(Case("33", peer_only=frozenset({"3", "33"})), "openspiel") == (
        "`33` leads: OpenSpiel offers `3`, `33`, ddz_fast does not")
