"""`ecarte bench --quick` runs and prints every row, like-for-like rows first; no speed is
asserted here (the speed targets live in `ecarte bench` and `benches/`, see
docs/performance.md). The order and the labels of the report are checked on made-up rows,
so without measuring anything."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ecarte import _bench, _core, cli
from ecarte._bench import report
from ecarte._bench.core_rows import callgrind_per_hand
from ecarte._bench.harness import Row

PERFORMANCE_MD = Path(__file__).resolve().parents[1] / "docs" / "performance.md"


def _documented_rows() -> list[str]:
    """The row names of the latest tables in docs/performance.md."""
    section = PERFORMANCE_MD.read_text().split("\n## Latest table\n", 1)[1].split("\n## ", 1)[0]
    return report.printed_rows(section)


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
    names = report.printed_rows(out)
    assert len(names) == len(_bench.ROW_NAMES)
    for row, name in zip(_bench.ROW_NAMES, names, strict=True):
        assert name.startswith(row), (row, name)
    assert "Machine:" in out


def test_callgrind_row_names_a_missing_driver(tmp_path: Path) -> None:
    figure, note = callgrind_per_hand(10, drivers=[tmp_path / "driver.c"])
    assert figure == "n/a"
    assert "benches/c/driver.c" in note and "wheel" in note


def _fake(name: str, baseline: str = "", ratio: str = "") -> Row:
    return Row(name, f"{len(name)} ns", baseline, ratio, "", f"note of {name}")


def _fake_report() -> tuple[list[report.Table], str]:
    """Every row of the report, made up, in the groups the row modules return them."""
    spiel = {"baseline": "1,000 ns", "ratio": "0.50x"}
    euchre = []
    for floor, name in report.EUCHRE_ROWS.values():
        euchre += [_fake(floor), _fake(name, **spiel)]
    euchre += [_fake(report.EUCHRE_MASK_FLOOR), _fake(report.EUCHRE_MASK_ROW, **spiel)]
    play = [_fake(report.ECARTE_FLOOR)]
    play += [_fake(n, **spiel) for n in report.ROW_NAMES[4:7]]
    for row in report.PER_CALL:
        play += [_fake(row.floor_name), _fake(row.name, **spiel)]
    tables = report.layout(
        euchre=euchre,
        deals=[_fake(report.WHOLE_DEALS, "93,000 deals/s", "7.9x faster")],
        play=play,
        construction=[_fake(n) for n in report.ROW_NAMES[10:17]],
        memory=[_fake(n) for n in report.ROW_NAMES[17:19]],
        core=[_fake(n) for n in report.ROW_NAMES[19:]],
    )
    return tables, report.render(tables)


def test_the_report_opens_with_the_like_for_like_rows() -> None:
    tables, text = _fake_report()
    assert [t.title for t in tables] == list(report.TITLES)
    assert text.startswith(f"**{report.LIKE_FOR_LIKE}**\n")
    names = report.printed_rows(text)
    assert names == list(report.ROW_NAMES)
    like = [r.name for r, _ in tables[0].rows]
    assert names[: len(like)] == like
    assert like == [
        *(n for _, n in report.EUCHRE_ROWS.values()),
        report.EUCHRE_MASK_ROW,
        report.WHOLE_DEALS,
    ]
    # Euchre on both sides: nothing of Écarté's in the first table
    assert all(n.startswith("EuchreGame") or n == report.WHOLE_DEALS for n in like)
    # every row compared with OpenSpiel is in the first two tables, the Écarté ones
    # under the title that names the difference of games
    compared = [r.name for t in tables for r, _ in t.rows if r.baseline]
    first_two = [r.name for t in tables[:2] for r, _ in t.rows]
    assert set(compared) <= set(first_two)
    assert "different game" in tables[1].title and "Écarté" in tables[1].title
    assert "Game(), classic" not in first_two


def test_each_python_loop_has_its_floor_beside_it() -> None:
    tables, text = _fake_report()
    floors = {r.name: floor for t in tables for r, floor in t.rows}
    for name, floor_row in report.FLOORS.items():
        assert floors[name] == f"{len(floor_row)} ns", name  # the floor row's figure
    assert not set(report.FLOORS.values()) & set(floors)  # no floor is a row of its own
    assert all(not floors[r.name] for r, _ in tables[2].rows + tables[3].rows)
    header = text.splitlines()[2]
    assert "Python loop floor" in header and "OpenSpiel, same run" in header
    # tables without a baseline leave its columns out
    core = text.split(f"**{report.CORE}**", 1)[1]
    assert "OpenSpiel" not in core.splitlines()[2] and "loop floor" not in core


def test_a_floor_no_row_names_stays_a_row() -> None:
    lost = _fake("Some loop floor")
    tables = report.layout([lost, _fake("EuchreGame, x")], [], [], [], [], [])
    assert [r.name for r, _ in tables[0].rows] == ["Some loop floor", "EuchreGame, x"]


def test_without_openspiel_no_row_reports_openspiel_figures() -> None:
    """Without OpenSpiel the rows against it say so, and no note gives OpenSpiel counts
    (there were none) or claims states shared with it."""
    from ecarte._bench.ecarte_rows import play_rows
    from ecarte._bench.euchre_rows import euchre_rows

    rows = [*euchre_rows(True, None), *play_rows(True, None)]
    for row in rows:
        if row.baseline:
            assert row.baseline == "not installed", row
            assert not row.ratio, row
        assert "OpenSpiel 0" not in row.note, row
        assert "on both" not in row.note, row


def test_the_report_says_how_to_install_a_missing_openspiel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(report, "pyspiel_module", lambda: None)
    for name in ("euchre_rows", "deal_rows", "play_rows", "construction_rows"):
        monkeypatch.setattr(report, name, lambda quick, pyspiel: [])
    monkeypatch.setattr(report, "memory_rows", lambda quick: [])
    monkeypatch.setattr(report, "core_rows", lambda quick: [])
    out = report.run_bench(quick=True)
    assert "OpenSpiel not installed (pip install 'ecarte[openspiel]'" in out


@pytest.mark.parametrize("broken", ["perft", "random_solves", "random_hands"])
def test_the_core_rows_refuse_wrong_answers_of_the_c_core(
    monkeypatch: pytest.MonkeyPatch, broken: str
) -> None:
    """A C core that answers wrong (here: perft counts nothing, a batch returns the
    answers of other seeds) fails the core rows instead of being timed."""
    from ecarte._bench import core_rows
    from ecarte.engine import backend

    live = _core.backends()
    name = "cython" if "cython" in live else "cffi" if "cffi" in live else None
    if name is None:
        pytest.skip("no compiled backend")
    if broken == "perft":
        monkeypatch.setattr(live[name], "perft", lambda *args: 0)
    else:
        hands = backend.module("ecarte.hands", name)
        real = getattr(hands, broken)
        monkeypatch.setattr(hands, broken, lambda n, seed: real(n, seed + 1))
    with pytest.raises(AssertionError, match="pure twin"):
        core_rows.core_rows(quick=True)


def test_the_deal_row_refuses_a_batch_that_plays_no_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ecarte._bench import deal_rows
    from ecarte.games import euchre

    real = euchre.random_games
    monkeypatch.setattr(euchre, "random_games", lambda n, seed, rules: real(n // 2, seed, rules))
    with pytest.raises(AssertionError, match="whole deals"):
        deal_rows.check_deals(100, 1)
    monkeypatch.setattr(euchre, "random_games", real)
    deal_rows.check_deals(100, 1)


def test_the_euchre_mask_row_refuses_masks_that_are_not_openspiels(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ecarte._bench import euchre_rows
    from ecarte._bench.harness import pyspiel_module

    pyspiel = pyspiel_module()
    if pyspiel is None:
        pytest.skip("OpenSpiel is not installed (pip install 'ecarte[openspiel]')")

    class Flipped:
        def __init__(self, state: object) -> None:
            self.state = state

        def legal_actions_mask(self) -> list[bool]:
            return [not x for x in self.state.legal_actions_mask()]  # type: ignore[attr-defined]

    real = euchre_rows._fresh_spiel
    monkeypatch.setattr(euchre_rows, "_fresh_spiel", lambda c: [Flipped(s) for s in real(c)])
    with pytest.raises(AssertionError, match="legal_actions_mask"):
        euchre_rows.euchre_mask_contest(50, pyspiel)
    monkeypatch.setattr(euchre_rows, "_fresh_spiel", real)
    assert len(euchre_rows.euchre_mask_contest(50, pyspiel)) == 3


def test_every_row_driven_from_a_python_loop_has_its_floor() -> None:
    """The per-call rows (a Python loop calling the engine once per state) have their loop
    floor too: the same loop around states whose calls do nothing."""
    from ecarte._bench.ecarte_rows import play_rows
    from ecarte._bench.euchre_rows import euchre_rows

    rows = {r.name: r for r in [*euchre_rows(True, None), *play_rows(True, None)]}
    per_call = [
        report.EUCHRE_MASK_ROW,
        "legal_actions(), fresh state",
        "legal_action_mask(), fresh state",
        "clone() + apply(card)",
    ]
    for name in per_call:
        assert name in report.FLOORS, name
        floor = rows[report.FLOORS[name]]
        assert floor.figure.endswith(" ns"), floor


def test_callgrind_row_says_when_the_driver_does_not_build(tmp_path: Path) -> None:
    """A driver that does not compile (or a callgrind run that fails) gives the row "n/a"
    and the reason, instead of stopping the whole report."""
    import shutil

    if not (shutil.which("gcc") or shutil.which("cc")) or not shutil.which("valgrind"):
        pytest.skip("needs a C compiler and valgrind")
    driver = tmp_path / "driver.c"
    driver.write_text("this is not C\n")
    figure, note = callgrind_per_hand(10, drivers=[driver])
    assert figure == "n/a"
    assert "failed" in note and "driver" in note


def test_the_ecarte_mask_row_times_a_full_mask_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """``legal_action_mask()`` shares its tuples by legal bits in a bounded table: the row's
    states, the same every round, would find theirs there from the second round on. The
    row first fills the table from other random play, as a long-running process has it."""
    from ecarte._bench import ecarte_rows

    assert ecarte_rows.fill_mask_table() >= ecarte_rows.MASK_TABLE_BOUND
    filled: list[bool] = []
    monkeypatch.setattr(ecarte_rows, "fill_mask_table", lambda: filled.append(True) or 0)
    ecarte_rows.per_call_contest(ecarte_rows.MASK, 10, None)
    assert filled == [True]
    ecarte_rows.per_call_contest(ecarte_rows.LEGAL, 10, None)
    assert filled == [True]


def test_the_core_rows_time_c_and_the_pure_twin_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "C is Nx faster" compares the compiled batch and the pure twin timed in the same
    rounds, in turn, as many rounds each (not the best of several runs of C against one
    run of the twin)."""
    from ecarte._bench import core_rows
    from ecarte.engine import backend

    live = _core.backends()
    name = "cython" if "cython" in live else "cffi" if "cffi" in live else None
    if name is None:
        pytest.skip("no compiled backend")
    log: list[str] = []
    for who in (name, "pure"):
        hands = backend.module("ecarte.hands", who)
        real = hands.random_hands

        def logged(n: int, seed: int, real: Any = real, who: str = who) -> Any:
            log.append("c" if who != "pure" else "pure")
            return real(n, seed)

        monkeypatch.setattr(hands, "random_hands", logged)
    core_rows.core_rows(quick=True)
    assert log.count("c") == log.count("pure"), log
    assert any(log[i : i + 2] == ["pure", "c"] for i in range(len(log) - 1)), log
    assert any(log[i : i + 2] == ["c", "pure"] for i in range(len(log) - 1)), log


def test_the_match_floor_runs_no_python_of_its_own() -> None:
    """The loop floor of the Écarté matches: the loop's own Python (and random.choice) around
    an engine whose calls are C functions doing nothing, as the engine's are C methods; an
    engine of Python methods would count their calls into the floor."""
    import sys

    from ecarte._bench import ecarte_rows

    calls: list[str] = []

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code.co_filename == ecarte_rows.__file__:
            calls.append(frame.f_code.co_name)

    g = ecarte_rows.no_game(50)
    sys.setprofile(profile)
    try:
        ecarte_rows.drive_no_game(g)
    finally:
        sys.setprofile(None)
    assert calls == ["drive_no_game"], calls
    assert g.is_over


def test_without_a_compiled_core_the_c_rows_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """An install of the pure-Python twins alone (``ECARTE_PURE_PYTHON=1`` at build time)
    has no C to time: the core's C rows say so instead of timing the twin against itself
    under the name of C ("C is 1x faster"); the twin's rows are timed as on any install."""
    from ecarte._bench import core_rows

    pure = _core.backend("pure")
    monkeypatch.setattr(core_rows._core, "backends", lambda: {"pure": pure})
    rows = {row.name: row for row in core_rows.core_rows(quick=True)}
    for name in ("random hand, C batch", "perft nodes/s, C", "double-dummy solve, C batch"):
        assert (rows[name].figure, rows[name].note) == ("n/a", core_rows.NO_COMPILED_CORE)
    for name in ("random hand, pure twin", "perft nodes/s, pure", "double-dummy solve, pure"):
        assert rows[name].figure not in ("", "n/a") and "C is" not in rows[name].note, rows[name]
    assert list(rows) == [n for n in _bench.ROW_NAMES if n in rows]


def test_without_a_compiled_core_the_whole_deal_row_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The whole-deal row names C: on an install of the pure twins alone it says there is
    no compiled core rather than time the twin's deals under that name."""
    from ecarte._bench import core_rows, deal_rows

    pure = _core.backend("pure")
    monkeypatch.setattr(deal_rows._core, "backends", lambda: {"pure": pure})
    (row,) = deal_rows.deal_rows(quick=True, pyspiel=None)
    assert (row.name, row.figure, row.note) == (
        deal_rows.WHOLE_DEALS,
        "n/a",
        core_rows.NO_COMPILED_CORE,
    )
