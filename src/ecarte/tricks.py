"""Trick-taking building blocks for games other than Écarté (public).

The C core plays and solves tricks for 2 to 4 positions with partnerships, a
position sitting out and a left bower; this module is the public door to those
pieces, for games built on the engine in other distributions (``ecarte-euchre``).
Everything here comes from the live backend (``ecarte.BACKEND``); see
``docs/c-core.md`` ("Four hands") for the full contract.

``Context`` is the type of a context (the backend's trick tables), for annotations.
Cards are ids ``suit * 16 + rank`` (the ids of :class:`ecarte.Card`); a set of
cards is a 64-bit mask.

>>> from ecarte import Card, CardSet
>>> from ecarte.tricks import PlayStateN, euchre_context, legal_plays, trick_winner
>>> ctx = euchre_context(0)  # clubs trumps: J♣, then J♠ (the left bower), A♣ ...
>>> lead, left_bower = Card.parse("A♠").id, Card.parse("J♠").id
>>> legal_plays(ctx, CardSet.parse("J♠ K♥").mask, (Card.parse("Q♣").id,), 0) == 1 << left_bower
True
>>> trick_winner(ctx, (lead, left_bower))
1
>>> hands = [CardSet.parse(h).mask for h in ("A♠", "J♠", "9♥", "10♥")]
>>> s = PlayStateN(ctx, hands, 0, 0, active=0b0111)  # position 3 sits out
>>> s.apply(lead), s.apply(left_bower), s.apply(Card.parse("9♥").id), s.won
(0, 0, 2, (0, 1, 0, 0))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from . import _core
from ._core import (
    MUST_OVERTAKE,
    MUST_OVERTRUMP,
    MUST_TRUMP,
    PLAY_ON,
    PLAY_OVER,
    PLAY_TRICK,
    PlayStateN,
    legal_plays,
    make_context,
    solve_n,
    trick_winner,
)

if TYPE_CHECKING:
    from ._core._pure import TrickContext as Context
    from ._core._pure_euchre import EuchreMachine
else:
    Context = object
    EuchreMachine = _core.euchre_machine_module(_core.BACKEND).EuchreMachine

EUCHRE_JOKER = 15
"""The engine card id of the joker of a 25-card Euchre deck (suit 0, rank slot 15: no
:class:`ecarte.Card` has it)."""

__all__ = [
    "EUCHRE_JOKER",
    "MUST_OVERTAKE",
    "MUST_OVERTRUMP",
    "MUST_TRUMP",
    "PLAY_ON",
    "PLAY_OVER",
    "PLAY_TRICK",
    "Context",
    "EuchreMachine",
    "PlayStateN",
    "euchre_context",
    "legal_plays",
    "make_context",
    "solve_n",
    "trick_winner",
]


def euchre_context(trump: int, deck: int = 24) -> Context:
    """The trick tables of Euchre with ``trump`` (a suit 0..3: clubs, diamonds, hearts,
    spades) on the live backend: the right bower (jack of trumps) highest, the left bower
    (the jack of the same colour, suit ``3 - trump``) a trump in every respect, following
    suit included, then A K Q 10 9; plain suits A K Q J 10 9. ``deck``: the 24 cards 9..A,
    32 (7..A) or 25 (the 24 and the joker, :data:`EUCHRE_JOKER`, the highest trump): the
    tables the Euchre machine plays with. Contexts are immutable: build the four once and
    keep them.

    >>> from ecarte import Card
    >>> ctx = euchre_context(2, deck=25)  # hearts trumps, with the joker
    >>> right_bower = Card.parse("J♥").id
    >>> trick_winner(ctx, (right_bower, EUCHRE_JOKER))
    1
    """
    return cast("Context", _core.euchre_context(trump, deck=deck))
