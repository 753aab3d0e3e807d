"""Random matches: classic with no variant installed vs with every variant
plugin installed (a classic game, which must not slow down), plus the cost
of playing under the variants themselves.

    pytest benches/test_bench_variants.py --benchmark-enable

The ratio is reported in ``extra_info`` (and printed); nothing here is a timed
assertion: the tests only check that the same games were played.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import pytest

from ecarte import Game
from ecarte.games.ecarte._plugins import AUTOLOAD_ENV

MATCHES = 20
ROUNDS = 7


def _random_matches(make: Callable[[int], Game]) -> int:
    hands = 0
    for seed in range(MATCHES):
        game = make(seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        hands += game.hand_number
    return hands


def _classic(seed: int) -> Game:
    return Game(seed=seed)


def _time(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


@pytest.mark.parametrize("installed", [False, True], ids=["not-installed", "installed"])
def test_classic_hands(benchmark: Any, monkeypatch: pytest.MonkeyPatch, installed: bool) -> None:
    if not installed:
        monkeypatch.setenv(AUTOLOAD_ENV, "1")
    hands = benchmark(_random_matches, _classic)
    assert hands > MATCHES


def test_variants_installed_ratio(benchmark: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ratio installed / not installed, measured in the same process: the two take
    turns (in an order reversed every other round), the ratio the median of the rounds'
    ratios."""
    installed_hands = benchmark(_random_matches, _classic)
    times: dict[bool, list[float]] = {False: [], True: []}  # by "discovery turned off"
    for r in range(ROUNDS if benchmark.enabled else 1):
        for off in (False, True) if r % 2 == 0 else (True, False):
            if off:
                monkeypatch.setenv(AUTOLOAD_ENV, "1")
            else:
                monkeypatch.delenv(AUTOLOAD_ENV, raising=False)
            times[off].append(_time(lambda: _random_matches(_classic)))
    monkeypatch.setenv(AUTOLOAD_ENV, "1")
    assert _random_matches(_classic) == installed_hands  # the very same games
    ratio = statistics.median(a / b for a, b in zip(times[False], times[True], strict=True))
    benchmark.extra_info["installed_over_not_installed"] = round(ratio, 3)
    print(f"\nclassic random hands, variants installed / not installed: {ratio:.3f}")


@pytest.mark.parametrize("variant", ["quick", "napoleon", "regles", "cercle"])
def test_variant_hands(benchmark: Any, variant: str) -> None:
    hands = benchmark(_random_matches, lambda seed: Game(variant=variant, seed=seed))
    assert hands > MATCHES


def test_poule_hands(benchmark: Any) -> None:
    hands = benchmark(_random_matches, lambda seed: Game(variant="poule", seed=seed))
    assert hands > MATCHES


@pytest.mark.parametrize("variant", [None, "quick", "napoleon", "poule", "regles", "cercle"])
def test_construction(benchmark: Any, variant: str | None) -> None:
    """``Game()`` and ``Game(variant=name)`` to the first decision (``ecarte bench`` holds
    their absolute targets, docs/performance.md); the first game of a variant, which loads
    its entry point and builds its hook tables, is left out."""
    Game(variant=variant)
    game = benchmark(Game, variant=variant)
    assert game.variants == (() if variant is None else (variant,))
