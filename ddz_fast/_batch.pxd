# The batch functions' shared Python side: validated input arrays and status checks (also
# used by the action spaces' batch methods).

from libc.stdint cimport uint8_t

from ._rules cimport Rules
from ._core.typedefs cimport ddz_move

# Rows per native call: between calls, Ctrl-C is noticed (about 10 ms of work).
cdef enum:
    CHUNK_ROWS = 1 << 16


cdef class _BatchInput:
    cdef object hands, prevs
    cdef Py_ssize_t n
    cdef Py_buffer hand_buffer, prev_buffer   # exported from hands and prevs while held
    cdef const uint8_t* hand_data       # NULL unless hand_buffer is held
    cdef const ddz_move* prev_data      # NULL unless prev_buffer is held
    cdef void release(self) noexcept


# The wild ranks of a batch (``wild_ranks`` as legal_moves_batch takes it) as an (N or 1, 2)
# uint8 array of ddz_wilds rows: one per hand, or one for every hand.
cdef object wild_rows(object wild_ranks, Rules rules, Py_ssize_t n)

# Raise what a rows_* status says went wrong (MemoryError, InvalidCardsError, InvalidMoveError);
# 0 for DONE. NO_ID_ROW is the caller's to report.
cdef int check_status(_BatchInput batch, Py_ssize_t status, Rules rules) except -1
