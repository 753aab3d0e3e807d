"""The hot path: trick rules on card masks, with a compiled and a pure backend.

``ECARTE_PURE_PYTHON=1`` forces the pure-Python twin; otherwise the compiled
core is used when it is importable. :data:`BACKEND` says which one is live.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from . import _pure

__all__ = [
    "BACKEND",
    "MUST_OVERTAKE",
    "MUST_OVERTRUMP",
    "MUST_TRUMP",
    "NO_TRUMP",
    "legal_plays",
    "make_context",
    "ranked_context",
    "trick_winner",
]

MUST_OVERTAKE = _pure.MUST_OVERTAKE
MUST_TRUMP = _pure.MUST_TRUMP
MUST_OVERTRUMP = _pure.MUST_OVERTRUMP
NO_TRUMP = _pure.NO_TRUMP

BACKEND = "pure"
make_context = _pure.make_context
legal_plays = _pure.legal_plays
trick_winner = _pure.trick_winner

if os.environ.get("ECARTE_PURE_PYTHON", "") in ("", "0"):
    pass  # the compiled backend is selected here once it exists


def ranked_context(
    trump: int, order: Sequence[int], deck: int, backend: object = None
) -> object:
    """Tables for a game where every suit ranks as ``order`` (rank ids, high to low).

    ``deck`` is the mask of the cards in play. ``backend`` is a module with
    ``make_context`` (default: the live backend).
    """
    suit_of = [-1] * 64
    power = [0] * 64
    n = len(order)
    for suit in range(4):
        for i, rank in enumerate(order):
            card = suit * 16 + rank
            if deck >> card & 1:
                suit_of[card] = suit
                power[card] = n - i
    maker = make_context if backend is None else backend.make_context  # type: ignore[attr-defined]
    return maker(suit_of, power, trump)
