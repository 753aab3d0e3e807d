"""The core's rows of ``ecarte bench``: random hands in the C batch and in the pure twin,
perft, double-dummy solves, and instructions per hand under callgrind (a small C driver
from ``benches/c``). No baseline: the compiled backend and the pure twin in turn in the
same rounds, medians."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from .. import _core
from ..engine import backend as _backend
from .harness import Contender, Row, Timing, interleave, none, ns

_PACKAGE = Path(__file__).resolve().parents[1]

DRIVERS = (
    _PACKAGE.parents[1] / "benches" / "c" / "driver.c",  # an editable checkout
    Path("benches") / "c" / "driver.c",  # run from a checkout's root
)
"""Where the callgrind row looks for its C driver, in order."""
NO_COMPILED_CORE = "no compiled core in this install (the pure-Python twins only)"
"""The note of the C rows where no compiled backend is built: nothing to time."""


def callgrind_per_hand(hands: int, drivers: Sequence[Path] = DRIVERS) -> tuple[str, str]:
    """Instructions per random hand of the C batch, measured by callgrind on the C driver
    ``benches/c/driver.c`` compiled with the core's ``ec_*.c``; or ``("n/a", "missing:
    ...")`` naming each thing that is missing, or ``("n/a", "failed: ...")`` when the
    driver does not build or callgrind fails."""
    cc, vg = shutil.which("gcc") or shutil.which("cc"), shutil.which("valgrind")
    core_dir = _PACKAGE / "_core"
    game_dir = _PACKAGE / "games" / "ecarte" / "c"
    sources = sorted(str(p) for d in (core_dir, game_dir) for p in d.glob("ec_*.c"))
    driver = next((p for p in drivers if p.exists()), None)
    missing = []
    if driver is None:
        missing.append("benches/c/driver.c (not in an installed wheel: run from a source checkout)")
    if not sources:
        missing.append(f"the core's C sources ec_*.c in {core_dir}")
    if cc is None:
        missing.append("a C compiler (gcc or cc)")
    if vg is None:
        missing.append("valgrind")
    if missing or driver is None or cc is None or vg is None:
        return "n/a", "missing: " + "; ".join(missing)
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "driver")
        built = subprocess.run(
            [cc, "-std=c99", "-O2", f"-I{core_dir}", f"-I{game_dir}", str(driver), *sources,
             "-o", exe, "-lm"],
            capture_output=True, text=True,
        )  # fmt: skip
        if built.returncode != 0:
            return "n/a", f"failed: {cc} could not build the C driver {driver}: {_last(built)}"
        counts = []
        for n in (hands, 0):
            out = os.path.join(tmp, f"cg.{n}")
            ran = subprocess.run(
                [vg, "--tool=callgrind", f"--callgrind-out-file={out}", exe, "hands", str(n), "1"],
                capture_output=True,
                text=True,
            )
            summary = []
            if ran.returncode == 0 and os.path.exists(out):
                summary = [
                    ln for ln in Path(out).read_text().splitlines() if ln.startswith("summary:")
                ]
            if not summary:
                return "n/a", f"failed: valgrind --tool=callgrind on the C driver: {_last(ran)}"
            counts.append(int(summary[0].split()[1]))
    return f"{(counts[0] - counts[1]) / hands:,.0f} instr", f"C driver, -O2, {hands:,} hands"


def _last(run: subprocess.CompletedProcess[str]) -> str:
    """What a failed command said: its first line naming an error, else its last line, else
    its exit status."""
    lines = [ln.strip() for ln in (run.stderr or run.stdout or "").splitlines() if ln.strip()]
    errors = [ln for ln in lines if "error" in ln.lower()]
    return (errors or lines[-1:] or [f"exit status {run.returncode}"])[0]


def _same(what: str, fast: object, pure: object) -> None:
    """Raise unless the compiled backend's answers ``fast`` are the pure twin's ``pure``:
    a core that answers wrong is not timed."""
    if fast != pure:
        raise AssertionError(f"{what}: the compiled core's answers are not the pure twin's")


def _in_turn(
    c: Callable[[], object] | None,
    pure: Callable[[], object],
    units: tuple[int, int],
    rounds: int,
) -> Timing:
    """The compiled batch ``c`` and the pure twin's ``pure`` timed in the same rounds, in
    turn (the order reversed every other round): seconds per unit of each, by round. The
    twin alone when ``c`` is None (no compiled backend)."""
    contenders = [Contender("pure", none, lambda _: pure(), units[1])]
    if c is not None:
        contenders.insert(0, Contender("c", none, lambda _: c(), units[0]))
    return interleave(contenders, rounds)


def core_rows(quick: bool) -> list[Row]:
    """The core's rows, on the fastest compiled backend and on the pure twin, timed in
    turn in the same rounds (medians; "C is Nx faster" the median of the rounds' ratios);
    each batch's answers are first checked against the pure twin's on the same seeds (and
    perft's counts at every depth). Without a compiled backend (an install of the pure
    twins alone) the C rows say so and the twin is timed alone."""
    pure = _core.backend("pure")
    live = _core.backends()
    name = next((k for k in ("cython", "cffi") if k in live), None)
    fast = pure if name is None else live[name]
    hands_fast = _backend.module("ecarte.hands", name or "pure")
    hands_pure = _backend.module("ecarte.hands", "pure")
    rounds = 2 if quick else 5
    rows: list[Row] = []

    def faster(t: Timing) -> str:
        return f"C is {t.ratio('pure', 'c'):,.0f}x faster" if "c" in t else ""

    def c_row(row: str, t: Timing, figure: Callable[[float], str], note: str) -> Row:
        if "c" not in t:
            return Row(row, "n/a", note=NO_COMPILED_CORE)
        return Row(row, figure(t["c"]), note=note)

    n_c, n_p = (100_000, 1_000) if quick else (1_000_000, 10_000)
    checked = hands_pure.random_hands(n_p, 1)
    _same("random_hands", hands_fast.random_hands(n_p, 1), checked)
    t = _in_turn(
        None if name is None else lambda: hands_fast.random_hands(n_c, 1),
        lambda: hands_pure.random_hands(n_p, 1),
        (n_c, n_p),
        rounds,
    )
    per_action = n_p / checked.actions
    c_note = f"{ns(t['c'] * per_action)}/action" if "c" in t else ""
    rows.append(c_row("random hand, C batch" + (f" ({name})" if name else ""), t, ns, c_note))
    rows.append(Row("random hand, pure twin", ns(t["pure"]), note=faster(t)))

    if quick:
        figure, note = "skipped", "not with --quick (compiles the core, about 3 s)"
    else:
        figure, note = callgrind_per_hand(20_000)
    rows.append(Row("random hand, callgrind", figure, note=note))

    order, deck = [11, 10, 9, 12, 8, 7, 6, 5], 0x1FE0_1FE0_1FE0_1FE0
    ctx_f = _core.ranked_context(1, order, deck, fast)
    ctx_p = _core.ranked_context(1, order, deck, pure)
    hands = [0x0800_0280_0480_0000, 0x0480_0000_0000_1840]  # two 5-card hands, no obligations
    depths = range(1, (8 if quick else 10) + 1)
    counts = [pure.perft(ctx_p, hands, 0, [], 0, d) for d in depths]
    _same("perft", [fast.perft(ctx_f, hands, 0, [], 0, d) for d in depths], counts)
    nodes = sum(counts)
    t = _in_turn(
        None if name is None else lambda: [fast.perft(ctx_f, hands, 0, [], 0, d) for d in depths],
        lambda: [pure.perft(ctx_p, hands, 0, [], 0, d) for d in depths],
        (nodes, nodes),
        rounds,
    )
    perft_note = f"{nodes} nodes, depths 1-{depths[-1]}"
    rows.append(c_row("perft nodes/s, C", t, lambda s: f"{1 / s:,.0f}", perft_note))
    rows.append(Row("perft nodes/s, pure", f"{1 / t['pure']:,.0f}", note=faster(t)))

    n_c, n_p = (10_000, 50) if quick else (100_000, 300)
    solved = list(hands_pure.random_solves(n_p, 1).values)
    _same("random_solves", list(hands_fast.random_solves(n_p, 1).values), solved)
    t = _in_turn(
        None if name is None else lambda: hands_fast.random_solves(n_c, 1),
        lambda: hands_pure.random_solves(n_p, 1),
        (n_c, n_p),
        rounds,
    )
    solves_note = f"{1 / t['c']:,.0f} solves/s" if "c" in t else ""
    rows.append(c_row("double-dummy solve, C batch", t, ns, solves_note))
    rows.append(Row("double-dummy solve, pure", ns(t["pure"]), note=faster(t)))
    return rows
