# C types and constants shared by every kernel of ddz_fast.
#
# Cards are rank counts. Ranks are indexed 0..14 = 3456789TJQKA2BR. A card multiset is
# nibble-packed in one uint64: the count of rank r sits in bits 4r..4r+3 (at most 4, so bit 3
# of every nibble stays clear). Rank sets are 15-bit masks, bit r for rank r.

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

cdef extern from *:
    """
    #define DDZ_NIBBLE_LSB 0x0111111111111111ULL   /* bit 0 of each of the 15 rank nibbles */
    #define DDZ_NIBBLE_GUARD 0x0888888888888888ULL /* bit 3 of each rank nibble */
    #define DDZ_JOKERS 0x0110000000000000ULL       /* one black and one red joker */
    #define DDZ_FULL_DECK 0x0114444444444444ULL    /* the 54 cards: four of each rank 3..2, the jokers */
    #define DDZ_JOKER_NIBBLES 0x0FF0000000000000ULL
    """
    const uint64_t NIBBLE_LSB "DDZ_NIBBLE_LSB"
    const uint64_t NIBBLE_GUARD "DDZ_NIBBLE_GUARD"
    const uint64_t FULL_DECK "DDZ_FULL_DECK"
    const uint64_t JOKERS "DDZ_JOKERS"
    const uint64_t JOKER_NIBBLES "DDZ_JOKER_NIBBLES"

cdef enum:
    N_RANKS = 15
    RANK_ACE = 11
    RANK_TWO = 12
    RANK_BLACK_JOKER = 13
    RANK_RED_JOKER = 14
    ALL_RANKS = 0x7FFF
    CHAIN_RANKS = 0x0FFF          # 3..A: the only ranks a chain may use
    JOKER_RANKS = 0x6000
    MAX_HAND_CARDS = 20
    MAX_SEATS = 4                 # the four-player game (RULES.md 11); three by default
    N_KINDS = 20
    # Room for the moves of one hand. bench/max_moves.py enumerates every 20-card hand under
    # each preset: the most leads is 521 (standard, openspiel), 519 (rlcard, douzero) or 497
    # (strict), all for 3456789TJJJQQQKKKAAA; with shuttles at most 806 (two wings a quad,
    # 3456789TJQKKKKAAAABR); responses are a subset of leads. The maxima are in
    # tests/helpers.py (MOST_LEADS, MOST_SHUTTLE_LEADS), and tests/rules/test_rules.py fails
    # for a preset without one: a new preset re-runs the scan. docs/design/move-generation.md
    # has the proof.
    MAX_MOVES = 1024
    # The most readings of one card multiset is 3 (333444555666: a plane of 4, or a plane
    # of 3 with singles read two ways): only planes with wings can have two main ranks. A
    # shuttle's cards have no other reading: its quads are every quad of 3..A among them (a
    # wing never holds one), and no other kind holds two quads.
    MAX_READINGS = 4

# Kind codes, in the order of ddz_fast.Kind.
cdef enum:
    KIND_SINGLE = 0
    KIND_PAIR = 1
    KIND_TRIO = 2
    KIND_TRIO_SINGLE = 3
    KIND_TRIO_PAIR = 4
    KIND_STRAIGHT = 5
    KIND_PAIR_CHAIN = 6
    KIND_PLANE = 7
    KIND_PLANE_SINGLES = 8
    KIND_PLANE_PAIRS = 9
    KIND_FOUR_TWO_SINGLES = 10
    KIND_FOUR_TWO_PAIRS = 11
    KIND_BOMB = 12
    KIND_ROCKET = 13
    # The space shuttle (two or more consecutive quads, 3..A) bare and with its wings: one
    # single or pair per quad, or two. Rule switches only (ddz_rules.kinds); after the
    # rocket so that no earlier code or action id moves.
    KIND_SHUTTLE = 14
    KIND_SHUTTLE_SINGLES = 15
    KIND_SHUTTLE_PAIRS = 16
    KIND_SHUTTLE_TWO_SINGLES = 17
    KIND_SHUTTLE_TWO_PAIRS = 18
    # A bomb of 5 to 12 cards, one rank's cards and wild cards standing for it (RULES.md 10,
    # long_bombs): its length is its number of cards, and its represented cards hold more of
    # its rank than a deck (the one reading whose nibbles pass 4).
    KIND_LONG_BOMB = 19

# What each kind is made of, indexed by kind code: cards per rank of the main part, chain
# lengths, highest main rank, kicker size (0: none, 1: singles, 2: pairs), kickers per main rank.
cdef extern from *:
    """
    typedef struct {
        unsigned char unit, min_length, max_length, max_main, kicker_size, kickers_per_rank;
    } ddz_kind_shape;
    #if defined(__GNUC__)
    __attribute__((unused))
    #endif
    static const ddz_kind_shape DDZ_KIND_SHAPES[20] = {
        {1, 1, 1, 14, 0, 0},    /* single */
        {2, 1, 1, 12, 0, 0},    /* pair */
        {3, 1, 1, 12, 0, 0},    /* trio */
        {3, 1, 1, 12, 1, 1},    /* trio_single */
        {3, 1, 1, 12, 2, 1},    /* trio_pair */
        {1, 5, 12, 11, 0, 0},   /* straight: chains use 3..A */
        {2, 3, 12, 11, 0, 0},   /* pair_chain */
        {3, 2, 12, 11, 0, 0},   /* plane */
        {3, 2, 12, 11, 1, 1},   /* plane_singles */
        {3, 2, 12, 11, 2, 1},   /* plane_pairs */
        {4, 1, 1, 12, 1, 2},    /* four_two_singles */
        {4, 1, 1, 12, 2, 2},    /* four_two_pairs */
        {4, 1, 1, 12, 0, 0},    /* bomb */
        {1, 1, 1, 14, 0, 0},    /* rocket (both jokers: checked apart) */
        {4, 2, 12, 11, 0, 0},   /* shuttle */
        {4, 2, 12, 11, 1, 1},   /* shuttle_singles */
        {4, 2, 12, 11, 2, 1},   /* shuttle_pairs */
        {4, 2, 12, 11, 1, 2},   /* shuttle_two_singles */
        {4, 2, 12, 11, 2, 2},   /* shuttle_two_pairs */
        {1, 5, 12, 12, 0, 0},   /* long_bomb: `length` cards of one rank (checked apart) */
    };
    """
    ctypedef struct ddz_kind_shape:
        uint8_t unit
        uint8_t min_length
        uint8_t max_length
        uint8_t max_main
        uint8_t kicker_size
        uint8_t kickers_per_rank
    const ddz_kind_shape* KIND_SHAPES "DDZ_KIND_SHAPES"

# A move: the reading of `cards` as `kind` with `length` units and main rank `main`.
# Its layout is that of ddz_fast.MOVE_DTYPE (16 bytes, cards at offset 8). A length of 0 in
# a "previous move" slot means that there is none (the player leads).
# In wild-card games (RULES.md 10) `cards` are the represented cards, and two fields say which
# of them wild cards stand for: `substitutes` lists their ranks, each as rank + 1 in a nibble,
# ascending from the lowest nibble (0 ends the list; at most 8), and `wild` holds how many of
# them are cards of the second wild rank (low nibble) and WILD_PURE for a bomb of wild cards
# only. Both are 0 in every other move, so the first 8 bytes stay one word (move_head).
ctypedef struct ddz_move:
    uint8_t kind
    uint8_t length
    uint8_t main
    uint8_t wild
    uint32_t substitutes
    uint64_t cards

cdef enum:
    WILD_SECOND = 0x0F          # ddz_move.wild: substitutes played by second-rank wild cards
    WILD_PURE = 0x10            # ... the move is a bomb of wild cards only (a pure-wild bomb)
    MAX_SUBSTITUTES = 8         # wild cards in a game (two wild ranks)
    NO_WILD = 0xFF              # an unused slot of ddz_wilds
    # Bomb tiers (RULES.md 10), the index of ddz_rules.bomb_doublings
    TIER_SOFT = 0
    TIER_HARD = 1
    TIER_PURE = 2

# The wild ranks of a deal: rank[0] (the one wild rank, or 天, the first of two) and rank[1]
# (地, the second), NO_WILD where there is none.
ctypedef struct ddz_wilds:
    uint8_t rank[2]

# A card multiset with the rank masks the kernels work on.
ctypedef struct ddz_hand:
    uint64_t cards
    uint32_t m1          # ranks held at least once
    uint32_t m2          # ... at least twice
    uint32_t m3          # ... at least three times
    uint32_t m4          # ... four times
    int n                # number of cards

# The switches of a rule set, read by the kernels. Fields are added here, not in signatures.
ctypedef struct ddz_rules:
    uint32_t kinds                    # bit k set: kind k exists
    uint32_t distinct_single_kickers  # bit k set: kind k's single kickers have pairwise different ranks
    uint8_t rocket_kickers            # both jokers may serve as kickers together
    uint8_t quad_wings                # a plane's single kickers may hold four cards of a rank
    uint8_t extending_wings           # ... or three of a rank next to the plane, within 3..A
    uint8_t single_round_auction      # auction: everyone speaks once (else: open)
    uint8_t no_auction                # no auction: seat 0 is the landlord at bid 1
    uint8_t all_pass_ends             # an auction without a bid ends the deal unscored (else: redeal)
    uint8_t scoring                   # SCORING_*: what a finished deal pays
    uint8_t spring                    # a spring or an anti-spring doubles the points
    uint8_t shuttle_bomb              # shuttles stand above bombs, below the rocket (else: as
                                      # ordinary kinds, beaten by bombs and the rocket)
    uint8_t shuttle_bombs             # the bombs a shuttle counts as in the multiplier
    uint8_t wilds                     # wild ranks in a deal: 0, 1 or 2 (RULES.md 10)
    uint8_t pure_top                  # pure-wild bombs stand above the rocket (else below it)
    uint8_t bomb_doublings[3]         # the multiplier doubles this often per bomb, by TIER_*
    uint8_t rocket_doublings          # ... and for the rocket
    # The four-player game of two decks (RULES.md 11): up to 8 cards of a rank and 2 of a
    # joker, bombs of 4 to 8 cards (KIND_BOMB, KIND_LONG_BOMB), the rocket the four jokers
    uint8_t players                   # 3, or 4: two decks
    uint8_t joker_pairs               # two jokers of a colour are a pair (four players)
    uint8_t bomb_tiers                # bombs rank by the tiers 4-5, 6, 7, 8 cards (else by size)
    uint8_t pair_sides                # the landlord and the seat opposite play together (2 v 2)
    # Derived: wild cards or two decks, whose moves may pass ACTIONS_ROOM (their buffers grow)
    uint8_t moves_grow

# The game's plain structs; state.pxd holds their functions and constants (NO_SEAT, the phases).
# Three seats play a full deal; two (the landlord against one farmer, as endgame puzzles are
# played) a position set up in the play phase, where seat 2's fields stay zero.
ctypedef struct ddz_state:
    uint64_t hands[MAX_SEATS]
    uint64_t played[MAX_SEATS]    # the cards each seat has played in this deal
    uint64_t kitty
    uint64_t seed             # deals come from deal(seed, redeals) when `seeded`
    uint64_t key              # the position key (state_key), kept up to date
    ddz_move last_move        # the combination to beat; length 0: the player to move leads
    uint16_t redeals          # all-pass auctions so far
    uint8_t seeded            # the hands come from the seed (a set-up position has none)
    uint8_t phase
    uint8_t to_move
    uint8_t last_mover        # NO_SEAT before the first play
    uint8_t passes            # consecutive passes (auction: since the last bid, or all of them)
    uint8_t landlord          # NO_SEAT during the auction
    uint8_t bid               # the highest bid so far (0: none); the winning bid after
    uint8_t high_bidder       # NO_SEAT while nobody has bid
    uint8_t first_bidder
    uint8_t speeches          # bids and passes in this deal's auction
    uint8_t marked_rank       # the face-up card of the deal (N_RANKS: none, for set-up games)
    uint8_t bombs             # bombs and rockets played
    uint8_t plays[MAX_SEATS]  # combinations played per seat (spring, anti-spring)
    uint8_t winner            # the seat that went out, NO_SEAT before
    uint8_t n_seats           # 3; 4 (two decks, RULES.md 11); 2: no auction, no kitty, one pass ends the trick
    ddz_wilds wilds           # the deal's wild ranks (RULES.md 10), all NO_WILD without

# One action and the state it was taken in (see bid_action for bids).
ctypedef struct ddz_step:
    ddz_state before
    ddz_move action


# What a finished deal pays (ddz_rules.scoring); bombs include rockets.
cdef enum:
    SCORING_POINTS = 0    # each farmer settles bid x 2**bombs (x2 for a spring) with the landlord
    SCORING_WIN = 1       # 1 to each seat of the winning side, 0 to the others
    SCORING_WP = 2        # the landlord +-1, each farmer the opposite (DouZero's "wp")
    SCORING_ADP = 3       # ... +-2**bombs (DouZero's "adp")
    SCORING_LOGADP = 4    # ... +-(bombs + 1) (DouZero's "logadp")
