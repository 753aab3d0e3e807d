"""Helpers of the ``ecarte`` command line's tests (``tests/games/ecarte/test_cli*.py``):
the command run in process or in a child process; the ``conftest.py`` of that folder
installs the test variant 'teller'."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from ecarte import cli


class Tty(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def run_cli(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], stdin: str = "", tty: bool = False
) -> tuple[int, str]:
    """``ecarte *argv`` in process with ``stdin``; (exit status, stdout)."""
    out = io.StringIO()
    monkeypatch.setattr(cli.sys, "stdin", Tty(stdin) if tty else io.StringIO(stdin))
    monkeypatch.setattr(cli.sys, "stdout", out)
    status = cli.main(argv)
    return status, out.getvalue()


def run_ecarte(
    args: list[str], stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m ecarte.cli *args`` in a child process with ``stdin``."""
    return subprocess.run(
        [sys.executable, "-m", "ecarte.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
