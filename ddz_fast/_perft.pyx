# Perft (the chess engines' move-tree count) on the play phase of a game.

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport uint32_t, uint64_t
from libc.stdlib cimport free

from ._core.alloc cimport grow
from ._game cimport Game, push
from ._moves cimport move_from_c
from ._core.state cimport (
    ACTIONS_ROOM, PHASE_AUCTION, PHASE_PLAY, ddz_game, game_undo, state_legal_moves,
    state_moves_within,
)
from ._core.typedefs cimport MAX_MOVES, ddz_move

from .checks import check_bool, check_int
from .errors import IllegalActionError

cdef enum:
    MAX_DEPTH = 64
    # Interior nodes between two looks at pending signals (Ctrl-C): a few milliseconds.
    SIGNAL_INTERVAL = 1 << 14

PERFT_MAX_DEPTH = MAX_DEPTH     # the deepest `depth` (for callers that check it first)


ctypedef struct perft_search:
    ddz_game g                 # a private copy of the position: callers' games are never touched
    ddz_move* moves            # the move stack: each level's moves after its parent's
    Py_ssize_t room            # (levels of MAX_MOVES + 1; grown where wild cards or two decks make more)
    bint bulk
    uint32_t until_signals     # interior nodes left before the next look at signals


cdef Py_ssize_t level_moves(perft_search* p, Py_ssize_t at) except -1 nogil:
    """The legal moves of the position into the stack from `at` on, growing it when they do
    not fit (which moves it: levels address it by offsets); how many."""
    cdef ddz_move* end
    if not p.g.rules.wilds and p.g.rules.players != 4:      # the stack has room for every level
        return state_legal_moves(&p.g.s, &p.g.rules, p.moves + at) - (p.moves + at)
    while True:
        if p.room - at >= ACTIONS_ROOM:
            end = state_moves_within(&p.g.s, &p.g.rules, p.moves + at, p.room - at)
            if end != NULL:
                return end - (p.moves + at)
        if grow(&p.moves, &p.room, 2 * p.room + ACTIONS_ROOM) < 0:
            with gil:
                raise MemoryError("perft: the move stack")


cdef uint64_t perft_count(perft_search* p, int depth, Py_ssize_t at) except? 0xFFFFFFFFFFFFFFFF nogil:
    cdef Py_ssize_t n, i
    cdef uint64_t total = 0
    if depth == 0:
        return 1
    if p.g.s.phase != PHASE_PLAY:
        return 0                    # a finished game has no actions
    n = level_moves(p, at)
    if depth == 1 and p.bulk:
        return n
    p.until_signals -= 1
    if p.until_signals == 0:
        p.until_signals = SIGNAL_INTERVAL
        with gil:
            PyErr_CheckSignals()
    for i in range(n):
        push(&p.g, &p.moves[at + i])
        total += perft_count(p, depth - 1, at + n)
        game_undo(&p.g)
    return total


def perft(Game game not None, depth, *, divide=False, bulk=True):
    """The number of action sequences of length ``depth`` (0..64) from the game's position
    (play phase; a pass is an action; a finished game has none). With ``divide=True``, a dict
    of that count below each first action. ``bulk=False`` plays out the last level instead of
    counting its moves (same result; for measuring push and undo).

    The search runs without the GIL on a private copy of the position: the game itself is never
    changed, and other threads may use it meanwhile. Ctrl-C interrupts it within milliseconds.
    """
    cdef int levels = check_int(depth, "depth", 0, MAX_DEPTH)
    divide = check_bool(divide, "divide")
    cdef perft_search p
    p.bulk = check_bool(bulk, "bulk")
    if game.phase != "play":
        where = "in the auction" if game.g.s.phase == PHASE_AUCTION else "over"
        raise IllegalActionError(f"perft counts play-phase positions; the game is {where}")
    # Copied under the GIL, so no other thread's action is half done in it.
    p.g = game.g
    p.g.steps = NULL
    p.g.n_steps = p.g.capacity = 0
    p.until_signals = SIGNAL_INTERVAL
    p.moves = NULL
    p.room = 0
    cdef Py_ssize_t n, i
    cdef uint64_t count
    try:
        if grow(&p.moves, &p.room, levels * (MAX_MOVES + 1) + ACTIONS_ROOM) < 0:
            raise MemoryError("perft: the move stack")
        if not divide:
            with nogil:
                count = perft_count(&p, levels, 0)
            return count
        if levels == 0:
            return {}
        n = level_moves(&p, 0)
        counts = {}
        for i in range(n):
            push(&p.g, &p.moves[i])
            with nogil:
                count = perft_count(&p, levels - 1, n)
            game_undo(&p.g)
            counts[move_from_c(&p.moves[i])] = count
        return counts
    finally:
        free(p.moves)
        free(p.g.steps)
