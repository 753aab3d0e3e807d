"""A context (read-only tables) copies to itself and pickles to an equal one, the same on
every backend."""

from __future__ import annotations

import copy
import pickle
import random
from types import ModuleType

import pytest
from helpers import random_tables

pytestmark = pytest.mark.own_backends

ATTRIBUTES = ("suit_of", "power", "trump", "suit_mask", "above", "deck", "distinct")


def test_a_context_copies_to_itself(impl: ModuleType) -> None:
    suit_of, power, trump = random_tables(random.Random(3))
    ctx = impl.make_context(suit_of, power, trump)
    assert copy.copy(ctx) is ctx and copy.deepcopy(ctx) is ctx
    assert copy.deepcopy([ctx, ctx])[1] is ctx


def test_a_pickled_context_has_the_same_tables(impl: ModuleType) -> None:
    rng = random.Random(4)
    for _ in range(20):
        suit_of, power, trump = random_tables(rng)
        ctx = impl.make_context(suit_of, power, trump)
        twin = pickle.loads(pickle.dumps(ctx))
        assert type(twin) is type(ctx)
        for attr in ATTRIBUTES:
            assert getattr(twin, attr) == getattr(ctx, attr), attr
        hand = twin.deck & 0x0F0F_0F0F_0F0F_0F0F
        assert impl.legal_plays(twin, hand, (), 7) == impl.legal_plays(ctx, hand, (), 7)


def test_a_context_cannot_be_changed(impl: ModuleType) -> None:
    """Contexts are shared (a copy is the context itself, the games keep one per trump):
    the pure twin's could be rewritten (``ctx.trump = 1``), changing every game holding
    it; every backend refuses, with AttributeError, and the context still answers as
    before."""
    suit_of, power, trump = random_tables(random.Random(5))
    ctx = impl.make_context(suit_of, power, trump)
    before = {attr: getattr(ctx, attr) for attr in ATTRIBUTES}
    hand = ctx.deck & 0x0F0F_0F0F_0F0F_0F0F
    legal = impl.legal_plays(ctx, hand, (), 7)
    others = impl.make_context(*random_tables(random.Random(6)))
    names = {n for n in dir(ctx) if not n.startswith("__")} | set(ATTRIBUTES)
    for attr in sorted(names):  # the backend's own fields too (cffi's C struct)
        with pytest.raises(AttributeError):
            setattr(ctx, attr, getattr(others, attr, 0))
        with pytest.raises(AttributeError):
            delattr(ctx, attr)
    assert {attr: getattr(ctx, attr) for attr in ATTRIBUTES} == before
    assert impl.legal_plays(ctx, hand, (), 7) == legal
