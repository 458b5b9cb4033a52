# Rule sets: the Python Rules object and the C switches the kernels read.

from ._core.typedefs cimport ddz_rules


cdef class Rules:
    cdef ddz_rules c
    cdef readonly bint distinct_single_wings
    cdef readonly str auction
    cdef bint frozen                  # __init__ ran: the rule set may not change
    cdef void set(self, bint distinct_single_wings, str auction)


# `rules` if it is a Rules, the default rules for None; TypeError otherwise.
cdef Rules as_rules(object rules)
