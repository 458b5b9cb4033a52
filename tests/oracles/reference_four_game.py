"""The four-player game of two decks (RULES.md section 11) in pure Python: the deal, the
auction, the play and the score, read simply. It shares no code with ddz_fast; moves are
reference_four's tuples (kind, length, main, cards) and None for a pass.

The deal is this package's definition, for the engine to reproduce: cards 0..107 are two
decks (card c is card c % 54 of a deck: rank (c % 54) // 4 for c % 54 < 52, then the black
and the red joker), shuffled as the three-player deal shuffles (reference_game.shuffle); the
marked card is at position 25 + below(50), dealt one card at a time to seats 0, 1,
2, 3 (so it lands in a hand), and the last 8 cards are the kitty.
"""

import copy

from . import reference_four as four
from .reference_game import shuffle

SEATS = 4
HAND_CARDS = 25
KITTY_CARDS = 8
BOMB_KINDS = {"bomb", "long_bomb", "rocket"}


def card_rank(card):
    c = card % 54
    return c // 4 if c < 52 else 13 + c - 52


def deal(seed, redeals):
    """(hands, kitty, marked rank, marked position) of a seed's deal, hands as rank counts."""
    deck, offset = shuffle(seed, redeals, 108, 50)
    ranks = [card_rank(c) for c in deck]
    hands = [[0] * 15 for _ in range(SEATS)]
    for position in range(SEATS * HAND_CARDS):
        hands[position % SEATS][ranks[position]] += 1
    kitty = [0] * 15
    for position in range(SEATS * HAND_CARDS, 108):
        kitty[ranks[position]] += 1
    mark = HAND_CARDS + offset
    return [tuple(h) for h in hands], tuple(kitty), ranks[mark], mark


class Auction:
    """Section 3's auction with four seats: "open" (a bid followed by three passes ends it)
    or "single_round" (each seat speaks once); all passes: a redeal."""

    def __init__(self, first_bidder, variant="open"):
        self.first_bidder = first_bidder
        self.variant = variant
        self.speeches = []              # bids in order, 0 = pass

    def to_move(self):
        return (self.first_bidder + len(self.speeches)) % SEATS

    def legal(self):
        return [0] + [b for b in (1, 2, 3) if b > max(self.speeches, default=0)]

    def speak(self, bid):
        assert bid in self.legal()
        self.speeches.append(bid)

    def outcome(self):
        """None while it runs; ("landlord", seat, bid) or ("redeal",) once it is over."""
        seats = [(self.first_bidder + i) % SEATS for i in range(len(self.speeches))]
        bids = [(seat, b) for seat, b in zip(seats, self.speeches) if b]
        if bids and bids[-1][1] == 3:
            return ("landlord", bids[-1][0], 3)
        if self.variant == "single_round" or not bids:
            over = len(self.speeches) == SEATS
        else:
            last_bid_at = max(i for i, b in enumerate(self.speeches) if b)
            over = len(self.speeches) - 1 - last_bid_at == SEATS - 1
        if not over:
            return None
        if not bids:
            return ("redeal",)
        return ("landlord", *max(bids, key=lambda seat_bid: seat_bid[1]))


class Play:
    """The play phase from the hands after the landlord took the kitty. `sides`: "1v3" (the
    landlord alone) or "2v2" (with the seat opposite)."""

    def __init__(self, hands, landlord, bid, sides="1v3", bomb_ranking="size"):
        self.hands = [tuple(h) for h in hands]
        self.landlord = landlord
        self.bid = bid
        self.bomb_ranking = bomb_ranking
        partner = (landlord + 2) % SEATS
        self.landlord_side = {landlord, partner} if sides == "2v2" else {landlord}
        self.to_move = landlord
        self.trick = None               # the combination to beat
        self.passes = 0
        self.plays = [0] * SEATS
        self.bombs = 0
        self.winner = None              # the seat that went out first

    def legal(self, leads_of=four.leads, **switches):
        """Every legal action: the leads of the hand that beat the trick, and a pass when
        there is a trick (`leads_of`: four.leads, or a cache of it)."""
        moves = leads_of(self.hands[self.to_move], **switches)
        if self.trick is None:
            return moves
        return four.responses(moves, self.trick, self.bomb_ranking) | {None}

    def apply(self, move):
        seat = self.to_move
        if move is None:
            self.passes += 1
            if self.passes == SEATS - 1:        # all the others passed
                self.trick, self.passes = None, 0
        else:
            self.hands[seat] = tuple(h - c for h, c in zip(self.hands[seat], move[3]))
            self.trick, self.passes = move, 0
            self.plays[seat] += 1
            self.bombs += move[0] in BOMB_KINDS
            if sum(self.hands[seat]) == 0:
                self.winner = seat
        self.to_move = (seat + 1) % SEATS

    def scores(self, scoring="points", doubling_spring=True):
        """Per-seat payoffs and the spring flags. "points": the stake is the bid x 2**bombs (x2
        for a spring or an anti-spring); under "1v3" each farmer settles it with the landlord,
        under "2v2" each player of the winning side receives it and each of the other pays it.
        "win": 1 to each winner, 0 to the others."""
        landlord_won = self.winner in self.landlord_side
        farmers = [s for s in range(SEATS) if s not in self.landlord_side]
        spring = landlord_won and all(self.plays[f] == 0 for f in farmers)
        anti_spring = (not landlord_won and self.plays[self.landlord] == 1
                       and sum(self.plays[s] for s in self.landlord_side) == 1)
        winners = self.landlord_side if landlord_won else set(farmers)
        if scoring == "win":
            return tuple(int(s in winners) for s in range(SEATS)), spring, anti_spring
        doubled = doubling_spring and (spring or anti_spring)
        stake = self.bid * 2 ** self.bombs * (2 if doubled else 1)
        if len(self.landlord_side) == 2:
            return (tuple(stake if s in winners else -stake for s in range(SEATS)),
                    spring, anti_spring)
        sign = 1 if landlord_won else -1
        return (tuple(sign * 3 * stake if s == self.landlord else -sign * stake
                      for s in range(SEATS)), spring, anti_spring)


def perft(play, depth, switches, leads_of=four.leads):
    """The number of action sequences of `depth` actions from a Play (a pass is an action; a
    finished game has none)."""
    if depth == 0:
        return 1
    if play.winner is not None:
        return 0
    actions = play.legal(leads_of, **switches)
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = copy.copy(play)
        child.hands, child.plays = list(play.hands), list(play.plays)
        child.apply(action)
        total += perft(child, depth - 1, switches, leads_of)
    return total
