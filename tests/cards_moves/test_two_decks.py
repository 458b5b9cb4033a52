"""The four-player game of two decks (RULES.md 11): the batch move generator against
oracles/reference_four.py on seeded 25- and 33-card hands (leads, and answers to every kind),
under the switches of both sources; the Rules fields of the game; bad rows and moves."""

import itertools
import random

import numpy as np
import pytest

from ddz_fast import (
    MOVE_DTYPE, InvalidCardsError, InvalidMoveError, Rules, UnsupportedRulesError,
    legal_move_counts, legal_moves_batch,
)
from helpers import FOUR_SWITCH_SETS, KIND_NAMES, deal_two_decks, four_rules
from oracles import reference_four as four


def as_tuple(row):
    cards = int(row["cards"])
    return (KIND_NAMES[row["kind"]], int(row["length"]), int(row["main"]),
            tuple((cards >> (4 * r)) & 0xF for r in range(15)))


def as_row(move):
    kind, length, main, cards = move
    row = np.zeros(1, MOVE_DTYPE)
    row["kind"] = KIND_NAMES.index(kind)
    row["length"], row["main"] = length, main
    row["cards"] = sum(c << (4 * r) for r, c in enumerate(cards))
    return row[0]


def engine(hands, prevs, rules):
    """Each hand's moves as reference tuples, checked to be distinct and in the documented
    order (kind code, then length, then main rank; bombs and the rocket after an answer's
    own kind)."""
    offsets, moves = legal_moves_batch(np.array(hands, np.uint8), prevs, rules=rules)
    counts = legal_move_counts(np.array(hands, np.uint8), prevs, rules=rules)
    assert counts.tolist() == np.diff(offsets).tolist()
    found = []
    for i in range(len(hands)):
        rows = moves[offsets[i]:offsets[i + 1]]
        tuples = [as_tuple(row) for row in rows]
        assert len(tuples) == len(set(tuples)), "a move listed twice"
        bombs = [k in ("bomb", "rocket", "long_bomb") for k, *_ in tuples]
        assert bombs == sorted(bombs) or prevs is None
        keys = [(row["kind"], row["length"], row["main"]) for row, bomb in zip(rows, bombs)
                if prevs is None or not bomb]
        assert keys == sorted(keys)
        found.append(set(tuples))
    return found


@pytest.mark.parametrize("switches", FOUR_SWITCH_SETS, ids=str)
def test_leads_and_answers_match_the_reference(switches):
    rules = four_rules(switches)
    rng = random.Random(str(switches))
    hands = [deal_two_decks(rng, rng.choice((33, 25, 25, 12))) for _ in range(60)]
    leads = [four.leads(hand, **switches) for hand in hands]
    assert engine(hands, None, rules) == leads
    # each hand answers a lead of the hand before it, of every kind in turn
    prevs = np.zeros(len(hands), MOVE_DTYPE)
    chosen = []
    for i in range(len(hands)):
        options = sorted(leads[i - 1])
        kinds = sorted({m[0] for m in options})
        kind = kinds[i % len(kinds)]
        chosen.append(rng.choice([m for m in options if m[0] == kind]))
        prevs[i] = as_row(chosen[-1])
    expected = [four.responses(leads[i], chosen[i], switches.get("bomb_ranking", "size"))
                for i in range(len(hands))]
    assert engine(hands, prevs, rules) == expected


def test_hand_picked():
    rules = four_rules({"attachments": "pairs"})
    cases = {
        "33334444": 11,
        "77777777": 8,                    # one to four 7s, bombs of five to eight
        "BBRR": 5,                        # B, R, BB, RR, the rocket
        "BR": 2,
        # singles 4, pairs 4, trios 2, trios with a pair 6 (33, 44, BB, RR), the plane 333444
        # (its pairs would be the four jokers), bombs 2, long bombs 8, the rocket
        "3" * 8 + "4" * 8 + "BBRR": 28,
    }
    for text, n in cases.items():
        hand = four.parse(text)
        assert four.leads(hand, attachments="pairs") == engine([hand], None, rules)[0]
        assert len(four.leads(hand, attachments="pairs")) == n, text


def test_bomb_rankings_on_hand_picked_answers():
    hand = four.parse("33333" + "4444" + "666666")
    for ranking, beating in (("size", {"33333", "6666", "66666", "666666"}),
                             ("tiers", {"6666", "66666", "666666"})):
        rules = four_rules({"attachments": "pairs", "bomb_ranking": ranking})
        prev = np.array([as_row(("bomb", 1, 1, four.parse("4444")))])
        answers = engine([hand], prev, rules)[0]
        assert {four.text(m[3]) for m in answers} == beating, ranking


def test_rules_fields():
    assert Rules(players=4, four_with_two=False).players == 4
    with pytest.raises(UnsupportedRulesError, match="four_with_two=False"):
        Rules(players=4)
    for field, value in (("sides", "2v2"), ("attachments", "pairs"), ("joker_pairs", "none"),
                         ("bomb_ranking", "tiers")):
        with pytest.raises(UnsupportedRulesError, match=f"{field}=.*players=4"):
            Rules(**{field: value})
    with pytest.raises(UnsupportedRulesError, match="wilds"):
        Rules(players=4, four_with_two=False, wilds="one")
    with pytest.raises(UnsupportedRulesError, match="shuttle"):
        Rules(players=4, four_with_two=False, shuttle="ordinary")
    with pytest.raises(ValueError, match="players"):
        Rules(players=5)


def test_bad_rows_and_previous_moves():
    rules = four_rules({"attachments": "pairs"})
    good = four.parse("3" * 8)
    with pytest.raises(InvalidCardsError, match=r"hands\[1\] holds 9 cards of rank 3"):
        legal_moves_batch(np.array([good, [9] + [0] * 14], np.uint8), rules=rules)
    with pytest.raises(InvalidCardsError, match=r"hands\[0\] holds 3 cards of rank B"):
        legal_move_counts(np.array([[0] * 13 + [3, 0]]), rules=rules)
    with pytest.raises(InvalidCardsError, match=r"hands\[0\] holds 34 cards"):
        legal_moves_batch(np.array([[8, 8, 8, 8, 2] + [0] * 10]), rules=rules)
    bad_prevs = [
        ("trio_single", 1, 0, four.parse("3334")),      # not under attachments="pairs"
        ("rocket", 1, 14, four.parse("BR")),            # BR is no rocket with two decks
        ("long_bomb", 9, 0, four.parse("3" * 8)),
        ("pair", 1, 13, four.parse("BR")),
        ("trio", 5, 0, four.parse("333")),              # a trio is of length 1
        ("trio_pair", 1, 0, four.parse("3334455")),     # ... and never holds two pairs
        ("plane_pairs", 2, 1, four.parse("3334445566" + "77")),
        ("long_bomb", 6, 0, four.parse("3" * 5)),
        ("straight", 1, 0, four.parse("3")),            # shorter than a straight's five
        ("pair_chain", 2, 1, four.parse("3344")),
    ]
    for prev in bad_prevs:
        with pytest.raises(InvalidMoveError, match=r"prevs\[0\]"):
            legal_moves_batch(np.array([good]), np.array([as_row(prev)]), rules=rules)
    # a previous move with rubbish fields is refused, never read past the tables
    junk = np.zeros(1, MOVE_DTYPE)
    for kind, length, main in itertools.product((0, 12, 19, 200), (0, 1, 9, 255), (0, 15, 255)):
        junk[0] = (kind, length, main, 0x8888888888888888)
        if length:
            with pytest.raises(InvalidMoveError):
                legal_moves_batch(np.array([good]), junk, rules=rules)


def test_three_players_keep_one_deck():
    with pytest.raises(InvalidCardsError, match=r"hands\[0\]"):
        legal_moves_batch(np.array([[5] + [0] * 14]))


def test_answers_to_the_rocket_and_to_eight_2s():
    rules = four_rules({"attachments": "pairs"})
    hand = four.parse("2" * 8 + "A" * 8 + "BBRR")
    rocket = np.array([as_row(("rocket", 1, 14, four.parse("BBRR")))])
    assert engine([hand], rocket, rules) == [set()]
    eight_2s = np.array([as_row(("long_bomb", 8, 12, four.parse("2" * 8)))])
    assert engine([hand], eight_2s, rules) == [{("rocket", 1, 14, four.parse("BBRR"))}]
    eight_as = np.array([as_row(("long_bomb", 8, 11, four.parse("A" * 8)))])
    assert engine([hand], eight_as, rules) == [{("rocket", 1, 14, four.parse("BBRR")),
                                                ("long_bomb", 8, 12, four.parse("2" * 8))}]


@pytest.mark.parametrize("attachments, text, leads", [     # bench/max_moves.py --players 4
    ("pairs", "333444555666777888999TTJJQQKKAA22", 1845),
    ("plane_pairs", "333444555666777888999TTJJQQKKAA22", 1761),
    ("any", "3444555666777888999TTTJJJQQQKA2BR", 13869),
])
def test_the_hands_with_the_most_leads_found(attachments, text, leads):
    # More moves than the batch buffer starts with (4 x MAX_MOVES): it grows until they fit.
    hand = four.parse(text)
    expected = four.leads(hand, attachments=attachments)
    assert len(expected) == leads
    assert engine([hand], None, four_rules({"attachments": attachments})) == [expected]


def test_the_padding_of_previous_moves_is_not_read():
    # MOVE_DTYPE leaves bytes 3..7 of a row unnamed: rows built by numpy may hold anything there
    rules = four_rules({"attachments": "pairs"})
    hand = np.array([four.parse("33333" + "4444" + "666666")], np.uint8)
    clean = np.array([as_row(("bomb", 1, 1, four.parse("4444")))])
    dirty = clean.copy()
    dirty.view(np.uint8)[3:8] = 0xFF
    assert (legal_moves_batch(hand, dirty, rules=rules)[1].tobytes()
            == legal_moves_batch(hand, clean, rules=rules)[1].tobytes())


@pytest.mark.parametrize("switches", FOUR_SWITCH_SETS, ids=str)
def test_previous_moves_are_judged_as_the_reference_reads_them(switches):
    """A previous move is accepted exactly when the reference reads its cards so: the cards
    of seeded plays and seeded card sets, with each of their readings and with fields that
    are none of them."""
    rules = four_rules(switches)
    rng = random.Random(str(switches))
    empty = np.zeros((1, 15), np.uint8)
    accepted = refused = 0
    for _ in range(400):
        if rng.random() < 0.7:
            cards = rng.choice(sorted(four.leads(deal_two_decks(rng, 25), **switches)))[3]
        else:
            cards = deal_two_decks(rng, rng.randint(1, 16))
        readings = four.readings(cards, **switches)
        tried = set(readings) | {(rng.choice(KIND_NAMES[:14] + ["long_bomb"]),
                                  rng.randint(1, 9), rng.randrange(15)) for _ in range(3)}
        for kind, length, main in tried:
            prev = np.array([as_row((kind, length, main, cards))])
            if (kind, length, main) in readings:
                legal_move_counts(empty, prev, rules=rules)
                accepted += 1
            else:
                with pytest.raises(InvalidMoveError):
                    legal_move_counts(empty, prev, rules=rules)
                refused += 1
    assert accepted > 100 and refused > 1000
