"""How ``ecarte play`` shows a match: with rich on a terminal, as plain text elsewhere.

:class:`Screen` is the only thing the command line writes through. On a terminal
(unless ``NO_COLOR`` is set or ``TERM=dumb``) it uses `rich`_: red hearts and
diamonds, the table and the scores as a table, headings as rules. Anywhere else
(a pipe, a file, a test's ``StringIO``) it writes the same information as plain
lines, without escape codes, so that logs stay greppable. ``color="always"`` or
``"never"`` overrides the choice.

.. _rich: https://rich.readthedocs.io/
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from typing import TextIO

import attrs
from attrs import frozen
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ecarte._cards import Card

from .actions import Action
from .game import Observation, Phase
from .rules import RankOrder, Rules

__all__ = ["COLOR_CHOICES", "Screen", "VariantInfo", "rules_table"]

COLOR_CHOICES = ("auto", "always", "never")

_RED = re.compile(r"(?:10|[2-9JQKA])?[♥♦]")
_BLACK = re.compile(r"(?:10|[2-9JQKA])?[♠♣]")


@frozen
class VariantInfo:
    """A variant in force, as the ``rules`` command lists it."""

    name: str
    description: str
    options: Mapping[str, object] = attrs.field(factory=dict)

    def title(self) -> str:
        """``name`` and the options it was built with, e.g. ``poule (rotation=per-hand)``."""
        if not self.options:
            return self.name
        opts = ", ".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.name} ({opts})"


def _rule_value(name: str, value: object) -> str:
    if isinstance(value, RankOrder):
        return f"{value.value}: {' '.join(r.text for r in value.ranks)}"
    if name == "first_dealer":
        return f"the {getattr(value, 'value', value)} cut deals"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(getattr(value, "value", value))


def rules_table(rules: Rules) -> list[tuple[str, str, str]]:
    """(field name, label, value) for every field of ``rules``, in declaration order."""
    return [
        (
            f.name,
            f.metadata.get("label", f.name.replace("_", " ")),
            _rule_value(f.name, getattr(rules, f.name)),
        )
        for f in attrs.fields(type(rules))
    ]


HELP = (
    ("a number", "the choice with that number (when discarding: the cards, e.g. 1 3 4)"),
    ("a choice", "its text: propose, play-hand, accept, refuse, king, packets 3-2, K♠ ..."),
    ("discard 7♠ 8h", "discard these cards (names or numbers; empty: none, when allowed)"),
    ("rules", "the rules and variants in force"),
    ("help, ?", "this help"),
    ("quit", "leave the match"),
)
CARD_HELP = "cards: ranks 7 8 9 10 J Q K A (T for 10), suits ♠ ♥ ♦ ♣ or s h d c (K♠, 10h, Th)"


def _wants_rich(out: TextIO, color: str) -> bool:
    if color == "always":
        return True
    if color == "never":
        return False
    isatty = getattr(out, "isatty", None)
    return (
        bool(isatty and isatty())
        and not os.environ.get("NO_COLOR")
        and os.environ.get("TERM") != "dumb"
    )


class Screen:
    """The match as the players see it; ``fancy`` says whether rich draws it."""

    def __init__(self, out: TextIO, *, color: str = "auto") -> None:
        if color not in COLOR_CHOICES:
            raise ValueError(f"color must be one of {COLOR_CHOICES}, not {color!r}")
        self.out = out
        self.fancy = _wants_rich(out, color)
        if self.fancy:
            self._console = Console(
                file=out,
                force_terminal=True,
                no_color=False if color == "always" else None,
                highlight=False,
                markup=False,
                emoji=False,
            )

    # -- primitives -----------------------------------------------------------

    def _text(self, text: str, style: str = "") -> Text:
        rich_text = Text(text, style=style)
        rich_text.highlight_regex(_RED, "bold red")
        rich_text.highlight_regex(_BLACK, "bold")
        return rich_text

    def say(self, text: str = "", style: str = "") -> None:
        """One line (or more): cards in colour on a terminal."""
        if self.fancy:
            self._console.print(self._text(text, style), soft_wrap=True)
        else:
            print(text, file=self.out)

    def error(self, text: str) -> None:
        """A message about the last input (not understood, not allowed)."""
        self.say(f"  {text}", "yellow")

    def prompt(self, text: str) -> None:
        """A prompt without a newline; the answer follows on the same line."""
        if self.fancy:
            self._console.print(self._text(text, "bold cyan"), end="")
        else:
            self.out.write(text)
        self.out.flush()

    def flush(self) -> None:
        """Push what was written to the terminal."""
        self.out.flush()

    # -- the match ------------------------------------------------------------

    def log(self, line: str) -> None:
        """One line of the match log, headings and scores set apart."""
        if line.startswith(("game ", "match ")):
            if self.fancy:
                self._console.rule(self._text(line, "bold"), style="green")
            else:
                print(f"== {line} ==", file=self.out)
        elif " king" in line or re.search(r" (the point|the vole) |^trick \d+ to |over: ", line):
            self.say(f"   * {line}", "green")
        else:
            self.say(f"   {line}")

    def variant_lines(self, lines: Sequence[str]) -> None:
        """What the variants say about their own state (``Game.describe``)."""
        for line in lines:
            self.say(f"   | {line}", "magenta")

    def status(
        self,
        obs: Observation,
        names: Mapping[int, str],
        *,
        game_number: int,
        hand_number: int,
    ) -> None:
        """The table as ``obs.seat`` sees it before a decision."""
        trump = obs.trump.symbol if obs.trump is not None else "-"
        title = (
            f"game {game_number}, hand {hand_number}: trump {trump} "
            f"(turn-up {obs.turnup or '-'}), stock {obs.stock_size}"
        )
        rows = []
        in_hand = obs.phase is Phase.PLAY
        for seat in range(len(obs.scores)):
            role = "dealer" if seat == obs.dealer else "elder" if seat == obs.elder else "waits"
            tricks = str(obs.tricks_won[seat]) if in_hand and role != "waits" else ""
            score, games = str(obs.scores[seat]), str(obs.games_won[seat])
            rows.append((names[seat], role, score, games, tricks))
        trick = "  ".join(f"{names[s]} {c}" for s, c in obs.trick)
        self.say()
        if not obs.hand:  # before the deal (the dealer chooses the packets)
            title = f"game {game_number}, hand {hand_number}: before the deal"
        if self.fancy:
            table = Table(
                title=self._text(title, "bold"),
                box=box.SIMPLE_HEAD,
                show_edge=False,
                title_justify="left",
                pad_edge=False,
            )
            table.add_column("seat")
            table.add_column("role")
            for column in ("score", "games", "tricks"):
                table.add_column(column, justify="right")
            for row in rows:
                style = "bold" if row[0] == names[obs.seat] else ""
                table.add_row(*row, style=style)
            self._console.print(table)
        else:
            self.say(title)
            width = max(len(r[0]) for r in rows)
            for name, role, score, games, tricks in rows:
                line = f"  {name:{width}}  {role:6}  score {score}  games {games}"
                self.say(line + (f"  tricks {tricks}" if tricks else ""))
        if in_hand:
            self.say(f"trick: {trick or 'none yet'}")

    def hand(self, role: str, hand: Sequence[Card]) -> None:
        """The hand of the seat to decide."""
        self.say(f"your hand ({role}): {' '.join(map(str, hand))}", "bold")

    def choices(self, legal: Sequence[Action]) -> None:
        """The legal actions, numbered from 1."""
        for i, action in enumerate(legal, 1):
            self.say(f"  {i:2}) {action}")

    def discard_choices(self, hand: Sequence[Card], sizes: Sequence[int]) -> None:
        """The cards to discard from, numbered, and how many may or must go now."""
        self.say("  discard which cards? " + "  ".join(f"{i}) {c}" for i, c in enumerate(hand, 1)))
        self.say(f"  {discard_rule(sizes)}; type their numbers or names")

    # -- commands -------------------------------------------------------------

    def help(self, extra: Sequence[tuple[str, str]] = ()) -> None:
        """What can be typed at the prompt; ``extra``: the variants' words, as (what to
        type, what it does)."""
        self.say("type one of:", "bold")
        rows = [*HELP, *extra]
        width = max(len(k) for k, _ in rows)
        for key, meaning in rows:
            self.say(f"  {key:{width}}  {meaning}")
        self.say(f"  {CARD_HELP}")

    def rules(
        self,
        rules: Rules,
        variants: Sequence[VariantInfo],
        lines: Sequence[str],
        *,
        decided_by: Sequence[str] = (),
    ) -> None:
        """Every rule in force, the variants with their descriptions and their state;
        ``decided_by`` names the variants that decide when the match ends (the rules'
        ``games_to_win`` does not count then)."""
        table = rules_table(rules)
        if decided_by:
            names = " and ".join(decided_by)
            table = [
                (name, label, f"decided by {names} (below)" if name == "games_to_win" else value)
                for name, label, value in table
            ]
        if self.fancy:
            grid = Table(
                title=self._text("rules in force", "bold"),
                box=box.SIMPLE,
                show_edge=False,
                title_justify="left",
                show_header=False,
                pad_edge=False,
            )
            grid.add_column(style="cyan")
            grid.add_column()
            for _, label, value in table:
                grid.add_row(label, value)
            self._console.print(grid)
        else:
            self.say("rules in force:")
            width = max(len(label) for _, label, _ in table)
            for _, label, value in table:
                self.say(f"  {label:{width}}  {value}")
        if not variants:
            self.say("variants: none (the classic game)")
        else:
            self.say("variants:", "bold")
            for info in variants:
                self.say(f"  {info.title()}: {info.description}")
        self.variant_lines(lines)


def discard_rule(sizes: Sequence[int]) -> str:
    """How many cards may or must be discarded, from the sizes of the legal discards."""
    sizes = sorted(set(sizes))
    low, high = sizes[0], sizes[-1]
    plural = "" if high == 1 else "s"
    if low == high:
        return f"discard exactly {low} card{plural}" if low else "nothing to discard: press Enter"
    if sizes != list(range(low, high + 1)):
        listed = ", ".join(map(str, sizes[:-1])) + f" or {high}"
        return f"discard {listed} cards" + (" (empty for none)" if low == 0 else "")
    if low == 0:
        return f"discard up to {high} card{plural} (empty for none)"
    return f"discard {low} to {high} cards (at least {low})"
