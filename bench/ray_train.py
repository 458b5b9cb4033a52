"""Deep Monte-Carlo with Ray actors beside the trainer of one process, in the same run (pip
install 'ddz-fast[train,ray]'):

    python bench/ray_train.py [--decisions 30000] [--rounds 3] [--tables 64] [--actors 1 2]

Rows, each the median of the rounds (taken in turn), decisions played and frames learned from
per second of a fresh trainer's ``train(decisions=...)`` under DouZero's settings:
- ``Trainer``, its learner in a second thread (``ddz-fast train``'s default);
- ``RayTrainer`` with 1, 2... actors on one local Ray instance of this machine's cores
  (started once, outside the timings), the learner in this process;
- the learner alone: frames per second of its steps on decisions played beforehand (the
  most that one learner takes in, however many actors feed it).
torch runs one thread in every process.
"""

import argparse
import os
import statistics
import time

import ray
import torch

from ddz_fast.train.distributed import RayTrainer
from ddz_fast.train.dmc import Settings, Trainer


def rates(trainer, decisions, **kwargs):
    start = time.perf_counter()
    trainer.train(decisions=decisions, **kwargs)
    seconds = time.perf_counter() - start
    return trainer.decisions / seconds, trainer.frames / seconds


def learner_alone(settings, seed, batches=2):
    """Frames/s of learner steps on ``batches`` full batches of each role, played untimed."""
    trainer = Trainer(settings, seed=seed)
    while min(len(queue) for queue in trainer.queues.values()) < batches * settings.frames_per_batch:
        trainer.step_with(trainer.choose())
    start = time.perf_counter()
    trainer.learn_full_batches()
    return None, trainer.frames / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=30000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument("--actors", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    torch.set_num_threads(1)
    ray.init(num_cpus=os.cpu_count(), include_dashboard=False, log_to_driver=False)
    settings = Settings(tables=args.tables)
    rows = {"Trainer (learner thread)": lambda seed: rates(
        Trainer(settings, seed=seed), args.decisions, learner_thread=True)}
    for n in args.actors:
        rows[f"RayTrainer, {n} actor(s)"] = lambda seed, n=n: rates(
            RayTrainer(settings, seed=seed, actors=n), args.decisions)
    rows["the learner alone"] = lambda seed: learner_alone(settings, seed)
    seen = {name: [] for name in rows}
    for seed in range(args.rounds):
        for name, run in rows.items():
            seen[name].append(run(seed))
    print(f"{args.decisions:,} decisions, {args.tables} tables an actor, {os.cpu_count()} CPUs, "
          f"medians of {args.rounds}")
    print("| loop | decisions/s | frames/s |\n|---|---|---|")
    for name, values in seen.items():
        played = "" if values[0][0] is None else f"{statistics.median(v[0] for v in values):,.0f}"
        learned = statistics.median(v[1] for v in values)
        print(f"| {name} | {played} | {learned:,.0f} |")


if __name__ == "__main__":
    main()
