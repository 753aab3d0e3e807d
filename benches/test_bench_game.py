"""The Game through its public Python API, against OpenSpiel's euchre from Python.

    pytest benches/test_bench_game.py --benchmark-enable

The same rows as ``ecarte bench`` (the loops are ``ecarte._bench.ecarte_rows``'s). Each
row that has an OpenSpiel baseline measures it in the same test, interleaved: each
pytest-benchmark round of ours has one OpenSpiel round beside it, before it in even
rounds and after it in odd ones; the ratio (the median of the rounds' ratios) is in
``extra_info`` with its target. Those rows skip when ``pyspiel`` is not importable.
Nothing here asserts a speed.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from ecarte._bench import ecarte_rows as B
from ecarte._bench import harness as H

PYSPIEL = H.pyspiel_module()
needs_openspiel = pytest.mark.skipif(
    PYSPIEL is None,
    reason="OpenSpiel is not installed (pip install 'ecarte[openspiel]'): no baseline",
)
ROUNDS = 7
MATCHES, DEALS = 60, 150  # per round: about the same time on each side


def _against_openspiel(
    benchmark: Any,
    ours: Callable[[Any], object],
    ours_prepare: Callable[[], Any],
    theirs: Callable[[Any], object],
    theirs_prepare: Callable[[], Any],
    units: tuple[float, float],
    rounds: int = ROUNDS,
    collect: bool = True,
) -> H.Timing:
    """Benchmark ``ours`` (``rounds`` rounds, each on a fresh ``ours_prepare()``) with one
    round of ``theirs`` (on a fresh ``theirs_prepare()``) in each, before ours in even
    rounds and after it in odd ones (``ecarte._bench.harness.benchmark_interleaved``).
    ``units``: the units of work of a round of each (seconds per unit are compared). A
    round that returns a float has timed itself (as ``ecarte bench``'s contenders). With
    ``collect``, a full garbage collection precedes each timed round (not for rounds of
    one small chunk of states: a collection evicts the CPU caches that the states just
    made are in)."""
    return H.benchmark_interleaved(
        benchmark,
        H.Contender("game", ours_prepare, ours, units[0]),
        [H.Contender("openspiel", theirs_prepare, theirs, units[1])],
        rounds,
        collect,
    )


def _report(benchmark: Any, timing: H.Timing, target: float, unit: str, scale: float = 1.0) -> None:
    ratio = timing.ratio("game", "openspiel", scale)
    benchmark.extra_info.update(
        {
            f"game_ns_per_{unit}": round(timing["game"] * 1e9, 1),
            f"openspiel_ns_per_{unit}": round(timing["openspiel"] * scale * 1e9, 1),
            "ratio": round(ratio, 3),
            "target": f"<= {target}x",
            "met": ratio <= target,
        }
    )


def test_python_loop_floor(benchmark: Any) -> None:
    """The loop of the match rows around an engine that does nothing (no baseline)."""
    benchmark.pedantic(
        B.drive_no_game, setup=lambda: ((B.no_game(1_000),), {}), rounds=200, iterations=1
    )
    benchmark.extra_info["decisions"] = 1_000


@needs_openspiel
def test_random_matches(benchmark: Any) -> None:
    """Random complete matches, Game() counted once per match, against random euchre deals
    (load_game + new_initial_state() counted once per deal): per player decision, and per
    action with OpenSpiel's chance actions counted (every Game action is a decision)."""
    decisions = B.count_our_decisions(range(MATCHES))
    spiel_decisions, chance = B.count_spiel_actions(PYSPIEL, range(DEALS))
    timing = _against_openspiel(
        benchmark,
        lambda _: B.our_matches(range(MATCHES)),
        lambda: None,
        lambda _: B.spiel_matches(PYSPIEL, range(DEALS)),
        lambda: None,
        (decisions, spiel_decisions),
    )
    _report(benchmark, timing, H.TARGET_DECISION, "decision")
    per_action = timing.ratio("game", "openspiel", spiel_decisions / (spiel_decisions + chance))
    benchmark.extra_info.update(
        {
            "decisions": decisions,
            "openspiel_decisions": spiel_decisions,
            "openspiel_chance_actions": chance,
            "ratio_per_action": round(per_action, 3),
            "target_per_action": f"<= {H.TARGET_ACTION}x",
            "met_per_action": per_action <= H.TARGET_ACTION,
        }
    )


@needs_openspiel
def test_per_hand_hook_in_python(benchmark: Any) -> None:
    """Random matches with a plugin answering ecarte_score_hand in Python (the classic
    answer), per player decision, against OpenSpiel's per decision."""
    plugin = [B.ScoreHandInPython]
    decisions = B.count_our_decisions(range(MATCHES), plugin)
    assert decisions == B.count_our_decisions(range(MATCHES))  # the very same matches
    spiel_decisions, _ = B.count_spiel_actions(PYSPIEL, range(DEALS))
    timing = _against_openspiel(
        benchmark,
        lambda _: B.our_matches(range(MATCHES), plugin),
        lambda: None,
        lambda _: B.spiel_matches(PYSPIEL, range(DEALS)),
        lambda: None,
        (decisions, spiel_decisions),
    )
    _report(benchmark, timing, H.TARGET_PLUGIN_DECISION, "decision")


def _chunks(pairs: Sequence[Any]) -> Callable[[], Sequence[Any]]:
    """The next chunk of ``pairs`` at each call, cycling."""
    cycle = itertools.cycle(B.chunks(pairs))
    return lambda: next(cycle)


def _per_call(benchmark: Any, row: B.PerCall) -> None:
    """A per-call row on 2,000 mid-play decisions of each engine: each round makes a
    batch of one chunk of them (setup), then times the row's loop over it; its loop floor
    (the same loop around idle states) in the same rounds."""
    if row.fills_mask_table:
        B.fill_mask_table()  # as a long-running process has it (see its docstring)
    pairs = B.our_play_states(2_000, row.seed)
    ours, idle = _chunks(pairs), _chunks(pairs)  # a cycle each: ours sees every chunk
    theirs = _chunks(B.spiel_play_states(PYSPIEL, 2_000, row.seed))
    timing = H.benchmark_interleaved(
        benchmark,
        H.Contender("game", lambda: row.our_batch(ours()), row.our_loop, B.CHUNK),
        [
            H.Contender("openspiel", lambda: row.their_batch(theirs()), row.their_loop, B.CHUNK),
            H.Contender("floor", lambda: row.floor_batch(idle()), row.our_loop, B.CHUNK),
        ],
        200,
        collect=False,
    )
    _report(benchmark, timing, row.target, "call")
    benchmark.extra_info["floor_ns_per_call"] = round(timing["floor"] * 1e9, 1)


@needs_openspiel
def test_legal_actions_fresh_state(benchmark: Any) -> None:
    """The first legal_actions() on mid-play states just reached by apply: each round
    makes a chunk of them (setup), then calls legal_actions() once on each."""
    _per_call(benchmark, B.LEGAL)


@needs_openspiel
def test_legal_action_mask_fresh_state(benchmark: Any) -> None:
    """legal_action_mask() (a tuple of 96 bools) on mid-play states just reached by
    apply, against OpenSpiel's legal_actions_mask() on euchre's; target at most 1.5x."""
    _per_call(benchmark, B.MASK)


@needs_openspiel
def test_clone_and_apply(benchmark: Any) -> None:
    """clone() then the chosen card applied to the copy, on mid-play decisions."""
    _per_call(benchmark, B.CLONE_APPLY)


# ------------------------------------------------ absolute targets (no baseline)


@pytest.mark.parametrize("variant", [None, *B.VARIANTS, "cercle-club"])
def test_game_construction(benchmark: Any, variant: str | None) -> None:
    """Game() (classic, no seed) or Game(variant=name), made and dropped; "cercle-club"
    is Game(plugins=[Cercle(...)]) with the README's club, a new Cercle per game."""
    from ecarte import Game, available_variants

    if variant is None:
        make: Callable[[], object] = Game
        target = H.TARGET_CLASSIC_NEW_US
    else:
        needed = "cercle" if variant == "cercle-club" else variant
        if needed not in available_variants():
            pytest.skip(f"the {needed!r} variant is not installed")
        if variant == "cercle-club":

            def make() -> object:
                return Game(plugins=[B.cercle_club()])

        else:

            def make() -> object:
                return Game(variant=variant)

        target = H.TARGET_VARIANT_NEW_US
    make()  # first use: the entry point loaded, the hook table built
    benchmark(make)
    benchmark.extra_info["target"] = f"<= {target:.0f} us"
    if benchmark.stats is not None:
        median = benchmark.stats.stats.median * 1e6
        benchmark.extra_info.update({"median_us": round(median, 2), "met": median <= target})


@pytest.mark.parametrize("finished", [False, True], ids=["first-decision", "finished-match"])
def test_memory_per_game(benchmark: Any, finished: bool) -> None:
    """Bytes per live Game (tracemalloc, see ecarte._bench.ecarte_rows.memory_per_game);
    the time reported is that of the measurement, which runs under tracemalloc."""
    n = 400 if finished else 2_000
    per_game = benchmark.pedantic(B.memory_per_game, args=(n, finished), rounds=1)
    target = H.TARGET_MEM_FINISHED if finished else H.TARGET_MEM_FIRST
    benchmark.extra_info.update(
        {"bytes_per_game": round(per_game), "target_bytes": target, "met": per_game <= target}
    )
