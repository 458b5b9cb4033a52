# Uniformly random games in native code, without the GIL, on as many threads as asked.

import threading

import numpy as np

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t

from ._random cimport random_below, splitmix64
from ._rules cimport Rules, as_rules
from ._state cimport (
    MAX_BID, PHASE_AUCTION, PHASE_PLAY, ddz_state, state_bid, state_deal, state_legal_moves,
    state_play, state_scores,
)
from ._types cimport MAX_MOVES, ddz_move, ddz_rules

from .checks import int_in_range
from .simulation import Simulation


ctypedef struct outcome_arrays:      # one row per game, written by the game's thread
    int8_t* landlord
    int8_t* bid
    uint8_t* landlord_won
    int8_t* bombs
    uint8_t* spring
    uint8_t* anti_spring
    int32_t* multiplier
    int64_t* scores               # (n, 3)
    int16_t* plays
    int16_t* turns
    int16_t* redeals


cdef inline uint64_t game_seed(uint64_t seed, int64_t index) noexcept nogil:
    """The seed of game `index` of a run: SplitMix64 output, so that games are unrelated."""
    cdef uint64_t state = seed + <uint64_t>index * <uint64_t>0x9E3779B97F4A7C15ULL
    return splitmix64(&state)


def nth_game_seed(uint64_t seed, int64_t index):
    """The seed simulate() deals game `index` with (Series deals the same way)."""
    return game_seed(seed, index)


cdef void play_random_game(uint64_t seed, const ddz_rules* rules, ddz_move* moves,
                           int64_t row, outcome_arrays* out) noexcept nogil:
    """Deal with `seed`; every bid and move uniform among the legal ones (a second stream)."""
    cdef ddz_state s
    cdef uint64_t choices = seed ^ <uint64_t>0x6A09E667F3BCC909ULL
    cdef int64_t scores[3]
    cdef bint spring, anti_spring
    cdef int k, turns = 0, plays = 0
    cdef Py_ssize_t n
    state_deal(&s, seed, 0, -1)
    while s.phase == PHASE_AUCTION:
        k = random_below(&choices, 1 + MAX_BID - s.bid)      # 0: pass, k: bid + k
        state_bid(&s, s.bid + k if k else 0, rules, seed)
    while s.phase == PHASE_PLAY:
        n = state_legal_moves(&s, rules, moves) - moves
        k = random_below(&choices, n)
        plays += moves[k].length != 0
        state_play(&s, &moves[k])
        turns += 1
    out.multiplier[row] = state_scores(&s, scores, &spring, &anti_spring)
    out.landlord[row] = s.landlord
    out.bid[row] = s.bid
    out.landlord_won[row] = s.winner == s.landlord
    out.bombs[row] = s.bombs
    out.spring[row] = spring
    out.anti_spring[row] = anti_spring
    out.scores[3 * row] = scores[0]
    out.scores[3 * row + 1] = scores[1]
    out.scores[3 * row + 2] = scores[2]
    out.plays[row] = plays
    out.turns[row] = turns
    out.redeals[row] = s.redeals


cdef void play_range(uint64_t seed, int64_t start, int64_t stop, const ddz_rules* rules,
                     outcome_arrays* out) noexcept nogil:
    cdef ddz_move moves[MAX_MOVES + 1]
    cdef int64_t i
    for i in range(start, stop):
        play_random_game(game_seed(seed, i), rules, moves, i, out)


cdef class _Runner:
    """The output arrays of one simulate() call, shared by its threads."""

    cdef outcome_arrays out
    cdef ddz_rules rules
    cdef uint64_t seed
    cdef dict arrays

    def __init__(self, int64_t n, uint64_t seed, Rules rules):
        self.seed = seed
        self.rules = rules.c
        self.arrays = {
            "landlord": np.empty(n, np.int8), "bid": np.empty(n, np.int8),
            "landlord_won": np.empty(n, np.bool_), "bombs": np.empty(n, np.int8),
            "spring": np.empty(n, np.bool_), "anti_spring": np.empty(n, np.bool_),
            "multiplier": np.empty(n, np.int32), "scores": np.empty((n, 3), np.int64),
            "plays": np.empty(n, np.int16), "turns": np.empty(n, np.int16),
            "redeals": np.empty(n, np.int16),
        }
        cdef int8_t[::1] landlord = self.arrays["landlord"], bid = self.arrays["bid"]
        cdef int8_t[::1] bombs = self.arrays["bombs"]
        cdef uint8_t[::1] won = self.arrays["landlord_won"].view(np.uint8)
        cdef uint8_t[::1] spring = self.arrays["spring"].view(np.uint8)
        cdef uint8_t[::1] anti = self.arrays["anti_spring"].view(np.uint8)
        cdef int32_t[::1] multiplier = self.arrays["multiplier"]
        cdef int64_t[:, ::1] scores = self.arrays["scores"]
        cdef int16_t[::1] plays = self.arrays["plays"], turns = self.arrays["turns"]
        cdef int16_t[::1] redeals = self.arrays["redeals"]
        if n == 0:
            return
        self.out.landlord = &landlord[0]
        self.out.bid = &bid[0]
        self.out.landlord_won = &won[0]
        self.out.bombs = &bombs[0]
        self.out.spring = &spring[0]
        self.out.anti_spring = &anti[0]
        self.out.multiplier = &multiplier[0]
        self.out.scores = &scores[0, 0]
        self.out.plays = &plays[0]
        self.out.turns = &turns[0]
        self.out.redeals = &redeals[0]

    def run(self, int64_t start, int64_t stop):
        with nogil:
            play_range(self.seed, start, stop, &self.rules, &self.out)


def simulate(n_games, *, seed=0, rules=None, threads=1, progress=None):
    """Play ``n_games`` full games (deal, auction, play) with a uniformly random choice among
    the legal actions at every decision, in native code without the GIL.

    Game i depends only on ``seed`` and i: the arrays are the same for any ``threads``.
    ``progress(done, total)`` is called now and then from the calling thread. Returns a
    ``Simulation`` of per-game numpy arrays.
    """
    int_in_range(n_games, "n_games", 0)
    int_in_range(seed, "seed", 0, 2 ** 64 - 1)
    int_in_range(threads, "threads", 1)
    if progress is not None and not callable(progress):
        raise TypeError("progress must be callable or None")
    cdef Rules r = as_rules(rules)
    cdef _Runner runner = _Runner(n_games, seed, r)
    chunk = max(1, n_games if progress is None else n_games // 100)
    for start in range(0, n_games, chunk):
        stop = min(n_games, start + chunk)
        bounds = [start + (stop - start) * t // threads for t in range(threads + 1)]
        workers = [threading.Thread(target=runner.run, args=(bounds[t], bounds[t + 1]))
                   for t in range(1, threads)]
        for worker in workers:
            worker.start()
        runner.run(bounds[0], bounds[1])
        for worker in workers:
            worker.join()
        if progress is not None:
            progress(stop, n_games)
    return Simulation(seed=seed, rules=r, **runner.arrays)
