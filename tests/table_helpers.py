"""What the tests of Tables and the vector env share: a table played with plain Games, and the
role and observation row expected of a seat."""

import numpy as np

from ddz_fast import PASS, Game, Tables


class Mirror:
    """Table i of a Tables, played with plain Games."""

    def __init__(self, seed, table, rules):
        self.seed, self.table, self.rules = seed, table, rules
        self.games = 0
        self.start()

    def start(self):
        self.game = Game(Tables.deal_seed(self.seed, self.table, self.games), rules=self.rules)
        self.games += 1
        self.over = False
        self.observer = None

    @property
    def seat(self):
        return self.observer if self.over else self.game.to_move

    def apply(self, space, action_id, policy):
        """Apply an action id; returns the rewards (3 floats) and whether the game ended."""
        game = self.game
        legal = space.legal_ids(game).tolist()
        mover = game.to_move
        if action_id not in legal:
            assert policy != "raise"
            self.over, self.observer = True, mover
            other = 0.0 if policy == "lose" else 1.0
            return [-1.0 if seat == mover else other for seat in range(3)], True
        action = space.action(action_id)
        if game.phase == "auction":
            game.bid(0 if action == PASS else action)
        else:
            game.play(action)
        if game.phase == "over":
            self.over, self.observer = True, mover
            return [float(s) for s in game.result.scores], True
        return [0.0, 0.0, 0.0], False


def role_of(game, seat):
    return -1 if game.landlord is None else (seat - game.landlord) % 3


def expected_row(scheme, game, seat, width):
    if game.landlord is None and scheme.name in ("rlcard", "douzero"):
        return np.zeros(width, scheme.dtype)
    row = scheme.encode(game, seat)
    return np.concatenate([row, np.zeros(width - len(row), row.dtype)])
