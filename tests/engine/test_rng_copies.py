"""The core's generator copies and pickles the same way on every backend: a copy is an
independent generator at the same point of the stream."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

pytestmark = pytest.mark.own_backends

COPIES: dict[str, Callable[[Any], Any]] = {
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
    "pickle": lambda r: pickle.loads(pickle.dumps(r)),
}


@pytest.mark.parametrize("how", sorted(COPIES))
def test_a_copied_generator_is_independent_and_at_the_same_point(
    impl: ModuleType, how: str
) -> None:
    rng = impl.Rng(12345)
    rng.below(6)  # part of an output left for the next draws
    twin = COPIES[how](rng)
    assert type(twin) is impl.Rng
    ahead = [twin.below(6) for _ in range(20)] + [twin.next_u64()]
    assert [rng.below(6) for _ in range(20)] + [rng.next_u64()] == ahead
    twin.below(1000)  # the original does not move with its copy
    again = impl.Rng(12345)
    for _ in range(21):
        again.below(6)
    again.next_u64()
    assert rng.below(1000) == again.below(1000)


def test_a_pickled_generator_gives_the_pure_stream(impl: ModuleType) -> None:
    from ecarte._core import backend

    rng = impl.Rng(99)
    rng.below(7)
    twin = pickle.loads(pickle.dumps(rng))
    pure = backend("pure").Rng(99)
    pure.below(7)
    assert [twin.below(9) for _ in range(10)] == [pure.below(9) for _ in range(10)]


@pytest.mark.parametrize(
    ("state", "match"),
    [
        ((0, 0, 0, 0, 0, 1 << 32), "all-zero"),
        ((1, 2, 3, 4, 0, 0), "bound 0"),
        ((1, 2, 3, 4, 0, (1 << 32) + 1), "bound"),
        ((1, 2, 3, -4, 0, 1), "-4 is not a 64-bit int"),
        ((1, 2, 3, 4, 0), "six ints, not 5"),
        ("123456", "list or a tuple"),
    ],
)
def test_a_generator_state_that_cannot_be_is_refused(
    impl: ModuleType, state: Any, match: str
) -> None:
    restore, _ = impl.Rng(1).__reduce__()
    with pytest.raises(ValueError, match=match):
        restore(state)


def test_a_generator_made_by_new_alone_copies_to_an_error(impl: ModuleType) -> None:
    from ecarte import UninitialisedError

    blank = impl.Rng.__new__(impl.Rng)
    for how in COPIES.values():
        with pytest.raises(UninitialisedError):
            how(blank)
