"""Benchmarks of the core, printed as one table: ``ecarte bench`` or ``python -m ecarte._bench``.

Every ratio compares figures measured in the same run. Rows:

- random hands in the C batch (per hand and per action) and in the pure twin (ratio);
- perft nodes per second (C and pure);
- double-dummy solves per second from the first trick of random deals (C and pure);
- instructions per hand under callgrind, via a small C driver (when valgrind and gcc exist);
- the ``Game`` driven through its public Python API: random matches (ns per action),
  ``legal_actions()``, ``clone()`` and a card applied and undone, per call;
- OpenSpiel's ``euchre`` driven from Python and its C++ loop, when ``pyspiel`` imports,
  with the ratios of the ``Game`` rows to the same OpenSpiel figures of the same run.
"""

from __future__ import annotations

import gc
import os
import platform
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from . import _core

__all__ = ["run_bench"]


def _best(fn: Callable[[], object], repeat: int) -> float:
    """Best wall time of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def _fmt_ns(seconds: float) -> str:
    ns = seconds * 1e9
    return f"{ns:,.0f} ns" if ns >= 100 else f"{ns:.1f} ns"


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def _callgrind_per_hand() -> str | None:
    """Instructions per random hand of the C batch, measured by callgrind on a C driver."""
    cc, vg = shutil.which("gcc") or shutil.which("cc"), shutil.which("valgrind")
    core_dir = Path(__file__).parent / "_core"
    driver = Path(__file__).resolve().parents[2] / "benches" / "c" / "driver.c"
    sources = sorted(str(p) for p in core_dir.glob("ec_*.c"))
    if not (cc and vg and sources and driver.exists()):
        return None
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "driver")
        subprocess.run(
            [cc, "-std=c99", "-O2", f"-I{core_dir}", str(driver), *sources, "-o", exe],
            check=True,
        )  # fmt: skip
        counts = []
        for n in (20_000, 0):
            out = os.path.join(tmp, f"cg.{n}")
            subprocess.run(
                [vg, "--tool=callgrind", f"--callgrind-out-file={out}", exe, "hands", str(n), "1"],
                check=True,
                capture_output=True,
            )
            summary = [ln for ln in Path(out).read_text().splitlines() if ln.startswith("summary:")]
            counts.append(int(summary[0].split()[1]))
    return f"{(counts[0] - counts[1]) / 20_000:,.0f} instr"


def _per_call(fn: Callable[[], object], k: int, repeat: int = 5) -> float:
    """Best seconds per call of ``fn`` over ``repeat`` loops of ``k`` calls (results dropped),
    after a full garbage collection (left-overs of earlier rows would otherwise be scanned
    again and again by the collections the calls trigger)."""
    gc.collect()

    def loop() -> None:
        for _ in range(k):
            fn()

    return _best(loop, repeat) / k


def _game_figures(quick: bool) -> dict[str, float]:
    """Seconds per action of random matches through the public API, and per call of
    ``legal_actions()``, ``clone()`` and a card applied then undone, at the first card of
    the first hand (OpenSpiel's per-call figures are taken at its first decision, after
    the deal)."""
    import random as _random

    from .actions import PlayHand
    from .game import Game, Phase

    n = 10 if quick else 40
    rep = 2 if quick else 3
    out: dict[str, float] = {}

    def fresh() -> list[Game]:
        return [Game(seed=seed) for seed in range(n)]

    t0 = time.perf_counter()
    games = fresh()
    out["construct"] = (time.perf_counter() - t0) / n
    actions = 0

    def matches(games: list[Game]) -> None:
        nonlocal actions
        actions = 0
        for seed, game in enumerate(games):
            choice, legal, apply = _random.Random(seed).choice, game.legal_actions, game.apply
            while not game.is_over:
                apply(choice(legal()))
                actions += 1

    best = float("inf")
    for _ in range(rep):
        t0 = time.perf_counter()
        matches(games)
        best = min(best, time.perf_counter() - t0)
        games = fresh()
    out["action"] = best / actions
    out["actions"] = actions
    del games
    out["floor"] = _loop_floor(actions)

    game = Game(seed=3)
    while game.phase is not Phase.PLAY:  # the elder plays the first hand as dealt
        legal = game.legal_actions()
        game.apply(PlayHand() if PlayHand() in legal else legal[0])
    k = 5_000 if quick else 20_000
    out["legal"] = _per_call(game.legal_actions, k)
    out["clone"] = _per_call(game.clone, k)
    card = game.legal_actions()[0]
    apply, undo = game.apply, game.undo

    def apply_undo() -> None:
        apply(card)
        undo()

    out["apply_undo"] = _per_call(apply_undo, k)

    def clone_apply() -> None:
        game.clone().apply(card)

    out["clone_apply"] = _per_call(clone_apply, k)
    return out


class _NoGame:
    """The driving loop's own cost: an engine whose calls do nothing."""

    __slots__ = ("left",)
    _LEGAL = tuple(range(8))

    def __init__(self, actions: int) -> None:
        self.left = actions

    @property
    def is_over(self) -> bool:
        return self.left <= 0

    def legal_actions(self) -> tuple[int, ...]:
        return self._LEGAL

    def apply(self, action: int) -> None:
        self.left -= 1


def _drive_no_game(actions: int) -> None:
    """The random-match loop of :func:`_game_figures` around an engine that does nothing."""
    import random as _random

    game = _NoGame(actions)
    choice, legal, apply = _random.Random(0).choice, game.legal_actions, game.apply
    while not game.is_over:
        apply(choice(legal()))


def _loop_floor(actions: int) -> float:
    """Seconds per action of the random-match loop around an engine that does nothing:
    ``random.choice`` and three Python calls, the part of every per-action figure that
    no engine can remove."""
    return _best(lambda: _drive_no_game(actions), 3) / actions


def _game_rows(g: dict[str, float]) -> list[tuple[str, str, str]]:
    return [
        (
            "Python loop floor (engine does nothing)",
            _fmt_ns(g["floor"]) + "/action",
            "random.choice + legal_actions() + apply() calls, same loop",
        ),
        (
            "Game, random matches (Python API)",
            _fmt_ns(g["action"]) + "/action",
            f"{g['actions']:,.0f} actions; Game() {g['construct'] * 1e6:,.0f} µs, not counted",
        ),
        ("Game legal_actions()", _fmt_ns(g["legal"]), "per call, first card of a hand"),
        ("Game clone()", _fmt_ns(g["clone"]), "per call, copy on write"),
        ("Game clone() + apply(card)", _fmt_ns(g["clone_apply"]), "the copy made on the write"),
        ("Game apply(card) + undo()", _fmt_ns(g["apply_undo"]), "per pair"),
    ]


def _openspiel_rows(quick: bool, g: dict[str, float]) -> list[tuple[str, str, str]]:
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return [("OpenSpiel euchre", "not installed", "pip install 'ecarte[openspiel]'")]
    import random as _random

    game = pyspiel.load_game("euchre")
    rng = _random.Random(1)
    n = 200 if quick else 1000
    actions = 0

    def py_loop() -> None:
        nonlocal actions
        actions = 0
        for _ in range(n):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes = s.chance_outcomes()
                    s.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    s.apply_action(rng.choice(s.legal_actions()))
                actions += 1

    t = _best(py_loop, 2) / actions
    rows = [
        (
            "OpenSpiel euchre, Python-driven",
            _fmt_ns(t) + "/action",
            f"{n} deals, chance outcomes counted; Game/OpenSpiel {g['action'] / t:.2f}",
        )
    ]
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(game.num_players())]
    m = 2000 if quick else 10_000
    t = _best(
        lambda: [pyspiel.evaluate_bots(game.new_initial_state(), bots, i) for i in range(m)], 1
    )
    rows.append(("OpenSpiel euchre, evaluate_bots (C++)", _fmt_ns(t / m) + "/deal", f"{m} deals"))
    s = game.new_initial_state()
    while s.is_chance_node():
        outcomes = s.chance_outcomes()
        s.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    k = 5_000 if quick else 20_000
    t = _per_call(s.legal_actions, k)
    rows.append(
        ("OpenSpiel legal_actions()", _fmt_ns(t), f"per call; Game is {t / g['legal']:.1f}x faster")
    )
    t = _per_call(s.clone, k)
    note = f"per call; Game is {t / g['clone']:.1f}x faster"
    rows.append(("OpenSpiel clone()", _fmt_ns(t), note))
    return rows


def run_bench(quick: bool = False) -> str:
    """Run the benchmarks and return the table (Markdown)."""
    pure = _core.backend("pure")
    live = _core.backends()
    fast = live.get("cython") or live.get("cffi") or pure
    name = next(k for k, v in live.items() if v is fast)
    rep = 2 if quick else 5
    rows: list[tuple[str, str, str]] = []

    n_c, n_p = (200_000, 2_000) if quick else (1_000_000, 10_000)
    t_c = _best(lambda: fast.random_hands(n_c, 1), rep) / n_c
    t_p = _best(lambda: pure.random_hands(n_p, 1), 1) / n_p
    per_action = n_c / fast.random_hands(n_c, 1).actions
    note = f"{_fmt_ns(t_c * per_action)}/action"
    rows.append((f"random hand, C batch ({name})", _fmt_ns(t_c), note))
    rows.append(("random hand, pure twin", _fmt_ns(t_p), f"C is {t_p / t_c:,.0f}x faster"))

    cg = _callgrind_per_hand()
    rows.append(("random hand, callgrind", cg or "n/a", "C driver, -O2" if cg else "no valgrind"))

    order, deck = [11, 10, 9, 12, 8, 7, 6, 5], 0x1FE0_1FE0_1FE0_1FE0
    ctx_f = _core.ranked_context(1, order, deck, fast)
    ctx_p = _core.ranked_context(1, order, deck, pure)
    hands = [0x0800_0280_0480_0000, 0x0480_0000_0000_1840]  # two 5-card hands, no obligations
    nodes = sum(pure.perft(ctx_p, hands, 0, [], 0, d) for d in range(1, 11))
    t_c = _best(lambda: [fast.perft(ctx_f, hands, 0, [], 0, d) for d in range(1, 11)], rep)
    t_p = _best(lambda: [pure.perft(ctx_p, hands, 0, [], 0, d) for d in range(1, 11)], 1)
    rows.append(("perft nodes/s, C", f"{nodes / t_c:,.0f}", f"{nodes} nodes, depths 1-10"))
    rows.append(("perft nodes/s, pure", f"{nodes / t_p:,.0f}", f"C is {t_p / t_c:,.0f}x faster"))

    n_c, n_p = (20_000, 100) if quick else (100_000, 300)
    t_c = _best(lambda: fast.random_solves(n_c, 1), rep) / n_c
    t_p = _best(lambda: pure.random_solves(n_p, 1), 1) / n_p
    rows.append(("double-dummy solve, C batch", _fmt_ns(t_c), f"{1 / t_c:,.0f} solves/s (mean)"))
    rows.append(("double-dummy solve, pure", _fmt_ns(t_p), f"C is {t_p / t_c:,.0f}x faster"))

    game = _game_figures(quick)
    rows += _game_rows(game)
    rows += _openspiel_rows(quick, game)

    width = max(len(r[0]) for r in rows)
    head = f"| {'benchmark':<{width}} | figure | note |\n|{'-' * (width + 2)}|---|---|\n"
    body = "\n".join(f"| {a:<{width}} | {b} | {c} |" for a, b, c in rows)
    machine = (
        f"{_cpu()}, {os.cpu_count()} cores, {platform.system()} {platform.machine()}, "
        f"Python {platform.python_version()}, backend {name}"
    )
    return f"{head}{body}\n\nMachine: {machine}"


if __name__ == "__main__":
    import sys

    print(run_bench(quick="--quick" in sys.argv))
