"""How the pytest-benchmark suite (``benches/``) takes turns between contenders, checked
with a stand-in for pytest-benchmark's fixture and contenders that only record when they
ran: nothing is measured here, no speed is asserted."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

BENCHES = Path(__file__).resolve().parents[1] / "benches"


class FakeBenchmark:
    """pytest-benchmark's ``benchmark`` fixture, as far as the benches use it: enabled,
    ``pedantic`` runs ``setup`` then the target once per round; disabled (the CI's body
    run), once in all."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.extra_info: dict[str, Any] = {}
        self.stats = None

    def pedantic(
        self,
        target: Callable[..., Any],
        args: tuple[Any, ...] = (),
        kwargs: dict[str, Any] | None = None,
        setup: Callable[[], Any] | None = None,
        rounds: int = 1,
        iterations: int = 1,
    ) -> Any:
        result = None
        for _ in range(rounds if self.enabled else 1):
            a, k = setup() if setup else (args, kwargs or {})
            result = target(*a, **k)
        return result


@pytest.fixture
def benches() -> Iterator[None]:
    if not BENCHES.is_dir():
        pytest.skip("benches/ is not there (tests run outside the repository)")
    sys.path.insert(0, str(BENCHES))
    try:
        yield
    finally:
        sys.path.remove(str(BENCHES))


def _firsts(log: list[str], ours: str, rounds: int) -> list[str]:
    """Per round, the contender that ran first of the round's pair: the log holds every
    contender once a round, so the i-th run of ours pairs with the i-th run of the other."""
    seen: dict[str, int] = {}
    first: dict[int, str] = {}
    for name in log:
        i = seen.get(name, 0)
        seen[name] = i + 1
        first.setdefault(i, name)
    assert set(seen.values()) == {rounds}, log
    return [first[i] for i in range(rounds)]


@pytest.mark.parametrize("rounds", [6, 7])
def test_game_rows_alternate_which_engine_runs_first(benches: None, rounds: int) -> None:
    import test_bench_game

    log: list[str] = []
    timing = test_bench_game._against_openspiel(
        FakeBenchmark(),
        lambda _: log.append("ours"),
        lambda: None,
        lambda _: log.append("theirs"),
        lambda: None,
        (1, 1),
        rounds=rounds,
    )
    firsts = _firsts(log, "ours", rounds)
    assert firsts.count("ours") == rounds // 2, firsts
    assert len(timing.rounds["game"]) == len(timing.rounds["openspiel"]) == rounds


@pytest.mark.parametrize("rounds", [6, 7])
def test_euchre_rows_alternate_which_engine_runs_first(benches: None, rounds: int) -> None:
    import test_bench_euchre

    log: list[str] = []
    times = test_bench_euchre._rounds(
        FakeBenchmark(),
        lambda: log.append("ours"),
        {"openspiel": lambda: log.append("openspiel"), "floor": lambda: log.append("floor")},
        rounds,
    )
    assert {len(t) for t in times.values()} == {rounds}
    for other in ("openspiel", "floor"):
        pair = [name for name in log if name in ("ours", other)]
        firsts = _firsts(pair, "ours", rounds)
        assert firsts.count("ours") == rounds // 2, (other, firsts)


def test_a_disabled_benchmark_times_one_round_of_each(benches: None) -> None:
    import test_bench_game

    log: list[str] = []
    timing = test_bench_game._against_openspiel(
        FakeBenchmark(enabled=False),
        lambda _: log.append("ours"),
        lambda: None,
        lambda _: log.append("theirs"),
        lambda: None,
        (1, 1),
    )
    assert sorted(log) == ["ours", "theirs"]
    assert timing.ratio("game", "openspiel") > 0


class _Clock:
    """A clock that moves one second at each reading: every timed run takes one second."""

    def __init__(self) -> None:
        self.now = 0.0

    def read(self) -> float:
        self.now += 1.0
        return self.now


@pytest.mark.parametrize(
    "name",
    [
        "test_compiled_ismcts_against_its_twin_and_pimc",
        "test_compiled_euchre_ismcts_against_its_twin",
    ],
)
def test_the_body_run_asserts_no_speed(
    benches: None, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """Without --benchmark-enable (CI's body run) a search bench runs its body and asserts
    no speed: here the compiled kernel seems no faster than its twin."""
    from ecarte import _core

    if _core.BACKEND != "cython":
        pytest.skip("the compiled kernel is not built")
    import test_bench_players

    clock = _Clock()
    monkeypatch.setattr(
        test_bench_players,
        "time",
        SimpleNamespace(perf_counter=clock.read, process_time=clock.read),
    )
    bench = FakeBenchmark(enabled=False)
    getattr(test_bench_players, name)(bench)
    assert bench.extra_info["pure / c"] == 1.0
