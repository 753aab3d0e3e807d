"""The analysis refuses what it cannot take, naming the argument, before any deal: a side,
a grouping or rules it does not know (not read as the default), a seed that is not a
non-negative int, a solver without iterations."""

from __future__ import annotations

from typing import Any

import pytest

from ecarte import Rules
from ecarte.analysis import (
    FirstDecisionGame,
    class_shares,
    decision_table,
    first_decision_game,
    solve,
)

pytestmark = pytest.mark.own_backends  # checks before any deal, on the live backend


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"side": "foo"}, "side"),
        ({"by": "foo"}, "by"),
        ({"rules": "spanish"}, "rules"),
        ({"rules": 3}, "rules"),
        ({"seed": -1}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"seed": "1"}, "seed"),
        ({"seed": True}, "seed"),
    ],
)
@pytest.mark.parametrize("per_class", [False, True])
def test_decision_table_refuses(kwargs: dict[str, Any], named: str, per_class: bool) -> None:
    args: dict[str, Any] = {"seed": 1, "by": "shape", **kwargs}
    with pytest.raises(ValueError, match=named):
        decision_table(2, per_class=per_class, **args)


@pytest.mark.parametrize(
    "kwargs", [{"by": "foo"}, {"rules": "spanish"}, {"seed": -1}, {"seed": 2.5}]
)
def test_first_decision_game_refuses(kwargs: dict[str, Any]) -> None:
    args: dict[str, Any] = {"seed": 1, "by": "shape", **kwargs}
    with pytest.raises(ValueError, match=next(iter(kwargs))):
        first_decision_game(2, **args)


def test_class_shares_refuses_an_unknown_grouping_or_side() -> None:
    with pytest.raises(ValueError, match="by"):
        class_shares("foo")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="side"):
        class_shares("shape", "foo")  # type: ignore[arg-type]


def test_rules_given_are_played() -> None:
    a = decision_table(40, 1, by="shape", rules=Rules())
    assert a == decision_table(40, 1, by="shape")


@pytest.mark.parametrize("iterations", [0, -1, 1.5, True])
def test_solve_needs_iterations(iterations: Any) -> None:
    game = first_decision_game(60, 1, by="shape")
    with pytest.raises(ValueError, match="iterations"):
        solve(game, iterations)


def test_solve_refuses_a_game_without_deals_or_of_ragged_grids() -> None:
    empty = FirstDecisionGame(("e",), ("d",), ((0,),), ((0,),), ((0,),), ((0,),))
    with pytest.raises(ValueError, match="no deals"):
        solve(empty)  # was an equilibrium of NaN
    ragged = FirstDecisionGame(("e",), ("d",), ((1,),), ((1, 2),), ((0,),), ((0,),))
    with pytest.raises(ValueError, match="play"):
        solve(ragged)


def test_solve_finds_a_known_equilibrium() -> None:
    """Two elder classes the dealer cannot tell apart: one gains by a refusal, the other
    by an acceptance; the elder proposes with both and the dealer refuses between 1/3 and
    2/3 of the time, for a value of 1/2 a hand."""
    game = FirstDecisionGame(
        ("e1", "e2"), ("d",), ((1,), (1,)), ((0,), (0,)), ((2,), (-1,)), ((-1,), (2,))
    )
    eq = solve(game, 2000)
    assert eq.value == pytest.approx(0.5, abs=1e-4) and eq.exploitability < 1e-4
    assert 1 / 3 - 1e-4 <= eq.refuse[0] <= 2 / 3 + 1e-4 and max(eq.play) < 1e-4


def test_the_command_reports_a_bad_seed_as_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    from ecarte import cli

    assert cli.main(["analyse", "--deals", "10", "--by", "shape", "--seed", "-1"]) == 2
    assert "ecarte: error: --seed -1: an int in [0, 2**64)" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--worlds", "100001", "--players", "pimc"], "--worlds 100001: 1 to 100000"),
        (["--worlds", "20"], "--worlds needs --players pimc"),
    ],
)
def test_the_command_refuses_worlds_it_would_not_use(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--worlds`` beyond the PIMC player's limit is an error, not a worker's traceback;
    ``--worlds`` with the model (which draws no worlds) is refused, not ignored."""
    from ecarte import cli

    base = ["analyse", "--deals", "1", "--per-class", "--workers", "1"]
    assert cli.main([*base, *argv]) == 2
    assert f"ecarte: error: {says}" in capsys.readouterr().err
