"""The benchmark suite: the measurements behind ``ddz-fast bench`` and the scripts in ``bench/``,
one module per section of the report that ``report()`` prints: movegen, actions, games,
throughput, adapters (the table's rows, each section with its note under the table) and solver.

Every figure is the median of several timed passes over the same seeded positions. Positions
come from real deals: the landlord's 20 cards lead, and the next seat's 17 cards answer a random
lead of the landlord (``positions.deal_positions``); ``positions.random_hands`` deals hands of one
size on their own.
"""

from __future__ import annotations

from typing import TextIO

from ddz_fast import build_info

from ..positions import deal_positions
from ..timing import machine, plural
from .actions import actions_section
from .adapters import adapters_section
from .games import games_section, peer_game_rates
from .movegen import movegen_section
from .solver import solver_report
from .table import print_table
from .throughput import throughput_section

__all__ = ["report"]


def report(out: TextIO, *, deals: int, games: int, simulate_games: int, perft_deals: int,
           perft_depth: int, repeat: int, seed: int, peers: bool, solver: bool = True,
           solve_deals: int = 10, resolver: bool = False) -> None:
    """Run the suite and print its table to `out` (``ddz-fast bench``); with ``peers``, the
    peer engines installed here run on the same positions and their move lists are compared
    with ddz_fast's."""
    from .. import peers as peer_module        # only the report needs the peer harness
    peer_engines = peer_module.installed() if peers else []
    print(f"ddz-fast bench: ddz_fast on {machine()}", file=out)
    kind = build_info()["build"]
    if kind != "release":
        print(f"A {kind.upper()} build, not a release one: these figures do not show its speed.",
              file=out)
    positions = deal_positions(deals, seed=seed)
    print(f"{plural(deals, 'seeded deal')}: the landlord's 20 cards lead; the next seat's "
          f"17 cards answer a random lead (single, pair, trio+kicker, chain, bomb or rocket). "
          f"Medians of {plural(repeat, 'pass', 'passes')}.", file=out)

    sections = [movegen_section(positions, peer_engines, repeat),
                actions_section(positions, peer_engines, repeat)]
    # the peers' own random games: the games' and the Tables' rows compare with them
    peer_games = peer_game_rates(peer_engines, games, seed)
    sections += [games_section(games, seed, repeat, peer_engines, peer_games),
                 throughput_section(simulate_games=simulate_games, perft_deals=perft_deals,
                                    perft_depth=perft_depth, seed=seed, repeat=repeat,
                                    peer_games=peer_games),
                 adapters_section(games, seed, repeat)]
    print_table(out, [row for section in sections for row in section.rows],
                [p.label for p in peer_engines])
    for section in sections:
        if section.note:
            print(f"\n{section.note}", file=out)

    if peers and not peer_engines:
        print("(no peer engine installed: pip install 'ddz-fast[peers]' to compare)", file=out)
    if peer_engines:
        limit = min(deals, 2000)
        print(f"\nThe peers' move lists against ddz_fast's under each peer's preset, as card sets "
              f"(one set may have several readings), over {limit:,} positions; what differs is "
              f"the peers' known bugs (README, Other engines):", file=out)
        for peer in peer_engines:
            for what, answers in (("leads", False), ("answers", True)):
                diff = peer_module.compare(peer, positions, answers, limit)
                print(f"  {peer.name} {what}: {diff.describe()}", file=out)
    if solver:
        solver_report(out, full_deals=solve_deals, seed=seed)
    if resolver:
        peer_module.resolver_report(out)
