"""What the games' terminal play shares (``ecarte play``, ``ecarte play --game euchre``):
the seat options, who plays from stdin, a human's line and its commands, and the end of
a game abandoned."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import TextIO

__all__ = [
    "EXIT_ABANDONED",
    "EXIT_INTERRUPTED",
    "HUMAN_SEAT",
    "EndOfInput",
    "Quit",
    "add_seat_options",
    "choice_number",
    "human_line",
    "human_seats",
    "run_abandonable",
]

HUMAN_SEAT = 0
"""The seat a human holds by default (on a terminal, without ``--human``)."""
EXIT_ABANDONED = 1
"""Exit status when a human seat's input ends before the game does."""
EXIT_INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT)."""


class Quit(Exception):
    """A human typed ``quit``."""


class EndOfInput(Exception):
    """A human seat's input ended."""


def add_seat_options(parser: argparse.ArgumentParser, human_help: str) -> None:
    """``--bots`` (bots at every seat) or ``--human SEAT`` (repeatable, ``human_help``)."""
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--bots", action="store_true", help="bots at every seat, print the log")
    who.add_argument(
        "--human", action="append", type=int, default=[], metavar="SEAT", help=human_help
    )


def human_seats(args: argparse.Namespace, stdin: TextIO) -> list[int]:
    """The seats played from stdin: those of ``--human``, else :data:`HUMAN_SEAT` when
    stdin is a terminal and ``--bots`` is not given (the caller checks the seats)."""
    humans = sorted(set(args.human))
    if not humans and not args.bots and stdin.isatty():
        humans = [HUMAN_SEAT]
    return humans


def choice_number(text: str) -> int | None:
    """The number a human typed (ASCII digits only: ``str.isdigit`` also accepts "²",
    which ``int`` rejects), None for other text. A number too long to be any choice (``int``
    refuses more than 4300 digits) is given as one beyond every choice.

    >>> choice_number("02"), choice_number("²"), choice_number("9" * 5000) > 10**18
    (2, None, True)
    """
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0")
    return int(digits or "0") if len(digits) <= 18 else 10**18 + 1


def human_line(
    stdin: TextIO,
    echo: Callable[[str], object] | None,
    commands: Mapping[str, Callable[[], object]],
) -> str | None:
    """A human's next line, stripped (echoed first when ``echo`` is given); None once one
    of ``commands`` (by its lower-case word) has run. :class:`EndOfInput` at the end of the
    input, :class:`Quit` for ``quit``."""
    line = stdin.readline()
    if not line:
        raise EndOfInput
    if echo is not None:
        echo(line.rstrip("\n"))
    text = line.strip()
    command = text.lower()
    if command == "quit":
        raise Quit
    if command in commands:
        commands[command]()
        return None
    return text


def run_abandonable(
    run: Callable[[], object], say: Callable[[str], object], what: str, to_act: Callable[[], str]
) -> int:
    """``run()`` a game with humans: 0, or the exit status of a game abandoned (``quit``,
    the end of a human's input while ``to_act()`` was to play, Ctrl-C), told by ``say``."""
    try:
        run()
    except Quit:
        say(f"{what} abandoned: you quit")
        return 0
    except EndOfInput:
        say(f"\n{what} abandoned: end of input while {to_act()} was to play")
        return EXIT_ABANDONED
    except KeyboardInterrupt:
        say(f"\n{what} abandoned (interrupted)")
        return EXIT_INTERRUPTED
    return 0
