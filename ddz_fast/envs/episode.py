"""One deal played through action ids: what the Gymnasium and PettingZoo adapters share.

An ``Episode`` holds a ``Game``, the ``ActionSpace`` whose ids the agents send and the
``Encoding`` that they observe. It knows nothing of Gymnasium or PettingZoo, so it imports
neither.
"""

from __future__ import annotations

from typing import Any, SupportsIndex

import numpy as np
import numpy.typing as npt

from .._actions import ActionSpace
from .._game import Game
from .._moves import PASS, Move
from .._rules import Rules
from ..checks import check_real
from ..encodings import Encoding
from ..errors import EncodingError, IllegalActionError, IllegalBidError

Observation = dict[str, npt.NDArray[Any]]


def next_seed(rng: np.random.Generator) -> int:
    """A deal seed (0..2**64-1) drawn from an environment's generator: the deal of a reset
    without a seed."""
    return int(rng.integers(2 ** 64, dtype=np.uint64))


def check_illegal_reward(reward: float | None) -> float | None:
    """``reward`` (an environment's ``illegal_reward``) as a float, or None: ``TypeError``
    unless it is None or a real number (numpy's too), ``ValueError`` for a NaN or an
    infinity."""
    return None if reward is None else check_real(reward, "illegal_reward", what="a number or None")


def starting_game(seed: int | None, options: dict[str, Any] | None,
                  rules: Rules) -> Game | None:
    """The game a ``reset(seed, options)`` starts from, when they decide it: a copy of
    ``options["game"]`` (other keys are ignored), which must be a ``Game`` under ``rules``
    and not over, else ``Game(seed, rules=rules)``; None when the environment must draw a
    deal. Checks both arguments (``TypeError`` for a seed or a game of a wrong type,
    ``ValueError`` for a bad value) before the environment changes anything."""
    dealt = None if seed is None else Game(seed, rules=rules)
    if not options or "game" not in options:
        return dealt
    game = options["game"]
    if not isinstance(game, Game):
        raise TypeError(f"options['game'] must be a Game, not {type(game).__name__}")
    if game.rules != rules:
        raise ValueError(f"options['game'] is played under {game.rules!r}, not the "
                         f"environment's {rules!r}")
    if game.phase == "over":
        raise ValueError("options['game'] is over: there is nothing to play")
    return game.copy()


def dealt_game(seed: int | None, options: dict[str, Any] | None, rules: Rules,
               rng: np.random.Generator | None) -> tuple[Game, np.random.Generator]:
    """The game of ``reset(seed, options)`` (``starting_game``, else a deal drawn from the
    generator) and the generator that later resets without a seed draw their deals from:
    ``rng``, or one seeded by ``seed`` (fresh entropy when there is neither; the stream of
    Gymnasium's ``seeding.np_random``)."""
    game = starting_game(seed, options, rules)
    if seed is not None or rng is None:
        rng = np.random.default_rng(None if seed is None else int(seed))
    if game is None:
        game = Game(next_seed(rng), rules=rules)
    return game, rng


def check_auction_layout(encoding: Encoding, rules: Rules, argument: str) -> None:
    """Under rules with an auction, ``ValueError`` (naming ``argument``) for an ``encoding``
    with no layout for the auction, or one wider for a farmer than for the landlord (the
    auction decides the roles)."""
    if rules.auction == "none":
        return
    try:
        encoding.encode(Game(0, rules=rules))
    except EncodingError:
        raise ValueError(f"{argument} {encoding.name!r} has no layout for the auction of rules "
                         f"{rules!r}: use rules without one (auction='none'), or 'compact' or "
                         f"'openspiel'") from None
    if encoding.shape("landlord", rules=rules) != encoding.shape("farmer", rules=rules):
        raise ValueError(f"{argument} {encoding.name!r} is wider for a farmer than for the "
                         f"landlord, and the auction decides the roles: use rules without one "
                         f"(auction='none')")


def game_of(episode: Episode | None) -> Game:
    """An environment's ``game`` property: the game of its episode (``ValueError`` before its
    first ``reset``)."""
    if episode is None:
        raise ValueError("the environment has no game before its first reset()")
    return episode.game


class Episode:
    """A ``Game`` driven by ``space`` ids and seen through ``encoding``.

    ``legal_ids()`` are the ids of the seat to move (cached until the next action);
    ``observe(seat)`` is ``{"observation": encoding.encode(game, seat), "action_mask": int8
    of len(space), 1 at the legal ids}``, new arrays on every call (the mask is all zero for a
    seat that is not to move, and once the game is over); ``act(id)`` plays an id and
    ``apply(action)`` a policy's action, both checked.
    """

    __slots__ = ("game", "space", "encoding", "_legal_ids")

    def __init__(self, game: Game, space: ActionSpace, encoding: Encoding) -> None:
        self.game = game
        self.space = space
        self.encoding = encoding
        self._legal_ids: npt.NDArray[np.int32] | None = None

    def legal_ids(self) -> npt.NDArray[np.int32]:
        """The legal ids of the seat to move, ascending (empty once the game is over), as a
        read-only array shared by the calls until the next action."""
        if self._legal_ids is None:
            ids = (np.empty(0, dtype=np.int32) if self.game.phase == "over"
                   else self.space.legal_ids(self.game))
            ids.flags.writeable = False
            self._legal_ids = ids
        return self._legal_ids

    def observe(self, seat: int) -> Observation:
        if seat == self.game.to_move:    # written natively: faster than setting the ids
            mask = self.space.legal_mask(self.game).view(np.int8)
        else:
            mask = np.zeros(len(self.space), dtype=np.int8)
        return {"observation": self.encoding.encode(self.game, seat), "action_mask": mask}

    def act(self, action_id: SupportsIndex) -> None:
        """Play the action of ``action_id`` for the seat to move. ``ValueError`` for an id
        outside the space; ``IllegalActionError`` (or its subclasses) naming the id for an
        action the seat may not take now; either way the game is unchanged."""
        action = self.space.action(action_id)  # type: ignore[arg-type]  # any index integer
        game = self.game
        try:
            if game.phase == "auction" and isinstance(action, Move) and action != PASS:
                raise IllegalBidError("a play is no bid: the game is in the auction")
            self.apply(action)
        except IllegalActionError as error:     # the same error, naming the id and the action
            raise type(error)(f"action {action_id} ({describe(action)}): {error}") from None

    def apply(self, action: int | Move | str) -> None:
        """Play a policy's action for the seat to move: a bid (0 = pass) or ``PASS`` in the
        auction, a Move, ``PASS`` or move text in play. Raises as ``Game.bid`` and
        ``Game.play`` do (a wrong type included), and then the game is unchanged."""
        if self.game.phase == "auction":
            self.game.bid(action)       # type: ignore[arg-type]  # bid() names a wrong type
        else:
            self.game.play(action)      # type: ignore[arg-type]  # as play() does
        self._legal_ids = None

    def render(self, names: tuple[str, str, str]) -> str:
        """Text of the table: each seat's name, role and hand, then the last three actions."""
        game = self.game
        lines = []
        for seat, (name, hand) in enumerate(zip(names, game.hands)):
            role = ("landlord" if seat == game.landlord else "farmer") \
                if game.landlord is not None else "bidding"
            mark = " *" if seat == game.to_move else ""
            lines.append(f"{name} ({role}): {hand or '-'} ({len(hand)} cards){mark}")
        recent = ", ".join(f"{names[seat]} {describe(action)}" for seat, action in
                           game.history[-3:])
        lines.append(f"last actions: {recent or '-'}")
        if game.result is not None:
            lines.append(f"result: {game.result.winner or 'no winner'}, scores "
                         f"{game.result.scores}")
        return "\n".join(lines)


def describe(action: int | Move) -> str:
    """An action as text: ``pass``, ``bid 2`` or the move."""
    if isinstance(action, Move):
        return str(action)
    return f"bid {action}" if action else "pass"
