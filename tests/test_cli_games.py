"""``ecarte play --game NAME`` and ``ecarte games``: the games of the registry, built in
(Écarté, Euchre) or found through the entry-point group ``ecarte.games`` (Euchre's own
terminal game is tested in tests/games/euchre/test_euchre_terminal.py)."""

from __future__ import annotations

import importlib.metadata
import io
from pathlib import Path
from typing import Any

import pytest

from ecarte import cli


@pytest.fixture
def toy(toy_games: Path) -> Path:
    """The toy distribution (tests/data/toy_game): games 'toy', 'quiet', 'broken'..."""
    return toy_games


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
    assert lines[1].split(None, 1) == [
        "euchre",
        "Euchre: four players in two partnerships, tricks with a trump named in bidding (built in)",
    ]
    names = [line.split()[0] for line in lines]
    assert names == ["ecarte", "euchre", "broken", "misnamed", "missing", "quiet", "toy"]
    shown = dict(line.split(None, 1) for line in lines)
    assert shown["toy"] == "Toy: a counting game for the tests"
    assert shown["broken"].startswith("(cannot be loaded: game 'broken': its entry point names")
    assert shown["missing"].startswith("(cannot be loaded: game 'missing' cannot be loaded:")


def test_games_help(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["games", "--help"])
    assert "usage: ecarte games" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    assert "--game NAME" in capsys.readouterr().out


def test_euchre_is_built_in_even_without_entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    _hide_games(monkeypatch)
    argv = ["play", "--game", "euchre", "--bots", "--seed", "1", "--rules", "openspiel"]
    status, out, err = _run(monkeypatch, argv)
    assert status == 0 and err == ""
    assert out.startswith("Euchre, openspiel rules, a single deal\n")
    assert "game over: returns North-South" in out
    status, out, _ = _run(monkeypatch, ["games"])
    assert status == 0 and [line.split()[0] for line in out.splitlines()] == ["ecarte", "euchre"]


def test_unknown_and_broken_games(monkeypatch: pytest.MonkeyPatch, toy: Path) -> None:
    status, out, err = _run(monkeypatch, ["play", "--game", "chess"])
    assert status == 2 and out == ""
    assert err == (
        "ecarte: error: unknown game 'chess' "
        "(games: ecarte, euchre, broken, misnamed, missing, quiet, toy)\n"
    )
    status, _, err = _run(monkeypatch, ["play", "--game", "broken"])
    assert status == 2
    assert "game 'broken': its entry point names <function play" in err
    assert "not an ecarte.engine.registry.GameSpec" in err
    status, _, err = _run(monkeypatch, ["play", "--game", "misnamed"])
    assert status == 2 and "game 'misnamed': its entry point names the spec of 'toy'" in err
    status, _, err = _run(monkeypatch, ["play", "--game", "missing"])
    assert status == 2 and "game 'missing' cannot be loaded: No module named" in err
    status, _, err = _run(monkeypatch, ["play", "--game", "quiet"])
    assert status == 2 and "game 'quiet' cannot be played in the terminal" in err


def test_games_with_autoload_off(monkeypatch: pytest.MonkeyPatch, toy: Path) -> None:
    monkeypatch.setenv("ECARTE_DISABLE_PLUGIN_AUTOLOAD", "1")
    status, _, err = _run(monkeypatch, ["play", "--game", "toy"])
    assert status == 2 and "unknown game 'toy' (games: ecarte, euchre; installed games" in err
    assert "ECARTE_DISABLE_PLUGIN_AUTOLOAD is set" in err
    status, out, _ = _run(monkeypatch, ["games"])
    assert status == 0
    assert [line.split()[0] for line in out.splitlines()[:-1]] == ["ecarte", "euchre"]
    assert "toy" not in out and "plugin autoload is off" in out


def test_the_registry_plays_ecarte_on_the_streams_it_is_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The built-in ``ecarte``'s play is ``ecarte play`` on other streams."""
    from ecarte import get_game

    play = get_game("ecarte").play
    assert play is not None
    out = io.StringIO()
    assert play(["--bots", "--seed", "11", "--target", "2"], io.StringIO(), out) == 0
    _, expected, _ = _run(monkeypatch, ["play", "--bots", "--seed", "11", "--target", "2"])
    assert out.getvalue() == expected and "match over: seat" in expected
    err = io.StringIO()
    monkeypatch.setattr(cli.sys, "stderr", err)
    assert play(["--variant", "no-such"], io.StringIO(), io.StringIO()) == 2
    assert err.getvalue().startswith("ecarte: error: unknown variant 'no-such'")


def test_the_engine_and_ecarte_never_import_euchre() -> None:
    """The engine knows no game, and Écarté does not know Euchre: only the command line
    and the registry's table of built-in games (module paths, imported when asked for)
    name the games."""
    src = Path(cli.__file__).parent
    folders = [src / "_core", src / "engine", src / "games" / "ecarte"]
    sources = (
        p for f in folders for p in f.rglob("*.py*") if p.suffix in {".py", ".pyi", ".pyx", ".pxd"}
    )
    files = [src / "tricks.py", src / "batch.py", *sources]  # not the bytecode of __pycache__
    assert len(files) > 30
    registry = src / "engine" / "registry.py"
    for path in files:
        text = path.read_text(encoding="utf-8")
        if path == registry:
            text = text.replace('"ecarte.games.euchre._spec:GAME"', "")
        assert "ecarte.games.euchre" not in text and "from ..euchre" not in text, path
