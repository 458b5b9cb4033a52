# Native players at the Python boundary: which player objects have a native kernel.

from ._core.players cimport ddz_seats
from ._rules cimport Rules

# seats.policies[seat] = the kernel of players[seat] (a dict seat -> player; other seats NULL).
# TypeError naming `argument` and the seat for a player without a native kernel;
# UnsupportedRulesError for a kernel that does not play `rules` (the rule player, wild cards).
cdef int set_policies(ddz_seats* seats, dict players, str argument, Rules rules) except -1
