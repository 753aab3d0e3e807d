"""`ecarte bench --quick` runs and prints every row; no speed is asserted here (the
speed targets live in `ecarte bench` and `benches/`, see docs/performance.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ecarte import _bench, _core, cli
from ecarte._bench.core_rows import callgrind_per_hand

PERFORMANCE_MD = Path(__file__).resolve().parents[1] / "docs" / "performance.md"


def _documented_rows() -> list[str]:
    """The row names of the latest table in docs/performance.md."""
    section = PERFORMANCE_MD.read_text().split("\n## Latest table\n", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("| ")]
    return [line.split("|")[1].strip() for line in lines[1:]]


def test_row_names_are_the_documented_ones() -> None:
    if not PERFORMANCE_MD.exists():
        pytest.skip("docs/ is not there (tests run outside the repository)")
    documented = _documented_rows()
    assert documented, "no table under ## Latest table"
    assert len(set(_bench.ROW_NAMES)) == len(_bench.ROW_NAMES)
    rows = iter(_bench.ROW_NAMES)
    for name in documented:  # each documented row is a row of the bench, in its order
        assert any(name.startswith(row) for row in rows), name


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
    assert len(names) == len(_bench.ROW_NAMES)
    for row, name in zip(_bench.ROW_NAMES, names, strict=True):
        assert name.startswith(row), (row, name)
    assert "Machine:" in out


def test_callgrind_row_names_a_missing_driver(tmp_path: Path) -> None:
    figure, note = callgrind_per_hand(10, drivers=[tmp_path / "driver.c"])
    assert figure == "n/a"
    assert "benches/c/driver.c" in note and "wheel" in note
