"""RayTrainer (ddz_fast.train.distributed): Deep Monte-Carlo fed by Ray actors, on the session's
local Ray instance of two CPUs. One actor is the same schedule played in this process (the
weights after training equal bit for bit); two actors train every role; an actor killed
mid-run is replaced with a new seed stream and training goes on (without retries the error
reaches the caller); the seed streams differ; bad arguments are refused before Ray starts;
`ddz-fast train --ray`."""

import io

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="torch cannot be imported: pip install torch==2.13.0 "
                                            "(the train extra: pip install 'ddz-fast[train]')")
train = pytest.importorskip("ddz_fast.train")
from ddz_fast.train.dmc import Actor, Learner, Settings  # noqa: E402
from ddz_fast.train.distributed import RayTrainer, actor_seed  # noqa: E402

torch.set_num_threads(1)        # as each actor: the same floating-point sums
SMALL = Settings(tables=4, batch_size=1, unroll_length=40)      # a batch of 40 decisions


def same_networks(a, b):
    return all(torch.equal(a[role].state_dict()[key], value)
               for role in train.ROLES for key, value in b[role].state_dict().items())


def test_one_actor_is_the_schedule_played_here(ray_cluster):
    """With one actor, each collection is played with the weights of every learner step
    before it: written out here with an Actor and a Learner, the same frames, games, losses
    and weights."""
    trainer = RayTrainer(SMALL, seed=3, actors=1, collect_steps=10)
    trainer.train(decisions=600)
    learner = Learner(SMALL, seed=3)
    actor = Actor(SMALL, {role: train.QNetwork(role) for role in train.ROLES}, seed=actor_seed(3, 0))
    while learner.decisions < 600:
        for role, network in actor.networks.items():
            network.load_state_dict(learner.networks[role].state_dict())
        collected = actor.play(10)
        for role, (z, x, target) in collected.batches.items():
            learner.queues[role].z.extend(z)
            learner.queues[role].x.extend(x)
            learner.queues[role].target.extend(target.tolist())
        learner.record(collected.returns, collected.games, collected.decisions)
        learner.learn_full_batches()
    assert learner.frames > 200 and learner.games > 5
    assert (trainer.frames, trainer.role_frames, trainer.decisions, trainer.games) == (
        learner.frames, learner.role_frames, learner.decisions, learner.games)
    assert trainer.losses == learner.losses and trainer.stats() == learner.stats()
    assert same_networks(trainer.networks, learner.networks)
    assert trainer.incarnations == [1] and trainer.restarts == 0 and trainer.handles == []


def test_two_actors_train_every_role(ray_cluster, tmp_path):
    trainer = RayTrainer(Settings(tables=8, batch_size=2, unroll_length=50), seed=1, actors=2)
    initial = {role: train.QNetwork(role) for role in train.ROLES}
    for role, network in initial.items():
        network.load_state_dict(trainer.networks[role].state_dict())
    reports = []
    trainer.train(decisions=4000, every=0.0, report=lambda t, final: reports.append(final))
    assert trainer.decisions >= 4000 and trainer.games > 20
    assert all(trainer.role_frames[r] >= 100 for r in train.ROLES), trainer.role_frames
    assert all(np.isfinite(trainer.losses[r]) for r in train.ROLES), trainer.losses
    assert not same_networks(trainer.networks, initial)
    assert reports[-1] is True and reports.count(True) == 1 and len(reports) > 1
    assert trainer.incarnations == [1, 1]
    # a second call: new actors, each on its next seed stream; the checkpoint round trip
    trainer.train(decisions=4800)
    assert trainer.incarnations == [2, 2] and trainer.decisions >= 4800
    trainer.save(tmp_path)
    again = Learner(trainer.settings, seed=9)
    again.resume(tmp_path / "model.tar")
    assert again.frames == trainer.frames and same_networks(again.networks, trainer.networks)


def test_a_killed_actor_is_replaced(ray_cluster):
    killed = []

    def kill_once(t, final):
        if not killed:
            ray_cluster.kill(t.handles[0])
            killed.append(t.decisions)

    trainer = RayTrainer(SMALL, seed=2, actors=2, collect_steps=5)
    trainer.train(decisions=2000, every=0.0, report=kill_once)
    assert killed and trainer.restarts == 1 and trainer.incarnations == [2, 1]
    assert trainer.decisions >= 2000 and trainer.frames > 0
    strict = RayTrainer(SMALL, seed=2, actors=2, collect_steps=5, retries=0)
    killed.clear()
    with pytest.raises(ray_cluster.exceptions.RayActorError):
        strict.train(decisions=10**9, every=0.0, report=kill_once)
    assert strict.handles == []


def test_seed_streams():
    seeds = {actor_seed(7, k, i) for k in range(20) for i in range(5)}
    assert len(seeds) == 100 and all(0 <= s < 2 ** 64 for s in seeds)
    assert actor_seed(7, 3, 1) == actor_seed(7, 3, 1) != actor_seed(8, 3, 1)


@pytest.mark.parametrize("kwargs, error, message", [
    ({"actors": 0}, ValueError, "actors must be an integer >= 1 or None, not 0"),
    ({"actors": True}, ValueError, "actors must be"),
    ({"actors": 1.5}, TypeError, "actors"),
    ({"collect_steps": 0}, ValueError, "collect_steps must be an integer >= 1, not 0"),
    ({"retries": -1}, ValueError, "retries must be an integer >= 0, not -1"),
    ({"address": 6379}, TypeError, "address must be a string or None, not int"),
])
def test_bad_arguments(kwargs, error, message, monkeypatch):
    from ddz_fast.train import distributed

    def refuse(address=None):
        raise AssertionError("Ray was reached")

    monkeypatch.setattr(distributed, "cluster", refuse)
    with pytest.raises(error, match=message):
        RayTrainer(SMALL, **kwargs)
    with pytest.raises(ValueError, match="a budget"):
        RayTrainer(SMALL).train()


def test_train_command_on_ray(ray_cluster, tmp_path, capsys):
    from ddz_fast.tools.cli import main
    out = io.StringIO()
    assert main(["train", "--out", str(tmp_path), "--steps", "600", "--tables", "4",
                 "--ray", "--actors", "2", "--batch-size", "1", "--unroll-length", "40",
                 "--evaluate-deals", "2", "--report-every", "1000"], out) == 0
    text = out.getvalue()
    assert "4 tables an actor, actors on a local Ray instance" in text, text
    assert "decisions/s" in text and "WP vs rule: landlord" in text, text
    assert (tmp_path / "model.tar").exists()
    for argv, message in ((["--actors", "2"], "--actors needs --ray"),
                          (["--ray", "--no-learner-thread"], "--no-learner-thread does not apply")):
        with pytest.raises(SystemExit) as stop:
            main(["train", "--out", str(tmp_path), "--steps", "1", *argv], io.StringIO())
        assert stop.value.code == 2 and message in capsys.readouterr().err
