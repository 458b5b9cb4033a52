"""Moved: the peer harness lives in ``ddz_fast.tools.peers`` and the card formats in
``ddz_fast.interop``; this path still works."""

from .tools.peers import *  # noqa: F401,F403
