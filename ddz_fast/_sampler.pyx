# Hidden hands at the Python boundary: what a seat knows, from a snapshot of the game, the
# argument checks and the output array; the deals come from _core/sampler without the GIL.

import numpy as np

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc

from ._cards import DECK_COUNTS, RANK_SYMBOLS
from ._core.sampler cimport MAX_BIN2, N_BINS, ddz_deal_table, deal_samples, deal_table_build
from ._core.state cimport NO_SEAT, ddz_state
from ._core.typedefs cimport MAX_HAND_CARDS, N_RANKS
from ._game cimport Game

from .checks import check_int, check_seed
from .errors import InvalidConstraintsError

cdef enum:
    # Deals between two looks at pending signals (Ctrl-C): a few milliseconds.
    CHUNK = 1 << 14

DECK_LIMITS = np.array(DECK_COUNTS, dtype=np.int64)


cdef inline int count_of(uint64_t packed, int rank) noexcept nogil:
    return (packed >> (4 * rank)) & 0xF


cdef inline int size_of(uint64_t packed) noexcept nogil:
    cdef int r, n = 0
    for r in range(N_RANKS):
        n += count_of(packed, r)
    return n


def constraint_limits(constraints, n_seats=3):
    """The constraints as a new (n_seats, 15) int64 array of limits, each at most the deck's
    count (None: no limits). A limit is an integer in 0..2**64-1 (numpy's widest)."""
    if constraints is None:
        return np.broadcast_to(DECK_LIMITS, (n_seats, N_RANKS)).copy()
    try:
        a = np.array(constraints)         # a copy: the caller's array may change meanwhile
    except ValueError as e:               # a ragged list
        raise InvalidConstraintsError(
            f"constraints must be a ({n_seats}, 15) array of limits per seat and rank: {e}") from None
    if a.dtype.kind not in "biuO":
        raise TypeError(f"constraints must be an integer array of limits (or a bool array "
                        f"of ranks a seat may hold), not of dtype {a.dtype}")
    if a.shape != (n_seats, N_RANKS):
        raise InvalidConstraintsError(
            f"constraints must have shape ({n_seats}, 15), one row per seat, not {a.shape}")
    if a.dtype == np.bool_:
        return np.where(a, DECK_LIMITS, 0)
    if a.dtype.kind == "O":
        # Python ints beyond int64 and uint64 (or no integers at all): each checked
        for (seat, rank), value in np.ndenumerate(a):
            check_int(value, f"constraints[{seat}, {rank}] (rank {RANK_SYMBOLS[rank]})", 0,
                      2 ** 64 - 1, error=InvalidConstraintsError)
        return np.minimum(a, DECK_LIMITS).astype(np.int64)
    if a.size and a.min() < 0:
        seat, rank = np.argwhere(a < 0)[0]
        raise InvalidConstraintsError(
            f"constraints[{seat}, {rank}] (rank {RANK_SYMBOLS[rank]}) is {a[seat, rank]}: a "
            f"limit is at least 0")
    # clipped in the array's own dtype: uint64 limits of 2**63 or more are no negative int64
    return np.minimum(a, DECK_LIMITS.astype(a.dtype)).astype(np.int64)


def sample_deals(Game game not None, seat, n, *, seed, constraints=None):
    """``n`` deals consistent with what ``seat`` knows at the game's position, as an
    ``(n, 3, 15)`` uint8 array of rank counts (``[i, s]``: seat s's hand in deal i), or
    ``(n, 2, 15)`` for a two-seat game (where the other seat holds exactly the unseen cards:
    every deal is the same one).

    What the seat knows: its own hand (its row is always its real hand), every card played
    and by whom, the hand sizes, the cards out of play, and, once the auction is over, the
    kitty: the landlord holds the kitty's cards he has not played (his played cards of a
    kitty rank count as the kitty's first). In the auction the kitty is unseen too: it is what
    the three rows leave of the cards in play.

    Under wild-card rules the cards are the physical cards (a wild card played as another rank
    counts as its own), and the wild ranks, public or not yet drawn, change no deal.

    The deals are uniform over the ways to deal the unseen cards, each a distinct card: a
    deal of rank counts comes up in proportion to its number of card-level deals, as a
    shuffle of the unseen cards would give. ``constraints``: what the seat infers, as a
    (seats, 15) integer array of the most cards of each rank each seat may hold now (0..2**64-1;
    above the deck's count: no limit; a bool array: the ranks each seat may hold at all); deals stay exactly uniform among those that satisfy them
    (an exact count of the deals, no rejection). ``InvalidConstraintsError`` when no deal
    satisfies them (the seat's own row included).

    ``seed`` (0..2**64-1) makes the result a pure function of the arguments; the first k deals
    of n are those of k. The deals are drawn without the GIL from a snapshot of the game.
    """
    game.check_ready()
    game.check_three_seats("sample_deals")
    cdef ddz_state s = game.g.s          # one copy under the GIL: a consistent snapshot
    cdef int n_seats = s.n_seats
    cdef int me = check_int(seat, "seat", 0, n_seats - 1)
    cdef Py_ssize_t count = check_int(n, "n", 0)
    cdef uint64_t rng = check_seed(seed)
    cdef const int64_t[:, ::1] limits = constraint_limits(constraints, n_seats)
    cdef int hidden[2]                   # the other seats; two seats: one, and bin 1 is empty
    cdef int n_hidden = n_seats - 1
    cdef int landlord = s.landlord, seat_, r, i, forced
    cdef uint64_t total
    hidden[0] = 1 if me == 0 else 0
    hidden[1] = 1 if me == 2 else 2
    cdef bint kitty_hidden = landlord == NO_SEAT
    out = np.empty((count, n_seats, N_RANKS), dtype=np.uint8)
    base = np.zeros((n_seats, N_RANKS), dtype=np.uint8)
    cdef int8_t bin_rows[N_BINS]
    bin_rows[0] = hidden[0]
    bin_rows[1] = hidden[1] if n_hidden == 2 else -1
    bin_rows[2] = -1
    cdef ddz_deal_table* t = <ddz_deal_table*>malloc(sizeof(ddz_deal_table))
    if t == NULL:
        raise MemoryError("sample_deals: the table of deals")
    try:
        for r in range(N_RANKS):
            if count_of(s.hands[me], r) > limits[me, r]:
                raise InvalidConstraintsError(
                    f"constraints[{me}] allow seat {me} at most {limits[me, r]} of rank "
                    f"{RANK_SYMBOLS[r]}, but it holds {count_of(s.hands[me], r)}: no deal "
                    f"satisfies them")
            base[me, r] = count_of(s.hands[me], r)
            t.unseen[r] = count_of(s.kitty, r) if kitty_hidden else 0
            t.limits[1][r] = 0          # (bin 1 stays empty with one other seat)
            t.limits[2][r] = 4
        t.sizes[1] = 0
        t.sizes[2] = size_of(s.kitty) if kitty_hidden else 0
        for i in range(n_hidden):
            seat_ = hidden[i]
            t.sizes[i] = size_of(s.hands[seat_])
            for r in range(N_RANKS):
                forced = 0
                if seat_ == landlord:
                    forced = max(0, count_of(s.kitty, r) - count_of(s.played[seat_], r))
                    if forced > limits[seat_, r]:
                        raise InvalidConstraintsError(
                            f"constraints[{seat_}] allow the landlord (seat {seat_}) at most "
                            f"{limits[seat_, r]} of rank {RANK_SYMBOLS[r]}, but he holds the "
                            f"kitty's {forced}: no deal satisfies them")
                base[seat_, r] = forced
                t.sizes[i] -= forced
                t.limits[i][r] = limits[seat_, r] - forced
                t.unseen[r] += count_of(s.hands[seat_], r) - forced
        # Within the table's bounds in every position a Game can hold.
        assert t.sizes[0] <= MAX_HAND_CARDS and t.sizes[1] <= MAX_HAND_CARDS
        assert t.sizes[2] <= MAX_BIN2
        total = deal_table_build(t)
        if total == 0:
            held = " and ".join(f"seat {hidden[i]} holds {t.sizes[i] + base[hidden[i]].sum()} cards"
                                for i in range(n_hidden))
            raise InvalidConstraintsError(
                f"no deal consistent with the position satisfies the constraints ({held})")
        deal_chunks(t, total, &rng, base, bin_rows, n_seats, out)
    finally:
        free(t)
    return out


cdef int deal_chunks(const ddz_deal_table* t, uint64_t total, uint64_t* rng, base,
                     const int8_t* bin_rows, int n_seats, out) except -1:
    """The deals into `out`, a chunk at a time without the GIL, looking at Ctrl-C between."""
    cdef const uint8_t[:, ::1] base_view = base
    cdef uint8_t[:, :, ::1] out_view = out
    cdef Py_ssize_t count = out_view.shape[0], done = 0, step
    while done < count:
        step = min(CHUNK, count - done)
        with nogil:
            deal_samples(t, total, rng, &base_view[0, 0], bin_rows, n_seats,
                         &out_view[done, 0, 0], step)
        done += step
        PyErr_CheckSignals()
    return 0
