"""perft against the golden table of tests/oracles/data/perft.epd (position text and counts, one
position a line), written by the pure-Python reference (tests/oracles/perft_table.py)."""

import functools

import pytest

from ddz_fast import Game, IllegalActionError, Rules, perft
from oracles import perft_table, reference
from oracles.perft_table import play_of, read

with open(perft_table.PATH) as f:
    TABLE = [read(line) for line in f if line.strip()]


def state(game):
    return game.key(), game.history, game.hands, game.phase


@pytest.mark.parametrize("entry", TABLE, ids=[name for *_, name in TABLE])
def test_perft_matches_the_reference_table(entry):
    text, _, counts, name = entry
    game = Game.from_position(text)
    before = state(game)
    for depth, expected in enumerate(counts, start=1):
        assert perft(game, depth) == expected, (name, depth)
        assert sum(perft(game, depth, divide=True).values()) == expected
        if depth <= 3:
            assert perft(game, depth, bulk=False) == expected
    assert state(game) == before                     # perft leaves the game as it was


def test_the_table_agrees_with_the_reference_now():
    """Recompute the shallow part of the table with today's reference."""
    from oracles.reference_game import perft as reference_perft
    leads_of = functools.lru_cache(maxsize=None)(reference.leads)
    for text, distinct, counts, _ in TABLE:
        if "out=" in text:                           # the small set-ups: quick
            for depth in (1, 2, 3):
                assert reference_perft(play_of(text), depth, distinct, leads_of) == counts[depth - 1]


def test_perft_edges():
    game = Game.from_hands(["34", "5", "6"], landlord=0, bid=1)
    assert perft(game, 0) == 1 and perft(game, 0, divide=True) == {}
    assert perft(game, 1) == 2 and perft(game, 2) == 2 + 2      # 5 or a pass answers 3 and 4
    divide = perft(game, 3, divide=True)
    assert {str(m): n for m, n in divide.items()} == {"3": perft_after(game, "3", 2),
                                                      "4": perft_after(game, "4", 2)}
    game.play("3")
    game.play("5")                                               # a farmer went out
    assert game.phase == "over"
    with pytest.raises(IllegalActionError):
        perft(game, 1)
    with pytest.raises(IllegalActionError):
        perft(Game(1), 2)                                        # the auction
    with pytest.raises(ValueError):
        perft(Game.from_hands(["3", "4", "5"]), -1)


def perft_after(game, move, depth):
    child = game.copy()
    child.play(move)
    return perft(child, depth)


# Hands where the peer presets' switches matter: a quad with a pair (four with two singles of
# one rank), both jokers as kickers, planes whose wings hold a trio next to them or a quad.
SWITCH_HANDS = [
    ("3333555666777888BR", "44449JJQQ", "TTTKKA22"),
    ("333444555666777222", "8888BR", "9TTJJQQ"),
    ("3334445556662222", "777788BR", "99TTJJ"),
]


@pytest.mark.parametrize("name", ["rlcard", "openspiel", "douzero"])
def test_perft_under_the_peer_presets_matches_the_reference(name):
    from oracles.reference_game import Play
    from oracles.reference_game import perft as reference_perft
    switches = reference.PRESETS[name]
    leads_of = functools.lru_cache(maxsize=None)(lambda hand: reference.leads(hand, **switches))
    for hands in SWITCH_HANDS:
        game = Game.from_hands(hands, landlord=0, bid=1, rules=Rules.preset(name))
        play = Play([reference.parse(hand) for hand in hands], landlord=0, bid=1)
        for depth in (1, 2, 3):
            assert perft(game, depth) == reference_perft(play, depth, False, leads_of), (hands, depth)
