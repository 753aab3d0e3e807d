"""Euchre's trick tables on the live core backend, for any deck.

>>> from ecarte import Card
>>> from ecarte.tricks import trick_winner
>>> ctx = euchre_context(2, deck=25)  # hearts trumps, with the joker
>>> right_bower = Card.parse("J♥").id
>>> trick_winner(ctx, (right_bower, JOKER_ID))
1
"""

from __future__ import annotations

from typing import cast

from ecarte.engine import backend
from ecarte.tricks import Context

from ._pure_hands import _JOKER, euchre_tables

__all__ = ["JOKER_ID", "euchre_context"]

JOKER_ID = _JOKER
"""The engine card id of the joker of a 25-card deck (suit 0, rank slot 15: no
:class:`ecarte.Card` has it)."""


def euchre_context(trump: int, deck: int = 24) -> Context:
    """The trick tables of Euchre with ``trump`` (a suit 0..3: clubs, diamonds, hearts,
    spades) on the live backend: the right bower (jack of trumps) highest, the left bower
    (the jack of the same colour, suit ``3 - trump``) a trump in every respect, following
    suit included, then A K Q 10 9; plain suits A K Q J 10 9. ``deck``: the 24 cards 9..A,
    32 (7..A) or 25 (the 24 and the joker, :data:`JOKER_ID`, the highest trump): the
    tables the Euchre machine plays with. Contexts are immutable: build the four once and
    keep them."""
    suit_of, power = euchre_tables(trump, deck)
    return cast("Context", backend.module("core").make_context(suit_of, power, trump))


def context_on(module: object, trump: int, deck: int = 24) -> Context:
    """:func:`euchre_context` on the core module of one backend (``module``, for tests and
    benchmarks that compare backends)."""
    suit_of, power = euchre_tables(trump, deck)
    return cast("Context", module.make_context(suit_of, power, trump))  # type: ignore[attr-defined]
