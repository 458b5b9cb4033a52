"""The action-id section of ``ddz-fast bench``: an ActionSpace's legal_ids and legal_mask one
position at a time (each preset space beside the peer whose ids it has), legal_ids_batch,
space.id(move), and legal_mask_batch into a reused array.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ddz_fast import ActionSpace, Move, legal_moves

from ..positions import Counts, DealPositions, MoveArray
from ..timing import pass_seconds, plural
from .figures import Figure, Section
from .movegen import ID_POSITIONS, Rate, peer_figures, single_rate

if TYPE_CHECKING:
    from ..peers import Peer

MASK_POSITIONS = 10_000     # rows of the legal_mask_batch rows


def ids_batch_rate(space: ActionSpace, hands: Counts, prevs: MoveArray | None,
                   repeat: int) -> Rate:
    """legal_ids_batch over `hands`, per position, with the legal ids per position."""
    ids = len(space.legal_ids_batch(hands, prevs)[1])
    seconds = pass_seconds(lambda: space.legal_ids_batch(hands, prevs), repeat)
    return Rate([s / len(hands) for s in seconds], ids / len(hands))


def mask_batch_rate(space: ActionSpace, hands: Counts, prevs: MoveArray | None, repeat: int,
                    out: npt.NDArray[np.bool_]) -> Rate:
    """legal_mask_batch over `hands` into `out` (reused, as a training loop would: a fresh
    array of this size costs more in page faults than the masks), per position, with the
    legal ids per position."""
    ids = len(space.legal_ids_batch(hands, prevs)[1])
    seconds = pass_seconds(lambda: space.legal_mask_batch(hands, prevs, out=out), repeat)
    return Rate([s / len(hands) for s in seconds], ids / len(hands))


def id_seconds(space: ActionSpace, moves: Sequence[Move], repeat: int) -> list[float]:
    """Seconds of each pass of space.id(move) from Python over `moves` (the loop included)."""
    space_id = space.id

    def run() -> None:
        for move in moves:
            space_id(move)
    return pass_seconds(run, repeat)


def ids_figure(what: str, rate: Rate, peer_rates: Mapping[str, tuple[float, float]] = {}) -> Figure:
    return Figure.per_item(what, "call", rate.passes, 1,
                           detail=f"{rate.moves_per_item:.1f} actions",
                           peers=peer_figures(peer_rates, "actions"))


def actions_section(positions: DealPositions, peer_engines: Sequence[Peer], repeat: int) -> Section:
    """The action-id figures and their note."""
    figures = []
    # Each peer's preset space against the peer's own legal actions (DouZero has no ids: its
    # move lists), on the same positions.
    few = positions.head(ID_POSITIONS)
    standard = ActionSpace("standard")
    for preset in ["standard"] + [p.preset for p in peer_engines]:
        space = ActionSpace(preset)
        theirs = [p for p in peer_engines if p.preset == preset]
        lead = single_rate(few.landlord_hands, None, repeat, call=space.legal_ids)
        figures.append(ids_figure(
            f"legal_ids, one lead ({preset} ids)", lead,
            {p.label: p.timed(p.id_lead_calls(few), repeat, answers=False) for p in theirs}))
        figures.append(ids_figure(
            f"legal_ids, one response ({preset} ids)",
            single_rate(few.answer_hands, few.prevs, repeat, call=space.legal_ids),
            {p.label: p.timed(p.id_answer_calls(few), repeat, answers=False) for p in theirs}))
        maskers = [p for p in theirs if p.has_masks]
        if maskers:
            mask = single_rate(few.landlord_hands, None, repeat, call=space.legal_mask)
            figures.append(ids_figure(
                f"legal_mask, one lead ({preset} ids)", Rate(mask.passes, lead.moves_per_item),
                {p.label: p.timed(p.mask_calls(few), repeat, answers=False, count=sum)
                 for p in maskers}))
    figures.append(ids_figure("legal_ids_batch, leads (standard)",
                              ids_batch_rate(standard, positions.landlord_hands, None, repeat)))
    moves = [move for hand in few.landlord_hands[:200] for move in legal_moves(hand)]
    figures.append(Figure.per_item("space.id(move) (standard)", "call",
                                   id_seconds(standard, moves, repeat), len(moves),
                                   detail=f"a loop over {plural(len(moves), 'move')}"))
    batch = positions.head(MASK_POSITIONS)
    masks = np.empty((len(batch.seeds), len(standard)), dtype=np.bool_)
    fill = Figure.per_item("out.fill(False) of the legal_mask_batch rows", "row",
                           pass_seconds(lambda: masks.fill(False), repeat), len(batch.seeds))
    for what, hands, prevs in (("leads", batch.landlord_hands, None),
                               ("responses", batch.answer_hands, batch.prev_array)):
        mask_rate = mask_batch_rate(standard, hands, prevs, repeat, masks)
        figures.append(Figure.per_item(
            f"legal_mask_batch, {len(hands):,} {what}", "position", mask_rate.passes, 1,
            detail=f"{len(standard) / mask_rate.seconds / 1e9:.1f} GB/s "
                   f"({mask_rate.moves_per_item:.1f} actions)"))
    figures.append(fill)
    note = (f"Action ids (ActionSpace): legal_ids and legal_mask from Python on the first "
            f"{plural(len(few.seeds), 'deal')}, each space against the peer whose ids it has "
            f"(DouZero has none: its move lists against douzero ids); legal_ids_batch on every "
            f"deal; space.id on the moves of 200 leads; legal_mask_batch on the first "
            f"{len(batch.seeds):,} into one reused {len(standard):,}-column bool array "
            f"(out=), where out.fill(False), writing the same array and computing nothing, is "
            f"the floor.")
    return Section(figures, note)
