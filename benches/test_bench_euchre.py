"""Euchre's speed targets: ``pytest benches/test_bench_euchre.py --benchmark-enable``.

Four rows, each a ratio of figures measured in the same test, in alternating rounds
(each pytest-benchmark round of ecarte has one round of each baseline beside it, before
it in even rounds and after it in odd ones), medians over the rounds; the ratio is in
``extra_info`` with its target and whether it is met. Nothing here asserts a speed.
Without ``--benchmark-enable`` (the default: ``--benchmark-disable`` in pyproject's
addopts) each body runs one round, a few tenths of a second in all.

1. Random deals driven from Python through the public API, per applied action (chance
   included, a new game per deal): ``ecarte.games.euchre.EuchreGame`` against OpenSpiel's
   ``euchre``, two loops making the same calls on both engines
   (``ecarte._bench.euchre_rows``'s, as ``benches/euchre_game.py``): the legal ids at every
   node, and ``chance_outcomes()`` at chance nodes with the legal ids elsewhere, the same
   pick on both (``ids[int(r() * len(ids))]``, ``r = random.Random(seed).random`` per
   deal); the Python loop floor (the same loop, pick and answers without an engine)
   beside them. Target: at most 0.5x in both.
   Beside them, ``legal_action_mask()`` on fresh states (a kept decision's copy, its id
   just applied) against OpenSpiel's ``legal_actions_mask()`` on the same states.
   Target: at most 1.5x.
2. Random whole deals under OpenSpiel's rules in the C batch
   (``ecarte.games.euchre.random_games``, the core's Euchre machine) against
   ``pyspiel.evaluate_bots`` with uniform random bots, one call per deal (the functions
   of ``benches/euchre_batch.py``). Target: at least 5x the deals per second.
3. Four-hand double-dummy solves from the first trick (``ecarte.tricks.solve_n``) on the
   live backend against the pure twin, on the same positions: the median per solve and
   the ratio, no target.

Rows 1 (two tests) and 2 skip, naming what is missing, when ``pyspiel`` or
``ecarte.games.euchre`` does not import; rows 2 and 3 skip when the live backend is the
pure twin (``ECARTE_PURE_PYTHON=1``).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import euchre_batch
import pytest

import ecarte._core as core
from ecarte._bench import euchre_rows as B
from ecarte._bench.harness import Contender, benchmark_interleaved, none, pyspiel_module
from ecarte.games.euchre import euchre_context
from ecarte.games.euchre.tables import context_on

PYSPIEL = pyspiel_module()
NO_OPENSPIEL = "OpenSpiel is not installed (pip install 'ecarte[openspiel]'): no baseline"
try:
    import ecarte.games.euchre  # noqa: F401
except ImportError as e:
    NO_EUCHRE: str | None = f"ecarte.games.euchre does not import ({e})"
else:
    NO_EUCHRE = None

needs_euchre_and_openspiel = pytest.mark.skipif(
    PYSPIEL is None or NO_EUCHRE is not None,
    reason="; ".join(r for r in (NO_EUCHRE, PYSPIEL is None and NO_OPENSPIEL) if r),
)

TARGET_ACTION = 0.5
"""Random deals from Python, per action: at most this times OpenSpiel's time."""
TARGET_MASK = 1.5
"""``legal_action_mask()`` on a fresh state: at most this times OpenSpiel's."""
TARGET_BATCH = 5.0
"""The C batch: at least this many times OpenSpiel's deals per second."""


def _rounds(
    benchmark: Any,
    ours: Callable[[], object],
    others: dict[str, Callable[[], object]],
    rounds: int,
) -> dict[str, list[float]]:
    """Benchmark ``ours`` for ``rounds`` rounds with one round of each of ``others`` in
    each, before ours in even rounds and after it in odd ones, their own order reversed
    each time (``ecarte._bench.harness.benchmark_interleaved``). A full garbage
    collection precedes every timed round. Seconds per round, by name (``"ours"`` for
    ours)."""
    t = benchmark_interleaved(
        benchmark,
        Contender("ours", none, lambda _: ours(), 1),
        [Contender(name, none, lambda _, f=f: f(), 1) for name, f in others.items()],
        rounds,
    )
    return t.rounds


def _ratio(times: dict[str, list[float]], ours: str, theirs: str, scale: float = 1.0) -> float:
    """The median over the rounds of ``ours / theirs * scale``, both from the same round."""
    return statistics.median(a / b * scale for a, b in zip(times[ours], times[theirs], strict=True))


# ------------------------------------------------------- 1. deals from Python

DEALS = 150  # per round, on each side: about 6,500 actions
PY_ROUNDS = 21


def _deals_row(benchmark: Any, loop: str) -> None:
    """``EuchreGame(EuchreRules.openspiel(), auto_chance=False, seed=s)`` and
    ``load_game("euchre").new_initial_state()`` made once per deal (timed), then the same
    random loop on both (``loop``: ``ecarte._bench.euchre_rows.EUCHRE_LOOPS``): the very
    same deals (same ids, same order, same seeds), per applied action, chance outcomes
    included; the loop floor and OpenSpiel timed in each round's setup."""
    seeds = range(DEALS)
    scripts = B.euchre_scripts(seeds)
    actions = sum(len(s) for s in scripts)
    assert actions == B.count_spiel_euchre_actions(PYSPIEL, seeds, loop)  # the same deals
    inputs = B.floor_inputs(scripts, loop)
    times = _rounds(
        benchmark,
        lambda: B.euchre_deals(seeds, loop),
        {
            "openspiel": lambda: B.spiel_euchre_deals(PYSPIEL, seeds, loop),
            "floor": lambda: B.floor_deals(inputs, loop),
        },
        PY_ROUNDS,
    )
    ratio = _ratio(times, "ours", "openspiel")

    def ns(name: str) -> float:
        return round(statistics.median(times[name]) / actions * 1e9, 1)

    benchmark.extra_info.update(
        {
            "loop": B.EUCHRE_LOOP_TEXT[loop],
            "pick": B.EUCHRE_PICK,
            "deals": DEALS,
            "actions": actions,
            "ecarte_ns_per_action": ns("ours"),
            "openspiel_ns_per_action": ns("openspiel"),
            "floor_ns_per_action": ns("floor"),
            "ratio": round(ratio, 3),
            "floor_ratio": round(_ratio(times, "floor", "openspiel"), 3),
            "target": f"<= {TARGET_ACTION}x",
            "met": ratio <= TARGET_ACTION,
        }
    )


@needs_euchre_and_openspiel
def test_random_deals_legal_ids(benchmark: Any) -> None:
    """The legal ids at every node (``legal_action_ids()`` / ``legal_actions()``, the
    chance outcomes at a chance node on both), pick one, apply."""
    _deals_row(benchmark, "legal")


@needs_euchre_and_openspiel
def test_random_deals_chance_outcomes(benchmark: Any) -> None:
    """``chance_outcomes()`` at a chance node (``to_act == -1`` / ``is_chance_node()``),
    the picked outcome's id applied; the legal ids elsewhere, pick one, apply."""
    _deals_row(benchmark, "chance")


MASK_STATES = 2_000
MASK_ROUNDS = 11


@needs_euchre_and_openspiel
def test_legal_action_mask_fresh_state(benchmark: Any) -> None:
    """``legal_action_mask()`` (a list of 31 bools) on fresh states, each a kept decision's
    copy with its id applied (made by chunks just before their timed loop), against
    OpenSpiel's ``legal_actions_mask()`` on the very same states, and the loop floor (the
    same loop around idle states); per call."""
    contenders = {c.name: c for c in B.euchre_mask_contest(MASK_STATES, PYSPIEL)}
    t = benchmark_interleaved(
        benchmark, contenders["game"], [contenders["openspiel"], contenders["floor"]], MASK_ROUNDS
    )  # seconds per state of the timed loops
    times = {"ours": t.rounds["game"], "openspiel": t.rounds["openspiel"]}
    ratio = _ratio(times, "ours", "openspiel")
    benchmark.extra_info.update(
        {
            "states": MASK_STATES,
            "ecarte_ns": round(statistics.median(times["ours"]) * 1e9, 1),
            "openspiel_ns": round(statistics.median(times["openspiel"]) * 1e9, 1),
            "floor_ns": round(t["floor"] * 1e9, 1),
            "ratio": round(ratio, 3),
            "target": f"<= {TARGET_MASK}x",
            "met": ratio <= TARGET_MASK,
        }
    )


# ------------------------------------------------------------- 2. the C batch

BATCH_DEALS, SPIEL_DEALS = 100_000, 5_000  # per round: about the same time on each side
BATCH_ROUNDS = 11


@needs_euchre_and_openspiel
@pytest.mark.skipif(core.BACKEND == "pure", reason="the live backend is the pure twin: no C batch")
def test_c_batch_against_evaluate_bots(benchmark: Any) -> None:
    """ecarte.games.euchre.random_games(n, seed, EuchreRules.openspiel()) (one thread) against
    one pyspiel.evaluate_bots per deal with four uniform random bots; deals per second."""
    game, bots = euchre_batch.openspiel_bots(PYSPIEL)
    euchre_batch.check_deals(1_000, 1)  # and warm up
    times = _rounds(
        benchmark,
        lambda: euchre_batch.ecarte_deals(BATCH_DEALS, 0),
        {
            "openspiel": lambda: euchre_batch.openspiel_deals(
                PYSPIEL, game, bots, range(SPIEL_DEALS)
            )
        },
        BATCH_ROUNDS,
    )
    speedup = _ratio(times, "openspiel", "ours", BATCH_DEALS / SPIEL_DEALS)
    benchmark.extra_info.update(
        {
            "backend": core.BACKEND,
            "ecarte_deals_per_s": round(BATCH_DEALS / statistics.median(times["ours"])),
            "openspiel_deals_per_s": round(SPIEL_DEALS / statistics.median(times["openspiel"])),
            "speedup": round(speedup, 2),
            "target": f">= {TARGET_BATCH}x",
            "met": speedup >= TARGET_BATCH,
        }
    )


# ------------------------------------------- 3. four-hand double-dummy solves

EUCHRE_CARDS = [s * 16 + r for s in range(4) for r in range(7, 13)]  # 9..A of each suit
PARTNERS = (0, 1, 0, 1)
SOLVES = 30  # positions, each solved once per round on each backend
SOLVE_ROUNDS = 7

Position = tuple[int, tuple[int, ...], int, tuple[int, ...], int]


def euchre_positions(n: int, seed: int = 1) -> list[Position]:
    """``n`` random first-trick Euchre positions ``(trump, hands, leader, trick, active)``:
    five cards each from the 24, one in three with a lone player (a random position sits
    out), a random leader among the active ones and a random legal prefix of the trick
    (as c-core.md's "Four hands" figures and tests/games/euchre/test_euchre_core.py's deals)."""
    from ecarte import tricks

    rng = random.Random(seed)
    out = []
    for i in range(n):
        trump = rng.randrange(4)
        active = 15 if i % 3 else 15 & ~(1 << rng.randrange(4))
        cards = rng.sample(EUCHRE_CARDS, 20)
        hands = [sum(1 << c for c in cards[5 * p : 5 * p + 5]) for p in range(4)]
        leader = rng.choice([p for p in range(4) if active >> p & 1])
        s = tricks.PlayStateN(euchre_context(trump), hands, leader, 0, active)
        for _ in range(rng.randrange(bin(active).count("1"))):
            legal = s.legal()
            s.apply(rng.choice([c for c in range(64) if legal >> c & 1]))
        hs, lead, trick = s.position()
        out.append((trump, tuple(hs), lead, tuple(trick), active))
    return out


def _solve_each(
    solve: Callable[..., tuple[int, int]], ctxs: list[Any], positions: list[Position]
) -> tuple[list[float], list[tuple[int, int]]]:
    """Seconds of each solve, timed one by one, and the answers."""
    seconds, answers = [], []
    for trump, hands, leader, trick, active in positions:
        ctx = ctxs[trump]
        t0 = time.perf_counter()
        answer = solve(ctx, hands, leader, trick, 0, PARTNERS, active)
        seconds.append(time.perf_counter() - t0)
        answers.append(answer)
    return seconds, answers


@pytest.mark.skipif(core.BACKEND == "pure", reason="the live backend is the pure twin")
def test_four_hand_solve(benchmark: Any) -> None:
    """solve_n from the first trick of SOLVES positions on the live backend, each solve
    timed on its own, and on the pure twin in the same rounds (alternately before and
    after the live backend's): per position the median
    over the rounds, then the median over the positions; the ratio is the median over the
    positions of pure / live. No target."""
    from ecarte import tricks

    pure = core.backends()["pure"]
    live_ctxs = [euchre_context(t) for t in range(4)]
    pure_ctxs = [context_on(pure, t) for t in range(4)]
    positions = euchre_positions(SOLVES)
    live_times: list[list[float]] = []
    pure_times: list[list[float]] = []
    answers: list[list[tuple[int, int]]] = []

    def timed(
        solve: Callable[..., tuple[int, int]], ctxs: list[Any], times: list[list[float]]
    ) -> Callable[[Any], float]:
        def run(_: Any) -> float:
            seconds, got = _solve_each(solve, ctxs, positions)
            times.append(seconds)
            answers.append(got)
            return sum(seconds)

        return run

    benchmark_interleaved(
        benchmark,
        Contender("live", none, timed(tricks.solve_n, live_ctxs, live_times), 1),
        [Contender("pure", none, timed(pure.solve_n, pure_ctxs, pure_times), 1)],
        SOLVE_ROUNDS,
    )
    assert all(a == answers[0] for a in answers)  # the same answers on both backends

    def per_position(rounds: list[list[float]]) -> list[float]:
        return [statistics.median(r[i] for r in rounds) for i in range(len(positions))]

    live, slow = per_position(live_times), per_position(pure_times)
    benchmark.extra_info.update(
        {
            "backend": core.BACKEND,
            "positions": len(positions),
            "live_median_us": round(statistics.median(live) * 1e6, 2),
            "live_mean_us": round(statistics.fmean(live) * 1e6, 2),
            "pure_median_us": round(statistics.median(slow) * 1e6, 1),
            "pure_over_live": round(
                statistics.median(p / c for p, c in zip(slow, live, strict=True)), 1
            ),
        }
    )
