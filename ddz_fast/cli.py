"""Moved: the ``ddz-fast`` command lives in ``ddz_fast.tools.cli``; this path still works."""

from .tools.cli import *  # noqa: F401,F403
