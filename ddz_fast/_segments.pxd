# Kernels over CSR segments: n segments, segment i the rows offsets[i]..offsets[i + 1]-1 of a
# per-row array (Tables' legal ids, x_batch rows, a policy's values of them). Every kernel
# runs on raw pointers and caller buffers without the GIL; the checks are the boundary's
# (ddz_fast/_segments.pyx): offsets start at 0 and never decrease, values are finite.

from libc.stdint cimport int64_t

ctypedef fused real:
    float
    double

# out[offsets[i]:offsets[i + 1]] = i for each segment i (offsets[n] rows).
cdef void csr_tables(const int64_t* offsets, Py_ssize_t n, int64_t* out) noexcept nogil
# out[i]: the row of segment i's largest value (the first of equals), -1 for an empty segment.
cdef void csr_argmax(const int64_t* offsets, Py_ssize_t n, const real* values,
                     int64_t* out) noexcept nogil
# out: each segment's softmax of its rows' values (finite values: no NaN, each sums to 1).
cdef void csr_softmax(const int64_t* offsets, Py_ssize_t n, const real* values,
                      real* out) noexcept nogil
# out[i]: the row of segment i drawn with probability proportional to its weights (>= 0, finite),
# by inverse CDF of uniforms[i] in [0, 1); -1 for an empty segment. Returns the first non-empty
# segment whose weights sum to zero (its out is -1), or -1 when there is none.
cdef Py_ssize_t csr_sample(const int64_t* offsets, Py_ssize_t n, const real* weights,
                           const double* uniforms, int64_t* out) noexcept nogil
