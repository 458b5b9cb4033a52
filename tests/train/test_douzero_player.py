"""DouZeroPlayer against DouZero 1.1.0's own agent: checkpoints written by DouZero's model
classes (douzero.dmc.models, seeded random weights) and saved as DouZero's trainer saves them
(torch.save of each model's state_dict), loaded by our player and by DouZero's DeepAgent
(douzero.evaluation.deep_agent), which then play DouZero's Env and our Game of the same deals in
lockstep (tests/peer_helpers.py): the same move at every position. Also the loader's checks."""

from collections import Counter

import numpy as np
import pytest

from ddz_fast import PASS, Game, GreedyPlayer, Rules, Series
from peer_helpers import deep_agent_lockstep, douzero_checkpoints

torch = pytest.importorskip("torch", reason="torch cannot be imported: pip install torch==2.13.0 "
                                            "(the train extra: pip install 'ddz-fast[train]')")
train = pytest.importorskip("ddz_fast.train")
# One thread: on a machine whose cores other processes keep busy, torch's OpenMP threads wait on
# each other for seconds at every call.
torch.set_num_threads(1)


def run_lockstep(tmp_path, weight_seeds, deals):
    seen = Counter()
    saved = np.random.get_state()
    try:
        for w in weight_seeds:
            deep_agent_lockstep(douzero_checkpoints(tmp_path, w), range(w * deals, (w + 1) * deals), seen)
    finally:
        np.random.set_state(saved)
    return seen


@pytest.mark.usefixtures("dz")
def test_douzero_player_is_deep_agent(tmp_path):
    seen = run_lockstep(tmp_path, (1,), 8)
    assert seen["differences"] == 0 and seen["scored"] > 200, seen


@pytest.mark.slow
@pytest.mark.usefixtures("dz")
@pytest.mark.parametrize("weights", (2, 3, 4, 5))      # 300 games in all, in parallel parts
def test_douzero_player_is_deep_agent_on_hundreds_of_games(tmp_path, weights):
    seen = run_lockstep(tmp_path, (weights,), 75)
    print(dict(seen))
    assert seen["differences"] == 0 and seen["scored"] > 2_000, seen
    assert seen["deviating positions"] < seen["positions"] // 100, seen


def random_state(role, seed=0):
    torch.manual_seed(seed)
    return train.QNetwork(role).state_dict()


def test_state_dict_keys_are_douzero_layout():
    state = random_state("landlord")
    assert list(state) == ["lstm.weight_ih_l0", "lstm.weight_hh_l0", "lstm.bias_ih_l0",
                           "lstm.bias_hh_l0"] + [f"dense{i}.{p}" for i in range(1, 7)
                                                 for p in ("weight", "bias")]
    assert state["dense1.weight"].shape == (512, 373 + 128)
    assert random_state("landlord_up")["dense1.weight"].shape == (512, 484 + 128)


def test_loader_refuses_missing_and_misshapen_keys(tmp_path):
    state = random_state("landlord_down")
    del state["dense6.bias"]
    with pytest.raises(ValueError, match="lacks dense6.bias"):
        train.load_network("landlord_down", state)
    with pytest.raises(ValueError, match=r"dense1.weight.*\(512, 612\), not \(512, 501\)"):
        train.load_network("landlord_up", random_state("landlord"))
    path = tmp_path / "list.ckpt"
    torch.save([1, 2], path)
    with pytest.raises(ValueError, match="list.ckpt holds a list, not a state dict"):
        train.load_network("landlord", path)
    with pytest.raises(ValueError, match="role must be one of"):
        train.QNetwork("farmer")
    extra = dict(random_state("landlord"), unrelated=torch.zeros(1))  # ignored, as DeepAgent does
    assert train.load_network("landlord", extra)(torch.zeros(1, 5, 162), torch.zeros(1, 373)).shape == (1,)


def test_player_roles_bidder_and_errors():
    player = train.DouZeroPlayer(landlord=random_state("landlord"))
    game = Game(3, rules="douzero")
    assert game.to_move == 0 and player(game) in game.legal_moves()
    game.play(player(game))
    with pytest.raises(ValueError, match="seat 1 plays landlord_down, and this DouZeroPlayer has no"):
        player(game)
    with pytest.raises(ValueError, match="at least one role"):
        train.DouZeroPlayer()
    with pytest.raises(ValueError, match="the network given is the landlord's"):
        train.DouZeroPlayer(landlord_up=train.QNetwork("landlord"))
    standard = Game(5)                          # an auction: a bidder is needed
    with pytest.raises(ValueError, match="do not bid"):
        player(standard)
    full = train.DouZeroPlayer(**{r: random_state(r, i) for i, r in enumerate(train.ROLES)},
                               bidder=GreedyPlayer())
    series = Series(4, seed=2, rules=Rules()).run([full] * 3)   # any landlord seat
    assert series.finished
    finished = Game.from_hands(["3", "4", "5"], rules="douzero")
    finished.play("3")
    with pytest.raises(ValueError, match="over"):
        full(finished)


def test_roles_follow_the_landlord():
    for landlord in range(3):
        game = Game.from_hands(["3", "4", "5"], landlord=landlord, rules="douzero")
        roles = [train.role_of(game, seat) for seat in range(3)]
        assert roles[landlord] == "landlord"
        assert roles[(landlord + 1) % 3] == "landlord_down"      # plays after the landlord
        assert roles[(landlord + 2) % 3] == "landlord_up"


def test_q_values_are_argmaxed_over_the_legal_moves():
    player = train.DouZeroPlayer(landlord=random_state("landlord", 7))
    game = Game(11, rules="douzero")
    moves, q = player.q_values(game)
    assert moves == list(game.legal_moves()) and q.shape == (len(moves),) and q.dtype == np.float32
    assert player(game) == moves[int(np.argmax(q))]
    assert PASS not in moves                            # the landlord leads: no pass
