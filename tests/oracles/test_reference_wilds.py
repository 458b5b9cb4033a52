"""The wild-card reference (oracles/reference_wilds.py) against RULES.md 10's examples and
hand-worked cases, and its two enumerations against each other on seeded small hands."""

import random

import pytest

from oracles import reference
from oracles.reference_wilds import (brute_wild_leads, substitutes, tier, wild_beats,
                                     wild_leads, wild_responses)

parse = reference.parse
R3, R4, R5, R6, R7, R8, R9, RT, RJ, RQ, RK, RA, R2, RB, RR = range(15)


def move(kind, main, represented, physical, length=1):
    return (kind, length, main, parse(represented), parse(physical))


def both_leads(text, wild_ranks, **switches):
    """wild_leads of the hand, after checking that the literal enumeration agrees."""
    fast = wild_leads(parse(text), wild_ranks, **switches)
    assert brute_wild_leads(parse(text), wild_ranks, **switches) == fast
    return fast


def using_all(moves, text):
    return {m for m in moves if m[4] == parse(text)}


def only(moves, kind):
    return {m for m in moves if m[0] == kind}


# ------------------------------------------------------------------------------------------
# what the wild cards stand for


def test_rules_example_6667_with_7s_wild():
    assert both_leads("6667", (R7,)) == {
        move("single", R6, "6", "6"), move("single", R7, "7", "7"),
        move("pair", R6, "66", "66"), move("pair", R6, "66", "67"),
        move("trio", R6, "666", "666"), move("trio", R6, "666", "667"),
        move("trio_single", R6, "6667", "6667"),
        move("bomb", R6, "6666", "6667"),
    }


def test_rules_example_34569_with_9s_wild():
    moves = both_leads("34569", (R9,))
    assert using_all(moves, "34569") == {move("straight", R7, "34567", "34569", length=5)}
    assert not any(m[3] == parse("34568") for m in moves)


def test_same_straight_with_other_cards_is_another_move():
    moves = both_leads("345679", (R9,))
    straights = only(moves, "straight")
    assert move("straight", R7, "34567", "34567", length=5) in straights
    assert move("straight", R7, "34567", "34569", length=5) in straights
    assert move("straight", R7, "34567", "45679", length=5) in straights   # the 9 as a 3
    assert move("straight", R8, "45678", "45679", length=5) in straights   # the 9 as an 8
    assert move("straight", R8, "345678", "345679", length=6) in straights


def test_a_single_wild_is_its_own_rank():
    assert both_leads("7", (R7,)) == {move("single", R7, "7", "7")}
    assert only(both_leads("37", (R7,)), "single") == {move("single", R3, "3", "3"),
                                                       move("single", R7, "7", "7")}


def test_two_wilds_alone_are_a_pair_of_their_own_rank():
    assert both_leads("77", (R7,)) == {move("single", R7, "7", "7"), move("pair", R7, "77", "77")}
    # two wild ranks: either card may stand for the other's rank
    assert both_leads("39", (R3, R9)) == {
        move("single", R3, "3", "3"), move("single", R9, "9", "9"),
        move("pair", R3, "33", "39"), move("pair", R9, "99", "39"),
    }


def test_wild_2s_never_make_a_chain_pass_the_ace():
    straights = only(both_leads("TJQKA2", (R2,)), "straight")
    assert straights == {
        move("straight", RA, "TJQKA", "TJQKA", length=5),
        move("straight", RA, "TJQKA", "JQKA2", length=5),
        move("straight", RA, "TJQKA", "TQKA2", length=5),
        move("straight", RA, "TJQKA", "TJKA2", length=5),
        move("straight", RA, "TJQKA", "TJQA2", length=5),
        move("straight", RA, "TJQKA", "TJQK2", length=5),
        move("straight", RK, "9TJQK", "TJQK2", length=5),
        move("straight", RA, "9TJQKA", "TJQKA2", length=6),
    }


def test_a_chain_never_passes_the_ace():
    moves = wild_leads(parse("9TJQKA77"), (R7,))
    chains = [m for m in moves if m[0] in ("straight", "pair_chain", "plane")]
    assert chains and all(m[2] <= RA for m in chains)
    assert max(m[1] for m in only(moves, "straight")) == 8          # 789TJQKA, a 7 as the 8


def test_a_chain_rank_may_be_all_wild():
    assert move("pair_chain", R5, "334455", "334477", length=3) in both_leads("334477", (R7,))
    assert move("straight", R7, "34567", "34777", length=5) in both_leads("34777", (R7,))


def test_four_wilds_are_one_pure_bomb_of_their_rank():
    moves = both_leads("7777", (R7,))
    assert moves == {move("single", R7, "7", "7"), move("pair", R7, "77", "77"),
                     move("trio", R7, "777", "777"), move("bomb", R7, "7777", "7777")}
    assert tier(move("bomb", R7, "7777", "7777"), (R7,)) == "pure"


def test_3s_and_9s_wild_3399():
    assert both_leads("3399", (R3, R9)) == {
        move("single", R3, "3", "3"), move("single", R9, "9", "9"),
        move("pair", R3, "33", "33"), move("pair", R3, "33", "39"),
        move("pair", R9, "99", "99"), move("pair", R9, "99", "39"),
        move("trio", R3, "333", "339"), move("trio", R3, "333", "399"),
        move("trio", R9, "999", "399"), move("trio", R9, "999", "339"),
        move("trio_single", R3, "3339", "3399"), move("trio_single", R9, "3999", "3399"),
        move("bomb", R3, "3333", "3399"), move("bomb", R9, "9999", "3399"),
    }
    for bomb in (move("bomb", R3, "3333", "3399"), move("bomb", R9, "9999", "3399")):
        assert tier(bomb, (R3, R9)) == "pure"


def test_a_wild_kicker_is_its_own_rank():
    # one 7 stands for a 6 in the trio, the other is a kicker of its own rank
    assert using_all(both_leads("6677", (R7,)), "6677") == {
        move("trio_single", R6, "6667", "6677"), move("bomb", R6, "6666", "6677")}
    # a wild kicker never stands for another rank: 5557 is 555+7, never 555+8
    moves = both_leads("5557", (R7,))
    assert only(moves, "trio_single") == {move("trio_single", R5, "5557", "5557")}
    assert move("trio_pair", R6, "66677", "66777") in both_leads("66777", (R7,))
    # two wild ranks: either wild joins the trio, the other is a kicker of its own rank
    assert using_all(both_leads("3559", (R3, R9)), "3559") == {
        move("trio_single", R5, "5559", "3559"), move("trio_single", R5, "3555", "3559"),
        move("bomb", R5, "5555", "3559")}


def test_the_rocket_never_uses_a_wild():
    assert both_leads("7B", (R7,)) == {move("single", R7, "7", "7"), move("single", RB, "B", "B")}
    assert both_leads("7BR", (R7,)) == {
        move("single", R7, "7", "7"), move("single", RB, "B", "B"),
        move("single", RR, "R", "R"), move("rocket", RR, "BR", "BR")}


def test_wilds_with_no_wild_cards_held_are_the_reference():
    for text in ("33344456", "3334445556", "5555BR", "33445566"):
        expected = {(k, n, m, c, c) for k, n, m, c in reference.leads(parse(text))}
        assert wild_leads(parse(text), (R9,)) == expected
        assert wild_leads(parse(text), (R9, R2), long_bombs=True) == expected


def test_planes_with_a_wild_trio_card():
    moves = both_leads("3334475566", (R7,))
    assert move("plane_pairs", R4, "3334445566", "3334475566", length=2) in moves
    assert move("plane_singles", R4, "33344456", "33344756", length=2) in moves
    # a wild kicker stays its own rank: never 333444+5 5 with the 7 as a 5
    assert move("plane_singles", R4, "33344455", "33344457", length=2) not in moves


# ------------------------------------------------------------------------------------------
# long bombs


def test_long_bombs_only_under_their_switch():
    assert not only(both_leads("66667", (R7,)), "long_bomb")
    moves = both_leads("6666777", (R7,), long_bombs=True)
    assert only(moves, "long_bomb") == {
        move("long_bomb", R6, "66666", "66667", length=5),
        move("long_bomb", R6, "66666", "66677", length=5),
        move("long_bomb", R6, "66666", "66777", length=5),
        move("long_bomb", R6, "666666", "666677", length=6),
        move("long_bomb", R6, "666666", "666777", length=6),
        move("long_bomb", R6, "6666666", "6666777", length=7),
    }
    assert only(moves, "bomb") == {move("bomb", R6, "6666", p) for p in
                                   ("6666", "6667", "6677", "6777")}


def test_pure_long_bombs_of_either_wild_rank():
    moves = both_leads("33339", (R3, R9), long_bombs=True)
    long_bombs = {move("long_bomb", R3, "33333", "33339", length=5),
                  move("long_bomb", R9, "99999", "33339", length=5)}
    assert only(moves, "long_bomb") == long_bombs
    assert all(tier(m, (R3, R9)) == "pure" for m in long_bombs)


def test_twelve_card_long_bomb_with_two_wild_ranks():
    moves = wild_leads(parse("333355559999"), (R3, R9), long_bombs=True)
    twelve = ("long_bomb", 12, R5, (0, 0, 12) + (0,) * 12, parse("333355559999"))
    assert twelve in moves
    eight = ("long_bomb", 8, R3, (8,) + (0,) * 14, parse("33339999"))
    assert eight in moves and tier(eight, (R3, R9)) == "pure"
    assert tier(twelve, (R3, R9)) == "soft"


# ------------------------------------------------------------------------------------------
# tiers and beating

SOFT_4444 = move("bomb", R4, "4444", "4447")
ROCKET = move("rocket", RR, "BR", "BR")


def test_tiers():
    sevens = (R7,)
    assert tier(move("bomb", R6, "6666", "6667"), sevens) == "soft"
    assert tier(move("bomb", R3, "3333", "3333"), sevens) == "hard"
    assert tier(move("bomb", R7, "7777", "7777"), sevens) == "pure"
    assert tier(move("bomb", R3, "3333", "3333"), (R3, R9)) == "pure"
    assert tier(move("trio_single", R6, "6667", "6667"), sevens) is None
    assert tier(ROCKET, sevens) is None
    assert tier(move("bomb", R3, "3333", "3333"), ()) == "hard"


def test_rules_example_on_the_soft_bomb_4447():
    sevens = (R7,)
    assert wild_beats(move("bomb", R5, "5555", "5557"), SOFT_4444, sevens)
    assert wild_beats(move("bomb", R3, "3333", "3333"), SOFT_4444, sevens)
    assert not wild_beats(move("bomb", R3, "3333", "3337"), SOFT_4444, sevens)
    assert wild_responses(parse("33335557"), SOFT_4444, sevens) == {
        move("bomb", R3, "3333", "3333"), move("bomb", R5, "5555", "5557")}


@pytest.mark.parametrize("bomb_order", ["rocket_top", "pure_top"])
def test_bomb_order(bomb_order):
    sevens = (R7,)
    pure = move("bomb", R7, "7777", "7777")
    hard_2 = move("bomb", R2, "2222", "2222")
    hard_3 = move("bomb", R3, "3333", "3333")
    soft_a = move("bomb", RA, "AAAA", "AAA7")
    soft_a_other = move("bomb", RA, "AAAA", "AA77")
    trio = move("trio_single", RA, "AAA7", "AAA7")

    def beats(a, b):
        return wild_beats(a, b, sevens, bomb_order=bomb_order)

    assert beats(pure, hard_2) and not beats(hard_2, pure)
    assert beats(hard_3, soft_a) and not beats(soft_a, hard_3)
    assert beats(hard_2, hard_3) and not beats(hard_3, hard_2)
    assert not beats(soft_a, soft_a_other) and not beats(soft_a_other, soft_a)
    for bomb in (pure, hard_3, soft_a):
        assert beats(bomb, trio) and not beats(trio, bomb)
    assert beats(ROCKET, hard_2) and beats(ROCKET, soft_a) and beats(ROCKET, trio)
    assert not beats(hard_2, ROCKET) and not beats(soft_a, ROCKET)
    assert beats(pure, ROCKET) == (bomb_order == "pure_top")
    assert beats(ROCKET, pure) == (bomb_order == "rocket_top")
    assert not beats(ROCKET, ROCKET)


@pytest.mark.parametrize("bomb_order", ["rocket_top", "pure_top"])
def test_long_bomb_order(bomb_order):
    wilds = (R7, R9)
    soft_5 = move("long_bomb", R3, "33333", "33337", length=5)
    soft_5_high = move("long_bomb", RA, "AAAAA", "AAAA9", length=5)
    pure_5 = move("long_bomb", R7, "77777", "77779", length=5)
    soft_6 = move("long_bomb", R3, "333333", "333379", length=6)
    pure_4 = move("bomb", R7, "7777", "7799")
    hard_2 = move("bomb", R2, "2222", "2222")

    def beats(a, b):
        return wild_beats(a, b, wilds, bomb_order=bomb_order)

    assert tier(pure_5, wilds) == "pure" and tier(pure_4, wilds) == "pure"
    assert beats(soft_5, pure_4) and beats(soft_5, hard_2)      # more cards, whatever the tier
    assert beats(soft_6, pure_5) and not beats(pure_5, soft_6)
    assert beats(pure_5, soft_5_high) and not beats(soft_5_high, pure_5)
    assert beats(soft_5_high, soft_5) and not beats(soft_5, soft_5_high)
    assert beats(soft_6, ROCKET) == (bomb_order == "pure_top")
    assert beats(ROCKET, soft_6) == (bomb_order == "rocket_top")


def test_ordinary_moves_compare_by_reading():
    sevens = (R7,)
    assert wild_beats(move("trio_single", R8, "4888", "4788"), move("trio_single", R6, "6663", "6663"),
                      sevens)
    assert not wild_beats(move("trio_single", R6, "4666", "4667"),
                          move("trio_single", R6, "6663", "6663"), sevens)
    assert not wild_beats(move("straight", R9, "56789", "56789", length=5),
                          move("straight", R8, "345678", "345678", length=6), sevens)
    assert not wild_beats(move("pair", R2, "22", "22"), move("single", R3, "3", "3"), sevens)


# ------------------------------------------------------------------------------------------
# substitutes


def test_substitutes_hand_worked():
    assert substitutes(move("bomb", R6, "6666", "6667"), (R7,)) == ((R6,), 0)
    assert substitutes(move("straight", R7, "34567", "34569", length=5), (R9,)) == ((R7,), 0)
    assert substitutes(move("trio", R3, "333", "399"), (R3, R9)) == ((R3, R3), 2)
    assert substitutes(move("pair", R3, "33", "39"), (R3, R9)) == ((R3,), 1)
    assert substitutes(move("pair", R9, "99", "39"), (R3, R9)) == ((R9,), 0)
    assert substitutes(move("bomb", R5, "5555", "3559"), (R3, R9)) == ((R5, R5), 1)
    assert substitutes(move("trio_single", R6, "6667", "6667"), (R7,)) == ((), 0)


def realised(move_, wild_ranks):
    """The physical cards that RULES.md 10 says a move uses: the represented cards less the
    substitutes, plus as many wild cards (that many of the second wild rank)."""
    substituted, from_second = substitutes(move_, wild_ranks)
    physical = list(move_[3])
    for r in substituted:
        physical[r] -= 1
    physical[wild_ranks[0]] += len(substituted) - from_second
    if from_second:
        physical[wild_ranks[1]] += from_second
    return tuple(physical)


# ------------------------------------------------------------------------------------------
# the two enumerations on seeded random hands

DECK = [r for r in range(13) for _ in range(4)] + [RB, RR]


def random_case(rng):
    """A hand of 6 to 10 cards holding 1 to 4 wild cards, its wild ranks, switches."""
    wild_ranks = tuple(rng.sample(range(13), rng.choice((1, 2))))
    n_wild = rng.randint(1, 4)
    wild_cards = rng.sample([r for r in DECK if r in wild_ranks], n_wild)
    size = rng.randint(6, (10, 10, 10, 9, 8)[n_wild])      # the brute force grows with wild cards
    others = rng.sample([r for r in DECK if r not in wild_ranks], size - n_wild)
    cards = wild_cards + others
    hand = tuple(cards.count(r) for r in range(15))
    preset = rng.choice(["standard", "strict", "rlcard", "openspiel"])
    return hand, wild_ranks, rng.random() < 0.5, reference.PRESETS[preset]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_fast_and_brute_force_agree(seed):
    rng = random.Random(seed)
    for _ in range(30):
        hand, wild_ranks, long_bombs, switches = random_case(rng)
        fast = wild_leads(hand, wild_ranks, long_bombs=long_bombs, **switches)
        brute = brute_wild_leads(hand, wild_ranks, long_bombs=long_bombs, **switches)
        assert fast == brute, (hand, wild_ranks, long_bombs, switches,
                               sorted(fast ^ brute)[:5])
        for m in fast:
            assert realised(m, wild_ranks) == m[4]
            if m[0] not in ("long_bomb",):
                assert m[:3] in reference.readings(m[3], **switches)


@pytest.mark.slow
def test_twenty_card_hands_are_consistent():
    rng = random.Random(2026)
    for _ in range(10):
        wild_ranks = tuple(rng.sample(range(13), rng.choice((1, 2))))
        cards = rng.sample(DECK, 20)
        hand = tuple(cards.count(r) for r in range(15))
        moves = wild_leads(hand, wild_ranks, long_bombs=True)
        for m in moves:
            assert all(p <= h for p, h in zip(m[4], hand))
            assert realised(m, wild_ranks) == m[4]
        # the hand's plays without wild cards are the reference's
        tame = tuple(0 if r in wild_ranks else c for r, c in enumerate(hand))
        assert {m for m in moves if m[4] == m[3] and all(m[4][w] == 0 for w in wild_ranks)} \
            == {(k, n, main, c, c) for k, n, main, c in reference.leads(tame)}
