# Relaxed atomic loads, stores and adds on int64 counters that several threads share (the
# results themselves are handed over by a join, which orders memory).

from libc.stdint cimport int64_t

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
    int64_t fetch_add "ddz_fetch_add" (int64_t* p, int64_t v) noexcept nogil    # old value
    int64_t atomic_load "ddz_load" (int64_t* p) noexcept nogil
    void atomic_store "ddz_store" (int64_t* p, int64_t v) noexcept nogil
