# A batched multi-table environment: n independent games stepped together by action id,
# natively and without the GIL (the Tables docstring documents the API). The kernels and the
# phases of a step are in ddz_fast._core.tables; this class checks the arguments, owns the memory
# and the arrays it hands out, validates the actions under the GIL and raises.
#
# A step runs in phases over contiguous chunks of tables, one chunk per thread (native threads
# of _core.fanout that hold no Python state, the calling thread working too, every one waited
# for): phase STEP validates nothing (the calling thread did, under the GIL, on its own copy of
# the actions), applies each table's action and writes its fixed-size outputs and its legal ids
# into the chunk's own buffer; then, holding the GIL, the offsets are summed and the id
# buffer (and DouZero's x_batch) grown; phase GATHER copies the ids into place and writes
# x_batch. Tables are independent and their deals a function of (seed, table, game), so
# results do not depend on the number of threads. Native code reads back only its own memory,
# never an array handed out (another Python thread may write those meanwhile).

import secrets

import numpy as np

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free

from ._actions cimport ActionSpace
from ._arena cimport set_policies
from ._core.encode cimport (
    DOUZERO_MOST_BOMBS, DOUZERO_Z_ROWS, ENCODE_BUG_COMPATIBLE, ENCODE_OTHERS_HAND,
    ENCODE_FOUR_SEATS, ENCODE_PERFECT_INFORMATION, ENCODE_WILDS, RLCARD_CARDS, compact_size,
    douzero_size,
    openspiel_size, rlcard_size,
)
from ._core.fanout cimport fanout_free, fanout_init
from ._core.rng cimport GAMMA, splitmix64, stream_seed
from ._core.players cimport ddz_seats
from ._core.state cimport MAX_REDEALS, PHASE_AUCTION
from ._core.tables cimport (
    ACTION_GAME_OVER, ACTION_REDEAL_LIMIT, OBS_COMPACT, OBS_DOUZERO, OBS_OPENSPIEL, OBS_RLCARD,
    PHASE_GATHER, PHASE_RESET, PHASE_STEP, RESET_DISABLED, RESET_SAME_STEP, STEP_NO_ID,
    STEP_NO_MEMORY, Z_SIZE, check_actions, ddz_chunk, ddz_table, ddz_tables, gather_chunk,
    run_phase,
)
from ._game cimport copy_game
from ._rules cimport Rules, as_rules, without_wilds
from ._rules import most_bombs

from . import _encodings
from ._game import Game
from .checks import check_bool, check_choice, check_int, check_seed, check_threads, describe_array
from .errors import IllegalActionError, RedealLimitError, UnsupportedRulesError

AUTORESET_MODES = ("next_step", "same_step", "disabled")
ILLEGAL_ACTIONS = ("raise", "lose", "forfeit")
SCHEMES = {scheme.name: scheme for scheme in (
    _encodings.COMPACT, _encodings.RLCARD, _encodings.OPENSPIEL, _encodings.DOUZERO)}


cdef class Tables:
    """Tables(n, *, rules=None, actions=None, observation="compact", seed=None, threads=1,
    autoreset="next_step", illegal_action="raise", action_mask=False, copy=False,
    opponents=None)

    ``n`` independent games of Dou Dizhu stepped together by action id, natively and without
    the GIL: a vectorised environment in Gymnasium's style (``reset``, ``step``, autoreset
    modes), for every preset, the auction included where the rules have one (bids are ids of
    the action space). Under wild-card rules the ids are the wild-card space's, the
    observation ``compact`` (the other schemes and ``action_mask`` refuse them). The
    four-player game of two decks (``four_1v3``, ``four_2v2``; RULES.md 11) has four seats
    wherever a seat is counted below, and the ``compact`` observation.

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
    - ``opponents``: ``{seat: player}`` for the seats (not all) that the tables play
      themselves, natively inside ``step`` and ``reset``, with a native player
      (``RandomPlayer()`` or ``GreedyPlayer()``; any other callable is refused with a
      ``TypeError`` naming the seat; every seat is a ``ValueError``: use ``play_games``). After every action and
      every deal the opponents act until a learner seat (one not in ``opponents``) is to move
      or the game ends, so every output is for a learner seat's decision: ``obs``, roles and
      legal ids of the seat to move, a finished game's observation of the learner seat that
      acted last (its ``rewards`` by seat as always). A game that ends before any learner
      decision (an opponent that goes out on the first play) is skipped: the table deals its
      next. The opponents' random draws are a function of ``(seed, table, game)``, whatever
      ``threads`` is; a ``RandomPlayer``'s own seed is not used.

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
      A scheme with ``perfect_information=True`` widens every row by its tail (the other
      hands: compact 30 (45 of four seats), openspiel 138, rlcard and douzero's x_no_action
      and x_batch 108):
      a row is the seat's observation, tail included, as ``encode`` gives it, then zeros
      (for the landlord's rlcard / douzero rows, and in the auction).
    - ``rewards``: ``(n, 3)`` float32 by seat (``(n, 4)`` of four players): zero until a game
      ends, then what the rules' scoring pays each seat (``Game.result.scores``); the penalty
      of ``illegal_action``.
    - ``terminated``: ``(n,)`` bool, the game ended at this step; ``truncated``: ``(n,)``
      bool, always False (a game always ends).
    - ``info``: ``"current_player"`` ``(n,)`` int8, the seat the observation is for;
      ``"role"`` ``(n,)`` int8, its role: 0 the landlord, 1 landlord_down (plays after him),
      2 landlord_up, -1 in the auction (or after an auction everyone passed); of four
      players 1 plays after him, 2 sits opposite (his partner in 2 v 2), 3 plays before
      him; the legal ids
      as CSR, ``"legal_offsets"`` ``(n + 1,)`` int64 and ``"legal_ids"`` int32, table i's
      ascending in ``legal_ids[legal_offsets[i]:legal_offsets[i + 1]]`` (none for a finished
      game), both read-only; ``"episode_index"`` ``(n,)`` int64, the k of the game the row is of
      (``Game(Tables.deal_seed(tables.seed, i, k), rules=rules)`` replays it; under
      ``same_step`` ``final_info["episode_index"]`` is the ended game's; not ``"episode"``,
      the key of Gymnasium's ``RecordEpisodeStatistics``); ``"action_mask"`` if asked for.

    Buffers: without ``copy``, every returned array is a view of a buffer that the next
    ``step`` or ``reset`` overwrites (``legal_ids`` and ``x_batch`` may also move to a larger
    buffer then); ``info`` is a new dict each call. One call at a time per ``Tables``: a
    second thread calling meanwhile gets ``RuntimeError``. A call that an exception stops
    partway (``KeyboardInterrupt`` from a signal handler, ``MemoryError``) leaves the tables
    refusing every call but ``reset()`` (``ValueError``), which deals every table again.
    """

    cdef ddz_tables c                # the kernels' view: memory, buffers' data, options
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
    cdef dict _opponents
    cdef bint started, busy
    cdef bint unfinished             # a step or reset stopped partway: only reset() goes on
    # Buffers (numpy arrays; their data are in c).
    cdef object obs, z, rewards, terminated, truncated, current, role, offsets, ids, x_batch
    cdef object mask, final_obs, final_z, final_flag, final_current, final_role, actions, checks
    cdef object episode              # info["episode_index"]: each table's games dealt less one
    cdef int64_t* episode_data
    cdef object offsets_out          # offsets, read-only

    def __cinit__(self):
        self.c.tables = NULL
        self.c.chunks = NULL
        self.c.starts = NULL
        self.c.fanout.workers = NULL

    def __dealloc__(self):
        cdef Py_ssize_t i
        if self.c.tables != NULL:
            for i in range(self.c.n):
                free(self.c.tables[i].g.steps)
            free(self.c.tables)
        if self.c.chunks != NULL:
            for i in range(self.c.threads):
                free(self.c.chunks[i].ids)
                free(self.c.chunks[i].moves)
            free(self.c.chunks)
        fanout_free(&self.c.fanout)
        free(self.c.starts)

    def __init__(self, n, *, rules=None, actions=None, observation="compact", seed=None,
                 threads=1, autoreset="next_step", illegal_action="raise", action_mask=False,
                 copy=False, opponents=None):
        if self.c.tables != NULL:
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
        self._opponents = as_opponents(opponents, self.rules.c.players)
        self.metadata = {"autoreset_mode": self.autoreset}
        self.c.reset_mode = AUTORESET_MODES.index(self.autoreset)
        self.c.illegal = ILLEGAL_ACTIONS.index(self.illegal_action)
        if self.action_mask and self.rules.wilds != "none":
            raise UnsupportedRulesError(
                f"action_mask: a row of the {len(self.space):,} ids of {self.space!r} per "
                f"table; under wild-card rules use info['legal_ids'] (the CSR of the legal ids)")
        self.c.ids_table = &self.space.t
        self.c.wild_ids = &self.space.w if self.space.w.n else NULL
        self.c.n_ids = len(self.space)
        self.c.pass_id = self.space.pass_id
        self.c.first_bid = self.space.bid_ids[0] if self.space.bid_ids else -1
        self.c.rules = self.rules.c
        self.c.seats = self.rules.c.players
        self.set_scheme()
        self.allocate()
        self.c.opponents = bool(self._opponents)
        cdef ddz_seats seats
        cdef Py_ssize_t i
        set_policies(&seats, self._opponents, "opponents", self.rules)
        for i in range(self.n):
            self.c.tables[i].players = seats

    cdef int set_scheme(self) except -1:
        scheme = self.observation
        cdef int flags = ENCODE_PERFECT_INFORMATION if scheme.perfect_information else 0
        if isinstance(scheme, _encodings.CompactEncoding):
            flags |= ((ENCODE_WILDS if self.rules.wilds != "none" else 0)
                      | (ENCODE_FOUR_SEATS if self.rules.c.players == 4 else 0))
            self.c.scheme, self.c.width = OBS_COMPACT, compact_size(flags)
            self.c.flags = flags
            return 0
        without_wilds(self.rules, f"observation: the {scheme.name} encoding")
        if self.rules.c.players == 4:
            raise UnsupportedRulesError(
                f"observation: the {scheme.name} encoding is a peer's observation of three "
                f"seats; the four-player game (players=4, RULES.md 11) has the compact encoding")
        if isinstance(scheme, _encodings.RLCardEncoding):
            flags |= ((ENCODE_OTHERS_HAND if scheme.others_hand else 0)
                      | (ENCODE_BUG_COMPATIBLE if scheme.bug_compatible else 0))
            self.c.scheme, self.c.width = OBS_RLCARD, rlcard_size(False, flags)
        elif isinstance(scheme, _encodings.OpenSpielEncoding):
            flags |= ENCODE_BUG_COMPATIBLE if scheme.bug_compatible else 0
            self.c.scheme, self.c.width = OBS_OPENSPIEL, openspiel_size(flags)
        else:
            if most_bombs(self.rules) > DOUZERO_MOST_BOMBS:
                raise UnsupportedRulesError(
                    f"observation: the douzero encoding counts at most {DOUZERO_MOST_BOMBS} "
                    f"bombs, and under shuttle_bombs={self.rules.shuttle_bombs} a game may "
                    f"count {most_bombs(self.rules)}")
            self.c.scheme, self.c.width = OBS_DOUZERO, douzero_size(False, flags)
            self.c.x_batch_width = self.c.width + RLCARD_CARDS
        self.c.flags = flags
        return 0

    cdef int allocate(self) except -1:
        cdef Py_ssize_t n = self.n, i
        cdef ddz_tables* c = &self.c
        # the dtype the kernel writes (an Encoding subclass's dtype property cannot change it)
        dtype = np.float32 if c.scheme == OBS_OPENSPIEL else np.int8
        self.obs = np.zeros((n, c.width), dtype)
        self.final_obs = np.zeros((n, c.width), dtype)
        c.obs = array_data(self.obs)
        c.final_obs = array_data(self.final_obs)
        if c.scheme == OBS_DOUZERO:
            self.z = np.zeros((n, DOUZERO_Z_ROWS, Z_SIZE // DOUZERO_Z_ROWS), np.int8)
            self.final_z = np.zeros_like(self.z)
            c.z = <int8_t*>array_data(self.z)
            c.final_z = <int8_t*>array_data(self.final_z)
            self.x_batch = np.zeros((1, c.x_batch_width), np.float32)
        self.rewards = np.zeros((n, c.seats), np.float32)
        c.rewards = <float*>array_data(self.rewards)
        self.terminated = np.zeros(n, np.bool_)
        c.terminated = <uint8_t*>array_data(self.terminated)
        self.truncated = np.zeros(n, np.bool_)
        self.final_flag = np.zeros(n, np.bool_)
        c.final_flags = <uint8_t*>array_data(self.final_flag)
        self.current = np.zeros(n, np.int8)
        c.current = <int8_t*>array_data(self.current)
        self.role = np.zeros(n, np.int8)
        c.role = <int8_t*>array_data(self.role)
        self.final_current = np.zeros(n, np.int8)
        c.final_current = <int8_t*>array_data(self.final_current)
        self.final_role = np.zeros(n, np.int8)
        c.final_role = <int8_t*>array_data(self.final_role)
        self.episode = np.zeros(n, np.int64)
        self.episode_data = <int64_t*>array_data(self.episode)
        self.offsets = np.zeros(n + 1, np.int64)
        c.offsets = <int64_t*>array_data(self.offsets)
        self.offsets_out = self.offsets.view()
        self.offsets_out.flags.writeable = False
        self.ids = np.zeros(1, np.int32)        # (never empty: array_data needs an element)
        self.actions = np.zeros(n, np.int32)
        c.actions = <int32_t*>array_data(self.actions)
        self.checks = np.zeros(n, np.uint8)
        c.checks = <uint8_t*>array_data(self.checks)
        if self.action_mask:
            self.mask = np.zeros((n, c.n_ids), np.bool_)
            c.mask = <uint8_t*>array_data(self.mask)
        c.n = n
        c.threads = self.threads
        c.tables = <ddz_table*>calloc(n, sizeof(ddz_table))
        c.chunks = <ddz_chunk*>calloc(self.threads, sizeof(ddz_chunk))
        c.starts = <int64_t*>calloc(n + 1, sizeof(int64_t))
        if c.tables == NULL or c.chunks == NULL or c.starts == NULL:
            raise MemoryError()
        for i in range(n):
            c.tables[i].g.rules = c.rules
        for i in range(self.threads):
            c.chunks[i].lo = n * i // self.threads
            c.chunks[i].hi = n * (i + 1) // self.threads
        if fanout_init(&c.fanout, self.threads) < 0:
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
    def opponents(self):
        """The seats the tables play themselves: a new dict ``{seat: player}``."""
        return dict(self._opponents)

    def game(self, table):
        """A copy of table ``table``'s current game, history included (under
        ``autoreset="same_step"`` a game that just ended is already replaced by the next;
        under ``"next_step"`` it stays until the next step). ``ValueError`` for a table
        outside 0..n-1."""
        cdef Py_ssize_t i = check_int(table, "table", 0, self.n - 1)
        self.enter(True)                # (not while a step runs on another thread)
        try:
            if not self.started:
                raise ValueError("call reset() before game(): no game is dealt yet")
            return copy_game(Game, &self.c.tables[i].g, self.rules, True)
        finally:
            self.busy = False

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
                f"action_mask={self.action_mask}, copy={self.copy}, "
                f"opponents={self._opponents!r})")

    cdef int run_and_gather(self, int phase) except -1:
        """A STEP or RESET phase, then the offsets, the buffers and the GATHER phase."""
        cdef Py_ssize_t i, k, total
        cdef ddz_tables* c = &self.c
        with nogil:
            run_phase(c, phase)
        for k in range(self.threads):
            if c.chunks[k].failed == STEP_NO_MEMORY:
                raise MemoryError()
            if c.chunks[k].failed == STEP_NO_ID:
                raise ValueError(f"a legal move has no id in {self.space!r}")
        c.starts[0] = 0
        for i in range(self.n):
            c.starts[i + 1] += c.starts[i]
        total = c.starts[self.n]
        if len(self.ids) < total:       # (a quarter more: DouZero's x_batch rows are 2 KB)
            self.ids = np.empty(total + total // 4, np.int32)
        c.ids = <int32_t*>array_data(self.ids)
        if c.scheme == OBS_DOUZERO:
            if len(self.x_batch) < total:
                self.x_batch = np.empty((total + total // 4, c.x_batch_width), np.float32)
            c.x_batch = <float*>array_data(self.x_batch)
        with nogil:
            if c.scheme == OBS_DOUZERO:
                run_phase(c, PHASE_GATHER)
            else:                           # (only copies: not worth starting threads)
                for k in range(self.threads):
                    gather_chunk(c, &c.chunks[k])
        return 0

    # --- the Python API -------------------------------------------------------------------

    cdef int enter(self, bint full_reset) except -1:
        if self.c.tables == NULL:
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
            self.c.reseed = seed is not None or not self.started
            self.c.seed = self.seed
            if mask is not None and not self.started:
                raise ValueError("reset_mask: call reset() once without it first")
            self.c.reset_mask = NULL if mask is None else <uint8_t*>array_data(mask)
            self.unfinished = True          # until the outputs are made
            try:
                self.rewards[...] = 0
                self.truncated[...] = False     # (never written by a step)
                self.run_and_gather(PHASE_RESET)
            finally:
                self.c.reset_mask = NULL
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
            self.validate_actions()
            self.unfinished = True          # until the outputs are made
            self.run_and_gather(PHASE_STEP)
            obs, info = self.outputs(self.c.reset_mode == RESET_SAME_STEP)
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
        if int(actions.min()) < 0 or int(actions.max()) >= self.c.n_ids:
            for bad in np.flatnonzero((actions < 0) | (actions >= self.c.n_ids)).tolist():
                if not self.c.tables[bad].over or self.c.reset_mode == RESET_DISABLED:
                    raise ValueError(f"actions[{bad}] must be an action id in "
                                     f"0..{self.c.n_ids - 1} of {self.space!r}, not "
                                     f"{actions[bad]!r}")
            # only tables that a next_step reset deals again, whose actions are not used
            actions = np.clip(actions, 0, self.c.n_ids - 1)
        self.actions[...] = actions
        return 0

    cdef int validate_actions(self) except -1:
        cdef Py_ssize_t i
        with nogil:
            i = check_actions(&self.c)
        if i < 0:
            return 0
        cdef int check = self.c.checks[i]
        if check == ACTION_GAME_OVER:
            raise IllegalActionError(
                f"table {i}: the game is over; reset it (reset(options={{'reset_mask': ...}})) "
                f"before stepping it again (autoreset='disabled')")
        a = self.c.actions[i]
        if check == ACTION_REDEAL_LIMIT:
            raise RedealLimitError(
                f"table {i}: action {a} (a pass) would end the auction with everyone passed "
                f"once more than the limit of {MAX_REDEALS} redeals")
        phase = "auction" if self.c.tables[i].g.s.phase == PHASE_AUCTION else "play"
        raise IllegalActionError(f"table {i}: action {a} ({self.space.action(a)!r}) is not legal "
                                 f"for seat {self.c.tables[i].g.s.to_move} in the {phase}")

    cdef tuple outputs(self, bint finals):
        cdef Py_ssize_t total = self.c.starts[self.n], i
        copy = self.copy
        ids = self.ids[:total]
        ids.flags.writeable = False         # (like offsets: the CSR is for reading)
        if self.c.scheme == OBS_DOUZERO:
            obs = {"x_no_action": self.obs, "z": self.z, "x_batch": self.x_batch[:total]}
        else:
            obs = self.obs
        for i in range(self.n):
            self.episode_data[i] = self.c.tables[i].games - 1
        info = {"current_player": self.current, "role": self.role,
                "legal_offsets": self.offsets_out, "legal_ids": ids, "episode_index": self.episode}
        if self.action_mask:
            info["action_mask"] = self.mask
        if finals:
            final = ({"x_no_action": self.final_obs, "z": self.final_z}
                     if self.c.scheme == OBS_DOUZERO else self.final_obs)
            info["final_obs"] = final
            info["_final_obs"] = self.final_flag
            info["final_info"] = {"current_player": self.final_current, "role": self.final_role,
                                  "episode_index": self.episode - 1}
        if copy:
            obs = copied(obs)
            info = copied(info)
        return obs, info

    def __reduce__(self):
        raise TypeError("Tables cannot be pickled: make new Tables with the same arguments")


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
        rules = as_rules(rules, four_players=True)
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


cdef dict as_opponents(opponents, int seats):
    if opponents is None:
        return {}
    if not isinstance(opponents, dict):
        raise TypeError(f"opponents must be a dict {{seat: player}} or None, not "
                        f"{type(opponents).__name__}")
    checked = {}
    for seat, player in opponents.items():
        checked[check_int(seat, "opponents: a seat", 0, seats - 1)] = player
    if len(checked) == seats:
        raise ValueError(f"opponents: all {('three', 'four')[seats - 3]} seats are opponents, "
                         f"so there is nothing to learn; play whole games with "
                         f"ddz_fast.play_games")
    return dict(sorted(checked.items()))


cdef object as_scheme(observation):
    if isinstance(observation, _encodings.Encoding):
        return observation
    if isinstance(observation, str):
        return SCHEMES[check_choice(observation, "observation", tuple(SCHEMES))]
    raise TypeError(f"observation must be a scheme name {tuple(SCHEMES)} or an Encoding, not "
                    f"{type(observation).__name__}")
