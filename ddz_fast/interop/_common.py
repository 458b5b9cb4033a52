"""What the converters share."""

from __future__ import annotations

import importlib
from types import ModuleType

# How to install each peer: DouZero's metadata requires torch, which its env does not need.
INSTALL = {"douzero": "pip install --no-deps douzero==1.1.0"}
EXTRA = "pip install 'ddz-fast[peers]'"         # rlcard and open-spiel


def import_peer(module: str, purpose: str) -> ModuleType:
    """Import a peer engine's ``module`` for ``purpose`` (the peers are optional);
    ``ImportError`` naming what to install when it is absent."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        install = INSTALL.get(module.partition(".")[0], EXTRA)
        raise ImportError(f"{purpose} needs {module}, which could not be imported ({e}); "
                          f"install it with {install}") from e
