"""Batch simulation of Écarté on the C core: random hands and matches, perft and
double-dummy solves under any :class:`~ecarte.Rules` (docs/batch.md); the chunks, seeds
and workers of every batch are the engine's (:mod:`ecarte.engine.batch`).

>>> from ecarte import Rules, batch
>>> totals = batch.random_hands(1000, seed=7)
>>> totals.hands, totals.dealer_tricks + totals.elder_tricks
(1000, 5000)
"""

from __future__ import annotations

from .engine.batch import CHUNK, chunk_seed
from .games.ecarte.batch import (
    MATCH_CHUNK,
    HandOptions,
    HandResult,
    HandTotals,
    MatchTotals,
    Position,
    Solution,
    SolveResults,
    hand_options,
    perft,
    random_hand_results,
    random_hands,
    random_matches,
    random_solves,
    solve,
    solve_batch,
)

__all__ = [
    "CHUNK",
    "MATCH_CHUNK",
    "HandOptions",
    "HandResult",
    "HandTotals",
    "MatchTotals",
    "Position",
    "Solution",
    "SolveResults",
    "chunk_seed",
    "hand_options",
    "perft",
    "random_hand_results",
    "random_hands",
    "random_matches",
    "random_solves",
    "solve",
    "solve_batch",
]
