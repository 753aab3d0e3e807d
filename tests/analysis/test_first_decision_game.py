"""The first decision as a zero-sum game: the deals and their three lines, its CFR+
solution checked against linear programming, and the command."""

from __future__ import annotations

import argparse
import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from helpers import dask_two_workers

from ecarte.analysis import (
    Equilibrium,
    FirstDecisionGame,
    add_arguments,
    classical,
    command,
    first_decision_game,
    solve,
)

# The analysis is the same Python on both backends; they differ only in the PIMC kernel
# the model's deals are evaluated by, and test_backends.py shows the pure twin's kernel
# gives every number the compiled one gives: these run on the live backend.
pytestmark = pytest.mark.own_backends


def _lp_value(game: FirstDecisionGame) -> float:
    """The elder's max-min value by linear programming: maximise over its chances p of
    playing K + sum_e p_e (A - C)_e + sum_d z_d, z_d <= 0 and z_d <= sum_e (1 - p_e)(B - C)_ed
    (the dealer's best answer, class by class), each deal of a cell weighing
    ``game.weights``."""
    np = pytest.importorskip("numpy")
    optimize = pytest.importorskip("scipy.optimize", reason="the LP check needs scipy")
    n = np.asarray(game.deals, dtype=float)
    w = np.ones(n.shape) if game.weights is None else np.asarray(game.weights)
    w = w / (n * w).sum()
    a, b, c = (np.asarray(x) * w for x in (game.play, game.refuse, game.accept))
    ne, nd = a.shape
    d = b - c
    cost = -np.concatenate([(a - c).sum(axis=1), np.ones(nd)])  # linprog minimises
    # z_d + sum_e p_e d_ed <= sum_e d_ed
    rows = np.concatenate([d.T, np.eye(nd)], axis=1)
    res = optimize.linprog(
        cost,
        A_ub=rows,
        b_ub=d.sum(axis=0),
        bounds=[(0, 1)] * ne + [(None, 0)] * nd,
        method="highs",
    )
    assert res.status == 0
    return float(c.sum() - res.fun)


def test_the_game_counts_every_deal() -> None:
    game = first_decision_game(400, seed=3, by="shape")
    assert sum(map(sum, game.deals)) == 400
    assert len(game.deals) == len(game.elder_classes) == len(game.play)
    assert all(len(row) == len(game.dealer_classes) for row in game.refuse)
    assert game == first_decision_game(400, seed=3, by="shape")  # seeded


def test_tasks_on_any_executor_give_the_same_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import ecarte.analysis as analysis

    monkeypatch.setattr(analysis, "TASK_DEALS", 70)
    serial = first_decision_game(200, seed=4, by="shape")
    with ThreadPoolExecutor(2) as pool:
        assert first_decision_game(200, seed=4, by="shape", executor=pool) == serial


def test_cfr_plus_reaches_the_linear_programs_value() -> None:
    game = first_decision_game(3000, seed=5, by="shape")
    eq = solve(game, iterations=5000)
    assert isinstance(eq, Equilibrium)
    assert 0 <= eq.exploitability < 0.002
    assert all(0 <= x <= 1 for x in (*eq.play, *eq.refuse))
    assert eq.value == pytest.approx(_lp_value(game), abs=0.002)


def test_a_dominant_option_is_taken() -> None:
    """One class each: playing is worth 1, a proposal at most -1: the elder always plays,
    and the dealer's answer does not matter to the value."""
    game = FirstDecisionGame(("e",), ("d",), ((10,),), ((10,),), ((-10,),), ((-20,),))
    eq = solve(game, iterations=200)
    assert eq.play[0] > 0.99 and eq.value == pytest.approx(1.0, abs=0.02)
    mixed = FirstDecisionGame(
        ("e1", "e2"), ("d",), ((2,), (2,)), ((2,), (-2,)), ((-4,), (4,)), ((1,), (0,))
    )
    eq = solve(mixed, iterations=4000)
    assert eq.exploitability < 0.01
    assert eq.value == pytest.approx(_lp_value(mixed), abs=0.01)


def test_the_classical_advice() -> None:
    assert classical("jeu de règle: three trumps") == "play"
    assert classical("not a jeu de règle") == "propose"
    assert classical("refuse: three trumps") == "refuse"
    assert classical("accept: not guarded enough") == "accept"
    assert classical("2 trumps, 1 king") == ""


def test_the_command() -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    out = io.StringIO()
    assert command(parser.parse_args(["--game", "500", "--seed", "2"]), out) == 0
    text = out.getvalue()
    assert "zero-sum game, on 500 deals" in text and "not a jeu de règle" in text


@pytest.mark.long(8)
def test_a_two_worker_local_cluster_gives_the_serial_game() -> None:
    with dask_two_workers() as executor:
        on_dask = first_decision_game(12_000, seed=6, by="shape", executor=executor)
    assert on_dask == first_decision_game(12_000, seed=6, by="shape")  # three tasks


@pytest.mark.long(15)
def test_the_command_gives_the_same_numbers_on_any_executor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--workers 1`` (this process), ``--workers 2`` (a process pool) and ``--dask local``
    (a two-worker LocalCluster): the same tables, task for task."""
    pytest.importorskip("dask.distributed")
    import ecarte.analysis as analysis

    monkeypatch.setattr(analysis, "TASK_DEALS", 150)  # three tasks a table
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    base = ["--deals", "400", "--game", "400", "--seed", "3", "--by", "shape"]
    texts = []
    for where in (["--workers", "1"], ["--workers", "2"], ["--dask", "local", "--workers", "2"]):
        out = io.StringIO()
        assert command(parser.parse_args([*base, *where]), out) == 0
        texts.append(out.getvalue())
    assert "play - propose" in texts[0] and "zero-sum game, on 400 deals" in texts[0]
    assert texts[0] == texts[1] == texts[2]
