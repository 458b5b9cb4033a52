# The open-hand solver: a null-window AND/OR search over the native state.
#
# search_ge asks one question: is the landlord's value (+1/-1 for the win objective, his score
# for the score objective) >= t? His nodes are OR nodes, the farmers' AND nodes; solve_root
# bisects for exact values. Each technique is a bit of solver_search.techniques (the bench
# turns them off one by one): TECH_TABLE (proven bounds about whole positions, two 32-byte
# entries to a cache line), TECH_ORDERING (going out, then the cards played less the plays the
# rest needs), TECH_CUTOFFS (a win by unanswerable leads and one combination), TECH_EQUIVALENCE
# (a move left out for the same move with a lower free card), TECH_COMPRESSION (keys without
# the ranks nobody holds), TECH_INFERENCE (a response decided by related entries).
# docs/design/solver.md explains each; docs/design/solver-experiments.md has the measurements.

from libc.stdint cimport int8_t, int32_t, int64_t, uint16_t, uint32_t, uint64_t

from .state cimport ddz_state
from .typedefs cimport ddz_move, ddz_rules

cdef enum:
    TECH_TABLE = 1
    TECH_ORDERING = 2
    TECH_CUTOFFS = 4
    TECH_COMPRESSION = 8
    TECH_EQUIVALENCE = 16
    TECH_INFERENCE = 32
    TECH_ALL = 63
    OBJECTIVE_WIN = 0
    OBJECTIVE_SCORE = 1
    # search_ge's answers besides 0 (below t) and 1 (reaches t)
    SEARCH_ABORTED = -1       # max_nodes or the deadline reached: nothing is known
    SEARCH_ERROR = -2         # a Python exception (Ctrl-C) is set
    # the moves of solver_search.finish: 2 * FINISH_DEPTH plies of MAX_MOVES + 1 for the
    # cut-off test, then fewest_plays' one ply per card of a hand (MAX_HAND_CARDS), and one
    FINISH_ROOM = 25 * 1025
    PLAYS_CACHE_SIZE = 1 << 15   # slots of solver_search.plays_cache (a power of 2)
    FINISH_CACHE_SIZE = 1 << 13  # slots of solver_search.finish_cache (a power of 2)

# One table slot: 32 bytes, two to a cache line. status 0 marks an empty slot (a used one has
# ENTRY_USED).
ctypedef struct solver_entry:
    uint64_t cards[2]         # the three hands, 41 bits each (pack_hand), seat 0 lowest
    uint32_t status           # trick, seats, objective, score state: see entry_of
    uint32_t work             # the nodes its searches took: deeper results stay longer
    int32_t lo                # the proven bounds of the landlord's value (see lower_bound)
    int32_t hi

# Two-slot buckets: slot 0 keeps the result that took more work, slot 1 the most recent (four
# slots, two cache lines, were measured: 2-3% fewer nodes, no time saved).
# The table is allocated whole, but only the first bucket_mask + 1 buckets are used: they
# start few (a small search stays in the caches) and double, entries moved, whenever more than
# half of their slots are taken, up to max_mask + 1. Slots past the used buckets stay empty.
ctypedef struct solver_table:
    solver_entry* entries
    uint64_t bucket_mask      # buckets in use - 1 (a power of 2)
    uint64_t max_mask         # buckets allocated - 1
    uint64_t used             # slots taken

# A remembered answer of the cut-off test (finishes): whether `hand` can be played out after
# at most `depth` unanswerable leads against the opponents' hands `opponents`. Valid while
# `stamp` is the search's.
ctypedef struct finish_entry:
    uint64_t hand
    uint64_t opponents[2]
    uint32_t stamp
    uint16_t depth
    uint16_t result

ctypedef struct solver_search:
    ddz_rules rules
    solver_table* table
    ddz_move* moves           # MAX_MOVES + 1 moves per ply, `plies` + 1 plies (the last: scratch)
    int32_t* scores           # the moves' ordering scores, laid out as `moves`
    ddz_move* finish          # FINISH_ROOM moves for the cut-off test and fewest_plays
    finish_entry* finish_cache   # FINISH_CACHE_SIZE slots, direct-mapped by hash
    uint32_t stamp            # this search's finish_cache entries (not 0: empty slots)
    int plies
    int objective
    uint32_t techniques
    uint64_t nodes            # counted over every search_ge call on this struct
    uint64_t max_nodes        # the most nodes to count (UINT64_MAX: no limit)
    double deadline           # monotonic seconds; 0: none
    uint32_t until_check      # nodes (and fewest_plays calls) before the next look at the
                              # clock and at signals
    int stopped               # SEARCH_ABORTED or SEARCH_ERROR once a look in fewest_plays,
                              # which cannot return it, stopped the search (0: going on)
    # the fewest combinations a hand is played in (fewest_plays), direct-mapped by hash:
    # PLAYS_CACHE_SIZE slots, each the hand | plays << 60 (0: empty). A fact about the hand
    # under the rules: the Solver keeps it across searches, emptied with the table.
    uint64_t* plays_cache

# TECH_EQUIVALENCE's test, for the nodes below the root (superseded) and for the root, which
# answers a superseded move from the move it gives way to (replacement): see solver.pyx.
ctypedef struct move_filter:
    uint64_t cards            # the mover's hand
    uint32_t lone             # ranks it holds once
    uint32_t pair             # ... twice
    uint32_t free             # lone and pair ranks that no chain (nor the rocket) can use
    uint32_t singles          # lone ranks it may play as a single now
    uint32_t pairs            # pair ranks it may play as a pair now
    # a card b gives way to a lower one a, free once the move is played, unless a rank of the
    # block lies in (a, b]
    uint32_t single_block     # for a single
    uint32_t pair_block       # for a pair
    uint32_t kicker_block     # for a kicker

cdef void move_filter_init(move_filter* f, const ddz_state* s, const ddz_move* moves,
                           Py_ssize_t n) noexcept nogil
cdef bint superseded(const move_filter* f, const ddz_move* m) noexcept nogil
cdef void replacement(const move_filter* f, const ddz_move* m, ddz_move* out) noexcept nogil
# The n legal moves of s without the superseded ones (in place, order kept); their number.
cdef Py_ssize_t drop_superseded(const ddz_state* s, ddz_move* moves, Py_ssize_t n) noexcept nogil

# Room for the table's buckets in `megabytes` (the largest power of 2 that fits, at least one
# bucket); 0, or -1 if out of memory (the table stays empty).
cdef int table_init(solver_table* t, Py_ssize_t megabytes) noexcept nogil
cdef void table_clear(solver_table* t) noexcept nogil
cdef void table_free(solver_table* t) noexcept nogil

# Plies a search from `s` can reach (every play removes a card; passes between).
cdef int plies_needed(const ddz_state* s) noexcept nogil

# The landlord's value of a finished game (phase over) under the objective.
cdef int64_t terminal_value(const solver_search* p, const ddz_state* s) noexcept nogil

# The ordering scores of the n legal moves of s (TECH_ORDERING: higher first, a pass last) in
# scores, and the index of a move after which the side to move wins at once (TECH_CUTOFFS, win
# objective), or -1; once one is found, the later scores are left unset. scratch: room for
# MAX_MOVES + 1 moves.
cdef Py_ssize_t order_moves(solver_search* p, const ddz_state* s, const ddz_move* moves,
                            Py_ssize_t n, int32_t* scores, ddz_move* scratch) noexcept nogil
# Selection sort's step: the best scored of moves[i:n] (and its score) swapped into place i.
cdef void bring_best(ddz_move* moves, int32_t* scores, Py_ssize_t i, Py_ssize_t n) noexcept nogil

# 1 if the landlord's value of the play-phase position s is >= t, 0 if not, else SEARCH_ABORTED
# or SEARCH_ERROR. Uses p.moves from ply `ply` on; s is not changed.
cdef int search_ge(solver_search* p, const ddz_state* s, int64_t t, int ply) noexcept nogil

# The root: the landlord's value of the play-phase position s (value[0]) and, in best[i], whether
# moves[i] (its n legal moves) reaches it: every move, or (not every) the first one found, the
# others 0; with `values` (and every) the landlord's value after each move. 0, or
# SEARCH_ABORTED or SEARCH_ERROR. Uses p.moves from ply 0 on; s is not changed.
cdef int solve_root(solver_search* p, const ddz_state* s, const ddz_move* moves, Py_ssize_t n,
                    bint every, int8_t* best, int64_t* value, int64_t* values) noexcept nogil

# The monotonic clock in seconds.
cdef double monotonic() noexcept nogil
