"""The two-deck reference (oracles/reference_four.py) against RULES.md 11's examples and
hand-worked cases, its two enumerations against each other on seeded small hands, and against
the one-deck reference where the two games agree."""

import itertools
import random

import pytest

from oracles import reference
from oracles.reference_four import (DECK, DEFAULTS, PRESETS, beats, brute_leads, leads, parse,
                                    readings, responses)

R3, R4, R5, R6, R7, R8, R9, RT, RJ, RQ, RK, RA, R2, RB, RR = range(15)
FOUR_DECK = [r for r in range(15) for _ in range(DECK[r])]


def both_leads(text, **switches):
    """leads of the hand, after checking that the literal enumeration agrees."""
    fast = leads(parse(text), **switches)
    assert brute_leads(parse(text), **switches) == fast
    return fast


def play(kind, main, text, length=1):
    return (kind, length, main, parse(text))


def counts(cards):
    """The rank counts of a list of cards (ranks)."""
    return tuple(cards.count(r) for r in range(15))


def read(text, **switches):
    return readings(parse(text), **switches)


# ------------------------------------------------------------------------------------------
# combinations


def test_hand_worked_33334444():
    # singles, pairs, trios, bombs of 3 and 4; 333+44 and 444+33; the plane 333444 (no other
    # ranks for its wings): 11 leads; with single kickers 333+4 and 444+3 as well
    assert len(both_leads("33334444")) == 11
    assert len(both_leads("33334444", attachments="any")) == 13
    assert len(both_leads("33334444", attachments="plane_pairs")) == 9


def test_bombs_of_four_to_eight_cards():
    assert read("7777") == {("bomb", 1, R7)}
    for n in range(5, 9):
        assert read("7" * n) == {("long_bomb", n, R7)}
    moves = both_leads("77777777")
    assert {m[:3] for m in moves} == {
        ("single", 1, R7), ("pair", 1, R7), ("trio", 1, R7), ("bomb", 1, R7),
        *(("long_bomb", n, R7) for n in range(5, 9))}


def test_the_four_jokers_are_the_rocket():
    assert read("BBRR") == {("rocket", 1, RR)}
    assert read("BR") == set()                      # two singles, no rocket
    assert read("BB") == {("pair", 1, RB)}
    assert read("RR") == {("pair", 1, RR)}
    assert read("BB", joker_pairs="none") == set()
    assert read("BBR") == set()


def test_joker_pairs_as_kickers():
    assert read("777BB") == {("trio_pair", 1, R7)}
    assert read("777BB", joker_pairs="none") == set()
    assert read("777888BBRR") == set()              # the kickers would be the four jokers
    assert read("777888BBRR", rocket_kickers=True) == {("plane_pairs", 2, R8)}
    assert read("7778883344") == {("plane_pairs", 2, R8)}


def test_attachments():
    assert read("77799") == {("trio_pair", 1, R7)}
    assert read("7779") == set()
    assert read("7779", attachments="any") == {("trio_single", 1, R7)}
    assert read("77799", attachments="plane_pairs") == set()
    assert read("7778883344", attachments="plane_pairs") == {("plane_pairs", 2, R8)}
    assert read("77788834", attachments="any") == {("plane_singles", 2, R8)}
    assert read("77788834") == set()


def test_no_four_with_two():
    assert read("777734") == set()
    assert read("77773344") == set()


def test_a_kicker_never_shares_a_main_rank():
    assert read("77777") == {("long_bomb", 5, R7)}          # never 777+77
    assert read("7778887788") == set()                     # never 777888+77+88


def test_chains_take_one_unit_a_rank():
    hand = parse("33" + "4" * 8 + "5678")
    straights = {m for m in leads(hand) if m[0] == "straight"}
    assert straights == {play("straight", R7, "34567", 5), play("straight", R8, "45678", 5),
                         play("straight", R8, "345678", 6)}
    assert read("3344556677") == {("pair_chain", 5, R7)}
    assert read("JJQQKKAA22") == set()                      # no 2 in a chain


def test_single_wings_switches():
    any_ = {"attachments": "any"}
    assert read("77788833", **any_) == {("plane_singles", 2, R8)}
    assert read("77788833", distinct_single_wings=True, **any_) == set()
    assert read("777888999666", **any_) == {("plane", 4, R9), ("plane_singles", 3, R9),
                                            ("plane_singles", 3, R8)}
    assert read("777888999666", extending_wings=False, **any_) == {("plane", 4, R9)}
    assert read("777888999TTT3333", **any_) == {("plane_singles", 4, RT)}
    assert read("777888999TTT3333", quad_wings=False, **any_) == set()
    assert read("777888999TTTBBRR", **any_) == set()
    assert read("777888BR", **any_) == {("plane_singles", 2, R8)}   # BR is no rocket here


# ------------------------------------------------------------------------------------------
# beating


def test_rules_examples_of_bombs():
    seven_8s, eight_2s = play("long_bomb", R8, "8888888", 7), play("long_bomb", R2, "22222222", 8)
    rocket = play("rocket", RR, "BBRR")
    for lower in (play("long_bomb", R7, "77777", 5), play("long_bomb", R3, "333333", 6)):
        assert beats(seven_8s, lower) and not beats(lower, seven_8s)
    assert beats(eight_2s, seven_8s) and beats(rocket, eight_2s) and not beats(eight_2s, rocket)


def test_size_and_tiers():
    b4_4, b3_5 = play("bomb", R4, "4444"), play("long_bomb", R3, "33333", 5)
    b4_5, b3_6, b2_5 = (play("long_bomb", R4, "44444", 5), play("long_bomb", R3, "333333", 6),
                        play("long_bomb", R2, "22222", 5))
    assert beats(b3_5, b4_4, "size") and not beats(b4_4, b3_5, "size")
    assert beats(b4_4, b3_5, "tiers") and not beats(b3_5, b4_4, "tiers")
    assert beats(b4_5, b4_4, "tiers") and beats(b4_5, b4_4, "size")
    assert beats(b3_6, b2_5, "tiers") and beats(b3_6, b2_5, "size")
    assert beats(b2_5, b4_5, "tiers") and beats(b2_5, b4_5, "size")


def test_ordinary_kinds_and_pairs_of_jokers():
    twos, blacks, reds = play("pair", R2, "22"), play("pair", RB, "BB"), play("pair", RR, "RR")
    assert beats(blacks, twos) and beats(reds, blacks) and not beats(twos, blacks)
    bomb = play("bomb", R3, "3333")
    assert beats(bomb, reds) and not beats(reds, bomb)
    assert not beats(play("trio_pair", R8, "88833"), play("trio_pair", R8, "88844"))
    assert responses(leads(parse("99944BB")), play("trio_pair", R8, "88833")) == {
        play("trio_pair", R9, "99944"), play("trio_pair", R9, "999BB")}


# ------------------------------------------------------------------------------------------
# the two enumerations, and the one-deck reference


SWITCH_SETS = [
    *PRESETS.values(),
    {"attachments": "any"},
    {"attachments": "any", "distinct_single_wings": True, "joker_pairs": "none"},
    {"attachments": "any", "quad_wings": False, "extending_wings": False},
    {"attachments": "any", "rocket_kickers": True},
]


def small_hand(rng):
    """A hand of the two-deck game with few ranks, so that it holds long bombs and planes, or
    with a run of ranks, so that it holds chains."""
    if rng.random() < 0.5:
        ranks = rng.sample(range(15), rng.randint(2, 6))
    else:
        low = rng.randint(0, 7)
        ranks = [*range(low, low + rng.randint(5, 8)), *rng.sample(range(15), 1)]
    pool = [r for r in FOUR_DECK if r in ranks]
    return counts(rng.sample(pool, min(len(pool), rng.randint(6, 14))))


@pytest.mark.parametrize("switches", SWITCH_SETS, ids=str)
def test_fast_and_brute_force_agree(switches):
    rng = random.Random(str(switches))
    for _ in range(100):
        hand = small_hand(rng)
        fast, brute = leads(hand, **switches), brute_leads(hand, **switches)
        assert fast == brute, (hand, sorted(fast ^ brute)[:5])


def test_the_one_deck_reference_where_the_games_agree():
    """On a one-deck hand with single kickers allowed and no four with two, both references
    give the same plays but for the rocket (BR here, BBRR there)."""
    rng = random.Random(11)
    one_deck = [r for r in range(13) for _ in range(4)] + [13, 14]
    for switches in ({}, {"distinct_single_wings": True}, {"quad_wings": False},
                     {"extending_wings": False}):
        for _ in range(40):
            hand = counts(rng.sample(one_deck, rng.randint(4, 12)))
            ours = leads(hand, attachments="any", rocket_kickers=True, **switches)
            theirs = {m for m in reference.leads(hand, four_with_two=False, rocket_kickers=True,
                                                 **switches) if m[0] != "rocket"}
            assert ours == theirs, (hand, sorted(ours ^ theirs)[:5])


def test_every_switch_has_a_default_and_presets_name_known_switches():
    assert all(set(changes) <= set(DEFAULTS) for changes in PRESETS.values())
    with pytest.raises(TypeError):
        leads(parse("33"), attachment="any")


def test_thirty_three_card_hands_are_consistent():
    """Whole landlord hands: every lead is a reading of its cards, within the hand."""
    rng = random.Random(2027)
    for switches, _ in itertools.product(SWITCH_SETS[:3], range(4)):
        hand = counts(rng.sample(FOUR_DECK, 33))
        assert sum(hand) == 33
        for m in leads(hand, **switches):
            assert all(c <= h for c, h in zip(m[3], hand))
            assert m[:3] in readings(m[3], **switches)
