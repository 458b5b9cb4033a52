# Rule sets: the Python Rules object and the C switches the kernels read.

from ._core.typedefs cimport ddz_rules


cdef class Rules:
    cdef ddz_rules c
    cdef tuple values                 # one per field of FIELDS (_rules.pyx), in its order
    cdef bint frozen                  # __init__ ran: the rule set may not change


# `rules` if it is a Rules, the preset of that name for a str (ValueError for no preset's
# name), the default rules for None; TypeError otherwise. Python modules call it too.
cpdef Rules as_rules(object rules, bint four_players=*)
# `rules`, or UnsupportedRulesError naming `what` if they have wild cards (RULES.md 10): for
# the parts of the package that do not play them yet.
cpdef Rules without_wilds(Rules rules, str what)
