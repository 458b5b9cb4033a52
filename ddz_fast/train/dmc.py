"""DouZero's Deep Monte-Carlo (``douzero/dmc``, 1.1.0) over ``Tables``.

Actors: ``Tables(n, rules=<douzero preset>, observation="douzero")`` stepped natively; at each
step the tables are grouped by the role to move and each role's network scores every legal
action of its tables in one batch (``x_batch`` in CSR order, the LSTM run once per table);
each table plays its best action, or with probability ``epsilon`` a uniformly drawn one
(DouZero's ``exp_epsilon``). Every decision is kept (the history ``z`` and the chosen row of
``x_batch``), and when its game ends its target is the final payoff of its seat under the
preset's scoring: DouZero's objective (``adp``: the landlord +-2**bombs, each farmer the
opposite; ``wp``: +-1; ``logadp``: +-(bombs + 1)).

Learner: per role, each ``batch_size * unroll_length`` decisions (32 x 100, DouZero's
defaults) make one step of RMSprop (lr 1e-4, alpha 0.99, eps 1e-5, no momentum) on the mean
squared error of Q against the targets, the gradient's norm clipped at 40; each decision is
learned from once, as in DouZero. DouZero's actors run in processes a learner step behind;
``Trainer``'s actor and learner take turns in one process, so the actor always plays the
newest weights (or, with a learner thread, copies refreshed after each learner step);
``ddz_fast.train.distributed.RayTrainer``'s actors are Ray actors, each a collection of
decisions behind. ``frames`` counts the decisions learned from (DouZero's ``frames``).
"""

from __future__ import annotations

import collections
import copy
import csv
import os
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

import numpy as np
import torch
from torch import nn

from ..rules import Rules
from ..tables import Tables
from .network import ROLES, QNetwork

__all__ = ["Actor", "Collected", "Learner", "Settings", "Trainer"]

OBJECTIVES = ("adp", "wp", "logadp")
# Tables' info["role"]: 0 the landlord, 1 landlord_down (after him), 2 landlord_up.
TABLE_ROLES = ("landlord", "landlord_down", "landlord_up")


@dataclass(frozen=True)
class Settings:
    """The trainer's settings; the defaults are DouZero's (``douzero/dmc/arguments.py``)."""
    objective: Literal["adp", "wp", "logadp"] = "adp"
    tables: int = 64                 # games stepped together (DouZero: 5 actor processes)
    epsilon: float = 0.01            # exp_epsilon
    batch_size: int = 32
    unroll_length: int = 100
    learning_rate: float = 1e-4
    alpha: float = 0.99              # RMSprop's smoothing constant
    momentum: float = 0.0
    rmsprop_epsilon: float = 1e-5
    max_grad_norm: float = 40.0
    # With a learner thread, the actors wait while a role has num_buffers * unroll_length
    # decisions waiting to be learned from (DouZero's actors wait for one of its num_buffers
    # free buffers): the learner stays at most that far behind, and memory bounded.
    num_buffers: int = 50

    def __post_init__(self) -> None:
        if self.objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, not {self.objective!r}")
        if not 0 <= self.epsilon <= 1:
            raise ValueError(f"epsilon must be in 0..1, not {self.epsilon!r}")
        for name in ("tables", "batch_size", "unroll_length", "num_buffers"):
            if not isinstance(getattr(self, name), int) or getattr(self, name) < 1:
                raise ValueError(f"{name} must be an integer >= 1, not {getattr(self, name)!r}")
        if self.num_buffers < self.batch_size:
            # a batch is batch_size buffers: fewer would stop the actors before a batch is full
            raise ValueError(f"num_buffers ({self.num_buffers}) must be at least batch_size "
                             f"({self.batch_size})")

    @property
    def rules(self) -> Rules:
        """The douzero preset under this objective."""
        return Rules.preset("douzero").replace(scoring=self.objective)

    @property
    def frames_per_batch(self) -> int:
        return self.batch_size * self.unroll_length

    @property
    def backlog(self) -> int:
        """Decisions of a role waiting for the learner at which a learner thread's actors wait."""
        return self.num_buffers * self.unroll_length


@dataclass
class Episode:
    """The decisions of one table's running game: per decision its seat, role, z and x."""
    seats: list[int] = field(default_factory=list)
    roles: list[int] = field(default_factory=list)
    z: list[np.ndarray] = field(default_factory=list)
    x: list[np.ndarray] = field(default_factory=list)


class RoleQueue:
    """The finished decisions of one role waiting to be learned from, in arrival order."""

    def __init__(self) -> None:
        self.z: collections.deque[np.ndarray] = collections.deque()
        self.x: collections.deque[np.ndarray] = collections.deque()
        self.target: collections.deque[float] = collections.deque()

    def __len__(self) -> int:
        return len(self.target)

    def extend(self, z: np.ndarray, x: np.ndarray, target: np.ndarray) -> None:
        """Queue the rows of ``z``, ``x`` and ``target`` (what ``take`` gave), in order."""
        self.z.extend(z)
        self.x.extend(x)
        self.target.extend(target.tolist())

    def take(self, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        z = np.stack([self.z.popleft() for _ in range(n)])
        x = np.stack([self.x.popleft() for _ in range(n)])
        target = np.array([self.target.popleft() for _ in range(n)], np.float32)
        return z, x, target


@dataclass
class Collected:
    """What an actor played since it was last asked: each role's finished decisions (z, x,
    target, in order), the returns of the games that ended (role, payoff), the number of
    those games and of the decisions played."""
    batches: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]
    returns: list[tuple[str, float]]
    games: int
    decisions: int


def new_queues() -> dict[str, RoleQueue]:
    return {role: RoleQueue() for role in ROLES}


class Actor:
    """Actor(settings, networks, *, seed, queues=None)

    ``settings.tables`` games (``Tables(seed=seed)``) played by ``networks`` (a role's
    ``QNetwork`` by role, read under ``lock``): epsilon-greedy over their Q, every decision
    kept; when a game ends, its decisions join ``queues`` (by role) with their targets, its
    returns (role, payoff) ``returns``, and ``games`` counts it."""

    def __init__(self, settings: Settings, networks: dict[str, QNetwork], *, seed: int,
                 queues: dict[str, RoleQueue] | None = None) -> None:
        self.settings = settings
        self.networks = networks
        self.lock = threading.Lock()
        self.tables = Tables(settings.tables, rules=settings.rules, observation="douzero",
                             seed=seed, autoreset="same_step")
        self.rng = np.random.default_rng(seed)
        self.obs, self.info = self.tables.reset()
        self.episodes = [Episode() for _ in range(settings.tables)]
        self.queues = new_queues() if queues is None else queues
        self.returns: list[tuple[str, float]] = []
        self.games = 0

    def choose(self) -> np.ndarray:
        """The row of ``x_batch`` each table plays: epsilon-greedy over its networks' Q."""
        info, obs = self.info, self.obs
        offsets = info["legal_offsets"]
        counts = np.diff(offsets)
        starts = offsets[:-1]
        q = np.empty(int(offsets[-1]), np.float32)
        x_batch, z = obs["x_batch"], obs["z"]
        for code, role in enumerate(TABLE_ROLES):
            tables = np.flatnonzero(info["role"] == code)
            if len(tables) == 0:
                continue
            n_rows = counts[tables]
            # the rows of these tables, in order, and which of them each row belongs to
            owner = np.repeat(np.arange(len(tables)), n_rows)
            rows = np.repeat(starts[tables] - np.cumsum(n_rows) + n_rows, n_rows) + np.arange(len(owner))
            with self.lock, torch.no_grad():
                network = self.networks[role]
                q[rows] = network(torch.from_numpy(z[tables].astype(np.float32)),
                                  torch.from_numpy(np.ascontiguousarray(x_batch[rows, :network.x_width])),
                                  torch.from_numpy(owner)).numpy()
        best = np.maximum.reduceat(q, starts)
        index = np.where(q == np.repeat(best, counts), np.arange(len(q)), len(q))
        chosen = np.minimum.reduceat(index, starts)
        explore = self.rng.random(len(counts)) < self.settings.epsilon
        if explore.any():
            chosen[explore] = starts[explore] + (self.rng.random(int(explore.sum())) * counts[explore]).astype(np.int64)
        return chosen

    def step_with(self, chosen: np.ndarray) -> None:
        """Play row ``chosen[i]`` of ``x_batch`` at each table i, keeping the decisions; the
        decisions of the games that end get their targets (``finish``)."""
        info, obs = self.info, self.obs
        x = obs["x_batch"][chosen].astype(np.int8)
        z = obs["z"].copy()
        seats, roles = info["current_player"].tolist(), info["role"].tolist()
        for i, episode in enumerate(self.episodes):
            episode.seats.append(seats[i])
            episode.roles.append(roles[i])
            episode.z.append(z[i])
            episode.x.append(x[i])
        self.obs, rewards, terminated, _, self.info = self.tables.step(info["legal_ids"][chosen])
        for i in np.flatnonzero(terminated).tolist():
            self.finish(i, rewards[i].tolist())

    def finish(self, table: int, payoffs: list[float]) -> None:
        """Table ``table``'s game ended with ``payoffs`` by seat: its decisions get their targets."""
        episode = self.episodes[table]
        self.episodes[table] = Episode()
        seen = set()
        for seat, code, z, x in zip(episode.seats, episode.roles, episode.z, episode.x):
            queue = self.queues[TABLE_ROLES[code]]
            queue.z.append(z)
            queue.x.append(x)
            queue.target.append(payoffs[seat])
            if code not in seen:
                seen.add(code)
                self.returns.append((TABLE_ROLES[code], payoffs[seat]))
        self.games += 1

    def play(self, steps: int) -> Collected:
        """``steps`` decisions at every table; what they finished, taken from the queues."""
        games = self.games
        for _ in range(steps):
            self.step_with(self.choose())
        batches = {role: queue.take(len(queue)) for role, queue in self.queues.items() if len(queue)}
        returns, self.returns = self.returns, []
        return Collected(batches, returns, self.games - games, steps * self.settings.tables)


class Learner:
    """The learning half: the three roles' networks (new ones, seeded, by default) and their
    RMSprop optimizers, the queues of decisions waiting to be learned from, and the counts and
    statistics; ``learn(role)`` takes one step on a role's oldest full batch. ``Trainer`` feeds it
    from actors in this process, ``ddz_fast.train.distributed.RayTrainer`` from Ray actors."""

    def __init__(self, settings: Settings | None = None, *, seed: int = 0,
                 networks: dict[str, QNetwork] | None = None) -> None:
        self.settings = settings = settings or Settings()
        self.seed = seed
        if networks is None:
            with torch.random.fork_rng():       # seeded, leaving torch's global generator as it was
                torch.manual_seed(seed)
                networks = {role: QNetwork(role) for role in ROLES}
        self.networks = networks
        if sorted(self.networks) != sorted(ROLES):
            raise ValueError(f"networks must have the keys {', '.join(ROLES)}")
        self.learner_lock = threading.Lock()        # held by a learner step
        self.learned = threading.Condition()        # notified after each learner step
        self.optimizers = {role: torch.optim.RMSprop(
            net.parameters(), lr=settings.learning_rate, alpha=settings.alpha,
            momentum=settings.momentum, eps=settings.rmsprop_epsilon)
            for role, net in self.networks.items()}
        self.queues = new_queues()
        self.frames = 0
        self.decisions = 0                          # played by the actors
        self.games = 0                              # finished by the actors
        self.role_frames = dict.fromkeys(ROLES, 0)
        self.losses: dict[str, float] = dict.fromkeys(ROLES, float("nan"))
        self.returns: dict[str, collections.deque[float]] = {
            role: collections.deque(maxlen=100) for role in ROLES}

    def budget_spent(self, seconds: float | None, frames: int | None, decisions: int | None,
                     elapsed: float) -> bool:
        """Whether ``train``'s budget is spent after ``elapsed`` seconds: ``seconds`` passed,
        ``frames`` learned from or ``decisions`` played (``ValueError`` when none is given)."""
        if seconds is None and frames is None and decisions is None:
            raise ValueError("train needs a budget: seconds, frames or decisions")
        return ((seconds is not None and elapsed >= seconds)
                or (frames is not None and self.frames >= frames)
                or (decisions is not None and self.decisions >= decisions))

    def record(self, returns: list[tuple[str, float]], games: int, decisions: int) -> None:
        """Count what actors played: ``decisions``, ``games`` finished and their returns
        (each role's last 100 kept)."""
        for role, payoff in returns:
            self.returns[role].append(payoff)
        self.games += games
        self.decisions += decisions

    def learn(self, role: str) -> float:
        """One RMSprop step of ``role``'s network on its oldest full batch; returns the loss."""
        with self.learner_lock:
            loss = self._learn(role)
        with self.learned:          # the backlog shrank: actors waiting on it may go on
            self.learned.notify_all()
        return loss

    def _learn(self, role: str) -> float:
        n = self.settings.frames_per_batch
        z, x, target = self.queues[role].take(n)
        network = self.networks[role]
        q = network(torch.from_numpy(z.astype(np.float32)),
                    torch.from_numpy(x[:, :network.x_width].astype(np.float32)))
        loss = ((q - torch.from_numpy(target)) ** 2).mean()
        optimizer = self.optimizers[role]
        optimizer.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(network.parameters(), self.settings.max_grad_norm)
        optimizer.step()
        self.frames += n
        self.role_frames[role] += n
        self.losses[role] = float(loss.item())
        self.learned_step(role)
        return self.losses[role]

    def learned_step(self, role: str) -> None:
        """Called after each learner step of ``role`` (under the learner lock)."""

    def learn_full_batches(self) -> bool:
        """A learner step for each full batch waiting; whether there was one."""
        learned = False
        for role, queue in self.queues.items():
            while len(queue) >= self.settings.frames_per_batch:
                self.learn(role)
                learned = True
        return learned

    def snapshot(self) -> dict[str, QNetwork]:
        """Copies of the networks the actors play now (to evaluate while training goes on)."""
        with self.learner_lock:
            return {role: copy.deepcopy(network) for role, network in self.networks.items()}

    # --- checkpoints ----------------------------------------------------------------------

    def save(self, folder: str | os.PathLike[str]) -> dict[str, str]:
        """Write DouZero's checkpoint files into ``folder``: each role's weights as
        ``<role>_weights_<frames>.ckpt`` (the state dict that DouZero's ``DeepAgent`` and
        ``DouZeroPlayer`` load), and ``model.tar`` as DouZero's trainer writes it (the three
        state dicts, the optimizers', stats, flags, frames, position_frames: ``resume`` and
        DouZero's ``--load_model`` read it). Returns the weights' paths by role."""
        with self.learner_lock:
            return self._save(folder)

    def _save(self, folder: str | os.PathLike[str]) -> dict[str, str]:
        os.makedirs(folder, exist_ok=True)
        paths = {}
        for role, network in self.networks.items():
            paths[role] = os.path.join(folder, f"{role}_weights_{self.frames}.ckpt")
            torch.save(network.state_dict(), paths[role])
        torch.save({
            "model_state_dict": {r: n.state_dict() for r, n in self.networks.items()},
            "optimizer_state_dict": {r: o.state_dict() for r, o in self.optimizers.items()},
            "stats": self.stats(),
            "flags": dict(asdict(self.settings), seed=self.seed),
            "frames": self.frames,
            "position_frames": dict(self.role_frames),
        }, os.path.join(folder, "model.tar"))
        return paths

    def resume(self, path: str | os.PathLike[str]) -> None:
        """Load the networks, optimizers and frame counts of a ``model.tar``."""
        state: dict[str, Any] = torch.load(path, map_location="cpu", weights_only=True)
        for role in ROLES:
            self.networks[role].load_state_dict(state["model_state_dict"][role])
            self.optimizers[role].load_state_dict(state["optimizer_state_dict"][role])
        self.frames = int(state["frames"])
        self.role_frames = {role: int(state["position_frames"][role]) for role in ROLES}

    def stats(self) -> dict[str, float]:
        """DouZero's stats: each role's loss and mean return over its last 100 games."""
        out = {}
        for role in ROLES:
            returns = self.returns[role]
            out[f"mean_episode_return_{role}"] = float(np.mean(returns)) if returns else float("nan")
            out[f"loss_{role}"] = self.losses[role]
        return out


class Trainer(Learner):
    """Trainer(settings=Settings(), *, seed=0, networks=None)

    A ``Learner`` and its ``Actor`` (``Tables(seed=seed)``) in this process: ``step()`` plays
    one decision at every table (and learns where a batch is full); ``train(...)`` steps until
    a time or frame budget; ``networks`` are the three roles' ``QNetwork``, ``frames`` the
    decisions learned from, ``decisions`` those played, ``losses`` each role's last loss,
    ``returns`` each role's payoffs over its last 100 finished games (their mean is
    DouZero's ``mean_episode_return``).
    """

    def __init__(self, settings: Settings | None = None, *, seed: int = 0,
                 networks: dict[str, QNetwork] | None = None) -> None:
        super().__init__(settings, seed=seed, networks=networks)
        # The actor's decisions go straight to the learner's queues. It plays the learner's
        # networks, or copies of them while a learner thread runs (refreshed after each of
        # its steps, under the actor's lock).
        self.actor = Actor(self.settings, self.networks, seed=seed, queues=self.queues)

    @property
    def actor_networks(self) -> dict[str, QNetwork]:
        return self.actor.networks

    @property
    def tables(self) -> Tables:
        return self.actor.tables

    @property
    def info(self) -> dict[str, Any]:
        return self.actor.info

    def choose(self) -> np.ndarray:
        """The row of ``x_batch`` each table plays (``Actor.choose``)."""
        return self.actor.choose()

    def step_with(self, chosen: np.ndarray) -> None:
        """Play row ``chosen[i]`` of ``x_batch`` at each table i (``Actor.step_with``)."""
        games = self.actor.games
        self.actor.step_with(chosen)
        self.record(self.actor.returns, self.actor.games - games, len(chosen))
        self.actor.returns = []

    def step(self) -> None:
        """One decision at every table; then a learner step for each role with a full batch."""
        self.step_with(self.choose())
        self.learn_full_batches()

    def learned_step(self, role: str) -> None:
        if self.actor.networks is not self.networks:        # a learner thread's actor copies
            with self.actor.lock:
                self.actor.networks[role].load_state_dict(self.networks[role].state_dict())

    def snapshot(self) -> dict[str, QNetwork]:
        """Copies of the networks the actors play now (to evaluate while training goes on)."""
        with self.actor.lock:
            return {role: copy.deepcopy(network) for role, network in self.actor.networks.items()}

    def train(self, *, seconds: float | None = None, frames: int | None = None,
              decisions: int | None = None, every: float = 10.0,
              report: Callable[[Trainer, bool], None] | None = None,
              learner_thread: bool = False) -> None:
        """Step until ``seconds`` have passed, ``frames`` were learned from or ``decisions``
        played (whichever comes first; at least one must be given), calling ``report(self,
        False)`` every ``every`` seconds and ``report(self, True)`` at the end.

        ``learner_thread``: learn in a second thread while this one acts (torch and Tables
        release the GIL: two cores busy, as DouZero's actor processes and learner threads),
        the actors playing copies of the networks refreshed after each learner step and waiting
        while a role's backlog is full (``Settings.num_buffers``). The run then depends on
        the threads' timing; without it, it is a function of the seed."""
        self.budget_spent(seconds, frames, decisions, 0.0)         # (checks there is one)
        start = last = time.monotonic()
        stop = threading.Event()
        failures: list[BaseException] = []
        learner = None
        if learner_thread:
            with self.actor.lock:
                self.actor.networks = {r: copy.deepcopy(n) for r, n in self.networks.items()}
            learner = threading.Thread(target=self._learner, args=(stop, failures), daemon=True)
            learner.start()
        try:
            while not failures:
                now = time.monotonic()
                if self.budget_spent(seconds, frames, decisions, now - start):
                    break
                if learner is None:
                    self.step()
                elif self._wait_for_learner(failures):
                    self.step_with(self.choose())
                if report is not None and now - last >= every:
                    report(self, False)
                    last = now
        finally:
            if learner is not None:
                stop.set()
                learner.join()
                self.actor.networks = self.networks
        if failures:
            raise failures[0]
        if report is not None:
            report(self, True)

    def _backlog_full(self) -> bool:
        return max(len(queue) for queue in self.queues.values()) >= self.settings.backlog

    def _wait_for_learner(self, failures: list[BaseException]) -> bool:
        """Wait (a second at most) while a role's backlog is full: whether the actors may step.
        A full backlog holds a full batch, which the learner thread takes."""
        with self.learned:
            return self.learned.wait_for(lambda: failures or not self._backlog_full(),
                                         timeout=1.0) and not failures

    def _learner(self, stop: threading.Event, failures: list[BaseException]) -> None:
        """The learner thread: a step for each role with a full batch, until ``stop``."""
        try:
            while not stop.is_set():
                ready = [r for r, q in self.queues.items() if len(q) >= self.settings.frames_per_batch]
                for role in ready:
                    self.learn(role)
                if not ready:
                    stop.wait(0.01)
        except BaseException as e:      # re-raised by train() in the calling thread
            failures.append(e)
            with self.learned:
                self.learned.notify_all()


def write_log_row(path: str | os.PathLike[str], row: dict[str, Any]) -> None:
    """Append ``row`` to the CSV file at ``path`` (its header first, when new)."""
    new = not os.path.exists(path)
    with open(path, "a", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(row))
        if new:
            writer.writeheader()
        writer.writerow(row)
