"""Action spaces of wild-card games (RULES.md 10, ddz_fast/_core/wild_ids.pxd): each play of
the canonical order is a block of ids, one per way wild cards may make its main part. The
blocks are listed here by brute force from their definition and the reference's plays; the
space's size, each block's order, ids and actions both ways, and the legal ids of seeded games
against the reference's moves."""

import functools
import itertools
import pickle
import random

import numpy as np
import pytest

from ddz_fast import (
    MOVE_DTYPE, PASS, WILD_MOVE_DTYPE, ActionSpace, Game, InvalidMoveError, Move, Rules,
    UnsupportedRulesError, legal_moves,
)
from helpers import as_reference, deal_wilds, reference_play
from oracles import reference

SYMBOLS = "3456789TJQKA2"
CHAINS = {"straight": 1, "pair_chain": 2, "plane": 3, "plane_singles": 3, "plane_pairs": 3}
ONE_RANK = {"pair": 2, "trio": 3, "trio_single": 3, "trio_pair": 3, "four_two_singles": 4,
            "four_two_pairs": 4, "bomb": 4}
SPACES = {"laizi": 1, "tiandi_laizi": 2}        # preset: wild ranks


@functools.lru_cache(maxsize=None)
def ways(kind, length, main, n_wild):
    """The ways of a play, in the space's order: (substitutes, second wild rank's count,
    pure-wild), from wild_ids.pxd's definition."""
    most = 4 * n_wild
    if kind in CHAINS:
        ranks, cap = range(main - length + 1, main + 1), CHAINS[kind]
    elif kind in ONE_RANK:
        ranks, cap = [main], ONE_RANK[kind] - 1
    elif kind == "long_bomb":
        ranks, cap = [main], min(length - 1, most)
    else:                                   # singles, the rocket, the pass and the bids
        ranks, cap = [], 0
    found = []
    for counts in itertools.product(range(cap + 1), repeat=len(ranks)):
        t = sum(counts)
        if t > most:
            continue
        subs = tuple(r for r, c in zip(ranks, counts) for _ in range(c))
        seconds = [0] if n_wild == 1 else range(max(0, t - 4), min(4, t) + 1)
        for second in seconds:
            for pure in ((False, True) if kind in ("bomb", "long_bomb") else (False,)):
                found.append(((t, counts, second, pure), subs, second, pure))
    return [way[1:] for way in sorted(found)]


def long_bombs():
    return [("long_bomb", length, rank) for rank in range(13) for length in range(5, 13)]


def plays():
    """The reference's plays under the default rules' switches, in canonical order (that of
    ActionSpace("standard"), which test_actions.py checks)."""
    space = ActionSpace("standard")
    return [(str(m.kind), m.length, m.main, m.cards) for m in space if isinstance(m, Move) and m.length]


@pytest.fixture(scope="module")
def standard_plays():
    found = plays()
    listed = reference.every_play()
    assert {(k, n, m, tuple(reference.parse(c))) for k, n, m, c in found} == listed
    return found


@pytest.mark.parametrize("name", SPACES)
def test_the_size_is_the_count_of_every_way(name, standard_plays):
    n_wild = SPACES[name]
    rules = Rules.preset(name)
    count = 4 + sum(len(ways(k, n, m, n_wild)) for k, n, m, _ in standard_plays)
    if rules.long_bombs:
        count += sum(len(ways(k, n, m, n_wild)) for k, n, m in long_bombs())
    assert len(ActionSpace(name)) == count
    assert count == {"laizi": 2_157_615, "tiandi_laizi": 28_009_921}[name]   # as documented


def block_ids(space, first_id, expected):
    actions = [space.action(i) for i in range(first_id, first_id + len(expected))]
    return [(tuple(SYMBOLS.index(s) for s in a.substitutes), a.second_wilds, a.pure_wild)
            for a in actions], actions


@pytest.mark.parametrize("name", SPACES)
def test_each_block_lists_its_ways_in_order(name, standard_plays):
    """Blocks follow the canonical order, each its ways in the documented order; ids and
    actions are inverse."""
    space, n_wild = ActionSpace(name), SPACES[name]
    rng = random.Random(name)
    by_shape = {}
    for play in standard_plays:
        by_shape.setdefault(play[:2], []).append(play)
    sample = [rng.choice(group) for group in by_shape.values()] + standard_plays[:3] \
        + standard_plays[-3:]
    if space.rules.long_bombs:
        sample += [(k, n, m, SYMBOLS[m] * n) for k, n, m in rng.sample(long_bombs(), 12)]
    next_block = {play: following for play, following in zip(standard_plays, standard_plays[1:])}
    for kind, length, main, cards in sample:
        rules = space.rules
        first = space.id(Move(kind, length, main, cards, rules=rules))
        expected = ways(kind, length, main, n_wild)
        found, actions = block_ids(space, first, expected)
        assert found == expected, (kind, length, main, cards)
        assert all((str(a.kind), a.length, a.main, a.cards) == (kind, length, main, cards)
                   for a in actions)
        assert [space.id(a) for a in actions] == list(range(first, first + len(expected)))
        following = next_block.get((kind, length, main, cards))
        if following is not None:               # the next play's block starts right after
            assert space.id(Move(*following, rules=rules)) == first + len(expected)
    # the pass and the bids first, as in the canonical order; the last id is the last block's
    assert (space.pass_id, space.bid_ids) == (0, (1, 2, 3))
    last = space.action(len(space) - 1)
    assert (str(last.kind), last.length) == (("long_bomb", 12) if space.rules.long_bombs
                                             else ("rocket", 1))


def wild_row(move):
    """A Move's fields as a WILD_MOVE_DTYPE row holds them."""
    subs = sorted(SYMBOLS.index(s) for s in move.substitutes)
    kind, length, main, cards = move.row
    return {"kind": kind, "length": length, "main": main, "cards": cards,
            "substitutes": sum((r + 1) << (4 * i) for i, r in enumerate(subs)),
            "wild": move.second_wilds | (0x10 if move.pure_wild else 0)}


@pytest.mark.parametrize("name", SPACES)
def test_legal_ids_of_games_are_the_references_moves(name):
    """Seeded games played by random legal ids: at every decision the actions of the legal
    ids are the reference's moves, each once."""
    space, rules = ActionSpace(name), Rules.preset(name)
    rng = random.Random(name)
    decisions = 0
    for seed in range(6):
        game = Game(seed, rules=rules)
        while game.phase == "auction":
            assert space.legal_ids(game).tolist() == [space.id(b) for b in game.legal_bids()]
            game.bid(rng.choice(game.legal_bids()))
        wild_ranks = deal_wilds(game)
        play = reference_play(game, rules, wild_ranks)
        while game.phase == "play":
            ids = space.legal_ids(game)
            assert list(ids) == sorted(set(ids.tolist()))
            actions = [space.action(i) for i in ids]
            found = [None if a == PASS else as_reference(wild_row(a), wild_ranks) for a in actions]
            assert len(set(found)) == len(found) and set(found) == play.moves(), game.position()
            mask = space.legal_mask(game)
            assert mask.shape == (len(space),) and np.flatnonzero(mask).tolist() == ids.tolist()
            k = rng.randrange(len(actions))
            game.play(actions[k])
            play.apply(found[k])
            decisions += 1
        assert len(space.legal_ids(game)) == 0
    assert decisions > 100


@pytest.mark.parametrize("name", SPACES)
def test_legal_ids_batch_equals_legal_ids(name):
    """legal_ids_batch of a wild-card space: row for row the legal_ids of each hand (checked
    against the reference above), at the decisions of seeded games (leads and answers, each
    with its deal's wild ranks), and with one set of wild ranks for every hand."""
    space, rules = ActionSpace(name), Rules.preset(name)
    rng = random.Random(name)
    hands, prevs, wilds = [], [], []
    for seed in range(4):
        game = Game(seed, rules=rules)
        while game.phase == "auction":
            game.bid(rng.choice(game.legal_bids()))
        while game.phase == "play":
            hands.append(game.hands[game.to_move].counts)
            prevs.append(game.last_move)
            wilds.append(deal_wilds(game))
            game.play(rng.choice(list(game.legal_moves())))
    rows = np.zeros(len(prevs), dtype=WILD_MOVE_DTYPE)
    for i, prev in enumerate(prevs):
        if prev is not None:
            for field, value in wild_row(prev).items():
                rows[i][field] = value
    hands, rows = np.array(hands, dtype=np.uint8), rows.view(MOVE_DTYPE)
    one = "5" if SPACES[name] == 1 else "59"
    for wild_ranks in (np.array(wilds)[:, 0] if SPACES[name] == 1 else np.array(wilds), one):
        offsets, ids = space.legal_ids_batch(hands, rows, wild_ranks=wild_ranks)
        assert offsets[0] == 0 and len(ids) == offsets[-1] and ids.dtype == np.int32
        for i, (hand, prev) in enumerate(zip(hands, prevs)):
            ranks = wild_ranks if isinstance(wild_ranks, str) else "".join(
                SYMBOLS[r] for r in wilds[i])
            expected = space.legal_ids(hand, prev, wild_ranks=ranks)
            assert ids[offsets[i]:offsets[i + 1]].tolist() == expected.tolist(), i
    assert len(hands) > 100
    leads, _ = space.legal_ids_batch(hands, wild_ranks=one)         # every row leads
    assert np.array_equal(np.diff(leads), [len(space.legal_ids(h, wild_ranks=one)) for h in hands])


def test_legal_ids_of_hands():
    space = ActionSpace("laizi")
    for hand, prev in [("34569", None), ("666777", "5556~5"), ("3337", "4444")]:
        moves = legal_moves(hand, prev, rules="laizi", wild_ranks="7")
        expected = sorted([space.id(m) for m in moves] + ([space.pass_id] if prev else []))
        assert space.legal_ids(hand, prev, wild_ranks="7").tolist() == expected
        assert np.flatnonzero(space.legal_mask(hand, prev, wild_ranks="7")).tolist() == expected
    # the rule book's example: 9s wild, 34569 is the straight 34567
    assert space.id("34567~7") in space.legal_ids("34569", wild_ranks="9")


def test_values_and_errors():
    space = ActionSpace("tiandi_laizi")
    assert pickle.loads(pickle.dumps(space)) == space and repr(space) == "ActionSpace('tiandi_laizi')"
    laizi = ActionSpace("laizi")
    tail = list(itertools.islice(iter(laizi), 4, 8))      # iteration: every id, in order
    assert tail == [laizi.action(i) for i in range(4, 8)]
    assert sum(1 for _ in itertools.islice(iter(laizi), 100_000)) == 100_000 < len(laizi)
    assert space.action(space.id("33333~33")) == Move.parse("33333~33", rules=space.rules)
    assert "33333~33" not in ActionSpace("laizi")                        # no long bombs there
    with pytest.raises(InvalidMoveError, match="has no id"):
        ActionSpace("laizi").id(Move.parse("33333~33", rules=space.rules))
    with pytest.raises(UnsupportedRulesError, match="action\\(id\\) gives each one's move"):
        space.actions
    with pytest.raises(UnsupportedRulesError, match=r"legal_mask_batch: a row of the 28,009,921 "
                       r"ids .* legal_ids_batch gives"):
        space.legal_mask_batch(np.zeros((1, 15), dtype=np.uint8))
    with pytest.raises(ValueError, match="wild_ranks is required"):
        space.legal_ids_batch(np.zeros((1, 15), dtype=np.uint8))
    with pytest.raises(ValueError, match="has no wild cards"):
        ActionSpace("standard").legal_ids_batch(np.zeros((1, 15), dtype=np.uint8), wild_ranks="7")
    with pytest.raises(ValueError, match="wild_ranks is required"):
        space.legal_ids("3")
    with pytest.raises(TypeError, match="takes no prev and no wild_ranks"):
        space.legal_ids(Game(1, rules="tiandi_laizi"), wild_ranks="79")
    with pytest.raises(ValueError, match="has no wild cards"):
        ActionSpace("standard").legal_ids("3", wild_ranks="7")
    with pytest.raises(UnsupportedRulesError, match=r"ActionSpace\('standard'\) has no ids for the "
                       r"wild-card moves .* ActionSpace\(game.rules\) has"):
        ActionSpace("standard").legal_ids(Game(1, rules="laizi"))
    # a game under other wild-card rules: the first of its moves without an id is named
    game = Game.from_hands(["33339999", "4", "5"], rules="tiandi_laizi", wild_ranks="97")
    with pytest.raises(InvalidMoveError, match=r"is legal under .* but has no id in "
                                               r"ActionSpace\('laizi'\)"):
        ActionSpace("laizi").legal_ids(game)
    with pytest.raises(ValueError, match="action id must be an integer in 0..28009920"):
        space.action(len(space))
