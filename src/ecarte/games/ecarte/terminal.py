"""Écarté in the terminal: the match that ``ecarte play`` runs (:mod:`ecarte.cli` parses
its arguments). Bots choose, humans are prompted, and the match log is told in the game's
words; variants add their lines, words and questions through a :class:`TableTalk`.
"""

from __future__ import annotations

import argparse
import re
import reprlib
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from attrs import frozen

from ..._cards import Card, CardSet
from ..._errors import (
    AdviceError,
    CardParseError,
    EcarteError,
    IllegalActionError,
    PluginError,
)
from ...engine._terminal import choice_number, human_line, human_seats, run_abandonable
from ._plugins import plugin_error
from ._render import Screen, VariantInfo, discard_rule
from .actions import Action, Discard, Play
from .game import Game, Phase
from .observation import Advice
from .players import HeuristicPlayer, Player, RandomPlayer
from .results import HandResult
from .rules import PenaltyBeneficiary, Rules
from .variant_args import LoadedVariant, load_variants

__all__ = ["TableTalk", "play_match"]


def _make_game(args: argparse.Namespace, variants: Sequence[LoadedVariant]) -> Game:
    rules = Rules.preset(args.rules)
    if args.target is not None:
        rules = rules.evolve(target=args.target)
    game = Game(rules, seed=args.seed, plugins=[v.plugin for v in variants])
    if args.target is not None and game.rules.target != args.target:
        names = [v.info.name for v in variants if hasattr(v.plugin, "ecarte_configure_rules")] or [
            v.info.name for v in variants
        ]
        which = (
            f"variant {names[0]} sets" if len(names) == 1 else f"variants {', '.join(names)} set"
        )
        raise EcarteError(
            f"--target {args.target}: the {which} the target to {game.rules.target}; "
            "leave out --target"
        )
    return game


def play_match(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """Play the match ``args`` (``ecarte play``'s parsed arguments) on these streams;
    the exit status."""
    variants = load_variants(args.variant, args.option)
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
    talks: list[TableTalk] = []
    for variant in variants:
        make = getattr(variant.plugin, "terminal_talk", None)
        if callable(make):
            name = variant.info.name
            try:
                talk = make(game, humans, seed=args.seed)
            except Exception as exc:
                raise plugin_error(name, "terminal_talk", exc) from exc
            talks.append(_CheckedTalk(name, talk))
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
    return run_abandonable(match.run, screen.say, "match", match.asked)


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
_KING_LINE = re.compile(r"seat (\d+): king")
_DISCARD_LINE = re.compile(r"seat (\d+): discards (\d+)")
_TRICKS_SCORE = re.compile(r"seat (\d+) scores the tricks: \+(\d+) -> (\d+)")
_HAND_OVER = re.compile(
    r"hand (\d+) over: tricks seat (\d+) (\d+), seat (\d+) (\d+); "
    r"scores seat (\d+) (\d+), seat (\d+) (\d+)"
)
_GAME_WON = re.compile(r"game (\d+) won by seat (\d+) \d+-\d+ \(worth (\d+)\)")
_CUT_LINE = re.compile(r"cut: seat (\d+) (\S+), seat (\d+) (\S+)")
_HEADING = re.compile(r"(game \d+: seats|hand \d+: seat \d+ deals)")
_GAME_SEATS = re.compile(r"game \d+: seats (\d+) and (\d+)")
_HAND_DEALT = re.compile(r"hand (\d+): seat \d+ deals")
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

    # optional: ``ended(game) -> Sequence[str]``, the end of the match in the variant's
    # words (the first line set apart), said instead of "match over: seat N wins"


def _kind(value: object) -> str:
    """``None``, or ``a NAME`` for a value of the class NAME."""
    return "None" if value is None else f"a {type(value).__name__}"


class _CheckedTalk:
    """A variant's :class:`TableTalk` whose failures name the variant: anything but an
    :class:`EcarteError` its members raise is a :class:`PluginError`, and so is an object
    without the members or a ``before`` that does not answer ``(lines, questions)``."""

    def __init__(self, name: str, talk: Any) -> None:
        missing = [m for m in ("commands", "plays", "before", "command") if not hasattr(talk, m)]
        if missing:
            raise PluginError(
                f"plugin {name!r}: terminal_talk() returned {_kind(talk)}, which has no "
                f"{', '.join(missing)} (see ecarte.cli.TableTalk)"
            )
        self.name = name
        self.talk = talk
        self.commands: Mapping[str, str] = talk.commands

    def __getattr__(self, member: str) -> Any:
        if member in ("name", "talk"):  # not set yet
            raise AttributeError(member)
        found = getattr(self.talk, member)
        if not callable(found):
            return found

        def call(*args: Any) -> Any:
            try:
                return found(*args)
            except EcarteError:
                raise
            except Exception as exc:
                raise plugin_error(self.name, f"terminal_talk().{member}", exc) from exc

        return call

    def before(self, game: Game) -> tuple[Sequence[str], Sequence[tuple[int, str]]]:
        answer = self.__getattr__("before")(game)
        if not (isinstance(answer, tuple | list) and len(answer) == 2):
            raise PluginError(
                f"plugin {self.name!r}, terminal_talk().before: {reprlib.repr(answer)} is not "
                "(lines, questions)"
            )
        return answer[0], answer[1]


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
        self._asked: int | None = None  # the human prompted now, by the seat they began at

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

    def asked(self) -> str:
        """Who the prompt waits for: the seat of the human asked, else the seat to act."""
        person = self._asked
        if person is None:
            return f"seat {self.game.to_act}"
        seat = self.seat_of(person)
        return f"seat {seat}" if seat is not None else f"the player who began at seat {person}"

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
        screen.say()
        ended = self._ended()
        if ended:  # the variant's words for the end (a club table is no match of seats)
            screen.say(ended[0], "bold")
            for line in ended[1:]:
                screen.say(f"   {line}")
        else:
            games = "-".join(map(str, game.games_won))
            screen.say(f"match over: {self.name(winner, self.viewer)} wins, games {games}", "bold")
        lines = game.describe(self.viewer)
        if lines:
            screen.variant_lines(lines)

    def _ended(self) -> list[str]:
        """The end of the match in a variant's words: the lines of the first talk that
        has an ``ended(game)`` (the cercle's: the club table's end), else none."""
        for talk in self.talks:
            ended = getattr(talk, "ended", None)
            if callable(ended):
                return list(ended(self.game))
        return []

    def _introduce(self) -> None:
        game, screen = self.game, self.screen
        if not self.humans:
            screen.say(
                "bots play every seat, the match log follows (stdin is not a terminal, or "
                "--bots; on a terminal you play seat 0)"
            )
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
        """The hand that was being played at ``before``, if it ended since (the hand of
        that number: a step may go on into the next hand, and end it, and its game,
        with a king turned up)."""
        game = self.game
        if len(game.game_results) == before.games and len(game.hand_results) == before.hands:
            return None
        ended = [h for r in game.game_results[before.games :] for h in r.hands]
        hands = [*ended, *game.hand_results]
        return next((h for h in hands if h.number == before.hand_number), None)

    def _show_log(self, before: _Before, seat: int | None, action: Action | None) -> None:
        """The log lines of the last step, told in the game's words: who won the trick,
        the point or the vole and the penalty, the scores in seat order, the cards a human
        drew; while the one human waits (la poule), only the end of each hand."""
        log = self.game.log
        players = before.players
        waiting, began = self._waits(players)
        drawn = self._drawn(before, seat, action)
        lines = log[self._shown :]
        for i, line in enumerate(lines):
            king = _KING_LINE.fullmatch(line)
            after = lines[i + 1] if i + 1 < len(lines) else ""
            if king and after.startswith(f"seat {king[1]} announces "):
                continue  # the announcement, told once by its score line
            if _HEADING.match(line):
                players = self._players_of(line, before)
                waiting, now = self._waits(players)
                began |= now
            for shown in self._told(line, before, seat, action, drawn):
                if not waiting or _WAITING_SHOWN.match(shown):
                    self.screen.log(shown)
            if began and _HEADING.match(line):
                self._say_waiting(players)
                began = False
        if began:
            self._say_waiting(players)
        self._shown = len(log)

    def _players_of(self, heading: str, before: _Before) -> tuple[int, int]:
        """The two seats that play the game or hand a log heading begins: a step may go
        on past the end of a hand, and of its game, into the next ones."""
        seats = _GAME_SEATS.match(heading)
        if seats:
            return int(seats[1]), int(seats[2])
        dealt = _HAND_DEALT.match(heading)
        game = self.game
        if dealt:
            number = int(dealt[1])
            ended = [h for r in game.game_results[before.games :] for h in r.hands]
            for hand in [*ended, *game.hand_results]:
                if hand.number == number:  # (a hand that ended in this step)
                    return hand.dealer, hand.elder
        return game.game_players

    def _say_waiting(self, players: tuple[int, int]) -> None:
        a, b = sorted(players)
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
        if line.startswith("match won by seat ") and any(
            callable(getattr(t, "ended", None)) for t in self.talks
        ):
            return []  # a variant tells the end in its own words (see run)
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
        """The variants' lines for each viewer, whenever they change; humans sharing the
        screen see a public line (a spectator's) once, and a line for one of them after
        whose it is (``seat 1: ...``)."""
        if len(self.humans) < 2:
            lines = self.game.describe(self.viewer)
            if lines != self._described.get(self.viewer, ()):
                self.screen.variant_lines(lines)
            self._described[self.viewer] = lines
            return
        public = set(self.game.describe(None))
        shown: set[str] = set()
        for viewer in self.humans:
            lines = self.game.describe(viewer)
            if lines != self._described.get(viewer, ()):
                told = [line if line in public else f"seat {viewer}: {line}" for line in lines]
                self.screen.variant_lines([line for line in told if line not in shown])
                shown.update(told)
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
            screen.help([_usage(w, m) for t in self.talks for w, m in t.commands.items()])

        return {"help": help, "?": help, "rules": rules}

    def _talk_command(self, person: int, text: str) -> bool:
        """Run a variant's command typed by ``person``; whether ``text`` was one."""
        word = text.split(maxsplit=1)[0].lower() if text.strip() else ""
        for talk in self.talks:
            if word in talk.commands:
                try:
                    lines = talk.command(self.game, person, text)
                except PluginError:
                    raise  # a variant's failure, not a refusal: it ends the match
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
        """Ask ``person`` a variant's question; commands until an empty line, 1 or
        ``go on``."""
        screen = self.screen
        screen.say()
        screen.say(question, "bold")
        screen.say("   1) go on")
        commands = self._commands(self.seat_of(person))
        self._asked = person
        while True:
            screen.prompt(self._prompt(person))
            text = human_line(self.stdin, screen.say if self.echo else None, commands)
            if text is None:
                continue
            if text in ("", "1") or " ".join(text.lower().split()) == "go on":
                self._asked = None
                return
            if not self._talk_command(person, text):
                words = ", ".join(f"'{w} ...'" for t in self.talks for w in t.commands)
                screen.error(f"not understood: {text!r}; type {words}, or 1 to go on")

    def _bot_advisers(self) -> list[int | str]:
        """The bots who may back a player: the seats that wait (la poule), and the
        people a variant's talk names (``advisers(game)``: the cercle's gallery bots)."""
        game = self.game
        waiting: list[int | str] = [
            s
            for s in range(game.players)
            if s not in game.game_players and self.person_at(s) is None
        ]
        for talk in self.talks:
            names = getattr(talk, "advisers", None)
            if callable(names):
                waiting += names(game)
        return waiting

    def _bot_advice(self, seat: int, legal: Sequence[Action]) -> list[Advice]:
        """Each bot that backs ``seat`` and may advise it advises the human playing it
        (what the bot would do in its place); the advice given."""
        game = self.game
        given = []
        for adviser in self._bot_advisers():
            try:
                view = game.backed_view(adviser)
            except AdviceError:
                continue
            if view.seat == seat:
                given.append(game.advise(adviser, HeuristicPlayer().choose(view, legal)))
        return given

    def _adviser_name(self, adviser: int | str) -> str:
        return self.name(adviser) if isinstance(adviser, int) else f"{adviser} (bot)"

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
        for advice in self._bot_advice(seat, legal):
            screen.say(
                f"   advice from {self._adviser_name(advice.adviser)}: {advice.action}", "magenta"
            )
        discarding = obs.phase in (Phase.ELDER_DISCARD, Phase.DEALER_DISCARD)
        if discarding:
            sizes = sorted({len(a.cards) for a in legal if isinstance(a, Discard)})
            screen.discard_choices(hand, sizes)
        else:
            screen.choices(legal)
        commands = self._commands(seat)
        self._asked = None  # the seat to act is asked
        while True:
            screen.prompt(self._prompt(person))
            text = human_line(self.stdin, screen.say if self.echo else None, commands)
            if text is None or self._talk_command(person, text):
                continue
            if not text and not discarding:  # an empty line discards nothing, else is no move
                screen.error(
                    f"nothing typed: choose 1-{len(legal)}, or type 'help' or '?' for help"
                )
                continue
            try:
                if discarding:
                    action: Action = _parse_discard(text, hand, sizes)
                elif (number := choice_number(text)) is not None:
                    if not 1 <= number <= len(legal):
                        screen.error(f"no choice {text}: choose 1-{len(legal)}")
                        continue
                    action = legal[number - 1]
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


def _usage(word: str, meaning: str) -> tuple[str, str]:
    """A variant's word and its help line as a row of the help: a line that begins with
    its usage (``bet NAME AMOUNT: stake...``) gives the usage as what to type.

    >>> _usage("bet", "bet NAME AMOUNT: stake on a player"), _usage("close", "close the table")
    (('bet NAME AMOUNT', 'stake on a player'), ('close', 'close the table'))
    """
    usage, colon, rest = meaning.partition(": ")
    if colon and usage.split(maxsplit=1)[0].lower() == word.lower():
        return usage, rest
    return word, meaning


def _another_move(text: str) -> bool:
    """Whether ``text`` is a move of another phase than the discards (``accept``)."""
    try:
        return not isinstance(Action.parse(text), Discard)
    except EcarteError:
        return False


def _parse_discard(text: str, cards: Sequence[Card], sizes: Sequence[int]) -> Discard:
    """Cards to discard, by position in the hand or by name (a leading "discard" is
    allowed); empty text discards nothing. Another move (``accept``) is told that a
    discard of ``sizes`` cards is due."""
    words = text.replace(",", " ").split()
    if words and words[0].lower() == "discard":
        words = words[1:]
    chosen = []
    for word in words:
        number = choice_number(word)
        if number is not None:
            if not 1 <= number <= len(cards):
                raise CardParseError(f"no card number {word} in a hand of {len(cards)}")
            chosen.append(cards[number - 1])
        else:
            try:
                chosen.append(Card.parse(word))
            except CardParseError:
                if _another_move(text):
                    raise CardParseError(
                        f"{text!r} is not a discard: {discard_rule(sizes)} now, "
                        "by their numbers or names"
                    ) from None
                raise
    if len(set(chosen)) != len(chosen):
        raise CardParseError(f"a card is named twice in {text!r}")
    return Discard(CardSet.of(chosen))
