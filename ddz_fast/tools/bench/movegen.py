"""The move generation section of ``ddz-fast bench``: legal_moves_batch and legal_moves() on
the leads and responses of seeded deals (with the peers' move lists on the same positions), and
Hand(cards) from each form the API takes.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence, Sized
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ddz_fast import Hand, Move, Rules, legal_move_counts, legal_moves, legal_moves_batch

from ..positions import Counts, DealPositions, MoveArray
from ..timing import fmt_rate, pass_seconds
from .figures import Figure, PeerFigure, Section

if TYPE_CHECKING:
    from ..peers import Peer

ID_POSITIONS = 2000     # deals of the action-id and Hand(cards) rows (peers: up to 70 µs each)
WILD_POSITIONS = 4000   # deals of the wild-card row (about 25 µs a hand)
TWO_DECK_HANDS = 4000   # 33-card hands of the four-player row (a few µs a hand)
# The four-player game of seed 003 (RULES.md 11): no single kicker, no four with two
FOUR_PLAYERS = Rules.preset("four_1v3")


def two_deck_hands(n: int, seed: int = 11) -> np.ndarray:
    """`n` seeded landlord hands of the four-player game: 33 of the 108 cards of two decks."""
    deck = np.repeat(np.arange(15), [8] * 13 + [2, 2])
    rng = np.random.default_rng(seed)
    return np.array([np.bincount(rng.permutation(deck)[:33], minlength=15) for _ in range(n)],
                    dtype=np.uint8)


@dataclass
class Rate:
    """A timed path: seconds per item of each pass, and moves per item when it generates
    moves."""

    passes: list[float]
    moves_per_item: float = float("nan")

    @property
    def seconds(self) -> float:
        return statistics.median(self.passes)

    @property
    def ns(self) -> float:
        return self.seconds * 1e9

    @property
    def moves_per_second(self) -> float:
        return self.moves_per_item / self.seconds

    def figure(self, name: str, per: str, items: str = "moves", **fields: Any) -> Figure:
        """Seconds per item, with the moves (`items`) per second and per item as its detail."""
        return Figure.per_item(name, per, self.passes, 1, detail=(
            f"{fmt_rate(self.moves_per_second, items)} "
            f"({self.moves_per_item:.1f} {items})"), **fields)


def batch_rate(hands: Counts, prevs: MoveArray | None, repeat: int, chunk: int = 4096,
               rules: Rules | None = None, wild_ranks: np.ndarray | None = None) -> Rate:
    """legal_moves_batch over `hands` in chunks of `chunk` positions (under `rules`, with a
    wild rank a hand when they have wild cards)."""
    def part(rows: np.ndarray | None, start: int) -> np.ndarray | None:
        return None if rows is None else rows[start:start + chunk]

    def run() -> None:
        for start in range(0, len(hands), chunk):
            legal_moves_batch(hands[start:start + chunk], part(prevs, start), rules=rules,
                              wild_ranks=part(wild_ranks, start))
    moves = int(legal_move_counts(hands, prevs, rules=rules, wild_ranks=wild_ranks).sum())
    return Rate([s / len(hands) for s in pass_seconds(run, repeat)], moves / len(hands))


def single_rate(hands: Counts, prevs: MoveArray | Sequence[Move] | None, repeat: int,
                call: Callable[[Hand, Move | None], Sized] | None = None) -> Rate:
    """One call per position from Python: legal_moves() and len() (the list is lazy), or
    call(hand, prev) (an ActionSpace's legal_ids, say); `prevs` as Moves or MOVE_DTYPE
    records. The rate's items are the len() of the results."""
    hand_objects = [Hand(h) for h in hands]
    prev_objects: list[Move | None] = [None] * len(hands) if prevs is None else [
        p if isinstance(p, Move) else Move.from_row(p) for p in prevs]
    pairs = list(zip(hand_objects, prev_objects))
    total = sum(len(call(h, p) if call else legal_moves(h, p)) for h, p in pairs)

    def run() -> None:
        if call is None:
            for hand, prev in pairs:
                len(legal_moves(hand, prev))
        else:
            for hand, prev in pairs:
                call(hand, prev)
    return Rate([s / len(pairs) for s in pass_seconds(run, repeat)], total / len(pairs))


def hand_figures(hands: Counts, repeat: int) -> list[Figure]:
    """Seconds per Hand(cards) from Python (the loop included) with `hands` given each way
    the API takes 15 rank counts, and as text."""
    forms: dict[str, list[Any]] = {
        "tuple": [tuple(h.tolist()) for h in hands],
        "list": [h.tolist() for h in hands],
        "uint8 row": list(hands.astype(np.uint8)),
        "int64 row": list(hands.astype(np.int64)),
        "text": [str(Hand(h)) for h in hands],
    }
    def seconds(items: list[Any]) -> list[float]:
        return pass_seconds(lambda: [Hand(cards) for cards in items], repeat)
    return [Figure.per_item(f"Hand(cards), {form}", "call", seconds(items), len(items),
                            detail=form, row="Hand(cards)")
            for form, items in forms.items()]


def peer_figures(peer_rates: Mapping[str, tuple[float, float]],
                 unit: str) -> dict[str, PeerFigure]:
    """Each peer's seconds per item and its items (`unit`) per item."""
    return {label: PeerFigure(seconds, f"{items:.1f} {unit}")
            for label, (seconds, items) in peer_rates.items()}


def movegen_section(positions: DealPositions, peer_engines: Sequence[Peer], repeat: int) -> Section:
    """The move generation figures: leads and responses, in batches and one position at a time
    (beside the peers'), then Hand(cards)."""
    leads_batch = batch_rate(positions.landlord_hands, None, repeat)
    leads_single = single_rate(positions.landlord_hands, None, repeat)
    answers_batch = batch_rate(positions.answer_hands, positions.prev_array, repeat)
    answers_single = single_rate(positions.answer_hands, positions.prevs, repeat)
    # 癞子: one wild rank a deal, drawn from its own seeded stream
    wild_hands = positions.head(WILD_POSITIONS).landlord_hands
    wild_ranks = np.random.default_rng(10).integers(0, 13, len(wild_hands))
    wild_leads = batch_rate(wild_hands, None, repeat, rules=Rules(wilds="one"),
                            wild_ranks=wild_ranks)
    four_leads = batch_rate(two_deck_hands(TWO_DECK_HANDS), None, repeat, rules=FOUR_PLAYERS)
    peer_leads = {p.label: p.leads(positions, repeat) for p in peer_engines}
    peer_answers = {p.label: p.responses(positions, repeat) for p in peer_engines}
    return Section([
        leads_batch.figure("leads, batch (legal_moves_batch)", "hand", headline=True),
        leads_single.figure("leads, one hand (legal_moves + len)", "hand",
                            peers=peer_figures(peer_leads, "moves")),
        wild_leads.figure("leads, batch, one wild rank (wilds='one')", "hand"),
        four_leads.figure("leads, batch, 33 cards of two decks (players=4)", "hand"),
        answers_batch.figure("responses, batch", "position"),
        answers_single.figure("responses, one position", "position", headline=True,
                              peers=peer_figures(peer_answers, "moves")),
        *hand_figures(positions.head(ID_POSITIONS).answer_hands, repeat),
    ])
