# Perft: counting the action sequences of a game tree (native, no GIL).

from libc.stdint cimport uint64_t

from ._state cimport ddz_game
from ._types cimport ddz_move

# Sequences of `depth` actions from g's position; `moves` has room for depth * (MAX_MOVES + 1).
# With `bulk`, the last level counts the legal moves instead of playing them.
cdef uint64_t perft_count(ddz_game* g, int depth, ddz_move* moves, bint bulk) except? 0 nogil
