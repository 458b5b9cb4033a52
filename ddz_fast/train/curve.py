"""The learning curve of a session's ``log.csv`` (matplotlib: the ``plot`` extra)."""

from __future__ import annotations

import csv
import os

from .network import ROLES

__all__ = ["plot_curve"]


def plot_curve(log: str | os.PathLike[str], path: str | os.PathLike[str]) -> None:
    """Draw each role's loss and the win rates against the baseline over the frames;
    ``ImportError`` without matplotlib."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    with open(log, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    frames = [int(r["frames"]) for r in rows]
    figure, (losses, rates) = plt.subplots(2, 1, sharex=True, figsize=(8, 6))
    for role in ROLES:
        points = [(x, float(r[f"loss_{role}"])) for x, r in zip(frames, rows) if r[f"loss_{role}"] != "nan"]
        losses.plot([p[0] for p in points], [p[1] for p in points], label=role)
    losses.set_ylabel("loss (mean squared error)")
    losses.legend()
    for key, label in (("wp_landlord", "as the landlord"), ("wp_farmers", "as the farmers")):
        points = [(x, float(r[key])) for x, r in zip(frames, rows) if r[key]]
        rates.plot([p[0] for p in points], [p[1] for p in points], marker="o", label=label)
    rates.axhline(0.5, color="grey", linewidth=0.5)
    rates.set_ylim(0, 1)
    rates.set_ylabel("win rate vs the baseline")
    rates.set_xlabel("frames (decisions learned from)")
    rates.legend()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
