"""A deliberately simple reading of RULES.md sections 3, 4 and 7 in pure Python: the auction,
the play and the score. It shares no code with ddz_fast; moves are the reference's tuples
(kind, length, main, cards) and None for a pass."""

import copy

from .reference import SHUTTLES, beats, readings


class Auction:
    """One deal's auction (RULES.md section 3)."""

    def __init__(self, first_bidder, variant, all_pass="redeal"):
        self.first_bidder = first_bidder
        self.variant = variant          # "open" or "single_round" (RULES.md), or "none"
        self.all_pass = all_pass        # "redeal" (RULES.md) or "end": the deal ends unscored
        self.speeches = []              # bids in order, 0 = pass

    def to_move(self):
        return (self.first_bidder + len(self.speeches)) % 3

    def highest(self):
        return max(self.speeches, default=0)

    def legal(self):
        return [0] + [b for b in (1, 2, 3) if b > self.highest()]

    def speak(self, bid):
        assert bid in self.legal()
        self.speeches.append(bid)

    def outcome(self):
        """None while it runs; ("landlord", seat, bid), ("redeal",) or ("unscored",) once it
        is over. Without an auction seat 0 is the landlord at bid 1 before anyone speaks."""
        if self.variant == "none":
            return ("landlord", 0, 1)
        seats = [(self.first_bidder + i) % 3 for i in range(len(self.speeches))]
        bids = [(seat, b) for seat, b in zip(seats, self.speeches) if b]
        if bids and bids[-1][1] == 3:
            return ("landlord", bids[-1][0], 3)
        if self.variant == "single_round":
            over = len(self.speeches) == 3
        elif bids:
            last_bid_at = max(i for i, b in enumerate(self.speeches) if b)
            over = len(self.speeches) - 1 - last_bid_at == 2
        else:
            over = len(self.speeches) == 3
        if not over:
            return None
        if not bids:
            return ("redeal",) if self.all_pass == "redeal" else ("unscored",)
        seat, bid = max(bids, key=lambda sb: sb[1])
        return ("landlord", seat, bid)


def subtract(a, b):
    return tuple(x - y for x, y in zip(a, b))


class Play:
    """The play phase (RULES.md section 4), from the hands after the landlord took the kitty.
    Two hands make an endgame: the landlord against one farmer, so a trick ends when the one
    other player passes."""

    def __init__(self, hands, landlord, bid, shuttle_bombs=1):
        self.hands = [tuple(h) for h in hands]
        self.shuttle_bombs = shuttle_bombs      # the bombs a shuttle counts as (RULES.md 9)
        self.seats = len(self.hands)    # 3, or 2
        self.landlord = landlord
        self.bid = bid
        self.to_move = landlord
        self.trick = None               # the combination to beat
        self.last_mover = None
        self.passes = 0
        self.plays = [0] * self.seats
        self.bombs = 0
        self.winner = None

    def is_legal(self, move, **switches):
        """`move` (None: a pass) may be played now under the legality switches of readings()."""
        if move is None:
            return self.trick is not None
        kind, length, main, cards = move
        if (kind, length, main) not in readings(cards, **switches):
            return False
        if any(c > h for c, h in zip(cards, self.hands[self.to_move])):
            return False
        return self.trick is None or beats(move, self.trick, switches.get("shuttle", "off"))

    def apply(self, move):
        seat = self.to_move
        if move is None:
            self.passes += 1
            if self.passes == self.seats - 1:       # all the others passed
                self.trick, self.passes = None, 0
        else:
            self.hands[seat] = subtract(self.hands[seat], move[3])
            self.trick, self.last_mover, self.passes = move, seat, 0
            self.plays[seat] += 1
            if move[0] in ("bomb", "rocket"):
                self.bombs += 1
            elif move[0] in SHUTTLES:
                self.bombs += self.shuttle_bombs
            if sum(self.hands[seat]) == 0:
                self.winner = seat
        self.to_move = (seat + 1) % self.seats

    def scores(self, scoring="points", doubling_spring=True):
        """Per-seat payoffs and the spring flags. "points": RULES.md section 7 (without the x2
        of a spring when not doubling_spring); "win": RLCard's 1 to each winner, 0 else;
        "wp", "adp", "logadp": DouZero's rewards, the landlord's 1, 2**bombs or bombs + 1 won
        or lost, each farmer the opposite. Each farmer settles with the landlord, so under
        "points" the landlord wins or loses one farmer's stake per farmer."""
        landlord_won = self.winner == self.landlord
        seats = range(self.seats)
        farmers = [s for s in seats if s != self.landlord]
        spring = landlord_won and all(self.plays[f] == 0 for f in farmers)
        anti_spring = not landlord_won and self.plays[self.landlord] == 1
        sign = 1 if landlord_won else -1
        if scoring == "win":
            return tuple(int((s == self.landlord) == landlord_won) for s in seats), \
                spring, anti_spring
        if scoring == "points":
            doubled = doubling_spring and (spring or anti_spring)
            stake = self.bid * 2 ** self.bombs * (2 if doubled else 1)
            return tuple(sign * len(farmers) * stake if s == self.landlord else -sign * stake
                         for s in seats), spring, anti_spring
        stake = {"wp": 1, "adp": 2 ** self.bombs, "logadp": self.bombs + 1}[scoring]
        return tuple(sign * stake if s == self.landlord else -sign * stake for s in seats), \
            spring, anti_spring


MASK = 2 ** 64 - 1


def splitmix64(state):
    """(next state, output) of SplitMix64."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state, n):
    """(next state, uniform in [0, n)): Lemire's multiply-shift on the top 32 bits, rejecting
    the low products under 2**32 mod n."""
    while True:
        state, x = splitmix64(state)
        m = (x >> 32) * n
        if (m & 0xFFFFFFFF) >= (2 ** 32 - n) % n:
            return state, m >> 32


def shuffle(seed, redeals, n_cards, marks):
    """The documented shuffle of a deal: cards 0..n_cards-1 by Fisher-Yates from the top,
    from the stream of the seed and the redeals, then below(marks) for the marked card's
    place. Returns (deck, offset)."""
    state = seed ^ ((redeals * 0xD1B54A32D192ED03) & MASK)
    deck = list(range(n_cards))
    for i in range(n_cards - 1, 0, -1):
        state, j = below(state, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    state, offset = below(state, marks)
    return deck, offset


def deal(seed, redeals):
    """The documented deal: shuffle cards 0..53 (rank = card // 4, 52 and 53 the jokers), mark
    position 16 + below(18), deal one card at a time to seats 0, 1, 2 and keep the last three
    as the kitty. Returns (hands, kitty, marked rank, marked position) with hands as
    rank-count tuples."""
    deck, offset = shuffle(seed, redeals, 54, 18)
    rank = [c // 4 if c < 52 else 13 + c - 52 for c in deck]
    hands = [[0] * 15 for _ in range(3)]
    for position in range(51):
        hands[position % 3][rank[position]] += 1
    kitty = [0] * 15
    for position in range(51, 54):
        kitty[rank[position]] += 1
    mark = 16 + offset
    return [tuple(h) for h in hands], tuple(kitty), rank[mark], mark


def perft(play, depth, distinct_single_wings=False, leads_of=None, shuttle="off"):
    """Action sequences of length `depth` from a Play position (a pass is an action; a finished
    game has none). `leads_of(hand)` may cache the reference leads of a hand (and must give
    the shuttles when `shuttle` is not "off", which here says where they stand)."""
    from .reference import has_repeated_wings, leads
    if leads_of is None:
        leads_of = leads
    if depth == 0:
        return 1
    if play.winner is not None:
        return 0
    moves = leads_of(play.hands[play.to_move])
    if distinct_single_wings:
        moves = {m for m in moves if not has_repeated_wings(m)}
    if play.trick is not None:
        moves = {m for m in moves if beats(m, play.trick, shuttle)} | {None}
    total = 0
    for move in moves:
        child = copy.deepcopy(play)
        child.apply(move)
        total += perft(child, depth - 1, distinct_single_wings, leads_of, shuttle)
    return total
