# Moves at the Python boundary: the Move value object and lazy move lists.

from ._rules cimport Rules
from ._types cimport ddz_move


cdef class Move:
    cdef ddz_move c


# A Move for a valid reading (kernel output); no checks.
cdef Move move_from_c(const ddz_move* m)
# A Move that is valid under `rules`, from a Move or from text with exactly one reading.
cdef Move as_move(object move, Rules rules)
