"""What tests of several folders share: conversions between ddz_fast objects and the reference's
tuples, a game's snapshot, the seeded hands of the reference's lead table, and a runner for tests
that call ddz_fast from several threads at once."""

import inspect
import os
import random
import subprocess
import sys
import threading

import numpy as np
import pytest

import ddz_fast
from oracles import leads_table, reference, reference_four
from oracles.leads_table import RULE_SETS, lead_digest
from oracles.reference_wild_game import WildPlay
from oracles.reference_wilds import substitutes, tier

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # the repository
# Whether the ddz_fast under test is this checkout's own (built in place or an editable install),
# not one installed from a wheel with the tests copied beside it (.ci/wheel, cibuildwheel): the
# tests of the sources (layers, types, packaging, bench/ab.py) need the checkout.
FROM_CHECKOUT = (os.path.realpath(os.path.dirname(ddz_fast.__file__))
                 == os.path.realpath(os.path.join(ROOT, "ddz_fast")))
needs_checkout = pytest.mark.skipif(
    not FROM_CHECKOUT, reason="tests the checkout's sources, and ddz_fast is installed from a wheel")
DECK = [r for r in range(13) for _ in range(4)] + [13, 14]
KIND_NAMES = [str(k) for k in ddz_fast.Kind]
# The reference's rule switches (keyword arguments of its readings) and their defaults.
SWITCH_DEFAULTS = {name: p.default
                   for name, p in inspect.signature(reference.readings).parameters.items()
                   if name != "cards"}


def switches_of(rules):
    """The reference's keyword arguments for a ddz_fast.Rules: the switches that differ from
    the reference's defaults."""
    return {name: getattr(rules, name) for name, default in SWITCH_DEFAULTS.items()
            if getattr(rules, name) != default}


def deal(seed, size):
    """Rank counts of `size` cards dealt from a shuffled deck."""
    cards = random.Random(seed).sample(DECK, size)
    return tuple(cards.count(r) for r in range(15))


def unpack(packed):
    return tuple((int(packed) >> (4 * r)) & 0xF for r in range(15))


def as_tuples(moves):
    """A MoveList (or any MOVE_DTYPE array) as a list of reference tuples."""
    array = moves.array if isinstance(moves, ddz_fast.MoveList) else moves
    return [(KIND_NAMES[k], int(n), int(m), unpack(c))
            for k, n, m, c in zip(array["kind"], array["length"], array["main"], array["cards"])]


# RULES.md section 5's table: the kinds in the order of their codes 0..13, then section 9's
# shuttles (14..18) and section 10's long bomb (19); and how many cards of each main rank a
# kind has (the rest are kickers).
KIND_ORDER = ["single", "pair", "trio", "trio_single", "trio_pair", "straight", "pair_chain",
              "plane", "plane_singles", "plane_pairs", "four_two_singles", "four_two_pairs",
              "bomb", "rocket", "shuttle", "shuttle_singles", "shuttle_pairs",
              "shuttle_two_singles", "shuttle_two_pairs", "long_bomb"]
UNIT = {"single": 1, "pair": 2, "trio": 3, "trio_single": 3, "trio_pair": 3, "straight": 1,
        "pair_chain": 2, "plane": 3, "plane_singles": 3, "plane_pairs": 3,
        "four_two_singles": 4, "four_two_pairs": 4, "bomb": 4, "rocket": 1, "shuttle": 4,
        "shuttle_singles": 4, "shuttle_pairs": 4, "shuttle_two_singles": 4,
        "shuttle_two_pairs": 4}


def canonical_key(play):
    """The documented order of plays: kind code, length, main rank, then the kicker ranks
    ascending (compared as sorted lists, one entry per card); a long bomb has none (its
    length is its number of cards, all of the main rank)."""
    kind, length, main, cards = play
    kickers = list(cards)
    if kind == "long_bomb":
        kickers[main] = 0
    else:
        for r in range(main - length + 1, main + 1):
            kickers[r] -= UNIT[kind]
    return KIND_ORDER.index(kind), length, main, [r for r in range(15) for _ in range(kickers[r])]


def to_move(move, rules=None):
    """A reference tuple as a ddz_fast.Move (a combination under `rules`)."""
    kind, length, main, cards = move
    return ddz_fast.Move(kind, length, main, list(cards), rules=rules)


def hand_text(counts):
    return "".join(reference.RANKS[r] * c for r, c in enumerate(counts))


def run_threads(targets, timeout=60):
    """Run the callables in threads at once; re-raise the first exception any of them raised."""
    errors = []

    def wrap(target):
        def run():
            try:
                target()
            except BaseException as e:          # noqa: BLE001 - handed to the main thread
                errors.append(e)
        return run

    threads = [threading.Thread(target=wrap(t)) for t in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
        assert not t.is_alive(), "a thread did not finish"
    if errors:
        raise errors[0]


def comparable(value):
    """A result as plain data that == compares in full: arrays by dtype, shape and values,
    games by their position, spaces by their actions, containers element by element."""
    if isinstance(value, np.ndarray) and value.dtype.names:      # field by field
        return {name: comparable(value[name]) for name in value.dtype.names}
    if isinstance(value, np.ndarray):
        return (value.dtype.str, value.shape, value.tolist())
    if isinstance(value, ddz_fast.Game):
        return ("Game", value.position(), value.history)
    if isinstance(value, ddz_fast.ActionSpace):
        return ("ActionSpace", value.rules, comparable(value.actions), value.pass_id, value.bid_ids)
    if isinstance(value, ddz_fast.MoveList):
        return ("MoveList", list(value), value.rules)
    if isinstance(value, dict):
        return {key: comparable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(comparable(item) for item in value)
    return value


RAISED = object()


def outcome(make, rules):
    """What ``make(rules)`` gives (as ``comparable``), or the type and message it raises."""
    try:
        return comparable(make(rules))
    except (ValueError, TypeError) as e:
        return RAISED, type(e), str(e)


def is_raised(result):
    return isinstance(result, tuple) and len(result) == 3 and result[0] is RAISED


def check_rules_argument(make):
    """``make(rules)`` calls an entry point with ``rules=rules``: each preset's name must give
    exactly what the preset gives, a name of no preset a ValueError that lists every preset's
    name, anything but a Rules, a str or None a TypeError naming the argument."""
    outcomes = {name: outcome(make, preset) for name, preset in ddz_fast.Rules.presets().items()}
    for name, expected in outcomes.items():
        assert outcome(make, name) == expected, name
    raised = [name for name, result in outcomes.items() if is_raised(result)]
    assert len(raised) < len(outcomes), "every preset raised: the check compares errors only"
    with pytest.raises(ValueError, match="unknown preset 'douzer'") as bad_name:
        make("douzer")
    assert all(repr(name) in str(bad_name.value) for name in ddz_fast.Rules.presets())
    for wrong in (3, ["standard"], b"douzero"):
        with pytest.raises(TypeError, match="rules must be a ddz_fast.Rules, a preset name or None"):
            make(wrong)
def run_python(*args):
    """Run Python on `args` in the repository's root; its output, once it exited with 0."""
    result = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr + result.stdout
    return result.stdout


def snapshot(game):
    """Everything observable about a game."""
    return (game.phase, game.to_move, game.hands, game.kitty, game.landlord, game.winning_bid,
            game.highest_bid, game.redeals, game.first_bidder, game.marked_card, game.last_move,
            game.last_mover, game.passes, game.bombs, game.cards_played, game.key(),
            game.history, game.result, game.legal_bids(), list(game.legal_moves()))


def as_ref(move):
    """A Move as the reference's tuple (None for PASS)."""
    if move.length == 0:
        return None
    return (str(move.kind), move.length, move.main, tuple(move.counts.tolist()))


def complement(*cards, decks=1):
    """The cards of the deck (or two decks) that are in none of `cards` (text), as text."""
    counts = [4 * decks] * 13 + [decks, decks]
    for text in cards:
        for symbol in text:
            counts["3456789TJQKA2BR".index(symbol)] -= 1
    return "".join(s * n for s, n in zip("3456789TJQKA2BR", counts))


class Crafted:
    """Pickles as a call of `function` with `args`: a crafted pickle."""

    def __init__(self, function, args):
        self.reduced = (function, args)

    def __reduce__(self):
        return self.reduced


# The presets by whether they deal wild cards (RULES.md 10) or two decks to four players
# (RULES.md 11, FOUR_PRESETS: what the four-player game does not play yet refuses them, and
# the tests of the four-player game take them). The parts of the package that
# play no wild cards yet (the batch ids and masks, the peers' encodings, the solver and PIMC,
# the rule player) refuse WILD_PRESETS, and the reference of plain moves
# (oracles/reference.py) knows PLAIN_PRESETS only: the tests of those parts and against that
# reference take PLAIN_PRESETS; oracles/reference_wilds.py and reference_wild_game.py check
# the others (tests/actions_encodings/test_wild_actions.py, tests/game/test_wild_game.py).
PLAIN_PRESETS = {name: rules for name, rules in ddz_fast.Rules.presets().items()
                 if rules.wilds == "none" and rules.players == 3}
WILD_PRESETS = {name: rules for name, rules in ddz_fast.Rules.presets().items()
                if rules.wilds != "none"}
FOUR_PRESETS = {name: rules for name, rules in ddz_fast.Rules.presets().items()
                if rules.players == 4}      # (RULES.md 11; oracles/reference_four*.py)


# The hand with the most leads under each preset, from `python bench/max_moves.py`, which
# enumerates every 20-card hand; a new preset needs its scan and its line here.
# The four-player game (RULES.md 11). Reference switches -> Rules fields: the two sources'
# games, and each switch turned.
FOUR_SWITCH_SETS = [
    {"attachments": "pairs"},
    {"attachments": "plane_pairs"},
    {"attachments": "pairs", "bomb_ranking": "tiers", "joker_pairs": "none"},
    {"attachments": "any"},
    {"attachments": "any", "distinct_single_wings": True, "rocket_kickers": True},
    {"attachments": "any", "quad_wings": False, "extending_wings": False},
]
TWO_DECKS = [r for r in range(15) for _ in range(reference_four.DECK[r])]


def four_rules(switches):
    return ddz_fast.Rules(players=4, four_with_two=False, **switches)


def deal_two_decks(rng, size):
    """Rank counts of `size` cards drawn from two decks by random.Random `rng`."""
    cards = rng.sample(TWO_DECKS, size)
    return tuple(cards.count(r) for r in range(15))


MOST_LEADS = {
    "standard": ("3456789TJJJQQQKKKAAA", 521),
    "strict": ("3456789TJJJQQQKKKAAA", 497),
    "rlcard": ("3456789TJJJQQQKKKAAA", 519),
    "openspiel": ("3456789TJJJQQQKKKAAA", 521),
    "douzero": ("3456789TJJJQQQKKKAAA", 519),
}
# ... and under the loosest rules with shuttles (--rules shuttle_one, shuttle_two), by wings.
MOST_SHUTTLE_LEADS = {
    "one": ("3456789TJJJQQQKKKAAA", 521),
    "two": ("3456789TJQKKKKAAAABR", 806),
}


# The seeded hands of the reference's lead table (cards_moves/test_reference_diff.py checks that
# they are the table's), and the table's rows.
SEEDS = leads_table.SEEDS
HANDS = [deal(seed, size) for seed, size in SEEDS]
LEAD_TABLE = leads_table.load()


def expected(i, rules):
    """(number of leads, digest) of the reference's leads of HANDS[i] under `rules`."""
    column = 3 + 2 * RULE_SETS.index(rules)
    return tuple(LEAD_TABLE[i][column:column + 2])


def agrees(i, rules, got):
    """The moves `got` (reference tuples) hold no move twice and have the reference's number
    of leads and digest for HANDS[i] under `rules`."""
    return len(got) == len(set(got)) and (len(got), lead_digest(got)) == expected(i, rules)


def check_batch(hands, leads, rules, shuttle="off"):
    """legal_moves_batch and legal_move_counts on every hand at once, half leading and half
    answering a lead of the next hand, against the reference's leads of each hand (`shuttle`:
    where shuttles stand, as reference.beats takes it)."""
    prevs = np.zeros(len(hands), dtype=ddz_fast.MOVE_DTYPE)
    want = []
    for i in range(len(hands)):
        if i % 2:
            prev = prevs_for(i, leads)[-1]
            prevs[i] = to_move(prev, rules).row
            want.append(reference.responses(leads[i], prev, shuttle))
        else:
            want.append(leads[i])
    offsets, moves = ddz_fast.legal_moves_batch(np.array(hands, dtype=np.uint8), prevs,
                                                rules=rules)
    counts = ddz_fast.legal_move_counts(np.array(hands), prevs, rules=rules)
    assert np.array_equal(np.diff(offsets), counts)
    for i in range(len(hands)):
        got = as_tuples(moves[offsets[i]:offsets[i + 1]])
        assert len(got) == len(set(got)) and set(got) == want[i], (hand_text(hands[i]), prevs[i])


def prevs_for(i, leads):
    """Previous moves for hand i, drawn from another hand's leads: a few at random, and one of
    each kind that hand i can lead too (so that same-kind answers are exercised)."""
    rng = random.Random(i)
    other = sorted(leads[(i + 1) % len(leads)])
    picked = rng.sample(other, min(3, len(other)))
    own_kinds = {m[0] for m in leads[i]}
    for kind in sorted(own_kinds):
        same = [m for m in other if m[0] == kind]
        if same:
            picked.append(rng.choice(same))
    return picked


def as_reference(row, wild_ranks):
    """A WILD_MOVE_DTYPE row as the reference's (kind, length, main, represented, physical),
    checking its wild fields on the way: ascending substitutes, the count of second-rank wild
    cards, the pure-wild flag."""
    cards = int(row["cards"])
    represented = [(cards >> (4 * r)) & 0xF for r in range(15)]
    subs, word = [], int(row["substitutes"])
    while word & 0xF:
        subs.append((word & 0xF) - 1)
        word >>= 4
    assert word == 0 and subs == sorted(subs) and len(subs) <= 8
    second = int(row["wild"]) & 0xF
    assert second <= len(subs) and int(row["wild"]) & ~0x1F == 0
    physical = list(represented)
    for r in subs:
        physical[r] -= 1
    physical[wild_ranks[0]] += len(subs) - second
    if second:
        physical[wild_ranks[1]] += second
    move = (KIND_NAMES[row["kind"]], int(row["length"]), int(row["main"]), tuple(represented),
            tuple(physical))
    assert substitutes(move, wild_ranks) == (tuple(subs), second), move
    assert bool(row["wild"] & 0x10) == (tier(move, wild_ranks) == "pure"), move
    return move


def deal_wilds(game):
    """The wild ranks of a game's deal, drawn or not yet shown (its position's `wilds`), as
    rank indices."""
    return tuple("3456789TJQKA2".index(symbol)
                 for symbol in ddz_fast.Position.parse(game.position()).wilds)


def reference_play(game, rules, wild_ranks):
    """The reference's game loop (oracles/reference_wild_game.py) at the start of a game's
    play phase (the landlord to lead)."""
    landlord = game.landlord
    hands = [tuple(int(c) for c in hand.counts) for hand in game.hands]
    doublings = {name: getattr(rules, f"{name}_multiplier").bit_length() - 1
                 for name in ("soft_bomb", "hard_bomb", "pure_bomb", "rocket")}
    return WildPlay(hands, landlord, game.winning_bid, wild_ranks, bomb_order=rules.bomb_order,
                    doublings={"soft": doublings["soft_bomb"], "hard": doublings["hard_bomb"],
                               "pure": doublings["pure_bomb"], "rocket": doublings["rocket"]},
                    switches={"long_bombs": True} if rules.long_bombs else {})
