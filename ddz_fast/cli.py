"""The ``ddz-fast`` command (also ``python -m ddz_fast``)."""

import argparse
import os
import sys
import time

from tqdm import tqdm  # type: ignore[import-untyped]  # tqdm ships no type hints

from . import benchmark
from ._cards import DEBUG_BUILD
from ._game import Game
from ._moves import legal_moves
from ._perft import perft
from ._rules import AUCTIONS, Rules
from ._simulate import simulate

MAIN_DESCRIPTION = "ddz_fast: a fast and exact Dou Dizhu engine."


def plural(count, word, words=None):
    """'1 move', '2 moves' (`words` for an irregular plural)."""
    return f"{count:,} {word if count == 1 else words or word + 's'}"


def int_in(low, high=None, bounds=None):
    """An argparse type: an integer in low..high (no upper bound when high is None), else a
    usage error naming the option and the value."""
    bounds = bounds or (f"in {low}..{high}" if high is not None else f">= {low}")

    def parse(text):
        try:
            value = int(text)
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


def add_distinct_single_wings(parser):
    parser.add_argument("--distinct-single-wings", action="store_true",
                        help="variant: the single kickers of a plane must have different ranks")


# --- moves ---------------------------------------------------------------------------------

def cmd_moves(args, out):
    rules = Rules(distinct_single_wings=args.distinct_single_wings)   # the auction plays no part
    moves = legal_moves(args.hand, args.prev, rules=rules)
    for move in moves:
        print(f"{str(move):<24} {move.kind}", file=out)
    on = f" on {moves.prev}" if moves.prev is not None else ""
    print(f"{plural(len(moves), 'move')} for {moves.hand}{on}", file=out)


# --- perft ---------------------------------------------------------------------------------

def perft_game(args):
    # Perft counts from the play phase, so the auction variant plays no part.
    rules = Rules(distinct_single_wings=args.distinct_single_wings)
    if args.hands:
        return Game.from_hands(args.hands, landlord=args.landlord, bid=args.bid, rules=rules)
    game = Game(args.seed, rules=rules)
    game.bid(3)                      # the first bidder takes the deal at once and leads
    return game


def cmd_perft(args, out):
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

def cmd_simulate(args, out):
    rules = Rules(distinct_single_wings=args.distinct_single_wings, auction=args.auction)
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

def fmt_time(seconds):
    for unit, scale in (("s", 1), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds * 1e9:.3g} ns"


def fmt_rate(rate, unit):
    for suffix, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if rate >= scale:
            return f"{rate / scale:.3g} {suffix} {unit}/s"
    return f"{rate:.3g} {unit}/s"


def cmd_bench(args, out):
    from . import peers as peer_module
    peers = [] if args.no_peers else peer_module.installed()
    repeat = args.repeat
    print(f"ddz-fast bench: ddz_fast on {benchmark.machine()}", file=out)
    if DEBUG_BUILD:
        print("A DEBUG build (DDZ_DEBUG=1: -O0, checks on): these figures do not show its speed.",
              file=out)
    positions = benchmark.deal_positions(args.deals, seed=args.seed)
    print(f"{plural(args.deals, 'seeded deal')}: the landlord's 20 cards lead; the next seat's "
          f"17 cards answer a random lead (single, pair, trio+kicker, chain, bomb or rocket). "
          f"Medians of {plural(repeat, 'pass', 'passes')}.", file=out)
    rows = []      # (what, ddz_fast cell, {peer label: cell})

    def movegen_row(what, rate, peer_rates=None, per="hand"):
        cell = f"{rate.ns:.0f} ns/{per}, {fmt_rate(rate.moves_per_second, 'moves')} " \
               f"({rate.moves_per_item:.1f} moves)"
        peer_cells = {}
        for label, result in (peer_rates or {}).items():
            if result is not None:
                seconds, moves = result
                peer_cells[label] = (f"{fmt_time(seconds)}: {seconds / rate.seconds:,.0f}x slower "
                                     f"({moves:.1f} moves)")
        rows.append((what, cell, peer_cells))

    prev_array = positions.prev_array
    leads_batch = benchmark.batch_rate(positions.landlord_hands, None, repeat)
    leads_single = benchmark.single_rate(positions.landlord_hands, None, repeat)
    answers_batch = benchmark.batch_rate(positions.answer_hands, prev_array, repeat)
    answers_single = benchmark.single_rate(positions.answer_hands, positions.prevs, repeat)
    peer_leads = {p.label: p.leads(positions, repeat) for p in peers}
    peer_answers = {p.label: p.responses(positions, repeat) for p in peers}
    movegen_row("leads, batch (legal_moves_batch)", leads_batch)
    movegen_row("leads, one hand (legal_moves + len)", leads_single, peer_leads)
    movegen_row("responses, batch", answers_batch, per="position")
    movegen_row("responses, one position", answers_single, peer_answers, per="position")

    decision, games_per_second, per_game = benchmark.decision_rate(args.games, args.seed)
    peer_games = {}
    for peer in peers:
        rate = peer.random_game_rate(max(1, args.games // 4), args.seed)
        if rate is not None:
            peer_games[peer.label] = f"{rate:,.0f} games/s: {games_per_second / rate:,.1f}x slower"
    rows.append(("random games, Python API", f"{decision * 1e9:.0f} ns/decision "
                 f"({1 / decision / 1e6:.2f} M/s), {games_per_second:,.0f} games/s", peer_games))
    mid = benchmark.mid_game_positions(300, args.seed)
    rows.append(("push + undo, native", f"{benchmark.push_undo_seconds(mid, repeat) * 1e9:.1f} ns/pair", {}))
    copy = benchmark.copy_seconds(mid, repeat)
    rows.append(("copy() of a mid-game position", f"{copy * 1e9:.0f} ns", {}))
    for threads in (1, 2):
        rate = benchmark.simulate_rate(args.simulate, threads, args.seed)
        rows.append((f"simulate(), {plural(threads, 'thread')}", f"{rate:,.0f} games/s", {}))
    nodes_per_second, nodes = benchmark.perft_rate(
        benchmark.deal_positions(args.perft_deals, args.seed), args.perft_depth)
    rows.append((f"perft({args.perft_depth}) of {plural(args.perft_deals, 'deal')}",
                 f"{fmt_rate(nodes_per_second, 'nodes')} ({nodes:,} nodes)", {}))

    labels = [p.label for p in peers]
    header = ["what", "ddz_fast"] + labels
    table = [header] + [[what, cell] + [cells.get(label, "") for label in labels]
                        for what, cell, cells in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for i, row in enumerate(table):
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip(), file=out)
        if i == 0:
            print("  ".join("-" * w for w in widths), file=out)
    if not peers and not args.no_peers:
        print("(no peer engine installed: pip install 'ddz-fast[peers]' to compare)", file=out)
    if peers:
        limit = min(args.deals, 2000)
        print(f"\nThe peers' move lists against ddz_fast's, as card sets (one set may have several "
              f"readings), over {limit:,} positions:", file=out)
        for peer in peers:
            for what, answers in (("leads", False), ("answers", True)):
                diff = peer_module.compare(peer, positions, answers, limit)
                print(f"  {peer.name} {what}: {diff.describe()}", file=out)


# --- main ----------------------------------------------------------------------------------

def parser():
    # Every option's help ends with its default where it has one ("%(default)s").
    top = argparse.ArgumentParser(prog="ddz-fast", description=MAIN_DESCRIPTION)
    sub = top.add_subparsers(dest="command", required=True)

    def command(name, about, run):
        p = sub.add_parser(name, help=about, description=about)
        p.set_defaults(run=run)
        return p

    p = command("moves", "list the legal moves of a hand", cmd_moves)
    p.add_argument("hand", help="cards, e.g. 33344456BR")
    p.add_argument("--prev", help="the move to beat, e.g. 333+4 (default: a lead)")
    add_distinct_single_wings(p)

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
    add_distinct_single_wings(p)

    p = command("simulate", "play random games natively", cmd_simulate)
    p.add_argument("-n", type=NON_NEGATIVE, default=100_000,
                   help="number of games (default: %(default)s)")
    p.add_argument("--threads", type=POSITIVE, default=1,
                   help="native threads; the games are the same for any number "
                        "(default: %(default)s)")
    p.add_argument("--seed", type=SEED, default=0,
                   help="game i depends only on the seed and i, 0..2**64-1 (default: %(default)s)")
    add_distinct_single_wings(p)
    p.add_argument("--auction", choices=AUCTIONS, default="open",
                   help="auction variant: 'open' (players speak until a bid is followed by two "
                        "passes) or 'single_round' (every seat speaks once) (default: %(default)s)")

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


def main(argv=None, out=None):
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
