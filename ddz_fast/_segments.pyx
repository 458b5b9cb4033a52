# Helpers over CSR segments (see _segments.pxd): the kernels, and the boundary that checks
# and copies their inputs (the kernels run without the GIL: another Python thread may change
# the caller's arrays meanwhile, never these copies) and makes their outputs.

import numpy as np

from libc.math cimport exp
from libc.stdint cimport int64_t

from .checks import describe_array


cdef void csr_tables(const int64_t* offsets, Py_ssize_t n, int64_t* out) noexcept nogil:
    cdef Py_ssize_t i
    cdef int64_t row
    for i in range(n):
        for row in range(offsets[i], offsets[i + 1]):
            out[row] = i


cdef void csr_argmax(const int64_t* offsets, Py_ssize_t n, const real* values,
                     int64_t* out) noexcept nogil:
    cdef Py_ssize_t i
    cdef int64_t row, best
    for i in range(n):
        best = -1
        for row in range(offsets[i], offsets[i + 1]):
            if best < 0 or values[row] > values[best]:
                best = row
        out[i] = best


cdef void csr_softmax(const int64_t* offsets, Py_ssize_t n, const real* values,
                      real* out) noexcept nogil:
    cdef Py_ssize_t i
    cdef int64_t row, start, end
    cdef double top, total
    for i in range(n):
        start, end = offsets[i], offsets[i + 1]
        if start == end:
            continue
        top = values[start]
        for row in range(start + 1, end):
            if values[row] > top:
                top = values[row]
        total = 0                       # >= 1: the largest row adds exp(0)
        for row in range(start, end):
            out[row] = <real>exp(values[row] - top)
            total += out[row]
        for row in range(start, end):
            out[row] = <real>(out[row] / total)


cdef Py_ssize_t csr_sample(const int64_t* offsets, Py_ssize_t n, const real* weights,
                           const double* uniforms, int64_t* out) noexcept nogil:
    cdef Py_ssize_t i, zero = -1
    cdef int64_t row, start, end, last
    cdef double total, target, running
    for i in range(n):
        start, end = offsets[i], offsets[i + 1]
        out[i] = -1
        total = 0
        last = -1                       # the last row of positive weight
        for row in range(start, end):
            if weights[row] > 0:
                total += weights[row]
                last = row
        if last < 0:
            if start < end and zero < 0:
                zero = i
            continue
        target = uniforms[i] * total
        running = 0
        out[i] = last                   # (where rounding leaves the sum short of the target)
        for row in range(start, last):
            running += weights[row]
            if weights[row] > 0 and running > target:
                out[i] = row
                break
    return zero


# --- the boundary -------------------------------------------------------------------------

cdef object checked_offsets(object offsets):
    """An own int64 copy of ``offsets`` (n + 1 CSR offsets), checked."""
    array = np.asarray(offsets)
    if array.ndim != 1 or array.dtype.kind not in "iu" or len(array) == 0:
        raise ValueError(f"offsets must be a 1-d integer array of n + 1 CSR offsets (info"
                         f"['legal_offsets']), not {describe_array(array)}")
    copy = np.array(array, dtype=np.int64)
    if (array.dtype.kind == "u" and array.itemsize == 8
            and (array > np.iinfo(np.int64).max).any()):
        raise ValueError(f"offsets must be at most 2**63 - 1, not {int(array.max())}")
    if copy[0] != 0:
        raise ValueError(f"offsets must start at 0, not {int(copy[0])}")
    drops = np.flatnonzero(copy[1:] < copy[:-1])
    if len(drops):
        i = int(drops[0])
        raise ValueError(f"offsets must not decrease: offsets[{i + 1}] = {int(copy[i + 1])} < "
                         f"offsets[{i}] = {int(copy[i])}")
    return copy


cdef object checked_values(object values, object offsets, str name, bint nonnegative):
    """An own contiguous float32 or float64 copy (integers become float64) of the per-row
    ``values``, one per CSR row, checked finite (and >= 0 if asked)."""
    array = np.asarray(values)
    rows = int(offsets[-1])
    if array.ndim != 1 or array.dtype.kind not in "fiu" or len(array) != rows:
        raise ValueError(f"{name} must be a 1-d real array of one value per CSR row "
                         f"(offsets[-1] = {rows}), not {describe_array(array)}")
    dtype = array.dtype if array.dtype in (np.float32, np.float64) else np.float64
    copy = np.array(array, dtype=dtype, order="C")
    bad = np.flatnonzero(~np.isfinite(copy) | ((copy < 0) if nonnegative else False))
    if len(bad):
        i = int(bad[0])
        what = "a finite number >= 0" if nonnegative else "finite"
        raise ValueError(f"{name}[{i}] must be {what}, not {array[i].item()!r}")
    return copy


def legal_tables(offsets):
    """The table (segment) of each CSR row: int64 ``(offsets[-1],)``, ``i`` at the rows
    ``offsets[i]:offsets[i + 1]`` (a finished table's empty segment has none)."""
    cdef const int64_t[::1] o = checked_offsets(offsets)
    cdef Py_ssize_t n = len(o) - 1
    out = np.empty(o[n], np.int64)
    cdef int64_t[::1] t = out
    with nogil:
        csr_tables(&o[0], n, &t[0] if o[n] else NULL)
    return out


def segment_argmax(offsets, values):
    """Each segment's row of the largest of ``values`` (one real per CSR row, finite), the
    first of equals: int64 ``(n,)``, -1 for an empty segment."""
    o = checked_offsets(offsets)
    v = checked_values(values, o, "values", False)
    out = np.empty(len(o) - 1, np.int64)
    if v.dtype == np.float32:
        argmax_kernel[float](o, v, out)
    else:
        argmax_kernel[double](o, v, out)
    return out


cdef int argmax_kernel(const int64_t[::1] o, const real[::1] v, int64_t[::1] out) except -1:
    cdef Py_ssize_t n = len(o) - 1
    cdef const real* values = &v[0] if len(v) else NULL
    with nogil:
        csr_argmax(&o[0], n, values, &out[0] if n else NULL)


def segment_softmax(offsets, values):
    """The softmax of ``values`` (one real per CSR row, finite: a logit per legal action)
    within each segment: an array like ``values`` (float32 for float32, else float64), the
    rows of each non-empty segment in 0..1 and summing to 1 (the largest value's row > 0);
    an empty segment has no rows, so no NaN can arise."""
    o = checked_offsets(offsets)
    v = checked_values(values, o, "values", False)
    out = np.empty_like(v)
    if v.dtype == np.float32:
        softmax_kernel[float](o, v, out)
    else:
        softmax_kernel[double](o, v, out)
    return out


cdef int softmax_kernel(const int64_t[::1] o, const real[::1] v, real[::1] out) except -1:
    if len(v) == 0:
        return 0
    with nogil:
        csr_softmax(&o[0], len(o) - 1, &v[0], &out[0])


def segment_sample(offsets, rng, weights=None):
    """A row drawn in each segment: uniformly, or with probability proportional to
    ``weights`` (one real >= 0 per CSR row, finite; ``segment_softmax``'s output, say), from
    ``rng`` (a ``numpy.random.Generator``): int64 ``(n,)``, -1 for an empty segment.
    ``ValueError`` for a non-empty segment whose weights are all zero."""
    o = checked_offsets(offsets)
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, not {type(rng).__name__}")
    counts = np.diff(o)
    if weights is None:
        rows = o[:-1] + rng.integers(0, np.maximum(counts, 1))
        return np.where(counts > 0, rows, -1)
    w = checked_values(weights, o, "weights", True)
    uniforms = rng.random(len(counts))
    out = np.empty(len(counts), np.int64)
    if w.dtype == np.float32:
        zero = sample_kernel[float](o, w, uniforms, out)
    else:
        zero = sample_kernel[double](o, w, uniforms, out)
    if zero >= 0:
        raise ValueError(f"weights: segment {zero} (rows {int(o[zero])}..{int(o[zero + 1]) - 1}) has "
                         f"no positive weight to draw with")
    return out


cdef Py_ssize_t sample_kernel(const int64_t[::1] o, const real[::1] w, const double[::1] u,
                              int64_t[::1] out) except -2:
    cdef Py_ssize_t n = len(o) - 1, zero
    cdef const real* weights = &w[0] if len(w) else NULL
    with nogil:
        zero = csr_sample(&o[0], n, weights, &u[0] if n else NULL, &out[0] if n else NULL)
    return zero
