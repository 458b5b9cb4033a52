"""A player of DouZero's networks: the legal move of the highest Q, as DouZero's ``DeepAgent``
(``douzero/evaluation/deep_agent.py``) picks it."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Any

import numpy as np
import torch

from ..encodings import DOUZERO
from ..game import Game
from ..moves import Move
from ..series import Player
from .network import ROLES, QNetwork, load_network, role_of

__all__ = ["DouZeroPlayer"]

Source = str | os.PathLike[str] | Mapping[str, Any] | QNetwork


class DouZeroPlayer:
    """DouZeroPlayer(landlord=None, landlord_up=None, landlord_down=None, *, bidder=None)

    Plays each role with its network: a checkpoint file (DouZero's ``<role>.ckpt`` or
    ``<role>_weights_<frames>.ckpt``), a state dict or a ``QNetwork``. A role without one
    raises ``ValueError`` when it is to move. At a decision it encodes the game with
    ``DOUZERO`` (DouZero's ``get_obs``, byte for byte), computes the Q of every legal move and
    plays the first of the highest; a single legal move is played without the network, as
    DouZero does.

    Roles follow the game's landlord (landlord_down plays after him), so the player takes any
    rules with three seats; DouZero's networks were trained under the ``douzero`` preset (seat
    0 the landlord, no auction), and moves those rules do not have (a four with two pairs
    under another preset...) are scored as any cards. DouZero has no bidding: in an auction
    the player asks ``bidder`` (any player) and raises ``ValueError`` without one.
    """

    def __init__(self, landlord: Source | None = None, landlord_up: Source | None = None,
                 landlord_down: Source | None = None, *, bidder: Player | None = None) -> None:
        sources = dict(zip(ROLES, (landlord, landlord_up, landlord_down)))
        if all(source is None for source in sources.values()):
            raise ValueError("DouZeroPlayer needs the network of at least one role")
        if bidder is not None and not callable(bidder):
            raise TypeError(f"bidder must be a player (a callable), not {type(bidder).__name__}")
        self.networks: dict[str, QNetwork] = {}
        for role, source in sources.items():
            if isinstance(source, QNetwork):
                if source.role != role:
                    raise ValueError(f"{role}: the network given is the {source.role}'s")
                self.networks[role] = source
            elif source is not None:
                self.networks[role] = load_network(role, source)
        self.bidder = bidder
        self._names = {role: os.fspath(s) for role, s in sources.items() if isinstance(s, (str, os.PathLike))}
        self._folder: str | None = None

    @classmethod
    def from_folder(cls, folder: str | os.PathLike[str], *,
                    bidder: Player | None = None) -> DouZeroPlayer:
        """The three roles' networks from a folder of checkpoints: DouZero's published
        baselines (``landlord.ckpt``, ``landlord_up.ckpt``, ``landlord_down.ckpt``), or what
        DouZero's trainer and ``ddz-fast train`` write (``<role>_weights_<frames>.ckpt``: the
        most frames). ``ValueError`` names a role without a checkpoint."""
        path = os.fspath(folder)
        if not os.path.isdir(path):
            raise ValueError(f"folder {path!r} is not a folder of DouZero checkpoints")
        files = os.listdir(path)
        sources = {}
        for role in ROLES:
            if f"{role}.ckpt" in files:
                sources[role] = os.path.join(path, f"{role}.ckpt")
                continue
            weights = [(int(m.group(1)), name) for name in files
                       if (m := re.fullmatch(rf"{role}_weights_(\d+)\.ckpt", name))]
            if not weights:
                raise ValueError(f"folder {path!r} has no checkpoint of the {role}: "
                                 f"{role}.ckpt or {role}_weights_<frames>.ckpt")
            sources[role] = os.path.join(path, max(weights)[1])
        player = cls(**sources, bidder=bidder)
        player._folder = path
        return player

    def q_values(self, game: Game) -> tuple[list[Move], np.ndarray]:
        """The legal moves of the seat to move (in ``game.legal_moves()``'s order) and the Q of
        each (float32), by the network of its role."""
        network = self._network(game)
        moves = list(game.legal_moves())
        x = torch.from_numpy(DOUZERO.encode_batch(game, moves))
        z = torch.from_numpy(DOUZERO.encode_z(game).astype(np.float32))[None]
        with torch.no_grad():
            q = network(z, x, torch.zeros(len(moves), dtype=torch.long))
        return moves, q.numpy()

    def __call__(self, game: Game) -> Any:
        if game.phase == "auction":
            if self.bidder is None:
                raise ValueError("DouZero's networks do not bid: give DouZeroPlayer a bidder, "
                                 "or play a preset without an auction (douzero)")
            return self.bidder(game)
        self._network(game)
        if len(game.legal_moves()) == 1:
            return game.legal_moves()[0]
        moves, q = self.q_values(game)
        return moves[int(np.argmax(q))]

    def _network(self, game: Game) -> QNetwork:
        """The network of the role to move; ``ValueError`` outside the play or without one."""
        seat = game.to_move
        if seat is None or game.phase != "play":
            raise ValueError(f"the game is {'over' if seat is None else 'in the auction'}: "
                             f"DouZero's networks score the moves of the play")
        role = role_of(game, seat)
        network = self.networks.get(role)
        if network is None:
            raise ValueError(f"seat {seat} plays {role}, and this DouZeroPlayer has no {role} "
                             f"network")
        return network

    def __repr__(self) -> str:
        if self._folder is not None:
            bidder = f", bidder={self.bidder!r}" if self.bidder is not None else ""
            return f"DouZeroPlayer.from_folder({self._folder!r}{bidder})"
        parts = [f"{role}={self._names.get(role, '<network>')!r}" for role in ROLES if role in self.networks]
        if self.bidder is not None:
            parts.append(f"bidder={self.bidder!r}")
        return f"DouZeroPlayer({', '.join(parts)})"
