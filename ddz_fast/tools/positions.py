"""The benchmark positions, shared by the benchmark suite, the peer harness and the command
line: seeded openings and deals, random hands of one size, and doudizhu-resolver's puzzle."""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ddz_fast.cards import DECK_COUNTS
from ddz_fast.game import Game
from ddz_fast.kind import Kind
from ddz_fast.moves import MOVE_DTYPE, Move, legal_moves_batch
from ddz_fast.rules import Rules

DECK = np.repeat(np.arange(15), DECK_COUNTS)   # the 54 cards, each as its rank
# Kinds every peer engine reads the same way: previous moves of the cross-engine positions.
PLAIN_KINDS = {Kind.SINGLE, Kind.PAIR, Kind.TRIO, Kind.TRIO_SINGLE, Kind.TRIO_PAIR, Kind.STRAIGHT,
               Kind.PAIR_CHAIN, Kind.BOMB, Kind.ROCKET}

Counts = npt.NDArray[np.uint8]          # (n, 15) rank counts
MoveArray = npt.NDArray[np.void]        # MOVE_DTYPE records

# doudizhu-resolver's README puzzle: landlord 2 Q Q 10 10 7 7 5 5 3 against A A 9, to lead.
RESOLVER_PUZZLE = ("2QQTT77553", "AA9")


def opening(seed: int, rules: Rules | None = None, wild_ranks: str | None = None) -> Game:
    """The deal of ``seed`` after its first bidder bid 3: the play phase, that seat the
    landlord and to lead (its wild ranks, under wild-card rules, ``wild_ranks`` or drawn)."""
    game = Game(seed, rules=rules, wild_ranks=wild_ranks)
    game.bid(3)
    return game


def random_hands(count: int, size: int, seed: int) -> Counts:
    """(count, 15) rank counts of `size` cards, each hand dealt from its own shuffled deck."""
    rng = np.random.default_rng(seed)
    hands = np.zeros((count, 15), dtype=np.uint8)
    for i in range(count):
        np.add.at(hands[i], DECK[rng.permutation(54)[:size]], 1)
    return hands


def random_prevs(hands: Counts, seed: int) -> MoveArray:
    """A previous move for each hand: a random lead of the next hand."""
    rng = np.random.default_rng(seed)
    offsets, leads = legal_moves_batch(hands)
    nxt = np.roll(np.arange(len(hands)), -1)
    picks = offsets[nxt] + (rng.random(len(hands)) * np.diff(offsets)[nxt]).astype(np.int64)
    return leads[picks].copy()


@dataclass
class DealPositions:
    """Seeded deals: the landlord's hand (leads) and the next seat's hand with a random plain
    lead of the landlord to answer (responses)."""

    seeds: list[int]
    landlord_hands: Counts          # (n, 15), 20 cards
    answer_hands: Counts            # (n, 15), 17 cards
    prevs: list[Move]               # the lead each answer hand answers

    @property
    def prev_array(self) -> MoveArray:
        return np.array([move.row for move in self.prevs], dtype=MOVE_DTYPE)

    def head(self, count: int) -> DealPositions:
        """The first `count` deals."""
        return DealPositions(self.seeds[:count], self.landlord_hands[:count],
                             self.answer_hands[:count], self.prevs[:count])


def deal_positions(count: int, seed: int) -> DealPositions:
    rng = random.Random(seed)
    seeds, lead_hands, answer_hands, prevs = [], [], [], []
    for _ in range(count):
        game_seed = rng.getrandbits(64)
        game = opening(game_seed)
        landlord = game.first_bidder
        plain = [m for m in game.legal_moves() if m.kind in PLAIN_KINDS]
        seeds.append(game_seed)
        lead_hands.append(game.hands[landlord].counts)
        answer_hands.append(game.hands[(landlord + 1) % 3].counts)
        prevs.append(rng.choice(plain))
    return DealPositions(seeds, np.array(lead_hands), np.array(answer_hands), prevs)
