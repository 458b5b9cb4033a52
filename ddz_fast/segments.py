"""Policies over CSR legal actions: the per-table helpers of ``Tables`` and the vector env.

``Tables`` gives the legal ids of n tables as CSR, ``info["legal_offsets"]`` ``(n + 1,)`` and
``info["legal_ids"]``: table i's in the rows ``offsets[i]:offsets[i + 1]``, a *segment*. A
finished table (under ``autoreset="next_step"``, the step after its game ended) has an empty
segment, so ``ids[offsets[:-1]]`` reads a neighbour's id or runs past the end: these helpers
give -1 there instead, and ``take`` turns rows into ids safely.

- ``legal_tables(offsets)``: the table of each row (for a per-row value: ``q[rows]`` of
  ``x_batch`` rows, the table's observation ``obs[legal_tables(offsets)]``).
- ``segment_argmax(offsets, values)``, ``segment_softmax(offsets, values)``,
  ``segment_sample(offsets, rng, weights=None)``: a greedy, a softmax and a sampling policy
  over one value per row (a Q-value or a logit per legal action).
- ``take(ids, rows, fill=0)``: the ids at ``rows``, ``fill`` where a row is -1.
- ``csr_from_padded(ids, counts)``: the CSR of the single env's padded ids, as
  ``gymnasium.make_vec(..., vectorization_mode="sync")`` stacks them.

The kernels are native, run without the GIL on their own copies of the inputs, and check
them: offsets must start at 0 and never decrease, values must be finite (``ValueError``
naming the first bad element), so no result is NaN.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ._segments import legal_tables, segment_argmax, segment_sample, segment_softmax
from .checks import check_int, describe_array

__all__ = ["csr_from_padded", "legal_tables", "segment_argmax", "segment_sample",
           "segment_softmax", "take"]


def take(ids: npt.ArrayLike, rows: npt.ArrayLike, fill: int = 0) -> npt.NDArray[np.int64]:
    """``ids[rows]`` as int64 where a row is >= 0, ``fill`` where it is -1 (a finished
    table, which ``next_step`` ignores the action of): the actions of the rows that
    ``segment_argmax`` or ``segment_sample`` chose. ``ValueError`` for a row outside ``ids``."""
    ids = np.asarray(ids)
    rows = np.asarray(rows)
    fill = check_int(fill, "fill")
    if rows.ndim != 1 or rows.dtype.kind not in "iu":
        raise ValueError(f"rows must be a 1-d integer array, not {describe_array(rows)}")
    bad = np.flatnonzero((rows < -1) | (rows >= len(ids)))
    if len(bad):
        raise ValueError(f"rows[{bad[0]}] must be -1 or a row of ids (0..{len(ids) - 1}), "
                         f"not {rows[bad[0]]!r}")
    out = np.full(len(rows), fill, dtype=np.int64)
    chosen = rows >= 0
    out[chosen] = ids[rows[chosen]]
    return out


def csr_from_padded(ids: npt.ArrayLike, counts: npt.ArrayLike
                    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[Any]]:
    """``(offsets, ids)``, the CSR of padded ids: row i of ``ids`` ``(n, width)`` holds its
    ``counts[i]`` ids first (``DouDizhuEnv``'s ``info["legal_ids"]`` and
    ``info["legal_count"]``, stacked by a sync or async vector env)."""
    ids = np.asarray(ids)
    counts = np.asarray(counts)
    if ids.ndim != 2 or counts.shape != ids.shape[:1] or counts.dtype.kind not in "iu":
        raise ValueError(f"ids must be (n, width) and counts (n,) integers, not "
                         f"{describe_array(ids)} and {describe_array(counts)}")
    if len(counts) and (counts.min() < 0 or counts.max() > ids.shape[1]):
        raise ValueError(f"counts must be in 0..{ids.shape[1]}, not {counts!r}")
    offsets = np.zeros(len(counts) + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    return offsets, ids[np.arange(ids.shape[1]) < counts[:, None]]
