"""Euchre's actions: the kinds, the action values every game shares (read-only slots),
the ids of the 24-card deck, the joker of the 25-card deck."""

from __future__ import annotations

import enum
from typing import ClassVar

from attrs import field, frozen

from ecarte import Card, Suit
from ecarte._errors import ArgumentError, ArgumentTypeError
from ecarte._seal import seal

from .tables import JOKER_ID as EUCHRE_JOKER

__all__ = [
    "ALONE",
    "CALL",
    "DECLINE",
    "JOKER",
    "NUM_ACTION_IDS",
    "PARTNER",
    "PASS",
    "TAKE",
    "ActionIds",
    "EuchreAction",
    "EuchreCard",
    "Joker",
    "Kind",
]

PASS = 24
CALL = 25  # + suit
ALONE = 29
PARTNER = 30
TAKE = 31
DECLINE = 32
NUM_ACTION_IDS = 33
"""The ids of the 24-card deck (0..32); the ``openspiel`` presets use 0..30 (OpenSpiel's
31). Other decks shift the non-card ids by their size: see :attr:`EuchreGame.ids`."""

_SEATS = "NESW"
_SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades")


@frozen
class Joker:
    """The joker of the 25-card deck, the "benny": the highest trump whatever the suit.
    ``id`` is its engine card id (no :class:`ecarte.Card` has it)."""

    id: ClassVar[int] = EUCHRE_JOKER

    def __str__(self) -> str:
        return "Joker"


JOKER = Joker()
"""The joker."""

EuchreCard = Card | Joker


class Kind(enum.Enum):
    DEALER = "dealer"
    DEAL = "deal"
    PASS = "pass"
    CALL = "call"
    TAKE = "take"
    DECLINE = "decline"
    DISCARD = "discard"
    ALONE = "alone"
    PARTNER = "partner"
    PLAY = "play"


@frozen(init=False)
class EuchreAction:
    """One action or chance outcome: its ``kind``, its ``id`` (in the game's deck) and
    ``value``: a seat for DEALER, a suit for CALL, the card's action id for DEAL, DISCARD
    and PLAY, else 0. ``card`` is the card dealt, discarded or played. ``str()`` is the
    text form :meth:`EuchreGame.apply` accepts. The game's actions are shared by every
    game: their slots are read-only."""

    kind: Kind
    value: int
    id: int
    card: EuchreCard | None = field(default=None, eq=False)

    def __init__(
        self,
        kind: Kind,
        value: int,
        id: int,
        card: EuchreCard | None = None,
    ) -> None:
        if type(kind) is not Kind or type(value) is not int or type(id) is not int:
            raise ArgumentTypeError(
                f"EuchreAction(kind, value, id): a Kind and two ints, not "
                f"{kind!r}, {value!r}, {id!r}"
            )
        if (kind is Kind.DEALER or kind is Kind.CALL) and not 0 <= value <= 3:
            what = "a seat 0..3" if kind is Kind.DEALER else "a suit 0..3"
            raise ArgumentError(f"the value of a {kind.value} action is {what}, not {value}")
        _set_kind(self, kind)
        _set_value(self, value)
        _set_id(self, id)
        _set_card(self, card)

    def __str__(self) -> str:
        k = self.kind
        if k is Kind.DEALER:
            return f"dealer {_SEATS[self.value]}"
        if k is Kind.CALL:
            return f"call {Suit(self.value).symbol}"
        if k is Kind.PLAY:
            return str(self.card)
        if k is Kind.DEAL or k is Kind.DISCARD:
            return f"{k.value} {self.card}"
        return str(k.value)

    def openspiel_text(self) -> str:
        """OpenSpiel's ``action_to_string`` for this action (24-card deck)."""
        k = self.kind
        if k is Kind.DEALER:
            return _SEATS[self.value]
        if k is Kind.CALL:
            return _SUIT_NAMES[self.value]
        c = self.card
        if isinstance(c, Card):
            return "CDHS"[c.suit] + "23456789TJQKA"[c.rank]
        if c is not None:
            return "Jo"
        return str(k.value).capitalize()


_set_kind, _set_value, _set_id, _set_card = seal(EuchreAction)


@frozen(init=False)
class ActionIds:
    """The non-card action ids of one deck (``n`` cards): pass ``n``, call ``n + 1 +
    suit``, alone, partner, take, decline."""

    cards: int
    PASS: int
    CALL: int
    ALONE: int
    PARTNER: int
    TAKE: int
    DECLINE: int

    def __init__(  # shared by every game of the deck: its slots are read-only
        self, cards: int, PASS: int, CALL: int, ALONE: int, PARTNER: int, TAKE: int, DECLINE: int
    ) -> None:
        ids = (cards, PASS, CALL, ALONE, PARTNER, TAKE, DECLINE)
        if any(type(i) is not int for i in ids):
            raise ArgumentTypeError(f"ActionIds takes 7 ints, not {ids!r}")
        for set_id, i in zip(_SET_IDS, ids, strict=True):
            set_id(self, i)


_SET_IDS = seal(ActionIds)
