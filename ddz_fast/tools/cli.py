"""The ``ddz-fast`` command (also ``python -m ddz_fast``): argparse and dispatch."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from typing import TextIO

from tqdm import tqdm

from ddz_fast import Game, add_rule_options, legal_moves, perft, rules_from_args, simulate

from . import bench
from .bench import plural

MAIN_DESCRIPTION = "ddz_fast: a fast and exact Dou Dizhu engine."


def int_in(low: int, high: int | None = None, bounds: str | None = None) -> Callable[[str], int]:
    """An argparse type: an integer in low..high (no upper bound when high is None), else a
    usage error naming the option and the value."""
    bounds = bounds or (f"in {low}..{high}" if high is not None else f">= {low}")

    def parse(text: str) -> int:
        try:
            value: int | None = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be an integer {bounds}, not {text!r}")
        return value
    return parse


POSITIVE = int_in(1)
NON_NEGATIVE = int_in(0)
SEED = int_in(0, 2 ** 64 - 1, bounds="in 0..2**64-1")
DEPTH = int_in(1, 64)


# --- moves ---------------------------------------------------------------------------------

def cmd_moves(args: argparse.Namespace, out: TextIO) -> None:
    moves = legal_moves(args.hand, args.prev, rules=rules_from_args(args))
    for move in moves:
        print(f"{str(move):<24} {move.kind}", file=out)
    on = f" on {moves.prev}" if moves.prev is not None else ""
    print(f"{plural(len(moves), 'move')} for {moves.hand}{on}", file=out)


# --- perft ---------------------------------------------------------------------------------

def perft_game(args: argparse.Namespace) -> Game:
    rules = rules_from_args(args)
    if args.hands:
        return Game.from_hands(args.hands, landlord=args.landlord, bid=args.bid, rules=rules)
    return bench.opening(args.seed, rules)


def cmd_perft(args: argparse.Namespace, out: TextIO) -> None:
    game = perft_game(args)
    print(f"{game}", file=out)
    if args.divide:
        start = time.perf_counter()
        counts = perft(game, args.depth, divide=True)
        seconds = time.perf_counter() - start
        for move, count in counts.items():
            print(f"{str(move):<24} {count:,}", file=out)
        nodes = sum(counts.values())
        print(f"perft({args.depth}) = {nodes:,} ({nodes / max(seconds, 1e-9) / 1e6:.1f} M nodes/s)",
              file=out)
        return
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        nodes = perft(game, depth)
        seconds = time.perf_counter() - start
        print(f"perft({depth}) = {nodes:,} in {seconds:.3f} s "
              f"({nodes / max(seconds, 1e-9) / 1e6:.1f} M nodes/s)", file=out)


# --- simulate ------------------------------------------------------------------------------

def cmd_simulate(args: argparse.Namespace, out: TextIO) -> None:
    rules = rules_from_args(args)
    if args.n == 0:
        print(simulate(0, seed=args.seed, rules=rules).summary(), file=out)
        return
    start = time.perf_counter()
    # disable=None: the bar draws only when stderr is a terminal, so logs and pipes get the
    # summary alone.
    with tqdm(total=args.n, unit=" games", unit_scale=True, file=sys.stderr,
              disable=None) as bar:
        result = simulate(args.n, seed=args.seed, rules=rules, threads=args.threads,
                          progress=lambda done, total: bar.update(done - bar.n))
    seconds = time.perf_counter() - start
    print(result.summary(), file=out)
    print(f"{args.n / max(seconds, 1e-9):,.0f} games/s on {plural(result.threads, 'thread')}, "
          f"seed {args.seed}", file=out)


# --- bench ---------------------------------------------------------------------------------

def cmd_bench(args: argparse.Namespace, out: TextIO) -> None:
    bench.report(out, deals=args.deals, games=args.games, simulate_games=args.simulate,
                 perft_deals=args.perft_deals, perft_depth=args.perft_depth, repeat=args.repeat,
                 seed=args.seed, peers=not args.no_peers)


# --- main ----------------------------------------------------------------------------------

def parser() -> argparse.ArgumentParser:
    # Every option's help ends with its default where it has one ("%(default)s").
    top = argparse.ArgumentParser(prog="ddz-fast", description=MAIN_DESCRIPTION)
    sub = top.add_subparsers(dest="command", required=True)

    def command(name: str, about: str,
                run: Callable[[argparse.Namespace, TextIO], None]) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=about, description=about)
        p.set_defaults(run=run)
        return p

    p = command("moves", "list the legal moves of a hand", cmd_moves)
    p.add_argument("hand", help="cards, e.g. 33344456BR")
    p.add_argument("--prev", help="the move to beat, e.g. 333+4 (default: a lead)")
    add_rule_options(p, stages=["play"])          # the auction plays no part in listing moves

    p = command("perft", "count the move tree of a position", cmd_perft)
    p.add_argument("--depth", type=DEPTH, default=3,
                   help="count perft(1) up to perft(DEPTH), 1..64 (default: %(default)s)")
    position = p.add_mutually_exclusive_group()
    position.add_argument("--seed", type=SEED, default=1,
                          help="the deal of this seed, the first bidder bidding 3 "
                               "(default: %(default)s)")
    position.add_argument("--hands", nargs=3, metavar="CARDS",
                          help="a set-up position instead of a deal: the hands of seats 0, 1, 2")
    p.add_argument("--landlord", type=int_in(0, 2), default=0,
                   help="with --hands: the landlord's seat, 0..2; the landlord leads "
                        "(default: %(default)s)")
    p.add_argument("--bid", type=int_in(1, 3), default=1,
                   help="with --hands: the landlord's winning bid, 1..3 (default: %(default)s)")
    p.add_argument("--divide", action="store_true",
                   help="perft(DEPTH) below each first action, instead of perft(1) up to "
                        "perft(DEPTH)")
    add_rule_options(p, stages=["play"])          # perft counts from the play phase

    p = command("simulate", "play random games natively", cmd_simulate)
    p.add_argument("-n", type=NON_NEGATIVE, default=100_000,
                   help="number of games (default: %(default)s)")
    p.add_argument("--threads", type=POSITIVE, default=1,
                   help="native threads; the games are the same for any number "
                        "(default: %(default)s)")
    p.add_argument("--seed", type=SEED, default=0,
                   help="game i depends only on the seed and i, 0..2**64-1 (default: %(default)s)")
    add_rule_options(p)

    p = command("bench", "the benchmark suite (about a minute)", cmd_bench)
    p.add_argument("--deals", type=POSITIVE, default=20_000,
                   help="positions for move generation (default: %(default)s)")
    p.add_argument("--games", type=POSITIVE, default=20_000,
                   help="random games through the Python API (default: %(default)s)")
    p.add_argument("--simulate", type=POSITIVE, default=2_000_000,
                   help="games for simulate() (default: %(default)s)")
    p.add_argument("--perft-deals", type=POSITIVE, default=10,
                   help="deals for the perft row (default: %(default)s)")
    p.add_argument("--perft-depth", type=DEPTH, default=6,
                   help="depth of the perft row, 1..64 (default: %(default)s)")
    p.add_argument("--repeat", type=POSITIVE, default=5,
                   help="timed passes (the median is shown) (default: %(default)s)")
    p.add_argument("--seed", type=SEED, default=0,
                   help="seed of the deals and games, 0..2**64-1 (default: %(default)s)")
    p.add_argument("--no-peers", action="store_true", help="skip the peer engines")
    return top


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    args = parser().parse_args(argv)
    out = out or sys.stdout
    try:
        args.run(args, out)
        out.flush()                 # a closed pipe shows here, not at the interpreter's exit
    except (ValueError, TypeError) as e:
        print(f"ddz-fast {args.command}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"ddz-fast {args.command}: interrupted", file=sys.stderr)
        return 130                  # 128 + SIGINT, as shells report a command stopped by Ctrl-C
    except BrokenPipeError:
        # The reader has gone (`ddz-fast moves ... | head -1`): stop without a word. Python
        # flushes stdout again at exit, so point it at devnull first. Exit 1, as Python itself
        # does on EPIPE: the output was cut short.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0
