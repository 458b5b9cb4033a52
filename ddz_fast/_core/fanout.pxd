# A native thread fan-out: parts 1..n-1 of a task on native threads (PyThread_start_new_thread;
# they hold no Python state), part 0 on the calling thread, and a join that waits for every
# worker. A part whose thread cannot start runs on the calling thread at the join, so the
# task's results never depend on how many threads started. Start and join are separate steps
# so that the calling thread may do its own work (check signals, report progress) between them;
# nothing may stop it before the join (the workers use memory the caller owns).

from libc.stdint cimport int64_t

from cpython.pythread cimport PyThread_type_lock

# Runs part `part` of a task; `context` is the task's own.
ctypedef void (*fanout_task)(void* context, Py_ssize_t part) noexcept nogil

cdef enum:
    WORKER_IDLE = 0
    WORKER_RUNNING = 1          # on its own thread
    WORKER_PENDING = 2          # its thread did not start: the join runs it

ctypedef struct ddz_worker:
    fanout_task task
    void* context               # borrowed: every worker is joined before its owner goes
    Py_ssize_t part
    PyThread_type_lock done     # held from the worker's start to its end
    int state                   # WORKER_*
    char pad[64]                # workers' fields on different cache lines

ctypedef struct ddz_fanout:
    ddz_worker* workers         # parts 1..parts-1 (workers[k] runs part k + 1)
    Py_ssize_t parts

# Room and locks for `parts` >= 1 parts: 0, or -1 out of memory (fanout_free cleans up either).
# These two hold the GIL (Cython's declarations of the lock calls ask for it).
cdef int fanout_init(ddz_fanout* f, Py_ssize_t parts) noexcept
# Frees what fanout_init made; no worker may be running (join first). Safe on a zeroed fanout.
cdef void fanout_free(ddz_fanout* f) noexcept
# Starts parts 1..parts-1 of `task` on native threads (a part whose thread cannot start is left
# for the join). Every start must be followed by a fanout_join before the next start.
cdef void fanout_start(ddz_fanout* f, fanout_task task, void* context) noexcept nogil
# Waits for every started worker and runs the parts that did not start; returns when all are
# done. A no-op without a start since the last join.
cdef void fanout_join(ddz_fanout* f) noexcept nogil
# Every part of `task`: start, part 0 here, join.
cdef void fanout_run(ddz_fanout* f, fanout_task task, void* context) noexcept nogil
# Native worker threads started so far in this process, by every fan-out (tests count them).
cdef int64_t fanout_threads_started() noexcept nogil
