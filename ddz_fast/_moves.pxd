# Moves at the Python boundary: the Move value object and lazy move lists.

from libc.stdint cimport uint64_t

from ._rules cimport Rules
from ._core.typedefs cimport ddz_move, ddz_rules, ddz_wilds


cdef class Move:
    cdef ddz_move c
    cdef bint made              # set once (by __init__ or a trusted constructor): immutable after


cdef enum:
    # Most answers have a few legal moves: a list that short lives inside its object (no
    # malloc and free per call).
    INLINE_MOVES = 8

cdef class MoveList:
    cdef ddz_move* moves            # inline_moves, or a block of its own
    cdef ddz_move inline_moves[INLINE_MOVES]
    cdef Py_ssize_t n
    cdef uint64_t hand_cards
    cdef ddz_move prev_move
    cdef bint can_pass
    cdef Rules _rules
    cdef ddz_wilds wilds            # the wild ranks, under wild-card rules
    cdef int generate(self) except -1
    cdef int generate_grown(self) except -1
    cdef int keep(self, ddz_move* buf, ddz_move* end) except -1


# The wild ranks of a `wild_ranks=` argument under the rules (ValueError when they do not fit).
cdef ddz_wilds wilds_of(object wild_ranks, Rules rules) except *
# A Move for a valid reading (kernel output); no checks.
cdef Move move_from_c(const ddz_move* m)
# A Move that is valid under `rules`, from a Move or from text with exactly one reading.
cdef Move as_move(object move, Rules rules)
# The legal moves of `hand` on `prev` (NULL or length 0: a lead), with PASS last if can_pass.
cdef MoveList make_move_list(uint64_t hand, const ddz_move* prev, Rules rules, bint can_pass)
