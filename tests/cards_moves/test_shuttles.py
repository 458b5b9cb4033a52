"""The space shuttle (RULES.md section 9) against the pure-Python reference: the leads of 2,000
seeded hands holding a run of quads under each wing switch (the reference's table,
tests/oracles/data/shuttle_leads.json, as test_reference_diff.py reads the presets' one), the
answers under both standings, batch calls, hand-picked readings and comparisons written from
the rule book, games and perft move for move, and what does not support shuttles yet."""

import functools
import pickle
import random

import pytest

import ddz_fast
from ddz_fast import (
    EncodingError, Game, GreedyPlayer, InvalidMoveError, InvalidPositionError, Kind, Move, Rules,
    Tables, UnsupportedRulesError,
    classify, encodings, legal_moves, perft, solve,
)
from ddz_fast._arena import _native_action
from ddz_fast._rules import MAX_MOVES
from helpers import (
    MOST_SHUTTLE_LEADS, as_ref, as_tuples, check_batch, complement, hand_text, prevs_for, to_move,
)
from oracles import reference
from oracles.leads_table import SHUTTLES_TABLE, lead_digest
from oracles.reference_game import Play
from oracles.reference_game import perft as reference_perft

HANDS = SHUTTLES_TABLE.hands()
TABLE = SHUTTLES_TABLE.load()
NAMES = tuple(SHUTTLES_TABLE.rule_sets)
STANDINGS = ("ordinary", "super_bomb")
SHUTTLE_KINDS = {Kind.SHUTTLE, Kind.SHUTTLE_SINGLES, Kind.SHUTTLE_PAIRS, Kind.SHUTTLE_TWO_SINGLES,
                 Kind.SHUTTLE_TWO_PAIRS}


def rules_of(name, standing="ordinary", **changes):
    return Rules(**{**SHUTTLES_TABLE.rule_sets[name], "shuttle": standing, **changes})


def expected(i, name):
    column = 3 + 2 * NAMES.index(name)
    return tuple(TABLE[i][column:column + 2])


def agrees(i, name, got):
    return len(got) == len(set(got)) and (len(got), lead_digest(got)) == expected(i, name)


@pytest.fixture(scope="module")
def engine_leads():
    return {name: [as_tuples(legal_moves(list(hand), rules=rules_of(name))) for hand in HANDS]
            for name in NAMES}


@pytest.fixture(scope="module")
def reference_leads(engine_leads):
    """The reference's leads per rule set: the engine's where they agree with the table (so
    they are the reference's), the reference's own enumeration elsewhere."""
    result = {}
    for name in NAMES:
        result[name] = [set(got) if agrees(i, name, got)
                        else SHUTTLES_TABLE.lead_sets(HANDS[i])[name]
                        for i, got in enumerate(engine_leads[name])]
    return result


def test_the_table_is_of_these_hands():
    assert [(seed, size) for seed, size, *_ in TABLE] == SHUTTLES_TABLE.seeds
    assert [text for _, _, text, *_ in TABLE] == [hand_text(hand) for hand in HANDS]
    assert {len(row) for row in TABLE} == {3 + 2 * len(NAMES)}
    assert all(sum(hand) == size for hand, (_, size) in zip(HANDS, SHUTTLES_TABLE.seeds))


def test_the_table_agrees_with_the_reference_now():
    """Part of the table recomputed with today's reference: the first and the last hands, and
    the first hand where each wing switch changes the leads."""
    picked = {0, len(HANDS) - 1}
    for name in NAMES[1:]:
        picked.add(next(i for i in range(len(HANDS)) if expected(i, name) != expected(i, NAMES[0])))
    for i in sorted(picked):
        sets = SHUTTLES_TABLE.lead_sets(HANDS[i])
        for name in NAMES:
            assert (len(sets[name]), lead_digest(sets[name])) == expected(i, name), (
                f"hand {i}: the table is not today's reference's; rewrite it with "
                "tests/oracles/data/make_reference_table.py shuttles")


@pytest.mark.parametrize("name", NAMES)
def test_leads_match_reference(name, engine_leads):
    leads = engine_leads[name]
    wrong = [i for i, got in enumerate(leads) if not agrees(i, name, got)]
    detail = ""
    if wrong:
        i = wrong[0]
        want = SHUTTLES_TABLE.lead_sets(HANDS[i])[name]
        detail = (f"; first {hand_text(HANDS[i])}: extra {sorted(set(leads[i]) - want)[:4]}, "
                  f"missing {sorted(want - set(leads[i]))[:4]}")
    assert not wrong, f"{len(wrong)} hands' leads differ from the reference's{detail}"
    # the hands exercise the switch: shuttles (with wings where there are some) are led
    shuttles = sum(any(m[0] in reference.SHUTTLES for m in got) for got in leads)
    assert shuttles == len(HANDS)
    if name != "shuttle_none":
        winged = sum(any(m[0] in reference.SHUTTLES - {"shuttle"} for m in got) for got in leads)
        assert winged > len(HANDS) // 4


@pytest.mark.parametrize("standing", STANDINGS)
@pytest.mark.parametrize("name", NAMES)
def test_answers_match_reference(name, standing, reference_leads):
    rules = rules_of(name, standing)
    leads = reference_leads[name]
    checked = answered = by_shuttle = 0
    for i, hand in enumerate(HANDS):
        for prev in prevs_for(i, leads):
            want = reference.responses(leads[i], prev, standing)
            got = as_tuples(legal_moves(list(hand), to_move(prev, rules), rules=rules))
            assert len(got) == len(set(got)) and set(got) == want, (hand_text(hand), prev)
            checked += 1
            answered += bool(want)
            by_shuttle += any(m[0] in reference.SHUTTLES for m in want)
    # shuttles answer shuttles (prevs_for draws one of each kind the hand leads), and as
    # super-bombs nearly everything
    assert checked > 20_000 and answered > checked // 3
    assert by_shuttle > (checked // 2 if standing == "super_bomb" else 500)


@pytest.mark.parametrize("standing", STANDINGS)
def test_batch_matches_reference(standing, reference_leads):
    check_batch(HANDS, reference_leads["shuttle_one"], rules_of("shuttle_one", standing), standing)


# (cards, {wings: readings under shuttle="ordinary" with these wings}): written from RULES.md 9,
# never from either program. Without shuttles none of these cards has a reading but the ones
# given under "off". Ranks: 3=0 4=1 5=2 6=3 ... J=8 Q=9 K=10 A=11 2=12 B=13 R=14.
NONE, ONE, TWO = "none", "one", "two"
READINGS = [
    ("33334444", {NONE: {("shuttle", 2, 1)}, ONE: {("shuttle", 2, 1)}, TWO: {("shuttle", 2, 1)}}),
    ("KKKKAAAA", {NONE: {("shuttle", 2, 11)}, ONE: {("shuttle", 2, 11)}, TWO: {("shuttle", 2, 11)}}),
    ("3333444455556666", {w: {("shuttle", 4, 3)} for w in (NONE, ONE, TWO)}),
    ("AAAA2222", {}),                                       # 2s never chain
    ("33335555", {}),                                       # not consecutive
    ("3333444456", {ONE: {("shuttle_singles", 2, 1)}}),
    ("333344445", {}),
    ("3333444455", {}),                                     # the wings' ranks differ
    ("333344445566", {ONE: {("shuttle_pairs", 2, 1)}}),     # 5566: two pairs, not four singles
    ("333344445678", {TWO: {("shuttle_two_singles", 2, 1)}}),
    ("3333444455667788", {TWO: {("shuttle_two_pairs", 2, 1)}}),
    ("333344445555678", {ONE: {("shuttle_singles", 3, 2)}}),
    ("333344445555", {w: {("shuttle", 3, 2)} for w in (NONE, ONE, TWO)}),   # 5555 is no wing
    ("3333444422", {}),                                     # one pair for two quads
    ("333344445522", {ONE: {("shuttle_pairs", 2, 1)}}),     # a pair of 2s is a wing
    ("33334444BR", {}),                                     # both jokers: only with rocket_kickers
    ("33334444B2", {ONE: {("shuttle_singles", 2, 1)}}),
]


@pytest.mark.parametrize("cards, by_wings", READINGS, ids=[r[0] for r in READINGS])
def test_shuttle_readings(cards, by_wings):
    assert classify(cards) == classify(cards, rules=Rules(shuttle_wings="two")) == []
    for standing in STANDINGS:
        for wings in (NONE, ONE, TWO):
            want = by_wings.get(wings, set())
            rules = Rules(shuttle=standing, shuttle_wings=wings)
            switches = {"shuttle": standing, "shuttle_wings": wings}
            assert reference.readings(reference.parse(cards), **switches) == want, wings
            got = classify(cards, rules=rules)
            assert {(str(m.kind), m.length, m.main) for m in got} == want, wings
            assert len(got) == len(want)


def test_both_jokers_as_wings_follow_rocket_kickers():
    rules = Rules(shuttle="ordinary", rocket_kickers=True)
    assert [(m.kind, m.main) for m in classify("33334444BR", rules=rules)] == [
        (Kind.SHUTTLE_SINGLES, 1)]
    assert classify("33334444BR", rules=rules.replace(rocket_kickers=False)) == []


def shuttle(text, rules):
    (move,) = classify(text, rules=rules)
    return move


# (move, previous move, beats under "ordinary", beats under "super_bomb"): RULES.md 9.
BEATS = [
    ("44445555", "33334444", True, True),           # the same shape, higher
    ("33334444", "44445555", False, False),
    ("444455556666", "33334444", False, False),     # longer is no same shape
    ("3333444456", "33334444", False, False),       # nor winged on bare
    ("5555", "33334444", True, False),              # a bomb on a shuttle
    ("33334444", "2222", False, True),              # a shuttle on a bomb
    ("BR", "33334444", True, True),                 # the rocket on a shuttle
    ("33334444", "BR", False, False),
    ("33334444", "3", False, True),                 # a shuttle on an ordinary move
    ("3333444456", "34567", False, True),
    ("2", "33334444", False, False),
]


@pytest.mark.parametrize("move, prev, ordinary, super_bomb", BEATS,
                         ids=[f"{m} on {p}" for m, p, *_ in BEATS])
def test_beats(move, prev, ordinary, super_bomb):
    for standing, want in zip(STANDINGS, (ordinary, super_bomb)):
        rules = Rules(shuttle=standing)
        a, b = shuttle(move, rules), shuttle(prev, rules)
        assert reference.beats(as_ref(a), as_ref(b), standing) is want
        assert ddz_fast.beats(a, b, rules=rules) is want
        assert a.beats(b, rules=rules) is want
        assert (a in legal_moves(move, b, rules=rules)) is want


def test_a_shuttle_counts_its_bombs_in_the_score():
    """The landlord goes out with a shuttle (a spring): each farmer pays bid x 2**bombs x 2."""
    for weight in range(4):
        rules = Rules(shuttle="ordinary", shuttle_bombs=weight)
        game = Game.from_hands(["33334444", "5", "6"], landlord=0, bid=2, rules=rules)
        game.play("33334444")
        assert game.bombs == weight
        result = game.result
        assert result.multiplier == 2 ** (weight + 1)
        assert result.scores == (2 * 2 * 2 ** (weight + 1), -2 * 2 ** (weight + 1),
                                 -2 * 2 ** (weight + 1))


def random_shuttle_game(seed, rules):
    """A play-phase game whose landlord holds a table hand (a run of quads), the farmers 17
    cards each from the rest of the deck; the reference's Play beside it."""
    rng = random.Random(seed)
    hand = HANDS[seed % len(HANDS)]
    rest = [r for r in range(15) for _ in range((4 if r < 13 else 1) - hand[r])]
    rng.shuffle(rest)
    farmers = [tuple(rest[17 * i:17 * (i + 1)].count(r) for r in range(15)) for i in range(2)]
    hands = [hand_text(hand), hand_text(farmers[0]), hand_text(farmers[1])]
    game = Game.from_hands(hands, landlord=0, bid=1, rules=rules)
    return game, Play([hand, *farmers], landlord=0, bid=1, shuttle_bombs=rules.shuttle_bombs)


@functools.lru_cache(maxsize=None)
def cached_leads(hand, wings):
    return frozenset(reference.leads(hand, shuttle="ordinary", shuttle_wings=wings))


def play_random_games(standing, seeds):
    """Games played at random, move for move: the legal moves, the bombs, the scores. Returns
    how many shuttles were played."""
    shuttles_played = 0
    for seed in seeds:
        wings = (NONE, ONE, TWO)[seed % 3]
        rules = Rules(shuttle=standing, shuttle_wings=wings, shuttle_bombs=seed % 4)
        game, play = random_shuttle_game(seed, rules)
        rng = random.Random(seed)
        while game.phase == "play":
            leads = cached_leads(play.hands[play.to_move], wings)
            want = set(leads) if play.trick is None else (
                {m for m in leads if reference.beats(m, play.trick, standing)} | {None})
            moves = game.legal_moves()
            assert {as_ref(m) for m in moves} == want and len(moves) == len(want)
            # shuttles where there are some, else at random
            pick = [m for m in moves if m.kind in SHUTTLE_KINDS] or list(moves)
            move = pick[rng.randrange(len(pick))]
            shuttles_played += move.kind in SHUTTLE_KINDS
            game.play(move)
            play.apply(as_ref(move))
            assert game.bombs == play.bombs
            assert game.key() == Game.from_position(game.position()).key()
        scores, spring, anti_spring = play.scores(rules.scoring, rules.spring)
        assert game.result.scores == scores
        assert game.result.multiplier == 2 ** (play.bombs + (spring or anti_spring))
    return shuttles_played


@pytest.mark.parametrize("standing", STANDINGS)
def test_random_games_match_the_reference(standing):
    assert play_random_games(standing, range(12)) >= 12


@pytest.mark.slow
@pytest.mark.reference
@pytest.mark.parametrize("standing", STANDINGS)
def test_many_random_games_match_the_reference(standing):
    assert play_random_games(standing, range(12, 72)) >= 60


@pytest.mark.parametrize("standing", STANDINGS)
def test_perft_matches_the_reference(standing):
    for hands in (["333344445566BR", "7777889", "TTTTJJQ"],
                  ["3333444456", "88889999J", "QQQQKKKKA"]):
        for wings in (ONE, TWO):
            rules = Rules(shuttle=standing, shuttle_wings=wings, shuttle_bombs=3)
            game = Game.from_hands(hands, landlord=0, bid=1, rules=rules)
            play = Play([reference.parse(h) for h in hands], landlord=0, bid=1, shuttle_bombs=3)
            leads_of = functools.partial(cached_leads, wings=wings)
            for depth in (1, 2, 3, 4):
                assert perft(game, depth) == reference_perft(
                    play, depth, False, leads_of, standing), (hands, wings, depth)


def test_the_greedy_player_keeps_super_bomb_shuttles():
    """The greedy player leads the move that sheds the most, keeping super-bomb shuttles (as
    bombs) for last; its native kernel plays as the Python player, positions of random games."""
    for standing, want in (("ordinary", "33334444"), ("super_bomb", "3333+49")):
        game = Game.from_hands(["333344449", "5", "6"], landlord=0, bid=1,
                               rules=Rules(shuttle=standing))
        assert str(GreedyPlayer()(game)) == want
    greedy, compared = GreedyPlayer(), 0
    for seed in range(20):
        game, _ = random_shuttle_game(seed, Rules(shuttle=STANDINGS[seed % 2], shuttle_wings=TWO))
        while game.phase == "play":
            action = greedy(game)
            assert _native_action(greedy, game, 0) == action, game.position()
            game.play(action)
            compared += 1
    assert compared > 100


def test_the_solver_refuses_shuttles():
    game = Game.from_hands(["33334444", "5", "6"], landlord=0, bid=1,
                           rules=Rules(shuttle="ordinary"))
    with pytest.raises(UnsupportedRulesError, match="shuttle='ordinary'"):
        solve(game)
    assert game.bombs == 0 and len(game.history) == 0


def test_the_douzero_encoding_counts_at_most_14_bombs():
    rules = Rules(shuttle="ordinary", shuttle_bombs=3)
    with pytest.raises(UnsupportedRulesError, match="at most 14 bombs"):
        Tables(2, rules=rules, observation="douzero")
    Tables(2, rules=rules.replace(shuttle_bombs=2), observation="douzero")
    Tables(2, rules=rules, observation="compact")
    # five shuttles of two quads counting 3 each: the single encoder refuses the 15 bombs
    hands, played = ("A", "K", "2"), ("3333444455556666", "777788889999TTTT", "JJJJQQQQ")
    game = Game.from_position(phase="play", hands=hands, to_move=0, landlord=0, bid=1,
                              played=played, plays=(2, 2, 1), bombs=15,
                              out=complement(*hands, *played), rules=rules)
    with pytest.raises(EncodingError, match="at most 14 bombs"):
        encodings.DOUZERO.encode(game)
    with pytest.raises(InvalidPositionError, match="bombs"):
        Game.from_position(phase="play", hands=hands, to_move=0, landlord=0, bid=1,
                           played=played, plays=(2, 2, 1), bombs=15,
                           out=complement(*hands, *played), rules=rules.replace(shuttle_bombs=2))


@pytest.mark.parametrize("text, rules", [
    ("33334444", Rules(shuttle="ordinary")),
    ("333344445678", Rules(shuttle="super_bomb", shuttle_wings="two")),
    ("33334444BR", Rules(shuttle="ordinary", rocket_kickers=True)),
    ("333355", Rules.preset("douzero")),                    # four with a pair as two singles
    ("333444BR", Rules.preset("douzero")),                  # both jokers as wings
    ("333444+55", Rules()),
])
def test_a_move_reprs_the_rules_it_needs(text, rules):
    """repr names the fewest changes to the default rules under which the move is one, so
    eval gives it back; a pickle too, under any rules."""
    move = Move.parse(text, rules=rules)
    again = eval(repr(move), {"Move": Move, "Rules": Rules})
    assert again == move and pickle.loads(pickle.dumps(move)) == move
    if move in classify(move.cards):
        assert "rules=" not in repr(move)
    else:
        assert "rules=Rules(" in repr(move)
        with pytest.raises(InvalidMoveError, match="is no"):
            Move(move.kind, move.length, move.main, move.cards)


@pytest.mark.slow
@pytest.mark.parametrize("wings", ["one", "two"])
def test_the_hands_with_the_most_leads_fit_the_buffers(wings):
    """bench/max_moves.py scans every 20-card hand under the loosest rules with shuttles: the
    hand with the most leads has the reference's leads, within MAX_MOVES."""
    hand, count = MOST_SHUTTLE_LEADS[wings]
    switches = {**reference.LOOSEST, "shuttle": "ordinary", "shuttle_wings": wings}
    got = as_tuples(legal_moves(hand, rules=Rules(**switches)))
    assert len(got) == len(set(got)) == count <= MAX_MOVES
    assert set(got) == reference.leads(reference.parse(hand), **switches)
