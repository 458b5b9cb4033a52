# The game at the Python boundary: a thin handle on a native ddz_game.

import secrets
from collections.abc import Sequence

from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport free
from libc.string cimport memcpy, memset

from ._cards cimport Hand, cards_text, hand_from_packed, packed_from_decks
from ._core.alloc cimport grow
from ._core.bits cimport cards_contain, cards_valid
from ._core.combos cimport beats, checked_physical_cards, is_reading, move_is_legal
from ._core.two_decks cimport is_two_deck_reading, two_deck_contains
from ._core.state cimport (
    MAX_BID, MAX_REDEALS, NO_SEAT, PHASE_AUCTION, PHASE_OVER, PHASE_PLAY, PUSH_NO_MEMORY,
    PUSH_REDEAL_LIMIT, action_bid, bid_action, ddz_game, ddz_state, ddz_step, game_push,
    game_undo, next_seat, partner_of, stake, state_deal, state_full_key, state_key, state_scores, wilds_shown,
)
from ._core.typedefs cimport MAX_HAND_CARDS, MAX_SEATS, N_RANKS, NO_WILD, ddz_move, ddz_wilds
from ._moves cimport Move, MoveList, make_move_list, move_from_c, wilds_of
from ._rules cimport Rules, as_rules
from . import _rules

from ._cards import RANK_SYMBOLS
from .checks import check_bool, check_int, check_seed
from .errors import (
    IllegalActionError, IllegalBidError, IllegalMoveError, InvalidCardsError, RedealLimitError,
    UnsupportedRulesError,
)
from ._position import Position, cards_out, deal_of
from .result import Result

PHASES = ("auction", "play", "over")


cdef int as_bid(object bid) except -1:
    """A bid 0..3 (0 = pass; ``PASS`` is the pass too, as in action spaces whose one pass id
    serves both phases). Converting an object may run its Python code (``__index__``), and so
    other threads: callers check the game's state only after this."""
    if type(bid) is int and 0 <= bid <= MAX_BID:       # the common case, without a call
        return bid
    if isinstance(bid, Move) and (<Move>bid).c.length == 0:
        return 0
    return check_int(bid, "bid", 0, MAX_BID, error=IllegalBidError)


cdef int push(ddz_game* g, const ddz_move* action) except -1 nogil:
    cdef int status = game_push(g, action)
    if status == PUSH_REDEAL_LIMIT:
        with gil:
            raise RedealLimitError(
                f"everyone passed in {MAX_REDEALS + 1} auctions of this deal: "
                f"the engine redeals at most {MAX_REDEALS} times; bid to go on")
    if status == PUSH_NO_MEMORY:
        with gil:
            raise MemoryError("game history")
    return 0


cdef Game copy_game(type cls, const ddz_game* g, Rules rules, bint stack):
    cdef Game other = cls.__new__(cls)
    other.g = g[0]
    other._rules = rules
    other.g.steps = NULL
    other.g.capacity = other.g.n_steps = 0
    if stack and g.n_steps:
        if grow(&other.g.steps, &other.g.capacity, g.n_steps) < 0:
            raise MemoryError("game history")
        memcpy(other.g.steps, g.steps, g.n_steps * sizeof(ddz_step))
        other.g.n_steps = g.n_steps
    return other


cdef object step_action(const ddz_step* step):
    """The action of a history step as the API gives it: a bid, or a Move (PASS)."""
    return action_bid(&step.action) if step.before.phase == PHASE_AUCTION else move_from_c(&step.action)


def score(bid, bombs, landlord_won, spring=False, anti_spring=False):
    """Point changes of a deal, the landlord's first: ``(landlord, farmer, farmer)``.

    Each farmer settles bid x 2**bombs (x2 more for a spring or an anti-spring) with the
    landlord (RULES.md section 7). A spring needs a landlord's win, an anti-spring a farmers' win.
    """
    bid = check_int(bid, "bid", 1, MAX_BID)
    bombs = check_int(bombs, "bombs", 0, _rules.MOST_BOMBS)
    landlord_won = check_bool(landlord_won, "landlord_won")
    spring = check_bool(spring, "spring")
    anti_spring = check_bool(anti_spring, "anti_spring")
    if spring and not landlord_won or anti_spring and landlord_won:
        raise ValueError("a spring needs the landlord to win, an anti-spring the farmers")
    cdef int64_t each = stake(bid, bombs, spring or anti_spring)
    return (2 * each, -each, -each) if landlord_won else (-2 * each, each, each)


def _replay(cls, start, actions):
    """Unpickle: the game from its starting position, then its actions (each checked by push)."""
    game = cls.from_position(start)
    for action in actions:
        game.push(action)
    return game


cdef object position_of(const ddz_state* s, Rules rules):
    """The Position of a native state (checked like any other)."""
    cdef uint64_t held = 0          # every card once: the nibbles stay within a deck's (or two)
    cdef int seat
    auction = s.phase == PHASE_AUCTION
    unscored = s.phase == PHASE_OVER and s.landlord == NO_SEAT     # ended in the auction
    for seat in range(s.n_seats):
        held += s.hands[seat] if auction or unscored else s.hands[seat] + s.played[seat]
    held += s.kitty if auction or unscored else 0
    seats = range(s.n_seats)
    hands = [hand_from_packed(s.hands[seat]) for seat in seats]
    played = [hand_from_packed(s.played[seat]) for seat in seats]
    out = cards_out(held, deal_of(rules))
    return Position(
        phase=PHASES[s.phase], hands=hands,
        to_move=None if s.phase == PHASE_OVER else s.to_move,
        landlord=None if auction or unscored else s.landlord, bid=s.bid,
        kitty=hand_from_packed(s.kitty),
        played=played,
        plays=tuple(s.plays[seat] for seat in seats), bombs=s.bombs,
        trick=(move_from_c(&s.last_move), s.last_mover) if s.last_move.length else None,
        out=out, seed=s.seed if s.seeded else None, first=s.first_bidder,
        marked=RANK_SYMBOLS[s.marked_rank] if s.marked_rank < N_RANKS else None,
        redeals=s.redeals, speeches=s.speeches if auction else 0,
        high=(None if s.high_bidder == NO_SEAT else s.high_bidder) if auction else None,
        wilds=wilds_text(&s.wilds), rules=rules)


cdef str wilds_text(const ddz_wilds* w):
    """The wild ranks as rank symbols, the first first ("" without)."""
    return "".join([RANK_SYMBOLS[r] for r in w.rank[:2] if r != NO_WILD])


cdef int set_position(ddz_state* s, position) except -1:
    """The native state of a checked Position."""
    cdef int seat
    memset(s, 0, sizeof(ddz_state))
    s.n_seats = len(position.hands)
    for seat in range(s.n_seats):
        s.hands[seat] = position.hands[seat].packed
        s.played[seat] = position.played[seat].packed
        s.plays[seat] = position.plays[seat]
    s.kitty = position.kitty.packed
    s.seeded = position.seed is not None
    s.seed = position.seed or 0
    s.phase = PHASES.index(position.phase)
    s.redeals = position.redeals
    s.bid = position.bid
    s.bombs = position.bombs
    s.first_bidder = position.first
    s.marked_rank = N_RANKS if position.marked is None else RANK_SYMBOLS.index(position.marked)
    s.wilds = wilds_of(position.wilds or None, position.rules)
    s.last_mover = s.winner = NO_SEAT
    if position.trick is not None:
        s.last_move = (<Move>position.trick[0]).c
        s.last_mover = position.trick[1]
    if s.phase == PHASE_AUCTION:
        s.to_move = position.to_move
        s.landlord = NO_SEAT
        s.speeches = position.speeches
        s.high_bidder = NO_SEAT if position.high is None else position.high
        s.passes = (s.speeches if position.high is None
                    else (s.to_move - s.high_bidder - 1 + s.n_seats) % s.n_seats)
    elif position.landlord is None:         # a deal that ended in the auction
        s.landlord = s.high_bidder = NO_SEAT
        s.to_move = (s.first_bidder + s.n_seats - 1) % s.n_seats    # the last pass
        s.passes = s.speeches = s.n_seats
    else:
        s.landlord = s.high_bidder = position.landlord
        if s.phase == PHASE_OVER:
            s.winner = s.last_mover
            s.to_move = next_seat(s, s.winner)
        else:
            s.to_move = position.to_move
            if s.last_move.length:      # the seats after the last mover passed
                s.passes = (s.to_move - s.last_mover - 1 + s.n_seats) % s.n_seats
    s.key = state_key(s)
    return 0


cdef class Game:
    """A deal of Dou Dizhu from the shuffle to the score, as native state.

    ``Game(seed)`` deals per RULES.md section 2: the deal is a pure function of ``seed`` (drawn
    at random and recorded when None). ``first_bidder=None``: the holder of the marked card bids
    first. Under wild-card rules (RULES.md 10) the deal's wild ranks come from the seed too, or
    from ``wild_ranks`` (``"7"``; two ranks, the first first, under ``wilds="two"``), which
    fixes them for this deal (a redeal draws its own). ``Game.from_hands`` sets up a position
    in the play phase instead.

    Checked actions, ``bid(n)`` and ``play(move)``, raise a ``ValueError`` subclass and leave the
    game unchanged when they are not legal. ``push`` is the unchecked fast path; ``undo`` takes
    back the last action of any phase; ``copy`` duplicates the game, history included.
    """

    # fields (see _game.pxd): g, the native game; _rules

    def __cinit__(self):
        self.g.steps = NULL            # allocated by the first push (game_push)
        self.g.capacity = 0
        self.g.n_steps = 0

    def __dealloc__(self):
        free(self.g.steps)

    def __init__(self, seed=None, *, rules=None, first_bidder=None, wild_ranks=None):
        if self._rules is not None:
            raise TypeError("Game.__init__ may not be called on a game that is already set up")
        seed = secrets.randbits(64) if seed is None else check_seed(seed)
        cdef int first = -1 if first_bidder is None else check_int(
            first_bidder, "first_bidder", 0, MAX_SEATS - 1)
        cdef Rules r = as_rules(rules, True)
        if first >= r.c.players:        # (the seats of three players: the message of their range)
            check_int(first_bidder, "first_bidder", 0, r.c.players - 1)
        cdef ddz_wilds wilds
        if wild_ranks is not None:
            wilds = wilds_of(wild_ranks, r)
        self._rules = r
        self.g.rules = r.c
        self.g.n_steps = 0
        state_deal(&self.g.s, seed, 0, first, &self.g.rules)
        if wild_ranks is not None:
            self.g.s.wilds = wilds
            self.g.s.key = state_key(&self.g.s)

    @classmethod
    def from_hands(cls, hands, *, landlord=0, bid=1, kitty=None, rules=None, wild_ranks=None):
        """A game in the play phase: the seats hold ``hands`` (card sets of 1 to 20 cards,
        together within the deck), ``landlord`` won the auction with ``bid`` and leads.
        ``kitty`` (at most 3 cards) is what the landlord took at the end of the auction, so part
        of the landlord's hand; it is only recorded. The cards in no hand are out of play.
        Under wild-card rules ``wild_ranks`` names the wild ranks (required).

        Three hands make a full deal's play phase; two an endgame of the landlord against one
        farmer (one pass ends a trick), which has no kitty. The four-player game
        (``players=4``) takes four hands of 1 to 33 cards within two decks, and a kitty of at
        most 8."""
        cdef uint64_t packed[MAX_SEATS]
        cdef uint64_t kitty_cards = 0, total = 0
        cdef int seat, n_seats
        cdef Rules r = as_rules(rules, True)
        cdef ddz_wilds wilds = wilds_of(wild_ranks, r)
        deal = deal_of(r)
        cdef int decks = 2 if r.c.players == 4 else 1
        seat_counts, many = (([4], "four card sets") if decks == 2
                             else ([2, 3], "two or three card sets"))
        if isinstance(hands, (str, Hand)) or not isinstance(hands, Sequence):
            raise TypeError(f"hands must be a sequence of {many}, not {hands!r}")
        hands = tuple(hands)           # a copy: the caller's list may change meanwhile
        n_seats = len(hands)
        if n_seats not in seat_counts:
            raise InvalidCardsError(f"hands must be {many}, one per seat, not {n_seats}"
                                    + (" (the four-player game: players=4)" if decks == 2 else ""))
        for seat in range(n_seats):
            try:
                packed[seat] = packed_from_decks(hands[seat], deal.dealt + deal.kitty, decks)
            except InvalidCardsError as e:
                raise InvalidCardsError(f"seat {seat}: {e}") from None
            if packed[seat] == 0:
                raise InvalidCardsError(f"seat {seat} holds no card: the deal would be over")
            total += packed[seat]   # (no nibble carries: one deck's reach 12, two decks' are checked)
        if (not cards_valid(total) if decks == 1 else any(
                sum((packed[seat] >> (4 * rank)) & 0xF for seat in range(n_seats)) > most
                for rank, most in enumerate(deal.deck))):
            raise InvalidCardsError(
                f"the hands hold more than {'two decks' if decks == 2 else 'the deck'}: "
                + ", ".join(cards_text(packed[seat]) for seat in range(n_seats)))
        landlord = check_int(landlord, "landlord", 0, n_seats - 1)
        bid = check_int(bid, "bid", 1, MAX_BID)
        if kitty is not None and n_seats == 2:
            raise InvalidCardsError(f"kitty={kitty!r}: a two-seat game has no kitty")
        if kitty is not None:
            kitty_cards = packed_from_decks(kitty, deal.kitty, decks)
            if not (two_deck_contains(packed[landlord], kitty_cards) if decks == 2
                    else cards_contain(packed[landlord], kitty_cards)):
                raise InvalidCardsError(
                    f"the kitty {cards_text(kitty_cards)} went to the landlord (seat {landlord}), "
                    f"whose hand {cards_text(packed[landlord])} does not hold it")
        return cls.from_position(Position(
            phase="play", hands=[hand_from_packed(packed[seat]) for seat in range(n_seats)],
            to_move=landlord, landlord=landlord, bid=bid, kitty=hand_from_packed(kitty_cards),
            out=cards_out(total, deal), wilds=wilds_text(&wilds), rules=r))

    @classmethod
    def from_position(cls, position=None, **fields):
        """The game in a position: its text (``game.position()`` writes it), a ``Position``, or
        the ``Position`` fields as keywords. Every field is checked (``InvalidPositionError``
        names the one at fault). The game has no history before it."""
        if position is None:
            position = Position(**fields)
        elif fields:
            raise TypeError("from_position takes a position or its fields, not both")
        elif isinstance(position, str):
            position = Position.parse(position)
        elif not isinstance(position, Position):
            raise TypeError(f"position must be text or a Position, not {type(position).__name__}")
        cdef Game game = cls.__new__(cls)
        set_position(&game.g.s, position)
        game._rules = position.rules
        game.g.rules = game._rules.c
        return game

    def position(self):
        """The position as one line of text, which ``Game.from_position`` reads back."""
        self.check_ready()
        return str(position_of(&self.g.s, self._rules))

    cdef int check_three_seats(self, str what) except -1:
        if self.g.s.n_seats == 4:
            raise UnsupportedRulesError(
                f"{what} of the four-player game (players=4, RULES.md 11) is not written yet")
        return 0

    # --- state ---------------------------------------------------------------------------

    @property
    def seed(self):
        """The seed of the deal (None for a set-up game)."""
        self.check_ready()
        return self.g.s.seed if self.g.s.seeded else None

    @property
    def rules(self):
        self.check_ready()
        return self._rules

    @property
    def phase(self):
        """``"auction"``, ``"play"`` or ``"over"``."""
        self.check_ready()
        return PHASES[self.g.s.phase]

    @property
    def to_move(self):
        """The seat to bid or play (None once the game is over)."""
        self.check_ready()
        return None if self.g.s.phase == PHASE_OVER else self.g.s.to_move

    @property
    def n_seats(self):
        """The number of seats: 3, or 2 in an endgame of the landlord against one farmer
        (``from_hands`` with two hands), where per-seat tuples have two entries."""
        self.check_ready()
        return self.g.s.n_seats

    @property
    def hands(self):
        """The cards of each seat, seat 0 first."""
        self.check_ready()
        return tuple(hand_from_packed(self.g.s.hands[seat]) for seat in range(self.g.s.n_seats))

    @property
    def kitty(self):
        """The three cards set aside at the deal; the landlord takes them into his hand."""
        self.check_ready()
        return hand_from_packed(self.g.s.kitty)

    @property
    def wild_ranks(self):
        """The wild ranks shown so far, as rank symbols (RULES.md 10): under ``wilds="one"``
        the one drawn when the auction ends; under ``"two"`` the first from the deal on, the
        second when the auction ends. ``""`` without wild cards (``position()`` holds the
        deal's wild ranks, shown or not, as it holds the kitty)."""
        self.check_ready()
        return wilds_text(&self.g.s.wilds)[:wilds_shown(&self.g.s)]

    @property
    def marked_card(self):
        """The rank of the card turned face up at the deal (None for a set-up game)."""
        self.check_ready()
        return RANK_SYMBOLS[self.g.s.marked_rank] if self.g.s.marked_rank < N_RANKS else None

    @property
    def first_bidder(self):
        self.check_ready()
        return self.g.s.first_bidder

    @property
    def landlord(self):
        """The landlord's seat, once the auction is over."""
        self.check_ready()
        return None if self.g.s.landlord == NO_SEAT else self.g.s.landlord

    @property
    def partner(self):
        """The landlord's partner, once the auction is over: the seat opposite in the 2 v 2
        game of four players (``sides="2v2"``, RULES.md 11); None in every other game, where
        the landlord plays alone."""
        self.check_ready()
        if self.g.s.landlord == NO_SEAT:
            return None
        partner = partner_of(&self.g.s, &self.g.rules)
        return None if partner == self.g.s.landlord else partner

    @property
    def winning_bid(self):
        """The landlord's bid, once the auction is over."""
        self.check_ready()
        return None if self.g.s.landlord == NO_SEAT else self.g.s.bid

    @property
    def highest_bid(self):
        """The highest bid so far (0: none)."""
        self.check_ready()
        return self.g.s.bid

    @property
    def redeals(self):
        """How many all-pass auctions led to a new deal."""
        self.check_ready()
        return self.g.s.redeals

    @property
    def last_move(self):
        """The combination to beat in the current trick (None when the player to move leads)."""
        self.check_ready()
        return move_from_c(&self.g.s.last_move) if self.g.s.last_move.length else None

    @property
    def last_mover(self):
        """Who played ``last_move`` (None when the player to move leads)."""
        self.check_ready()
        return self.g.s.last_mover if self.g.s.last_move.length else None

    @property
    def passes(self):
        """Passes in a row: in play since the last combination, in the auction since the last bid."""
        self.check_ready()
        return self.g.s.passes

    @property
    def bombs(self):
        """Bombs and rockets played so far."""
        self.check_ready()
        return self.g.s.bombs

    @property
    def history(self):
        """Every action so far as ``(seat, action)``: a bid (0 = pass) in the auction, a Move
        (or PASS) in play. All-pass auctions stay in it; the redeals follow from them."""
        self.check_ready()
        cdef Py_ssize_t i = 0
        cdef ddz_step step
        out = []
        while i < self.g.n_steps:      # re-read: making objects may run another thread's code
            step = self.g.steps[i]
            out.append((step.before.to_move, step_action(&step)))
            i += 1
        return out

    @property
    def cards_played(self):
        """The cards each seat has played so far in this deal."""
        self.check_ready()
        return tuple(hand_from_packed(self.g.s.played[seat]) for seat in range(self.g.s.n_seats))

    @property
    def result(self):
        """The ``Result`` once the game is over, else None."""
        self.check_ready()
        cdef int64_t scores[MAX_SEATS]
        cdef bint spring, anti_spring
        cdef int64_t multiplier
        if self.g.s.phase != PHASE_OVER:
            return None
        multiplier = state_scores(&self.g.s, &self.g.rules, scores, &spring, &anti_spring)
        if self.g.s.landlord == NO_SEAT:        # an auction without a bid ended the deal
            return Result(winner=None, landlord=None, bid=0, bombs=0, spring=False,
                          anti_spring=False, multiplier=0, scores=(0,) * self.g.s.n_seats)
        return Result(
            winner="landlord" if self.g.s.winner in (
                self.g.s.landlord, partner_of(&self.g.s, &self.g.rules)) else "farmers",
            landlord=self.g.s.landlord, bid=self.g.s.bid, bombs=self.g.s.bombs, spring=spring,
            anti_spring=anti_spring, multiplier=multiplier,
            scores=tuple(scores[seat] for seat in range(self.g.s.n_seats)))

    def key(self):
        """The position key: a 64-bit Zobrist hash of what decides the rest of the game (the
        hands, the seat to move, the trick, the phase, the landlord, the number of seats; in the
        auction the bids so far), updated incrementally. Equal positions reached by different paths share it:
        search tables use it."""
        self.check_ready()
        return self.g.s.key

    def full_key(self):
        """``key()`` and what only the score depends on: the winning bid, the bombs so far,
        whether a farmer has played and the landlord's plays (none, one, more), which decide a
        spring or an anti-spring."""
        self.check_ready()
        return state_full_key(&self.g.s)

    # --- actions -------------------------------------------------------------------------

    cdef int check_ready(self) except -1:
        if self._rules is None:
            raise ValueError(
                f"this {type(self).__name__} was never set up (made without __init__): make games "
                f"with Game(seed), Game.from_hands(...) or game.copy()")
        return 0

    cdef int check_phase(self, int phase) except -1:
        if self.g.s.phase == phase:
            return 0
        if self.g.s.phase == PHASE_OVER:
            raise IllegalActionError("the game is over")
        if phase == PHASE_AUCTION:
            raise IllegalActionError("the auction is over: the game is in the play phase")
        raise IllegalActionError("the game is in the auction: bid first")

    def legal_bids(self):
        """The legal bids of the player to move: 0 (pass) and every bid above the highest so
        far; empty outside the auction."""
        self.check_ready()
        if self.g.s.phase != PHASE_AUCTION:
            return []
        return [0] + list(range(self.g.s.bid + 1, MAX_BID + 1))

    def bid(self, n):
        """Bid ``n`` (0 or ``PASS`` = pass) for the player to move; a 3 or the end of the auction
        makes a landlord, an all-pass auction a new deal (or, under ``all_pass="end"``, the end
        of this one, unscored). Raises ``IllegalBidError`` if not legal."""
        self.check_ready()
        self.check_phase(PHASE_AUCTION)
        cdef int value = as_bid(n)
        # From here to the push no Python code runs: no other thread acts in between.
        self.check_phase(PHASE_AUCTION)
        if value != 0 and value <= self.g.s.bid:
            raise IllegalBidError(
                f"a bid is 0 (pass) or above the highest bid so far ({self.g.s.bid}) up to "
                f"{MAX_BID}, not {n!r}")
        cdef ddz_move action = bid_action(value)
        push(&self.g, &action)

    def legal_moves(self):
        """The legal moves of the player to move as a ``MoveList``, with ``PASS`` last when
        passing is allowed (never for the leader); empty outside the play phase."""
        self.check_ready()
        return self.move_list()

    cdef MoveList move_list(self):
        cdef MoveList moves
        if self.g.s.phase != PHASE_PLAY:
            return make_move_list(0, NULL, self._rules, False)
        moves = make_move_list(self.g.s.hands[self.g.s.to_move], &self.g.s.last_move,
                               self._rules, self.g.s.last_move.length != 0)
        moves.wilds = self.g.s.wilds
        return moves

    def play(self, move):
        """Play ``move`` (a Move, ``PASS``, or text with one reading such as ``"333+4"`` or
        ``"pass"``; under wild-card rules ``"6666~6"`` when a wild card stands for a 6, see
        ``Move.parse``) for the player to move. Raises ``IllegalMoveError`` if it is not legal."""
        self.check_ready()
        self.check_phase(PHASE_PLAY)
        cdef Move m = move if isinstance(move, Move) else Move.parse(move, rules=self._rules)
        # Parsing may run Python code (a str subclass), and so other threads: check again,
        # then no Python code runs until the push.
        self.check_phase(PHASE_PLAY)
        cdef ddz_state* s = &self.g.s
        if self.g.rules.moves_grow:
            # the same cards may make several wild moves: this one exactly; two decks: their
            # own check (no Python code runs: no other thread acts meanwhile)
            if m not in self.move_list():
                raise IllegalMoveError(self.why_illegal(m))
        elif m.c.wild or m.c.substitutes or not move_is_legal(
                &m.c, s.hands[s.to_move], &s.last_move, s.last_move.length != 0, &self._rules.c):
            raise IllegalMoveError(self.why_illegal(m))
        push(&self.g, &m.c)

    cdef str why_illegal(self, Move m):
        cdef ddz_state* s = &self.g.s
        cdef uint64_t cards
        if m.c.length == 0:
            return f"seat {s.to_move} leads and may not pass"
        if self.g.rules.players == 4:
            if not is_two_deck_reading(&m.c, &self._rules.c):
                return f"{m!r} is no combination under {self._rules!r}"
            if not two_deck_contains(s.hands[s.to_move], m.c.cards):
                return f"{m.cards} is not in the hand of seat {s.to_move} ({cards_text(s.hands[s.to_move])})"
            return f"{m} does not beat {move_from_c(&s.last_move)}"
        if not is_reading(&m.c, &self._rules.c):
            return f"{m!r} is no combination under {self._rules!r}"
        if not self.g.rules.wilds and (m.c.wild or m.c.substitutes):
            return f"{m!r} plays wild cards, which {self._rules!r} does not have"
        if not checked_physical_cards(&m.c, &s.wilds, &cards):
            return f"{m!r} is no move of a hand whose wild ranks are {wilds_text(&s.wilds)!r}"
        if not cards_contain(s.hands[s.to_move], cards):
            return f"{cards_text(cards)} is not in the hand of seat {s.to_move} ({cards_text(s.hands[s.to_move])})"
        if s.last_move.length == 0 or beats(&m.c, &s.last_move, &self._rules.c):
            return (f"{m} is no move of seat {s.to_move}'s hand ({cards_text(s.hands[s.to_move])}) "
                    f"with wild ranks {wilds_text(&s.wilds)!r}")
        return f"{m} does not beat {move_from_c(&s.last_move)}"

    def push(self, action):
        """Apply ``action`` fast, without the legality checks of ``play``: a Move or ``PASS``
        in play, of which only what keeps the position sound is checked (the phase, cards in
        the hand, no pass by the leader); a move the rules forbid otherwise (one that does not
        beat the trick) is applied anyway. Meant for search over moves that came from
        ``legal_moves()``. In the auction it is ``bid``: a bid that does not raise would make
        an auction that never ends. Under wild-card rules the cards checked are those the move
        takes from the hand (its wild cards for its substitutes)."""
        self.check_ready()
        cdef ddz_move a
        cdef uint64_t cards
        if self.g.s.phase == PHASE_AUCTION:
            self.bid(action)
            return
        elif self.g.s.phase == PHASE_PLAY:
            if not isinstance(action, Move):
                raise TypeError(f"push() takes a Move or PASS in the play phase, not {action!r}")
            a = (<Move>action).c
            if self.g.s.n_seats == 4:       # two decks: no wild cards, up to eight of a rank
                if a.wild or a.substitutes or not two_deck_contains(
                        self.g.s.hands[self.g.s.to_move], a.cards):
                    raise IllegalMoveError(f"{action!r} is not in the hand of seat {self.g.s.to_move}")
            elif not checked_physical_cards(&a, &self.g.s.wilds, &cards):
                raise IllegalMoveError(
                    f"{action!r} is no move of a hand whose wild ranks are "
                    f"{wilds_text(&self.g.s.wilds)!r}")
            elif not cards_contain(self.g.s.hands[self.g.s.to_move], cards):
                raise IllegalMoveError(f"{cards_text(cards)} is not in the hand of seat {self.g.s.to_move}")
            if a.length == 0 and self.g.s.last_move.length == 0:
                raise IllegalMoveError(f"seat {self.g.s.to_move} leads and may not pass")
        else:
            raise IllegalActionError("the game is over")
        push(&self.g, &a)

    def undo(self):
        """Take back the last action (of any phase) and return it; the game is then exactly
        as it was before it."""
        self.check_ready()
        if self.g.n_steps == 0:
            raise IllegalActionError("nothing to undo")
        action = step_action(&self.g.steps[self.g.n_steps - 1])
        game_undo(&self.g)
        return action

    def copy(self, *, stack=True):
        """An independent copy; with ``stack=False`` without the history (it cannot undo
        past the current position)."""
        self.check_ready()
        return copy_game(type(self), &self.g, self._rules, stack)

    def __copy__(self):
        self.check_ready()
        return self.copy()

    def __reduce__(self):
        """Pickles (and deep copies) as the starting position and the actions since."""
        self.check_ready()
        start = self.g.steps[0].before if self.g.n_steps else self.g.s
        actions = [action for _, action in self.history]
        return (_replay, (type(self), str(position_of(&start, self._rules)), actions))

    # --- text ----------------------------------------------------------------------------

    def __repr__(self):
        if self._rules is None:
            return f"<{type(self).__name__}: not set up>"
        return f"{type(self).__name__}.from_position({self.position()!r})"

    def __str__(self):
        self.check_ready()
        cdef ddz_state* s = &self.g.s
        where = f"seed {s.seed}" if s.seeded else "set up"
        turn = "" if s.phase == PHASE_OVER else f", seat {s.to_move} to move"
        lines = [f"Game ({where}): {self.phase}{turn}"]
        if s.phase == PHASE_AUCTION:
            lines.append(f"  auction: highest bid {s.bid}"
                         + (f" by seat {s.high_bidder}" if s.high_bidder != NO_SEAT else "")
                         + f", first bidder seat {s.first_bidder}, marked card {self.marked_card}")
        else:
            lines.append(f"  landlord: seat {s.landlord} at {s.bid}, bombs {s.bombs}")
        if self.g.rules.wilds:
            lines.append(f"  wild ranks: {self.wild_ranks or '-'} (of the deal: {wilds_text(&s.wilds)})")
        for seat in range(s.n_seats):
            role = " (landlord)" if seat == s.landlord else ""
            lines.append(f"  seat {seat}{role}: {cards_text(s.hands[seat]) or '-'}")
        if s.phase == PHASE_PLAY:
            trick = "leads" if not s.last_move.length else \
                f"to beat {move_from_c(&s.last_move)} of seat {s.last_mover}, {s.passes} pass(es)"
            lines.append(f"  seat {s.to_move} {trick}")
        elif s.phase == PHASE_OVER:
            r = self.result
            lines.append(f"  {r.winner} won (seat {s.winner} went out), scores {r.scores}")
        return "\n".join(lines)
