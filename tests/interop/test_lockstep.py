"""Games played in ddz_fast and a peer engine at once (pip install 'ddz-fast[peers]'): RLCard
1.2.0, OpenSpiel 2.0.2 and DouZero 1.1.0, each game started on the same deal through the
position bridges of ddz_fast.interop.

At every decision the peer's legal actions must be ddz_fast's (ids for RLCard and OpenSpiel,
with the mask now and then; card multisets for DouZero) up to the peer's known bugs: each
difference is explained by an entry of tests/peer_deviations.py and counted by name, and each
entry must be met. Then an action both allow is drawn and applied to both; the payoffs must
agree at the end. Universes, seeded positions and each entry's minimal positions are
tests/interop/test_peer_rules.py's.
"""

import random
from collections import Counter

import numpy as np
import pytest

from ddz_fast import Game, Hand
from ddz_fast.interop import douzero, openspiel, rlcard
from peer_deviations import DEVIATIONS
from peer_helpers import (
    DECK, DOUZERO, OPENSPIEL, batch_rows, blocks, douzero_choices, douzero_deal, draw,
    openspiel_choices, space,
)

MASK_EVERY = 16         # a mask has an element per action: check one decision in 16


def every_entry_met(peer, seen):
    return {d.name for d in DEVIATIONS[peer] if d.explains} <= set(seen)


# --- OpenSpiel: its state of the same deal (openspiel.to_state), auction included ------------

def openspiel_lockstep(game, rng, seen, first=None):
    """Play ``game`` and OpenSpiel's state of it to the end in lockstep, drawing each action
    from those both offer (``first`` first if it is one). Returns the play positions met, as
    (hand, move to beat, ddz_fast's ids)."""
    s = space("openspiel")
    state = openspiel.to_state(game)
    met = []
    while not state.is_terminal():
        assert game.phase != "over" and state.current_player() == game.to_move
        ours = s.legal_ids(game).tolist()
        if seen["decisions"] % MASK_EVERY == 0:
            assert np.flatnonzero(s.legal_mask(game)).tolist() == ours
        seen["decisions"] += 1
        if game.phase == "play":
            met.append((game.hands[game.to_move], game.last_move, ours))
        both = openspiel_choices(game, state, s, seen)
        action = first if first in both else rng.choice(both)
        first = None
        state.apply_action(action)
        if game.phase == "auction":
            game.bid(s.action(action))          # PASS is the auction's pass too
        else:
            game.play(s.action(action))
    assert game.phase == "over"
    assert tuple(state.returns()) == game.result.scores
    if game.result.winner is None:              # passed out: OpenSpiel ends the deal at 0
        assert game.result.scores == (0, 0, 0)
        seen["passed out"] += 1
    seen["bombs or rockets"] += game.result.bombs > 0
    return met


@pytest.mark.usefixtures("pyspiel")
def test_openspiel_random_games():
    """Seeded games of ddz_fast (deal, auction and play); then every play position met, as
    batch rows."""
    rng = random.Random(5)
    seen, met = Counter(), []
    for seed in range(600):
        met += openspiel_lockstep(Game(seed, rules=OPENSPIEL), rng, seen)
    assert seen["decisions"] > 30_000 and seen["passed out"] and seen["bombs or rockets"], seen
    assert every_entry_met("openspiel", seen), seen
    hands, prevs, ids = zip(*met)
    assert batch_rows(space("openspiel"), hands, prevs) == list(ids)


@pytest.mark.slow
@pytest.mark.usefixtures("pyspiel")
def test_openspiel_targeted_games():
    """Games whose landlord leads a play of a (kind, length) drawn uniformly and whose next
    seat holds one of the same kind and length where the deck allows: every kind and length
    as the move to beat (the three of 20 cards only end the game)."""
    rng = random.Random(7)
    by_block = blocks(OPENSPIEL)
    seen, answered = Counter(), set()
    for _ in range(1500):
        block = rng.choice(by_block)
        lead, other = rng.choice(block), Hand(rng.choice(block)).counts
        rest = DECK - Hand(lead).counts
        own = other if (other <= rest).all() and other.sum() <= 17 else np.zeros(15, dtype=int)
        rest = rest - own
        filler = draw(rng, 20 - len(Hand(lead)), rest)
        landlord, rest = Hand(lead).counts + filler, rest - filler
        filler = draw(rng, 17 - own.sum(), rest)
        second, third = own + filler, rest - filler
        kitty = draw(rng, 3, landlord)
        game = Game.from_hands([Hand(landlord), Hand(second), Hand(third)], landlord=0, bid=3,
                               kitty=Hand(kitty), rules=OPENSPIEL)
        met = openspiel_lockstep(game, rng, seen, first=space("openspiel").id(lead))
        answered |= {(prev.kind, prev.length) for _, prev, _ in met if prev is not None}
    assert len(answered) == len(by_block) - 3
    assert every_entry_met("openspiel", seen), seen


# --- RLCard: its seeded deal read by rlcard.from_env, then RLCard's own ids -------------------

@pytest.mark.slow
@pytest.mark.usefixtures("rl")
def test_rlcard_games():
    """RLCard's env (its judger prunes the lead moves incrementally): the same legal ids at
    every decision, the same winner and payoffs."""
    import rlcard as rlcard_package
    s = space("rlcard")
    env = rlcard_package.make("doudizhu", config={"seed": 11})
    rng = random.Random(11)
    seen = Counter()
    for _ in range(200):
        state, seat = env.reset()
        game = rlcard.from_env(env)
        assert [str(h) for h in game.hands] == [p.initial_hand for p in env.game.players]
        while not env.is_over():
            assert game.phase == "play" and seat == game.to_move
            ids = s.legal_ids(game).tolist()
            assert sorted(state["legal_actions"]) == ids
            if seen["decisions"] % MASK_EVERY == 0:
                assert np.flatnonzero(s.legal_mask(game)).tolist() == ids
            seen["decisions"] += 1
            action = rng.choice(ids)
            state, seat = env.step(action)
            game.play(s.action(action))
        assert game.phase == "over" and game.result.winner == (
            "landlord" if env.game.winner_id == 0 else "farmers")
        assert tuple(env.get_payoffs()) == game.result.scores
        seen["bombs or rockets"] += game.result.bombs > 0
    assert seen["decisions"] > 10_000 and seen["bombs or rockets"], seen


# --- DouZero: its Env's deal read by douzero.from_env, every scoring ---------------------------

@pytest.mark.slow
@pytest.mark.usefixtures("dz")
def test_douzero_games():
    """DouZero's Env under each of its objectives (wp, adp, logadp: the landlord's reward) and
    its game scores (num_scores: the douzero preset's points), against the preset with that
    scoring: hands, bombs and legal actions at every decision, the winner and the payoffs."""
    from douzero.env.env import Env
    seen = Counter()
    saved = np.random.get_state()
    try:
        for seed in range(400):
            rng = random.Random(seed)
            scoring = ("wp", "adp", "logadp", "points")[seed // 4 % 4]
            env = Env("adp" if scoring == "points" else scoring)
            game = douzero_deal(env, seed, DOUZERO.replace(scoring=scoring))
            reward = None
            while True:
                peer = env._env
                assert peer.bomb_num == game.bombs
                assert [peer.info_sets[p].player_hand_cards for p in douzero.POSITIONS] == [
                    douzero.to_cards(hand) for hand in game.hands]
                if reward is not None:
                    break
                assert douzero.POSITIONS.index(peer.acting_player_position) == game.to_move
                move = rng.choice(douzero_choices(game, env.infoset.legal_actions, seen))
                seen["decisions"] += 1
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
    assert seen["decisions"] > 10_000 and seen["bombs or rockets"], seen
    # (planes ranked by a wing trio: too rare in games; test_douzero_legal_moves meets it)
    assert {"duplicates", "rejected plays", "four trios on three"} <= set(seen), seen
