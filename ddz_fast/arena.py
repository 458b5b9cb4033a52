"""Whole games played by native players, natively and in parallel: ``play_games``."""

from ._arena import NATIVE_PLAYERS, play_games

__all__ = ["NATIVE_PLAYERS", "play_games"]
