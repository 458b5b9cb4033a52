"""Deep Monte-Carlo with Ray actors (the ``train`` and ``ray`` extras): ``ddz-fast train --ray``.

``RayTrainer(settings=Settings(), *, seed=0, networks=None, actors=None, address=None,
collect_steps=32, retries=3)`` is a ``Learner`` fed by ``actors`` Ray actors (default: the
cluster's CPUs less one, at least one), each an ``Actor`` of ``settings.tables`` tables with a
seed stream of its own: the k-th actor's ``i``-th incarnation (a first one, then one more each
time it is replaced: after its process died, or in a later ``train`` call) plays
``Tables(seed=actor_seed(seed, k, i))``, a child of ``numpy.random.SeedSequence(seed)``, so no
two actors deal the same games. Each actor plays ``collect_steps`` decisions at every table of
its own, then sends back the decisions of the games that finished (with their targets) and
the weights it played are refreshed with the next request: an actor is at most one
collection behind the learner (DouZero's actors are a learner step behind). The learner, in
this process, takes a step for each full batch as collections arrive, so an actor waits
for it when it lags (one request an actor in flight bounds memory).

``train(...)`` takes ``Trainer.train``'s budget and reports (there is no learner thread);
``frames``, ``decisions``, ``games``, ``losses``, ``returns``, ``save``, ``resume``, ``stats``
and ``snapshot`` are ``Learner``'s. An actor whose process dies is replaced
(``restarts`` counts them; after ``retries`` in one call the error is raised); its games in
progress are lost, which changes no target (a decision's target is its finished game's
payoff). The run depends on the order in which collections arrive: it is not a function of
the seed, as ``Trainer`` with a learner thread is not. Where the work runs is decided as in
``ddz_fast.distributed`` (``address``; without one, a local Ray instance for the call).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
import torch

from ..checks import check_int
from ..distributed import check_address, cluster
from .dmc import Actor, Collected, Learner, Settings
from .network import ROLES, QNetwork

__all__ = ["RayTrainer", "actor_seed"]

COLLECT_STEPS = 32      # decisions a table between two reports of an actor (64 tables: ~2.5 MB)


def actor_seed(seed: int, actor: int, incarnation: int = 0) -> int:
    """The ``Tables`` seed (0..2**64-1) of incarnation ``incarnation`` of actor ``actor``."""
    sequence = np.random.SeedSequence(seed, spawn_key=(actor, incarnation))
    return int(sequence.generate_state(1, np.uint64)[0])


class ActorProcess:
    """The body of a Ray actor: an ``Actor`` playing networks whose weights come with each
    request (one torch thread: each actor is given one CPU)."""

    def __init__(self, settings: Settings, seed: int) -> None:
        torch.set_num_threads(1)
        self.actor = Actor(settings, {role: QNetwork(role) for role in ROLES}, seed=seed)

    def collect(self, weights: dict[str, dict[str, torch.Tensor]] | None, steps: int) -> Collected:
        """Load ``weights`` (None: keep them), play ``steps`` decisions at every table."""
        if weights is not None:
            for role, state in weights.items():
                self.actor.networks[role].load_state_dict(state)
        return self.actor.play(steps)


class RayTrainer(Learner):
    """Deep Monte-Carlo whose actors are Ray actors (see the module)."""

    def __init__(self, settings: Settings | None = None, *, seed: int = 0,
                 networks: dict[str, QNetwork] | None = None, actors: int | None = None,
                 address: str | None = None, collect_steps: int = COLLECT_STEPS,
                 retries: int = 3) -> None:
        if actors is not None and (isinstance(actors, bool) or check_int(actors, "actors") < 1):
            raise ValueError(f"actors must be an integer >= 1 or None, not {actors!r}")
        if check_int(collect_steps, "collect_steps") < 1:
            raise ValueError(f"collect_steps must be an integer >= 1, not {collect_steps!r}")
        if check_int(retries, "retries") < 0:
            raise ValueError(f"retries must be an integer >= 0, not {retries!r}")
        check_address(address)
        super().__init__(settings, seed=seed, networks=networks)
        self.actors = actors
        self.address = address
        self.collect_steps = collect_steps
        self.retries = retries
        self.restarts = 0
        self.incarnations: list[int] = []       # by actor: the next incarnation's number
        self.handles: list[Any] = []            # the running call's actors (Ray actor handles)

    def train(self, *, seconds: float | None = None, frames: int | None = None,
              decisions: int | None = None, every: float = 10.0,
              report: Callable[[Learner, bool], None] | None = None) -> None:
        """As ``Trainer.train`` (without its learner thread): the actors run on Ray, the
        learner here."""
        self.budget_spent(seconds, frames, decisions, 0.0)         # (checks there is one)
        with cluster(self.address) as ray:
            remote = ray.remote(num_cpus=1, max_restarts=0)(ActorProcess)
            n_actors = self.actors or max(1, int(ray.cluster_resources().get("CPU", 2)) - 1)
            self.incarnations += [0] * (n_actors - len(self.incarnations))
            restarts_now = 0

            def start(k: int) -> Any:
                handle = remote.remote(self.settings, actor_seed(self.seed, k, self.incarnations[k]))
                self.incarnations[k] += 1
                return handle

            # The weights go with a request when the actor has not played them yet: `sent[k]`
            # is the learner step count of the weights actor k has (-1: none).
            weights, steps = ray.put(self.weights()), self.frames
            sent = [-1] * n_actors

            def request(k: int) -> None:
                fresh = sent[k] != steps
                sent[k] = steps
                pending[self.handles[k].collect.remote(weights if fresh else None,
                                                       self.collect_steps)] = k

            self.handles = [start(k) for k in range(n_actors)]
            pending: dict[Any, int] = {}
            for k in range(n_actors):
                request(k)
            start_time = last = time.monotonic()
            try:
                while True:
                    now = time.monotonic()
                    if self.budget_spent(seconds, frames, decisions, now - start_time):
                        break
                    ready, _ = ray.wait(list(pending), num_returns=1)
                    k = pending.pop(ready[0])
                    try:
                        collected = ray.get(ready[0])
                    except ray.exceptions.RayActorError:
                        restarts_now += 1
                        self.restarts += 1
                        if restarts_now > self.retries:
                            raise
                        self.handles[k] = start(k)
                        sent[k] = -1
                        request(k)
                        continue
                    self.absorb(collected)
                    if self.learn_full_batches():
                        weights, steps = ray.put(self.weights()), self.frames
                    request(k)
                    if report is not None and now - last >= every:
                        report(self, False)
                        last = now
            finally:
                for handle in self.handles:
                    ray.kill(handle)
                self.handles = []
        if report is not None:
            report(self, True)

    def weights(self) -> dict[str, dict[str, torch.Tensor]]:
        """The networks' state dicts, as the actors load them."""
        return {role: network.state_dict() for role, network in self.networks.items()}

    def absorb(self, collected: Collected) -> None:
        """An actor's collection: its decisions join the queues, its games are counted."""
        for role, batch in collected.batches.items():
            self.queues[role].extend(*batch)
        self.record(collected.returns, collected.games, collected.decisions)
