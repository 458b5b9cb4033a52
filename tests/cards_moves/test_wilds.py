"""Wild cards (RULES.md 10): the moves of a hand against oracles/reference_wilds.py on seeded
hands (leads and answers, one and two wild ranks, the presets' switches), RULES.md's examples,
bombs by tier, the rule switches, and the parts of the package that refuse wild cards yet."""

import dataclasses
import pickle

import numpy as np
import pytest

from ddz_fast import (
    MOVE_DTYPE, WILD_MOVE_DTYPE, Game, Hand, InvalidCardsError, InvalidMoveError,
    Kind, Move, Position, Rules,
    UnsupportedRulesError, classify, legal_move_counts, legal_moves, legal_moves_batch,
)
from oracles import reference
from helpers import as_reference
from oracles.reference_wilds import wild_beats, wild_leads

KINDS = [kind.value for kind in Kind]
DECK = np.repeat(np.arange(15), [4] * 13 + [1, 1])
ONE = Rules(wilds="one")
TWO = Rules(wilds="two")


def engine_moves(hand, wild_ranks, rules, prev=None):
    """The engine's moves as the reference's tuples, checked to be distinct."""
    moves = legal_moves(hand, prev, rules=rules, wild_ranks=wild_ranks)
    found = [as_reference(row, wild_ranks) for row in moves.array.view(WILD_MOVE_DTYPE)]
    assert len(found) == len(set(found)), "a move listed twice"
    return found


def deal(rng, size):
    """A seeded hand of `size` cards, as 15 counts."""
    counts = np.bincount(DECK[rng.permutation(54)[:size]], minlength=15)
    return tuple(int(c) for c in counts)


def wild_ranks_for(rng, hand, n):
    """`n` wild ranks for a hand: the first drawn from 3..2, or, half of the time, weighted
    to the ranks the hand holds most of (so that it holds wild cards); the second any other."""
    ranks = list(range(13))
    if rng.random() < 0.5:
        weights = np.array(hand[:13], dtype=float) ** 2 + 1e-9
        first = int(rng.choice(13, p=weights / weights.sum()))
    else:
        first = int(rng.integers(13))
    if n == 1:
        return (first,)
    ranks.remove(first)
    return (first, int(rng.choice(ranks)))


PRESETS = ["standard", "strict", "rlcard", "openspiel", "douzero"]


@pytest.mark.parametrize("n_wild", [1, 2])
@pytest.mark.parametrize("preset", PRESETS)
def test_leads_match_the_reference(preset, n_wild):
    rng = np.random.default_rng(100 * n_wild + PRESETS.index(preset))
    rules = Rules.preset(preset).replace(wilds="one" if n_wild == 1 else "two")
    switches = reference.PRESETS[preset]
    for i in range(60 if n_wild == 1 else 30):
        hand = deal(rng, [20, 17, 12, 8][i % 4])
        wild_ranks = wild_ranks_for(rng, hand, n_wild)
        expected = wild_leads(hand, wild_ranks, **switches)
        found = engine_moves(hand, wild_ranks, rules)
        assert set(found) == expected, (reference.RANKS, hand, wild_ranks)
        # in the generators' order: kind code, length, main rank
        keys = [(KINDS.index(m[0]), m[1], m[2]) for m in found]
        assert keys == sorted(keys)


@pytest.mark.parametrize("bomb_order", ["rocket_top", "pure_top"])
@pytest.mark.parametrize("n_wild", [1, 2])
def test_answers_match_the_reference(n_wild, bomb_order):
    """Answers to plays of every kind, soft, hard and pure-wild bombs and the rocket among
    them, each played by another wild hand of the same deal's wild ranks."""
    rng = np.random.default_rng(7 + n_wild + 10 * (bomb_order == "pure_top"))
    rules = Rules(wilds="one" if n_wild == 1 else "two", bomb_order=bomb_order)
    kinds_seen = set()
    for i in range(80 if n_wild == 1 else 40):
        leader = deal(rng, 20)
        wild_ranks = wild_ranks_for(rng, leader, n_wild)
        leads = legal_moves(leader, rules=rules, wild_ranks=wild_ranks)
        rows = leads.array.view(WILD_MOVE_DTYPE)
        # each kind in turn (bombs every other time: they are few among the leads)
        wanted = Kind.BOMB.code if i % 2 else (i // 2) % (Kind.ROCKET.code + 1)
        of_kind = np.flatnonzero(rows["kind"] == wanted)
        j = int(rng.choice(of_kind)) if len(of_kind) else int(rng.integers(len(rows)))
        prev, prev_ref = leads[j], as_reference(rows[j], wild_ranks)
        kinds_seen.add(prev_ref[0])
        hand = deal(rng, 17)
        expected = {m for m in wild_leads(hand, wild_ranks)
                    if wild_beats(m, prev_ref, wild_ranks, bomb_order=bomb_order)}
        assert set(engine_moves(hand, wild_ranks, rules, prev)) == expected, (
            hand, wild_ranks, prev_ref)
    assert {"single", "pair", "trio", "trio_single", "straight", "bomb"} <= kinds_seen


@pytest.mark.parametrize("bomb_order", ["rocket_top", "pure_top"])
@pytest.mark.parametrize("n_wild", [1, 2])
def test_long_bombs_match_the_reference(n_wild, bomb_order):
    """long_bombs=True (RULES.md 10): leads of wild hands, then answers of another hand to
    one of their bombs (long ones, when the leader has them) or the rocket."""
    rng = np.random.default_rng(31 + n_wild + 10 * (bomb_order == "pure_top"))
    rules = Rules(wilds="one" if n_wild == 1 else "two", bomb_order=bomb_order, long_bombs=True)
    long_leads = long_answers = 0
    for i in range(24):
        leader = deal(rng, [20, 17][i % 2])
        wild_ranks = wild_ranks_for(rng, leader, n_wild)
        found = engine_moves(leader, wild_ranks, rules)
        assert set(found) == wild_leads(leader, wild_ranks, long_bombs=True), (leader, wild_ranks)
        leads = legal_moves(leader, rules=rules, wild_ranks=wild_ranks)
        rows = leads.array.view(WILD_MOVE_DTYPE)
        bombs = np.flatnonzero(rows["kind"] == Kind.LONG_BOMB.code)
        if not len(bombs):
            bombs = np.flatnonzero(rows["kind"] >= Kind.BOMB.code)
        long_leads += int((rows["kind"] == Kind.LONG_BOMB.code).sum())
        j = int(rng.choice(bombs)) if len(bombs) else int(rng.integers(len(rows)))
        prev, prev_ref = leads[j], as_reference(rows[j], wild_ranks)
        hand = deal(rng, 17)
        answers = engine_moves(hand, wild_ranks, rules, prev)
        long_answers += sum(m[0] == "long_bomb" for m in answers)
        assert set(answers) == {m for m in wild_leads(hand, wild_ranks, long_bombs=True)
                                if wild_beats(m, prev_ref, wild_ranks, bomb_order=bomb_order)}
    assert long_leads > 50 and long_answers > 0


def test_long_bombs_as_moves():
    rules = Rules(wilds="two", long_bombs=True)
    moves = {str(m): m for m in legal_moves("3339999", rules=rules, wild_ranks="97")}
    # five 3s: three of them and two 9s standing for 3s, the first wild rank's
    five = moves["33333~33"]
    assert (five.kind, five.length, five.main, five.cards) == (Kind.LONG_BOMB, 5, 0, "33333")
    assert str(five.physical_cards("97")) == "33399" and five.substitutes == "33"
    assert Move.parse("33333~33", rules=rules) == five and eval(repr(five)) == five
    assert pickle.loads(pickle.dumps(five)) == five
    # every long bomb: one to three of the 3s, the rest 9s standing for 3s (none of 9s:
    # a fifth 9 would be a wild card of the second rank, 7, which the hand lacks)
    assert {text for text, m in moves.items() if m.kind == Kind.LONG_BOMB} == {
        "33333~33", "33333~333", "33333~3333", "333333~333", "333333~3333", "3333333~3333"}
    # more cards beat fewer, whatever the tiers; the rocket beats them all under rocket_top,
    # only the four-card hard and soft bombs under pure_top
    four_pure = Move("bomb", 1, 6, "9999", pure_wild=True)
    assert five.beats(four_pure, rules=rules) and not four_pure.beats(five, rules=rules)
    rocket = Move.parse("BR")
    assert rocket.beats(five, rules=rules)                                   # rocket_top
    assert not rocket.beats(five, rules=rules.replace(bomb_order="pure_top"))
    assert rocket.beats(Move.parse("4444"), rules=rules.replace(bomb_order="pure_top"))
    # its cards as a Hand: one of two decks (RULES.md 11); twelve 3s are no Hand's
    assert Hand(five) == Hand("33333") and "33333" in Hand(five)
    twelve = Move("long_bomb", 12, 0, "3" * 12, rules=rules, substitutes="33333333")
    with pytest.raises(InvalidCardsError, match="12 cards of rank 3 .*two decks have eight"):
        Hand(twelve)
    # no long bombs under the default rules, where five 3s are no cards, whatever the kind
    with pytest.raises(InvalidCardsError, match="5 cards of rank 3 .*the deck has four"):
        Move("long_bomb", 5, 0, "33333")
    with pytest.raises(InvalidMoveError, match="no long_bomb"):
        Move("long_bomb", 1, 0, Hand("3"))
    # a Hand or a Move as a long bomb's cards: five of a rank or more
    assert Move("long_bomb", 5, 0, Hand("33333"), rules=rules, substitutes="33") == five
    for cards in (Hand("3333"), Move.parse("3333")):
        with pytest.raises(InvalidMoveError, match="5 to 12 cards of one rank"):
            Move("long_bomb", 5, 0, cards, rules=rules)
    with pytest.raises(TypeError, match="text like '666666', 15 rank counts or a Hand, not float"):
        Move("long_bomb", 5, 0, 3.0, rules=rules)
    assert Move("long_bomb", 5, 0, [5] + [0] * 14, rules=rules, substitutes="33") == five
    with pytest.raises(InvalidCardsError):
        Move.parse("33333~33")                  # five 3s are no card text there
    with pytest.raises(InvalidMoveError, match="5 to 12 cards of one rank"):
        Move("long_bomb", 5, 0, "33344", rules=rules)
    # without wild cards no bomb holds more than four cards: the switch changes nothing
    assert legal_moves("3333BR", rules=Rules(long_bombs=True)).array.tolist() == \
        legal_moves("3333BR").array.tolist()


def moves_of(text, wild_text, rules=ONE, prev=None):
    """{(kind, represented text, physical text)} of a hand's moves, wild ranks as text."""
    wild_ranks = tuple(reference.RANKS.index(symbol) for symbol in wild_text)

    def as_text(counts):
        return "".join(reference.RANKS[r] * c for r, c in enumerate(counts))
    return {(m[0], as_text(m[3]), as_text(m[4]))
            for m in engine_moves(reference.parse(text), wild_ranks, rules, prev)}


def test_the_rule_books_examples():
    # 7s wild: 6667 is the soft bomb 6666 and the trio with a single 666+7
    moves = moves_of("6667", "7")
    assert {("bomb", "6666", "6667"), ("trio_single", "6667", "6667")} <= moves
    # 9s wild: 34569 is the straight 34567; with a natural 7 too, two moves of that straight
    assert {m for m in moves_of("34569", "9") if m[0] == "straight"} == {
        ("straight", "34567", "34569")}
    # ... and with all of 34567 held: the natural straight, the 9 standing for each of its
    # ranks in turn, and the 9 as the 8 of 345678 and of 45678
    assert {m[1:] for m in moves_of("345679", "9") if m[0] == "straight"} == {
        ("34567", "34567"), ("34567", "45679"), ("34567", "35679"), ("34567", "34679"),
        ("34567", "34579"), ("34567", "34569"), ("345678", "345679"), ("45678", "45679")}
    # 3s and 9s wild: 3399 is the pure-wild bomb of 3s and the pure-wild bomb of 9s
    bombs = {m for m in moves_of("3399", "39", TWO) if m[0] == "bomb"}
    assert bombs == {("bomb", "3333", "3399"), ("bomb", "9999", "3399")}


def test_wild_cards_alone_chains_kickers_and_the_rocket():
    # a single wild is its own rank; two are a pair of their own rank, not of another
    assert moves_of("7", "7") == {("single", "7", "7")}
    assert moves_of("77", "7") == {("single", "7", "7"), ("pair", "77", "77")}
    # four wild cards: one bomb, the pure-wild bomb of their rank
    assert {m for m in moves_of("7777", "7") if m[0] == "bomb"} == {("bomb", "7777", "7777")}
    # 2s wild: a chain never passes A, and a 2 never stands in it for itself
    chains = {m for m in moves_of("TJQKA22", "2") if m[0] in ("straight", "pair_chain")}
    assert chains and all("2" not in m[1] and m[1][-1] != "2" for m in chains)
    assert ("straight", "TJQKA", "JQKA2") in chains           # a 2 as the T
    assert ("straight", "89TJQKA", "TJQKA22") in chains       # both 2s, as 8 and 9
    assert not any(m[0] == "pair_chain" for m in chains)      # three pairs need three 2s
    # a wild kicker is its own rank, beside wild cards of its rank that substitute
    assert {m for m in moves_of("6677", "7") if m[0].startswith("trio")} == {
        ("trio", "666", "667"), ("trio", "666", "677"), ("trio_single", "6667", "6677")}
    assert ("trio_pair", "66677", "66677") in moves_of("66677", "7")
    # wilds never make the rocket, nor stand for a joker
    assert not any(m[0] == "rocket" for m in moves_of("B77", "7"))
    assert {m for m in moves_of("BR7", "7") if m[0] == "rocket"} == {("rocket", "BR", "BR")}


def wild_move(text, kind, wild_text, rules=ONE):
    """The move of `kind` that plays exactly the cards `text` (one such move)."""
    wild_ranks = tuple(reference.RANKS.index(symbol) for symbol in wild_text)
    moves = legal_moves(text, rules=rules, wild_ranks=wild_ranks)
    found = [move for move, row in zip(moves, moves.array.view(WILD_MOVE_DTYPE))
             if move.kind == kind and sum(as_reference(row, wild_ranks)[4]) == len(text)]
    assert len(found) == 1, (text, kind, found)
    return found[0]


@pytest.mark.parametrize("bomb_order", ["rocket_top", "pure_top"])
def test_bombs_compare_by_tier_then_rank(bomb_order):
    rules = Rules(wilds="one", bomb_order=bomb_order)
    soft_4, soft_5, soft_3 = (wild_move(t, Kind.BOMB, "7", rules) for t in ("4447", "5557", "3337"))
    hard_3, hard_5 = (wild_move(t, Kind.BOMB, "7", rules) for t in ("3333", "5555"))
    pure = wild_move("7777", Kind.BOMB, "7", rules)
    rocket = wild_move("BR", Kind.ROCKET, "7", rules)
    ladder = [soft_3, soft_4, soft_5, hard_3, hard_5, pure, rocket]
    if bomb_order == "pure_top":
        ladder = [soft_3, soft_4, soft_5, hard_3, hard_5, rocket, pure]
    for i, low in enumerate(ladder):
        for high in ladder[i + 1:]:
            assert high.beats(low, rules=rules) and not low.beats(high, rules=rules), (high, low)
        assert not low.beats(low, rules=rules)
    trio = wild_move("666", Kind.TRIO, "7", rules)
    assert all(bomb.beats(trio, rules=rules) for bomb in ladder)


def test_rules_fields_and_refusals():
    assert Rules(wilds="two", bomb_order="pure_top", soft_bomb_multiplier=4).wilds == "two"
    with pytest.raises(ValueError, match="rocket_multiplier must be one of 1, 2, 4, 8, not 3"):
        Rules(rocket_multiplier=3)
    with pytest.raises(UnsupportedRulesError, match="shuttle"):
        Rules(wilds="one", shuttle="ordinary")
    with pytest.raises(ValueError, match="wild_ranks is required"):
        legal_moves("3", rules=ONE)
    with pytest.raises(ValueError, match="has 2 wild ranks"):
        legal_moves("3", rules=TWO, wild_ranks="7")
    with pytest.raises(ValueError, match="has 2 wild ranks"):
        legal_moves("3", rules=TWO, wild_ranks="77")
    with pytest.raises(ValueError, match="wild ranks are among"):
        legal_moves("3", rules=ONE, wild_ranks="B")
    with pytest.raises(ValueError, match="has no wild cards"):
        legal_moves("3", wild_ranks="7")
    # a position under wild-card rules names its wild ranks
    position = Position.parse(Game(1).position())
    with pytest.raises(ValueError, match=r"wilds: '': Rules\(wilds='one'\) has 1 wild rank"):
        dataclasses.replace(position, rules=ONE)


@pytest.mark.slow
@pytest.mark.reference
@pytest.mark.parametrize("n_wild", [1, 2])
def test_thousands_of_hands_match_the_reference(n_wild):
    """Every wild rank (one wild rank: 100 seeded 20-card hands each; two: 400 hands over
    random pairs), under the default rules."""
    rng = np.random.default_rng(2026 + n_wild)
    rules = ONE if n_wild == 1 else TWO
    cases = [(r,) for r in range(13) for _ in range(100)] if n_wild == 1 else [
        tuple(int(r) for r in rng.choice(13, 2, replace=False)) for _ in range(400)]
    for wild_ranks in cases:
        hand = deal(rng, 20)
        assert set(engine_moves(hand, wild_ranks, rules)) == wild_leads(hand, wild_ranks), (
            hand, wild_ranks)


def test_wild_moves_as_values():
    """A wild move's substitutes are part of the value: equality, hashing, str, an eval-able
    repr, pickles, and `in` on its list."""
    moves = legal_moves("6667", rules=ONE, wild_ranks="7")
    soft = wild_move("6667", Kind.BOMB, "7")
    trio = [m for m in moves if m.kind == Kind.TRIO]
    assert [m.substitutes for m in trio] == ["", "6"]       # 666 and 66 + the 7 as a 6
    plain, wild = trio
    assert plain != wild and len({plain, wild}) == 2 and plain.cards == wild.cards == "666"
    assert (str(plain), str(wild), str(soft)) == ("666", "666~6", "6666~6")
    assert (soft.substitutes, soft.second_wilds, soft.pure_wild) == ("6", 0, False)
    for move in (plain, wild, soft, wild_move("7777", Kind.BOMB, "7")):
        assert eval(repr(move), {"Move": Move, "Rules": Rules}) == move
        assert pickle.loads(pickle.dumps(move)) == move
        assert move in moves or move.cards == "7777"
    assert wild_move("7777", Kind.BOMB, "7").pure_wild
    # membership is exact: the same cards with other substitutes are another move
    assert Move("trio", 1, 3, "666", substitutes="66") not in moves
    again = pickle.loads(pickle.dumps(moves))
    assert list(again) == list(moves)
    two = legal_moves("3399", rules=TWO, wild_ranks="39")
    assert list(pickle.loads(pickle.dumps(two))) == list(two)
    with pytest.raises(ValueError, match="wild cards stand for cards of the main part"):
        Move("trio_single", 1, 3, "6667", substitutes="7")
    with pytest.raises(ValueError, match="never for a single"):
        Move("single", 1, 3, "6", substitutes="6")
    with pytest.raises(ValueError, match="only a bomb is pure-wild"):
        Move("pair", 1, 3, "66", pure_wild=True)
    with pytest.raises(ValueError, match="second_wilds=2: of 1 substitutes"):
        Move("pair", 1, 3, "66", substitutes="6", second_wilds=2)
    with pytest.raises(ValueError, match="rank symbols"):
        Move("pair", 1, 3, "66", substitutes="B")


@pytest.mark.parametrize("rules", [ONE, TWO, Rules.preset("rlcard").replace(wilds="one")])
def test_batches_equal_legal_moves(rules):
    """legal_moves_batch and legal_move_counts under wild-card rules: row for row the moves of
    legal_moves, leads and answers, with one set of wild ranks for every hand or one a hand."""
    rng = np.random.default_rng(5)
    n_wild = 1 if rules.wilds == "one" else 2
    hands = np.array([deal(rng, [20, 17, 9, 1][i % 4]) for i in range(120)], dtype=np.uint8)
    per_hand = np.array([wild_ranks_for(rng, hand, n_wild) for hand in hands])
    prevs = np.zeros(len(hands), dtype=MOVE_DTYPE)
    for i in range(0, len(hands), 2):      # every other hand answers a lead of another hand
        leads = legal_moves(hands[i - 1], rules=rules, wild_ranks=per_hand[i].tolist()).array
        prevs[i] = leads[rng.integers(len(leads))]
    for wild_ranks, prev_rows in [(per_hand[:, 0] if n_wild == 1 else per_hand, None),
                                  (per_hand if n_wild == 2 else per_hand[:, 0], prevs),
                                  ("5" if n_wild == 1 else "59", prevs)]:
        offsets, moves = legal_moves_batch(hands, prev_rows, rules=rules, wild_ranks=wild_ranks)
        counts = legal_move_counts(hands, prev_rows, rules=rules, wild_ranks=wild_ranks)
        assert np.array_equal(np.diff(offsets), counts)
        for i, hand in enumerate(hands):
            ranks = wild_ranks if isinstance(wild_ranks, str) else np.atleast_1d(wild_ranks[i]).tolist()
            prev = None if prev_rows is None else _move_of(prev_rows[i], rules)
            expected = legal_moves(hand, prev, rules=rules, wild_ranks=ranks).array
            assert moves[offsets[i]:offsets[i + 1]].tobytes() == expected.tobytes(), i


def _move_of(row, rules):
    """The Move of a MOVE_DTYPE row with its wild-card fields; None for a lead."""
    wild = np.asarray(row).view(WILD_MOVE_DTYPE)
    if wild["length"] == 0:
        return None
    word, text = int(wild["substitutes"]), ""
    while word:
        text += reference.RANKS[(word & 0xF) - 1]
        word >>= 4
    return Move(int(wild["kind"]), int(wild["length"]), int(wild["main"]),
                Move.from_row(row, rules=rules).cards, rules=rules,
                substitutes=text, second_wilds=int(wild["wild"]) & 0xF,
                pure_wild=bool(int(wild["wild"]) & 0x10))


def test_batch_wild_ranks_are_checked():
    hands = np.zeros((3, 15), dtype=np.uint8)
    hands[:, 0] = 1
    with pytest.raises(ValueError, match="wild_ranks is required"):
        legal_moves_batch(hands, rules=ONE)
    with pytest.raises(ValueError, match=r"shape \(3,\)"):
        legal_moves_batch(hands, rules=ONE, wild_ranks=np.zeros((2,), dtype=int))
    with pytest.raises(ValueError, match=r"wild_ranks\[1\] = \[13\]"):
        legal_move_counts(hands, rules=ONE, wild_ranks=np.array([0, 13, 0]))
    with pytest.raises(ValueError, match=r"wild_ranks\[2\] = \[4, 4\]"):
        legal_move_counts(hands, rules=TWO, wild_ranks=np.array([[0, 1], [2, 3], [4, 4]]))
    with pytest.raises(ValueError, match="has no wild cards"):
        legal_moves_batch(hands, wild_ranks="7")
    offsets, moves = legal_moves_batch(hands[:0], rules=ONE, wild_ranks=np.zeros(0, dtype=int))
    assert offsets.tolist() == [0] and len(moves) == 0


@pytest.mark.parametrize("rules", [ONE, TWO])
def test_classify_reads_wild_cards(rules):
    """classify(cards, wild_ranks=): the moves that play exactly these cards, each reading with
    its substitutes: the reference's leads of the cards that use them all."""
    rng = np.random.default_rng(17)
    n_wild = 1 if rules is ONE else 2
    assert [str(m) for m in classify("6667", rules=ONE, wild_ranks="7")] == [
        "666+7", "6666~6"]
    for _ in range(150):
        cards = deal(rng, int(rng.integers(1, 11)))
        wild_ranks = wild_ranks_for(rng, cards, n_wild)
        expected = {m for m in wild_leads(cards, wild_ranks) if m[4] == cards}
        found = classify(cards, rules=rules, wild_ranks=wild_ranks)
        rows = np.array([m.row for m in found], dtype=MOVE_DTYPE)
        wild = rows.view(WILD_MOVE_DTYPE)
        wild["substitutes"] = [_word(m.substitutes) for m in found]
        wild["wild"] = [m.second_wilds | 0x10 * m.pure_wild for m in found]
        assert {as_reference(row, wild_ranks) for row in wild} == expected, (cards, wild_ranks)
        assert len(found) == len(expected)


def _word(substitutes):
    """Move.substitutes as the substitutes field: rank + 1 a nibble, from the lowest."""
    return sum((reference.RANKS.index(s) + 1) << (4 * i) for i, s in enumerate(substitutes))
