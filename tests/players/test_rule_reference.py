"""The rule player's reference (oracles/reference_rule_player.py) against RLCard's own tables
and code: the type and weight of every RLCard action (CARD_TYPE), the order in which RLCard lists
the actions of one type and weight (TYPE_CARD, which its answers follow), and the decomposition
of seeded hands (the agent's combine_cards). Hand-written leads need no peer."""

import random

import pytest

from oracles.reference import parse
from oracles.reference_rule_player import decompose, lead, rlcard_order, rlcard_type, text

DECK = [r for r in range(13) for _ in range(4)] + [13, 14]


def test_every_action_has_rlcards_type_and_weight(rl):
    table = rl.CARD_TYPE[0]
    assert len(table) == 27_471 and all(len(types) == 1 for types in table.values())
    wrong = [a for a, [[kind, weight]] in table.items() if rlcard_type(parse(a)) != (kind, int(weight))]
    assert not wrong, wrong[:10]


def test_rlcard_lists_ties_in_the_references_order(rl):
    """Within each type and weight, TYPE_CARD's list is sorted by rlcard_order, without ties."""
    ties = 0
    for kind, by_weight in rl.TYPE_CARD.items():
        for weight, actions in by_weight.items():
            keys = [rlcard_order(parse(a)) for a in actions]
            assert keys == sorted(keys) and len(set(map(repr, keys))) == len(keys), (kind, weight)
            ties += len(actions) > 1
    assert ties > 100


@pytest.mark.usefixtures("rl")
def test_decomposition_is_rlcards():
    from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1
    agent, rng = DouDizhuRuleAgentV1(), random.Random(3)
    for size in list(range(1, 21)) * 500:
        hand = tuple(map(sorted(rng.sample(DECK, size)).count, range(15)))
        theirs = agent.combine_cards(text(hand))
        assert theirs == {k: [text(c) for c in v] for k, v in decompose(hand).items()}, text(hand)
        assert theirs["pair_chain"] == []


@pytest.mark.parametrize("hand, expected", [
    ("3BR", "3"), ("BR", "BR"), ("B", "B"), ("R", "R"), ("2222BR", "2222"),
    ("333444555", "333444555"), ("AAA222", "AAA"), ("KKKAAA", "KKKAAA"),
    ("333444666", "333444"), ("3334445555666", "333444"), ("33334444", "3333"),
    ("33445566778", "345678"), ("3334567", "333"), ("34568", "3"), ("334567899", "3456789"),
    ("3455567", "3"), ("TJQKA2", "TJQKA"), ("JQKA2", "J"), ("3456789TJQKA", "3456789TJQKA"),
    ("44556677889", "456789"), ("3344", "33"), ("2BR", "2"),
])
def test_leads(hand, expected):
    """Leads written by hand from RLCard's rules: the group of the lowest card."""
    assert text(lead(parse(hand))) == expected
