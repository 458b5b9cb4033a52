"""``ddz-fast bench --plot PATH``: the charts of benchmark runs, with matplotlib (the optional
``plot`` extra). One run: how many times slower each peer engine is than ddz_fast on each figure
measured beside it, a log-scale bar chart per section. Several runs (``--history``): each
headline figure over the runs, in the order given (a point per run at its median, a bar from
its least to its greatest pass).
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Sequence
from typing import Any

from .runs import SECTIONS, Run


def pyplot() -> Any:
    """matplotlib.pyplot without a display, or a ValueError saying how to install it."""
    try:
        import matplotlib
    except ImportError:
        raise ValueError("--plot needs matplotlib: pip install 'ddz-fast[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def plot_peers(run: Run, path: str | os.PathLike[str]) -> None:
    """The peer comparison of `run`: a panel per section with peers, a group of bars per
    figure (one per peer), the bar's length how many times slower the peer is (log scale)."""
    plt = pyplot()
    panels = [(name, [f for f in figures if f.peers]) for name, figures in run.sections().items()]
    panels = [(name, figures) for name, figures in panels if figures]
    if not panels:
        raise ValueError("--plot: the run has no figure measured beside a peer engine "
                         "(pip install 'ddz-fast[peers]')")
    labels = list(dict.fromkeys(label for _, figures in panels for f in figures
                                for label in f.peers))
    heights = [len(figures) for _, figures in panels]
    fig, axes = plt.subplots(len(panels), 1, figsize=(8, 1.2 + 0.45 * sum(heights)),
                             gridspec_kw={"height_ratios": heights}, squeeze=False)
    bar = 0.8 / len(labels)
    for ax, (name, figures) in zip(axes[:, 0], panels):
        beside = [[label for label in labels if label in f.peers] for f in figures]
        for i, label in enumerate(labels):
            rows = [(y, f.slower(f.peers[label].median)) for y, f in enumerate(figures)
                    if label in f.peers]
            # the bars of a row centred on it, whichever peers it has
            ys = [y + (beside[y].index(label) - (len(beside[y]) - 1) / 2) * bar for y, _ in rows]
            bars = ax.barh(ys, [times for _, times in rows], height=bar, color=f"C{i}",
                           label=label)
            ax.bar_label(bars, [f"{times:,.0f}x" if times >= 10 else f"{times:.1f}x"
                                for _, times in rows], fontsize=7, padding=2)
        ax.set_xscale("log")
        ax.axvline(1, color="black", linewidth=0.8)
        ax.set_yticks(range(len(figures)), [f.table_row for f in figures], fontsize=8)
        ax.invert_yaxis()
        ax.set_title(SECTIONS.get(name, name), fontsize=9, loc="left")
        ax.tick_params(axis="x", labelsize=8)
    axes[-1, 0].set_xlabel("times slower than ddz_fast (log scale; 1 = as fast)", fontsize=8)
    fig.legend(*axes[0, 0].get_legend_handles_labels(), loc="lower center", ncol=len(labels),
               fontsize=8, frameon=False)
    fig.suptitle("The peers on ddz_fast's benchmark work\n"
                 + "\n".join(textwrap.wrap(run.describe(), 110)), fontsize=8)
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    fig.savefig(path, dpi=80, bbox_inches="tight")
    plt.close(fig)


def plot_history(runs: Sequence[Run], path: str | os.PathLike[str]) -> None:
    """Each headline figure of the runs, a panel each, over the runs in the order given."""
    plt = pyplot()
    from matplotlib.ticker import EngFormatter
    names = list(dict.fromkeys(f.name for run in runs for f in run.figures if f.headline))
    if not names:
        raise ValueError("--history: the runs have no headline figure")
    fig, axes = plt.subplots(len(names), 1, figsize=(8, 0.5 + 1.6 * len(names)), sharex=True,
                             squeeze=False)
    ticks = [f"{run.label}\n{run.date[:10]}" for run in runs]
    for ax, name in zip(axes[:, 0], names):
        points = [(x, f) for x, run in enumerate(runs) for f in run.figures if f.name == name]
        ax.errorbar([x for x, _ in points], [f.median for _, f in points],
                    yerr=[[f.median - f.low for _, f in points],
                          [f.high - f.median for _, f in points]],
                    marker="o", capsize=3)
        unit = points[0][1].unit
        ax.set_title(f"{name} ({unit}; {'higher' if points[0][1].higher_is_better else 'lower'}"
                     f" is better)", fontsize=8, loc="left")
        ax.set_ylim(bottom=0)
        ax.yaxis.set_major_formatter(EngFormatter(unit="s" if unit.startswith("s/") else ""))
        ax.tick_params(labelsize=7)
    axes[-1, 0].set_xticks(range(len(runs)), ticks, fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=80, bbox_inches="tight")
    plt.close(fig)
