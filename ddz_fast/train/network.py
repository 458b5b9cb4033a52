"""DouZero's Q-network (its ``douzero/dmc/models.py``, 1.1.0), our own code with its layout, so
that its checkpoints load here and ours load there.

A role's network reads the last 15 actions ``z`` (5 rows of 162, as ``DOUZERO.encode_z``)
with an LSTM of 128 units, joins its last output to an action's features ``x`` (a row of
``DOUZERO.encode_batch``: the role's ``x_no_action`` then the action's 54 cards, 373 wide for
the landlord, 484 for a farmer), and maps them through five dense layers of 512 (ReLU) to one
value: the action's Q, the expected final payoff of the role after it.

A checkpoint is a role network's ``state_dict``: ``lstm.weight_ih_l0``, ``lstm.weight_hh_l0``,
``lstm.bias_ih_l0``, ``lstm.bias_hh_l0``, ``dense1.weight`` .. ``dense6.bias``, saved by
``torch.save`` (DouZero's ``<role>_weights_<frames>.ckpt``, the files its ``DeepAgent`` loads).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import torch
from torch import nn

from ..encodings import DOUZERO
from ..game import Game

__all__ = ["ROLES", "QNetwork", "load_network", "role_of"]

# DouZero's names of the three models: landlord_up plays before the landlord, landlord_down
# after him.
ROLES = ("landlord", "landlord_up", "landlord_down")
Z_ROWS, Z_WIDTH = 5, 162
LSTM_UNITS = 128
HIDDEN = 512
DENSE_LAYERS = 6
ACTION_CARDS = 54
# A row of x_batch: the role's x_no_action, then the action's cards.
X_WIDTH = {role: DOUZERO.shape("landlord" if role == "landlord" else "farmer")[0] + ACTION_CARDS
           for role in ROLES}


def role_of(game: Game, seat: int) -> str:
    """DouZero's name of ``seat``'s role in ``game`` (which must have a landlord)."""
    landlord = game.landlord
    if landlord is None:
        raise ValueError("the game has no landlord yet: DouZero's networks play the cards only")
    return ROLES[(landlord - seat) % 3]     # the seat after the landlord is landlord_down


class QNetwork(nn.Module):
    """The Q-network of one role (``"landlord"``, ``"landlord_up"`` or ``"landlord_down"``)."""

    def __init__(self, role: str) -> None:
        super().__init__()
        if role not in ROLES:
            raise ValueError(f"role must be one of {', '.join(ROLES)}, not {role!r}")
        self.role = role
        self.x_width = X_WIDTH[role]
        self.lstm = nn.LSTM(Z_WIDTH, LSTM_UNITS, batch_first=True)
        # named dense1..dense6, as the checkpoints' keys
        widths = [self.x_width + LSTM_UNITS] + [HIDDEN] * (DENSE_LAYERS - 1) + [1]
        for i in range(DENSE_LAYERS):
            setattr(self, f"dense{i + 1}", nn.Linear(widths[i], widths[i + 1]))

    def forward(self, z: torch.Tensor, x: torch.Tensor, owner: torch.Tensor | None = None) -> torch.Tensor:
        """The Q of each row of ``x`` (float, ``(rows, x_width)``) in the history of its
        ``z`` (float, ``(histories, 5, 162)``): row r's is ``z[owner[r]]`` (``owner`` a long
        tensor; None: row r's own, ``histories == rows``). Returns ``(rows,)``.

        The LSTM runs once per history, where DouZero runs it on a copy for every row."""
        out, _ = self.lstm(z)
        summary = out[:, -1, :]
        if owner is not None:
            summary = summary[owner]
        h = torch.cat([summary, x], dim=-1)
        for i in range(1, DENSE_LAYERS):
            h = torch.relu(getattr(self, f"dense{i}")(h))
        q: torch.Tensor = getattr(self, f"dense{DENSE_LAYERS}")(h)
        return q.squeeze(-1)


def load_network(role: str, source: str | os.PathLike[str] | Mapping[str, Any]) -> QNetwork:
    """The network of ``role`` with the weights of ``source``: a checkpoint file (a state dict
    saved by ``torch.save``, as DouZero writes them) or a state dict. Keys the network lacks are
    ignored, as DouZero's ``DeepAgent`` ignores them; a missing key or a tensor of another shape
    raises ``ValueError`` (where ``DeepAgent`` would keep random weights). In eval mode, on
    the CPU."""
    network = QNetwork(role)
    if isinstance(source, (str, os.PathLike)):
        state = torch.load(source, map_location="cpu", weights_only=True)
        name = os.fspath(source)
    else:
        state, name = source, "the state dict"
    if not isinstance(state, Mapping):
        raise ValueError(f"{role}: {name} holds a {type(state).__name__}, not a state dict of "
                         f"tensors")
    own = network.state_dict()
    missing = [key for key in own if key not in state]
    if missing:
        raise ValueError(f"{role}: {name} is no {role} network of DouZero's layout: it lacks "
                         f"{', '.join(missing)}")
    for key, tensor in own.items():
        value = state[key]
        if not isinstance(value, torch.Tensor) or value.shape != tensor.shape:
            shape = tuple(value.shape) if isinstance(value, torch.Tensor) else type(value).__name__
            raise ValueError(f"{role}: {name}[{key!r}] must be a tensor of shape "
                             f"{tuple(tensor.shape)}, not {shape}")
    network.load_state_dict({key: state[key] for key in own})
    network.eval()
    return network
