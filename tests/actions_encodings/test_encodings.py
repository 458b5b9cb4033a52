"""Observation encodings (ddz_fast.encodings) against the peers' own encoders: RLCard 1.2.0's
``DoudizhuEnv._extract_state``, OpenSpiel 2.0.2's ``observation_tensor`` and DouZero 1.1.0's
``get_obs``, byte for byte on
thousands of positions of seeded games played in lockstep (as tests/interop/test_lockstep.py does),
with and without the peers' bugs; then the arguments and the values."""

import pickle
import random
from collections import Counter

import numpy as np
import pytest

from ddz_fast import (
    PASS, ActionSpace, EncodingError, Game, Hand, InvalidPositionError, Move, Position, Rules,
    UnsupportedRulesError,
)
from ddz_fast.encodings import (
    COMPACT, DOUZERO, OPENSPIEL, RLCARD, CompactEncoding, DouZeroEncoding, Encoding,
    OpenSpielEncoding, RLCardEncoding,
)
from ddz_fast.interop import douzero as dzi
from ddz_fast.interop import openspiel as osi
from ddz_fast.interop import rlcard as rli
from peer_helpers import DOUZERO as DOUZERO_RULES
from peer_helpers import douzero_choices, douzero_deal

RLCARD_BUGGY = RLCardEncoding(bug_compatible=True)
OTHERS_HAND = range(54, 108)        # RLCard's others_hand block, which the hidden form drops
# Farmers' blocks of the landlord's and the teammate's last action (RLCard's bug, #292).
LAST_ACTIONS = slice(756, 864)
# OpenSpiel's red joker: its slots in the hand and played blocks, and where OpenSpiel writes it.
RED_JOKER = (67, 136)
RED_JOKER_SPILLED = (70, 139)


# --- RLCard: its deal read by rlcard.from_env, then both engines in lockstep ---------------

def rlcard_fixed(state, seat):
    """RLCard's obs with the fix of rlcard #292 (the break its loops lack): a farmer's
    [756:810) and [810:864) are the landlord's and the teammate's most recent actions, by
    RLCard's own _cards2array."""
    from rlcard.envs.doudizhu import _cards2array
    obs = state["obs"].copy()
    if seat == 0:
        return obs
    trace = state["raw_obs"]["trace"]
    for start, who in ((756, 0), (810, 3 - seat)):
        action = next((a for s, a in reversed(trace) if s == who), "pass")
        obs[start:start + 54] = _cards2array(action)
    return obs


@pytest.mark.slow
@pytest.mark.usefixtures("rl")
def test_rlcard_equals_extract_state():
    """At every decision of 150 games and at their ends (RLCard's observation of the seat
    after the winner), in both forms: bug_compatible equals RLCard's obs byte for byte; the
    default equals RLCard's with #292 fixed, and differs from RLCard's there only."""
    import rlcard
    space = ActionSpace("rlcard")
    hidden, hidden_buggy = RLCardEncoding(others_hand=False), RLCardEncoding(
        others_hand=False, bug_compatible=True)
    env = rlcard.make("doudizhu", config={"seed": 23})
    rng = random.Random(23)
    seen = Counter()
    for _ in range(150):
        state, seat = env.reset()
        game = rli.from_env(env)
        while True:
            obs = state["obs"]
            assert obs.dtype == np.int8 and obs.shape == RLCARD.shape(
                "landlord" if seat == 0 else "farmer")
            ours = RLCARD_BUGGY.encode(game, seat)
            assert ours.dtype == np.int8 and ours.tobytes() == obs.tobytes(), game.position()
            assert hidden_buggy.encode(game, seat).tobytes() == np.delete(obs, OTHERS_HAND).tobytes()
            fixed = rlcard_fixed(state, seat)
            assert RLCARD.encode(game, seat).tobytes() == fixed.tobytes(), game.position()
            assert hidden.encode(game, seat).tobytes() == np.delete(fixed, OTHERS_HAND).tobytes()
            differs = np.flatnonzero(fixed != obs)
            assert all(LAST_ACTIONS.start <= i < LAST_ACTIONS.stop for i in differs)
            seen["differ"] += len(differs) > 0
            seen["positions"] += 1
            if env.is_over():
                seen["ends"] += 1
                break
            assert seat == game.to_move and RLCARD_BUGGY.encode(game).tobytes() == ours.tobytes()
            action = rng.choice(sorted(state["legal_actions"]))
            state, seat = env.step(action)
            game.play(space.action(action))
    assert seen["positions"] > 5000 and seen["ends"] == 150 and seen["differ"] > 1000, seen


def rotated(game, k):
    """``game`` with every seat moved k places on, its play replayed: the same game, seated
    otherwise."""
    plays = [action for _, action in game.history if not isinstance(action, int)]
    start = game.copy()
    for _ in plays:
        start.undo()
    hands = [start.hands[(seat - k) % 3] for seat in range(3)]
    other = Game.from_hands(hands, landlord=(start.landlord + k) % 3, bid=start.winning_bid,
                            kitty=start.kitty, rules=game.rules)
    for action in plays:
        other.play(action)
    return other


def test_rlcard_roles_follow_the_landlord():
    """RLCard seats the landlord at 0; here he may sit anywhere: each seat's observation
    depends only on its place after the landlord."""
    rng = random.Random(3)
    rules = Rules.preset("rlcard").replace(auction="open")
    for seed in range(40):
        game = Game(seed, rules=rules)
        while game.phase == "auction":
            game.bid(rng.choice(game.legal_bids()))
        while game.phase == "play" and rng.random() < 0.97:
            game.play(rng.choice(game.legal_moves()))
        for k in (1, 2):
            other = rotated(game, k)
            for seat in range(3):
                for scheme in (RLCARD, RLCARD_BUGGY):
                    assert np.array_equal(scheme.encode(game, seat),
                                          scheme.encode(other, (seat + k) % 3))


def test_rlcard_quirks():
    """The one-hot of no cards left sets the last slot (RLCard's one_hot[n - 1]); the last
    9 actions are zero before the first action and for passes."""
    game = Game.from_hands(["33344456", "789TJ", "QQKKAA"], landlord=2, bid=3, kitty="QKA")
    obs = RLCARD.encode(game, 0)            # a farmer: the landlord's 6 cards left, of 20
    assert obs.shape == (901,) and obs[864:884].tolist() == [0] * 5 + [1] + [0] * 14
    assert not obs[108:648].any()           # no last action, no history
    game.play("QQKKAA")                     # the landlord goes out
    obs = RLCARD.encode(game, 0)
    assert obs[864:884].tolist() == [0] * 19 + [1]
    assert obs[108:162].tolist() == obs[162 + 8 * 54:648].tolist()     # the play that went out
    assert not obs[162:162 + 8 * 54].any()


# --- OpenSpiel: its state of the same deal, auction included --------------------------------

def spilled(correct):
    """OpenSpiel's tensor made from the corrected one: the red joker's one-hots moved 3 slots
    on, over the next block (where they may meet a 1 already there)."""
    tensor = correct.copy()
    for at, to in zip(RED_JOKER, RED_JOKER_SPILLED):
        count = int(np.flatnonzero(correct[at:at + 2])[0])
        tensor[at:at + 2] = 0
        tensor[to + count] = 1
    return tensor


@pytest.mark.slow
@pytest.mark.usefixtures("pyspiel")
def test_openspiel_equals_observation_tensor():
    """Every seat's tensor at every decision of 300 seeded games and at their ends (auctions,
    passed-out deals, play): bug_compatible equals ``observation_tensor(seat)``; the default
    differs exactly at the red joker's slots."""
    rules = Rules.preset("openspiel")
    space = ActionSpace("openspiel")
    buggy = OpenSpielEncoding(bug_compatible=True)
    rng = random.Random(17)
    seen = Counter()
    for seed in range(300):
        game = Game(seed, rules=rules)
        state = osi.to_state(game)
        while True:
            for seat in range(3):
                tensor = np.array(state.observation_tensor(seat), dtype=np.float32)
                ours = buggy.encode(game, seat)
                assert ours.dtype == np.float32 and ours.tobytes() == tensor.tobytes(), (
                    game.position(), seat, np.flatnonzero(ours != tensor))
                correct = OPENSPIEL.encode(game, seat)
                assert np.array_equal(spilled(correct), tensor)
                assert not tensor[[67, 68, 136, 137]].any()
                assert correct[0:69].sum() == correct[69:138].sum() == 15
                seen[game.phase] += 1
            if state.is_terminal():
                seen["passed out"] += game.result.winner is None
                break
            both = sorted(set(state.legal_actions()) & set(space.legal_ids(game).tolist()))
            action = rng.choice(both)
            state.apply_action(action)
            if game.phase == "auction":
                game.bid(space.action(action))
            else:
                game.play(space.action(action))
    assert seen["auction"] > 1000 and seen["play"] > 20_000 and seen["passed out"], seen


@pytest.mark.usefixtures("pyspiel")
def test_openspiel_set_up_game_has_no_face_up_card():
    """A game set up without a deal has no face-up card: its block is zero, where
    openspiel.to_state had to show one (the first bidder's lowest card)."""
    dealt = Game(3)
    hands = list(dealt.hands)
    hands[1] += dealt.kitty
    game = Game.from_hands(hands, landlord=1, bid=2, kitty=dealt.kitty, rules=Rules.preset("openspiel"))
    tensor = np.array(osi.to_state(game).observation_tensor(1), dtype=np.float32)
    ours = OpenSpielEncoding(bug_compatible=True).encode(game, 1)
    assert np.array_equal(ours[:144], tensor[:144]) and not ours[144:].any()
    assert tensor[144:].sum() == 1


def test_openspiel_layout():
    game = Game(7, rules=Rules.preset("openspiel"))
    seat = game.to_move
    obs = OPENSPIEL.encode(game)
    counts = Hand(game.hands[seat]).counts
    assert [int(np.flatnonzero(obs[5 * r:5 * r + 5])[0]) for r in range(13)] == counts[:13].tolist()
    assert obs[65 + counts[13]] == obs[67 + counts[14]] == 1
    assert obs[69] == 1 and not obs[138:141].any()         # nothing played, nobody has bid
    assert obs[141 + game.to_move] == 1 and obs[144:159].sum() == 1
    game.bid(2)
    assert OPENSPIEL.encode(game, seat)[138:141].tolist() == [1, 0, 0]       # the high bidder
    assert OPENSPIEL.encode(game, (seat + 2) % 3)[138:141].tolist() == [0, 0, 1]


# --- DouZero: its Env's deal read by douzero.from_env, as interop/test_lockstep.py plays it ----

@pytest.mark.slow
@pytest.mark.usefixtures("dz")
def test_douzero_equals_get_obs():
    """At every decision of 120 games (DouZero's own deals, trio-rich ones, ddz_fast's):
    x_no_action, z, x_batch (for DouZero's own legal actions, in its order, duplicates
    included) and z_batch equal ``get_obs(infoset)``'s, dtype, shape and bytes."""
    from douzero.env.env import Env, get_obs
    seen = Counter()
    saved = np.random.get_state()
    try:
        for seed in range(120):
            rng = random.Random(seed)
            env = Env("adp")
            game = douzero_deal(env, seed, DOUZERO_RULES)
            while game.phase == "play":
                seat = game.to_move
                obs = get_obs(env.infoset)
                role = "landlord" if seat == 0 else "farmer"
                assert obs["position"] == dzi.POSITIONS[seat]
                x = DOUZERO.encode(game)
                assert x.dtype == obs["x_no_action"].dtype == np.int8
                assert x.shape == DOUZERO.shape(role) == obs["x_no_action"].shape
                assert x.tobytes() == obs["x_no_action"].tobytes(), (
                    game.position(), np.flatnonzero(x != obs["x_no_action"]))
                z = DOUZERO.encode_z(game)
                assert z.dtype == obs["z"].dtype and z.shape == obs["z"].shape == (5, 162)
                assert z.tobytes() == obs["z"].tobytes(), game.position()
                legal = env.infoset.legal_actions
                batch = DOUZERO.encode_batch(game, [dzi.from_cards(a) for a in legal])
                assert batch.dtype == obs["x_batch"].dtype == np.float32
                assert batch.shape == obs["x_batch"].shape == (len(legal), x.size + 54)
                assert batch.tobytes() == obs["x_batch"].tobytes(), game.position()
                z_batch = np.repeat(z[np.newaxis].astype(np.float32), len(legal), axis=0)
                assert z_batch.dtype == obs["z_batch"].dtype
                assert z_batch.tobytes() == obs["z_batch"].tobytes()
                move = rng.choice(douzero_choices(game, legal, seen))
                row = [i for i, a in enumerate(legal) if dzi.from_cards(a) == Hand(move.cards)][0]
                assert DOUZERO.encode_batch(game, [move]).tobytes() == batch[row].tobytes()
                seen["decisions"] += 1
                seen["leads"] += game.last_move is None
                seen["bombs"] = max(seen["bombs"], game.bombs)
                env.step(dzi.to_cards(move))
                game.play(move)
            assert env._env.game_over
    finally:
        np.random.set_state(saved)
    assert seen["decisions"] > 3000 and seen["leads"] > 500 and seen["bombs"] >= 2, seen


def test_douzero_layout():
    """A farmer's blocks, the last actions (a pass: zero) and the bombs; z's rows."""
    game = Game(11, rules=DOUZERO_RULES)
    assert DOUZERO.encode_z(game).sum() == 0
    first = game.legal_moves()[0]
    game.play(first)
    game.play(game.legal_moves()[-1])           # landlord_down passes
    x = DOUZERO.encode(game)                    # landlord_up's
    assert x.shape == (430,)
    assert x[0:54].sum() == len(game.hands[2]) and (x[0:54] + x[54:108] + x[108:162]).sum() == 54
    assert x[216:270].tolist() == x[270:324].tolist() == x[108:162].tolist()   # the move to beat
    assert not x[324:378].any()                 # the teammate passed
    assert x[378 + 20 - 1 - len(first.cards)] == 1 and x[398 + 16] == 1 and x[415] == 1
    z = DOUZERO.encode_z(game).reshape(15, 54)
    assert z[13].tolist() == x[108:162].tolist() and not z[14].any() and not z[:13].any()
    assert DOUZERO.encode_batch(game, []).shape == (0, 484)
    assert DOUZERO.encode_batch(game, ["", Hand(game.hands[2])])[:, 430:].sum() == len(game.hands[2])


# --- arguments and values -------------------------------------------------------------------

def test_shapes_and_values():
    assert (RLCARD.name, RLCARD.dtype, RLCARD.shape("landlord"), RLCARD.shape("farmer")) == (
        "rlcard", np.dtype(np.int8), (790,), (901,))
    hidden = RLCardEncoding(others_hand=False)
    assert (hidden.shape("landlord"), hidden.shape("farmer")) == ((736,), (847,))
    assert (OPENSPIEL.name, OPENSPIEL.dtype, OPENSPIEL.shape("farmer")) == (
        "openspiel", np.dtype(np.float32), (159,))
    assert RLCARD == RLCardEncoding() != hidden and hash(RLCARD) == hash(RLCardEncoding())
    assert OPENSPIEL != RLCARD and OPENSPIEL == OpenSpielEncoding()
    assert repr(RLCARD) == "RLCardEncoding()"
    assert repr(RLCardEncoding(others_hand=False, bug_compatible=True)) == (
        "RLCardEncoding(others_hand=False, bug_compatible=True)")
    assert repr(OpenSpielEncoding(bug_compatible=True)) == "OpenSpielEncoding(bug_compatible=True)"
    for scheme in (RLCARD, hidden, RLCARD_BUGGY, OPENSPIEL, OpenSpielEncoding(bug_compatible=True)):
        copy = pickle.loads(pickle.dumps(scheme))
        assert copy == scheme and type(copy) is type(scheme) and repr(copy) == repr(scheme)
    assert (hidden.others_hand, hidden.bug_compatible, RLCARD_BUGGY.bug_compatible) == (False, False, True)
    assert isinstance(RLCARD, Encoding) and isinstance(OPENSPIEL, Encoding)
    assert (DOUZERO.name, DOUZERO.dtype, DOUZERO.shape("landlord"), DOUZERO.shape("farmer")) == (
        "douzero", np.dtype(np.int8), (319,), (430,))
    assert DOUZERO == DouZeroEncoding() != RLCARD and repr(DOUZERO) == "DouZeroEncoding()"
    assert pickle.loads(pickle.dumps(DOUZERO)) == DOUZERO and isinstance(DOUZERO, Encoding)


def test_out():
    game = Game(5, rules=Rules.preset("rlcard"))
    out = np.full(790, 7, dtype=np.int8)
    assert RLCARD.encode(game, 0, out=out) is out and np.array_equal(out, RLCARD.encode(game, 0))
    out = np.full(159, 7, dtype=np.float32)
    assert OPENSPIEL.encode(game, 1, out=out) is out and np.array_equal(out, OPENSPIEL.encode(game, 1))
    read_only = np.zeros(790, dtype=np.int8)
    read_only.flags.writeable = False
    for bad in (np.zeros(901, dtype=np.int8), np.zeros(790, dtype=np.uint8), read_only,
                np.zeros(1580, dtype=np.int8)[::2], np.zeros((1, 790), dtype=np.int8), [0] * 790):
        with pytest.raises(ValueError, match="out must be a writeable C-contiguous int8 array "
                                             r"of shape \(790,\)"):
            RLCARD.encode(game, 0, out=bad)
    game = Game(5, rules=Rules.preset("douzero"))
    out = np.full((5, 162), 7, dtype=np.int8)
    assert DOUZERO.encode_z(game, out=out) is out and not out.any()
    out = np.full((2, 484), 7, dtype=np.float32)
    moves = game.legal_moves()[:2]
    assert DOUZERO.encode_batch(game, moves, 1, out=out) is out
    assert np.array_equal(out, DOUZERO.encode_batch(game, moves, 1))
    with pytest.raises(ValueError, match=r"float32 array of shape \(2, 484\) \(2 actions of seat 1\)"):
        DOUZERO.encode_batch(game, moves, 1, out=np.zeros((2, 373), dtype=np.float32))
    with pytest.raises(ValueError, match=r"int8 array of shape \(5, 162\)"):
        DOUZERO.encode_z(game, out=np.zeros(810, dtype=np.int8))


def test_argument_errors():
    game = Game(5, rules=Rules.preset("rlcard"))
    with pytest.raises(TypeError, match="game must be a ddz_fast Game, not str"):
        RLCARD.encode("33344")
    for seat, error in ((3, ValueError), (-1, ValueError), (True, TypeError), (1.0, TypeError)):
        with pytest.raises(error, match="seat"):
            OPENSPIEL.encode(game, seat)
    assert np.array_equal(RLCARD.encode(game, np.int64(2)), RLCARD.encode(game, 2))
    with pytest.raises(ValueError, match="role must be one of"):
        RLCARD.shape("peasant")
    with pytest.raises(TypeError, match="role must be one of"):
        RLCARD.shape(0)
    for make in (lambda: RLCardEncoding(others_hand=1), lambda: RLCardEncoding(bug_compatible="yes"),
                 lambda: OpenSpielEncoding(bug_compatible=None)):
        with pytest.raises(TypeError, match="must be True or False"):
            make()
    with pytest.raises(TypeError):
        RLCardEncoding(True)
    with pytest.raises(TypeError, match="use RLCardEncoding, OpenSpielEncoding, DouZeroEncoding or "
                                        "CompactEncoding"):
        Encoding()
    with pytest.raises(TypeError, match="immutable"):
        RLCARD.__init__(others_hand=False)
    assert RLCARD.others_hand
    blank = RLCardEncoding.__new__(RLCardEncoding)
    with pytest.raises(ValueError, match="made without __init__"):
        blank.encode(game)
    with pytest.raises(ValueError, match="made without __init__"):
        OpenSpielEncoding.__new__(OpenSpielEncoding).shape("landlord")
    with pytest.raises(ValueError, match="made without __init__"):
        Game.__new__(Game).position()
    with pytest.raises(ValueError):
        RLCARD.encode(Game.__new__(Game))


def test_positions_without_a_layout():
    game = Game(5, rules=Rules.preset("openspiel"))
    assert game.phase == "auction" and OPENSPIEL.encode(game).shape == (159,)
    with pytest.raises(EncodingError, match="needs a landlord: the game is in its auction"):
        RLCARD.encode(game)
    while game.phase == "auction":
        game.bid(0)
    assert game.phase == "over" and game.result.winner is None
    with pytest.raises(EncodingError, match="everyone passed"):
        RLCARD.encode(game, 0)
    with pytest.raises(ValueError, match="the game is over"):
        OPENSPIEL.encode(game)
    assert OPENSPIEL.encode(game, 0).shape == (159,)
    # RLCard's one-hot of cards left is 17 wide for a farmer: no position holds a farmer of 18.
    big = Game.from_hands(["3", "44445555666677778", "999TTTT"], landlord=0)
    assert RLCARD.encode(big, 1).shape == (901,)
    with pytest.raises(InvalidPositionError, match="a farmer is dealt 17"):
        Game.from_hands(["3", "444455556666777788", "999TTTT"], landlord=0)
    assert issubclass(EncodingError, ValueError)
    auction = Game(5, rules=Rules.preset("openspiel"))
    for encode in (DOUZERO.encode, lambda g: DOUZERO.encode_batch(g, [])):
        with pytest.raises(EncodingError, match="the douzero encoding needs a landlord"):
            encode(auction)


# --- compact: ddz_fast's own scheme, against a plain encoder over the public API ------------

def compact_reference(game, seat):
    """The compact layout of ddz_fast.encodings, written from Game's public properties: its
    table for three seats, and for four (n = 4) each block of seats one seat longer."""
    def counts(cards):
        return np.array(Hand(cards).counts if cards else [0] * 15, dtype=np.int64)

    n = game.n_seats
    head = 100 if n == 3 else 117
    out = np.zeros(head + 225, dtype=np.int64)
    landlord_at, cards_left_at = 45 + 15 * n, 46 + 16 * n      # 90 and 94 of three seats
    hands, played = game.hands, game.cards_played
    out[0:15] = hands[seat].counts
    unseen = sum(counts(hands[(seat + k) % n]) for k in range(1, n))
    if game.phase == "auction":
        unseen += counts(game.kitty)
    for k in range(n):
        other = (seat + k) % n
        out[15 + 15 * k:30 + 15 * k] = played[other].counts
        out[cards_left_at + k] = len(hands[other])
    out[15 + 15 * n:30 + 15 * n] = unseen
    if game.last_move is not None:
        out[30 + 15 * n:45 + 15 * n] = game.last_move.counts   # (a long bomb's: past 4 a rank)
    landlord = game.landlord
    if landlord is None:
        landlord = Position.parse(game.position()).high      # the highest bidder so far
    if landlord is not None:
        out[landlord_at + (landlord - seat) % n] = 1
    out[landlord_at + n] = game.phase == "auction"
    out[head - 3] = game.bombs
    out[head - 2] = game.highest_bid
    plays = [action for _, action in game.history if isinstance(action, Move)]
    last = plays[-15:]
    out[head - 1] = len(last)
    for row, action in enumerate(last, start=15 - len(last)):
        if action != PASS:
            out[head + 15 * row:head + 15 + 15 * row] = action.counts
    if game.rules.wilds == "none":
        return out
    # the wild block: the wild ranks shown (1 the first, 2 the second), then the physical
    # cards of the move to beat and of the history's actions
    deal = Position.parse(game.position()).wilds
    wild = np.zeros(13 + 15 + 15 * 15, dtype=np.int64)
    for k, symbol in enumerate(game.wild_ranks):
        wild["3456789TJQKA2".index(symbol)] = k + 1
    if game.last_move is not None:
        wild[13:28] = game.last_move.physical_cards(deal).counts
    for row, action in enumerate(last, start=15 - len(last)):
        if action != PASS:
            wild[28 + 15 * row:43 + 15 * row] = action.physical_cards(deal).counts
    return np.concatenate([out, wild])


def random_decisions(rules, games, seed):
    """Every position of seeded games under `rules`, actions uniform among the legal ones."""
    rng = random.Random(seed)
    for i in range(games):
        game = Game(seed * 1000 + i, rules=rules)
        while True:
            yield game
            if game.phase == "over":
                break
            if game.phase == "auction":
                game.bid(rng.choice(game.legal_bids()))
            else:
                game.play(rng.choice(list(game.legal_moves())))


@pytest.mark.parametrize("preset", ["standard", "rlcard", "douzero", "openspiel", "strict", "laizi",
                                    "tiandi_laizi", "four_1v3", "four_2v2"])
def test_compact_equals_reference(preset):
    """Every seat at every position of 60 random games a preset (auctions, redeals, passed-out
    deals, ends included): the kernel equals the plain encoder."""
    seen = Counter()
    out = np.empty(COMPACT.shape("farmer", rules=preset), dtype=np.int8)
    for game in random_decisions(Rules.preset(preset), 60, 7):
        for seat in range(game.n_seats):
            expected = compact_reference(game, seat)
            assert COMPACT.encode(game, seat, out=out) is out
            assert out.tolist() == expected.tolist(), (seat, game.position())
        seen[game.phase] += 1
        seen["passes"] += game.passes > 0 and game.phase == "play"
        seen["full history"] += game.phase != "auction" and sum(
            isinstance(a, Move) for _, a in game.history) > 15
    assert seen["play"] > 1000 and seen["over"] == 60 and seen["passes"] > 100
    assert seen["full history"] > 500
    assert (seen["auction"] > 60) == (preset not in ("rlcard", "douzero"))


def test_compact_in_wild_card_games():
    """The wild block comes before the perfect-information tail; only compact observes wild
    cards, and shape() says so under the rules."""
    game = Game(5, rules="tiandi_laizi")
    assert COMPACT.shape("farmer", rules="tiandi_laizi") == (578,) == COMPACT.encode(game).shape
    assert COMPACT.shape("farmer") == (325,)
    while game.phase == "auction":
        game.bid(game.legal_bids()[-1])
    for _ in range(4):
        game.play(game.legal_moves()[0])
    perfect = CompactEncoding(perfect_information=True)
    assert perfect.shape("landlord", rules="laizi") == (608,)
    for seat in range(3):
        obs = perfect.encode(game, seat)
        assert obs[:578].tolist() == COMPACT.encode(game, seat).tolist()
        assert obs[578:593].tolist() == game.hands[(seat + 1) % 3].counts.tolist()
        assert obs[593:608].tolist() == game.hands[(seat + 2) % 3].counts.tolist()
    for scheme in (RLCARD, OPENSPIEL, DOUZERO):
        with pytest.raises(UnsupportedRulesError, match=f"the {scheme.name} encoding does not"):
            scheme.shape("farmer", rules="laizi")
        with pytest.raises(UnsupportedRulesError, match=f"the {scheme.name} encoding does not"):
            scheme.encode(game)


def test_compact_with_four_seats():
    """The four-player game's compact observation: 342 wide (387 with the other three hands);
    counts past a deck's (eight of a rank, 33 cards); the peers' schemes refuse it."""
    game = Game.from_hands(["33333333BBRR" + "4" * 8 + "5" * 8 + "6", "7", "8", "9"],
                           rules="four_2v2", landlord=0, bid=3)
    assert COMPACT.shape("landlord", rules="four_2v2") == (342,) == COMPACT.encode(game).shape
    obs = COMPACT.encode(game, 0)
    assert obs[0:15].tolist() == [8, 8, 8, 1] + [0] * 9 + [2, 2]
    assert obs[105:109].tolist() == [1, 0, 0, 0] and obs[110:114].tolist() == [29, 1, 1, 1]
    assert COMPACT.encode(game, 2)[105:109].tolist() == [0, 0, 1, 0]    # the partner opposite
    game.play("33333333")
    obs = COMPACT.encode(game, 1)
    assert obs[90:105].tolist() == [8] + [0] * 14 and obs[114] == 1 and obs[116] == 1
    assert obs[15 + 15 * 3] == 8 and obs[117 + 15 * 14] == 8     # played by the previous seat
    perfect = CompactEncoding(perfect_information=True)
    assert perfect.shape("farmer", rules="four_1v3") == (387,)
    full = perfect.encode(game, 1)
    assert full[:342].tolist() == obs.tolist()
    assert [full[342 + 15 * k:357 + 15 * k].tolist() for k in range(3)] == [
        game.hands[seat].counts.tolist() for seat in (2, 3, 0)]
    with pytest.raises(ValueError, match="seat must be an integer in 0..3, not 4"):
        COMPACT.encode(game, 4)
    space = ActionSpace("four_2v2")
    ids = space.legal_ids(game)
    assert COMPACT.action_features(space, ids).tolist() == [
        [0] * 15 if i == space.pass_id else space.action(i).counts.tolist() for i in ids]
    for scheme in (RLCARD, OPENSPIEL, DOUZERO):
        with pytest.raises(UnsupportedRulesError, match="three seats: the four-player game"):
            scheme.shape("farmer", rules="four_1v3")
        if scheme is not OPENSPIEL:         # (which has no action features)
            with pytest.raises(UnsupportedRulesError, match="three seats: the four-player"):
                scheme.action_features(space, ids)
        with pytest.raises(UnsupportedRulesError, match="three seats: the four-player game"):
            scheme.encode(game)


def test_compact_edge_cases():
    game = Game(7)                                  # the auction, before and after a bid
    obs = COMPACT.encode(game)
    assert obs.dtype == np.int8 and obs.shape == (325,) == COMPACT.shape("landlord")
    assert obs[93] == 1 and not obs[90:93].any() and obs[98] == 0 and obs[99] == 0
    assert obs[60:75].sum() == 37 and obs[94:97].tolist() == [17, 17, 17]
    first = game.to_move
    game.bid(2)
    assert COMPACT.encode(game, first)[90:93].tolist() == [1, 0, 0]
    assert COMPACT.encode(game, (first + 1) % 3)[90:93].tolist() == [0, 0, 1]
    assert COMPACT.encode(game)[98] == 2
    # A fresh lead, a pass, and the end of the game.
    game = Game.from_hands(["3357", "449", "6T"], landlord=0, bid=3)
    assert not COMPACT.encode(game)[75:90].any()
    game.play("33")
    obs = COMPACT.encode(game)                      # seat 1 answers 33
    assert obs[75] == 2 and obs[99] == 1 and obs[100 + 15 * 14] == 2
    assert obs[90:93].tolist() == [0, 0, 1] and obs[94:97].tolist() == [3, 2, 2]
    game.play("44")
    game.play("pass")
    obs = COMPACT.encode(game)                      # seat 0 to move after 33, 44, pass
    assert obs[99] == 3 and not obs[100 + 15 * 14:].any() and obs[100 + 15 * 13 + 1] == 2
    assert obs[75:90].tolist() == [0, 2] + [0] * 13
    assert obs[30 + 1] == 2 and obs[15] == 2        # played by seat 1 (next), by itself
    game.play("pass")
    obs = COMPACT.encode(game)                      # seat 1 leads afresh
    assert not obs[75:90].any() and obs[99] == 4 and not obs[100 + 15 * 13:].any()
    while game.phase != "over":
        game.play(game.legal_moves()[0])
    for seat in range(3):
        assert COMPACT.encode(game, seat).tolist() == compact_reference(game, seat).tolist()
    with pytest.raises(ValueError, match="the game is over"):
        COMPACT.encode(game)
    assert repr(COMPACT) == "CompactEncoding()" and COMPACT == CompactEncoding() != DOUZERO
    assert pickle.loads(pickle.dumps(COMPACT)) == COMPACT and COMPACT.name == "compact"
    with pytest.raises(TypeError, match="immutable"):
        COMPACT.__init__()
    with pytest.raises(ValueError, match="made without __init__"):
        CompactEncoding.__new__(CompactEncoding).encode(game, 0)


# --- perfect_information: the scheme's own layout, then the other two hands -------------------

def rlcard_cards(counts):
    """RLCard's _cards2array from 15 rank counts, written plainly: rank r held k times sets
    4r .. 4r+k-1; 52 the black joker, 53 the red."""
    out = [0] * 54
    for rank in range(13):
        for k in range(counts[rank]):
            out[4 * rank + k] = 1
    out[52], out[53] = counts[13], counts[14]
    return out


def openspiel_cards(counts):
    """OpenSpiel's hand block, the jokers in their own slots: 5r + k for the 13 ranks, then
    65 + k (black joker) and 67 + k (red)."""
    out = [0] * 69
    for rank in range(13):
        out[5 * rank + counts[rank]] = 1
    out[65 + counts[13]] = 1
    out[67 + counts[14]] = 1
    return out


PERFECT_SCHEMES = [   # (the scheme, its perfect-information form, a hand's tail writer)
    (COMPACT, CompactEncoding(perfect_information=True), list),
    (RLCARD, RLCardEncoding(perfect_information=True), rlcard_cards),
    (RLCardEncoding(others_hand=False, bug_compatible=True),
     RLCardEncoding(others_hand=False, bug_compatible=True, perfect_information=True), rlcard_cards),
    (OPENSPIEL, OpenSpielEncoding(perfect_information=True), openspiel_cards),
    (OpenSpielEncoding(bug_compatible=True),
     OpenSpielEncoding(bug_compatible=True, perfect_information=True), openspiel_cards),
    (DOUZERO, DouZeroEncoding(perfect_information=True), rlcard_cards),
]


def others_tail(game, seat, writer):
    hands = game.hands
    return writer(hands[(seat + 1) % 3].counts) + writer(hands[(seat + 2) % 3].counts)


@pytest.mark.parametrize("preset", ["standard", "rlcard", "douzero", "openspiel", "strict"])
def test_perfect_information_appends_the_other_hands(preset):
    """Every seat at every position of 40 random games a preset, every scheme: the prefix is
    the scheme's observation byte for byte, the tail the next seat's hand then the one
    after's by a plain writer; a position without a layout raises the same in both forms.
    DouZero's x_batch rows are the perfect x_no_action then the action's 54."""
    seen = Counter()
    for game in random_decisions(Rules.preset(preset), 40, 11):
        for seat in range(3):
            for scheme, perfect, writer in PERFECT_SCHEMES:
                try:
                    plain = scheme.encode(game, seat)
                except EncodingError as error:
                    with pytest.raises(EncodingError, match=str(error)[:30]):
                        perfect.encode(game, seat)
                    seen["no layout"] += 1
                    continue
                obs = perfect.encode(game, seat)
                role = "landlord" if game.landlord == seat else "farmer"
                assert obs.dtype == plain.dtype and obs.shape == perfect.shape(role)
                assert obs[:len(plain)].tobytes() == plain.tobytes(), (scheme, seat, game.position())
                assert obs[len(plain):].tolist() == others_tail(game, seat, writer), (
                    scheme, seat, game.position())
                seen[game.phase] += 1
            if game.landlord is not None and game.phase == "play" and seat == game.to_move:
                moves = list(game.legal_moves())[:4]
                batch = DouZeroEncoding(perfect_information=True).encode_batch(game, moves, seat)
                x = DouZeroEncoding(perfect_information=True).encode(game, seat).astype(np.float32)
                plain = DOUZERO.encode_batch(game, moves, seat)
                assert np.array_equal(batch[:, :len(x)], np.repeat(x[np.newaxis], len(moves), 0))
                assert np.array_equal(batch[:, len(x):], plain[:, -54:])
                seen["batches"] += 1
    assert seen["play"] > 3000 and seen["over"] > 100 and seen["batches"] > 500
    assert (seen["auction"] > 0) == (preset not in ("rlcard", "douzero"))


def test_perfect_information_values():
    tails = {"compact": 30, "rlcard": 108, "openspiel": 138, "douzero": 108}
    for scheme, perfect, _ in PERFECT_SCHEMES:
        assert not scheme.perfect_information and perfect.perfect_information
        for role in ("landlord", "farmer"):
            assert perfect.shape(role)[0] == scheme.shape(role)[0] + tails[scheme.name]
        assert perfect != scheme and hash(perfect) != hash(scheme)
        assert perfect == type(perfect)(**{name: getattr(perfect, name) for name in (
            "others_hand", "bug_compatible", "perfect_information") if hasattr(perfect, name)})
        copy = pickle.loads(pickle.dumps(perfect))
        assert copy == perfect and type(copy) is type(perfect) and repr(copy) == repr(perfect)
        assert eval(repr(perfect)) == perfect and "perfect_information=True" in repr(perfect)
        with pytest.raises(TypeError, match="perfect_information must be True or False, not 1"):
            type(perfect)(perfect_information=1)
        with pytest.raises(TypeError, match="perfect_information must be True or False"):
            type(perfect)(perfect_information="yes")
    assert repr(RLCardEncoding(bug_compatible=True, perfect_information=True)) == (
        "RLCardEncoding(bug_compatible=True, perfect_information=True)")
    assert repr(DouZeroEncoding(perfect_information=False)) == "DouZeroEncoding()"
    with pytest.raises(ValueError, match="made without __init__"):
        CompactEncoding.__new__(CompactEncoding).perfect_information
    # The auction: the other hands without the kitty; the end: the losers' hands.
    game = Game(7)
    perfect = CompactEncoding(perfect_information=True)
    assert perfect.encode(game, 0)[325:].sum() == 34
    game = Game.from_hands(["3", "44", "5"], landlord=0, bid=3)
    game.play("3")
    assert perfect.encode(game, 0)[325:].tolist() == [0, 2] + [0] * 13 + [0, 0, 1] + [0] * 12
    out = np.full(538, 7, dtype=np.int8)
    game = Game(5, rules=Rules.preset("douzero"))
    assert DouZeroEncoding(perfect_information=True).encode(game, 1, out=out) is out
    with pytest.raises(ValueError, match=r"shape \(427,\)"):
        DouZeroEncoding(perfect_information=True).encode(game, 0, out=np.zeros(319, np.int8))
