# Observation encodings at the Python boundary: named schemes whose encode() checks its
# arguments and runs one kernel of _core/encode on the native game (layouts: encodings.py).

import numpy as np

cimport cython
from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer

from libc.stdint cimport int8_t

from ._core.encode cimport (
    ENCODE_BUG_COMPATIBLE, ENCODE_NO_LANDLORD, ENCODE_OTHERS_HAND, ENCODE_TOO_MANY_CARDS,
    OPENSPIEL_SIZE, encode_openspiel, encode_rlcard, rlcard_size,
)
from ._core.state cimport NO_SEAT, PHASE_OVER
from ._game cimport Game

from .checks import check_bool, check_choice, check_int, describe_array
from .errors import EncodingError

ROLES = ("landlord", "farmer")

cdef object EMPTY = np.empty
cdef object INT8 = np.dtype(np.int8)
cdef object FLOAT32 = np.dtype(np.float32)


cdef class Encoding:
    """An observation scheme: ``name``, ``dtype``, ``shape(role)`` and
    ``encode(game, seat=None, *, out=None)``, one seat's observation of a ``Game`` as a 1-d
    numpy array. The schemes are ``RLCardEncoding`` and ``OpenSpielEncoding`` (their default
    instances ``RLCARD`` and ``OPENSPIEL``); each is an immutable value of its switches."""

    cdef int flags
    cdef bint ready

    def __init__(self):
        raise TypeError("Encoding is the base of the schemes: use RLCardEncoding or OpenSpielEncoding")

    cdef int check_ready(self) except -1:
        if not self.ready:
            raise ValueError(f"this {type(self).__name__} was made without __init__")
        return 0

    @property
    def name(self):
        """The scheme's name: ``"rlcard"`` or ``"openspiel"``."""
        raise NotImplementedError

    @property
    def dtype(self):
        raise NotImplementedError

    cdef Py_ssize_t size(self, bint landlord):
        raise NotImplementedError

    cdef Py_ssize_t seat_size(self, Game game, int seat) except -1:
        """The size of `seat`'s observation in `game`; EncodingError if it has none."""
        return self.size(game.g.s.landlord == seat)

    cdef Py_ssize_t write(self, Game game, int seat, char* out) except -1:
        raise NotImplementedError

    def shape(self, role):
        """The shape of the observation of a seat in ``role``: ``"landlord"`` or ``"farmer"``."""
        self.check_ready()
        return (self.size(check_choice(role, "role", ROLES) == "landlord"),)

    def encode(self, game, seat=None, *, out=None):
        """The observation of ``seat`` (default: the seat to move) in ``game``, as a new array
        of ``dtype`` and ``shape`` of the seat's role, or written into ``out`` (a writeable
        C-contiguous array of that dtype and shape, which is returned)."""
        self.check_ready()
        if not isinstance(game, Game):
            raise TypeError(f"game must be a ddz_fast Game, not {type(game).__name__}")
        cdef Game g = <Game>game
        g.check_ready()
        cdef int s
        if seat is None:
            if g.g.s.phase == PHASE_OVER:
                raise ValueError("seat: the game is over and nobody is to move; name the seat")
            s = g.g.s.to_move
        else:
            s = check_int(seat, "seat", 0, 2)
        cdef Py_ssize_t n = self.seat_size(g, s)
        if out is None:
            out = EMPTY(n, self.dtype)
        elif (not isinstance(out, np.ndarray) or out.dtype != self.dtype or out.shape != (n,)
              or not out.flags.c_contiguous or not out.flags.writeable):
            raise ValueError(f"out must be a writeable C-contiguous {self.dtype} array of shape "
                             f"({n},) (seat {s}'s), not {describe_array(out)}")
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
    """RLCardEncoding(*, others_hand=True, bug_compatible=False)

    RLCard 1.2.0's observation (``DoudizhuEnv._extract_state``'s ``obs``), int8: 790 wide
    for the landlord, 901 for a farmer; with ``others_hand=False`` without its ``others_hand``
    block [54:108), 736 / 847 wide, as PettingZoo's ``dou_dizhu_v4`` exposed it by default.
    ``bug_compatible=True`` copies RLCard's last-action bug (farmers' blocks [756:810) and
    [810:864) hold the landlord's and the teammate's first action, not their last). Encodes a
    game with a landlord (the play phase or after), under any rules: roles are relative to the
    landlord, whom RLCard always seats at 0. See ``ddz_fast.encodings`` for the layout."""

    def __init__(self, *, others_hand=True, bug_compatible=False):
        if self.ready:
            raise TypeError("an RLCardEncoding is immutable: __init__ may not be called again")
        self.flags = ((ENCODE_OTHERS_HAND if check_bool(others_hand, "others_hand") else 0)
                      | (ENCODE_BUG_COMPATIBLE if check_bool(bug_compatible, "bug_compatible") else 0))
        self.ready = True

    @property
    def name(self):
        return "rlcard"

    @property
    def dtype(self):
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

    cdef Py_ssize_t size(self, bint landlord):
        return rlcard_size(landlord, self.flags)

    cdef Py_ssize_t seat_size(self, Game game, int seat) except -1:
        if game.g.s.landlord == NO_SEAT:
            raise EncodingError("the rlcard encoding needs a landlord: the game is in its "
                                "auction" if game.g.s.phase != PHASE_OVER else "the rlcard "
                                "encoding needs a landlord: everyone passed in the auction")
        return self.size(game.g.s.landlord == seat)

    cdef Py_ssize_t write(self, Game game, int seat, char* out) except -1:
        cdef int n = encode_rlcard(&game.g, seat, self.flags, <int8_t*>out)
        if n == ENCODE_NO_LANDLORD:         # (seat_size said so first)
            raise EncodingError("the rlcard encoding needs a landlord")
        if n == ENCODE_TOO_MANY_CARDS:
            raise EncodingError(f"the rlcard encoding holds at most 20 cards for the landlord "
                                f"and 17 for a farmer: {game.position()!r}")
        return n

    def __repr__(self):
        if not self.ready:
            return "<RLCardEncoding made without __init__>"
        changed = [f"{name}={value}" for name, value, default in
                   (("others_hand", self.others_hand, True),
                    ("bug_compatible", self.bug_compatible, False)) if value != default]
        return f"RLCardEncoding({', '.join(changed)})"

    def __reduce__(self):
        self.check_ready()
        return (_make, (RLCardEncoding, self.others_hand, self.bug_compatible))


@cython.embedsignature(False)
cdef class OpenSpielEncoding(Encoding):
    """OpenSpielEncoding(*, bug_compatible=False)

    OpenSpiel 2.0.2's ``dou_dizhu`` observation tensor, 159 float32 for every seat and
    phase, with the jokers in their own slots; ``bug_compatible=True`` writes them where
    OpenSpiel does (the red joker's count over the next block: indices 70/71 for the hand,
    139/140 for the cards played, instead of 67/68 and 136/137). See ``ddz_fast.encodings``."""

    def __init__(self, *, bug_compatible=False):
        if self.ready:
            raise TypeError("an OpenSpielEncoding is immutable: __init__ may not be called again")
        self.flags = ENCODE_BUG_COMPATIBLE if check_bool(bug_compatible, "bug_compatible") else 0
        self.ready = True

    @property
    def name(self):
        return "openspiel"

    @property
    def dtype(self):
        return FLOAT32

    @property
    def bug_compatible(self):
        self.check_ready()
        return bool(self.flags & ENCODE_BUG_COMPATIBLE)

    cdef Py_ssize_t size(self, bint landlord):
        return OPENSPIEL_SIZE

    cdef Py_ssize_t write(self, Game game, int seat, char* out) except -1:
        return encode_openspiel(&game.g, seat, self.flags, <float*>out)

    def __repr__(self):
        if not self.ready:
            return "<OpenSpielEncoding made without __init__>"
        return "OpenSpielEncoding(bug_compatible=True)" if self.bug_compatible else "OpenSpielEncoding()"

    def __reduce__(self):
        self.check_ready()
        return (_make, (OpenSpielEncoding, self.bug_compatible))


def _make(cls, *switches):
    """Unpickle a scheme (the switches in the order of its __init__'s keywords)."""
    if cls is RLCardEncoding:
        others_hand, bug_compatible = switches
        return RLCardEncoding(others_hand=others_hand, bug_compatible=bug_compatible)
    if cls is OpenSpielEncoding:
        bug_compatible, = switches
        return OpenSpielEncoding(bug_compatible=bug_compatible)
    raise TypeError(f"no encoding scheme {cls!r}")


RLCARD = RLCardEncoding()
OPENSPIEL = OpenSpielEncoding()
