"""Benchmarks of the engine, printed as one table: ``ecarte bench`` or ``python -m ecarte._bench``.

Every ratio compares two figures measured in the same run, in interleaved rounds (the
contenders of a row take turns, in alternating order, each round timed on its own; the
figures are the medians of the rounds). Rows (see ``docs/performance.md`` for how each
one counts), one module each:

- :mod:`.core_rows`, the core: random hands in the C batch and in the pure twin, perft,
  double-dummy solves, instructions per hand under callgrind (a small C driver from
  ``benches/c``);
- :mod:`.ecarte_rows`, the ``Game`` through its public Python API against OpenSpiel's
  ``euchre`` driven from Python the same way: random complete matches (per player
  decision, and per action with OpenSpiel's chance actions counted), ``legal_actions()``
  on a fresh state, ``clone()`` + ``apply(card)``, and random matches with a plugin that
  answers a per-hand hook in Python; ``Game()`` with the classic rules and with each
  bundled variant (absolute targets); the memory of a live ``Game`` at its first
  decision and after a finished match;
- :mod:`.euchre_rows`, ``EuchreGame`` against OpenSpiel's ``euchre``, random deals driven
  from Python, per action, in two loops that make the same calls on both engines (the
  legal ids at every node; ``chance_outcomes()`` at chance nodes), each beside its
  Python loop floor.

:mod:`.harness` times the contenders and makes the rows; :mod:`.report` prints the
table. The helpers that build the contenders are shared with the pytest-benchmark suite
(``benches/``), so both measure the same loops.
"""

from __future__ import annotations

from .report import ROW_NAMES, run_bench

__all__ = ["ROW_NAMES", "run_bench"]
