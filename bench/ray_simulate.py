"""Ray's overhead on simulate: ddz_fast.distributed.simulate on this machine's cores against the
local simulate(threads=cores) on the same games, for several chunk sizes (the ray extra).

    python bench/ray_simulate.py [--games 2000000] [--chunks 20000 100000 500000] [--rounds 3]

One Ray instance (started once, not timed) serves every distributed run; a row is the median
games/s over the rounds, local and distributed alternating so that the machine's load hits
both alike. On N machines of c cores each the distributed rate can reach about N times this
machine's (the tasks share nothing; the driver only joins the chunks), as long as a chunk
takes well over Ray's per-task overhead (a few milliseconds): the table shows where that is.
"""

import argparse
import os
import statistics
import time

import ray

import ddz_fast
from ddz_fast import distributed


def rate(run, games):
    start = time.perf_counter()
    run()
    return games / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2_000_000)
    parser.add_argument("--chunks", type=int, nargs="+", default=[20_000, 100_000, 500_000])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    ray.init(num_cpus=cores, include_dashboard=False, log_to_driver=False)
    distributed.simulate(10_000, seed=0, chunk=1_000)      # the workers start and import
    local, remote = [], {chunk: [] for chunk in args.chunks}
    for _ in range(args.rounds):
        local.append(rate(lambda: ddz_fast.simulate(args.games, seed=1, threads=cores),
                          args.games))
        for chunk in args.chunks:
            remote[chunk].append(rate(lambda chunk=chunk: distributed.simulate(
                args.games, seed=1, chunk=chunk), args.games))
    ray.shutdown()
    base = statistics.median(local)
    print(f"{args.games:,} games, {cores} cores, median of {args.rounds} rounds")
    print(f"{f'simulate(threads={cores})':<44} {base:>12,.0f} games/s")
    for chunk, rates in remote.items():
        median = statistics.median(rates)
        name = f"distributed.simulate(chunk={chunk:,})"
        print(f"{name:<44} {median:>12,.0f} games/s  {median / base:.2f}x the local rate")


if __name__ == "__main__":
    main()
