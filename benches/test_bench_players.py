"""The IS-MCTS search: the compiled kernel against its pure twin and against PIMC's, on the
same decisions, interleaved, medians of the rounds.

    pytest benches/test_bench_players.py --benchmark-enable

The target: the compiled search at least 20 times as fast as the pure twin (about 30 on
the development machine), asserted only with ``--benchmark-enable``; the ratio to PIMC at
500 worlds is reported in ``extra_info``. Without it (CI's body run) each body runs one
round and asserts no speed.
"""

from __future__ import annotations

import random
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


def _rounds(benchmark: Any) -> int:
    """ROUNDS rounds with --benchmark-enable; one (the body once, no speed asserted)
    without it, as in CI's body run."""
    return ROUNDS if benchmark.enabled else 1


def _turns(contenders: dict[str, Any], r: int) -> list[str]:
    """The names of ``contenders`` in the order they run in round ``r``: reversed every
    other round, so that none always runs first."""
    names = list(contenders)
    return names if r % 2 == 0 else names[::-1]


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
    for r in range(_rounds(benchmark)):  # interleaved: the load of the machine hits all alike
        for name in _turns(players, r):
            times[name].append(_time(players[name], points))
    median = {k: statistics.median(v) for k, v in times.items()}
    twin = median["pure"] / median["c"]
    benchmark.extra_info["pure / c"] = twin
    benchmark.extra_info["ismcts 300 / pimc 500"] = median["c"] / median["pimc"]
    print(f"\nIS-MCTS: pure twin / C {twin:.1f}; C / PIMC {median['c'] / median['pimc']:.2f}")
    benchmark.pedantic(_time, args=(players["c"], points), rounds=1)
    if benchmark.enabled:
        assert twin >= 20


def _euchre_searches() -> list[tuple[Any, ...]]:
    """The search arguments of decisions of Euchre games between heuristic bots."""
    from ecarte.games.euchre import EuchreGame
    from ecarte.games.euchre.bots import HeuristicBot
    from ecarte.games.euchre.ismcts import EuchreISMCTSPlayer

    out = []
    bot = HeuristicBot()
    for k in range(3):
        game = EuchreGame(seed=500 + k)
        while not game.is_over and game.deals == 1:
            if len(game.legal_action_ids()) > 1:
                worlds = EuchreISMCTSPlayer(worlds=20, seed=k).determinizations(game)
                if worlds is not None:
                    out.append((game.deck, game.flags, worlds.dealer, worlds.scripts, k))
            game.apply_id(bot.choose(game))
    return out


def _search(kernel: Any, cases: list[tuple[Any, ...]], iterations: int) -> float:
    start = time.perf_counter()
    for args in cases:
        kernel.Search(*args).run(iterations)
    return time.perf_counter() - start


@pytest.mark.skipif(_core.BACKEND != "cython", reason="the compiled kernel is not built")
def test_compiled_euchre_ismcts_against_its_twin(benchmark: Any) -> None:
    """Euchre's search (200 iterations a decision): the compiled kernel at least 20 times
    as fast as its pure twin."""
    from ecarte.games.euchre import _pure_ismcts
    from ecarte.games.euchre.ismcts import load_kernel

    cases = _euchre_searches()
    kernels = {"c": load_kernel("c"), "pure": _pure_ismcts}
    times: dict[str, list[float]] = {k: [] for k in kernels}
    for r in range(_rounds(benchmark)):
        for name in _turns(kernels, r):
            times[name].append(_search(kernels[name], cases, 200))
    median = {k: statistics.median(v) for k, v in times.items()}
    twin = median["pure"] / median["c"]
    per = median["c"] / (len(cases) * 200) * 1e6
    benchmark.extra_info["pure / c"] = twin
    benchmark.extra_info["c, us per iteration"] = per
    print(f"\nEuchre IS-MCTS: pure twin / C {twin:.1f}; C {per:.1f} us an iteration")
    benchmark.pedantic(_search, args=(kernels["c"], cases, 200), rounds=1)
    if benchmark.enabled:
        assert twin >= 20


def _euchre_decisions() -> dict[str, list[Any]]:
    """Decisions of two Euchre deals between heuristic bots (OpenSpiel's rules): those
    before the play and the cards."""
    from ecarte.games.euchre import EuchreGame, EuchreRules
    from ecarte.games.euchre.bots import HeuristicBot
    from ecarte.games.euchre.game import Phase

    out: dict[str, list[Any]] = {"bids": [], "cards": []}
    bot = HeuristicBot()
    for k in range(2):
        game = EuchreGame(EuchreRules.openspiel(), seed=900 + k)
        while not game.is_over:
            if len(game.legal_action_ids()) > 1:
                out["cards" if game.phase is Phase.PLAY else "bids"].append(game.clone())
            game.apply_id(bot.choose(game))
    return out


@pytest.mark.skipif(_core.BACKEND != "cython", reason="the compiled kernel is not built")
def test_euchre_pimc_in_c_against_the_python_loop(benchmark: Any) -> None:
    """Euchre's PIMC at 500 worlds a decision: one C call drawing and solving the worlds
    (``ec_eu_pimc.c``) against the loop in Python it replaces (``euchre_pimc_python``:
    worlds drawn in Python, each option of each world valued by a compiled solver call, a
    bid by a game replayed with the heuristic bot), and the drawing of the worlds alone.
    Targets: the worlds drawn at least 20 times as fast, the decisions at least 2 times
    (what is left of their time is mostly the solver's: the kernel searches only the trick
    counts the points tell apart, the loop takes each exact count)."""
    import euchre_pimc_python as before

    from ecarte.games.euchre.pimc import EuchrePIMCPlayer

    worlds = 500 if benchmark.enabled else 10  # disabled: the body once, small
    decisions = _euchre_decisions()
    player = EuchrePIMCPlayer(worlds=worlds, seed=1, kernel="c")

    def c_loop(games: list[Any]) -> float:
        start = time.perf_counter()
        for game in games:
            player.choose(game)
        return time.perf_counter() - start

    def python_loop(games: list[Any]) -> float:
        start = time.perf_counter()
        for game in games:
            before.decide(game, worlds, 1)
        return time.perf_counter() - start

    from ecarte.games.euchre.pimc import TRIES, _Seen, load_kernel
    from ecarte.games.euchre.tables import euchre_context

    kernel = load_kernel("c")
    seens = [
        _Seen(g, g.observation(g.to_act), [euchre_context(t, g.deck) for t in range(4)])
        for g in decisions["cards"] + decisions["bids"]
    ]

    def c_draw(_: Any) -> float:
        start = time.perf_counter()
        for seen in seens:
            kernel.sample_worlds(seen.query, 1, worlds, TRIES, True)
        return time.perf_counter() - start

    def python_draw(_: Any) -> float:
        start = time.perf_counter()
        for seen in seens:
            rng = random.Random(1)
            for _ in range(worlds):
                assert before._sample(seen, rng, True) or before._sample(seen, rng, False)
        return time.perf_counter() - start

    decisions["worlds"] = seens
    loops = {"c": c_loop, "python": python_loop}
    draws = {"c": c_draw, "python": python_draw}
    times: dict[str, list[float]] = {}
    for r in range(3 if benchmark.enabled else 1):  # interleaved: the load hits all alike
        for kind, games in decisions.items():
            for name in ("c", "python") if r % 2 == 0 else ("python", "c"):
                loop = (draws if kind == "worlds" else loops)[name]
                times.setdefault(f"{kind} {name}", []).append(loop(games))
    ms = {k: statistics.median(v) / len(decisions[k.split()[0]]) * 1e3 for k, v in times.items()}
    ratio = {kind: ms[f"{kind} python"] / ms[f"{kind} c"] for kind in decisions}
    for k, v in ms.items():
        benchmark.extra_info[f"{k}, ms per decision"] = v
    for kind, r in ratio.items():
        benchmark.extra_info[f"{kind}: python / c"] = r
    print(
        f"\nEuchre PIMC, {worlds} worlds, ms per decision: "
        + ", ".join(f"{k} {v:.1f}" for k, v in ms.items())
        + "; python / c: "
        + ", ".join(f"{k} {v:.1f}" for k, v in ratio.items())
    )
    benchmark.pedantic(c_loop, args=(decisions["cards"],), rounds=1)
    if benchmark.enabled:
        assert ratio["worlds"] >= 20 and ratio["bids"] >= 2 and ratio["cards"] >= 2


@pytest.mark.skipif(_core.BACKEND != "cython", reason="the compiled kernel is not built")
def test_euchre_pimc_inference_costs_little(benchmark: Any) -> None:
    """Euchre's PIMC at 500 worlds a decision, with inference (each world weighted by the
    other seats' decisions before the play) against uniform worlds, on the decisions of two
    deals, alternated, process time, medians of five rounds. Target: at most 15% more (the
    worlds and the solves are the same; the weights cost little, the load varies)."""
    from ecarte.games.euchre.pimc import EuchrePIMCPlayer

    worlds = 500 if benchmark.enabled else 10  # disabled: the body once, small
    games = [g for kind in _euchre_decisions().values() for g in kind]
    players = {inf: EuchrePIMCPlayer(worlds=worlds, seed=1, inference=inf) for inf in (0, 1)}

    def loop(inf: int) -> float:
        start = time.process_time()
        for game in games:
            players[inf].choose(game)
        return time.process_time() - start

    times: dict[int, list[float]] = {0: [], 1: []}
    for r in range(5 if benchmark.enabled else 1):
        for inf in (0, 1) if r % 2 == 0 else (1, 0):  # alternated: the load hits both
            times[inf].append(loop(inf))
    ratio = statistics.median(times[1]) / statistics.median(times[0])
    benchmark.extra_info["inference / uniform"] = ratio
    print(f"\nEuchre PIMC, {worlds} worlds: inference / uniform {ratio:.3f}")
    benchmark.pedantic(loop, args=(1,), rounds=1)
    if benchmark.enabled:
        assert ratio <= 1.15
