"""Brute-force minimax on open hands, for the tests of ddz_fast.solve. Shares no code with ddz_fast.

Written from RULES.md sections 4, 6 and 7 over the rule reference's move lists (reference.leads):
every move of every position is tried, values are memoised by position and nothing else is clever.
Two seats (the landlord and one farmer: one pass ends the trick) or three (two passes do).

    solve(hands, landlord, to_move, prev=None, last_mover=None, *, objective="win", bid=1, bombs=0,
          plays=None, scoring="points", spring=True, **switches) -> (value, moves)

hands: rank-count tuples per seat; prev: the reference move (kind, length, main, cards) to beat,
None when `to_move` leads; last_mover: the seat that played prev (default: the seat before
to_move); bombs and plays (combinations played per seat): what was played before the position;
switches: the legality switches of reference.readings.
- objective "win": value is "landlord" or "farmers", the side that wins with perfect play;
  moves are the side to move's moves after which its side wins (empty when it cannot).
- objective "score": value is the landlord's final score with perfect play (the landlord
  maximises it, the farmers minimise it) under `scoring` ("points": base x 2**bombs, x2 for a
  spring or anti-spring when `spring`, from each farmer; "win": 1 or 0; "wp": +-1; "adp":
  +-2**bombs; "logadp": +-(bombs + 1)); moves are the side to move's moves that reach it.
Moves are reference move tuples; None is a pass.
"""

import functools
import sys

from . import reference


def subtract(a, b):
    return tuple(x - y for x, y in zip(a, b))


def landlord_score(n_seats, landlord_won, bid, bombs, spring_flag, scoring):
    """The landlord's payoff of a finished deal (RULES.md section 7; other scorings as
    reference_game.Play.scores)."""
    sign = 1 if landlord_won else -1
    if scoring == "win":
        return int(landlord_won)
    if scoring == "points":
        stake = bid * 2 ** bombs * (2 if spring_flag else 1)
        return sign * stake * (n_seats - 1)      # each farmer settles with the landlord
    return sign * {"wp": 1, "adp": 2 ** bombs, "logadp": bombs + 1}[scoring]


class Search:
    def __init__(self, n_seats, landlord, objective, bid, scoring, spring, switches):
        self.n = n_seats
        self.landlord = landlord
        self.objective = objective
        self.bid = bid
        self.scoring = scoring
        self.spring = spring
        self.switches = switches
        self.memo = {}
        self.leads = functools.lru_cache(maxsize=None)(self._leads)

    def _leads(self, hand):
        # most cards first: only how soon `value` stops looking depends on the order
        return sorted(reference.leads(hand, **self.switches), key=lambda m: (-sum(m[3]), m))

    def moves(self, hands, seat, trick):
        """The legal moves of `seat` (RULES.md section 4): any lead, or a beating play or a pass."""
        hand_leads = self.leads(hands[seat])
        if trick is None:
            return list(hand_leads)
        return [m for m in hand_leads if reference.beats(m, trick)] + [None]

    def child(self, node, move):
        """(finished, what): the landlord's value when `move` ends the deal, else the next node.
        A node is (hands, seat to move, trick, last mover, bombs, farmers played, landlord's plays)."""
        hands, seat, trick, last_mover, bombs, farmers_played, landlord_plays = node
        following = (seat + 1) % self.n
        if move is None:
            if following == last_mover:          # everyone else passed: the trick is over
                trick = None
            return False, (hands, following, trick, last_mover, bombs, farmers_played,
                           landlord_plays)
        hands = list(hands)
        hands[seat] = subtract(hands[seat], move[3])
        bombs += move[0] in ("bomb", "rocket")
        if seat == self.landlord:
            landlord_plays = min(landlord_plays + 1, 2)
        else:
            farmers_played = True
        if sum(hands[seat]) == 0:
            return True, self.final(seat == self.landlord, bombs, farmers_played, landlord_plays)
        return False, (tuple(hands), following, move, seat, bombs, farmers_played, landlord_plays)

    def final(self, landlord_won, bombs, farmers_played, landlord_plays):
        if self.objective == "win":
            return landlord_won
        spring = landlord_won and not farmers_played
        anti_spring = not landlord_won and landlord_plays == 1
        return landlord_score(self.n, landlord_won, self.bid, bombs,
                              self.spring and (spring or anti_spring), self.scoring)

    def key(self, node):
        hands, seat, trick, last_mover, bombs, farmers_played, landlord_plays = node
        trick = None if trick is None else trick[:3]     # only the reading is beaten
        if self.objective == "win":
            return hands, seat, trick, last_mover
        return hands, seat, trick, last_mover, bombs, farmers_played, landlord_plays

    def child_values(self, node):
        """(move, the landlord's value after it) for each legal move in turn."""
        for move in self.moves(node[0], node[1], node[2]):
            finished, what = self.child(node, move)
            yield move, what if finished else self.value(what)

    def value(self, node):
        """The landlord's value: True/False (win; the side to move stops at its first winning
        move) or its score (every move looked at)."""
        key = self.key(node)
        if key not in self.memo:
            landlord_moves = node[1] == self.landlord
            if self.objective == "win":
                decide = any if landlord_moves else all
                self.memo[key] = decide(v for _, v in self.child_values(node))
            else:
                self.memo[key] = (max if landlord_moves else min)(v for _, v in self.child_values(node))
        return self.memo[key]


def move_values(hands, landlord, to_move, prev=None, last_mover=None, *, objective="win", bid=1,
                bombs=0, plays=None, scoring="points", spring=True, **switches):
    """(move, the landlord's value after it) for every legal move of the side to move: True
    where he then wins (win objective), his score (score objective)."""
    n = len(hands)
    assert n in (2, 3) and objective in ("win", "score")
    hands = tuple(tuple(h) for h in hands)
    if prev is not None and last_mover is None:
        last_mover = (to_move - 1) % n
    plays = plays or [0] * n
    farmers_played = any(plays[s] for s in range(n) if s != landlord)
    search = Search(n, landlord, objective, bid, scoring, spring, switches)
    node = (hands, to_move, prev, last_mover, bombs, farmers_played, min(plays[landlord], 2))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        return list(search.child_values(node))
    finally:
        sys.setrecursionlimit(limit)


def solve(hands, landlord, to_move, prev=None, last_mover=None, *, objective="win", **options):
    """The verdict ("landlord"/"farmers", or the landlord's score) and the side to move's
    moves that reach it."""
    values = move_values(hands, landlord, to_move, prev, last_mover, objective=objective,
                         **options)
    return verdict_of(values, objective, to_move == landlord)


def verdict_of(values, objective, landlord_moves):
    """solve's answer from move_values' pairs."""
    best = max(v for _, v in values) if landlord_moves else min(v for _, v in values)
    if objective == "win":
        moves = frozenset(m for m, v in values if v == landlord_moves)
        return ("landlord" if best else "farmers"), moves
    return best, frozenset(m for m, v in values if v == best)
