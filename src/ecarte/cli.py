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
"""

from __future__ import annotations

import argparse
import importlib.metadata
import inspect
import json
import os
import re
import sys
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal, TextIO, Union

from attrs import frozen

from ._cards import Card, CardSet
from ._errors import CardParseError, EcarteError, IllegalActionError, PluginError
from .engine import registry
from .engine._terminal import (
    EXIT_ABANDONED,
    EXIT_INTERRUPTED,
    add_seat_options,
    human_line,
    human_seats,
    run_abandonable,
)
from .games.ecarte._plugins import AUTOLOAD_ENV, ENTRY_POINT_GROUP, available_variants
from .games.ecarte._render import COLOR_CHOICES, Screen, VariantInfo
from .games.ecarte.actions import Action, Discard, Play
from .games.ecarte.game import Game, Phase
from .games.ecarte.players import HeuristicPlayer, Player, RandomPlayer
from .games.ecarte.results import HandResult
from .games.ecarte.rules import PRESETS, PenaltyBeneficiary, Rules

__all__ = [
    "DEFAULT_GAME",
    "GAMES_GROUP",
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
        description="Écarté: play a match in the terminal, list variants, run benchmarks.",
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
            return _play(args, sys.stdin, sys.stdout)
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
        print(f"ecarte: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:  # `ecarte play | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_ABANDONED
    _parser().print_help()
    return 0


def play(argv: Sequence[str], stdin: TextIO, stdout: TextIO) -> int:
    """``ecarte play ARGS`` on these streams (the registry's ``ecarte`` game): a usage
    error is printed to stderr and returns 2, as :func:`main` does."""
    try:
        args = _parser().parse_args(["play", *argv])
        if args.game != DEFAULT_GAME:
            raise EcarteError(f"--game {args.game}: this plays {DEFAULT_GAME} only")
        return _play(args, stdin, stdout)
    except EcarteError as exc:
        print(f"ecarte: error: {exc}", file=sys.stderr)
        return EXIT_ERROR


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
            options = variant_options(_entry_points()[name].load())
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


@frozen
class VariantOption:
    """An option of a variant's constructor, as ``ecarte variants`` lists it."""

    name: str
    kind: str
    """What it takes: ``int``, ``true/false``, ``per-game | per-hand``, ``JSON object``..."""
    default: str
    """The default as it would be typed (``none`` for None, ``required`` when there is none)."""


def variant_options(factory: object) -> tuple[VariantOption, ...]:
    """The options ``--option KEY=VALUE`` gives a variant: its constructor's keyword
    arguments with their types and defaults (none for a plugin that is an object, not a
    class).

    >>> class Toy:
    ...     def __init__(self, rotation: Literal["a", "b"] = "a", ante: int = 1) -> None: ...
    >>> [(o.name, o.kind, o.default) for o in variant_options(Toy)]
    [('rotation', 'a | b', 'a'), ('ante', 'int', '1')]
    """
    if not isinstance(factory, type):
        return ()
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return ()
    try:
        hints = typing.get_type_hints(vars(factory).get("__init__", factory))
    except Exception:  # an annotation that does not resolve: shown as written
        hints = {}
    options = []
    for param in signature.parameters.values():
        if param.kind not in (param.POSITIONAL_OR_KEYWORD, param.KEYWORD_ONLY):
            continue
        annotation = hints.get(param.name, param.annotation)
        kind = _kind(annotation) if annotation is not param.empty else "any"
        default = "required" if param.default is param.empty else _typed(param.default)
        options.append(VariantOption(name=param.name, kind=kind, default=default))
    return tuple(options)


def _typed(value: object) -> str:
    """A default value as it would be typed after ``KEY=``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | str):
        return str(value)
    if isinstance(value, Fraction):
        return str(float(value))
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def _kind(annotation: object) -> str:
    """What an option takes, in the words of ``--option``: ``int``, ``a | b``..."""
    if isinstance(annotation, str):
        return annotation
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is Literal:
        return " | ".join(map(_typed, args))
    if origin in (Union, types.UnionType):
        kinds = [_kind(a) for a in args if a is not type(None)]
        unique = [k for k in dict.fromkeys(kinds) if not (k == "int" and "number" in kinds)]
        return " or ".join(unique) + (" or none" if type(None) in args else "")
    if annotation is bool:
        return "true/false"
    if annotation in (int, float, str):
        return {int: "int", float: "number", str: "text"}[annotation]
    if annotation is Fraction:
        return "number"
    if isinstance(origin, type) and issubclass(origin, Mapping | dict):
        return "JSON object"
    if isinstance(origin, type) and issubclass(origin, Sequence | list) and origin is not str:
        return "JSON list"
    return getattr(annotation, "__name__", str(annotation))


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


# ---------------------------------------------------------------- variant options


_FLOAT = re.compile(r"[+-]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?|[+-]?[0-9]+[eE][+-]?[0-9]+")


def parse_value(text: str) -> object:
    """An option's value from its text: an int, a float, a bool (true/false, yes/no,
    on/off), JSON for a list, an object or a quoted string; else the text itself.

    >>> [parse_value(t) for t in ("3", "-2", "0.5", "True", "off", "per-hand", '"7"')]
    [3, -2, 0.5, True, False, 'per-hand', '7']
    >>> parse_value('{"Alice": 100, "Bob": 80}')
    {'Alice': 100, 'Bob': 80}
    """
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if re.fullmatch(r"[+-]?[0-9]+", text.strip()):
        return int(text)
    if _FLOAT.fullmatch(text.strip()):
        return float(text)
    if text.strip()[:1] in ("[", "{", '"'):
        try:
            value: object = json.loads(text)
        except ValueError as exc:
            raise EcarteError(f"option value {text!r} is not valid JSON: {exc}") from None
        return value
    return text


def parse_option(text: str) -> tuple[str | None, str, object]:
    """``[VARIANT.]KEY=VALUE`` as (variant or None, key, parsed value).

    >>> parse_option("rotation=per-hand")
    (None, 'rotation', 'per-hand')
    >>> parse_option("poule.ante=2")
    ('poule', 'ante', 2)
    """
    name, sep, value = text.partition("=")
    variant, dot, key = name.strip().rpartition(".")
    if not sep or not key.isidentifier() or (dot and not variant):
        raise EcarteError(f"--option {text!r}: expected KEY=VALUE or VARIANT.KEY=VALUE")
    return (variant or None), key, parse_value(value)


@frozen
class _Variant:
    """A variant loaded for this match: its plugin object and how it is shown."""

    info: VariantInfo
    plugin: object


def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}


def _accepted(factory: Callable[..., object]) -> tuple[tuple[str, ...], bool]:
    """The keyword arguments ``factory`` accepts, and whether it takes ``**kwargs``."""
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # no signature (a builtin): anything goes
        return (), True
    keywords = tuple(p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))
    return keywords, any(p.kind is p.VAR_KEYWORD for p in params)


def _load_variants(names: Sequence[str], options: Sequence[str]) -> list[_Variant]:
    """Load the named variants from their entry points and build each with its options.

    Each ``--option`` goes to the variant it names, else to the one variant whose
    constructor takes that keyword. Any mistake is an :class:`EcarteError`.
    """
    parsed = [parse_option(text) for text in options]
    if not names:
        if parsed:
            raise EcarteError("--option needs a --variant to pass it to")
        return []
    if os.environ.get(AUTOLOAD_ENV):
        raise EcarteError(
            f"unknown variant {names[0]!r}: plugin autoload is off ({AUTOLOAD_ENV} is set)"
        )
    eps = _entry_points()
    factories: dict[str, Any] = {}
    for name in names:
        if name in factories:
            raise EcarteError(f"variant {name!r} is named twice")
        if name not in eps:
            known = ", ".join(sorted(eps)) or "none installed (pip install ./plugins/*)"
            raise EcarteError(f"unknown variant {name!r}; installed: {known}")
        try:
            factories[name] = eps[name].load()
        except Exception as exc:
            raise PluginError(f"variant {name!r} cannot be loaded: {exc}") from exc
    accepted = {
        name: _accepted(f) if isinstance(f, type) else ((), False) for name, f in factories.items()
    }
    kwargs: dict[str, dict[str, object]] = {name: {} for name in names}
    for (target, key, value), text in zip(parsed, options, strict=True):
        if target is None:
            takers = [n for n in names if key in accepted[n][0]]
            if len(takers) > 1:
                raise EcarteError(
                    f"--option {text!r}: variants {', '.join(takers)} all take {key!r}; "
                    f"write {takers[0]}.{key}=..."
                )
            takers = takers or [n for n in names if accepted[n][1]]
            if not takers:
                takes = "; ".join(f"{n}: {', '.join(accepted[n][0]) or 'none'}" for n in names)
                raise EcarteError(f"--option {text!r}: no variant takes {key!r} (options: {takes})")
            target = takers[0]
        if target not in kwargs:
            raise EcarteError(f"--option {text!r}: {target!r} is not a --variant of this match")
        keywords, var_keyword = accepted[target]
        if key not in keywords and not var_keyword:
            if not isinstance(factories[target], type):
                raise EcarteError(f"--option {text!r}: variant {target!r} takes no options")
            takes = ", ".join(keywords) or "none"
            raise EcarteError(
                f"--option {text!r}: variant {target!r} has no option {key!r} (options: {takes})"
            )
        if key in kwargs[target]:
            raise EcarteError(f"--option {text!r}: {target}.{key} is given twice")
        kwargs[target][key] = value
    variants = []
    for name, factory in factories.items():
        if isinstance(factory, type):
            try:
                plugin = factory(**kwargs[name])
            except (EcarteError, TypeError, ValueError) as exc:
                shown = ", ".join(f"{k}={v!r}" for k, v in kwargs[name].items())
                raise EcarteError(f"variant {name!r} refuses the options {shown}: {exc}") from exc
        else:
            plugin = factory
        doc = getattr(factory, "DESCRIPTION", None) or (factory.__doc__ or "").strip()
        description = doc.splitlines()[0] if doc else ""
        info = VariantInfo(name=name, description=description, options=kwargs[name])
        variants.append(_Variant(info=info, plugin=plugin))
    return variants


# ---------------------------------------------------------------- the match


def _make_game(args: argparse.Namespace, variants: Sequence[_Variant]) -> Game:
    rules = Rules.preset(args.rules)
    if args.target is not None:
        rules = rules.evolve(target=args.target)
    return Game(rules, seed=args.seed, plugins=[v.plugin for v in variants])


def _play(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    variants = _load_variants(args.variant, args.option)
    game = _make_game(args, variants)
    humans = human_seats(args, stdin)
    for seat in humans:
        if not 0 <= seat < game.players:
            raise EcarteError(f"--human {seat}: the table has seats 0 to {game.players - 1}")
    screen = Screen(out, color=args.color)
    opponent: Player = (
        HeuristicPlayer() if args.opponent == "heuristic" else RandomPlayer(seed=args.seed)
    )
    players: dict[int, Player] = {}
    for seat in range(game.players):
        if seat not in humans:
            # bot against bot: the heuristic bot against the chosen opponent
            players[seat] = HeuristicPlayer() if not humans and seat % 2 == 0 else opponent
    talks = []
    for variant in variants:
        make = getattr(variant.plugin, "terminal_talk", None)
        if callable(make):
            talks.append(make(game, humans, seed=args.seed))
    match = _Match(
        game,
        screen,
        players,
        humans,
        stdin,
        [v.info for v in variants],
        auto_play=not args.no_auto_play,
        talks=talks,
        variant_plugins=[v.plugin for v in variants],
    )
    return run_abandonable(match.run, screen.say, "match", lambda: f"seat {game.to_act}")


@frozen
class _Before:
    """What the screen compares with the table after a step: where the match stood."""

    game_number: int
    hand_number: int
    games: int
    hands: int
    players: tuple[int, int]
    trick: int
    tricks_won: tuple[int, ...]
    played_without_proposing: bool
    refused_after: int | None
    held: Mapping[int, CardSet]
    """The hands of the humans' seats."""


_PLAY_LINE = re.compile(r"seat (\d+): (\S+)")
_DISCARD_LINE = re.compile(r"seat (\d+): discards (\d+)")
_TRICKS_SCORE = re.compile(r"seat (\d+) scores the tricks: \+(\d+) -> (\d+)")
_HAND_OVER = re.compile(
    r"hand (\d+) over: tricks seat (\d+) (\d+), seat (\d+) (\d+); "
    r"scores seat (\d+) (\d+), seat (\d+) (\d+)"
)
_GAME_WON = re.compile(r"game (\d+) won by seat (\d+) \d+-\d+ \(worth (\d+)\)")
_CUT_LINE = re.compile(r"cut: seat (\d+) (\S+), seat (\d+) (\S+)")
_HEADING = re.compile(r"(game \d+: seats|hand \d+: seat \d+ deals)")
_WAITING_SHOWN = re.compile(r"(game \d+|match |hand \d+ over)")


class TableTalk(typing.Protocol):
    """What a variant adds to ``ecarte play`` (its plugin's ``terminal_talk(game, humans,
    seed=...)`` returns one): words the humans may type, questions between moves, and the
    seat each human plays now. A human is named by the seat they began at."""

    commands: Mapping[str, str]
    """Each word a human may type at a prompt (``bet``), with its help line."""

    def plays(self, game: Game, person: int) -> int | None:
        """The seat the human ``person`` plays now (None: they do not play)."""
        ...

    def before(self, game: Game) -> tuple[Sequence[str], Sequence[tuple[int, str]]]:
        """Before each step: lines to show (what bots did), and questions for the humans
        as (person, question), answered with the commands until an empty line or ``1``."""
        ...

    def command(self, game: Game, person: int, text: str) -> Sequence[str]:
        """Run one of :attr:`commands` typed by ``person``: the lines to show; an
        :class:`EcarteError` refuses it (nothing changed)."""
        ...


class _Match:
    """Runs a match: bots choose, humans are prompted; the log, told in the game's words,
    and the variants' lines are shown as the match goes."""

    def __init__(
        self,
        game: Game,
        screen: Screen,
        bots: Mapping[int, Player],
        humans: Sequence[int],
        stdin: TextIO,
        variants: Sequence[VariantInfo],
        *,
        auto_play: bool = True,
        talks: Sequence[TableTalk] = (),
        variant_plugins: Sequence[object] = (),
    ) -> None:
        self.game = game
        self.screen = screen
        self.bots = dict(bots)
        self.humans = tuple(humans)
        # a human who leaves the table (club écarté) has their seat played by a bot
        self.stand_ins: dict[int, Player] = {s: HeuristicPlayer() for s in range(game.players)}
        self.stdin = stdin
        self.echo = not stdin.isatty()  # a scripted answer is shown after its prompt
        self.variants = tuple(variants)
        self.auto_play = auto_play
        self.talks = tuple(talks)
        self.match_decided_by = tuple(
            info.name
            for info, plugin in zip(variants, variant_plugins, strict=False)
            if hasattr(plugin, "ecarte_match_status")
        )
        self._shown = 0
        # whose eyes the log and the variants' lines are for: the one human, else a spectator
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self._described: dict[int | None, tuple[str, ...]] = {}
        self._waiting = False

    # -- who is who -----------------------------------------------------------

    def seat_of(self, person: int) -> int | None:
        """The seat the human who began at ``person`` plays now."""
        return self.talks[0].plays(self.game, person) if self.talks else person

    def person_at(self, seat: int) -> int | None:
        """The human playing ``seat`` now, if any."""
        return next((p for p in self.humans if self.seat_of(p) == seat), None)

    def name(self, seat: int, viewer: int | None = None) -> str:
        """How ``seat`` is called on screen: ``seat 1 (bot)``, ``seat 0 (you)``..."""
        if viewer is not None and seat == self.seat_of(viewer):
            return f"seat {seat} (you)"
        if self.humans and self.person_at(seat) is None:
            return f"seat {seat} (bot)"
        return f"seat {seat}"

    # -- the match ------------------------------------------------------------

    def run(self) -> None:
        """Play the match to its end."""
        game = self.game
        self._introduce()
        self._show_log(self._before(), None, None)
        while not game.is_over:
            self._show_variants()
            self._talk()
            before = self._before()
            seat = game.to_act
            if seat < 0:
                game.apply_chance()
                self._show_log(before, None, None)
                continue
            person = self.person_at(seat)
            action: Action
            if person is None:
                bot = self.bots.get(seat) or self.stand_ins[seat]
                action = bot.choose(game.observation(seat), game.legal_actions())
                game.apply(action, seat=seat)
            else:
                action = self._human_turn(seat, person)
            self._show_log(before, seat, action)
        screen = self.screen
        winner = game.winner
        assert winner is not None
        games = "-".join(map(str, game.games_won))
        screen.say()
        screen.say(f"match over: {self.name(winner, self.viewer)} wins, games {games}", "bold")
        lines = game.describe(self.viewer)
        if lines:
            screen.variant_lines(lines)

    def _introduce(self) -> None:
        game, screen = self.game, self.screen
        if not self.humans:
            return
        names = ", ".join(
            f"seat {s} (human)"
            if s in self.humans and s != self.viewer
            else self.name(s, self.viewer)
            for s in range(game.players)
        )
        waits = {2: "", 3: " (two play, the other waits)"}.get(
            game.players, " (two play, the others wait)"
        )
        screen.say(f"table: {names}{waits}")
        variants = ", ".join(v.title() for v in self.variants) or "none"
        screen.say(f"variants: {variants}; type 'help' or '?' for help, 'rules' for the rules")

    def _before(self) -> _Before:
        game = self.game
        obs = game.observation(max(game.to_act, 0))  # the public facts: any seat's view
        held = {}
        for person in self.humans:
            seat = self.seat_of(person)
            if seat is not None:
                held[seat] = game.observation(seat).hand
        return _Before(
            game_number=game.game_number,
            hand_number=game.hand_number,
            games=len(game.game_results),
            hands=len(game.hand_results),
            players=game.game_players,
            trick=len(obs.trick),
            tricks_won=obs.tricks_won,
            played_without_proposing=obs.played_without_proposing,
            refused_after=obs.refused_after,
            held=held,
        )

    def _ended_hand(self, before: _Before) -> HandResult | None:
        """The hand that ended since ``before``, if one did."""
        game = self.game
        if len(game.game_results) > before.games:
            hands = game.game_results[before.games].hands
            return hands[-1] if hands else None
        if len(game.hand_results) > before.hands:
            return game.hand_results[-1]
        return None

    def _show_log(self, before: _Before, seat: int | None, action: Action | None) -> None:
        """The log lines of the last step, told in the game's words: who won the trick,
        the point or the vole and the penalty, the scores in seat order, the cards a human
        drew; while the one human waits (la poule), only the end of each hand."""
        log = self.game.log
        waiting, began = self._waits(before.players)
        drawn = self._drawn(before, seat, action)
        for line in log[self._shown :]:
            if _HEADING.match(line):
                waiting, now = self._waits(self.game.game_players)
                began |= now
            for shown in self._told(line, before, seat, action, drawn):
                if not waiting or _WAITING_SHOWN.match(shown):
                    self.screen.log(shown)
            if began and _HEADING.match(line):
                self._say_waiting()
                began = False
        if began:
            self._say_waiting()
        self._shown = len(log)

    def _say_waiting(self) -> None:
        a, b = sorted(self.game.game_players)
        self.screen.say(f"   you wait: seats {a} and {b} play; each hand is told by its end")

    def _waits(self, players: tuple[int, int]) -> tuple[bool, bool]:
        """Whether the one human waits while ``players`` play, and whether it just began."""
        if self.viewer is None:
            return False, False
        seat = self.seat_of(self.viewer)  # None: the human left the table (club écarté)
        waiting = seat is None or seat not in players
        began = waiting and not self._waiting
        self._waiting = waiting
        return waiting, began

    def _drawn(self, before: _Before, seat: int | None, action: Action | None) -> str | None:
        """What a human seat who just discarded drew, as the rest of its discard line."""
        if not isinstance(action, Discard) or seat is None or seat not in before.held:
            return None
        if self.game.hand_number != before.hand_number:
            return None
        now = self.game.observation(seat).hand
        gone = [c for c in before.held[seat] if c not in now]
        new = [c for c in now if c not in before.held[seat]]
        if not gone:
            return ""
        return f" ({' '.join(map(str, gone))}), draws {' '.join(map(str, new))}"

    def _told(
        self,
        line: str,
        before: _Before,
        seat: int | None,
        action: Action | None,
        drawn: str | None,
    ) -> list[str]:
        """One log line as the screen tells it (some lines become two)."""
        game, viewer = self.game, self.viewer
        match = _DISCARD_LINE.fullmatch(line)
        if match:
            if int(match[1]) == seat and drawn is not None:
                return [line + drawn] if drawn else [line]
            count = int(match[2])
            return [f"{line}, draws {count}" if count else line]
        match = _CUT_LINE.fullmatch(line)
        if match:
            cuts = sorted([(int(match[1]), match[2]), (int(match[3]), match[4])])
            return ["cut: " + ", ".join(f"seat {s} {card}" for s, card in cuts)]
        match = _PLAY_LINE.fullmatch(line)
        if match and isinstance(action, Play) and int(match[1]) == seat and before.trick == 1:
            return [line, self._trick_won(before)]
        match = _TRICKS_SCORE.fullmatch(line)
        if match:
            return [self._hand_points(before, int(match[1]), int(match[2]), int(match[3]))]
        match = _HAND_OVER.fullmatch(line)
        if match:
            number = int(match[1])
            tricks = {int(match[2]): match[3], int(match[4]): match[5]}
            scores = {int(match[6]): match[7], int(match[8]): match[9]}
            shown_tricks = ", ".join(f"seat {s} {tricks[s]}" for s in sorted(tricks))
            shown_scores = ", ".join(f"seat {s} {scores[s]}" for s in sorted(scores))
            return [f"hand {number} over: tricks {shown_tricks}; scores {shown_scores}"]
        match = _GAME_WON.fullmatch(line)
        if match:
            number, winner, value = int(match[1]), int(match[2]), int(match[3])
            result = next((r for r in game.game_results if r.number == number), None)
            if result is None:  # pragma: no cover - the log and the results agree
                return [line]
            played = {*result.players, *(s for h in result.hands for s in (h.dealer, h.elder))}
            shown = ", ".join(
                f"seat {s} {result.scores[s]}" for s in sorted(result.scores) if s in played
            )
            worth = f" (worth {value})" if game.rules.game_values else ""
            return [f"game {number} won by {self.name(winner, viewer)}: {shown}{worth}"]
        return [line]

    def _trick_won(self, before: _Before) -> str:
        """Who won the trick the last card completed, and the tricks of the hand."""
        game, viewer = self.game, self.viewer
        ended = self._ended_hand(before)
        if ended is not None:
            won: Mapping[int, int] = ended.tricks
        else:
            now = game.observation(max(game.to_act, 0)).tricks_won
            won = {s: now[s] for s in before.players}
        gained = [s for s in sorted(won) if won[s] > before.tricks_won[s]]
        winner = gained[0] if gained else max(won, key=lambda s: won[s])
        number = sum(won.values())
        tally = ", ".join(f"seat {s} {won[s]}" for s in sorted(won))
        return f"trick {number} to {self.name(winner, viewer)} (tricks: {tally})"

    def _hand_points(self, before: _Before, seat: int, points: int, total: int) -> str:
        """The tricks' points in the game's words: the point, the vole, the penalty."""
        viewer = self.viewer
        result = self._ended_hand(before)
        who = self.name(seat, viewer)
        if result is None:  # pragma: no cover - a score line ends a hand
            return f"{who} scores the tricks: +{points} -> {total}"
        tricks = result.tricks.get(seat, 0)
        if tricks == 5:
            won = f"{who} makes the vole (all five tricks)"
        else:
            won = f"{who} wins the point ({tricks} tricks)"
        text = f"{won}: +{points} -> {total}"
        why = self._penalty(before, result)
        return f"{text}; {why}" if why else text

    def _penalty(self, before: _Before, result: HandResult) -> str | None:
        """Why a penalty fell on the hand (the classic rules), in the game's words."""
        rules = self.game.rules
        elder, dealer = result.elder, result.dealer
        if not rules.penalties or (5 in result.tricks.values() and rules.vole_under_penalty == 2):
            return None  # no penalty, or one that does not change a vole's 2 points
        elder_wins = result.tricks.get(elder, 0) >= 3
        refused = before.refused_after
        refusal = refused is not None and (refused == 0 or not rules.penalty_first_refusal_only)
        to_dealer = rules.refusal_penalty_to is PenaltyBeneficiary.DEALER
        viewer = self.viewer
        if before.played_without_proposing and not elder_wins:
            return (
                f"the penalty: {self.name(elder, viewer)} played without proposing and lost "
                "the point"
            )
        if refusal and elder_wins and not to_dealer:
            return f"the penalty: {self.name(dealer, viewer)} refused a proposal and lost the point"
        if refusal and not elder_wins and to_dealer:
            return (
                f"the penalty: {self.name(elder, viewer)} played on after a refusal and lost "
                "the point"
            )
        return None

    def _show_variants(self) -> None:
        """The variants' lines for each viewer, whenever they change."""
        for viewer in self.humans if len(self.humans) > 1 else (self.viewer,):
            lines = self.game.describe(viewer)
            if lines != self._described.get(viewer, ()):
                self.screen.variant_lines(lines)
            self._described[viewer] = lines

    # -- the humans -----------------------------------------------------------

    def _commands(self, seat: int | None) -> dict[str, Callable[[], object]]:
        game, screen = self.game, self.screen

        def rules() -> None:
            screen.rules(
                game.rules,
                self.variants,
                game.describe(seat),
                decided_by=self.match_decided_by,
            )

        def help() -> None:
            screen.help()
            for talk in self.talks:
                for word, meaning in talk.commands.items():
                    screen.say(f"  {word}  {meaning}")

        return {"help": help, "?": help, "rules": rules}

    def _talk_command(self, person: int, text: str) -> bool:
        """Run a variant's command typed by ``person``; whether ``text`` was one."""
        word = text.split(maxsplit=1)[0].lower() if text.strip() else ""
        for talk in self.talks:
            if word in talk.commands:
                try:
                    lines = talk.command(self.game, person, text)
                except EcarteError as exc:
                    self.screen.error(f"not allowed: {exc}")
                else:
                    for line in lines:
                        self.screen.say(f"   | {line}", "magenta")
                return True
        return False

    def _talk(self) -> None:
        """The variants' lines and questions before a step."""
        for talk in self.talks:
            lines, questions = talk.before(self.game)
            self.screen.variant_lines(lines)
            for person, question in questions:
                self._answer(person, question)

    def _prompt(self, person: int) -> str:
        return "your choice> " if len(self.humans) == 1 else f"seat {person}> "

    def _answer(self, person: int, question: str) -> None:
        """Ask ``person`` a variant's question; commands until an empty line or 1."""
        screen = self.screen
        screen.say()
        screen.say(question, "bold")
        screen.say("   1) go on")
        commands = self._commands(self.seat_of(person))
        while True:
            screen.prompt(self._prompt(person))
            text = human_line(self.stdin, screen.say if self.echo else None, commands)
            if text is None:
                continue
            if text in ("", "1"):
                return
            if not self._talk_command(person, text):
                words = ", ".join(f"'{w} ...'" for t in self.talks for w in t.commands)
                screen.error(f"not understood: {text!r}; type {words}, or 1 to go on")

    def _human_turn(self, seat: int, person: int | None = None) -> Action:
        """Prompt ``seat`` (played by the human ``person``, by default the one who began
        there) until it names a legal action, apply it and return it."""
        game, screen = self.game, self.screen
        person = seat if person is None else person
        obs = game.observation(seat)
        legal = game.legal_actions()
        if self.auto_play and len(legal) == 1 and isinstance(legal[0], Play):
            who = "you" if len(self.humans) == 1 else f"seat {seat}"
            screen.say(f"   {legal[0]} is the only card {who} can play: played for {who}")
            game.apply(legal[0], seat=seat)
            return legal[0]
        names = {s: self.name(s, seat) for s in range(game.players)}
        screen.status(obs, names, game_number=game.game_number, hand_number=game.hand_number)
        role = "dealer" if obs.dealer == seat else "elder"
        hand = list(obs.hand)
        if hand:
            screen.hand(role if len(self.humans) == 1 else f"seat {seat}, {role}", hand)
        discarding = obs.phase in (Phase.ELDER_DISCARD, Phase.DEALER_DISCARD)
        if discarding:
            sizes = sorted({len(a.cards) for a in legal if isinstance(a, Discard)})
            screen.discard_choices(hand, sizes)
        else:
            screen.choices(legal)
        commands = self._commands(seat)
        while True:
            screen.prompt(self._prompt(person))
            text = human_line(self.stdin, screen.say if self.echo else None, commands)
            if text is None or self._talk_command(person, text):
                continue
            try:
                if discarding:
                    action: Action = _parse_discard(text, hand)
                elif _is_number(text):
                    if not 1 <= int(text) <= len(legal):
                        screen.error(f"no choice {text}: choose 1-{len(legal)}")
                        continue
                    action = legal[int(text) - 1]
                else:
                    action = Action.parse(text)
            except EcarteError as exc:
                screen.error(f"not understood: {exc}; type 'help' or '?' for help")
                continue
            try:
                game.apply(action, seat=seat)
            except IllegalActionError as exc:
                screen.error(f"not allowed: {exc}")
                continue
            return action


def _is_number(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also accepts "²", which ``int`` rejects)."""
    return text.isascii() and text.isdigit()


def _parse_discard(text: str, cards: Sequence[Card]) -> Discard:
    """Cards to discard, by position in the hand or by name (a leading "discard" is
    allowed); empty text discards nothing."""
    words = text.replace(",", " ").split()
    if words and words[0].lower() == "discard":
        words = words[1:]
    chosen = []
    for word in words:
        if _is_number(word):
            if not 1 <= int(word) <= len(cards):
                raise CardParseError(f"no card number {word} in a hand of {len(cards)}")
            chosen.append(cards[int(word) - 1])
        else:
            chosen.append(Card.parse(word))
    if len(set(chosen)) != len(chosen):
        raise CardParseError(f"a card is named twice in {text!r}")
    return Discard(CardSet.of(chosen))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
