# ActionSpace's native table, for the modules that step games by action id (_tables.pyx).

from libc.stdint cimport int32_t

from ._batch cimport _BatchInput
from ._core.actions cimport ddz_action_ids
from ._core.wild_ids cimport ddz_wild_ids
from ._core.state cimport ddz_state
from ._core.typedefs cimport ddz_hand, ddz_move
from ._game cimport Game
from ._rules cimport Rules


cdef class ActionSpace:
    cdef ddz_action_ids t           # the plain space (of a wild-card space: its blocks)
    cdef ddz_wild_ids w             # the ids of a wild-card space (w.n == 0: none)
    cdef object _starts             # int32 array behind w.start
    cdef Rules _rules
    cdef object _actions        # MOVE_DTYPE array behind t.actions (read-only)
    cdef object _slots          # byte array behind t.slots
    cdef int check_ready(self) except -1
    cdef Py_ssize_t position_ids(self, position, prev, wild_ranks, int32_t* out) except -2
    cdef int32_t c_id(self, int32_t plain) noexcept
    cdef int check_game(self, Game game) except -1
    cdef Py_ssize_t auction_ids(self, const ddz_state* s, int32_t* out) noexcept
    cdef bint grows(self)
    cdef object grown_legal_ids(self, position, prev, wild_ranks)
    cdef object ids_of_moves(self, const ddz_move* moves, Py_ssize_t n, bint can_pass,
                             Rules rules)
    cdef int raise_no_id(self, const ddz_hand* h, const ddz_move* on, Rules rules) except -1
    cdef int raise_row_no_id(self, _BatchInput batch, Py_ssize_t row) except -1
