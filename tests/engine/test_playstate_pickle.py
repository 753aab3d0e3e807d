"""A play state pickles on every backend: made again from its first position and the
cards played since, it is at the same point of the hand."""

from __future__ import annotations

import pickle
import random
from types import ModuleType

import pytest
from helpers import deal_hands

from ecarte._core import ranked_context

pytestmark = pytest.mark.own_backends

DECK = 0x1FE0_1FE0_1FE0_1FE0
ATTRIBUTES = ("hands", "cards", "to_move", "leader", "won", "trick", "tricks", "over", "flags")


def _walks(m: ModuleType, seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    ctx = ranked_context(rng.randrange(4), (12, 11, 10, 9, 8, 7, 6, 5), DECK, m)
    deck = [c for c in range(64) if DECK >> c & 1]
    for n in (2, 2, 3, 4, 4):
        hands = deal_hands(rng, deck, [5] * n)
        flags = rng.randrange(8)
        if n == 2 and rng.random() < 0.5:
            state = m.PlayState(ctx, hands, rng.randrange(2), flags)
        else:
            active = (1 << n) - 1
            if n == 4 and rng.random() < 0.5:
                active &= ~(1 << rng.randrange(4))
                hands = [h if active >> p & 1 else hands[p] for p, h in enumerate(hands)]
            leader = rng.choice([p for p in range(n) if active >> p & 1])
            state = m.PlayStateN(ctx, hands, leader, flags, active)
        for _ in range(rng.randrange(16)):
            legal = state.legal()
            if not legal:
                break
            state.apply(rng.choice([c for c in range(64) if legal >> c & 1]))
        yield state


@pytest.mark.parametrize("seed", range(4))
def test_a_pickled_play_state_is_at_the_same_point(impl: ModuleType, seed: int) -> None:
    for state in _walks(impl, seed):
        twin = pickle.loads(pickle.dumps(state))
        assert type(twin) is type(state)
        for attr in ATTRIBUTES:
            assert getattr(twin, attr) == getattr(state, attr), attr
        assert twin.legal() == state.legal()
        if state.cards:
            assert twin.undo() == state.cards[-1]


def test_a_pickled_state_that_cannot_be_is_refused(impl: ModuleType) -> None:
    state = next(_walks(impl, 9))
    restore, args = state.__reduce__()
    kind, ctx, hands, leader, flags, active, cards = args
    with pytest.raises(ValueError, match="not a kind of play state"):
        restore("Game", ctx, hands, leader, flags, active, cards)
    with pytest.raises(ValueError, match="cards must be a list or a tuple"):
        restore(kind, ctx, hands, leader, flags, active, "12")
    with pytest.raises(ValueError):
        restore(kind, ctx, hands, leader, flags, active, (*cards, 64))
