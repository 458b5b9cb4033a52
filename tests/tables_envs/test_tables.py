"""ddz_fast.Tables: every table replayed through a plain Game (dealt with Tables.deal_seed), its
observation through the encodings API, its legal ids through ActionSpace.legal_ids, its rewards
from Game.result, under each autoreset mode, each illegal-action policy, 1 and 2 threads, and
several presets (the wild-card ones too) and schemes; then the arguments, the buffers and
concurrent calls."""

import random

import numpy as np
import pytest

from ddz_fast import (
    ActionSpace, Game, GreedyPlayer, IllegalActionError, RandomPlayer, RedealLimitError, Rules,
    RulePlayer, Tables, UnsupportedRulesError,
)
from ddz_fast.encodings import (
    COMPACT, DOUZERO, OPENSPIEL, RLCARD, CompactEncoding, DouZeroEncoding, OpenSpielEncoding,
    RLCardEncoding,
)
from helpers import FOUR_PRESETS, WILD_PRESETS, check_rules_argument, run_threads
from table_helpers import Mirror, expected_row, role_of

MODES = ("next_step", "same_step", "disabled")
POLICIES = ("raise", "lose", "forfeit")


def check_table(tables, obs, info, i, mirror, final=False):
    """Row i of obs and info against the mirror's game."""
    space, scheme = tables.space, tables.observation
    game, seat = mirror.game, mirror.seat
    assert info["current_player"][i] == seat and info["role"][i] == role_of(game, seat)
    ids = info["legal_ids"][info["legal_offsets"][i]:info["legal_offsets"][i + 1]]
    legal = [] if mirror.over else space.legal_ids(game).tolist()
    assert ids.tolist() == legal
    if "action_mask" in info:
        assert np.flatnonzero(info["action_mask"][i]).tolist() == legal
    if scheme.name == "douzero":
        width = obs["x_no_action"].shape[1]
        assert np.array_equal(obs["x_no_action"][i], expected_row(scheme, game, seat, width))
        assert np.array_equal(obs["z"][i], scheme.encode_z(game))
        if not final:
            rows = obs["x_batch"][info["legal_offsets"][i]:info["legal_offsets"][i + 1]]
            if game.landlord is None:
                assert not rows.any()
            elif legal:
                batch = scheme.encode_batch(game, [space.action(a) for a in legal], seat)
                assert np.array_equal(rows[:, :batch.shape[1]], batch)
                assert not rows[:, batch.shape[1]:].any()
    else:
        assert np.array_equal(obs[i], expected_row(scheme, game, seat, obs.shape[1])), (
            i, game.position())
    if not final:
        copy = tables.game(i)
        assert copy.history == game.history and copy.position() == game.position()


def choose(rng, info, i, space, policy, p_illegal):
    ids = info["legal_ids"][info["legal_offsets"][i]:info["legal_offsets"][i + 1]].tolist()
    if not ids:
        return rng.randrange(len(space))        # a finished table: ignored (next_step)
    if policy != "raise" and rng.random() < p_illegal:
        return rng.randrange(len(space))        # mostly illegal
    return rng.choice(ids)


def run_replay(preset, scheme, mode, policy, threads, n=5, steps=150, seed=11, opponents=None):
    rules = Rules.preset(preset)
    tables = Tables(n, rules=rules, observation=scheme, seed=seed, threads=threads,
                    autoreset=mode, illegal_action=policy, opponents=opponents,
                    action_mask=preset not in WILD_PRESETS)     # (wild spaces: millions of ids)
    assert tables.metadata["autoreset_mode"] == mode
    space = tables.space
    mirrors = [Mirror(seed, i, rules, opponents) for i in range(n)]
    obs, info = tables.reset()
    for i in range(n):
        check_table(tables, obs, info, i, mirrors[i])
    rng = random.Random(f"{preset} {mode} {policy} {threads} {opponents}")
    ended = 0
    for _ in range(steps):
        actions = np.array([choose(rng, info, i, space, policy, 0.05) for i in range(n)])
        expected = []
        for i, mirror in enumerate(mirrors):
            if mirror.over:                     # next_step: this step deals the next game
                mirror.start()
                expected.append(([0.0] * rules.players, False))
            else:
                expected.append(mirror.apply(space, int(actions[i]), policy))
        obs, rewards, terminated, truncated, info = tables.step(actions)
        assert rewards.dtype == np.float32 and rewards.shape == (n, rules.players)
        assert not truncated.any()
        for i, mirror in enumerate(mirrors):
            assert rewards[i].tolist() == expected[i][0] and terminated[i] == expected[i][1]
            if mode == "same_step":
                assert info["_final_obs"][i] == expected[i][1]
                if expected[i][1]:
                    check_table(tables, info["final_obs"], info["final_info"] | {
                        "legal_offsets": np.zeros(n + 1, np.int64), "legal_ids": np.zeros(0, np.int32)},
                        i, mirror, final=True)
                    mirror.start()
            check_table(tables, obs, info, i, mirror)
        ended += int(terminated.sum())
        if mode == "disabled" and terminated.any():
            legal = np.array([choose(rng, info, i, space, "raise", 0) for i in range(n)])
            with pytest.raises(IllegalActionError, match=f"table {int(np.argmax(terminated))}: "
                                                         "the game is over"):
                tables.step(legal)
            mask = terminated.copy()
            obs, info = tables.reset(options={"reset_mask": mask})
            for i in np.flatnonzero(mask):
                mirrors[i].start()
            for i in range(n):
                check_table(tables, obs, info, i, mirrors[i])
    assert ended >= 3
    return ended


def threads_of(preset):
    """The thread counts a replay runs on: wild-card games on two only (their results do not
    depend on it: test_threads_do_not_change_results), as their moves are many more."""
    return (2,) if preset in WILD_PRESETS else (1, 2)


@pytest.mark.parametrize("preset, scheme", [
    ("standard", COMPACT), ("rlcard", RLCARD), ("douzero", DOUZERO), ("openspiel", OPENSPIEL),
    ("standard", DOUZERO), ("rlcard", RLCardEncoding(others_hand=False)),
    ("standard", CompactEncoding(perfect_information=True)),
    ("rlcard", RLCardEncoding(others_hand=False, bug_compatible=True, perfect_information=True)),
    ("douzero", DouZeroEncoding(perfect_information=True)),
    ("openspiel", OpenSpielEncoding(bug_compatible=True, perfect_information=True)),
    ("laizi", COMPACT), ("tiandi_laizi", CompactEncoding(perfect_information=True)),
    ("four_1v3", COMPACT), ("four_2v2", CompactEncoding(perfect_information=True)),
])
@pytest.mark.slow
def test_tables_replay_through_games(preset, scheme):
    for mode in MODES:
        for policy in POLICIES:
            for threads in threads_of(preset):
                run_replay(preset, scheme, mode, policy, threads)


OPPONENTS = ({1: GreedyPlayer(), 2: GreedyPlayer()}, {0: RandomPlayer()},
             {0: GreedyPlayer(), 2: RandomPlayer()}, {1: RandomPlayer(), 2: GreedyPlayer()},
             {1: RulePlayer(0), 2: RulePlayer(0)})


@pytest.mark.parametrize("preset, opponents", [
    (preset, opponents) for preset in sorted(Rules.presets())
    # wild-card and four-player games: no rule player (RLCard's agent plays neither:
    # test_wild_tables_refusals, test_four_player_tables_refusals); wild-card games: two
    # greedy opponents and one random
    for opponents in (OPPONENTS[:2] if preset in WILD_PRESETS
                      else OPPONENTS[:4] if preset in FOUR_PRESETS else OPPONENTS)
], ids=repr)
@pytest.mark.slow
def test_tables_with_opponents_replay_through_games(preset, opponents):
    """Opponents act inside the step: every output is for a learner seat, every game (and
    Tables.game) equals the one replayed with the Python players."""
    scheme = DOUZERO if preset == "douzero" else COMPACT
    for mode in MODES:
        for policy in POLICIES:
            for threads in threads_of(preset):
                run_replay(preset, scheme, mode, policy, threads, n=4, seed=5,
                           steps=150 if preset in FOUR_PRESETS else 60,   # (longer games)
                           opponents=opponents)


@pytest.mark.parametrize("mode", MODES)
def test_tables_with_opponents_quick(mode):
    """The quick loop's share of the replay above: two greedy opponents, then a random one."""
    run_replay("standard", COMPACT, mode, "lose", 2, n=4, steps=60, seed=5,
               opponents={1: GreedyPlayer(), 2: GreedyPlayer()})
    run_replay("rlcard", RLCARD, mode, "raise", 1, n=4, steps=60, seed=6,
               opponents={0: RandomPlayer()})


@pytest.mark.parametrize("mode", MODES)
def test_wild_tables_quick(mode):
    """The quick loop's share of the wild-card replays: legal ids among millions, actions
    decoded to physical cards, the compact encoding's wild block, native opponents."""
    run_replay("laizi", COMPACT, mode, "forfeit", 2, n=4, steps=60, seed=7)
    run_replay("tiandi_laizi", CompactEncoding(perfect_information=True), mode, "raise", 1,
               n=3, steps=60, seed=8, opponents={2: GreedyPlayer()})


@pytest.mark.parametrize("mode", MODES)
def test_four_player_tables_quick(mode):
    """The quick loop's share of the four-player replays: two decks' legal ids (past a
    one-deck buffer), four rewards, roles and compact rows of four seats, native opponents."""
    run_replay("four_1v3", COMPACT, mode, "lose", 2, n=4, steps=80, seed=9)
    run_replay("four_2v2", CompactEncoding(perfect_information=True), mode, "raise", 1, n=3,
               steps=80, seed=10, opponents={1: GreedyPlayer(), 3: RandomPlayer()})


def test_four_player_tables_refusals():
    """Four seats: the peers' observations (of three seats), the rule player and every seat an
    opponent are refused by name; a seat up to 3 is an opponent's."""
    tables = Tables(2, actions="four_2v2", seed=1, opponents={3: GreedyPlayer()})
    assert tables.rules == Rules.preset("four_2v2") and len(tables.space) == 7_773
    obs, info = tables.reset()
    assert obs.shape == (2, 342) and tables.step(np.zeros(2, np.int64))[1].shape == (2, 4)
    for scheme in ("rlcard", "openspiel", "douzero"):
        with pytest.raises(UnsupportedRulesError, match=f"observation: the {scheme} encoding is "
                                                        f"a peer's observation of three seats"):
            Tables(1, rules="four_1v3", observation=scheme)
    with pytest.raises(UnsupportedRulesError, match=r"opponents\[1\], the rule player"):
        Tables(1, rules="four_1v3", opponents={1: RulePlayer(0)})
    with pytest.raises(ValueError, match="all four seats are opponents"):
        Tables(1, rules="four_1v3", opponents={seat: RandomPlayer() for seat in range(4)})
    with pytest.raises(ValueError, match=r"opponents: a seat must be an integer in 0..3, not 4"):
        Tables(1, rules="four_1v3", opponents={4: RandomPlayer()})
    with pytest.raises(ValueError, match="numbers the actions of"):
        Tables(1, rules="four_1v3", actions="four_2v2")


def test_wild_tables_refusals():
    """What a wild-card game cannot have in Tables, refused by name before anything is made."""
    tables = Tables(2, actions="laizi", seed=1)             # the space gives the rules
    assert tables.rules == Rules.preset("laizi") and len(tables.space) == 2_157_615
    for scheme in ("rlcard", "openspiel", "douzero"):
        with pytest.raises(UnsupportedRulesError, match=f"observation: the {scheme} encoding"):
            Tables(1, rules="laizi", observation=scheme)
    with pytest.raises(UnsupportedRulesError, match=r"action_mask: a row of the 28,009,921 ids"):
        Tables(1, rules="tiandi_laizi", action_mask=True)
    with pytest.raises(UnsupportedRulesError, match=r"opponents\[1\], the rule player"):
        Tables(1, rules="laizi", opponents={1: RulePlayer(0)})
    with pytest.raises(ValueError, match="numbers the actions of"):
        Tables(1, rules="laizi", actions="standard")


def test_opponents_arguments():
    tables = Tables(2, seed=1, opponents={2: GreedyPlayer(), 0: RandomPlayer()})
    assert list(tables.opponents) == [0, 2] and isinstance(tables.opponents[2], GreedyPlayer)
    assert "opponents={0: RandomPlayer(), 2: GreedyPlayer()}" in repr(tables)
    with pytest.raises(TypeError, match=r"opponents\[1\]: .* has no native kernel"):
        Tables(2, opponents={1: lambda game: 0})
    with pytest.raises(ValueError, match="all three seats are opponents"):
        Tables(2, opponents={0: GreedyPlayer(), 1: GreedyPlayer(), 2: RandomPlayer()})
    with pytest.raises(ValueError, match="opponents: a seat"):
        Tables(2, opponents={3: GreedyPlayer()})
    with pytest.raises(TypeError, match="opponents must be a dict"):
        Tables(2, opponents=[GreedyPlayer()])
    with pytest.raises(ValueError, match="call reset"):
        tables.game(0)
    tables.reset()
    for bad in (-1, 2, "0"):
        with pytest.raises((ValueError, TypeError), match="table"):
            tables.game(bad)
    game = tables.game(1)
    game.play(game.legal_moves()[0]) if game.phase == "play" else game.bid(0)
    assert tables.game(1).history != game.history           # a copy


def test_perfect_information_widths():
    """Rows are as wide as the scheme's widest observation, tail included."""
    for scheme, width in ((CompactEncoding(perfect_information=True), 325 + 30),
                          (OpenSpielEncoding(perfect_information=True), 159 + 138),
                          (RLCardEncoding(perfect_information=True), 901 + 108)):
        obs, _ = Tables(2, observation=scheme, seed=3).reset()
        assert obs.shape == (2, width) and obs.dtype == scheme.dtype
    obs, info = Tables(2, rules="douzero", observation=DouZeroEncoding(perfect_information=True),
                       seed=3).reset()
    assert obs["x_no_action"].shape == (2, 430 + 108) and obs["x_batch"].shape[1] == 430 + 108 + 54


def random_run(threads, steps=60, **kwargs):
    tables = Tables(64, seed=3, threads=threads, copy=True, **kwargs)
    obs, info = tables.reset()
    rng = np.random.default_rng(1)
    out = [(obs, info)]
    for _ in range(steps):
        offsets, ids = info["legal_offsets"], info["legal_ids"]
        counts = np.diff(offsets)
        pick = offsets[:-1] + (rng.random(64) * counts).astype(np.int64)
        actions = np.where(counts > 0, ids[np.minimum(pick, max(len(ids) - 1, 0))], 0)
        obs, rewards, terminated, _, info = tables.step(actions)
        out.append((obs, rewards, terminated, info))
    return out


def same(a, b):
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return np.array_equal(a, b)


@pytest.mark.parametrize("rules, observation", [
    ("standard", "compact"), ("standard", "douzero"), ("tiandi_laizi", "compact"),
    ("four_2v2", "compact")])
def test_threads_do_not_change_results(rules, observation):
    assert same(random_run(1, rules=rules, observation=observation),
                random_run(2, rules=rules, observation=observation))


def test_seeds_and_resets():
    tables = Tables(4, seed=5)
    obs, _ = tables.reset()
    first = obs.copy()
    obs, _ = tables.reset()                 # the next games
    assert not np.array_equal(obs, first)
    assert np.array_equal(obs[2], COMPACT.encode(Game(Tables.deal_seed(5, 2, 1))))
    obs, _ = tables.reset(seed=5)           # reseeded: the first games again
    assert np.array_equal(obs, first) and tables.seed == 5
    assert Tables.deal_seed(5, 2, 0) != Tables.deal_seed(5, 2, 1) != Tables.deal_seed(5, 3, 1)
    assert isinstance(Tables(2).seed, int)


def test_buffers_are_reused_unless_copy():
    tables = Tables(3, seed=1)
    obs, info = tables.reset()
    actions = info["legal_ids"][info["legal_offsets"][:-1]]
    obs2, rewards, terminated, truncated, info2 = tables.step(actions)
    assert obs2 is obs and info2["current_player"] is info["current_player"]
    tables = Tables(3, seed=1, copy=True)
    obs, info = tables.reset()
    obs2, *_ = tables.step(info["legal_ids"][info["legal_offsets"][:-1]])
    assert obs2 is not obs and not np.shares_memory(obs, obs2)


def test_raise_changes_nothing():
    tables = Tables(3, seed=2)
    obs, info = tables.reset()
    before = (obs.copy(), info["legal_ids"].copy())
    actions = info["legal_ids"][info["legal_offsets"][:-1]].copy()
    bad = 5 if 5 not in info["legal_ids"][info["legal_offsets"][1]:info["legal_offsets"][2]] else 6
    actions[1] = bad
    with pytest.raises(IllegalActionError, match=f"table 1: action {bad} "):
        tables.step(actions)
    obs, info = tables.reset(options={"reset_mask": np.zeros(3, bool)})
    assert np.array_equal(obs, before[0]) and np.array_equal(info["legal_ids"], before[1])


def test_bad_arguments():
    for n in (0, -1):
        with pytest.raises(ValueError, match="n must be an integer in 1"):
            Tables(n)
    with pytest.raises(TypeError, match="n must be an integer"):
        Tables(2.0)
    with pytest.raises(ValueError, match="autoreset must be one of"):
        Tables(2, autoreset="never")
    with pytest.raises(ValueError, match="illegal_action must be one of"):
        Tables(2, illegal_action="ignore")
    with pytest.raises(ValueError, match="observation must be one of"):
        Tables(2, observation="pgx")
    with pytest.raises(TypeError, match="observation must be"):
        Tables(2, observation=3)
    with pytest.raises(ValueError, match="numbers the actions of"):
        Tables(2, rules="rlcard", actions="standard")
    with pytest.raises(ValueError, match="threads must be"):
        Tables(2, threads=0)
    with pytest.raises(TypeError, match="action_mask must be True or False"):
        Tables(2, action_mask=1)
    tables = Tables(2, seed=0)
    with pytest.raises(ValueError, match="call reset"):
        tables.step(np.zeros(2, np.int64))
    tables.reset()
    for actions in (np.zeros(3, np.int64), np.zeros((2, 1), np.int64), np.zeros(2, np.float64),
                    ["a", "b"]):
        with pytest.raises(ValueError, match=r"actions must be an integer array of shape \(2,\)"):
            tables.step(actions)
    for bad in (-1, len(tables.space)):
        with pytest.raises(ValueError, match=r"actions\[1\] must be an action id in 0..28741"):
            tables.step(np.array([0, bad]))
    for options in ({"reset_mask": np.zeros(3, bool)}, {"reset_mask": [True, False]}, {"x": 1}):
        with pytest.raises(ValueError, match="options"):
            tables.reset(options=options)
    assert Tables(3, rules="douzero").space == ActionSpace("douzero")
    assert Tables(3, actions=ActionSpace("rlcard")).rules == Rules.preset("rlcard")
    with pytest.raises(ValueError, match="made without __init__"):
        Tables.__new__(Tables).reset()


@pytest.mark.parametrize("actions", [None, "openspiel", ActionSpace("douzero")])
def test_rules_take_a_preset_name(actions):
    def make(rules):
        tables = Tables(2, rules=rules, actions=actions, seed=3)
        return tables.reset(), tables.rules, tables.space
    check_rules_argument(make)


def test_concurrent_calls_are_refused():
    """Two threads stepping one Tables: calls that overlap get RuntimeError, none crashes,
    and the tables stay consistent (every table's legal set is its game's)."""
    tables = Tables(20_000, seed=4, illegal_action="lose")
    tables.reset()
    refused = []

    def hammer():
        for _ in range(30):
            try:
                tables.step(np.zeros(20_000, np.int64))
            except RuntimeError as e:
                refused.append(e)
    run_threads([hammer] * 2)
    assert refused and "in use by another thread" in str(refused[0])
    obs, _ = tables.reset(options={"reset_mask": np.zeros(20_000, bool)})
    assert obs.shape == (20_000, 325)


@pytest.mark.parametrize("policy", POLICIES)
def test_redeal_limit(policy):
    """Tables that always pass redeal until the pass that would redeal once more than
    MAX_REDEALS: refused under raise (nothing changes), a lost game under the others."""
    tables = Tables(2, seed=9, illegal_action=policy)
    tables.reset()
    passes = np.zeros(2, np.int64)           # the pass id of "standard"
    for _ in range(3 * 100 + 2):
        _, rewards, terminated, _, info = tables.step(passes)
        assert not terminated.any() and not rewards.any()
    mover = info["current_player"].copy()
    if policy == "raise":
        with pytest.raises(RedealLimitError, match="table 0: action 0 .*100 redeals"):
            tables.step(passes)
        _, rewards, terminated, _, info = tables.step(np.array([1, 1]))    # bids still go
        assert not terminated.any()
        return
    _, rewards, terminated, _, info = tables.step(passes)
    assert terminated.all() and info["current_player"].tolist() == mover.tolist()
    other = 0 if policy == "lose" else 1
    for i in range(2):
        assert rewards[i].tolist() == [-1 if s == mover[i] else other for s in range(3)]
    assert not info["legal_ids"].size


def test_auction_everyone_passed():
    """openspiel: an auction everyone passed ends the deal unscored (all_pass="end")."""
    tables = Tables(3, rules="openspiel", observation="openspiel", seed=2, autoreset="disabled")
    _, info = tables.reset()
    for _ in range(3):
        assert info["role"].tolist() == [-1] * 3
        obs, rewards, terminated, _, info = tables.step(np.zeros(3, np.int64))
    assert terminated.all() and not rewards.any() and info["role"].tolist() == [-1] * 3
    game = Game(Tables.deal_seed(2, 1, 0), rules=Rules.preset("openspiel"))
    for _ in range(3):
        game.bid(0)
    assert game.result.winner is None
    assert np.array_equal(obs[1], OPENSPIEL.encode(game, info["current_player"][1]))


def test_next_step_ignores_the_actions_of_finished_tables():
    tables = Tables(3, rules="openspiel", seed=2)
    tables.reset()
    for _ in range(2):
        tables.step(np.zeros(3, np.int64))
    actions = np.array([0, 0, 1])               # table 2 bids: its game goes on
    _, _, terminated, _, info = tables.step(actions)
    assert terminated.tolist() == [True, True, False] and info["legal_offsets"][2] == 0
    with pytest.raises(ValueError, match=r"actions\[2\] must be an action id"):
        tables.step(np.array([-1, 10 ** 6, -1]))
    _, rewards, terminated, _, info = tables.step(np.array([-1, 10 ** 6, 0]))
    assert not terminated.any() and not rewards.any()
    first = Game(Tables.deal_seed(2, 0, 1), rules=Rules.preset("openspiel"))
    assert info["legal_ids"][:info["legal_offsets"][1]].tolist() == ActionSpace(
        "openspiel").legal_ids(first).tolist()
