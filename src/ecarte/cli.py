"""The ``ecarte`` command: play a match in the terminal, list variants, benchmark, play an
arena of two players (``ecarte arena``, :mod:`ecarte.arena`) and print the counts of the
jeux de règle (``ecarte analyse``, :mod:`ecarte.analysis`).

``ecarte play`` plays a whole match. On a terminal you hold seat 0 against the
heuristic bot; when stdin is not a terminal two bots play and the match log is
printed, unless ``--human SEAT`` says which seats read their moves from stdin
(a scripted match). Variants are installed plugins (``--variant NAME``); their
constructor options are given as ``--option key=value``.

``ecarte play --game NAME`` plays another game of the registry
(:mod:`ecarte.engine.registry`: the built-in ``euchre``, or a game installed as an entry
point of the group ``ecarte.games``) instead of Écarté: its ``play(argv, stdin, stdout)``
receives every other argument of ``ecarte play``, parses them itself and returns the
exit status. ``ecarte games`` lists the registry's games.

An error ends a command with one line, ``ecarte: error: ...``, and exit status 2;
``ECARTE_TRACEBACK=1`` (:data:`TRACEBACK_ENV`) prints its traceback first, with its cause
(a plugin's own exception), for plugin authors.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import os
import sys
import traceback
import unicodedata
from collections.abc import Sequence
from typing import Any, TextIO

from ._cards import Suit
from ._errors import EcarteError
from .engine import registry
from .engine._terminal import EXIT_ABANDONED, EXIT_INTERRUPTED, add_seat_options
from .games.ecarte._plugins import AUTOLOAD_ENV, available_variants, load_entry_point
from .games.ecarte._render import COLOR_CHOICES
from .games.ecarte.rules import PRESETS
from .games.ecarte.terminal import TableTalk, play_match
from .games.ecarte.variant_args import (
    VariantOption,
    entry_points,
    parse_option,
    parse_value,
    variant_options,
)

__all__ = [
    "DEFAULT_GAME",
    "GAMES_GROUP",
    "TRACEBACK_ENV",
    "TableTalk",
    "TerminalGame",
    "VariantOption",
    "main",
    "parse_option",
    "parse_value",
    "play",
    "variant_options",
]

EXIT_ERROR = 2
"""Exit status of a usage error (as argparse's)."""
TRACEBACK_ENV = "ECARTE_TRACEBACK"
"""Set to a value other than empty or ``0`` to print an error's traceback, with its cause
(a plugin's own exception), before its line ``ecarte: error: ...``: for plugin authors."""

GAMES_GROUP = registry.ENTRY_POINT_GROUP
"""The entry-point group of installed games other than the built-in ones (``ecarte play
--game NAME``; see :mod:`ecarte.engine.registry` for the contract)."""
DEFAULT_GAME = "ecarte"
"""The game ``ecarte play`` plays without ``--game``: Écarté, built in."""
TerminalGame = registry.TerminalGame
"""A game's ``play(argv, stdin, stdout)``: plays the game with the arguments of ``ecarte
play`` other than ``--game NAME`` and returns the exit status."""


def _version() -> str:
    from . import BACKEND, __version__

    return f"ecarte {__version__} (core: {BACKEND})"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ecarte",
        description=(
            "Écarté and Euchre: play a match in the terminal, list the variants and games, "
            "run the benchmarks, an arena or the analysis, serve tables and verify their "
            "records."
        ),
        epilog=(
            f"An error is one line, 'ecarte: error: ...' (exit status 2); {TRACEBACK_ENV}=1 "
            "prints its full traceback first, with its cause (for plugin authors)."
        ),
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = sub.add_parser(
        "play",
        help="play a match against the heuristic bot (bot against bot without a terminal)",
        description=(
            "Play a match (best of three games) against the heuristic bot. On a terminal you "
            "are seat 0; type the number of a choice or its text (e.g. 'propose', 'K♠', "
            "'discard 7♠ 8♥'), 'help' or '?' for help, 'rules' for the rules in force, "
            "'quit' to leave; a single card you can play is played for you. When stdin is "
            "not a terminal, or with --bots, bots play every "
            "seat and the match log is printed; --human SEAT makes a seat read its moves "
            "from stdin even then (a scripted match)."
        ),
    )
    play.add_argument(
        "--game",
        default=DEFAULT_GAME,
        metavar="NAME",
        help=(
            "the game: ecarte (Écarté, the default), euchre or an installed game (ecarte "
            "games), which then reads every other option itself (ecarte play --game NAME "
            "--help)"
        ),
    )
    play.add_argument(
        "--rules", default="classic", choices=sorted(PRESETS), help="rules preset (classic)"
    )
    play.add_argument("--target", type=int, help="points to win a game (default: the preset's)")
    play.add_argument("--seed", type=int, help="random seed for a reproducible match")
    play.add_argument(
        "--variant", action="append", default=[], metavar="NAME", help="installed variant to use"
    )
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=(
            "option for a variant's constructor, e.g. rotation=per-hand (repeatable; "
            "VARIANT.KEY=VALUE when several variants take KEY). Values are read as int, "
            "float, true/false, JSON lists and objects, else text"
        ),
    )
    add_seat_options(
        play, "a seat played from stdin, even when stdin is not a terminal (repeatable)"
    )
    play.add_argument(
        "--opponent",
        choices=("heuristic", "random"),
        default="heuristic",
        help="the bot to play against (heuristic)",
    )
    play.add_argument(
        "--no-auto-play",
        action="store_true",
        help="ask even when a single card can be played (by default it is played for you)",
    )
    play.add_argument(
        "--color",
        choices=COLOR_CHOICES,
        default="auto",
        help="colours and tables: auto (on a terminal, unless NO_COLOR is set), always, never",
    )
    sub.add_parser(
        "variants",
        help="list installed variants",
        description="List the installed variants (entry points 'ecarte.variants').",
    )
    sub.add_parser(
        "games",
        help="list the games ecarte play --game can play",
        description=(
            "List the games: the built-in ones (ecarte, the default, and euchre) and the "
            f"installed ones (entry points '{GAMES_GROUP}')."
        ),
    )
    bench = sub.add_parser(
        "bench",
        help="run the benchmarks and print their tables, like for like first",
        description=(
            "Measure the engine against its baselines in one run and print the tables: "
            "Euchre against OpenSpiel's Euchre first, then Écarté (a different game)."
        ),
    )
    bench.add_argument("--quick", action="store_true", help="fewer repetitions")
    from . import analysis, arena

    arena.add_arguments(
        sub.add_parser(
            "arena",
            help="play two players against each other on paired deals",
            description=(
                "Play pairs of matches between PLAYER_A and PLAYER_B, seats swapped on the "
                "same deals, and report A's win rate and points per hand with 95% intervals "
                "(docs/arena.md)."
            ),
        )
    )
    analysis.add_arguments(
        sub.add_parser(
            "analyse",
            help="the exact counts of the jeux de règle",
            description="Count the dealer's possible hands by the trumps the elder holds.",
        )
    )
    from .server import cli as server_cli

    server_cli.add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``ecarte`` console script; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    _lenient_stdin()
    shown = _letters_where_no_symbols()
    try:
        return _command(argv)
    finally:
        for stream, errors in shown:  # (a program that called main: its streams as they were)
            with contextlib.suppress(OSError, ValueError):
                stream.reconfigure(errors=errors)


def _command(argv: list[str]) -> int:
    try:
        other = _other_game(argv)
        if other is not None:
            return _play_other(*other, sys.stdin, sys.stdout)
        args = _parser().parse_args(argv)
        if args.command == "variants":
            return _variants(sys.stdout)
        if args.command == "games":
            return _games(sys.stdout)
        if args.command == "bench":
            from ._bench import run_bench

            print(run_bench(quick=args.quick))
            return 0
        if args.command == "play":
            return play_match(args, sys.stdin, sys.stdout)
        if args.command == "arena":
            from .arena import command

            return command(args, sys.stdout)
        if args.command == "analyse":
            from .analysis import command as analyse

            return analyse(args, sys.stdout)
        if args.command in ("serve", "verify"):
            from .server import cli as server_cli

            return server_cli.run(args)
    except EcarteError as exc:
        return _error(exc)
    except BrokenPipeError:  # `ecarte play | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_ABANDONED
    _parser().print_help()
    return 0


def _error(exc: EcarteError) -> int:
    """Print ``exc`` on stderr as the line ``ecarte: error: ...``, after its traceback
    when :data:`TRACEBACK_ENV` is set; the exit status of an error."""
    if os.environ.get(TRACEBACK_ENV, "") not in ("", "0"):
        traceback.print_exception(exc, file=sys.stderr)
    print(f"ecarte: error: {exc}", file=sys.stderr)
    return EXIT_ERROR


def _lenient_stdin() -> None:
    """Let a typed line that is not in stdin's encoding (a terminal in another one) be
    read with its bad bytes replaced, to be refused as any typo is, rather than end the
    match with a traceback and the input after it lost."""
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if callable(reconfigure):
        reconfigure(errors="replace")


_SUIT_LETTERS = {suit.symbol: suit.letter for suit in Suit}
_LETTERS = "ecarte.letters"


def _in_letters(error: UnicodeError) -> tuple[str, int]:
    """What a terminal without some characters shows for them: a suit as its letter (K♠
    as Ks, as it is typed), a letter without its accent, anything else as ``?``."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    shown = []
    for char in error.object[error.start : error.end]:
        letter = _SUIT_LETTERS.get(char)
        if letter is None:
            letter = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
        shown.append(letter or "?")
    return "".join(shown), error.end


codecs.register_error(_LETTERS, _in_letters)


def _letters_where_no_symbols() -> list[tuple[Any, str]]:
    """Let a terminal whose encoding has no suit symbols (ASCII, an old code page) show
    the cards in letters rather than end the match with a UnicodeEncodeError (stdout) or
    show ``\\u2660`` (stderr); the streams changed, with what they did before."""
    changed = []
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        errors = getattr(stream, "errors", None)
        if callable(reconfigure) and errors in ("strict", "backslashreplace"):
            reconfigure(errors=_LETTERS)
            changed.append((stream, errors))
    return changed


def play(argv: Sequence[str], stdin: TextIO, stdout: TextIO) -> int:
    """``ecarte play ARGS`` on these streams (the registry's ``ecarte`` game): a usage
    error is printed to stderr and returns 2, as :func:`main` does."""
    try:
        args = _parser().parse_args(["play", *argv])
        if args.game != DEFAULT_GAME:
            raise EcarteError(f"--game {args.game}: this plays {DEFAULT_GAME} only")
        return play_match(args, stdin, stdout)
    except EcarteError as exc:
        return _error(exc)


def _variants(out: TextIO) -> int:
    if os.environ.get(AUTOLOAD_ENV):
        print(
            f"plugin autoload is off ({AUTOLOAD_ENV} is set): installed variants are "
            "neither listed nor usable",
            file=out,
        )
        return 0
    variants = available_variants()
    if not variants:
        print("no variants installed (pip install ./plugins/*)", file=out)
    width = max(map(len, variants), default=0)
    for name, description in variants.items():
        print(f"{name:{width}}  {description}", file=out)
        try:
            options = variant_options(load_entry_point(name, entry_points()[name]))
        except Exception:  # a broken plugin must not break the listing (its line says so)
            continue
        if not options:
            print(f"{'':{width}}  options: none", file=out)
            continue
        key_width = max(len(o.name) for o in options)
        kind_width = max(len(o.kind) for o in options)
        for option in options:
            print(
                f"{'':{width}}  --option {option.name:{key_width}}  {option.kind:{kind_width}}"
                f"  default {option.default}",
                file=out,
            )
    return 0


# ---------------------------------------------------------------- other games


def _other_game(argv: Sequence[str]) -> tuple[str, list[str]] | None:
    """For ``play --game NAME ...`` with a game other than Écarté: NAME and the other
    arguments, for that game to parse."""
    if not argv or argv[0] != "play":
        return None
    pre = argparse.ArgumentParser(prog="ecarte play", add_help=False)
    pre.add_argument("--game", default=DEFAULT_GAME, metavar="NAME")
    known, rest = pre.parse_known_args(argv[1:])
    if known.game == DEFAULT_GAME:
        return None
    return known.game, rest


def _load_game(name: str) -> TerminalGame:
    """The terminal game of the registry's game ``name``."""
    spec = registry.get_game(name)
    if spec.play is None:
        raise EcarteError(f"game {name!r} cannot be played in the terminal (it has no play)")
    return spec.play


def _play_other(name: str, argv: list[str], stdin: TextIO, out: TextIO) -> int:
    play = _load_game(name)
    try:
        return play(argv, stdin, out)
    except KeyboardInterrupt:  # the game's own handler comes first; this one is a backstop
        print("\ngame abandoned (interrupted)", file=out)
        return EXIT_INTERRUPTED


def _games(out: TextIO) -> int:
    games: dict[str, str] = {}
    for name in registry.available_games():
        try:
            title = registry.get_game(name).title
        except EcarteError as exc:  # a broken game must not break the listing
            title = f"(cannot be loaded: {exc})"
        if name == DEFAULT_GAME:
            title += " (built in; the default)"
        elif name in registry.BUILTIN_GAMES:
            title += " (built in)"
        games[name] = title
    width = max(map(len, games))
    for name, description in games.items():
        print(f"{name:{width}}  {description}", file=out)
    if os.environ.get(AUTOLOAD_ENV):
        print(
            f"plugin autoload is off ({AUTOLOAD_ENV} is set): installed games are hidden", file=out
        )
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
