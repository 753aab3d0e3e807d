"""Reinforcement learning on the engine: each game's observation and information-state
tensors written by C into a caller's buffer (:mod:`ecarte.rl.tensors`, ``docs/rl.md``),
and the environments RL libraries speak:

- :mod:`ecarte.rl.aec`: PettingZoo AEC environments (``{"observation", "action_mask"}``);
- :mod:`ecarte.rl.single`: a Gymnasium single-agent environment against chosen opponents;
- :mod:`ecarte.rl.vector`: batches of environments stepped in C, numpy arrays in and out;
- :mod:`ecarte.rl.spiel`: the games registered as OpenSpiel (pyspiel) Python games.

A game and its rules are a *spec*: :class:`EcarteSpec` (an Écarté match, two seats) or
:class:`EuchreSpec`. The adapters need ``numpy`` and their library (the ``rl`` extra:
``pip install ecarte[rl]``; OpenSpiel: the ``openspiel`` extra).

>>> from ecarte.rl import EuchreSpec, OBSERVATION
>>> state = EuchreSpec().new_state(seed=1)
>>> import numpy as np
>>> obs = np.zeros(EuchreSpec().tensor_size(OBSERVATION), np.uint8)
>>> state.write(state.to_act, OBSERVATION, obs)
>>> int(obs[:10].argmax())  # the phase: the first round of bidding
2
"""

from __future__ import annotations

from ._games import INFO_STATE, OBSERVATION, EcarteSpec, EuchreSpec, Spec

__all__ = ["INFO_STATE", "OBSERVATION", "EcarteSpec", "EuchreSpec", "Spec"]
