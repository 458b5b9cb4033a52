# Observation encodings at the Python boundary: named schemes whose encode() checks its
# arguments and runs one kernel of _core/encode on the native game (layouts: encodings.py).

import numpy as np

cimport cython
from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer

from libc.stdint cimport int8_t, int32_t, int64_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc

from ._core.encode cimport (
    DOUZERO_HISTORY, DOUZERO_Z_ROWS, ENCODE_BUG_COMPATIBLE, ENCODE_NO_LANDLORD, ENCODE_OTHERS_HAND,
    ENCODE_FOUR_SEATS, ENCODE_PERFECT_INFORMATION, ENCODE_TOO_MANY_BOMBS, ENCODE_TOO_MANY_CARDS, ENCODE_WILDS,
    RLCARD_CARDS, compact_size, douzero_size,
    encode_compact, encode_douzero, encode_douzero_batch, encode_douzero_history, encode_openspiel, encode_rlcard,
    openspiel_size, rlcard_size,
)
from ._actions cimport ActionSpace
from ._cards cimport packed_from
from ._core.actions cimport ddz_action_ids
from ._core.typedefs cimport WILD_PURE, WILD_SECOND, ddz_move, ddz_rules
from ._core.wild_ids cimport ddz_wild_ids, wild_action
from ._moves cimport Move
from ._core.state cimport NO_SEAT, PHASE_OVER
from ._game cimport Game
from ._rules cimport Rules, as_rules, without_wilds

from .checks import check_bool, check_choice, check_int, describe_array
from .errors import EncodingError, UnsupportedRulesError

ROLES = ("landlord", "farmer")

cdef object EMPTY = np.empty
cdef object INT8 = np.dtype(np.int8)
cdef object FLOAT32 = np.dtype(np.float32)


cdef int perfect_flag(object perfect_information) except -1:
    return ENCODE_PERFECT_INFORMATION if check_bool(perfect_information, "perfect_information") else 0


cdef str perfect_arguments(Encoding scheme, str others):
    """The arguments of a scheme's repr: its other switches that differ from their defaults
    (already formatted), then perfect_information if set."""
    if scheme.flags & ENCODE_PERFECT_INFORMATION:
        return f"{others}, perfect_information=True" if others else "perfect_information=True"
    return others


cdef Game as_game(object game, str scheme):
    """`game` checked for an encoder of `scheme` (only compact observes wild-card games)."""
    if not isinstance(game, Game):
        raise TypeError(f"game must be a ddz_fast Game, not {type(game).__name__}")
    cdef Game g = <Game>game
    g.check_ready()
    if scheme != "compact":
        without_wilds(g._rules, f"the {scheme} encoding")
        if g.g.s.n_seats == 4:
            refuse_four_seats(scheme)
    if g.g.s.n_seats == 2:
        raise EncodingError("the encodings observe games of three seats (compact: of four "
                            "too), not a two-seat endgame")
    return g


cdef int refuse_four_seats(str scheme) except -1:
    raise UnsupportedRulesError(
        f"the {scheme} encoding is a peer's observation of three seats: the four-player game "
        f"(players=4, RULES.md 11) has the compact encoding")


cdef int seat_of(Game g, object seat) except -1:
    """The seat named (0..2, or 0..3 of four), or the seat to move for None."""
    if seat is None:
        if g.g.s.phase == PHASE_OVER:
            raise ValueError("seat: the game is over and nobody is to move; name the seat")
        return g.g.s.to_move
    return check_int(seat, "seat", 0, g.g.s.n_seats - 1)


cdef object prepare_out(object out, object dtype, tuple shape, str whose, int seat):
    """A new array of dtype and shape for None, else `out` if it is a writeable C-contiguous
    array of them (ValueError else, `whose` formatted with the seat and shape[0] as n)."""
    if out is None:
        return EMPTY(shape, dtype)
    if (not isinstance(out, np.ndarray) or out.dtype != dtype or out.shape != shape
            or not out.flags.c_contiguous or not out.flags.writeable):
        raise ValueError(f"out must be a writeable C-contiguous {dtype} array of shape "
                         f"{shape} ({whose.format(seat=seat, n=shape[0])}), not "
                         f"{describe_array(out)}")
    return out


cdef Py_ssize_t needs_landlord(Game game, str name) except -1:
    if game.g.s.landlord == NO_SEAT:
        raise EncodingError(f"the {name} encoding needs a landlord: the game is in its auction"
                            if game.g.s.phase != PHASE_OVER else f"the {name} encoding needs a "
                            "landlord: everyone passed in the auction")
    return 0


cdef int check_encoded(int n, str name, Game game) except -1:
    if n == ENCODE_NO_LANDLORD:         # (seat_size said so first)
        raise EncodingError(f"the {name} encoding needs a landlord")
    if n == ENCODE_TOO_MANY_CARDS:
        raise EncodingError(f"the {name} encoding holds at most 20 cards for the landlord "
                            f"and 17 for a farmer: {game.position()!r}")
    if n == ENCODE_TOO_MANY_BOMBS:
        raise EncodingError(f"the {name} encoding counts at most 14 bombs (bomb_num), the game "
                            f"{game.bombs}: {game.position()!r}")
    return n


cdef void write_action_features(const ddz_action_ids* table, const int64_t* ids, Py_ssize_t n,
                                Py_ssize_t width, int8_t* out) noexcept nogil:
    """Rows of ``width`` into zeroed ``out``: 15 rank counts, or RLCard's 54 cards (rank r
    held k times sets 4r .. 4r + k - 1, then the two jokers)."""
    cdef Py_ssize_t i, r, k, j
    cdef uint64_t cards
    cdef int8_t* row
    for i in range(n):
        cards = table.actions[ids[i]].cards
        row = out + i * width
        for r in range(15):
            k = (cards >> (4 * r)) & 15
            if width == 15:
                row[r] = <int8_t>k
            elif r < 13:
                for j in range(k):
                    row[4 * r + j] = 1
            else:
                row[39 + r] = <int8_t>k         # 52 the black joker, 53 the red


cdef enum:
    WILD_FEATURES = 32              # compact's action features of a wild-card space


cdef void write_wild_action_features(const ddz_wild_ids* w, const int64_t* ids, Py_ssize_t n,
                                     int8_t* out) noexcept nogil:
    """Rows of WILD_FEATURES into zeroed ``out``: the 15 rank counts of the cards the move
    stands for, the 15 of those that wild cards stand for, how many of them the second wild
    rank plays, and 1 for a pure-wild bomb (what sets apart the ids of one play)."""
    cdef Py_ssize_t i, r
    cdef uint32_t subs
    cdef ddz_move m
    cdef int8_t* row
    for i in range(n):
        wild_action(w, <int32_t>ids[i], &m)
        row = out + i * WILD_FEATURES
        for r in range(15):
            row[r] = <int8_t>((m.cards >> (4 * r)) & 15)
        subs = m.substitutes
        while subs:                         # (a nibble per substitute: its rank + 1)
            row[15 + (subs & 0xF) - 1] += 1
            subs >>= 4
        row[30] = m.wild & WILD_SECOND
        row[31] = (m.wild & WILD_PURE) != 0


cdef int rules_flags(const ddz_rules* rules) noexcept nogil:
    """The compact scheme's flags that the rules set: wild cards, four seats."""
    return ((ENCODE_WILDS if rules.wilds else 0)
            | (ENCODE_FOUR_SEATS if rules.players == 4 else 0))


cdef class Encoding:
    """An observation scheme: ``name``, ``dtype``, ``shape(role)`` and
    ``encode(game, seat=None, *, out=None)``, one seat's observation of a ``Game`` as a 1-d
    numpy array. The schemes are ``RLCardEncoding``, ``OpenSpielEncoding``,
    ``DouZeroEncoding`` and ``CompactEncoding`` (their default instances ``RLCARD``,
    ``OPENSPIEL``, ``DOUZERO`` and ``COMPACT``); each is an immutable value of its switches.
    Every scheme takes ``perfect_information=False``: when True the observation appends, after
    the scheme's own layout (unchanged), the next seat's hand and then the one after's, in the
    scheme's card format."""

    cdef int flags
    cdef bint ready

    def __cinit__(self, *args, **kwargs):
        # The kernel fixes the dtype, and with it the size of every buffer: a subclass that
        # says otherwise is refused (one that changes it later is not listened to).
        if getattr(type(self), "dtype", None) is not Encoding.__dict__["dtype"]:
            raise TypeError(f"{type(self).__name__} may not override dtype, which is the one "
                            f"its kernel writes ({self.kernel_dtype()})")

    def __init__(self):
        raise TypeError("Encoding is the base of the schemes: use RLCardEncoding, OpenSpielEncoding, "
                        "DouZeroEncoding or CompactEncoding")

    cdef int check_ready(self) except -1:
        if not self.ready:
            raise ValueError(f"this {type(self).__name__} was made without __init__")
        return 0

    @property
    def perfect_information(self):
        """Whether the observation ends with the other two seats' hands (the next seat's, then
        the one after's): what the seat may not know, for training with perfect information."""
        self.check_ready()
        return bool(self.flags & ENCODE_PERFECT_INFORMATION)

    @property
    def name(self):
        """The scheme's name: ``"rlcard"``, ``"openspiel"``, ``"douzero"`` or ``"compact"``."""
        raise NotImplementedError

    @property
    def dtype(self):
        """The numpy dtype of the observation: the one its kernel writes."""
        return self.kernel_dtype()

    cdef object kernel_dtype(self):
        return None                 # (the base has no kernel)

    cdef Py_ssize_t size(self, bint landlord):
        raise NotImplementedError

    cdef Py_ssize_t seat_size(self, Game game, int seat) except -1:
        """The size of `seat`'s observation in `game`; EncodingError if it has none."""
        return self.size(game.g.s.landlord == seat)

    cdef Py_ssize_t write(self, Game game, int seat, char* out) except -1:
        raise NotImplementedError

    cdef Py_ssize_t action_width(self):
        return 0                    # (the scheme has no action features)

    def action_features(self, space, ids):
        """The scheme's features of the actions ``ids`` of ``space`` (an ``ActionSpace``), one
        int8 row per id, aligned with ``ids`` as DouZero's ``x_batch`` is with Tables' CSR
        ``legal_ids``: ``rlcard`` and ``douzero`` the action's 54 cards (RLCard's
        ``get_action_feature``), ``compact`` its 15 rank counts; the pass and bids are zero
        rows. In a wild-card space ``compact`` gives 32: the 15 rank counts of the cards the
        move stands for, the 15 of those that wild cards stand for (``Move.substitutes``), how
        many of them the second wild rank plays, and 1 for a pure-wild bomb; the other schemes
        refuse wild cards. ``EncodingError`` for ``openspiel`` (it has none), ``ValueError`` for
        an id outside the space."""
        self.check_ready()
        cdef Py_ssize_t width = self.action_width()
        if width == 0:
            raise EncodingError(f"the {self.name} scheme has no action features")
        if not isinstance(space, ActionSpace):
            raise TypeError(f"space must be an ActionSpace, not {type(space).__name__}")
        cdef ActionSpace actions = <ActionSpace>space
        cdef bint wild = actions.w.n != 0
        if actions._rules.c.players == 4 and not isinstance(self, CompactEncoding):
            refuse_four_seats(self.name)        # (54 card slots: four of a rank at most)
        if wild:
            if not isinstance(self, CompactEncoding):
                without_wilds(actions.rules, f"the {self.name} encoding's action features")
            width = WILD_FEATURES
        array = np.asarray(ids)
        if array.ndim != 1 or array.dtype.kind not in "iu":
            raise ValueError(f"ids must be a 1-d integer array, not {describe_array(array)}")
        bad = np.flatnonzero((array < 0) | (array >= len(actions)))
        if len(bad):
            raise ValueError(f"ids[{bad[0]}] must be an action id in 0..{len(actions) - 1} of "
                             f"{space!r}, not {array[bad[0]].item()!r}")
        cdef const int64_t[::1] copy = np.array(array, dtype=np.int64)   # (own: no GIL below)
        cdef Py_ssize_t n = len(copy)
        out = np.zeros((n, width), np.int8)
        cdef int8_t[:, ::1] rows = out
        if n:
            with nogil:
                if wild:
                    write_wild_action_features(&actions.w, &copy[0], n, &rows[0, 0])
                else:
                    write_action_features(&actions.t, &copy[0], n, width, &rows[0, 0])
        return out

    cdef Py_ssize_t rules_size(self, bint landlord, Rules rules) except -1:
        """The size under `rules` (only compact observes wild-card and four-player games)."""
        without_wilds(rules, f"the {self.name} encoding")
        if rules.c.players == 4:
            refuse_four_seats(self.name)
        return self.size(landlord)

    def shape(self, role, rules=None):
        """The shape of the observation of a seat in ``role``: ``"landlord"`` or ``"farmer"``,
        in games under ``rules`` (None: the default rules; wild cards and four seats widen
        compact's)."""
        self.check_ready()
        landlord = check_choice(role, "role", ROLES) == "landlord"
        return (self.rules_size(landlord, as_rules(rules, four_players=True)),)

    def encode(self, game, seat=None, *, out=None):
        """The observation of ``seat`` (default: the seat to move) in ``game``, as a new array
        of ``dtype`` and ``shape`` of the seat's role, or written into ``out`` (a writeable
        C-contiguous array of that dtype and shape, which is returned)."""
        self.check_ready()
        cdef Game g = as_game(game, self.name)
        cdef int s = seat_of(g, seat)
        out = prepare_out(out, self.kernel_dtype(), (self.seat_size(g, s),), "seat {seat}'s", s)
        cdef Py_buffer buf         # (a typed memoryview would cost 300 ns)
        PyObject_GetBuffer(out, &buf, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
        try:
            self.write(g, s, <char*>buf.buf)
        finally:
            PyBuffer_Release(&buf)
        return out

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return (<Encoding>other).flags == self.flags

    def __hash__(self):
        return hash((type(self).__name__, self.flags))


@cython.embedsignature(False)       # (Cython writes keyword-only-only signatures wrong)
cdef class RLCardEncoding(Encoding):
    """RLCardEncoding(*, others_hand=True, bug_compatible=False, perfect_information=False)

    RLCard 1.2.0's observation (``DoudizhuEnv._extract_state``'s ``obs``), int8: 790 wide
    for the landlord, 901 for a farmer; with ``others_hand=False`` without its ``others_hand``
    block [54:108), 736 / 847 wide, as PettingZoo's ``dou_dizhu_v4`` exposed it by default.
    ``bug_compatible=True`` copies RLCard's last-action bug (farmers' blocks [756:810) and
    [810:864) hold the landlord's and the teammate's first action, not their last). Encodes a
    game with a landlord (the play phase or after), under any rules: roles are relative to the
    landlord, whom RLCard always seats at 0. ``perfect_information=True`` appends the other
    two hands, 54 each (108 more). See ``ddz_fast.encodings`` for the layout."""

    def __init__(self, *, others_hand=True, bug_compatible=False, perfect_information=False):
        if self.ready:
            raise TypeError("an RLCardEncoding is immutable: __init__ may not be called again")
        self.flags = ((ENCODE_OTHERS_HAND if check_bool(others_hand, "others_hand") else 0)
                      | (ENCODE_BUG_COMPATIBLE if check_bool(bug_compatible, "bug_compatible") else 0)
                      | perfect_flag(perfect_information))
        self.ready = True

    @property
    def name(self):
        return "rlcard"

    cdef object kernel_dtype(self):
        return INT8

    @property
    def others_hand(self):
        """Whether the ``others_hand`` block is there: the union of the other two hands, which
        in a full deal is public (the deck less the seat's hand and the cards played)."""
        self.check_ready()
        return bool(self.flags & ENCODE_OTHERS_HAND)

    @property
    def bug_compatible(self):
        self.check_ready()
        return bool(self.flags & ENCODE_BUG_COMPATIBLE)

    cdef Py_ssize_t action_width(self):
        return RLCARD_CARDS

    cdef Py_ssize_t size(self, bint landlord):
        return rlcard_size(landlord, self.flags)

    cdef Py_ssize_t seat_size(self, Game game, int seat) except -1:
        needs_landlord(game, "rlcard")
        return self.size(game.g.s.landlord == seat)

    cdef Py_ssize_t write(self, Game game, int seat, char* out) except -1:
        return check_encoded(encode_rlcard(&game.g, seat, self.flags, <int8_t*>out), "rlcard", game)

    def __repr__(self):
        if not self.ready:
            return "<RLCardEncoding made without __init__>"
        changed = [f"{name}={value}" for name, value, default in
                   (("others_hand", self.others_hand, True),
                    ("bug_compatible", self.bug_compatible, False)) if value != default]
        return f"RLCardEncoding({perfect_arguments(self, ', '.join(changed))})"

    def __reduce__(self):
        self.check_ready()
        return (_make, (RLCardEncoding, self.others_hand, self.bug_compatible, self.perfect_information))


@cython.embedsignature(False)
cdef class OpenSpielEncoding(Encoding):
    """OpenSpielEncoding(*, bug_compatible=False, perfect_information=False)

    OpenSpiel 2.0.2's ``dou_dizhu`` observation tensor, 159 float32 for every seat and
    phase, with the jokers in their own slots; ``bug_compatible=True`` writes them where
    OpenSpiel does (the red joker's count over the next block: indices 70/71 for the hand,
    139/140 for the cards played, instead of 67/68 and 136/137). ``perfect_information=True``
    appends the other two hands as 69 one-hots each (jokers in their own slots): 297 wide.
    See ``ddz_fast.encodings``."""

    def __init__(self, *, bug_compatible=False, perfect_information=False):
        if self.ready:
            raise TypeError("an OpenSpielEncoding is immutable: __init__ may not be called again")
        self.flags = ((ENCODE_BUG_COMPATIBLE if check_bool(bug_compatible, "bug_compatible") else 0)
                      | perfect_flag(perfect_information))
        self.ready = True

    @property
    def name(self):
        return "openspiel"

    cdef object kernel_dtype(self):
        return FLOAT32

    @property
    def bug_compatible(self):
        self.check_ready()
        return bool(self.flags & ENCODE_BUG_COMPATIBLE)

    cdef Py_ssize_t size(self, bint landlord):
        return openspiel_size(self.flags)

    cdef Py_ssize_t write(self, Game game, int seat, char* out) except -1:
        return encode_openspiel(&game.g, seat, self.flags, <float*>out)

    def __repr__(self):
        if not self.ready:
            return "<OpenSpielEncoding made without __init__>"
        changed = "bug_compatible=True" if self.bug_compatible else ""
        return f"OpenSpielEncoding({perfect_arguments(self, changed)})"

    def __reduce__(self):
        self.check_ready()
        return (_make, (OpenSpielEncoding, self.bug_compatible, self.perfect_information))


@cython.embedsignature(False)
cdef class DouZeroEncoding(Encoding):
    """DouZeroEncoding(*, perfect_information=False)

    DouZero 1.1.0's features (``douzero.env.env.get_obs``): ``encode`` gives ``x_no_action``
    (int8, 319 for the landlord, 430 for a farmer), ``encode_z`` gives ``z`` (int8, 5 x 162:
    the last 15 actions) and ``encode_batch`` gives ``x_batch`` (float32, a row of 373 / 484
    per action given). Encodes a game with a landlord, under any rules: roles are relative to
    the landlord (landlord_down plays after him, landlord_up before). ``perfect_information=True``
    appends the other two hands, 54 each, to ``x_no_action`` (427 / 538), and so to each
    ``x_batch`` row before the action's 54 (481 / 592). See ``ddz_fast.encodings``."""

    def __init__(self, *, perfect_information=False):
        if self.ready:
            raise TypeError("a DouZeroEncoding is immutable: __init__ may not be called again")
        self.flags = perfect_flag(perfect_information)
        self.ready = True

    @property
    def name(self):
        return "douzero"

    cdef object kernel_dtype(self):
        return INT8

    cdef Py_ssize_t action_width(self):
        return RLCARD_CARDS

    cdef Py_ssize_t size(self, bint landlord):
        return douzero_size(landlord, self.flags)

    cdef Py_ssize_t seat_size(self, Game game, int seat) except -1:
        needs_landlord(game, "douzero")
        return self.size(game.g.s.landlord == seat)

    cdef Py_ssize_t write(self, Game game, int seat, char* out) except -1:
        return check_encoded(encode_douzero(&game.g, seat, self.flags, <int8_t*>out), "douzero", game)

    def encode_z(self, game, *, out=None):
        """DouZero's ``z``: the last 15 actions of the play (passes included), oldest first,
        54 each, as an int8 array of shape (5, 162) (three actions a row), or written into
        ``out``. Zero for passes and before the first action; the same for every seat."""
        self.check_ready()
        cdef Game g = as_game(game, "douzero")
        out = prepare_out(out, INT8, (DOUZERO_Z_ROWS, DOUZERO_HISTORY * RLCARD_CARDS // DOUZERO_Z_ROWS),
                          "DouZero's z", 0)
        cdef Py_buffer buf
        PyObject_GetBuffer(out, &buf, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
        try:
            encode_douzero_history(&g.g, <int8_t*>buf.buf)
        finally:
            PyBuffer_Release(&buf)
        return out

    def encode_batch(self, game, actions, seat=None, *, out=None):
        """DouZero's ``x_batch``: for each of ``actions`` (Moves, ``PASS``, or cards such as a
        ``Hand``; not checked for legality, DouZero's own list may hold duplicates), the seat's
        ``x_no_action`` then the action's 54 cards, as a float32 array of shape
        (len(actions), 373) for the landlord or (len(actions), 484) for a farmer (481 / 592
        with ``perfect_information``), or written into ``out``. ``seat`` defaults to the seat
        to move."""
        self.check_ready()
        cdef Game g = as_game(game, "douzero")
        cdef int s = seat_of(g, seat)
        cdef Py_ssize_t width = self.seat_size(g, s) + RLCARD_CARDS
        actions = list(actions)
        cdef Py_ssize_t n = len(actions), i
        cdef uint64_t* cards = <uint64_t*>malloc(max(n, 1) * sizeof(uint64_t))
        if cards == NULL:
            raise MemoryError()
        cdef Move m
        cdef Py_buffer buf
        try:
            for i in range(n):
                if isinstance(actions[i], Move):
                    m = <Move>actions[i]
                    cards[i] = m.c.cards if m.c.length else 0
                else:
                    cards[i] = packed_from(actions[i], 20)
            out = prepare_out(out, FLOAT32, (n, width), "{n} actions of seat {seat}", s)
            PyObject_GetBuffer(out, &buf, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
            try:
                check_encoded(encode_douzero_batch(&g.g, s, self.flags, cards, n, <float*>buf.buf), "douzero",
                              g)
            finally:
                PyBuffer_Release(&buf)
        finally:
            free(cards)
        return out

    def __repr__(self):
        if not self.ready:
            return "<DouZeroEncoding made without __init__>"
        return f"DouZeroEncoding({perfect_arguments(self, '')})"

    def __reduce__(self):
        self.check_ready()
        return (_make, (DouZeroEncoding, self.perfect_information))


@cython.embedsignature(False)
cdef class CompactEncoding(Encoding):
    """CompactEncoding(*, perfect_information=False)

    ddz_fast's own observation: 325 int8 for every seat and phase, the auction and a finished
    game included: rank-count planes (own hand, each seat's played cards, the unseen cards,
    the move to beat), the landlord, cards left, bombs, bid and the last 15 actions of the
    play, with seats relative to the observer. In a wild-card game (RULES.md 10) a block of
    253 follows: the wild ranks shown and the physical cards of the move to beat and of the
    last 15 actions (578 wide). In the four-player game (RULES.md 11) the head has a fourth
    seat's played cards, landlord flag and cards left (342 wide). ``perfect_information=True``
    appends the other hands' 15 rank counts each (355 wide; 608 with wild cards, 387 with four
    seats). See ``ddz_fast.encodings`` for the layout."""

    def __init__(self, *, perfect_information=False):
        if self.ready:
            raise TypeError("a CompactEncoding is immutable: __init__ may not be called again")
        self.flags = perfect_flag(perfect_information)
        self.ready = True

    @property
    def name(self):
        return "compact"

    cdef object kernel_dtype(self):
        return INT8

    cdef Py_ssize_t action_width(self):
        return 15

    cdef Py_ssize_t size(self, bint landlord):
        return compact_size(self.flags)

    cdef Py_ssize_t seat_size(self, Game game, int seat) except -1:
        return compact_size(self.game_flags(game))

    cdef Py_ssize_t rules_size(self, bint landlord, Rules rules) except -1:
        return compact_size(self.flags | rules_flags(&rules.c))

    cdef int game_flags(self, Game game) noexcept:
        """The flags for `game`: the wild block in a wild-card game, the fourth seat's blocks
        in the four-player game."""
        return self.flags | rules_flags(&game.g.rules)

    cdef Py_ssize_t write(self, Game game, int seat, char* out) except -1:
        return encode_compact(&game.g, seat, self.game_flags(game), <int8_t*>out)

    def __repr__(self):
        if not self.ready:
            return "<CompactEncoding made without __init__>"
        return f"CompactEncoding({perfect_arguments(self, '')})"

    def __reduce__(self):
        self.check_ready()
        return (_make, (CompactEncoding, self.perfect_information))


def _make(cls, *switches):
    """Unpickle a scheme (the switches in the order of its __init__'s keywords)."""
    if cls is RLCardEncoding and len(switches) == 3:
        others_hand, bug_compatible, perfect_information = switches
        return RLCardEncoding(others_hand=others_hand, bug_compatible=bug_compatible,
                              perfect_information=perfect_information)
    if cls is OpenSpielEncoding and len(switches) == 2:
        bug_compatible, perfect_information = switches
        return OpenSpielEncoding(bug_compatible=bug_compatible, perfect_information=perfect_information)
    if cls in (DouZeroEncoding, CompactEncoding) and len(switches) == 1:
        return cls(perfect_information=switches[0])
    raise TypeError(f"no encoding scheme {cls!r} of switches {switches!r}")


RLCARD = RLCardEncoding()
OPENSPIEL = OpenSpielEncoding()
DOUZERO = DouZeroEncoding()
COMPACT = CompactEncoding()
