"""The action space of the environments: ``Discrete(n)`` whose ``sample()`` without a
mask draws a legal action of the state it belongs to; :func:`action_id`, what a step
takes as an action; :func:`check_options`, what a reset takes as options."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium import spaces

from ecarte._core._args import _index, _show
from ecarte._errors import IllegalActionError

__all__ = ["LegalDiscrete", "action_id", "check_options"]


def action_id(action: object, n: int | None = None) -> int:
    """``action`` as a plain int: an int or a numpy integer (a 0-d integer array too),
    never a bool, a float or a string; IllegalActionError otherwise, or (given ``n``) unless
    it is one of the ``n`` ids, legal now or not."""
    a = _index(action)
    if a is None:
        raise IllegalActionError(f"an action is an integer id, not {_show(action, a)}")
    if n is not None and not 0 <= a < n:
        raise IllegalActionError(f"action id {a} is not legal now (the ids are 0..{n - 1})")
    return a


def check_options(options: object) -> None:
    """ValueError unless ``options`` is None or a dict. The environments' resets use none
    of its keys (a game's rules and seats are the constructor's) and ignore them, as
    PettingZoo's ``api_test`` and Gymnasium's ``check_env`` require."""
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"options must be a dict or None, not {options!r}")


class LegalDiscrete(spaces.Discrete):
    """``Discrete(n)`` over the action ids; ``sample()`` without a mask samples the ids
    that ``legal()`` marks (an int8 mask of the acting agent's legal ids now), so that a
    sampler that ignores masks never plays an illegal action. ``sample(mask)`` uses the
    mask given; ``contains`` is Discrete's (legality is the environment's to check)."""

    def __init__(
        self, n: int, legal: Callable[[], np.ndarray[Any, np.dtype[np.int8]]], seed: Any = None
    ) -> None:
        super().__init__(n, seed=seed)
        self._legal = legal

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None:
            mask = self._legal()
        return super().sample(mask, probability)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, spaces.Discrete) and super().__eq__(other)

    __hash__ = None  # type: ignore[assignment]
