"""The Deep Monte-Carlo trainer (ddz_fast.train.dmc): the Monte-Carlo targets of a game, a short
smoke training (loss finite, every role learned), the checkpoint round trip (our player and
DouZero's DeepAgent load the files and agree move for move; model.tar resumes here and loads
into DouZero's own models and optimizers), and the `ddz-fast train` command."""

import csv
import io
import time as time_module
from collections import Counter

import numpy as np
import pytest

from ddz_fast import Game, Tables
from ddz_fast.encodings import DOUZERO
from peer_helpers import deep_agent_lockstep

torch = pytest.importorskip("torch", reason="torch cannot be imported: pip install torch==2.13.0 "
                                            "(the train extra: pip install 'ddz-fast[train]')")
train = pytest.importorskip("ddz_fast.train")
from ddz_fast.train.dmc import Settings, Trainer  # noqa: E402

torch.set_num_threads(1)        # see test_douzero_player.py
SMALL = Settings(tables=8, batch_size=2, unroll_length=50)      # a batch of 100 decisions


def test_targets_are_each_seats_final_payoff():
    """Random play (epsilon 1) until table 0's first game ends: each decision of that game is
    queued under its role with its seat's payoff, and its z and x are the douzero encoding of
    the game replayed (Tables.deal_seed) at that decision."""
    trainer = Trainer(Settings(tables=1, epsilon=1.0), seed=4)
    played = []
    while trainer.games == 0:
        assert not any(trainer.queues.values())
        chosen = trainer.choose()
        played.append((int(trainer.info["current_player"][0]), int(trainer.info["legal_ids"][chosen[0]])))
        trainer.step_with(chosen)
    game = Game(Tables.deal_seed(4, 0, 0), rules=SMALL.rules)
    expected = {role: [] for role in train.ROLES}
    for seat, action in played:
        role = train.role_of(game, seat)
        move = trainer.tables.space.action(action)
        x = DOUZERO.encode_batch(game, [move])[0]
        expected[role].append((DOUZERO.encode_z(game), x, seat))
        game.play(move)
    payoffs = game.result.scores
    for role, queue in trainer.queues.items():
        assert len(queue) == len(expected[role])
        for (z, x, seat), qz, qx, target in zip(expected[role], queue.z, queue.x, queue.target):
            assert np.array_equal(qz, z) and np.array_equal(qx[:len(x)], x) and not qx[len(x):].any()
            assert target == payoffs[seat]
    assert payoffs[0] == -payoffs[1] == -payoffs[2] and abs(payoffs[0]) in (1, 2, 4, 8, 16)


def test_smoke_training_and_checkpoint_round_trip(tmp_path, dz):
    trainer = Trainer(SMALL, seed=1)
    trainer.train(decisions=3000)
    assert trainer.decisions >= 3000 and trainer.games > 20
    assert all(trainer.role_frames[r] >= 100 for r in train.ROLES), trainer.role_frames
    assert trainer.frames == sum(trainer.role_frames.values())
    assert all(np.isfinite(trainer.losses[r]) for r in train.ROLES), trainer.losses
    paths = trainer.save(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f"{r}_weights_{trainer.frames}.ckpt" for r in train.ROLES] + ["model.tar"])
    seen = Counter()
    saved = np.random.get_state()
    try:
        deep_agent_lockstep(paths, range(3), seen)
    finally:
        np.random.set_state(saved)
    assert seen["differences"] == 0 and seen["scored"] > 50, seen
    # model.tar: resumed here, and read as DouZero's trainer reads it (dmc.train, load_model)
    again = Trainer(SMALL, seed=2)
    again.resume(tmp_path / "model.tar")
    assert again.frames == trainer.frames and again.role_frames == trainer.role_frames
    for role in train.ROLES:
        for key, value in trainer.networks[role].state_dict().items():
            assert torch.equal(again.networks[role].state_dict()[key], value)
    from ddz_fast.tools.peers import douzero_dmc
    states = torch.load(tmp_path / "model.tar", map_location="cpu", weights_only=True)
    theirs = douzero_dmc("models").Model(device="cpu")
    for role in train.ROLES:
        theirs.get_model(role).load_state_dict(states["model_state_dict"][role])
        optimizer = torch.optim.RMSprop(theirs.parameters(role), lr=1e-4, momentum=0, eps=1e-5, alpha=0.99)
        optimizer.load_state_dict(states["optimizer_state_dict"][role])
    assert states["frames"] == trainer.frames and set(states["position_frames"]) == set(train.ROLES)


def test_learner_step_is_douzeros_loss(tmp_path):
    """One learner step equals the MSE step of DouZero's dmc.learn written out: the same
    weights after RMSprop on the same batch."""
    trainer = Trainer(Settings(tables=4, batch_size=1, unroll_length=20), seed=3)
    while len(trainer.queues["landlord"]) < 20:
        trainer.step_with(trainer.choose())
    queue = trainer.queues["landlord"]
    z = torch.from_numpy(np.stack(list(queue.z)[:20]).astype(np.float32))
    x = torch.from_numpy(np.stack(list(queue.x)[:20])[:, :373].astype(np.float32))
    target = torch.tensor(list(queue.target)[:20])
    twin = train.QNetwork("landlord")
    twin.load_state_dict(trainer.networks["landlord"].state_dict())
    optimizer = torch.optim.RMSprop(twin.parameters(), lr=1e-4, momentum=0, eps=1e-5, alpha=0.99)
    loss = ((twin(z, x) - target) ** 2).mean()
    optimizer.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(twin.parameters(), 40.0)
    optimizer.step()
    assert trainer.learn("landlord") == pytest.approx(loss.item(), rel=1e-6)
    for key, value in twin.state_dict().items():
        assert torch.allclose(trainer.networks["landlord"].state_dict()[key], value, atol=1e-7), key


def test_settings_are_checked():
    with pytest.raises(ValueError, match="objective must be one of adp, wp, logadp, not 'points'"):
        Settings(objective="points")
    with pytest.raises(ValueError, match="epsilon must be in 0..1"):
        Settings(epsilon=2)
    with pytest.raises(ValueError, match="tables must be an integer >= 1"):
        Settings(tables=0)
    with pytest.raises(ValueError, match="num_buffers must be an integer >= 1, not 0"):
        Settings(num_buffers=0)
    with pytest.raises(ValueError, match=r"num_buffers \(4\) must be at least batch_size \(8\)"):
        Settings(batch_size=8, num_buffers=4)
    with pytest.raises(ValueError, match="a budget"):
        Trainer(Settings(tables=1)).train()


def test_actors_wait_for_a_slow_learner(monkeypatch):
    """With a learner thread, no actor step starts while a role has a full backlog
    (num_buffers * unroll_length decisions): a learner slowed down makes the actors wait,
    and the learner still learns."""
    settings = Settings(tables=8, batch_size=1, unroll_length=20, num_buffers=2)   # backlog 40
    trainer = Trainer(settings, seed=5)
    learn, step_with, backlog_full = trainer._learn, trainer.step_with, trainer._backlog_full
    before_steps, waits = [], []

    def slow_learn(role):
        time_module.sleep(0.03)
        return learn(role)

    def recorded_backlog_full():
        waits.append(backlog_full())
        return waits[-1]

    def recorded_step_with(chosen):
        before_steps.append(max(len(queue) for queue in trainer.queues.values()))
        step_with(chosen)

    monkeypatch.setattr(trainer, "_learn", slow_learn)
    monkeypatch.setattr(trainer, "step_with", recorded_step_with)
    monkeypatch.setattr(trainer, "_backlog_full", recorded_backlog_full)
    trainer.train(decisions=1_500, learner_thread=True)
    assert max(before_steps) < settings.backlog
    # the actors did outrun the learner and wait, and the learner went on learning
    assert any(waits) and trainer.frames >= 20 * 3


def test_train_command(tmp_path):
    from ddz_fast.tools.cli import main
    out = io.StringIO()
    assert main(["train", "--out", str(tmp_path), "--steps", "400", "--tables", "8",
                 "--evaluate-deals", "2", "--report-every", "1000"], out) == 0
    text = out.getvalue()
    assert "decisions/s" in text and "WP vs rule: landlord" in text, text
    assert (tmp_path / "model.tar").exists() and (tmp_path / "landlord_weights_0.ckpt").exists()
    with open(tmp_path / "log.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert int(rows[-1]["decisions"]) >= 400 and rows[-1]["wp_landlord"] != ""


def test_train_command_takes_douzeros_flags(tmp_path):
    """DouZero's flags reach the trainer (model.tar's flags), and each option's help names
    Settings' default, which the parser cannot import without torch."""
    from ddz_fast.tools.cli import DOUZERO_FLAGS, main, parser
    out = io.StringIO()
    assert main(["train", "--out", str(tmp_path), "--steps", "200", "--tables", "4",
                 "--batch-size", "2", "--unroll-length", "25", "--learning-rate", "0.001",
                 "--epsilon", "0.2", "--num-buffers", "3", "--evaluate-deals", "1",
                 "--no-learner-thread"], out) == 0
    assert "batches of 2 x 25 decisions, learning rate 0.001, epsilon 0.2" in out.getvalue()
    flags = torch.load(tmp_path / "model.tar", weights_only=True)["flags"]
    assert {k: flags[k] for k in DOUZERO_FLAGS} == {
        "epsilon": 0.2, "batch_size": 2, "unroll_length": 25, "learning_rate": 0.001, "num_buffers": 3}
    train_parser = parser()._subparsers._group_actions[0].choices["train"]
    helps = {action.dest: action.help for action in train_parser._actions}
    for name in DOUZERO_FLAGS:
        assert helps[name].endswith(f"(default: {getattr(Settings(), name)})"), name
    assert main(["train", "--out", str(tmp_path), "--steps", "1", "--batch-size", "64"],
                io.StringIO()) == 2


def test_learner_thread():
    """Learning in a second thread: every role learns, the actors' copies follow the learner
    after each step, and once training stops the actors play the learner's networks again."""
    trainer = Trainer(SMALL, seed=5)
    trainer.train(decisions=2000, learner_thread=True)
    assert trainer.actor_networks is trainer.networks
    assert all(trainer.role_frames[r] >= 100 for r in train.ROLES), trainer.role_frames
    assert all(np.isfinite(trainer.losses[r]) for r in train.ROLES), trainer.losses
    snapshot = trainer.snapshot()
    for role in train.ROLES:
        assert snapshot[role] is not trainer.networks[role]
        for key, value in trainer.networks[role].state_dict().items():
            assert torch.equal(snapshot[role].state_dict()[key], value)


def same_weights(player, networks):
    return all(torch.equal(player.networks[role].state_dict()[key], value)
               for role in train.ROLES for key, value in networks[role].state_dict().items())


def test_a_player_from_a_folder_of_checkpoints(tmp_path):
    """DouZeroPlayer.from_folder takes the most frames of what the trainer wrote, or DouZero's
    baseline names (<role>.ckpt) first; a missing role is named; `ddz-fast evaluate` takes
    the folder as a player, with evaluate's figures."""
    trainer = Trainer(SMALL, seed=6)
    trainer.train(decisions=300)
    trainer.save(tmp_path)
    early = {role: train.QNetwork(role) for role in train.ROLES}
    for network in early.values():
        network.load_state_dict(trainer.networks[network.role].state_dict())
    trainer.train(decisions=1500)
    later = trainer.save(tmp_path)
    assert trainer.frames > 0 and len(list(tmp_path.glob("landlord_weights_*.ckpt"))) == 2
    player = train.DouZeroPlayer.from_folder(tmp_path)
    assert same_weights(player, trainer.networks) and not same_weights(player, early)
    assert repr(player) == f"DouZeroPlayer.from_folder({str(tmp_path)!r})"
    baselines = tmp_path / "baselines"
    baselines.mkdir()
    for role in train.ROLES:
        torch.save(early[role].state_dict(), baselines / f"{role}.ckpt")
        (baselines / f"{role}_weights_9.ckpt").write_bytes(open(later[role], "rb").read())
    assert same_weights(train.DouZeroPlayer.from_folder(baselines), early)
    (baselines / "landlord_up.ckpt").unlink()
    (baselines / "landlord_up_weights_9.ckpt").unlink()
    with pytest.raises(ValueError, match="has no checkpoint of the landlord_up: landlord_up.ckpt or"):
        train.DouZeroPlayer.from_folder(baselines)
    with pytest.raises(ValueError, match="is not a folder of DouZero checkpoints"):
        train.DouZeroPlayer.from_folder(tmp_path / "landlord_weights_0.ckpt")

    from ddz_fast import evaluate
    from ddz_fast.tools.cli import main
    out = io.StringIO()
    assert main(["evaluate", "--landlord", str(tmp_path), "--farmers", "rule", "--deals", "6",
                 "--seed", "3"], out) == 0
    assert out.getvalue().strip() == str(evaluate(player, "rule", 6, seed=3))
