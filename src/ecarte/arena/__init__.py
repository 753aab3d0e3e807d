"""The arena: matches between two players on paired deals, with confidence intervals.

:func:`run` plays pairs of matches: each pair is two matches from one deal seed, player A
at each side in turn, so the luck of the cards cancels within a pair. The summary gives
A's match win rate and its points less B's per hand with 95% intervals (the paired
estimate, one value per pair; the unpaired one beside it), the decisions and the time per
decision of each player; :func:`plot` draws it (PNG and SVG). ``ecarte arena`` is the
command (docs/arena.md).

Tasks of a few pairs go to any ``concurrent.futures`` executor (a process pool by default,
or ``dask.distributed.Client.get_executor()``); each pair's seeds come from a
``numpy.random.SeedSequence`` spawn key, so the same seed gives the same numbers whatever
the executor and the number of workers.

>>> r = run(["heuristic", "random"], 4, seed=1, workers=1)
>>> s = r.summary()
>>> s["matches"], s["win_rate"]["mean"] > 0.5
(8, True)
>>> again = run(["heuristic", "random"], 4, seed=1, workers=1, pairs_per_task=3)
>>> again.summary()["per_pair"] == s["per_pair"]  # tasks of any size: the same numbers
True
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from .._errors import EcarteError
from .._executors import add_executor_arguments, dask_executor
from .._extras import require
from ._games import (
    GAMES,
    ArenaGame,
    EcarteArena,
    EuchreArena,
    Outcome,
    PlayerError,
    PlayerSpec,
)
from ._plot import plot
from ._run import (
    ArenaResult,
    Interval,
    Pair,
    _checked,
    pair_seeds,
    play_pairs,
    run,
    summarize,
)

__all__ = [
    "GAMES",
    "ArenaGame",
    "ArenaResult",
    "EcarteArena",
    "EuchreArena",
    "Interval",
    "Outcome",
    "Pair",
    "PlayerError",
    "PlayerSpec",
    "add_arguments",
    "command",
    "pair_seeds",
    "play_pairs",
    "plot",
    "run",
    "summarize",
]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``ecarte arena``."""
    parser.add_argument("a", metavar="PLAYER_A", help="e.g. pimc, pimc:worlds=200, heuristic")
    parser.add_argument("b", metavar="PLAYER_B", help="e.g. heuristic, regles, random")
    parser.add_argument("--game", default="ecarte", choices=sorted(GAMES), help="(ecarte)")
    parser.add_argument("--rules", help="the game's rules preset (its default without one)")
    parser.add_argument(
        "--pairs", type=int, default=100, help="pairs of matches, seats swapped (100)"
    )
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (0)")
    add_executor_arguments(parser)
    parser.add_argument(
        "--pairs-per-task", type=int, default=8, help="pairs in one task (8; a few seconds)"
    )
    parser.add_argument("--json", metavar="PATH", help="write the summary here ('-': stdout)")
    parser.add_argument("--plot", metavar="STEM", help="draw STEM.png and STEM.svg")
    parser.add_argument("--progress", action="store_true", help="a progress bar on stderr")


def command(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """``ecarte arena``: run, print the summary, write the JSON and the plot (with
    ``--json -`` the JSON alone on ``out``, the rest on stderr). A bad option (a number
    out of its range, a player, rules or an output that cannot be written) raises
    :class:`~ecarte.EcarteError` before anything starts (a Dask cluster, a match)."""
    _check_numbers(args)
    _check_outputs(args)
    _check_extras(args)
    _checked([args.a, args.b], args.pairs, args.game, args.rules, args.seed, args.workers,
             args.pairs_per_task)  # fmt: skip
    with dask_executor(args.dask, args.workers) as executor:
        result = run(
            [args.a, args.b],
            args.pairs,
            game=args.game,
            rules=args.rules,
            seed=args.seed,
            executor=executor,
            workers=args.workers,
            pairs_per_task=args.pairs_per_task,
            progress=args.progress,
        )
    summary = result.summary()
    text_out = sys.stderr if args.json == "-" else out  # stdout is the JSON's alone
    print(report(summary), file=text_out)
    if args.json:
        text = json.dumps(summary, indent=1)
        if args.json == "-":
            print(text, file=out)
        else:
            with open(args.json, "w", encoding="utf-8") as f:
                f.write(text + "\n")
    if args.plot:
        for path in plot(summary, args.plot):
            print(f"plot: {path}", file=text_out)
    return 0


def _check_numbers(args: argparse.Namespace) -> None:
    """Refuse a number of ``ecarte arena`` out of its range, naming the option."""
    for option, value, least, what in (
        ("--pairs", args.pairs, 2, "pairs of matches, 2 or more"),
        ("--pairs-per-task", args.pairs_per_task, 1, "pairs in a task, 1 or more"),
        ("--seed", args.seed, 0, "an int, 0 or more"),
        ("--workers", args.workers, 1, "a number of processes, 1 or more"),
    ):
        if value is not None and value < least:
            raise EcarteError(f"{option} {value}: {what}")


def _check_extras(args: argparse.Namespace) -> None:
    """Refuse a run whose modules are not installed (numpy for the seeds, matplotlib for
    ``--plot``, dask for ``--dask``), naming the extra to install, before any match is
    played: not a worker's traceback."""
    needed = [("numpy", "arena", "the arena")]
    if args.plot:
        needed.append(("matplotlib", "arena", "--plot"))
    if args.dask:
        needed.append(("dask.distributed", "dask", "--dask"))
    require(needed)


def _check_outputs(args: argparse.Namespace) -> None:
    """Refuse a ``--json`` or ``--plot`` path that cannot be written (its folder missing,
    a folder in its place), naming the option, before any match is played."""
    outputs: list[tuple[str, str, list[Path]]] = []
    if args.json and args.json != "-":
        outputs.append(("--json", args.json, [Path(args.json)]))
    if args.plot:
        stem = Path(args.plot)
        outputs.append(("--plot", args.plot, [stem.with_suffix(".png"), stem.with_suffix(".svg")]))
    for option, given, paths in outputs:
        for path in paths:
            if not path.parent.is_dir():
                raise EcarteError(f"{option} {given}: cannot write {path}: no folder {path.parent}")
            if path.is_dir():
                raise EcarteError(f"{option} {given}: cannot write {path}: it is a folder")


def report(summary: dict[str, Any]) -> str:
    """A few lines of text for a summary."""
    a, b = summary["players"]["a"], summary["players"]["b"]
    w, u, p = summary["win_rate"], summary["win_rate_unpaired"], summary["points_per_hand"]
    t = summary["timing"]
    return "\n".join(
        [
            f"{summary['game']}: {a} (A) against {b} (B), {summary['pairs']} pairs = "
            f"{summary['matches']} matches, {summary['hands']} hands, seed {summary['seed']}",
            f"A's match win rate {w['mean']:.4f}, 95% interval [{w['ci95'][0]:.4f}, "
            f"{w['ci95'][1]:.4f}] (paired; unpaired [{u['ci95'][0]:.4f}, {u['ci95'][1]:.4f}])",
            f"A's points less B's per hand {p['mean']:+.4f}, 95% interval "
            f"[{p['ci95'][0]:+.4f}, {p['ci95'][1]:+.4f}]",
            f"time per decision: A {t['a']['ms_per_decision']:.3f} ms "
            f"({t['a']['decisions']} decisions), B {t['b']['ms_per_decision']:.3f} ms "
            f"({t['b']['decisions']} decisions); {summary['seconds']:.1f} s on "
            f"{summary['executor']}",
        ]
    )
