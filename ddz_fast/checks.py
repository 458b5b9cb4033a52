"""Argument checks shared by the Python-facing functions."""


def int_in_range(value, name, low, high=None):
    """`value` if it is an int (not a bool) in low..high (no upper bound when high is None);
    ValueError naming `name` otherwise."""
    if (not isinstance(value, int) or isinstance(value, bool) or value < low
            or (high is not None and value > high)):
        bounds = f"{low}..{high}" if high is not None else f">= {low}"
        raise ValueError(f"{name} must be an int {bounds}, not {value!r}")
    return value
