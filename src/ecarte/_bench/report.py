"""The table of ``ecarte bench``: every row, in order, and the line about the machine."""

from __future__ import annotations

import os
import platform
import time
from collections.abc import Sequence

from ..engine import backend as _backend
from .core_rows import core_rows
from .ecarte_rows import VARIANTS, construction_rows, memory_rows, play_rows
from .euchre_rows import euchre_rows
from .harness import cpu, openspiel_version, pyspiel_module

ROW_NAMES = (
    "random hand, C batch",
    "random hand, pure twin",
    "random hand, callgrind",
    "perft nodes/s, C",
    "perft nodes/s, pure",
    "double-dummy solve, C batch",
    "double-dummy solve, pure",
    "Python loop floor (engine does nothing)",
    "random matches, per player decision",
    "random matches, per action",
    "per-hand hook in Python, per player decision",
    "legal_actions(), fresh state",
    "legal_action_mask(), fresh state",
    "clone() + apply(card)",
    "Euchre Python loop floor, legal ids",
    "EuchreGame, legal ids at every node, per action",
    "Euchre Python loop floor, chance_outcomes()",
    "EuchreGame, chance_outcomes() at chance nodes, per action",
    "EuchreGame.legal_action_mask(), fresh state",
    "Game(), classic",
    *(f"Game(variant={v!r})" for v in VARIANTS),
    "Game(plugins=[Cercle(...)]), README's club",
    "memory per Game, first decision",
    "memory per Game, finished match",
)
"""Every row of the table, in order (the smoke test checks that each is printed)."""


def run_bench(quick: bool = False) -> str:
    """Run the benchmarks and return the table (Markdown)."""
    t0 = time.perf_counter()
    pyspiel = pyspiel_module()
    rows = (
        core_rows(quick)
        + play_rows(quick, pyspiel)
        + euchre_rows(quick, pyspiel)
        + construction_rows(quick, pyspiel)
        + memory_rows(quick)
    )
    fields = ("benchmark", "ecarte", "OpenSpiel, same run", "ratio", "target", "note")
    cells = [fields, *[(r.name, r.figure, r.baseline, r.ratio, r.target, r.note) for r in rows]]
    widths = [max(len(c[i]) for c in cells) for i in range(len(fields))]

    def line(c: Sequence[str]) -> str:
        return "| " + " | ".join(f"{x:<{w}}" for x, w in zip(c, widths, strict=True)) + " |"

    sep = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    table = "\n".join([line(fields), sep, *(line(c) for c in cells[1:])])
    spiel = f"OpenSpiel {openspiel_version()}" if pyspiel else "OpenSpiel not installed"
    machine = (
        f"{cpu()}, {os.cpu_count()} cores, {platform.system()} {platform.machine()}, "
        f"Python {platform.python_version()}, backend {_backend.live()}, {spiel}"
    )
    took = time.perf_counter() - t0
    mode = " (--quick)" if quick else ""
    return f"{table}\n\nMachine: {machine}. Run{mode} took {took:.0f} s."
