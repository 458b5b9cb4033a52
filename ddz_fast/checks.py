"""Argument checks shared by every Python-facing function: one convention for numbers.

Any integer that ``operator.index`` accepts (``int``, numpy integers) is accepted where an
integer is expected, any ``numbers.Real`` (numpy's floats and integers too) where a real number
is; ``bool`` is refused as either, floats as integers. A wrong type raises ``TypeError``, a bad
value ``ValueError`` (or the subclass the caller names); messages name the argument and print
the value as given.
"""

import math
import numbers
import operator
import os
from typing import Any

import numpy as np

BOOLS = (bool, np.bool_)


def check_int(value: Any, name: str, low: int | None = None, high: int | None = None,
              error: type[ValueError] = ValueError) -> int:
    """``value`` as a Python int if it is an integer in ``low..high`` (either bound may be None).

    ``TypeError`` for a bool, a float or anything else that is no integer; ``error`` (a
    ``ValueError`` by default) for an integer out of range.
    """
    if isinstance(value, BOOLS):
        raise TypeError(f"{name} must be an integer, not a bool ({value!r})")
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an integer, not {type(value).__name__} ({value!r})") from None
    if (low is not None and number < low) or (high is not None and number > high):
        raise error(f"{name} must be an integer in {bounds(low, high)}, not {value!r}")
    return number


def bounds(low: int | None, high: int | None) -> str:
    if high is None:
        return f">= {low}"
    if low is None:
        return f"<= {high}"
    return f"{low}..{high}"


def check_real(value: Any, name: str, above: float | None = None, what: str = "a number",
               error: type[ValueError] = ValueError) -> float:
    """``value`` as a Python float if it is a finite real number above ``above`` (None: no
    bound): ``numbers.Real``, so numpy's floats and integers too. ``TypeError`` for a bool or
    anything else that is no real number; ``error`` for a NaN, an infinity or a value not
    above the bound. ``what`` names the kind of number in messages."""
    if isinstance(value, BOOLS) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be {what}, not {type(value).__name__} ({value!r})")
    try:
        number = float(value)
    except OverflowError:                   # an int beyond the floats: no finite number
        number = math.inf
    if not math.isfinite(number) or (above is not None and not number > above):
        bound = "" if above is None else f" > {above:g}"
        raise error(f"{name} must be a finite {what.removeprefix('a ')}{bound}, not {value!r}")
    return number


def check_seconds(value: Any, name: str) -> float:
    """A time limit: a finite number of seconds > 0."""
    return check_real(value, name, 0, "a number of seconds")


def check_threads(value: Any, units: int) -> int:
    """``threads=``: at least 1, and capped (silently: the results do not depend on it) at the
    units of work there are and at the cores this process may run on, beyond which threads gain
    nothing."""
    threads = check_int(value, "threads", 1)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(threads, units, cores or 1))


def check_seed(value: Any, name: str = "seed") -> int:
    """A 64-bit seed: an integer in 0..2**64-1."""
    return check_int(value, name, 0, 2 ** 64 - 1)


def check_bool(value: Any, name: str) -> bool:
    """``value`` if it is a ``bool`` (numpy's ``bool_`` too); ``TypeError`` otherwise: a flag
    given as 0, 1 or a string is a mistake, not a truth value."""
    if isinstance(value, BOOLS):
        return bool(value)
    raise TypeError(f"{name} must be True or False, not {value!r}")


def check_choice(value: Any, name: str, choices: tuple[str, ...]) -> str:
    """``value`` as a plain ``str`` if it is one of the strings ``choices``; ``TypeError`` for
    anything that is no string, ``ValueError`` for another string."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be one of {choices}, not {type(value).__name__} ({value!r})")
    if value not in choices:
        raise ValueError(f"{name} must be one of {choices}, not {value!r}")
    return str(value)


def describe_array(value: Any) -> str:
    """What an ``out`` argument is, for the message that refuses it."""
    if isinstance(value, np.ndarray):
        return f"an array of dtype {value.dtype} and shape {value.shape}" + (
            "" if value.flags.writeable else " (read-only)")
    return f"a {type(value).__name__}"
