"""Adapters that run peer engines on ddz_fast's benchmark positions (``pip install
'ddz-fast[peers]'``). Each peer runs its own code on the same hands; an adapter only translates
cards in and out. Peers follow other rule sets (and have bugs), so their move lists differ from
ddz_fast's: ``compare`` says how, as sets of cards.
"""

import importlib.metadata
import random
import time
from dataclasses import dataclass, field

from ._cards import RANK_SYMBOLS
from ._moves import Move, legal_moves
from .benchmark import DealPositions, median_seconds

_ORDER = {symbol: rank for rank, symbol in enumerate(RANK_SYMBOLS)}


def canonical(text):
    """Card text sorted low to high."""
    return "".join(sorted(text, key=_ORDER.__getitem__))


class Peer:
    """A peer engine. Subclasses give zero-argument calls that produce the peer's moves for
    each position (``lead_calls``, ``answer_calls``) and turn one of its moves into card text."""

    name = ""
    package = ""
    answers_list_pass = False       # the peer's answers include a pass

    @classmethod
    def load(cls):
        """The adapter, or None if the peer is not installed."""
        try:
            return cls()
        except ImportError:
            return None

    @property
    def label(self):
        try:
            version = importlib.metadata.version(self.package)
        except importlib.metadata.PackageNotFoundError:
            version = "?"
        return f"{self.name} {version}"

    def lead_calls(self, positions: DealPositions):
        raise NotImplementedError

    def answer_calls(self, positions: DealPositions):
        raise NotImplementedError

    def cards(self, move):
        raise NotImplementedError

    def timed(self, calls, repeat, answers):
        """(median seconds per call, moves per call, not counting a pass)."""
        sizes = [len(call()) for call in calls]

        def run():
            for call in calls:
                call()
        moves = sum(sizes) / len(sizes) - (1 if answers and self.answers_list_pass else 0)
        return median_seconds(run, repeat) / len(calls), moves

    def leads(self, positions, repeat):
        return self.timed(self.lead_calls(positions), repeat, answers=False)

    def responses(self, positions, repeat):
        return self.timed(self.answer_calls(positions), repeat, answers=True)

    def random_game_rate(self, games, seed):
        """Random games per second through the peer's Python API, or None."""
        return None


@dataclass
class Difference:
    """How a peer's move lists differ from ddz_fast's over some positions, as card sets."""

    positions: int = 0
    duplicates: int = 0             # the same card set listed twice or more
    extra: list = field(default_factory=list)      # (hand, cards) ddz_fast does not allow
    missing: dict = field(default_factory=dict)    # ddz_fast's kind -> count the peer lacks

    def describe(self):
        n = max(self.positions, 1)

        def rate(count):
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


def compare(peer, positions: DealPositions, answers, limit=2000):
    """The Difference between the peer's leads (or answers) and ddz_fast's."""
    calls = peer.answer_calls(positions) if answers else peer.lead_calls(positions)
    hands = positions.answer_hands if answers else positions.landlord_hands
    diff = Difference()
    for i, call in enumerate(calls[:limit]):
        hand = "".join(RANK_SYMBOLS[r] * int(hands[i][r]) for r in range(15))
        ours: dict[str, str] = {}          # card text -> kind of its first reading
        for move in legal_moves(hand, positions.prevs[i] if answers else None):
            ours.setdefault(move.cards, str(move.kind))
        theirs = [canonical(peer.cards(m)) for m in call()]
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
    answers_list_pass = True
    CARD = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30]    # DouZero's card numbers

    def __init__(self):
        from douzero.env.game import GameEnv
        from douzero.env.move_generator import MovesGener
        self.GameEnv, self.MovesGener = GameEnv, MovesGener
        self.symbol = {number: RANK_SYMBOLS[r] for r, number in enumerate(self.CARD)}

    def numbers(self, counts):
        return [self.CARD[r] for r in range(15) for _ in range(int(counts[r]))]

    def cards(self, move):
        return "".join(self.symbol[number] for number in move)

    def lead_calls(self, positions):
        return [lambda h=self.numbers(h): self.MovesGener(h).gen_moves()
                for h in positions.landlord_hands]

    def answer_calls(self, positions):
        calls = []
        for hand, prev in zip(positions.answer_hands, positions.prevs):
            env = self.GameEnv(players=None)
            env.acting_player_position = "landlord_down"
            env.info_sets["landlord_down"].player_hand_cards = self.numbers(hand)
            env.card_play_action_seq = [self.numbers(prev.counts)]
            calls.append(env.get_legal_card_play_actions)
        return calls


class RLCard(Peer):
    """RLCard's Dou Dizhu judger (``rlcard.games.doudizhu``): leads from
    ``playable_cards_from_hand``, answers from ``get_gt_cards``."""

    name = "RLCard"
    package = "rlcard"
    answers_list_pass = True

    def __init__(self):
        from types import SimpleNamespace

        from rlcard.games.base import Card
        from rlcard.games.doudizhu.judger import DoudizhuJudger
        from rlcard.games.doudizhu.utils import get_gt_cards
        self.Card, self.Judger, self.get_gt_cards = Card, DoudizhuJudger, get_gt_cards
        self.Namespace = SimpleNamespace

    def card_objects(self, counts):
        cards = []
        for r in range(15):
            if r >= 13 and counts[r]:
                cards.append(self.Card("BJ" if r == 13 else "RJ", ""))
            else:
                cards.extend(self.Card(suit, RANK_SYMBOLS[r]) for suit in "SHDC"[:int(counts[r])])
        return cards

    def cards(self, move):
        return "" if move == "pass" else move

    def lead_calls(self, positions):
        texts = ["".join(RANK_SYMBOLS[r] * int(h[r]) for r in range(15))
                 for h in positions.landlord_hands]
        return [lambda t=t: self.Judger.playable_cards_from_hand(t) for t in texts]

    def answer_calls(self, positions):
        calls = []
        for hand, prev in zip(positions.answer_hands, positions.prevs):
            player = self.Namespace(current_hand=self.card_objects(hand))
            leader = self.Namespace(played_cards=prev.cards)
            calls.append(lambda p=player, q=leader: self.get_gt_cards(p, q))
        return calls


class OpenSpiel(Peer):
    """OpenSpiel's ``dou_dizhu`` (C++ through pybind11): ``legal_actions()`` of states dealt with
    the benchmark hands."""

    name = "OpenSpiel"
    package = "open_spiel"
    answers_list_pass = True
    FIRST_DEAL_ACTION = 51          # chance actions: the face-up position, then cards 51 + id
    FIRST_PLAY_ACTION = 4           # player actions: pass, bids 1..3, then the plays

    def __init__(self):
        import pyspiel
        self.game = pyspiel.load_game("dou_dizhu")
        self.texts = None           # card text of every play action

    def action_texts(self):
        if self.texts is None:
            state = self.game.new_initial_state()
            self.texts = [""] * self.FIRST_PLAY_ACTION + [
                canonical(state.action_to_string(0, action).replace("(BWJ)", "B")
                          .replace("(CJ)", "R").replace("-", ""))
                for action in range(self.FIRST_PLAY_ACTION, self.game.num_distinct_actions())]
        return self.texts

    def dealt_state(self, seed):
        """The state after the deal of `seed`, its first bidder having bid 3."""
        from ._game import Game
        game = Game(seed)
        landlord = game.first_bidder
        # OpenSpiel cards: id = rank + 13 * suit below 52, jokers 52 and 53
        free = {r: [r + 13 * s for s in range(4)] for r in range(13)}
        free[13], free[14] = [52], [53]
        ids = [[free[r].pop() for r in range(15) for _ in range(int(h.counts[r]))] for h in game.hands]
        state = self.game.new_initial_state()
        state.apply_action(landlord)    # the card dealt at this position is face up: bids first
        for dealt in range(51):
            state.apply_action(self.FIRST_DEAL_ACTION + ids[dealt % 3].pop())
        state.apply_action(state.legal_actions()[-1])       # bid 3
        return state

    def action_of(self, move: Move):
        """The action that plays the cards of `move` (a plain kind: its cards are its reading).
        Looked up in the whole action space: OpenSpiel does not list every legal move, and
        ``apply_action`` takes any."""
        return self.action_texts().index(move.cards, self.FIRST_PLAY_ACTION)

    def cards(self, action):
        return self.action_texts()[action]

    def lead_calls(self, positions):
        return [self.dealt_state(seed).legal_actions for seed in positions.seeds]

    def answer_calls(self, positions):
        calls = []
        for seed, prev in zip(positions.seeds, positions.prevs):
            state = self.dealt_state(seed)
            state.apply_action(self.action_of(prev))
            calls.append(state.legal_actions)
        return calls

    def random_game_rate(self, games, seed):
        rng = random.Random(seed)
        start = time.perf_counter()
        for _ in range(games):
            state = self.game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    actions = state.legal_actions()
                    state.apply_action(actions[int(rng.random() * len(actions))])
        return games / (time.perf_counter() - start)


PEERS = (DouZero, RLCard, OpenSpiel)


def installed():
    """Adapters of the peers installed here."""
    return [peer for peer in (cls.load() for cls in PEERS) if peer is not None]
