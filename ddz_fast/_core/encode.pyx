# Observation encodings (see encode.pxd; the layouts are documented in ddz_fast/encodings.py).

from libc.stdint cimport int8_t, uint64_t
from libc.string cimport memset

from .bits cimport card_count, rank_count
from .two_decks cimport two_deck_card_count
from .combos cimport physical_cards
from .state cimport NO_SEAT, PHASE_AUCTION, PHASE_PLAY, ddz_game, ddz_state, ddz_step, wilds_shown
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
    OS_FROM_LANDLORD = 2 * OPENSPIEL_HAND       # 138 (a hand: 13 * OS_SLOTS + 2 * 2)
    OS_FIRST_BIDDER = OS_FROM_LANDLORD + 3      # 141
    OS_FACE_UP = OS_FIRST_BIDDER + 3            # 144
    DZ_BOMBS = DOUZERO_MOST_BOMBS + 1  # DouZero: the bombs one-hot


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


cdef inline int8_t* write_counts(uint64_t cards, int8_t* out) noexcept nogil:
    """The compact scheme's card set: the count of each rank 3..R (15). Returns the end."""
    cdef int rank
    for rank in range(N_RANKS):
        out[rank] = rank_count(cards, rank)
    return out + N_RANKS


cdef inline int recent_actions(const ddz_game* g, int n, uint64_t* cards) noexcept nogil:
    """The cards of the last actions of the play (at most n), oldest first (0 for a pass),
    into cards; returns how many. Reads back only as far as it needs to."""
    cdef Py_ssize_t i = g.n_steps
    cdef int k = 0, j
    while k < n and i > 0 and g.steps[i - 1].before.phase == PHASE_PLAY:
        i -= 1
        k += 1
    for j in range(k):
        cards[j] = action_cards(&g.steps[i + j])
    return k


cdef inline int8_t* write_history(const ddz_game* g, int n, int8_t* out) noexcept nogil:
    """The last n (at most DOUZERO_HISTORY) actions of the play, oldest first, 54 each: zero
    rows before the first action and for passes (RLCard's last 9, DouZero's z). Returns the
    end of the block."""
    cdef uint64_t cards[DOUZERO_HISTORY]
    cdef int k = recent_actions(g, n, cards), row
    memset(out, 0, (n - k) * RLCARD_CARDS)
    for row in range(k):
        write_cards(cards[row], out + (n - k + row) * RLCARD_CARDS)
    return out + n * RLCARD_CARDS


cdef inline bint too_many_cards(const ddz_state* s, int seat) noexcept nogil:
    """Whether a hand `seat` sees the count of is over its cards-left one-hot (RLCard's and
    DouZero's): a farmer sees the landlord's (20) and the teammate's (17), the landlord both
    farmers' (17). The game has a landlord."""
    cdef int landlord = s.landlord
    if seat == landlord:
        return (card_count(s.hands[(landlord + 1) % 3]) > FARMER_CARDS
                or card_count(s.hands[(landlord + 2) % 3]) > FARMER_CARDS)
    return (card_count(s.hands[landlord]) > LANDLORD_CARDS
            or card_count(s.hands[3 - seat - landlord]) > FARMER_CARDS)


cdef inline int8_t* write_farmers(const ddz_state* s, int landlord, int8_t* out) noexcept nogil:
    """What the landlord sees of the farmers, in RLCard's and DouZero's order: the cards
    landlord_up played, those landlord_down played, then their cards-left one-hots."""
    cdef int down = (landlord + 1) % 3, up = (landlord + 2) % 3
    out = write_cards(s.played[up], out)
    out = write_cards(s.played[down], out)
    out = write_cards_left(card_count(s.hands[up]), FARMER_CARDS, out)
    return write_cards_left(card_count(s.hands[down]), FARMER_CARDS, out)


cdef inline int8_t* write_partners_left(const ddz_state* s, int landlord, int teammate,
                                        int8_t* out) noexcept nogil:
    """A farmer's cards-left one-hots (RLCard's and DouZero's last blocks but DouZero's
    bombs): the landlord's, then the teammate's."""
    out = write_cards_left(card_count(s.hands[landlord]), LANDLORD_CARDS, out)
    return write_cards_left(card_count(s.hands[teammate]), FARMER_CARDS, out)


cdef uint64_t last_action_of(const ddz_game* g, int seat, bint first) noexcept nogil:
    """The cards of `seat`'s last action in play (none for a pass or if it has not acted);
    with `first`, of its first action instead (RLCard's bug, rlcard issue #292)."""
    cdef Py_ssize_t i
    if first:
        for i in range(first_play_step(g), g.n_steps):
            if g.steps[i].before.to_move == seat:
                return action_cards(&g.steps[i])
    else:
        i = g.n_steps - 1
        while i >= 0 and g.steps[i].before.phase == PHASE_PLAY:
            if g.steps[i].before.to_move == seat:
                return action_cards(&g.steps[i])
            i -= 1
    return 0


cdef inline int8_t* write_others_cards(const ddz_state* s, int seat, int8_t* out) noexcept nogil:
    """The rlcard and douzero perfect-information tail: the next seat's hand, then the one
    after's, 54 each. Returns the end."""
    out = write_cards(s.hands[(seat + 1) % 3], out)
    return write_cards(s.hands[(seat + 2) % 3], out)


cdef inline int perfect_tail(int flags, int tail) noexcept nogil:
    return tail if flags & ENCODE_PERFECT_INFORMATION else 0


cdef int rlcard_size(bint landlord, int flags) noexcept nogil:
    cdef int size = RLCARD_LANDLORD_SIZE if landlord else RLCARD_FARMER_SIZE
    if not flags & ENCODE_OTHERS_HAND:
        size -= RLCARD_CARDS
    return size + perfect_tail(flags, RLCARD_PERFECT_TAIL)


cdef int encode_rlcard(const ddz_game* g, int seat, int flags, int8_t* out) noexcept nogil:
    cdef const ddz_state* s = &g.s
    cdef int landlord = s.landlord
    if landlord == NO_SEAT:
        return ENCODE_NO_LANDLORD
    cdef int teammate = 3 - seat - landlord         # (of a farmer: the other farmer)
    if too_many_cards(s, seat):
        return ENCODE_TOO_MANY_CARDS
    cdef int8_t* p = write_cards(s.hands[seat], out)
    if flags & ENCODE_OTHERS_HAND:
        p = write_cards(s.hands[(seat + 1) % 3] + s.hands[(seat + 2) % 3], p)
    # RLCard's last_action: trace[-1], or trace[-2] after a pass (nothing after two): the move
    # to beat, which the state keeps (the winning play once the game is over).
    p = write_cards(s.last_move.cards if s.last_move.length else 0, p)
    # The last 9 actions of the play.
    p = write_history(g, RLCARD_HISTORY, p)
    if seat == landlord:
        p = write_farmers(s, landlord, p)
    else:
        p = write_cards(s.played[landlord], p)
        p = write_cards(s.played[teammate], p)
        p = write_cards(last_action_of(g, landlord, flags & ENCODE_BUG_COMPATIBLE), p)
        p = write_cards(last_action_of(g, teammate, flags & ENCODE_BUG_COMPATIBLE), p)
        p = write_partners_left(s, landlord, teammate, p)
    if flags & ENCODE_PERFECT_INFORMATION:
        p = write_others_cards(s, seat, p)
    return p - out


cdef inline void mark_openspiel_cards(uint64_t cards, bint bug_compatible, float* block) noexcept nogil:
    """OpenSpiel's card set into a zeroed 69-float block: rank r's count k sets
    OS_SLOTS * r + k; the jokers' 2 slots each follow the 13 ranks', or with bug_compatible sit
    where OpenSpiel's loop puts every rank, at OS_SLOTS * r (the red joker's past the block)."""
    cdef int rank, at
    for rank in range(N_RANKS):
        if rank < RANK_BLACK_JOKER or bug_compatible:
            at = OS_SLOTS * rank
        else:
            at = OS_SLOTS * RANK_BLACK_JOKER + 2 * (rank - RANK_BLACK_JOKER)
        block[at + rank_count(cards, rank)] = 1


cdef int openspiel_size(int flags) noexcept nogil:
    return OPENSPIEL_SIZE + perfect_tail(flags, OPENSPIEL_PERFECT_TAIL)


cdef int encode_openspiel(const ddz_game* g, int seat, int flags, float* out) noexcept nogil:
    cdef const ddz_state* s = &g.s
    cdef uint64_t played = s.played[0] + s.played[1] + s.played[2]
    cdef int size = openspiel_size(flags), at, dizhu
    for at in range(size):
        out[at] = 0
    # (bug_compatible: the jokers land at 65, 70 and, in the played block, 134, 139: the red
    # joker's over the next block.)
    mark_openspiel_cards(s.hands[seat], flags & ENCODE_BUG_COMPATIBLE, out)
    mark_openspiel_cards(played, flags & ENCODE_BUG_COMPATIBLE, out + OPENSPIEL_HAND)
    # OpenSpiel's dizhu_: the highest bidder so far in the auction, then the landlord.
    dizhu = s.landlord if s.landlord != NO_SEAT else s.high_bidder
    if dizhu != NO_SEAT:
        out[OS_FROM_LANDLORD + (seat - dizhu + 3) % 3] = 1
    out[OS_FIRST_BIDDER + s.first_bidder] = 1
    if s.marked_rank < N_RANKS:
        out[OS_FACE_UP + s.marked_rank] = 1
    if flags & ENCODE_PERFECT_INFORMATION:     # (our tail: the jokers in their own slots)
        mark_openspiel_cards(s.hands[(seat + 1) % 3], False, out + OPENSPIEL_SIZE)
        mark_openspiel_cards(s.hands[(seat + 2) % 3], False, out + OPENSPIEL_SIZE + OPENSPIEL_HAND)
    return size


cdef int douzero_size(bint landlord, int flags) noexcept nogil:
    return ((DOUZERO_LANDLORD_SIZE if landlord else DOUZERO_FARMER_SIZE)
            + perfect_tail(flags, RLCARD_PERFECT_TAIL))


cdef int encode_douzero(const ddz_game* g, int seat, int flags, int8_t* out) noexcept nogil:
    cdef const ddz_state* s = &g.s
    cdef int landlord = s.landlord
    if landlord == NO_SEAT:
        return ENCODE_NO_LANDLORD
    if too_many_cards(s, seat):
        return ENCODE_TOO_MANY_CARDS
    if s.bombs > DOUZERO_MOST_BOMBS:
        return ENCODE_TOO_MANY_BOMBS
    cdef int teammate = 3 - seat - landlord         # (of a farmer: the other farmer)
    cdef int8_t* p = write_cards(s.hands[seat], out)
    p = write_cards(s.hands[(seat + 1) % 3] + s.hands[(seat + 2) % 3], p)
    # DouZero's last_move (get_last_move): the last action, or the one before after a pass
    # (none after two): the move to beat, which the state keeps.
    cdef uint64_t last = s.last_move.cards if s.last_move.length else 0
    if seat == landlord:
        p = write_cards(last, p)
        p = write_farmers(s, landlord, p)
    else:
        p = write_cards(s.played[landlord], p)
        p = write_cards(s.played[teammate], p)
        p = write_cards(last, p)
        # last_move_dict: each seat's most recent action (a pass: none).
        p = write_cards(last_action_of(g, landlord, False), p)
        p = write_cards(last_action_of(g, teammate, False), p)
        p = write_partners_left(s, landlord, teammate, p)
    memset(p, 0, DZ_BOMBS)
    p[s.bombs] = 1          # (bombs and rockets, as DouZero's bomb_num)
    p += DZ_BOMBS
    if flags & ENCODE_PERFECT_INFORMATION:
        p = write_others_cards(s, seat, p)
    return p - out


cdef int encode_douzero_history(const ddz_game* g, int8_t* out) noexcept nogil:
    return write_history(g, DOUZERO_HISTORY, out) - out


cdef int encode_douzero_batch(const ddz_game* g, int seat, int flags, const uint64_t* actions,
                              Py_ssize_t n, float* out) noexcept nogil:
    cdef int8_t row[DOUZERO_FARMER_SIZE + RLCARD_PERFECT_TAIL + RLCARD_CARDS]
    cdef int size = encode_douzero(g, seat, flags, row), width, j
    if size < 0:
        return size
    width = size + RLCARD_CARDS
    cdef Py_ssize_t i
    for i in range(n):
        write_cards(actions[i], row + size)
        for j in range(width):
            out[j] = row[j]
        out += width
    return width


cdef inline int wild_block(int flags) noexcept nogil:
    return COMPACT_WILD_BLOCK if flags & ENCODE_WILDS else 0


cdef inline int compact_seats(int flags) noexcept nogil:
    return 4 if flags & ENCODE_FOUR_SEATS else 3


cdef inline int compact_history(int flags) noexcept nogil:
    """Where the history starts: after the head, which has a block more for a fourth seat."""
    return COMPACT_HEAD + (COMPACT_FOURTH_SEAT if flags & ENCODE_FOUR_SEATS else 0)


cdef int compact_size(int flags) noexcept nogil:
    return (compact_history(flags) + COMPACT_HISTORY * N_RANKS + wild_block(flags)
            + perfect_tail(flags, (compact_seats(flags) - 1) * N_RANKS))


cdef inline uint64_t step_physical(const ddz_step* step) noexcept nogil:
    return physical_cards(&step.action, &step.before.wilds) if step.action.length else 0


cdef int encode_compact(const ddz_game* g, int seat, int flags, int8_t* out) noexcept nogil:
    cdef uint64_t recent[COMPACT_HISTORY]
    cdef int n_recent = recent_actions(g, COMPACT_HISTORY, recent), k
    cdef int size = encode_compact_recent(g, seat, flags, recent, n_recent, out)
    cdef const ddz_state* s = &g.s
    cdef int8_t* block = out + compact_history(flags) + COMPACT_HISTORY * N_RANKS
    if not flags & ENCODE_WILDS:
        return size
    memset(block, 0, COMPACT_WILD_BLOCK)
    for k in range(wilds_shown(s)):     # 1 marks the first wild rank, 2 the second
        block[s.wilds.rank[k]] = k + 1
    block += COMPACT_WILD_RANKS
    write_counts(physical_cards(&s.last_move, &s.wilds) if s.last_move.length else 0, block)
    block += N_RANKS + (COMPACT_HISTORY - n_recent) * N_RANKS
    for k in range(n_recent):           # the same steps as recent_actions read
        write_counts(step_physical(&g.steps[g.n_steps - n_recent + k]), block + k * N_RANKS)
    return size


cdef int encode_compact_recent(const ddz_game* g, int seat, int flags, const uint64_t* recent,
                               int n_recent, int8_t* out) noexcept nogil:
    # Two calls of one inline body with the number of seats a constant: the compiler unrolls
    # each one's loops over the seats (a variable count cost the three-seat rows a fifth more
    # instructions, 100 a row: callgrind of Tables).
    if flags & ENCODE_FOUR_SEATS:
        return compact_rows(g, seat, flags, recent, n_recent, out, 4)
    return compact_rows(g, seat, flags, recent, n_recent, out, 3)


cdef inline int compact_rows(const ddz_game* g, int seat, int flags, const uint64_t* recent,
                             int n_recent, int8_t* out, const int seats) noexcept nogil:
    # The blocks in the order of encodings.py's layout; seat (seat + k) mod `seats` is
    # relative seat k (a subtraction, not a division: this runs at every step of Tables).
    cdef const ddz_state* s = &g.s
    cdef int k, other
    cdef int8_t* p = out
    cdef uint64_t unseen = s.kitty if s.phase == PHASE_AUCTION else 0   # (the landlord's to be)
    cdef int seat_of[4]
    for k in range(seats):
        other = seat + k
        seat_of[k] = other - seats if other >= seats else other
        if k:
            unseen += s.hands[seat_of[k]]
    write_counts(s.hands[seat], p)
    p += N_RANKS
    for k in range(seats):
        write_counts(s.played[seat_of[k]], p)
        p += N_RANKS
    write_counts(unseen, p)
    write_counts(s.last_move.cards if s.last_move.length else 0, p + N_RANKS)
    p += 2 * N_RANKS
    # The landlord, or in the auction the highest bidder so far (none: all zero).
    other = s.landlord if s.landlord != NO_SEAT else s.high_bidder
    for k in range(seats):
        p[k] = seat_of[k] == other
    p += seats
    p[0] = s.phase == PHASE_AUCTION
    p += 1
    for k in range(seats):
        p[k] = (two_deck_card_count(s.hands[seat_of[k]]) if seats == 4
                else card_count(s.hands[seat_of[k]]))
    p += seats
    p[0] = s.bombs
    p[1] = s.bid
    p[2] = n_recent                     # (p + 3: the history)
    cdef int8_t* rows = out + compact_history(flags)
    memset(rows, 0, (COMPACT_HISTORY - n_recent) * N_RANKS)
    rows += (COMPACT_HISTORY - n_recent) * N_RANKS
    for k in range(n_recent):
        write_counts(recent[k], rows + k * N_RANKS)
    if flags & ENCODE_PERFECT_INFORMATION:
        p = out + compact_history(flags) + COMPACT_HISTORY * N_RANKS + wild_block(flags)
        for k in range(1, seats):
            write_counts(s.hands[seat_of[k]], p + (k - 1) * N_RANKS)
    return compact_size(flags)
