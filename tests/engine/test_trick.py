"""Single-trick rules, identical on every backend; differential tests on random positions."""

from __future__ import annotations

import random
from types import ModuleType

import pytest
from helpers import piquet_tables, random_tables

from ecarte._core import MUST_OVERTAKE, MUST_OVERTRUMP, MUST_TRUMP, backends

pytestmark = pytest.mark.own_backends  # each backend through impl or its own parameters

BACKENDS = backends()

CLASSIC = [11, 10, 9, 12, 8, 7, 6, 5]
C = {"7": 5, "8": 6, "9": 7, "10": 8, "J": 9, "Q": 10, "K": 11, "A": 12}


def card(text: str) -> int:
    return "cdhs".index(text[-1]) * 16 + C[text[:-1]]


def mask(*cards: str) -> int:
    return sum(1 << card(c) for c in cards)


def test_classic_obligations(impl: ModuleType) -> None:
    ctx = impl.make_context(*piquet_tables(CLASSIC, 2), 2)  # hearts trumps
    f = MUST_OVERTAKE | MUST_TRUMP
    hand = mask("As", "7s", "Ks", "9h", "8c")
    # follow and overtake: the ace ranks below the jack, above the ten
    assert impl.legal_plays(ctx, hand, [card("10s")], f) == mask("As", "Ks")
    assert impl.legal_plays(ctx, hand, [card("10s")], 0) == mask("As", "7s", "Ks")
    # cannot overtake the king: any spade
    assert impl.legal_plays(ctx, mask("As", "7s", "9h"), [card("Ks")], f) == mask("As", "7s")
    # void: must trump
    assert impl.legal_plays(ctx, hand, [card("Qd")], f) == mask("9h")
    assert impl.legal_plays(ctx, hand, [card("Qd")], MUST_OVERTAKE) == hand
    assert impl.trick_winner(ctx, [card("Qd"), card("7h")]) == 1
    assert impl.trick_winner(ctx, [card("Jd"), card("Ad")]) == 0
    assert impl.trick_winner(ctx, [card("Qd"), card("Kc")]) == 0


def test_overtrump_and_four_players(impl: ModuleType) -> None:
    ctx = impl.make_context(*piquet_tables(CLASSIC, 0), 0)  # clubs trumps
    trick = [card("Ad"), card("9c"), card("Kd")]
    hand = mask("7c", "Jc", "8s")
    assert impl.legal_plays(ctx, hand, trick, MUST_TRUMP | MUST_OVERTRUMP) == mask("Jc")
    assert impl.legal_plays(ctx, hand, trick, MUST_TRUMP) == mask("7c", "Jc")
    assert impl.trick_winner(ctx, [*trick, card("Jc")]) == 3


def test_left_bower_changes_suit(impl: ModuleType) -> None:
    suit_of, power = piquet_tables([12, 11, 10, 9, 8, 7], 3)
    left = 0 * 16 + 9  # jack of clubs becomes a spade when spades are trumps
    suit_of[3 * 16 + 9], power[3 * 16 + 9] = 3, 40
    suit_of[left], power[left] = 3, 39
    ctx = impl.make_context(suit_of, power, 3)
    hand = (1 << left) | mask("Ac")
    assert impl.legal_plays(ctx, hand, [card("As")], 0) == 1 << left
    assert impl.legal_plays(ctx, hand, [card("Kc")], 0) == mask("Ac")
    assert impl.trick_winner(ctx, [card("As"), left]) == 1


def test_context_attributes_agree() -> None:
    rng = random.Random(5)
    for _ in range(50):
        suit_of, power, trump = random_tables(rng)
        ctxs = [m.make_context(suit_of, power, trump) for m in BACKENDS.values()]
        for attr in ("suit_of", "power", "trump", "suit_mask", "above", "deck", "distinct"):
            assert len({getattr(c, attr) for c in ctxs}) == 1, attr


def _random_trick_positions(seed: int, n: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        suit_of, power, trump = random_tables(rng)
        deck = [c for c in range(64) if suit_of[c] >= 0]
        for _ in range(200):
            players = rng.randint(2, 4)
            nt = rng.randrange(players)
            cards = rng.sample(deck, nt + rng.randint(1, 8))
            trick = cards[:nt]
            hand = sum(1 << c for c in cards[nt:])
            flags = rng.randrange(8)
            full = cards[: rng.randint(1, 4)]
            out.append((suit_of, power, trump, hand, trick, flags, full))
    return out


@pytest.mark.parametrize("seed", range(10))
def test_differential_legal_and_winner(seed: int) -> None:
    """10 x 10,000 random positions: legal masks and winners identical on every backend."""
    positions = _random_trick_positions(seed, 10_000)
    results = {}
    for name, m in backends().items():
        cache: dict[int, object] = {}
        out = []
        for suit_of, power, trump, hand, trick, flags, full in positions:
            key = id(suit_of)
            ctx = cache.get(key)
            if ctx is None:
                ctx = cache[key] = m.make_context(suit_of, power, trump)
            out.append((m.legal_plays(ctx, hand, trick, flags), m.trick_winner(ctx, full)))
        results[name] = out
    ref = results.pop("pure")
    for name, out in results.items():
        for i, (a, b) in enumerate(zip(out, ref, strict=True)):
            assert a == b, f"{name} differs from pure at position {i}: {positions[i]}"
