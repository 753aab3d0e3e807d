"""The ``ecarte`` command line: its commands, bots' matches and variants' options.

A human at the prompt is in ``test_cli_prompt.py``, the log of a match in
``test_cli_log.py`` and whole matches in a pseudo-terminal in ``test_cli_terminal.py``.
"""

from __future__ import annotations

import importlib.metadata
import io
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers.cli import Tty, run_cli, run_ecarte

import ecarte
from ecarte import EcarteError, available_variants, cli
from ecarte.games.ecarte._render import Screen
from ecarte.games.ecarte.variant_args import load_variants

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


@pytest.mark.own_backends  # a child process on the default backend: once
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


@pytest.mark.own_backends  # a child process on the default backend: once
def test_console_script_version() -> None:
    proc = run_ecarte(["--version"])
    assert proc.returncode == 0
    assert proc.stdout.startswith(f"ecarte {ecarte.__version__}")


@pytest.mark.parametrize("missing", ["uvicorn", "starlette"])
def test_serve_without_the_server_extra_says_how_to_install_it(
    missing: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    # `pip install . ./plugins/*` (the README's first command) brings no server: `ecarte
    # serve` then printed a ModuleNotFoundError's traceback (uvicorn is imported late)
    monkeypatch.setitem(sys.modules, missing, None)  # as if it were not installed
    monkeypatch.chdir(tmp_path)  # where a server that started would make its database
    assert cli.main(["serve", "--port", "0"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("ecarte: error: ecarte serve needs the server extra: ")
    assert "pip install 'ecarte[server]'" in err and missing in err
    assert "Traceback" not in err and len(err.splitlines()) == 1
    assert not list(tmp_path.iterdir())  # nothing started


def test_variants_command_lists_or_says_none(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["variants"]) == 0
    assert capsys.readouterr().out.strip()


def test_variants_lists_the_installed_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["variants"]) == 0
    names = {line.split()[0] for line in capsys.readouterr().out.splitlines()}
    assert {"quick", "napoleon", "poule", "regles", "cercle"} <= names


def test_variants_says_when_a_variant_has_no_description(
    teller: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["variants"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^bare +\(no description\)\n +options: none$", out, re.M), out


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


@pytest.mark.own_backends  # a child process on the default backend: once
def test_non_tty_stdin_plays_bot_against_bot() -> None:
    proc = run_ecarte(["play", "--seed", "2", "--rules", "brazilian"])
    assert proc.returncode == 0, proc.stderr
    assert "match over: seat" in proc.stdout
    assert "your choice" not in proc.stdout


@pytest.mark.parametrize("argv", [[], ["--bots"]])
def test_a_match_of_bots_says_so_first(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # the README's first command, `ecarte play`, with stdin not a terminal: the log began
    # at `== game 1: seats 0 and 1 ==`, nothing saying that bots play both seats or how to
    # play oneself
    status, out = run_cli(monkeypatch, ["play", "--seed", "1", *argv])
    assert status == 0
    first = out.splitlines()[0]
    assert first.startswith("bots play every seat, the match log follows"), first
    assert "stdin is not a terminal" in first and "--bots" in first
    assert "on a terminal you play seat 0" in first
    assert out.splitlines()[1] == "== game 1: seats 0 and 1 =="


def test_target_option_shortens_games(capsys: pytest.CaptureFixture[str]) -> None:
    cli.main(["play", "--bots", "--seed", "4", "--target", "1"])
    out = capsys.readouterr().out
    won = [line for line in out.splitlines() if line.startswith("== game ") and "won by" in line]
    assert won
    for line in won:  # the scores in seat order: the winner has the one point
        winner = int(re.search(r"won by seat (\d)", line)[1])  # type: ignore[index]
        scores = dict(map(int, s) for s in re.findall(r"seat (\d) (\d+)", line.split(": ")[1]))
        assert scores == {winner: 1, 1 - winner: 0}


@pytest.mark.parametrize(("variant", "target"), [("quick", 3), ("napoleon", 11)])
def test_a_target_the_variant_overrides_is_refused(
    variant: str, target: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["play", "--bots", "--variant", variant, "--target", "7"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"ecarte: error: --target 7: the variant {variant} sets the target to {target}; "
        "leave out --target\n"
    )
    # the variant's own target asked for again is no conflict
    assert cli.main(["play", "--bots", "--variant", variant, "--target", str(target)]) == 0


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
    status, out = run_cli(monkeypatch, ["play", "--bots", "--seed", "5", "--color", "always"])
    assert status == 0
    assert re.search(r"\x1b\[[0-9;]*31m(10|[7-9JQKA])?♥", out)  # red hearts
    assert re.search(r"\x1b\[[0-9;]*31m(10|[7-9JQKA])?♦", out)  # and diamonds
    assert not re.search(r"\x1b\[[0-9;]*31m(10|[7-9JQKA])?[♠♣]", out)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert Screen(Tty(), color="auto").fancy
    assert not Screen(io.StringIO(), color="auto").fancy
    assert not Screen(Tty(), color="never").fancy
    monkeypatch.setenv("NO_COLOR", "1")
    assert not Screen(Tty(), color="auto").fancy
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert not Screen(Tty(), color="auto").fancy


# ------------------------------------------------------------------ variants' options


def test_variant_options_reach_the_constructor(
    monkeypatch: pytest.MonkeyPatch, teller: Path
) -> None:
    argv = ["play", "--bots", "--seed", "2", "--variant", "teller"]
    status, text = run_cli(monkeypatch, [*argv, "--option", "greeting=hi", "--option", "loud=yes"])
    assert status == 0
    assert "   | HI SEAT NONE: GAME 1 HAND 1\n" in text
    assert "   | HI SEAT NONE: GAME 1 HAND 2\n" in text  # shown again when it changes
    assert text.count("GAME 1 HAND 1") == 1
    status, text = run_cli(monkeypatch, [*argv, "--option", "teller.greeting=bonjour"])
    assert "   | bonjour seat None: game 1 hand 1" in text


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
        (["every=" + "9" * 5000], "option value '99999"),  # longer than int() reads
        (["greeting=" + "[" * 100_000], "is not valid JSON"),  # deeper than JSON is read
        (["greeting=boom"], "variant 'teller' refuses the options greeting='boom': the teller"),
        (
            ["every=abc"],
            "--option 'every=abc': option 'every' of variant 'teller' takes int, not 'abc'",
        ),
        (["every=2.5"], "option 'every' of variant 'teller' takes int, not 2.5"),
        (["loud=3"], "option 'loud' of variant 'teller' takes true/false, not 3"),
    ],
)
def test_bad_variant_options(
    options: list[str], message: str, teller: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", "--bots", "--variant", "teller"]
    assert cli.main(argv + [f"--option={o}" for o in options]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ecarte: error: ") and message in err


def test_a_variant_whose_name_is_not_its_entry_point_is_refused(
    teller: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["play", "--bots", "--variant", "misnamed"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ecarte: error: variant 'misnamed' calls itself 'other' (its NAME)")


def test_a_variant_that_cannot_be_built_says_so(
    teller: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["play", "--bots", "--variant", "fragile"]) == 2
    err = capsys.readouterr().err
    assert err == "ecarte: error: variant 'fragile' cannot be built: the fragile variant broke\n"


@pytest.mark.parametrize(
    ("options", "missing"),
    [([], "the options stake, ante"), (["stake=2"], "the option ante")],
)
def test_a_variant_option_without_a_default_left_out_is_named(
    options: list[str], missing: str, teller: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An option the variant lists as required, not given: a usage error naming it, not
    the variant's failure ("cannot be built") nor its refusal of the options given."""
    argv = ["play", "--bots", "--variant", "needy", *(f"--option={o}" for o in options)]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err == f"ecarte: error: variant 'needy' needs {missing} (--option KEY=VALUE)\n"


def test_a_failing_hook_shows_its_traceback_only_with_ecarte_traceback(
    teller: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A plugin's failure is one line for players; ECARTE_TRACEBACK=1 prints the
    traceback of the plugin's exception (the PluginError's cause) before that line."""
    argv = ["play", "--bots", "--seed", "1", "--variant", "faulty"]
    line = (
        "ecarte: error: plugin 'faulty' failed in ecarte_describe: "
        "ZeroDivisionError: division by zero\n"
    )
    for off in (None, "", "0"):
        if off is None:
            monkeypatch.delenv(cli.TRACEBACK_ENV, raising=False)
        else:
            monkeypatch.setenv(cli.TRACEBACK_ENV, off)
        assert cli.main(argv) == 2
        assert capsys.readouterr().err == line
    monkeypatch.setenv(cli.TRACEBACK_ENV, "1")
    for run in (lambda: cli.main(argv), lambda: cli.play(argv[1:], io.StringIO(), io.StringIO())):
        assert run() == 2
        err = capsys.readouterr().err
        assert err.startswith("Traceback (most recent call last):\n"), err
        cause, _, rest = err.partition("\nThe above exception was the direct cause")
        assert "in ecarte_describe\n" in cause and "in _divide\n" in cause
        assert cause.endswith("ZeroDivisionError: division by zero\n")
        assert "ecarte._errors.PluginError: plugin 'faulty' failed in ecarte_describe" in rest
        assert rest.endswith("\n" + line)


def test_help_names_ecarte_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert "ECARTE_TRACEBACK=1" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("fails", "message"),
    [
        ("make", "plugin 'chatty' failed in terminal_talk: RuntimeError: no talk today"),
        ("none", "plugin 'chatty': terminal_talk() returned None, which has no commands, "),
        ("before", "plugin 'chatty' failed in terminal_talk().before: KeyError: 'no lines'"),
        ("shape", "plugin 'chatty', terminal_talk().before: None is not (lines, questions)"),
        ("", "plugin 'chatty' failed in terminal_talk().command: ZeroDivisionError: shouted"),
    ],
)
def test_a_variant_whose_terminal_talk_fails_is_named(
    fails: str,
    message: str,
    teller: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A variant's words at the terminal that fail end the match with an error naming
    the variant, never a traceback."""
    argv = ["play", "--human", "0", "--seed", "1", "--variant", "chatty", f"--option=fails={fails}"]
    status, out = run_cli(monkeypatch, argv, stdin="shout\n")
    err = capsys.readouterr().err
    assert status == 2, out[-500:] + err[-2000:]
    assert err.startswith(f"ecarte: error: {message}"), err[-2000:]


def test_a_variant_that_inherits_its_constructor_has_its_options(
    teller: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import ecarte_cli_teller

    options = cli.variant_options(ecarte_cli_teller.Louder)
    assert [(o.name, o.kind, o.default) for o in options] == [
        ("greeting", "text", "hello"),
        ("every", "int", "1"),
        ("loud", "true/false", "false"),
    ]
    assert cli.main(["play", "--bots", "--variant", "louder", "--option", "every=abc"]) == 2
    err = capsys.readouterr().err
    assert "option 'every' of variant 'louder' takes int, not 'abc'" in err


def test_option_values_follow_the_types_the_variants_list(teller: Path) -> None:
    (told,) = load_variants(["teller"], ["greeting=3", "every=+2"])
    assert told.info.options == {"greeting": "3", "every": 2}  # a text option gets the text
    (cercle,) = load_variants(["cercle"], ["games=none"])  # listed as "int or none"
    assert cercle.info.options == {"games": None}
    (cercle,) = load_variants(["cercle"], ["games=4"])
    assert cercle.info.options == {"games": 4}


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (
            'counts={"a": 1}',
            "option 'counts' of variant 'tally' takes JSON list of int or none, not",
        ),
        ('counts=[1, "x"]', "option 'counts' of variant 'tally' takes JSON list of int or none"),
        ("counts=[1, true]", "option 'counts' of variant 'tally' takes JSON list of int or none"),
        ("counts=abc", "option 'counts' of variant 'tally' takes JSON list of int or none"),
        ("pair=[1, 2]", "option 'pair' of variant 'tally' takes JSON list [int, text], not"),
        ('pair=[1, "x", 3]', "option 'pair' of variant 'tally' takes JSON list [int, text]"),
        ('steps=[1, "2"]', "option 'steps' of variant 'tally' takes JSON list of number, not"),
        ('purses={"Ada": "x"}', "option 'purses' of variant 'tally' takes JSON object of int"),
        ("purses=[1]", "option 'purses' of variant 'tally' takes JSON object of int or none"),
        ("grid=[[true], [1]]", "option 'grid' of variant 'tally' takes JSON list of JSON list"),
    ],
)
def test_list_and_object_options_are_checked_element_by_element(
    option: str, message: str, teller: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["play", "--bots", "--variant", "tally", f"--option={option}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"ecarte: error: --option {option!r}: ") and message in err, err


def test_list_and_object_options_that_fit_reach_the_constructor(teller: Path) -> None:
    options = ["counts=[1, 2]", 'pair=[3, "x"]', "steps=[1, 2.5]", 'purses={"Ada": 5}']
    (tally,) = load_variants(["tally"], [*options, "grid=[[true, false], []]"])
    assert tally.plugin.options == (  # type: ignore[attr-defined]
        [1, 2],
        (3, "x"),
        (1, 2.5),
        {"Ada": 5},
        [[True, False], []],
    )
    (tally,) = load_variants(["tally"], ["counts=none", "purses=none"])
    assert tally.plugin.options[0] is None and tally.plugin.options[3] is None  # type: ignore[attr-defined]


def test_an_object_option_keyed_by_numbers_takes_the_keys_json_writes_as_text(
    teller: Path,
) -> None:
    """A JSON object's keys are text: for ``dict[int, str]`` each is read as the int it
    writes, and a key that is no int is refused naming what the option takes."""
    (tally,) = load_variants(["tally"], ['seats={"0": "Ada", "1": "Bob"}'])
    assert tally.plugin.seats == {0: "Ada", 1: "Bob"}  # type: ignore[attr-defined]
    with pytest.raises(EcarteError, match="takes JSON object of int to text or none, not"):
        load_variants(["tally"], ['seats={"first": "Ada"}'])


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


def test_a_variant_without_a_description_says_so_wherever_it_is_listed(teller: Path) -> None:
    """The rules screen (a loaded variant's line) and the list of installed variants (the
    game server's too) say ``(no description)``, as ``ecarte variants`` does."""
    (bare,) = load_variants(["bare"], [])
    assert bare.info.description == "(no description)"
    assert available_variants()["bare"] == "(no description)"
