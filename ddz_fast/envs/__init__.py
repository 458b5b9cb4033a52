"""Reinforcement learning adapters (the ``rl`` extra: ``pip install 'ddz-fast[rl]'``).

- ``ddz_fast.envs.pettingzoo``: ``env()`` / ``raw_env``, a PettingZoo AEC environment that can
  replace PettingZoo's removed ``dou_dizhu_v4``.
- ``ddz_fast.envs.gymnasium``: ``DouDizhuEnv``, one learner's seat against opponent policies,
  registered as ``"ddz_fast/DouDizhu-v0"`` when the module is imported.
- ``ddz_fast.envs.vector``: ``DouDizhuVectorEnv``, a Gymnasium ``VectorEnv`` over ``Tables``
  (every seat an agent), the vector entry point of ``"ddz_fast/DouDizhu-v0"``.
- ``ddz_fast.envs.rllib``: ``DouDizhuMultiAgentEnv``, an RLlib ``MultiAgentEnv`` (the ``rllib``
  extra, which pins a Gymnasium below the ``rl`` extra's: install it apart).

This package imports neither Gymnasium, PettingZoo nor RLlib: each module imports its own.
"""
