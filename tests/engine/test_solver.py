"""The double-dummy solver's answers pinned, and the power-space search on unusual decks.

The C solver and its pure twin search contexts with distinct powers in "power space" (see
docs/c-core.md); these tests hold its answers to those of the previous search and of a plain
minimax, including suits with 16 ranks, where a suit's top position is bit 15 of its lane.
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest
from helpers import deal_hands, hands_of
from helpers import minimax as _minimax

from ecarte._core import MUST_OVERTAKE, MUST_TRUMP, backends
from ecarte._core._pure import solver as _solver
from ecarte.games.ecarte._pure_hands import HandOptions

pytestmark = pytest.mark.own_backends  # each backend through impl or its own parameters

PURE = backends()["pure"]

# Digests of random_solves computed by the previous search (the generic one below, used for
# every context before commit 88ec7b5); every value and move must stay the same.
PINNED = [
    (300, 11, None, 0x5FA104106B0D9AF4),
    (
        300,
        5,
        HandOptions(order=(12, 11, 10, 9, 8, 7, 6, 5), must_overtake=False, deal_pattern=23),
        0xA4183DB14210D847,
    ),
]


def test_random_solves_pinned(impl: ModuleType) -> None:
    for n, seed, options, digest in PINNED:
        assert hands_of(impl).random_solves(n, seed, options).digest == digest


def _wide_tables(rng: random.Random) -> tuple[list[int], list[int]]:
    """Four suits of 16 ranks (every card id in the deck), a random rank order per suit."""
    suit_of = [c // 16 for c in range(64)]
    power = [0] * 64
    for s in range(4):
        order = list(range(1, 17))
        rng.shuffle(order)
        for r in range(16):
            power[s * 16 + r] = order[r]
    return suit_of, power


def _positions(seed: int, n: int, size: int, suits: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    for _ in range(n):
        trump = rng.randrange(-1, suits)
        suit_of, power = _wide_tables(rng)
        deck = [c for c in range(64) if c // 16 < suits]
        k = rng.randint(1, size)
        leader = rng.randrange(2)
        hands = deal_hands(rng, deck, [k, k])
        trick: list[int] = []
        if rng.random() < 0.4:
            c = (hands[leader] & -hands[leader]).bit_length() - 1
            hands[leader] &= ~(1 << c)
            trick = [c]
        flags = rng.choice([0, MUST_OVERTAKE, MUST_TRUMP, MUST_OVERTAKE | MUST_TRUMP])
        yield suit_of, power, trump, hands, leader, trick, flags


def _generic(ctx: object, hands: list[int], leader: int, trick: list[int], flags: int):  # type: ignore[no-untyped-def]
    """The pure twin's generic search (card ids, no renumbering) on any context."""
    return _solver._Solver(ctx, flags, power_space=False).solve(hands, leader, trick)


def test_wide_suits_against_minimax(impl: ModuleType) -> None:
    for suit_of, power, trump, hands, leader, trick, flags in _positions(21, 150, 4, 2):
        ctx = PURE.make_context(suit_of, power, trump)
        want = _minimax(ctx, list(hands), leader, list(trick), flags)
        c = impl.make_context(suit_of, power, trump)
        assert impl.solve(c, hands, leader, trick, flags)[0] == want


def test_full_suit_in_play() -> None:
    """All 16 cards of suit 0 in play next to cards of suit 1: the top of lane 0 is bit 15."""
    rng = random.Random(8)
    for _ in range(20):
        trump = rng.choice([-1, 0, 1])
        suit_of, power = _wide_tables(rng)
        suit0 = list(range(16))
        rng.shuffle(suit0)
        extra = rng.sample(range(16, 32), 2)
        cards = suit0 + extra
        hands = [0, 0]
        for i, c in enumerate(cards):
            hands[i % 2] |= 1 << c
        flags = rng.choice([0, MUST_OVERTAKE | MUST_TRUMP])
        pctx = PURE.make_context(suit_of, power, trump)
        want = _generic(pctx, hands, 0, [], flags)
        for m in backends().values():
            ctx = m.make_context(suit_of, power, trump)
            assert m.solve(ctx, hands, 0, [], flags) == want


def test_longer_hands_match_generic_search() -> None:
    for suit_of, power, trump, hands, leader, trick, flags in _positions(22, 60, 7, 4):
        pctx = PURE.make_context(suit_of, power, trump)
        want = _generic(pctx, hands, leader, trick, flags)
        for m in backends().values():
            ctx = m.make_context(suit_of, power, trump)
            assert m.solve(ctx, hands, leader, trick, flags) == want
