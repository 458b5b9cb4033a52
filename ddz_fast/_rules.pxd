# Rule sets: the Python Rules object and the C switches the kernels read.

from ._types cimport ddz_rules


cdef class Rules:
    cdef ddz_rules c
    cdef readonly bint distinct_single_wings
    cdef readonly str auction


# `rules` if it is a Rules, the default rules for None; TypeError otherwise.
cdef Rules as_rules(object rules)
