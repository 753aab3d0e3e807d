"""How ``ecarte bench`` measures and reports: interleaved contenders, medians of rounds,
the targets, and the table's rows.

Every ratio compares two figures measured in the same run, in interleaved rounds (the
contenders of a row take turns, in alternating order, each round timed on its own; the
figures are the medians of the rounds).
"""

from __future__ import annotations

import gc
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# ----------------------------------------------------------------- targets

TARGET_DECISION = 0.25
"""Random matches, per player decision: at most this times OpenSpiel's cost."""
TARGET_ACTION = 0.5
"""Random matches, per action (OpenSpiel's chance actions counted): at most this."""
TARGET_CLASSIC_NEW_US = 10.0
TARGET_VARIANT_NEW_US = 50.0
TARGET_LEGAL = 0.5
TARGET_MASK = 1.5
"""``legal_action_mask()`` on a fresh state: at most this times OpenSpiel's
``legal_actions_mask()``."""
TARGET_CLONE_APPLY = 0.5
TARGET_MEM_FIRST = 1024
TARGET_MEM_FINISHED = 8 * 1024
TARGET_PLUGIN_DECISION = 1.0


# ------------------------------------------------------------------ timing


@dataclass
class Contender:
    """One side of an interleaved comparison. ``prepare`` (not timed) returns the input
    of a round, ``run`` (timed) does the round's work; ``units`` is how many units (e.g.
    player decisions) one round does: the same every round. A ``run`` that returns a
    float has timed itself: those seconds are the round's (its preparation of each batch
    left out)."""

    name: str
    prepare: Callable[[], Any]
    run: Callable[[Any], object]
    units: float


@dataclass
class Timing:
    """Seconds per unit of each contender, one figure per round."""

    rounds: dict[str, list[float]]

    def __contains__(self, name: str) -> bool:
        return name in self.rounds

    def get(self, name: str) -> float | None:
        return self[name] if name in self.rounds else None

    def __getitem__(self, name: str) -> float:
        """The median over the rounds."""
        return statistics.median(self.rounds[name])

    def ratio(self, ours: str, theirs: str, scale: float = 1.0) -> float:
        """The median over the rounds of ``ours / (theirs * scale)``, each pair from the
        same round (the load of the machine changes between rounds, less within one)."""
        pairs = zip(self.rounds[ours], self.rounds[theirs], strict=True)
        return statistics.median(a / (b * scale) for a, b in pairs)


def interleave(contenders: Sequence[Contender], rounds: int) -> Timing:
    """Time ``rounds`` rounds; in each round every contender runs once, the order
    reversed every other round. A full garbage collection precedes each timed run
    (left-overs of the previous one are not scanned at its expense); collections the
    run itself triggers are counted."""
    times: dict[str, list[float]] = {c.name: [] for c in contenders}
    for r in range(rounds):
        for c in contenders if r % 2 == 0 else reversed(contenders):
            arg = c.prepare()
            gc.collect()
            t0 = time.perf_counter()
            timed = c.run(arg)
            wall = time.perf_counter() - t0
            times[c.name].append((timed if isinstance(timed, float) else wall) / c.units)
            del arg
    return Timing(times)


def _time_round(c: Contender, times: dict[str, list[float]], collect: bool = True) -> None:
    """One timed round of ``c`` (after a full collection with ``collect``), its seconds
    per unit appended to ``times[c.name]``."""
    arg = c.prepare()
    if collect:
        gc.collect()
    t0 = time.perf_counter()
    timed = c.run(arg)
    wall = time.perf_counter() - t0
    times[c.name].append((timed if isinstance(timed, float) else wall) / c.units)


def benchmark_interleaved(
    benchmark: Any,
    ours: Contender,
    others: Sequence[Contender],
    rounds: int,
    collect: bool = True,
) -> Timing:
    """:func:`interleave` for pytest-benchmark: ``benchmark.pedantic`` times ``rounds``
    rounds of ``ours`` (each on a fresh ``ours.prepare()``, made in the round's setup);
    each of ``others`` runs once a round, before ours in even rounds and after it in odd
    ones (timed in the next round's setup, or after the last round), their own order
    reversed each time. A disabled benchmark (``--benchmark-disable``) runs one round.
    With ``collect``, a full garbage collection precedes each timed run."""
    times: dict[str, list[float]] = {c.name: [] for c in (ours, *others)}
    order = list(others)

    def others_round() -> None:
        for c in order:
            _time_round(c, times, collect)
        order.reverse()

    def setup() -> tuple[tuple[Any], dict[str, Any]]:
        done = len(times[ours.name])
        if done % 2 == 0:
            if done:
                others_round()  # the previous round's: ours ran first
            others_round()  # this round's: before ours
        arg = ours.prepare()
        if collect:
            gc.collect()
        return (arg,), {}

    def run(arg: Any) -> None:
        t0 = time.perf_counter()
        timed = ours.run(arg)
        wall = time.perf_counter() - t0
        times[ours.name].append((timed if isinstance(timed, float) else wall) / ours.units)

    benchmark.pedantic(run, setup=setup, rounds=rounds, iterations=1)
    if len(times[ours.name]) % 2 == 0:
        others_round()  # the last round's: ours ran first
    return Timing(times)


def none() -> None:
    """The ``prepare`` of a contender whose rounds need no input."""
    return None


# ------------------------------------------------------------------- OpenSpiel


def pyspiel_module() -> Any:
    """``pyspiel``, or None when OpenSpiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    return pyspiel


def openspiel_version() -> str:
    import importlib.metadata

    try:
        return importlib.metadata.version("open_spiel")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


# -------------------------------------------------------------------- rows


@dataclass
class Row:
    """One row of the table."""

    name: str
    figure: str
    baseline: str = ""
    ratio: str = ""
    target: str = ""
    note: str = ""


def ns(seconds: float) -> str:
    nanos = seconds * 1e9
    return f"{nanos:,.0f} ns" if nanos >= 100 else f"{nanos:.1f} ns"


def verdict(value: float, limit: float, text: str) -> str:
    return f"≤ {text}: {'met' if value <= limit else '**missed**'}"


def against_openspiel(
    name: str,
    t: Timing,
    limit: float,
    unit: str,
    note: str,
    ours: str = "game",
    scale: float = 1.0,
) -> Row:
    """The row of contender ``ours`` against ``"openspiel"`` of the same rounds: seconds
    per unit, OpenSpiel's (times ``scale``, e.g. to count its chance actions), the ratio
    (the median of the rounds' ratios) and its verdict against ``limit``; when OpenSpiel
    was not installed, the target alone."""
    figure = ns(t[ours]) + unit
    if "openspiel" not in t:
        return Row(name, figure, "not installed", "", f"≤ {limit}x", note)
    r = t.ratio(ours, "openspiel", scale)
    baseline = ns(t["openspiel"] * scale) + unit
    return Row(name, figure, baseline, f"{r:.2f}x", verdict(r, limit, f"{limit}x"), note)
