# The Tables step kernels (see tables.pxd).

from libc.stdint cimport int8_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memmove, memset

from .actions cimport ddz_action_ids, ids_of, legal_ids
from .alloc cimport grow
from .bits cimport hand_init
from .encode cimport (
    COMPACT_HISTORY, ENCODE_WILDS, encode_compact, encode_compact_recent, encode_douzero,
    encode_douzero_batch, encode_douzero_history, encode_openspiel, encode_rlcard,
)
from .fanout cimport fanout_run
from .players cimport seat_choice, seed_seats
from .rng cimport splitmix64, stream_seed
from .state cimport (
    MAX_REDEALS, NO_SEAT, PHASE_AUCTION, PHASE_OVER, PUSH_NO_MEMORY, PUSHED, bid_action,
    bid_redeals, ddz_state, game_push, state_actions, state_deal, state_scores,
)
from .typedefs cimport MAX_MOVES, MAX_SEATS, ddz_hand, ddz_move
from .wild_ids cimport wild_action, wild_ids_of


cdef int start_game(const ddz_tables* env, ddz_table* t, ddz_chunk* chunk) noexcept nogil:
    """Deal the table's next game and let the opponents act up to the first learner decision
    (dealing again while a game ends before one); PUSHED or PUSH_NO_MEMORY."""
    while True:
        t.deal_seed = splitmix64(&t.seeds)
        t.games += 1
        t.g.n_steps = 0
        t.n_recent = 0
        t.over = False
        state_deal(&t.g.s, t.deal_seed, 0, -1, &env.rules)
        if not env.opponents:
            return PUSHED
        seed_seats(&t.players, t.deal_seed)
        if advance(env, t, chunk) != PUSHED:
            return PUSH_NO_MEMORY
        if t.g.s.phase != PHASE_OVER:
            return PUSHED


cdef bint was_legal(const ddz_chunk* chunk, const int64_t* starts, Py_ssize_t i,
                    int32_t a) noexcept nogil:
    """`a` is among table i's legal ids of the last outputs (ascending in the chunk's ids)."""
    cdef Py_ssize_t lo = starts[i] - chunk.first, hi = starts[i + 1] - chunk.first, mid
    while lo < hi:
        mid = (lo + hi) // 2
        if chunk.ids[mid] < a:
            lo = mid + 1
        else:
            hi = mid
    return lo < starts[i + 1] - chunk.first and chunk.ids[lo] == a


cdef int check_action(const ddz_tables* env, const ddz_chunk* chunk, Py_ssize_t i) noexcept nogil:
    cdef const ddz_table* t = &env.tables[i]
    cdef int32_t a = env.actions[i]
    if t.over:
        return ACTION_GAME_OVER
    if not was_legal(chunk, env.starts, i, a):
        return ACTION_ILLEGAL
    if (t.g.s.phase == PHASE_AUCTION and a == env.pass_id and t.g.s.redeals >= MAX_REDEALS
            and bid_redeals(&t.g.s, 0)):
        return ACTION_REDEAL_LIMIT
    return ACTION_OK


cdef void action_of(const ddz_tables* env, const ddz_table* t, int32_t a,
                    ddz_move* out) noexcept nogil:
    """The action of legal id `a` at table t (a bid: bid_action)."""
    if a == env.pass_id:
        out[0] = bid_action(0)                  # (a pass in play: all zero too)
    elif t.g.s.phase == PHASE_AUCTION:
        out[0] = bid_action(a - env.first_bid + 1)
    elif env.wild_ids != NULL:
        wild_action(env.wild_ids, a, out)
    else:
        out[0] = env.ids_table.actions[a]


cdef int play_action(const ddz_tables* env, ddz_table* t, const ddz_move* action) noexcept nogil:
    """Apply a legal action (a bid: bid_action); PUSHED or PUSH_NO_MEMORY."""
    if t.g.s.phase != PHASE_AUCTION:
        if t.n_recent == COMPACT_HISTORY:
            memmove(t.recent, t.recent + 1, (COMPACT_HISTORY - 1) * sizeof(uint64_t))
            t.n_recent -= 1
        t.recent[t.n_recent] = action.cards
        t.n_recent += 1
    return game_push(&t.g, action)


cdef int play(const ddz_tables* env, ddz_table* t, int32_t a, ddz_chunk* chunk) noexcept nogil:
    """Apply the learner's legal action `a` (see check_action), then the opponents'; PUSHED or
    PUSH_NO_MEMORY."""
    cdef ddz_move action
    action_of(env, t, a, &action)
    t.last_seat = t.g.s.to_move
    if play_action(env, t, &action) != PUSHED:
        return PUSH_NO_MEMORY
    return advance(env, t, chunk)


cdef int advance(const ddz_tables* env, ddz_table* t, ddz_chunk* chunk) noexcept nogil:
    """The opponents act until a learner seat is to move or the game ends (their actions in
    the chunk's moves); PUSHED or PUSH_NO_MEMORY."""
    cdef Py_ssize_t n, k
    while t.g.s.phase != PHASE_OVER and t.players.policies[t.g.s.to_move] != NULL:
        n = state_actions(&t.g.s, &env.rules, &chunk.moves, &chunk.room)
        if n < 0:
            return PUSH_NO_MEMORY
        k = seat_choice(&t.players, &t.g.s, &env.rules, chunk.moves, n)
        if play_action(env, t, &chunk.moves[k]) != PUSHED:
            return PUSH_NO_MEMORY
    return PUSHED


cdef void write_obs(const ddz_tables* env, const ddz_table* t, int seat, char* obs,
                    int8_t* z) noexcept nogil:
    """Row `seat`'s observation of table t into obs (and z): every element of the row."""
    cdef int written = 0
    if env.scheme == OBS_COMPACT and env.flags & ENCODE_WILDS:    # (physical cards: the steps')
        written = encode_compact(&t.g, seat, env.flags, <int8_t*>obs)
    elif env.scheme == OBS_COMPACT:
        written = encode_compact_recent(&t.g, seat, env.flags, t.recent, t.n_recent, <int8_t*>obs)
    elif env.scheme == OBS_OPENSPIEL:
        written = encode_openspiel(&t.g, seat, env.flags, <float*>obs)
    elif env.scheme == OBS_RLCARD:
        written = encode_rlcard(&t.g, seat, env.flags, <int8_t*>obs)
    else:
        written = encode_douzero(&t.g, seat, env.flags, <int8_t*>obs)
        encode_douzero_history(&t.g, z)
    if written < 0:                     # the auction: no layout (role -1 says so)
        written = 0
    if written < env.width:             # (int8 schemes only: openspiel is full width)
        memset(obs + written, 0, env.width - written)


cdef inline int role_of(const ddz_state* s, int seat, int seats) noexcept nogil:
    """The seat's place after the landlord: 0 the landlord, 1 the next, up to seats - 1 the
    one before him; -1 without a landlord."""
    if s.landlord == NO_SEAT:
        return -1
    return seat - s.landlord + (seats if seat < s.landlord else 0)


cdef void write_outputs(const ddz_tables* env, Py_ssize_t i, ddz_chunk* chunk) noexcept nogil:
    """Table i's observation, player, role, legal ids (appended to the chunk's) and count
    (into starts[i + 1]), and mask row."""
    cdef ddz_table* t = &env.tables[i]
    cdef const ddz_state* s = &t.g.s
    cdef int seat = t.last_seat if t.over else s.to_move
    cdef Py_ssize_t item = 4 if env.scheme == OBS_OPENSPIEL else 1
    cdef Py_ssize_t count = 0, room = MAX_MOVES + 1, k
    cdef bint playing = not t.over and s.phase != PHASE_OVER and s.phase != PHASE_AUCTION
    cdef bint grown = env.wild_ids != NULL or env.seats == 4      # (no fixed bound: see rows.pxd)
    cdef bint can_pass = s.last_move.length != 0
    cdef ddz_hand h
    cdef int32_t* out
    env.current[i] = seat
    env.role[i] = role_of(s, seat, env.seats)
    write_obs(env, t, seat, env.obs + i * env.width * item,
              env.z + i * Z_SIZE if env.z != NULL else NULL)
    if playing and grown:
        room = state_actions(s, &env.rules, &chunk.moves, &chunk.room)     # (pass included)
        if room < 0:
            chunk.failed = STEP_NO_MEMORY
            return
    if grow(&chunk.ids, &chunk.capacity, chunk.n_ids + room) < 0:
        chunk.failed = STEP_NO_MEMORY
        return
    out = chunk.ids + chunk.n_ids
    if t.over or s.phase == PHASE_OVER:
        count = 0
    elif s.phase == PHASE_AUCTION:
        out[0] = env.pass_id
        count = 1
        for k in range(s.bid + 1, 4):
            out[count] = env.first_bid + k - 1
            count += 1
    elif env.wild_ids != NULL:
        count = wild_ids_of(env.wild_ids, chunk.moves, room, False, out)
    elif grown:                             # (two decks: the pass last, if it is legal)
        count = ids_of(env.ids_table, chunk.moves, room - can_pass, can_pass, out)
    else:
        hand_init(&h, s.hands[s.to_move])
        count = legal_ids(env.ids_table, &h, &s.last_move if can_pass else NULL, can_pass,
                          &env.rules, out)
    if count < 0:                           # (a move without an id: NO_ID, or -1 - k)
        chunk.failed = STEP_NO_ID
        count = 0
    chunk.n_ids += count
    env.starts[i + 1] = count
    if env.mask != NULL:
        memset(env.mask + i * env.n_ids, 0, env.n_ids)
        for k in range(count):
            env.mask[i * env.n_ids + out[k]] = 1


cdef int end_game(const ddz_tables* env, Py_ssize_t i, ddz_chunk* chunk) noexcept nogil:
    """Table i's game just ended: its rewards; under same_step its final observation is
    kept and the next game dealt. PUSHED or PUSH_NO_MEMORY."""
    cdef ddz_table* t = &env.tables[i]
    cdef int64_t scores[MAX_SEATS]
    cdef bint spring, anti_spring
    cdef int seat
    cdef Py_ssize_t item = 4 if env.scheme == OBS_OPENSPIEL else 1
    t.over = True
    env.terminated[i] = True
    if t.g.s.phase == PHASE_OVER:
        state_scores(&t.g.s, &env.rules, scores, &spring, &anti_spring)
        for seat in range(env.seats):
            env.rewards[env.seats * i + seat] = <float>scores[seat]
    if env.reset_mode == RESET_SAME_STEP:
        env.final_flags[i] = True
        env.final_current[i] = t.last_seat
        env.final_role[i] = role_of(&t.g.s, t.last_seat, env.seats)
        write_obs(env, t, t.last_seat, env.final_obs + i * env.width * item,
                  env.final_z + i * Z_SIZE if env.final_z != NULL else NULL)
        return start_game(env, t, chunk)
    return PUSHED


cdef void step_chunk(const ddz_tables* env, ddz_chunk* chunk) noexcept nogil:
    cdef Py_ssize_t i
    cdef ddz_table* t
    cdef int check, seat, status
    chunk.n_ids = 0
    chunk.failed = 0
    for i in range(chunk.lo, chunk.hi):
        t = &env.tables[i]
        for seat in range(env.seats):
            env.rewards[env.seats * i + seat] = 0
        env.terminated[i] = False
        if env.final_flags != NULL:
            env.final_flags[i] = False
        check = env.checks[i]
        if check == ACTION_GAME_OVER:           # next_step: the reset step
            status = start_game(env, t, chunk)
        elif check == ACTION_OK:
            status = play(env, t, env.actions[i], chunk)
            if status == PUSHED and t.g.s.phase == PHASE_OVER:
                status = end_game(env, i, chunk)
        else:                                   # lose or forfeit (raise checked first)
            t.last_seat = t.g.s.to_move
            for seat in range(env.seats):
                env.rewards[env.seats * i + seat] = (
                    -1 if seat == t.last_seat else 0 if env.illegal == ILLEGAL_LOSE else 1)
            status = end_game(env, i, chunk)
        if status != PUSHED:
            chunk.failed = STEP_NO_MEMORY
            return
        write_outputs(env, i, chunk)


cdef void reset_chunk(const ddz_tables* env, ddz_chunk* chunk) noexcept nogil:
    cdef Py_ssize_t i
    chunk.n_ids = 0
    chunk.failed = 0
    for i in range(chunk.lo, chunk.hi):
        if env.reset_mask == NULL or env.reset_mask[i]:
            if env.reseed:
                env.tables[i].seeds = stream_seed(env.seed, i)
                env.tables[i].games = 0
            if start_game(env, &env.tables[i], chunk) != PUSHED:
                chunk.failed = STEP_NO_MEMORY
                return
            env.terminated[i] = False
        write_outputs(env, i, chunk)


cdef void gather_chunk(ddz_tables* env, ddz_chunk* chunk) noexcept nogil:
    """The chunk's legal ids and offsets into place; DouZero's x_batch rows of its tables."""
    cdef Py_ssize_t first = env.starts[chunk.lo], i, k, start, count, width
    cdef Py_ssize_t full = env.x_batch_width
    cdef uint64_t cards[MAX_MOVES + 1]
    cdef const ddz_table* t
    cdef float* rows
    chunk.first = first
    memcpy(env.ids + first, chunk.ids, chunk.n_ids * sizeof(int32_t))
    memcpy(env.offsets + chunk.lo + 1, env.starts + chunk.lo + 1,
           (chunk.hi - chunk.lo) * sizeof(int64_t))
    if chunk.lo == 0:
        env.offsets[0] = 0
    if env.scheme != OBS_DOUZERO:
        return
    for i in range(chunk.lo, chunk.hi):
        start = env.starts[i]
        count = env.starts[i + 1] - start
        if count == 0:
            continue
        t = &env.tables[i]
        rows = env.x_batch + start * full
        for k in range(count):
            cards[k] = env.ids_table.actions[chunk.ids[start - first + k]].cards
        width = encode_douzero_batch(&t.g, t.g.s.to_move, env.flags, cards, count, rows)
        if width < 0:                           # the auction
            memset(rows, 0, count * full * sizeof(float))
        elif width < full:                      # the landlord's rows, spread to full width
            for k in range(count - 1, -1, -1):
                memmove(rows + k * full, rows + k * width, width * sizeof(float))
                memset(rows + k * full + width, 0, (full - width) * sizeof(float))


ctypedef struct phase_task:     # what a fan-out part needs to run its chunk of a phase
    ddz_tables* env
    int phase


cdef void run_chunk(void* context, Py_ssize_t c) noexcept nogil:
    cdef phase_task* task = <phase_task*>context
    cdef ddz_tables* env = task.env
    if task.phase == PHASE_STEP:
        step_chunk(env, &env.chunks[c])
    elif task.phase == PHASE_RESET:
        reset_chunk(env, &env.chunks[c])
    else:
        gather_chunk(env, &env.chunks[c])


cdef void run_phase(ddz_tables* env, int phase) noexcept nogil:
    # (the task lives on this stack: fanout_run returns only when every part is done)
    cdef phase_task task
    task.env = env
    task.phase = phase
    fanout_run(&env.fanout, run_chunk, &task)


cdef Py_ssize_t check_actions(ddz_tables* env) noexcept nogil:
    cdef Py_ssize_t i, k
    cdef const ddz_chunk* chunk
    cdef int check
    for k in range(env.threads):
        chunk = &env.chunks[k]
        for i in range(chunk.lo, chunk.hi):
            check = check_action(env, chunk, i)
            env.checks[i] = check
            if check != ACTION_OK and (env.reset_mode == RESET_DISABLED
                                       if check == ACTION_GAME_OVER
                                       else env.illegal == ILLEGAL_RAISE):
                return i
    return -1
