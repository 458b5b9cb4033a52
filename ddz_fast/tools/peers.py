"""The peer harness: peer engines run on ddz_fast's benchmark positions (``pip install
'ddz-fast[peers]'``), timed, and their move lists compared with ddz_fast's. Each peer runs its
own code on the same hands; ``ddz_fast.interop`` translates cards in and out. Peers follow other
rule sets (and have bugs), so their move lists differ from ddz_fast's: ``compare`` says how, as
sets of cards.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import os
import random
import sys
import types
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TextIO

from ddz_fast import PASS, Game, Hand, Move, Rules, legal_moves
from ddz_fast.interop import douzero, openspiel, rlcard

from .positions import RESOLVER_PUZZLE, DealPositions
from .timing import median_seconds, now

Call = Callable[[], Sequence[Any]]        # produces the peer's moves for one position


def canonical(text: str) -> str:
    """Card text sorted low to high."""
    return str(Hand(text))


class Peer:
    """A peer engine. Subclasses give zero-argument calls that produce the peer's moves for
    each position (``lead_calls``, ``answer_calls``) and the cards of one of its moves."""

    name = ""
    package = ""
    answers_list_pass = False       # the peer's answers include a pass
    preset = "standard"             # the ddz_fast preset of this peer's rules (and action ids)
    has_masks = False               # mask_calls gives the peer's legal-action masks

    @classmethod
    def load(cls) -> Peer | None:
        """The adapter, or None if the peer is not installed."""
        try:
            return cls()
        except ImportError:
            return None

    @property
    def label(self) -> str:
        try:
            version = importlib.metadata.version(self.package)
        except importlib.metadata.PackageNotFoundError:
            version = "?"
        return f"{self.name} {version}"

    def lead_calls(self, positions: DealPositions) -> list[Call]:
        raise NotImplementedError

    def answer_calls(self, positions: DealPositions) -> list[Call]:
        raise NotImplementedError

    def id_lead_calls(self, positions: DealPositions) -> list[Call]:
        """The peer's legal-action computation for each lead: its action ids where it has
        them, else its moves (DouZero)."""
        return self.lead_calls(positions)

    def id_answer_calls(self, positions: DealPositions) -> list[Call]:
        return self.answer_calls(positions)

    def mask_calls(self, positions: DealPositions) -> list[Call]:
        """The peer's legal-action mask of each lead (``has_masks``)."""
        raise NotImplementedError

    def cards(self, move: Any) -> Hand | str:
        """The cards of one of the peer's moves (none for a pass)."""
        raise NotImplementedError

    def timed(self, calls: Sequence[Call], repeat: int, answers: bool,
              count: Callable[[Any], int] = len) -> tuple[float, float]:
        """(median seconds per call, moves per call, not counting a pass; `count` counts the
        moves of a result)."""
        sizes = [count(call()) for call in calls]

        def run() -> None:
            for call in calls:
                call()
        moves = sum(sizes) / len(sizes) - (1 if answers and self.answers_list_pass else 0)
        return median_seconds(run, repeat) / len(calls), moves

    def leads(self, positions: DealPositions, repeat: int) -> tuple[float, float]:
        return self.timed(self.lead_calls(positions), repeat, answers=False)

    def responses(self, positions: DealPositions, repeat: int) -> tuple[float, float]:
        return self.timed(self.answer_calls(positions), repeat, answers=True)

    def random_game_rate(self, games: int, seed: int) -> tuple[float, float] | None:
        """Decisions per second and games per second of random legal play through the peer's
        own environment (its Python API), or None where it has none."""
        return None

    def observation_calls(self, games: Sequence[Game], seed: int) -> list[Call]:
        """The peer's own observation encoder at play positions like ``games`` (play-phase
        games under the peer's preset), one call each; none where the peer has no encoder."""
        return []


@dataclass
class Difference:
    """How a peer's move lists differ from ddz_fast's over some positions, as card sets."""

    positions: int = 0
    duplicates: int = 0             # the same card set listed twice or more
    extra: list[tuple[str, str]] = field(default_factory=list)   # (hand, cards) ddz_fast does not allow
    missing: dict[str, int] = field(default_factory=dict)        # ddz_fast's kind -> count the peer lacks

    def describe(self) -> str:
        n = max(self.positions, 1)

        def rate(count: int) -> str:
            return f"{count / n:.2f} per position" if count >= n / 100 else \
                f"{count} in {n:,} positions"
        parts = []
        if self.duplicates:
            parts.append(f"duplicates {rate(self.duplicates)}")
        if self.extra:
            seen, shown = set(), []
            for hand, cards in self.extra:          # examples from different hands
                if hand not in seen:
                    seen.add(hand)
                    shown.append(f"{cards} from {hand}")
            parts.append(f"card sets ddz_fast does not allow there {rate(len(self.extra))} "
                         f"(e.g. {', '.join(shown[:3])})")
        if self.missing:
            kinds = sorted(self.missing.items(), key=lambda kc: -kc[1])
            parts.append("missing " + ", ".join(f"{kind} {rate(count)}" for kind, count in kinds))
        return "; ".join(parts) or "the same card sets"


def compare(peer: Peer, positions: DealPositions, answers: bool, limit: int = 2000) -> Difference:
    """The Difference between the peer's leads (or answers) and ddz_fast's under the peer's
    preset: what is left are the peer's own bugs."""
    rules = Rules.preset(peer.preset)
    calls = peer.answer_calls(positions) if answers else peer.lead_calls(positions)
    hands = positions.answer_hands if answers else positions.landlord_hands
    diff = Difference()
    for i, call in enumerate(calls[:limit]):
        hand = str(Hand(hands[i]))
        ours: dict[str, str] = {}          # card text -> kind of its first reading
        for move in legal_moves(hand, positions.prevs[i] if answers else None, rules=rules):
            ours.setdefault(move.cards, str(move.kind))
        theirs = [str(Hand(peer.cards(m))) for m in call()]
        theirs = [t for t in theirs if t]           # not the pass
        diff.positions += 1
        diff.duplicates += len(theirs) - len(set(theirs))
        diff.extra.extend((hand, cards) for cards in sorted(set(theirs) - ours.keys()))
        for cards in ours.keys() - set(theirs):
            diff.missing[ours[cards]] = diff.missing.get(ours[cards], 0) + 1
    return diff


class DouZero(Peer):
    """DouZero's move generator (``douzero.env``; the env modules need no torch)."""

    name = "DouZero"
    package = "douzero"
    preset = "douzero"
    answers_list_pass = True

    def __init__(self) -> None:
        from douzero.env.game import GameEnv
        from douzero.env.move_generator import MovesGener
        self.GameEnv, self.MovesGener = GameEnv, MovesGener

    def cards(self, move: list[int]) -> Hand:
        return douzero.from_cards(move)

    def random_game_rate(self, games: int, seed: int) -> tuple[float, float]:
        """``douzero.env.env.Env`` (its observations, ``get_obs``, built at every step), as
        its actors step it; it deals with numpy's global generator."""
        from douzero.env.env import Env
        env = Env("adp")
        rng = random.Random(seed)
        steps = 0
        start = now()
        for _ in range(games):
            env.reset()
            done = False
            while not done:
                legal = env.infoset.legal_actions
                _, _, done, _ = env.step(legal[int(rng.random() * len(legal))])
                steps += 1
        seconds = now() - start
        return steps / seconds, games / seconds

    def leads_of(self, numbers: list[int]) -> Any:
        return self.MovesGener(numbers).gen_moves()

    def lead_calls(self, positions: DealPositions) -> list[Call]:
        return [partial(self.leads_of, douzero.to_cards(h)) for h in positions.landlord_hands]

    def answer_calls(self, positions: DealPositions) -> list[Call]:
        calls: list[Call] = []
        for hand, prev in zip(positions.answer_hands, positions.prevs):
            env = self.GameEnv(players=None)
            env.acting_player_position = "landlord_down"
            env.info_sets["landlord_down"].player_hand_cards = douzero.to_cards(hand)
            env.card_play_action_seq = [douzero.to_cards(prev)]
            calls.append(env.get_legal_card_play_actions)
        return calls


class RLCard(Peer):
    """RLCard's Dou Dizhu judger (``rlcard.games.doudizhu``): leads from
    ``playable_cards_from_hand``, answers from ``get_gt_cards``."""

    name = "RLCard"
    package = "rlcard"
    preset = "rlcard"
    answers_list_pass = True

    def __init__(self) -> None:
        from types import SimpleNamespace

        from rlcard.games.base import Card
        from rlcard.games.doudizhu.judger import DoudizhuJudger
        from rlcard.games.doudizhu.utils import ACTION_2_ID, get_gt_cards
        self.Card, self.Judger, self.get_gt_cards = Card, DoudizhuJudger, get_gt_cards
        self.Namespace = SimpleNamespace
        self.action_ids = ACTION_2_ID

    def card_objects(self, counts: Sequence[int]) -> list[Any]:
        """RLCard's Card objects: a suit per copy of a rank; the jokers are suits of no rank."""
        jokers = {"B": "BJ", "R": "RJ"}
        text = rlcard.to_cards(counts)
        return [self.Card(jokers[symbol], "") if symbol in jokers
                else self.Card("SHDC"[text.count(symbol, 0, i)], symbol)
                for i, symbol in enumerate(text)]

    def cards(self, move: str) -> Hand:
        return Hand() if move == rlcard.PASS_ACTION else rlcard.from_cards(move)

    def lead_calls(self, positions: DealPositions) -> list[Call]:
        texts = [rlcard.to_cards(h) for h in positions.landlord_hands]
        return [partial(self.Judger.playable_cards_from_hand, t) for t in texts]

    def answer_calls(self, positions: DealPositions) -> list[Call]:
        calls: list[Call] = []
        for hand, prev in zip(positions.answer_hands, positions.prevs):
            player = self.Namespace(current_hand=self.card_objects(hand))
            leader = self.Namespace(played_cards=rlcard.to_action(prev))
            calls.append(partial(self.get_gt_cards, player, leader))
        return calls

    def random_game_rate(self, games: int, seed: int) -> tuple[float, float]:
        """``rlcard.make("doudizhu")``'s ``env.step`` (the next player's observation and legal
        actions built at every step)."""
        import rlcard as rlcard_package
        env = rlcard_package.make("doudizhu", config={"seed": seed})
        rng = random.Random(seed)
        steps = 0
        start = now()
        for _ in range(games):
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[int(rng.random() * len(legal))])
                steps += 1
        seconds = now() - start
        return steps / seconds, games / seconds

    def ids_of(self, call: Call) -> list[int]:
        """The action ids of a call's moves, as RLCard's env computes its legal actions
        (``DoudizhuEnv._get_legal_actions``, without the card features it builds beside)."""
        ids = self.action_ids
        return [ids[action] for action in call()]

    def id_lead_calls(self, positions: DealPositions) -> list[Call]:
        return [partial(self.ids_of, call) for call in self.lead_calls(positions)]

    def id_answer_calls(self, positions: DealPositions) -> list[Call]:
        return [partial(self.ids_of, call) for call in self.answer_calls(positions)]

    def observation_calls(self, games: Sequence[Game], seed: int) -> list[Call]:
        """``DoudizhuEnv._extract_state`` (the obs and the legal actions' features it builds
        with it) at positions of RLCard's own random games, cut where ``games`` are (RLCard
        cannot be set to a position): as many, after as many actions."""
        import rlcard as rlcard_package
        env = rlcard_package.make("doudizhu", config={"seed": seed})
        rng = random.Random(seed)
        calls: list[Call] = []
        for game in games:
            plays = sum(1 for _, action in game.history if isinstance(action, Move))
            while True:
                state, _ = env.reset()
                for _ in range(plays):
                    state, _ = env.step(rng.choice(list(state["legal_actions"])))
                    if env.is_over():
                        break
                if not env.is_over():
                    break
            raw = env.game.get_state(env.game.round.current_player)
            calls.append(partial(env._extract_state, raw))
            env = rlcard_package.make("doudizhu", config={"seed": rng.getrandbits(32)})
        return calls


class OpenSpiel(Peer):
    """OpenSpiel's ``dou_dizhu`` (C++ through pybind11): ``legal_actions()`` of states dealt with
    the benchmark hands."""

    name = "OpenSpiel"
    package = "open_spiel"
    preset = "openspiel"
    answers_list_pass = True
    has_masks = True
    FIRST_DEAL_ACTION = 51          # chance actions: the face-up position, then cards 51 + id
    FIRST_PLAY_ACTION = 4           # player actions: pass, bids 1..3, then the plays

    def __init__(self) -> None:
        import pyspiel
        self.game = pyspiel.load_game("dou_dizhu")
        self.plays: dict[int, Move] = {}      # play action -> Move, and back
        self.actions: dict[Move, int] = {}

    def play_moves(self) -> dict[int, Move]:
        if not self.plays:
            state = self.game.new_initial_state()
            for action in range(self.FIRST_PLAY_ACTION, self.game.num_distinct_actions()):
                self.plays[action] = openspiel.from_action_string(state.action_to_string(0, action))
            self.actions = {move: action for action, move in self.plays.items()}
        return self.plays

    def dealt_state(self, seed: int) -> Any:
        """The state after the deal of `seed`, its first bidder having bid 3."""
        game = Game(seed)                       # the hands as dealt, before the kitty
        ids = openspiel.to_deal(game.hands)
        state = self.game.new_initial_state()
        state.apply_action(game.first_bidder)   # the card dealt at this position is face up: bids first
        for dealt in range(51):
            state.apply_action(self.FIRST_DEAL_ACTION + ids[dealt % 3].pop())
        state.apply_action(state.legal_actions()[-1])       # bid 3
        return state

    def action_of(self, move: Move) -> int:
        """The action that plays `move`. Looked up in the whole action space: OpenSpiel does not
        list every legal move, and ``apply_action`` takes any."""
        self.play_moves()
        return self.actions[move]

    def cards(self, action: int) -> Hand:
        return Hand(self.play_moves().get(action, PASS))

    def lead_calls(self, positions: DealPositions) -> list[Call]:
        return [self.dealt_state(seed).legal_actions for seed in positions.seeds]

    def mask_calls(self, positions: DealPositions) -> list[Call]:
        return [self.dealt_state(seed).legal_actions_mask for seed in positions.seeds]

    def answer_calls(self, positions: DealPositions) -> list[Call]:
        calls: list[Call] = []
        for seed, prev in zip(positions.seeds, positions.prevs):
            state = self.dealt_state(seed)
            state.apply_action(self.action_of(prev))
            calls.append(state.legal_actions)
        return calls

    def observation_calls(self, games: Sequence[Game], seed: int) -> list[Call]:
        """``observation_tensor(seat)`` of the seat to move, at the same positions
        (``openspiel.to_state``; a game OpenSpiel cannot replay is left out)."""
        calls: list[Call] = []
        for game in games:
            try:
                state = openspiel.to_state(game)
            except ValueError:
                continue
            calls.append(partial(state.observation_tensor, game.to_move))
        return calls

    def random_game_rate(self, games: int, seed: int) -> tuple[float, float]:
        """States through pyspiel: the deal's chance actions too (not counted as decisions)."""
        rng = random.Random(seed)
        decisions = 0
        start = now()
        for _ in range(games):
            state = self.game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    actions = state.legal_actions()
                    state.apply_action(actions[int(rng.random() * len(actions))])
                    decisions += 1
        seconds = now() - start
        return decisions / seconds, games / seconds


PEERS: tuple[type[Peer], ...] = (DouZero, RLCard, OpenSpiel)


def douzero_dmc(module: str) -> types.ModuleType:
    """DouZero's ``douzero.dmc.<module>`` (``models``, ``utils``, ``env_utils``: they need
    torch). ``douzero/dmc/__init__.py`` imports its trainer, whose logger imports GitPython,
    which DouZero's metadata does not require: where it is missing, the subpackage is entered
    without running its ``__init__``."""
    name = f"douzero.dmc.{module}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != "git":
            raise
    spec = importlib.util.find_spec("douzero")
    assert spec is not None and spec.submodule_search_locations is not None
    package = types.ModuleType("douzero.dmc")
    package.__path__ = [os.path.join(list(spec.submodule_search_locations)[0], "dmc")]
    sys.modules["douzero.dmc"] = package
    return importlib.import_module(name)


def installed() -> list[Peer]:
    """Adapters of the peers installed here."""
    return [peer for peer in (cls.load() for cls in PEERS) if peer is not None]


# --- doudizhu-resolver: an open-hand endgame solver in pure Python --------------------------

# Seconds: the resolver runs in a subprocess stopped after this (its README puzzle takes about
# a minute on a quiet machine here).
RESOLVER_LIMIT = 120.0
RESOLVER_RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
# Its verdict (the first mover wins) and the seconds of is_winable, from a fresh cache.
RESOLVER_SCRIPT = ("import sys, time, doudizhu_resolver as r\n"
                   "start = time.perf_counter()\n"
                   "won = r.is_winable(sys.argv[1], sys.argv[2])\n"
                   "print(won, time.perf_counter() - start)\n")
# (what, the first mover's hand, the other's): its README puzzle, and two seats 12 v 6
RESOLVER_POSITIONS = (("doudizhu-resolver's README puzzle", *RESOLVER_PUZZLE),
                      ("two seats 12 v 6", "3445779TJQKA", "66888K"))


def resolver_cards(hand: Hand) -> str:
    """doudizhu-resolver's card string ('2h-Qd-BJ-CJ'): a suit per copy of a rank."""
    cards: list[str] = []
    for rank, count in enumerate(hand.counts):
        if rank >= 13:
            cards += ["BJ" if rank == 13 else "CJ"] * int(count)
        else:
            cards += [RESOLVER_RANKS[rank] + suit for suit in "shdc"[:int(count)]]
    return "-".join(cards)


def resolver_verdict(first: Hand, second: Hand) -> tuple[bool, float] | None:
    """doudizhu-resolver's verdict (whether `first`, to lead, wins against `second`) and its
    seconds, or None when it does not finish within RESOLVER_LIMIT."""
    import subprocess
    import sys
    try:
        done = subprocess.run([sys.executable, "-c", RESOLVER_SCRIPT, resolver_cards(first),
                               resolver_cards(second)], capture_output=True, text=True,
                              timeout=RESOLVER_LIMIT, check=True)
    except subprocess.TimeoutExpired:
        return None
    won, seconds = done.stdout.split()
    return won == "True", float(seconds)


def resolver_report(out: TextIO) -> None:
    """``ddz-fast bench --resolver``: ddz_fast's solver and doudizhu-resolver on the same
    two-seat positions (the first mover is the landlord)."""
    import importlib.util

    from ddz_fast import Solver
    if importlib.util.find_spec("doudizhu_resolver") is None:
        print("\n(doudizhu-resolver is not installed: pip install doudizhu-resolver==0.1.2)",
              file=out)
        return
    version = importlib.metadata.version("doudizhu-resolver")
    print(f"\nddz_fast.solve beside doudizhu-resolver {version} (is_winable, in a subprocess "
          f"stopped after {RESOLVER_LIMIT:g} s), the first mover the landlord:", file=out)
    for what, first, second in RESOLVER_POSITIONS:
        game = Game.from_hands([first, second])
        solution = Solver(64).solve(game)
        ours = f"{solution.winner} win, {solution.seconds * 1e3:.3g} ms"
        theirs = resolver_verdict(Hand(first), Hand(second))
        if theirs is None:
            cell = f"did not finish within {RESOLVER_LIMIT:g} s"
        else:
            agrees = theirs[0] == (solution.winner == "landlord")
            cell = (f"{theirs[1]:.3g} s ({theirs[1] / solution.seconds:,.0f}x slower), "
                    f"{'the same verdict' if agrees else 'A DIFFERENT VERDICT'}")
        print(f"  {what} ({first} v {second}): ddz_fast {ours}; doudizhu-resolver {cell}",
              file=out)
