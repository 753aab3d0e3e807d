"""The analysis gives the same numbers on the compiled backend and on the pure twin: its
code is the same Python on both, the deals' evaluation (the PIMC kernel) is the
backend's. The other analysis tests run on the live backend only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ecarte import _core
from ecarte.analysis import decision_table, first_decision_game

pytestmark = [
    pytest.mark.own_backends,  # the backends are compared here
    pytest.mark.skipif(
        "cython" not in _core.backends(),
        reason="the compiled backend is not built: every analysis test runs on the twin",
    ),
]

pytest.importorskip("numpy", reason="the deals by class seed from numpy's SeedSequence")

RUNS: dict[str, Callable[[], Any]] = {
    "random deals, elder": lambda: decision_table(60, seed=11, side="elder"),
    "random deals, dealer, by shape": lambda: decision_table(
        60, seed=12, side="dealer", by="shape"
    ),
    "by class, dealer": lambda: decision_table(
        8, seed=2, side="dealer", by="shape", per_class=True
    ),
    "by class, PIMC players": lambda: decision_table(
        2, seed=5, side="elder", by="shape", per_class=True, players="pimc", worlds=4
    ),
    "the game": lambda: first_decision_game(80, seed=3),
    "the game by class": lambda: first_decision_game(12, seed=3, by="shape", per_class=True),
}


@pytest.mark.parametrize("run", RUNS)
def test_the_twin_gives_the_compiled_backends_numbers(run: str) -> None:
    previous = _core.BACKEND
    results = []
    try:
        for backend in ("cython", "pure"):
            _core.use_backend(backend)
            results.append(RUNS[run]())
    finally:
        _core.use_backend(previous)
    compiled, pure = results
    assert compiled == pure
    assert compiled  # (not an empty run)
