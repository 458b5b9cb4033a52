"""The four-player reference game (oracles/reference_four_game.py) against RULES.md 11 and
hand-worked deals, auctions and scores, and seeded random games against its invariants."""

import random

from oracles import reference_four as four
from oracles.reference_four_game import Auction, Play, deal

parse = four.parse


def test_the_deal_is_two_decks():
    for seed in range(200):
        hands, kitty, marked, mark = deal(seed, 0)
        assert [sum(h) for h in hands] == [25] * 4 and sum(kitty) == 8
        assert tuple(map(sum, zip(*hands, kitty))) == four.DECK
        assert 25 <= mark < 75 and any(hand[marked] for hand in hands)
    assert deal(7, 0) == deal(7, 0) and deal(7, 0) != deal(7, 1) and deal(7, 0) != deal(8, 0)


def test_every_rank_reaches_every_seat():
    seen = [[0] * 15 for _ in range(4)]
    for seed in range(400):
        hands, *_ = deal(seed, 0)
        for seat, hand in enumerate(hands):
            for rank, count in enumerate(hand):
                seen[seat][rank] += count
    # 400 deals x 25 cards x 8/108 of each rank 3..2 (about 741), 2/108 of a joker (185)
    for seat in seen:
        assert all(600 < n < 900 for n in seat[:13]) and all(120 < n < 260 for n in seat[13:])


def run(auction, speeches):
    for bid in speeches:
        assert auction.outcome() is None
        auction.speak(bid)
    return auction.outcome()


def test_auctions():
    assert run(Auction(0), [0, 1, 0, 0, 0]) == ("landlord", 1, 1)
    assert run(Auction(2), [1, 0, 0, 2, 0, 0, 0]) == ("landlord", 1, 2)   # seat 1 bid 2 late
    assert run(Auction(3), [0, 0, 3]) == ("landlord", 1, 3)                # 3 ends it at once
    assert run(Auction(1), [0, 0, 0, 0]) == ("redeal",)
    assert run(Auction(0, "single_round"), [1, 0, 2, 0]) == ("landlord", 2, 2)
    auction = Auction(0)
    run(auction, [1, 0, 0])
    assert auction.outcome() is None and auction.to_move() == 3


def play_out(play, actions):
    for action in actions:
        move = None if action is None else next(
            m for m in play.legal() if m is not None and four.text(m[3]) == action)
        play.apply(move)


def test_one_against_three_scores():
    # bid 2, one bomb; the landlord goes out after a farmer played: 3 stakes of 2 x 2
    play = Play([parse("33334"), parse("59"), parse("66"), parse("77")], landlord=0, bid=2)
    play_out(play, ["4", "5", None, None, "3333"])
    assert play.winner == 0 and play.scores() == ((12, -4, -4, -4), False, False)
    assert play.scores("win") == ((1, 0, 0, 0), False, False)


def test_spring_and_anti_spring():
    play = Play([parse("33"), parse("4"), parse("5"), parse("6")], landlord=0, bid=1)
    play_out(play, ["33"])
    assert play.scores() == ((6, -2, -2, -2), True, False)
    play = Play([parse("34"), parse("55"), parse("6"), parse("7")], landlord=0, bid=3)
    play_out(play, ["3", None, "6"])    # seat 1 passes, seat 2 beats with 6 and goes out
    assert play.winner == 2 and play.scores() == ((-18, 6, 6, 6), False, True)


def test_pair_against_pair():
    # the landlord (seat 1) and the seat opposite (3) win when the partner goes out
    play = Play([parse("5"), parse("33"), parse("66"), parse("7")], landlord=1, bid=3,
                sides="2v2")
    play_out(play, ["3", "6", "7"])
    assert play.winner == 3 and play.scores() == ((-3, 3, -3, 3), False, False)
    play = Play([parse("5"), parse("33"), parse("6"), parse("9")], landlord=1, bid=1,
                sides="2v2")
    play_out(play, ["3", "6"])          # seat 2 (a farmer) goes out; seat 0 never played
    assert play.scores() == ((2, -2, 2, -2), False, True)


def test_a_trick_ends_after_three_passes():
    play = Play([parse("3" + "9"), parse("TT"), parse("JJ"), parse("QQ")], landlord=0, bid=1)
    play_out(play, ["3", None, None, None])
    assert play.trick is None and play.to_move == 0
    assert None not in play.legal()


def test_random_games_keep_their_invariants():
    rng = random.Random(29)
    for seed in range(60):
        sides = rng.choice(["1v3", "2v2"])
        switches = {"attachments": rng.choice(["pairs", "plane_pairs"])}
        hands, kitty, marked, mark = deal(seed, 0)
        landlord = rng.randrange(4)
        hands[landlord] = tuple(h + k for h, k in zip(hands[landlord], kitty))
        play = Play(hands, landlord, bid=rng.randint(1, 3), sides=sides)
        while play.winner is None:
            actions = sorted(play.legal(**switches), key=lambda m: (m is None, m))
            play.apply(rng.choice(actions))
        scores, spring, anti_spring = play.scores()
        assert sum(scores) == 0 and sum(play.hands[play.winner]) == 0
        assert sum(s > 0 for s in scores) == (1 if sides == "1v3" and scores[landlord] > 0
                                              else 3 if sides == "1v3" else 2)
