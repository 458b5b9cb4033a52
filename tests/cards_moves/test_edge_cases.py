"""Hand-picked cases from RULES.md sections 5 and 6, with expectations written by hand."""

from ddz_fast import Kind, Move, Rules, beats, classify, legal_moves
from helpers import as_tuples
from oracles import reference

DISTINCT = Rules(distinct_single_wings=True)
R = {symbol: rank for rank, symbol in enumerate("3456789TJQKA2BR")}


def readings(cards, rules=None):
    """{(kind, length, main symbol)} of the readings of `cards`."""
    return {(str(m.kind), m.length, "3456789TJQKA2BR"[m.main]) for m in classify(cards, rules=rules)}


def leads(hand, rules=None):
    return {str(m) for m in legal_moves(hand, rules=rules)}


# --- several readings of one card set -------------------------------------------------------

def test_one_card_set_three_readings():
    assert readings("333444555666") == {
        ("plane", 4, "6"), ("plane_singles", 3, "5"), ("plane_singles", 3, "6")}
    moves = legal_moves("333444555666")
    as_moves = [m for m in moves if m.cards == "333444555666"]
    assert sorted(str(m) for m in as_moves) == ["333444555+666", "333444555666", "444555666+333"]


def test_readings_are_distinct_moves_that_compare_by_their_own_reading():
    low, high = (m for m in classify("333444555666") if m.kind == Kind.PLANE_SINGLES)
    assert (low.main, high.main) == (R["5"], R["6"])
    assert high.beats(low) and not low.beats(high)
    plane4 = Move("plane", 4, R["6"], "333444555666")
    assert not plane4.beats(low) and not low.beats(plane4)   # other kind and length


def test_trio_pair_or_plane_pair_reading():
    assert readings("3334445566") == {("plane_pairs", 2, "4")}
    assert readings("33344") == {("trio_pair", 1, "3")}
    assert readings("44433") == {("trio_pair", 1, "4")}


# --- kickers never share a rank with the main part -----------------------------------------

def test_kickers_sharing_the_trio_rank():
    assert readings("3333") == {("bomb", 1, "3")}          # never a trio with a single
    assert readings("33334") == set()
    assert readings("33334445") == set()                   # 333444 + 35: 3 is a trio's rank
    assert readings("3334445") == set()
    assert "333444+35" not in leads("33334445")
    assert "333444+55" in leads("333344455")
    assert readings("333444555666") >= {("plane_singles", 3, "5")}  # wings 666: not a trio of it


def test_plane_wings_adjacent_to_the_plane_are_not_trios_of_it():
    assert readings("3334445") == set()
    assert readings("33344456") == {("plane_singles", 2, "4")}
    assert readings("33344455") == {("plane_singles", 2, "4")}
    assert readings("3334445555") == set()                 # pair wings must differ: 55+55


def test_both_jokers_never_kickers():
    assert readings("333BR") == set()
    assert readings("333B") == {("trio_single", 1, "3")}
    assert readings("333444BR") == set()
    assert readings("333444B5") == {("plane_singles", 2, "4")}
    assert readings("2222BR") == set()
    assert readings("2222R5") == {("four_two_singles", 1, "2")}
    hand_leads = leads("3334445BR")
    assert "333444+BR" not in hand_leads and "333444+5B" in hand_leads and "BR" in hand_leads


def test_pair_as_two_single_wings():
    assert readings("33344455") == {("plane_singles", 2, "4")}
    assert readings("33344455", DISTINCT) == set()
    assert readings("33344456", DISTINCT) == {("plane_singles", 2, "4")}
    assert readings("333444555777", DISTINCT) == set()     # 777: three equal wings
    assert readings("333444555789", DISTINCT) == {("plane_singles", 3, "5")}
    assert "333444+55" in leads("3334445566")
    assert "333444+55" not in leads("3334445566", DISTINCT)
    assert "333444+56" in leads("3334445566", DISTINCT)


def test_four_with_two_singles_of_one_rank_is_illegal():
    assert readings("333355") == set()
    assert readings("333345") == {("four_two_singles", 1, "3")}
    assert readings("33334455") == {("four_two_pairs", 1, "3")}
    assert readings("33334444") == set()                   # not two pairs of different ranks
    assert readings("3333444455") == set()
    assert readings("2222AA") == set()
    assert "3333+55" not in leads("333355")


def test_four_with_two_allows_twos_and_one_joker():
    assert readings("3333" + "2B") == {("four_two_singles", 1, "3")}
    assert readings("3333" + "22AA") == {("four_two_pairs", 1, "3")}
    assert readings("AAAA" + "22") == set()


# --- chains --------------------------------------------------------------------------------

def test_chains_starting_at_a_rank_held_four_times():
    assert "34567" in leads("33334567")
    assert "334455" in leads("3333445566")
    assert "333444" in leads("3333444")
    assert "333444+55" in leads("333344455")


def test_twos_and_jokers_never_in_chains():
    assert readings("JQKA2") == set()
    assert readings("TJQKA") == {("straight", 5, "A")}
    assert readings("KKAA22") == set()
    assert readings("QQKKAA") == {("pair_chain", 3, "A")}
    assert readings("AAA222") == set()
    assert readings("KKKAAA") == {("plane", 2, "A")}
    assert readings("AAA2224") == set()
    assert readings("AAA22245") == set()
    assert readings("QKA2B") == set()
    straights = {m for m in leads("9TJQKA2BR") if len(m) >= 5 and "+" not in m}
    assert straights == {"9TJQK", "TJQKA", "9TJQKA"}


def test_maximal_chains():
    assert readings("3456789TJQKA") == {("straight", 12, "A")}
    assert readings("33445566778899TTJJQQ") == {("pair_chain", 10, "Q")}
    assert readings("333444555666777888") == {("plane", 6, "8")}
    assert readings("333444555666777" + "9TJQK") == {("plane_singles", 5, "7")}
    assert readings("333444555666" + "7788TTQQ") == {("plane_pairs", 4, "6")}
    assert len(legal_moves("3456789TJQKA")) == 12 + sum(12 - n + 1 for n in range(5, 13))


def test_chain_lengths_at_the_minimum():
    assert readings("3456") == set()
    assert readings("3344") == set()
    assert readings("333") == {("trio", 1, "3")}
    assert readings("34567") == {("straight", 5, "7")}
    assert readings("334455") == {("pair_chain", 3, "5")}
    assert readings("333444") == {("plane", 2, "4")}
    assert readings("3455") == set()
    assert readings("33445") == set()


def test_gapped_and_mixed_sets_are_no_combination():
    for cards in ("34568", "3344556", "334", "3BR", "2B", "33BR", "3344BR", "33344455566"):
        assert readings(cards) == set(), cards
    assert readings("3335") == {("trio_single", 1, "3")}
    assert readings("33355") == {("trio_pair", 1, "3")}


# --- beating -------------------------------------------------------------------------------

def test_bomb_against_bomb_and_rocket():
    assert beats("4444", "3333")
    assert not beats("3333", "4444")
    assert not beats("3333", "3333")
    assert not beats("2222", "BR")
    assert beats("BR", "2222")
    assert beats("3333", "KKKAAA+QQJJ")


def test_rocket_beats_everything_and_nothing_beats_it():
    for prev in ("3", "22", "333+4", "34567", "2222", "3333+45", "333444555666777+89TJQ"):
        assert beats("BR", prev)
    hand = "2222333344445555BR"
    assert len(legal_moves(hand, prev="BR")) == 0
    assert list(legal_moves("BR", prev="2222")) == [Move("rocket", 1, R["R"], "BR")]


def test_bombs_answer_bombs_only_when_higher():
    answers = {str(m) for m in legal_moves("33334444BR", prev="3333")}
    assert answers == {"4444", "BR"}
    answers = {str(m) for m in legal_moves("33334444", prev="5555")}
    assert answers == set()


def test_any_bomb_answers_an_ordinary_combination():
    answers = {str(m) for m in legal_moves("33335", prev="KKKAAA+QQJJ")}
    assert answers == {"3333"}
    answers = {str(m) for m in legal_moves("333345", prev="A")}
    assert answers == {"3333"}


def test_equal_main_ranks_never_beat():
    assert not beats("666+5", "666+4")
    assert beats("888+3", "666+4")                      # RULES section 6 example
    answers = {str(m) for m in legal_moves("6668883", prev="666+4")}
    assert answers == {"888+3", "888+6"}
    assert not beats("34567", "34567")
    assert not beats("4444+56", "4444+78")


def test_same_kind_needs_same_length():
    assert not beats("45678", "3456789")
    assert not beats("456789", "34567")
    assert beats("456789", "345678")
    assert not beats("444555+66", "333444555+678")
    assert not beats("5", "44")


def test_kickers_never_count():
    assert beats("444+3", "333+2")
    assert beats("444+33", "333+22")
    assert beats("4444+35", "3333+2R")
    assert beats("444555+33", "333444+22")


# --- the extreme hand ----------------------------------------------------------------------

def test_the_hand_with_the_most_leads_matches_the_reference():
    # bench/max_moves.py scans every 20-card hand; this one has the most leads.
    hand = "3456789TJJJQQQKKKAAA"
    expected = reference.leads(reference.parse(hand))
    got = as_tuples(legal_moves(hand))
    assert set(got) == expected and len(got) == len(expected) == 521
