"""Players for ``Series.run``: callables that take a Game and return the action of the seat to
move: a bid (0 = pass) in the auction, a Move (or PASS) in play.

The players here also have a native kernel, named by their ``native`` attribute: ``Tables``
(``opponents=``) and ``play_games`` (whole games by three native players, natively and in
parallel) recognise them by it and play them without Python."""

import random
import secrets
from typing import ClassVar

from ._arena import NATIVE_PLAYERS, play_games
from ._game import Game
from ._moves import PASS, Move
from ._rule import rule_action
from .checks import check_seed
from .kind import Kind

__all__ = ["NATIVE_PLAYERS", "GreedyPlayer", "RandomPlayer", "RulePlayer", "play_games"]

_BOMBS = (Kind.BOMB, Kind.ROCKET, Kind.LONG_BOMB)
_SHUTTLES = (Kind.SHUTTLE, Kind.SHUTTLE_SINGLES, Kind.SHUTTLE_PAIRS, Kind.SHUTTLE_TWO_SINGLES,
             Kind.SHUTTLE_TWO_PAIRS)


class RandomPlayer:
    """Picks uniformly among the legal actions (bids and moves alike).

    Natively (in ``Tables`` and ``play_games``) its draws come from the streams those give
    each seat of each game (SplitMix64), not from ``seed``: the same distribution, other draws.
    """

    native: ClassVar[str] = "random"

    def __init__(self, seed: int | None = None) -> None:
        # checked: random.Random refuses numpy integers, and takes floats and text
        self.rng = random.Random(None if seed is None else check_seed(seed))

    def __call__(self, game: Game) -> int | Move:
        if game.phase == "auction":
            return self.rng.choice(game.legal_bids())
        moves = game.legal_moves()
        return moves[self.rng.randrange(len(moves))]

    def __repr__(self) -> str:
        return "RandomPlayer()"


class GreedyPlayer:
    """A simple baseline. Bids by counting high cards; leads the move that sheds the most cards
    (lowest first on ties); answers with the lowest move that beats the trick; lets a partner's
    trick stand (a fellow farmer's, or in the 2 v 2 game of four players the seat opposite's);
    keeps bombs and the rocket (and shuttles where they are super-bombs) for when an opponent
    is close to going out. Its native kernel plays the same actions."""

    native: ClassVar[str] = "greedy"

    def __call__(self, game: Game) -> int | Move:
        seat = game.to_move
        if seat is None:
            raise ValueError("the game is over: there is no seat to move")
        hand = game.hands[seat]
        if game.phase == "auction":
            counts = hand.counts
            strength = int(counts[12]) + int(counts[13]) * 2 + int(counts[14]) * 2 + 2 * int((counts >= 4).sum())
            wanted = min(3, strength // 2)
            return wanted if wanted > game.highest_bid else 0
        moves = list(game.legal_moves())
        landlord_side = {game.landlord, game.partner}    # (no partner: None, no seat)
        mine = seat in landlord_side
        if game.last_move is not None and (game.last_mover in landlord_side) == mine:
            return PASS                              # the partner holds the trick
        opponents = [s for s in range(game.n_seats) if (s in landlord_side) != mine]
        danger = min(len(game.hands[s]) for s in opponents) <= 4
        bomb_kinds = _BOMBS + _SHUTTLES if game.rules.shuttle == "super_bomb" else _BOMBS
        plain = [m for m in moves if m.kind is not None and m.kind not in bomb_kinds]
        bombs = [m for m in moves if m.kind in bomb_kinds]
        if game.last_move is None:
            pool = plain or bombs
            return max(pool, key=lambda m: (len(m.cards), -m.main))
        if plain:
            return min(plain, key=lambda m: m.main)
        if bombs and danger:
            return bombs[0]
        return PASS

    def __repr__(self) -> str:
        return "GreedyPlayer()"


class RulePlayer:
    """RLCard's rule-based agent, ``doudizhu-rule-v1`` (``DouDizhuRuleAgentV1``, the baseline
    of the DouZero paper), move for move, played natively (kernel ``native``).

    - Leading, it splits its hand as RLCard does (the rocket, the bombs, the trios joined into
      planes below the 2s, the straights of five or more of what is left, then pairs and
      singles) and plays the part that holds its lowest card.
    - Following, it plays the lowest move of the kind and length of the move to beat; where
      several share that main rank (they differ in kickers), the one RLCard lists first: by the
      kickers' ranks, lowest first, and for planes with single kickers those holding the black
      joker, then the red one, before the rest. It never answers with a bomb of another kind.
    - With no such move, a farmer passes when the seat that acted just before it (by a play
      or a pass) is the other farmer, as RLCard's agent does (it looks at the last action,
      not at who holds the trick); otherwise it chooses uniformly among all its legal moves,
      the pass included, from its own generator (RLCard draws from numpy's global one).

    In a two-seat game the seat before is always the other side's: the farmer never passes
    by rule. RLCard has no auction; under rules with one it bids as ``GreedyPlayer``.
    ``seed``: its generator's (None: a random one, shown by ``repr``); it decides the
    uniform choices alone, so a game replays from the seeds.
    """

    native: ClassVar[str] = "rule"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = secrets.randbits(64) if seed is None else check_seed(seed)
        self._state = self.seed

    def __call__(self, game: Game) -> int | Move:
        action, self._state = rule_action(game, self._state)
        return action

    def __repr__(self) -> str:
        return f"RulePlayer(seed={self.seed})"
