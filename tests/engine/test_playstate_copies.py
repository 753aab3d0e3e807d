"""A play state asked for an attribute it does not have, or deep-copied, answers as any
object: the same on every backend."""

from __future__ import annotations

import copy
from types import ModuleType

import pytest

from ecarte import UninitialisedError
from ecarte._core import ranked_context

pytestmark = pytest.mark.own_backends

DECK = 0x1FE0_1FE0_1FE0_1FE0
A, D = 0x3E0, 0x3E00000  # clubs 7..J, diamonds 7..J


def _states(m: ModuleType) -> list[object]:
    ctx = ranked_context(0, (12, 11, 10, 9, 8, 7, 6, 5), DECK, m)
    return [m.PlayState(ctx, (A, D), 0, 3), m.PlayStateN(ctx, [A, D], 0, 3)]


def test_a_missing_attribute_of_a_play_state_is_an_attribute_error(impl: ModuleType) -> None:
    for state in _states(impl):
        assert not hasattr(state, "no_such_attribute")
        with pytest.raises(AttributeError):
            state.no_such_attribute  # noqa: B018


def test_deepcopy_of_a_play_state_is_its_copy(impl: ModuleType) -> None:
    for state in _states(impl):
        state.apply(5)  # type: ignore[attr-defined]
        twin = copy.deepcopy(state)
        assert type(twin) is type(state) and twin == state
        assert twin.ctx is state.ctx  # type: ignore[attr-defined]
        twin.apply(21)  # type: ignore[attr-defined]
        assert state.cards == (5,) and twin.cards == (5, 21)  # type: ignore[attr-defined]


def test_a_play_state_made_by_new_alone_still_raises_uninitialised(impl: ModuleType) -> None:
    for cls in (impl.PlayState, impl.PlayStateN):
        blank = cls.__new__(cls)
        with pytest.raises(UninitialisedError):
            blank.legal()
        with pytest.raises(UninitialisedError):
            copy.deepcopy(blank)
