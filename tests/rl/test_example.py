"""The self-play example (examples/rl-selfplay) runs: a few iterations of training on the
batched environment and its evaluation against random, with its interval."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.own_backends

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "rl-selfplay" / "selfplay.py"


def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("selfplay", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_trains_and_evaluates(tmp_path: Path) -> None:
    selfplay = _module()
    args = ["--iterations", "2", "--eval-every", "1", "--eval-hands", "100", "--batch", "32"]
    curve = selfplay.main([*args, "--out", str(tmp_path / "curve")])
    assert [c["iteration"] for c in curve] == [0, 1, 2]
    for c in curve:
        assert c["low"] <= c["win_rate"] <= c["high"]
    assert (tmp_path / "curve.csv").read_text().startswith("iteration,win_rate,low,high")


def test_the_example_trains_from_any_seed() -> None:
    """A seed of any size trains (the batches' seeds are drawn from it modulo 2**64)."""
    args = ["--iterations", "1", "--eval-every", "1", "--eval-hands", "10", "--batch", "2"]
    curve = _module().main([*args, "--seed", str(10**14)])
    assert [c["iteration"] for c in curve] == [0, 1]


def test_the_wilson_interval() -> None:
    wilson = _module().wilson
    low, high = wilson(55, 100)
    assert 0.45 < low < 0.46 and 0.64 < high < 0.65
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--iterations", "-3"),
        ("--batch", "0"),
        ("--eval-every", "0"),
        ("--eval-hands", "0"),
        ("--lr", "nan"),
        ("--lr", "inf"),
        ("--seed", "-1"),
    ],
)
def test_the_example_refuses_bad_options(
    option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Told by argparse, naming the option, before any training (were tracebacks:
    ZeroDivisionError, IndexError, numpy's errors, an illegal action from a NaN policy)."""
    with pytest.raises(SystemExit) as exit_:
        _module().main(
            [option, value, "--iterations", "0"] if option != "--iterations" else [option, value]
        )
    assert exit_.value.code == 2
    assert f"argument {option}" in capsys.readouterr().err
