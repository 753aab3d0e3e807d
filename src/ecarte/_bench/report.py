"""The tables of ``ecarte bench``: every row, in order, and the line about the machine.

The like-for-like rows come first: Euchre in ecarte against Euchre in OpenSpiel, per
action from Python and whole deals in C. OpenSpiel has no Écarté, so the Écarté rows
that follow compare a different game (Écarté in ecarte against Euchre in OpenSpiel) and
say so in their title. Every figure of a loop driven from Python has its Python loop
floor beside it (the same loop around an engine that does nothing): the part no engine
can remove. Construction, memory and the core's batches, which have no baseline, close
the report.
"""

from __future__ import annotations

import os
import platform
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..engine import backend as _backend
from .core_rows import core_rows
from .deal_rows import WHOLE_DEALS, deal_rows
from .ecarte_rows import PER_CALL, VARIANTS, construction_rows, memory_rows, play_rows
from .euchre_rows import EUCHRE_LOOPS, EUCHRE_MASK_FLOOR, EUCHRE_MASK_ROW, EUCHRE_ROWS, euchre_rows
from .harness import Row, cpu, openspiel_version, pyspiel_module

LIKE_FOR_LIKE = "Like for like: Euchre in ecarte against Euchre in OpenSpiel"
DIFFERENT_GAME = (
    "A different game: Écarté in ecarte against Euchre in OpenSpiel (OpenSpiel has no "
    "Écarté), the same kind of loop on both"
)
ABSOLUTE = "Écarté alone: construction and memory, against absolute targets"
CORE = "The core: batches in C against the pure-Python twin, no baseline"
TITLES = (LIKE_FOR_LIKE, DIFFERENT_GAME, ABSOLUTE, CORE)
"""The tables, in the order printed."""

ECARTE_FLOOR = "Python loop floor (engine does nothing)"
FLOORS: dict[str, str] = {
    **{EUCHRE_ROWS[loop][1]: EUCHRE_ROWS[loop][0] for loop in EUCHRE_LOOPS},
    "random matches, per player decision": ECARTE_FLOOR,
    "random matches, per action": ECARTE_FLOOR,
    "per-hand hook in Python, per player decision": ECARTE_FLOOR,
    EUCHRE_MASK_ROW: EUCHRE_MASK_FLOOR,
    **{row.name: row.floor_name for row in PER_CALL},
}
"""The Python loop floor of each row driven from Python: the row the floor figure comes
from, printed in the row's own "Python loop floor" column instead of on a row of its own."""

ROW_NAMES = (
    # like for like
    *(EUCHRE_ROWS[loop][1] for loop in EUCHRE_LOOPS),
    EUCHRE_MASK_ROW,
    WHOLE_DEALS,
    # a different game
    "random matches, per player decision",
    "random matches, per action",
    "per-hand hook in Python, per player decision",
    "legal_actions(), fresh state",
    "legal_action_mask(), fresh state",
    "clone() + apply(card)",
    # construction and memory
    "Game(), classic",
    *(f"Game(variant={v!r})" for v in VARIANTS),
    "Game(plugins=[Cercle(...)]), README's club",
    "memory per Game, first decision",
    "memory per Game, finished match",
    # the core
    "random hand, C batch",
    "random hand, pure twin",
    "random hand, callgrind",
    "perft nodes/s, C",
    "perft nodes/s, pure",
    "double-dummy solve, C batch",
    "double-dummy solve, pure",
)
"""Every row printed, in order (the smoke test checks that each is printed); the loop
floors are a column of the rows they belong to."""

FIELDS = ("benchmark", "ecarte", "Python loop floor", "OpenSpiel, same run", "ratio", "target")
NOTE = "note"


@dataclass(frozen=True)
class Table:
    """One table of the report: its title and its rows, each with its loop floor ("" for
    a row not driven from a Python loop)."""

    title: str
    rows: Sequence[tuple[Row, str]]


def layout(
    euchre: Sequence[Row],
    deals: Sequence[Row],
    play: Sequence[Row],
    construction: Sequence[Row],
    memory: Sequence[Row],
    core: Sequence[Row],
) -> list[Table]:
    """The tables of :data:`TITLES` from the rows of each module: Euchre's rows and the
    whole deals first, then Écarté's rows against OpenSpiel, then the rows without a
    baseline. A floor row named in :data:`FLOORS` becomes the floor column of its rows;
    one that no row names stays a row."""
    every = [*euchre, *deals, *play, *construction, *memory, *core]
    by_name = {r.name: r for r in every}
    used = {FLOORS[r.name] for r in every if FLOORS.get(r.name) in by_name}

    def rows(group: Sequence[Row]) -> list[tuple[Row, str]]:
        out = []
        for r in group:
            if r.name in used:
                continue
            floor = by_name.get(FLOORS.get(r.name, ""))
            out.append((r, floor.figure if floor else ""))
        return out

    groups = ([*euchre, *deals], play, [*construction, *memory], core)
    return [Table(title, rows(g)) for title, g in zip(TITLES, groups, strict=True)]


def render(tables: Sequence[Table]) -> str:
    """The tables in Markdown, each under its title in bold; a column that is empty in
    every row of a table is left out of it."""
    out = []
    for table in tables:
        cells = [
            (r.name, r.figure, floor, r.baseline, r.ratio, r.target, r.note)
            for r, floor in table.rows
        ]
        header = (*FIELDS, NOTE)
        keep = [i for i in range(len(header)) if i < 2 or any(c[i] for c in cells)]
        rows = [[header[i] for i in keep], *([c[i] for i in keep] for c in cells)]
        widths = [max(len(row[k]) for row in rows) for k in range(len(keep))]

        def line(row: Sequence[str], widths: Sequence[int] = widths) -> str:
            return "| " + " | ".join(f"{x:<{w}}" for x, w in zip(row, widths, strict=True)) + " |"

        sep = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
        out.append("\n".join([f"**{table.title}**", "", line(rows[0]), sep, *map(line, rows[1:])]))
    return "\n\n".join(out)


def printed_rows(text: str) -> list[str]:
    """The benchmark names of the rows of a report (or of a page that shows one), in
    order: every table line but the headers and separators."""
    lines = text.splitlines()
    names = []
    for i, line in enumerate(lines):
        if not line.startswith("| "):
            continue
        below = lines[i + 1] if i + 1 < len(lines) else ""
        if below.startswith("|-") or below.startswith("|:"):
            continue  # a header
        names.append(line.split("|")[1].strip())
    return names


def run_bench(quick: bool = False) -> str:
    """Run the benchmarks and return the report (Markdown)."""
    t0 = time.perf_counter()
    pyspiel = pyspiel_module()
    rows: Mapping[str, Sequence[Row]] = {
        "euchre": euchre_rows(quick, pyspiel),
        "deals": deal_rows(quick, pyspiel),
        "play": play_rows(quick, pyspiel),
        "construction": construction_rows(quick, pyspiel),
        "memory": memory_rows(quick),
        "core": core_rows(quick),
    }
    tables = render(layout(**rows))
    spiel = (
        f"OpenSpiel {openspiel_version()}"
        if pyspiel
        else "OpenSpiel not installed (pip install 'ecarte[openspiel]': the baseline of every "
        "ratio)"
    )
    machine = (
        f"{cpu()}, {os.cpu_count()} cores, {platform.system()} {platform.machine()}, "
        f"Python {platform.python_version()}, backend {_backend.live()}, {spiel}"
    )
    took = time.perf_counter() - t0
    mode = " (--quick)" if quick else ""
    return f"{tables}\n\nMachine: {machine}. Run{mode} took {took:.0f} s."
