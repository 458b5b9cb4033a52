"""The four-player game of two decks through Game (RULES.md 11) in lockstep with
oracles/reference_four_game.py on seeded random games: the deal (and the redeals), the legal
bids and moves of every decision, the landlord, the winner, springs and scores, under both
sides and the switches of both sources; undo, copies, pickles and keys along the way; what
is not written for four players yet is refused by name."""

import pickle
import random

import numpy as np
import pytest

import ddz_fast
from ddz_fast import encodings
from ddz_fast._arena import _native_action
from ddz_fast._pimc import rollout_wins
from ddz_fast import (
    PASS, Game, IllegalMoveError, InvalidMoveError, Move, Rules, UnsupportedRulesError,
    legal_moves,
)
from helpers import four_rules
from oracles import reference_four as four
from oracles.four_perft_table import PATH as FOUR_PERFT_PATH, read as read_perft_line
from oracles.reference_four_game import Auction, Play, deal

# (reference switches, sides, auction, scoring): the two sources' games and each switch turned.
CONFIGS = [
    ({"attachments": "pairs"}, "1v3", "open", "points"),
    ({"attachments": "plane_pairs"}, "2v2", "open", "points"),
    ({"attachments": "pairs", "bomb_ranking": "tiers", "joker_pairs": "none"}, "2v2", "open",
     "win"),
    ({"attachments": "any"}, "1v3", "single_round", "points"),
]


def rules_of(switches, sides, auction, scoring):
    return four_rules(switches).replace(sides=sides, auction=auction, scoring=scoring)


def as_ref(move):
    return None if move.length == 0 else (
        move.kind.value, move.length, move.main, tuple(move.counts.tolist()))


def choose(moves, play, rng, aim):
    """A random move; with `aim` "spring" the landlord's side plays and the others pass when
    they may; with "anti_spring" the landlord leads once and passes after when he may, his
    partner passes, and the farmers play."""
    plays = [m for m in moves if m.length]
    seat = play.to_move
    if aim == "spring":
        keen = seat in play.landlord_side
    elif aim == "anti_spring":
        keen = seat not in play.landlord_side or (seat == play.landlord and not play.plays[seat])
    else:
        return rng.choice(moves)
    return rng.choice(plays) if plays and (keen or PASS not in moves) else PASS


def play_in_lockstep(seed, config, rng, passes_first=False, aim=None):
    """One random game through Game and the reference (everyone passes the first deal when
    `passes_first`; `aim`: see choose); returns the game."""
    switches, sides, variant, scoring = config
    rules = rules_of(*config)
    game = Game(seed, rules=rules)
    redeals = 0
    hands, kitty, marked, mark = deal(seed, 0)
    auction = Auction(mark % 4, variant)
    while True:         # the auction, and its redeals
        assert [h.counts.tolist() for h in game.hands] == [list(h) for h in hands]
        assert game.kitty.counts.tolist() == list(kitty) and game.redeals == redeals
        assert game.marked_card == four.RANKS[marked] and game.first_bidder == auction.first_bidder
        while auction.outcome() is None:
            assert game.phase == "auction" and game.to_move == auction.to_move()
            assert game.legal_bids() == auction.legal()
            bid = 0 if passes_first and redeals == 0 else rng.choice(auction.legal())
            auction.speak(bid)
            game.bid(bid)
        if auction.outcome() != ("redeal",):
            break
        redeals += 1
        hands, kitty, marked, mark = deal(seed, redeals)
        auction = Auction((auction.first_bidder + 1) % 4, variant)
    _, landlord, bid = auction.outcome()
    assert (game.phase, game.landlord, game.winning_bid) == ("play", landlord, bid)
    hands = [tuple(h + k for h, k in zip(hand, kitty)) if seat == landlord else hand
             for seat, hand in enumerate(hands)]
    play = Play(hands, landlord, bid, sides, switches.get("bomb_ranking", "size"))
    while play.winner is None:
        assert game.to_move == play.to_move
        assert [h.counts.tolist() for h in game.hands] == [list(h) for h in play.hands]
        moves = list(game.legal_moves())
        expected = play.legal(**switches)
        assert [as_ref(m) for m in moves].count(None) == (None in expected)
        assert {as_ref(m) for m in moves} == expected and len(moves) == len(expected)
        move = choose(moves, play, rng, aim)
        play.apply(as_ref(move))
        game.play(move)
    assert game.phase == "over"
    scores, spring, anti_spring = play.scores(
        "win" if scoring == "win" else "points", doubling_spring=rules.spring)
    result = game.result
    assert (result.scores, result.spring, result.anti_spring) == (scores, spring, anti_spring)
    assert result.winner == ("landlord" if play.winner in play.landlord_side else "farmers")
    assert result.bombs == play.bombs and result.landlord == landlord and result.bid == bid
    return game


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_random_games_match_the_reference(config):
    rng = random.Random(f"four {config}")
    outcomes = set()
    for i in range(40):
        game = play_in_lockstep(rng.getrandbits(64), config, rng, passes_first=i % 8 == 0)
        outcomes.add((game.result.winner, game.result.spring or game.result.anti_spring))
        assert game.redeals >= (i % 8 == 0)
    assert ("landlord", False) in outcomes and ("farmers", False) in outcomes


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_springs_and_anti_springs_match_the_reference(config):
    rng = random.Random(f"springs {config}")
    springs = [play_in_lockstep(rng.getrandbits(64), config, rng, aim="spring").result.spring
               for _ in range(6)]
    anti = [play_in_lockstep(rng.getrandbits(64), config, rng, aim="anti_spring").result.anti_spring
            for _ in range(10)]
    assert all(springs) and any(anti)


def test_a_2v2_game_won_by_the_partner():
    """Hand-picked: the landlord leads, the next seat passes and the landlord's partner (the
    seat opposite) goes out first: the landlord's side wins, each of its players the stake,
    the other side never played (a spring), as the reference scores it; under 1 v 3 the same
    play is the farmers' win."""
    hands = ["3K", "4Q", "6", "7A"]
    # bid 2, doubled by the spring (2 v 2: seats 1 and 3 never played) or the anti-spring
    # (1 v 3: the landlord played once): a stake of 4
    for sides, winner, paid in (("2v2", "landlord", (4, -4, 4, -4)),
                                ("1v3", "farmers", (-12, 4, 4, 4))):
        rules = rules_of(*CONFIGS[1]).replace(sides=sides)
        game = Game.from_hands(hands, rules=rules, landlord=0, bid=2)
        play = Play([four.parse(h) for h in hands], 0, 2, sides)
        assert game.partner == (2 if sides == "2v2" else None)
        for text in ("3", "pass", "6"):
            move = Move.parse(text, rules=rules)
            play.apply(as_ref(move))
            game.play(move)
        assert game.phase == "over" and play.winner == 2
        scores, spring, anti_spring = play.scores("points", doubling_spring=rules.spring)
        result = game.result
        assert result.winner == winner and result.scores == paid
        assert (result.scores, result.spring, result.anti_spring) == (scores, spring, anti_spring)


def perft_lines():
    with open(FOUR_PERFT_PATH) as f:
        return [read_perft_line(line) for line in f if line.strip()]


@pytest.mark.parametrize("line", perft_lines(), ids=lambda line: line[3])
def test_perft_matches_the_reference_table(line):
    """oracles/data/four_perft.epd, computed by the reference: the seed's deal, its first
    bidder bidding 3 at once; perft at each depth, and divide's sum at the last."""
    seed, fields, counts, _ = line
    game = Game(seed, rules=Rules(players=4, four_with_two=False, **fields))
    game.bid(3)
    assert [ddz_fast.perft(game, depth) for depth in range(1, len(counts) + 1)] == counts
    divided = ddz_fast.perft(game, len(counts), divide=True)
    assert sum(divided.values()) == counts[-1] and len(divided) == counts[0]
    assert ddz_fast.perft(game, 2, bulk=False) == counts[1]


def test_undo_copy_pickle_and_keys():
    """Along a seeded game: undo back to the start restores each position's key and hands;
    a copy and a pickle play on as the game does."""
    rules = rules_of(*CONFIGS[1])
    rng = random.Random(5)
    game = Game(11, rules=rules)
    seen = []
    while game.phase != "over":
        seen.append((game.key(), game.full_key(), game.hands, game.to_move))
        if len(seen) % 17 == 0:
            for other in (game.copy(), pickle.loads(pickle.dumps(game))):
                assert (other.key(), other.full_key(), other.hands) == seen[-1][:3]
                assert other.history == game.history
        if game.phase == "auction":
            game.bid(rng.choice(game.legal_bids()))
        else:
            game.play(rng.choice(list(game.legal_moves())))
    final = (game.result, game.key())
    replayed = pickle.loads(pickle.dumps(game))
    assert (replayed.result, replayed.key()) == final
    while seen:
        game.undo()
        assert (game.key(), game.full_key(), game.hands, game.to_move) == seen.pop()
    assert game.history == [] and game.phase == "auction"
    # different deals, different keys
    assert len({Game(seed, rules=rules).key() for seed in range(50)}) == 50


def test_illegal_moves_are_refused_and_change_nothing():
    rules = rules_of(*CONFIGS[0])
    game = Game(3, rules=rules, first_bidder=1)
    assert game.first_bidder == 1 and game.to_move == 1
    game.bid(3)
    assert game.landlord == 1 and len(game.hands[1]) == 33 and len(game.kitty) == 8
    key, hands = game.key(), game.hands
    with pytest.raises(IllegalMoveError, match="leads and may not pass"):
        game.play(PASS)
    foreign = next(m for m in legal_moves(hands[0], rules=rules) if m not in hands[1])
    for call in (game.play, game.push):
        with pytest.raises(IllegalMoveError, match="not in the hand of seat 1"):
            call(foreign)
    with pytest.raises(IllegalMoveError, match="no combination"):
        game.play(Move.parse("3333+45"))        # four with two: none under four players
    assert (game.key(), game.hands) == (key, hands)
    lead = [m for m in game.legal_moves() if m.kind.value == "single"][-1]
    game.play(lead)                             # the landlord's highest single
    lower = [m for m in legal_moves(game.hands[2], rules=rules)
             if m.kind.value == "single" and m.main <= lead.main]
    assert lower
    with pytest.raises(IllegalMoveError, match="does not beat"):
        game.play(lower[0])


def test_wrong_actions_change_nothing():
    """At each decision of seeded games: other seats' moves, a pass on a lead, a move of one
    deck's rules, garbage; play() refuses each with the error of its kind and the game is as it
    was; push() applies a move only with its cards in the hand (the rules aside)."""
    rules = rules_of(*CONFIGS[1])
    rng = random.Random(9)
    for seed in range(4):
        game = Game(seed, rules=rules)
        while game.phase != "over":
            before = (game.key(), game.full_key(), game.hands, game.history)
            if game.phase == "auction":
                for bad in (4, -1, "3", 1.0):
                    with pytest.raises((ValueError, TypeError)):
                        game.bid(bad)
                assert (game.key(), game.full_key(), game.hands, game.history) == before
                game.bid(rng.choice(game.legal_bids()))
                continue
            legal = list(game.legal_moves())
            others = [m for seat in range(4) if seat != game.to_move
                      for m in legal_moves(game.hands[seat], rules=rules)]
            wrong = [m for m in rng.sample(others, min(6, len(others))) if m not in legal]
            wrong += [Move.parse("3333+45"), "33333333+45", object(), 7]
            if PASS not in legal:
                wrong.append(PASS)
            for bad in wrong:
                with pytest.raises((IllegalMoveError, InvalidMoveError, TypeError)):
                    game.play(bad)
                assert (game.key(), game.full_key(), game.hands, game.history) == before
                if isinstance(bad, Move) and bad.length and bad not in game.hands[game.to_move]:
                    with pytest.raises(IllegalMoveError, match="not in the hand"):
                        game.push(bad)
                    assert (game.key(), game.hands, game.history) == (before[0], *before[2:])
            game.play(rng.choice(legal))


def test_what_is_not_written_for_four_players_is_refused():
    """Every capability that takes a Game and plays one deck or three seats refuses a
    four-player game by name, before any work (the native ones would read past three seats)."""
    game = Game(1, rules=rules_of(*CONFIGS[0]))
    playing = game.copy()
    playing.bid(3)
    calls = {
        "solve": lambda: ddz_fast.solve(playing),
        "rollout_wins": lambda: rollout_wins(playing, np.zeros((1, 4, 15), np.uint8), 1, seed=1),
        "the rule player": lambda: ddz_fast.RulePlayer()(playing),
        "the PIMC player": lambda: ddz_fast.PIMCPlayer(samples=2, rollouts=1)(playing),
        "PIMC's evaluate": lambda: ddz_fast.PIMCPlayer(samples=2).evaluate(playing),
        "play_games with the rule player": lambda: ddz_fast.play_games(
            [game], [ddz_fast.RulePlayer(0)] * 4),
        "the native rule player": lambda: _native_action(ddz_fast.RulePlayer(0), playing, 1),
    }
    calls.update({f"the {scheme.name} encoding": (lambda scheme=scheme: scheme.encode(playing))
                  for scheme in (encodings.DOUZERO, encodings.RLCARD)})
    for name, call in calls.items():
        try:
            call()
        except UnsupportedRulesError as e:
            assert "players=4" in str(e), (name, e)
        else:
            pytest.fail(f"{name} took a four-player game")
    with pytest.raises(ValueError, match="first_bidder"):
        Game(1, rules=rules_of(*CONFIGS[0]), first_bidder=4)
