"""The move generation section of ``ddz-fast bench``: legal_moves_batch and legal_moves() on
the leads and responses of seeded deals (with the peers' move lists on the same positions), and
Hand(cards) from each form the API takes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Sized
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ddz_fast import Hand, Move, legal_move_counts, legal_moves, legal_moves_batch

from ..positions import Counts, DealPositions, MoveArray
from ..timing import fmt_rate, fmt_time, median_seconds, ratio
from .table import Row, Section

if TYPE_CHECKING:
    from ..peers import Peer

ID_POSITIONS = 2000     # deals of the action-id and Hand(cards) rows (peers: up to 70 µs each)


@dataclass
class Rate:
    """A timed path: seconds per item, and moves per item when it generates moves."""

    seconds: float
    moves_per_item: float = float("nan")

    @property
    def ns(self) -> float:
        return self.seconds * 1e9

    @property
    def moves_per_second(self) -> float:
        return self.moves_per_item / self.seconds


def batch_rate(hands: Counts, prevs: MoveArray | None, repeat: int, chunk: int = 4096) -> Rate:
    """legal_moves_batch over `hands` in chunks of `chunk` positions."""
    def run() -> None:
        for start in range(0, len(hands), chunk):
            legal_moves_batch(hands[start:start + chunk],
                              None if prevs is None else prevs[start:start + chunk])
    moves = int(legal_move_counts(hands, prevs).sum())
    return Rate(median_seconds(run, repeat) / len(hands), moves / len(hands))


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
    return Rate(median_seconds(run, repeat) / len(pairs), total / len(pairs))


def hand_seconds(hands: Counts, repeat: int) -> dict[str, float]:
    """Seconds per Hand(cards) from Python (the loop included) with `hands` given each way
    the API takes 15 rank counts, and as text."""
    forms: dict[str, list[Any]] = {
        "tuple": [tuple(h.tolist()) for h in hands],
        "list": [h.tolist() for h in hands],
        "uint8 row": list(hands.astype(np.uint8)),
        "int64 row": list(hands.astype(np.int64)),
        "text": [str(Hand(h)) for h in hands],
    }

    def timed(items: list[Any]) -> float:
        return median_seconds(lambda: [Hand(cards) for cards in items], repeat) / len(items)
    return {form: timed(items) for form, items in forms.items()}


def peer_cells(rate: Rate, peer_rates: Mapping[str, tuple[float, float]],
               unit: str) -> dict[str, str]:
    """Each peer's cell beside `rate`: its time per item, how much slower, its items (`unit`)."""
    return {label: f"{fmt_time(seconds)}: {ratio(seconds / rate.seconds)} ({items:.1f} {unit})"
            for label, (seconds, items) in peer_rates.items()}


def moves_row(what: str, rate: Rate, peer_rates: Mapping[str, tuple[float, float]] = {},
              per: str = "hand") -> Row:
    cell = (f"{rate.ns:.0f} ns/{per}, {fmt_rate(rate.moves_per_second, 'moves')} "
            f"({rate.moves_per_item:.1f} moves)")
    return what, cell, peer_cells(rate, peer_rates, "moves")


def movegen_section(positions: DealPositions, peer_engines: Sequence[Peer], repeat: int) -> Section:
    """The move generation rows: leads and responses, in batches and one position at a time
    (beside the peers'), then Hand(cards)."""
    leads_batch = batch_rate(positions.landlord_hands, None, repeat)
    leads_single = single_rate(positions.landlord_hands, None, repeat)
    answers_batch = batch_rate(positions.answer_hands, positions.prev_array, repeat)
    answers_single = single_rate(positions.answer_hands, positions.prevs, repeat)
    peer_leads = {p.label: p.leads(positions, repeat) for p in peer_engines}
    peer_answers = {p.label: p.responses(positions, repeat) for p in peer_engines}
    hand_times = hand_seconds(positions.head(ID_POSITIONS).answer_hands, repeat)
    return Section([
        moves_row("leads, batch (legal_moves_batch)", leads_batch),
        moves_row("leads, one hand (legal_moves + len)", leads_single, peer_leads),
        moves_row("responses, batch", answers_batch, per="position"),
        moves_row("responses, one position", answers_single, peer_answers, per="position"),
        ("Hand(cards): " + " / ".join(hand_times),
         " / ".join(f"{seconds * 1e9:.0f}" for seconds in hand_times.values()) + " ns", {}),
    ])
