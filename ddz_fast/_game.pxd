# The Python Game: a handle on a native ddz_game (see _state.pxd).

from ._moves cimport Move, MoveList
from ._rules cimport Rules
from ._core.state cimport ddz_game
from ._core.typedefs cimport ddz_move


# game_push, raising RedealLimitError or MemoryError where it fails (the game unchanged).
cdef int push(ddz_game* g, const ddz_move* action) except -1 nogil


cdef class Game:
    cdef ddz_game g
    cdef Rules _rules
    cdef int check_ready(self) except -1      # made without __init__: ValueError
    cdef int check_phase(self, int phase) except -1
    cdef int check_three_seats(self, str what) except -1    # four seats: UnsupportedRulesError
    cdef str why_illegal(self, Move m)
    cdef MoveList move_list(self)             # legal_moves() without the readiness check


# A new `cls` (Game or a subclass) holding a copy of g (with stack, its history too).
cdef Game copy_game(type cls, const ddz_game* g, Rules rules, bint stack)
