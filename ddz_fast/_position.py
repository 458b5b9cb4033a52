"""Positions as values: every field that decides a game's future, and their one-line text.

The text is the engine's FEN: the phase, the hands (three, or two for an endgame of the
landlord against one farmer), the seat to move, then ``name=value`` fields, each left out when
it has its default::

    auction 344566789JJQKKKA2/345567889TTJJQ22B/34567799TTQQKAA2R 0 bid=1 kitty=38A speeches=1 high=2 marked=4 seed=7
    play 3334/55/66 0 landlord=0 bid=1 kitty=3 out=34445566777788889999TTTTJJJJQQQQKKKKAAAA2222BR
    over 33344456/789TJ/- - landlord=2 bid=3 kitty=QKA played=-/-/QQKKAA plays=0,0,1 trick=QQKKAA@2 out=...
    play 5577TTQQ2/AA 0 landlord=0 bid=1 played=3/9 plays=1,1 trick=9@1 out=...
    play 356/8999K/ABR 1 landlord=0 bid=1 played=4447/-/- plays=1,0,0 bombs=1 trick=4444~4@0 wilds=7 ...
    play 33444/5/66/77 2 landlord=0 bid=1 played=55555/-/-/- plays=1,0,0,0 bombs=1 trick=55555@0 rules=... out=...

Four hands under the four-player rules (players=4, RULES.md 11): two decks, 25 cards each and
8 to the landlord. See README ("Positions") for the grammar. ``Position(...)`` checks every
field, ``Position.parse`` reads text, ``str()`` writes it; ``Game.from_position`` and
``Game.position`` use them. The public module is ``ddz_fast.position``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ._cards import DECK_COUNTS as DECK, RANK_SYMBOLS, Hand
from ._moves import Move, classify
from ._rules import (
    FIELDS, HIGHEST_BID as MAX_BID, REDEAL_LIMIT, Rules, as_rules, most_bombs,
)
from .checks import check_int, check_seed
from .errors import InvalidCardsError, InvalidMoveError, InvalidPositionError
from .kind import Kind

PHASES = ("auction", "play", "over")
NO_CARDS = Hand()
SEAT_COUNTS = {2: "two", 3: "three", 4: "four"}  # three seats, an endgame two, four on two decks
ORDINALS = {3: "third", 4: "fourth"}
WILD_COUNTS = {"none": 0, "one": 1, "two": 2}   # wild ranks by Rules.wilds (RULES.md 10)
WILD_SYMBOLS = RANK_SYMBOLS[:13]        # a wild rank is one of 3..2
Setter = Callable[[object, str, Any], None]      # object.__setattr__ of a frozen dataclass

# Sums of Hand.packed (rank r's count in bits 4r..4r+3) check cards without a loop over ranks.
# Two sets of cards add without a carry (counts up to 8); a count plus 7 minus the deck's sets
# its top bit exactly when it is above the deck's.
ABOVE_DECK_BIAS = sum((7 - count) << (4 * r) for r, count in enumerate(DECK))
TOP_BITS = int("8" * len(DECK), 16)
QUAD_BITS = int("4" * 13, 16)           # a count of at most 4 is 4 exactly when bit 2 is set
CHAIN_QUAD_BITS = int("4" * 12, 16)     # ... of the ranks 3..A, which shuttles chain
ROCKET = 0x11 << (4 * 13)
# Up to 3 sets of cards add without a carry (counts up to 12); more, with a byte per rank.
NIBBLE_TO_BYTE = str.maketrans({digit: "0" + digit for digit in "0123456789abcdef"})


@dataclass(frozen=True)
class Deal:
    """The cards of a game: the deck's count of each rank, each seat's deal and the kitty."""

    seats: int
    deck: tuple[int, ...]
    dealt: int
    kitty: int
    rocket: int         # the rocket's cards (nibble-packed): both jokers, or all four
    deck_bytes: int = dataclasses.field(init=False)     # the deck's counts, a byte a rank
    most: int = dataclasses.field(init=False)           # the most of a rank

    def __post_init__(self) -> None:
        object.__setattr__(self, "deck_bytes", int.from_bytes(bytes(self.deck), "little"))
        object.__setattr__(self, "most", max(self.deck))

    @property
    def deck_words(self) -> str:
        return "the deck has" if self.seats == 3 else "the two decks have"


ONE_DECK = Deal(seats=3, deck=DECK, dealt=17, kitty=3, rocket=ROCKET)     # RULES.md section 2
TWO_DECKS = Deal(seats=4, deck=tuple(2 * count for count in DECK), dealt=25, kitty=8,
                 rocket=2 * ROCKET)                                        # RULES.md 11


def deal_of(rules: Rules) -> Deal:
    return TWO_DECKS if rules.players == 4 else ONE_DECK


def byte_counts(packed: int) -> int:
    """Nibble-packed rank counts with a byte per rank: each hex digit written as two."""
    return int(f"{packed:x}".translate(NIBBLE_TO_BYTE), 16)


def card_counts(cards: Hand | str, field: str) -> tuple[int, ...]:
    """Rank counts of any number of cards (text or a Hand): the cards out of play may be more
    than a hand holds."""
    if isinstance(cards, Hand):
        return tuple(cards.counts.tolist())
    if not isinstance(cards, str):
        raise _error(field, f"{cards!r} is no card text")
    text = cards.upper()
    counts = tuple(text.count(symbol) for symbol in RANK_SYMBOLS)
    if sum(counts) != len(text):
        unknown = next(symbol for symbol in text if symbol not in RANK_SYMBOLS)
        raise _error(field, f"unknown card symbol {unknown!r} in {cards!r}")
    return counts


def cards_text(counts: Sequence[int]) -> str:
    return "".join(RANK_SYMBOLS[r] * c for r, c in enumerate(counts))


def cards_out(held: int, deal: Deal = ONE_DECK) -> str:
    """The text of the deck's cards that ``held`` (nibble-packed rank counts) leaves out."""
    return cards_text([deal.deck[r] - ((held >> (4 * r)) & 0xF) for r in range(len(deal.deck))])


def _above_deck(a: Hand, b: Hand, deal: Deal) -> bool:
    """`a` and `b` together hold more of a rank than the deck."""
    if deal is ONE_DECK:        # (nibbles, without a carry: see ABOVE_DECK_BIAS)
        return bool((a.packed + b.packed + ABOVE_DECK_BIAS) & TOP_BITS)
    return any(x + y > most for x, y, most in zip(a.counts.tolist(), b.counts.tolist(), deal.deck))


def _most_bombs_in(played: Hand, wild: bool, deal: Deal) -> int:
    """The most bombs (not counting the rocket) that the cards played by a seat can be."""
    if wild:
        return len(played) // 4
    if deal is TWO_DECKS:
        return sum(count // 4 for count in played.counts.tolist()[:13])
    return (played.packed & QUAD_BITS).bit_count()


def _error(field: str, message: str) -> InvalidPositionError:
    return InvalidPositionError(f"{field}: {message}")


def _hand(value: Any, field: str, deal: Deal) -> Hand:
    try:       # (one deck's cards, but for the four-player game)
        cards = "" if value == "-" else value
        return Hand(cards) if deal is TWO_DECKS else Hand.one_deck(cards)
    except (InvalidCardsError, TypeError) as e:
        raise _error(field, f"{value!r} is no set of cards ({e})") from None


def _seat(value: Any, field: str, n_seats: int = 3) -> int:
    try:
        return check_int(value, field, 0, n_seats - 1)
    except (TypeError, ValueError) as e:
        seats = ", ".join(map(str, range(n_seats - 1))) + f" or {n_seats - 1}"
        raise _error(field, f"{value!r} is no seat {seats}") from e


def _count(value: Any, field: str, low: int, high: int) -> int:
    try:
        return check_int(value, field, low, high)
    except (TypeError, ValueError):
        raise _error(field, f"{value!r} is no whole number in {low}..{high}") from None


@dataclass(frozen=True)
class Position:
    """A position in any phase. Fields not given take their defaults; every field is checked
    against the others (``InvalidPositionError`` names the field and the offending part).

    ``hands``: three card sets, seat 0 first, or two for an endgame of the landlord against one
    farmer (play phase only, no kitty; one pass ends a trick); four in the four-player game
    (``rules`` with ``players=4``: two decks, 25 cards dealt to each seat and a kitty of 8).
    ``to_move``: the seat to bid or play (None once the game is over). ``played``: the cards
    each seat has played (``()``: none); ``plays``: how many combinations each played (spring
    and anti-spring; ``()``: none); ``bombs``: bombs and rockets played (and shuttles, each as
    ``rules.shuttle_bombs``); ``trick``: ``(move, seat)``, the move to beat and who played it
    (None: ``to_move`` leads; in a finished game the move that went out). ``kitty``: in the
    auction the three cards (eight with four players) set aside, later the cards the landlord
    took (part of his cards).
    ``out``: cards out of play (a set-up with fewer than the deck's 54 cards, or 108, must name
    them). In the auction: ``bid`` is the highest bid so far (0: none) by ``high``; ``speeches``
    bids and passes so far; ``seed`` (required there) deals the next hands if everyone passes;
    ``marked``, the face-up card's rank symbol; ``redeals``, all-pass auctions so far. ``first``
    is the first bidder of the deal (in the auction it follows from ``to_move`` and
    ``speeches``). ``wilds``: under wild-card rules (RULES.md 10) the deal's wild ranks as rank
    symbols, the first first (``"7"``, ``"39"``), shown or not yet; ``played`` and ``hands``
    hold the physical cards, and the trick is written with its substitutes (``4444~4``: one 4 is
    a wild card).
    """

    phase: str
    hands: tuple[Any, ...]
    to_move: int | None
    landlord: int | None = None
    bid: int = 0
    kitty: Hand = NO_CARDS
    played: tuple[Any, ...] = ()
    plays: tuple[Any, ...] = ()
    bombs: int = 0
    trick: tuple[Any, Any] | None = None
    out: str = ""
    seed: int | None = None
    first: int | None = None
    marked: str | None = None
    redeals: int = 0
    speeches: int = 0
    high: int | None = None
    wilds: str = ""
    rules: Rules = Rules()

    def __post_init__(self) -> None:
        set_ = object.__setattr__            # frozen: normalise once, here
        if self.phase not in PHASES:
            raise _error("phase", f"{self.phase!r} is not one of {', '.join(PHASES)}")
        try:                # a wrong type stays a TypeError, as everywhere rules= is read
            set_(self, "rules", as_rules(self.rules, four_players=True))
        except ValueError as e:
            raise _error("rules", str(e)) from None
        deal = deal_of(self.rules)
        hands = self.hands
        seat_counts = (4,) if deal is TWO_DECKS else (3, 2)
        if (isinstance(hands, (str, Hand)) or not hasattr(hands, "__len__")
                or len(hands) not in seat_counts):
            shown = ("/".join(map(str, hands)) if isinstance(hands, (tuple, list))
                     and all(isinstance(h, (str, Hand)) for h in hands) else hands)
            raise _error("hands", f"{shown!r} is not four card sets, one per seat (the "
                                  f"four-player game: players=4)" if deal is TWO_DECKS else
                                  f"{shown!r} is not three card sets (or two), one per seat"
                                  + ("; four are the four-player game (players=4)"
                                     if hasattr(hands, "__len__") and len(hands) == 4 else ""))
        n_seats = len(hands)
        if isinstance(self.played, tuple) and not self.played:     # the default: none played
            set_(self, "played", (NO_CARDS,) * n_seats)
        if isinstance(self.plays, tuple) and not self.plays:
            set_(self, "plays", (0,) * n_seats)
        for name, value in (("played", self.played), ("plays", self.plays)):
            if isinstance(value, (str, Hand)) or not hasattr(value, "__len__") or len(value) != n_seats:
                raise _error(name, f"{value!r} is not {SEAT_COUNTS[n_seats]} values, one per seat")
        set_(self, "hands", tuple(_hand(h, f"hands[{s}]", deal) for s, h in enumerate(self.hands)))
        set_(self, "played", tuple(_hand(h, f"played[{s}]", deal) for s, h in enumerate(self.played)))
        set_(self, "plays", tuple(_count(n, f"plays[{s}]", 0, 255) for s, n in enumerate(self.plays)))
        set_(self, "kitty", _hand(self.kitty, "kitty", deal))
        out = card_counts("" if self.out == "-" else self.out, "out")
        set_(self, "out", cards_text(out))
        set_(self, "wilds", self._checked_wilds())
        if self.seed is not None:
            try:
                set_(self, "seed", check_seed(self.seed))
            except (TypeError, ValueError) as e:
                raise _error("seed", str(e)) from None
        set_(self, "redeals", _count(self.redeals, "redeals", 0, REDEAL_LIMIT))
        if self.marked is not None and (not isinstance(self.marked, str) or len(self.marked) != 1
                                        or self.marked.upper() not in RANK_SYMBOLS):
            raise _error("marked", f"{self.marked!r} is no rank symbol of {RANK_SYMBOLS}")
        if self.marked is not None:
            set_(self, "marked", self.marked.upper())
        if len(self.kitty) > deal.kitty:
            raise _error("kitty", f"{self.kitty} has {len(self.kitty)} cards; the kitty has "
                                  f"{deal.kitty}")
        if n_seats == 2:
            self._check_two_seats()
        if self.phase == "auction":
            self._check_auction(set_)
        elif self.phase == "over" and self.landlord is None and n_seats != 2:
            self._check_unscored(set_)
        else:
            self._check_play(set_)
        self._check_cards(out)

    def _checked_wilds(self) -> str:
        wanted = WILD_COUNTS[self.rules.wilds]
        text = self.wilds
        if not isinstance(text, str):
            raise _error("wilds", f"{text!r} is no text of rank symbols")
        text = text.upper()
        if wanted == 0 and text:
            raise _error("wilds", f"{self.wilds!r}, but {self.rules!r} has no wild cards")
        if len(text) != wanted or len(set(text)) != wanted or any(
                symbol not in WILD_SYMBOLS for symbol in text):
            raise _error("wilds", f"{self.wilds!r}: {self.rules!r} has {wanted} wild "
                                  f"rank{'s' if wanted > 1 else ''}, distinct, among {WILD_SYMBOLS}")
        return text

    @property
    def n_seats(self) -> int:
        """3, or 2 for an endgame of the landlord against one farmer; 4 in the four-player game."""
        return len(self.hands)

    @property
    def _deal(self) -> Deal:
        return deal_of(self.rules)

    # --- the two phases -------------------------------------------------------------------

    def _check_two_seats(self) -> None:
        """Two seats: a position set up in the play phase, without auction or kitty."""
        if self.phase == "auction":
            raise _error("phase", "a two-seat game has no auction")
        for name, default in (("kitty", NO_CARDS), ("seed", None), ("marked", None), ("redeals", 0)):
            value = getattr(self, name)
            if value != default:
                raise _error(name, f"{value!r}: a two-seat game is set up in the play phase, "
                                   f"without a deal, an auction or a kitty")

    def _check_auction(self, set_: Setter) -> None:
        n = self.n_seats
        for name, default in (("landlord", None), ("played", (NO_CARDS,) * n), ("plays", (0,) * n),
                              ("bombs", 0), ("trick", None)):
            if getattr(self, name) != default:
                raise _error(name, f"{getattr(self, name)!r}: nothing is played in the auction")
        to_move = _seat(self.to_move, "to_move", n)
        if self.seed is None and self.rules.all_pass == "redeal":
            raise _error("seed", "an auction position needs the seed that deals again if all pass")
        speeches = _count(self.speeches, "speeches", 0, 255)
        bid = _count(self.bid, "bid", 0, MAX_BID - 1)          # a 3 ends the auction
        high = None if self.high is None else _seat(self.high, "high", n)
        if (bid == 0) != (high is None):
            raise _error("high", f"{high!r} with a highest bid of {bid}: the bidder and the bid go together")
        passes = speeches if high is None else (to_move - high - 1) % n
        if speeches > n - 1 and high is None:
            raise _error("speeches", f"{speeches} speeches without a bid: the {ORDINALS[n]} pass "
                                     f"deals again")
        if high is not None and passes == n - 1:
            others = "both others" if n == 3 else "the others"
            raise _error("high", f"{high}: after its bid {others} passed, which ended the "
                                 f"auction (seat {to_move} would speak again)")
        # Before the first bid at most n - 1 passes, before each higher one at most n - 2
        # (n - 1 end the auction): the highest bid is at most speech (n - 1) * bid.
        most = (n - 1) * bid + 1 + passes
        if high is not None and speeches > most:
            after = f"followed by {_plural(passes, 'pass', 'passes')}" if passes else "with no pass after it"
            raise _error("speeches", f"{speeches}, but an auction whose highest bid is {bid}, "
                                     f"{after}, has had at most {most}")
        sizes = [len(hand) for hand in self.hands]
        dealt = self._deal.dealt
        if not 1 <= sizes[0] <= dealt or len(set(sizes)) != 1:
            raise _error("hands", f"{'/'.join(str(h) or '-' for h in self.hands)} hold "
                                  f"{'/'.join(map(str, sizes))} cards: a deal gives each seat "
                                  f"the same number, 1 to {dealt} ({dealt} with the whole deck)")
        if self.rules.auction == "single_round" and speeches > n - 1:
            raise _error("speeches", f"{speeches}: the single-round auction ends after "
                                     f"{SEAT_COUNTS[n]}")
        if high is not None and speeches < passes + 1:
            raise _error("speeches", f"{speeches} is fewer than the bid and the {passes} passes after it")
        first = (to_move - speeches) % n
        if self.first is not None and self.first != first:
            raise _error("first", f"{self.first!r}, but seat {to_move} speaks after "
                                  f"{_plural(speeches, 'speech', 'speeches')}")
        set_(self, "to_move", to_move)
        set_(self, "speeches", speeches)
        set_(self, "bid", bid)
        set_(self, "high", high)
        set_(self, "first", first)

    def _check_unscored(self, set_: Setter) -> None:
        """A deal that ended in the auction without a bid (rules with all_pass="end")."""
        if self.rules.all_pass != "end":
            raise _error("landlord", f"None in a finished game: under {self.rules!r} an "
                                     f"auction without a bid deals again")
        n, deal = self.n_seats, self._deal
        for name, default in (("played", (NO_CARDS,) * n), ("plays", (0,) * n), ("bombs", 0),
                              ("trick", None), ("to_move", None), ("speeches", 0), ("high", None),
                              ("bid", 0)):
            if getattr(self, name) != default:
                raise _error(name, f"{getattr(self, name)!r}: nothing was bid or played in a "
                                   f"deal that ended in the auction")
        for seat in range(n):
            if len(self.hands[seat]) != deal.dealt:
                raise _error(f"hands[{seat}]", f"{len(self.hands[seat])} cards: a deal that ended "
                                               f"in the auction leaves the {deal.dealt} dealt")
        if len(self.kitty) != deal.kitty:
            raise _error("kitty", f"{self.kitty} has {len(self.kitty)} cards; the kitty has "
                                  f"{deal.kitty}")
        set_(self, "first", _seat(0 if self.first is None else self.first, "first", n))

    def _check_play(self, set_: Setter) -> None:
        if self.speeches != 0 or self.high is not None:
            raise _error("speeches" if self.speeches else "high",
                         "only an auction position has speeches and a highest bidder")
        n_seats = self.n_seats
        landlord = _seat(self.landlord, "landlord", n_seats)
        bid = _count(self.bid, "bid", 1, MAX_BID)
        bombs = _count(self.bombs, "bombs", 0, most_bombs(self.rules))
        first = _seat(landlord if self.first is None else self.first, "first", n_seats)
        if n_seats == 2 and first != landlord:
            raise _error("first", f"{first}: a two-seat game has no auction (the first bidder "
                                  f"is the landlord)")
        over = self.phase == "over"
        to_move: int | None
        if over:
            if self.to_move is not None:
                raise _error("to_move", f"{self.to_move!r}: nobody moves in a finished game")
            to_move = None
        else:
            to_move = _seat(self.to_move, "to_move", n_seats)
        empty = [seat for seat in range(n_seats) if not len(self.hands[seat])]
        if over and len(empty) != 1:
            raise _error("hands", f"a finished game has one empty hand, not {len(empty)}")
        if not over and empty:
            raise _error(f"hands[{empty[0]}]", "empty: the game would be over")
        deal = self._deal
        for seat in range(n_seats):
            if (self.plays[seat] == 0) != (len(self.played[seat]) == 0):
                raise _error(f"plays[{seat}]", f"{self.plays[seat]} combinations for the cards "
                                               f"{self.played[seat] or '-'}")
            if self.plays[seat] > len(self.played[seat]):
                raise _error(f"plays[{seat}]", f"{self.plays[seat]} combinations of "
                                               f"{len(self.played[seat])} cards")
            dealt = deal.dealt + deal.kitty if seat == landlord else deal.dealt
            if _above_deck(self.hands[seat], self.played[seat], deal):
                raise _error(f"hands[{seat}], played[{seat}]",
                             f"{self.hands[seat]} and {self.played[seat]} together hold more "
                             f"of a rank than {deal.deck_words}")
            n_held = len(self.hands[seat]) + len(self.played[seat])
            if n_held > dealt:
                role = "the landlord" if seat == landlord else "a farmer"
                raise _error(f"hands[{seat}]", f"{self.hands[seat]} and the cards played "
                                               f"{self.played[seat] or '-'} make {n_held}; "
                                               f"{role} is dealt {dealt}")
        # A bomb counts as the doublings of its multiplier (1 at x2) by its tier, the rocket as
        # its own, and a shuttle (one play of two or more quads of 3..A) as shuttle_bombs: a
        # play counts at most `most`, more for shuttles, and a shuttle's two quads may count more
        # than two bombs.
        doublings = {name: getattr(self.rules, f"{name}_multiplier").bit_length() - 1
                     for name in ("soft_bomb", "hard_bomb", "pure_bomb", "rocket")}
        wild = self.rules.wilds != "none"
        bomb = max(doublings["soft_bomb"], doublings["pure_bomb"], doublings["hard_bomb"]) \
            if wild else doublings["hard_bomb"]
        rocket = doublings["rocket"]
        weight = self.rules.shuttle_bombs if self.rules.shuttle != "off" else 0
        most = max(bomb, rocket)
        shuttles = sum((played.packed & CHAIN_QUAD_BITS).bit_count() // 2
                       for played in self.played)
        if bombs > most * sum(self.plays) + max(0, weight - most) * shuttles:
            raise _error("bombs", f"{bombs} bombs in {sum(self.plays)} combinations")
        # each bomb took four cards (without wild cards: a rank's four, two decks: four or
        # more of a rank), the rocket both jokers (two decks: all four), from one seat's plays
        room = max(0, weight - 2 * bomb) * shuttles + sum(
            bomb * _most_bombs_in(played, wild, deal)
            + rocket * (played.packed & deal.rocket == deal.rocket) for played in self.played)
        if bombs > room:
            raise _error("bombs", f"{bombs} bombs and rockets, but the cards played hold at most "
                                  f"{room}")
        landlord_cards = self.hands[landlord] + self.played[landlord]
        if self.kitty not in landlord_cards:
            raise _error("kitty", f"{self.kitty} went to the landlord, whose cards "
                                  f"{landlord_cards} do not hold it")
        set_(self, "trick", self._checked_trick(to_move, over, empty))
        if self.trick is not None:
            trick = self.trick[0]
            tier = ("pure_bomb" if trick.pure_wild else "soft_bomb" if trick.substitutes
                    else "hard_bomb")
            counted = {Kind.BOMB: doublings[tier], Kind.LONG_BOMB: doublings[tier],
                       Kind.ROCKET: rocket}.get(trick.kind, 0)
            if counted > bombs:
                raise _error("bombs", f"{bombs}, but the trick {trick} is a {trick.kind} "
                                      f"that counts as {counted}")
        set_(self, "landlord", landlord)
        set_(self, "bid", bid)
        set_(self, "bombs", bombs)
        set_(self, "first", first)
        set_(self, "to_move", to_move)

    def _checked_trick(self, to_move: int | None, over: bool,
                       empty: list[int]) -> tuple[Move, int] | None:
        if self.trick is None:
            if over:
                raise _error("trick", "a finished game ends with the move that went out")
            return None
        try:
            move, seat = self.trick
        except (TypeError, ValueError):
            raise _error("trick", f"{self.trick!r} is no (move, seat) pair") from None
        seat = _seat(seat, "trick seat", self.n_seats)
        wilds = self.wilds or None
        try:
            move = move if isinstance(move, Move) else Move.parse(move, rules=self.rules)
            cards = move.physical_cards(wilds)
            if move.length == 0 or move not in classify(cards, rules=self.rules, wild_ranks=wilds):
                raise InvalidMoveError(f"{move!r} is no combination under {self.rules!r}"
                                       + (f" with wild ranks {self.wilds!r}" if wilds else ""))
        except (InvalidMoveError, InvalidCardsError, TypeError) as e:
            raise _error("trick", f"{self.trick[0]!r}: {e}") from None
        if cards not in self.played[seat]:
            raise _error("trick", f"{move} is not among the cards seat {seat} played "
                                  f"({self.played[seat] or '-'})")
        if over:
            if seat != empty[0]:
                raise _error("trick", f"seat {seat} played last, but seat {empty[0]} went out")
        elif to_move == seat:
            others = {2: "the other", 3: "both others"}.get(self.n_seats, "the others")
            raise _error("trick", f"seat {seat} would have to beat its own move: {others} passed")
        return move, seat

    def _check_cards(self, out: tuple[int, ...]) -> None:
        seats = range(self.n_seats)
        deal = self._deal
        rest = ([self.kitty] if self.phase == "auction" or self.landlord is None else
                [self.played[s] for s in seats])
        # Every card exactly once: the counts add up to the deck's (each part holds at most a
        # deck's count of a rank, out too, or the count by rank below finds what is wrong and
        # names it). One deck's nibbles add without a carry, by three (see byte_counts).
        if deal is ONE_DECK:
            total = (byte_counts(sum(self.hands[s].packed for s in seats))
                     + byte_counts(sum(part.packed for part in rest)))
        else:
            total = sum(byte_counts(part.packed) for part in [*self.hands, *rest])
        if max(out) <= deal.most and total + int.from_bytes(bytes(out), "little") == deal.deck_bytes:
            return
        parts: list[tuple[str, Any]] = [(f"hands[{s}]", self.hands[s]) for s in seats]
        parts.append(("out", self.out))
        parts += ([("kitty", self.kitty)] if self.phase == "auction" or self.landlord is None else
                  [(f"played[{s}]", self.played[s]) for s in seats])
        counts = [card_counts(cards, name) for name, cards in parts]
        for rank in range(15):
            held = sum(c[rank] for c in counts)
            if held > deal.deck[rank]:
                holders = [name for (name, _), c in zip(parts, counts) if c[rank]]
                raise _error(", ".join(holders), f"{held} cards of rank {RANK_SYMBOLS[rank]} "
                                                 f"in all; {deal.deck_words} {deal.deck[rank]}")
        missing = cards_text([deal.deck[r] - sum(c[r] for c in counts) for r in range(15)])
        if missing:
            raise _error("out", f"the cards {missing} are nowhere: a set-up names the cards out "
                                f"of play as out=...")

    # --- text ----------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Position:
        """The position written as ``text`` (see the module docstring)."""
        if not isinstance(text, str):
            raise TypeError(f"position text must be a str, not {type(text).__name__}")
        words = text.split()
        if len(words) < 3:
            raise InvalidPositionError(
                f"{text!r}: a position starts with the phase, the hands and the seat to move")
        phase, hands, to_move = words[:3]
        if phase not in PHASES:
            raise _error("phase", f"{phase!r} is not one of {', '.join(PHASES)}")
        fields: dict[str, Any] = {"phase": phase, "hands": _split_hands(hands, "hands"),
                  "to_move": None if to_move == "-" else _number(to_move, "to_move")}
        for word in words[3:]:
            name, equals, value = word.partition("=")
            if not equals or name not in TEXT_FIELDS:
                raise InvalidPositionError(
                    f"{word!r} is no field name=value ({', '.join(TEXT_FIELDS)})")
            if name in fields:
                raise InvalidPositionError(f"{word!r}: {name} is given twice")
            fields[name] = TEXT_FIELDS[name][0](value, name)
        return cls(**fields)

    def __str__(self) -> str:
        words = [self.phase, "/".join(str(h) or "-" for h in self.hands),
                 "-" if self.to_move is None else str(self.to_move)]
        defaults = {f.name: f.default for f in dataclasses.fields(self)}
        defaults["played"] = (NO_CARDS,) * self.n_seats
        defaults["plays"] = (0,) * self.n_seats
        if self.phase != "auction":
            defaults["first"] = self.landlord
        else:
            defaults["first"] = self.first
        for name, (_, write) in TEXT_FIELDS.items():
            value = getattr(self, name)
            if value != defaults[name]:
                words.append(f"{name}={write(value)}")
        return " ".join(words)

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"


# --- field codecs: (read text, write value) --------------------------------------------------

def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _number(text: str, field: str) -> int:
    if not (text.isascii() and text.isdigit()):      # int() refuses "²", which isdigit() allows
        raise _error(field, f"{text!r} is no whole number")
    return int(text)


def _split_hands(text: str, field: str) -> tuple[str, ...]:
    """One part per seat: three, two in a two-seat game, four in the four-player game (Position
    checks the fields agree)."""
    parts = text.split("/")
    if len(parts) not in SEAT_COUNTS:
        raise _error(field, f"{text!r} is not three parts (two, four) separated by '/', seat 0 first")
    return tuple(parts)


def _read_trick(text: str, field: str) -> tuple[str, int]:
    move, at, seat = text.rpartition("@")
    if not at:
        raise _error(field, f"{text!r} is no MOVE@SEAT")
    return move, _number(seat, field)


def _read_seat(text: str, field: str) -> int | None:
    return None if text == "-" else _number(text, field)


def _read_rules(text: str, field: str) -> Rules:
    """A preset's name, or ``name:value`` pairs of the fields that differ from the defaults."""
    try:
        if ":" not in text:
            return as_rules(text, four_players=True)
        changes = dict(item.split(":", 1) for item in text.split(","))
        values: dict[str, Any] = {name: _FIELDS[name].read(value) if name in _FIELDS else value
                                  for name, value in changes.items()}
        return Rules(**values)    # (TypeError for a name of no field)
    except (ValueError, TypeError) as e:
        raise _error(field, f"{text!r}: {e}") from None


def _write_rules(rules: Rules) -> str:
    if rules.name is not None:
        return rules.name
    return ",".join(f"{f.name}:{f.write(getattr(rules, f.name))}" for f in FIELDS
                    if getattr(rules, f.name) != f.default)


_FIELDS = {field.name: field for field in FIELDS}


TEXT_FIELDS: dict[str, tuple[Callable[[str, str], Any], Callable[[Any], str]]] = {
    "landlord": (_number, str),
    "bid": (_number, str),
    "kitty": (lambda text, field: text, str),
    "played": (_split_hands, lambda hands: "/".join(str(h) or "-" for h in hands)),
    "plays": (lambda text, field: tuple(_number(n, field) for n in text.split(",")),
              lambda plays: ",".join(map(str, plays))),
    "bombs": (_number, str),
    "trick": (_read_trick, lambda trick: f"{trick[0]}@{trick[1]}"),
    "speeches": (_number, str),
    "high": (_read_seat, str),
    "first": (_number, str),
    "marked": (lambda text, field: text, str),
    "redeals": (_number, str),
    "seed": (_number, str),
    "wilds": (lambda text, field: text, str),
    "rules": (_read_rules, _write_rules),
    "out": (lambda text, field: text, str),
}
