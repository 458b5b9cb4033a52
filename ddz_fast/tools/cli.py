"""The ``ddz-fast`` command (also ``python -m ddz_fast``): argparse and dispatch."""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from tqdm import tqdm

from ddz_fast import (
    PASS, RANK_SYMBOLS, Game, Hand, Kind, Move, Rules, Simulation, Solver, __version__, build_info,
    legal_moves, perft, simulate,
)
from ddz_fast.cards import DECK_COUNTS
from ddz_fast.evaluation import PLAYERS, evaluate, seeded_deals
from ddz_fast.interop.douzero import read_eval_data, write_eval_data
from ddz_fast.series import Player
from ddz_fast.solver import MOVE_CHOICES, OBJECTIVES

from . import bench
from .bench import compare, plot
from .options import add_rule_options, rules_from_args
from .positions import opening
from .timing import CLOCKS, plural

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


def positive(what: str) -> Callable[[str], float]:
    """An argparse type: a finite number > 0, `what` naming it in the error."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = 0.0
        if not 0 < value < float("inf"):
            raise argparse.ArgumentTypeError(f"must be {what} > 0, not {text!r}")
        return value
    return parse


positive_seconds = positive("a number of seconds")
positive_number = positive("a number")


def percent(text: str) -> float:
    """An argparse type: a percentage >= 0."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a percentage >= 0, not {text!r}")
    return value


POSITIVE = int_in(1)
NON_NEGATIVE = int_in(0)
SEED = int_in(0, 2 ** 64 - 1, bounds="in 0..2**64-1")
DEPTH = int_in(1, 64)


def add_wild_ranks_option(parser: argparse.ArgumentParser, more: str = "") -> None:
    parser.add_argument("--wild-ranks", metavar="RANKS",
                        help="under wild-card rules (--wilds, --rules laizi or tiandi_laizi): the "
                             "wild ranks, one or two rank symbols, the first drawn first, e.g. 7 "
                             "or 7Q" + more)


# --- moves ---------------------------------------------------------------------------------

def cmd_moves(args: argparse.Namespace, out: TextIO) -> None:
    moves = legal_moves(args.hand, args.prev, rules=rules_from_args(args),
                        wild_ranks=args.wild_ranks)
    for move in moves:
        print(f"{str(move):<24} {move.kind}", file=out)
    on = f" on {moves.prev}" if moves.prev is not None else ""
    print(f"{plural(len(moves), 'move')} for {moves.hand}{on}", file=out)


# --- perft ---------------------------------------------------------------------------------

def perft_game(args: argparse.Namespace) -> Game:
    rules = rules_from_args(args)
    if args.hands:
        return Game.from_hands(args.hands, landlord=args.landlord, bid=args.bid, rules=rules,
                               wild_ranks=args.wild_ranks)
    return opening(args.seed, rules, args.wild_ranks)


LOCAL_RAY = "local"         # `--ray` with no address: a local Ray instance


def ray_address(args: argparse.Namespace) -> str | None:
    """The address of `--ray ADDRESS`; None for a plain `--ray` (a local instance)."""
    return None if args.ray == LOCAL_RAY else args.ray


def cmd_perft(args: argparse.Namespace, out: TextIO) -> None:
    game = perft_game(args)
    if args.ray is None:
        perft_counts(game, args, perft, out)
        return
    from .. import distributed
    with distributed.cluster(ray_address(args)):      # (one connection for every depth)
        perft_counts(game, args, distributed.perft, out)


def perft_counts(game: Game, args: argparse.Namespace, count: Callable[..., Any],
                 out: TextIO) -> None:
    print(f"{game}", file=out)
    if args.divide:
        start = time.perf_counter()
        counts = count(game, args.depth, divide=True)
        seconds = time.perf_counter() - start
        for move, count in counts.items():
            print(f"{str(move):<24} {count:,}", file=out)
        nodes = sum(counts.values())
        print(f"perft({args.depth}) = {nodes:,} ({nodes / max(seconds, 1e-9) / 1e6:.1f} M nodes/s)",
              file=out)
        return
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        nodes = count(game, depth)
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
        def progress(done: int, total: int) -> None:
            bar.update(done - bar.n)
        result: Simulation | Path
        if args.ray is None:
            result = simulate(args.n, seed=args.seed, rules=rules, threads=args.threads,
                              progress=progress)
            where = plural(result.threads, "thread")
        else:
            from .. import distributed
            result = distributed.simulate(args.n, seed=args.seed, rules=rules, chunk=args.chunk,
                                          address=ray_address(args), out=args.out,
                                          progress=progress)
            where = "Ray" if args.ray == LOCAL_RAY else f"Ray at {args.ray}"
    seconds = time.perf_counter() - start
    print(result.summary() if isinstance(result, Simulation)
          else f"{args.n:,} games written to {result}", file=out)
    print(f"{args.n / max(seconds, 1e-9):,.0f} games/s on {where}, seed {args.seed}", file=out)


# --- solve ---------------------------------------------------------------------------------

def solve_game(hands: list[str], to_move: int, last: str | None, bid: int, rules: Rules) -> Game:
    """The position of `ddz-fast solve`: seat 0 the landlord, `last` (if any) the move to
    beat, played by the seat before `to_move`; the cards in no hand are out of play."""
    n = len(hands)
    played = [""] * n
    plays = [0] * n
    trick = None
    bombs = 0
    if last is not None:
        move = Move.parse(last, rules=rules)
        if move == PASS:
            raise ValueError("--last pass: a pass is no move to beat; to have the seat to move "
                             "lead, leave --last out")
        seat = (to_move - 1) % n
        played[seat], plays[seat] = move.cards, 1
        trick = (move, seat)
        bombs = int(move.kind in (Kind.BOMB, Kind.ROCKET))
    held = [sum(counts) for counts in zip(*(Hand(h).counts for h in hands + played))]
    if any(h > f for h, f in zip(held, DECK_COUNTS)):
        raise ValueError("hands: more cards of a rank than the deck holds "
                         f"({' '.join(hands)}{' and --last ' + last if last else ''})")
    out = "".join(symbol * (f - h) for symbol, f, h in zip(RANK_SYMBOLS, DECK_COUNTS, held))
    return Game.from_position(phase="play", hands=tuple(hands), to_move=to_move, landlord=0,
                              bid=bid, played=tuple(played), plays=tuple(plays), bombs=bombs,
                              trick=trick, out=out, rules=rules)


def cmd_solve(args: argparse.Namespace, out: TextIO) -> None:
    hands = [args.landlord, args.farmer] + ([args.farmer2] if args.farmer2 is not None else [])
    if args.to_move >= len(hands):
        raise ValueError(f"--to-move must be a seat 0..{len(hands) - 1}, not {args.to_move}")
    game = solve_game(hands, args.to_move, args.last, args.bid, rules_from_args(args))
    solver = Solver(args.table_mb)
    start = time.perf_counter()
    solution = solver.solve(game, objective=args.objective, moves=args.moves,
                            max_nodes=args.max_nodes, time_limit=args.time_limit)
    print(game.position(), file=out)
    print(solution, file=out)
    if not solution.complete:
        return
    # the limits bound the whole command: the line, on the warm table, gets what the solve left
    nodes_left = None if args.max_nodes is None else args.max_nodes - solution.nodes
    seconds_left = (None if args.time_limit is None
                    else args.time_limit - (time.perf_counter() - start))
    if (nodes_left is not None and nodes_left < 1
            or seconds_left is not None and seconds_left <= 0):
        print("line: none (the solve used up the limits)", file=out)
        return
    line = solver.principal_line(game, objective=args.objective, max_nodes=nodes_left,
                                 time_limit=seconds_left)
    print(f"line: {line}", file=out)


# --- evaluate ------------------------------------------------------------------------------

def player_spec(text: str) -> str:
    """A player of ``ddz-fast evaluate``: a name of ``PLAYERS`` or a folder (``load_player``)."""
    if text in PLAYERS or os.path.isdir(text):
        return text
    raise argparse.ArgumentTypeError(f"{text!r} is neither a player ({', '.join(PLAYERS)}) nor "
                                     f"a folder of DouZero checkpoints")


def load_player(spec: str) -> Player | str:
    """A name of ``PLAYERS`` as it is; a folder as ``DouZeroPlayer.from_folder`` loads it."""
    if spec in PLAYERS:
        return spec
    try:
        from ddz_fast.train import DouZeroPlayer
    except ImportError as e:
        raise ValueError(f"{spec}: a DouZero checkpoint needs the train extra (torch): {e}") from None
    return DouZeroPlayer.from_folder(spec)


def cmd_evaluate(args: argparse.Namespace, out: TextIO) -> None:
    seed = secrets.randbits(64) if args.seed is None else args.seed
    rules = rules_from_args(args)
    deals: int | list[Game] = 1000 if args.deals is None else args.deals
    if args.eval_data:
        deals = read_eval_data(args.eval_data, rules=rules)[:args.deals]
    elif args.write_eval_data:
        deals = seeded_deals(1000 if args.deals is None else args.deals, seed, rules)  # evaluate's
    if args.write_eval_data:
        assert isinstance(deals, list)
        write_eval_data(deals, args.write_eval_data)
    landlord = load_player(args.landlord)
    farmers = [load_player(spec) for spec in args.farmers]
    games = (deals if isinstance(deals, int) else len(deals)) * (2 if args.duplicate else 1)
    with tqdm(total=games, unit=" games", file=sys.stderr, disable=None) as bar:
        def progress(done: int, total: int) -> None:
            bar.update(done - bar.n)
        both = farmers[0] if len(farmers) == 1 else farmers
        seeded_rules = rules if isinstance(deals, int) else None
        if args.ray is None:
            evaluation = evaluate(landlord, both, deals, seed=seed, rules=seeded_rules,
                                  duplicate=args.duplicate, threads=args.threads,
                                  progress=progress)
        else:
            from .. import distributed
            evaluation = distributed.evaluate(landlord, both, deals, seed=seed,
                                              rules=seeded_rules, duplicate=args.duplicate,
                                              address=ray_address(args), progress=progress)
    print(evaluation, file=out)
    if args.json:
        Path(args.json).write_text(json.dumps(evaluation.to_dict(), indent=1) + "\n",
                                   encoding="utf-8")
        print(f"wrote {args.json}", file=out)
    if args.write_eval_data:
        print(f"wrote {args.write_eval_data}", file=out)


# --- bench ---------------------------------------------------------------------------------

def cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    """Measure (or load, --from-json) a run, print it, then write and compare what the options
    ask; exit 1 when --fail-on-regression finds a regression."""
    if args.history:
        if not args.plot:
            raise ValueError("--history draws the history of runs: give --plot PATH")
        plot.plot_history([bench.Run.load(path) for path in args.history], args.plot)
        print(f"wrote {args.plot}", file=out)
        return 0
    base = bench.Run.load(args.compare) if args.compare else None     # a bad file fails early
    if args.from_json:
        run = bench.Run.load(args.from_json)
        print(run.describe(), file=out)
        bench.print_run(out, run)
    else:
        only = [name for name in args.only or bench.SECTIONS
                if not (args.no_solver and name == "solver")]
        settings = bench.Settings(
            deals=args.deals, games=args.games, simulate_games=args.simulate,
            perft_deals=args.perft_deals, perft_depth=args.perft_depth, repeat=args.repeat,
            seed=args.seed, peers=not args.no_peers, solve_deals=args.solve_deals,
            clock=args.clock, rounds=args.rounds)
        run = bench.report(out, settings, only, resolver=args.resolver)
    for path, write in ((args.json, run.save),
                        (args.markdown, lambda p: Path(p).write_text(bench.markdown(run),
                                                                     encoding="utf-8")),
                        (args.plot, lambda p: plot.plot_peers(run, p))):
        if path:
            write(path)
            print(f"wrote {path}", file=out)
    if base is None:
        return 0
    changes = compare.print_comparison(out, base, run, args.tolerance)
    if args.fail_on_regression is not None:
        worse = [c for c in changes if c.regression(args.fail_on_regression)]
        if worse:
            print(f"{plural(len(worse), 'figure')} slower by more than "
                  f"{args.fail_on_regression:g}%: {'; '.join(c.new.name for c in worse)}",
                  file=out)
            return 1
    return 0


# --- train ---------------------------------------------------------------------------------

DOUZERO_FLAGS = ("epsilon", "batch_size", "unroll_length", "learning_rate", "num_buffers")


def cmd_train(args: argparse.Namespace, out: TextIO) -> None:
    """DouZero's Deep Monte-Carlo over Tables (the train extra: torch)."""
    try:
        import torch

        from ddz_fast.train.dmc import Settings
        from ddz_fast.train.session import Session
    except ImportError as e:
        raise ValueError(str(e)) from None
    torch.set_num_threads(args.torch_threads)
    seconds = args.hours * 3600 if args.hours is not None else None
    if seconds is None and args.steps is None:
        raise ValueError("give a budget: --hours H, --steps N or both")
    given = {name: getattr(args, name) for name in DOUZERO_FLAGS if getattr(args, name) is not None}
    settings = Settings(objective=args.objective, tables=args.tables, **given)
    session = Session(out=args.out, seconds=seconds, decisions=args.steps, settings=settings,
                      seed=args.seed, report_every=args.report_every,
                      evaluate_every=args.evaluate_every * 60, evaluate_deals=args.evaluate_deals,
                      save_every=args.save_every * 60, resume=args.resume,
                      learner_thread=args.learner_thread, ray=args.ray is not None,
                      ray_address=ray_address(args), actors=args.actors)
    where = "" if args.ray is None else (
        f", actors on {'a local Ray instance' if args.ray == LOCAL_RAY else f'Ray at {args.ray}'}")
    tables = (f"{settings.tables} tables" if args.ray is None else
              f"{settings.tables} tables an actor")
    print(f"training into {args.out}: {tables}{where}, objective {settings.objective}, "
          f"batches of {settings.batch_size} x {settings.unroll_length} decisions, learning rate "
          f"{settings.learning_rate:g}, epsilon {settings.epsilon:g}, seed {args.seed}, "
          f"{args.torch_threads} torch thread(s)", file=out)
    session.run(out)


def add_train_parser(command: Callable[..., argparse.ArgumentParser]) -> None:
    p = command("train", "train a DouZero agent by Deep Monte-Carlo (pip install 'ddz-fast[train]')",
                cmd_train)
    p.add_argument("--out", required=True, metavar="DIR",
                   help="the folder of the checkpoints (DouZero's files), log.csv and curve.png")
    p.add_argument("--hours", type=positive_number, default=None,
                   help="train this long (default: until --steps)")
    p.add_argument("--steps", type=POSITIVE, default=None,
                   help="stop after this many decisions played (default: until --hours)")
    p.add_argument("--tables", type=POSITIVE, default=64,
                   help="games stepped together by the actors (default: %(default)s)")
    p.add_argument("--seed", type=SEED, default=0,
                   help="seed of the deals, the networks and the exploration (default: %(default)s)")
    p.add_argument("--objective", choices=("adp", "wp", "logadp"), default="adp",
                   help="DouZero's reward: +-2**bombs, +-1 or +-(bombs + 1) (default: %(default)s)")
    # DouZero's own flags (douzero/dmc/arguments.py). Their defaults are Settings' (DouZero's),
    # which the parser cannot import without torch: an option left out is not passed.
    p.add_argument("--epsilon", type=float, default=None,
                   help="the actors' exploration: a uniformly drawn action with this "
                        "probability, DouZero's exp_epsilon (default: 0.01)")
    p.add_argument("--batch-size", type=POSITIVE, default=None,
                   help="unrolls in a learner batch (default: 32)")
    p.add_argument("--unroll-length", type=POSITIVE, default=None,
                   help="decisions in an unroll: a batch is batch-size x unroll-length decisions "
                        "of one role (default: 100)")
    p.add_argument("--learning-rate", type=positive_number, default=None,
                   help="RMSprop's learning rate (default: 0.0001)")
    p.add_argument("--num-buffers", type=POSITIVE, default=None,
                   help="with the learner thread, the actors wait while a role has num-buffers x "
                        "unroll-length decisions not learned from (default: 50)")
    p.add_argument("--torch-threads", type=POSITIVE, default=1,
                   help="torch's threads; on a machine other work keeps busy, 1 is faster "
                        "(default: %(default)s)")
    p.add_argument("--report-every", type=positive_number, default=10.0, metavar="SECONDS",
                   help="seconds between progress lines (default: %(default)s)")
    p.add_argument("--evaluate-every", type=positive_number, default=10.0, metavar="MINUTES",
                   help="minutes between win rates against the baseline (and at the end) "
                        "(default: %(default)s)")
    p.add_argument("--evaluate-deals", type=POSITIVE, default=100,
                   help="deals of each win rate, as the landlord and as the farmers "
                        "(default: %(default)s)")
    p.add_argument("--save-every", type=positive_number, default=30.0, metavar="MINUTES",
                   help="minutes between checkpoints (and at the end) (default: %(default)s)")
    p.add_argument("--learner-thread", action=argparse.BooleanOptionalAction, default=True,
                   help="learn in a second thread while the actors play (two cores busy); "
                        "--no-learner-thread takes turns in one, a run then repeatable from "
                        "its seed (default: on)")
    p.add_argument("--resume", action="store_true",
                   help="start from DIR/model.tar (networks, optimizers, frames) if it exists")
    add_ray_option(p, "the actors, each its own tables; this process learns")
    p.add_argument("--actors", type=POSITIVE, default=None,
                   help="with --ray, the Ray actors (default: the cluster's CPUs less one)")


# --- main ----------------------------------------------------------------------------------

def version() -> str:
    """What ``ddz-fast --version`` prints after the name: the version and the installed build,
    e.g. ``0.1.0 (release build)`` or ``0.1.0 (sanitizer build: address,undefined)``."""
    info = build_info()
    build = f"{info['build']} build"
    if info["sanitize"]:
        build += f": {info['sanitize']}"
    if info["native"]:
        build += ", -march=native"
    return f"{__version__} ({build})"


def parser() -> argparse.ArgumentParser:
    # Every option's help ends with its default where it has one ("%(default)s").
    top = argparse.ArgumentParser(prog="ddz-fast", description=MAIN_DESCRIPTION)
    top.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    # not required: main prints the whole help when the command is missing
    sub = top.add_subparsers(dest="command")

    def command(name: str, about: str,
                run: Callable[[argparse.Namespace, TextIO], int | None]) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=about, description=about)
        p.set_defaults(run=run)
        return p

    p = command("moves", "list the legal moves of a hand", cmd_moves)
    p.add_argument("hand", help="cards, e.g. 33344456BR")
    p.add_argument("--prev", help="the move to beat, e.g. 333+4 (default: a lead)")
    add_wild_ranks_option(p)
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
    add_wild_ranks_option(p, "; with --seed, instead of those the deal draws")
    p.add_argument("--divide", action="store_true",
                   help="perft(DEPTH) below each first action, instead of perft(1) up to "
                        "perft(DEPTH)")
    add_ray_option(p, "one task a first action")
    add_rule_options(p, stages=["play"])          # perft counts from the play phase

    p = command("simulate", "play random games natively", cmd_simulate)
    p.add_argument("-n", type=NON_NEGATIVE, default=100_000,
                   help="number of games (default: %(default)s)")
    p.add_argument("--threads", type=POSITIVE, default=1,
                   help="native threads; the games are the same for any number "
                        "(default: %(default)s)")
    p.add_argument("--seed", type=SEED, default=0,
                   help="game i depends only on the seed and i, 0..2**64-1 (default: %(default)s)")
    add_ray_option(p, "a task a chunk of games; the same games")
    p.add_argument("--chunk", type=POSITIVE, default=100_000,
                   help="with --ray: games a task (default: %(default)s)")
    p.add_argument("--out", metavar="PATH",
                   help="with --ray: write the games to PATH (.parquet or .npy) as they come")
    add_rule_options(p)

    p = command("solve", "solve an open-hand position exactly", cmd_solve)
    p.add_argument("landlord", help="the landlord's cards (seat 0), e.g. 2QQTT775533")
    p.add_argument("farmer", help="the farmer's cards (seat 1)")
    p.add_argument("farmer2", nargs="?", help="the second farmer's cards (seat 2), if any")
    p.add_argument("--to-move", type=int_in(0, 2), default=0,
                   help="the seat to move, 0..2; 0 is the landlord (default: %(default)s)")
    p.add_argument("--last", metavar="MOVE",
                   help="the move to beat, played by the seat before the one to move "
                        "(default: the seat to move leads)")
    p.add_argument("--objective", choices=OBJECTIVES, default="win",
                   help="who wins, or the landlord's best score (default: %(default)s)")
    p.add_argument("--moves", choices=MOVE_CHOICES, default="all",
                   help="list every winning (best) first move, the first one found, or every "
                        "one and what each legal move leads to (default: %(default)s)")
    p.add_argument("--bid", type=int_in(1, 3), default=1,
                   help="the landlord's winning bid, for the score (default: %(default)s)")
    p.add_argument("--max-nodes", type=POSITIVE, default=None,
                   help="stop after this many nodes, the solve and the line together "
                        "(default: no limit)")
    p.add_argument("--time-limit", type=positive_seconds, default=None,
                   help="stop after this many seconds, the solve and the line together "
                        "(default: no limit)")
    p.add_argument("--table-mb", type=int_in(1, 65536), default=64,
                   help="transposition table size in MB (default: %(default)s)")
    add_rule_options(p, stages=["play"])

    p = command("evaluate", "play two players against each other: WP and ADP per side, as "
                "DouZero's evaluation reports them", cmd_evaluate)
    players = (f"{', '.join(PLAYERS)}, or a folder of DouZero checkpoints (what ddz-fast train "
               f"writes, or DouZero's baselines: the train extra)")
    p.add_argument("--landlord", type=player_spec, required=True, metavar="PLAYER",
                   help=f"the landlord's player: {players}")
    p.add_argument("--farmers", type=player_spec, nargs="+", required=True, metavar="PLAYER",
                   help="the farmers' player, or two (the seat after the landlord's first; "
                        "then give --no-duplicate)")
    p.add_argument("--deals", type=POSITIVE, default=None,
                   help="the number of deals (default: 1000, or every deal of --eval-data)")
    p.add_argument("--seed", type=SEED, default=None,
                   help="deal i and the players' random choices depend only on the seed, "
                        "0..2**64-1 (default: a random seed, printed)")
    p.add_argument("--no-duplicate", dest="duplicate", action="store_false",
                   help="play each deal once, not twice with the sides swapped")
    p.add_argument("--threads", type=POSITIVE, default=1,
                   help="threads playing units of deals at once; the results are the same for "
                        "any number (default: %(default)s)")
    p.add_argument("--eval-data", metavar="FILE",
                   help="the deals of a DouZero evaluation-data pickle (its generate_eval_data.py "
                        "writes them) instead of seeded deals; only plain data is loaded")
    p.add_argument("--write-eval-data", metavar="FILE",
                   help="write the deals evaluated as DouZero evaluation data, for DouZero's own "
                        "evaluate.py")
    p.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    add_ray_option(p, "a task a unit of deals, its players made there; the same figures")
    add_rule_options(p, stages=["play"])           # no auction: the landlord is seat 0
    p.set_defaults(rules="douzero")

    p = command("bench", "the benchmark suite (about five minutes)", cmd_bench)
    defaults = bench.Settings()
    p.add_argument("--deals", type=POSITIVE, default=defaults.deals,
                   help="positions for move generation (default: %(default)s)")
    p.add_argument("--games", type=POSITIVE, default=defaults.games,
                   help="random games through the Python API (default: %(default)s)")
    p.add_argument("--simulate", type=POSITIVE, default=defaults.simulate_games,
                   help="games for simulate() (default: %(default)s)")
    p.add_argument("--perft-deals", type=POSITIVE, default=defaults.perft_deals,
                   help="deals for the perft row (default: %(default)s)")
    p.add_argument("--perft-depth", type=DEPTH, default=defaults.perft_depth,
                   help="depth of the perft row, 1..64 (default: %(default)s)")
    p.add_argument("--repeat", type=POSITIVE, default=defaults.repeat,
                   help="timed passes of each figure (the median is shown, the least and "
                        "greatest pass are its spread) (default: %(default)s)")
    p.add_argument("--seed", type=SEED, default=defaults.seed,
                   help="seed of the deals and games, 0..2**64-1 (default: %(default)s)")
    p.add_argument("--no-peers", action="store_true", help="skip the peer engines")
    p.add_argument("--no-solver", action="store_true", help="skip the solver's section")
    p.add_argument("--clock", choices=list(CLOCKS), default=defaults.clock,
                   help="time with the wall clock, or with the CPU time of this process (all its "
                        "threads: a figure on 2 threads shows their work, not the speed-up), "
                        "which the machine's other load hardly changes (default: %(default)s)")
    p.add_argument("--rounds", type=POSITIVE, default=defaults.rounds,
                   help="run the sections this many times in turn, --repeat passes of each "
                        "figure a round: a figure's spread then spans the whole run, and the "
                        "machine's load changing over minutes (for --compare on a shared "
                        "machine: --rounds 5 --repeat 1) (default: %(default)s)")
    p.add_argument("--only", action="append", choices=list(bench.SECTIONS), metavar="SECTION",
                   help="run this section only (again for several): "
                        f"{', '.join(bench.SECTIONS)} (default: every section)")
    p.add_argument("--json", metavar="PATH",
                   help="save the run: each figure's median, spread and passes, and the "
                        "machine, Python, numpy, build, version and git commit")
    p.add_argument("--markdown", metavar="PATH", help="write the run's tables as Markdown")
    p.add_argument("--plot", metavar="PATH",
                   help="draw how much slower each peer engine is, a log-scale bar chart per "
                        "section (.png or .svg; pip install 'ddz-fast[plot]')")
    p.add_argument("--history", nargs="+", metavar="RUN",
                   help="with --plot: draw each headline figure over these saved runs (--json "
                        "files, oldest first) instead of running the bench")
    p.add_argument("--from-json", metavar="RUN",
                   help="print (and write, compare) a saved run instead of measuring")
    p.add_argument("--compare", metavar="BASE",
                   help="compare each figure with a saved run (--json): the ratio, flagged "
                        "where every pass of one run is worse than every pass of the other by "
                        "more than the tolerance")
    p.add_argument("--tolerance", type=percent, default=compare.TOLERANCE, metavar="PCT",
                   help="with --compare: the gap in percent between the two runs' passes "
                        "beyond which a figure is flagged (default: %(default)s)")
    p.add_argument("--fail-on-regression", type=percent, metavar="PCT",
                   help="with --compare: exit 1 if a flagged figure is slower by more than PCT "
                        "percent")
    p.add_argument("--solve-deals", type=NON_NEGATIVE, default=defaults.solve_deals,
                   help="full open-hand deals for the solver, up to 10 s each "
                        "(default: %(default)s)")
    p.add_argument("--resolver", action="store_true",
                   help="also time doudizhu-resolver on two-seat puzzles, up to a minute each "
                        "(pip install doudizhu-resolver==0.1.2)")
    add_train_parser(command)
    return top


def add_ray_option(p: argparse.ArgumentParser, how: str) -> None:
    p.add_argument("--ray", nargs="?", const=LOCAL_RAY, metavar="ADDRESS",
                   help=f"run on a Ray cluster ({how}; pip install 'ddz-fast[ray]'): the one "
                        f"at ADDRESS (e.g. auto, host:6379), or without one a local instance")


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    top = parser()
    args = top.parse_args(argv)
    if args.command == "simulate" and args.ray is None and args.out is not None:
        top.error("simulate: --out needs --ray (without it the games stay in memory)")
    if args.command == "train" and args.ray is None and args.actors is not None:
        top.error("train: --actors needs --ray (without it one actor plays in this process)")
    if args.command == "train" and args.ray is not None and not args.learner_thread:
        top.error("train: --no-learner-thread does not apply with --ray (this process learns, "
                  "the actors play elsewhere)")
    if args.command is None:
        # No command: the help says what there is, on stderr with argparse's usage error
        # status (2), as the command line was incomplete.
        top.print_help(sys.stderr)
        top.exit(2)
    out = out or sys.stdout
    try:
        code = args.run(args, out) or 0
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
    return code
