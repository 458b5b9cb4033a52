# Uniformly random games in native code, without the GIL, on as many threads as asked.

import threading
import time

import numpy as np

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int64_t, uint64_t

from ._core.playout cimport ddz_outcome, play_random_game
from ._core.rng cimport stream_seed
from ._core.state cimport MAX_REDEALS
from ._core.typedefs cimport MAX_MOVES, ddz_move, ddz_rules
from ._rules cimport Rules, as_rules

from .checks import check_int, check_seed, check_threads
from .errors import RedealLimitError
from ._simulation import Simulation


cdef extern from *:
    """
    #include <stdint.h>
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int64_t ddz_fetch_add(volatile int64_t* p, int64_t v) {
        return _InterlockedExchangeAdd64((volatile long long*)p, v);
    }
    static inline int64_t ddz_load(volatile int64_t* p) { return _InterlockedOr64((volatile long long*)p, 0); }
    static inline void ddz_store(volatile int64_t* p, int64_t v) { _InterlockedExchange64((volatile long long*)p, v); }
    #else
    static inline int64_t ddz_fetch_add(int64_t* p, int64_t v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }
    static inline int64_t ddz_load(int64_t* p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
    static inline void ddz_store(int64_t* p, int64_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
    #endif
    """
    # Counters that the threads of a run share (results themselves are handed over by join).
    int64_t fetch_add "ddz_fetch_add" (int64_t* p, int64_t v) noexcept nogil    # old value
    int64_t atomic_load "ddz_load" (int64_t* p) noexcept nogil
    void atomic_store "ddz_store" (int64_t* p, int64_t v) noexcept nogil

cdef enum:
    # Games per unit of work, about 2.5 ms: threads take units from a shared counter, and the
    # calling thread looks at Ctrl-C and reports progress between its units.
    CHUNK_GAMES = 1024

cdef ddz_outcome _example
# The numpy dtype of ddz_outcome, read off the struct (Cython writes its buffer format).
OUTCOME_DTYPE = np.asarray(<ddz_outcome[:1]>&_example).dtype


def nth_game_seed(seed, index):
    """The seed simulate() deals game `index` with (Series deals the same way)."""
    return stream_seed(check_seed(seed), check_int(index, "index", 0, 2 ** 63 - 1))


cdef class _Runner:
    """One simulate() call: its output rows and the units of work its threads share.

    Games start..start+n-1 of the seed's stream, in units of CHUNK_GAMES taken from a shared
    counter; game start+i goes to row i. Made without __init__, it has no work.
    """

    cdef ddz_outcome* out
    cdef ddz_rules rules
    cdef uint64_t seed
    cdef int64_t start, n, n_units
    cdef int64_t next_unit        # shared: the next unit to take
    cdef int64_t done             # shared: games finished
    cdef int64_t stop             # shared: set to 1 to make every thread stop after its unit
    cdef int64_t failed           # shared: 1 + a game that hit the redeal limit, or 0
    cdef readonly object records

    def __init__(self, int64_t start, int64_t n, uint64_t seed, Rules rules):
        self.seed = seed
        self.rules = rules.c
        self.start = start
        self.n = n
        self.n_units = (n + CHUNK_GAMES - 1) // CHUNK_GAMES
        self.records = np.empty(n, OUTCOME_DTYPE)
        cdef ddz_outcome[::1] rows = self.records
        if n:
            self.out = &rows[0]

    cdef bint run_unit(self) noexcept nogil:
        """Take one unit of work and play its games; False when none is left or all stop."""
        cdef ddz_move actions[MAX_MOVES + 1]
        cdef int64_t unit, first, last, row
        if atomic_load(&self.stop):
            return False
        unit = fetch_add(&self.next_unit, 1)
        if unit >= self.n_units:
            return False
        first = unit * CHUNK_GAMES
        last = min(self.n, first + CHUNK_GAMES)
        for row in range(first, last):
            if not play_random_game(stream_seed(self.seed, self.start + row), &self.rules, actions,
                                    &self.out[row]):
                atomic_store(&self.failed, 1 + self.start + row)
                atomic_store(&self.stop, 1)
                return False
        fetch_add(&self.done, last - first)
        return True

    def work(self):
        """A worker thread: units until none is left."""
        with nogil:
            while self.run_unit():
                pass

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


def simulate(n_games, *, seed=0, start=0, rules=None, threads=1, progress=None):
    """Play ``n_games`` full games (deal, auction, play) with a uniformly random choice among
    the legal actions at every decision, in native code without the GIL.

    Game i depends only on ``seed`` and i; these are games ``start`` .. ``start + n_games - 1``,
    so runs of consecutive ranges join (``Simulation.concat``) into the run of the whole range,
    and the rows are the same for any ``threads``, which is capped at the cores this process
    may use. ``progress(done, total)`` is called now and
    then from the calling thread, last with ``done == total``. Ctrl-C stops every thread within
    milliseconds and raises ``KeyboardInterrupt``. Returns a ``Simulation``: one row of
    ``OUTCOME_DTYPE`` per game.
    """
    n_games = check_int(n_games, "n_games", 0)
    seed = check_seed(seed)
    start = check_int(start, "start", 0, 2 ** 63 - 1 - n_games)
    threads = check_threads(threads, (n_games + CHUNK_GAMES - 1) // CHUNK_GAMES)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable or None, not {progress!r}")
    cdef Rules r = as_rules(rules)
    cdef _Runner runner = _Runner(start, n_games, seed, r)
    workers = [threading.Thread(target=runner.work, daemon=True) for _ in range(threads - 1)]
    for worker in workers:
        worker.start()
    try:
        shown = time.monotonic()
        while runner.work_unit():
            PyErr_CheckSignals()          # compiled loops see Ctrl-C only when asked
            if progress is not None and time.monotonic() - shown >= 0.05:
                progress(runner.games_done, n_games)
                shown = time.monotonic()
        for worker in workers:
            worker.join()
    finally:
        runner.finish()
        for worker in workers:
            worker.join()
    if runner.failed_game is not None:
        raise RedealLimitError(
            f"game {runner.failed_game} of seed {seed} passed all round more than "
            f"{MAX_REDEALS} times in its auction")
    if progress is not None:
        progress(n_games, n_games)
    return Simulation(runner.records, seed=seed, start=start, rules=r, threads=threads)
