"""The benchmark suite's own code (``benches/``): how its contenders take turns, that CI's
body run asserts no speed, that a missing peer is named. Checked with a stand-in for
pytest-benchmark's fixture and contenders that only record when they ran, or a clock that
moves one second a reading: nothing is measured here, no speed is asserted."""

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

    def __call__(self, target: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return target(*args, **kwargs)

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


def test_the_variants_ratio_alternates_installed_and_not(
    benches: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Classic matches with the variants installed and with their discovery off take turns,
    neither always first, and the ratio is the median of the rounds' ratios."""
    import os

    import test_bench_variants

    from ecarte.games.ecarte._plugins import AUTOLOAD_ENV

    log: list[bool] = []
    real = test_bench_variants._random_matches

    def logged(make: Callable[[int], Any]) -> int:
        log.append(bool(os.environ.get(AUTOLOAD_ENV)))
        return real(make)

    monkeypatch.setattr(test_bench_variants, "_random_matches", logged)
    monkeypatch.setattr(test_bench_variants, "MATCHES", 2)
    bench = FakeBenchmark()
    test_bench_variants.test_variants_installed_ratio(bench, monkeypatch)
    timed = log[1:-1]  # the benchmark's run first, the check of the same games last
    pairs = [timed[i : i + 2] for i in range(0, len(timed), 2)]
    assert len(pairs) >= 4 and all(sorted(p) == [False, True] for p in pairs), log
    assert pairs.count([True, False]) == len(pairs) // 2, log


def test_the_rl_benches_alternate_their_contenders(
    benches: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The batches and pgx, and the AEC environments and PettingZoo's Leduc, take turns in
    an order reversed every other round (their docs say the load hits them alike)."""
    rl_speed = pytest.importorskip("rl_speed")
    log: list[str] = []

    class Runner:
        def __init__(self, name: str) -> None:
            self.name = name
            self.compile_s = 0.0

        def run(self, steps: int) -> dict[str, float]:
            log.append(self.name)
            return {"env": 1.0, "env_cpu": 1.0, "with_policy": 1.0}

    monkeypatch.setattr(rl_speed, "Batch", lambda spec, n: Runner(type(spec).__name__))
    monkeypatch.setattr(rl_speed, "pgx_leduc", lambda n: Runner("pgx"))
    rl_speed.batch_steps(steps=1, rounds=4)
    n = len(log) // 4
    assert n == 3 and log[:n] == log[n : 2 * n][::-1] == log[2 * n : 3 * n], log

    log.clear()
    monkeypatch.setattr(rl_speed, "leduc_env", lambda: "leduc")
    monkeypatch.setattr(
        rl_speed, "_aec_loop", lambda env, steps, seed: log.append(str(id(env))) or 1.0
    )
    rl_speed.aec_steps(steps=1, rounds=4)
    n = len(log) // 4
    assert n == 3 and log[:n] == log[n : 2 * n][::-1] == log[2 * n : 3 * n], log


def test_the_rl_report_names_a_missing_openspiel(
    benches: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    rl_speed = pytest.importorskip("rl_speed")
    rates = {"env": 1.0, "env_cpu": 1.0, "with_policy": 1.0}
    monkeypatch.setattr(
        rl_speed,
        "batch_steps",
        lambda **_: {**{n: rates for n in rl_speed.SPECS}, "pgx": None, "pgx_compile_s": None},
    )
    monkeypatch.setattr(
        rl_speed, "aec_steps", lambda **_: {**{n: 1.0 for n in rl_speed.SPECS}, "leduc": None}
    )
    monkeypatch.setattr(rl_speed, "spiel_sim", lambda **_: None)
    lines = rl_speed.report(quick=True)
    hint = "pip install 'ecarte[openspiel]'"
    assert any("OpenSpiel" in line and hint in line for line in lines), lines


def test_server_load_refuses_uvloop_when_it_is_missing(
    benches: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--loop uvloop`` without uvloop says so before starting any server (it stopped with
    "the server did not start"); ``auto`` falls back to asyncio's loop."""
    server_load = pytest.importorskip("server_load")
    monkeypatch.setitem(sys.modules, "uvloop", None)  # import uvloop: ImportError
    with pytest.raises(SystemExit, match="pip install uvloop"):
        server_load._loop("uvloop")
    assert server_load._loop("auto") == "asyncio"
    assert server_load._loop("asyncio") == "asyncio"


def test_public_view_alternates_its_contenders(
    benches: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    public_view = pytest.importorskip("public_view")
    log: list[str] = []
    monkeypatch.setattr(
        public_view,
        "CONTENDERS",
        {name: (lambda todo, name=name: log.append(name)) for name in public_view.CONTENDERS},
    )
    monkeypatch.setattr(sys, "argv", ["public_view.py", "--games", "1", "--rounds", "4"])
    public_view.main()
    assert log == ["dicts", "json", "json", "dicts", "dicts", "json", "json", "dicts"], log
    assert "dicts / json" in capsys.readouterr().out


def test_the_openspiel_adapter_row_alternates_the_two_games(
    benches: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``random_sim_test`` on our Euchre and on OpenSpiel's runs in rounds, neither game
    always first, each figure the median of its rounds."""
    import types

    rl_speed = pytest.importorskip("rl_speed")
    log: list[str] = []
    fake = types.ModuleType("pyspiel")
    fake.load_game = lambda name, params=None: name  # type: ignore[attr-defined]
    fake.random_sim_test = lambda game, **_: log.append(game)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyspiel", fake)
    monkeypatch.setitem(sys.modules, "ecarte.rl.spiel", types.ModuleType("ecarte.rl.spiel"))
    result = rl_speed.spiel_sim(sims=1, rounds=4)
    assert result is not None and set(result) == {"ecarte_euchre", "euchre"}
    assert log == ["ecarte_euchre", "euchre", "euchre", "ecarte_euchre"] * 2, log


def test_euchre_game_script_names_a_missing_openspiel(
    benches: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    euchre_game = pytest.importorskip("euchre_game")
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel: ImportError
    monkeypatch.setattr(sys, "argv", ["euchre_game.py"])
    with pytest.raises(SystemExit, match=r"pip install 'ecarte\[openspiel\]'"):
        euchre_game.main()


def test_rl_speed_help_prints_usage_and_runs_nothing(
    benches: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``rl_speed.py --help`` ran the whole benchmark; an unknown option must not either."""
    rl_speed = pytest.importorskip("rl_speed")
    ran: list[bool] = []
    monkeypatch.setattr(rl_speed, "report", lambda **_: ran.append(True) or [])
    with pytest.raises(SystemExit) as help_exit:
        rl_speed.main(["--help"])
    assert help_exit.value.code == 0
    assert "--quick" in capsys.readouterr().out
    with pytest.raises(SystemExit) as bad_exit:
        rl_speed.main(["--quik"])
    assert bad_exit.value.code == 2
    assert not ran
    rl_speed.main(["--quick"])
    assert ran == [True]
