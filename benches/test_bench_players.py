"""The IS-MCTS search: the compiled kernel against its pure twin and against PIMC's, on the
same decisions, interleaved, medians of the rounds.

    pytest benches/test_bench_players.py --benchmark-enable

The target: the compiled search at least 20 times as fast as the pure twin (about 30 on
the development machine); the ratio to PIMC at 500 worlds is reported in ``extra_info``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from ecarte import _core
from ecarte.games.ecarte.ismcts import ISMCTSPlayer
from ecarte.games.ecarte.pimc import PIMCPlayer, _option

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "players"))
from pimc_cases import decision_points

ROUNDS = 5


def _points() -> list[tuple[Any, Any]]:
    out = []
    for game, seat in decision_points(10, seed=77, every=0.5):
        legal = game.legal_actions()
        if all(_option(a) is not None for a in legal):
            out.append((game.observation(seat), legal))
    return out


def _time(player: Any, points: list[tuple[Any, Any]]) -> float:
    start = time.perf_counter()
    for obs, legal in points:
        player.evaluate(obs, legal)
    return time.perf_counter() - start


@pytest.mark.skipif(_core.BACKEND != "cython", reason="the compiled kernel is not built")
def test_compiled_ismcts_against_its_twin_and_pimc(benchmark: Any) -> None:
    points = _points()
    players = {
        "c": ISMCTSPlayer(300, kernel="c"),
        "pure": ISMCTSPlayer(300, kernel="pure"),
        "pimc": PIMCPlayer(500, kernel="c"),
    }
    times: dict[str, list[float]] = {k: [] for k in players}
    for _ in range(ROUNDS):  # interleaved: the load of the machine hits all alike
        for name, player in players.items():
            times[name].append(_time(player, points))
    median = {k: statistics.median(v) for k, v in times.items()}
    twin = median["pure"] / median["c"]
    benchmark.extra_info["pure / c"] = twin
    benchmark.extra_info["ismcts 300 / pimc 500"] = median["c"] / median["pimc"]
    print(f"\nIS-MCTS: pure twin / C {twin:.1f}; C / PIMC {median['c'] / median['pimc']:.2f}")
    benchmark.pedantic(_time, args=(players["c"], points), rounds=1)
    assert twin >= 20
