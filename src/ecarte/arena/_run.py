"""Running an arena: paired matches in tasks on any executor, seeded by spawn keys, and
their statistics."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any, NamedTuple

from ecarte._errors import ArgumentError
from ecarte.engine.batch import _Bar

from ._games import GAMES, ArenaGame, Outcome, PlayerError, PlayerSpec

__all__ = ["ArenaResult", "Interval", "Pair", "pair_seeds", "play_pairs", "run", "summarize"]

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


class Pair(NamedTuple):
    """The two matches of one deal seed, seen from player A: A at side 0 then at side 1.
    ``wins`` 0 to 2 (a drawn match, a deal passed out, counts a half); ``net`` A's points
    less B's over both; ``hands`` both matches'."""

    wins: float
    net: int
    hands: int
    a_first: Outcome
    a_second: Outcome


def pair_seeds(seed: int, pair: int) -> tuple[int, int, int]:
    """The deal seed and the seeds of players A and B for pair ``pair`` of an arena run
    from ``seed``: the state of ``numpy.random.SeedSequence(seed, spawn_key=(pair,))``, so
    a pair's numbers never depend on where or with what else it is played.

    >>> pair_seeds(7, 0) == pair_seeds(7, 0) != pair_seeds(7, 1)
    True

    ``seed`` and ``pair`` are ints >= 0 (:class:`~ecarte.ArgumentError` otherwise).
    """
    for name, value in (("seed", seed), ("pair", pair)):
        if value.__class__ is not int or value < 0:
            raise ArgumentError(f"{name} must be an int >= 0, not {value!r}")
    try:
        from numpy.random import SeedSequence
    except ImportError as exc:  # pragma: no cover - numpy comes with the arena extra
        raise ImportError("the arena needs numpy: pip install 'ecarte[arena]'") from exc
    deal, a, b = (int(x) for x in SeedSequence(seed, spawn_key=(pair,)).generate_state(3, "uint64"))
    return deal, a, b


def play_pairs(
    game: ArenaGame | str, rules: Any, specs: Sequence[str], seed: int, start: int, stop: int
) -> list[Pair]:
    """Play pairs ``start..stop-1`` (one task): for each, a match with A at side 0 and one
    with A at side 1, from the same deal seed. A player that raises or chooses what the
    game refuses stops it with :class:`PlayerError`, naming player A or B and the pair."""
    g = GAMES[game] if isinstance(game, str) else game
    a_spec, b_spec = (PlayerSpec.parse(s) for s in specs)
    out = []
    for pair in range(start, stop):
        deal, a_seed, b_seed = pair_seeds(seed, pair)
        outcomes = []
        for a_side in (0, 1):
            a = g.make_player(a_spec, a_seed)
            b = g.make_player(b_spec, b_seed)
            seats: list[Any] = [None] * sum(len(s) for s in g.sides)
            for side, player in ((a_side, a), (1 - a_side, b)):
                for s in g.sides[side]:
                    seats[s] = player
            try:
                outcomes.append(g.play(rules, deal, seats))
            except PlayerError as exc:
                side = 0 if exc.seat in g.sides[0] else 1
                who, spec = ("A", a_spec) if side == a_side else ("B", b_spec)
                player = (
                    f"player {who} {str(spec)!r} in pair {pair} of seed {seed} (A at side {a_side})"
                )
                if isinstance(exc.__cause__, ArgumentError):  # rules it does not play
                    raise ArgumentError(f"{player} at seat {exc.seat}: {exc.reason}") from exc
                raise PlayerError(exc.reason, exc.seat, player) from exc
        first, second = outcomes
        draws = (first.winner == -1) + (second.winner == -1)
        wins = (first.winner == 0) + (second.winner == 1) + draws / 2
        net = first.points[0] - first.points[1] + second.points[1] - second.points[0]
        out.append(Pair(wins, net, first.hands + second.hands, first, second))
    return out


class Interval(NamedTuple):
    """A mean with its 95% confidence interval (normal approximation) and standard error."""

    mean: float
    low: float
    high: float
    se: float

    @staticmethod
    def of(values: Sequence[float], bounds: tuple[float, float] | None = None) -> Interval:
        """The mean of ``values`` with its interval, clipped to ``bounds`` (a proportion's
        are ``(0.0, 1.0)``) when given."""
        n = len(values)
        mean = sum(values) / n
        var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
        se = math.sqrt(var / n)
        low, high = mean - Z95 * se, mean + Z95 * se
        if bounds is not None:
            low, high = max(low, bounds[0]), min(high, bounds[1])
        return Interval(mean, low, high, se)

    @staticmethod
    def ratio(num: Sequence[float], den: Sequence[float]) -> Interval:
        """``sum(num) / sum(den)`` with the delta method's interval over the units."""
        n = len(num)
        r = sum(num) / sum(den)
        dbar = sum(den) / n
        resid = [x - r * d for x, d in zip(num, den, strict=True)]
        var = sum(e * e for e in resid) / (n - 1) if n > 1 else 0.0
        se = math.sqrt(var / n) / dbar
        return Interval(r, r - Z95 * se, r + Z95 * se, se)

    def to_json(self) -> dict[str, float]:
        return {"mean": self.mean, "ci95": [self.low, self.high], "se": self.se}  # type: ignore[dict-item]


class ArenaResult(NamedTuple):
    """What an arena run found: the numbers (the same for the same seed whatever the
    executor) and the timings (which are not)."""

    game: str
    rules: str
    players: tuple[str, str]
    seed: int
    pairs: tuple[Pair, ...]
    seconds: float
    executor: str

    @property
    def matches(self) -> int:
        return 2 * len(self.pairs)

    def summary(self) -> dict[str, Any]:
        """The numbers and timings as plain JSON values (:func:`summarize`)."""
        return summarize(self)


def summarize(r: ArenaResult) -> dict[str, Any]:
    """Player A's match win rate (the paired estimate: one value a pair, the mean of its two
    matches; and the same matches taken as independent, for comparison), its points less
    B's per hand (a ratio over the pairs), the wins by side, and the decisions and time per
    decision of each player."""
    pairs = r.pairs
    per_pair = [p.wins / 2 for p in pairs]
    per_match = [
        1.0 if o.winner == side else 0.5 if o.winner == -1 else 0.0
        for p in pairs
        for side, o in enumerate((p.a_first, p.a_second))
    ]
    decisions = [0, 0]
    seconds = [0.0, 0.0]
    side0_wins = 0
    for p in pairs:
        for a_side, o in ((0, p.a_first), (1, p.a_second)):
            side0_wins += o.winner == 0
            for player, side in ((0, a_side), (1, 1 - a_side)):
                decisions[player] += o.decisions[side]
                seconds[player] += o.seconds[side]
    timing = {
        name: {
            "decisions": decisions[i],
            "seconds": seconds[i],
            "ms_per_decision": 1000 * seconds[i] / decisions[i] if decisions[i] else 0.0,
        }
        for i, name in enumerate(("a", "b"))
    }
    return {
        "game": r.game,
        "rules": r.rules,
        "players": {"a": r.players[0], "b": r.players[1]},
        "seed": r.seed,
        "pairs": len(pairs),
        "matches": r.matches,
        "hands": sum(p.hands for p in pairs),
        "win_rate": Interval.of(per_pair, (0.0, 1.0)).to_json(),
        "win_rate_unpaired": Interval.of(per_match, (0.0, 1.0)).to_json(),
        "points_per_hand": Interval.ratio(
            [p.net for p in pairs], [p.hands for p in pairs]
        ).to_json(),
        "side0_win_rate": side0_wins / r.matches,
        "per_pair": [[p.wins, p.net, p.hands] for p in pairs],
        "timing": timing,
        "seconds": r.seconds,
        "executor": r.executor,
    }


def _tasks(pairs: int, per_task: int) -> list[tuple[int, int]]:
    return [(s, min(pairs, s + per_task)) for s in range(0, pairs, per_task)]


def _checked(
    players: Sequence[str],
    pairs: int,
    game: str | ArenaGame,
    rules: Any,
    seed: int,
    workers: int | None,
    pairs_per_task: int,
) -> tuple[ArenaGame, list[str]]:
    """The game and the players' specs of :func:`run`'s arguments, or
    :class:`~ecarte.ArgumentError` for the first bad one, before anything starts."""
    if len(players) != 2:
        raise ArgumentError(f"an arena takes two players, not {len(players)}")
    g = GAMES.get(game, None) if isinstance(game, str) else game
    if g is None:
        raise ArgumentError(f"no arena for game {game!r}; known: {', '.join(GAMES)}")
    if pairs.__class__ is not int or pairs < 2:
        raise ArgumentError(f"pairs must be an int >= 2, not {pairs!r}")
    if pairs_per_task.__class__ is not int or pairs_per_task < 1:
        raise ArgumentError(f"pairs_per_task must be an int >= 1, not {pairs_per_task!r}")
    if seed.__class__ is not int or seed < 0:
        raise ArgumentError(f"seed must be an int >= 0, not {seed!r}")
    if workers is not None and (workers.__class__ is not int or workers < 1):
        raise ArgumentError(f"workers must be an int >= 1 or None, not {workers!r}")
    for p in players:
        if not isinstance(p, str):
            raise ArgumentError(f"a player is text such as 'pimc:worlds=200', not {p!r}")
    specs = [str(PlayerSpec.parse(p)) for p in players]
    for spec in specs:  # a bad player fails here, not in a worker
        g.make_player(PlayerSpec.parse(spec), 0)
    check = getattr(g, "check", None)
    if check is not None:  # an unknown preset: here, not in the first match
        check(rules, [PlayerSpec.parse(s) for s in specs])
    return g, specs


def run(
    players: Sequence[str],
    pairs: int,
    *,
    game: str | ArenaGame = "ecarte",
    rules: Any = None,
    seed: int = 0,
    executor: Executor | None = None,
    workers: int | None = None,
    pairs_per_task: int = 8,
    progress: bool = False,
) -> ArenaResult:
    """Play ``pairs`` pairs of matches between ``players`` (two :class:`PlayerSpec` texts,
    A and B) and return the result.

    Each pair is two matches from one deal seed, A at each side in turn; its seeds come
    from the spawn key ``(pair,)`` of ``seed`` (:func:`pair_seeds`), so the numbers depend
    on ``seed`` only, never on the executor, the workers or ``pairs_per_task``. Tasks of
    ``pairs_per_task`` pairs go to ``executor`` (any ``concurrent.futures.Executor``:
    a process pool, ``dask.distributed.Client.get_executor()``...); without one, a
    process pool of ``workers`` (default: the machine's cores) is made and shut down, and
    ``workers=1`` plays in this process. ``seed`` is an int >= 0. A bad argument (a
    player, ``rules`` the game does not know...) raises :class:`~ecarte.ArgumentError`
    before any match."""
    g, specs = _checked(players, pairs, game, rules, seed, workers, pairs_per_task)
    key: ArenaGame | str = g.name if isinstance(game, str) else g
    tasks = _tasks(pairs, pairs_per_task)
    start_time = time.perf_counter()
    own: Executor | None = None
    if executor is None and (workers or os.cpu_count() or 1) > 1:
        own = executor = ProcessPoolExecutor(max_workers=workers)
    results: list[list[Pair]] = [[] for _ in tasks]
    try:
        with _Bar(progress, f"{specs[0]} v {specs[1]}", pairs) as bar:
            if executor is None:
                for i, (a, b) in enumerate(tasks):
                    results[i] = play_pairs(key, rules, specs, seed, a, b)
                    bar.advance(b - a)
            else:
                futures: list[Future[list[Pair]]] = [
                    executor.submit(play_pairs, key, rules, specs, seed, a, b) for a, b in tasks
                ]
                index = {id(f): i for i, f in enumerate(futures)}
                for f in as_completed(futures):
                    i = index[id(f)]
                    results[i] = f.result()
                    bar.advance(tasks[i][1] - tasks[i][0])
    finally:
        if own is not None:
            own.shutdown(cancel_futures=True)
    where = "this process" if executor is None else type(executor).__name__
    return ArenaResult(
        g.name,
        "default" if rules is None else str(rules),
        (specs[0], specs[1]),
        seed,
        tuple(p for chunk in results for p in chunk),
        time.perf_counter() - start_time,
        where,
    )
