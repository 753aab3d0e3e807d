"""The action space of the environments: ``Discrete(n)`` whose ``sample()`` without a
mask draws a legal action of the state it belongs to."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium import spaces

__all__ = ["LegalDiscrete"]


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
