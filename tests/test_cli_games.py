"""``ecarte play --game NAME`` and ``ecarte games``: games other than Écarté, found
through the entry-point group ``ecarte.games`` (Euchre's own terminal game is tested in
tests/games/euchre/test_euchre_terminal.py)."""

from __future__ import annotations

import importlib.metadata
import io
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ecarte import cli

TOY = '''
import json


def play(argv, stdin, stdout):
    """Toy: a game for the CLI tests that echoes its arguments."""
    stdout.write(json.dumps({"argv": argv, "input": stdin.read()}) + "\\n")
    if "--interrupt" in argv:
        raise KeyboardInterrupt
    return 7


NOT_CALLABLE = 3
'''


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A distribution with the games 'toy' and 'broken' (group ``ecarte.games``)."""
    (tmp_path / "ecarte_cli_toy.py").write_text(TOY, encoding="utf-8")
    info = tmp_path / "ecarte_cli_toy-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: ecarte-cli-toy\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[ecarte.games]\n"
        "toy = ecarte_cli_toy:play\n"
        "broken = ecarte_cli_toy:NOT_CALLABLE\n"
        "ecarte = ecarte_cli_toy:play\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("ecarte_cli_toy", None)


def _run(monkeypatch: pytest.MonkeyPatch, argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """``ecarte *argv`` in process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(cli.sys, "stdin", io.StringIO(stdin))
    monkeypatch.setattr(cli.sys, "stdout", out)
    monkeypatch.setattr(cli.sys, "stderr", err)
    status = cli.main(argv)
    return status, out.getvalue(), err.getvalue()


def _hide_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if no distribution registered a game (ecarte-euchre not installed)."""
    entry_points = importlib.metadata.entry_points

    def without_games(**kwargs: Any) -> Any:
        if kwargs.get("group") == cli.GAMES_GROUP:
            return importlib.metadata.EntryPoints(())
        return entry_points(**kwargs)

    monkeypatch.setattr(importlib.metadata, "entry_points", without_games)


def test_the_game_gets_every_other_argument_and_returns_the_status(
    monkeypatch: pytest.MonkeyPatch, toy: Path
) -> None:
    argv = ["play", "--seed", "3", "--game", "toy", "--human", "1", "-h"]
    status, out, _ = _run(monkeypatch, argv, "pass\n")
    assert status == 7
    assert out == '{"argv": ["--seed", "3", "--human", "1", "-h"], "input": "pass\\n"}\n'
    status, out, _ = _run(monkeypatch, ["play", "--game=toy", "--rules", "whatever"])
    assert status == 7 and '"argv": ["--rules", "whatever"]' in out


def test_a_game_interrupted_exits_130(monkeypatch: pytest.MonkeyPatch, toy: Path) -> None:
    status, out, _ = _run(monkeypatch, ["play", "--game", "toy", "--interrupt"])
    assert status == cli.EXIT_INTERRUPTED == 130
    assert "game abandoned (interrupted)" in out


def test_the_default_game_is_ecarte(monkeypatch: pytest.MonkeyPatch, toy: Path) -> None:
    # A distribution cannot take the name "ecarte": the built-in match is played.
    for argv in (["play"], ["play", "--game", "ecarte"]):
        status, out, _ = _run(monkeypatch, [*argv, "--bots", "--seed", "11", "--target", "2"])
        assert status == 0
        assert "match over: seat" in out and "argv" not in out


def test_games_lists_the_builtin_and_installed_games(
    monkeypatch: pytest.MonkeyPatch, toy: Path
) -> None:
    status, out, _ = _run(monkeypatch, ["games"])
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split() == ["ecarte", "Écarté", "(built", "in;", "the", "default)"]
    names = [line.split()[0] for line in lines]
    assert names.count("ecarte") == 1
    assert "toy" in names and "broken" in names
    assert any(line.split()[1:3] == ["Toy:", "a"] for line in lines)


def test_games_help(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["games", "--help"])
    assert "usage: ecarte games" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    assert "--game NAME" in capsys.readouterr().out


def test_a_missing_euchre_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    _hide_games(monkeypatch)
    status, out, err = _run(monkeypatch, ["play", "--game", "euchre", "--seed", "1"])
    assert status == cli.EXIT_ERROR == 2
    assert out == ""
    assert err == (
        "ecarte: error: unknown game 'euchre': it is not installed: "
        "pip install ./plugins/ecarte-euchre (games: ecarte)\n"
    )
    status, out, _ = _run(monkeypatch, ["games"])
    assert status == 0 and [line.split()[0] for line in out.splitlines()] == ["ecarte"]


def test_unknown_and_broken_games(monkeypatch: pytest.MonkeyPatch, toy: Path) -> None:
    status, _, err = _run(monkeypatch, ["play", "--game", "chess"])
    assert status == 2
    assert "unknown game 'chess': no installed distribution has an entry point" in err
    assert "toy" in err
    status, _, err = _run(monkeypatch, ["play", "--game", "broken"])
    assert status == 2 and "game 'broken': its entry point names 3, not a callable" in err


def test_games_with_autoload_off(monkeypatch: pytest.MonkeyPatch, toy: Path) -> None:
    monkeypatch.setenv("ECARTE_DISABLE_PLUGIN_AUTOLOAD", "1")
    status, _, err = _run(monkeypatch, ["play", "--game", "toy"])
    assert status == 2 and "plugin autoload is off" in err
    status, out, _ = _run(monkeypatch, ["games"])
    assert status == 0
    assert "toy" not in out and "plugin autoload is off" in out


def test_the_engine_and_ecarte_never_import_euchre() -> None:
    """The engine knows no game, and Écarté does not know Euchre: only the command line
    and the registry name the games."""
    src = Path(cli.__file__).parent
    folders = [src / "_core", src / "engine", src / "games" / "ecarte"]
    files = [src / "tricks.py", src / "batch.py", *(p for f in folders for p in f.rglob("*.py*"))]
    assert len(files) > 30
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert "ecarte.games.euchre" not in text and "from ..euchre" not in text, path
