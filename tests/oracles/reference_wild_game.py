"""A deliberately simple reading of the game loop with wild cards (RULES.md 10 on top of sections
4 and 7) in pure Python: where a deal's wild ranks come from, the play (a move takes its
physical cards from the hand) and the doublings of the bombs by tier. It shares no code with
ddz_fast; moves are reference_wilds' tuples (kind, length, main, represented, physical) and
None for a pass."""

import copy
import functools

from .reference_game import MASK, Play, below, splitmix64
from .reference_wilds import tier, wild_beats, wild_leads

TIERS = ("soft", "hard", "pure")


def deal_wild_ranks(seed, redeals, n):
    """The `n` wild ranks of deal (seed, redeals), as the engine documents its draw: the deal's
    stream (reference_game.deal: 53 shuffle draws and the marked card's) gives one more output,
    which xor 0x5AD5C0DE1A12 seeds the wild ranks' own stream; the first is below(13), the
    second below(12), stepped over the first."""
    state = seed ^ ((redeals * 0xD1B54A32D192ED03) & MASK)
    for i in range(53, 0, -1):
        state, _ = below(state, i + 1)
    state, _ = below(state, 18)
    _, output = splitmix64(state)
    stream = output ^ 0x5AD5C0DE1A12
    stream, first = below(stream, 13)
    if n == 1:
        return (first,)
    _, second = below(stream, 12)
    return (first, second + (second >= first))


@functools.lru_cache(maxsize=None)
def cached_leads(hand, wild_ranks, switch_items):
    return frozenset(wild_leads(hand, wild_ranks, **dict(switch_items)))


class WildPlay(Play):
    """The play phase with wild cards: `doublings` maps "soft", "hard", "pure" and "rocket" to
    how often each doubles the multiplier (the multiplier's log2: 1 for x2)."""

    def __init__(self, hands, landlord, bid, wild_ranks, *, bomb_order="rocket_top",
                 doublings=None, switches=None):
        super().__init__(hands, landlord, bid)
        self.wild_ranks = tuple(wild_ranks)
        self.bomb_order = bomb_order
        self.doublings = {"soft": 1, "hard": 1, "pure": 1, "rocket": 1, **(doublings or {})}
        self.switches = tuple(sorted((switches or {}).items()))

    def moves(self):
        """The legal moves of the seat to move, None (a pass) when it may pass."""
        leads = cached_leads(self.hands[self.to_move], self.wild_ranks, self.switches)
        if self.trick is None:
            return set(leads)
        return {m for m in leads
                if wild_beats(m, self.trick, self.wild_ranks, bomb_order=self.bomb_order)} | {None}

    def apply(self, move):
        seat = self.to_move
        if move is None:
            self.passes += 1
            if self.passes == self.seats - 1:
                self.trick, self.passes = None, 0
        else:
            physical = move[4]
            self.hands[seat] = tuple(h - c for h, c in zip(self.hands[seat], physical))
            assert min(self.hands[seat]) >= 0, (move, seat)
            self.trick, self.last_mover, self.passes = move, seat, 0
            self.plays[seat] += 1
            if move[0] == "rocket":
                self.bombs += self.doublings["rocket"]
            elif move[0] in ("bomb", "long_bomb"):
                self.bombs += self.doublings[tier(move, self.wild_ranks)]
            if sum(self.hands[seat]) == 0:
                self.winner = seat
        self.to_move = (seat + 1) % self.seats


def wild_perft(play, depth):
    """Action sequences of length `depth` from a WildPlay (a pass is an action; a finished game
    has none)."""
    if depth == 0:
        return 1
    if play.winner is not None:
        return 0
    moves = play.moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        child = copy.deepcopy(play)
        child.apply(move)
        total += wild_perft(child, depth - 1)
    return total
