"""Batch simulation of Écarté on the C core: random hands and matches, perft and
double-dummy solves under any :class:`~ecarte.Rules` (docs/batch.md); the chunks, seeds
and workers of every batch are the engine's (:mod:`ecarte.engine.batch`).

>>> from ecarte import Rules, batch
>>> totals = batch.random_hands(1000, seed=7)
>>> totals.hands, totals.dealer_tricks + totals.elder_tricks
(1000, 5000)
"""

from __future__ import annotations

from .games.ecarte import batch as _batch
from .games.ecarte.batch import *  # noqa: F403 - this module is its public face

__all__ = list(_batch.__all__)
