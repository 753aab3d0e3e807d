"""The ``ecarte`` command line."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from ecarte import cli


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_help_documents_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["--help"])
    assert exc.value.code == 0
    text = capsys.readouterr().out
    for command in ("play", "variants", "bench"):
        assert command in text


@pytest.mark.parametrize("command", ["play", "variants", "bench"])
def test_each_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main([command, "--help"])
    assert "usage: ecarte " + command in capsys.readouterr().out


def test_bots_play_a_whole_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--bots", "--seed", "11"]) == 0
    out = capsys.readouterr().out
    assert "match over: seat" in out
    assert out.count("== game ") >= 4  # at least two games begun and won
    assert "hand 1 over" in out


def test_non_tty_stdin_plays_bot_against_bot() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "ecarte.cli", "play", "--seed", "2", "--rules", "brazilian"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "match over: seat" in proc.stdout


def test_target_option_shortens_games(capsys: pytest.CaptureFixture[str]) -> None:
    cli.main(["play", "--bots", "--seed", "4", "--target", "1"])
    out = capsys.readouterr().out
    assert "won by seat" in out
    assert all(
        " 1-0 " in line for line in out.splitlines() if "won by seat" in line and "game" in line
    )


def test_bad_preset_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["play", "--rules", "nonsense"])
    assert exc.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_unknown_variant_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--bots", "--variant", "no-such-variant"]) == 2
    assert "unknown variant 'no-such-variant'" in capsys.readouterr().err


def test_human_is_reprompted_with_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    # Answer the first prompts with nonsense, then always the first choice.
    answers = ["nonsense", "accept", "99", "²", "\u212a♠"] + ["1"] * 400
    stdin = _Tty("\n".join(answers) + "\n")
    out = io.StringIO()
    monkeypatch.setattr(cli.sys, "stdin", stdin)
    monkeypatch.setattr(cli.sys, "stdout", out)
    status = cli.main(["play", "--seed", "3"])
    text = out.getvalue()
    assert "not understood: not an action: 'nonsense'" in text
    assert "not allowed now: accept" in text
    assert "not understood: not an action: '²'" in text  # a digit int() rejects
    assert "not understood: not an action: '\u212a♠'" in text  # the Kelvin sign
    assert "your hand" in text
    # Either the match ended or the scripted answers ran out (EOF abandons cleanly).
    assert ("match over" in text) or ("match abandoned" in text and status == 1)


def test_human_discard_by_position(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seed 3: seat 0 deals; the bot proposes; accept and discard cards 1 and 2.
    stdin = _Tty("1\n1\n1 2\n")
    out = io.StringIO()
    monkeypatch.setattr(cli.sys, "stdin", stdin)
    monkeypatch.setattr(cli.sys, "stdout", out)
    cli.main(["play", "--seed", "3"])
    text = out.getvalue()
    assert "discard which cards?" in text
    assert "seat 0: discards 2" in text


def test_variants_command_lists_or_says_none(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["variants"]) == 0
    assert capsys.readouterr().out.strip()


def test_variants_lists_the_installed_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["variants"]) == 0
    names = {line.split()[0] for line in capsys.readouterr().out.splitlines()}
    assert {"quick", "napoleon", "poule", "regles", "cercle"} <= names


def test_play_with_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--bots", "--seed", "6", "--variant", "quick"]) == 0
    results = [line for line in capsys.readouterr().out.splitlines() if line.startswith("== game ")]
    won = [line for line in results if " won by seat " in line]
    assert won
    for line in won:  # quick game: the first to 3 (a vole may take 2 to 4) wins at once
        winner, loser = map(int, line.split(" won by seat ")[1].split()[1].split("-"))
        assert winner >= 3 > loser


def test_play_with_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--bots", "--seed", "6", "--variant", "poule"]) == 0
    out = capsys.readouterr().out
    assert "seat 2" in out and "match over" in out
