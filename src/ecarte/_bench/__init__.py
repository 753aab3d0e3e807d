"""Benchmarks of the engine, printed as tables: ``ecarte bench`` or ``python -m ecarte._bench``.

Every ratio compares two figures measured in the same run, in interleaved rounds (the
contenders of a row take turns, in alternating order, each round timed on its own; the
figures are the medians of the rounds). The report (:mod:`.report`) prints the
like-for-like rows first, Euchre in ecarte against Euchre in OpenSpiel, then the Écarté
rows, a different game against OpenSpiel's Euchre, then the rows without a baseline; a
loop driven from Python has its Python loop floor beside it. Rows (see
``docs/performance.md`` for how each one counts), one module each:

- :mod:`.euchre_rows`, ``EuchreGame`` against OpenSpiel's ``euchre``, random deals driven
  from Python, per action, in two loops that make the same calls on both engines (the
  legal ids at every node; ``chance_outcomes()`` at chance nodes), each with its Python
  loop floor;
- :mod:`.deal_rows`, whole random Euchre deals in the C core against OpenSpiel's
  ``evaluate_bots``, deals per second;
- :mod:`.ecarte_rows`, the ``Game`` through its public Python API against OpenSpiel's
  ``euchre`` driven from Python the same way: random complete matches (per player
  decision, and per action with OpenSpiel's chance actions counted), ``legal_actions()``
  on a fresh state, ``clone()`` + ``apply(card)``, and random matches with a plugin that
  answers a per-hand hook in Python; ``Game()`` with the classic rules and with each
  bundled variant (absolute targets); the memory of a live ``Game`` at its first
  decision and after a finished match;
- :mod:`.core_rows`, the core: random hands in the C batch and in the pure twin, perft,
  double-dummy solves, instructions per hand under callgrind (a small C driver from
  ``benches/c``).

:mod:`.harness` times the contenders and makes the rows. The helpers that build the
contenders are shared with the pytest-benchmark suite (``benches/``), so both measure the
same loops.
"""

from __future__ import annotations

from .report import ROW_NAMES, run_bench

__all__ = ["ROW_NAMES", "run_bench"]
