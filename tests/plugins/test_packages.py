"""The variant distributions' own doctests and the example's tests, run from
the root test suite (they live outside this project's testpaths)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.own_backends  # static checks, and the tests in a child process: once

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = sorted(p.name for p in (ROOT / "plugins").iterdir() if (p / "pyproject.toml").exists())
EXAMPLES = sorted(p.name for p in (ROOT / "examples").iterdir() if (p / "pyproject.toml").exists())


def test_every_variant_is_its_own_distribution() -> None:
    assert PLUGINS == [
        "ecarte-cercle",
        "ecarte-napoleon",
        "ecarte-poule",
        "ecarte-quick",
        "ecarte-regles",
    ]
    for name in PLUGINS:
        text = (ROOT / "plugins" / name / "pyproject.toml").read_text(encoding="utf-8")
        assert '[project.entry-points."ecarte.variants"]' in text, name
        assert (ROOT / "plugins" / name / "README.md").exists()


def test_package_tests_and_doctests() -> None:
    paths = [f"plugins/{n}/src" for n in PLUGINS] + [f"examples/{n}" for n in EXAMPLES]
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--doctest-modules",
         "-o", "addopts=", "-o", "testpaths=", *paths],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    # one doctest each; cercle's Cercle.standings, Ledger, its terminal's betting and the
    # end of its table; 4 example tests
    assert f"{len(PLUGINS) + 4 + 4} passed" in proc.stdout
