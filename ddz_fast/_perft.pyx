# Perft (the chess engines' move-tree count) on the play phase of a game.

from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc

from ._game cimport Game
from ._moves cimport move_from_c
from ._state cimport PHASE_PLAY, ddz_game, game_push, game_undo, state_legal_moves
from ._types cimport MAX_MOVES, ddz_move

from .errors import IllegalActionError


cdef uint64_t perft_count(ddz_game* g, int depth, ddz_move* moves, bint bulk) except? 0 nogil:
    cdef Py_ssize_t n, i
    cdef uint64_t total = 0
    if depth == 0:
        return 1
    if g.s.phase != PHASE_PLAY:
        return 0                    # a finished game has no actions
    n = state_legal_moves(&g.s, &g.rules, moves) - moves
    if depth == 1 and bulk:
        return n
    for i in range(n):
        game_push(g, &moves[i])
        total += perft_count(g, depth - 1, moves + n, bulk)
        game_undo(g)
    return total


cdef ddz_move* move_stack(int depth) except NULL:
    cdef ddz_move* moves = <ddz_move*>malloc((depth + 1) * (MAX_MOVES + 1) * sizeof(ddz_move))
    if moves == NULL:
        raise MemoryError()
    return moves


cdef check_position(Game game, int depth):
    if game.g.s.phase != PHASE_PLAY:
        raise IllegalActionError(f"perft counts play-phase positions; the game is in its {game.phase}")
    if not 0 <= depth <= 64:
        raise ValueError(f"depth must be in 0..64, not {depth}")


def perft(Game game, int depth, *, bint divide=False, bint bulk=True):
    """The number of action sequences of length ``depth`` from the game's position (play phase;
    a pass is an action; a finished game has none). With ``divide=True``, a dict of that count
    below each first action. ``bulk=False`` plays out the last level instead of counting its
    moves (same result; for measuring push and undo). The game is left as it was."""
    check_position(game, depth)
    cdef ddz_move* moves = move_stack(depth)
    cdef Py_ssize_t n, i
    cdef uint64_t count
    try:
        if not divide:
            with nogil:
                count = perft_count(&game.g, depth, moves, bulk)
            return count
        if depth == 0:
            return {}
        n = state_legal_moves(&game.g.s, &game.g.rules, moves) - moves
        counts = {}
        for i in range(n):
            game_push(&game.g, &moves[i])
            with nogil:
                count = perft_count(&game.g, depth - 1, moves + n, bulk)
            game_undo(&game.g)
            counts[move_from_c(&moves[i])] = count
        return counts
    finally:
        free(moves)
