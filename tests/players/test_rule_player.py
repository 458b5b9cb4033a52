"""RulePlayer (the native kernel _core/rule.pyx) against the pure-Python reference of RLCard's
rule agent (oracles/reference_rule_player.py) on seeded positions of full games, the two-seat
games, the other presets' games (the rule on ddz_fast's kinds), the auction (GreedyPlayer's
bids), the uniform fallback and the checks. The lockstep with RLCard itself is
test_rule_lockstep.py."""

import random
from collections import Counter

import pytest

from ddz_fast import (
    PASS, Game, GreedyPlayer, Hand, IllegalActionError, Kind, Move, RandomPlayer, RulePlayer, Rules, every_play,
)
from ddz_fast._rule import rule_action
from oracles.reference_rule_player import decide, text

DECK = [r for r in range(13) for _ in range(4)] + [13, 14]
KICKER_KINDS = {Kind.TRIO_SINGLE, Kind.TRIO_PAIR, Kind.PLANE_SINGLES, Kind.PLANE_PAIRS,
                Kind.FOUR_TWO_SINGLES, Kind.FOUR_TWO_PAIRS}


def counts(cards):
    return tuple(int(c) for c in Hand(cards).counts)


def decision_at(game):
    seat = game.to_move
    prev = None if game.last_move is None else counts(game.last_move.cards)
    legal = [counts(m.cards) for m in game.legal_moves()]
    return decide(counts(game.hands[seat]), prev, legal, seat, game.landlord, game.n_seats)


def play(game, players, check):
    """Play `game` to the end, players[seat] choosing; `check(game)` before each
    RulePlayer decision."""
    while game.phase != "over":
        player = players[game.to_move]
        if isinstance(player, RulePlayer) and game.phase == "play":
            check(game)
        action = player(game)
        if game.phase == "auction":
            game.bid(action)
        else:
            game.play(action)


def agrees(seen):
    def check(game):
        decision = decision_at(game)
        mine = counts(RulePlayer(seed=0)(game).cards)
        assert mine in decision.candidates and decision.choice in (None, mine), (
            game.position(), text(mine), decision)
        seen[decision.case] += 1
        seen["ties"] += decision.case == "follow" and len(decision.candidates) > 1
    return check


def mixed_seats(rng, n_seats):
    """RulePlayers, and now and then a RandomPlayer (whose plays with kickers make the ties)."""
    return [RandomPlayer(rng.randrange(2 ** 32)) if rng.random() < 0.3 else RulePlayer(rng.randrange(2 ** 32))
            for _ in range(n_seats)]


def test_rule_player_is_the_reference():
    """Full games of the rlcard preset: RulePlayer's choice is the reference's where the rule
    determines one, and among the legal actions where it draws."""
    rng, seen = random.Random(1), Counter()
    for seed in range(250):
        play(Game(seed, rules="rlcard"), mixed_seats(rng, 3), agrees(seen))
    assert sum(seen.values()) - seen["ties"] > 7_000 and seen["ties"] > 20, seen
    assert {"lead", "follow", "pass", "random"} <= set(seen), seen


def test_answers_to_kickers():
    """Seeded positions where the farmer after the landlord answers a combination with kickers
    and holds a play of its kind and length (both drawn from every play of those kinds), with
    random cards besides: where several answers share the lowest main rank, RLCard's order of
    the kickers decides."""
    rng, seen = random.Random(4), Counter()
    blocks = {}
    for move in every_play("rlcard"):
        if move.kind in KICKER_KINDS and len(move.cards) <= 17:
            blocks.setdefault((str(move.kind), move.length), []).append(move)
    keys = sorted(blocks)
    while seen["ties"] < 500:
        block = blocks[rng.choice(keys)]
        move = rng.choice(block)
        prev, answer = Hand(move.cards), Hand(rng.choice(block).cards)
        left = [DECK.count(r) - int(prev.counts[r]) - int(answer.counts[r]) for r in range(15)]
        if min(left) < 0:
            continue
        rest = [r for r in range(15) for _ in range(left[r])]
        rng.shuffle(rest)
        first, second = rng.randint(1, 20 - len(prev)), rng.randint(0, 17 - len(answer))
        parts = [Hand(list(map(part.count, range(15)))) for part in (
            rest[:first], rest[first:first + second], rest[first + second:][:rng.randint(1, 17)])]
        game = Game.from_hands([parts[0] + prev, parts[1] + answer, parts[2]], rules="rlcard")
        game.play(move)
        agrees(seen)(game)
    assert seen["follow"] > 600 and seen["random"], seen


def test_two_seat_games():
    """The landlord against one farmer (Game.from_hands with two hands): the seat before is
    always the other side's, so the farmer never passes by rule."""
    rng, seen = random.Random(2), Counter()
    for _ in range(300):
        cut, size = rng.randint(1, 20), rng.randint(1, 17)
        cards = rng.sample(DECK, cut + size)
        hands = [Hand(list(map(part.count, range(15)))) for part in (cards[:cut], cards[cut:])]
        play(Game.from_hands(hands, rules="rlcard"), mixed_seats(rng, 2), agrees(seen))
    assert seen["pass"] == 0 and {"lead", "follow", "random"} <= set(seen), seen
    assert sum(seen.values()) > 2_000, seen


@pytest.mark.parametrize("preset", ["standard", "strict", "openspiel", "douzero"])
def test_other_rules(preset):
    """Under the other presets the rule reads ddz_fast's kinds: the reference's lead (it
    depends on the hand alone); an answer of the kind and length of the move to beat with the
    lowest main rank when there is one; a pass or any legal move otherwise, as the rule says.
    In the auction, GreedyPlayer's bids."""
    rng, seen = random.Random(3), Counter()

    def check(game):
        mine = RulePlayer(seed=0)(game)
        prev, seat = game.last_move, game.to_move
        if prev is None:
            assert counts(mine.cards) == decision_at(game).choice
            seen["lead"] += 1
            return
        same = [m for m in game.legal_moves() if m.kind == prev.kind and m.length == prev.length]
        if same:
            assert (mine.kind, mine.length, mine.main) == (prev.kind, prev.length, min(m.main for m in same))
            seen["follow"] += 1
        elif (seat - 1) % game.n_seats != game.landlord and seat != game.landlord:
            assert mine == PASS
            seen["pass"] += 1
        else:
            assert mine in game.legal_moves()
            seen["random"] += 1

    greedy = GreedyPlayer()
    for seed in range(150):
        game = Game(seed, rules=preset)
        players = mixed_seats(rng, 3)
        while game.phase == "auction":
            bid = players[game.to_move](game)
            if isinstance(players[game.to_move], RulePlayer):
                assert bid == greedy(game)
                seen["bid"] += 1
            game.bid(bid)
        play(game, players, check)
    assert {"lead", "follow", "pass", "random"} <= set(seen), seen
    assert seen["bid"] > 0 if Rules.preset(preset).auction != "none" else not seen["bid"], seen


def random_case_position():
    """A position where the rule draws: a farmer right after the landlord, with no answer of
    the same kind (a 2 to beat, and bombs only: four bombs and the pass to choose from)."""
    game = Game.from_hands(["2K", "4444555566667777", "B"], rules="rlcard")
    game.play("2")
    assert decision_at(game).case == "random"
    return game


def test_the_fallback_draws_uniformly_from_the_seed():
    game = random_case_position()
    legal = list(game.legal_moves())
    drawn = Counter(RulePlayer(seed=s)(game) for s in range(600))
    assert set(drawn) == set(legal) and min(drawn.values()) > 600 / len(legal) / 2, drawn
    player, again = RulePlayer(seed=9), RulePlayer(seed=9)
    assert [player(game) for _ in range(50)] == [again(game) for _ in range(50)]


def test_rule_action_returns_the_next_state():
    game = random_case_position()
    action, state = rule_action(game, 5)
    assert action in game.legal_moves() and state != 5
    assert rule_action(game, 5) == (action, state)
    lead = Game.from_hands(["3", "4", "5"], rules="rlcard")
    assert rule_action(lead, 5) == (Move.parse("3"), 5)     # determined: nothing drawn


def test_checks_and_repr():
    player = RulePlayer(seed=12)
    assert repr(player) == "RulePlayer(seed=12)" and eval(repr(player)).seed == 12
    assert RulePlayer.native == "rule" and RulePlayer().seed != RulePlayer().seed
    game = Game.from_hands(["3", "4", "5"], rules="rlcard")
    game.play("3")
    with pytest.raises(IllegalActionError, match="over"):
        player(game)
    with pytest.raises(ValueError, match="seed"):
        RulePlayer(seed=-1)
    with pytest.raises(TypeError):
        RulePlayer(seed="1")
    with pytest.raises(TypeError):
        rule_action("a game", 0)
    with pytest.raises(ValueError, match="state"):
        rule_action(Game(1), 2 ** 64)
