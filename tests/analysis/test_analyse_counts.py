"""The exact counts of the jeux de règle (Foster's Hoyle), by enumeration."""

from __future__ import annotations

import sys

import pytest

from ecarte import cli
from ecarte.analysis import (
    closed_form,
    dealer_trump_counts,
    decision_table,
    first_decision_game,
    table,
)

pytestmark = pytest.mark.own_backends  # no game is played


def test_the_counts_of_fosters_hoyle() -> None:
    one, two = dealer_trump_counts(1), dealer_trump_counts(2)
    assert one.hands == two.hands == 65_780
    assert one.at_most_one == 44_574
    assert two.at_most_one == 50_274


def test_every_row_is_the_hypergeometric_count() -> None:
    rows = table()
    assert [r.elder_trumps for r in rows] == list(range(6))
    for r in rows:
        assert r.by_trumps == closed_form(r.elder_trumps)
        assert sum(r.by_trumps) == r.hands == 65_780
    with pytest.raises(ValueError):
        dealer_trump_counts(6)


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["analyse"]) == 0
    out = capsys.readouterr().out
    assert "65,780" in out and "44,574" in out and "50,274" in out


def test_the_first_decisions_by_class_of_hand() -> None:
    elder = {r.label: r for r in decision_table(400, seed=2, side="elder", by="shape")}
    assert sum(r.deals for r in elder.values()) == 400
    for r in elder.values():
        assert r.low <= r.advantage <= r.high and r.strong_better + r.strong_worse <= 1
    # no trump and no king: proposing is better; the same deals, the same numbers
    assert elder["0 trumps, 0 kings"].advantage < 0
    assert decision_table(400, seed=2, side="elder", by="shape")[0] == min(elder.values())
    pytest.importorskip("ecarte_regles")
    dealer = decision_table(200, seed=3, side="dealer")
    assert sum(r.deals for r in dealer) == 200
    assert all(r.label.startswith(("accept: ", "refuse: ")) for r in dealer)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--deals", "-5"], "--deals -5"),
        (["--game", "-3"], "--game -3"),
        (["--deals", "1", "--seed", "-1"], "--seed -1"),
        (["--deals", "1", "--seed", str(1 << 64)], f"--seed {1 << 64}"),
        (["--per-class", "--deals", "1", "--players", "pimc", "--worlds", "0"], "--worlds 0"),
        (["--deals", "1", "--players", "pimc"], "--players pimc needs --per-class"),
    ],
)
def test_a_bad_option_is_a_usage_error_before_anything_is_printed(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["analyse", *argv, "--workers", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("ecarte: error: ") and words in captured.err
    assert "Traceback" not in captured.err


@pytest.mark.parametrize("seed", [2**50, 2**64 - 1])
def test_any_64_bit_seed_deals(seed: int) -> None:
    for side in ("elder", "dealer"):
        rows = decision_table(1, seed=seed, side=side, by="shape")
        assert sum(r.deals for r in rows) == 1
    assert first_decision_game(1, seed=seed, by="shape") is not None


def test_a_dask_address_that_is_none_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("dask.distributed")
    assert cli.main(["analyse", "--deals", "1", "--dask", "no-port-here"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ecarte: error: --dask 'no-port-here': ") and "Traceback" not in err


@pytest.mark.parametrize("workers", ["0", "-2"])
@pytest.mark.parametrize("dask", [[], ["--dask", "local"]])
def test_a_worker_count_below_one_is_a_usage_error(
    workers: str, dask: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``--workers 0`` ran on every core and ``--workers -2`` in this process (a
    LocalCluster of two for either), silently; it is refused as ``ecarte arena`` does."""
    assert cli.main(["analyse", "--deals", "1", *dask, "--workers", workers]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"ecarte: error: --workers {workers}: ")


@pytest.mark.parametrize("options", [[], ["--players", "pimc", "--worlds", "5"]])
def test_per_class_without_deals_or_game_is_a_usage_error(
    options: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``--per-class`` alone printed the counts only, as if it were not given."""
    assert cli.main(["analyse", "--per-class", *options]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("ecarte: error: --per-class needs --deals N or --game N")
    assert captured.err.count("\n") == 1


def test_the_classical_table_without_its_plugin_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--by classic`` (the default) without the ecarte-regles plugin ended the first
    task with an ImportError traceback, after the counts; it is one line before them.
    The counts alone need no plugin."""
    monkeypatch.setitem(sys.modules, "ecarte_regles", None)  # as if it were not installed
    assert cli.main(["analyse", "--deals", "1", "--workers", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert captured.err.startswith("ecarte: error: --by classic needs the ecarte-regles plugin")
    assert captured.err.count("\n") == 1
    assert cli.main(["analyse"]) == 0


@pytest.mark.parametrize(
    ("missing", "options", "extra"),
    [
        ("dask", ["--dask", "local"], "dask"),
        ("numpy", ["--per-class"], "arena"),
        ("numpy", ["--game", "1"], "arena"),
    ],
)
def test_a_missing_extra_is_a_usage_error_before_anything_is_printed(
    missing: str,
    options: list[str],
    extra: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--dask`` without dask (``--per-class`` or ``--game`` without numpy: the seeds,
    the solver) printed the counts, then an ImportError's traceback (for ``--game``, after
    the whole simulation); it is one line naming the extra."""
    for name in [missing, *(n for n in sys.modules if n.startswith(f"{missing}."))]:
        monkeypatch.setitem(sys.modules, name, None)  # as if it were not installed
    argv = ["analyse", "--deals", "1", "--by", "shape", "--workers", "1", *options]
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert captured.err.startswith("ecarte: error: ")
    assert f"pip install 'ecarte[{extra}]'" in captured.err and captured.err.count("\n") == 1


def test_a_dask_address_that_is_none_is_refused_before_the_counts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A bad ``--dask`` address was refused after the counts were printed."""
    pytest.importorskip("dask.distributed")
    argv = ["analyse", "--deals", "1", "--by", "shape", "--dask", "no-port-here"]
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("ecarte: error: --dask ")
