"""ActionSpace against the reference: the plays of every preset and their canonical order, ids
both ways, the legal ids and masks of hands, games and batches (also from several threads),
and the errors.

The reference's plays come from its every_play (the session fixture action_space); its leads
of the 2,000 seeded hands from tests/oracles/data/reference_leads.json, as in
test_reference_diff.py: legal ids whose moves have the table's count and digest ARE the
reference's leads, and the reference's answers are those of them that beat the previous move
(reference.beats)."""

import hashlib
import pickle
import random
import subprocess
import sys

import numpy as np
import pytest

from ddz_fast import (
    MOVE_DTYPE, PASS, ActionSpace, AmbiguousMoveError, Game, Hand, InvalidMoveError, Move, Rules,
    every_play, legal_moves, legal_moves_batch,
)
from helpers import (
    HANDS, KIND_NAMES, KIND_ORDER, PLAIN_PRESETS, SEEDS, agrees, as_tuples, canonical_key, hand_text,
    prevs_for, run_threads, switches_of, to_move,
)
from oracles import reference

PRESETS = list(PLAIN_PRESETS)     # (the wild-card spaces: test_wild_actions.py)
# len(space): RLCard's table has 27,472 actions and OpenSpiel's dou_dizhu 26,057; standard and
# strict are the reference's counts that those were compared with (test_hardening.py), and
# douzero's is the reference's too (29,461 plays and the pass).
SIZES = {"standard": 28_742, "strict": 12_658, "rlcard": 27_472, "openspiel": 26_057,
         "douzero": 29_462}

def as_tuple(move):
    """A ddz_fast Move as a reference tuple."""
    return str(move.kind), move.length, move.main, tuple(move.counts.tolist())


def play_ids(space):
    return [i for i in range(len(space)) if i != space.pass_id and i not in space.bid_ids]


def tuples_of(space, ids):
    """The plays of these ids (no pass, no bid) as reference tuples."""
    return as_tuples(space.actions[np.asarray(ids, dtype=np.int64)])


@pytest.fixture(scope="module")
def spaces():
    return {name: ActionSpace(name) for name in PRESETS}


# --- the plays, sizes, order ------------------------------------------------------------------

def test_kind_codes_are_the_rule_books_order():
    assert KIND_NAMES == KIND_ORDER


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
def test_the_plays_are_the_references(name, spaces, action_space):
    space, plays = spaces[name], action_space[name]
    auction = Rules.preset(name).auction != "none"
    assert len(space) == SIZES[name] == len(plays) + 1 + 3 * auction
    assert space.bid_ids == ((1, 2, 3) if auction else ())
    assert space.action(space.pass_id) is PASS
    got = tuples_of(space, play_ids(space))
    assert len(got) == len(set(got)) and set(got) == plays
    # every_play has them all, once each, in the documented order
    listed = [as_tuple(m) for m in every_play(Rules.preset(name))]
    assert listed == sorted(plays, key=canonical_key)


@pytest.mark.slow          # (the reference enumerates every shuttle play: 15-20 s each)
@pytest.mark.reference
@pytest.mark.parametrize("wings", ["one", "two"])
def test_the_plays_with_shuttles_are_the_references(wings, spaces):
    """Shuttle plays come after every other (codes 14..18): the ids of the other plays stay."""
    rules = Rules(shuttle="super_bomb", shuttle_wings=wings)
    plays = reference.every_play(shuttle="super_bomb", shuttle_wings=wings)
    space = ActionSpace(rules)
    got = tuples_of(space, play_ids(space))
    assert len(got) == len(set(got)) and set(got) == plays
    assert [as_tuple(m) for m in every_play(rules)] == sorted(plays, key=canonical_key)
    standard = spaces["standard"]
    assert np.array_equal(space.actions[:len(standard)], standard.actions)
    shuttles = {str(space.action(i).kind) for i in range(len(standard), len(space))}
    assert shuttles == set(KIND_ORDER[14:19]) - ({"shuttle_two_singles", "shuttle_two_pairs"}
                                               if wings == "one" else
                                               {"shuttle_singles", "shuttle_pairs"})


# A process in which the peers cannot be imported: the spaces that carry a peer's ids are
# built from ddz_fast's own data.
NO_PEERS = """
import hashlib, sys
for name in ("rlcard", "pyspiel", "douzero", "gymnasium", "pettingzoo", "torch"):
    sys.modules[name] = None        # import raises ImportError
from ddz_fast import ActionSpace
for name in ("rlcard", "openspiel"):
    print(name, hashlib.sha256(ActionSpace(name).actions.tobytes()).hexdigest())
"""


def test_peer_ids_need_no_peer(spaces):
    done = subprocess.run([sys.executable, "-c", NO_PEERS], capture_output=True, text=True,
                          check=True)
    digests = dict(line.split() for line in done.stdout.splitlines())
    assert digests == {name: hashlib.sha256(spaces[name].actions.tobytes()).hexdigest()
                       for name in ("rlcard", "openspiel")}


# Spaces in the canonical order: the presets whose ids are not another engine's (rlcard's and
# openspiel's are those engines' own, see ddz_fast.interop), and rule sets that are no preset,
# with the plays of the named preset.
CANONICAL = {
    "standard": (Rules(), "standard"),
    "strict": (Rules.preset("strict"), "strict"),
    "douzero": (Rules.preset("douzero"), "douzero"),
    "rlcard, open auction": (Rules.preset("rlcard").replace(auction="open"), "rlcard"),
    "openspiel, no auction": (Rules.preset("openspiel").replace(auction="none"), "openspiel"),
    "standard, single round": (Rules(auction="single_round", scoring="win"), "standard"),
}


@pytest.mark.parametrize("case", CANONICAL)
def test_the_canonical_order(case, action_space):
    rules, plays = CANONICAL[case]
    space = ActionSpace(rules)
    head = [PASS, 1, 2, 3] if rules.auction != "none" else [PASS]
    assert space.pass_id == 0 and space.bid_ids == tuple(range(1, len(head)))
    assert [space.action(i) for i in range(len(head))] == head
    assert space.actions[:len(head)].tolist() == [(0, 0, 0, 0)] * len(head)
    assert tuples_of(space, range(len(head), len(space))) == sorted(action_space[plays],
                                                                      key=canonical_key)


def test_the_order_is_no_accident():
    """canonical_key orders what the description says: a case of each tie-break."""
    plays = [("plane_singles", 2, 1, reference.parse(cards))
             for cards in ("33344456", "33344455", "33344466", "33344457", "3334442B")]
    assert [p[3] for p in sorted(plays, key=canonical_key)] == [
        reference.parse(c) for c in ("33344455", "33344456", "33344457", "33344466", "3334442B")]
    plays = {text: (kind, length, main, reference.parse(text)) for text, kind, length, main in [
        ("88", "pair", 1, 5), ("Q", "single", 1, 9), ("34567", "straight", 5, 4),
        ("345678", "straight", 6, 5), ("56789", "straight", 5, 6)]}
    assert sorted(plays, key=lambda text: canonical_key(plays[text])) == [
        "Q", "88", "34567", "56789", "345678"]


@pytest.mark.parametrize("name", PRESETS)
def test_ids_and_actions_round_trip(name, spaces):
    space = spaces[name]
    actions = list(space)
    assert len(actions) == len(space)
    for i, action in enumerate(actions):
        assert space.action(i) == action and space.id(action) == i and action in space
        if isinstance(action, Move) and action != PASS:
            assert space.actions[i].tolist() == action.row
            # str() of a move reads back as that move (README), in the space as in Move.parse
            assert space.id(str(action)) == i, str(action)


# --- id, action -------------------------------------------------------------------------------

def test_id_of_the_pass_and_the_bids(spaces):
    for name, space in spaces.items():
        for action in (PASS, "pass", " Pass ", 0, np.int64(0), Move.parse("pass")):
            assert space.id(action) == space.pass_id, (name, action)
        if space.bid_ids:
            assert [space.id(bid) for bid in (1, 2, 3)] == list(space.bid_ids)
            assert space.id(np.uint8(3)) == space.bid_ids[2]
        else:
            for bid in (1, 2, 3):
                with pytest.raises(InvalidMoveError, match="no bids"):
                    space.id(bid)
                assert bid not in space


@pytest.mark.parametrize("value, error, words", [
    (True, TypeError, r"not bool \(True\)"), (False, TypeError, r"not bool \(False\)"),
    (1.0, TypeError, r"not float \(1.0\)"), (None, TypeError, r"not NoneType \(None\)"),
    (b"3", TypeError, r"not bytes \(b'3'\)"), ([3], TypeError, r"not list \(\[3\]\)"),
    (4, ValueError, "bid must be an integer in 0..3, not 4"),
    (-1, ValueError, "bid must be an integer in 0..3, not -1"),
    (np.int64(7), ValueError, r"not np.int64\(7\)"),     # as given
])
def test_id_of_bad_values(value, error, words, spaces):
    space = spaces["standard"]
    with pytest.raises(error, match=words):
        space.id(value)
    assert value not in space


def test_id_of_text(spaces):
    standard, rlcard, openspiel = spaces["standard"], spaces["rlcard"], spaces["openspiel"]
    single_3 = ("single", 1, 0, reference.parse("3"))
    assert tuples_of(standard, [standard.id("3")]) == [single_3]
    # several readings: the one Move.parse reads, the reading without kickers (the plane of
    # four; rlcard also refuses the wings next to the plane), and none where it finds several
    cards = reference.parse("333444555666")
    for space in (standard, openspiel, rlcard):
        assert tuples_of(space, [space.id("333444555666")]) == [("plane", 4, 3, cards)]
    with pytest.raises(AmbiguousMoveError, match="3334445556667778.*2 readings"):
        standard.id("3334445556667778")
    # kickers after '+'
    assert tuples_of(standard, [standard.id("333444555+666")]) == [("plane_singles", 3, 2, cards)]
    assert tuples_of(standard, [standard.id("444555666+333")]) == [("plane_singles", 3, 3, cards)]
    for space in (rlcard, spaces["douzero"]):
        with pytest.raises(InvalidMoveError, match="no combination"):
            space.id("444555666+333")
        assert tuples_of(space, [space.id("3333+55")]) == [
            ("four_two_singles", 1, 0, reference.parse("333355"))]
    with pytest.raises(InvalidMoveError, match=r"'3333\+55' is no combination"):
        standard.id("3333+55")
    with pytest.raises(InvalidMoveError, match="'34' has no id"):
        standard.id("34")
    with pytest.raises(InvalidMoveError, match="'333345' has no id"):
        openspiel.id("333345")
    with pytest.raises(ValueError, match="'x'"):
        standard.id("3x")


def test_id_of_a_move_without_id(spaces):
    move = Move.parse("3333+45")
    assert spaces["standard"].id(move) > 0
    with pytest.raises(InvalidMoveError,
                       match=r"Move\('four_two_singles', 1, 0, '333345'\) has no id"):
        spaces["openspiel"].id(move)
    assert move not in spaces["openspiel"]


@pytest.mark.parametrize("value, error, words", [
    (-1, ValueError, "not -1"), (28_742, ValueError, "not 28742"),
    (np.int32(-5), ValueError, r"not np.int32\(-5\)"), (True, TypeError, "bool"),
    (1.5, TypeError, "float"), ("3", TypeError, "str"), (None, TypeError, "NoneType"),
])
def test_action_of_bad_ids(value, error, words, spaces):
    with pytest.raises(error, match=words):
        spaces["standard"].action(value)


# --- the value: name, rules, repr, equality, hash, pickles ------------------------------------

def test_names_reprs_and_equality(spaces):
    custom = Rules(rocket_kickers=True, auction="single_round")
    for space in [*spaces.values(), ActionSpace(custom)]:
        again = eval(repr(space), {"ActionSpace": ActionSpace, "Rules": Rules})
        assert again == space and hash(again) == hash(space) and again is not space
        back = pickle.loads(pickle.dumps(space))
        assert back == space and len(back) == len(space) and list(back) == list(space)
        assert space.rules.name == space.name
    assert ActionSpace(custom).name is None and ActionSpace(custom).rules == custom
    assert repr(ActionSpace(custom)) == f"ActionSpace({custom!r})"
    assert repr(spaces["rlcard"]) == "ActionSpace('rlcard')" and spaces["rlcard"].name == "rlcard"
    assert ActionSpace() == ActionSpace(Rules()) == spaces["standard"] != spaces["strict"]
    assert repr(ActionSpace(Rules())) == "ActionSpace('standard')"
    assert spaces["standard"] != "standard" and spaces["standard"] != Rules()
    assert len({ActionSpace(name) for name in [*PRESETS, *PRESETS]}) == len(PRESETS)


def test_constructor_errors():
    with pytest.raises(ValueError, match="unknown preset 'pgx'"):
        ActionSpace("pgx")
    for value in (3, ["standard"]):
        with pytest.raises(TypeError, match="rules must be a ddz_fast.Rules, a preset name or None"):
            ActionSpace(value)
    space = ActionSpace("strict")
    with pytest.raises(TypeError, match="immutable"):
        space.__init__("standard")
    assert space.name == "strict" and len(space) == SIZES["strict"]
    with pytest.raises(ValueError, match="read-only"):
        space.actions[5] = space.actions[6]


class Unset(ActionSpace):
    def __init__(self):          # skips ActionSpace.__init__
        pass


SPACE_CALLS = [
    len, list, lambda s: s.name, lambda s: s.rules, lambda s: s.actions, lambda s: s.pass_id,
    lambda s: s.bid_ids, lambda s: s.id(PASS), lambda s: s.id("3"), lambda s: s.id(1),
    lambda s: s.action(0), lambda s: PASS in s, lambda s: s == ActionSpace(), hash,
    lambda s: ActionSpace() == s, pickle.dumps, lambda s: s.legal_ids("3"),
    lambda s: s.legal_mask("3", "4"), lambda s: s.legal_ids(Game(1)),
    lambda s: s.legal_ids_batch(np.zeros((1, 15), np.uint8)),
    lambda s: s.legal_mask_batch(np.zeros((1, 15), np.uint8)),
]


@pytest.mark.parametrize("make", [lambda: ActionSpace.__new__(ActionSpace), Unset])
@pytest.mark.parametrize("call", SPACE_CALLS)
def test_spaces_made_without_init_raise(make, call):
    space = make()
    with pytest.raises(ValueError, match="without __init__"):
        call(space)
    assert repr(space) == "<ActionSpace made without __init__>"


# --- legal ids of hands against the reference -------------------------------------------------

@pytest.fixture(scope="module")
def reference_leads(spaces):
    """Per preset, the reference's leads of every hand of the table, read off legal_ids: where
    its moves have the table's count and digest, they are the reference's leads."""
    result = {}
    for name, space in spaces.items():
        leads, wrong = [], []
        for i, hand in enumerate(HANDS):
            ids = space.legal_ids(hand)
            got = tuples_of(space, ids)
            if space.pass_id in ids or not agrees(i, name, got):
                wrong.append(f"deal{SEEDS[i]} {hand_text(hand)}")
            leads.append(set(got))
        assert not wrong, f"{len(wrong)} hands' legal ids under {name} are not the reference's " \
                          f"leads (test_reference_diff.py tells how), first: {wrong[:3]}"
        result[name] = leads
    return result


def ids_of_moves(space, moves, answering):
    """The ids of a move list (legal_moves or Game.legal_moves), the pass too if answering."""
    ids = sorted({space.id(m) for m in moves} | ({space.pass_id} if answering else set()))
    return np.array(ids, dtype=np.int32)


def check_position(space, hand, prev, expected):
    """legal_ids and legal_mask of hand on prev (None: a lead) against the reference's moves
    `expected` and against legal_moves mapped through space.id."""
    ids = space.legal_ids(hand, prev)
    assert ids.dtype == np.int32 and np.all(np.diff(ids) > 0)
    assert (space.pass_id in ids) == (prev is not None)        # the pass exactly when answering
    assert set(tuples_of(space, ids[ids != space.pass_id])) == expected, (hand, prev)
    moves = legal_moves(hand, prev, rules=space.rules)
    assert np.array_equal(ids, ids_of_moves(space, moves, prev is not None))
    mask = space.legal_mask(hand, prev)
    assert mask.dtype == np.bool_ and mask.shape == (len(space),)
    assert np.array_equal(np.flatnonzero(mask), ids)
    return ids


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
def test_legal_ids_of_hands_match_the_reference(name, spaces, reference_leads):
    space, leads = spaces[name], reference_leads[name]
    answered = 0
    for i, hand in enumerate(HANDS):
        check_position(space, hand_text(hand), None, leads[i])
        for prev in prevs_for(i, leads):
            expected = reference.responses(leads[i], prev)
            check_position(space, list(hand), to_move(prev, space.rules), expected)
            answered += bool(expected)
    assert answered > 10_000      # positions with a legal answer besides the pass


def test_hand_and_prev_arguments(spaces):
    space = spaces["standard"]
    leads = space.legal_ids("3345")
    counts = reference.parse("3345")
    for hand in (Hand("3345"), "3 3 4 5", counts, np.array(counts)):
        assert np.array_equal(space.legal_ids(hand), leads)
        for lead in (None, PASS, "pass"):                   # no previous move: a lead
            assert np.array_equal(space.legal_ids(hand, lead), leads)
    on_3 = space.legal_ids("3345", "3")
    assert np.array_equal(on_3, space.legal_ids("3345", Move.parse("3")))
    assert set(space.action(i) for i in on_3) == {PASS, Move.parse("4"), Move.parse("5")}
    assert np.array_equal(space.legal_ids("", "3"), [space.pass_id])
    assert len(space.legal_ids("")) == 0


@pytest.mark.parametrize("hand, prev", [
    ("33333", None), ("3x", None), ([1] * 14, None), (None, None), (5, None),
    ([5] + [0] * 14, None), ("BB", None), ("34", "3333+55"), ("34", "xyz"), ("34", 5),
    ("34", Move.parse("3333+55", rules=Rules.preset("rlcard"))), ("34", "34"),
])
def test_bad_hands_and_prevs_raise_as_legal_moves(hand, prev, spaces):
    space = spaces["standard"]
    with pytest.raises((TypeError, ValueError)) as expected:
        legal_moves(hand, prev, rules=space.rules)
    for call in (space.legal_ids, space.legal_mask):
        with pytest.raises(expected.type) as got:
            call(hand, prev)
        assert str(got.value) == str(expected.value)


def test_a_hand_uses_the_spaces_rules(spaces):
    # a hand with a four with two: openspiel has none, and the hand's moves follow its rules
    space = spaces["openspiel"]
    hand = "33334567"
    ids = space.legal_ids(hand)
    assert set(tuples_of(space, ids)) == reference.leads(reference.parse(hand),
                                                         **reference.PRESETS["openspiel"])
    assert not any(m[0].startswith("four_two") for m in tuples_of(space, ids))


# --- legal ids of games -----------------------------------------------------------------------

def check_game(space, game, switches):
    """The legal ids of a game's position against its legal bids or moves and, for a hand of
    at most 12 cards (cheap for the reference), against the reference. Returns the ids and
    whether the reference was asked."""
    ids = space.legal_ids(game)
    mask = space.legal_mask(game)
    assert ids.dtype == np.int32 and np.array_equal(np.flatnonzero(mask), ids)
    if game.phase == "over":
        assert len(ids) == 0
        return ids, False
    if game.phase == "auction":
        assert np.array_equal(ids, sorted(space.id(bid) for bid in game.legal_bids()))
        assert space.pass_id in ids and set(ids) <= {space.pass_id, *space.bid_ids}
        return ids, False
    answering = game.last_move is not None
    assert (space.pass_id in ids) == answering
    assert np.array_equal(ids, ids_of_moves(space, game.legal_moves(), answering))
    hand = tuple(game.hands[game.to_move].counts.tolist())
    if sum(hand) > 12:
        return ids, False
    leads = reference.leads(hand, **switches)
    expected = reference.responses(leads, as_tuple(game.last_move)) if answering else leads
    assert set(tuples_of(space, ids[ids != space.pass_id])) == expected
    return ids, True


GAME_RULES = {**PLAIN_PRESETS, "single round": Rules(auction="single_round")}


@pytest.mark.parametrize("name", GAME_RULES)
def test_legal_ids_of_games(name):
    """Seeded games played to their end by random legal ids, checked at every decision."""
    rules = GAME_RULES[name]
    space, switches = ActionSpace(rules), switches_of(rules)
    rng = random.Random(name)
    phases, checked = set(), 0
    for seed in range(12):
        game = Game(seed, rules=rules)
        while True:
            ids, by_reference = check_game(space, game, switches)
            phases.add(game.phase)
            checked += by_reference
            if game.phase == "over":
                break
            action = space.action(rng.choice(ids.tolist()))
            if game.phase == "auction":
                game.bid(0 if action == PASS else action)
            else:
                game.play(action)
    assert phases == ({"auction", "play", "over"} if rules.auction != "none" else {"play", "over"})
    assert checked > 300


def test_a_game_over_in_the_auction_has_no_legal_ids(spaces):
    game = Game(1, rules=Rules.preset("openspiel"))     # all_pass="end"
    for _ in range(3):
        game.bid(0)
    assert game.phase == "over" and len(spaces["openspiel"].legal_ids(game)) == 0
    assert not spaces["openspiel"].legal_mask(game).any()


def test_a_legal_move_without_an_id_raises(spaces):
    space = spaces["openspiel"]
    # a standard game: the landlord may lead a four with two, which openspiel has no id for
    game = Game.from_hands(["333345", "6", "7"])
    for call in (space.legal_ids, space.legal_mask):
        with pytest.raises(InvalidMoveError, match=r"Move\('four_two_singles', 1, 0, '333345'\) "
                                                   r"is legal under Rules\(\) but has no id in "
                                                   r"ActionSpace\('openspiel'\)"):
            call(game)
    # an answer to a four with two
    game = Game.from_hands(["3333569", "444478", "T"])
    game.play("3333+56")
    with pytest.raises(InvalidMoveError, match=r"Move\('four_two_singles', 1, 1, '444478'\)"):
        space.legal_ids(game)
    # and the same game where no such move is legal is fine
    game = Game.from_hands(["3456", "6", "7"])
    assert np.array_equal(space.legal_ids(game), ids_of_moves(space, game.legal_moves(), False))


def test_game_arguments(spaces):
    game = Game(5)
    with pytest.raises(InvalidMoveError, match="no bids"):
        spaces["douzero"].legal_ids(game)
    with pytest.raises(TypeError, match="takes no prev"):
        spaces["standard"].legal_ids(game, "3")
    with pytest.raises(ValueError, match="never set up"):
        spaces["standard"].legal_ids(Game.__new__(Game))


# --- batches ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def batch_rows(reference_leads):
    """Per preset: hands, and prevs of three kinds: all leads, all answers, mixed (row i
    answers when i % 3 == 1, else leads), each a MOVE_DTYPE array and the prevs as Moves."""
    hands = np.array(HANDS, dtype=np.uint8)
    result = {}
    for name, leads in reference_leads.items():
        rules = Rules.preset(name)
        answers = [to_move(prevs_for(i, leads)[-1], rules) for i in range(len(HANDS))]
        mixed = [move if i % 3 == 1 else None for i, move in enumerate(answers)]
        rows = {}
        for kind, moves in (("leads", [None] * len(HANDS)), ("answers", answers), ("mixed", mixed)):
            array = np.zeros(len(HANDS), dtype=MOVE_DTYPE)
            for i, move in enumerate(moves):
                if move is not None:
                    array[i] = move.row
            rows[kind] = (array, moves)
        result[name] = hands, rows
    return result


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("kind", ["leads", "answers", "mixed", "none"])
def test_legal_ids_batch_is_the_per_position_calls(name, kind, spaces, batch_rows):
    space = spaces[name]
    hands, rows = batch_rows[name]
    prevs, moves = rows[kind] if kind != "none" else (None, [None] * len(hands))
    offsets, ids = space.legal_ids_batch(hands, prevs)
    assert offsets.dtype == np.int64 and ids.dtype == np.int32
    assert offsets.shape == (len(hands) + 1,) and offsets[0] == 0 and offsets[-1] == len(ids)
    for i, (hand, prev) in enumerate(zip(hands, moves)):
        assert np.array_equal(ids[offsets[i]:offsets[i + 1]], space.legal_ids(hand, prev)), i
    # as many as legal_moves_batch's moves, and the pass on the answering rows
    offs, _ = legal_moves_batch(hands, prevs, rules=space.rules)
    answering = np.zeros(len(hands), np.int64) if prevs is None else (prevs["length"] > 0)
    assert np.array_equal(np.diff(offsets), np.diff(offs) + answering)


@pytest.mark.parametrize("name", PRESETS)
def test_legal_mask_batch_is_the_per_position_calls(name, spaces, batch_rows):
    space = spaces[name]
    hands, rows = batch_rows[name]
    hands, (prevs, moves) = hands[:600], rows["mixed"]
    prevs, moves = prevs[:600], moves[:600]
    masks = space.legal_mask_batch(hands, prevs)
    assert masks.dtype == np.bool_ and masks.shape == (600, len(space))
    for i, (hand, prev) in enumerate(zip(hands, moves)):
        assert np.array_equal(masks[i], space.legal_mask(hand, prev)), i
    offsets, ids = space.legal_ids_batch(hands, prevs)
    row_of, cols = np.nonzero(masks)
    assert np.array_equal(cols, ids) and np.array_equal(np.bincount(row_of, minlength=600),
                                                        np.diff(offsets))
    # out= is written whole, and returned
    out = np.ones_like(masks)
    assert space.legal_mask_batch(hands, prevs, out=out) is out and np.array_equal(out, masks)
    assert np.array_equal(space.legal_mask_batch(hands[:0], prevs[:0]),
                          np.zeros((0, len(space)), bool))


def test_legal_mask_batch_refuses_a_bad_out(spaces):
    space = spaces["strict"]
    hands = np.array(HANDS[:4], dtype=np.uint8)
    shape = (4, len(space))
    readonly = np.zeros(shape, bool)
    readonly.flags.writeable = False
    for out, words in [
        (np.zeros(shape, np.uint8), "dtype uint8"), (np.zeros((4, len(space) - 1), bool), "shape"),
        (np.zeros((5, len(space)), bool), r"\(5, 12658\)"),
        (np.zeros(shape, bool, order="F"), "shape"),
        (np.zeros((4, 2 * len(space)), bool)[:, ::2], "shape"), (readonly, "shape"),
        ([[False] * len(space)] * 4, "a list"), (3, "a int"),
    ]:
        with pytest.raises(ValueError, match=rf"out must be a writeable C-contiguous bool array of "
                                             rf"shape \(4, 12658\), not .*{words}"):
            space.legal_mask_batch(hands, out=out)


FOUR_TWO = Move.parse("3333+45").row
TWO = np.zeros((2, 15), np.uint8)
BAD_BATCHES = [
    (np.zeros((2, 14), np.uint8), None), (np.zeros(15, np.uint8), None),
    (np.zeros((2, 15), np.float64), None), (np.full((2, 15), 5, np.uint8), None),
    (np.array([[0] * 13 + [2, 0]], np.uint8), None),
    (np.array([[-1] + [0] * 14], np.int64), None), ("3334", None),
    (TWO, np.zeros(3, MOVE_DTYPE)), (TWO, np.zeros(2, np.int64)),
    (TWO, np.array([(0, 0, 0, 0), (10, 1, 0, 1)], MOVE_DTYPE)),
    (TWO, np.array([(0, 0, 0, 0), (0, 1, 0, 2)], MOVE_DTYPE)),
]


@pytest.mark.parametrize("name, hands, prevs", [
    *(("standard", hands, prevs) for hands, prevs in BAD_BATCHES),
    *(("openspiel", hands, prevs) for hands, prevs in BAD_BATCHES),
    # a four with two is a combination under standard, not under openspiel
    ("openspiel", TWO, np.array([(0, 0, 0, 0), FOUR_TWO], MOVE_DTYPE)),
])
def test_bad_batches_raise_as_legal_moves_batch(name, hands, prevs, spaces):
    space = spaces[name]
    with pytest.raises((TypeError, ValueError)) as expected:
        legal_moves_batch(hands, prevs, rules=space.rules)
    for call in (space.legal_ids_batch, space.legal_mask_batch):
        with pytest.raises(expected.type) as got:
            call(hands, prevs)
        assert str(got.value) == str(expected.value)


# --- threads ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["standard", "rlcard"])
def test_batches_from_several_threads(name, spaces, batch_rows):
    """Threads call the batch methods of one shared space on shared arrays at once: each
    answer is the single-threaded one."""
    space = spaces[name]
    hands, rows = batch_rows[name]
    prevs = rows["mixed"][0]
    want_offsets, want_ids = space.legal_ids_batch(hands, prevs)
    want_masks = space.legal_mask_batch(hands[:300], prevs[:300])

    def worker():
        for _ in range(5):
            offsets, ids = space.legal_ids_batch(hands, prevs)
            assert np.array_equal(offsets, want_offsets) and np.array_equal(ids, want_ids)
            assert np.array_equal(space.legal_mask_batch(hands[:300], prevs[:300]), want_masks)

    run_threads([worker] * 4)
