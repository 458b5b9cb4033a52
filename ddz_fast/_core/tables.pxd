# The native side of Tables (ddz_fast._tables): n independent games stepped together by action
# id, in phases over contiguous chunks of tables, one chunk per thread of a fan-out.
#
# Opponents: seats that a native player (players.pxd) plays inside the kernels. After every
# learner action and every deal they act until a learner seat is to move or the game ends, so
# the outputs are only ever for learner decisions; a game that ends before any learner
# decision is not shown: the table deals its next game.
#
# A step: the boundary checks every action against the legal ids of the last outputs (under the
# GIL, on its own copy of the actions: check_actions), then run_phase(PHASE_STEP) applies each
# table's action and writes its fixed-size outputs and
# its legal ids into the chunk's own buffer, the counts into starts[i + 1]; the boundary sums
# the counts into offsets and grows the id buffer (and DouZero's x_batch); run_phase(PHASE_GATHER)
# (or gather_chunk per chunk) copies the ids into place and writes x_batch. Kernels read back
# only memory the boundary does not hand out (tables, chunks, starts, actions, reset_mask):
# the output arrays are written only, since another Python thread may write them meanwhile.

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t

from .actions cimport ddz_action_ids
from .wild_ids cimport ddz_wild_ids
from .encode cimport COMPACT_HISTORY, DOUZERO_HISTORY, RLCARD_CARDS
from .fanout cimport ddz_fanout
from .players cimport ddz_seats
from .state cimport ddz_game
from .typedefs cimport ddz_move, ddz_rules

cdef enum:
    OBS_COMPACT = 0
    OBS_RLCARD = 1
    OBS_OPENSPIEL = 2
    OBS_DOUZERO = 3

cdef enum:
    RESET_NEXT_STEP = 0
    RESET_SAME_STEP = 1
    RESET_DISABLED = 2

cdef enum:
    ILLEGAL_RAISE = 0
    ILLEGAL_LOSE = 1            # the mover -1, the others 0 (PettingZoo)
    ILLEGAL_FORFEIT = 2         # the mover -1, the others +1 (PGX, EnvPool)

cdef enum:                      # check_actions: env.checks
    ACTION_OK = 0
    ACTION_ILLEGAL = 1
    ACTION_REDEAL_LIMIT = 2     # a legal pass that would redeal past MAX_REDEALS
    ACTION_GAME_OVER = 3

cdef enum:                      # a chunk's failure
    STEP_NO_MEMORY = 1
    STEP_NO_ID = 2              # a legal move without an id (cannot happen: the space is the rules')

cdef enum:
    PHASE_STEP = 0
    PHASE_RESET = 1
    PHASE_GATHER = 2
    Z_SIZE = DOUZERO_HISTORY * RLCARD_CARDS         # 810

ctypedef struct ddz_table:
    ddz_game g
    uint64_t seeds              # SplitMix64 state: the deal seeds of this table's games
    uint64_t deal_seed          # the current game's
    int64_t games               # games dealt since the table was seeded
    uint8_t over                # the game ended (played out, or an illegal action penalised)
    uint8_t last_seat           # who took the last learner action: a finished game's observer
    ddz_seats players           # the opponents (policies NULL at learner seats), their streams
    uint8_t n_recent            # the compact scheme's history, kept here: the cards of the
    uint64_t recent[COMPACT_HISTORY]    # last n_recent actions of the play, oldest first

ctypedef struct ddz_chunk:      # one thread's tables lo..hi-1 and their legal ids in a step
    Py_ssize_t lo, hi
    int32_t* ids                # kept until the next call: check_actions reads them
    Py_ssize_t capacity, n_ids
    Py_ssize_t first            # where ids[0] goes in the CSR (starts[lo] once summed)
    ddz_move* moves             # the legal actions of a table (state_actions grows them)
    Py_ssize_t room
    int failed                  # STEP_*, or 0
    char pad[64]                # chunks of different threads on different cache lines

ctypedef struct ddz_tables:     # everything the kernels read; the boundary owns all of it
    ddz_table* tables           # n
    ddz_chunk* chunks           # threads
    Py_ssize_t n
    int threads
    ddz_fanout fanout           # threads parts
    const ddz_action_ids* ids_table
    const ddz_wild_ids* wild_ids    # the space's, under wild-card rules; else NULL
    ddz_rules rules
    int seats                   # rules.players: 3, or 4 (RULES.md 11); rewards has n x seats
    Py_ssize_t n_ids            # ids in the space
    int32_t pass_id             # the space's ids of the pass and of bid 1 (2 and 3 follow)
    int32_t first_bid
    int scheme                  # OBS_*
    int flags                   # ENCODE_* of the scheme
    int reset_mode              # RESET_*
    int illegal                 # ILLEGAL_*
    Py_ssize_t width            # an observation row's elements
    Py_ssize_t x_batch_width
    bint opponents              # some seats are played natively (every table's players)
    # Output buffers (written only; NULL where the options have none).
    char* obs
    char* final_obs
    int8_t* z
    int8_t* final_z
    float* rewards
    uint8_t* terminated
    uint8_t* final_flags
    int8_t* current
    int8_t* role
    int8_t* final_current
    int8_t* final_role
    int64_t* offsets            # written only: starts is what native code reads
    int64_t* starts             # the CSR offsets (counts until summed), never handed out
    int32_t* ids
    float* x_batch
    uint8_t* mask
    # A call's inputs (the boundary's own copies).
    int32_t* actions            # step
    uint8_t* checks             # step: each action's ACTION_* (check_actions)
    uint8_t* reset_mask         # reset: which tables (NULL: all)
    bint reseed                 # reset: seed the tables from (seed, table) first
    uint64_t seed

# Every chunk of a phase (PHASE_*), chunk 0 on the calling thread and the others on the
# fan-out's threads; returns when all are done (a chunk whose thread cannot start runs here).
# Each chunk's failure (STEP_*) is in its `failed`.
cdef void run_phase(ddz_tables* env, int phase) noexcept nogil
# The GATHER phase of one chunk on the calling thread.
cdef void gather_chunk(ddz_tables* env, ddz_chunk* chunk) noexcept nogil
# Check every table's action into env.checks (before the STEP phase: it reads the legal ids of
# the last outputs, which the phase overwrites). Returns the first table whose action the step
# must refuse, or -1: under the raise policy any action that is not legal; under disabled
# autoreset a finished table.
cdef Py_ssize_t check_actions(ddz_tables* env) noexcept nogil
