"""The benchmark suite: the measurements behind ``ddz-fast bench`` and the scripts in ``bench/``,
one module per section (``SECTIONS``): movegen, actions, games, throughput, adapters and solver.
Each section yields Figures (``figures.py``); the text table, the JSON run and the Markdown
table are renderings of them (``runs.py``, ``table.py``), and ``compare.py`` sets a run against a
saved one.

Every figure is the median of several timed passes over the same seeded work, with the least and
greatest pass as its spread. Positions come from real deals: the landlord's 20 cards lead, and
the next seat's 17 cards answer a random lead of the landlord (``positions.deal_positions``);
``positions.random_hands`` deals hands of one size on their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import cached_property
from typing import TYPE_CHECKING, TextIO

from ddz_fast import build_info

from ..positions import DealPositions, deal_positions
from ..timing import machine, plural, use_clock
from .actions import actions_section
from .adapters import adapters_section
from .figures import Figure, Section
from .games import games_section, peer_game_rates
from .movegen import movegen_section
from .runs import SECTIONS, Run, markdown, passes_words, print_run
from .solver import solver_section
from .throughput import throughput_section

if TYPE_CHECKING:
    from ..peers import Peer

__all__ = ["SECTIONS", "Bench", "Run", "Settings", "markdown", "print_run", "report"]

@dataclass(frozen=True)
class Settings:
    """The sizes of a run (``ddz-fast bench``'s options)."""

    deals: int = 20_000
    games: int = 20_000
    simulate_games: int = 2_000_000
    perft_deals: int = 10
    perft_depth: int = 6
    repeat: int = 5
    seed: int = 0
    peers: bool = True
    solve_deals: int = 10
    clock: str = "wall"         # of timing.CLOCKS
    rounds: int = 1             # the sections run this many times in turn


class Bench:
    """One run's shared work: the positions and the peers' random games, made when a section
    first needs them."""

    def __init__(self, settings: Settings) -> None:
        from .. import peers as peer_module        # only the bench needs the peer harness
        self.settings = settings
        self.peer_engines: list[Peer] = peer_module.installed() if settings.peers else []

    @cached_property
    def positions(self) -> DealPositions:
        return deal_positions(self.settings.deals, seed=self.settings.seed)

    @cached_property
    def peer_games(self) -> dict[Peer, tuple[float, float]]:
        """The peers' own random games: the games' and the Tables' figures compare with them."""
        return peer_game_rates(self.peer_engines, self.settings.games, self.settings.seed)

    def section(self, name: str, first: bool = True) -> Section:
        """Section `name` measured; after the `first` round, without the figures measured
        once (the solver's full deals and node counts)."""
        s = self.settings
        if name == "movegen":
            return movegen_section(self.positions, self.peer_engines, s.repeat)
        if name == "actions":
            return actions_section(self.positions, self.peer_engines, s.repeat)
        if name == "games":
            return games_section(s.games, s.seed, s.repeat, self.peer_engines, self.peer_games)
        if name == "throughput":
            return throughput_section(simulate_games=s.simulate_games, perft_deals=s.perft_deals,
                                      perft_depth=s.perft_depth, seed=s.seed, repeat=s.repeat,
                                      peer_games=self.peer_games)
        if name == "adapters":
            return adapters_section(s.games, s.seed, s.repeat)
        if name == "solver":
            return solver_section(full_deals=s.solve_deals, seed=s.seed, repeat=s.repeat,
                                  counts=first)
        raise ValueError(f"no bench section {name!r}: one of {', '.join(SECTIONS)}")


    def run(self, only: Sequence[str] = ()) -> Run:
        """Run the sections named in `only` (every section when empty), in SECTIONS' order,
        `rounds` times over: a figure's passes then spread over the whole run."""
        names = [name for name in SECTIONS if not only or name in only]
        rounds: dict[str, list[Section]] = {name: [] for name in names}
        with use_clock(self.settings.clock):
            for round_ in range(self.settings.rounds):
                for name in names:
                    rounds[name].append(self.section(name, first=round_ == 0))
        sections = {}
        for name, measured in rounds.items():
            same: dict[str, list[Figure]] = {}
            for section in measured:
                for figure in section.figures:
                    same.setdefault(figure.name, []).append(figure)
            sections[name] = Section([Figure.merged(figures) for figures in same.values()],
                                     measured[0].note)
            for figure in sections[name].figures:
                figure.section = name
        return Run.of_sections(sections, asdict(self.settings))


def report(out: TextIO, settings: Settings, only: Sequence[str] = (),
           resolver: bool = False) -> Run:
    """Run the suite and print its tables to `out` (``ddz-fast bench``); with the peers, the
    peer engines installed here run on the same positions and their move lists are compared
    with ddz_fast's. Returns the run (for ``--json``, ``--compare`` and the rest)."""
    from .. import peers as peer_module
    print(f"ddz-fast bench: ddz_fast on {machine()}", file=out)
    kind = build_info()["build"]
    if kind != "release":
        print(f"A {kind.upper()} build, not a release one: these figures do not show its speed.",
              file=out)
    print(f"{plural(settings.deals, 'seeded deal')}: the landlord's 20 cards lead; the next "
          f"seat's 17 cards answer a random lead (single, pair, trio+kicker, chain, bomb or "
          f"rocket). Medians of {passes_words(asdict(settings))}.", file=out)
    bench = Bench(settings)
    run = bench.run(only)
    print_run(out, run)
    if settings.peers and not bench.peer_engines:
        print("(no peer engine installed: pip install 'ddz-fast[peers]' to compare)", file=out)
    if bench.peer_engines and "movegen" in run.notes:
        limit = min(settings.deals, 2000)
        print(f"\nThe peers' move lists against ddz_fast's under each peer's preset, as card sets "
              f"(one set may have several readings), over {limit:,} positions; what differs is "
              f"the peers' known bugs (the interop guide):", file=out)
        for peer in bench.peer_engines:
            for what, answers in (("leads", False), ("answers", True)):
                diff = peer_module.compare(peer, bench.positions, answers, limit)
                print(f"  {peer.name} {what}: {diff.describe()}", file=out)
    if resolver:
        peer_module.resolver_report(out)
    return run
