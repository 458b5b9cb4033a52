# The open-hand solver's search (see solver.pxd for the techniques).

from libc.stdint cimport int8_t, int32_t, int64_t, uint32_t, uint64_t
from libc.string cimport memset

from .bits cimport card_count, ctz32, ctz64, hand_init, pop_lsb, popcount32, rank_block, ranks_in
from .movegen cimport gen_kind, gen_leads
from .state cimport (
    NO_SEAT, PHASE_OVER, next_seat, state_legal_moves, state_play, state_play_unkeyed,
    state_scores,
)
from .typedefs cimport (
    CHAIN_RANKS, JOKER_NIBBLES, JOKER_RANKS, JOKERS, KIND_BOMB, KIND_FOUR_TWO_PAIRS,
    KIND_FOUR_TWO_SINGLES, KIND_PAIR, KIND_PAIR_CHAIN, KIND_PLANE, KIND_PLANE_PAIRS,
    KIND_PLANE_SINGLES, KIND_ROCKET, KIND_SHAPES, KIND_SINGLE, KIND_STRAIGHT, MAX_MOVES, MAX_SEATS,
    N_KINDS, ddz_hand, ddz_move,
)

cdef extern from "Python.h":
    int check_signals "PyErr_CheckSignals" () noexcept     # -1 with the exception set

cdef extern from *:
    """
    #include <stdlib.h>
    #include <string.h>
    #if defined(_WIN32)
    #ifndef WIN32_LEAN_AND_MEAN
    #define WIN32_LEAN_AND_MEAN
    #endif
    #ifndef NOMINMAX
    #define NOMINMAX
    #endif
    #include <windows.h>
    #include <malloc.h>
    #else
    #include <sys/mman.h>
    #include <time.h>
    #endif
    #if defined(_MSC_VER) && defined(_M_X64)
    #include <xmmintrin.h>
    #define ddz_prefetch(address) _mm_prefetch((const char*)(address), _MM_HINT_T0)
    #elif defined(_MSC_VER)
    #define ddz_prefetch(address) ((void)(address))
    #else
    #define ddz_prefetch(address) __builtin_prefetch(address)
    #endif
    /* Zeroed room for `size` bytes on 2 MB boundaries, in huge pages where the kernel gives
       them on request (Linux's transparent huge pages in "madvise" mode): a table probe is a
       cache miss anyway, and with 4 kB pages a TLB miss too. NULL if out of memory; freed by
       ddz_table_release. */
    static void* ddz_table_alloc(size_t size) {
        void* room = NULL;
    #if defined(_WIN32)
        room = _aligned_malloc(size, (size_t)1 << 21);
        if (room == NULL)
            return NULL;
    #else
        if (posix_memalign(&room, (size_t)1 << 21, size) != 0)
            return NULL;
    #ifdef MADV_HUGEPAGE
        madvise(room, size, MADV_HUGEPAGE);   /* advice only: a refusal changes nothing */
    #endif
    #endif
        memset(room, 0, size);
        return room;
    }
    static void ddz_table_release(void* room) {
    #if defined(_WIN32)
        _aligned_free(room);
    #else
        free(room);
    #endif
    }
    /* Seconds on a clock that never goes back, from an arbitrary start. */
    static double ddz_monotonic(void) {
    #if defined(_WIN32)
        LARGE_INTEGER count, frequency;
        QueryPerformanceCounter(&count);
        QueryPerformanceFrequency(&frequency);
        return (double)count.QuadPart / (double)frequency.QuadPart;
    #else
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return ts.tv_sec + ts.tv_nsec * 1e-9;
    #endif
    }
    """
    void* table_alloc "ddz_table_alloc" (size_t size) noexcept nogil
    void table_release "ddz_table_release" (void* room) noexcept nogil
    void prefetch "ddz_prefetch" (const void* address) noexcept nogil
    double monotonic_clock "ddz_monotonic" () noexcept nogil

cdef extern from *:
    """
    /* x, its value hidden from the optimiser (search_ge): given the root's constant plies,
       gcc clones search_node for each, and the clones use up the room it has for inlining
       the search's helpers (entry_of, superseded, inferred: 1.4% more instructions). */
    static inline int ddz_unknown_int(int x) { volatile int v = x; return v; }
    """
    int unknown_int "ddz_unknown_int" (int x) noexcept nogil

cdef ddz_move PASS_MOVE         # all zero: a pass
cdef uint32_t ENTRY_USED = 0x80000000u      # a used slot's status (an empty one is 0)

cdef enum:
    CHECK_INTERVAL = 1 << 12      # nodes between looks at the clock and at signals
    FIRST_BUCKETS = 1 << 13       # buckets in use in an empty table (512 kB)
    FINISH_DEPTH = 2              # leads no one can answer before the last combination
    MAX_LENGTH = 12
    UNKNOWN = -2                  # an opponents' best main not computed yet
    NONE = -1                     # ... they have no move of that kind and length
    # ordering scores
    SCORE_OUT = 1 << 24
    SCORE_PER_CARD = 64           # per card played, and against each play the rest needs

# fewest_plays' cache slots: the hand in the low 60 bits, its plays (1 to 15: at most one
# per rank) above
cdef uint64_t CARDS_MASK = (<uint64_t>1 << 60) - 1
cdef enum:
    PLAYS_SHIFT = 60
    MAX_PLAYS = 15

# The nibbles of ranks 2, B, R: kept in place while chains are left (compress_hands).
cdef uint64_t HIGH_NIBBLES = <uint64_t>0xFFF << 48
# entry_of's status bits: the seat to move, the passes, the trick (its flag, kind, length and
# main), its main alone, the hands squeezed
cdef uint32_t TO_MOVE_BITS = 0x3
cdef uint32_t PASSES_BITS = 0xC
cdef uint32_t TRICK_BITS = 0xFFF80
cdef uint32_t MAIN_BITS = 0xF0000
cdef uint32_t SQUEEZED_STATUS = 1 << 24
cdef enum:
    PASSES_SHIFT = 2

# compress_hands' flag: every missing rank within 3..2 taken out (no chains left)
cdef uint32_t SQUEEZED = <uint32_t>1 << 31


cdef extern from *:
    """
    #define DDZ_INT64_MIN_VALUE INT64_MIN
    #define DDZ_INT64_MAX_VALUE INT64_MAX
    #define DDZ_INT32_MIN_VALUE INT32_MIN
    #define DDZ_INT32_MAX_VALUE INT32_MAX
    """
    const int64_t INT64_MIN_VALUE "DDZ_INT64_MIN_VALUE"
    const int64_t INT64_MAX_VALUE "DDZ_INT64_MAX_VALUE"
    const int32_t INT32_MIN_VALUE "DDZ_INT32_MIN_VALUE"
    const int32_t INT32_MAX_VALUE "DDZ_INT32_MAX_VALUE"


cdef double monotonic() noexcept nogil:
    return monotonic_clock()


cdef int table_init(solver_table* t, Py_ssize_t megabytes) noexcept nogil:
    cdef uint64_t buckets = 1
    cdef uint64_t room = (<uint64_t>megabytes << 20) // (2 * sizeof(solver_entry))
    while buckets * 2 <= room:
        buckets *= 2
    t.entries = <solver_entry*>table_alloc(2 * buckets * sizeof(solver_entry))
    t.used = 0
    if t.entries == NULL:
        t.bucket_mask = t.max_mask = 0
        return -1
    t.max_mask = buckets - 1
    t.bucket_mask = (FIRST_BUCKETS if FIRST_BUCKETS < buckets else buckets) - 1
    return 0


cdef void table_clear(solver_table* t) noexcept nogil:
    if t.entries != NULL:
        memset(t.entries, 0, 2 * (t.bucket_mask + 1) * sizeof(solver_entry))
        t.bucket_mask = (FIRST_BUCKETS if FIRST_BUCKETS <= t.max_mask else t.max_mask + 1) - 1
        t.used = 0


cdef void table_free(solver_table* t) noexcept nogil:
    table_release(t.entries)
    t.entries = NULL
    t.bucket_mask = t.max_mask = t.used = 0


cdef int plies_needed(const ddz_state* s) noexcept nogil:
    # each play takes at least one card and is followed by at most two passes; one more
    # pass may open the search
    return 3 * card_count(s.hands[0] + s.hands[1] + s.hands[2]) + 2


cdef int64_t terminal_value(const solver_search* p, const ddz_state* s) noexcept nogil:
    cdef int64_t scores[MAX_SEATS]
    cdef bint spring, anti_spring
    if p.objective == OBJECTIVE_WIN:
        return 1 if s.winner == s.landlord else -1
    state_scores(s, &p.rules, scores, &spring, &anti_spring)
    return scores[s.landlord]


# --- the table -----------------------------------------------------------------------------

cdef inline uint64_t fmix64(uint64_t x) noexcept nogil:
    """MurmurHash3's finaliser: every input bit moves every output bit."""
    x ^= x >> 33
    x *= <uint64_t>0xFF51AFD7ED558CCDULL
    x ^= x >> 33
    x *= <uint64_t>0xC4CEB93FE53A87ECULL
    return x ^ (x >> 33)


cdef inline void remove_ranks(const ddz_state* s, uint32_t removed, uint64_t fixed,
                              uint64_t* out) noexcept nogil:
    """The hands with the ranks `removed` (nobody holds them) taken out: the ranks above each
    slide down, except the nibbles `fixed`, which stay where they are."""
    cdef uint64_t below
    cdef int r, run, seat, gone = 0
    out[0], out[1], out[2] = s.hands[0], s.hands[1], s.hands[2]
    while removed:                          # a run of removed ranks at a time
        r = ctz32(removed)
        run = ctz32(~(removed >> r))
        removed &= ~(((<uint32_t>1 << run) - 1) << r)
        below = (<uint64_t>1 << (4 * (r - gone))) - 1    # the run's place once the lower are out
        for seat in range(3):
            out[seat] = ((out[seat] & below) | ((out[seat] & ~fixed) >> (4 * run) & ~below)
                         | (out[seat] & fixed))
        gone += run


cdef inline bint chain_free(const ddz_state* s) noexcept nogil:
    """No hand holds a chain (straight, pair chain, plane) now, so none ever will."""
    cdef ddz_hand h
    cdef int seat
    for seat in range(3):
        if s.hands[seat]:
            hand_init(&h, s.hands[seat])
            if (chain_cover(h.m1, KIND_SHAPES[KIND_STRAIGHT].min_length)
                    | chain_cover(h.m2, KIND_SHAPES[KIND_PAIR_CHAIN].min_length)
                    | chain_cover(h.m3, KIND_SHAPES[KIND_PLANE].min_length)):
                return False
    return True


cdef inline uint32_t compress_hands(const ddz_state* s, uint64_t* out,
                                    bint chainless) noexcept nogil:
    """The hands with ranks nobody holds taken out, and those ranks (rank r then sits at r
    minus those at or below it). Without chains (chainless: known to be so, else chain_free
    tells) every such rank within 3..2 goes: only the order of the ranks left matters. Else
    each run of two or more within 3..A is shrunk to one, so that no chain appears (ranks 2, B,
    R stay where they are)."""
    cdef uint32_t missing = ~ranks_in(s.hands[0] | s.hands[1] | s.hands[2]), removed
    if chainless or chain_free(s):
        removed = missing & 0x1FFF
        remove_ranks(s, removed, JOKER_NIBBLES, out)
        return removed | SQUEEZED
    missing &= 0xFFF
    removed = missing & (missing << 1)
    remove_ranks(s, removed, HIGH_NIBBLES, out)
    return removed


cdef inline uint64_t pack_hand(uint64_t cards) noexcept nogil:
    """A hand in 41 bits: the count of rank r (at most 4) in bits 3r..3r+2 for 3..2, then one
    bit per joker. The nibbles' bit 3 is always clear: halve the gaps, then move the red joker
    down over the black joker's unused bits."""
    cdef uint64_t x = cards
    x = (x & <uint64_t>0x0F0F0F0F0F0F0F0FULL) | ((x & <uint64_t>0xF0F0F0F0F0F0F0F0ULL) >> 1)
    x = (x & <uint64_t>0x00FF00FF00FF00FFULL) | ((x & <uint64_t>0xFF00FF00FF00FF00ULL) >> 2)
    x = (x & <uint64_t>0x0000FFFF0000FFFFULL) | ((x & <uint64_t>0xFFFF0000FFFF0000ULL) >> 4)
    x = (x & <uint64_t>0xFFFFFFFFULL) | ((x >> 8) & <uint64_t>0xFFFFFF000000ULL)
    return (x & <uint64_t>0xFFFFFFFFFFULL) | ((x >> 2) & (<uint64_t>1 << 40))


cdef inline uint64_t entry_of(const solver_search* p, const ddz_state* s, solver_entry* e,
                              bint chainless) noexcept nogil:
    """Fill e's position (hands, status) for s, chainless if s is known to hold no chain;
    returns the hash that picks its bucket."""
    cdef uint32_t removed = 0
    cdef uint64_t hands[3]
    cdef uint64_t packed1
    cdef uint32_t status, main
    cdef int farmers_played, landlord_plays
    if p.techniques & TECH_COMPRESSION:
        removed = compress_hands(s, hands, chainless)
    else:
        hands[0], hands[1], hands[2] = s.hands[0], s.hands[1], s.hands[2]
    packed1 = pack_hand(hands[1])
    e.cards[0] = pack_hand(hands[0]) | packed1 << 41
    e.cards[1] = packed1 >> 23 | pack_hand(hands[2]) << 18
    # bits: 0-1 the seat to move, 2-3 passes, 4-5 the landlord, 6 the objective, 7 a trick,
    # 8-11 its kind, 12-15 its length, 16-19 its main rank; for the score objective 20-23 the
    # bombs (at most 14), 26 whether a farmer has played, 27-28 the landlord's plays (0, 1,
    # more), 29-30 the bid; 24 the hands squeezed (compress_hands); 31 ENTRY_USED
    status = ENTRY_USED | s.to_move | s.passes << PASSES_SHIFT | s.landlord << 4 | p.objective << 6
    if removed & SQUEEZED:
        status |= SQUEEZED_STATUS
    if s.last_move.length:
        main = s.last_move.main
        if removed & SQUEEZED:
            # the ranks left at or below it, 0 to 13; the jokers above those
            main = (main + 1 - popcount32(removed & ((<uint32_t>2 << main) - 1)) if main <= 12
                    else main + 1)
        elif main < 12:
            main -= popcount32(removed & ((<uint32_t>2 << main) - 1))
        status |= 1 << 7 | s.last_move.kind << 8 | s.last_move.length << 12 | main << 16
    if p.objective == OBJECTIVE_SCORE:
        farmers_played = s.plays[0] + s.plays[1] + s.plays[2] > s.plays[s.landlord]
        # the landlord's plays as 0, 1 or more: anti-spring needs exactly one
        landlord_plays = s.plays[s.landlord] if s.plays[s.landlord] < 2 else 2
        status |= (<uint32_t>s.bombs << 20 | <uint32_t>farmers_played << 26
                   | <uint32_t>landlord_plays << 27 | <uint32_t>s.bid << 29)
    e.status = status
    return entry_hash(e)


cdef inline uint64_t entry_hash(const solver_entry* e) noexcept nogil:
    # without the trick's main: positions that differ only in it share a bucket (inferred)
    return fmix64(e.cards[0] + e.cards[1] * <uint64_t>0x9E3779B97F4A7C15ULL
                  + (e.status & ~MAIN_BITS) * <uint64_t>0xC2B2AE3D27D4EB4FULL)


cdef inline bint same_position(const solver_entry* a, const solver_entry* b,
                               uint32_t unchecked=0) noexcept nogil:
    """a and b are about the same position, but for the status bits `unchecked`."""
    return (((a.status ^ b.status) & ~unchecked) == 0 and a.cards[0] == b.cards[0]
            and a.cards[1] == b.cards[1])


cdef inline solver_entry* table_bucket(const solver_table* t, uint64_t hash) noexcept nogil:
    return t.entries + 2 * (hash & t.bucket_mask)


cdef inline solver_entry* table_find(solver_table* t, const solver_entry* e,
                                     uint64_t hash) noexcept nogil:
    cdef solver_entry* bucket = table_bucket(t, hash)
    if same_position(&bucket[0], e):
        return &bucket[0]
    if same_position(&bucket[1], e):
        return &bucket[1]
    return NULL


# Bounds are kept in 32 bits, rounded the safe way: a lower bound down, an upper bound up;
# the extremes stand for "unknown".
cdef inline int64_t lower_bound(int32_t stored) noexcept nogil:
    return INT64_MIN_VALUE if stored == INT32_MIN_VALUE else stored


cdef inline int64_t upper_bound(int32_t stored) noexcept nogil:
    return INT64_MAX_VALUE if stored == INT32_MAX_VALUE else stored


cdef inline int entry_answer(const solver_entry* e, int64_t t) noexcept nogil:
    """1 if e proves the landlord's value >= t, 0 if < t, -1 if it does not tell."""
    if lower_bound(e.lo) >= t:
        return 1
    if upper_bound(e.hi) < t:
        return 0
    return -1


cdef void table_grow(solver_table* t) noexcept nogil:
    """Double the buckets in use: bucket i's entries stay or move to bucket i + old count."""
    cdef uint64_t old_buckets = t.bucket_mask + 1, i
    cdef solver_entry* bucket
    cdef solver_entry* target
    cdef solver_entry moved[2]
    cdef int k
    t.bucket_mask = 2 * old_buckets - 1
    for i in range(old_buckets):
        bucket = t.entries + 2 * i
        moved[0], moved[1] = bucket[0], bucket[1]
        memset(bucket, 0, 2 * sizeof(solver_entry))
        for k in range(2):
            if moved[k].status:
                target = table_bucket(t, entry_hash(&moved[k]))
                target[target[0].status != 0] = moved[k]


cdef inline void table_store(solver_table* t, solver_entry* e, uint64_t hash, bint reached,
                             int64_t threshold, uint64_t work) noexcept nogil:
    """Record that the value of e's position is >= threshold (reached) or below it."""
    cdef solver_entry* bucket = table_bucket(t, hash)
    cdef solver_entry* slot = table_find(t, e, hash)
    if slot == NULL:
        e.lo = INT32_MIN_VALUE
        e.hi = INT32_MAX_VALUE
        e.work = 0
        t.used += bucket[1].status == 0
        if work >= bucket[0].work:
            bucket[1] = bucket[0]
            slot = &bucket[0]
        else:
            slot = &bucket[1]
        slot[0] = e[0]
    if reached:
        if threshold > lower_bound(slot.lo) and threshold > INT32_MIN_VALUE:
            slot.lo = <int32_t>(threshold if threshold < INT32_MAX_VALUE
                                else INT32_MAX_VALUE - 1)
    elif threshold - 1 < upper_bound(slot.hi) and threshold - 1 < INT32_MAX_VALUE:
        slot.hi = <int32_t>(threshold - 1 if threshold - 1 > INT32_MIN_VALUE
                            else INT32_MIN_VALUE + 1)
    work += slot.work
    slot.work = <uint32_t>(work if work < 0xFFFFFFFFu else 0xFFFFFFFFu)
    if t.used > t.bucket_mask + 1 and t.bucket_mask < t.max_mask:
        table_grow(t)


# --- what the opponents can answer ---------------------------------------------------------

ctypedef struct opponents:
    ddz_hand hands[2]
    int n
    uint64_t cards[2]         # their hands (0 for a missing one), and a hash of them
    uint64_t hash
    uint32_t quads            # ranks of which an opponent holds four
    bint rocket               # an opponent holds both jokers
    int8_t best[N_KINDS][MAX_LENGTH + 1]   # their highest main per kind and length (lazy)


cdef inline void opponents_init(opponents* o, const ddz_state* s) noexcept nogil:
    cdef int seat
    cdef bint landlord_moves = s.to_move == s.landlord
    o.n = 0
    o.quads = 0
    o.rocket = False
    for seat in range(3):
        if s.hands[seat] and (seat == s.landlord) != landlord_moves:
            hand_init(&o.hands[o.n], s.hands[seat])
            o.quads |= o.hands[o.n].m4
            o.rocket |= (s.hands[seat] & JOKERS) == JOKERS
            o.n += 1
    o.cards[0] = o.hands[0].cards if o.n > 0 else 0
    o.cards[1] = o.hands[1].cards if o.n > 1 else 0
    o.hash = fmix64(o.cards[0] + fmix64(o.cards[1]))
    memset(o.best, UNKNOWN, sizeof(o.best))


cdef inline bint answered(const solver_search* p, opponents* o, const ddz_move* m,
                          ddz_move* scratch) noexcept nogil:
    """Some opponent of the side to move can beat m (a play, not a pass)."""
    cdef int i, best, main
    cdef ddz_move* end
    if m.kind == KIND_ROCKET:
        return False
    if o.rocket:
        return True
    if m.kind == KIND_BOMB:
        return (o.quads >> (m.main + 1)) != 0
    if o.quads:
        return True
    best = o.best[m.kind][m.length]
    if best == UNKNOWN:
        best = NONE
        for i in range(o.n):
            end = gen_kind(m.kind, &o.hands[i], &p.rules, m.length, 0, scratch)
            if end != scratch:       # in main order: the last one is the highest
                main = end[-1].main
                if main > best:
                    best = main
        o.best[m.kind][m.length] = best
    return best > m.main


cdef int fewest_plays(solver_search* p, uint64_t hand, ddz_move* buf) noexcept nogil:
    """The fewest combinations `hand` can be played in under p.rules (0 for no cards),
    remembered in p.plays_cache. Some combination of a best split holds the lowest card: try
    each such lead, then the rest. buf: room for one ply of MAX_MOVES + 1 moves per card.
    It looks at the clock like a node (its recursion can be long): once it sets p.stopped
    its answers are meaningless and not remembered."""
    cdef uint64_t* slot
    cdef uint64_t lowest
    cdef ddz_hand h
    cdef ddz_move* end
    cdef ddz_move* m
    cdef int best = MAX_PLAYS, plays
    if hand == 0:
        return 0
    slot = &p.plays_cache[fmix64(hand) & (PLAYS_CACHE_SIZE - 1)]
    if (slot[0] & CARDS_MASK) == hand:
        return <int>(slot[0] >> PLAYS_SHIFT)
    if not p.stopped:
        p.stopped = clock_reached(p)
    if p.stopped:
        return MAX_PLAYS
    hand_init(&h, hand)
    lowest = <uint64_t>0xF << (ctz64(hand) & ~3)      # the lowest rank's nibble
    end = gen_leads(&h, &p.rules, buf)
    m = buf
    while m < end and best > 1 and not p.stopped:
        if m.cards & lowest:
            plays = 1 + fewest_plays(p, hand - m.cards, end)
            if plays < best:
                best = plays
        m += 1
    if not p.stopped:
        slot[0] = hand | <uint64_t>best << PLAYS_SHIFT
    return best


cdef inline uint32_t chain_cover(uint32_t units, int min_length) noexcept nogil:
    """The ranks of `units` within 3..A that lie in a run of at least min_length of them."""
    cdef uint32_t starts = units & CHAIN_RANKS, cover = 0
    cdef int i
    for i in range(1, min_length):
        starts &= units >> i
    for i in range(min_length):
        cover |= starts << i
    return cover


cdef inline uint32_t free_ranks(const ddz_hand* h) noexcept nogil:
    """The ranks held once or twice in h that no chain (nor the rocket) of it can use: each is
    played as a single or a pair, in kickers, or split between them."""
    cdef uint32_t lone_chains = chain_cover(h.m1, KIND_SHAPES[KIND_STRAIGHT].min_length)
    cdef uint32_t free = ((h.m1 & ~h.m2 & ~lone_chains)
                          | (h.m2 & ~h.m3 & ~lone_chains
                             & ~chain_cover(h.m2, KIND_SHAPES[KIND_PAIR_CHAIN].min_length)))
    if (h.m1 & JOKER_RANKS) == JOKER_RANKS:
        free &= ~JOKER_RANKS                 # a rocket
    return free


cdef bint finishes(solver_search* p, opponents* o, uint64_t hand, int depth,
                   ddz_move* buf) noexcept nogil:
    """The side to move, holding the lead, can play out `hand` whatever the opponents hold:
    it is one combination, or after at most `depth` leads that no opponent can answer it is.
    Answers are remembered in p.finish_cache: sibling moves meet the same rests.
    buf: room for 2 * depth + MAX_HAND_CARDS + 1 plies of MAX_MOVES + 1 moves (the leads of
    each level, then fewest_plays' recursion)."""
    cdef ddz_hand h
    cdef ddz_move* end
    cdef ddz_move* m
    cdef finish_entry* slot
    cdef bint result = False
    cdef int plays = fewest_plays(p, hand, buf)
    if plays == 1:
        return True
    if depth == 0 or plays > depth + 1:
        return False
    slot = &p.finish_cache[fmix64(hand + o.hash + depth) & (FINISH_CACHE_SIZE - 1)]
    if (slot.stamp == p.stamp and slot.hand == hand and slot.depth == depth
            and slot.opponents[0] == o.cards[0] and slot.opponents[1] == o.cards[1]):
        return slot.result
    hand_init(&h, hand)
    end = gen_leads(&h, &p.rules, buf)
    m = buf
    while m < end:
        if (not answered(p, o, m, end)
                and finishes(p, o, hand - m.cards, depth - 1, buf + 2 * (MAX_MOVES + 1))):
            result = True
            break
        m += 1
    if p.stopped:
        return False
    slot.stamp = p.stamp
    slot.hand = hand
    slot.depth = depth
    slot.opponents[0] = o.cards[0]
    slot.opponents[1] = o.cards[1]
    slot.result = result
    return result


# --- equivalent and dominated moves (TECH_EQUIVALENCE) ---------------------------------------

cdef void move_filter_init(move_filter* f, const ddz_state* s, const ddz_move* moves,
                           Py_ssize_t n) noexcept nogil:
    cdef ddz_hand h, other
    cdef uint32_t opponents = 0, opponents_pairs = 0, partner = 0
    cdef bint landlord_moves = s.to_move == s.landlord
    cdef Py_ssize_t i
    cdef int seat
    hand_init(&h, s.hands[s.to_move])
    for seat in range(s.n_seats):
        if seat != s.to_move:
            hand_init(&other, s.hands[seat])
            if (seat == s.landlord) != landlord_moves:
                opponents |= other.m1
                opponents_pairs |= other.m2
            else:
                partner |= other.m1
    f.cards = h.cards
    f.lone = h.m1 & ~h.m2
    f.pair = h.m2 & ~h.m3
    f.free = free_ranks(&h)
    # the opponents must have the same answers to this move either way; the partner, who
    # would have fewer answers to the kept higher card later, must hold nothing between
    f.single_block = opponents | partner
    f.pair_block = opponents_pairs | partner
    f.kicker_block = partner
    f.singles = 0
    f.pairs = 0
    for i in range(n):
        if moves[i].length == 0:
            continue
        if moves[i].kind == KIND_SINGLE:
            f.singles |= (<uint32_t>1 << moves[i].main) & f.lone
        elif moves[i].kind == KIND_PAIR:
            f.pairs |= (<uint32_t>1 << moves[i].main) & f.pair


cdef inline uint32_t lower_window(int rank, uint32_t block) noexcept nogil:
    """The ranks a below `rank` with no rank of `block` in (a, rank]."""
    cdef uint32_t below = block & ((<uint32_t>1 << rank) - 1)
    if (block >> rank) & 1:
        return 0
    below |= below >> 1
    below |= below >> 2
    below |= below >> 4
    below |= below >> 8
    return ((<uint32_t>1 << rank) - 1) & ~(below >> 1)


cdef inline uint64_t main_cards(const ddz_move* m) noexcept nogil:
    """The cards of a move with kickers that are not kickers."""
    if m.kind == KIND_PLANE_SINGLES or m.kind == KIND_PLANE_PAIRS:
        return 3 * rank_block(m.main, m.length)
    if m.kind == KIND_FOUR_TWO_SINGLES or m.kind == KIND_FOUR_TWO_PAIRS:
        return <uint64_t>4 << (4 * m.main)
    return <uint64_t>3 << (4 * m.main)


cdef inline uint32_t stand_ins(const move_filter* f, int b, uint32_t candidates, uint32_t block,
                               uint64_t played, bint any_one) noexcept nogil:
    """The ranks of `candidates` that may take rank b's place in a move playing `played`:
    below b with no rank of `block` in (a, b], and free in the hand the move leaves (where
    b's place is empty). With any_one, a nonempty subset of them (or none)."""
    cdef uint32_t window = candidates & lower_window(b, block)
    cdef ddz_hand after
    if window == 0:
        return 0
    if any_one and window & f.free:
        return window & f.free               # free now, so free once the move is played
    hand_init(&after, f.cards - played)
    return window & free_ranks(&after)


cdef inline uint32_t kicker_candidates(const move_filter* f, const ddz_move* m,
                                       uint32_t* higher) noexcept nogil:
    """For a move with kickers: the ranks that could be its kickers instead (held as the
    kickers are, unused by it; no joker beside a joker kicker: the rocket rule), and in
    `higher` the kickers' ranks that could give way to them."""
    cdef uint32_t used = ranks_in(m.cards), kickers = ranks_in(m.cards - main_cards(m))
    cdef uint32_t held = f.lone if KIND_SHAPES[m.kind].kicker_size == 1 else f.pair
    higher[0] = kickers & held
    if m.cards & JOKER_NIBBLES:
        held &= ~JOKER_RANKS
    return held & ~used


cdef bint superseded(const move_filter* f, const ddz_move* m) noexcept nogil:
    """Another legal move is at least as good for the mover as m: the same with a lower free
    card (or pair) in place of a higher one (solver.pxd, TECH_EQUIVALENCE)."""
    cdef uint32_t higher, candidates
    if m.length == 0:
        return False
    if m.kind == KIND_SINGLE:
        return ((f.lone >> m.main) & 1
                and stand_ins(f, m.main, f.singles, f.single_block, m.cards, True) != 0)
    if m.kind == KIND_PAIR:
        return ((f.pair >> m.main) & 1
                and stand_ins(f, m.main, f.pairs, f.pair_block, m.cards, True) != 0)
    if KIND_SHAPES[m.kind].kicker_size == 0:
        return False
    candidates = kicker_candidates(f, m, &higher)
    while higher and candidates:
        if stand_ins(f, pop_lsb(&higher), candidates, f.kicker_block, m.cards, True):
            return True
    return False


cdef void replacement(const move_filter* f, const ddz_move* m, ddz_move* out) noexcept nogil:
    """The move a superseded m gives way to in the end, in out: a card that may give way
    (superseded's rule) replaced by the lowest one it may, until none may; out is at least as
    good as m for the mover."""
    cdef uint32_t higher, candidates, lower
    cdef uint64_t size
    cdef int b, a
    cdef bint changed = True
    out[0] = m[0]
    if m.kind == KIND_SINGLE or m.kind == KIND_PAIR:
        if m.kind == KIND_SINGLE:
            lower = stand_ins(f, m.main, f.singles, f.single_block, m.cards, False)
        else:
            lower = stand_ins(f, m.main, f.pairs, f.pair_block, m.cards, False)
        if lower:
            out.main = pop_lsb(&lower)
            out.cards = (m.cards >> (4 * m.main)) << (4 * out.main)
        return
    size = KIND_SHAPES[m.kind].kicker_size
    while changed:
        changed = False
        candidates = kicker_candidates(f, out, &higher)
        while higher:
            b = pop_lsb(&higher)
            lower = stand_ins(f, b, candidates, f.kicker_block, out.cards, False)
            if lower:
                a = pop_lsb(&lower)
                out.cards += (size << (4 * a)) - (size << (4 * b))
                changed = True
                break


cdef Py_ssize_t drop_superseded(const ddz_state* s, ddz_move* moves, Py_ssize_t n) noexcept nogil:
    cdef move_filter f
    cdef Py_ssize_t i, kept = 0
    if n - (s.last_move.length != 0) <= 1:
        return n                        # a lone play (the pass is last) has nothing to give way to
    move_filter_init(&f, s, moves, n)
    for i in range(n):
        if not superseded(&f, &moves[i]):
            moves[kept] = moves[i]
            kept += 1
    return kept


# --- the search ----------------------------------------------------------------------------

cdef inline int clock_reached(solver_search* p) noexcept nogil:
    """SEARCH_ABORTED once the deadline has passed, SEARCH_ERROR once a signal handler
    raised, else 0: looked at every CHECK_INTERVAL calls."""
    p.until_check -= 1
    if p.until_check == 0:
        p.until_check = CHECK_INTERVAL
        if p.deadline and monotonic() > p.deadline:
            return SEARCH_ABORTED
        with gil:
            if check_signals() < 0:
                return SEARCH_ERROR
    return 0


cdef inline int limits_reached(solver_search* p) noexcept nogil:
    """SEARCH_ABORTED or SEARCH_ERROR when the search must stop before its next node, else 0."""
    if p.nodes >= p.max_nodes:        # checked before the node is counted: at most max_nodes
        return SEARCH_ABORTED
    return clock_reached(p)


cdef Py_ssize_t order_moves(solver_search* p, const ddz_state* s, const ddz_move* moves,
                            Py_ssize_t n, int32_t* scores, ddz_move* scratch) noexcept nogil:
    """The n legal moves' scores in `scores`: twice the ordering score (TECH_ORDERING, else 0;
    a pass scores last), plus 1 for a play no opponent can answer (their passes are forced:
    search_node plays them with it; known only with TECH_ORDERING or TECH_CUTOFFS). Returns
    the index of a move after which the side to move wins at once (TECH_CUTOFFS, win
    objective), or -1; once one is found the later scores are left unset. scratch: room for
    MAX_MOVES + 1 moves."""
    cdef uint64_t hand = s.hands[s.to_move]
    cdef opponents opp
    cdef int32_t score
    cdef Py_ssize_t i
    cdef bint unanswered
    if not p.techniques & (TECH_ORDERING | TECH_CUTOFFS):
        for i in range(n):
            scores[i] = 0
        return -1
    opponents_init(&opp, s)
    for i in range(n):
        if p.stopped:
            return -1
        if moves[i].length == 0:
            scores[i] = -2 * SCORE_OUT  # last: passing first was measured, and costs nodes
            continue
        unanswered = moves[i].cards != hand and not answered(p, &opp, &moves[i], scratch)
        if (p.techniques & TECH_CUTOFFS and p.objective == OBJECTIVE_WIN
                and unanswered
                and finishes(p, &opp, hand - moves[i].cards, FINISH_DEPTH, p.finish)):
            return i                    # this move, then the rest of the hand
        if not p.techniques & TECH_ORDERING:
            scores[i] = unanswered
            continue
        if moves[i].cards == hand:
            score = SCORE_OUT
        else:
            score = 16 - moves[i].main - SCORE_PER_CARD * fewest_plays(
                p, hand - moves[i].cards, p.finish)
            if moves[i].kind < KIND_BOMB:
                score += SCORE_PER_CARD * card_count(moves[i].cards)
        scores[i] = 2 * score + unanswered
    return -1


cdef void bring_best(ddz_move* moves, int32_t* scores, Py_ssize_t i, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t j, pick = i
    cdef ddz_move swap_move
    cdef int32_t swap_score
    for j in range(i + 1, n):
        if scores[j] > scores[pick]:
            pick = j
    if pick != i:
        swap_move = moves[i]
        moves[i] = moves[pick]
        moves[pick] = swap_move
        swap_score = scores[i]
        scores[i] = scores[pick]
        scores[pick] = swap_score


ctypedef struct relatives:
    # [0] the position after the mover passes; [1], where the mover answers last, the mover to
    # lead with the same hands
    solver_entry entries[2]
    uint64_t hashes[2]
    int n
    # only the mover's side answers the trick until it ends: a lower main never hurts it
    bint monotone


cdef inline void relatives_init(const ddz_state* s, const solver_entry* e,
                                relatives* out) noexcept nogil:
    """The positions related to e, a response (TECH_INFERENCE), and their hashes."""
    cdef uint32_t base = e.status & ~TO_MOVE_BITS & ~PASSES_BITS
    cdef int k, following = next_seat(s, s.to_move)
    if s.passes + 2 == s.n_seats:     # the trick's owner leads after a pass
        out.entries[0].status = base & ~TRICK_BITS | following
        out.entries[1].status = base & ~TRICK_BITS | s.to_move
        out.n = 2
        out.monotone = True
    else:
        out.entries[0].status = base | following | (s.passes + 1) << PASSES_SHIFT
        out.n = 1
        out.monotone = (following == s.landlord) == (s.to_move == s.landlord)
    for k in range(out.n):
        out.entries[k].cards[0], out.entries[k].cards[1] = e.cards[0], e.cards[1]
        out.hashes[k] = entry_hash(&out.entries[k])


cdef int inferred(solver_table* table, const solver_entry* e, uint64_t hash,
                  const relatives* related, int64_t t, bint landlord_moves) noexcept nogil:
    """TECH_INFERENCE: the answer (1 or 0) for e, a response, that the table's entries for
    related positions give, or -1."""
    cdef solver_entry* bucket = table_bucket(table, hash)
    cdef solver_entry* found
    cdef uint32_t main = e.status & MAIN_BITS, other
    cdef int k, r
    if related.monotone:
        for k in range(2):      # the same trick with another main: in this bucket
            if same_position(&bucket[k], e, MAIN_BITS):
                other = bucket[k].status & MAIN_BITS
                r = entry_answer(&bucket[k], t) if other != main else -1
                # against a lower trick the mover's side does at least as well
                if r >= 0 and (r != landlord_moves if other < main else r == landlord_moves):
                    return r
    found = table_find(table, &related.entries[0], related.hashes[0])
    if found == NULL:
        return -1
    r = entry_answer(found, t)
    if r == landlord_moves:     # passing wins
        return r
    if r < 0 or related.n == 1:
        return -1
    found = table_find(table, &related.entries[1], related.hashes[1])
    if found != NULL and entry_answer(found, t) == r:
        return r                # passing fails, and so does every lead, so every answer
    return -1


cdef int search_ge(solver_search* p, const ddz_state* s, int64_t t, int ply) noexcept nogil:
    return search_node(p, s, t, unknown_int(ply), False)


cdef int search_node(solver_search* p, const ddz_state* s, int64_t t, int ply,
                     bint chainless) noexcept nogil:
    """search_ge, chainless if s is known to hold no chain (nor will its children)."""
    cdef ddz_move* moves = p.moves + <Py_ssize_t>ply * (MAX_MOVES + 1)
    cdef int32_t* scores = p.scores + <Py_ssize_t>ply * (MAX_MOVES + 1)
    cdef ddz_move* scratch = moves + MAX_MOVES + 1
    cdef Py_ssize_t n, i
    cdef bint landlord_moves = s.to_move == s.landlord
    cdef uint64_t hash = 0, start = p.nodes
    cdef solver_entry entry
    cdef relatives related
    cdef solver_entry* found
    cdef bint infer = (p.techniques & TECH_INFERENCE and p.techniques & TECH_TABLE
                       and s.last_move.length != 0)
    cdef ddz_state child
    cdef int result, r
    r = limits_reached(p)
    if r:
        return r
    p.nodes += 1
    if p.techniques & TECH_TABLE:
        hash = entry_of(p, s, &entry, chainless)
        chainless = (entry.status & SQUEEZED_STATUS) != 0
        prefetch(table_bucket(p.table, hash))
        if infer:
            relatives_init(s, &entry, &related)
            prefetch(table_bucket(p.table, related.hashes[0]))
            if related.n == 2:
                prefetch(table_bucket(p.table, related.hashes[1]))
        found = table_find(p.table, &entry, hash)
        if found != NULL:
            r = entry_answer(found, t)
            if r >= 0:
                return r
        if infer:
            r = inferred(p.table, &entry, hash, &related, t, landlord_moves)
            if r >= 0:
                return r
    n = state_legal_moves(s, &p.rules, moves) - moves
    if n == 1 and moves[0].length == 0:
        # a forced pass: nothing to store that the next position's entry does not say
        child = s[0]
        state_play_unkeyed(&child, &moves[0], &p.rules)
        return search_node(p, &child, t, ply + 1, chainless)
    if p.techniques & TECH_EQUIVALENCE:
        n = drop_superseded(s, moves, n)
    result = not landlord_moves         # the answer when no move turns it
    if order_moves(p, s, moves, n, scores, scratch) >= 0:
        # a move, then the rest of the hand: nobody can stop it
        result = landlord_moves
        n = 0
    if p.stopped:
        return p.stopped
    for i in range(n):
        if p.techniques & TECH_ORDERING:
            bring_best(moves, scores, i, n)
        child = s[0]
        state_play_unkeyed(&child, &moves[i], &p.rules)
        if scores[i] & 1:
            # no opponent can answer: their forced passes are played here, not as nodes
            while (child.phase != PHASE_OVER
                   and (child.to_move == child.landlord) != landlord_moves):
                state_play_unkeyed(&child, &PASS_MOVE, &p.rules)
        if child.phase == PHASE_OVER:
            r = terminal_value(p, &child) >= t
        else:
            r = search_node(p, &child, t, ply + 1, chainless)
            if r < 0:
                return r
        if r == landlord_moves:
            result = r
            break
    if p.techniques & TECH_TABLE:
        table_store(p.table, &entry, hash, result, t, p.nodes - start)
    return result


# --- the root ------------------------------------------------------------------------------

cdef int64_t score_bound(const ddz_state* s) noexcept nogil:
    """A bound on the landlord's |score| under any scoring: 2 farmers x bid 3 x 2 for every
    bomb and rocket that may still be played, x2 for a spring."""
    cdef ddz_hand all_cards
    cdef int bombs
    hand_init(&all_cards, s.hands[0] + s.hands[1] + s.hands[2])
    bombs = s.bombs + popcount32(all_cards.m4) + ((all_cards.cards & JOKERS) == JOKERS)
    return (<int64_t>6 << min(bombs + 1, 56))


cdef enum:
    UNANSWERED = -1                   # solve_root's marks of moves it has not answered yet
    SUPERSEDED = -2                   # ... among them, those that give way to another


cdef inline bint same_move(const ddz_move* a, const ddz_move* b) noexcept nogil:
    return (a.kind == b.kind and a.length == b.length and a.main == b.main
            and a.cards == b.cards)


cdef int64_t root_threshold(const solver_search* p, const ddz_state* s,
                            int64_t value) noexcept nogil:
    """The question a first move answers (reaches): the landlord's value after it >= the
    threshold. The win objective asks whether the landlord wins (1); the score objective asks
    of a landlord's move whether it reaches the position's value, of a farmer's whether it
    stays below value + 1."""
    if p.objective == OBJECTIVE_WIN:
        return 1
    return value if s.to_move == s.landlord else value + 1


cdef int reaches(solver_search* p, const ddz_state* s, const ddz_move* m,
                 int64_t threshold) noexcept nogil:
    """1 if m, a move of the side to move, is one of its best: the landlord's value after it
    is >= threshold (root_threshold) for a landlord's move, below it for a farmer's; 0 if not;
    else SEARCH_ABORTED or SEARCH_ERROR."""
    cdef ddz_state child = s[0]
    cdef int r
    state_play(&child, m, &p.rules)
    if child.phase == PHASE_OVER:
        r = terminal_value(p, &child) >= threshold
    else:
        r = search_ge(p, &child, threshold, 1)
        if r < 0:
            return r
    return r == (s.to_move == s.landlord)


cdef int bisect(solver_search* p, const ddz_state* s, int64_t lo, int64_t hi, int ply,
                int64_t* value) noexcept nogil:
    """The landlord's value of s, known to lie in lo..hi, by bisection on search_ge (the
    search from ply `ply` on; a finished game is its terminal value): 0, or
    SEARCH_ABORTED/SEARCH_ERROR."""
    cdef int64_t mid
    cdef int r
    if s.phase == PHASE_OVER:
        value[0] = terminal_value(p, s)
        return 0
    while lo < hi:
        mid = lo + (hi - lo + 1) // 2
        r = search_ge(p, s, mid, ply)
        if r < 0:
            return r
        if r:
            lo = mid
        else:
            hi = mid - 1
    value[0] = lo
    return 0


cdef int move_value(solver_search* p, const ddz_state* s, const ddz_move* m, int64_t lo,
                    int64_t hi, int64_t* value) noexcept nogil:
    """The landlord's value after m, known to lie in lo..hi (see bisect)."""
    cdef ddz_state child = s[0]
    state_play(&child, m, &p.rules)
    return bisect(p, &child, lo, hi, 1, value)


cdef int solve_root(solver_search* p, const ddz_state* s, const ddz_move* moves, Py_ssize_t n,
                    bint every, int8_t* best, int64_t* value, int64_t* values) noexcept nogil:
    """The landlord's value of s and, in best[i], whether moves[i] reaches it (for the win
    objective: wins for the side to move): for every move, or (not every) for the first one
    found, the others 0. With `values` (and every), the landlord's value after each move in
    values[i]. 0, or SEARCH_ABORTED/SEARCH_ERROR.

    Score: the value by bisection on search_ge, then one question per move (and for values, a
    bisection per move that does not reach it). Win: one question per move (the landlord's
    value >= 1), the value follows from the answers. A move that gives way to another
    (TECH_EQUIVALENCE) fails without a search when that one, at least as good, fails."""
    cdef bint landlord_moves = s.to_move == s.landlord
    cdef Py_ssize_t i, j
    cdef int r, late
    cdef move_filter f
    cdef ddz_move stand_in
    if p.objective == OBJECTIVE_SCORE:
        r = bisect(p, s, -score_bound(s), score_bound(s), 0, value)
        if r < 0:
            return r
    else:
        value[0] = -1 if landlord_moves else 1    # until a move wins for the side to move
    if not every:
        return first_reaching(p, s, moves, n, best, value)
    # superseded moves (TECH_EQUIVALENCE) last: one fails unsearched where the move it gives
    # way to has failed
    if p.techniques & TECH_EQUIVALENCE:
        move_filter_init(&f, s, moves, n)
    for i in range(n):                # not answered yet: SUPERSEDED or UNANSWERED
        best[i] = (SUPERSEDED if p.techniques & TECH_EQUIVALENCE and superseded(&f, &moves[i])
                   else UNANSWERED)
    for late in range(2):
        for i in range(n):
            if best[i] != (SUPERSEDED if late else UNANSWERED):
                continue
            j = n                       # the move it gives way to, if answered already
            if late:
                replacement(&f, &moves[i], &stand_in)
                j = 0
                while j < n and not same_move(&moves[j], &stand_in):
                    j += 1
                if j < n and best[j] < 0:
                    j = n
            if j < n and best[j] == 0:
                best[i] = 0             # a move at least as good fails
            else:
                r = reaches(p, s, &moves[i], root_threshold(p, s, value[0]))
                if r < 0:
                    return r
                best[i] = r
                if p.objective == OBJECTIVE_WIN and r:
                    value[0] = 1 if landlord_moves else -1
            if values != NULL and p.objective == OBJECTIVE_SCORE:
                r = root_move_value(p, s, &moves[i], best[i], value[0],
                                    &values[j] if j < n else NULL, &values[i])
                if r < 0:
                    return r
    if values != NULL and p.objective == OBJECTIVE_WIN:
        for i in range(n):
            values[i] = 1 if best[i] == landlord_moves else -1
    return 0


cdef int root_move_value(solver_search* p, const ddz_state* s, const ddz_move* m, bint reached,
                         int64_t value, const int64_t* better, int64_t* out) noexcept nogil:
    """The landlord's score after m, a first move of the side to move (score objective; the
    position's value `value`): that value where m reaches it; else below it after a
    landlord's move, above it after a farmer's, and no better for the mover than `better` (the
    value after a move at least as good, or NULL). 0, or SEARCH_ABORTED/SEARCH_ERROR."""
    cdef int64_t bound = score_bound(s)
    if reached:
        out[0] = value
        return 0
    if s.to_move == s.landlord:
        return move_value(p, s, m, -bound,
                          value - 1 if better == NULL else min(value - 1, better[0]), out)
    return move_value(p, s, m, value + 1 if better == NULL else max(value + 1, better[0]),
                      bound, out)


cdef int first_reaching(solver_search* p, const ddz_state* s, const ddz_move* moves,
                        Py_ssize_t n, int8_t* best, int64_t* value) noexcept nogil:
    """solve_root for one move: the moves tried in the search's order, superseded ones left
    out (each gives way to a legal move at least as good), until one reaches the value (the
    score objective's value is known; the win objective's is the side to move's win once a
    move wins, else its loss)."""
    cdef ddz_move* tried = p.moves               # ply 0's room: the search uses ply 1 on
    cdef int32_t* scores = p.scores
    cdef Py_ssize_t i, k, m = n
    cdef int r = 0
    for i in range(n):
        best[i] = 0
        tried[i] = moves[i]
    if p.techniques & TECH_EQUIVALENCE:
        m = drop_superseded(s, tried, n)
    k = order_moves(p, s, tried, m, scores, tried + MAX_MOVES + 1)
    if p.stopped:
        return p.stopped
    if k >= 0:
        tried[0] = tried[k]                      # it wins at once
        r = 1
    else:
        for k in range(m):
            if p.techniques & TECH_ORDERING:
                bring_best(tried, scores, k, m)
            r = reaches(p, s, &tried[k], root_threshold(p, s, value[0]))
            if r < 0:
                return r
            if r:
                tried[0] = tried[k]
                break
    if r:
        for i in range(n):
            if same_move(&moves[i], &tried[0]):
                best[i] = 1
        if p.objective == OBJECTIVE_WIN:
            value[0] = 1 if s.to_move == s.landlord else -1
    return 0
