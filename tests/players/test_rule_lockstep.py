"""RulePlayer against RLCard's own rule agent (rlcard.models.doudizhu_rule_models'
DouDizhuRuleAgentV1), in lockstep: games of RLCard where every seat is RLCard's agent (driven
through RLCard's DoudizhuGame, whose states are the env's raw observations), replayed in a
ddz_fast Game (rlcard.from_env, then RLCard's actions). At every decision the
reference (oracles/reference_rule_player.py) reads the position (from the Game) and RLCard's
legal actions (from RLCard's state) and says which actions the rule allows; RLCard's choice and
RulePlayer's must be among them, and both must be the reference's choice where the rule
determines one (everywhere but the uniform fallback, which RLCard draws from numpy's global
generator). PYTHONHASHSEED is left as it is.

The agent leads only singles, pairs, trios, planes, straights, bombs and the rocket, so in its
own games it never answers a combination with kickers, where several answers share the lowest
main rank and RLCard's order decides: the games with a random seat (its actions drawn uniformly
from RLCard's legal actions, and not compared) are for those.
"""

import random
from collections import Counter

import numpy as np
import pytest

from ddz_fast import Hand, RulePlayer
from ddz_fast.interop import rlcard
from oracles.reference import parse
from oracles.reference_rule_player import PASS, decide, text


def counts(cards):
    return tuple(int(c) for c in Hand(cards).counts)


def play_in_lockstep(games, seed, random_seat=None):
    """Plays `games` games, `random_seat` (if any) drawing uniformly; returns the counts of the
    agent's decisions by case, of ties (several answers of the lowest main rank) and the
    differences found (each a description)."""
    from rlcard.games.doudizhu.game import DoudizhuGame
    from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1
    peer = DoudizhuGame()
    peer.np_random = np.random.RandomState(seed)       # the deals
    agent = DouDizhuRuleAgentV1()
    ours = RulePlayer(seed=seed)
    rng = random.Random(seed)
    seen, differences = Counter(), []
    saved = np.random.get_state()
    np.random.seed(seed)            # the agent's uniform draws
    try:
        for _ in range(games):
            raw, seat = peer.init_game()
            game = rlcard.from_env(peer)
            while not peer.is_over():
                assert seat == game.to_move == raw["self"] and raw["landlord"] == game.landlord
                assert str(game.hands[seat]) == raw["current_hand"]
                if seat == random_seat:     # (RLCard lists the leads in a set's order)
                    theirs = rng.choice(sorted(raw["actions"]))
                    raw, seat = peer.step(theirs)
                    game.play(rlcard.from_action(theirs))
                    continue
                prev = None if game.last_move is None else counts(game.last_move.cards)
                legal = [PASS if a == "pass" else parse(a) for a in raw["actions"]]
                decision = decide(counts(game.hands[seat]), prev, legal, seat, game.landlord)
                theirs, mine = agent.step({"raw_obs": raw}), ours(game)
                seen["positions"] += 1
                seen[decision.case] += 1
                seen["singleton"] += len(decision.candidates) == 1
                seen["ties"] += decision.case == "follow" and len(decision.candidates) > 1
                for who, cards in (("RLCard", parse(theirs)), ("RulePlayer", counts(mine.cards))):
                    if cards not in decision.candidates or decision.choice not in (None, cards):
                        differences.append(f"{game.position()}: {who} played {text(cards)}, "
                                           f"the rule {decision.case}: {text(decision.choice)}")
                raw, seat = peer.step(theirs)
                game.play(rlcard.from_action(theirs))
            assert game.result is not None and game.result.winner == (
                "landlord" if peer.winner_id == game.landlord else "farmers")
    finally:
        np.random.set_state(saved)
    return seen, differences


def check(games, seed, random_seat=None):
    seen, differences = play_in_lockstep(games, seed, random_seat)
    assert not differences, (len(differences), differences[:5])
    # (with seat 2 random, the agents' seat before is the landlord or seat 2: never a pass)
    assert {"lead", "follow", "random"} | ({"pass"} if random_seat != 2 else set()) <= set(seen), seen
    assert seen["ties"] if random_seat is not None else not seen["ties"], seen
    return seen


@pytest.mark.usefixtures("rl")
@pytest.mark.parametrize("random_seat", [None, 0])
def test_rule_player_follows_rlcard_agent(random_seat):
    """A hundred games of each kind (the quick loop's)."""
    seen = check(100, 27, random_seat)
    assert seen["positions"] > 2_500, seen


@pytest.mark.slow
@pytest.mark.usefixtures("rl")
@pytest.mark.parametrize("random_seat", [None, 0, 1, 2])
def test_rule_player_follows_rlcard_agent_long(random_seat):
    seen = check(2_000 if random_seat is None else 700, 2027, random_seat)
    assert seen["positions"] > 20_000, seen
