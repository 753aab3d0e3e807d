"""An IS-MCTS player for Écarté: one tree over the decisions of both seats, searched in
sampled worlds.

Information Set Monte Carlo Tree Search (single observer; Cowling, Powley and Whitehouse
2012) answers PIMC's strategy fusion: instead of solving each world apart, every iteration
walks one tree whose nodes are the decisions as the deciding seat sees them, in a world
drawn by the PIMC sampler (:func:`~ecarte.games.ecarte.pimc.observe` and the same
consistent worlds, inference included), so its later choices and the opponent's may not
depend on cards it cannot see. At a node, the actions legal in the iteration's world
compete by UCB1 on their availability counts; one node is added per iteration and the hand
is played out from it as PIMC plays a world (the model's exchanges, the tricks double
dummy); each node is scored for the seat that acted there. The option most visited is
taken. The tree holds propose or play, accept or refuse, every card of both seats and the
root's options (a discard among them); later discards are the model's.

The search runs in C (``c/ec_ismcts.c``, about 1.5 µs an iteration) or in its pure-Python
twin (``_pure_ismcts.py``), with the same tree for the same seed.

>>> from ecarte import Game
>>> from ecarte.players import HeuristicPlayer, play_match
>>> game = play_match(Game(seed=3), {0: ISMCTSPlayer(iterations=60, seed=1), 1: HeuristicPlayer()})
>>> game.is_over
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from ecarte.engine.search import check_budget

from . import _pure_ismcts, _pure_pimc
from .actions import Action
from .game import Observation
from .pimc import Decision, Objective, PIMCPlayer, _first_fit

__all__ = ["MAX_ITERATIONS", "ISMCTSPlayer"]

MAX_ITERATIONS = 1_000_000
"""The most iterations of one decision."""
_CHUNK = 16
"""Iterations between two looks at the clock under a time budget."""


class ISMCTSPlayer(PIMCPlayer):
    """Single-observer IS-MCTS with a budget of ``iterations`` per decision, or of ``ms``
    milliseconds (then ``iterations`` is a cap, at least ``min(16, iterations)``
    iterations run however slow the machine, and the decisions depend on its speed).

    ``worlds`` determinizations are drawn per decision (iteration ``i`` plays in world
    ``i % worlds``; default: ``min(iterations, 1000)``, 1000 under a time budget); ``c``
    is UCB1's exploration constant (utilities scaled to 0..1 for the game objective);
    ``seed``, ``inference``, ``pool_factor``, ``objective`` and ``kernel`` are PIMC's
    (:class:`~ecarte.games.ecarte.pimc.PIMCPlayer`). With an iteration budget a seeded
    player is reproducible. :attr:`last` holds the last decision: the options, their mean
    utility and their visits (in :attr:`Decision.worlds`)."""

    def __init__(
        self,
        iterations: int = 1000,
        *,
        ms: float | None = None,
        worlds: int | None = None,
        c: float = 0.7,
        seed: int = 0,
        inference: bool = False,
        pool_factor: int = 4,
        objective: Objective = "game",
        kernel: str | None = None,
    ) -> None:
        check_budget(iterations, ms, c, MAX_ITERATIONS)
        if worlds is None:
            worlds = 1000 if ms is not None else min(iterations, 1000)
        super().__init__(
            worlds,
            seed=seed,
            inference=inference,
            pool_factor=pool_factor,
            objective=objective,
            kernel=kernel,
        )
        self.iterations = iterations
        self.ms = None if ms is None else float(ms)
        self.c = float(c)
        self._search: Any = (
            _pure_ismcts.Search if self._kernel is _pure_pimc else self._kernel.Search
        )

    def __repr__(self) -> str:
        budget = f"ms={self.ms}" if self.ms is not None else f"iterations={self.iterations}"
        return (
            f"ISMCTSPlayer({budget}, worlds={self.worlds}, c={self.c}, seed={self.seed}, "
            f"inference={self.inference}, objective={self.objective!r})"
        )

    def evaluate(self, obs: Observation, legal: Sequence[Action]) -> Decision:
        """Search the decision: each option's mean utility and visits at the root."""
        options, q, soft, seed = self._decision(obs, legal, "an IS-MCTS")
        _, search = _first_fit(
            q,
            soft,
            obs.seat,
            lambda a: self._search(a, options, seed, self.worlds, self.pool_factor, self.c),
        )
        if self.ms is None:
            search.run(self.iterations)
        else:
            deadline = time.perf_counter() + self.ms / 1000
            done = 0
            while done < self.iterations and (not done or time.perf_counter() < deadline):
                step = min(_CHUNK, self.iterations - done)
                search.run(step)
                done += step
        visits, totals = search.root()
        unit = _pure_pimc.WIN if self.objective == "game" else 1
        means = [t / (v * unit) if v else 0.0 for t, v in zip(totals, visits, strict=True)]
        return Decision(tuple(legal), tuple(means), tuple(visits))
