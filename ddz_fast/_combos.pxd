# What a combination is: reading checks, classification, comparison (kernels, no GIL).

from libc.stdint cimport uint64_t

from ._types cimport ddz_move, ddz_rules

# The move is a valid reading of its cards under the rules (any input is safe).
cdef bint is_reading(const ddz_move* m, const ddz_rules* rules) noexcept nogil
# Every reading of a valid multiset into out (room for MAX_READINGS); returns how many.
cdef int classify(uint64_t cards, const ddz_rules* rules, ddz_move* out) noexcept nogil
# `a` may be played on `b` (both valid readings).
cdef bint beats(const ddz_move* a, const ddz_move* b) noexcept nogil
# The cards of a valid reading that are not kickers.
cdef uint64_t main_part(const ddz_move* m) noexcept nogil
