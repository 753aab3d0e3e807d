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
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

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
from .games.ecarte.actions import Action, Discard
from .games.ecarte.game import Game, Phase
from .games.ecarte.players import HeuristicPlayer, Player, RandomPlayer
from .games.ecarte.rules import PRESETS, Rules

__all__ = [
    "DEFAULT_GAME",
    "GAMES_GROUP",
    "TerminalGame",
    "main",
    "parse_option",
    "parse_value",
    "play",
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
            "'quit' to leave. When stdin is not a terminal, or with --bots, bots play every "
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
    match = _Match(game, screen, players, humans, stdin, [v.info for v in variants])
    return run_abandonable(match.run, screen.say, "match", lambda: f"seat {game.to_act}")


class _Match:
    """Runs a match: bots choose, humans are prompted; the log and the variants'
    lines are shown as the match goes."""

    def __init__(
        self,
        game: Game,
        screen: Screen,
        bots: Mapping[int, Player],
        humans: Sequence[int],
        stdin: TextIO,
        variants: Sequence[VariantInfo],
    ) -> None:
        self.game = game
        self.screen = screen
        self.bots = bots
        self.humans = tuple(humans)
        self.stdin = stdin
        self.echo = not stdin.isatty()  # a scripted answer is shown after its prompt
        self.variants = tuple(variants)
        self._shown = 0
        # whose eyes the variants' lines are for: the one human, else a spectator
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self._described: dict[int | None, tuple[str, ...]] = {}

    def name(self, seat: int, viewer: int | None = None) -> str:
        """How ``seat`` is called on screen: ``seat 1 (bot)``, ``seat 0 (you)``..."""
        if seat == viewer:
            return f"seat {seat} (you)"
        return f"seat {seat} (bot)" if seat in self.bots and self.humans else f"seat {seat}"

    def run(self) -> None:
        """Play the match to its end."""
        game, screen = self.game, self.screen
        self._introduce()
        while True:
            self._show_log()
            self._show_variants()
            if game.is_over:
                break
            seat = game.to_act
            if seat < 0:
                game.apply_chance()
            elif seat in self.bots:
                action = self.bots[seat].choose(game.observation(seat), game.legal_actions())
                game.apply(action, seat=seat)
            else:
                self._human_turn(seat)
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
        waits = " (two play each hand, the others wait)" if game.players > 2 else ""
        screen.say(f"table: {names}{waits}")
        variants = ", ".join(v.title() for v in self.variants) or "none"
        screen.say(f"variants: {variants}; type 'help' or '?' for help, 'rules' for the rules")

    def _show_log(self) -> None:
        log = self.game.log
        for line in log[self._shown :]:
            self.screen.log(line)
        self._shown = len(log)

    def _show_variants(self) -> None:
        """The variants' lines for each viewer, whenever they change."""
        for viewer in self.humans if len(self.humans) > 1 else (self.viewer,):
            lines = self.game.describe(viewer)
            if lines != self._described.get(viewer, ()):
                self.screen.variant_lines(lines)
            self._described[viewer] = lines

    def _human_turn(self, seat: int) -> None:
        """Prompt ``seat`` until it names a legal action, then apply it."""
        game, screen = self.game, self.screen
        obs = game.observation(seat)
        legal = game.legal_actions()
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
        commands = {
            "help": screen.help,
            "?": screen.help,
            "rules": lambda: screen.rules(game.rules, self.variants, game.describe(seat)),
        }
        while True:
            screen.prompt("your choice> " if len(self.humans) == 1 else f"seat {seat}> ")
            text = human_line(self.stdin, screen.say if self.echo else None, commands)
            if text is None:
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
            return


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
