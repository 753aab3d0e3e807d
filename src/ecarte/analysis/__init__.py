"""Computed analysis of Écarté: the exact counts the jeux de règle rest on.

The classical tables (Foster's Hoyle) reason from what the elder sees: its five cards and
the turn-up, which is a trump. The dealer's five cards are then one of the
C(26, 5) = 65,780 hands of the 26 other cards, and how many trumps the dealer may hold
decides whether a hand is a jeu de règle ("three tricks unless the dealer holds two
trumps or more"). :func:`dealer_trump_counts` counts them by enumerating every one of
those hands for a concrete deal:

>>> c = dealer_trump_counts(1)
>>> c.hands, c.at_most_one
(65780, 44574)
>>> dealer_trump_counts(2).at_most_one
50274

``ecarte analyse`` prints the table for every number of trumps the elder may hold.

The first decisions of a hand are then measured by simulation (:func:`decision_table`):
on random deals, the points of the hand (the seat's less the opponent's) when the elder
plays and when it proposes, and when the dealer refuses and when it accepts a proposal,
each option played out in the true deal (a fresh stock order) as the PIMC player plays
its worlds: the later exchanges by the model of both seats, the tricks double dummy
(:mod:`ecarte.games.ecarte.pimc`). Hands are grouped by the classical table when the
``ecarte-regles`` plugin is installed (each jeu de règle pattern, the dealer's
convention), and by trumps and kings:

>>> rows = decision_table(300, seed=1, side="elder", by="shape")
>>> sum(r.deals for r in rows)
300

With ``per_class=True`` the deals are dealt class by class: ``n`` deals of every class of
the deciding seat's hand, its five cards drawn within the class and the rest at random;
the zero-sum game deals every class of both seats, each deal weighing by its two classes'
exact shares of random deals (:func:`class_shares`, by enumeration; :func:`cell_weights`).
``players="pimc"`` plays the exchanges and the tricks after the first decision by the
PIMC player at both seats instead of the model and the double-dummy tricks.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from concurrent.futures import Executor
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any, Literal, NamedTuple, TextIO

from ecarte._cards import PIQUET_DECK, Card, CardSet, Rank, Suit
from ecarte._errors import ArgumentError, EcarteError
from ecarte._executors import add_executor_arguments, open_executor
from ecarte._extras import require

from ._game import (
    ClassDeals,
    DecisionRow,
    Equilibrium,
    FirstDecisionGame,
    _game_cells,
    cell_weights,
    class_game,
    class_values,
    solve,
)

__all__ = [
    "PIMC_TASK_DEALS",
    "PIMC_WORLDS",
    "TASK_DEALS",
    "DealerCounts",
    "DecisionRow",
    "Equilibrium",
    "FirstDecisionGame",
    "add_arguments",
    "cell_weights",
    "class_shares",
    "command",
    "dealer_trump_counts",
    "decision_table",
    "first_decision_game",
    "solve",
    "table",
]


class DealerCounts(NamedTuple):
    """The dealer's possible hands seen from the elder holding ``elder_trumps`` trumps."""

    elder_trumps: int
    hands: int
    """Every hand of five of the 26 cards the elder does not see."""
    by_trumps: tuple[int, ...]
    """The hands with 0, 1, ... 5 trumps."""

    @property
    def at_most_one(self) -> int:
        """The hands with at most one trump: those in which a jeu de règle is safe."""
        return self.by_trumps[0] + self.by_trumps[1]


def _deal(elder_trumps: int) -> tuple[int, int, Suit]:
    """A concrete deal: the turn-up (the 7 of spades), the elder's hand (its lowest
    spades above the turn-up, then plain cards) and the trump suit."""
    trump = Suit.SPADES
    turnup = Card.of(Rank.SEVEN, trump)
    trumps = [c for c in PIQUET_DECK if c.suit == trump and c != turnup]
    plain = [c for c in PIQUET_DECK if c.suit != trump]
    hand = trumps[:elder_trumps] + plain[: 5 - elder_trumps]
    return turnup.mask, sum(c.mask for c in hand), trump


def dealer_trump_counts(elder_trumps: int) -> DealerCounts:
    """Enumerate the dealer's hands when the elder holds ``elder_trumps`` trumps (0..5)
    and count them by their trumps."""
    if elder_trumps.__class__ is not int or not 0 <= elder_trumps <= 5:
        raise ValueError(f"elder_trumps must be an int 0..5, not {elder_trumps!r}")
    turnup, hand, trump = _deal(elder_trumps)
    unseen = [c for c in PIQUET_DECK if not (turnup | hand) & c.mask]
    trump_mask = sum(c.mask for c in PIQUET_DECK if c.suit == trump)
    ids = [c.mask for c in unseen]
    counts = [0] * 6
    for five in combinations(ids, 5):
        counts[((five[0] | five[1] | five[2] | five[3] | five[4]) & trump_mask).bit_count()] += 1
    return DealerCounts(elder_trumps, sum(counts), tuple(counts))


def closed_form(elder_trumps: int) -> tuple[int, ...]:
    """The same counts by the hypergeometric formula: ``C(t, k) * C(26 - t, 5 - k)`` for
    the ``t = 7 - elder_trumps`` trumps the elder does not see."""
    t = 7 - elder_trumps
    return tuple(comb(t, k) * comb(26 - t, 5 - k) for k in range(6))


def table() -> list[DealerCounts]:
    """The counts for every number of trumps in the elder's hand."""
    return [dealer_trump_counts(t) for t in range(6)]


def _classes(by: str, side: str) -> Callable[[CardSet, Suit], str]:
    """The label of a hand's class: its jeu de règle pattern (the elder) or the dealer's
    convention (the dealer), from the ``ecarte-regles`` plugin; or its trumps and kings."""
    if by == "shape":

        def shape(hand: CardSet, trump: Suit) -> str:
            trumps = len(hand.suit(trump))
            kings = sum(c.rank == Rank.KING for c in hand)
            return f"{trumps} trump{'s' * (trumps != 1)}, {kings} king{'s' * (kings != 1)}"

        return shape
    try:
        import ecarte_regles as regles
    except ImportError as exc:
        raise ImportError("classes by the classical table need the ecarte-regles plugin") from exc
    if side == "elder":

        def pattern(hand: CardSet, trump: Suit) -> str:
            found = regles.match_hand(hand, trump)
            return "not a jeu de règle" if found is None else f"jeu de règle: {found.name}"

        return pattern

    def convention(hand: CardSet, trump: Suit) -> str:
        d = regles.dealer_convention(hand, trump)
        return f"{'refuse' if d.play else 'accept'}: {d.reason}"

    return convention


TASK_DEALS = 5000
"""Deals per task of :func:`decision_table` and :func:`first_decision_game` (about a second
of work each)."""
PIMC_TASK_DEALS = 40
"""Deals per task with the PIMC players (a second or more of work each)."""
PIMC_WORLDS = 50
"""The PIMC players' worlds per decision unless told."""

Players = Literal["model", "pimc"]


def class_shares(
    by: Literal["classic", "shape"] = "classic", side: Literal["elder", "dealer"] = "elder"
) -> dict[str, Fraction]:
    """Each class of ``side``'s hand and its exact chance on a random deal, by enumerating
    every hand and turn-up (the classes ``by`` the classical table or trumps and kings).

    >>> shares = class_shares("shape")
    >>> sum(shares.values()), shares["0 trumps, 0 kings"]
    (Fraction(1, 1), Fraction(323, 2697))
    """
    from ._classtable import class_table

    _check_classes(by, side)
    t = class_table(by, side)
    return dict(zip(t.labels, t.shares, strict=True))


def decision_table(
    n: int,
    seed: int,
    *,
    side: Literal["elder", "dealer"] = "elder",
    by: Literal["classic", "shape"] = "classic",
    rules: object = None,
    executor: Executor | None = None,
    per_class: bool = False,
    players: Players = "model",
    worlds: int = PIMC_WORLDS,
) -> list[DecisionRow]:
    """The first decision of ``side`` on ``n`` random deals (classic rules unless
    ``rules`` is a :class:`~ecarte.Rules`), by class of the deciding seat's hand. The
    dealer's table takes the deals on which the elder proposes.

    The deals go in tasks of :data:`TASK_DEALS`, task ``k`` dealing from its own seed
    (``seed``, ``side`` and ``k``), to ``executor`` (as :func:`first_decision_game`) or in
    this process: the table depends on ``seed`` and ``n`` alone.

    With ``per_class``, ``n`` deals of every class, deal ``i`` of class ``k`` dealing from
    the spawn key ``(side, k, i)`` of ``seed`` (numpy's ``SeedSequence``), in tasks of
    :data:`TASK_DEALS` (:data:`PIMC_TASK_DEALS` with the PIMC players); each row gives its
    class's exact share. ``players`` ``"pimc"`` plays the hand after the first decision by
    the PIMC player (``worlds`` a decision) at both seats, and the dealer's table then
    takes the deals on which that player, elder, proposes."""
    from ecarte.arena import Interval

    _check(n, per_class, players, worlds, seed=seed, by=by, side=side, rules=rules)
    if per_class:
        elder, dealer, _ = _run_strata(
            (n if side == "elder" else 0, n if side == "dealer" else 0, 0), seed, by, rules,
            players, worlds, executor,
        )  # fmt: skip
        return _class_rows(side, by, elder if side == "elder" else dealer, n)
    if players != "model":
        raise ValueError("the PIMC players need per_class=True (deals by class)")
    args = [(k, i, size, seed, side, by, rules) for k, i, size in _task_sizes(n)]
    found: dict[str, list[int]] = {}
    for part in _map(executor, _table_task, args):
        for name, diffs in part.items():
            found.setdefault(name, []).extend(diffs)
    rows = []
    for name, diffs in sorted(found.items()):
        iv = Interval.of([float(d) for d in diffs])
        better = sum(d > 0 for d in diffs) / len(diffs)
        worse = sum(d < 0 for d in diffs) / len(diffs)
        rows.append(DecisionRow(name, len(diffs), iv.mean, iv.low, iv.high, better, worse))
    return rows


_SEEDS = 1 << 64
"""A run's seed is an int in ``[0, _SEEDS)``."""


def _players_seed(seed: int, i: int) -> int:
    """The players' seed of deal ``i`` of a run (random deals): a 64-bit int."""
    return (seed * 1_000_003 + i) % _SEEDS


def _check_classes(by: object, side: object) -> None:
    """ArgumentError (a ValueError) unless ``by`` and ``side`` name a grouping and a
    seat."""
    if by not in ("classic", "shape"):
        raise ArgumentError(f"by must be 'classic' or 'shape', not {by!r}")
    if side not in ("elder", "dealer"):
        raise ArgumentError(f"side must be 'elder' or 'dealer', not {side!r}")


def _check(
    n: int,
    per_class: bool,
    players: str,
    worlds: int,
    *,
    seed: object = 0,
    by: object = "shape",
    side: object = "elder",
    rules: object = None,
) -> None:
    from ecarte.games.ecarte.rules import Rules

    if n.__class__ is not int or n < 1:
        raise ArgumentError(f"n must be a positive int, not {n!r}")
    if seed.__class__ is not int or not 0 <= seed < _SEEDS:
        raise ArgumentError(f"seed must be an int 0..2**64-1, not {seed!r}")
    _check_classes(by, side)
    if rules is not None and not isinstance(rules, Rules):
        raise ArgumentError(f"rules must be an ecarte.Rules or None, not {rules!r}")
    if players not in ("model", "pimc"):
        raise ArgumentError(f"players must be 'model' or 'pimc', not {players!r}")
    if worlds.__class__ is not int or worlds < 1:
        raise ArgumentError(f"worlds must be a positive int, not {worlds!r}")


def _run_strata(
    counts: tuple[int, int, int],
    seed: int,
    by: str,
    rules: object,
    players: Players,
    worlds: int,
    executor: Executor | None,
    progress: Callable[[int, int], None] | None = None,
    interruptible: bool = False,
) -> tuple[dict[int, list[Any]], ...]:
    """``counts[s]`` deals of every class of each stratum ``s`` (:mod:`._strata`: the
    elder's classes, the dealer's after a proposal, the dealer's for the game): their
    records by class index, in the deals' order.

    The tasks go in rounds, each round the next deals of every class. If
    ``interruptible``, a KeyboardInterrupt (Ctrl-C) stops the run and keeps the rounds
    done: the first deals of every class, the same as a shorter run's."""
    from ._classtable import class_table
    from ._strata import stratum_task

    size = TASK_DEALS if players == "model" else PIMC_TASK_DEALS
    classes = [len(class_table(by, side).labels) for side in ("elder", "dealer", "dealer")]
    args = []
    for first in range(0, max(counts), size):
        for stratum, n in enumerate(counts):
            if first < n:
                for k in range(classes[stratum]):
                    args.append((stratum, k, first, min(size, n - first), seed, by, rules,
                                 players, worlds))  # fmt: skip
    parts = _map(executor, stratum_task, args, progress, interruptible)
    found: tuple[dict[int, list[Any]], ...] = ({}, {}, {})
    for a, part in zip(args, parts, strict=False):
        found[a[0]].setdefault(a[1], []).extend(part)
    if len(parts) < len(args):  # interrupted: the deals every class has
        for stratum, n in enumerate(counts):
            if n:
                done = min(len(found[stratum].get(k, [])) for k in range(classes[stratum]))
                for k in range(classes[stratum]):
                    found[stratum][k] = found[stratum].get(k, [])[:done]
    return found


def _class_rows(side: str, by: str, records: dict[int, list[Any]], n: int) -> list[DecisionRow]:
    """The table of a seat from the first ``n`` records of each of its classes."""
    from ecarte.arena import Interval

    from ._classtable import class_table

    t = class_table(by, side)
    rows = []
    for k, (label, share) in enumerate(zip(t.labels, t.shares, strict=True)):
        recs = records[k][:n]
        if side == "elder":
            diffs = [play - (refuse if refuses else accept)
                     for _, play, refuse, accept, refuses in recs]  # fmt: skip
        else:
            diffs = [accept - refuse for refuse, accept in recs]  # the dealer's points
        iv = Interval.of([float(d) for d in diffs])
        better = sum(d > 0 for d in diffs) / len(diffs)
        worse = sum(d < 0 for d in diffs) / len(diffs)
        rows.append(
            DecisionRow(label, len(diffs), iv.mean, iv.low, iv.high, better, worse, float(share))
        )
    return rows


def _task_sizes(n: int) -> list[tuple[int, int, int]]:
    """Each task's number, first deal and deals."""
    size = TASK_DEALS
    return [(k, k * size, min(size, n - k * size)) for k in range(-(-n // size))]


def _map(
    executor: Executor | None,
    task: Callable[..., Any],
    args: list[tuple[Any, ...]],
    progress: Callable[[int, int], None] | None = None,
    interruptible: bool = False,
) -> list[Any]:
    """The tasks' results in the order of ``args``, run in this process or on ``executor``;
    ``progress(done, total)`` after each (in that order). If ``interruptible``, a
    KeyboardInterrupt cancels the tasks not started and returns the results before it."""
    out: list[Any] = []
    futures = None if executor is None else [executor.submit(task, *a) for a in args]
    try:
        for i, a in enumerate(args):
            out.append(task(*a) if futures is None else futures[i].result())
            if progress is not None:
                progress(i + 1, len(args))
    except KeyboardInterrupt:
        if not interruptible:
            raise
        for f in futures or ():
            f.cancel()
    return out


def _table_task(
    task: int,
    first: int,
    size: int,
    seed: int,
    side: Literal["elder", "dealer"],
    by: Literal["classic", "shape"],
    rules: object,
) -> dict[str, list[int]]:
    """One task of :func:`decision_table`: by class, each deal's strong option's points
    less the weak one's."""
    from ecarte.games.ecarte import _pure_pimc as model
    from ecarte.games.ecarte.pimc import load_kernel
    from ecarte.games.ecarte.rules import Rules

    r = rules if isinstance(rules, Rules) else Rules()
    hand_rules = r.hand_rules()
    kernel = load_kernel()
    label = _classes(by, side)
    rng = random.Random(f"{seed}:{side}:{task}")
    deck = [c.id for c in PIQUET_DECK]
    found: dict[str, list[int]] = {}
    for j in range(size):
        i = first + j
        while True:
            rng.shuffle(deck)
            elder = sum(1 << c for c in deck[:5])
            dealer = sum(1 << c for c in deck[5:10])
            trump = deck[10] >> 4
            if side == "elder" or model.likely(hand_rules, elder, trump) < model.PLAY_THRESHOLD:
                break
        stock = sum(1 << c for c in deck[11:])
        mine, theirs = (elder, dealer) if side == "elder" else (dealer, elder)
        q = model.Query(
            rules=hand_rules,
            trump=trump,
            me=0 if side == "elder" else 1,
            phase=model.PROPOSE if side == "elder" else model.RESPOND,
            hand=mine,
            pool=theirs | stock,
            require=theirs,
        )
        weak, strong = kernel.values(q, (0, 1), _players_seed(seed, i), 1)
        found.setdefault(label(CardSet(mine), Suit(trump)), []).append(strong - weak)
    return found


def first_decision_game(
    n: int,
    seed: int,
    *,
    by: Literal["classic", "shape"] = "classic",
    rules: object = None,
    executor: Executor | None = None,
    per_class: bool = False,
    players: Players = "model",
    worlds: int = PIMC_WORLDS,
) -> FirstDecisionGame:
    """Deal ``n`` random hands (classic rules unless ``rules`` is a
    :class:`~ecarte.Rules`) and play each of the three lines of the first decision out.

    The deals go in tasks of :data:`TASK_DEALS`, task ``k`` dealing from its own seed
    (``seed`` and ``k``), to ``executor`` (any ``concurrent.futures`` executor: a process
    pool, ``dask.distributed.Client.get_executor()``) or in this process: the game depends
    on ``seed`` and ``n`` alone.

    With ``per_class``, ``n`` deals of every elder's class, seeded and played as
    :func:`decision_table` deals them (the same deals as its elder's table), and ``n`` of
    every dealer's class with the elder's hand at random, each deal weighing by the
    classes' exact shares (:attr:`FirstDecisionGame.weights`, :func:`cell_weights`)."""
    _check(n, per_class, players, worlds, seed=seed, by=by, rules=rules)
    if per_class:
        found = _run_strata((n, 0, n), seed, by, rules, players, worlds, executor)
        return _class_game(by, found, n)[0]
    if players != "model":
        raise ValueError("the PIMC players need per_class=True (deals by class)")
    args = [(k, i, size, seed, by, rules) for k, i, size in _task_sizes(n)]
    parts = _map(executor, _game_cells, args)
    cells: dict[tuple[str, str], list[int]] = {}
    for part in parts:
        for key, values in part.items():
            cell = cells.setdefault(key, [0, 0, 0, 0])
            for i, v in enumerate(values):
                cell[i] += v
    es = tuple(sorted({e for e, _ in cells}))
    ds = tuple(sorted({d for _, d in cells}))

    def grid(k: int) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(cells.get((e, d), [0, 0, 0, 0])[k] for d in ds) for e in es)

    return FirstDecisionGame(es, ds, grid(0), grid(1), grid(2), grid(3))


def _class_game(
    by: str, found: tuple[dict[int, list[Any]], ...], n: int
) -> tuple[FirstDecisionGame, ClassDeals]:
    """The game from the first ``n`` deals of every elder's class and of every dealer's
    (the game's stratum; none if it was not dealt), and its deals."""
    from ._classtable import class_table

    elder, dealer = class_table(by, "elder"), class_table(by, "dealer")
    elder_records = [found[0][k][:n] for k in range(len(elder.labels))]
    dealer_records = [found[2][k][:n] for k in range(len(dealer.labels))] if found[2] else []
    return class_game(elder.labels, dealer.labels, (elder.shares, dealer.shares),
                      elder_records, dealer_records)  # fmt: skip


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``ecarte analyse``."""
    parser.add_argument(
        "--deals",
        type=int,
        default=0,
        help="also measure the first decisions on this many random deals per side (0: none)",
    )
    parser.add_argument(
        "--game",
        type=int,
        default=0,
        metavar="DEALS",
        help="also solve the first decision as a zero-sum game on this many deals (0: no)",
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="the deals' seed, an int in [0, 2**64) (0)"
    )
    parser.add_argument(
        "--by",
        choices=("classic", "shape"),
        default="classic",
        help="classes of hands: the classical table (the ecarte-regles plugin) or trumps and kings",
    )
    parser.add_argument(
        "--per-class",
        action="store_true",
        help="deal --deals deals of every class of the deciding seat's hand and --game "
        "deals of every class of each seat's, weighting the classes by their exact shares "
        "(needs --deals or --game)",
    )
    parser.add_argument(
        "--players",
        choices=("model", "pimc"),
        default="model",
        help="who plays the hand after the first decision: the model with double-dummy "
        "tricks (fast), or the PIMC player at both seats (needs --per-class)",
    )
    parser.add_argument(
        "--worlds",
        type=int,
        help=f"the PIMC players' worlds per decision ({PIMC_WORLDS}; with --players pimc)",
    )
    add_executor_arguments(parser)


def command(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """``ecarte analyse``: the table of the dealer's hands by the elder's trumps, and with
    ``--deals`` the first decisions by class of hand. A bad option, or one whose module
    is not installed, raises :class:`~ecarte.EcarteError` (a usage error) before anything
    is printed."""
    _check_options(args)
    _check_extras(args)
    if not (args.deals or args.game):
        _counts(out)
        return 0
    with open_executor(args.dask, args.workers) as executor:  # a bad --dask: before the counts
        _counts(out)
        _simulate(args, executor, out)
    return 0


def _check_options(args: argparse.Namespace) -> None:
    """Refuse the options of ``ecarte analyse`` no run can take, naming the option."""
    for option, value in (("--deals", args.deals), ("--game", args.game)):
        if value < 0:
            raise EcarteError(f"{option} {value}: a number of deals, 0 or more")
    if not 0 <= args.seed < _SEEDS:
        raise EcarteError(f"--seed {args.seed}: an int in [0, 2**64)")
    if args.workers is not None and args.workers < 1:
        raise EcarteError(f"--workers {args.workers}: a number of processes, 1 or more")
    if args.worlds is not None:
        from ecarte.games.ecarte._pure_pimc import MAX_WORLDS

        if not 1 <= args.worlds <= MAX_WORLDS:
            raise EcarteError(f"--worlds {args.worlds}: 1 to {MAX_WORLDS}")
        if args.players != "pimc":
            raise EcarteError("--worlds needs --players pimc (the model draws no worlds)")
    else:
        args.worlds = PIMC_WORLDS
    if args.players != "model" and not args.per_class:
        raise EcarteError(f"--players {args.players} needs --per-class")
    if args.per_class and not (args.deals or args.game):
        raise EcarteError(
            "--per-class needs --deals N or --game N: the deals to deal of every class"
        )
    if args.by == "classic" and (args.deals or args.game):
        try:
            import ecarte_regles  # noqa: F401
        except ImportError:
            raise EcarteError(
                "--by classic needs the ecarte-regles plugin (pip install "
                "./plugins/ecarte-regles); --by shape groups the hands by trumps and kings "
                "without it"
            ) from None


def _check_extras(args: argparse.Namespace) -> None:
    """Refuse a run whose modules are not installed (numpy for ``--per-class`` and
    ``--game``, dask for ``--dask``), naming the extra to install, before anything is
    printed: not an ImportError's traceback once the deals are played."""
    if not (args.deals or args.game):
        return
    needed = []
    if args.per_class or args.game:
        needed.append(("numpy", "arena", "--per-class" if args.per_class else "--game"))
    if args.dask:
        needed.append(("dask.distributed", "dask", "--dask"))
    require(needed)


def _simulate(args: argparse.Namespace, executor: Executor | None, out: TextIO) -> None:
    if args.per_class:
        _simulate_by_class(args, executor, out)
        return
    if args.deals:
        sides: tuple[tuple[Literal["elder", "dealer"], str], ...] = (
            ("elder", "play - propose"),
            ("dealer", "refuse - accept, after a proposal"),
        )
        for side, what in sides:
            rows = decision_table(args.deals, args.seed, side=side, by=args.by, executor=executor)
            print(f"\n{side}: {what}, points per hand, on {args.deals:,} deals", file=out)
            _print_rows(rows, lambda row: f"{row.deals:7,} deals", out)
    if args.game:
        _print_game(args.game, args.seed, args.by, executor, out)


def _print_rows(rows: list[DecisionRow], size: Callable[[DecisionRow], str], out: TextIO) -> None:
    """A decision table, a line a row: its label, ``size(row)`` (how many deals, or the
    class's share), the advantage with its interval, and how often it is strongly better
    or worse."""
    width = max(len(r.label) for r in rows)
    for row in rows:
        print(
            f"{row.label:{width}} | {size(row)} | {row.advantage:+.3f} "
            f"[{row.low:+.3f}, {row.high:+.3f}] | better in {row.strong_better:.0%}, "
            f"worse in {row.strong_worse:.0%}",
            file=out,
        )


def _simulate_by_class(args: argparse.Namespace, executor: Executor | None, out: TextIO) -> None:
    """``--per-class``: one run of the deals of every class of both seats (the elder's deals
    serve its table and the game), then the tables and the game."""
    counts = (max(args.deals, args.game), args.deals, args.game)
    _check(max(counts[0], 1), True, args.players, args.worlds, seed=args.seed, by=args.by)
    who = (
        "the model and double-dummy tricks"
        if args.players == "model"
        else f"the PIMC player at both seats ({args.worlds} worlds a decision)"
    )
    started = [0.0]

    def progress(done: int, total: int) -> None:
        import time

        now = time.monotonic()
        if not started[0]:
            started[0] = now
        if done == total or now - started[0] >= 60:
            started[0] = now
            print(f"ecarte analyse: {done}/{total} tasks", file=sys.stderr, flush=True)

    found = _run_strata(counts, args.seed, args.by, None, args.players, args.worlds, executor,
                        progress, interruptible=True)  # fmt: skip
    elder, dealer, _ = found
    deals = min(args.deals, len(dealer[0])) if args.deals else 0
    game = min(args.game, len(elder[0]), len(found[2][0])) if args.game else 0
    if (deals, game) != (args.deals, args.game):  # Ctrl-C: the first deals of every class
        print(f"ecarte analyse: interrupted; the tables of the first deals of each class "
              f"(as --deals {deals} --game {game})", file=sys.stderr)  # fmt: skip
        args = argparse.Namespace(**{**vars(args), "deals": deals, "game": game})
    if args.deals:
        for side, recs, what in (
            ("elder", elder, "play - propose"),
            ("dealer", dealer, "refuse - accept, after a proposal"),
        ):
            rows = _class_rows(side, args.by, recs, args.deals)
            print(
                f"\n{side}: {what}, points per hand, {args.deals:,} deals of each class, "
                f"played by {who}",
                file=out,
            )
            _print_rows(rows, lambda row: f"share {row.share:7.3%}", out)
    if args.game:
        solved, on = _class_game(args.by, found, args.game)
        _print_solved(solved, f"{args.game:,} deals of each class of each seat, played by {who}",
                      out, on)  # fmt: skip


def classical(label: str) -> str:
    """The classical advice for a class of :func:`first_decision_game` by the classical
    table: play a jeu de règle, refuse by the dealer's convention ("" for other classes)."""
    if label.startswith(("jeu de règle", "refuse")):
        return "play" if label.startswith("jeu") else "refuse"
    if label.startswith(("not a jeu", "accept")):
        return "propose" if label.startswith("not") else "accept"
    return ""


def _print_game(
    n: int, seed: int, by: Literal["classic", "shape"], executor: Executor | None, out: TextIO
) -> None:
    game = first_decision_game(n, seed, by=by, executor=executor)
    _print_solved(game, f"{n:,} deals", out)


def _print_solved(
    game: FirstDecisionGame, on: str, out: TextIO, deals: ClassDeals | None = None
) -> None:
    """The equilibrium beside the classical advice; with the ``deals`` of a game dealt by
    class, each class's gain at the equilibrium with its interval."""
    eq = solve(game)
    value = f"{eq.value:+.3f}"
    if deals is not None:
        elder_rows, dealer_rows, (_, low, high) = class_values(game, deals, eq)
        value += f" [{low:+.3f}, {high:+.3f}]"
    print(
        f"\nThe first decision as a zero-sum game, on {on} (CFR+): value {value} points "
        f"per hand to the elder, exploitability {eq.exploitability:.4f}",
        file=out,
    )
    for who, labels, size, chances, what in (
        ("elder", game.elder_classes, [sum(r) for r in game.deals], eq.play, "play"),
        ("dealer", game.dealer_classes, [sum(c) for c in zip(*game.deals, strict=True)],
         eq.refuse, "refuse"),
    ):  # fmt: skip
        width = max(len(x) for x in labels)
        gains = [""] * len(labels)
        if deals is not None:
            rows = elder_rows if who == "elder" else dealer_rows
            size = [r.deals for r in rows]
            gains = [f" | {r.advantage:+.3f} [{r.low:+.3f}, {r.high:+.3f}]" for r in rows]
            what += f" | its gain ({'play - propose' if who == 'elder' else 'refuse - accept'})"
        print(f"{who}: chance to {what} at the equilibrium | the classical advice", file=out)
        for label, k, x, gain in zip(labels, size, chances, gains, strict=True):
            advice = classical(label) or "-"
            print(f"{label:{width}} | {k:7,} deals | {x:5.2f}{gain} | {advice}", file=out)


def _counts(out: TextIO) -> None:
    rows = table()
    print(
        f"The elder sees 6 cards (its hand and the turn-up, a trump): the dealer holds one "
        f"of {rows[0].hands:,} hands of the other 26.",
        file=out,
    )
    head = " ".join(f"{k:>6}" for k in range(6))
    print(f"elder trumps | dealer hands with k trumps: {head} | at most one (share)", file=out)
    for r in rows:
        counts = " ".join(f"{n:>6,}" for n in r.by_trumps)
        share = r.at_most_one / r.hands
        print(f"{r.elder_trumps:12} | {counts:>68} | {r.at_most_one:,} ({share:.1%})", file=out)
