r"""Observation encodings: the observations that agents of other engines train on, computed
natively from a ``Game`` and a seat (``ddz_fast/_core/encode.pyx``).

A scheme has a ``name``, a numpy ``dtype``, ``shape(role)`` (role ``"landlord"`` or
``"farmer"``) and ``encode(game, seat=None, *, out=None)``: the seat's observation (default:
the seat to move) as a new 1-d array, or written into ``out``. Schemes are immutable values of
their switches; ``RLCARD``, ``OPENSPIEL``, ``DOUZERO`` and ``COMPACT`` are the defaults. A
seat is 0..2 (0..3 in the four-player game, which only ``compact`` observes; ``ValueError``
otherwise), a finished game needs the seat named, and ``EncodingError`` (a ``ValueError``)
refuses a position a scheme has no layout for.

``rlcard``: RLCard 1.2.0's ``DoudizhuEnv._extract_state`` ``obs``, int8, byte for byte (tested
against RLCard on thousands of positions). Cards are 54 wide (RLCard's ``_cards2array``): rank
r of ``3..2`` held k times sets ``4r .. 4r+k-1``, 52 the black joker, 53 the red; a pass is all
zero. Roles are relative to the landlord (RLCard seats him at 0; here any seat): landlord_down
plays after him, landlord_up before; a farmer's teammate is the other farmer.

=============  ============================  =============  ================================
landlord       (790)                         farmer         (901)
=============  ============================  =============  ================================
[0:54)         own hand                      [0:54)         own hand
[54:108)       others_hand                   [54:108)       others_hand
[108:162)      last action                   [108:162)      last action
[162:648)      last 9 actions                [162:648)      last 9 actions
[648:702)      landlord_up's played cards    [648:702)      landlord's played cards
[702:756)      landlord_down's played cards  [702:756)      teammate's played cards
[756:773)      landlord_up's cards left      [756:810)      landlord's last action
[773:790)      landlord_down's cards left    [810:864)      teammate's last action
\              \                             [864:884)      landlord's cards left (20)
\              \                             [884:901)      teammate's cards left (17)
=============  ============================  =============  ================================

- others_hand: the union of the other two hands. In a full deal it is public (the deck less
  the seat's hand and every card played), so it reveals nothing; ``RLCardEncoding(
  others_hand=False)`` drops it (every later block 54 lower: 736 / 847 wide), the form
  PettingZoo's ``dou_dizhu_v4`` exposed by default (its ``opponents_hand_visible=False``).
- last action: the move to beat (RLCard's ``trace[-1]``, or ``trace[-2]`` after a pass; zero
  when the seat leads); once the game is over, the play that went out.
- last 9 actions: the last 9 actions of the play phase, oldest first, 54 each; passes and the
  slots before the first action are zero. Read from the game's history: a game set up partway
  through the play (``Game.from_position``) has none of the actions before.
- cards left: one-hot of n at n - 1, as RLCard's ``_get_one_hot_array``, so a seat with no
  cards (the winner, in the observation after the last play) sets the last slot (no
  position holds more than 20 cards for the landlord or 17 for a farmer).
- last action of the landlord / teammate: their most recent action in play (zero for a pass or
  none yet). RLCard 1.2.0 keeps their *first* action instead (its loop over the reversed trace
  lacks a ``break``, rlcard issue #292): ``RLCardEncoding(bug_compatible=True)`` copies that.
- Only positions with a landlord: ``EncodingError`` in the auction.

``openspiel``: OpenSpiel 2.0.2's ``dou_dizhu`` ``observation_tensor(seat)``, 159 float32,
for every phase (the auction too):

- [0:69) the seat's hand: rank r of ``3..2`` held k times (0..4) sets ``5r + k`` (0..64); the
  black joker ``65 + k``, the red ``67 + k`` (k 0..1).
- [69:138) the cards played by everyone, the same way from 69.
- [138:141) the seat's place after the landlord (0 the landlord, 1 the next seat, 2 the
  one after); in the auction after the highest bidder so far, all zero before any bid and
  after an auction everyone passed.
- [141:144) the first bidder, one-hot.
- [144:159) the face-up card's rank (``game.position()``'s ``marked``), one-hot; all zero for
  a game set up without one (``Game.from_hands``).

OpenSpiel writes every rank at ``5r + k``, the jokers too, so the red joker's slots are
70/71 (hand) and 139/140 (played) instead of 67/68 and 136/137, over the next block (70 and 71
read as "3 played once / twice", 139 and 140 as a role); 67, 68, 136 and 137 stay zero.
``OpenSpielEncoding(bug_compatible=True)`` writes them there, equal to ``observation_tensor``;
by default they are in their own slots, and the two differ exactly there.

``douzero``: DouZero 1.1.0's ``get_obs(infoset)`` (``douzero/env/env.py``), byte for byte
(tested at every decision of games played in lockstep with DouZero's ``Env``). Cards are 54
wide as RLCard's; roles are relative to the landlord (DouZero's ``landlord``; here any seat),
landlord_down playing after him, landlord_up before; a farmer's teammate is the other farmer.
``DOUZERO.encode(game, seat=None, *, out=None)`` is ``x_no_action``, int8:

=============  ============================  =============  ================================
landlord       (319)                         farmer         (430)
=============  ============================  =============  ================================
[0:54)         own hand                      [0:54)         own hand
[54:108)       others' hands                 [54:108)       others' hands
[108:162)      last action                   [108:162)      landlord's played cards
[162:216)      landlord_up's played cards    [162:216)      teammate's played cards
[216:270)      landlord_down's played cards  [216:270)      last action
[270:287)      landlord_up's cards left      [270:324)      landlord's last action
[287:304)      landlord_down's cards left    [324:378)      teammate's last action
[304:319)      bombs                         [378:398)      landlord's cards left (20)
\              \                             [398:415)      teammate's cards left (17)
\              \                             [415:430)      bombs
=============  ============================  =============  ================================

- others' hands, last action (the move to beat: DouZero's ``last_move``), cards left (one-hot
  of n at n - 1, 17 wide for a farmer, 20 for the landlord; ``EncodingError`` beyond) and
  the landlord's / teammate's last action (their most recent, zero for a pass or none yet:
  DouZero's ``last_move_dict``) as in ``rlcard``.
- bombs: one-hot of the bombs and rockets played (0..14), DouZero's ``bomb_num``.
- ``DOUZERO.encode_z(game, *, out=None)``: ``z``, int8 of shape (5, 162): the last 15
  actions of the play, oldest first, 54 each (three to a row), zero for passes and before
  the first action; the same for every seat. DouZero's ``z_batch`` is it repeated per action,
  as float32: ``np.repeat(z[np.newaxis].astype(np.float32), n, axis=0)``.
- ``DOUZERO.encode_batch(game, actions, seat=None, *, out=None)``: ``x_batch``, float32 of
  shape (len(actions), 373) for the landlord or (len(actions), 484) for a farmer: a row per
  action, in the order given (DouZero's ``legal_actions`` keeps its own order and
  duplicates), ``x_no_action`` then the action's 54 cards (a pass: zero). An action is a
  ``Move``, ``PASS`` or cards (a ``Hand``, text; ``""`` a pass), not checked for legality:
  ``[douzero.from_cards(a) for a in infoset.legal_actions]`` gives DouZero's rows exactly.
- Only positions with a landlord: ``EncodingError`` in the auction (``encode_z`` excepted).

``compact``: ddz_fast's own, small and cheap, for every seat in every phase (the auction and
a finished game too): ``COMPACT.encode(game, seat=None, *, out=None)``, int8 of shape (325,)
for every role. Card sets are the 15 rank counts of
``3456789TJQKA2BR`` (0..4; a joker 0..1). Seats are relative to the observer: relative seat k
is seat ``(seat + k) % 3``, so 0 the observer, 1 the next to play after it, 2 the one
before it.

=============  ==================================================================
[0:15)         own hand
[15:30)        cards played by relative seat 0 (the observer)
[30:45)        cards played by relative seat 1 (next)
[45:60)        cards played by relative seat 2 (previous)
[60:75)        unseen cards: the other two hands (and the kitty, in the auction)
[75:90)        the move to beat (zero when the seat to move leads; once the game
               is over, the play that went out)
[90:93)        the landlord's relative seat, one-hot; in the auction the highest
               bidder's so far (all zero before the first bid and after an
               auction everyone passed under ``all_pass="end"``)
[93]           1 in the auction, else 0
[94:97)        cards left of relative seats 0, 1, 2 (0..20)
[97]           bombs and rockets played (0..14)
[98]           the bid: the highest so far in the auction, the winning bid after
[99]           how many rows of the history hold an action (0..15)
[100:325)      the last 15 actions of the play, oldest first, 15 rank counts each:
               zero for passes and for the rows before the first action; the last
               row is the most recent action (actions go round the seats in order,
               so row 14 - j was taken by relative seat ``(m - j) % 3``, m the
               relative seat that acted last)
=============  ==================================================================

The compact observation hides nothing a seat may not know: the unseen block is the union of
the other hands, whose split the seat does not see.

In the four-player game of two decks (RULES.md 11; ``COMPACT.shape(role, rules="four_1v3")``
is 342) the seats go round four: relative seat k is seat ``(seat + k) % 4``, 3 the one
before the observer, 2 the one opposite (in 2 v 2 the landlord's partner sits opposite the
landlord). Counts go to 8 a rank (2 a joker), cards left to 33 and bombs to 27. Each block
of seats holds four, so the head is 117 and the history starts there:

=============  ==================================================================
[0:15)         own hand
[15:75)        cards played by relative seats 0, 1, 2, 3
[75:90)        unseen cards: the other three hands (and the kitty, in the auction)
[90:105)       the move to beat
[105:109)      the landlord's relative seat (the auction: the highest bidder), one-hot
[109]          1 in the auction, else 0
[110:114)      cards left of relative seats 0, 1, 2, 3 (0..33)
[114]          bombs played (0..27)
[115]          the bid
[116]          how many rows of the history hold an action (0..15)
[117:342)      the last 15 actions of the play, as [100:325) above (row 14 - j
               taken by relative seat ``(m - j) % 4``)
=============  ==================================================================

In a wild-card game (RULES.md 10; ``COMPACT.shape(role, rules=...)`` is 578) the blocks above
hold the cards as they are, the physical ones (hands, cards played, unseen), but the move to
beat and the history what the moves represent (``Move.cards``: a long bomb's hold more than a
deck's four of a rank); a wild block of 253 follows, before any perfect-information tail:

=============  ==================================================================
[325:338)      the wild ranks shown so far, ranks 3..2: 1 at the first (the one
               wild rank, drawn after the auction; with two, 天, shown from the
               deal on), 2 at the second (地, after the auction); 0 elsewhere
[338:353)      the physical cards of the move to beat (zero when leading)
[353:578)      the physical cards of the last 15 actions, row for row as
               [100:325)
=============  ==================================================================

The other schemes describe their peers' games, which have no wild cards: they raise
``UnsupportedRulesError`` for a wild-card game.

``perfect_information``: every scheme takes ``perfect_information=False``. When True its
observation appends, after the scheme's own layout (which stays byte for byte the same, at
its own size for the seat's role), the hands of the other two seats relative to the observer:
the next seat's (``(seat + 1) % 3``), then the one after's (``(seat + 2) % 3``), each in the
scheme's card format. A seat with no cards left is all zero (openspiel: its count-0 slots).

==========  ======================  ============================================================
scheme      tail                    width with it
==========  ======================  ============================================================
compact     2 x 15 rank counts      355 (608 in a wild-card game; four seats: 3 x 15, 387)
rlcard      2 x 54 (its cards)      landlord 898 / farmer 1009 (844 / 955 without others_hand)
openspiel   2 x 69 float32          297: per hand rank r's count k at ``5r + k``, the black
                                    joker's at ``65 + k``, the red's at ``67 + k`` (own slots,
                                    also under ``bug_compatible``, which concerns [0:159) only)
douzero     2 x 54 (its cards)      ``x_no_action`` 427 / 538; ``x_batch`` rows 481 / 592: the
                                    whole ``x_no_action`` (tail included), then the action's 54
==========  ======================  ============================================================

In the auction the tail holds the two hands as dealt (the kitty is in neither); ``encode_z``
has no tail (it is the same for every seat).
"""

from ._encodings import (
    COMPACT, DOUZERO, OPENSPIEL, RLCARD, ROLES, CompactEncoding, DouZeroEncoding, Encoding,
    OpenSpielEncoding, RLCardEncoding,
)
from .errors import EncodingError

__all__ = [
    "COMPACT",
    "CompactEncoding",
    "DOUZERO",
    "OPENSPIEL",
    "RLCARD",
    "ROLES",
    "DouZeroEncoding",
    "Encoding",
    "EncodingError",
    "OpenSpielEncoding",
    "RLCardEncoding",
]
