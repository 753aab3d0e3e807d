"""Bad input raises ValueError with a message on every backend: never a crash."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest
from _coretools import piquet_tables

from ecarte._core import HandOptions

CLASSIC = [11, 10, 9, 12, 8, 7, 6, 5]


@pytest.fixture
def ctx(impl: ModuleType) -> Any:
    return impl.make_context(*piquet_tables(CLASSIC, 1), 1)


def test_bad_context(impl: ModuleType) -> None:
    suit_of, power = piquet_tables(CLASSIC, 1)
    for args in (
        (suit_of[:10], power, 1),
        (suit_of, power, 4),
        (suit_of, power, -2),
        ([7] * 64, power, 1),
        (suit_of, [99] * 64, 1),
        (suit_of, [-1] * 64, 1),
        (suit_of, power, "x"),
    ):
        with pytest.raises(ValueError):
            impl.make_context(*args)


def test_bad_tricks(impl: ModuleType, ctx: Any) -> None:
    hand = 1 << 5 | 1 << 6
    for trick in ([64], [-1], [0], [21, 21], [21, 22, 23, 24], ["7c"], [2**70]):
        with pytest.raises(ValueError):
            impl.legal_plays(ctx, hand, trick, 3)
    for trick in ([], [21, 22, 23, 24, 25], [0], [21, 21], [21, 22, 23, 21], [3.5]):
        with pytest.raises(ValueError):
            impl.trick_winner(ctx, trick)


def test_bad_hands(impl: ModuleType, ctx: Any) -> None:
    for hand in (-1, 2**64, 1 << 0, 1.5, None):
        with pytest.raises(ValueError):
            impl.legal_plays(ctx, hand, [21], 3)
    with pytest.raises(ValueError, match="both in"):
        impl.legal_plays(ctx, 1 << 21, [21], 3)


def test_wrong_backend_context(impl: ModuleType) -> None:
    with pytest.raises(ValueError):
        impl.legal_plays(object(), 1 << 5, [], 3)


def test_bad_positions(impl: ModuleType, ctx: Any) -> None:
    a = 1 << 5 | 1 << 6
    b = 1 << 21 | 1 << 22
    cases: list[tuple[Any, ...]] = [
        ([a], 0, []),  # one player
        ([a, b, 1 << 7, 1 << 8, 1 << 9], 0, []),  # five players
        ([a, a], 0, []),  # the same card in two hands
        ([a, b | 1 << 0], 0, []),  # a card out of the deck
        ([a, b | 1 << 37], 0, []),  # sizes differ at the start of a trick
        ([a, b], 2, []),  # no such leader
        ([a, b], 0, [5]),  # trick card still in a hand
        ([a, b], 0, [7]),  # leader played but both hands have two cards
        ([a, b], 0, [7, 8]),  # a full trick is not in progress
        ([a, -1], 0, []),
    ]
    for hands, leader, trick in cases:
        with pytest.raises(ValueError):
            impl.perft(ctx, hands, leader, trick, 3, 2)
        with pytest.raises(ValueError):
            impl.solve(ctx, hands, leader, trick, 3)
    with pytest.raises(ValueError):
        impl.perft(ctx, [a, b], 0, [], 3, -1)
    with pytest.raises(ValueError):
        impl.solve(ctx, [a, b, 1 << 7 | 1 << 8], 0, [], 3)
    with pytest.raises(ValueError):
        impl.solve_batch([(ctx, [a, a], 0, [])], 3)


def test_bad_batch_arguments(impl: ModuleType) -> None:
    for n, seed in ((-1, 0), (1, -1), (1, 2**64), (1.5, 0)):
        with pytest.raises(ValueError):
            impl.random_hands(n, seed)
    for options in (
        HandOptions(order=(1, 2, 3, 4, 5, 6, 7, 8)),
        HandOptions(elder_min_discard=6),
        HandOptions(deal_pattern=41),
        HandOptions(vole_penalty=10),
    ):
        with pytest.raises(ValueError):
            impl.random_hands(1, 0, options)
        with pytest.raises(ValueError):
            impl.random_solves(1, 0, options)
    with pytest.raises(ValueError):
        impl.random_hands(1, 0, "classic")
    for seed in (-1, 2**64):
        with pytest.raises(ValueError):
            impl.Rng(seed)
    for n in (0, 2**32):
        with pytest.raises(ValueError):
            impl.Rng(1).below(n)
