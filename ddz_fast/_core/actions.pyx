# Dense action ids (see actions.pxd for the contract).

from libc.stdint cimport int32_t, uint32_t, uint64_t
from libc.string cimport memcpy

from .bits cimport card_count, hand_init
from .movegen cimport gen_kind, gen_moves
from .two_decks cimport enumerate_two_deck_plays
from .typedefs cimport (
    FULL_DECK, KIND_ROCKET, KIND_SHAPES, MAX_HAND_CARDS, MAX_MOVES, N_KINDS, ddz_hand, ddz_move, ddz_rules,
)


cdef inline uint32_t head_of(const ddz_move* m) noexcept nogil:
    """Kind, length and main rank as one word: the first 4 bytes of the move (its padding is
    zero, as the generators and Move write it)."""
    cdef uint32_t head
    memcpy(&head, m, 4)
    return head


cdef inline uint64_t slot_of(const ddz_action_ids* t, uint64_t cards) noexcept nogil:
    """Where the search for a play of these cards starts: the top bits of a multiplicative
    (Fibonacci) hash. One multiply: most plays of a hand are looked up, so this is most of
    the cost of an id."""
    return (cards * <uint64_t>0x9E3779B97F4A7C15ULL) >> t.slot_shift


cdef inline int32_t find_id(const ddz_action_ids* t, const ddz_move* m) noexcept nogil:
    cdef uint32_t head = head_of(m)
    cdef uint64_t cards = m.cards, i = slot_of(t, cards)
    cdef const ddz_id_slot* slot
    while True:
        slot = &t.slots[i]
        if slot.id < 0 or (slot.cards == cards and slot.head == head):
            return slot.id
        i = (i + 1) & t.slot_mask


cdef int32_t play_id(const ddz_action_ids* t, const ddz_move* m) noexcept nogil:
    # (m is a reading: its length is at most MAX_CHAIN)
    cdef int32_t base = t.run_base[m.kind][m.length]
    if base != NO_RUN:
        return base + m.main
    return find_id(t, m)


cdef int32_t index_actions(ddz_action_ids* t) noexcept nogil:
    cdef int32_t id
    cdef uint64_t i
    cdef const ddz_move* m
    for i in range(t.slot_mask + 1):
        t.slots[i].id = -1
    for id in range(t.n):
        m = &t.actions[id]
        if m.length == 0:
            continue                        # the pass and the bids
        if find_id(t, m) >= 0:
            return -1 - id
        i = slot_of(t, m.cards)
        while t.slots[i].id >= 0:
            i = (i + 1) & t.slot_mask
        t.slots[i].head = head_of(m)
        t.slots[i].cards = m.cards
        t.slots[i].id = id
    return 0


cdef void prepare(ddz_action_ids* t) noexcept nogil:
    cdef int32_t id, k, j, length, mains
    cdef int32_t first[N_KINDS]
    cdef int32_t count[N_KINDS][MAX_CHAIN + 1]
    cdef const ddz_move* m
    t.slot_shift = 64
    while (<uint64_t>1 << (64 - t.slot_shift)) <= t.slot_mask:
        t.slot_shift -= 1
    # Runs: every play of a kind without kickers and a length, ids ascending with the main
    # rank from the lowest (length - 1) to the kind's highest, nothing else between.
    for k in range(N_KINDS):
        for length in range(MAX_CHAIN + 1):
            t.run_base[k][length] = NO_RUN
            count[k][length] = 0
    for id in range(t.n):
        m = &t.actions[id]
        if m.length == 0 or KIND_SHAPES[m.kind].kicker_size:
            continue
        j = count[m.kind][m.length]
        if j == 0:
            t.run_base[m.kind][m.length] = id - m.main
        elif t.run_base[m.kind][m.length] != id - m.main:
            t.run_base[m.kind][m.length] = NO_RUN - 1       # broken: marked, undone below
        count[m.kind][m.length] = j + 1
    for k in range(N_KINDS):
        for length in range(1, MAX_CHAIN + 1):
            mains = KIND_SHAPES[k].max_main - length + 2 if k != KIND_ROCKET else 1
            if count[k][length] != mains or t.run_base[k][length] == NO_RUN - 1:
                t.run_base[k][length] = NO_RUN
    for k in range(N_KINDS):
        first[k] = t.n
    for id in range(t.n - 1, -1, -1):
        if t.actions[id].length:
            first[t.actions[id].kind] = id
    for k in range(N_KINDS):                # kinds by their lowest id (few: insertion sort)
        j = k
        while j > 0 and first[t.kind_order[j - 1]] > first[k]:
            t.kind_order[j] = t.kind_order[j - 1]
            j -= 1
        t.kind_order[j] = k


cdef Py_ssize_t enumerate_plays(const ddz_rules* rules, ddz_move* out) noexcept nogil:
    # The generators on the whole deck give every play; each (kind, length) is asked for
    # alone, and skipped when its plays have more cards than a hand. The most plays of one
    # (kind, length) under any switches is below 2**15 (a plane of five trios with single
    # kickers: 8 chains times at most C(14, 5) = 2002 kicker multisets), so MAX_PLAYS leaves
    # room for the slots one call may write past its end. Two decks: the counting bound of
    # bench/max_moves.py (95,555 leads of a 33-card hand under any switches).
    cdef ddz_hand deck
    cdef ddz_move* end = out
    cdef int k, length, per_unit
    if rules.players == 4:
        return enumerate_two_deck_plays(rules, out, MAX_PLAYS)
    hand_init(&deck, FULL_DECK)
    for k in range(N_KINDS):
        per_unit = KIND_SHAPES[k].unit + KIND_SHAPES[k].kicker_size * KIND_SHAPES[k].kickers_per_rank
        for length in range(KIND_SHAPES[k].min_length, KIND_SHAPES[k].max_length + 1):
            if per_unit * length <= MAX_HAND_CARDS:
                end = gen_kind(k, &deck, rules, length, 0, end)
    return end - out


cdef ddz_move* legal_ids_moves(const ddz_action_ids* t, const ddz_hand* h, const ddz_move* prev,
                               const ddz_rules* rules, ddz_move* out) noexcept nogil:
    cdef int i
    if prev != NULL and prev.length != 0:
        return gen_moves(h, prev, rules, out)
    for i in range(N_KINDS):
        out = gen_kind(t.kind_order[i], h, rules, 0, 0, out)
    return out


cdef Py_ssize_t ids_of(const ddz_action_ids* t, const ddz_move* moves, Py_ssize_t n,
                      bint can_pass, int32_t* out) noexcept nogil:
    cdef Py_ssize_t i, j
    cdef int32_t id
    for i in range(n):
        id = find_id(t, &moves[i])
        if id < 0:
            return NO_ID
        j = i       # insertion sort: the ids come nearly sorted (kind_order)
        while j > 0 and out[j - 1] > id:
            out[j] = out[j - 1]
            j -= 1
        out[j] = id
    if can_pass:
        j = n
        while j > 0 and out[j - 1] > t.pass_id:
            out[j] = out[j - 1]
            j -= 1
        out[j] = t.pass_id
        n += 1
    return n


cdef Py_ssize_t legal_ids(const ddz_action_ids* t, const ddz_hand* h, const ddz_move* prev,
                          bint can_pass, const ddz_rules* rules, int32_t* out) noexcept nogil:
    cdef ddz_move moves[MAX_MOVES]
    cdef ddz_move* end = legal_ids_moves(t, h, prev, rules, moves)
    return ids_of(t, moves, end - moves, can_pass, out)
