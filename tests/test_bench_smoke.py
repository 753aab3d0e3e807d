"""`ecarte bench --quick` runs and prints every row; no speed is asserted here (the
speed targets live in `ecarte bench` and `benches/`, see docs/performance.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ecarte import _bench, _core, cli

ROWS = (
    "random hand, C batch",
    "random hand, pure twin",
    "random hand, callgrind",
    "perft nodes/s, C",
    "perft nodes/s, pure",
    "double-dummy solve, C batch",
    "double-dummy solve, pure",
    "Python loop floor (engine does nothing)",
    "random matches, per player decision",
    "random matches, per action",
    "per-hand hook in Python, per player decision",
    "legal_actions(), fresh state",
    "clone() + apply(card)",
    "Euchre Python loop floor, legal ids",
    "EuchreGame, legal ids at every node, per action",
    "Euchre Python loop floor, chance_outcomes()",
    "EuchreGame, chance_outcomes() at chance nodes, per action",
    "Game(), classic",
    "Game(variant='quick')",
    "Game(variant='napoleon')",
    "Game(variant='poule')",
    "Game(variant='regles')",
    "Game(variant='cercle')",
    "Game(plugins=[Cercle(...)]), README's club",
    "memory per Game, first decision",
    "memory per Game, finished match",
)


def test_row_names_are_the_documented_ones() -> None:
    assert _bench.ROW_NAMES == ROWS


@pytest.mark.long(30)
def test_bench_quick_prints_every_row(
    capsys: pytest.CaptureFixture[str], live_backend: str
) -> None:
    if live_backend == "pure" and len(_core.backends()) > 1:
        pytest.skip("the same bench code as on the compiled backend, 3x slower on the twin")
    assert cli.main(["bench", "--quick"]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith("| ")]
    names = [line.split("|")[1].strip() for line in lines[1:]]
    assert len(names) == len(ROWS)
    for row, name in zip(ROWS, names, strict=True):
        assert name.startswith(row), (row, name)
    assert "Machine:" in out


def test_callgrind_row_names_a_missing_driver(tmp_path: Path) -> None:
    figure, note = _bench._callgrind_per_hand(10, drivers=[tmp_path / "driver.c"])
    assert figure == "n/a"
    assert "benches/c/driver.c" in note and "wheel" in note
