"""The ``ecarte`` command line: commands, the terminal game, variant options and lines.

The last tests drive whole matches in a pseudo-terminal (Python's ``pty``), as a
player would in a terminal, and check what the screen shows.
"""

from __future__ import annotations

import importlib.metadata
import io
import os
import re
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs
import pytest

import ecarte
from ecarte import CardSet, Discard, Game, IllegalActionError, Phase, Play, Rules, cli
from ecarte.games.ecarte import terminal
from ecarte.games.ecarte._render import Screen, discard_rule, rules_table
from ecarte.players import HeuristicPlayer


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _run(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], stdin: str = "", tty: bool = False
) -> tuple[int, str]:
    """``ecarte *argv`` in process with ``stdin``; (exit status, stdout)."""
    out = io.StringIO()
    monkeypatch.setattr(cli.sys, "stdin", _Tty(stdin) if tty else io.StringIO(stdin))
    monkeypatch.setattr(cli.sys, "stdout", out)
    status = cli.main(argv)
    return status, out.getvalue()


def _subprocess(
    args: list[str], stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ecarte.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


# ------------------------------------------------------------------ a test variant

TELLER = '''
from ecarte import hookimpl


class Teller:
    """A variant for the CLI tests: describes the game, changes nothing."""

    NAME = "teller"
    DESCRIPTION = "Teller: says which game and hand it is"

    def __init__(self, greeting: str = "hello", every: int = 1, loud: bool = False) -> None:
        if every < 1:
            raise ValueError(f"every must be at least 1, not {every}")
        self.greeting, self.every, self.loud = greeting, every, loud

    @hookimpl
    def ecarte_describe(self, game, seat):
        text = f"{self.greeting} seat {seat}: game {game.game_number} hand {game.hand_number}"
        return [text.upper() if self.loud else text]
'''


def _install_teller(where: Path) -> None:
    """A distribution 'ecarte-teller' with the variant 'teller', importable from ``where``."""
    (where / "ecarte_cli_teller.py").write_text(TELLER, encoding="utf-8")
    info = where / "ecarte_cli_teller-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: ecarte-cli-teller\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[ecarte.variants]\nteller = ecarte_cli_teller:Teller\n", encoding="utf-8"
    )


@pytest.fixture
def teller(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The 'teller' variant installed for this test (in process and for subprocesses)."""
    _install_teller(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(tmp_path), *sys.path]))
    yield tmp_path
    sys.modules.pop("ecarte_cli_teller", None)


# ------------------------------------------------------------------ commands


def test_help_documents_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["--help"])
    assert exc.value.code == 0
    text = capsys.readouterr().out
    for command in ("play", "variants", "bench", "--version"):
        assert command in text


@pytest.mark.parametrize("command", ["play", "variants", "bench"])
def test_each_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main([command, "--help"])
    assert "usage: ecarte " + command in capsys.readouterr().out


def test_play_help_names_the_new_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    text = capsys.readouterr().out
    options = ("--human SEAT", "--option KEY=VALUE", "--color", "--no-auto-play", "help", "rules")
    for option in (*options, "quit"):
        assert option in text


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["--version"])
    assert exc.value.code == 0
    assert ecarte.__version__ == importlib.metadata.version("ecarte")
    assert capsys.readouterr().out == f"ecarte {ecarte.__version__} (core: {ecarte.BACKEND})\n"


def test_version_of_an_uninstalled_tree() -> None:
    code = textwrap.dedent("""
        import importlib.metadata as m
        def missing(name):
            raise m.PackageNotFoundError(name)
        m.version = missing
        import ecarte
        print(ecarte.__version__)
    """)
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert proc.stdout.strip() == "0+unknown"


def test_console_script_version() -> None:
    proc = _subprocess(["--version"])
    assert proc.returncode == 0
    assert proc.stdout.startswith(f"ecarte {ecarte.__version__}")


def test_variants_command_lists_or_says_none(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["variants"]) == 0
    assert capsys.readouterr().out.strip()


def test_variants_lists_the_installed_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["variants"]) == 0
    names = {line.split()[0] for line in capsys.readouterr().out.splitlines()}
    assert {"quick", "napoleon", "poule", "regles", "cercle"} <= names


def test_variants_with_autoload_off(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ECARTE_DISABLE_PLUGIN_AUTOLOAD", "1")
    assert cli.main(["variants"]) == 0
    out = capsys.readouterr().out
    assert "plugin autoload is off (ECARTE_DISABLE_PLUGIN_AUTOLOAD is set)" in out
    assert "no variants installed" not in out
    assert cli.main(["play", "--bots", "--variant", "quick"]) == 2
    assert "plugin autoload is off" in capsys.readouterr().err


# ------------------------------------------------------------------ bots


def test_bots_play_a_whole_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--bots", "--seed", "11"]) == 0
    out = capsys.readouterr().out
    assert "match over: seat" in out
    assert out.count("== game ") >= 4  # at least two games begun and won
    assert "hand 1 over" in out
    assert "\x1b[" not in out  # not a terminal: plain text


def test_non_tty_stdin_plays_bot_against_bot() -> None:
    proc = _subprocess(["play", "--seed", "2", "--rules", "brazilian"])
    assert proc.returncode == 0, proc.stderr
    assert "match over: seat" in proc.stdout
    assert "your choice" not in proc.stdout


def test_target_option_shortens_games(capsys: pytest.CaptureFixture[str]) -> None:
    cli.main(["play", "--bots", "--seed", "4", "--target", "1"])
    out = capsys.readouterr().out
    won = [line for line in out.splitlines() if line.startswith("== game ") and "won by" in line]
    assert won
    for line in won:  # the scores in seat order: the winner has the one point
        winner = int(re.search(r"won by seat (\d)", line)[1])  # type: ignore[index]
        scores = dict(map(int, s) for s in re.findall(r"seat (\d) (\d+)", line.split(": ")[1]))
        assert scores == {winner: 1, 1 - winner: 0}


def test_bad_preset_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["play", "--rules", "nonsense"])
    assert exc.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_unknown_variant_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--bots", "--variant", "no-such-variant"]) == 2
    err = capsys.readouterr().err
    assert "unknown variant 'no-such-variant'; installed: " in err
    assert "poule" in err


def test_play_with_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--bots", "--seed", "6", "--variant", "quick"]) == 0
    results = [line for line in capsys.readouterr().out.splitlines() if line.startswith("== game ")]
    won = [line for line in results if " won by seat " in line]
    assert won
    for line in won:  # quick game: the first to 3 (a vole may take 2 to 4) wins at once
        seat = int(line.split(" won by seat ")[1].split(":")[0])
        scores = dict(map(int, s) for s in re.findall(r"seat (\d) (\d+)", line.split(": ")[1]))
        assert scores[seat] >= 3 > scores[1 - seat]


def test_play_with_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--bots", "--seed", "6", "--variant", "poule"]) == 0
    out = capsys.readouterr().out
    assert "seat 2" in out and "match over" in out


def test_colours_only_when_asked_or_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    status, out = _run(monkeypatch, ["play", "--bots", "--seed", "5", "--color", "always"])
    assert status == 0
    assert re.search(r"\x1b\[[0-9;]*31m(10|[7-9JQKA])?♥", out)  # red hearts
    assert re.search(r"\x1b\[[0-9;]*31m(10|[7-9JQKA])?♦", out)  # and diamonds
    assert not re.search(r"\x1b\[[0-9;]*31m(10|[7-9JQKA])?[♠♣]", out)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert Screen(_Tty(), color="auto").fancy
    assert not Screen(io.StringIO(), color="auto").fancy
    assert not Screen(_Tty(), color="never").fancy
    monkeypatch.setenv("NO_COLOR", "1")
    assert not Screen(_Tty(), color="auto").fancy
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert not Screen(_Tty(), color="auto").fancy


# ------------------------------------------------------------------ a human at the prompt


def test_human_is_reprompted_with_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    # Answer the first prompts with nonsense, then always the first choice.
    answers = ["nonsense", "accept", "99", "²", "\u212a♠"] + ["1"] * 400
    status, text = _run(monkeypatch, ["play", "--seed", "3"], "\n".join(answers) + "\n", tty=True)
    assert "not understood: not an action: 'nonsense'" in text
    assert "type 'help' or '?' for help" in text
    assert (
        "not allowed: accept: seat 0, the dealer, chooses the packets now (3-2 or 2-3)" in text
    )  # the engine's
    assert "no choice 99: choose 1-2" in text
    assert "not understood: not an action: '²'" in text  # a digit int() rejects
    assert "not understood: not an action: '\u212a♠'" in text  # the Kelvin sign
    assert "your hand" in text
    # Either the match ended or the scripted answers ran out (EOF abandons cleanly).
    assert (status == 0 and "match over" in text) or (
        status == 1 and "match abandoned: end of input" in text
    )


def test_help_question_mark_rules_and_quit(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = _run(
        monkeypatch, ["play", "--human", "0", "--seed", "3"], "help\n?\nrules\nquit\n"
    )
    assert status == 0
    assert text.count("type one of:") == 2  # help and ?
    assert "not understood" not in text
    for command in ("rules", "help, ?", "quit", "discard 7♠ 8h"):
        assert f"  {command} " in text
    assert "rules in force:" in text
    for _, label, value in rules_table(Rules.classic()):
        assert re.search(rf"^  {re.escape(label)} +{re.escape(value)}$", text, re.M), label
    assert "variants: none (the classic game)" in text
    assert text.rstrip().endswith("match abandoned: you quit")


def test_rules_lists_every_field_and_the_variants(
    monkeypatch: pytest.MonkeyPatch, teller: Path
) -> None:
    names = [name for name, _, _ in rules_table(Rules.classic())]
    assert names == [f.name for f in attrs.fields(Rules)]  # every field, in order
    assert dict((n, v) for n, _, v in rules_table(Rules.classic()))["rank_order"] == (
        "king-high: K Q J A 10 9 8 7"
    )
    argv = ["play", "--human", "0", "--seed", "3", "--variant", "quick"]
    status, text = _run(
        monkeypatch, [*argv, "--variant", "teller", "--option", "every=2"], "rules\nquit\n"
    )
    assert status == 0
    assert re.search(r"^  points to win a game +3$", text, re.M)  # as the variant set it
    assert "  quick: Quick game: a game is won at 3 points instead of 5" in text
    assert "  teller (every=2): Teller: says which game and hand it is" in text
    assert "   | hello seat 0: game 1 hand 1" in text


def test_end_of_input_exits_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = _run(monkeypatch, ["play", "--human", "1", "--seed", "3"], "")
    assert status == cli.EXIT_ABANDONED == 1
    assert "match abandoned: end of input while seat 1 was to play" in text
    proc = _subprocess(["play", "--human", "0", "--seed", "3"], "1\n")
    assert proc.returncode == 1
    assert "match abandoned: end of input" in proc.stdout
    assert "Traceback" not in proc.stderr


def test_human_seat_scripted_from_a_pipe() -> None:
    proc = _subprocess(["play", "--human", "0", "--seed", "3"], "1\n" * 1000)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr
    out = proc.stdout
    assert "table: seat 0 (you), seat 1 (bot)" in out
    assert "your choice> 1\n" in out  # the scripted answer is echoed
    assert "match over: seat" in out


def test_human_option_checks_the_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--human", "2", "--seed", "3"]) == 2
    assert "--human 2: the table has seats 0 to 1" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        cli.main(["play", "--human", "0", "--bots"])
    assert exc.value.code == 2
    assert "argument --bots: not allowed with argument --human" in capsys.readouterr().err


def test_two_humans_take_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = _run(
        monkeypatch, ["play", "--human", "0", "--human", "1", "--seed", "3"], "1\n1\n"
    )
    assert status == 1
    assert "table: seat 0 (human), seat 1 (human)" in text
    assert "seat 0> " in text and "seat 1> " in text


def test_human_discard_by_position(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seed 3: seat 0 deals; the bot proposes; accept and discard cards 1 and 2.
    _, text = _run(monkeypatch, ["play", "--seed", "3"], "1\n1\n1 2\n", tty=True)
    assert "discard which cards?" in text
    assert "seat 0: discards 2" in text


def _until(game: Game, done: Callable[[Game], bool]) -> None:
    bot = HeuristicPlayer()
    while not done(game):
        assert not game.is_over, "the match ended first"
        seat = game.to_act
        game.apply(bot.choose(game.observation(seat), game.legal_actions()))


def _human_turn(game: Game, answers: str) -> str:
    """One human decision of the seat to act, answered with ``answers``; the screen."""
    out = io.StringIO()
    seat = game.to_act
    bots = {s: HeuristicPlayer() for s in range(game.players) if s != seat}
    match = terminal._Match(game, Screen(out), bots, [seat], io.StringIO(answers), ())
    match._human_turn(seat)
    return out.getvalue()


def test_an_illegal_card_shows_the_engines_reason() -> None:
    game = Game(seed=3)

    def must_follow(game: Game) -> bool:
        if game.phase is not Phase.PLAY or not game.trick:
            return False
        led = game.trick[0][1].suit
        held = game.hand(game.to_act)
        return any(c.suit == led for c in held) and any(c.suit != led for c in held)

    _until(game, must_follow)
    led = game.trick[0][1].suit
    bad = next(c for c in game.hand(game.to_act) if c.suit != led)
    good = next(a for a in game.legal_actions() if isinstance(a, Play))
    with pytest.raises(IllegalActionError) as why:
        game.clone().apply(Play(bad))
    assert f"must follow suit {led.symbol}" in str(why.value)
    text = _human_turn(game, f"{bad}\n{good}\n")
    assert f"  not allowed: {why.value}\n" in text
    assert "choose 1-" not in text
    assert game.history[-1] == good


def test_the_discard_prompt_says_how_many_cards() -> None:
    game = Game(seed=3)
    _until(game, lambda g: g.phase is Phase.ELDER_DISCARD)
    text = _human_turn(game, "\n1\n")  # nothing (refused: the elder must discard), then one
    assert "  discard 1 to 5 cards (at least 1); type their numbers or names" in text
    assert "empty for none" not in text
    assert f"  not allowed: discard: seat {game.elder} must discard at least 1" in text
    assert isinstance(game.history[-1], Discard) and len(game.history[-1].cards) == 1
    _until(game, lambda g: g.phase is Phase.DEALER_DISCARD)
    most = min(5, game.stock_size)
    text = _human_turn(game, "\n")
    assert f"  discard up to {most} cards (empty for none)" in text
    assert game.history[-1] == Discard(CardSet.of([]))

    spanish = Game("spanish", seed=3)  # the dealer must discard one too
    _until(spanish, lambda g: g.phase is Phase.DEALER_DISCARD)
    text = _human_turn(spanish, "discard 1\n")
    assert "  discard 1 to " in text and "(at least 1)" in text


@pytest.mark.parametrize(
    ("sizes", "rule"),
    [
        ([1, 2, 3, 4, 5], "discard 1 to 5 cards (at least 1)"),
        ([0, 1, 2, 3, 4, 5], "discard up to 5 cards (empty for none)"),
        ([0, 1], "discard up to 1 card (empty for none)"),
        ([2], "discard exactly 2 cards"),
        ([1], "discard exactly 1 card"),
        ([0], "nothing to discard: press Enter"),
        ([1, 3], "discard 1 or 3 cards"),
        ([0, 2, 3], "discard 0, 2 or 3 cards (empty for none)"),
    ],
)
def test_discard_rule(sizes: list[int], rule: str) -> None:
    assert discard_rule(sizes) == rule


# ------------------------------------------------------------------ variants at the table


def test_three_seats_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["play", "--human", "0", "--seed", "5", "--variant", "poule"]
    status, text = _run(monkeypatch, argv, "quit\n")
    assert status == 0
    assert "table: seat 0 (you), seat 1 (bot), seat 2 (bot) (two play, the other waits)" in text
    rows = [line for line in text.splitlines() if line.startswith("  seat ")]
    assert len(rows) == 3
    assert [r.split()[3] for r in rows].count("waits") == 1
    assert not re.search(r"\b(you|bot) \d", text)  # no bare "you 0, bot 1" scores


def test_variant_options_reach_the_constructor(
    monkeypatch: pytest.MonkeyPatch, teller: Path
) -> None:
    argv = ["play", "--bots", "--seed", "2", "--variant", "teller"]
    status, text = _run(monkeypatch, [*argv, "--option", "greeting=hi", "--option", "loud=yes"])
    assert status == 0
    assert "   | HI SEAT NONE: GAME 1 HAND 1\n" in text
    assert "   | HI SEAT NONE: GAME 1 HAND 2\n" in text  # shown again when it changes
    assert text.count("GAME 1 HAND 1") == 1
    status, text = _run(monkeypatch, [*argv, "--option", "teller.greeting=bonjour"])
    assert "   | bonjour seat None: game 1 hand 1" in text


def test_variant_lines_for_the_human(monkeypatch: pytest.MonkeyPatch, teller: Path) -> None:
    argv = ["play", "--human", "1", "--seed", "2", "--variant", "teller"]
    status, text = _run(monkeypatch, argv, "1\n" * 30 + "quit\n")
    assert status == 0
    assert "variants: teller; type 'help'" in text
    assert "   | hello seat 1: game 1 hand 1" in text  # the human's view, not a spectator's
    assert "seat None" not in text


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["every=0"], "variant 'teller' refuses the options every=0: every must be at least 1"),
        (["nope=1"], "no variant takes 'nope' (options: teller: greeting, every, loud)"),
        (["teller.ante=1"], "variant 'teller' has no option 'ante' (options: greeting, every"),
        (["poule.ante=1"], "'poule' is not a --variant of this match"),
        (["greeting"], "expected KEY=VALUE or VARIANT.KEY=VALUE"),
        (["9x=1"], "expected KEY=VALUE or VARIANT.KEY=VALUE"),
        (["greeting=a", "greeting=b"], "teller.greeting is given twice"),
        (["greeting=[1,"], "is not valid JSON"),
    ],
)
def test_bad_variant_options(
    options: list[str], message: str, teller: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", "--bots", "--variant", "teller"]
    assert cli.main(argv + [f"--option={o}" for o in options]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ecarte: error: ") and message in err


def test_option_without_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--bots", "--option", "rotation=per-hand"]) == 2
    assert "--option needs a --variant" in capsys.readouterr().err


def test_poule_rotation_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--bots", "--seed", "4", "--variant", "poule", "--option"]
    assert cli.main([*argv, "rotation=per-hand"]) == 0
    out = capsys.readouterr().out
    first_game = out.split(" won by seat ")[0]
    assert len(set(re.findall(r"hand \d+: seat (\d) deals", first_game))) == 3  # all three deal
    assert cli.main([*argv, "rotation=sideways"]) == 2
    assert "rotation must be one of" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("3", 3),
        ("-2", -2),
        ("+7", 7),
        ("0.25", 0.25),
        ("1e3", 1000.0),
        ("true", True),
        ("No", False),
        ("per-hand", "per-hand"),
        ("10h", "10h"),
        ('"5"', "5"),
        ("[1, 2]", [1, 2]),
        ('{"Alice": 100}', {"Alice": 100}),
        ("", ""),
    ],
)
def test_option_values(text: str, value: object) -> None:
    parsed = cli.parse_value(text)
    assert parsed == value and type(parsed) is type(value)


# ------------------------------------------------------------------ in a terminal

PROMPT = b"your choice> "
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _terminal_env(live_backend: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", PYTHONIOENCODING="utf-8", **extra)
    if live_backend == "pure":
        env["ECARTE_PURE_PYTHON"] = "1"
    return env


def _in_terminal(
    args: list[str], answer: Callable[[int], str], env: dict[str, str], timeout: float = 240
) -> tuple[int, bytes]:
    """Run ``ecarte *args`` on a 100x40 pseudo-terminal; at the n-th prompt (from 0) type
    ``answer(n)``. Return the exit status and everything the terminal received."""
    import fcntl
    import pty
    import select
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-m", "ecarte.cli", *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    screen, answered = b"", 0
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 1.0)
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:  # EIO: the program ended and closed the terminal
                break
            if not chunk:
                break
            screen += chunk
            if screen.count(PROMPT) > answered:
                os.write(master, answer(answered).encode() + b"\n")
                answered += 1
        else:
            pytest.fail(f"no end after {timeout}s: {screen[-2000:]!r}")
        return proc.wait(timeout=30), screen
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)


# Python's pty needs a POSIX system: no tool to install, so the tests skip elsewhere.
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals need POSIX")


@posix_only
def test_a_whole_match_in_a_terminal(live_backend: str) -> None:
    """The README's ``ecarte play`` in a terminal: a human against the bot to the end."""
    script = {0: "help", 1: "?", 2: "rules"}
    status, raw = _in_terminal(
        ["play", "--seed", "7"], lambda n: script.get(n, "1"), _terminal_env(live_backend)
    )
    screen = _ANSI.sub("", raw.decode("utf-8", "replace")).replace("\r\n", "\n")
    assert status == 0, screen[-3000:]
    assert "table: seat 0 (you), seat 1 (bot)" in screen
    assert re.search(r"seat +role +score +games +tricks", screen)  # rich's table
    assert re.search(r"seat 0 \(you\) +(dealer|elder) +\d+ +\d+", screen)
    assert "type one of:" in screen and "rules in force" in screen
    assert "your hand (" in screen
    assert "match over: seat" in screen
    assert "Traceback" not in screen
    # the game's words: tricks, the point or the vole, scores in seat order, cards drawn
    assert re.search(r"trick 1 to seat [01] \((you|bot)\) \(tricks: seat 0 \d, seat 1 \d\)", screen)
    assert re.search(
        r"seat [01] \((you|bot)\) (wins the point \([34] tricks\)|makes the vole)", screen
    )
    assert re.search(
        r"hand 1 over: tricks seat 0 \d, seat 1 \d; scores seat 0 \d, seat 1 \d", screen
    )
    assert re.search(r"game 1 won by seat [01] \((you|bot)\): seat 0 \d+, seat 1 \d+", screen)
    assert re.search(r"seat 0: discards \d \(\S+.*\), draws \S+", screen)
    assert re.search(r"\S+ is the only card you can play: played for you", screen)
    assert "worth" not in screen and "scores the tricks" not in screen
    # hearts and diamonds in red, clubs and spades not
    assert re.search(rb"\x1b\[[0-9;]*31m(10|[7-9JQKA])?\xe2\x99[\xa5\xa6]", raw)
    assert not re.search(rb"\x1b\[[0-9;]*31m(10|[7-9JQKA])?\xe2\x99[\xa0\xa3]", raw)


@posix_only
def test_no_color_in_a_terminal(live_backend: str) -> None:
    env = _terminal_env(live_backend, NO_COLOR="1")
    # the first answer picks the first choice (the packets, if seat 0 deals), then quit
    status, raw = _in_terminal(
        ["play", "--seed", "7"], lambda n: "1" if n == 0 else "quit", env, timeout=60
    )
    assert status == 0
    assert b"\x1b[" not in raw
    assert b"your hand (" in raw and b"match abandoned: you quit" in raw


@posix_only
def test_poule_and_cercle_in_a_terminal(live_backend: str) -> None:
    """A waiting human sees each hand by its end (la poule); bets typed in the terminal
    (club écarté)."""
    env = _terminal_env(live_backend)
    status, raw = _in_terminal(["play", "--seed", "5", "--variant", "poule"], lambda n: "1", env)
    screen = _ANSI.sub("", raw.decode("utf-8", "replace")).replace("\r\n", "\n")
    assert status == 0, screen[-3000:]
    assert "you wait: seats 1 and 2 play; each hand is told by its end" in screen
    assert screen.count("took the pool") == 1
    gallery = 'gallery={"Cleo": 40}'
    answers = {0: "bet 3"}
    status, raw = _in_terminal(
        ["play", "--seed", "4", "--variant", "cercle", "--option", gallery],
        lambda n: answers.get(n, "1"),
        env,
    )
    screen = _ANSI.sub("", raw.decode("utf-8", "replace")).replace("\r\n", "\n")
    assert status == 0, screen[-3000:]
    assert "cercle: bets on game 1 are open: bet AMOUNT stakes on yourself" in screen
    assert "cercle: Player 1 stakes 3 on themselves for game 1 (holds 97)" in screen
    assert "cercle: Cleo stakes 4 on " in screen


@posix_only
def test_euchre_in_a_terminal(live_backend: str) -> None:
    env = _terminal_env(live_backend)
    status, raw = _in_terminal(["play", "--game", "euchre", "--seed", "5"], lambda n: "1", env)
    screen = _ANSI.sub("", raw.decode("utf-8", "replace")).replace("\r\n", "\n")
    assert status == 0, screen[-3000:]
    assert "-- North (you) to play: first round of bidding --" in screen
    assert "choices: 1) pass  2) order up (♥ trumps)" in screen
    assert "South (partner) picks it up" in screen and "trick 1 to " in screen
    assert re.search(rb"\x1b\[[0-9;]*31m(10|[7-9JQKA])?\xe2\x99[\xa5\xa6]", raw)  # red
    status, raw = _in_terminal(
        ["play", "--game", "euchre", "--seed", "5", "--color", "never"],
        lambda n: "quit",
        env,
        timeout=60,
    )
    assert status == 0 and b"\x1b[" not in raw


# ------------------------------------------------------------------ the game's words


def _bots_match(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert cli.main(["play", "--bots", *argv]) == 0
    return capsys.readouterr().out


def _hands_told(out: str) -> list[tuple[int, dict[int, int], dict[int, int]]]:
    """Each "hand N over" line: the number, the tricks and the scores by seat."""
    told = []
    for m in re.finditer(r"hand (\d+) over: tricks (.*); scores (.*)$", out, re.M):
        told.append(
            (
                int(m[1]),
                {int(s): int(n) for s, n in re.findall(r"seat (\d) (\d+)", m[2])},
                {int(s): int(n) for s, n in re.findall(r"seat (\d) (\d+)", m[3])},
            )
        )
    return told


@pytest.mark.parametrize("seed", [3, 11])
def test_the_log_tells_tricks_points_and_voles_as_they_were(
    seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every trick's winner, the point or the vole of every hand and the scores in seat
    order, against the same match played beside it."""
    out = _bots_match(["--seed", str(seed)], capsys)
    shadow = Game(seed=seed)
    bot = HeuristicPlayer()
    hands = []
    while not shadow.is_over:
        if shadow.to_act < 0:
            shadow.apply_chance()
            continue
        games, results = len(shadow.game_results), shadow.hand_results
        shadow.apply(bot.choose(shadow.observation(shadow.to_act), shadow.legal_actions()))
        if len(shadow.game_results) > games:
            hands.extend(shadow.game_results[-1].hands[len(results) :])
        elif len(shadow.hand_results) > len(results):
            hands.append(shadow.hand_results[-1])
    told = _hands_told(out)
    assert [n for n, _, _ in told] == [h.number for h in hands]
    for (_, tricks, scores), hand in zip(told, hands, strict=True):
        assert tricks == dict(hand.tricks) and list(tricks) == sorted(tricks)  # seat order
        assert list(scores) == sorted(scores)
    # the tricks one by one: each hand's trick lines count up to its tricks
    blocks = re.split(r"hand \d+ over", out)
    for block, hand in zip(blocks, hands, strict=False):
        won = re.findall(r"trick (\d) to seat (\d) \(tricks: seat 0 (\d), seat 1 (\d)\)", block)
        if hand.complete:
            assert [int(n) for n, *_ in won] == [1, 2, 3, 4, 5]
            assert (int(won[-1][2]), int(won[-1][3])) == (hand.tricks[0], hand.tricks[1])
        for seat in (0, 1):
            assert sum(1 for _, w, *_ in won if int(w) == seat) == hand.tricks[seat]
    for hand in hands:
        taker = max(hand.tricks, key=lambda s: hand.tricks[s])
        if hand.tricks[taker] == 5:
            assert re.search(rf"seat {taker} makes the vole \(all five tricks\): \+\d", out)
        elif hand.complete:
            assert f"seat {taker} wins the point ({hand.tricks[taker]} tricks): +" in out
    assert " scores the tricks" not in out
    for line in out.splitlines():
        if line.startswith("== game ") and " won by seat " in line:
            assert re.fullmatch(r"== game \d+ won by seat \d: seat 0 \d+, seat 1 \d+ ==", line)
    assert "worth" not in out  # no stakes in the classic rules


def test_the_penalty_is_told_when_it_falls(capsys: pytest.CaptureFixture[str]) -> None:
    told = 0
    for seed in range(1, 12):
        out = _bots_match(["--seed", str(seed), "--opponent", "random"], capsys)
        for m in re.finditer(r"wins the point \((\d) tricks\): \+(\d+) -> \d+(.*)", out):
            penalty = m[3].startswith("; the penalty: ")
            assert penalty == (m[2] == "2"), m[0]  # a point scores 2 under a penalty only
            told += penalty
            assert re.fullmatch(
                r"(; the penalty: seat \d (played without proposing|refused a proposal) and "
                r"lost the point)?",
                m[3],
            )
    assert told
    out = _bots_match(["--seed", "5", "--opponent", "random", "--rules", "brazilian"], capsys)
    assert "penalty" not in out  # penalties off


def test_stakes_are_shown_only_when_games_have_values() -> None:
    for values in (False, True):
        out = io.StringIO()
        game = Game(Rules(game_values=values, target=2), seed=4)
        bots = {s: HeuristicPlayer() for s in range(2)}
        terminal._Match(game, Screen(out), bots, [], io.StringIO(), ()).run()
        won = re.findall(r"== game (\d+) won by .*?( \(worth (\d)\))? ==", out.getvalue())
        assert len(won) == len(game.game_results)
        for (number, worth, value), result in zip(won, game.game_results, strict=True):
            assert int(number) == result.number
            assert (worth != "") == values
            if values:
                assert int(value) == result.value


def test_a_human_sees_the_cards_they_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = _run(monkeypatch, ["play", "--human", "0", "--seed", "3"], "1\n" * 400)
    assert status == 0
    mine = re.findall(r"^   seat 0: discards (\d) \((.*)\), draws (.*)$", text, re.M)
    assert mine
    for count, gone, new in mine:
        assert len(gone.split()) == len(new.split()) == int(count)
    theirs = re.findall(r"^   seat 1: discards (\d+)(.*)$", text, re.M)
    assert theirs  # the count only
    assert all(rest == (f", draws {n}" if n != "0" else "") for n, rest in theirs)
    # the hand shown next holds the cards drawn, not those discarded
    after = text.split(f"draws {mine[0][2]}\n", 1)[1]
    hand = re.search(r"your hand \(\w+\): (.*)", after)
    if hand and "hand 2:" not in after[: hand.start()]:
        assert set(mine[0][2].split()) <= set(hand[1].split())
        assert not set(mine[0][1].split()) & set(hand[1].split())


def test_a_single_card_is_played_for_you(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = _run(monkeypatch, ["play", "--human", "0", "--seed", "3"], "1\n" * 400)
    assert status == 0
    forced = re.findall(r"^   (\S+) is the only card you can play: played for you$", text, re.M)
    assert forced
    assert not re.search(r"^   1\) \S+[♠♥♦♣]\nyour choice> ", text, re.M)  # a card: not asked
    card = forced[0]
    assert f"played for you\n   seat 0: {card}\n" in text
    status, asked = _run(
        monkeypatch, ["play", "--human", "0", "--seed", "3", "--no-auto-play"], "1\n" * 400
    )
    assert status == 0
    assert "only card" not in asked
    assert re.search(r"^   1\) \S+[♠♥♦♣]\nyour choice> 1$", asked, re.M)  # one card, asked


def test_poule_a_waiting_human_sees_each_hand_by_its_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    argv = ["play", "--human", "0", "--seed", "5", "--variant", "poule"]
    status, text = _run(monkeypatch, argv, "1\n" * 2000)
    assert status == 0
    waits = text.split("   you wait: seats 1 and 2 play; each hand is told by its end\n")
    assert len(waits) == 2
    waiting = waits[1].split("== game 3:")[0]
    assert re.search(r"hand \d+ over: tricks seat 1 \d, seat 2 \d", waiting)
    assert not re.search(r"^   seat \d: ", waiting, re.M)  # no card, bid or discard
    assert "trick 1 to" not in waiting
    assert text.count("took the pool") == 1  # the end lines once
    assert text.count("poule: paid in:") == 1
    status, text = _run(monkeypatch, [*argv, "--option", "rotation=per-hand"], "1\n" * 3000)
    assert status == 0
    won = re.findall(r"^== game \d+ won by seat \d \(\w+\): (.*) ==$", text, re.M)
    assert won and all(re.fullmatch(r"seat 0 \d+, seat 1 \d+, seat 2 \d+", w) for w in won)
    assert text.count("   you wait: ") >= len(won)  # the human sits out a hand in three


def test_poule_rules_say_the_variant_decides_the_match(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["play", "--human", "0", "--seed", "5", "--variant", "poule"]
    status, text = _run(monkeypatch, argv, "rules\nquit\n")
    assert status == 0
    assert re.search(r"^  games to win the match +decided by poule \(below\)$", text, re.M)
    status, text = _run(monkeypatch, ["play", "--human", "0", "--seed", "5"], "rules\nquit\n")
    assert re.search(r"^  games to win the match +2$", text, re.M)


class _Answering(io.StringIO):
    """A human's input that reads the screen: ``answer(screen)`` gives each line."""

    def __init__(self, out: io.StringIO, answer: Callable[[str], str]) -> None:
        super().__init__()
        self.screen, self.answer = out, answer

    def readline(self, size: int | None = -1) -> str:
        return self.answer(self.screen.getvalue()) + "\n"


def test_cercle_bets_from_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 4: the human covers in game 1, loses the seat to a backer, then bets from the
    gallery; the gallery's bots bet before each game."""
    out = io.StringIO()
    placed: list[str] = []

    def answer(screen: str) -> str:
        question = screen.rsplit("cercle: bets on game ", 1)[-1]  # the last one asked
        if question.startswith("1 are open: bet AMOUNT") and "on themselves" not in question:
            placed.append("cover")
            return "bet 2"
        if "stakes on Cleo or Player 2" in question and "Player 1 stakes" not in question:
            placed.append("bet")
            return "bet player 2 5"  # the name in any case
        return "1"

    monkeypatch.setattr(cli.sys, "stdout", out)
    monkeypatch.setattr(cli.sys, "stdin", _Answering(out, answer))
    gallery = 'gallery={"Cleo": 40, "Dora": 30}'
    argv = ["play", "--human", "0", "--seed", "4", "--variant", "cercle", "--option", gallery]
    assert cli.main(argv) == 0
    text = out.getvalue()
    assert "   | cercle: Cleo stakes 4 on " in text and "   | cercle: Dora stakes 3 on " in text
    assert "cercle: bets on game 1 are open: bet AMOUNT stakes on yourself, Player 1" in text
    assert "   | cercle: Player 1 stakes 2 on themselves for game 1 (holds 98)" in text
    assert "cercle: at the table seat 0 Cleo" in text  # the backer took the seat
    assert "   you wait: seats 0 and 1 play" in text
    assert "   | cercle: Player 1 stakes 5 on Player 2 for game 2 (holds" in text
    assert placed[:2] == ["cover", "bet"]
    assert "seat 0 (bot)" in text  # the seat the human left is played by a bot


def test_cercle_bets_during_the_game_before_under_rules_that_deal_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gallery = 'gallery={"Cleo": 40}'
    argv = ["play", "--human", "0", "--seed", "4", "--rules", "brazilian", "--variant", "cercle"]
    status, text = _run(monkeypatch, [*argv, "--option", gallery], "bet 3\n" + "1\n" * 3000)
    assert status == 0
    first = text.index("cercle: bets on game 2 are open")
    assert first < text.index("== game 1 won by")  # game 1 was dealt with the table
    assert "bets on game 1 are open" not in text
    assert "   | cercle: Player 1 stakes 3 on themselves for game 2 (holds 97)" in text


def test_cercle_bet_refused_in_the_games_words(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["play", "--human", "0", "--seed", "4", "--variant", "cercle"]
    status, text = _run(monkeypatch, argv, "bet 1000\nbet Player 2 5\nbet\nbet 5 game 9\nquit\n")
    assert status == 0
    assert "  not allowed: Player 1 holds 100, cannot stake 1000" in text
    assert "  not allowed: at the table you stake on yourself only: bet 5" in text
    assert "  not allowed: write bet NAME AMOUNT (or bet AMOUNT at the table) [game N]" in text
    assert "  not allowed: bets are taken on the current game (1) and the next one only" in text
    status, text = _run(monkeypatch, ["play", "--human", "0", "--seed", "4"], "help\nquit\n")
    assert "bet NAME AMOUNT" not in text  # a word of club écarté only


def test_variants_lists_each_variants_options(
    teller: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["variants"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^ +--option rotation +per-game \| per-hand +default per-game$", out, re.M)
    assert re.search(r"^ +--option ante +int +default 1$", out, re.M)
    assert re.search(r"^ +--option gallery +JSON object or none +default none$", out, re.M)
    assert re.search(r"^ +--option commission_percent +number +default 0$", out, re.M)
    assert re.search(r"^ +--option strict_dealer +true/false +default true$", out, re.M)
    assert re.search(r"^quick +Quick game.*\n +options: none$", out, re.M)
    import ecarte_cli_teller  # the test variant: its options as its constructor has them

    options = cli.variant_options(ecarte_cli_teller.Teller)
    assert [(o.name, o.kind, o.default) for o in options] == [
        ("greeting", "text", "hello"),
        ("every", "int", "1"),
        ("loud", "true/false", "false"),
    ]
    assert cli.variant_options(object()) == ()  # a plugin object: no constructor options
