"""Seeded games played in ddz_fast and a peer engine at once (pip install 'ddz-fast[peers]').

Each game starts both engines on the same deal; at every decision the legal actions must be
equal (ids for RLCard and OpenSpiel, card multisets for DouZero), then the same action, drawn
uniformly from ddz_fast's legal set, is applied to both; the payoffs must agree at the end.
Known peer bugs are told apart by the small predicates below and counted; anything else fails.
"""

import random
from collections import Counter

import pytest

from ddz_fast import PASS, ActionSpace, Game, Hand, Kind, Rules
from ddz_fast.interop import douzero, openspiel, rlcard

OPENSPIEL = Rules.preset("openspiel")
DOUZERO = Rules.preset("douzero")
CHAINS = (Kind.STRAIGHT, Kind.PAIR_CHAIN, Kind.PLANE)


# --- known peer bugs (the probes' FINDINGS.md), as small predicates --------------------------

def openspiel_skips(move, hand):
    """OpenSpiel B1: a chain without kickers whose lowest rank the player holds four times is
    never offered (SearchChainOnlyActions skips a chain head held kNumSuits times)."""
    return move.kind in CHAINS and hand.counts[move.main - move.length + 1] == 4


def openspiel_bombs_rocket(move, to_beat):
    """OpenSpiel B2: every bomb in the hand is offered against the rocket."""
    return to_beat is not None and to_beat.kind is Kind.ROCKET and move.kind is Kind.BOMB


def openspiel_action(space, game, action):
    """ddz_fast's action for an OpenSpiel id at ``game`` (its pass id is the auction's pass too)."""
    move = space.action(action)
    return 0 if game.phase == "auction" and move == PASS else move


def check_openspiel_legal(game, state, space, seen):
    """OpenSpiel's legal ids at ``state`` are ddz_fast's at ``game``, but for B1 and B2; returns
    the ids both offer."""
    ours = set(space.legal_ids(game).tolist())
    theirs = set(state.legal_actions())
    if game.phase == "auction":
        assert ours == theirs
        return ours
    hand = game.hands[game.to_move]
    skipped = {a for a in ours if a != space.pass_id and openspiel_skips(space.action(a), hand)}
    bombs = {a for a in theirs - ours if openspiel_bombs_rocket(space.action(a), game.last_move)}
    assert ours - theirs == skipped and theirs - ours == bombs, game.position()
    seen["OpenSpiel B1: chains skipped"] += len(skipped)
    seen["OpenSpiel B2: bombs offered against the rocket"] += len(bombs)
    return ours - skipped


def kicker_counts(move):
    """The card counts of a plane with single kickers outside its trios."""
    lowest = move.main - move.length + 1
    return [c for rank, c in enumerate(Hand(move).counts) if not lowest <= rank <= move.main]


def douzero_misreads(move):
    """DouZero B1/B2: a plane with single kickers holding three or four cards of a rank is
    offered, then misread (a WRONG type, or ranked by the kickers' trio): never played here."""
    return move.kind is Kind.PLANE_SINGLES and max(kicker_counts(move)) >= 3


def douzero_ranks_by_kicker_trio(cards, to_beat):
    """DouZero B2/B3: against a plane with single kickers it offers any plane of that size whose
    highest rank held three times (a kicker trio, or a fourth trio) is above the plane's."""
    if to_beat is None or to_beat.kind is not Kind.PLANE_SINGLES or len(cards) != 4 * to_beat.length:
        return False
    counts = douzero.from_cards(cards).counts
    return max(rank for rank in range(15) if counts[rank] == 3) > to_beat.main


# --- OpenSpiel: Game(seed) and the chance actions of the same deal, auction included ----------

def test_openspiel_lockstep():
    pytest.importorskip("pyspiel")
    space = ActionSpace("openspiel")
    seen = Counter()
    for seed in range(300):
        rng = random.Random(seed)
        game = Game(seed, rules=OPENSPIEL)
        state = openspiel.to_state(game)
        while game.phase != "over":
            assert not state.is_terminal() and state.current_player() == game.to_move
            action = rng.choice(sorted(check_openspiel_legal(game, state, space, seen)))
            state.apply_action(action)
            game.push(openspiel_action(space, game, action))
            seen["decisions"] += 1
        assert state.is_terminal()
        assert tuple(state.returns()) == game.result.scores
        seen["passed out" if game.result.winner is None else "played out"] += 1
        seen["bombs or rockets"] += game.result.bombs > 0
    assert seen["passed out"] and seen["bombs or rockets"], seen
    assert seen["OpenSpiel B1: chains skipped"], seen
    assert seen["OpenSpiel B2: bombs offered against the rocket"], seen


# --- RLCard: its seeded deal read by rlcard.from_env, then RLCard's own ids -------------------

def test_rlcard_lockstep():
    rlcard_package = pytest.importorskip("rlcard")
    space = ActionSpace("rlcard")
    env = rlcard_package.make("doudizhu", config={"seed": 11})
    seen = Counter()
    for seed in range(200):
        rng = random.Random(seed)
        state, player = env.reset()
        game = rlcard.from_env(env)
        assert [str(h) for h in game.hands] == [p.initial_hand for p in env.game.players]
        while not env.is_over():
            assert game.phase == "play" and player == game.to_move
            ours = space.legal_ids(game).tolist()
            assert set(state["legal_actions"]) == set(ours)
            action = rng.choice(ours)
            state, player = env.step(action)
            game.push(space.action(action))
            seen["decisions"] += 1
        assert game.phase == "over" and game.result.winner == (
            "landlord" if env.game.winner_id == 0 else "farmers")
        assert tuple(env.get_payoffs()) == game.result.scores
        seen["bombs or rockets"] += game.result.bombs > 0
    assert seen["bombs or rockets"], seen


# --- DouZero: its seeded Env deal read by douzero.from_env, every scoring ---------------------

def check_douzero_legal(game, legal, seen):
    """DouZero's legal card lists are ddz_fast's moves as card multisets, but for B0 (the same
    list twice) and the plays it offers and then misreads."""
    from douzero.env import move_detector

    theirs = {tuple(cards) for cards in legal}
    ours = {tuple(douzero.to_cards(move)) for move in game.legal_moves()}
    seen["DouZero B0: lists with a duplicate"] += len(theirs) < len(legal)
    assert ours <= theirs, game.position()
    for cards in theirs - ours:
        if move_detector.get_move_type(list(cards))["type"] == move_detector.TYPE_15_WRONG:
            seen["DouZero B1: plays it cannot read"] += 1
        else:
            assert douzero_ranks_by_kicker_trio(cards, game.last_move), (cards, game.position())
            seen["DouZero B2/B3: planes ranked by a kicker trio"] += 1


def trio_rich_deal(rng):
    """DouZero's card_play_data for a deal full of trios and planes: the rank-ordered deck,
    rotated, with a few random swaps, cut 20/17/17 (the kitty, the landlord's last three)."""
    deck = [number for number in douzero.CARD_NUMBERS for _ in range(4 if number < 20 else 1)]
    cut = rng.randrange(54)
    deck = deck[cut:] + deck[:cut]
    for _ in range(12):
        i, j = rng.randrange(54), rng.randrange(54)
        deck[i], deck[j] = deck[j], deck[i]
    return {"landlord": sorted(deck[:20]), "landlord_down": sorted(deck[20:37]),
            "landlord_up": sorted(deck[37:]), "three_landlord_cards": sorted(deck[17:20])}


def new_douzero_env(env_module, np, scoring, seed):
    """A DouZero Env for ``scoring`` at the start of a deal: its own seeded shuffle for even
    seeds, a trio-rich deal (through card_play_init, as Env.reset does) for odd ones."""
    env = env_module.Env("adp" if scoring == "points" else scoring)
    if seed % 2:
        env._env.reset()
        env._env.card_play_init(trio_rich_deal(random.Random(seed)))
        env.infoset = env._env.game_infoset
    else:
        np.random.seed(seed)          # Env.reset shuffles with numpy's global generator
        env.reset()
    return env


def test_douzero_lockstep():
    np = pytest.importorskip("numpy")
    env_module = pytest.importorskip("douzero.env.env")
    seen = Counter()
    saved = np.random.get_state()
    try:
        for seed in range(400):
            rng = random.Random(seed)
            scoring = ("wp", "adp", "logadp", "points")[seed // 2 % 4]
            env = new_douzero_env(env_module, np, scoring, seed)
            dealt = douzero.from_env(env)
            game = Game.from_hands(dealt.hands, kitty=dealt.kitty,
                                   rules=DOUZERO.replace(scoring=scoring))
            reward = None
            while reward is None:
                peer = env._env
                assert douzero.POSITIONS.index(peer.acting_player_position) == game.to_move
                assert peer.bomb_num == game.bombs
                assert [douzero.from_cards(peer.info_sets[p].player_hand_cards)
                        for p in douzero.POSITIONS] == list(game.hands)
                check_douzero_legal(game, env.infoset.legal_actions, seen)
                moves = list(game.legal_moves())
                choices = [move for move in moves if not douzero_misreads(move)]
                seen["decisions avoiding DouZero B1/B2"] += len(choices) < len(moves)
                move = rng.choice(choices)
                _, r, done, _ = env.step(douzero.to_cards(move))
                game.play(move)
                reward = r if done else None
            result = game.result
            assert result is not None and result.winner == (
                "landlord" if env._env.winner == "landlord" else "farmers")
            if scoring == "points":
                scores = env._env.num_scores
                assert result.scores == (scores["landlord"], scores["farmer"], scores["farmer"])
            else:       # the landlord's reward; DouZero's farmers train on its opposite
                assert result.scores == (reward, -reward, -reward)
            seen["bombs or rockets"] += result.bombs > 0
    finally:
        np.random.set_state(saved)
    assert seen["bombs or rockets"] and seen["DouZero B0: lists with a duplicate"], seen
    assert seen["decisions avoiding DouZero B1/B2"] and seen["DouZero B1: plays it cannot read"], seen
    assert seen["DouZero B2/B3: planes ranked by a kicker trio"], seen
