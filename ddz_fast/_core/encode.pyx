# Observation encodings (see encode.pxd; the layouts are documented in ddz_fast/encodings.py).

from libc.stdint cimport int8_t, uint64_t
from libc.string cimport memset

from .bits cimport card_count
from .state cimport NO_SEAT, PHASE_PLAY, ddz_game, ddz_state, ddz_step
from .typedefs cimport N_RANKS, RANK_BLACK_JOKER, RANK_RED_JOKER

cdef enum:
    JOKER_BLOCK = 4 * RANK_BLACK_JOKER          # 52: the jokers of a 54-wide card set
    # RLCard's cards-left one-hots: the landlord's 20, a farmer's 17.
    LANDLORD_CARDS = 20
    FARMER_CARDS = 17
    # OpenSpiel: a rank's count one-hot in 5 slots (0..4), the jokers' in 2; two such blocks
    # (own hand, everyone's played cards), then the seat from the landlord, the first bidder
    # and the face-up card's rank.
    OS_SLOTS = 5
    OS_CARDS = 13 * OS_SLOTS + 2 * 2            # 69
    OS_FROM_LANDLORD = 2 * OS_CARDS             # 138
    OS_FIRST_BIDDER = OS_FROM_LANDLORD + 3      # 141
    OS_FACE_UP = OS_FIRST_BIDDER + 3            # 144


cdef inline int rank_count(uint64_t cards, int rank) noexcept nogil:
    return <int>((cards >> (4 * rank)) & 0xF)


cdef inline int8_t* write_cards(uint64_t cards, int8_t* out) noexcept nogil:
    """RLCard's _cards2array: rank r (3..2) held k times sets out[4r .. 4r+k-1], then one
    slot per joker. Returns the end of the block."""
    cdef int rank, k
    memset(out, 0, RLCARD_CARDS)
    for rank in range(RANK_BLACK_JOKER):
        for k in range(rank_count(cards, rank)):
            out[4 * rank + k] = 1
    out[JOKER_BLOCK] = rank_count(cards, RANK_BLACK_JOKER) != 0
    out[JOKER_BLOCK + 1] = rank_count(cards, RANK_RED_JOKER) != 0
    return out + RLCARD_CARDS


cdef inline int8_t* write_cards_left(int n, int size, int8_t* out) noexcept nogil:
    """RLCard's _get_one_hot_array(n, size): one_hot[n - 1] = 1, so n = 0 (a seat that went
    out) sets the last slot (Python's index -1). 0 <= n <= size."""
    memset(out, 0, size)
    out[(n + size - 1) % size] = 1
    return out + size


cdef inline uint64_t action_cards(const ddz_step* step) noexcept nogil:
    return step.action.cards if step.action.length else 0     # a pass: no cards


cdef inline Py_ssize_t first_play_step(const ddz_game* g) noexcept nogil:
    """The index of the first step of the play phase: the auction's steps come before it."""
    cdef Py_ssize_t i = g.n_steps
    while i > 0 and g.steps[i - 1].before.phase == PHASE_PLAY:
        i -= 1
    return i


cdef uint64_t last_action_of(const ddz_game* g, int seat, bint first) noexcept nogil:
    """The cards of `seat`'s last action in play (none for a pass or if it has not acted);
    with `first`, of its first action instead (RLCard's bug, rlcard issue #292)."""
    cdef Py_ssize_t i, start = first_play_step(g)
    if first:
        for i in range(start, g.n_steps):
            if g.steps[i].before.to_move == seat:
                return action_cards(&g.steps[i])
    else:
        for i in range(g.n_steps - 1, start - 1, -1):
            if g.steps[i].before.to_move == seat:
                return action_cards(&g.steps[i])
    return 0


cdef int rlcard_size(bint landlord, int flags) noexcept nogil:
    cdef int size = RLCARD_LANDLORD_SIZE if landlord else RLCARD_FARMER_SIZE
    return size if flags & ENCODE_OTHERS_HAND else size - RLCARD_CARDS


cdef int encode_rlcard(const ddz_game* g, int seat, int flags, int8_t* out) noexcept nogil:
    cdef const ddz_state* s = &g.s
    cdef int landlord = s.landlord, row
    if landlord == NO_SEAT:
        return ENCODE_NO_LANDLORD
    cdef int down = (landlord + 1) % 3, up = (landlord + 2) % 3
    cdef int teammate = 3 - seat - landlord         # (of a farmer: the other farmer)
    if seat == landlord:
        if card_count(s.hands[up]) > FARMER_CARDS or card_count(s.hands[down]) > FARMER_CARDS:
            return ENCODE_TOO_MANY_CARDS
    elif card_count(s.hands[landlord]) > LANDLORD_CARDS or card_count(s.hands[teammate]) > FARMER_CARDS:
        return ENCODE_TOO_MANY_CARDS
    cdef int8_t* p = write_cards(s.hands[seat], out)
    if flags & ENCODE_OTHERS_HAND:
        p = write_cards(s.hands[(seat + 1) % 3] + s.hands[(seat + 2) % 3], p)
    # RLCard's last_action: trace[-1], or trace[-2] after a pass (nothing after two): the move
    # to beat, which the state keeps (the winning play once the game is over).
    p = write_cards(s.last_move.cards if s.last_move.length else 0, p)
    # The last 9 actions of the play, oldest first, zero rows before the first and for passes.
    cdef Py_ssize_t i = g.n_steps
    row = RLCARD_HISTORY
    while row > 0 and i > 0 and g.steps[i - 1].before.phase == PHASE_PLAY:
        i -= 1
        row -= 1
        write_cards(action_cards(&g.steps[i]), p + row * RLCARD_CARDS)
    memset(p, 0, row * RLCARD_CARDS)
    p += RLCARD_HISTORY * RLCARD_CARDS
    if seat == landlord:
        p = write_cards(s.played[up], p)
        p = write_cards(s.played[down], p)
        p = write_cards_left(card_count(s.hands[up]), FARMER_CARDS, p)
        p = write_cards_left(card_count(s.hands[down]), FARMER_CARDS, p)
    else:
        p = write_cards(s.played[landlord], p)
        p = write_cards(s.played[teammate], p)
        p = write_cards(last_action_of(g, landlord, flags & ENCODE_BUG_COMPATIBLE), p)
        p = write_cards(last_action_of(g, teammate, flags & ENCODE_BUG_COMPATIBLE), p)
        p = write_cards_left(card_count(s.hands[landlord]), LANDLORD_CARDS, p)
        p = write_cards_left(card_count(s.hands[teammate]), FARMER_CARDS, p)
    return p - out


cdef int encode_openspiel(const ddz_game* g, int seat, int flags, float* out) noexcept nogil:
    cdef const ddz_state* s = &g.s
    cdef uint64_t played = s.played[0] + s.played[1] + s.played[2]
    cdef int rank, at, dizhu
    for at in range(OPENSPIEL_SIZE):
        out[at] = 0
    for rank in range(N_RANKS):
        # OpenSpiel's loop puts every rank at OS_SLOTS * rank, so the jokers' (2 slots each)
        # land at 65, 70 and, in the played block, 134, 139: the red joker's over the next block.
        if rank < RANK_BLACK_JOKER or flags & ENCODE_BUG_COMPATIBLE:
            at = OS_SLOTS * rank
        else:
            at = OS_SLOTS * RANK_BLACK_JOKER + 2 * (rank - RANK_BLACK_JOKER)
        out[at + rank_count(s.hands[seat], rank)] = 1
        out[OS_CARDS + at + rank_count(played, rank)] = 1
    # OpenSpiel's dizhu_: the highest bidder so far in the auction, then the landlord.
    dizhu = s.landlord if s.landlord != NO_SEAT else s.high_bidder
    if dizhu != NO_SEAT:
        out[OS_FROM_LANDLORD + (seat - dizhu + 3) % 3] = 1
    out[OS_FIRST_BIDDER + s.first_bidder] = 1
    if s.marked_rank < N_RANKS:
        out[OS_FACE_UP + s.marked_rank] = 1
    return OPENSPIEL_SIZE
