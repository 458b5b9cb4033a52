# Action spaces at the Python boundary: dense ids for every action of a rule set's game, and
# the legal ids (or masks) of positions, one at a time or in batches without the GIL.

from importlib import resources

import numpy as np

from cpython.buffer cimport PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer
from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free
from libc.string cimport memcpy

from ._batch cimport CHUNK_ROWS, _BatchInput, check_status, wild_rows
from ._cards cimport Hand, as_hand, packed_from
from ._core.actions cimport (
    MAX_PLAYS, NO_ID, ddz_action_ids, ddz_id_slot, enumerate_plays, ids_of, index_actions,
    legal_ids, legal_ids_moves, play_id, prepare,
)
from ._core.alloc cimport grow
from ._core.bits cimport hand_init
from ._core.rows cimport NO_ID_ROW, rows_ids, rows_mask, rows_wild_ids
from ._core.state cimport PHASE_AUCTION, PHASE_PLAY, ddz_state, state_actions
from ._core.typedefs cimport KIND_LONG_BOMB, MAX_HAND_CARDS, MAX_MOVES, ddz_hand, ddz_move, ddz_wilds
from ._core.wild_ids cimport (
    LONG_BOMB_LENGTHS, WILD_ID_RANKS, ddz_wild_ids, wild_action, wild_id, wild_ids_of,
    wild_ids_prepare,
)
from ._game cimport Game
from ._moves cimport Move, MoveList, as_move, move_from_c, wilds_of
from ._rules cimport Rules, as_rules, without_wilds

from ._moves import MOVE_DTYPE, PASS, classify, legal_moves
from .checks import check_int, describe_array
from .errors import InvalidMoveError, UnsupportedRulesError
from .kind import Kind

cdef str RLCARD_ACTIONS = "rlcard_actions.txt"

BIDS = (1, 2, 3)

# legal_ids and legal_mask make a small array per call, so each step of that counts: np.empty
# and the dtype are looked up once, and the data pointer is read from the array itself (the
# `data` field after the object header: the layout that NumPy's PyArray_DATA reads in every
# extension built against its headers, which this build does not use), not through the buffer
# protocol, which allocates a buffer description for each new array (40 ns of a 400 ns
# legal_ids), or a typed memoryview (300 ns). DATA_FIRST checks the layout once at import
# against the buffer protocol, which serves instead if it ever differs.
cdef object EMPTY = np.empty
cdef object ZEROS = np.zeros
cdef object INT32 = np.dtype(np.int32)
cdef object BOOL = np.dtype(np.bool_)

cdef extern from *:
    """
    typedef struct { PyObject_HEAD char *data; } ddz_array_head;
    #define ddz_array_data(a) (((ddz_array_head *)(a))->data)
    """
    char* array_head_data "ddz_array_data"(object a)


cdef char* buffer_data(object a) except? NULL:
    cdef Py_buffer buf
    PyObject_GetBuffer(a, &buf, PyBUF_WRITABLE)
    cdef char* data = <char*>buf.buf
    PyBuffer_Release(&buf)      # `a` keeps the memory
    return data


cdef bint data_first():
    probe = EMPTY(3, INT32)
    return type(probe) is np.ndarray and array_head_data(probe) == buffer_data(probe)


cdef bint DATA_FIRST = data_first()


cdef inline char* array_data(object a) except? NULL:
    """The data of an array just made by EMPTY or ZEROS (C-contiguous, writeable)."""
    return array_head_data(a) if DATA_FIRST else buffer_data(a)


cdef object int32_array(const int32_t* data, Py_ssize_t n):
    """A new int32 array of data[0:n]."""
    out = EMPTY(n, INT32)
    memcpy(array_data(out), data, n * sizeof(int32_t))
    return out


cdef object play_array(Rules rules):
    """Every play of the rules as a MOVE_DTYPE array, in the order of the move generators."""
    cdef ddz_move* plays = NULL
    cdef Py_ssize_t capacity = 0, n
    if grow(&plays, &capacity, MAX_PLAYS) < 0:
        raise MemoryError()
    try:
        with nogil:
            n = enumerate_plays(&rules.c, plays)
        if n < 0:       # (bounded by counting in bench/max_moves.py: cannot happen)
            raise ValueError(f"the plays of {rules!r} are more than {MAX_PLAYS:,}")
        return np.frombuffer(<char[:n * sizeof(ddz_move)]><char*>plays, dtype=MOVE_DTYPE).copy()
    finally:
        free(plays)


def every_play(rules=None):
    """Every play of a rule set (default: RULES.md's), each reading of a set of cards apart,
    as a list of Moves ordered by kind code, length, main rank, then kicker ranks ascending
    (28,738 under ``standard``; of two decks, every play of at most 33 cards: 7,951 under
    ``four_1v3``). Enumerated by the move generators on the whole deck."""
    cdef Rules r = without_wilds(as_rules(rules, four_players=True), "every_play")
    return [Move.from_row(row, rules=r) for row in play_array(r).tolist()]


cdef object canonical_actions(Rules rules):
    """The canonical order: the pass, the bids 1-3 where the rules have an auction, then every
    play as every_play orders them."""
    plays = play_array(rules)
    head = 1 + (len(BIDS) if rules.auction != "none" else 0)
    actions = np.zeros(head + len(plays), dtype=MOVE_DTYPE)
    actions[head:] = plays
    return actions, 0, (1 if head > 1 else -1)


cdef object named_actions(Rules rules):
    """(actions, pass id, id of bid 1 or -1) of a preset whose ids are another engine's."""
    if rules.name == "rlcard":
        moves, pass_id, first_bid = rlcard_order(rules)
    elif rules.name == "openspiel":
        moves, pass_id, first_bid = openspiel_order(rules)
    else:
        return canonical_actions(rules)
    actions = np.zeros(len(moves), dtype=MOVE_DTYPE)
    for i, move in enumerate(moves):
        if move is not None:
            actions[i] = (<Move?>move).row
    return actions, pass_id, first_bid


cdef object rlcard_order(Rules rules):
    """RLCard 1.2.0's ids: its action strings in id order (its ``ID_2_ACTION``), which ship as
    package data written by ``scripts/make_rlcard_actions.py`` (the peer tests check the file
    against the installed rlcard); each string has exactly one reading under the preset."""
    lines = (resources.files("ddz_fast") / "data" / RLCARD_ACTIONS).read_text("ascii").splitlines()
    moves = []
    for text in lines:
        if text.startswith("#"):
            continue
        if text == "pass":
            moves.append(None)
            continue
        readings = classify(text, rules=rules)
        if len(readings) != 1:
            raise ValueError(f"{RLCARD_ACTIONS}: {text!r} has {len(readings)} readings under the "
                             f"rlcard preset, not one")
        moves.append(readings[0])
    return moves, moves.index(None), -1


# OpenSpiel's blocks of play ids, in id order (dou_dizhu_utils: kPlayActionBase = 4 on, after
# the pass 0 and the bids 1-3).
cdef tuple OPENSPIEL_BLOCKS = (Kind.SINGLE, Kind.STRAIGHT, Kind.PAIR, Kind.PAIR_CHAIN, Kind.TRIO,
                                Kind.TRIO_SINGLE, Kind.TRIO_PAIR, Kind.PLANE, Kind.PLANE_SINGLES,
                                Kind.PLANE_PAIRS, Kind.BOMB, Kind.ROCKET)
cdef int OPENSPIEL_FIRST_PLAY = 4
cdef dict OPENSPIEL_BLOCK = {kind: i for i, kind in enumerate(OPENSPIEL_BLOCKS)}


def _openspiel_key(move):
    """OpenSpiel 2.0.2's order of plays: by block, then length, then main rank; the kickers of
    a plane or trio by their ranks written high to low, ascending as sequences (a pair kicker
    counts once). Its own enumeration, checked id by id against ``pyspiel`` in the peer tests."""
    unit = 2 if move.kind in (Kind.TRIO_PAIR, Kind.PLANE_PAIRS) else 1
    kickers = Hand(move) - Hand(str(move).partition("+")[0])
    ranks = [r for r, count in enumerate(kickers.counts) for _ in range(count // unit)]
    return OPENSPIEL_BLOCK[move.kind], move.length, move.main, ranks[::-1]


cdef object openspiel_order(Rules rules):
    """OpenSpiel 2.0.2's ids: the pass 0, the bids 1-3, then the plays (``_openspiel_key``)."""
    return [None] * OPENSPIEL_FIRST_PLAY + sorted(every_play(rules), key=_openspiel_key), 0, 1


# The tables of the spaces made so far, by rules: (actions, slots, pass id, id of bid 1). Their
# arrays are read-only, so spaces of equal rules share them (OpenSpiel's order takes 0.2 s).
cdef dict TABLES = {}


cdef void wild_ids_init(ddz_wild_ids* w, const ddz_action_ids* plain, Rules rules,
                        int32_t* start) noexcept:
    """The fields of `w` that the rules and the tables give (wild_ids_prepare counts n)."""
    w.plain = plain
    w.n_wild = rules.c.wilds
    w.long_bombs = (rules.c.kinds >> KIND_LONG_BOMB) & 1
    w.start = start


cdef tuple build_table(Rules rules):
    """(actions, slots, pass id, id of bid 1, starts): the plain space's tables, and for
    wild-card rules the starts of its blocks (wild_ids.pxd; None without wild cards)."""
    cdef ddz_action_ids t
    cdef ddz_wild_ids w
    # a wild-card space's blocks are the plays in canonical order (its rules are no peer's)
    actions, pass_id, first_bid = (canonical_actions(rules.replace(wilds="none")) if rules.c.wilds
                                   else named_actions(rules))
    actions.flags.writeable = False
    cdef const uint8_t[::1] raw = actions.view(np.uint8)
    size = 2
    while size < 4 * len(actions):    # a quarter full: at half full, searches that go past
        size *= 2                     # their first slot cost 40% more per id (2 MB here)
    slots = np.zeros(size * sizeof(t.slots[0]), dtype=np.uint8)
    cdef uint8_t[::1] slot_bytes = slots
    t.actions = <const ddz_move*>&raw[0]
    t.n = len(actions)
    t.slots = <ddz_id_slot*>&slot_bytes[0]
    t.slot_mask = size - 1
    prepare(&t)
    cdef int32_t status = index_actions(&t)
    if status < 0:
        raise ValueError(f"the actions of {rules!r} list {actions[-1 - status]} twice")
    slots.flags.writeable = False
    if not rules.c.wilds:
        return actions, slots, pass_id, first_bid, None
    t.pass_id = pass_id
    starts = np.zeros(t.n + 1 + WILD_ID_RANKS * LONG_BOMB_LENGTHS, dtype=np.int32)
    cdef int32_t[::1] start_view = starts
    wild_ids_init(&w, &t, rules, &start_view[0])
    if wild_ids_prepare(&w) < 0:
        raise ValueError(f"the action ids of {rules!r} do not fit an int32")
    starts.flags.writeable = False
    return actions, slots, pass_id, first_bid, starts


cdef class ActionSpace:
    """Every action of a rule set's game with a dense id: ``ActionSpace("rlcard")``.

    ``rules`` is a ``Rules`` or a preset name (``Rules.presets()``; None: ``standard``). The
    ids of the ``rlcard`` and ``openspiel`` presets are those engines' own (RLCard 1.2.0's table
    and OpenSpiel 2.0.2's order, both shipped with ddz_fast and checked against the peers);
    every other rule set has the canonical order: 0 is the pass, 1-3 the bids 1-3 where the
    rules have an auction, then every play by kind code, length, main rank and kicker ranks
    ascending. ``space.id(action)`` and ``space.action(id)`` translate; iterating gives the
    actions in id order (``PASS``, the bids as ints, then Moves).

    ``legal_ids`` and ``legal_mask`` give the legal actions of a ``Game`` or of a hand on a
    previous move; ``legal_ids_batch`` and ``legal_mask_batch`` those of many hands at once,
    natively and without the GIL. Spaces are immutable and may be shared between threads.

    Under wild-card rules (RULES.md 10) each play of the canonical order is a block of ids, one
    per way wild cards may make its main part (``Move.substitutes``, ``second_wilds``,
    ``pure_wild``), long bombs after every play: ids over (play, physical cards), counted
    rather than stored (docs/guide/action-spaces.md gives the sizes: 2,157,615 ids with one
    wild rank). ``legal_ids`` and ``legal_mask`` take the hand's ``wild_ranks``; the batch
    functions and ``actions`` do not serve such spaces yet.

    The four-player game of two decks (``players=4``, RULES.md 11) has the canonical order
    over its plays of at most 33 cards (``four_1v3``: 7,955 ids, ``four_2v2``: 7,773).
    """

    # fields (see _actions.pxd): t, the native table; _rules; _actions and _slots, the arrays
    # behind t.actions and t.slots

    def __init__(self, rules=None):
        if self._rules is not None:
            raise TypeError("an ActionSpace is immutable: __init__ may not be called again")
        rules = as_rules(rules, four_players=True)
        table = TABLES.get(rules)
        if table is None:
            table = TABLES[rules] = build_table(rules)
        actions, slots, pass_id, first_bid, starts = table
        cdef const uint8_t[::1] raw = actions.view(np.uint8)
        cdef const uint8_t[::1] slot_bytes = slots
        size = len(slots) // sizeof(self.t.slots[0])
        self.t.actions = <const ddz_move*>&raw[0]
        self.t.n = len(actions)
        self.t.pass_id = pass_id
        self.t.first_bid = first_bid
        self.t.slots = <ddz_id_slot*>&slot_bytes[0]
        self.t.slot_mask = size - 1
        prepare(&self.t)
        cdef const int32_t[::1] start_view
        if starts is not None:
            start_view = starts
            wild_ids_init(&self.w, &self.t, rules, <int32_t*>&start_view[0])
            self.w.n = start_view[self.t.n + (WILD_ID_RANKS * LONG_BOMB_LENGTHS
                                              if self.w.long_bombs else 0)]
        self._starts = starts
        self._actions = actions
        self._slots = slots
        self._rules = rules

    cdef int check_ready(self) except -1:
        if self._rules is None:
            raise ValueError("this ActionSpace was made without __init__ and has no actions")
        return 0

    @property
    def name(self):
        """The preset name of the rules, or None."""
        self.check_ready()
        return self._rules.name

    @property
    def rules(self):
        self.check_ready()
        return self._rules

    @property
    def actions(self):
        """Every action as a read-only ``MOVE_DTYPE`` array indexed by id; the pass and the
        bids are all-zero rows (``pass_id``, ``bid_ids`` tell which)."""
        self.check_ready()
        if self.w.n:
            raise UnsupportedRulesError(
                f"{self!r} has {self.w.n:,} ids, counted rather than listed: action(id) gives "
                f"each one's move (the actions array does not support wild cards yet)")
        return self._actions

    @property
    def pass_id(self):
        self.check_ready()
        return self.c_id(self.t.pass_id)

    @property
    def bid_ids(self):
        """The ids of the bids 1, 2, 3 (empty without an auction)."""
        self.check_ready()
        return () if self.t.first_bid < 0 else tuple(self.c_id(self.t.first_bid + k)
                                                     for k in range(3))

    cdef int32_t c_id(self, int32_t plain) noexcept:
        """The id of the pass or a bid, by its plain id (a block of one under wild cards)."""
        return self.w.start[plain] if self.w.n else plain

    def __len__(self):
        self.check_ready()
        return self.w.n if self.w.n else self.t.n

    def __iter__(self):
        cdef int32_t i
        self.check_ready()
        for i in range(len(self)):
            yield self.action(i)

    def id(self, action):
        """The id of ``action``: a Move, ``PASS``, move text (the move ``Move.parse`` reads
        under the space's rules), or a bid 1-3 (0: the pass of the auction).
        ``InvalidMoveError`` for an action without an id."""
        cdef int32_t id
        self.check_ready()
        cdef bint wild = self.w.n != 0
        text = action if isinstance(action, str) else None
        if text is not None:
            try:
                action = as_move(text, self._rules)     # text means one move everywhere
            except InvalidMoveError as e:
                raise InvalidMoveError(f"{text!r} has no id in {self!r}: {e}") from None
        if isinstance(action, Move):
            if (<Move>action).c.length == 0:
                return self.c_id(self.t.pass_id)
            id = wild_id(&self.w, &(<Move>action).c) if wild else play_id(&self.t, &(<Move>action).c)
            if id >= 0:
                return id
            shown = action if text is None else text    # as given
            raise InvalidMoveError(f"{shown!r} has no id in {self!r}")
        if isinstance(action, bool) or not hasattr(action, "__index__"):
            raise TypeError(f"an action is a Move, move text or a bid, not {type(action).__name__} "
                            f"({action!r})")
        bid = check_int(action, "bid", 0, 3)
        if bid == 0:
            return self.c_id(self.t.pass_id)
        if self.t.first_bid < 0:
            raise InvalidMoveError(f"{self!r} has no bids: its rules have no auction")
        return self.c_id(self.t.first_bid + bid - 1)

    def action(self, id):
        """The action of an id: ``PASS``, a bid (int 1-3) or a Move."""
        self.check_ready()
        cdef ddz_move m
        cdef int32_t i = check_int(id, "action id", 0, len(self) - 1)
        if i == self.c_id(self.t.pass_id):
            return PASS
        if self.t.first_bid >= 0 and self.c_id(self.t.first_bid) <= i < self.c_id(self.t.first_bid) + 3:
            return i - self.c_id(self.t.first_bid) + 1
        if self.w.n:
            wild_action(&self.w, i, &m)
            return move_from_c(&m)
        return move_from_c(&self.t.actions[i])

    def __contains__(self, action):
        self.check_ready()          # (else its ValueError would read as "not in the space")
        try:
            self.id(action)
        except (ValueError, TypeError):
            return False
        return True

    def __eq__(self, other):
        self.check_ready()
        if isinstance(other, ActionSpace):
            (<ActionSpace>other).check_ready()
            return self._rules == (<ActionSpace>other)._rules
        return NotImplemented

    def __hash__(self):
        self.check_ready()
        return hash((ActionSpace, self._rules))

    def __repr__(self):
        if self._rules is None:
            return "<ActionSpace made without __init__>"
        name = self._rules.name
        return f"ActionSpace({name!r})" if name else f"ActionSpace({self._rules!r})"

    def __reduce__(self):
        self.check_ready()
        return (ActionSpace, (self._rules.name or self._rules,))

    # Legal actions ------------------------------------------------------------------------

    cdef Py_ssize_t position_ids(self, position, prev, wild_ranks, int32_t* out) except -2:
        """The legal ids of a Game, or of a hand on `prev`, into out (MAX_MOVES + 1), where
        they have a fixed bound (not grows; so `wild_ranks` must be None)."""
        cdef ddz_hand h
        cdef Move p
        cdef Game game
        cdef const ddz_state* s
        cdef Py_ssize_t n
        cdef Rules rules = self._rules
        cdef const ddz_move* on = NULL
        cdef bint can_pass = False
        if wild_ranks is not None:
            wilds_of(wild_ranks, rules)     # (ValueError: the rules have no wild cards)
        # a Hand first: isinstance() of a Hand walks its type's bases to say it is no Game
        if type(position) is not Hand and isinstance(position, Game):
            if prev is not None:
                raise TypeError("legal_ids(game) takes no prev: the game knows the move to beat")
            game = <Game>position
            self.check_game(game)
            s = &game.g.s
            rules = game._rules
            if s.phase != PHASE_PLAY:
                return self.auction_ids(s, out)
            hand_init(&h, s.hands[s.to_move])
            if s.last_move.length:
                on = &s.last_move
                can_pass = True
        else:
            hand_init(&h, packed_from(position, MAX_HAND_CARDS))     # (one deck: refuses more)
            if prev is not None and not (isinstance(prev, Move) and (<Move>prev).c.length == 0):
                p = as_move(prev, rules)        # checked as legal_moves checks it
                if p.c.length:                  # (text "pass" reads as PASS: a lead)
                    on = &p.c
                    can_pass = True
        n = legal_ids(&self.t, &h, on, can_pass, &rules.c, out)
        if n == NO_ID:      # (the GIL is held throughout: the second look finds the same move)
            self.raise_no_id(&h, on, rules)
            raise InvalidMoveError(f"a legal move has no id in {self!r}")
        return n

    cdef int raise_no_id(self, const ddz_hand* h, const ddz_move* on, Rules rules) except -1:
        """Raise the error that names the first legal move without an id; returns 0 if every
        legal move has one (the row changed since a batch read it)."""
        cdef ddz_move moves[MAX_MOVES]
        cdef ddz_move* end = legal_ids_moves(&self.t, h, on, &rules.c, moves)
        cdef ddz_move* m = moves
        while m < end and play_id(&self.t, m) >= 0:
            m += 1
        if m == end:
            return 0
        raise InvalidMoveError(f"{move_from_c(m)!r} is legal under {rules!r} but has no id in {self!r}")

    cdef int check_game(self, Game game) except -1:
        game.check_ready()
        if game._rules.c.players != self._rules.c.players:    # (one deck or two)
            raise UnsupportedRulesError(
                f"{self!r} has the ids of {self._rules.c.players} players' game, not of a game "
                f"under {game._rules!r} (players={game._rules.c.players}): "
                f"ActionSpace(game.rules) has them")
        if game._rules.c.wilds and not self.w.n:
            raise UnsupportedRulesError(
                f"{self!r} has no ids for the wild-card moves of a game under "
                f"{game._rules!r}: ActionSpace(game.rules) has")
        if game.g.s.phase == PHASE_AUCTION and self.t.first_bid < 0:
            raise InvalidMoveError(f"{self!r} has no bids for the auction of this game")
        return 0

    cdef Py_ssize_t auction_ids(self, const ddz_state* s, int32_t* out) noexcept:
        """The legal ids of a game that is not in its play (room for 4): the pass and the
        bids above the highest in the auction (the space has bids: check_game), none after."""
        cdef Py_ssize_t n = 0
        cdef int bid
        if s.phase == PHASE_AUCTION:
            out[0] = self.c_id(self.t.pass_id)
            n = 1
            for bid in range(s.bid + 1, 4):
                out[n] = self.c_id(self.t.first_bid + bid - 1)
                n += 1
        return n

    cdef bint grows(self):
        """The legal moves of a position in this space have no fixed bound (wild cards, or
        the four-player game of two decks): grown_legal_ids gives their ids."""
        return self.w.n != 0 or self._rules.c.players == 4

    cdef object grown_legal_ids(self, position, prev, wild_ranks):
        """legal_ids where a position's moves have no fixed bound (grows): generated into a
        buffer that grows until they fit, then each looked up once."""
        cdef Game game
        cdef MoveList listed
        cdef ddz_state s
        cdef ddz_move* moves = NULL
        cdef Py_ssize_t n, room = 0
        cdef int32_t bid_ids[4]
        cdef bint can_pass
        if type(position) is not Hand and isinstance(position, Game):
            if prev is not None or wild_ranks is not None:
                raise TypeError("legal_ids(game) takes no prev and no wild_ranks: the game "
                                "knows them")
            game = <Game>position
            self.check_game(game)
            s = game.g.s
            if s.phase != PHASE_PLAY:
                return int32_array(bid_ids, self.auction_ids(&s, bid_ids))
            try:
                n = state_actions(&s, &game.g.rules, &moves, &room)
                if n < 0:
                    raise MemoryError()
                can_pass = s.last_move.length != 0      # (the pass: the last action)
                return self.ids_of_moves(moves, n - can_pass, can_pass, game._rules)
            finally:
                free(moves)
        listed = legal_moves(position, prev, rules=self._rules, wild_ranks=wild_ranks)
        if listed.n < 0:                    # (a MoveList generates its moves when first read)
            listed.generate()
        return self.ids_of_moves(listed.moves, listed.n, listed.prev_move.length != 0,
                                 self._rules)

    cdef object ids_of_moves(self, const ddz_move* moves, Py_ssize_t n, bint can_pass,
                             Rules rules):
        """The ids of moves[0:n] (legal under `rules`, no pass among them; and of the pass
        when `can_pass`), ascending; InvalidMoveError naming the first without one (a game
        under other rules than the space's)."""
        out = EMPTY(n + 1, INT32)
        cdef int32_t[::1] view = out
        cdef Py_ssize_t count, k = 0
        if self.w.n:
            count = wild_ids_of(&self.w, moves, n, can_pass, &view[0])
            k = -1 - count
        else:
            count = ids_of(&self.t, moves, n, can_pass, &view[0])
            if count == NO_ID:
                while play_id(&self.t, &moves[k]) >= 0:
                    k += 1
        if count < 0:
            raise InvalidMoveError(f"{move_from_c(&moves[k])!r} is legal under {rules!r} but "
                                   f"has no id in {self!r}")
        return out[:count]

    def legal_ids(self, position, prev=None, *, wild_ranks=None):
        """The ids of the legal actions, ascending, as an int32 array: of a ``Game`` (its bids
        in the auction, its moves in play, the pass where allowed; none once over), or of a
        hand (a Hand, text or counts) that leads, or answers ``prev`` (a Move or text; then the
        pass is legal too). A Game's moves follow its own rules, a hand's this space's (under
        wild-card rules, with the ``wild_ranks`` that ``legal_moves`` takes);
        ``InvalidMoveError`` if a legal move has no id here, ``UnsupportedRulesError`` for a
        game of another number of players (one deck or two)."""
        cdef int32_t ids[MAX_MOVES + 1]
        self.check_ready()
        if self.grows():
            return self.grown_legal_ids(position, prev, wild_ranks)
        return int32_array(ids, self.position_ids(position, prev, wild_ranks, ids))

    def legal_mask(self, position, prev=None, *, wild_ranks=None):
        """``legal_ids`` as a bool array of ``len(space)``."""
        cdef int32_t ids[MAX_MOVES + 1]
        self.check_ready()
        if self.grows():
            mask = ZEROS(len(self), BOOL)
            mask[self.grown_legal_ids(position, prev, wild_ranks)] = True
            return mask
        cdef Py_ssize_t n = self.position_ids(position, prev, wild_ranks, ids), i
        mask = ZEROS(self.t.n, BOOL)
        cdef uint8_t* data = <uint8_t*>array_data(mask)
        for i in range(n):
            data[ids[i]] = 1
        return mask

    cdef int raise_row_no_id(self, _BatchInput batch, Py_ssize_t row) except -1:
        cdef ddz_hand h
        cdef const ddz_move* on = NULL
        cdef ddz_move prev
        hand_init(&h, as_hand(batch.hands[row].tolist()).packed)
        if batch.prev_data != NULL:
            prev = batch.prev_data[row]
            if prev.length:
                on = &prev
        try:
            self.raise_no_id(&h, on, self._rules)
        except InvalidMoveError as e:
            raise InvalidMoveError(f"hands[{row}]: {e}") from None
        raise InvalidMoveError(f"hands[{row}] had a legal move without id when it was read "
                               f"(it has changed since: another thread wrote it)")

    def legal_ids_batch(self, hands, prevs=None, *, wild_ranks=None):
        """The legal ids of many hands at once, natively and without the GIL: ``hands`` an
        (N, 15) array of rank counts, ``prevs`` None or N moves of ``MOVE_DTYPE`` (a row of
        length 0 leads), ``wild_ranks`` under wild-card rules, as for ``legal_moves_batch``.
        Returns CSR ``(offsets, ids)``: int64 offsets of size N+1 and int32 ids, row i's
        ascending in ``ids[offsets[i]:offsets[i+1]]``, the pass among them where the row
        answers a previous move."""
        self.check_ready()
        cdef _BatchInput batch = _BatchInput(hands, prevs, self._rules)
        cdef bint wild = self.w.n != 0
        if not wild:
            wilds_of(wild_ranks, self._rules)   # (none may be given)
        # (a plain space's rows have no wild ranks: one row that rows_ids does not read)
        cdef const uint8_t[:, ::1] w = (wild_rows(wild_ranks, self._rules, batch.n) if wild
                                        else np.zeros((1, 2), dtype=np.uint8))
        cdef bint per_row = w.shape[0] > 1
        offsets = np.empty(batch.n + 1, dtype=np.int64)
        cdef int64_t[::1] offs = offsets
        cdef int32_t* ids = NULL
        cdef Py_ssize_t capacity = 0, status, start, stop, bad_row
        offs[0] = 0
        try:
            if grow(&ids, &capacity, MAX_MOVES + 1 + batch.n * (8 if batch.prev_data else 64)) < 0:
                raise MemoryError()
            for start in range(0, batch.n, CHUNK_ROWS):
                stop = min(batch.n, start + CHUNK_ROWS)
                with nogil:
                    if wild:
                        status = rows_wild_ids(batch.hand_data, batch.prev_data,
                                               <const ddz_wilds*>&w[0, 0], per_row, start, stop,
                                               &self._rules.c, &self.w, &offs[0], &ids,
                                               &capacity, &bad_row)
                    else:
                        status = rows_ids(batch.hand_data, batch.prev_data, start, stop,
                                          &self._rules.c, &self.t, &offs[0], &ids, &capacity,
                                          &bad_row)
                if status == NO_ID_ROW:
                    if wild or self._rules.c.players == 4:  # (cannot happen: canonical ids)
                        raise InvalidMoveError(f"hands[{bad_row}]: a legal move has no id in "
                                               f"{self!r}")
                    self.raise_row_no_id(batch, bad_row)
                check_status(batch, status, self._rules)
                PyErr_CheckSignals()
            out = int32_array(ids, offs[batch.n])
        finally:
            free(ids)
        return offsets, out

    def legal_mask_batch(self, hands, prevs=None, out=None):
        """``legal_ids_batch`` as an (N, len(space)) bool array, written into ``out`` if given
        (a C-contiguous bool array of that shape; every element is written). Not for a
        wild-card space, whose rows would be millions of bytes: ``legal_ids_batch`` gives
        their ids."""
        self.check_ready()
        if self.w.n:
            raise UnsupportedRulesError(
                f"legal_mask_batch: a row of the {self.w.n:,} ids of {self!r} per hand; "
                f"legal_ids_batch gives the legal ids of a wild-card space")
        cdef _BatchInput batch = _BatchInput(hands, prevs, self._rules)
        shape = (batch.n, self.t.n)
        if out is None:
            out = np.empty(shape, dtype=np.bool_)
        elif not isinstance(out, np.ndarray) or out.dtype != np.bool_ or out.shape != shape \
                or not out.flags.c_contiguous or not out.flags.writeable:
            raise ValueError(f"out must be a writeable C-contiguous bool array of shape {shape}, "
                             f"not {describe_array(out)}")
        cdef uint8_t[:, ::1] masks = out.view(np.uint8)
        cdef Py_ssize_t status, start, stop, bad_row
        for start in range(0, batch.n, CHUNK_ROWS):
            stop = min(batch.n, start + CHUNK_ROWS)
            with nogil:
                status = rows_mask(batch.hand_data, batch.prev_data, start, stop, &self._rules.c,
                                   &self.t, &masks[0, 0] if batch.n else NULL, &bad_row)
            if status == NO_ID_ROW:     # (not of two decks: their ids are canonical)
                self.raise_row_no_id(batch, bad_row)
            check_status(batch, status, self._rules)
            PyErr_CheckSignals()
        return out
