# Dense action ids: a table from every action of a rule set's game (the pass, the bids, every
# play) to an id 0..n-1, and the legal ids of a position, sorted.
#
# A play's id is found by hashing its cards (open addressing; the readings of one card set
# share a start): O(1), never a scan of the space.

from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t

from .typedefs cimport N_KINDS, ddz_hand, ddz_move, ddz_rules

cdef enum:
    MAX_CHAIN = 12            # the longest chain (3..A)
    NO_RUN = -0x7FFFFFFF      # no run_base (below)

ctypedef struct ddz_id_slot:     # 16 bytes
    uint64_t cards
    uint32_t head       # the first 4 bytes of the move: kind, length, main, zero
    int32_t id          # -1: an empty slot

ctypedef struct ddz_action_ids:
    const ddz_move* actions   # actions[id]: the play of a play id, all zero at the pass and bids
    int32_t n                 # ids in all
    int32_t pass_id
    int32_t first_bid         # the id of bid 1 (bids 2 and 3 follow it); -1: no auction
    # Every kind, ordered by its lowest id: leads generated kind by kind in this order come
    # out nearly sorted by id, which keeps the insertion sort of legal_ids cheap.
    uint8_t kind_order[N_KINDS]
    ddz_id_slot* slots        # a power of two of them, at most half full (ActionSpace: a quarter)
    uint64_t slot_mask
    int slot_shift            # 64 - log2(slot_mask + 1): a hash's top bits pick its slot
    # A play without kickers is its (kind, length, main): where the space numbers a kind and
    # length's plays by main rank in one run, as every order here does, its id is
    # run_base[kind][length] + main, no search (NO_RUN where it does not).
    int32_t run_base[N_KINDS][MAX_CHAIN + 1]

# What legal_ids returns when a legal move has no id (the space is of other rules).
cdef enum:
    NO_ID = -1

# The id of a play, or NO_ID.
cdef int32_t play_id(const ddz_action_ids* t, const ddz_move* m) noexcept nogil
# Index t.actions[0:t.n] into t.slots (slot_mask + 1 of them, a power of two >= 2 * t.n; prepare
# t first). Returns -1 - id if a play repeats an earlier id's, else 0.
cdef int32_t index_actions(ddz_action_ids* t) noexcept nogil
# Set what a space derives from its tables (t.actions, t.n, t.slot_mask): slot_shift and
# kind_order. Spaces of equal rules share the tables, each with its own struct.
cdef void prepare(ddz_action_ids* t) noexcept nogil
# Every play under the rules (every reading of at most 20 cards, 33 with two decks, in the
# order of the move generators: kind code, length, main rank, kickers ascending) into out,
# which has room for MAX_PLAYS moves; returns how many.
cdef enum:
    MAX_PLAYS = 1 << 17
cdef Py_ssize_t enumerate_plays(const ddz_rules* rules, ddz_move* out) noexcept nogil
# The ids of the legal actions of `h` on `prev` (NULL or length 0: a lead), the pass when
# `can_pass`, ascending, into out (room for MAX_MOVES + 1). Returns how many, or NO_ID if a
# legal move has no id.
cdef Py_ssize_t legal_ids(const ddz_action_ids* t, const ddz_hand* h, const ddz_move* prev,
                          bint can_pass, const ddz_rules* rules, int32_t* out) noexcept nogil
# The ids of moves[0:n] (and of the pass when `can_pass`), ascending, into out (room for n + 1);
# returns how many, or NO_ID if a move has no id.
cdef Py_ssize_t ids_of(const ddz_action_ids* t, const ddz_move* moves, Py_ssize_t n,
                       bint can_pass, int32_t* out) noexcept nogil
# The moves that a legal_ids call generates, in its order, before the ids are looked up
# (for the message that names a move without id). Returns the end.
cdef ddz_move* legal_ids_moves(const ddz_action_ids* t, const ddz_hand* h, const ddz_move* prev,
                               const ddz_rules* rules, ddz_move* out) noexcept nogil
