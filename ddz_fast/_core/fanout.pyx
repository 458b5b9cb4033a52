# The native thread fan-out (see fanout.pxd).

from libc.stdint cimport int64_t
from libc.stdlib cimport calloc, free

from cpython.pythread cimport (
    NOWAIT_LOCK, WAIT_LOCK, PyThread_acquire_lock, PyThread_allocate_lock, PyThread_free_lock,
    PyThread_release_lock,
)

from .atomic cimport atomic_load, fetch_add

cdef extern from "pythread.h":
    # (Cython declares it with a function type that a nogil function does not match)
    unsigned long start_thread "PyThread_start_new_thread" (
        void (*func)(void*) noexcept nogil, void* arg) nogil

cdef int64_t threads_started = 0


cdef int fanout_init(ddz_fanout* f, Py_ssize_t parts) noexcept:
    cdef Py_ssize_t k
    f.parts = parts
    f.workers = <ddz_worker*>calloc(parts - 1 if parts > 1 else 1, sizeof(ddz_worker))
    if f.workers == NULL:
        return -1
    for k in range(parts - 1):
        f.workers[k].part = k + 1
        f.workers[k].done = PyThread_allocate_lock()
        if f.workers[k].done == NULL:
            return -1
    return 0


cdef void fanout_free(ddz_fanout* f) noexcept:
    cdef Py_ssize_t k
    if f.workers == NULL:
        return
    for k in range(f.parts - 1):
        if f.workers[k].done != NULL:
            PyThread_free_lock(f.workers[k].done)
    free(f.workers)
    f.workers = NULL


cdef void worker_main(void* arg) noexcept nogil:
    """A worker thread: its part, then its lock released, its last touch of the task's memory
    (the join waits for that)."""
    cdef ddz_worker* w = <ddz_worker*>arg
    w.task(w.context, w.part)
    PyThread_release_lock(w.done)


cdef void fanout_start(ddz_fanout* f, fanout_task task, void* context) noexcept nogil:
    cdef Py_ssize_t k
    cdef ddz_worker* w
    for k in range(f.parts - 1):
        w = &f.workers[k]
        w.task = task
        w.context = context
        PyThread_acquire_lock(w.done, NOWAIT_LOCK)      # free: every worker released it
        if start_thread(worker_main, w) != <unsigned long>-1:
            w.state = WORKER_RUNNING
            fetch_add(&threads_started, 1)
        else:
            w.state = WORKER_PENDING
            PyThread_release_lock(w.done)


cdef void fanout_join(ddz_fanout* f) noexcept nogil:
    cdef Py_ssize_t k
    cdef ddz_worker* w
    for k in range(f.parts - 1):
        w = &f.workers[k]
        if w.state == WORKER_RUNNING:
            PyThread_acquire_lock(w.done, WAIT_LOCK)
            PyThread_release_lock(w.done)
        elif w.state == WORKER_PENDING:
            w.task(w.context, w.part)
        w.state = WORKER_IDLE


cdef void fanout_run(ddz_fanout* f, fanout_task task, void* context) noexcept nogil:
    fanout_start(f, task, context)
    task(context, 0)
    fanout_join(f)


cdef int64_t fanout_threads_started() noexcept nogil:
    return atomic_load(&threads_started)
