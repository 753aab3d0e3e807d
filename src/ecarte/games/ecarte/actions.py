"""Actions (what a seat decides) and events (what chance or the rules decide).

Every record is a frozen attrs value with a short text form for logs and the
CLI, and :meth:`Action.parse` reads that text back.

>>> Action.parse("discard 7♠ 8h")
Discard(cards=CardSet.parse('8♥ 7♠'))
>>> str(Play(Card.parse("Ks")))
'K♠'
>>> Action.parse("propose")
Propose()
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import ClassVar

from attrs import field, frozen

from ecarte._cards import PIQUET_DECK, Card, CardSet
from ecarte._errors import ArgumentError, ArgumentTypeError, CardParseError, shown
from ecarte._seal import seal

__all__ = [
    "Accept",
    "Action",
    "AnnounceKing",
    "ChoosePackets",
    "Cut",
    "Deal",
    "Discard",
    "Event",
    "Play",
    "PlayHand",
    "Propose",
    "Refuse",
    "parse_record",
]


class Action:
    """Base class of the decisions a seat can take."""

    __slots__ = ()
    TEXT: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.TEXT

    @staticmethod
    def parse(text: str) -> Action:
        """Read the text form of any action: ``propose``, ``play-hand``,
        ``accept``, ``refuse``, ``king``, ``packets 3-2``, ``discard 7♠ 8♥``,
        ``discard`` (nothing), or a card such as ``K♠``."""
        if not isinstance(text, str):
            raise CardParseError(f"not an action: {shown(text)}")
        words = text.strip().split(None, 1)
        head = words[0] if words else ""
        if head.isascii():  # no other case folding: the Kelvin sign (U+212A) lowers to "k"
            head = head.lower()
        rest = words[1] if len(words) > 1 else ""
        simple = _SIMPLE.get(head)
        if simple is not None and not rest:
            return simple
        if head == "discard":
            return Discard(CardSet.parse(rest))
        if head == "packets":
            m = re.fullmatch(r"\s*([23])\s*-\s*([23])\s*", rest)
            if m and {m.group(1), m.group(2)} == {"2", "3"}:
                return ChoosePackets(int(m.group(1)))
            raise CardParseError(f"not an action: {shown(text)} (packets are '3-2' or '2-3')")
        if head and not rest:
            try:
                return Play(Card.parse(words[0]))  # as typed: lower() maps the Kelvin sign
            except CardParseError:
                pass
        raise CardParseError(
            f"not an action: {shown(text)} (expected propose, play-hand, accept, refuse, "
            "king, packets 3-2, discard <cards> or a card)"
        )


@frozen
class Propose(Action):
    """The elder asks for an exchange."""

    TEXT: ClassVar[str] = "propose"


@frozen
class PlayHand(Action):
    """The elder plays the hand as it stands, without proposing (again)."""

    TEXT: ClassVar[str] = "play-hand"


@frozen
class Accept(Action):
    """The dealer accepts the proposal: both exchange."""

    TEXT: ClassVar[str] = "accept"


@frozen
class Refuse(Action):
    """The dealer refuses the proposal: play starts at once."""

    TEXT: ClassVar[str] = "refuse"


@frozen
class AnnounceKing(Action):
    """Announce the king of trumps (before, or with, one's first card)."""

    TEXT: ClassVar[str] = "king"


@frozen(init=False)
class ChoosePackets(Action):
    """The dealer picks the deal pattern for the game: 3 then 2, or 2 then 3."""

    first: int

    def __init__(self, first: int) -> None:
        if first.__class__ is not int or first not in (2, 3):
            raise ArgumentError(f"first packet must be the int 2 or 3, not {first!r}")
        _set_first(self, first)

    @property
    def packets(self) -> tuple[int, int]:
        return (self.first, 5 - self.first)

    def __str__(self) -> str:
        return f"packets {self.first}-{5 - self.first}"


(_set_first,) = seal(ChoosePackets)


_NO_CARDS = CardSet()


def _to_card(value: object) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise ArgumentTypeError(f"not a card: {value!r} (a Card or text such as 'K♠')")


def _to_cards(value: object) -> tuple[Card, ...]:
    if isinstance(value, str):
        return tuple(Card.parse(tok) for tok in value.split())
    if not isinstance(value, Iterable):
        raise ArgumentTypeError(f"not a sequence of cards: {value!r}")
    return tuple(_to_card(card) for card in value)


def _to_card_set(value: object) -> CardSet:
    if isinstance(value, CardSet):
        return value
    if isinstance(value, str):
        return CardSet.parse(value)
    cards = _to_cards(value)
    card_set = CardSet.of(cards)
    if len(card_set) != len(cards):
        raise CardParseError(f"a card is named twice in {value!r}")
    return card_set


@frozen(init=False)
class Discard(Action):
    """Discard these cards face down and draw as many from the stock."""

    cards: CardSet = _NO_CARDS

    def __init__(self, cards: CardSet | str | Iterable[Card | str] = _NO_CARDS) -> None:
        _set_cards(self, _to_card_set(cards))

    def __str__(self) -> str:
        return f"discard {self.cards}".rstrip()


@frozen(init=False)
class Play(Action):
    """Play a card to the current trick."""

    card: Card

    def __init__(self, card: Card | str) -> None:
        _set_card(self, _to_card(card))

    def __str__(self) -> str:
        return str(self.card)


(_set_cards,) = seal(Discard)
(_set_card,) = seal(Play)


_SIMPLE: dict[str, Action] = {
    "propose": Propose(),
    "play-hand": PlayHand(),
    "accept": Accept(),
    "refuse": Refuse(),
    "king": AnnounceKing(),
    "discard": Discard(CardSet()),
}


def _play(i: int) -> Play:
    card = Card.from_id((i >> 3) * 16 + 5 + (i & 7))
    play = object.__new__(Play)
    _set_card(play, card)  # a Card already: nothing to convert
    return play


ACTIONS: tuple[Action, ...] = (
    *(_play(i) for i in range(32)),
    Propose(),
    PlayHand(),
    Accept(),
    Refuse(),
    AnnounceKing(),
    ChoosePackets(3),
    ChoosePackets(2),
)
"""The action of each id 0..38 (``ecarte_machine.h``): one interned object per id."""


class Event:
    """Base class of chance outcomes recorded in a game's history."""

    __slots__ = ()

    @staticmethod
    def parse(text: str) -> Event:
        """Read ``cut K♠ 7♥`` or ``deal`` followed by the 32 cards, top first."""
        words = text.split(None, 1) if isinstance(text, str) else []
        head = words[0].lower() if words else ""
        try:
            if head == "cut":
                return Cut(words[1] if len(words) > 1 else "")
            if head == "deal":
                return Deal(words[1] if len(words) > 1 else "")
        except (TypeError, ValueError) as exc:
            raise CardParseError(f"not an event: {text!r} ({exc})") from None
        raise CardParseError(f"not an event: {text!r} (expected 'cut ...' or 'deal ...')")


def parse_record(text: str) -> Action | Event:
    """Read the text of any history record: an action or a chance event.

    >>> [str(parse_record(t)) for t in ("cut K♠ 7h", "propose", "Qs")]
    ['cut K♠ 7♥', 'propose', 'Q♠']
    """
    head = text.split(None, 1)[0].lower() if isinstance(text, str) and text.split() else ""
    return Event.parse(text) if head in ("cut", "deal") else Action.parse(text)


@frozen
class Cut(Event):
    """The two cards cut for the deal, one per player of the game (in seat order)."""

    cards: tuple[Card, Card] = field(converter=_to_cards)

    @cards.validator
    def _check(self, _: object, cards: tuple[Card, ...]) -> None:
        if len(cards) != 2:
            raise ArgumentError(f"a cut is two cards, not {len(cards)}")

    def __str__(self) -> str:
        return f"cut {self.cards[0]} {self.cards[1]}"


@frozen
class Deal(Event):
    """The order of the shuffled deck, top card first."""

    order: tuple[Card, ...] = field(converter=_to_cards)

    @order.validator
    def _check(self, _: object, order: tuple[Card, ...]) -> None:
        if len(order) != len(PIQUET_DECK) or CardSet.of(order) != PIQUET_DECK:
            what = f"{len(order)} cards" if len(order) != len(PIQUET_DECK) else "these cards"
            raise ArgumentError(f"a deal is the 32 cards of the piquet deck, each once, not {what}")

    def __str__(self) -> str:
        return "deal " + " ".join(map(str, self.order))
