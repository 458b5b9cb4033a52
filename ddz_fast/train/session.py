"""A training session, as ``ddz-fast train`` runs it: the trainer stepped for a budget with
progress lines, periodic win rates against a baseline, checkpoints, a log and a learning curve.

The files in ``out``: DouZero's checkpoint files (``<role>_weights_<frames>.ckpt`` and
``model.tar``, see ``Trainer.save``), ``log.csv`` (a row per progress line: seconds, frames,
decisions, games, decisions per second, each role's loss and mean return, and the win rates
in the rows of an evaluation) and ``curve.png`` (the losses and win rates over the frames;
needs matplotlib).
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

from ..evaluation import evaluate
from ..series import Player
from .curve import plot_curve
from .dmc import Learner, Settings, Trainer, write_log_row
from .network import ROLES
from .player import DouZeroPlayer

__all__ = ["Session", "baseline_win_rates"]

ROLE_LETTERS = {"landlord": "L", "landlord_up": "U", "landlord_down": "D"}


BASELINE = "rule"      # RLCard's rule-based player, the DouZero paper's baseline


def baseline_win_rates(player: Player, deals: int, seed: int) -> dict[str, float]:
    """The win rate of ``player`` as the landlord, and as both farmers, against the
    ``BASELINE`` player in the other seats, on the same ``deals`` deals of the douzero preset
    (seeded; ``evaluate`` with duplicate deals)."""
    e = evaluate(player, BASELINE, deals, seed=seed)
    assert e.swapped_farmers is not None            # (duplicate deals)
    return {"landlord": e.landlord.wp.value, "farmers": e.swapped_farmers.wp.value}


@dataclass
class Session:
    """A training session writing into ``out``; ``run()`` trains for the budget."""
    out: str
    seconds: float | None = None
    decisions: int | None = None
    settings: Settings = Settings()
    seed: int = 0
    report_every: float = 10.0          # seconds between progress lines
    evaluate_every: float = 300.0       # seconds between win-rate evaluations (0: at the end only)
    evaluate_deals: int = 200
    save_every: float = 1800.0          # seconds between checkpoints (DouZero: 30 minutes)
    resume: bool = False
    learner_thread: bool = True         # learn in a second thread (Trainer.train)
    ray: bool = False                   # actors on Ray (RayTrainer), at ray_address
    ray_address: str | None = None      # None: a local Ray instance
    actors: int | None = None           # Ray actors (None: the cluster's CPUs less one)

    def run(self, stream: TextIO) -> Learner:
        os.makedirs(self.out, exist_ok=True)
        trainer: Learner
        train: Callable[..., None]
        if self.ray:
            from .distributed import RayTrainer
            trainer = on_ray = RayTrainer(self.settings, seed=self.seed, actors=self.actors,
                                          address=self.ray_address)
            train = on_ray.train
        else:
            trainer = local = Trainer(self.settings, seed=self.seed)
            train = functools.partial(local.train, learner_thread=self.learner_thread)
        tar = os.path.join(self.out, "model.tar")
        if self.resume and os.path.exists(tar):
            trainer.resume(tar)
            print(f"resumed from {tar} at {trainer.frames:,} frames", file=stream)
        log = os.path.join(self.out, "log.csv")
        start = time.monotonic()
        state: dict[str, Any] = {"last_eval": start, "last_save": start, "decisions": 0,
                                 "time": start, "wp": {}}

        def report(t: Learner, final: bool) -> None:
            now = time.monotonic()
            rate = (t.decisions - state["decisions"]) / max(now - state["time"], 1e-9)
            state.update(decisions=t.decisions, time=now)
            evaluated = final or bool(self.evaluate_every and now - state["last_eval"] >= self.evaluate_every)
            if evaluated:
                state["wp"] = baseline_win_rates(DouZeroPlayer(**t.snapshot()), self.evaluate_deals,
                                                 self.seed + t.frames)
                state["last_eval"] = time.monotonic()
            losses = " ".join(f"{ROLE_LETTERS[r]} {t.losses[r]:.3f}" for r in ROLES)
            line = (f"{now - start:7.0f} s  frames {t.frames:>11,}  {rate:7,.0f} decisions/s  "
                    f"games {t.games:,}  loss {losses}")
            if state["wp"]:
                line += (f"  WP vs {BASELINE}: landlord "
                         f"{state['wp']['landlord']:.3f} farmers {state['wp']['farmers']:.3f}")
            print(line, file=stream, flush=True)
            row = {"seconds": round(now - start, 1), "frames": t.frames, "decisions": t.decisions,
                   "games": t.games, "decisions_per_second": round(rate, 1), **t.stats(),
                   "wp_landlord": state["wp"]["landlord"] if evaluated else "",
                   "wp_farmers": state["wp"]["farmers"] if evaluated else ""}
            write_log_row(log, row)
            if final or now - state["last_save"] >= self.save_every:
                t.save(self.out)
                state["last_save"] = now

        train(seconds=self.seconds, decisions=self.decisions, every=self.report_every, report=report)
        print(f"checkpoints: {self.out}/<role>_weights_{trainer.frames}.ckpt and model.tar",
              file=stream)
        curve = os.path.join(self.out, "curve.png")
        try:
            plot_curve(log, curve)
        except ImportError:
            print("no learning curve: matplotlib is missing (pip install 'ddz-fast[plot]')",
                  file=stream)
        else:
            print(f"wrote {curve}", file=stream)
        return trainer
