# Hidden hands at the Python boundary: what a seat knows, from a snapshot of the game, the
# argument checks and the output array; the deals come from _core/sampler without the GIL.

import numpy as np

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from ._cards import DECK_COUNTS, RANK_SYMBOLS
from ._core.sampler cimport (
    BIG_LIMBS, FOUR_BINS, MAX_BIN2, MAX_KITTY_BIN, N_BINS, ddz_big, ddz_deal_table, ddz_four_deal_table,
    deal_samples, deal_table_build, four_deal_samples, four_deal_table_build,
    four_deal_table_free,
)
from ._core.state cimport NO_SEAT, ddz_state
from ._core.two_decks cimport TWO_DECK_HAND_CARDS
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
    """The constraints as a new (n_seats, 15) int64 array of limits, each at most the count
    of the decks in play (two of four seats; None: no limits). A limit is an integer in
    0..2**64-1 (numpy's widest)."""
    deck = DECK_LIMITS * (2 if n_seats == 4 else 1)
    if constraints is None:
        return np.broadcast_to(deck, (n_seats, N_RANKS)).copy()
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
        return np.where(a, deck, 0)
    if a.dtype.kind == "O":
        # Python ints beyond int64 and uint64 (or no integers at all): each checked
        for (seat, rank), value in np.ndenumerate(a):
            check_int(value, f"constraints[{seat}, {rank}] (rank {RANK_SYMBOLS[rank]})", 0,
                      2 ** 64 - 1, error=InvalidConstraintsError)
        return np.minimum(a, deck).astype(np.int64)
    if a.size and a.min() < 0:
        seat, rank = np.argwhere(a < 0)[0]
        raise InvalidConstraintsError(
            f"constraints[{seat}, {rank}] (rank {RANK_SYMBOLS[rank]}) is {a[seat, rank]}: a "
            f"limit is at least 0")
    # clipped in the array's own dtype: uint64 limits of 2**63 or more are no negative int64
    return np.minimum(a, deck.astype(a.dtype)).astype(np.int64)


def sample_deals(Game game not None, seat, n, *, seed, constraints=None):
    """``n`` deals consistent with what ``seat`` knows at the game's position, as an
    ``(n, 3, 15)`` uint8 array of rank counts (``[i, s]``: seat s's hand in deal i), or
    ``(n, 2, 15)`` for a two-seat game (where the other seat holds exactly the unseen cards:
    every deal is the same one), or ``(n, 4, 15)`` for the four-player game of two decks
    (RULES.md 11: up to eight of a rank, a kitty of eight).

    What the seat knows: its own hand (its row is always its real hand), every card played
    and by whom, the hand sizes, the cards out of play, and, once the auction is over, the
    kitty: the landlord holds the kitty's cards he has not played (his played cards of a
    kitty rank count as the kitty's first). In the auction the kitty is unseen too: it is what
    the rows leave of the cards in play.

    Under wild-card rules the cards are the physical cards (a wild card played as another rank
    counts as its own), and the wild ranks, public or not yet drawn, change no deal.

    The deals are uniform over the ways to deal the unseen cards, each a distinct card: a
    deal of rank counts comes up in proportion to its number of card-level deals, as a
    shuffle of the unseen cards would give. ``constraints``: what the seat infers, as a
    (seats, 15) integer array of the most cards of each rank each seat may hold now
    (0..2**64-1; above the decks' count: no limit; a bool array: the ranks each seat may hold
    at all); deals stay exactly uniform among those that satisfy them (an exact count of the
    deals, no rejection; with two decks the counts pass 2**64 and the table, built once a
    call, takes tens of milliseconds in the auction). ``InvalidConstraintsError`` when no deal
    satisfies them (the seat's own row included).

    ``seed`` (0..2**64-1) makes the result a pure function of the arguments; the first k deals
    of n are those of k. The deals are drawn without the GIL from a snapshot of the game.
    """
    game.check_ready()
    cdef ddz_state s = game.g.s          # one copy under the GIL: a consistent snapshot
    cdef int n_seats = s.n_seats
    cdef int me = check_int(seat, "seat", 0, n_seats - 1)
    cdef Py_ssize_t count = check_int(n, "n", 0)
    cdef uint64_t rng = check_seed(seed)
    cdef const int64_t[:, ::1] limits = constraint_limits(constraints, n_seats)
    # The hidden places ("bins"): the other seats in order, then the kitty (the last bin of
    # the table: 2 of three seats, 3 of four) while the auction hides it.
    cdef int n_hidden = n_seats - 1, kitty_bin = N_BINS - 1 if n_seats < 4 else FOUR_BINS - 1
    cdef int hidden[FOUR_BINS]
    cdef uint8_t unseen[N_RANKS]
    cdef uint8_t bin_limits[FOUR_BINS * N_RANKS]     # bin i's at [i * N_RANKS:]
    cdef int sizes[FOUR_BINS]
    cdef int8_t bin_rows[FOUR_BINS]
    cdef int landlord = s.landlord, seat_, r, i, forced, k = 0
    cdef bint kitty_hidden = landlord == NO_SEAT
    cdef int max_rank = 8 if n_seats == 4 else 4
    out = np.empty((count, n_seats, N_RANKS), dtype=np.uint8)
    base = np.zeros((n_seats, N_RANKS), dtype=np.uint8)
    for seat_ in range(n_seats):
        if seat_ != me:
            hidden[k] = seat_
            k += 1
    for i in range(FOUR_BINS):
        sizes[i] = 0
        bin_rows[i] = hidden[i] if i < n_hidden else -1
        for r in range(N_RANKS):
            bin_limits[i * N_RANKS + r] = 0     # (an unused bin stays empty)
    for r in range(N_RANKS):
        if count_of(s.hands[me], r) > limits[me, r]:
            raise InvalidConstraintsError(
                f"constraints[{me}] allow seat {me} at most {limits[me, r]} of rank "
                f"{RANK_SYMBOLS[r]}, but it holds {count_of(s.hands[me], r)}: no deal "
                f"satisfies them")
        base[me, r] = count_of(s.hands[me], r)
        unseen[r] = count_of(s.kitty, r) if kitty_hidden else 0
        bin_limits[kitty_bin * N_RANKS + r] = max_rank
    sizes[kitty_bin] = size_of(s.kitty) if kitty_hidden else 0
    for i in range(n_hidden):
        seat_ = hidden[i]
        sizes[i] = size_of(s.hands[seat_])
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
            sizes[i] -= forced
            bin_limits[i * N_RANKS + r] = limits[seat_, r] - forced
            unseen[r] += count_of(s.hands[seat_], r) - forced
    if n_seats == 4:
        four_seat_deals(unseen, bin_limits, sizes, hidden, n_hidden, &rng, base, bin_rows, out)
    else:
        three_seat_deals(unseen, bin_limits, sizes, hidden, n_hidden, &rng, base, bin_rows, out)
    return out


cdef int raise_no_deal(const int* sizes, const int* hidden, int n_hidden, base) except -1:
    held = " and ".join(f"seat {hidden[i]} holds {sizes[i] + base[hidden[i]].sum()} cards"
                        for i in range(n_hidden))
    raise InvalidConstraintsError(
        f"no deal consistent with the position satisfies the constraints ({held})")


cdef int three_seat_deals(const uint8_t* unseen, const uint8_t* bin_limits,
                          const int* sizes, const int* hidden, int n_hidden, uint64_t* rng,
                          base, const int8_t* bin_rows, out) except -1:
    """The deals of one deck's game (three seats, or two): the table of 64-bit counts."""
    cdef ddz_deal_table* t = <ddz_deal_table*>malloc(sizeof(ddz_deal_table))
    cdef uint64_t total
    cdef int i
    if t == NULL:
        raise MemoryError("sample_deals: the table of deals")
    try:
        memcpy(t.unseen, unseen, N_RANKS)
        for i in range(N_BINS):
            memcpy(t.limits[i], bin_limits + i * N_RANKS, N_RANKS)
            t.sizes[i] = sizes[i]
        # Within the table's bounds in every position a Game can hold.
        assert t.sizes[0] <= MAX_HAND_CARDS and t.sizes[1] <= MAX_HAND_CARDS
        assert t.sizes[2] <= MAX_BIN2
        total = deal_table_build(t)
        if total == 0:
            raise_no_deal(sizes, hidden, n_hidden, base)
        deal_chunks(t, NULL, total, NULL, rng, base, bin_rows, out)
    finally:
        free(t)
    return 0


cdef int four_seat_deals(const uint8_t* unseen, const uint8_t* bin_limits,
                         const int* sizes, const int* hidden, int n_hidden, uint64_t* rng,
                         base, const int8_t* bin_rows, out) except -1:
    """The deals of the four-player game of two decks: the table of big counts."""
    cdef ddz_four_deal_table t
    cdef ddz_big total
    cdef int i, status
    memcpy(t.unseen, unseen, N_RANKS)
    for i in range(FOUR_BINS):
        memcpy(t.limits[i], bin_limits + i * N_RANKS, N_RANKS)
        t.sizes[i] = sizes[i]
    # Within the table's bounds in every position a Game can hold.
    assert max(t.sizes[0], t.sizes[1], t.sizes[2]) <= TWO_DECK_HAND_CARDS
    assert t.sizes[3] <= MAX_KITTY_BIN
    with nogil:
        status = four_deal_table_build(&t, &total)
    try:
        if status < 0:
            raise MemoryError("sample_deals: the table of deals")
        if not any(total.limb[i] for i in range(BIG_LIMBS)):
            raise_no_deal(sizes, hidden, n_hidden, base)
        deal_chunks(NULL, &t, 0, &total, rng, base, bin_rows, out)
    finally:
        four_deal_table_free(&t)
    return 0


cdef int deal_chunks(const ddz_deal_table* t, const ddz_four_deal_table* four, uint64_t total,
                     const ddz_big* four_total, uint64_t* rng, base, const int8_t* bin_rows,
                     out) except -1:
    """The deals into `out` (from `t`, or `four` of four seats), a chunk at a time without the
    GIL, looking at Ctrl-C between."""
    cdef const uint8_t[:, ::1] base_view = base
    cdef uint8_t[:, :, ::1] out_view = out
    cdef Py_ssize_t count = out_view.shape[0], done = 0, step
    cdef int n_seats = out_view.shape[1]
    while done < count:
        step = min(CHUNK, count - done)
        with nogil:
            if four != NULL:
                four_deal_samples(four, four_total, rng, &base_view[0, 0], bin_rows,
                                  &out_view[done, 0, 0], step)
            else:
                deal_samples(t, total, rng, &base_view[0, 0], bin_rows, n_seats,
                             &out_view[done, 0, 0], step)
        done += step
        PyErr_CheckSignals()
    return 0
