"""Toy tricks in the terminal: ``ecarte play --game toy-tricks [--rules R] [--seed N]``.

On a terminal you hold seat 0 against a bot; when stdin is not a terminal, or with
``--bots``, the bot plays both seats and the game's log is printed, unless ``--human
SEAT`` says which seats read their cards from stdin (a scripted game). A human sees only
what :meth:`ToyTricks.observation` shows that seat.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TextIO

from ecarte import Card, IllegalActionError

from .game import ORDER, PRESETS, ToyTricks

__all__ = ["bot_choice", "main"]

EXIT_ABANDONED = 1
"""A human seat's input ended before the game did."""
EXIT_INTERRUPTED = 130
"""Ctrl-C (128 + SIGINT)."""
HELP = "type the number of a card or the card (A♠, As, 10h), 'help' or '?', 'quit'"


def bot_choice(game: ToyTricks) -> Card:
    """A simple bot: lead its strongest card; follow with its cheapest card that takes
    the trick, else its cheapest card (a trump costs more than any other card)."""

    def cost(card: Card) -> tuple[bool, int]:
        return card.suit == game.trump, -ORDER.index(card.rank)

    legal = game.legal_actions()
    trick = game.trick
    if not trick:
        return max(legal, key=cost)
    taking = [card for card in legal if game.takes(trick[0], card)]
    return min(taking or legal, key=cost)


PROG = "ecarte play --game toy-tricks"
DESCRIPTION = (
    "Play Toy tricks: five cards each, follow suit, the turned-up suit trumps; whoever "
    "takes more of the five tricks wins. On a terminal you are seat 0 against a bot; "
    "otherwise, or with --bots, the bot plays both seats."
)
"""The text of ``--help``."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description=DESCRIPTION)
    parser.add_argument("--rules", default="plain", choices=sorted(PRESETS), help="(plain)")
    parser.add_argument("--seed", type=int, help="random seed for a reproducible deal")
    parser.add_argument("--bots", action="store_true", help="the bot plays both seats")
    parser.add_argument(
        "--human",
        type=int,
        action="append",
        default=[],
        choices=(0, 1),
        metavar="SEAT",
        help="a seat that reads its cards from stdin (repeatable)",
    )
    return parser


class _Quit(Exception):
    """A human typed ``quit``."""


class _EndOfInput(Exception):
    """A human seat's input ended."""


def _ask(game: ToyTricks, seat: int, stdin: TextIO, out: TextIO) -> Card:
    """A human's card: by its number in the list of legal cards, or its text."""
    view = game.observation(seat)
    legal = game.legal_actions()
    led = f"; on the table: {view.trick[0]}" if view.trick else ""
    choices = " ".join(f"{i}) {card}" for i, card in enumerate(legal, 1))
    print(f"seat {seat}, your hand: {view.hand}{led}\n  {choices}", file=out)
    while True:
        out.write("> ")
        out.flush()
        line = stdin.readline()
        if not line:
            raise _EndOfInput
        text = line.strip()
        if text in ("help", "?"):
            print(HELP, file=out)
            continue
        if text == "quit":
            raise _Quit
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        try:
            game.action_id(text)  # a card of the deck, legal or not: apply says why
        except IllegalActionError as exc:
            print(f"{exc}; {HELP}", file=out)
            continue
        return Card.parse(text)


def _run(game: ToyTricks, humans: Sequence[int], stdin: TextIO, out: TextIO) -> None:
    if not humans:
        for seat in (0, 1):
            print(f"seat {seat} holds {game.hand(seat)}", file=out)
    while not game.is_over:
        seat = game.to_act
        card = _ask(game, seat, stdin, out) if seat in humans else bot_choice(game)
        try:
            game.apply(card)
        except IllegalActionError as exc:
            print(exc, file=out)
            continue
        print(f"seat {seat} plays {card}", file=out)
        if not game.trick:
            last = game.tricks[-1]
            won = game.tricks_won
            print(f"  seat {last.winner} takes the trick ({won[0]}-{won[1]})", file=out)
    won = game.tricks_won
    print(f"game over: seat {game.winner} wins, {max(won)} tricks to {min(won)}", file=out)


def main(argv: Sequence[str], stdin: TextIO, out: TextIO) -> int:
    """Play one deal; the exit status (0, or 1 when a human's input ended first, 130
    after Ctrl-C)."""
    args = _parser().parse_args(list(argv))
    rules = PRESETS[args.rules]
    try:
        game = ToyTricks(rules, seed=args.seed)
    except ValueError as exc:  # ArgumentError is a ValueError
        _parser().error(str(exc))
    humans = sorted(set(args.human))
    if not humans and not args.bots and stdin.isatty():
        humans = [0]
    print(f"Toy tricks, {args.rules} rules, seed {game.seed}", file=out)
    print(f"turn-up {game.turnup}: {game.trump.name.lower()} are trumps", file=out)
    try:
        _run(game, humans, stdin, out)
    except _Quit:
        print("game abandoned: you quit", file=out)
    except _EndOfInput:
        print(f"\ngame abandoned: end of input while seat {game.to_act} was to play", file=out)
        return EXIT_ABANDONED
    except KeyboardInterrupt:
        print("\ngame abandoned (interrupted)", file=out)
        return EXIT_INTERRUPTED
    return 0
