"""The hostile-input fuzzer, bounded: a few hundred trials of each family on each
backend find nothing, and the driver counts a crash and a hang as failures. The full run
(over a million trials) and its numbers are in docs/api.md, "Hostile input"."""

from __future__ import annotations

import pytest

from ecarte import _fuzz

pytestmark = pytest.mark.own_backends  # every backend, through its parameters

BACKENDS = _fuzz._available_backends()


@pytest.mark.parametrize("family", _fuzz.FAMILIES)
@pytest.mark.parametrize("backend", BACKENDS)
def test_a_bounded_run_finds_nothing(family: str, backend: str) -> None:
    result = _fuzz.run_batch(family, backend, seed=7, n=80)
    counts = result["counts"]
    assert counts["trials"] >= 40
    assert not any(counts.get(kind) for kind in _fuzz.KINDS), result["examples"]


def test_the_driver_runs_batches_in_subprocesses_and_adds_them_up() -> None:
    result = _fuzz.run(60, families=("api", "bindings"), backends=("pure",), batch=15)
    assert result["failures"] == 0, result["examples"]
    assert result["counts"]["trials"] >= 40


def test_a_crash_and_a_hang_are_counted() -> None:
    crash = _fuzz.run(2, families=("probe-crash",), backends=("pure",), batch=1)
    assert crash["counts"]["crash"] == 2 and crash["failures"] == 2
    assert "exit -" in crash["examples"][0]  # killed by a signal (SIGSEGV, or ASan's abort)
    hang = _fuzz.run(1, families=("probe-hang",), backends=("pure",), timeout=3)
    assert hang["counts"]["hang"] == 1 and hang["failures"] == 1
