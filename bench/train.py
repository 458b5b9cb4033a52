"""Training throughput: ddz_fast.train's Deep Monte-Carlo beside DouZero's own actor loop, in
the same run, on one torch thread each (pip install 'ddz-fast[train]' and
pip install --no-deps douzero==1.1.0).

    python bench/train.py [--decisions 20000] [--douzero-decisions 3000] [--rounds 3] [--tables 64]

Rows, each the median of the rounds (taken in turn, so the machine's load changing over
minutes falls on every row alike):
- ddz_fast actors: decisions per second of ``Trainer.step_with(Trainer.choose())`` (the
  networks score every legal action of every table, epsilon-greedy, the Tables step, the
  decisions kept), no learning;
- ddz_fast training: decisions per second of ``Trainer.step()`` from a fresh trainer, learner
  steps included (each decision is learned from once: frames per second in DouZero's sense,
  once the first batches are full);
- DouZero actor: decisions per second of the loop of ``douzero.dmc.utils.act`` (its Env
  through its ``Environment`` wrapper, ``Model.forward`` with ``exp_epsilon`` 0.01 on
  ``z_batch`` and ``x_batch``, ``_cards2tensor`` of the action), without the shared-memory
  queues. DouZero's learner is the same network on batches of the same size as ours.
"""

import argparse
import statistics
import time
from types import SimpleNamespace

import numpy as np
import torch

from ddz_fast.tools import timing
from ddz_fast.tools.peers import douzero_dmc
from ddz_fast.train.dmc import Settings, Trainer


def ours_acting(decisions, tables, seed):
    trainer = Trainer(Settings(tables=tables), seed=seed)
    start = time.perf_counter()
    while trainer.decisions < decisions:
        trainer.step_with(trainer.choose())
    return trainer.decisions / (time.perf_counter() - start)


def ours_training(decisions, tables, seed):
    trainer = Trainer(Settings(tables=tables), seed=seed)
    start = time.perf_counter()
    while trainer.decisions < decisions:
        trainer.step()
    return trainer.decisions / (time.perf_counter() - start), trainer.frames


def douzero_acting(decisions, seed):
    from douzero.env import Env
    utils, env_utils, models = (douzero_dmc(name) for name in ("utils", "env_utils", "models"))
    np.random.seed(seed)
    torch.manual_seed(seed)
    flags = SimpleNamespace(exp_epsilon=0.01)
    model = models.Model(device="cpu")
    model.eval()
    env = env_utils.Environment(Env("adp"), "cpu")
    position, obs, _ = env.initial()
    start = time.perf_counter()
    for _ in range(decisions):
        with torch.no_grad():
            output = model.forward(position, obs["z_batch"], obs["x_batch"], flags=flags)
        action = obs["legal_actions"][int(output["action"].cpu().detach().numpy())]
        utils._cards2tensor(action)
        position, obs, _ = env.step(action)
    return decisions / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=20000,
                        help="of ddz_fast's rows (the learner steps once a role has 3,200)")
    parser.add_argument("--douzero-decisions", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(1)
    print(f"torch {torch.__version__}, 1 thread, on {timing.machine()}; {args.decisions} decisions "
          f"(DouZero {args.douzero_decisions}) a round, medians of {args.rounds} rounds")
    rows = {"ddz_fast actors": [], "ddz_fast training": [], "DouZero actor": []}
    for r in range(args.rounds):
        rows["ddz_fast actors"].append(ours_acting(args.decisions, args.tables, args.seed + r))
        rate, frames = ours_training(args.decisions, args.tables, args.seed + r)
        rows["ddz_fast training"].append(rate)
        rows["DouZero actor"].append(douzero_acting(args.douzero_decisions, args.seed + r))
        print(f"round {r + 1}: " + ", ".join(f"{k} {v[-1]:,.0f}/s" for k, v in rows.items())
              + f" (training learned {frames:,} frames)", flush=True)
    medians = {k: statistics.median(v) for k, v in rows.items()}
    for name, value in medians.items():
        print(f"{name:<20} {value:9,.0f} decisions/s")
    print(f"ratio ddz_fast actors / DouZero actor: {medians['ddz_fast actors'] / medians['DouZero actor']:.1f}x; "
          f"ddz_fast training / DouZero actor: {medians['ddz_fast training'] / medians['DouZero actor']:.1f}x")


if __name__ == "__main__":
    main()
