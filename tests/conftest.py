"""Fixtures for every test folder (the helpers are in the ``helpers`` package).

Backends: a module marked ``own_backends`` (the core's tests, which take each backend
module through the ``impl`` fixture or parametrize their own) runs as written; every
other test runs once per importable game backend, the compiled one and the pure-Python
twin, as multidict does: the game's legal plays, tricks and play state come from that
backend.

The ``long`` marker orders the run: the long tests first, longest first.
"""

from __future__ import annotations

import importlib.metadata
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import ecarte._core as core
from ecarte import Rules

BACKENDS = core.backends()
_GAME_BACKENDS = [name for name in ("cython", "pure") if name in BACKENDS]  # cffi: own_backends


def _seconds(item: pytest.Item) -> float:
    marker = item.get_closest_marker("long")
    return float(marker.args[0]) if marker else 0.0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # the long tests first, longest first (a stable sort: the same order on every xdist
    # worker), so that they run beside the rest instead of after it
    items.sort(key=lambda item: -_seconds(item))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    own = metafunc.definition.get_closest_marker("own_backends") is not None
    if "live_backend" in metafunc.fixturenames and not own:
        metafunc.parametrize("live_backend", _GAME_BACKENDS, indirect=True, scope="module")


@pytest.fixture(scope="module", autouse=True)
def live_backend(request: pytest.FixtureRequest) -> Iterator[str]:
    """Make the parametrized backend the live one for the tests of a module."""
    previous = core.BACKEND
    name = getattr(request, "param", previous)
    core.use_backend(name)
    yield name
    core.use_backend(previous)


@pytest.fixture(params=sorted(BACKENDS), ids=lambda name: name)
def impl(request: pytest.FixtureRequest) -> ModuleType:
    """One backend module of the core (cython, cffi, pure)."""
    return BACKENDS[request.param]


@pytest.fixture
def classic() -> Rules:
    return Rules.classic()


TOY_GAME = Path(__file__).parent / "data" / "toy_game"


@pytest.fixture
def toy_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The distribution ``ecarte-cli-toy`` installed for one test, as the only one that
    registers games: its entry points ``ecarte.games``
    (``tests/data/toy_game/entry_points.txt``) name the game ``toy`` (terminal game and
    saves), ``quiet`` (neither), and broken ones; the games of the distributions really
    installed (examples/ecarte-toy-tricks) are hidden meanwhile."""
    (tmp_path / "ecarte_cli_toy.py").write_text(
        (TOY_GAME / "ecarte_cli_toy.py.txt").read_text(encoding="utf-8"), encoding="utf-8"
    )
    info = tmp_path / "ecarte_cli_toy-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: ecarte-cli-toy\nVersion: 1.0\n", encoding="utf-8"
    )
    shutil.copy(TOY_GAME / "entry_points.txt", info / "entry_points.txt")
    monkeypatch.syspath_prepend(str(tmp_path))
    entry_points = importlib.metadata.entry_points

    def only_the_toy(**kwargs: Any) -> Any:
        found = entry_points(**kwargs)
        if kwargs.get("group") != "ecarte.games":
            return found
        return importlib.metadata.EntryPoints(
            ep for ep in found if ep.dist is not None and ep.dist.name == "ecarte-cli-toy"
        )

    monkeypatch.setattr(importlib.metadata, "entry_points", only_the_toy)
    yield tmp_path
    sys.modules.pop("ecarte_cli_toy", None)
