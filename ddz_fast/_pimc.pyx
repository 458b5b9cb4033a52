# Rollouts for the search player: each legal move of a position played on sampled deals, then
# the game played out by uniformly random moves, natively without the GIL on copies (the
# kernel: _core/playout's roll_out).

import numpy as np

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free

from ._core.alloc cimport grow
from ._core.bits cimport card_count
from ._core.playout cimport packed_counts, roll_out
from ._core.rng cimport stream_seed
from ._core.state cimport (
    ACTIONS_ROOM, PHASE_AUCTION, PHASE_PLAY, ddz_state, state_actions, state_key,
)
from ._core.typedefs cimport N_RANKS, ddz_move, ddz_rules
from ._game cimport Game

from ._cards import DECK_COUNTS
from .checks import check_int, check_seed
from .errors import IllegalActionError, InvalidPositionError


cdef int check_deals(const ddz_state* s, const uint8_t[:, :, ::1] deals) except -1:
    """Each deal holds the cards in the seats' hands, as many per seat, and the mover's own."""
    cdef uint64_t in_play = s.hands[0] + s.hands[1] + s.hands[2], total, packed
    cdef Py_ssize_t i
    cdef int seat
    for i in range(deals.shape[0]):
        total = 0
        for seat in range(s.n_seats):
            packed = packed_counts(&deals[i, seat, 0])
            if card_count(packed) != card_count(s.hands[seat]):
                raise InvalidPositionError(
                    f"deals[{i}]: seat {seat} holds {card_count(packed)} cards; in the game it "
                    f"holds {card_count(s.hands[seat])}")
            if seat == s.to_move and packed != s.hands[seat]:
                raise InvalidPositionError(
                    f"deals[{i}]: seat {seat} is to move and must hold its own hand")
            total += packed
        if total != in_play:
            raise InvalidPositionError(
                f"deals[{i}]: the hands are not the cards the game's hands hold")
    return 0


def rollout_wins(Game game not None, deals, rollouts, *, seed):
    """Wins of the side to move, as an ``(n, m)`` int32 array: for deal i of ``deals`` (an
    ``(n, 3, 15)`` array of rank counts, ``(n, 2, 15)`` for a two-seat game, as
    ``sample_deals`` gives) and the game's j-th legal
    move (``game.legal_moves()`` order, ``PASS`` last), how many of ``rollouts`` playouts the
    mover's side won after playing that move in the game's position with the deal's hands.
    Playouts choose uniformly among the legal moves.

    Each deal must hold, seat by seat, as many cards as the game's hands and, all together,
    the same cards; the seat to move its own hand (``InvalidPositionError`` otherwise). Entry
    (i, j) is a pure function of ``seed``, i, j and the position; the array is computed
    without the GIL on copies of the position and of the deals.
    """
    cdef int n_rollouts = check_int(rollouts, "rollouts", 1, 1 << 20)
    cdef uint64_t rng_seed = check_seed(seed)
    game.check_ready()
    game.check_three_seats("rollout_wins")
    if game.g.s.phase != PHASE_PLAY:
        where = "in the auction" if game.g.s.phase == PHASE_AUCTION else "over"
        raise IllegalActionError(f"rollout_wins takes play-phase positions; the game is {where}")
    cdef ddz_state s = game.g.s           # one copy under the GIL: a consistent snapshot
    cdef ddz_rules rules = game.g.rules
    counts = np.array(deals)              # a copy: the caller's array may change meanwhile
    if counts.dtype.kind not in "iu":
        raise TypeError(f"deals must be an integer array of rank counts, not of dtype {counts.dtype}")
    if counts.ndim != 3 or counts.shape[1:] != (s.n_seats, N_RANKS):
        raise InvalidPositionError(f"deals must have shape (n, {s.n_seats}, 15) for this "
                                   f"{s.n_seats}-seat game, not {counts.shape}")
    if counts.size and (counts.min() < 0 or (counts > DECK_COUNTS).any()):
        raise InvalidPositionError("deals: a rank count below 0 or above the deck's")
    cdef const uint8_t[:, :, ::1] view = counts.astype(np.uint8)
    check_deals(&s, view)
    cdef ddz_move* moves = NULL           # (both grow under wild cards)
    cdef ddz_move* scratch = NULL
    cdef Py_ssize_t n_moves, moves_room = 0, scratch_room = 0, i, j
    cdef int32_t[:, ::1] out
    cdef const uint8_t* deal
    cdef int32_t* row
    cdef int64_t won = 0
    cdef int seat
    try:
        n_moves = state_actions(&s, &rules, &moves, &moves_room)    # (the pass last)
        if n_moves < 0 or grow(&scratch, &scratch_room, ACTIONS_ROOM) < 0:
            raise MemoryError("rollout_wins: the legal moves of a position")
        wins = np.zeros((view.shape[0], n_moves), dtype=np.int32)
        out = wins
        for i in range(view.shape[0]):
            deal = &view[i, 0, 0]
            row = &out[i, 0]                  # a play-phase position has at least one move
            with nogil:
                for seat in range(s.n_seats):     # (a two-seat game's seat 2 stays empty)
                    s.hands[seat] = packed_counts(deal + seat * N_RANKS)
                s.key = state_key(&s)
                for j in range(n_moves):
                    won = roll_out(&s, &rules, &moves[j], n_rollouts,
                                   stream_seed(rng_seed, i * n_moves + j), &scratch, &scratch_room)
                    if won < 0:
                        break
                    row[j] = <int32_t>won
            if won < 0:
                raise MemoryError("rollout_wins: the legal moves of a playout")
            PyErr_CheckSignals()              # Ctrl-C between deals
        return wins
    finally:
        free(moves)
        free(scratch)
