"""sample_deals and game_with_hands against a plain-Python reference.

The reference lists every deal of the unseen cards as distinct cards (itertools over card
indices: no counting formula, no table) and collapses them to rank counts: the exact
distribution the sampler must draw from. Uniformity is checked with a chi-square test on
positions small enough to list; the same test rejects a sampler with a plausible bias
(uniform over the rank-count deals instead of the card-level ones), so it can fail.
"""

import math
import random
import threading
from collections import Counter

import numpy as np
import pytest

from ddz_fast import (
    Game, Hand, InvalidConstraintsError, InvalidPositionError, Position,
    game_with_hands, sample_deals,
)
from oracles.reference_sampler import counts, knowledge, reference_deals

DECK = (4,) * 13 + (1, 1)
SAMPLES = 20_000


def chi_square_p(observed, expected):
    """The p-value of Pearson's chi-square statistic (Wilson-Hilferty's approximation of the
    chi-square tail, ample for thresholds like 1e-3)."""
    stat = sum((observed.get(k, 0) - e) ** 2 / e for k, e in expected.items())
    df = len(expected) - 1
    z = ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def uniformity_p(samples, reference):
    """Every sample is a consistent deal; the p-value of the counts against the reference."""
    drawn = Counter(tuple(map(tuple, deal.tolist())) for deal in samples)
    assert set(drawn) <= set(reference), "a deal outside the consistent ones"
    total = sum(reference.values())
    return chi_square_p(drawn, {k: w * len(samples) / total for k, w in reference.items()})


# --- positions ------------------------------------------------------------------------------

def out_cards(*parts, deck=DECK):
    """The cards of `deck` (one deck's counts, or two decks') in none of `parts`."""
    rest = list(deck)
    for part in parts:
        for r, c in enumerate(Hand(part).counts):
            rest[r] -= int(c)
    return "".join("3456789TJQKA2BR"[r] * c for r, c in enumerate(rest))


def small_games():
    """Late-game positions with few unseen cards, all kinds of knowledge."""
    games = []
    # The landlord (seat 0) took the kitty 39Q and played 9 of it; seat 1 to move.
    hands, played, kitty = ("3344Q", "5566", "778"), ("9", "", ""), "39Q"
    games.append(Game.from_position(Position(
        phase="play", hands=hands, to_move=1, landlord=0, bid=2, kitty=kitty, played=played,
        plays=(1, 0, 0), trick=("9", 0), out=out_cards(*hands, *played))))
    # Landlord seat 2 (kitty 55K, a 5 and the K played: one 5 still forced), seat 0 to lead.
    hands, played, kitty = ("34567", "3468", "5789"), ("", "9", "5K"), "55K"
    games.append(Game.from_position(Position(
        phase="play", hands=hands, to_move=0, landlord=2, bid=1, kitty=kitty, played=played,
        plays=(0, 1, 2), out=out_cards(*hands, *played))))
    # The auction: three small hands and an unseen kitty.
    hands, kitty = ("3345", "4567", "5678"), "38A"
    games.append(Game.from_position(Position(
        phase="auction", hands=hands, to_move=1, kitty=kitty, seed=5,
        out=out_cards(*hands, kitty))))
    # Jokers and 2s among few cards; landlord seat 1 played a bomb.
    hands, played, kitty = ("2BR3", "2KA", "A22"), ("", "4444", ""), "4KA"
    games.append(Game.from_position(Position(
        phase="play", hands=hands, to_move=2, landlord=1, bid=3, kitty=kitty, played=played,
        plays=(0, 1, 0), bombs=1, trick=("4444", 1), out=out_cards(*hands, *played))))
    return games


SMALL = small_games()


def mid_games(count, seed, rules=None, plays=45):
    """Random play-phase positions (and a few auction ones) of seeded deals."""
    rng = random.Random(seed)
    games = []
    while len(games) < count:
        game = Game(rng.getrandbits(64), rules=rules)
        if rng.random() < 0.15:
            games.append(game)
            continue
        game.bid(3)
        for _ in range(rng.randrange(plays)):
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
            if game.phase != "play":
                break
        if game.phase == "play":
            games.append(game)
    return games


# --- uniformity -----------------------------------------------------------------------------

@pytest.mark.parametrize("index", range(len(SMALL)))
@pytest.mark.parametrize("seat", range(3))
def test_uniform_over_the_consistent_deals(index, seat):
    game = SMALL[index]
    reference = reference_deals(game, seat)
    assert len(reference) >= 2
    samples = sample_deals(game, seat, SAMPLES, seed=1000 * index + seat)
    assert uniformity_p(samples, reference) > 1e-3


LIMITS = [
    # seat 1 holds at most one 7; seat 2 at most one 6 (seat 0 watches)
    (0, 0, np.array([[4] * 15, [4, 4, 4, 4, 1] + [4] * 10, [4, 4, 4, 1] + [4] * 11])),
    # as a "may hold" mask: seat 0 holds no 5 and no 6 (seat 1 watches)
    (1, 1, np.array([[True, True, False, False] + [True] * 11, [True] * 15, [True] * 15])),
    # the auction: seat 0 holds at most one 5, seat 2 no 7 (seat 1 watches)
    (2, 1, np.array([[4, 4, 1] + [4] * 12, [4] * 15, [4, 4, 4, 4, 0] + [4] * 10])),
    # seat 0 holds no joker (seat 1 watches)
    (3, 1, np.array([[4] * 13 + [0, 0], [4] * 15, [4] * 15])),
]


@pytest.mark.parametrize("index, seat, constraints", LIMITS)
def test_uniform_under_constraints(index, seat, constraints):
    game = SMALL[index]
    limits = np.where(constraints, 4, 0) if constraints.dtype == bool else constraints
    reference = reference_deals(game, seat, limits.tolist())
    full = reference_deals(game, seat)
    assert 2 <= len(reference) < len(full)        # the constraints bite
    samples = sample_deals(game, seat, SAMPLES, seed=7 + index, constraints=constraints)
    assert uniformity_p(samples, reference) > 1e-3


def test_the_test_catches_a_biased_sampler():
    """Uniform over rank-count deals (ignoring that cards are distinct) is the likely bias: the
    same chi-square test rejects it on every small position where it differs."""
    rng = random.Random(3)
    checked = 0
    for index, game in enumerate(SMALL):
        reference = reference_deals(game, 1)
        if len(set(reference.values())) == 1:
            continue                  # no card-level weighting to get wrong here
        deals = list(reference)
        biased = np.array([deals[rng.randrange(len(deals))] for _ in range(SAMPLES)],
                          dtype=np.uint8)
        assert uniformity_p(biased, reference) < 1e-6, index
        checked += 1
    assert checked == len(SMALL)


def test_the_test_catches_an_ignored_kitty():
    """A sampler that forgets the landlord's kitty deals outside the consistent deals."""
    game = SMALL[0]
    hands, hidden, forced, unseen, sizes = knowledge(game, 1)
    pool = unseen + [r for s in hidden for r in range(15) for _ in range(forced[s][r])]
    rng = random.Random(0)
    rows = []
    for _ in range(200):
        cards = rng.sample(pool, len(pool))
        deal = [counts(h) for h in game.hands]
        deal[0] = [cards[:len(game.hands[0])].count(r) for r in range(15)]
        deal[2] = [cards[len(game.hands[0]):].count(r) for r in range(15)]
        rows.append(deal)
    with pytest.raises(AssertionError, match="outside"):
        uniformity_p(np.array(rows, dtype=np.uint8), reference_deals(game, 1))


# --- consistency ----------------------------------------------------------------------------

def check_consistent(game, seat, deals, limits=None):
    real = np.array([counts(h) for h in game.hands])
    played = np.array([counts(h) for h in game.cards_played])
    kitty = np.array(counts(game.kitty))
    deck = np.array(DECK) * (2 if game.n_seats == 4 else 1)
    assert deals.dtype == np.uint8 and deals.shape[1:] == (game.n_seats, 15)
    assert (deals[:, seat] == real[seat]).all()                           # its own hand
    assert (deals.sum(axis=2) == real.sum(axis=1)).all()                  # the hand sizes
    if game.landlord is None:                                             # the unseen kitty
        rest = real.sum(axis=0) + kitty - deals.sum(axis=1)
        assert (rest >= 0).all() and (rest.sum(axis=1) == kitty.sum()).all()
    else:                                   # the same cards in play; the kitty with the landlord
        assert (deals.sum(axis=1) == real.sum(axis=0)).all()
        assert (deals[:, game.landlord] + played[game.landlord] >= kitty).all()
    assert (deals.sum(axis=1) + played.sum(axis=0) <= deck).all()         # the deck(s)
    if limits is not None:
        assert (deals <= limits).all()


def test_every_deal_is_consistent_with_mid_game_positions():
    for i, game in enumerate(mid_games(60, seed=11)):
        for seat in range(3):
            deals = sample_deals(game, seat, 300, seed=i)
            check_consistent(game, seat, deals)


@pytest.mark.parametrize("rules", ["laizi", "tiandi_laizi"])
def test_wild_card_games_deal_the_physical_cards(rules):
    """Wild cards played as other ranks count as their own: the deals hold the cards still
    unseen, as without wild cards."""
    substituted = 0
    for i, game in enumerate(mid_games(30, seed=15, rules=rules)):
        substituted += any(action.substitutes for _, action in game.history
                           if not isinstance(action, int))
        for seat in range(3):
            check_consistent(game, seat, sample_deals(game, seat, 100, seed=i))
    assert substituted > 5


def test_uniform_in_a_wild_card_game():
    # Seat 0 (the landlord, 7s wild) played 7 as a 3 in the bomb 3333~3 and 4; seat 1 to move.
    hands, played, kitty = ("5566Q", "4788", "99Q"), ("33374", "", ""), "47Q"
    game = Game.from_position(Position(
        phase="play", hands=hands, to_move=1, landlord=0, bid=2, kitty=kitty, played=played,
        plays=(2, 0, 0), bombs=1, trick=("4", 0), out=out_cards(*hands, *played),
        rules="laizi", wilds="7"))
    reference = reference_deals(game, 1)
    assert len(reference) >= 2
    assert uniformity_p(sample_deals(game, 1, SAMPLES, seed=5), reference) > 1e-3


def test_constraints_hold_in_every_deal():
    rng = np.random.default_rng(5)
    for i, game in enumerate(mid_games(30, seed=12)):
        seat = i % 3
        limits = np.full((3, 15), 4)
        limits[seat] = counts(game.hands[seat])
        for other in range(3):
            if other != seat:
                limits[other, rng.integers(15)] = 0           # "holds no 2s" and the like
        try:
            deals = sample_deals(game, seat, 200, seed=i, constraints=limits)
        except InvalidConstraintsError:
            continue
        check_consistent(game, seat, deals, limits)


# --- four seats, two decks (RULES.md 11) -----------------------------------------------------

TWO_DECKS = tuple(2 * c for c in DECK)


def small_four_games():
    """Late four-player positions with few unseen cards: a landlord holding kitty cards (some
    played), the 2 v 2 game, and the auction with its kitty of eight unseen."""
    games = []
    # Landlord seat 2 took the kitty 33345678 and played 4567 of it and an 8; seat 3 to move.
    hands, played, kitty = ("3399", "44BB", "333", "5555"), ("", "", "45678", ""), "33345678"
    games.append(Game.from_position(Position(
        phase="play", hands=hands, to_move=3, landlord=2, bid=2, kitty=kitty, played=played,
        plays=(0, 0, 1, 0), trick=("45678", 2), out=out_cards(*hands, *played, deck=TWO_DECKS),
        rules="four_1v3")))
    # 2 v 2: landlord seat 1 took KKKKQQQQ and played the plane QQQKKK; seat 2 to move.
    hands, played, kitty = ("2222", "KQ2R", "AA2", "KA"), ("", "QQQKKK", "", ""), "KKKKQQQQ"
    games.append(Game.from_position(Position(
        phase="play", hands=hands, to_move=2, landlord=1, bid=3, kitty=kitty, played=played,
        plays=(0, 1, 0, 0), trick=("QQQKKK", 1), out=out_cards(*hands, *played, deck=TWO_DECKS),
        rules="four_2v2")))
    hands, kitty = ("34", "35", "88", "39"), "3345TJQR"
    games.append(Game.from_position(Position(
        phase="auction", hands=hands, to_move=1, kitty=kitty, seed=5,
        out=out_cards(*hands, kitty, deck=TWO_DECKS), rules="four_1v3")))
    return games


SMALL_FOUR = small_four_games()


@pytest.mark.parametrize("index", range(len(SMALL_FOUR)))
@pytest.mark.parametrize("seat", range(4))
def test_uniform_over_the_consistent_deals_of_four_seats(index, seat):
    game = SMALL_FOUR[index]
    reference = reference_deals(game, seat)
    assert len(reference) >= 2 and len(set(reference.values())) > 1   # card-level weights
    samples = sample_deals(game, seat, SAMPLES, seed=100 * index + seat)
    assert samples.shape == (SAMPLES, 4, 15)
    assert uniformity_p(samples, reference) > 1e-3


def test_uniform_under_constraints_of_four_seats():
    game = SMALL_FOUR[0]
    limits = np.full((4, 15), 8)
    limits[0, 0] = 1                       # seat 0 holds at most one 3
    limits[1, 13] = 0                      # seat 1 no black joker
    reference = reference_deals(game, 3, limits.tolist())
    assert 2 <= len(reference) < len(reference_deals(game, 3))
    samples = sample_deals(game, 3, SAMPLES, seed=8, constraints=limits)
    assert uniformity_p(samples, reference) > 1e-3


def test_deals_of_a_full_auction_follow_the_hypergeometric_law():
    """At the deal (83 unseen cards in hands of 25 and a kitty of 8: about 2**148 card-level
    deals, past 64-bit counts) the count of a rank in one hidden hand is hypergeometric: 25
    cards drawn from the 83 unseen, of which the rank's unseen cards. Chi-square per rank."""
    game = Game(21, rules="four_1v3")
    seat = game.to_move
    deals = sample_deals(game, seat, SAMPLES, seed=4)
    check_consistent(game, seat, deals)
    other = (seat + 2) % 4
    own = counts(game.hands[seat])
    tested = 0
    for rank in range(15):
        unseen = TWO_DECKS[rank] - own[rank]
        expected = {k: SAMPLES * math.comb(unseen, k) * math.comb(83 - unseen, 25 - k)
                    / math.comb(83, 25) for k in range(unseen + 1)}
        expected = {k: e for k, e in expected.items() if e >= 5}          # (chi-square's rule)
        if len(expected) < 2:
            assert (deals[:, other, rank] == (unseen and 0)).all()         # none left unseen
            continue
        tested += 1
        drawn = Counter(int(c) for c in deals[:, other, rank] if int(c) in expected)
        total = sum(expected.values())
        assert chi_square_p(drawn, {k: e * sum(drawn.values()) / total
                                    for k, e in expected.items()}) > 1e-4, rank
    assert tested >= 13


def test_every_deal_of_four_seats_is_consistent():
    for i, game in enumerate(mid_games(20, seed=16, rules="four_2v2", plays=90)):
        for seat in range(4):
            check_consistent(game, seat, sample_deals(game, seat, 200, seed=i))


def test_four_seat_constraints():
    game = SMALL_FOUR[1]
    limits = np.full((4, 15), 8)
    limits[2, 12] = 0                       # seat 2 holds no 2
    deals = sample_deals(game, 0, 500, seed=2, constraints=limits)
    check_consistent(game, 0, deals, limits)
    assert not deals[:, 2, 12].any()
    assert np.array_equal(sample_deals(game, 0, 5, seed=2, constraints=limits > 0),
                          sample_deals(game, 0, 5, seed=2, constraints=np.where(limits, 8, 0)))
    no_aces = np.full((4, 15), 8)
    no_aces[2:, 11] = 0                     # the three unseen aces for seat 1's two free cards
    with pytest.raises(InvalidConstraintsError, match=r"no deal consistent with the position "
                                                      r"satisfies the constraints \(seat 1 holds 4"):
        sample_deals(game, 0, 5, seed=2, constraints=no_aces)
    with pytest.raises(InvalidConstraintsError, match="at most 0 of rank Q, but he holds the "
                                                      "kitty's 1"):
        sample_deals(game, 0, 5, seed=2, constraints=np.zeros((4, 15), bool) | (
            np.arange(4)[:, None] == 0))
    with pytest.raises(InvalidConstraintsError, match=r"shape \(4, 15\)"):
        sample_deals(game, 0, 5, seed=2, constraints=np.full((3, 15), 8))


# --- determinism, threads -------------------------------------------------------------------

def test_deterministic_by_seed():
    game = mid_games(1, seed=13)[0]
    a = sample_deals(game, 1, 500, seed=99)
    assert (a == sample_deals(game, 1, 500, seed=np.uint64(99))).all()
    assert (a[:123] == sample_deals(game, 1, 123, seed=99)).all()      # prefixes
    assert not (a == sample_deals(game, 1, 500, seed=100)).all()
    assert sample_deals(game, 1, 0, seed=1).shape == (0, 3, 15)


def test_threads_share_a_game():
    """Samplers draw without the GIL from a snapshot: threads sampling a game that another
    thread plays on meanwhile get the deals of one of its positions."""
    game = mid_games(1, seed=14)[0]
    seat = (game.to_move + 1) % 3
    before = sample_deals(game, seat, 50_000, seed=3)
    move = game.legal_moves()[0]
    game.play(move)
    after = sample_deals(game, seat, 50_000, seed=3)
    game.undo()
    results = []
    stop = threading.Event()

    def sampler():
        for _ in range(10):
            results.append(sample_deals(game, seat, 50_000, seed=3))

    def player():
        while not stop.is_set():
            game.play(move)
            game.undo()

    threads = [threading.Thread(target=sampler) for _ in range(3)]
    mover = threading.Thread(target=player)
    mover.start()
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    stop.set()
    mover.join(60)
    assert len(results) == 30
    assert all((r == before).all() or (r == after).all() for r in results)


# --- arguments ------------------------------------------------------------------------------

def test_argument_errors():
    game = SMALL[0]
    with pytest.raises(ValueError, match="seat must be an integer in 0..2, not 3"):
        sample_deals(game, 3, 1, seed=0)
    with pytest.raises(ValueError, match="seat .* not -1"):
        sample_deals(game, -1, 1, seed=0)
    with pytest.raises(TypeError, match="seat must be an integer, not a bool"):
        sample_deals(game, True, 1, seed=0)
    with pytest.raises(ValueError, match="n must be an integer in >= 0, not -1"):
        sample_deals(game, 0, -1, seed=0)
    with pytest.raises(TypeError, match="n must be an integer, not float"):
        sample_deals(game, 0, 2.0, seed=0)
    with pytest.raises(ValueError, match="seed .* not -1"):
        sample_deals(game, 0, 1, seed=-1)
    with pytest.raises(ValueError, match="seed"):
        sample_deals(game, 0, 1, seed=2 ** 64)
    with pytest.raises(TypeError):
        sample_deals(game, 0, 1)                                 # seed is required
    with pytest.raises(TypeError):
        sample_deals(None, 0, 1, seed=0)
    with pytest.raises(ValueError, match="never set up"):
        sample_deals(Game.__new__(Game), 0, 1, seed=0)


def test_constraint_errors():
    game = SMALL[0]            # seat 0 is the landlord with 3344Q, the kitty's 3 and Q in hand
    free = np.full((3, 15), 4)
    with pytest.raises(InvalidConstraintsError, match=r"shape \(3, 15\).*\(2, 15\)"):
        sample_deals(game, 1, 1, seed=0, constraints=free[:2])
    with pytest.raises(InvalidConstraintsError, match="3, 15"):
        sample_deals(game, 1, 1, seed=0, constraints=[[1, 2], [3]])
    with pytest.raises(TypeError, match="dtype float64"):
        sample_deals(game, 1, 1, seed=0, constraints=free * 1.0)
    bad = free.copy()
    bad[2, 4] = -1
    with pytest.raises(InvalidConstraintsError, match=r"constraints\[2, 4\] \(rank 7\) is -1"):
        sample_deals(game, 1, 1, seed=0, constraints=bad)
    own = free.copy()
    own[1, 2] = 1                                          # seat 1 holds 55
    with pytest.raises(InvalidConstraintsError, match="seat 1 at most 1 of rank 5"):
        sample_deals(game, 1, 1, seed=0, constraints=own)
    kitty = free.copy()
    kitty[0, 9] = 0                                        # the landlord holds the kitty's Q
    with pytest.raises(InvalidConstraintsError, match="landlord .* rank Q.* kitty"):
        sample_deals(game, 1, 1, seed=0, constraints=kitty)
    none = free.copy()
    none[0, :] = 0                                         # seat 0 may hold nothing at all
    with pytest.raises(InvalidConstraintsError, match="no deal"):
        sample_deals(game, 1, 1, seed=0, constraints=none)
    big = free * 100                                       # above the deck: no limit
    assert (sample_deals(game, 1, 50, seed=0, constraints=big)
            == sample_deals(game, 1, 50, seed=0)).all()


# --- game_with_hands ------------------------------------------------------------------------

def test_game_with_hands_keeps_the_position():
    for i, game in enumerate(SMALL + mid_games(20, seed=15)):
        seat = i % 3
        for deal in sample_deals(game, seat, 3, seed=i):
            other = game_with_hands(game, deal)
            assert [counts(h) for h in other.hands] == deal.tolist()
            mine, theirs = Position.parse(game.position()), Position.parse(other.position())
            for field in ("phase", "to_move", "landlord", "bid", "played", "plays", "bombs",
                          "trick", "out", "first", "marked", "redeals", "speeches", "high",
                          "rules", "seed"):
                assert getattr(mine, field) == getattr(theirs, field), field
            if game.landlord is not None:
                assert other.kitty == game.kitty


def test_game_with_hands_errors():
    game = SMALL[0]                      # 3344Q / 5566 / 778, landlord 0 with the kitty 39Q
    with pytest.raises(InvalidPositionError, match="not three card sets"):
        game_with_hands(game, ["3344Q", "5566"])
    with pytest.raises(InvalidPositionError, match=r"hands\[1\]: 556 has 3 cards; seat 1 holds 4"):
        game_with_hands(game, ["3344Q", "556", "7786"])
    with pytest.raises(InvalidPositionError, match=r"hands\[2\]: .* no set of cards"):
        game_with_hands(game, ["3344Q", "5566", "77X"])
    with pytest.raises(InvalidPositionError, match="kitty"):      # the landlord lost the Q
        game_with_hands(game, ["33445", "Q566", "778"])
    with pytest.raises(InvalidPositionError):                     # a card that is out of play
        game_with_hands(game, ["3344Q", "5566", "77A"])
    assert game_with_hands(game, ["3344Q", "5567", "678"]).hands[1] == Hand("5567")
    auction = SMALL[2]
    with pytest.raises(InvalidPositionError, match="more of rank 2"):
        game_with_hands(auction, ["3342", "4567", "5678"])
