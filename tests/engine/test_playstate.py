"""The play state (``PlayState``, ``ec_play``): the same walk on every backend.

Random hands on random tables; every step compares the whole state with the
pure twin, checks it against ``legal_plays``/``trick_winner``, and takes
cards back with ``undo`` and through copies.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest
from helpers import deal_hands, piquet_tables, random_tables

import ecarte._core as core

pytestmark = pytest.mark.own_backends  # each backend through impl or its own parameters

BACKENDS = core.backends()
PURE = BACKENDS["pure"]
CLASSIC = [11, 10, 9, 12, 8, 7, 6, 5]


def _view(s: Any) -> tuple[Any, ...]:
    return (s.hands, s.cards, s.trick, s.tricks, s.won, s.to_move, s.leader, s.nplayed,
            s.over, s.flags, s.legal())  # fmt: skip


def _walk(rng: random.Random, n_hands: int) -> int:
    steps = 0
    for _ in range(n_hands):
        suit_of, power, trump = random_tables(rng)
        deck = [c for c in range(64) if suit_of[c] >= 0]
        size = rng.randint(0, 5)
        hands = deal_hands(rng, deck, [size, size])
        leader, flags = rng.randrange(2), rng.randrange(8)
        ctxs = {name: m.make_context(suit_of, power, trump) for name, m in BACKENDS.items()}
        states = {
            name: m.PlayState(ctxs[name], hands, leader, flags) for name, m in BACKENDS.items()
        }
        ref = states["pure"]
        while True:
            view = _view(ref)
            for s in states.values():
                assert _view(s) == view
            # the state agrees with the stateless trick functions
            hand = ref.hand(ref.to_move)
            assert ref.legal() == PURE.legal_plays(ctxs["pure"], hand, ref.trick, flags)
            tricks = ref.tricks
            for i, (lead, a, b) in enumerate(tricks):
                win = lead ^ PURE.trick_winner(ctxs["pure"], [a, b])
                assert win == (tricks[i + 1][0] if i + 1 < len(tricks) else ref.leader)
            assert sum(ref.won) == len(tricks)
            if ref.over:
                assert sum(ref.won) == size
                break
            legal = [c for c in range(64) if ref.legal() >> c & 1]
            illegal = rng.choice([c for c in range(-1, 66) if c not in legal])
            for s in states.values():
                assert s.try_apply(illegal) == -1
                assert _view(s) == view
            card = rng.choice(legal)
            copies = {name: s.copy() for name, s in states.items()}
            results = {name: s.apply(card) for name, s in states.items()}
            assert len(set(results.values())) == 1
            assert results["pure"] in (core.PLAY_ON, core.PLAY_TRICK, core.PLAY_OVER)
            for name, s in states.items():
                assert copies[name] != s and _view(copies[name]) == view
                if rng.random() < 0.3:  # undo gives back the same state
                    assert s.undo() == card
                    assert s == copies[name] and _view(s) == view
                    assert s.try_apply(card) == results[name] << 1 | s.to_move
            steps += 1
        # and all the way back
        for s in states.values():
            while s.nplayed:
                s.undo()
            assert s == type(s)(s.ctx, hands, leader, flags)
            with pytest.raises(ValueError):
                s.undo()
    return steps


@pytest.mark.parametrize("seed", range(8))
def test_play_state_walks_agree_on_every_backend(seed: int) -> None:
    assert _walk(random.Random(seed), 120) > 0


def test_classic_hand_trick_by_trick(impl: ModuleType) -> None:
    ctx = impl.make_context(*piquet_tables(CLASSIC, 2), 2)  # hearts trumps
    k, q, seven = 11, 10, 5
    spades, hearts, clubs = 48, 32, 0
    elder = 1 << spades + k | 1 << clubs + seven
    dealer = 1 << spades + q | 1 << hearts + seven
    s = impl.PlayState(ctx, (elder, dealer), 0, impl.MUST_OVERTAKE | impl.MUST_TRUMP)
    assert s.apply(spades + k) == impl.PLAY_ON and s.to_move == 1
    assert s.legal() == 1 << spades + q  # must follow suit (cannot overtake the king)
    assert s.apply(spades + q) == impl.PLAY_TRICK and s.won == (1, 0) and s.to_move == 0
    assert s.apply(clubs + seven) == impl.PLAY_ON
    assert s.legal() == 1 << hearts + seven  # void in clubs: must trump
    assert s.apply(hearts + seven) == impl.PLAY_OVER and s.won == (1, 1) and s.over
    assert s.tricks == ((0, spades + k, spades + q), (0, clubs + seven, hearts + seven))
    assert s.leader == 1 and s.legal() == 0


def test_apply_unchecked_matches_apply(impl: ModuleType) -> None:
    rng = random.Random(3)
    ctx = impl.make_context(*piquet_tables(CLASSIC, 1), 1)
    deck = [s * 16 + r for s in range(4) for r in CLASSIC]
    for _ in range(200):
        hands = deal_hands(rng, deck, [5, 5])
        a = impl.PlayState(ctx, hands, rng.randrange(2), 3)
        b = a.copy()
        while not a.over:
            card = rng.choice([c for c in range(64) if a.legal() >> c & 1])
            assert a.apply(card) == b.apply_unchecked(card)
            assert a == b


@pytest.mark.parametrize(
    "hands, leader, flags",
    [
        ((1 << 5, 1 << 6, 0), 0, 3),  # three hands
        ((1 << 5, 1 << 5), 0, 3),  # a card in both hands
        ((1 << 5, 1 << 6 | 1 << 7), 0, 3),  # sizes differ
        ((0x3E, 0x3E << 16), 0, 3),  # six cards each
        ((1 << 5, 1 << 63), 0, 3),  # a card outside the deck
        ((1 << 5, 1 << 6), 2, 3),  # leader
        ((1 << 5, 1 << 6), 0, 8),  # flags
        ((-1, 1 << 6), 0, 3),  # not a mask
    ],
)
def test_bad_play_states(impl: ModuleType, hands: Any, leader: Any, flags: Any) -> None:
    ctx = impl.make_context(*piquet_tables(CLASSIC, 1), 1)
    with pytest.raises(ValueError):
        impl.PlayState(ctx, hands, leader, flags)


def test_illegal_plays_raise_and_change_nothing(impl: ModuleType) -> None:
    ctx = impl.make_context(*piquet_tables(CLASSIC, 1), 1)
    s = impl.PlayState(ctx, (1 << 5 | 1 << 6, 1 << 21 | 1 << 7), 0, 3)
    before = s.copy()
    for card in (21, 60, 64, -1):  # not held, not in the deck, out of range
        with pytest.raises(ValueError):
            s.apply(card)
        assert s == before
    s.apply(5)
    assert s.legal() == 1 << 7  # follow suit and overtake
    with pytest.raises(ValueError, match="legal"):
        s.apply(21)
    assert s != before and s.copy() == s


def test_wrong_backend_context(impl: ModuleType) -> None:
    other = next(m for name, m in BACKENDS.items() if m is not impl)
    ctx = other.make_context(*piquet_tables(CLASSIC, 1), 1)
    with pytest.raises(ValueError, match="context"):
        impl.PlayState(ctx, (1 << 5, 1 << 6), 0, 3)


@pytest.mark.parametrize("name", sorted(BACKENDS))
@pytest.mark.parametrize("card", [5.0, True, "5", 2**64 + 5, -(2**70), None])
def test_try_apply_refuses_what_is_no_card_id(name: str, card: Any) -> None:
    """Not an int card id: -1 and no change, on every backend alike."""
    m = BACKENDS[name]
    ctx = m.make_context(*piquet_tables(CLASSIC, 0), 0)
    clubs, hearts = sum(1 << c for c in range(5, 10)), sum(1 << c for c in range(37, 42))
    s = m.PlayState(ctx, [clubs, hearts], 0, 3)
    assert s.try_apply(card) == -1
    assert s.nplayed == 0 and s.hands == (clubs, hearts)
