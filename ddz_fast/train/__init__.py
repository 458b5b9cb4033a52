"""Agents of DouZero's kind (the ``train`` extra: PyTorch): DouZero's Q-networks, a player of
their checkpoints, and Deep Monte-Carlo training over ``Tables``, in this process or with
actors on a Ray cluster (``RayTrainer``: the ``ray`` extra too).

``import ddz_fast`` never imports this package (nor torch); importing it without torch raises
``ImportError`` saying what to install.
"""

import importlib.util

if importlib.util.find_spec("torch") is None:      # pragma: no cover - the extra is missing
    raise ModuleNotFoundError(
        "ddz_fast.train needs PyTorch: install its CPU build (pip install torch==2.13.0, or the "
        "CPU index of PyTorch's install page), then pip install 'ddz-fast[train]'", name="torch")

from .distributed import RayTrainer, actor_seed
from .dmc import Actor, Collected, Learner, Settings, Trainer
from .network import ROLES, QNetwork, load_network, role_of
from .player import DouZeroPlayer

__all__ = ["ROLES", "Actor", "Collected", "DouZeroPlayer", "Learner", "QNetwork", "RayTrainer",
           "Settings", "Trainer", "actor_seed", "load_network", "role_of"]
