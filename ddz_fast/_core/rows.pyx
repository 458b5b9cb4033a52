# The row loop of the batch functions (see rows.pxd).

from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from .actions cimport NO_ID, ddz_action_ids, ids_of, legal_ids_moves
from .alloc cimport grow
from .bits cimport popcount32
from .combos cimport is_reading
from .movegen cimport gen_moves, gen_wild_moves
from .two_decks cimport TWO_DECK_HAND_CARDS, gen_two_deck_moves, is_two_deck_reading
from .typedefs cimport (
    MAX_HAND_CARDS, MAX_MOVES, N_RANKS, RANK_BLACK_JOKER, ddz_hand, ddz_move, ddz_rules,
    ddz_wilds,
)
from .wild_ids cimport ddz_wild_ids, wild_ids_of

cdef extern from "ddz_load_row.h":
    bint load_row "ddz_load_row" (const uint8_t* row, uint64_t* cards, uint32_t* masks) noexcept nogil


cdef inline bint pack_row(const uint8_t* row, ddz_hand* h) noexcept nogil:
    """One row of rank counts as a hand; False if it is no hand of at most 20 cards."""
    cdef uint32_t masks[4]
    if not load_row(row, &h.cards, masks):
        return False
    h.m1 = masks[0]
    h.m2 = masks[1]
    h.m3 = masks[2]
    h.m4 = masks[3]
    h.n = popcount32(masks[0]) + popcount32(masks[1]) + popcount32(masks[2]) + popcount32(masks[3])
    return h.n <= MAX_HAND_CARDS


cdef inline bint pack_two_deck_row(const uint8_t* row, ddz_hand* h) noexcept nogil:
    """One row of rank counts as a hand of the two-deck game (RULES.md 11), read once: its
    cards and their number (no masks); False if it is none: a count above 8 (2 for a joker),
    more than 33 cards."""
    cdef uint8_t counts[N_RANKS]
    cdef int r, n = 0
    memcpy(counts, row, N_RANKS)
    h.cards = 0
    for r in range(N_RANKS):
        if counts[r] > (2 if r >= RANK_BLACK_JOKER else 8):
            return False
        n += counts[r]
        h.cards |= <uint64_t>counts[r] << (4 * r)
    h.n = n
    return n <= TWO_DECK_HAND_CARDS


# Where the moves of the rows go. A sink is a `take` function, called once per row with the
# end of the moves generated at `out` (room for MAX_MOVES) and whether the row answers a
# previous move; it returns 0, OUT_OF_MEMORY or NO_ID_ROW, and points `out` where the next
# row's moves go. Each entry point hands its own take
# to the inline row loop, so that the compiler inlines it: called through a pointer, a take
# cost 10 to 20 instructions a row (callgrind), a few percent of the batch rate of answers.
# The other fields belong to the sinks; a new sink adds its own.
ctypedef struct row_sink:
    ddz_move* out
    int64_t* counts             # take_count: one per row; take_moves: the CSR offsets
    ddz_move** moves            # take_moves: the caller's array
    Py_ssize_t* capacity
    const ddz_action_ids* space  # take_ids: the ids (also the order leads come in)
    int32_t** ids               # take_ids: the caller's array
    Py_ssize_t row              # the row that failed

ctypedef int (*row_take)(row_sink* sink, Py_ssize_t row, ddz_move* end,
                         bint answers) noexcept nogil


cdef inline Py_ssize_t run_rows(const uint8_t* hands, const ddz_move* prevs, Py_ssize_t start,
                                Py_ssize_t stop, const ddz_rules* rules, row_sink* sink,
                                row_take take) noexcept nogil:
    cdef ddz_hand h
    cdef ddz_move prev
    cdef ddz_move* end
    cdef Py_ssize_t i
    cdef int status
    sink.row = -1
    memset(&prev, 0, sizeof(ddz_move))      # length 0: a lead
    for i in range(start, stop):
        if not pack_row(hands + i * N_RANKS, &h):
            return i
        if prevs != NULL:
            # Checked and used as one copy: the caller's array may change meanwhile. Field by
            # field: the kernels read prev.cards, which a whole-struct (16-byte) copy cannot
            # forward to; the stall cost 10% of the batch rate of answers (bench/ab.py).
            prev.kind = prevs[i].kind
            prev.length = prevs[i].length
            prev.main = prevs[i].main
            prev.cards = prevs[i].cards
            if prev.length and not is_reading(&prev, rules):
                return BAD_PREV - i
        if sink.space != NULL:      # leads in the order of the ids: fewer to sort
            end = legal_ids_moves(sink.space, &h, &prev, rules, sink.out)
        else:
            end = gen_moves(&h, &prev, rules, sink.out)
        status = take(sink, i, end, prev.length != 0)
        if status != 0:
            sink.row = i
            return status
    return DONE


cdef inline int take_count(row_sink* sink, Py_ssize_t row, ddz_move* end,
                           bint answers) noexcept nogil:
    sink.counts[row] = end - sink.out
    return 0


cdef Py_ssize_t rows_count(const uint8_t* hands, const ddz_move* prevs, Py_ssize_t start,
                           Py_ssize_t stop, const ddz_rules* rules,
                           int64_t* counts) noexcept nogil:
    cdef ddz_move scratch[MAX_MOVES]
    cdef row_sink sink
    sink.out = scratch
    sink.counts = counts
    sink.space = NULL
    return run_rows(hands, prevs, start, stop, rules, &sink, take_count)


cdef inline int take_moves(row_sink* sink, Py_ssize_t row, ddz_move* end,
                           bint answers) noexcept nogil:
    cdef Py_ssize_t used = end - sink.moves[0]
    sink.counts[row + 1] = used
    if grow(sink.moves, sink.capacity, used + MAX_MOVES) < 0:
        return OUT_OF_MEMORY
    sink.out = sink.moves[0] + used
    return 0


cdef Py_ssize_t rows_moves(const uint8_t* hands, const ddz_move* prevs, Py_ssize_t start,
                           Py_ssize_t stop, const ddz_rules* rules, int64_t* offsets,
                           ddz_move** moves, Py_ssize_t* capacity) noexcept nogil:
    cdef row_sink sink
    if grow(moves, capacity, offsets[start] + MAX_MOVES) < 0:
        return OUT_OF_MEMORY
    sink.out = moves[0] + offsets[start]
    sink.counts = offsets
    sink.moves = moves
    sink.capacity = capacity
    sink.space = NULL
    return run_rows(hands, prevs, start, stop, rules, &sink, take_moves)


cdef inline ddz_move* grown_row(const ddz_hand* h, const ddz_move* prev, const ddz_rules* rules,
                                const ddz_wilds* wilds, ddz_move** moves, Py_ssize_t* capacity,
                                Py_ssize_t used) noexcept nogil:
    """One row's moves where no fixed room bounds them (wild cards, the row's `wilds`; two
    decks, of which only h.cards is read, `wilds` NULL) at (*moves)[used:], *moves grown until
    they fit; their end, or NULL out of memory."""
    cdef ddz_move* end
    while True:
        if grow(moves, capacity, used + 4 * MAX_MOVES) < 0:
            return NULL
        if rules.players == 4:
            end = gen_two_deck_moves(h.cards, prev, rules, moves[0] + used, capacity[0] - used)
        else:
            end = gen_wild_moves(h, prev, rules, wilds[0], moves[0] + used, capacity[0] - used)
        if end != NULL:
            return end
        if grow(moves, capacity, 2 * capacity[0]) < 0:
            return NULL


cdef inline Py_ssize_t run_grown_rows(const uint8_t* hands, const ddz_move* prevs,
                                      const ddz_wilds* wilds, bint per_row, Py_ssize_t start,
                                      Py_ssize_t stop, const ddz_rules* rules, int64_t* offsets,
                                      ddz_move** moves, Py_ssize_t* capacity,
                                      const ddz_wild_ids* wild_space,
                                      const ddz_action_ids* space, int32_t** ids,
                                      Py_ssize_t* ids_capacity, Py_ssize_t* bad_row) noexcept nogil:
    """rows_wild_moves, or with `wild_space` rows_wild_ids (the moves of a row in a scratch
    buffer, then their ids); under two decks (rules.players == 4) rows_two_deck_moves, or
    with `space` rows_ids."""
    cdef ddz_hand h
    cdef ddz_move prev
    cdef ddz_move* end
    cdef Py_ssize_t i, used, n, status = DONE
    cdef bint to_ids = wild_space != NULL or space != NULL
    cdef bint one_row = moves == NULL or to_ids     # (a row's moves, then dropped)
    cdef bint two_decks = rules.players == 4
    cdef ddz_move* scratch = NULL
    cdef Py_ssize_t scratch_room = 0
    if one_row:
        moves, capacity = &scratch, &scratch_room
    memset(&prev, 0, sizeof(ddz_move))      # length 0: a lead
    for i in range(start, stop):
        if not (pack_two_deck_row(hands + i * N_RANKS, &h) if two_decks
                else pack_row(hands + i * N_RANKS, &h)):
            status = i
            break
        if prevs != NULL:
            prev = prevs[i]     # one copy: the caller's array may change meanwhile
            if two_decks:       # (MOVE_DTYPE rows: their wild fields are padding, not data)
                prev.wild = 0
                prev.substitutes = 0
            if prev.length and not (is_two_deck_reading(&prev, rules) if two_decks
                                    else is_reading(&prev, rules)):
                status = BAD_PREV - i
                break
        used = 0 if one_row else offsets[i]
        end = grown_row(&h, &prev, rules, NULL if two_decks else wilds + (i if per_row else 0),
                        moves, capacity, used)
        if end == NULL:
            status = OUT_OF_MEMORY
            break
        n = end - (moves[0] + used)
        if to_ids:
            if grow(ids, ids_capacity, offsets[i] + n + 1) < 0:
                status = OUT_OF_MEMORY
                break
            if space != NULL:
                n = ids_of(space, moves[0], n, prev.length != 0, ids[0] + offsets[i])
            else:
                n = wild_ids_of(wild_space, moves[0], n, prev.length != 0, ids[0] + offsets[i])
            if n < 0:
                bad_row[0] = i
                status = NO_ID_ROW
                break
        offsets[i + 1] = offsets[i] + n
    free(scratch)
    return status


cdef Py_ssize_t rows_wild_moves(const uint8_t* hands, const ddz_move* prevs,
                                const ddz_wilds* wilds, bint per_row, Py_ssize_t start,
                                Py_ssize_t stop, const ddz_rules* rules, int64_t* offsets,
                                ddz_move** moves, Py_ssize_t* capacity) noexcept nogil:
    return run_grown_rows(hands, prevs, wilds, per_row, start, stop, rules, offsets, moves,
                          capacity, NULL, NULL, NULL, NULL, NULL)


cdef Py_ssize_t rows_wild_ids(const uint8_t* hands, const ddz_move* prevs,
                              const ddz_wilds* wilds, bint per_row, Py_ssize_t start,
                              Py_ssize_t stop, const ddz_rules* rules, const ddz_wild_ids* space,
                              int64_t* offsets, int32_t** ids, Py_ssize_t* capacity,
                              Py_ssize_t* bad_row) noexcept nogil:
    bad_row[0] = -1
    return run_grown_rows(hands, prevs, wilds, per_row, start, stop, rules, offsets, NULL, NULL,
                          space, NULL, ids, capacity, bad_row)


cdef inline int take_ids(row_sink* sink, Py_ssize_t row, ddz_move* end,
                         bint answers) noexcept nogil:
    cdef int64_t used = sink.counts[row]
    cdef Py_ssize_t n
    if grow(sink.ids, sink.capacity, used + MAX_MOVES + 1) < 0:
        return OUT_OF_MEMORY
    n = ids_of(sink.space, sink.out, end - sink.out, answers, sink.ids[0] + used)
    if n == NO_ID:
        return NO_ID_ROW
    sink.counts[row + 1] = used + n
    return 0


cdef Py_ssize_t rows_ids(const uint8_t* hands, const ddz_move* prevs, Py_ssize_t start,
                         Py_ssize_t stop, const ddz_rules* rules, const ddz_action_ids* space,
                         int64_t* offsets, int32_t** ids, Py_ssize_t* capacity,
                         Py_ssize_t* bad_row) noexcept nogil:
    cdef ddz_move scratch[MAX_MOVES]
    cdef row_sink sink
    cdef Py_ssize_t status
    if rules.players == 4:
        bad_row[0] = -1
        return run_grown_rows(hands, prevs, NULL, False, start, stop, rules, offsets, NULL,
                              NULL, NULL, space, ids, capacity, bad_row)
    sink.out = scratch
    sink.counts = offsets
    sink.ids = ids
    sink.capacity = capacity
    sink.space = space
    status = run_rows(hands, prevs, start, stop, rules, &sink, take_ids)
    bad_row[0] = sink.row
    return status


cdef inline Py_ssize_t shifted(Py_ssize_t status, Py_ssize_t* bad_row,
                               Py_ssize_t by) noexcept nogil:
    """The status of rows_ids over rows counted from `by` as that of the rows counted from 0."""
    if status >= 0:
        return status + by
    if status <= BAD_PREV:
        return status - by
    if bad_row[0] >= 0:
        bad_row[0] += by
    return status


cdef Py_ssize_t rows_mask(const uint8_t* hands, const ddz_move* prevs, Py_ssize_t start,
                          Py_ssize_t stop, const ddz_rules* rules, const ddz_action_ids* space,
                          uint8_t* masks, Py_ssize_t* bad_row) noexcept nogil:
    # Writing the masks is most of the cost (a row is space.n bytes, tens of KB, for tens of
    # legal ids), so they are written in blocks: the ids of MASK_BLOCK rows first (rows_ids),
    # then one memset over the block's rows and the ids set. A memset of that size streams to
    # memory (glibc's non-temporal stores, above about the size of the last-level cache), at
    # about 1.7x the rate of a memset per row (ddz-fast bench, 10,000 responses: 360 against
    # 620 ns a row). The rows before a failing row are written, the others not, as row by row.
    cdef int64_t* offsets = <int64_t*>malloc((MASK_BLOCK + 1) * sizeof(int64_t))
    cdef int32_t* ids = NULL
    cdef Py_ssize_t capacity = 0, status = DONE, block = start, rows, done, row
    cdef int64_t j
    cdef uint8_t* mask
    bad_row[0] = -1
    if offsets == NULL:
        return OUT_OF_MEMORY
    while block < stop and status == DONE:
        rows = min(MASK_BLOCK, stop - block)
        offsets[0] = 0
        status = rows_ids(hands + block * N_RANKS, <const ddz_move*>NULL if prevs == NULL else prevs + block, 0,
                          rows, rules, space, offsets, &ids, &capacity, bad_row)
        done = rows
        if status >= 0:
            done = status
        elif status <= BAD_PREV:
            done = BAD_PREV - status
        elif bad_row[0] >= 0:
            done = bad_row[0]
        status = shifted(status, bad_row, block)
        if done > 0:
            memset(masks + block * space.n, 0, done * space.n)
        for row in range(done):
            mask = masks + (block + row) * space.n
            for j in range(offsets[row], offsets[row + 1]):
                mask[ids[j]] = 1
        block += rows
    free(offsets)
    free(ids)
    return status


cdef Py_ssize_t rows_two_deck_moves(const uint8_t* hands, const ddz_move* prevs,
                                    Py_ssize_t start, Py_ssize_t stop, const ddz_rules* rules,
                                    int64_t* offsets, ddz_move** moves,
                                    Py_ssize_t* capacity) noexcept nogil:
    return run_grown_rows(hands, prevs, NULL, False, start, stop, rules, offsets, moves,
                          capacity, NULL, NULL, NULL, NULL, NULL)
