# The open-hand solver: a null-window AND/OR search over the native state.
#
# One question per search: "is the landlord's value of this position >= t?" (search_ge). The
# landlord's value is +1 (he wins) or -1 (the farmers win) for the win objective, his final
# score under the rules' scoring for the score objective. The landlord's nodes are OR nodes
# (one move that reaches t proves it), the farmers' AND nodes (one move that stays below t
# refutes it). Exact values come from a series of such questions (the caller's bisection).
#
# Techniques, each one a bit of solver_search.techniques so the bench can turn it off:
# - TECH_TABLE: a transposition table of proven bounds (lo <= value <= hi). An entry holds the
#   whole position it is about (hands, trick, seat to move, landlord, and for the score objective
#   the bid, bombs and spring state) and is used only when all of it matches: a hash collision
#   costs a lookup, never a wrong answer. Entries are facts, so they stay valid across searches,
#   thresholds and games (for the same rules). A probe is most of a node's time (a cache miss):
#   entries are 32 bytes (the hands packed in 41 bits each), two to a cache line; the table
#   uses few buckets while it holds few entries (a small search stays in the caches) and
#   doubles them as it fills; the line is fetched while the node's moves are made. A forced
#   pass is played through without an entry of its own.
# - TECH_ORDERING: moves that empty the hand first, then by cards played (long combinations
#   first), lower main ranks first, bombs last, a pass last; ties go to the kind and main rank
#   that refuted most often so far (a history table). The best move is picked lazily (most
#   nodes stop early). Measured and dropped, as they cost nodes on the bench's positions: the
#   moves no opponent can answer first (2 to 4 times the nodes) or last, a pass first when the
#   partner holds the trick (1.1 to 1.7 times).
# - TECH_CUTOFFS (win objective): the side to move wins at once when it holds a move that no
#   opponent can answer after which the rest of its hand is one combination, or up to two more
#   unanswerable leads and then one combination (it keeps the lead throughout: the opponents
#   must pass, the partner may). Going out in one move needs no special case: that move is
#   ordered first and is terminal. The test is most of an expanded node's work, so: a rest
#   that needs more combinations than it may have is refused before its leads are made
#   (combinations_at_least: each lone card or pair no chain can use is a main or fills a
#   kicker slot, of which a trio has one and a quad two); answers are remembered per search
#   (finish_cache, keyed by the rest and the opponents' hands; sibling moves meet the same
#   rests), and so is whether a card set is one combination (combo_cache). Measured: two
#   more leads instead of one save a third of the nodes of 12 v 12 and a quarter of 10/8/8's;
#   three save a few nodes more but cost more time than they save, and so does one alone.
# - TECH_EQUIVALENCE: below the root, a move is left out when the same move with a lower card
#   (or pair) a in place of a higher one b is also legal and at least as good for the mover.
#   The mover holds b once (twice), a as often, and a is "free" in the hand the move with b
#   would leave: no chain (nor the rocket) of it can use a, so from then on a is played only
#   as a single (a pair), a kicker or a part of one, and b, gone from that hand, can stand in
#   for it. Playing a and keeping b is then never worse when (1) the opponents have the same
#   answers to the move either way: always for a kicker (never compared), for a single (a
#   pair) when they hold no single (pair) in (a, b]; and (2) the partner, if any, holds no
#   card in (a, b]: later the mover plays b wherever it would have played a, the opponents
#   have no more answers to it, and the partner's plays stay legal. No joker stands in beside
#   a joker kicker (the rocket rule). The root reports every winning move, so it searches a
#   superseded move unless the move it gives way to (replacement) fails: then so does this one.
# - TECH_COMPRESSION: the table key and entry see the position with every run of ranks held by
#   nobody within 3..A shrunk to one missing rank, and the ranks above A kept: chains, wings and
#   comparisons are the same in both, so such positions share one entry. (It saves nodes on
#   two seats and about pays for itself on three.)

from libc.stdint cimport int32_t, int64_t, uint16_t, uint32_t, uint64_t

from .state cimport ddz_state
from .typedefs cimport N_KINDS, N_RANKS, ddz_move, ddz_rules

cdef enum:
    TECH_TABLE = 1
    TECH_ORDERING = 2
    TECH_CUTOFFS = 4
    TECH_COMPRESSION = 8
    TECH_EQUIVALENCE = 16
    TECH_ALL = 31
    OBJECTIVE_WIN = 0
    OBJECTIVE_SCORE = 1
    # search_ge's answers besides 0 (below t) and 1 (reaches t)
    SEARCH_ABORTED = -1       # max_nodes or the deadline reached: nothing is known
    SEARCH_ERROR = -2         # a Python exception (Ctrl-C) is set
    FINISH_ROOM = 8 * 1025    # 2 * (FINISH_DEPTH + 1) plies of MAX_MOVES + 1, and more
    COMBO_CACHE_SIZE = 1 << 12   # slots of solver_search.combo_cache (a power of 2)
    FINISH_CACHE_SIZE = 1 << 13  # slots of solver_search.finish_cache (a power of 2)

# One table slot: 32 bytes, two to a cache line. status 0 marks an empty slot (a used one has
# ENTRY_USED).
ctypedef struct solver_entry:
    uint64_t cards[2]         # the three hands, 41 bits each (pack_hand), seat 0 lowest
    uint32_t status           # trick, seats, objective, score state: see entry_of
    uint32_t work             # the nodes its searches took: deeper results stay longer
    int32_t lo                # the proven bounds of the landlord's value (see lower_bound)
    int32_t hi

# Two-slot buckets: slot 0 keeps the result that took more work, slot 1 the most recent.
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
    ddz_move* finish          # FINISH_ROOM moves for the cut-off test
    finish_entry* finish_cache   # FINISH_CACHE_SIZE slots, direct-mapped by hash
    uint32_t stamp            # this search's finish_cache entries (not 0: empty slots)
    int plies
    int objective
    uint32_t techniques
    uint64_t nodes            # counted over every search_ge call on this struct
    uint64_t max_nodes        # 0: no limit
    double deadline           # monotonic seconds; 0: none
    uint32_t until_check      # nodes before the next look at the clock and at signals
    uint32_t history[N_KINDS][N_RANKS]   # cut-offs per kind and main rank (ordering); zero it
    # whether a card set is one combination, for the cut-off test: cards | COMBO_KNOWN, with
    # COMBO_YES when it is one; direct-mapped by hash; zero it
    uint64_t combo_cache[COMBO_CACHE_SIZE]

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

# Room for the table's buckets in `megabytes` (the largest power of 2 that fits, at least one
# bucket); 0, or -1 if out of memory (the table stays empty).
cdef int table_init(solver_table* t, Py_ssize_t megabytes) noexcept nogil
cdef void table_clear(solver_table* t) noexcept nogil
cdef void table_free(solver_table* t) noexcept nogil

# Plies a search from `s` can reach (every play removes a card; passes between).
cdef int plies_needed(const ddz_state* s) noexcept nogil

# The landlord's value of a finished game (phase over) under the objective.
cdef int64_t terminal_value(const solver_search* p, const ddz_state* s) noexcept nogil

# 1 if the landlord's value of the play-phase position s is >= t, 0 if not, else SEARCH_ABORTED
# or SEARCH_ERROR. Uses p.moves from ply `ply` on; s is not changed.
cdef int search_ge(solver_search* p, const ddz_state* s, int64_t t, int ply) noexcept nogil

# The monotonic clock in seconds.
cdef double monotonic() noexcept nogil
