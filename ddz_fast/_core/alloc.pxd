# Allocation: one helper for every array the C side allocates or grows, with one convention
# (-1 when out of memory, changing nothing; the boundary raises MemoryError). The model is
# scikit-learn's safe_realloc (sklearn/tree/_utils.pxd).

from libc.stdint cimport SIZE_MAX, int32_t
from libc.stdlib cimport malloc, realloc

from .typedefs cimport ddz_move, ddz_step

# The element types of such arrays; add types as needed.
ctypedef fused growable:
    ddz_move
    ddz_step
    int32_t


cdef inline int grow(growable** data, Py_ssize_t* capacity, Py_ssize_t needed) noexcept nogil:
    """Room for `needed` items in *data, which has room for *capacity (none if NULL). The
    capacity at least doubles: appending item by item costs amortised O(1). Returns 0, or -1
    if out of memory, changing nothing."""
    cdef Py_ssize_t n = capacity[0]
    cdef growable* grown
    if needed <= n:
        return 0
    n = needed if needed > 2 * n else 2 * n
    if <size_t>n > SIZE_MAX / sizeof(data[0][0]):
        return -1
    if data[0] == NULL:     # (glibc's realloc of NULL costs about 25 instructions more)
        grown = <growable*>malloc(n * sizeof(data[0][0]))
    else:
        grown = <growable*>realloc(data[0], n * sizeof(data[0][0]))
    if grown == NULL:
        return -1
    data[0] = grown
    capacity[0] = n
    return 0
