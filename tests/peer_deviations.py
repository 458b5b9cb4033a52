"""The peers' known deviations from their own rules: bugs of theirs that ddz_fast's presets do
not copy (the presets copy the peers' rules, never their mistakes).

``DEVIATIONS[peer]`` lists one ``Deviation`` per bug. Each has

- ``cases``: minimal positions that show it. A position is the hand of the player to move and
  the trick so far (``trick``: the plays since the last lead, ``"pass"`` included; its last play
  is the move to beat; empty when the player leads). ``peer_only`` are the card sets the peer
  offers there and ddz_fast does not, ``ddz_only`` the converse, ``duplicates`` the card sets the
  peer lists more than once (with their counts), all exactly; ``peer_offers``, where given, is
  the peer's whole list (for a bug the differences alone do not show). ``accepted`` is a play
  the peer's step takes though its own legal actions do not list it.
- ``explains(hand, prev, cards, side)``: the bug as a rule, or None when it is no difference of
  legal moves. It says whether one difference at a position (``hand``, ``prev``: ddz_fast's
  reading of the move to beat or None, ``cards``: the card set (DouZero) or the move (OpenSpiel))
  is this bug; ``side`` is ``"peer"`` (the peer offers it, ddz_fast does not), ``"ddz"`` (the
  converse) or ``"duplicate"`` (the peer lists it twice or more).

Card sets are written as ddz_fast writes a ``Hand`` (``3334445556667778``).
tests/interop/test_peer_rules.py checks every case against the peer (so an entry fails the day
the peer is fixed) and against ddz_fast; ``differences`` is how its seeded positions and
tests/interop/test_lockstep.py's games check that each difference they meet is explained by an
entry's rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ddz_fast import Hand, Kind, Move, Rules, classify

Explain = Callable[[Hand, "Move | None", "Hand | Move", str], bool]


@dataclass(frozen=True)
class Case:
    hand: str
    trick: tuple[str, ...] = ()
    peer_only: frozenset[str] = frozenset()
    ddz_only: frozenset[str] = frozenset()
    duplicates: dict[str, int] = field(default_factory=dict)
    peer_offers: frozenset[str] | None = None
    accepted: str | None = None


@dataclass(frozen=True)
class Deviation:
    peer: str
    name: str
    what: str
    why: str
    cases: tuple[Case, ...]
    explains: Explain | None


def _cards(*texts: str) -> frozenset[str]:
    return frozenset(texts)


# --- DouZero 1.1.0 (douzero/env: move_generator, move_detector, move_selector, game) ----------

DOUZERO = Rules.preset("douzero")
# Every card set DouZero's generators can make: four with two singles of one rank, both jokers
# among kickers, and any plane wings (the universe test checks it against MovesGener).
DOUZERO_GENERATED = Rules(distinct_four_two_singles=False, rocket_kickers=True)


def douzero_rank(cards: Hand | Move) -> int:
    """What DouZero's selector compares planes with single wings by (filter_type_11): the
    highest rank held exactly three times, which may be a wing's."""
    counts = Hand(cards).counts
    return max(r for r in range(15) if counts[r] == 3)


def douzero_rejects(cards: Hand | Move) -> bool:
    """A card set DouZero generates but its detector reads as TYPE_15_WRONG: k = 4 or 5
    consecutive trios (3..A, each rank held exactly three times) and k wing cards of other
    ranks, three or four of one rank among the wings (the universe test checks that these are
    exactly the generated sets the detector rejects)."""
    counts = list(Hand(cards).counts)
    for k in (4, 5):
        for low in range(12 - k + 1):
            run = range(low, low + k)
            if all(counts[r] == 3 for r in run):
                wings = [0 if r in run else c for r, c in enumerate(counts)]
                if sum(wings) == k and max(wings) >= 3:
                    return True
    return False


def _douzero_duplicate(hand, prev, cards, side):
    # gen_type_11 and gen_type_13 pick kickers with itertools.combinations over the hand's
    # cards (a rank held twice gives the same set twice) and groupby drops only neighbours;
    # four consecutive trios also come from serial_triple and serial_3_1.
    return side == "duplicate" and any(
        m.kind in (Kind.PLANE_SINGLES, Kind.FOUR_TWO_SINGLES)
        for m in classify(cards, rules=DOUZERO_GENERATED))


def _douzero_rejected(hand, prev, cards, side):
    if side == "peer":          # offered, though no play (a wing trio next to the plane)
        return douzero_rejects(cards) and not classify(cards, rules=DOUZERO)
    # after a rejected set the selector finds no type: only bombs, the rocket and pass
    return side == "ddz" and prev is not None and douzero_rejects(prev) and all(
        m.kind not in (Kind.BOMB, Kind.ROCKET) for m in classify(cards, rules=DOUZERO))


def _douzero_wing_rank(hand, prev, cards, side):
    if prev is None or prev.kind is not Kind.PLANE_SINGLES or side not in ("peer", "ddz"):
        return False
    readings = [m for m in classify(cards, rules=DOUZERO)
                if m.kind is Kind.PLANE_SINGLES and m.length == prev.length]
    if len(readings) != 1:
        return False
    ours = readings[0].main > prev.main
    theirs = douzero_rank(cards) > douzero_rank(prev)
    return theirs and not ours if side == "peer" else ours and not theirs


def _douzero_four_trios(hand, prev, cards, side):
    return (side == "peer" and prev is not None and prev.kind is Kind.PLANE_SINGLES
            and prev.length == 3
            and [(m.kind, m.length) for m in classify(cards, rules=DOUZERO)] == [(Kind.PLANE, 4)]
            and douzero_rank(cards) > douzero_rank(prev))


DOUZERO_DEVIATIONS = (
    Deviation(
        "douzero", "duplicates",
        "DouZero lists some card sets more than once.",
        "A legal action is a card set: a list with repeats skews any policy that samples from it "
        "or counts it (itertools.groupby removes only adjacent duplicates).",
        (Case("33334456", duplicates={"333345": 2, "333346": 2}),
         Case("44445567", ("333378",), duplicates={"444456": 2, "444457": 2})),
        _douzero_duplicate),
    Deviation(
        "douzero", "rejected plays",
        "DouZero offers planes of 4 or 5 trios whose single wings hold three or four of a rank, "
        "which its own detector rejects (TYPE_15_WRONG): after one, only bombs, the rocket and "
        "pass are legal.",
        "The generator and the detector disagree: a play the game offers cannot be answered as "
        "the kind it is. ddz_fast (douzero preset) reads the sets with a wing trio next to the "
        "plane as no play (extending_wings=False, as DouZero reads its readable sets) and the "
        "others as planes with wings, answered by higher planes of the same length.",
        (Case("4445556667778888", ("3334445556667899",), peer_only=_cards("4445556667778888")),
         Case("999TTTJJJQQQKKAA2", ("3334445556668888",),
              ddz_only=_cards("999TTTJJJQQQKKAA", "999TTTJJJQQQKKA2", "999TTTJJJQQQKAA2"))),
        _douzero_rejected),
    Deviation(
        "douzero", "planes ranked by a wing trio",
        "DouZero compares planes with single wings by the highest rank held exactly three times "
        "(move_selector.filter_type_11), which may be a wing trio, not the plane's top trio.",
        "Kickers never count (RULES.md 6): 666777888+9TJ beats 333444555+AAA, and 333444555+AAA "
        "does not beat 666777888+9TJ.",
        (Case("6667778889TJ", ("333444555AAA",), ddz_only=_cards("6667778889TJ")),
         Case("333444555AAA", ("6667778889TJ",), peer_only=_cards("333444555AAA"))),
        _douzero_wing_rank),
    Deviation(
        "douzero", "four trios on three",
        "DouZero answers a plane of 3 trios with wings by 4 consecutive trios (generated as a "
        "plane of 3 with a trio for wings), then reads them as a plane of 4 (get_move_type): "
        "the next player may no longer answer with a plane of 3 with wings.",
        "A play's reading changes within the trick; ddz_fast reads 4 consecutive trios as the "
        "plane of 4 only (douzero preset, extending_wings=False), so they do not answer a plane "
        "of 3 with wings.",
        (Case("666777888999", ("333444555789",), peer_only=_cards("666777888999"),
              duplicates={"666777888999": 2}),
         Case("TTTJJJQQQAK2", ("333444555789",), peer_offers=_cards("pass", "TTTJJJQQQKA2")),
         Case("TTTJJJQQQAK2", ("333444555789", "666777888999"), peer_offers=_cards("pass"))),
        _douzero_four_trios),
)


# --- OpenSpiel 2.0.2 (open_spiel/games/dou_dizhu) -------------------------------------------

CHAINS = (Kind.STRAIGHT, Kind.PAIR_CHAIN, Kind.PLANE)


def _openspiel_chain_quad(hand, prev, move, side):
    # SearchChainOnlyActions skips a chain head held kNumSuits times
    return side == "ddz" and move.kind in CHAINS \
        and hand.counts[move.main - move.length + 1] == 4


def _openspiel_bomb_on_rocket(hand, prev, move, side):
    return side == "peer" and prev is not None and prev.kind is Kind.ROCKET \
        and move.kind is Kind.BOMB


OPENSPIEL_DEVIATIONS = (
    Deviation(
        "openspiel", "chains from a quad",
        "OpenSpiel never offers a straight, pair chain or plane without wings whose lowest "
        "rank the player holds four times, as a lead or an answer.",
        "Holding four 3s does not forbid playing one of them in 34567 (RULES.md 5); planes with "
        "wings are not affected, so it is a slip in SearchChainOnlyActions, not a rule.",
        (Case("33334567TTJJQQKKAA22", ddz_only=_cards("34567")),
         Case("4445556688889TJQK", ("34567",), ddz_only=_cards("89TJQ"))),
        _openspiel_chain_quad),
    Deviation(
        "openspiel", "bombs on the rocket",
        "OpenSpiel offers (and accepts) bombs in answer to the rocket.",
        "The rocket beats everything and nothing beats it (RULES.md 6).",
        (Case("3333444455566677T", ("BR",), peer_only=_cards("3333", "4444")),),
        _openspiel_bomb_on_rocket),
)


# --- RLCard 1.2.0 (rlcard/games/doudizhu) ---------------------------------------------------

RLCARD_DEVIATIONS = (
    Deviation(
        "rlcard", "unchecked steps",
        "RLCard's env.step plays any action id, legal or not (no legality deviation: its legal "
        "actions are exact).",
        "An agent's illegal choice silently changes the game: here a 3 answers a 2, and the "
        "next player must beat the 3. ddz_fast's Game.play raises IllegalMoveError.",
        (Case("3456789TJQKA34567", ("2",), accepted="3"),),
        None),
)

DEVIATIONS = {"douzero": DOUZERO_DEVIATIONS, "openspiel": OPENSPIEL_DEVIATIONS,
              "rlcard": RLCARD_DEVIATIONS}


def explaining(peer: str, hand: Hand, prev: Move | None, cards: Hand | Move, side: str) -> list[str]:
    """The names of the entries of ``peer`` whose rule explains this difference."""
    return [d.name for d in DEVIATIONS[peer] if d.explains and d.explains(hand, prev, cards, side)]


def differences(peer: str, found: Sequence, expected: Sequence, hand: Hand, prev: Move | None,
                as_cards: Callable, pass_action: object = "pass") -> tuple[list, Counter]:
    """The peer's legal actions ``found`` against ddz_fast's ``expected`` at a position (card
    texts or ids; ``as_cards`` turns one, not the pass ``pass_action``, into what the rules
    take). Returns the differences no entry explains, as (side, cards), and how often each
    entry (by name) explained one. An action both offer that an entry says the peer lacks
    counts as unexplained too (side ``"both"``): the rules for ``"ddz"`` must be exact."""
    found_set, expected_set = set(found), set(expected)
    assert len(expected_set) == len(expected), (str(hand), prev, expected)
    sides = [("peer", a) for a in found_set - expected_set]
    sides += [("ddz", a) for a in expected_set - found_set]
    if len(found_set) < len(found):
        sides += [("duplicate", a) for a, n in Counter(found).items() if n > 1]
    unexplained, met = [], Counter()
    for side, action in sides:
        names = [] if action == pass_action else explaining(peer, hand, prev, as_cards(action), side)
        met.update(names)
        if not names:
            unexplained.append((side, action if action == pass_action else str(as_cards(action))))
    rules = [d.explains for d in DEVIATIONS[peer] if d.explains]
    for action in found_set & expected_set:         # (the bulk of the time: kept lean)
        if action != pass_action:
            cards = as_cards(action)
            for explains in rules:
                if explains(hand, prev, cards, "ddz"):
                    unexplained.append(("both", str(cards)))
    return unexplained, met
