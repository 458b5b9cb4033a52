"""The layout tables of the docs (docs/_ext/encoding_layouts.py reads them from
``ddz_fast.encodings``' docstring) against the encoders: every block where the table says,
the blocks tiling each observation, the widths the encoders give."""

import importlib.util
import os
import re
import sys

import pytest

from ddz_fast import PASS, Game
from ddz_fast.encodings import (
    COMPACT, ROLES, CompactEncoding, DouZeroEncoding, OpenSpielEncoding, RLCardEncoding,
)
from helpers import ROOT

PARSER = os.path.join(ROOT, "docs", "_ext", "encoding_layouts.py")
if not os.path.exists(PARSER):     # tests run from a copy without the docs (an installed wheel's)
    pytest.skip("the docs' layout reader is not in this tree", allow_module_level=True)
SPEC = importlib.util.spec_from_file_location("encoding_layouts", PARSER)
encoding_layouts = sys.modules[SPEC.name] = importlib.util.module_from_spec(SPEC)   # (dataclasses look it up)
SPEC.loader.exec_module(encoding_layouts)

LAYOUTS = encoding_layouts.layouts()
SCHEMES = {"rlcard": RLCardEncoding(), "openspiel": OpenSpielEncoding(),
           "douzero": DouZeroEncoding(), "compact": CompactEncoding()}


def test_every_scheme_has_a_layout_for_every_role():
    assert set(LAYOUTS.blocks) == set(SCHEMES)
    for scheme, by_role in LAYOUTS.blocks.items():
        assert set(by_role) == set(ROLES), scheme
        for role, blocks in by_role.items():
            assert all(block.label for block in blocks), (scheme, role)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("scheme", sorted(SCHEMES))
def test_blocks_tile_the_observation(scheme, role):
    """From 0 to the encoder's width, each block starting where the one before stops."""
    blocks = LAYOUTS.blocks[scheme][role]
    stops = [0] + [block.stop for block in blocks]
    assert [block.start for block in blocks] == stops[:-1], (scheme, role)
    assert all(block.start < block.stop for block in blocks)
    assert stops[-1] == SCHEMES[scheme].shape(role)[0]


@pytest.mark.parametrize("role", ROLES)
def test_rlcard_without_others_hand_is_54_less(role):
    """The docstring: others_hand=False drops [54:108), every later block 54 lower."""
    others = [b for b in LAYOUTS.blocks["rlcard"][role] if b.label == "others_hand"]
    assert [(b.start, b.stop) for b in others] == [(54, 108)]
    width = LAYOUTS.blocks["rlcard"][role][-1].stop - 54
    assert width == RLCardEncoding(others_hand=False).shape(role)[0]


def test_compact_blocks_hold_what_they_say():
    """A table's offsets and labels against an observation: the hand, the cards left, the bid."""
    game = Game(11)
    game.bid(2)
    game.bid(3)
    game.play(game.legal_moves()[0])
    seat = game.to_move
    obs = COMPACT.encode(game, seat)
    by_label = {block.label: block for block in LAYOUTS.blocks["compact"]["farmer"]}
    hand = by_label["own hand"]
    assert obs[hand.start:hand.stop].tolist() == game.hands[seat].counts.tolist()
    left = by_label["cards left of relative seats 0, 1, 2 (0..20)"]
    assert obs[left.start:left.stop].tolist() == [len(game.hands[(seat + k) % 3]) for k in range(3)]
    bid = next(block for label, block in by_label.items() if label.startswith("the bid"))
    assert obs[bid.start:bid.stop].tolist() == [3]


def test_perfect_information_widths():
    """Each number of the table's width column (before its remarks) is a width the encoder gives."""
    header, *rows = LAYOUTS.perfect_information
    assert header == ("scheme", "tail", "width with it")
    game = Game(7, rules="douzero")           # seat 0 is the landlord, seat 1 a farmer
    douzero = DouZeroEncoding(perfect_information=True)
    widths = {
        "compact": [CompactEncoding(perfect_information=True).shape("farmer", rules=rules)[0]
                    for rules in (None, "laizi")],
        "rlcard": [RLCardEncoding(perfect_information=True).shape(role)[0] for role in ROLES]
                  + [RLCardEncoding(others_hand=False, perfect_information=True).shape(role)[0]
                     for role in ROLES],
        "openspiel": [OpenSpielEncoding(perfect_information=True).shape("farmer")[0]],
        "douzero": [douzero.shape(role)[0] for role in ROLES]
                   + [douzero.encode_batch(game, [PASS], seat).shape[1] for seat in (0, 1)],
    }
    documented = {scheme: [int(n) for n in re.findall(r"\d+", width.split(":")[0])]
                  for scheme, _, width in rows}
    assert documented == widths
