"""What the tests of Tables, the vector env and the arena share: a table played with plain
Games (its opponents played by the Python players), the role and observation row expected of a
seat, and a pure-Python model of the native random player's draws."""

import numpy as np

from ddz_fast import PASS, Game, GreedyPlayer, RandomPlayer, RulePlayer, Tables
from ddz_fast._simulate import nth_game_seed

MASK64 = 2 ** 64 - 1
GAMMA = 0x9E3779B97F4A7C15
PLAYERS_SALT = 0x51A7E5         # _core/players.pyx: a seat's stream is stream_seed(s ^ salt, seat)


class SplitMix64:
    """SplitMix64 from a state, and Lemire's unbiased draw below n (rng.pxd), in plain Python."""

    def __init__(self, state):
        self.state = state

    def next(self):
        self.state = (self.state + GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n):
        m = (self.next() >> 32) * n
        if m & 0xFFFFFFFF < n:
            threshold = (2 ** 32 - n) % n
            while m & 0xFFFFFFFF < threshold:
                m = (self.next() >> 32) * n
        return m >> 32


def legal_actions(game):
    """The legal actions in the engine's order: bids (pass first), or moves (PASS last)."""
    return game.legal_bids() if game.phase == "auction" else list(game.legal_moves())


class StreamRandom:
    """The native random player of one seat: uniform by index over legal_actions."""

    def __init__(self, game_seed, seat):
        self.rng = SplitMix64(nth_game_seed(game_seed ^ PLAYERS_SALT, seat))

    def __call__(self, game):
        actions = legal_actions(game)
        return actions[self.rng.below(len(actions))]


def seat_players(players, game_seed):
    """Python players acting as the native ones do in the game of `game_seed`: {seat: player}
    of RandomPlayer / GreedyPlayer / RulePlayer -> {seat: callable}. (The rule player's Python
    class runs the native kernel: its own tests check that against the reference; here its
    generator starts from the seat's stream.)"""
    def python(seat, player):
        if isinstance(player, RandomPlayer):
            return StreamRandom(game_seed, seat)
        if isinstance(player, RulePlayer):
            return RulePlayer(nth_game_seed(game_seed ^ PLAYERS_SALT, seat))
        return GreedyPlayer()
    return {seat: python(seat, player) for seat, player in players.items()}


def act(game, player):
    action = player(game)
    if game.phase == "auction":
        game.bid(action)
    else:
        game.play(action)


class Mirror:
    """Table i of a Tables, played with plain Games; `opponents` as Tables takes them."""

    def __init__(self, seed, table, rules, opponents=None):
        self.seed, self.table, self.rules = seed, table, rules
        self.opponents = opponents or {}
        self.games = 0
        self.start()

    def start(self):
        while True:
            deal_seed = Tables.deal_seed(self.seed, self.table, self.games)
            self.game = Game(deal_seed, rules=self.rules)
            self.games += 1
            self.over = False
            self.observer = None
            self.players = seat_players(self.opponents, deal_seed)
            self.advance()
            if self.game.phase != "over":       # a game no learner saw is skipped
                return

    def advance(self):
        while self.game.phase != "over" and self.game.to_move in self.players:
            act(self.game, self.players[self.game.to_move])

    @property
    def seat(self):
        return self.observer if self.over else self.game.to_move

    def apply(self, space, action_id, policy):
        """Apply an action id; returns the rewards (a float a seat) and whether the game ended."""
        game = self.game
        legal = space.legal_ids(game).tolist()
        mover = game.to_move
        if action_id not in legal:
            assert policy != "raise"
            self.over, self.observer = True, mover
            other = 0.0 if policy == "lose" else 1.0
            return [-1.0 if seat == mover else other for seat in range(game.n_seats)], True
        action = space.action(action_id)
        if game.phase == "auction":
            game.bid(0 if action == PASS else action)
        else:
            game.play(action)
        self.advance()
        if game.phase == "over":
            self.over, self.observer = True, mover
            return [float(s) for s in game.result.scores], True
        return [0.0] * game.n_seats, False


def role_of(game, seat):
    return -1 if game.landlord is None else (seat - game.landlord) % game.n_seats


def expected_row(scheme, game, seat, width):
    if game.landlord is None and scheme.name in ("rlcard", "douzero"):
        return np.zeros(width, scheme.dtype)
    row = scheme.encode(game, seat)
    return np.concatenate([row, np.zeros(width - len(row), row.dtype)])
