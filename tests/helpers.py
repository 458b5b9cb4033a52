"""Conversions between ddz_fast objects and the reference's tuples."""

import random

import ddz_fast
import reference

DECK = [r for r in range(13) for _ in range(4)] + [13, 14]
KIND_NAMES = [str(k) for k in ddz_fast.Kind]


def deal(seed, size):
    """Rank counts of `size` cards dealt from a shuffled deck."""
    cards = random.Random(seed).sample(DECK, size)
    return tuple(cards.count(r) for r in range(15))


def unpack(packed):
    return tuple((int(packed) >> (4 * r)) & 0xF for r in range(15))


def as_tuples(moves):
    """A MoveList (or any MOVE_DTYPE array) as a list of reference tuples."""
    array = moves.array if isinstance(moves, ddz_fast.MoveList) else moves
    return [(KIND_NAMES[k], int(n), int(m), unpack(c))
            for k, n, m, c in zip(array["kind"], array["length"], array["main"], array["cards"])]


def to_move(move):
    """A reference tuple as a ddz_fast.Move."""
    kind, length, main, cards = move
    return ddz_fast.Move(kind, length, main, list(cards))


def hand_text(counts):
    return "".join(reference.RANKS[r] * c for r, c in enumerate(counts))
