# Moves at the Python boundary: Move, MoveList, legal_moves, classify, beats.

from collections.abc import Sequence

import numpy as np

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcmp, memcpy, memset

from ._core.bits cimport cards_contain, cards_valid, card_count, hand_init
from ._cards cimport (
    Hand, cards_text, hand_from_packed, packed_from, packed_from_decks, register_card_source,
)
from ._core.combos cimport (
    beats as combo_beats, checked_physical_cards, classify as combo_classify, is_reading,
    main_part, move_is_legal, physical_cards,
)
from ._core.movegen cimport gen_moves, gen_wild_moves, no_wilds
from ._core.two_decks cimport (
    TWO_DECK_HAND_CARDS, gen_two_deck_moves, is_two_deck_reading, two_deck_beats,
    two_deck_move_is_legal,
)
from ._rules cimport Rules, as_rules
from ._core.typedefs cimport (
    KIND_BOMB, KIND_LONG_BOMB, KIND_SHAPES, KIND_SHUTTLE, KIND_SINGLE, MAX_HAND_CARDS, MAX_MOVES, MAX_READINGS,
    MAX_SUBSTITUTES, N_KINDS, NO_WILD, RANK_TWO, WILD_PURE, WILD_SECOND, ddz_hand, ddz_move,
    ddz_rules, ddz_wilds,
)

from ._cards import RANK_SYMBOLS, counts_array
from .checks import check_bool, check_int
from .errors import AmbiguousMoveError, IllegalMoveError, InvalidCardsError, InvalidMoveError
from .kind import Kind, as_kind

MOVE_DTYPE = np.dtype(
    [("kind", "u1"), ("length", "u1"), ("main", "u1"), ("cards", "u8")], align=True)
# The same rows with the fields of wild-card games (RULES.md 10): `wild` (low nibble: the
# substitutes played by second-rank wild cards; 0x10: a pure-wild bomb) and `substitutes`
# (the ranks wild cards stand for, rank + 1 per nibble, ascending). A view of MOVE_DTYPE rows.
WILD_MOVE_DTYPE = np.dtype(
    [("kind", "u1"), ("length", "u1"), ("main", "u1"), ("wild", "u1"), ("substitutes", "u4"),
     ("cards", "u8")], align=True)

# The first room for the moves of a hand under wild-card rules or of two decks: most hands'
# moves fit.
cdef enum:
    GROWN_MOVES_ROOM = 4096 + MAX_MOVES

cdef ddz_move _probe
if (MOVE_DTYPE.itemsize != sizeof(ddz_move)
        or MOVE_DTYPE.fields["cards"][1] != <char*>&_probe.cards - <char*>&_probe):
    raise ImportError("MOVE_DTYPE does not match the C move layout on this platform")

cdef tuple KINDS = tuple(Kind)
cdef Rules DEFAULT_RULES = as_rules(None)
# Every switch that admits more readings on, every kind (the shuttles with both wing counts):
# a move of any rule set is a reading under these.
# Rule sets with one and two wild ranks, to read a `wild_ranks=` argument without rules.
cdef tuple WILD_RULES = (None, Rules(wilds="one"), Rules(wilds="two"))
cdef ddz_rules LOOSEST_RULES = Rules(distinct_four_two_singles=False, rocket_kickers=True).c
LOOSEST_RULES.kinds = (1 << N_KINDS) - 1
# The four-player rules with every kind and the joker pairs (RULES.md 11): a move of two decks
# of any of their rule sets is a reading under these.
cdef Rules FOUR_PLAYERS = Rules(players=4, four_with_two=False)


cdef inline bint is_reading_of(const ddz_move* m, const ddz_rules* rules) noexcept nogil:
    """`m` is a reading under the rules, of one deck or of two (players=4)."""
    return is_two_deck_reading(m, rules) if rules.players == 4 else is_reading(m, rules)


cdef inline bint beats_under(const ddz_move* a, const ddz_move* b, const ddz_rules* rules) noexcept nogil:
    return two_deck_beats(a, b, rules) if rules.players == 4 else combo_beats(a, b, rules)


cdef uint64_t hand_cards(object cards, Rules rules) except? 0xFFFFFFFFFFFFFFFF:
    """The packed cards of a hand under the rules: at most 20 of one deck, or 33 of two
    (players=4)."""
    if rules.c.players == 4:
        return packed_from_decks(cards, TWO_DECK_HAND_CARDS, 2)
    return packed_from(cards, MAX_HAND_CARDS)


cdef object rules_for_repr(const ddz_move* m):
    """None if `m` is a reading under the default rules, else the fewest changes to them under
    which it is one: the rules= of an eval-able repr."""
    if is_reading(m, &DEFAULT_RULES.c) and card_count(m.cards) <= MAX_HAND_CARDS:
        return None
    # (a long bomb without wild cards, or a play of more than 20 cards: one of two decks)
    if not (m.wild or m.substitutes) and is_two_deck_reading(m, &FOUR_PLAYERS.c):
        return FOUR_PLAYERS
    if m.kind == KIND_LONG_BOMB:
        return Rules(wilds="one", long_bombs=True)
    changes = {"distinct_four_two_singles": False, "rocket_kickers": True}
    if m.kind >= KIND_SHUTTLE:
        changes["shuttle"] = "ordinary"
        if KIND_SHAPES[m.kind].kickers_per_rank == 2:
            changes["shuttle_wings"] = "two"
    for name in ("distinct_four_two_singles", "rocket_kickers"):
        fewer = {key: value for key, value in changes.items() if key != name}
        if is_reading(m, &(<Rules>Rules(**fewer)).c):
            changes = fewer
    return Rules(**changes)


cdef Move move_from_c(const ddz_move* m):
    cdef Move move = Move.__new__(Move)      # no __cinit__: this runs for every listed move
    move.c = m[0]
    move.made = True
    return move


cdef Move as_move(object move, Rules rules):
    if isinstance(move, Move):
        if not is_reading_of(&(<Move>move).c, &rules.c):
            raise InvalidMoveError(f"{move!r} is no combination under {rules!r}")
        return <Move>move
    if isinstance(move, str):
        return Move.parse(move, rules=rules)
    raise TypeError(f"a move must be a Move or text like '333+4', not {type(move).__name__}")


cdef Move to_move(object move, Rules rules):
    """A Move as is, or the one reading of move text under ``rules``."""
    return <Move>move if isinstance(move, Move) else as_move(move, rules)


cdef Move move_from_fields(tuple fields, const ddz_rules* rules, str under):
    """The Move of (kind code, length, main, packed cards), four Python ints: PASS for all
    zeros, else a reading under `rules` (`under` names them in the message)."""
    cdef ddz_move m
    kind, length, main, cards = fields
    if fields == (0, 0, 0, 0):
        return PASS
    memset(&m, 0, sizeof(ddz_move))
    if 0 <= kind < N_KINDS and 0 < length <= 255 and 0 <= main <= 255 and 0 <= cards < 2 ** 64:
        m.kind, m.length, m.main, m.cards = kind, length, main, cards
    if m.length == 0 or not is_reading_of(&m, rules):
        raise InvalidMoveError(f"no move has fields {fields!r}{under}")
    return move_from_c(&m)


cdef int set_wild_fields(ddz_move* m, str substitutes, int second, bint pure) except -1:
    """Set the wild-card fields of the reading `m` (RULES.md 10): the ranks its substitutes
    stand for (rank symbols of 3..2, at most 8, of its main part), how many of them are cards of
    the second wild rank, whether it is a pure-wild bomb. InvalidMoveError if they cannot be."""
    cdef uint32_t word = 0
    cdef uint64_t main = main_part(m)
    cdef int i, r
    ranks = sorted(RANK_SYMBOLS.index(s) for s in substitutes.replace("10", "T").upper()
                   if s in RANK_SYMBOLS[:RANK_TWO + 1])
    if len(ranks) != len(substitutes.replace("10", "T")) or len(ranks) > MAX_SUBSTITUTES:
        raise InvalidMoveError(f"substitutes={substitutes!r}: at most {MAX_SUBSTITUTES} rank "
                               f"symbols of {RANK_SYMBOLS[:RANK_TWO + 1]}")
    for i, r in enumerate(ranks):
        word |= <uint32_t>(r + 1) << (4 * i)
    # (counted rank by rank: a long bomb's main part holds more than four of its rank)
    if any(ranks.count(r) > (main >> (4 * r)) & 0xF for r in ranks) or m.kind == KIND_SINGLE and ranks:
        raise InvalidMoveError(f"substitutes={substitutes!r}: wild cards stand for cards of the "
                               f"main part of {cards_text(m.cards)!r} (never for a single)")
    if not 0 <= second <= len(ranks):
        raise InvalidMoveError(f"second_wilds={second}: of {len(ranks)} substitutes")
    if pure and m.kind != KIND_BOMB and m.kind != KIND_LONG_BOMB:
        raise InvalidMoveError(f"pure_wild=True: only a bomb is pure-wild, not a {KINDS[m.kind]}")
    m.substitutes = word
    m.wild = second | (WILD_PURE if pure else 0)
    return 0


cdef uint64_t long_bomb_cards(object cards) except? 0xFFFFFFFFFFFFFFFF:
    """The represented cards of a long bomb (RULES.md 10): 5 to 12 of one rank of 3..2, as
    text (``"666666"``), 15 counts, or a Hand or Move (up to eight: two decks')."""
    if isinstance(cards, str):
        text = cards.replace("10", "T").upper()
        counts = [text.count(symbol) for symbol in RANK_SYMBOLS]
        if sum(counts) != len(text):
            raise InvalidMoveError(f"{cards!r} is no card text of a long bomb")
    elif isinstance(cards, (Hand, Move)):
        counts = cards.counts.tolist()
    elif isinstance(cards, (Sequence, np.ndarray)):
        counts = [check_int(c, "cards", 0, 12, error=InvalidMoveError) for c in cards]
    else:
        raise TypeError(f"the cards of a long bomb are text like '666666', 15 rank counts or a "
                        f"Hand, not {type(cards).__name__}")
    ranks = [r for r, c in enumerate(counts) if c]
    if len(counts) != len(RANK_SYMBOLS) or len(ranks) != 1 or not 5 <= counts[ranks[0]] <= 12 \
            or ranks[0] > RANK_TWO:
        raise InvalidMoveError(f"{cards!r}: a long bomb is 5 to 12 cards of one rank of 3..2")
    return <uint64_t>counts[ranks[0]] << (4 * ranks[0])


def _unpickle_move(kind, length, main, cards, substitutes="", second_wilds=0, pure_wild=False):
    """Unpickle a Move: the fields must form a reading (or PASS), like Move() checks."""
    cdef Move move
    cdef ddz_move m
    fields = (kind, length, main, cards)
    if not all(type(f) is int for f in fields):
        raise InvalidMoveError(f"no move has fields {fields!r}")
    # A Move does not know its rules: a reading under any rule set is one.
    try:
        move = move_from_fields(fields, &LOOSEST_RULES, "")
    except InvalidMoveError:
        move = move_from_fields(fields, &FOUR_PLAYERS.c, "")
    if not (substitutes or second_wilds or pure_wild):
        return move
    if move.c.length == 0 or type(substitutes) is not str or type(second_wilds) is not int:
        raise InvalidMoveError(f"no move has fields {fields + (substitutes, second_wilds, pure_wild)!r}")
    m = move.c
    set_wild_fields(&m, substitutes, second_wilds, check_bool(pure_wild, "pure_wild"))
    return move_from_c(&m)


cdef class Move:
    """A combination: the reading of ``cards`` as ``kind`` with ``length`` units and main rank
    ``main`` (a rank index 0..14 of ``3456789TJQKA2BR``), per RULES.md section 5; or ``PASS``
    (no cards, length 0, kind None).

    ``Move(kind, length, main, cards)`` checks that the tuple is a reading under ``rules``
    (default rules when None) and raises ``InvalidMoveError`` otherwise; ``kind`` is a
    ``Kind``, its name or its code (as ``Kind.from_code`` takes it). ``Move.parse`` reads
    text. ``str()`` writes the main part, then ``+`` and the kickers: ``444555666+333``.

    In wild-card games (RULES.md 10) ``cards`` are what the move represents, and
    ``substitutes`` the ranks of those that wild cards stand for (``"6"``: one 6 is a wild
    card), ``second_wilds`` how many of them are cards of the second wild rank, ``pure_wild``
    whether it is a bomb of wild cards only. ``str()`` adds the substitutes after a ``~``, those
    of the second wild rank after a second one, and ``*`` for a pure-wild bomb: ``6666~6``
    (one 6 is a wild card), ``3333~~33*`` (3s and 9s wild: two 9s stand for 3s);
    ``Move.parse`` reads it back. ``physical_cards(wild_ranks)`` gives the cards it takes from
    the hand.
    """

    def __init__(self, kind, length, main, cards, *, rules=None, substitutes="",
                 second_wilds=0, pure_wild=False):
        if self.made:
            raise TypeError("a Move is immutable: __init__ may not be called again")
        cdef Rules r = as_rules(rules, True)
        k = as_kind(kind, "kind", InvalidMoveError)
        length = check_int(length, "length", 1, 255, error=InvalidMoveError)
        main = check_int(main, "main", 0, 255, error=InvalidMoveError)
        cdef ddz_move m
        memset(&m, 0, sizeof(ddz_move))
        m.kind = k.code
        m.length = length
        m.main = main
        # (a long bomb's cards hold more of a rank than a deck: read apart where the rules have it)
        if r.c.players == 4:
            m.cards = hand_cards(cards, r)
        elif m.kind == KIND_LONG_BOMB and (r.c.kinds >> KIND_LONG_BOMB) & 1:
            m.cards = long_bomb_cards(cards)
        else:
            m.cards = packed_from(cards, MAX_HAND_CARDS)
        if not is_reading_of(&m, &r.c):
            main_name = RANK_SYMBOLS[main] if main < len(RANK_SYMBOLS) else str(main)
            raise InvalidMoveError(
                f"{cards_text(m.cards)!r} is no {k} of length {length} with main rank "
                f"{main_name} under {r!r}")
        if not isinstance(substitutes, str):
            raise TypeError(f"substitutes must be rank symbols as a str, not {substitutes!r}")
        set_wild_fields(&m, substitutes, check_int(second_wilds, "second_wilds", 0, MAX_SUBSTITUTES,
                                                   error=InvalidMoveError),
                        check_bool(pure_wild, "pure_wild"))
        self.c = m                 # only a checked move: a failed __init__ leaves a pass
        self.made = True

    @staticmethod
    def parse(text, *, rules=None):
        """The move written as ``text``: cards with exactly one reading (``"3334"``), the
        main part and the kickers around a ``+`` (``"444555666+333"``), or ``"pass"``. Under
        rules with wild cards (RULES.md 10), a wild-card move as ``str()`` writes it: the
        represented cards, then ``~`` and the ranks wild cards stand for, ``~`` and those of
        the second wild rank's cards, ``*`` for a pure-wild bomb (``"6666~6"``, ``"34567~7"``,
        ``"3333~~33*"``); plain cards are the move whose wild cards, if any, stand for their own
        rank. Under other rules ``~`` and ``*`` are no card symbols.

        Raises ``InvalidMoveError`` if the text is no combination and ``AmbiguousMoveError``
        (listing the readings) if it has several.
        """
        cdef Rules r = as_rules(rules, True)
        cdef ddz_move readings[MAX_READINGS]
        cdef ddz_move wild_move
        cdef Move plain
        cdef uint64_t main, kickers, cards
        cdef int i, n
        if not isinstance(text, str):
            raise TypeError(f"move text must be a str, not {type(text).__name__}")
        if text.strip().lower() == "pass":
            return PASS
        pure = text.endswith("*")
        cards_part, _, wild_part = text.removesuffix("*").partition("~")
        if (pure or "~" in text) and not r.c.wilds:
            raise InvalidCardsError(f"{text!r}: '~' and '*' write wild-card moves, and {r!r} has "
                                    f"no wild cards")
        if pure or "~" in text:
            first, _, second = wild_part.partition("~")
            plain = Move.parse(cards_part, rules=r)
            if "~" in second or plain.c.length == 0 or not (first or second or pure):
                raise InvalidMoveError(f"{text!r} is no wild-card move (CARDS~SUBSTITUTES"
                                       f"[~SECOND][*])")
            wild_move = plain.c
            set_wild_fields(&wild_move, first + second, len(second), pure)
            return move_from_c(&wild_move)
        main_text, plus, kicker_text = text.partition("+")
        symbols = main_text.replace("10", "T").upper()
        # five or more of a rank: a long bomb's cards, where the rules have long bombs
        if (not plus and len(symbols) > 4 and len(set(symbols)) == 1 and r.c.wilds
                and (r.c.kinds >> KIND_LONG_BOMB) & 1):
            return Move(Kind.LONG_BOMB, len(symbols), RANK_SYMBOLS.index(symbols[0]), symbols,
                        rules=r)
        main = hand_cards(main_text, r)
        kickers = hand_cards(kicker_text, r)
        if r.c.players == 4:
            try:
                cards = (hand_from_packed(main) + hand_from_packed(kickers)).packed
            except InvalidCardsError:
                raise InvalidMoveError(f"{text!r} is no card multiset of at most "
                                       f"{TWO_DECK_HAND_CARDS} cards of two decks") from None
            found = two_deck_readings(cards, r)
        else:
            cards = main + kickers
            if not cards_valid(cards) or card_count(cards) > MAX_HAND_CARDS:
                raise InvalidMoveError(f"{text!r} is no card multiset of at most {MAX_HAND_CARDS} cards")
            n = combo_classify(cards, &r.c, readings)
            found = [move_from_c(&readings[i]) for i in range(n)]
        # Before a "+" stands the main part. Text without one names the reading without
        # kickers if there is one (str() writes such moves so), else the only reading.
        found = [m for m in found if not plus or main_part(&(<Move>m).c) == main]
        if not plus and len(found) > 1:
            found = [m for m in found if main_part(&(<Move>m).c) == cards] or found
        if len(found) == 1:
            return found[0]
        if not found:
            raise InvalidMoveError(f"{text!r} is no combination under {r!r}")
        raise AmbiguousMoveError(
            f"{text!r} has {len(found)} readings: "
            + ", ".join(f"{m} ({m.kind}, main {RANK_SYMBOLS[m.main]}): {m!r}" for m in found))

    @staticmethod
    def from_row(row, *, rules=None):
        """The move of a ``MOVE_DTYPE`` record (an element of ``MoveList.array`` or of the moves
        of ``legal_moves_batch``) or of a ``(kind, length, main, cards)`` tuple of integers, as
        ``move.row`` gives it; the all-zero row is ``PASS``.

        Checked like ``Move()``: a row that is no reading under ``rules`` (default rules when
        None) raises ``InvalidMoveError``.
        """
        cdef Rules r = as_rules(rules, True)
        if isinstance(row, np.void):
            if row.dtype.names != MOVE_DTYPE.names:
                raise TypeError(f"a move row has the fields {MOVE_DTYPE.names}, not {row.dtype.names}")
        elif not isinstance(row, tuple):
            raise TypeError(f"a move row is a MOVE_DTYPE record or a (kind, length, main, cards) "
                            f"tuple, not {type(row).__name__}")
        if len(row) != 4:
            raise InvalidMoveError(f"a move row has 4 fields (kind, length, main, cards), not {len(row)}")
        fields = tuple(check_int(value, name) for value, name in zip(row, MOVE_DTYPE.names))
        return move_from_fields(fields, &r.c, f" under {r!r}")

    @property
    def row(self):
        """``(kind, length, main, cards)`` as integers, a ``MOVE_DTYPE`` record: ``kind`` the
        kind's code, ``cards`` the packed cards. ``array[i] = move.row`` stores the move;
        ``Move.from_row`` reads it back."""
        return (self.c.kind, self.c.length, self.c.main, self.c.cards)

    @property
    def kind(self):
        """The ``Kind``; None for ``PASS``."""
        return KINDS[self.c.kind] if self.c.length else None

    @property
    def length(self):
        """Number of main ranks: 1, or the number of ranks of a chain."""
        return self.c.length

    @property
    def main(self):
        """Main rank index (0..14 for ``3456789TJQKA2BR``): the highest rank of the main part."""
        return self.c.main

    @property
    def cards(self):
        """All the cards, as canonical text."""
        return cards_text(self.c.cards)

    @property
    def counts(self):
        """All the cards as 15 rank counts (a new numpy uint8 array)."""
        return counts_array(self.c.cards)

    @property
    def packed(self):
        """All the cards, nibble-packed (rank r in bits 4r..4r+3): the ``cards`` field of ``MOVE_DTYPE``."""
        return self.c.cards

    @property
    def substitutes(self):
        """The ranks of the cards that wild cards stand for, as rank symbols ascending (RULES.md
        10); ``""`` for a move without them (every move of a game without wild cards)."""
        cdef uint32_t word = self.c.substitutes
        text = []
        while word:
            text.append(RANK_SYMBOLS[(word & 0xF) - 1])
            word >>= 4
        return "".join(text)

    @property
    def second_wilds(self):
        """How many of the substitutes are cards of the second wild rank (天地癞子's 地)."""
        return self.c.wild & WILD_SECOND

    @property
    def pure_wild(self):
        """The move is a bomb of wild cards only."""
        return bool(self.c.wild & WILD_PURE)

    def physical_cards(self, wild_ranks=None):
        """The cards this move takes from the hand, as a ``Hand``: its cards, less those its
        substitutes stand for, plus the wild cards that play them, under the wild ranks
        ``wild_ranks`` (``"7"``, ``"39"``, rank indices: as ``legal_moves`` takes them; None for
        a move without wild cards, whose cards these are). ``InvalidMoveError`` if the move
        cannot be played from a hand with these wild ranks."""
        cdef ddz_wilds w = no_wilds()
        cdef uint64_t cards
        if wild_ranks is not None:
            count = (len(wild_ranks.replace("10", "T")) if isinstance(wild_ranks, str) else
                     len(wild_ranks) if hasattr(wild_ranks, "__len__") else 1)
            if count not in (1, 2):
                raise ValueError(f"wild_ranks={wild_ranks!r}: a deal has one or two wild ranks")
            w = wilds_of(wild_ranks, WILD_RULES[count])
        if not checked_physical_cards(&self.c, &w, &cards):
            raise InvalidMoveError(f"{self!r} is no move of a hand with wild ranks {wild_ranks!r}")
        return hand_from_packed(cards)

    def beats(self, prev, *, rules=None):
        """This move may be played on ``prev`` (RULES.md section 6) under ``rules`` (default
        rules when None; they decide where shuttles are super-bombs and, under four players,
        RULES.md 11, how bombs rank)."""
        cdef Rules r = as_rules(rules, True)
        return beats_under(&self.c, &to_move(prev, r).c, &r.c)

    def __str__(self):
        if self.c.length == 0:
            return "pass"
        cdef uint64_t main = main_part(&self.c)
        text = cards_text(main)
        if main != self.c.cards:
            text += "+" + cards_text(self.c.cards - main)
        cdef str subs = self.substitutes
        cdef int first = len(subs) - self.second_wilds
        if subs:
            text += "~" + subs[:first] + ("~" + subs[first:] if self.second_wilds else "")
        return text + ("*" if self.pure_wild else "")

    def __repr__(self):
        if self.c.length == 0:
            return "Move.parse('pass')"
        rules = rules_for_repr(&self.c)
        wild = "".join([f", substitutes={self.substitutes!r}" if self.c.substitutes else "",
                        f", second_wilds={self.second_wilds}" if self.second_wilds else "",
                        ", pure_wild=True" if self.pure_wild else ""])
        return (f"Move({KINDS[self.c.kind].value!r}, {self.c.length}, {self.c.main}, "
                f"{cards_text(self.c.cards)!r}{'' if rules is None else f', rules={rules!r}'}{wild})")

    def __eq__(self, other):
        if not isinstance(other, Move):
            return NotImplemented
        cdef Move o = <Move>other
        return memcmp(&self.c, &o.c, sizeof(ddz_move)) == 0     # (no padding: every byte is a field)

    def __hash__(self):
        if self.c.wild or self.c.substitutes:
            return hash(self.__reduce__()[1])
        return hash(self.row)

    def __reduce__(self):
        if self.c.wild or self.c.substitutes:
            return (_unpickle_move, (*self.row, self.substitutes, self.second_wilds, self.pure_wild))
        return (_unpickle_move, self.row)


register_card_source(Move)      # Hand(move), `move in hand`, hand - move: the move's cards


cdef class MoveList:
    """The legal moves of a position, generated on first use.

    Sized, iterable, indexable; ``move in moves`` checks one move without generating the rest.
    Moves come ordered by kind code, then length, then main rank; ``PASS`` comes last, and only
    in the lists of ``Game.legal_moves()`` when passing is allowed. ``array`` gives them as a
    numpy structured array of ``MOVE_DTYPE`` (``PASS`` is the all-zero row). Pickles as its
    hand, previous move and rules.
    """

    # fields (see _moves.pxd): moves, n (-1 until generated), hand_cards, prev_move (length 0:
    # the player leads), can_pass, _rules

    def __cinit__(self):
        self.moves = NULL
        self.n = 0          # made without make_move_list: the empty list (it never generates)
        self._rules = DEFAULT_RULES
        self.wilds = no_wilds()

    def __dealloc__(self):
        if self.moves != self.inline_moves:
            free(self.moves)

    def __init__(self):
        raise TypeError("MoveList is made by ddz_fast.legal_moves() or Game.legal_moves()")

    cdef int generate(self) except -1:
        cdef ddz_move buf[MAX_MOVES + 1]      # + PASS
        cdef ddz_hand h
        if self._rules.c.moves_grow:
            return self.generate_grown()
        hand_init(&h, self.hand_cards)
        return self.keep(buf, gen_moves(&h, &self.prev_move, &self._rules.c, buf))

    cdef int generate_grown(self) except -1:
        """generate() under wild-card rules or of two decks: into a buffer that grows until the
        moves fit."""
        cdef Py_ssize_t room = GROWN_MOVES_ROOM
        cdef ddz_move* buf
        cdef ddz_move* end = NULL
        cdef ddz_hand h
        hand_init(&h, self.hand_cards)
        while end == NULL:
            buf = <ddz_move*>malloc((room + 1) * sizeof(ddz_move))     # + PASS
            if buf == NULL:
                raise MemoryError()
            if self._rules.c.players == 4:
                end = gen_two_deck_moves(self.hand_cards, &self.prev_move, &self._rules.c, buf, room)
            else:
                end = gen_wild_moves(&h, &self.prev_move, &self._rules.c, self.wilds, buf, room)
            if end != NULL:
                try:
                    self.keep(buf, end)
                finally:
                    free(buf)
            else:
                free(buf)
                room *= 4
        return 0

    cdef int keep(self, ddz_move* buf, ddz_move* end) except -1:
        """Keep the moves generated into buf (and PASS, if the list has it)."""
        cdef Py_ssize_t n
        if self.can_pass:
            memset(end, 0, sizeof(ddz_move))
            end += 1
        n = end - buf
        if n <= INLINE_MOVES:
            self.moves = self.inline_moves
        else:
            self.moves = <ddz_move*>malloc(n * sizeof(ddz_move))
            if self.moves == NULL:
                raise MemoryError()
        memcpy(self.moves, buf, n * sizeof(ddz_move))
        self.n = n
        return 0

    @property
    def hand(self):
        """The cards of the player to move."""
        return hand_from_packed(self.hand_cards)

    @property
    def prev(self):
        """The move to beat, or None when the player leads."""
        return move_from_c(&self.prev_move) if self.prev_move.length else None

    @property
    def rules(self):
        return self._rules

    @property
    def array(self):
        """The moves as a new numpy array of ``MOVE_DTYPE``."""
        if self.n < 0:
            self.generate()
        out = np.empty(self.n, dtype=MOVE_DTYPE)
        cdef uint8_t[::1] raw = out.view(np.uint8)
        if self.n:
            memcpy(&raw[0], self.moves, self.n * sizeof(ddz_move))
        return out

    def __len__(self):
        if self.n < 0:
            self.generate()
        return self.n

    def __bool__(self):
        return len(self) > 0

    def __iter__(self):
        cdef Py_ssize_t i
        if self.n < 0:
            self.generate()
        for i in range(self.n):
            yield move_from_c(&self.moves[i])

    def __getitem__(self, index):
        cdef Py_ssize_t i
        if self.n < 0:
            self.generate()
        if isinstance(index, slice):
            return [move_from_c(&self.moves[i]) for i in range(*index.indices(self.n))]
        try:
            i = index
        except OverflowError:
            raise IndexError(f"move index {index} out of range for {self.n} moves") from None
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(f"move index {index} out of range for {self.n} moves")
        return move_from_c(&self.moves[i])

    def __contains__(self, move):
        cdef Py_ssize_t i
        if not isinstance(move, Move):
            return False
        if self._rules.c.wilds:     # the same cards may be several moves: look for this one
            if self.n < 0:
                self.generate()
            for i in range(self.n):
                if memcmp(&self.moves[i], &(<Move>move).c, sizeof(ddz_move)) == 0:
                    return True
            return False
        if self._rules.c.players == 4:
            return two_deck_move_is_legal(&(<Move>move).c, self.hand_cards, &self.prev_move,
                                          self.can_pass, &self._rules.c)
        return move_is_legal(&(<Move>move).c, self.hand_cards, &self.prev_move, self.can_pass,
                             &self._rules.c)

    def __reduce__(self):
        # What the list is of; its moves are generated again on first use.
        wild_ranks = [r for r in self.wilds.rank if r != NO_WILD] if self._rules.c.wilds else None
        return (_unpickle_move_list, (cards_text(self.hand_cards), self.prev, self.can_pass,
                                      self._rules, wild_ranks))

    def __repr__(self):
        on = "" if self.prev_move.length == 0 else f" on {move_from_c(&self.prev_move)}"
        shown = ", ".join(str(m) for m in self[:8])
        more = ", ..." if len(self) > 8 else ""
        return f"<MoveList of {cards_text(self.hand_cards)!r}{on}: {self.n} moves ({shown}{more})>"


cdef ddz_move NO_MOVE
memset(&NO_MOVE, 0, sizeof(ddz_move))
PASS = move_from_c(&NO_MOVE)    # all fields zero: the MOVE_DTYPE row of "no move"


def _unpickle_move_list(hand, prev, can_pass, rules, wild_ranks=None):
    """Unpickle a MoveList: the legal moves of ``hand`` on ``prev`` (None: a lead) under
    ``rules`` (and ``wild_ranks``), ``PASS`` last if ``can_pass``; checked as ``legal_moves``
    checks its arguments."""
    cdef Rules r = as_rules(rules, True)
    cdef ddz_wilds w = wilds_of(wild_ranks, r)
    cdef MoveList moves
    cdef uint64_t cards = hand_cards(hand, r)
    cdef bint with_pass = check_bool(can_pass, "can_pass")
    cdef Move p
    if prev is None:
        if with_pass:
            raise IllegalMoveError("a MoveList with a pass needs a move to beat: the leader "
                                   "may not pass")
        moves = make_move_list(cards, NULL, r, False)
    else:
        p = PASS if isinstance(prev, Move) and (<Move>prev).c.length == 0 else as_move(prev, r)
        if p.c.length == 0:
            raise InvalidMoveError("prev: a pass is no move to beat")
        moves = make_move_list(cards, &p.c, r, with_pass)
    moves.wilds = w
    return moves


cdef MoveList make_move_list(uint64_t hand, const ddz_move* prev, Rules rules, bint can_pass):
    cdef MoveList moves = MoveList.__new__(MoveList)
    moves.hand_cards = hand
    moves.n = -1            # generated on first use
    if prev != NULL:
        moves.prev_move = prev[0]
    moves.can_pass = can_pass
    moves._rules = rules
    moves.wilds = no_wilds()
    return moves


cdef ddz_wilds wilds_of(object wild_ranks, Rules rules) except *:
    """The wild ranks of a `wild_ranks=` argument (rank symbols as text, or rank indices) under
    the rules: as many distinct ranks of 3..2 as the rules have wild ranks, or None without."""
    cdef ddz_wilds w = no_wilds()
    cdef int i
    if not rules.c.wilds:
        if wild_ranks is not None:
            raise ValueError(f"wild_ranks={wild_ranks!r} given, but {rules!r} has no wild cards")
        return w
    if wild_ranks is None:
        raise ValueError(f"wild_ranks is required under {rules!r} (its wild ranks, e.g. '7')")
    if isinstance(wild_ranks, str):
        text = wild_ranks.replace("10", "T").upper()
        if not all(symbol in RANK_SYMBOLS[:RANK_TWO + 1] for symbol in text):
            raise ValueError(f"wild_ranks={wild_ranks!r}: wild ranks are among "
                             f"{RANK_SYMBOLS[:RANK_TWO + 1]!r}")
        ranks = [RANK_SYMBOLS.index(symbol) for symbol in text]
    elif isinstance(wild_ranks, int):
        ranks = [wild_ranks]
    else:
        ranks = list(wild_ranks)
    ranks = [check_int(rank, "wild_ranks", 0, RANK_TWO) for rank in ranks]
    if len(ranks) != rules.c.wilds or len(set(ranks)) != len(ranks):
        raise ValueError(f"wild_ranks={wild_ranks!r}: {rules!r} has {rules.c.wilds} wild "
                         f"rank{'s' if rules.c.wilds > 1 else ''}, all different")
    for i in range(len(ranks)):
        w.rank[i] = ranks[i]
    return w


def legal_moves(hand, prev=None, *, rules=None, wild_ranks=None):
    """Every legal move of ``hand`` (a Hand, text or 15 counts: at most 20 cards of one deck,
    or under four-player rules, RULES.md 11, 33 of two decks) as a lazy ``MoveList``.

    With ``prev`` (a Move, or text with exactly one reading), only the moves that beat it;
    otherwise (None or ``PASS``) every lead. A pass is never included. Under wild-card rules
    (RULES.md 10) ``wild_ranks`` names the deal's wild ranks (``"7"``, ``"39"`` or rank
    indices); each move records the ranks its wild cards stand for (``Move.substitutes``).
    """
    cdef Rules r = as_rules(rules, True)
    cdef ddz_wilds w = wilds_of(wild_ranks, r)
    cdef uint64_t cards = hand_cards(hand, r)
    cdef Move p
    cdef MoveList moves
    if prev is None or (isinstance(prev, Move) and (<Move>prev).c.length == 0):
        moves = make_move_list(cards, NULL, r, False)
    else:
        p = as_move(prev, r)
        moves = make_move_list(cards, &p.c, r, False)
    moves.wilds = w
    return moves


def classify(cards, *, rules=None, wild_ranks=None):
    """Every reading of ``cards`` (text, a Hand or 15 counts) as a list of Moves; empty if none.
    Under wild-card rules (RULES.md 10) ``wild_ranks`` names the wild ranks, and a reading is
    any move that plays exactly these cards, wild cards standing for what they may."""
    cdef Rules r = as_rules(rules, True)
    cdef ddz_wilds w = wilds_of(wild_ranks, r)
    cdef uint64_t packed = hand_cards(cards, r)
    cdef ddz_move readings[MAX_READINGS]
    cdef MoveList moves
    cdef Py_ssize_t i
    cdef int n
    if r.c.players == 4:
        return two_deck_readings(packed, r)
    if r.c.wilds:
        moves = make_move_list(packed, NULL, r, False)
        moves.wilds = w
        moves.generate()
        return [move_from_c(&moves.moves[i]) for i in range(moves.n)
                if physical_cards(&moves.moves[i], &w) == packed]
    n = combo_classify(packed, &r.c, readings)
    return [move_from_c(&readings[i]) for i in range(n)]


def beats(move, prev, *, rules=None):
    """``move`` may be played on ``prev`` (RULES.md section 6). Moves, or text with one reading
    under ``rules`` (default rules when None)."""
    cdef Rules r = as_rules(rules, True)
    return beats_under(&to_move(move, r).c, &to_move(prev, r).c, &r.c)


cdef list two_deck_readings(uint64_t cards, Rules rules):
    """The readings of `cards` of two decks under four-player rules: the leads of the hand of
    these cards that take them all."""
    cdef MoveList leads = make_move_list(cards, NULL, rules, False)
    cdef Py_ssize_t i
    leads.generate()
    return [move_from_c(&leads.moves[i]) for i in range(leads.n) if leads.moves[i].cards == cards]
