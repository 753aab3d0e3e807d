"""Trick-taking building blocks for games on the engine (public).

The C core plays and solves tricks for 2 to 4 positions with partnerships, a position
sitting out and any rank order (a left bower included: effective suits and powers are
data); this module is the public door to those pieces for games built on the engine.
Every name here is looked up on the live backend when used (``ecarte.BACKEND``), so
:func:`ecarte.engine.backend.use_backend` reaches it; see ``docs/c-core.md`` ("Four
hands") for the full contract.

``Context`` is the type of a context (the backend's trick tables), for annotations.
Cards are ids ``suit * 16 + rank`` (the ids of :class:`ecarte.Card`); a set of cards is
a 64-bit mask.

>>> from ecarte import Card, CardSet
>>> from ecarte.tricks import PlayStateN, legal_plays, ranked_context, trick_winner
>>> deck = CardSet.parse("9♣ 10♣ J♣ Q♣ K♣ A♣ 9♠ 10♠ J♠ Q♠ K♠ A♠ 9♥ 10♥").mask
>>> ctx = ranked_context(0, (12, 11, 10, 9, 8, 7), deck)  # clubs trumps, A K Q J 10 9
>>> lead, trump = Card.parse("A♠").id, Card.parse("9♣").id
>>> legal_plays(ctx, CardSet.parse("9♣ 10♥").mask, (lead,), 0) == CardSet.parse("9♣ 10♥").mask
True
>>> trick_winner(ctx, (lead, trump))
1
>>> hands = [CardSet.parse(h).mask for h in ("A♠", "9♣", "9♥", "10♥")]
>>> s = PlayStateN(ctx, hands, 0, 0, active=0b0111)  # position 3 sits out
>>> s.apply(lead), s.apply(trump), s.apply(Card.parse("9♥").id), s.won
(0, 0, 2, (0, 1, 0, 0))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._core import _api, ranked_context
from ._core._api import *  # noqa: F403 - the constants
from .engine import backend as _backend

if TYPE_CHECKING:
    from ._core._pure import (
        PlayState,
        PlayStateN,
        legal_plays,
        make_context,
        perft,
        solve,
        solve_n,
        trick_winner,
    )
    from ._core._pure import TrickContext as Context
else:
    Context = object

__all__ = [
    *_api.__all__,
    "Context",
    "PlayState",
    "PlayStateN",
    "legal_plays",
    "make_context",
    "perft",
    "ranked_context",
    "solve",
    "solve_n",
    "trick_winner",
]

_LIVE = frozenset(__all__).intersection(_api.IMPLEMENTED)


def __getattr__(name: str) -> Any:
    if name in _LIVE:
        return getattr(_backend.module("core"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names with those looked up when used (tab completion, ``help()``)."""
    return sorted({*globals(), *__all__})
