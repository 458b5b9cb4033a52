"""Game speed of ddz_fast: random games through the Python API, native push/undo, copy().

    python bench/game.py [--games 3000] [--seed 0]
"""

import argparse
import platform
import random
import statistics
import time

import ddz_fast


def random_decisions(games, seed):
    """ns per decision and games/s: legal_bids()/legal_moves() then bid()/play() of a random
    legal choice, over whole games (deal included)."""
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        game = ddz_fast.Game(rng.getrandbits(64))
        while game.phase == "auction":
            bids = game.legal_bids()
            game.bid(bids[int(rng.random() * len(bids))])
            decisions += 1
        while game.phase == "play":
            moves = game.legal_moves()
            game.play(moves[int(rng.random() * len(moves))])
            decisions += 1
    seconds = time.perf_counter() - start
    return seconds / decisions * 1e9, games / seconds, decisions / games


def positions(count, seed):
    """Play-phase positions from random games, cut at a random point."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = ddz_fast.Game(rng.getrandbits(64))
        while game.phase == "auction":
            game.bid(rng.choice(game.legal_bids()))
        for _ in range(rng.randrange(40)):
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
            if game.phase != "play":
                break
        if game.phase == "play":
            out.append(game)
    return out


def push_undo_ns(games):
    """ns per native push + undo pair: perft(2) playing every leaf, minus perft(2) counting
    the leaves, over the leaves."""
    played = counted = leaves = 0.0
    for game in games:
        start = time.perf_counter()
        leaves += ddz_fast.perft(game, 2, bulk=False)
        played += time.perf_counter() - start
        start = time.perf_counter()
        ddz_fast.perft(game, 2)
        counted += time.perf_counter() - start
    return (played - counted) / leaves * 1e9


def copy_ns(games, stack):
    start = time.perf_counter()
    for game in games:
        game.copy(stack=stack)
    return (time.perf_counter() - start) / len(games) * 1e9


def median(run, repeat):
    return statistics.median(run() for _ in range(repeat))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"ddz_fast {ddz_fast.__version__} on {platform.machine()}, Python "
          f"{platform.python_version()}; medians of {args.repeat} runs")
    runs = [random_decisions(args.games, args.seed + i) for i in range(args.repeat)]
    ns, per_second, per_game = (statistics.median(r[i] for r in runs) for i in range(3))
    print(f"random games via the Python API: {ns:.0f} ns/decision, {per_second:,.0f} games/s, "
          f"{per_game:.1f} decisions/game")
    games = positions(args.games, args.seed)
    history = statistics.mean(len(g.history) for g in games)
    print(f"native push + undo: {median(lambda: push_undo_ns(games[:300]), args.repeat):.1f} ns/pair")
    print(f"copy(): {median(lambda: copy_ns(games, True), args.repeat):.0f} ns "
          f"(history of {history:.0f} actions on average); "
          f"copy(stack=False): {median(lambda: copy_ns(games, False), args.repeat):.0f} ns")


if __name__ == "__main__":
    main()
