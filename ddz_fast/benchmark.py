"""Moved: the benchmark measurements live in ``ddz_fast.tools.bench``; this path still works."""

from .tools.bench import *  # noqa: F401,F403
