"""pytest-benchmark benches of the core: ``pytest benches --benchmark-enable``.

Each bench runs on every importable backend, so the C/pure ratio comes from one run.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

import ecarte._core as core
import ecarte.games.ecarte  # noqa: F401 - registers Écarté's hand batches
from ecarte.engine import backend

BACKENDS = core.backends()
ORDER = [11, 10, 9, 12, 8, 7, 6, 5]
DECK = 0x1FE0_1FE0_1FE0_1FE0
HANDS = [0x0800_0280_0480_0000, 0x0480_0000_0000_1840]


@pytest.fixture(params=sorted(BACKENDS))
def impl(request: pytest.FixtureRequest) -> ModuleType:
    return BACKENDS[request.param]


def _hands(impl: ModuleType) -> Any:
    """Écarté's hand batches (``random_hands``, ``random_solves``) on the backend of impl."""
    name = next(n for n, m in BACKENDS.items() if m is impl)
    return backend.module("ecarte.hands", name)


def _n(impl: ModuleType, compiled: int, pure: int) -> int:
    return pure if impl is BACKENDS["pure"] else compiled


def test_random_hands(benchmark: Any, impl: ModuleType) -> None:
    n = _n(impl, 100_000, 500)
    t = benchmark(_hands(impl).random_hands, n, 1)
    assert t.hands == n


def test_perft(benchmark: Any, impl: ModuleType) -> None:
    ctx = core.ranked_context(1, ORDER, DECK, impl)
    assert benchmark(impl.perft, ctx, HANDS, 0, [], 0, 10) == 8640


def test_random_solves(benchmark: Any, impl: ModuleType) -> None:
    n = _n(impl, 10_000, 30)
    assert len(benchmark(_hands(impl).random_solves, n, 1).values) == n


def test_legal_plays(benchmark: Any, impl: ModuleType) -> None:
    ctx = core.ranked_context(1, ORDER, DECK, impl)
    # the follower holds two cards of the led suit (3): those two
    assert benchmark(impl.legal_plays, ctx, HANDS[1], [59], 3) == 0x0480_0000_0000_0000


def test_trick_winner(benchmark: Any, impl: ModuleType) -> None:
    ctx = core.ranked_context(1, ORDER, DECK, impl)
    assert benchmark(impl.trick_winner, ctx, [59, 26]) == 1  # the trump (suit 1) wins


def test_callgrind_instructions_per_hand(benchmark: Any) -> None:
    """Instructions per random hand of the C batch under callgrind (benches/c/driver.c
    compiled with the core's ec_*.c); skips naming what is missing (valgrind, a compiler,
    the driver: an installed wheel has no benches/)."""
    from ecarte._bench.core_rows import callgrind_per_hand

    figure, note = benchmark.pedantic(callgrind_per_hand, args=(20_000,), rounds=1)
    if figure == "n/a":
        pytest.skip(note)
    benchmark.extra_info["instructions_per_hand"] = int(figure.split()[0].replace(",", ""))
