"""Action spaces: ``ActionSpace`` numbers every action of a rule set (or of RLCard's and
OpenSpiel's tables) for learners, with masks and batches; ``every_play`` lists every play."""

from ._actions import ActionSpace, every_play

__all__ = ["ActionSpace", "every_play"]
