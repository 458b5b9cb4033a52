# Action ids of wild-card games (RULES.md 10). Each play of the plain space (actions.pxd) and,
# with long bombs, each long bomb (after them, by rank, then length) is a block of ids: one per
# way wild cards may make its main part. A way is the fields of a move that say so: the
# substitutes (a multiset of the main part's ranks: each rank of a chain at most its unit, the
# rank of a one-rank main part at most its unit less one, a long bomb's at most its length less
# one; at most 4 in all, or 8 with two wild ranks), how many of them the second wild rank plays
# (0 with one wild rank; else as many as leave at most 4 to each rank) and, for bombs and long
# bombs, whether it is pure-wild. Within a block the ways are ordered by the number of
# substitutes, then the substitutes (their counts rank by rank, ascending, lexicographically),
# then the second rank's count, then pure-wild last. Ids are counted, not stored: a move's id
# and an id's move cost a few dozen operations, whatever the size of the space.
#
# Every legal move of a wild-card game has an id; some ids are never legal (the count above
# admits a few ways that no hand and wild ranks make, such as a pure-wild bomb with
# substitutes under one wild rank), as the plain space admits plays no hand holds.

from libc.stdint cimport int32_t, int64_t

from .actions cimport ddz_action_ids
from .typedefs cimport ddz_move

cdef enum:
    LONG_BOMB_LENGTHS = 8       # a long bomb holds 5 to 12 cards
    WILD_ID_RANKS = 13          # ranks 3..2: the ranks of long bombs

ctypedef struct ddz_wild_ids:
    const ddz_action_ids* plain     # the plays (and pass and bids) whose blocks these are
    int n_wild                      # wild ranks: 1 or 2
    int long_bombs                  # long bombs have blocks (after the plain ids)
    int32_t n                       # ids in all
    # start[i]: the first id of block i: the plain ids 0..plain.n - 1, then the long bombs
    # (13 ranks x 8 lengths when long_bombs); start[last + 1] = n. Room for plain.n + 105.
    int32_t* start

# Fill w.start and w.n (w.plain, n_wild, long_bombs set, w.start with room for
# plain.n + 1 + 13 * 8 entries). Returns -1 if the ids would not fit an int32, else 0.
cdef int wild_ids_prepare(ddz_wild_ids* w) noexcept nogil
# The id of move m (a pass: the pass id), or -1 if it has none.
cdef int32_t wild_id(const ddz_wild_ids* w, const ddz_move* m) noexcept nogil
# The move of id 0 <= id < w.n into out (the pass and the bids: all zero, as in the plain space).
cdef void wild_action(const ddz_wild_ids* w, int32_t id, ddz_move* out) noexcept nogil
# The ids of moves[0:n] (a pass among them: the pass id) and of the pass when `can_pass`,
# ascending, into out (room for n + 1). Returns how many, or -1 - k if moves[k] has no id.
cdef Py_ssize_t wild_ids_of(const ddz_wild_ids* w, const ddz_move* moves, Py_ssize_t n,
                            bint can_pass, int32_t* out) noexcept nogil
