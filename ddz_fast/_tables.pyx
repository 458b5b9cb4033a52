# A batched multi-table environment: n independent games stepped together by action id,
# natively and without the GIL (the Tables docstring documents the API).
#
# A step runs in phases over contiguous chunks of tables, one chunk per thread (native threads
# that hold no Python state, the calling thread working too, every one waited for): phase
# STEP validates nothing (the calling thread did, under the GIL, on its own copy of the
# actions), applies each table's action and writes its fixed-size outputs and its legal ids
# into the chunk's own buffer; then, holding the GIL, the offsets are summed and the id
# buffer (and DouZero's x_batch) grown; phase GATHER copies the ids into place and writes
# x_batch. Tables are independent and their deals a function of (seed, table, game), so
# results do not depend on the number of threads. Native code reads back only its own memory,
# never an array handed out (another Python thread may write those meanwhile).

import secrets

import numpy as np

from cpython.pythread cimport (
    NOWAIT_LOCK, WAIT_LOCK, PyThread_acquire_lock, PyThread_allocate_lock, PyThread_free_lock,
    PyThread_release_lock, PyThread_type_lock,
)

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy, memmove, memset

from ._actions cimport ActionSpace
from ._core.actions cimport NO_ID, ddz_action_ids, legal_ids
from ._core.alloc cimport grow
from ._core.bits cimport hand_init
from ._core.encode cimport (
    COMPACT_HISTORY, DOUZERO_HISTORY, DOUZERO_Z_ROWS, ENCODE_BUG_COMPATIBLE, ENCODE_OTHERS_HAND,
    ENCODE_PERFECT_INFORMATION, RLCARD_CARDS, compact_size, douzero_size, encode_compact_recent,
    encode_douzero_batch, encode_douzero, encode_douzero_history, encode_openspiel, encode_rlcard,
    openspiel_size, rlcard_size,
)
from ._core.rng cimport GAMMA, splitmix64, stream_seed
from ._core.state cimport (
    MAX_REDEALS, NO_SEAT, PHASE_AUCTION, PHASE_OVER, PUSHED, PUSH_NO_MEMORY, bid_action,
    bid_redeals, ddz_game, ddz_state, game_push, state_deal, state_scores,
)
from ._core.typedefs cimport MAX_MOVES, ddz_hand, ddz_move, ddz_rules
from ._moves cimport move_is_legal
from ._rules cimport Rules, as_rules

from . import _encodings
from .checks import check_bool, check_choice, check_int, check_seed, check_threads, describe_array
from .errors import IllegalActionError, RedealLimitError

cdef extern from "pythread.h":
    # (Cython declares it with a function type that a nogil function does not match)
    unsigned long start_thread "PyThread_start_new_thread" (
        void (*func)(void*) noexcept nogil, void* arg) nogil

AUTORESET_MODES = ("next_step", "same_step", "disabled")
ILLEGAL_ACTIONS = ("raise", "lose", "forfeit")
SCHEMES = {scheme.name: scheme for scheme in (
    _encodings.COMPACT, _encodings.RLCARD, _encodings.OPENSPIEL, _encodings.DOUZERO)}

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

cdef enum:                      # check_action
    ACTION_OK = 0
    ACTION_OUT_OF_RANGE = 1
    ACTION_ILLEGAL = 2
    ACTION_REDEAL_LIMIT = 3     # a legal pass that would redeal past MAX_REDEALS
    ACTION_GAME_OVER = 4

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
    uint8_t last_seat           # who took the last action: a finished game's observer
    uint8_t n_recent            # the compact scheme's history, kept here: the cards of the
    uint64_t recent[COMPACT_HISTORY]    # last n_recent actions of the play, oldest first

ctypedef struct ddz_chunk:      # one thread's tables lo..hi-1 and their legal ids in a step
    Py_ssize_t lo, hi
    int32_t* ids
    Py_ssize_t capacity, n_ids
    int failed                  # STEP_*, or 0
    int phase                   # what a worker thread runs
    void* owner                 # the Tables (borrowed: every worker is waited for)
    PyThread_type_lock done     # held from a worker's start to its end (chunks 1.. only)
    bint running                # a worker thread runs the chunk
    char pad[64]                # chunks of different threads on different cache lines

cdef class Tables:
    """Tables(n, *, rules=None, actions=None, observation="compact", seed=None, threads=1,
    autoreset="next_step", illegal_action="raise", action_mask=False, copy=False)

    ``n`` independent games of Dou Dizhu stepped together by action id, natively and without
    the GIL: a vectorised environment in Gymnasium's style (``reset``, ``step``, autoreset
    modes), for every preset, the auction included where the rules have one (bids are ids of
    the action space).

    Arguments:

    - ``rules``: a ``Rules`` or preset name; ``actions``: an ``ActionSpace`` or preset name.
      Either gives the other (both None: ``"standard"``); given both, they must agree.
    - ``observation``: ``"compact"``, ``"rlcard"``, ``"openspiel"``, ``"douzero"``, or an
      ``Encoding`` of ``ddz_fast.encodings`` (``RLCardEncoding(others_hand=False)``...).
    - ``seed``: 0..2**64-1 (None: drawn at random, then ``tables.seed``). Game k at table i
      (k counted from the last reseeding) is ``Game(Tables.deal_seed(seed, i, k), rules=rules)``,
      whatever ``threads`` is.
    - ``threads``: tables are split into that many contiguous chunks stepped in parallel
      (capped at n and at the cores this process may use).
    - ``autoreset``: Gymnasium's modes (``metadata["autoreset_mode"]``):
      ``"next_step"``: the step that ends a game returns its final observation (of the seat
      that ended it), the rewards and ``terminated``; the next step ignores that table's
      action, deals its next game and returns its first observation, zero rewards and
      ``terminated`` False. ``"same_step"``: the step that ends a game deals the next at once
      and returns the new game's observation with the ended game's rewards and ``terminated``;
      the final observation is in ``info["final_obs"]`` (rows where ``info["_final_obs"]``),
      with ``info["final_info"]`` (its ``current_player`` and ``role``). ``"disabled"``: a
      finished table stays over until ``reset(options={"reset_mask": mask})`` deals it again;
      stepping it raises ``IllegalActionError``.
    - ``illegal_action``: ``"raise"`` (``IllegalActionError`` naming the table and the action,
      and no table changes), ``"lose"`` (that game ends: the mover -1, the others 0, as
      PettingZoo), ``"forfeit"`` (the mover -1, the others +1, as PGX and EnvPool). A pass
      that would redeal past ``MAX_REDEALS`` counts as illegal (``RedealLimitError``).
    - ``action_mask``: also give ``info["action_mask"]``, an ``(n, len(space))`` bool array.
    - ``copy``: return copies instead of the reused buffers.

    ``reset(seed=None, options=None)`` -> ``(obs, info)``; ``step(actions)`` ->
    ``(obs, rewards, terminated, truncated, info)``; ``actions`` an ``(n,)`` integer array of
    ids of the space (any integer dtype; read once, under the GIL, before anything runs).

    - ``obs``: for ``compact``, ``rlcard`` and ``openspiel`` an ``(n, width)`` array of the
      scheme's dtype, row i the observation of the seat to move at table i (once a game is
      over, of the seat that took its last action). ``rlcard`` rows are the farmer's width
      (901, or 847 without ``others_hand``); the landlord's 790 (736) are followed by zeros;
      in the auction (rules with one) rows are all zero: ``info["role"]`` tells which. For
      ``douzero`` a dict: ``"x_no_action"`` ``(n, 430)`` int8 (the landlord's 319, then
      zeros), ``"z"`` ``(n, 5, 162)`` int8, and ``"x_batch"`` ``(L, 484)`` float32, one row
      per legal id in the CSR order of ``info["legal_ids"]`` (a landlord row is its 373, then
      zeros); all zero in the auction.
      A scheme with ``perfect_information=True`` widens every row by its tail (the other two
      hands: compact 30, openspiel 138, rlcard and douzero's x_no_action and x_batch 108):
      a row is the seat's observation, tail included, as ``encode`` gives it, then zeros
      (for the landlord's rlcard / douzero rows, and in the auction).
    - ``rewards``: ``(n, 3)`` float32 by seat: zero until a game ends, then what the rules'
      scoring pays each seat (``Game.result.scores``); the penalty of ``illegal_action``.
    - ``terminated``: ``(n,)`` bool, the game ended at this step; ``truncated``: ``(n,)``
      bool, always False (a game always ends).
    - ``info``: ``"current_player"`` ``(n,)`` int8, the seat the observation is for;
      ``"role"`` ``(n,)`` int8, its role: 0 the landlord, 1 landlord_down (plays after him),
      2 landlord_up, -1 in the auction (or after an auction everyone passed); the legal ids
      as CSR, ``"legal_offsets"`` ``(n + 1,)`` int64 and ``"legal_ids"`` int32, table i's
      ascending in ``legal_ids[legal_offsets[i]:legal_offsets[i + 1]]`` (none for a finished
      game), both read-only; ``"action_mask"`` if asked for.

    Buffers: without ``copy``, every returned array is a view of a buffer that the next
    ``step`` or ``reset`` overwrites (``legal_ids`` and ``x_batch`` may also move to a larger
    buffer then); ``info`` is a new dict each call. One call at a time per ``Tables``: a
    second thread calling meanwhile gets ``RuntimeError``. A call that an exception stops
    partway (``KeyboardInterrupt`` from a signal handler, ``MemoryError``) leaves the tables
    refusing every call but ``reset()`` (``ValueError``), which deals every table again.
    """

    cdef ddz_table* tables
    cdef ddz_chunk* chunks
    cdef const ddz_action_ids* ids_table
    cdef ddz_rules c_rules
    cdef readonly Py_ssize_t n
    cdef readonly int threads
    cdef readonly object seed
    cdef readonly ActionSpace space
    cdef readonly Rules rules
    cdef readonly object observation
    cdef readonly str autoreset
    cdef readonly str illegal_action
    cdef readonly bint action_mask
    cdef readonly bint copy
    cdef readonly dict metadata
    cdef int scheme, flags, reset_mode, illegal
    cdef Py_ssize_t width, x_batch_width, n_ids
    cdef bint started, busy
    cdef bint unfinished             # a step or reset stopped partway: only reset() goes on
    # Buffers (numpy arrays) and their data.
    cdef object obs, z, rewards, terminated, truncated, current, role, offsets, ids, x_batch
    cdef object mask, final_obs, final_z, final_flag, final_current, final_role, actions
    cdef char* obs_data
    cdef char* final_obs_data
    cdef int8_t* z_data
    cdef int8_t* final_z_data
    cdef float* reward_data
    cdef uint8_t* terminated_data
    cdef uint8_t* final_data
    cdef int8_t* current_data
    cdef int8_t* role_data
    cdef int8_t* final_current_data
    cdef int8_t* final_role_data
    cdef int64_t* offset_data        # written only: starts is what native code reads
    cdef int64_t* starts             # the CSR offsets (counts until summed), never handed out
    cdef object offsets_out          # offsets, read-only
    cdef int32_t* id_data
    cdef float* x_batch_data
    cdef uint8_t* mask_data
    cdef int32_t* action_data
    cdef uint8_t* reset_data         # reset: which tables (NULL: all)
    cdef bint reseed                 # reset: seed the tables from (seed_c, table) first
    cdef uint64_t seed_c
    cdef bint validated              # step: every action was checked (the raise policy)

    def __cinit__(self):
        self.tables = NULL
        self.chunks = NULL
        self.starts = NULL

    def __dealloc__(self):
        cdef Py_ssize_t i
        if self.tables != NULL:
            for i in range(self.n):
                free(self.tables[i].g.steps)
            free(self.tables)
        if self.chunks != NULL:
            for i in range(self.threads):
                free(self.chunks[i].ids)
                if self.chunks[i].done != NULL:
                    PyThread_free_lock(self.chunks[i].done)
            free(self.chunks)
        free(self.starts)

    def __init__(self, n, *, rules=None, actions=None, observation="compact", seed=None,
                 threads=1, autoreset="next_step", illegal_action="raise", action_mask=False,
                 copy=False):
        if self.tables != NULL:
            raise TypeError("Tables.__init__ may not be called again")
        self.n = check_int(n, "n", 1, 2 ** 31 - 1)
        self.space, self.rules = space_and_rules(actions, rules)
        self.observation = as_scheme(observation)
        self.seed = secrets.randbits(64) if seed is None else check_seed(seed)
        self.threads = check_threads(threads, self.n)
        self.autoreset = check_choice(autoreset, "autoreset", AUTORESET_MODES)
        self.illegal_action = check_choice(illegal_action, "illegal_action", ILLEGAL_ACTIONS)
        self.action_mask = check_bool(action_mask, "action_mask")
        self.copy = check_bool(copy, "copy")
        self.metadata = {"autoreset_mode": self.autoreset}
        self.reset_mode = AUTORESET_MODES.index(self.autoreset)
        self.illegal = ILLEGAL_ACTIONS.index(self.illegal_action)
        self.ids_table = &self.space.t
        self.n_ids = self.space.t.n
        self.c_rules = self.rules.c
        self.set_scheme()
        self.allocate()

    cdef int set_scheme(self) except -1:
        scheme = self.observation
        self.flags = ENCODE_PERFECT_INFORMATION if scheme.perfect_information else 0
        if isinstance(scheme, _encodings.CompactEncoding):
            self.scheme, self.width = OBS_COMPACT, compact_size(self.flags)
        elif isinstance(scheme, _encodings.RLCardEncoding):
            self.flags |= ((ENCODE_OTHERS_HAND if scheme.others_hand else 0)
                           | (ENCODE_BUG_COMPATIBLE if scheme.bug_compatible else 0))
            self.scheme, self.width = OBS_RLCARD, rlcard_size(False, self.flags)
        elif isinstance(scheme, _encodings.OpenSpielEncoding):
            self.flags |= ENCODE_BUG_COMPATIBLE if scheme.bug_compatible else 0
            self.scheme, self.width = OBS_OPENSPIEL, openspiel_size(self.flags)
        else:
            self.scheme, self.width = OBS_DOUZERO, douzero_size(False, self.flags)
            self.x_batch_width = self.width + RLCARD_CARDS
        return 0

    cdef int allocate(self) except -1:
        cdef Py_ssize_t n = self.n, i
        # the dtype the kernel writes (an Encoding subclass's dtype property cannot change it)
        dtype = np.float32 if self.scheme == OBS_OPENSPIEL else np.int8
        self.obs = np.zeros((n, self.width), dtype)
        self.final_obs = np.zeros((n, self.width), dtype)
        self.obs_data = array_data(self.obs)
        self.final_obs_data = array_data(self.final_obs)
        if self.scheme == OBS_DOUZERO:
            self.z = np.zeros((n, DOUZERO_Z_ROWS, Z_SIZE // DOUZERO_Z_ROWS), np.int8)
            self.final_z = np.zeros_like(self.z)
            self.z_data = <int8_t*>array_data(self.z)
            self.final_z_data = <int8_t*>array_data(self.final_z)
            self.x_batch = np.zeros((1, self.x_batch_width), np.float32)
        self.rewards = np.zeros((n, 3), np.float32)
        self.reward_data = <float*>array_data(self.rewards)
        self.terminated = np.zeros(n, np.bool_)
        self.terminated_data = <uint8_t*>array_data(self.terminated)
        self.truncated = np.zeros(n, np.bool_)
        self.final_flag = np.zeros(n, np.bool_)
        self.final_data = <uint8_t*>array_data(self.final_flag)
        self.current = np.zeros(n, np.int8)
        self.current_data = <int8_t*>array_data(self.current)
        self.role = np.zeros(n, np.int8)
        self.role_data = <int8_t*>array_data(self.role)
        self.final_current = np.zeros(n, np.int8)
        self.final_current_data = <int8_t*>array_data(self.final_current)
        self.final_role = np.zeros(n, np.int8)
        self.final_role_data = <int8_t*>array_data(self.final_role)
        self.offsets = np.zeros(n + 1, np.int64)
        self.offset_data = <int64_t*>array_data(self.offsets)
        self.offsets_out = self.offsets.view()
        self.offsets_out.flags.writeable = False
        self.ids = np.zeros(1, np.int32)        # (never empty: array_data needs an element)
        self.actions = np.zeros(n, np.int32)
        self.action_data = <int32_t*>array_data(self.actions)
        if self.action_mask:
            self.mask = np.zeros((n, self.n_ids), np.bool_)
            self.mask_data = <uint8_t*>array_data(self.mask)
        self.tables = <ddz_table*>calloc(n, sizeof(ddz_table))
        self.chunks = <ddz_chunk*>calloc(self.threads, sizeof(ddz_chunk))
        self.starts = <int64_t*>calloc(n + 1, sizeof(int64_t))
        if self.tables == NULL or self.chunks == NULL or self.starts == NULL:
            raise MemoryError()
        for i in range(n):
            self.tables[i].g.rules = self.c_rules
        for i in range(self.threads):
            self.chunks[i].lo = n * i // self.threads
            self.chunks[i].hi = n * (i + 1) // self.threads
            self.chunks[i].owner = <void*>self
            if i > 0:
                self.chunks[i].done = PyThread_allocate_lock()
                if self.chunks[i].done == NULL:
                    raise MemoryError()
        return 0

    @staticmethod
    def deal_seed(seed, table, game):
        """The seed that ``Tables(seed=seed)`` deals game ``game`` (0 first, counted since the
        last reseeding ``reset``) of table ``table`` with: ``Game(Tables.deal_seed(seed,
        i, k), rules=...)`` is that deal. Table i's seeds are the outputs of SplitMix64 started from
        ``simulate``'s ``nth_game_seed(seed, i)``. ``table`` and ``game``: 0..2**63-1."""
        cdef uint64_t state = stream_seed(check_seed(seed),
                                          check_int(table, "table", 0, 2 ** 63 - 1))
        cdef uint64_t k = check_int(game, "game", 0, 2 ** 63 - 1)
        state += k * GAMMA          # the generator's state after k draws
        return splitmix64(&state)

    @property
    def num_envs(self):
        """``n``, under Gymnasium's name."""
        return self.n

    def __len__(self):
        return self.n

    def __repr__(self):
        return (f"Tables({self.n}, rules={self.rules!r}, actions={self.space!r}, "
                f"observation={self.observation!r}, seed={self.seed}, threads={self.threads}, "
                f"autoreset={self.autoreset!r}, illegal_action={self.illegal_action!r}, "
                f"action_mask={self.action_mask}, copy={self.copy})")

    # --- native work ----------------------------------------------------------------------

    cdef void start_game(self, ddz_table* t) noexcept nogil:
        t.deal_seed = splitmix64(&t.seeds)
        t.games += 1
        t.g.n_steps = 0
        t.n_recent = 0
        t.over = False
        state_deal(&t.g.s, t.deal_seed, 0, -1, &self.c_rules)

    cdef int check_action(self, const ddz_table* t, int32_t a) noexcept nogil:
        cdef const ddz_state* s = &t.g.s
        cdef const ddz_action_ids* space = self.ids_table
        cdef int bid
        if t.over:
            return ACTION_GAME_OVER
        if a < 0 or a >= space.n:
            return ACTION_OUT_OF_RANGE
        if s.phase == PHASE_AUCTION:
            if a == space.pass_id:
                if s.redeals >= MAX_REDEALS and bid_redeals(s, 0):
                    return ACTION_REDEAL_LIMIT
                return ACTION_OK
            bid = a - space.first_bid + 1
            if space.first_bid >= 0 and s.bid < bid <= 3:
                return ACTION_OK
            return ACTION_ILLEGAL
        if a == space.pass_id:
            return ACTION_OK if s.last_move.length else ACTION_ILLEGAL
        if space.actions[a].length == 0:            # a bid
            return ACTION_ILLEGAL
        if move_is_legal(&space.actions[a], s.hands[s.to_move], &s.last_move,
                         s.last_move.length != 0, &self.c_rules):
            return ACTION_OK
        return ACTION_ILLEGAL

    cdef int play(self, ddz_table* t, int32_t a) noexcept nogil:
        """Apply the legal action `a` (see check_action); PUSHED or PUSH_NO_MEMORY."""
        cdef const ddz_action_ids* space = self.ids_table
        cdef ddz_move action
        if t.g.s.phase == PHASE_AUCTION:
            action = bid_action(0 if a == space.pass_id else a - space.first_bid + 1)
        else:
            action = bid_action(0) if a == space.pass_id else space.actions[a]  # (a pass: zero)
            if t.n_recent == COMPACT_HISTORY:
                memmove(t.recent, t.recent + 1, (COMPACT_HISTORY - 1) * sizeof(uint64_t))
                t.n_recent -= 1
            t.recent[t.n_recent] = action.cards
            t.n_recent += 1
        t.last_seat = t.g.s.to_move
        return game_push(&t.g, &action)

    cdef void write_obs(self, const ddz_table* t, int seat, char* obs, int8_t* z) noexcept nogil:
        """Row `seat`'s observation of table t into obs (and z): every element of the row."""
        cdef int written = 0
        if self.scheme == OBS_COMPACT:
            written = encode_compact_recent(&t.g, seat, self.flags, t.recent, t.n_recent, <int8_t*>obs)
        elif self.scheme == OBS_OPENSPIEL:
            written = encode_openspiel(&t.g, seat, self.flags, <float*>obs)
        elif self.scheme == OBS_RLCARD:
            written = encode_rlcard(&t.g, seat, self.flags, <int8_t*>obs)
        else:
            written = encode_douzero(&t.g, seat, self.flags, <int8_t*>obs)
            encode_douzero_history(&t.g, z)
        if written < 0:                     # the auction: no layout (role -1 says so)
            written = 0
        if written < self.width:            # (int8 schemes only: openspiel is full width)
            memset(obs + written, 0, self.width - written)

    cdef void write_outputs(self, Py_ssize_t i, ddz_chunk* chunk) noexcept nogil:
        """Table i's observation, player, role, legal ids (appended to the chunk's) and count
        (into starts[i + 1]), and mask row."""
        cdef ddz_table* t = &self.tables[i]
        cdef const ddz_state* s = &t.g.s
        cdef int seat = t.last_seat if t.over else s.to_move
        cdef Py_ssize_t item = 4 if self.scheme == OBS_OPENSPIEL else 1
        cdef Py_ssize_t count = 0, k
        cdef ddz_hand h
        cdef int32_t* out
        self.current_data[i] = seat
        self.role_data[i] = -1 if s.landlord == NO_SEAT else (seat - s.landlord + 3) % 3
        self.write_obs(t, seat, self.obs_data + i * self.width * item,
                       self.z_data + i * Z_SIZE if self.z_data != NULL else NULL)
        if grow(&chunk.ids, &chunk.capacity, chunk.n_ids + MAX_MOVES + 1) < 0:
            chunk.failed = STEP_NO_MEMORY
            return
        out = chunk.ids + chunk.n_ids
        if t.over or s.phase == PHASE_OVER:
            count = 0
        elif s.phase == PHASE_AUCTION:
            out[0] = self.ids_table.pass_id
            count = 1
            for k in range(s.bid + 1, 4):
                out[count] = self.ids_table.first_bid + k - 1
                count += 1
        else:
            hand_init(&h, s.hands[s.to_move])
            count = legal_ids(self.ids_table, &h, &s.last_move if s.last_move.length else NULL,
                              s.last_move.length != 0, &self.c_rules, out)
            if count == NO_ID:
                chunk.failed = STEP_NO_ID
                count = 0
        chunk.n_ids += count
        self.starts[i + 1] = count
        if self.mask_data != NULL:
            memset(self.mask_data + i * self.n_ids, 0, self.n_ids)
            for k in range(count):
                self.mask_data[i * self.n_ids + out[k]] = 1

    cdef void end_game(self, Py_ssize_t i) noexcept nogil:
        """Table i's game just ended: its rewards; under same_step its final observation is
        kept and the next game dealt."""
        cdef ddz_table* t = &self.tables[i]
        cdef int64_t scores[3]
        cdef bint spring, anti_spring
        cdef int seat
        cdef Py_ssize_t item = 4 if self.scheme == OBS_OPENSPIEL else 1
        t.over = True
        self.terminated_data[i] = True
        if t.g.s.phase == PHASE_OVER:
            state_scores(&t.g.s, &self.c_rules, scores, &spring, &anti_spring)
            for seat in range(3):
                self.reward_data[3 * i + seat] = <float>scores[seat]
        if self.reset_mode == RESET_SAME_STEP:
            self.final_data[i] = True
            self.final_current_data[i] = t.last_seat
            self.final_role_data[i] = (-1 if t.g.s.landlord == NO_SEAT
                                       else (t.last_seat - t.g.s.landlord + 3) % 3)
            self.write_obs(t, t.last_seat, self.final_obs_data + i * self.width * item,
                           self.final_z_data + i * Z_SIZE if self.final_z_data != NULL else NULL)
            self.start_game(t)

    cdef void step_chunk(self, ddz_chunk* chunk) noexcept nogil:
        cdef Py_ssize_t i
        cdef ddz_table* t
        cdef int32_t a
        cdef int check, seat
        chunk.n_ids = 0
        chunk.failed = 0
        for i in range(chunk.lo, chunk.hi):
            t = &self.tables[i]
            a = self.action_data[i]
            self.reward_data[3 * i] = self.reward_data[3 * i + 1] = self.reward_data[3 * i + 2] = 0
            self.terminated_data[i] = False
            if self.final_data != NULL:
                self.final_data[i] = False
            if t.over:
                check = ACTION_GAME_OVER
            elif self.validated:
                check = ACTION_OK
            else:
                check = self.check_action(t, a)
            if check == ACTION_GAME_OVER:           # next_step: the reset step
                self.start_game(t)
            elif check == ACTION_OK:
                if self.play(t, a) != PUSHED:
                    chunk.failed = STEP_NO_MEMORY
                    return
                if t.g.s.phase == PHASE_OVER:
                    self.end_game(i)
            else:                                   # lose or forfeit (raise checked first)
                t.last_seat = t.g.s.to_move
                for seat in range(3):
                    self.reward_data[3 * i + seat] = (
                        -1 if seat == t.last_seat else 0 if self.illegal == ILLEGAL_LOSE else 1)
                self.end_game(i)
            self.write_outputs(i, chunk)

    cdef void reset_chunk(self, ddz_chunk* chunk) noexcept nogil:
        cdef Py_ssize_t i
        chunk.n_ids = 0
        chunk.failed = 0
        for i in range(chunk.lo, chunk.hi):
            if self.reset_data == NULL or self.reset_data[i]:
                if self.reseed:
                    self.tables[i].seeds = stream_seed(self.seed_c, i)
                    self.tables[i].games = 0
                self.start_game(&self.tables[i])
                self.terminated_data[i] = False
            self.write_outputs(i, chunk)

    cdef void gather_chunk(self, ddz_chunk* chunk) noexcept nogil:
        """The chunk's legal ids and offsets into place; DouZero's x_batch rows of its tables."""
        cdef Py_ssize_t first = self.starts[chunk.lo], i, k, start, count, width
        cdef Py_ssize_t full = self.x_batch_width
        cdef uint64_t cards[MAX_MOVES + 1]
        cdef const ddz_table* t
        cdef float* rows
        memcpy(self.id_data + first, chunk.ids, chunk.n_ids * sizeof(int32_t))
        memcpy(self.offset_data + chunk.lo + 1, self.starts + chunk.lo + 1,
               (chunk.hi - chunk.lo) * sizeof(int64_t))
        if chunk.lo == 0:
            self.offset_data[0] = 0
        if self.scheme != OBS_DOUZERO:
            return
        for i in range(chunk.lo, chunk.hi):
            start = self.starts[i]
            count = self.starts[i + 1] - start
            if count == 0:
                continue
            t = &self.tables[i]
            rows = self.x_batch_data + start * full
            for k in range(count):
                cards[k] = self.ids_table.actions[chunk.ids[start - first + k]].cards
            width = encode_douzero_batch(&t.g, t.g.s.to_move, self.flags, cards, count, rows)
            if width < 0:                           # the auction
                memset(rows, 0, count * full * sizeof(float))
            elif width < full:                      # the landlord's rows, spread to full width
                for k in range(count - 1, -1, -1):
                    memmove(rows + k * full, rows + k * width, width * sizeof(float))
                    memset(rows + k * full + width, 0, (full - width) * sizeof(float))

    cdef void run_chunk(self, int phase, Py_ssize_t c) noexcept nogil:
        if phase == PHASE_STEP:
            self.step_chunk(&self.chunks[c])
        elif phase == PHASE_RESET:
            self.reset_chunk(&self.chunks[c])
        else:
            self.gather_chunk(&self.chunks[c])

    cdef void run_phase(self, int phase) noexcept nogil:
        """Every chunk of a phase, chunk 0 here and the others on native threads, and returns
        when all are done: no exception and no signal handler can leave a worker running (a
        chunk whose thread cannot start runs here)."""
        cdef Py_ssize_t c
        cdef ddz_chunk* chunk
        for c in range(1, self.threads):
            chunk = &self.chunks[c]
            chunk.phase = phase
            PyThread_acquire_lock(chunk.done, NOWAIT_LOCK)      # free: every worker released it
            chunk.running = start_thread(chunk_worker, chunk) != <unsigned long>-1
            if not chunk.running:
                PyThread_release_lock(chunk.done)
        self.run_chunk(phase, 0)
        for c in range(1, self.threads):
            chunk = &self.chunks[c]
            if chunk.running:
                PyThread_acquire_lock(chunk.done, WAIT_LOCK)
                PyThread_release_lock(chunk.done)
                chunk.running = False
            else:
                self.run_chunk(phase, c)

    cdef int run_and_gather(self, int phase) except -1:
        """A STEP or RESET phase, then the offsets, the buffers and the GATHER phase."""
        cdef Py_ssize_t i, c, total
        with nogil:
            self.run_phase(phase)
        for c in range(self.threads):
            if self.chunks[c].failed == STEP_NO_MEMORY:
                raise MemoryError()
            if self.chunks[c].failed == STEP_NO_ID:
                raise ValueError(f"a legal move has no id in {self.space!r}")
        self.starts[0] = 0
        for i in range(self.n):
            self.starts[i + 1] += self.starts[i]
        total = self.starts[self.n]
        if len(self.ids) < total:       # (a quarter more: DouZero's x_batch rows are 2 KB)
            self.ids = np.empty(total + total // 4, np.int32)
        self.id_data = <int32_t*>array_data(self.ids)
        if self.scheme == OBS_DOUZERO:
            if len(self.x_batch) < total:
                self.x_batch = np.empty((total + total // 4, self.x_batch_width), np.float32)
            self.x_batch_data = <float*>array_data(self.x_batch)
        with nogil:
            if self.scheme == OBS_DOUZERO:
                self.run_phase(PHASE_GATHER)
            else:                           # (only copies: not worth starting threads)
                for c in range(self.threads):
                    self.gather_chunk(&self.chunks[c])
        return 0

    # --- the Python API -------------------------------------------------------------------

    cdef int enter(self, bint full_reset) except -1:
        if self.tables == NULL:
            raise ValueError("these Tables were made without __init__")
        if self.busy:
            raise RuntimeError("these Tables are in use by another thread: one call at a time")
        if self.unfinished and not full_reset:
            raise ValueError("an earlier step() or reset() of these Tables stopped partway (an "
                             "exception such as KeyboardInterrupt or MemoryError), so the tables "
                             "and their outputs disagree: call reset() (without reset_mask)")
        self.busy = True
        return 0

    def reset(self, seed=None, options=None):
        """Deal every table's next game (with ``seed``: reseed table i from ``(seed, i)``, so
        its games count from 0 again; the first reset uses the constructor's seed). With
        ``options={"reset_mask": mask}`` (an ``(n,)`` bool array) only those tables. Returns
        ``(obs, info)`` for every table; rewards and ``terminated`` start at zero."""
        masked = isinstance(options, dict) and "reset_mask" in options
        self.enter(not masked)
        try:
            mask = None
            if options is not None:
                if not isinstance(options, dict) or set(options) - {"reset_mask"}:
                    raise ValueError(f"options may hold only 'reset_mask', not {options!r}")
            if masked:                  # (an empty dict, as Gymnasium passes, is no mask)
                mask = options["reset_mask"]
                if (not isinstance(mask, np.ndarray) or mask.dtype != np.bool_
                        or mask.shape != (self.n,)):
                    raise ValueError(f"options['reset_mask'] must be a bool array of shape "
                                     f"({self.n},), not {describe_array(mask)}")
                mask = np.ascontiguousarray(mask).copy()
            if seed is not None:
                self.seed = check_seed(seed)
            self.reseed = seed is not None or not self.started
            self.seed_c = self.seed
            if mask is not None and not self.started:
                raise ValueError("reset_mask: call reset() once without it first")
            self.reset_data = NULL if mask is None else <uint8_t*>array_data(mask)
            self.unfinished = True          # until the outputs are made
            try:
                self.rewards[...] = 0
                self.truncated[...] = False     # (never written by a step)
                self.run_and_gather(PHASE_RESET)
            finally:
                self.reset_data = NULL
            self.started = True
            result = self.outputs(False)
            self.unfinished = False
            return result
        finally:
            self.busy = False

    def step(self, actions):
        """Apply ``actions[i]`` (an id of the space) at each table; see the class docstring.
        ``ValueError`` for an array of another shape or dtype or an id out of range,
        ``IllegalActionError`` under ``illegal_action="raise"`` (and for a finished table under
        ``autoreset="disabled"``): nothing changes then."""
        self.enter(False)
        try:
            if not self.started:
                raise ValueError("call reset() before step()")
            self.read_actions(actions)
            self.check_actions()
            self.unfinished = True          # until the outputs are made
            self.run_and_gather(PHASE_STEP)
            obs, info = self.outputs(self.reset_mode == RESET_SAME_STEP)
            if self.copy:
                result = (obs, self.rewards.copy(), self.terminated.copy(),
                          self.truncated.copy(), info)
            else:
                result = obs, self.rewards, self.terminated, self.truncated, info
            self.unfinished = False
            return result
        finally:
            self.busy = False

    cdef int read_actions(self, actions) except -1:
        if not isinstance(actions, np.ndarray):
            actions = np.asarray(actions)
        if actions.shape != (self.n,) or actions.dtype.kind not in "iu":
            raise ValueError(f"actions must be an integer array of shape ({self.n},), not "
                             f"{describe_array(actions)}")
        if int(actions.min()) < 0 or int(actions.max()) >= self.n_ids:
            for bad in np.flatnonzero((actions < 0) | (actions >= self.n_ids)).tolist():
                if not self.tables[bad].over or self.reset_mode == RESET_DISABLED:
                    raise ValueError(f"actions[{bad}] must be an action id in 0..{self.n_ids - 1} "
                                     f"of {self.space!r}, not {actions[bad]!r}")
            # only tables that a next_step reset deals again, whose actions are not used
            actions = np.clip(actions, 0, self.n_ids - 1)
        self.actions[...] = actions
        return 0

    cdef Py_ssize_t first_refused(self, int* check) noexcept nogil:
        """The first table whose action step() must refuse (and why), or -1: under the raise
        policy any action that is not legal; under disabled autoreset a finished table."""
        cdef Py_ssize_t i
        cdef const ddz_table* t
        for i in range(self.n):
            t = &self.tables[i]
            if t.over:
                if self.reset_mode == RESET_DISABLED:
                    check[0] = ACTION_GAME_OVER
                    return i
            elif self.illegal == ILLEGAL_RAISE:
                check[0] = self.check_action(t, self.action_data[i])
                if check[0] != ACTION_OK:
                    return i
        return -1

    cdef int check_actions(self) except -1:
        cdef int check = ACTION_OK
        cdef Py_ssize_t i
        with nogil:
            i = self.first_refused(&check)
        self.validated = self.illegal == ILLEGAL_RAISE
        if i < 0:
            return 0
        if check == ACTION_GAME_OVER:
            raise IllegalActionError(
                f"table {i}: the game is over; reset it (reset(options={{'reset_mask': ...}})) "
                f"before stepping it again (autoreset='disabled')")
        a = self.action_data[i]
        if check == ACTION_REDEAL_LIMIT:
            raise RedealLimitError(
                f"table {i}: action {a} (a pass) would end the auction with everyone passed "
                f"once more than the limit of {MAX_REDEALS} redeals")
        phase = "auction" if self.tables[i].g.s.phase == PHASE_AUCTION else "play"
        raise IllegalActionError(f"table {i}: action {a} ({self.space.action(a)!r}) is not legal "
                                 f"for seat {self.tables[i].g.s.to_move} in the {phase}")

    cdef tuple outputs(self, bint finals):
        cdef Py_ssize_t total = self.starts[self.n]
        copy = self.copy
        ids = self.ids[:total]
        ids.flags.writeable = False         # (like offsets: the CSR is for reading)
        if self.scheme == OBS_DOUZERO:
            obs = {"x_no_action": self.obs, "z": self.z, "x_batch": self.x_batch[:total]}
        else:
            obs = self.obs
        info = {"current_player": self.current, "role": self.role,
                "legal_offsets": self.offsets_out, "legal_ids": ids}
        if self.action_mask:
            info["action_mask"] = self.mask
        if finals:
            final = ({"x_no_action": self.final_obs, "z": self.final_z}
                     if self.scheme == OBS_DOUZERO else self.final_obs)
            info["final_obs"] = final
            info["_final_obs"] = self.final_flag
            info["final_info"] = {"current_player": self.final_current, "role": self.final_role}
        if copy:
            obs = copied(obs)
            info = copied(info)
        return obs, info

    def __reduce__(self):
        raise TypeError("Tables cannot be pickled: make new Tables with the same arguments")


cdef void chunk_worker(void* arg) noexcept nogil:
    """A worker thread: its chunk of the phase, then the chunk's lock released, its last touch
    of the tables (run_phase waits for that)."""
    cdef ddz_chunk* chunk = <ddz_chunk*>arg
    cdef Py_ssize_t c = chunk - (<Tables>chunk.owner).chunks
    (<Tables>chunk.owner).run_chunk(chunk.phase, c)
    PyThread_release_lock(chunk.done)


cdef object copied(object value):
    if isinstance(value, dict):
        return {key: copied(item) for key, item in value.items()}
    return value.copy()


cdef char* array_data(object a) except NULL:
    """The data of a non-empty C-contiguous array this module made (and keeps)."""
    cdef char[::1] view = a.reshape(-1).view(np.int8)
    return &view[0]


cdef tuple space_and_rules(actions, rules):
    if rules is not None:                       # None: the rules of the actions
        rules = as_rules(rules)
    if actions is None:
        actions = ActionSpace(rules)
    elif not isinstance(actions, ActionSpace):
        actions = ActionSpace(actions)
    if rules is None:
        rules = actions.rules
    elif rules != actions.rules:
        raise ValueError(f"actions: {actions!r} numbers the actions of {actions.rules!r}, "
                         f"not of rules={rules!r}")
    return actions, rules


cdef object as_scheme(observation):
    if isinstance(observation, _encodings.Encoding):
        return observation
    if isinstance(observation, str):
        return SCHEMES[check_choice(observation, "observation", tuple(SCHEMES))]
    raise TypeError(f"observation must be a scheme name {tuple(SCHEMES)} or an Encoding, not "
                    f"{type(observation).__name__}")
