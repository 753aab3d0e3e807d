"""Euchre in the terminal: ``ecarte play --game euchre``.

This distribution registers :func:`main` as the entry point ``euchre`` of the group
``ecarte.games``; ``ecarte play --game euchre ARGS`` calls ``main(ARGS, stdin, stdout)``.
On a terminal you hold North (seat 0) with a bot partner (South) against two bots (East
and West); when stdin is not a terminal, or with ``--bots``, bots play every seat and the
game's log is printed, unless ``--human SEAT`` says which seats read their moves from
stdin (a scripted game).

It uses only the public surface of :class:`EuchreGame` (``legal_actions``, ``apply``,
``to_act``, ``phase``, ``observation``, ``history``, ``scores``, ``returns``,
``winner``, ``is_over``, ``trump``) and the bots' ``choose``; what a human sees of the
game comes from ``observation(seat)``, so never another seat's hand.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import attrs

from ecarte import Card, CardParseError
from ecarte.engine._terminal import (
    add_seat_options,
    choice_number,
    human_line,
    human_seats,
    run_abandonable,
)
from ecarte.games.ecarte._render import COLOR_CHOICES, Screen

from .actions import EuchreAction, EuchreCard
from .bots import HeuristicBot
from .game import EuchreGame, EuchreObservation, Phase, _cards_of
from .rules import PRESETS, EuchreRules

__all__ = ["PHASES", "SEATS", "SIDES", "main", "rules_lines"]

SEATS = ("North", "East", "South", "West")
"""Seat names, as the dealer's text (``dealer N``): partners opposite, 0 & 2 against 1 & 3."""
SIDES = ("North-South", "East-West")
"""Side 0 (seats 0 and 2) and side 1 (seats 1 and 3)."""
HELP = """\
type the number of a choice, or its text:
  pass; order up (the first round: the turned card's suit is trumps; the dealer
  says pick it up); name ♠ (or name s, name spades: the second round);
  take it up, decline it (the dealer, when someone orders up and the rules allow);
  go alone, with partner; a card to play (J♥, Jh, 10d, Td); discard 9♣ (or the card)
  help or ?   this help
  rules       the rules in force
  quit        leave the game"""

PHASES = {
    Phase.BID: "first round of bidding",
    Phase.BID2: "second round of bidding",
    Phase.TAKE: "the dealer takes up the ordered card or declines it",
    Phase.DISCARD: "the dealer's discard",
    Phase.ALONE: "alone or with partner",
    Phase.PLAY: "the tricks",
    Phase.NAME: "a joker turned up: the dealer names trumps",
}
"""How players name each decision's phase."""

_SUIT_WORDS = {"c": "♣", "clubs": "♣", "d": "♦", "diamonds": "♦", "h": "♥", "hearts": "♥"}
_SUIT_WORDS |= {"s": "♠", "spades": "♠", **{symbol: symbol for symbol in "♣♦♥♠"}}


def _said(action: str, phase: Phase, seat: int, dealer: int | None) -> str:
    """An action's engine text (``call ♥``) in the players' words, as a choice."""
    if action.startswith("call "):
        suit = action.split()[1]
        if phase is Phase.BID:
            return f"pick it up ({suit} trumps)" if seat == dealer else f"order up ({suit} trumps)"
        return f"name {suit}"
    return {
        "take": "take it up",
        "decline": "decline it",
        "alone": "go alone",
        "partner": "with partner",
    }.get(action, action)


def _told(action: str, phase: Phase, seat: int, dealer: int | None) -> str:
    """What a seat did, in the players' words, after its name (``orders up ♥``)."""
    if action.startswith("call "):
        suit = action.split()[1]
        if phase is Phase.BID:
            return "picks it up" if seat == dealer else f"orders up {suit}"
        return f"names {suit}"
    return {"pass": "passes", "take": "takes it up", "decline": "declines it"}.get(action, action)


def _bid_phase(index: int) -> Phase:
    """The bidding round of the ``index``-th bid of a deal (four bids a round)."""
    return Phase.BID if index < 4 else Phase.BID2


_RULE_WORDS: dict[str, tuple[str, Callable[[Any], str]]] = {
    "stick_the_dealer": ("the dealer must name trumps when all pass twice", lambda v: _yes(v)),
    "dealer_may_decline": ("the dealer may decline an ordered-up card", lambda v: _yes(v)),
    "allow_lone_defender": ("a defender may go alone", lambda v: _yes(v)),
    "anyone_alone": ("anyone may go alone, the maker's partner too", lambda v: _yes(v)),
    "lone_defender_scoring": (
        "a lone defender who euchres the makers scores",
        lambda v: "2 for 3 or 4 tricks, 4 for all five" if v.value == "by-tricks" else "4",
    ),
    "lead": (
        "the first lead",
        lambda v: "left of the dealer" if v.value == "left-of-dealer" else "left of a lone player",
    ),
    "deal_order": (
        "the deal",
        lambda v: "in packets of 3 and 2" if v.value == "packets" else "one card at a time",
    ),
    "dealer_may_discard_upcard": (
        "the dealer may discard the card taken up",
        lambda v: _yes(v),
    ),
    "deck": (
        "cards in the pack",
        lambda v: {24: "24 (nine to ace)", 32: "32 (seven to ace)"}.get(v, "25 (with a joker)"),
    ),
    "target": ("points to win", lambda v: str(v) if v else "a single deal"),
}
"""Each rule's label and value in the players' words."""


def _yes(value: object) -> str:
    return "yes" if value else "no"


def rules_lines(rules: EuchreRules) -> list[tuple[str, str]]:
    """(label, value) for every rule, in the players' words."""
    lines = []
    for field in attrs.fields(type(rules)):
        value = getattr(rules, field.name)
        label, show = _RULE_WORDS.get(
            field.name, (field.name.replace("_", " "), lambda v: str(getattr(v, "value", v)))
        )
        lines.append((label, show(value)))
    return lines


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ecarte play --game euchre",
        description=(
            "Play Euchre: on a terminal you are North, with a bot partner (South), against "
            "two bots (East and West). Type the number of a choice or its text (e.g. 'pass', "
            "'call ♥', 'alone', 'J♥'), 'help' or '?' for help, 'rules' for the rules in "
            "force, 'quit' to leave. When stdin is not a terminal, or with --bots, bots "
            "play every seat and the log is printed; --human SEAT makes a seat read its "
            "moves from stdin even then."
        ),
    )
    parser.add_argument(
        "--rules",
        "--preset",
        dest="preset",
        default="standard",
        choices=sorted(PRESETS),
        help="rules preset (standard)",
    )
    parser.add_argument(
        "--target", type=int, help="points to win (0: a single deal; default: the preset's)"
    )
    parser.add_argument(
        "--deck",
        type=int,
        choices=(24, 25, 32),
        help="cards in the pack: 24, 32 (sevens and eights) or 25 (a joker, the highest "
        "trump); default: the preset's",
    )
    parser.add_argument("--seed", type=int, help="random seed for a reproducible game")
    parser.add_argument(
        "--color",
        choices=COLOR_CHOICES,
        default="auto",
        help="colours: auto (on a terminal, unless NO_COLOR is set), always, never",
    )
    add_seat_options(
        parser, "a seat (0 North, 1 East, 2 South, 3 West) played from stdin (repeatable)"
    )
    return parser


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, out: TextIO | None = None
) -> int:
    """Euchre: you and a bot partner against two bots (ecarte-euchre)."""
    stdin = sys.stdin if stdin is None else stdin
    out = sys.stdout if out is None else out
    parser = _parser()
    args = parser.parse_args(argv)
    rules = PRESETS[args.preset]()
    try:
        if args.target is not None:
            rules = rules.with_options(target=args.target)
        if args.deck is not None:
            rules = rules.with_options(deck=args.deck)
        game = EuchreGame(rules, seed=args.seed)
    except ValueError as exc:  # RulesError is a ValueError
        parser.error(str(exc))
    humans = human_seats(args, stdin)
    for seat in humans:
        if seat not in range(4):
            parser.error(f"--human {seat}: the seats are 0 to 3 (North, East, South, West)")
    table = _Table(game, rules, args.preset, humans, stdin, Screen(out, color=args.color))
    return run_abandonable(table.run, table.say, "game", lambda: SEATS[game.to_act])


def _side(seat: int) -> int:
    return seat % 2


def _by_side(pair: Sequence[int]) -> str:
    return f"{SIDES[0]} {pair[0]}, {SIDES[1]} {pair[1]}"


def _trick(trick: Sequence[tuple[int, EuchreCard]]) -> str:
    return ", ".join(f"{SEATS[s]} {c}" for s, c in trick)


class _Table:
    """Runs a game: bots choose, humans are prompted, each action is told as it happens."""

    def __init__(
        self,
        game: EuchreGame,
        rules: EuchreRules,
        preset: str,
        humans: Sequence[int],
        stdin: TextIO,
        screen: Screen,
    ) -> None:
        self.game = game
        self.rules = rules
        self.preset = preset
        self.humans = tuple(humans)
        self.bots = {s: HeuristicBot() for s in range(4) if s not in self.humans}
        self.stdin = stdin
        self.screen = screen
        self.echo = not stdin.isatty()  # a scripted answer is shown after its prompt
        # whose eyes the log is for: the one human, else a spectator (no seat)
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.deal_number = 0

    def say(self, text: str = "") -> None:
        self.screen.say(text)

    def name(self, seat: int) -> str:
        if seat == self.viewer:
            return f"{SEATS[seat]} (you)"
        if self.viewer is not None and seat == (self.viewer + 2) % 4:
            return f"{SEATS[seat]} (partner)"
        return SEATS[seat]

    def run(self) -> None:
        game = self.game
        self._introduce()
        while not game.is_over:
            self._announce_deal()
            seat = game.to_act
            if seat in self.bots:
                self._apply(seat, self.bots[seat].choose(game))
            else:
                self._human_turn(seat)
        self._game_over()

    # ------------------------------------------------------------ telling the game
    def _introduce(self) -> None:
        target = self.rules.target
        goal = f"game to {target}" if target else "a single deal"
        self.say(f"Euchre, {self.preset} rules, {goal}")
        if not self.humans:
            self.say(
                "bots play every seat, the game log follows (stdin is not a terminal, or "
                f"--bots; on a terminal you play {SEATS[0]})"
            )
            return
        who = ", ".join(
            f"{self.name(s)}{'' if s in self.humans else ' bot'}"
            if s != self.viewer
            else self.name(s)
            for s in range(4)
        )
        self.say(f"table: {who}; {SIDES[0]} against {SIDES[1]}")
        self.say("type a choice's number or text, 'help' or '?' for help, 'quit' to leave")

    def _announce_deal(self) -> None:
        """A heading when a deal's bidding begins (nobody has bid yet), or when a turned-up
        joker has the dealer name trumps."""
        game = self.game
        obs = game.observation(game.to_act)
        if not ((obs.phase is Phase.BID and not obs.bids) or obs.phase is Phase.NAME):
            return
        self.deal_number += 1
        assert obs.dealer is not None
        self.say()
        self.say(
            f"== deal {self.deal_number}: dealer {self.name(obs.dealer)}, turned up "
            f"{obs.upcard}; score {_by_side(obs.scores)} =="
        )

    def _apply(self, seat: int, move: EuchreAction | int | str) -> None:
        """Apply ``seat``'s move (an engine error propagates, nothing changed) and tell it."""
        game = self.game
        before = game.observation(seat)
        phase = game.phase
        done = len(game.history)
        game.apply(move)
        action = str(game.history[done])
        who = self.name(seat)
        if phase is Phase.DISCARD:
            shown = action.split()[-1] if seat == self.viewer else "a card"
            self.say(f"  {who} takes {before.upcard} and discards {shown}")
        elif phase is Phase.PLAY:
            self.say(f"  {who}: {action}")
            self._trick_done(seat, before, action)
        elif action == "alone":
            self.say(f"  {who} goes alone ({SEATS[(seat + 2) % 4]} sits out)")
        elif action == "partner":
            self.say(f"  {who} plays with {SEATS[(seat + 2) % 4]}")
        else:
            self.say(f"  {who} {_told(action, phase, seat, before.dealer)}")
        if before.trump is None and game.trump is not None and not game.is_over:
            self.say(f"  trumps: {game.trump.symbol}, made by {who}")
        if phase is Phase.BID2 and action == "pass" and seat == before.dealer:
            self.say("  all passed twice: " + ("no deal" if game.is_over else "a new deal"))

    def _trick_done(self, seat: int, before: EuchreObservation, action: str) -> None:
        """After a card: the trick's winner when it is complete, the deal's score when it
        was the last trick."""
        playing = 4 - len(before.alone)  # a lone player's partner sits out
        if len(before.trick) + 1 < playing:
            return
        trump = before.trump
        assert trump is not None
        cards = [c.id for _, c in before.trick] + _cards_of(action)
        seats = [s for s, _ in before.trick] + [seat]
        winner = seats[self.game.trick_winner(int(trump), cards)]
        won = list(before.tricks_won)
        won[_side(winner)] += 1
        number = len(before.tricks) + 1
        self.say(f"  trick {number} to {self.name(winner)} ({_by_side(won)})")
        if number < 5:
            return
        maker = before.maker
        assert maker is not None
        scores = self.game.scores
        gained = [scores[k] - before.scores[k] for k in (0, 1)]
        side = 0 if gained[0] else 1
        makers = _side(maker)
        how = (
            f"the makers, take {won[makers]} tricks"
            if side == makers
            else f"euchre the makers ({won[makers]} tricks)"
        )
        points = "point" if gained[side] == 1 else "points"
        self.say(f"deal over: {SIDES[side]}, {how}: {gained[side]} {points}")
        self.say(f"score: {_by_side(scores)}")

    def _game_over(self) -> None:
        game = self.game
        self.say()
        winner = game.winner
        if winner is not None:
            result = f"{SIDES[winner]} win {game.scores[winner]}-{game.scores[1 - winner]}"
        else:  # a single deal: the deal's points, + and -
            r = game.returns()
            result = f"returns {SIDES[0]} {r[0]:+d}, {SIDES[1]} {r[1]:+d}"
        if self.viewer is not None and winner is not None:
            result += ": you win" if _side(self.viewer) == winner else ": you lose"
        self.say(f"game over: {result}")

    # ------------------------------------------------------------ a human's turn
    def _status(self, seat: int, obs: EuchreObservation) -> None:
        say = self.say
        say()
        say(f"-- {self.name(seat)} to play: {PHASES.get(obs.phase, obs.phase.value)} --")
        say(f"score: {_by_side(obs.scores)}")
        assert obs.dealer is not None
        say(f"dealer: {self.name(obs.dealer)}; turned up: {obs.upcard}")
        if obs.bids:
            said = (
                f"{SEATS[s]} {_told(b, _bid_phase(i), s, obs.dealer)}"
                for i, (s, b) in enumerate(obs.bids)
            )
            say("bids: " + ", ".join(said))
        if obs.trump is not None and obs.maker is not None:
            alone = [SEATS[s] for s in obs.alone]
            lone = f"; alone: {', '.join(alone)}" if alone else ""
            say(f"trumps: {obs.trump.symbol}, made by {self.name(obs.maker)}{lone}")
        if obs.discard is not None:
            say(f"you discarded: {obs.discard}")
        if obs.phase is Phase.PLAY:
            say(f"tricks: {_by_side(obs.tricks_won)}")
            say(f"on the table: {_trick(obs.trick) or 'nothing (you lead)'}")
        say(f"your hand: {obs.hand}" + (" Joker" if obs.joker else ""))
        if obs.phase is Phase.DISCARD:
            say(f"you take {obs.upcard} into your hand and discard one card")

    def _human_turn(self, seat: int) -> None:
        """Prompt ``seat`` until it names a legal action, then apply it."""
        game = self.game
        obs = game.observation(seat)
        legal = game.legal_actions()
        self._status(seat, obs)
        words = [_said(str(a), obs.phase, seat, obs.dealer) for a in legal]
        self.say("choices: " + "  ".join(f"{k}) {w}" for k, w in enumerate(words, 1)))
        prompt = "your choice> " if len(self.humans) == 1 else f"{SEATS[seat]}> "
        commands = {
            "help": lambda: self.say(HELP),
            "?": lambda: self.say(HELP),
            "rules": self._show_rules,
        }
        while True:
            self.screen.prompt(prompt)
            text = human_line(self.stdin, self.say if self.echo else None, commands)
            if text is None:
                continue
            if not text:
                self.say("type a choice's number or text ('?' for help)")
                continue
            move: EuchreAction | str = text
            number = choice_number(text)
            if number is not None:
                if not 1 <= number <= len(legal):
                    self.say(f"no choice {text}: choose 1-{len(legal)}")
                    continue
                move = legal[number - 1]
            else:
                found = _match(text, legal, words)
                carded = obs.phase in (Phase.PLAY, Phase.DISCARD)  # (the engine says why not)
                if found is None and not (carded and _is_card(text)):
                    shown = ", ".join(words)
                    self.say(f"not allowed: {text!r} is not a choice now (choices: {shown})")
                    continue
                move = found or text
            try:
                self._apply(seat, move)
            except ValueError as exc:  # IllegalActionError, with the engine's reason
                self.say(f"not allowed: {exc}")
                continue
            return

    def _show_rules(self) -> None:
        self.say(f"rules ({self.preset}):")
        lines = rules_lines(self.rules)
        width = max(len(label) for label, _ in lines)
        for label, value in lines:
            self.say(f"  {label:{width}}  {value}")


def _is_card(text: str) -> bool:
    """Whether ``text`` names a card (a play the engine explains when it is refused)."""
    word = text.split()[-1] if text.split() else ""
    try:
        Card.parse(word)
    except (CardParseError, ValueError):
        return word.lower() == "joker"
    return True


def _match(text: str, legal: Sequence[EuchreAction], words: Sequence[str]) -> EuchreAction | None:
    """The legal action ``text`` names: its words (``order up``, ``name ♠``, ``go alone``,
    with or without what follows them in brackets) or the engine's text (``call ♥``), in
    any case, or the card of a play or a discard (``Jh``, ``10d``); None leaves the text to
    the engine (and its reasons)."""
    lowered = " ".join(text.lower().split())
    aliases = {"order": "order up", "order it up": "order up", "pick up": "pick it up"}
    aliases |= {"alone": "go alone", "partner": "with partner", "take": "take it up"}
    aliases |= {"decline": "decline it"}
    lowered = aliases.get(lowered, lowered)
    parts = lowered.split()
    if len(parts) == 2 and parts[0] in ("name", "call") and parts[1] in _SUIT_WORDS:
        lowered = f"name {_SUIT_WORDS[parts[1]]}"
    for action, said in zip(legal, words, strict=True):
        short = said.split(" (")[0]
        if lowered in (str(action).lower(), said.lower(), short):
            return action
        if lowered.startswith("name ") and str(action).lower() == "call " + lowered[5:]:
            return action
    typed = text.split()
    if len(typed) == 2 and typed[0].lower() == "discard":
        kinds: tuple[str, ...] = ("discard {}",)
    elif len(typed) == 1:
        kinds = ("{}", "discard {}")
    else:
        return None
    try:
        card = Card.parse(typed[-1])
    except (CardParseError, ValueError):
        return None
    names = {kind.format(card) for kind in kinds}
    return next((action for action in legal if str(action) in names), None)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
