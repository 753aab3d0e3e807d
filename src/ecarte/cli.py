"""The ``ecarte`` command: play a match in the terminal, list variants, benchmark."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from ._cards import Card, CardSet
from ._errors import CardParseError, EcarteError
from ._plugins import available_variants
from .actions import Action, Discard
from .game import Game, Observation, Phase
from .players import HeuristicPlayer, Player, RandomPlayer, play_match
from .rules import PRESETS, Rules

__all__ = ["main"]

HUMAN_SEAT = 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ecarte",
        description="Écarté: play a match in the terminal, list variants, run benchmarks.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = sub.add_parser(
        "play",
        help="play a match against the heuristic bot (bot against bot without a terminal)",
        description=(
            "Play a match (best of three games) against the heuristic bot. You are seat 0. "
            "Type the number of a choice or its text (e.g. 'propose', 'K♠', 'discard 7♠ 8♥'). "
            "When stdin is not a terminal, or with --bots, two bots play and the match log "
            "is printed."
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
    play.add_argument("--bots", action="store_true", help="bot against bot, print the log")
    play.add_argument(
        "--opponent",
        choices=("heuristic", "random"),
        default="heuristic",
        help="the bot to play against (heuristic)",
    )
    sub.add_parser(
        "variants",
        help="list installed variants",
        description="List the installed variants (entry points 'ecarte.variants').",
    )
    bench = sub.add_parser(
        "bench",
        help="run the benchmarks and print one table",
        description="Measure the engine against its baselines in one run and print a table.",
    )
    bench.add_argument("--quick", action="store_true", help="fewer repetitions")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``ecarte`` console script."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "variants":
            return _variants(sys.stdout)
        if args.command == "bench":
            from ._bench import run_bench

            print(run_bench(quick=args.quick))
            return 0
        if args.command == "play":
            return _play(args, sys.stdin, sys.stdout)
    except EcarteError as exc:
        print(f"ecarte: error: {exc}", file=sys.stderr)
        return 2
    _parser().print_help()
    return 0


def _variants(out: TextIO) -> int:
    variants = available_variants()
    if not variants:
        print("no variants installed (pip install ./plugins/*)", file=out)
    width = max(map(len, variants), default=0)
    for name, description in variants.items():
        print(f"{name:{width}}  {description}", file=out)
    return 0


def _make_game(args: argparse.Namespace) -> Game:
    rules = Rules.preset(args.rules)
    if args.target is not None:
        rules = rules.evolve(target=args.target)
    return Game(rules, seed=args.seed, variant=args.variant)


def _play(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    game = _make_game(args)
    interactive = not args.bots and stdin.isatty()
    opponent: Player = (
        HeuristicPlayer() if args.opponent == "heuristic" else RandomPlayer(seed=args.seed)
    )
    if not interactive:
        players: dict[int, Player] = {
            seat: HeuristicPlayer() if seat % 2 == 0 else opponent for seat in range(game.players)
        }
        _run(game, players, out)
        return 0
    players = {seat: opponent for seat in range(game.players)}
    players[HUMAN_SEAT] = _Human(stdin, out)
    try:
        _run(game, players, out)
    except (EOFError, KeyboardInterrupt):
        print("\nmatch abandoned", file=out)
        return 1
    return 0


def _run(game: Game, players: dict[int, Player], out: TextIO) -> None:
    shown = 0

    def show_log(game: Game) -> None:
        nonlocal shown
        log = game.log
        for line in log[shown:]:
            print(_decorate(line), file=out)
        shown = len(log)

    play_match(game, players, before_turn=show_log)
    print(
        f"\nmatch over: seat {game.winner} wins, games {'-'.join(map(str, game.games_won))}",
        file=out,
    )


def _decorate(line: str) -> str:
    if line.startswith(("game ", "match ")):
        return f"== {line} =="
    if " scores " in line or " king" in line:
        return f"   * {line}"
    return f"   {line}"


class _Human:
    """A player reading choices from a terminal."""

    def __init__(self, stdin: TextIO, out: TextIO) -> None:
        self._in = stdin
        self._out = out

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        obs = observation
        out = self._out
        print("", file=out)
        me = obs.seat
        bot = obs.elder if obs.dealer == me else obs.dealer
        assert bot is not None
        print(
            f"scores you {obs.scores[me]}, bot {obs.scores[bot]}  games you "
            f"{obs.games_won[me]}, bot {obs.games_won[bot]}  "
            f"trump {obs.trump.symbol if obs.trump is not None else '-'} "
            f"(turn-up {obs.turnup or '-'})  stock {obs.stock_size}",
            file=out,
        )
        if obs.phase is Phase.PLAY:
            trick = " ".join(f"{'you' if s == me else 'bot'}:{c}" for s, c in obs.trick)
            print(
                f"tricks you {obs.tricks_won[me]}, bot {obs.tricks_won[bot]}  trick [{trick}]",
                file=out,
            )
        role = "dealer" if obs.dealer == obs.seat else "elder"
        print(f"your hand ({role}): {obs.hand}", file=out)
        discarding = all(isinstance(a, Discard) for a in legal)
        if discarding:
            sizes = sorted({len(a.cards) for a in legal})  # type: ignore[attr-defined]
            cards = list(obs.hand)
            print(
                "  discard which cards? "
                + "  ".join(f"{i}) {c}" for i, c in enumerate(cards, 1))
                + f"  ({sizes[0]} to {sizes[-1]} cards: numbers or cards, empty for none)",
                file=out,
            )
        else:
            for i, action in enumerate(legal, 1):
                print(f"  {i:2}) {action}", file=out)
        while True:
            out.write("your choice> ")
            out.flush()
            line = self._in.readline()
            if not line:
                raise EOFError
            text = line.strip()
            try:
                if discarding:
                    choice: Action = _parse_discard(text, cards)
                elif _is_number(text) and 1 <= int(text) <= len(legal):
                    return legal[int(text) - 1]
                else:
                    choice = Action.parse(text)
            except EcarteError as exc:
                print(f"  not understood: {exc}", file=out)
                continue
            if choice in legal:
                return choice
            hint = "see the rules above" if discarding else f"choose 1-{len(legal)}"
            print(f"  not allowed now: {choice} ({hint})", file=out)


def _is_number(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also accepts "²", which ``int`` rejects)."""
    return text.isascii() and text.isdigit()


def _parse_discard(text: str, cards: list[Card]) -> Discard:
    """Cards to discard, by position in the hand or by name."""
    chosen = []
    for word in text.replace(",", " ").split():
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
