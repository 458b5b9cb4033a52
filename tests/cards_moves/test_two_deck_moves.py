"""The four-player game's cards and moves in the Python API (RULES.md 11): Hand holds two
decks; legal_moves, classify, beats and Move under players=4 against oracles/reference_four.py
on seeded hands under the switches of both sources; one-deck calls refuse two decks' cards."""

import pickle
import random

import numpy as np
import pytest

from ddz_fast import (
    PASS, ActionSpace, Hand, InvalidCardsError, InvalidMoveError, InvalidPositionError, Kind, Move,
    Position, Rules, beats, classify, legal_moves, legal_moves_batch,
)
from ddz_fast.interop import douzero, openspiel, rlcard
from helpers import FOUR_SWITCH_SETS, deal_two_decks, four_rules
from oracles import reference_four as four

LIMITS = four.DECK          # two decks: eight of each rank 3..2, two of each joker


def ref(move):
    """A Move as the reference writes a move."""
    return (move.kind.value, move.length, move.main, tuple(move.counts.tolist()))


def text(cards):
    return four.text(cards)


@pytest.mark.parametrize("switches", FOUR_SWITCH_SETS, ids=str)
def test_legal_moves_and_membership_match_the_reference(switches):
    """Leads and answers (to a lead of every kind in turn) of seeded hands, as MoveLists: the
    reference's moves, in the batch's order; `in` says the same of every lead of the hand
    before, and of PASS."""
    rules = four_rules(switches)
    ranking = switches.get("bomb_ranking", "size")
    rng = random.Random(f"api {switches}")
    hands = [deal_two_decks(rng, rng.choice((33, 25, 12))) for _ in range(24)]
    leads = [four.leads(hand, **switches) for hand in hands]
    for i, hand in enumerate(hands):
        moves = legal_moves(text(hand), rules=rules)
        assert [ref(m) for m in moves] and {ref(m) for m in moves} == leads[i]
        assert len(moves) == len(leads[i])
        offsets, batch = legal_moves_batch(np.array([hand], np.uint8), rules=rules)
        assert moves.array.tobytes() == batch.tobytes()
        options = sorted(leads[i - 1])
        kinds = sorted({m[0] for m in options})
        prev_tuple = rng.choice([m for m in options if m[0] == kinds[i % len(kinds)]])
        prev = Move(prev_tuple[0], prev_tuple[1], prev_tuple[2], list(prev_tuple[3]), rules=rules)
        answers = legal_moves(Hand(text(hand)), prev, rules=rules)
        expected = four.responses(leads[i], prev_tuple, ranking)
        assert {ref(m) for m in answers} == expected and len(answers) == len(expected)
        for candidate in legal_moves(text(hands[i - 1]), rules=rules):
            assert (candidate in answers) == (ref(candidate) in expected), candidate
            assert (candidate in moves) == (ref(candidate) in leads[i]), candidate
        assert PASS not in moves and PASS not in answers


@pytest.mark.parametrize("switches", FOUR_SWITCH_SETS, ids=str)
def test_classify_matches_the_reference(switches):
    """The readings of seeded plays' cards and of seeded card sets."""
    rules = four_rules(switches)
    rng = random.Random(f"classify {switches}")
    for _ in range(150):
        if rng.random() < 0.6:
            cards = rng.choice(sorted(four.leads(deal_two_decks(rng, 25), **switches)))[3]
        else:
            cards = deal_two_decks(rng, rng.randint(1, 12))
        found = classify(text(cards), rules=rules)
        assert sorted((m.kind.value, m.length, m.main) for m in found) == \
            sorted(four.readings(cards, **switches)), text(cards)
        assert all(m.counts.tolist() == list(cards) for m in found)


@pytest.mark.parametrize("switches", FOUR_SWITCH_SETS[:3], ids=str)
def test_moves_read_back_from_text_fields_rows_and_pickles(switches):
    """Every lead of seeded hands: Move(), Move.parse(str()), Move.from_row, eval(repr())
    and pickle give it back; beats() is the reference's order."""
    rules = four_rules(switches)
    ranking = switches.get("bomb_ranking", "size")
    rng = random.Random(f"text {switches}")
    moves = []
    for _ in range(4):
        moves += legal_moves(text(deal_two_decks(rng, 33)), rules=rules)
    for move in moves:
        kind, length, main, cards = ref(move)
        assert Move(kind, length, main, list(cards), rules=rules) == move
        assert Move(kind, length, main, text(cards), rules=rules) == move
        assert Move.from_row(move.row, rules=rules) == move
        assert eval(repr(move)) == move and pickle.loads(pickle.dumps(move)) == move
        assert Move.parse(str(move), rules=rules) == move
        assert Hand(move) == Hand(move.cards) and len(Hand(move)) == sum(cards)
    for move, prev in zip(moves, rng.sample(moves, len(moves))):
        assert beats(move, prev, rules=rules) == move.beats(prev, rules=rules) \
            == four.beats(ref(move), ref(prev), ranking), (move, prev)


FOUR = Rules(players=4, four_with_two=False)


def test_hand_picked():
    assert [str(m) for m in classify("BBRR", rules=FOUR)] == ["BBRR"]
    rocket = Move.parse("BBRR", rules=FOUR)
    assert rocket.kind is Kind.ROCKET and str(rocket) == "BBRR"
    assert eval(repr(rocket)) == rocket
    eight = Move.parse("77777777", rules=FOUR)
    assert (eight.kind, eight.length, eight.main, str(eight)) == (Kind.LONG_BOMB, 8, 4, "77777777")
    assert rocket.beats(eight, rules=FOUR) and not eight.beats(rocket, rules=FOUR)
    # a bomb of five against one of four of a higher rank, under both orders
    five, fours = Move.parse("33333", rules=FOUR), Move.parse("2222", rules=FOUR)
    assert five.beats(fours, rules=FOUR)
    tiers = FOUR.replace(bomb_ranking="tiers")      # four and five cards one tier: rank first
    assert fours.beats(five, rules=tiers) and not five.beats(fours, rules=tiers)
    # joker pairs of one colour, or none
    assert [str(m) for m in classify("BB", rules=FOUR)] == ["BB"]
    assert classify("BB", rules=FOUR.replace(joker_pairs="none")) == []
    assert classify("BR", rules=FOUR) == []
    with pytest.raises(InvalidMoveError, match="no combination"):
        Move.parse("BR", rules=FOUR)
    # eight 3s lead bombs of four to eight and the smaller sets
    assert [str(m) for m in legal_moves("33333333", rules=FOUR)] == [
        "3", "33", "333", "3333", "33333", "333333", "3333333", "33333333"]
    plane = Move.parse("333444555666", rules=FOUR)     # (666 are no wings of 333444555)
    assert (plane.kind, plane.length, plane.main) == (Kind.PLANE, 4, 3)
    # a move of two decks has no reading under the rules of one
    with pytest.raises(InvalidMoveError, match="no combination"):
        legal_moves("3334", eight)


def test_one_deck_calls_refuse_two_decks_cards():
    two = Hand("33333333BBRR")
    for call in (lambda: legal_moves(two), lambda: classify(two),
                 lambda: legal_moves("3334", "33333"), lambda: Move.parse("33333"),
                 lambda: Move("long_bomb", 5, 0, "33333"), lambda: Hand.one_deck(two),
                 lambda: Hand.one_deck([0] * 13 + [2, 0]), lambda: douzero.to_cards(two),
                 lambda: douzero.from_cards([3] * 5), lambda: rlcard.to_cards(two),
                 lambda: rlcard.from_cards("33333"), lambda: openspiel.to_cards(two),
                 lambda: ActionSpace().legal_ids(two),
                 lambda: Position.parse("auction 33333/4/5 0 kitty=666")):
        with pytest.raises((InvalidCardsError, InvalidPositionError),
                           match="the deck has (four|one)"):
            call()
    assert Hand.one_deck("3333BR") == Hand("3333BR")
    with pytest.raises(InvalidCardsError, match="21 cards in .*at most 20"):
        Hand.one_deck("3" * 4 + "4" * 4 + "5" * 4 + "6" * 4 + "7" * 4 + "8")
    # and the four-player calls refuse more than two decks hold, or 33 cards
    with pytest.raises(InvalidCardsError, match="9 cards of rank 3 .*two decks have eight"):
        legal_moves("333333333", rules=FOUR)
    with pytest.raises(InvalidCardsError, match="34 cards .*at most 33"):
        legal_moves("3" * 8 + "4" * 8 + "5" * 8 + "6" * 8 + "77", rules=FOUR)
    with pytest.raises(InvalidMoveError, match="at most 33 cards of two decks"):
        Move.parse("33333+333333", rules=FOUR)


def test_hand_arithmetic_over_two_decks():
    """+, - and `in` of seeded multisets of two decks against counts: a sum beyond eight of a
    rank, two of a joker or 33 cards is refused (8 + 8 would carry into the next rank)."""
    rng = random.Random(11)
    pool = [r for r in range(15) for _ in range(LIMITS[r])]
    for _ in range(2000):
        a, b = (tuple(c.count(r) for r in range(15))
                for c in (rng.sample(pool, rng.randint(0, 20)), rng.sample(pool, rng.randint(0, 20))))
        total = [x + y for x, y in zip(a, b)]
        if all(t <= limit for t, limit in zip(total, LIMITS)) and sum(total) <= 33:
            assert (Hand(a) + Hand(b)).counts.tolist() == total
        else:
            with pytest.raises(InvalidCardsError):
                Hand(a) + Hand(b)
        contained = all(y <= x for x, y in zip(a, b))
        assert (Hand(b) in Hand(a)) == contained
        if contained:
            assert (Hand(a) - Hand(b)).counts.tolist() == [x - y for x, y in zip(a, b)]
        else:
            with pytest.raises(InvalidCardsError, match="not part of"):
                Hand(a) - Hand(b)
        assert len(Hand(a)) == sum(a) and Hand(str(Hand(a))) == Hand(a)
        assert Hand.from_packed(Hand(a).packed) == Hand(a) and pickle.loads(pickle.dumps(Hand(a))) == Hand(a)
    assert Hand("3" * 8) + "4" * 8 == Hand("3" * 8 + "4" * 8)
    with pytest.raises(InvalidCardsError, match="exceed two decks"):
        Hand("3" * 8) + "3"
