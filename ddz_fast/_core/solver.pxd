# The open-hand solver: a null-window AND/OR search over the native state.
#
# One question per search: "is the landlord's value of this position >= t?" (search_ge). The
# landlord's value is +1 (he wins) or -1 (the farmers win) for the win objective, his final
# score under the rules' scoring for the score objective. The landlord's nodes are OR nodes
# (one move that reaches t proves it), the farmers' AND nodes (one move that stays below t
# refutes it). Exact values come from a series of such questions (solve_root's bisection).
#
# Techniques, each one a bit of solver_search.techniques so the bench can turn it off:
# - TECH_TABLE: a transposition table of proven bounds (lo <= value <= hi). An entry holds the
#   whole position it is about (hands, trick, seat to move, landlord, and for the score objective
#   the bid, bombs and spring state) and is used only when all of it matches: a hash collision
#   costs a lookup, never a wrong answer. Entries are facts, so they stay valid across searches,
#   thresholds and games (for the same rules). Entries are 32 bytes (the hands packed in 41
#   bits each), two to a cache line; the table uses few buckets while it holds few entries (a
#   small search stays in the caches) and doubles them as it fills; a node probes it before
#   making its moves (one it answers makes none). A forced pass is played through without an
#   entry of its own; the passes forced by a play no opponent can answer are played with that
#   play (search_node), not as nodes. The bucket is picked by the position without the trick's
#   main rank: positions that differ only in it share a line (TECH_INFERENCE reads them
#   together).
# - TECH_ORDERING: moves that empty the hand first; then by the cards a move plays less the
#   plays the rest of the hand needs at the fewest (fewest_plays), both at the same weight:
#   long combinations that leave a hand easy to play out; then lower main ranks; bombs are
#   scored without their cards, a pass last. The best move is picked lazily (most nodes stop
#   early). The rest's plays halved the nodes (20 positions 12 v 12: 1,015,979 -> 496,603;
#   10/8/8: 5,211,539 -> 3,756,876; 17 v 17's first five: 43,980,891 -> 7,543,364). Measured
#   and dropped: a history table of the kinds and ranks that refuted (once the rest's plays
#   counted, it cost nodes), the moves no opponent can answer first or last, a pass first
#   when the partner holds the trick.
# - TECH_CUTOFFS (win objective): the side to move wins at once when it holds a move that no
#   opponent can answer after which the rest of its hand is one combination, or up to two more
#   unanswerable leads and then one combination (it keeps the lead throughout: the opponents
#   must pass, the partner may). Going out in one move needs no special case: that move is
#   ordered first and is terminal. The test is most of an expanded node's work, so: a rest
#   that needs more plays than it may have (fewest_plays) is refused before its leads are
#   made; answers are remembered per search (finish_cache, keyed by the rest and the
#   opponents' hands; sibling moves meet the same rests). Measured: two more leads instead of
#   one save a third of the nodes of 12 v 12 and a quarter of 10/8/8's; three save a few
#   nodes more but cost more time than they save, and so does one alone.
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
# - TECH_COMPRESSION: the table key and entry see the position with ranks nobody holds taken
#   out. While some hand holds a chain (a straight, a pair chain, a plane), each run of such
#   ranks within 3..A is shrunk to one missing rank and the ranks above A stay: chains, wings
#   and comparisons are the same in both. Once no hand holds one, none ever will (hands only
#   shrink), and every such rank within 3..2 goes: the game then depends only on the order of
#   the ranks left (the jokers kept apart, for the rocket), so positions that differ only in
#   the gaps between their ranks share one entry (a flag in the entry keeps the two kinds
#   apart; the rank to beat becomes the count of ranks left at or below it). Taking every gap
#   out saved 39% of the nodes of 12 v 12 and 36% of 10/8/8's (20 positions each); it holds
#   for about nine nodes in ten there, three in four on 17 v 17.
# - TECH_INFERENCE: a response the table has no answer for may follow from its entries for
#   related positions. The mover may always pass, so it wins when the position after its pass
#   is won for its side. Where it answers last (always with two seats), each of its answers
#   leads to the position that the same play as a lead would, from the same hands with the
#   mover to lead: it loses when it loses both after a pass and as the leader. Where only its
#   own side answers the trick until it ends, a higher trick leaves that side fewer answers and
#   no others: it wins against a lower trick when it wins against a higher one, and loses
#   against a higher one when it loses against a lower one (those entries share the line).
#   Nothing is searched for it: one or two more probes (fetched with the node's own), and the
#   node stores nothing. It saved 21% of the nodes of 12 v 12 (20 positions: 514,564 ->
#   406,643 against the same table without it), 10% of 10/8/8's (3,899,213 -> 3,494,386),
#   27% of 17 v 17's first five (7,871,330 -> 5,785,112).

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
