# The open-hand solver at the Python boundary: Solver (owns a transposition table), solve and
# principal_line.

import threading
import time

from libc.stdint cimport UINT64_MAX, int64_t, int8_t, int32_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset

from ._core.solver cimport (
    FINISH_CACHE_SIZE, FINISH_ROOM, OBJECTIVE_SCORE, OBJECTIVE_WIN, PLAYS_CACHE_SIZE,
    SEARCH_ABORTED, SEARCH_ERROR, TECH_ALL, TECH_COMPRESSION, TECH_CUTOFFS, TECH_EQUIVALENCE,
    TECH_INFERENCE, TECH_ORDERING, TECH_TABLE, finish_entry, monotonic, plies_needed, solve_root,
    solver_search, solver_table, table_clear, table_free, table_init,
)
from ._core.state cimport PHASE_AUCTION, PHASE_PLAY, ddz_state, state_legal_moves
from ._core.typedefs cimport MAX_MOVES, ddz_move, ddz_rules
from ._game cimport Game
from ._rules cimport without_wilds
from ._moves cimport move_from_c

from .checks import check_choice, check_int, check_seconds
from .errors import IllegalActionError, UnsupportedRulesError
from ._solution import MOVE_CHOICES, OBJECTIVES, Line, Solution

# The techniques a Solver may use (solver.pxd documents each); all of them by default.
TECHNIQUES = {
    "table": TECH_TABLE,
    "ordering": TECH_ORDERING,
    "cutoffs": TECH_CUTOFFS,
    "compression": TECH_COMPRESSION,
    "equivalence": TECH_EQUIVALENCE,
    "inference": TECH_INFERENCE,
}
MAX_TABLE_MB = 1 << 16
MAX_NODES = 2 ** 63                 # the largest max_nodes taken


cdef uint64_t node_limit_of(object max_nodes) except? 0:
    """max_nodes (None or 1..MAX_NODES) as a search's node limit: UINT64_MAX for none."""
    return UINT64_MAX if max_nodes is None else check_int(max_nodes, "max_nodes", 1, MAX_NODES)


cdef double seconds_of(object time_limit) except? -1:
    """time_limit (None or seconds > 0) as a search's: 0 for none."""
    return 0 if time_limit is None else check_seconds(time_limit, "time_limit")


def _remake_solver(cls, table_mb, techniques):
    """Unpickle a Solver: a new one of the same configuration (checked as Solver() checks)."""
    if not (isinstance(cls, type) and issubclass(cls, Solver)):
        raise TypeError(f"a Solver pickle names {cls!r}, no Solver class")
    return cls(table_mb, techniques=techniques)


cdef int raise_pending() except -1:
    """Propagate the exception a search left set (Ctrl-C)."""
    return -1


cdef class Solver:
    """An exact open-hand solver that keeps its transposition table between calls.

    ``Solver(table_mb=64, *, techniques=None)``: the table takes at most ``table_mb`` megabytes
    (1..65536; allocated at once, freed with the solver). Its entries are proven facts about
    positions, each stored with the whole position, so they serve every later call: on the
    same game (the same position again, or the positions after a few moves) and on any other
    game under the same rules (a solve under other rules empties the table first).
    ``techniques``: the names of ``TECHNIQUES`` to use (all by default; fewer only to measure
    what each one saves).

    One solve runs at a time per solver: a call from another thread waits for the running one.
    The search runs without the GIL on a copy of the game's position taken under the GIL.
    A pickle (or a copy) is a new solver of the same configuration, its table empty.
    """

    cdef solver_table table
    cdef object table_rules           # the Rules of the table's entries (None: no entries)
    cdef Py_ssize_t megabytes
    cdef unsigned tech_bits
    cdef object lock
    # The search's move stack, kept between calls (a new one would be page faults in the
    # timed search): moves and their scores for stack_room moves, and the cut-off test's room.
    cdef ddz_move* stack_moves
    cdef int32_t* stack_scores
    cdef Py_ssize_t stack_room
    cdef ddz_move* finish
    cdef finish_entry* finish_cache
    cdef uint64_t* plays_cache
    cdef uint32_t stamp               # the last search's finish_cache stamp

    def __cinit__(self):
        self.table.entries = NULL
        self.table.bucket_mask = self.table.max_mask = self.table.used = 0
        self.stack_moves = NULL
        self.stack_scores = NULL
        self.stack_room = 0
        self.finish = NULL
        self.finish_cache = NULL
        self.plays_cache = NULL
        self.stamp = 0

    def __init__(self, table_mb=64, *, techniques=None):
        cdef Py_ssize_t megabytes = check_int(table_mb, "table_mb", 1, MAX_TABLE_MB)
        cdef unsigned chosen = TECH_ALL
        if techniques is not None:
            if isinstance(techniques, str):
                raise TypeError(f"techniques must be a collection of names, not a str ({techniques!r})")
            chosen = 0
            for name in techniques:
                if name not in TECHNIQUES:
                    raise ValueError(f"techniques: unknown technique {name!r}; "
                                     f"known: {', '.join(TECHNIQUES)}")
                chosen |= TECHNIQUES[name]
        if self.lock is not None:
            raise TypeError("Solver.__init__ may be called once")
        if table_init(&self.table, megabytes) < 0:
            raise MemoryError(f"Solver: no room for a table of {megabytes} MB")
        self.megabytes = megabytes
        self.tech_bits = chosen
        self.table_rules = None
        self.lock = threading.Lock()

    def __dealloc__(self):
        table_free(&self.table)
        free(self.stack_moves)
        free(self.stack_scores)
        free(self.finish)
        free(self.finish_cache)
        free(self.plays_cache)

    cdef int reserve_stack(self, Py_ssize_t room) except -1:
        """Room for `room` moves on the stack, and the cut-off test's."""
        if self.finish == NULL:
            self.finish = <ddz_move*>malloc(FINISH_ROOM * sizeof(ddz_move))
            self.finish_cache = <finish_entry*>calloc(FINISH_CACHE_SIZE, sizeof(finish_entry))
            self.plays_cache = <uint64_t*>calloc(PLAYS_CACHE_SIZE, sizeof(uint64_t))
            if self.finish == NULL or self.finish_cache == NULL or self.plays_cache == NULL:
                free(self.finish)
                free(self.finish_cache)
                free(self.plays_cache)
                self.finish = NULL
                self.finish_cache = NULL
                self.plays_cache = NULL
                raise MemoryError("solve: the move stack")
        if room <= self.stack_room:
            return 0
        free(self.stack_moves)
        free(self.stack_scores)
        self.stack_moves = <ddz_move*>malloc(room * sizeof(ddz_move))
        self.stack_scores = <int32_t*>malloc(room * sizeof(int32_t))
        if self.stack_moves == NULL or self.stack_scores == NULL:
            free(self.stack_moves)
            free(self.stack_scores)
            self.stack_moves = NULL
            self.stack_scores = NULL
            self.stack_room = 0
            raise MemoryError("solve: the move stack")
        self.stack_room = room
        return 0

    @property
    def table_mb(self):
        """The table's size limit in megabytes."""
        return self.megabytes

    @property
    def techniques(self):
        """The names of the techniques this solver uses."""
        return frozenset(name for name, bit in TECHNIQUES.items() if self.tech_bits & bit)

    def __repr__(self):
        if self.tech_bits == TECH_ALL:
            return f"Solver(table_mb={self.megabytes})"
        return f"Solver(table_mb={self.megabytes}, techniques={sorted(self.techniques)!r})"

    def __reduce__(self):
        # The configuration only: the table is a cache of proven facts, which a new solver
        # finds again (a pickle of up to 64 GB of it would serve nobody).
        self.check_ready()
        return (_remake_solver, (type(self), self.megabytes,
                                 None if self.tech_bits == TECH_ALL else sorted(self.techniques)))

    def clear(self):
        """Empty the table (and the other remembered facts about positions and hands)."""
        self.check_ready()
        with self.lock:
            self.forget()

    cdef void forget(self) noexcept:
        """Empty the table and the other caches of facts (the lock held)."""
        table_clear(&self.table)
        if self.plays_cache != NULL:
            memset(self.plays_cache, 0, PLAYS_CACHE_SIZE * sizeof(uint64_t))

    cdef int check_ready(self) except -1:
        if self.lock is None:
            raise ValueError("this Solver was made without __init__")
        return 0

    def solve(self, Game game not None, *, objective="win", moves="all", max_nodes=None,
              time_limit=None):
        """Solve the game's position (play phase: any seat to move, any trick) on open hands.

        ``objective="win"``: which side wins with perfect play and the side to move's winning
        moves; ``"score"``: the landlord's best guaranteed final score under the game's rules
        (null-window searches on score thresholds) and the moves that reach it.
        ``moves="all"`` finds every such move (each one proven: most of the work where the side
        to move wins); ``"one"`` stops at the first one found (the search's order), which is
        all a verdict or a line of play needs; ``"each"`` also gives every legal move's value
        (``Solution.values``: for the score objective a bisection for each move that falls
        short of the best).
        ``max_nodes`` (>= 1) and ``time_limit`` (seconds, > 0) stop the search: the Solution
        then has ``complete=False`` and no verdict. Raises ``IllegalActionError`` for a game in
        the auction or over, ``UnsupportedRulesError`` under shuttle rules. The game is never
        changed.
        """
        self.check_ready()
        objective = check_choice(objective, "objective", OBJECTIVES)
        moves = check_choice(moves, "moves", MOVE_CHOICES)
        return self.run(game, objective, moves, node_limit_of(max_nodes), seconds_of(time_limit))

    cdef object run(self, Game game, str objective, str moves, uint64_t node_limit,
                    double seconds_limit):
        """solve with checked arguments: at most node_limit nodes (UINT64_MAX: no limit; 0:
        only a solve that needs none completes), seconds_limit 0 for no time limit."""
        cdef bint every = moves != "one", each = moves == "each"
        game.check_ready()
        without_wilds(game._rules, "solve")
        game.check_three_seats("solve")
        if game.g.s.phase != PHASE_PLAY:
            where = "in the auction" if game.g.s.phase == PHASE_AUCTION else "over"
            raise IllegalActionError(f"solve takes play-phase positions; the game is {where}")
        if game.rules.shuttle != "off":
            # Its pruning (who can answer a move, the score bound) knows bombs and the rocket only.
            raise UnsupportedRulesError(f"solve does not support shuttle={game.rules.shuttle!r} "
                                        f"yet; the rules are {game.rules!r}")
        # Copied under the GIL, so no other thread's action is half done in it.
        cdef ddz_state s = game.g.s
        cdef solver_search p
        p.rules = game.g.rules
        p.table = &self.table
        p.objective = OBJECTIVE_SCORE if objective == "score" else OBJECTIVE_WIN
        p.techniques = self.tech_bits
        p.nodes = 0
        p.max_nodes = node_limit
        p.until_check = 1
        p.stopped = 0
        p.plies = plies_needed(&s)
        cdef ddz_move root[MAX_MOVES + 1]
        cdef int8_t best[MAX_MOVES + 1]
        cdef int64_t values[MAX_MOVES + 1]
        cdef Py_ssize_t n = state_legal_moves(&s, &p.rules, root) - root, i
        cdef Py_ssize_t room = <Py_ssize_t>(p.plies + 1) * (MAX_MOVES + 1)
        cdef int64_t value = 0
        cdef int status = 0
        with self.lock:
            self.reserve_stack(room)
            p.moves = self.stack_moves
            p.scores = self.stack_scores
            p.finish = self.finish
            p.finish_cache = self.finish_cache
            p.plays_cache = self.plays_cache
            self.stamp += 1
            if self.stamp == 0:       # wrapped: forget every entry
                memset(self.finish_cache, 0, FINISH_CACHE_SIZE * sizeof(finish_entry))
                self.stamp = 1
            p.stamp = self.stamp
            # (Rules compare by value; their C structs have padding that memcmp would see)
            if self.table_rules != game.rules:
                self.forget()
                self.table_rules = game.rules
            start = time.perf_counter()
            p.deadline = monotonic() + seconds_limit if seconds_limit else 0
            with nogil:
                status = solve_root(&p, &s, root, n, every, best, &value,
                                    values if each else NULL)
            seconds = time.perf_counter() - start
            if status == SEARCH_ERROR:
                raise_pending()
        if status == SEARCH_ABORTED:
            return Solution(objective, None, (), None, p.nodes, seconds, False)
        # Move objects for the moves returned only (PIMC solves many positions)
        reaching = tuple(move_from_c(&root[i]) for i in range(n) if best[i])
        return Solution(objective, "landlord" if value > 0 else "farmers", reaching,
                        value if p.objective == OBJECTIVE_SCORE else None, p.nodes, seconds, True,
                        tuple((move_from_c(&root[i]), values[i]) for i in range(n)) if each
                        else ())

    def principal_line(self, Game game not None, *, objective="win", max_nodes=None,
                       time_limit=None):
        """A line of perfect play on open hands from the game's position to the end of the
        deal (a ``Line``): at each turn a ``moves="one"`` solve of the position on this
        solver's table, warm from the turns before, and the move it found; a side that loses
        whatever it plays (``objective="win"``) plays its first legal move. ``max_nodes`` and
        ``time_limit`` bound the whole line: the solve they stop ends it (``complete=False``,
        the moves before it kept). Raises as ``solve``; the game is never changed."""
        start = time.perf_counter()
        self.check_ready()
        objective = check_choice(objective, "objective", OBJECTIVES)
        cdef uint64_t node_limit = node_limit_of(max_nodes)
        cdef double seconds_limit = seconds_of(time_limit)
        limited = node_limit != UINT64_MAX
        # copied before the first solve, which releases the GIL: another thread may play on the
        # game meanwhile. That solve checks the phase.
        position = game.copy(stack=False)
        first = step = self.solve(position, objective=objective, moves="one",
                                  max_nodes=node_limit if limited else None,
                                  time_limit=seconds_limit or None)
        played = []
        cdef uint64_t nodes = 0
        seconds_left = None
        while True:
            nodes += step.nodes
            if not step.complete:
                break
            move = step.moves[0] if step.moves else position.legal_moves()[0]
            played.append((position.to_move, move))
            position.play(move)
            if position.phase != "play":
                break
            if seconds_limit:
                seconds_left = seconds_limit - (time.perf_counter() - start)
                if seconds_left <= 0:
                    break
            if limited and nodes == node_limit:
                # none left (solve takes no max_nodes=0): a solve that takes no node, a move
                # that ends the deal, still completes; any other ends the line
                step = self.run(position, objective, "one", 0, seconds_left or 0)
            else:
                step = self.solve(position, objective=objective, moves="one",
                                  max_nodes=node_limit - nodes if limited else None,
                                  time_limit=seconds_left)
        return Line(objective, first.winner, first.score, tuple(played), nodes,
                    time.perf_counter() - start, position.phase == "over")


_per_thread = threading.local()


def _thread_solver(table_mb):
    """This thread's Solver of `table_mb` megabytes (a new one if it had none, or another size)."""
    table_mb = check_int(table_mb, "table_mb", 1, MAX_TABLE_MB)
    solver = getattr(_per_thread, "solver", None)
    if solver is None or solver.table_mb != table_mb:
        _per_thread.solver = None          # free the old table before the new one is made
        solver = _per_thread.solver = Solver(table_mb)
    return solver


def solve(Game game not None, *, objective="win", moves="all", max_nodes=None, time_limit=None,
          table_mb=64):
    """``Solver(table_mb).solve(game, ...)`` with one Solver kept per thread: its table serves
    the thread's later calls (the same game after a few moves, or any game under the same
    rules) and lives as long as the thread; a different ``table_mb`` replaces it."""
    return _thread_solver(table_mb).solve(game, objective=objective, moves=moves,
                                         max_nodes=max_nodes, time_limit=time_limit)


def principal_line(Game game not None, *, objective="win", max_nodes=None, time_limit=None,
                   table_mb=64):
    """``Solver(table_mb).principal_line(game, ...)`` on this thread's Solver (as ``solve``)."""
    return _thread_solver(table_mb).principal_line(game, objective=objective,
                                                  max_nodes=max_nodes, time_limit=time_limit)
