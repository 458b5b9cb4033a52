"""Card and move formats of other Dou Dizhu engines, as pure functions over ddz_fast's values.

- ``douzero``: DouZero's card numbers (3..14 for 3..A, 17 for 2, 20 and 30 for the jokers).
- ``rlcard``: RLCard's card strings (``"3334BR"``) and action strings (``"pass"``).
- ``openspiel``: OpenSpiel ``dou_dizhu``'s card ids (rank + 13 * suit, 52 and 53 for the jokers)
  and action strings (``"333444-5(BWJ)"``, ``"Pass"``).

In each, ``to_*`` turns ddz_fast's values into the engine's format and ``from_*`` reads it back:
pure functions that import no engine. Input a format cannot express raises ``InvalidCardsError``
or ``InvalidMoveError`` (both ``ValueError``), as does input that is not in the format.

Positions (the bridges) go between a ``Game`` and a live engine, deal and actions included:
``openspiel.to_state(game)`` and ``openspiel.from_state(state)`` (a ``pyspiel`` state and back,
under the ``openspiel`` preset), ``rlcard.from_env(env)`` and ``douzero.from_env(env)`` (a game
under the ``rlcard`` or ``douzero`` preset). They import their engine when called (``ImportError``
naming ``pip install 'ddz-fast[peers]'`` without it) and raise ``ValueError`` subclasses naming
what the other side cannot express or the rules forbid.
"""

from . import douzero, openspiel, rlcard

__all__ = ["douzero", "openspiel", "rlcard"]
