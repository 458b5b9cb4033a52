# Uniformly random games in native code, without the GIL, on as many threads as asked (native
# threads of _core.fanout; the calling thread works too, and looks at signals and progress).

import time

import numpy as np

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport free

from ._core.atomic cimport atomic_load, atomic_store, fetch_add
from ._core.fanout cimport (
    ddz_fanout, fanout_free, fanout_init, fanout_join, fanout_start, fanout_threads_started,
)
from ._core.alloc cimport grow
from ._core.playout cimport (
    PLAYED_OUT, PLAYOUT_NO_MEMORY, ddz_four_outcome, ddz_outcome, play_random_game,
)
from ._core.rng cimport stream_seed
from ._core.state cimport ACTIONS_ROOM, MAX_REDEALS
from ._core.typedefs cimport ddz_move, ddz_rules
from ._rules cimport Rules, as_rules

from .checks import check_int, check_seed, check_threads
from .errors import RedealLimitError
from ._simulation import Simulation


cdef enum:
    # Games per unit of work, about 2.5 ms: threads take units from a shared counter, and the
    # calling thread looks at Ctrl-C and reports progress between its units.
    CHUNK_GAMES = 1024

cdef ddz_outcome _example
cdef ddz_four_outcome _four_example
# The numpy dtypes of the rows, read off the structs (Cython writes their buffer formats).
OUTCOME_DTYPE = np.asarray(<ddz_outcome[:1]>&_example).dtype
FOUR_OUTCOME_DTYPE = np.asarray(<ddz_four_outcome[:1]>&_four_example).dtype


def nth_game_seed(seed, index):
    """The seed simulate() deals game `index` with (Series deals the same way)."""
    return stream_seed(check_seed(seed), check_int(index, "index", 0, 2 ** 63 - 1))


cdef class _Runner:
    """One simulate() call: its output rows and the units of work its threads share.

    Games start..start+n-1 of the seed's stream, in units of CHUNK_GAMES taken from a shared
    counter; game start+i goes to row i. Made without __init__, it has no work. Its worker
    threads (start_workers) are native; join waits for them (and so does deallocation).
    """

    cdef ddz_outcome* out               # the rows of three players ...
    cdef ddz_four_outcome* four_out     # ... or of four (the other is NULL)
    cdef ddz_rules rules
    cdef uint64_t seed
    cdef int64_t start, n, n_units
    cdef int64_t next_unit        # shared: the next unit to take
    cdef int64_t done             # shared: games finished
    cdef int64_t stop             # shared: set to 1 to make every thread stop after its unit
    cdef int64_t failed           # shared: 1 + a game that hit the redeal limit, or 0
    cdef int64_t out_of_memory    # shared: 1 if a thread's actions could not grow
    cdef ddz_fanout workers
    cdef readonly object records

    def __dealloc__(self):
        atomic_store(&self.stop, 1)
        fanout_join(&self.workers)      # (a no-op unless started and not joined)
        fanout_free(&self.workers)

    def __init__(self, int64_t start, int64_t n, uint64_t seed, Rules rules):
        self.seed = seed
        self.rules = rules.c
        self.start = start
        self.n = n
        self.n_units = (n + CHUNK_GAMES - 1) // CHUNK_GAMES
        cdef ddz_outcome[::1] rows
        cdef ddz_four_outcome[::1] four_rows
        if rules.c.players == 4:
            self.records = four_rows = np.empty(n, FOUR_OUTCOME_DTYPE)
            if n:
                self.four_out = &four_rows[0]
        else:
            self.records = rows = np.empty(n, OUTCOME_DTYPE)
            if n:
                self.out = &rows[0]

    cdef bint run_unit(self) noexcept nogil:
        """Take one unit of work and play its games; False when none is left or all stop."""
        cdef ddz_move* actions = NULL       # (wild cards may grow it)
        cdef Py_ssize_t room = 0
        cdef int64_t unit, first, last, row
        cdef int status = PLAYED_OUT
        if atomic_load(&self.stop):
            return False
        unit = fetch_add(&self.next_unit, 1)
        if unit >= self.n_units:
            return False
        if grow(&actions, &room, ACTIONS_ROOM) < 0:
            atomic_store(&self.out_of_memory, 1)
            atomic_store(&self.stop, 1)
            return False
        first = unit * CHUNK_GAMES
        last = min(self.n, first + CHUNK_GAMES)
        for row in range(first, last):
            if self.four_out != NULL:
                status = play_random_game(stream_seed(self.seed, self.start + row), &self.rules,
                                          &actions, &room, &self.four_out[row])
            else:
                status = play_random_game(stream_seed(self.seed, self.start + row), &self.rules,
                                          &actions, &room, &self.out[row])
            if status != PLAYED_OUT:
                if status == PLAYOUT_NO_MEMORY:
                    atomic_store(&self.out_of_memory, 1)
                else:
                    atomic_store(&self.failed, 1 + self.start + row)
                atomic_store(&self.stop, 1)
                break
        free(actions)
        if status != PLAYED_OUT:
            return False
        fetch_add(&self.done, last - first)
        return True

    def start_workers(self, int n):
        """Start n native worker threads, each taking units until none is left (once)."""
        if self.workers.workers != NULL:
            raise RuntimeError("the workers of this run were started already")
        if fanout_init(&self.workers, n + 1) < 0:
            fanout_free(&self.workers)
            raise MemoryError()
        with nogil:
            fanout_start(&self.workers, work_units, <void*>self)

    def join(self):
        """Wait for the workers (after their current unit, once finish() was called)."""
        with nogil:
            fanout_join(&self.workers)

    def work_unit(self):
        """One unit in the calling thread; False when none is left."""
        cdef bint more
        with nogil:
            more = self.run_unit()
        return more

    def finish(self):
        """Tell the workers to stop after their current unit."""
        atomic_store(&self.stop, 1)

    @property
    def games_done(self):
        return atomic_load(&self.done)

    @property
    def failed_game(self):
        """The first game seen to hit the redeal limit, or None."""
        cdef int64_t failed = atomic_load(&self.failed)
        return failed - 1 if failed else None


cdef void work_units(void* runner, Py_ssize_t part) noexcept nogil:
    """A worker thread's part of a run: units until none is left."""
    while (<_Runner>runner).run_unit():
        pass


def _native_threads_started():
    """Native worker threads started so far in this process by _core.fanout (simulate's and
    Tables'): the tests count simulate's with it."""
    return fanout_threads_started()


def simulate(n_games, *, seed=0, start=0, rules=None, threads=1, progress=None):
    """Play ``n_games`` full games (deal, auction, play) with a uniformly random choice among
    the legal actions at every decision, in native code without the GIL.

    Game i depends only on ``seed`` and i; these are games ``start`` .. ``start + n_games - 1``,
    so runs of consecutive ranges join (``Simulation.concat``) into the run of the whole range,
    and the rows are the same for any ``threads``, which is capped at the cores this process
    may use. ``progress(done, total)`` is called now and
    then from the calling thread, last with ``done == total``. Ctrl-C stops every thread within
    milliseconds and raises ``KeyboardInterrupt``. Returns a ``Simulation``: one row of
    ``OUTCOME_DTYPE`` per game (of ``FOUR_OUTCOME_DTYPE`` in the four-player game: four scores).
    """
    n_games = check_int(n_games, "n_games", 0)
    seed = check_seed(seed)
    start = check_int(start, "start", 0, 2 ** 63 - 1 - n_games)
    threads = check_threads(threads, (n_games + CHUNK_GAMES - 1) // CHUNK_GAMES)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable or None, not {progress!r}")
    cdef Rules r = as_rules(rules, four_players=True)
    cdef _Runner runner = _Runner(start, n_games, seed, r)
    runner.start_workers(threads - 1)
    try:
        shown = time.monotonic()
        while runner.work_unit():
            PyErr_CheckSignals()          # compiled loops see Ctrl-C only when asked
            if progress is not None and time.monotonic() - shown >= 0.05:
                progress(runner.games_done, n_games)
                shown = time.monotonic()
        runner.join()
    finally:
        runner.finish()
        runner.join()
    if atomic_load(&runner.out_of_memory):
        raise MemoryError("simulate: the legal actions of a position")
    if runner.failed_game is not None:
        raise RedealLimitError(
            f"game {runner.failed_game} of seed {seed} passed all round more than "
            f"{MAX_REDEALS} times in its auction")
    if progress is not None:
        progress(n_games, n_games)
    return Simulation(runner.records, seed=seed, start=start, rules=r, threads=threads)
