"""The whole-deal row of ``ecarte bench``: random Euchre deals played whole in the C core
against OpenSpiel's C++ playing them whole (``pyspiel.evaluate_bots``).

- ecarte: ``ecarte.games.euchre.random_games(n, seed, EuchreRules.openspiel())``, one
  call: whole deals under OpenSpiel's rules in the core's Euchre machine (one thread),
  every decision uniform among the legal ones (bids, going alone, the discard, the
  cards), chance from each deal's seed;
- OpenSpiel: one ``pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)`` per deal
  with four uniform random bots: its C++ plays the deal, Python only loops over deals.

The same rules and the same kind of players on both sides. The functions are shared with
``benches/euchre_batch.py`` and ``benches/test_bench_euchre.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import _core
from .core_rows import NO_COMPILED_CORE
from .harness import Contender, Row, interleave, none

WHOLE_DEALS = "random whole deals in C, against evaluate_bots"
"""The row's name."""
TARGET_DEALS = 5.0
"""At least this many times OpenSpiel's deals per second."""


def ecarte_deals(n: int, seed: int) -> Any:
    """``n`` random Euchre deals under OpenSpiel's rules in the core's Euchre machine (one
    thread); their totals."""
    from ..games.euchre import EuchreRules, random_games

    return random_games(n, seed, EuchreRules.openspiel())


def check_deals(n: int, seed: int) -> None:
    """Raise unless :func:`ecarte_deals` played ``n`` whole deals, each of at least the
    24 cards dealt (its totals: games, deals, steps) and zero-sum."""
    t = ecarte_deals(n, seed)
    if t.games != n or t.deals != n or t.steps < 24 * n or sum(t.points) != 0:
        raise AssertionError(f"random_games({n}) did not play {n} whole deals: {t}")


def openspiel_bots(pyspiel: Any) -> tuple[Any, list[Any]]:
    """OpenSpiel's ``euchre`` and four uniform random bots."""
    return pyspiel.load_game("euchre"), [
        pyspiel.make_uniform_random_bot(p, 1234 + p) for p in range(4)
    ]


def openspiel_deals(pyspiel: Any, game: Any, bots: list[Any], seeds: Iterable[int]) -> None:
    """One ``evaluate_bots`` per seed: a whole random deal in OpenSpiel's C++."""
    for seed in seeds:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)


def deal_rows(quick: bool, pyspiel: Any) -> list[Row]:
    """The whole-deal row: deals per second on each side (medians of interleaved rounds)
    and how many times OpenSpiel's rate ecarte's is (the median of the rounds' ratios)."""
    try:
        import ecarte.games.euchre  # noqa: F401
    except ImportError as e:
        return [Row(WHOLE_DEALS, "not installed", note=str(e))]
    if not any(name in _core.backends() for name in ("cython", "cffi")):
        return [Row(WHOLE_DEALS, "n/a", note=NO_COMPILED_CORE)]  # (the twin is no C)
    n, rounds = (4_000, 3) if quick else (50_000, 11)
    m = max(1, n // 20)  # about the same time on each side
    check_deals(1_000, 1)  # and warm up
    contenders = [Contender("ecarte", none, lambda _: ecarte_deals(n, 0), n)]
    target = f"≥ {TARGET_DEALS:.0f}x"
    note = (
        f"OpenSpiel's rules, uniform random players; {n:,} deals in one call (one thread), "
        f"against {m:,} evaluate_bots calls, one a deal"
    )
    if pyspiel is not None:
        game, bots = openspiel_bots(pyspiel)
        contenders.append(
            Contender(
                "openspiel", none, lambda _: openspiel_deals(pyspiel, game, bots, range(m)), m
            )
        )
    t = interleave(contenders, rounds)
    figure = f"{1 / t['ecarte']:,.0f} deals/s"
    if pyspiel is None:
        return [Row(WHOLE_DEALS, figure, "not installed", "", target, note)]
    faster = 1 / t.ratio("ecarte", "openspiel")
    verdict = f"{target}: {'met' if faster >= TARGET_DEALS else '**missed**'}"
    baseline = f"{1 / t['openspiel']:,.0f} deals/s"
    return [Row(WHOLE_DEALS, figure, baseline, f"{faster:.1f}x faster", verdict, note)]
