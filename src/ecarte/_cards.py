"""Cards, suits, ranks and card sets.

A card is identified by a small integer ``id = suit * 16 + rank`` so that a set
of cards is a 64-bit mask (16 rank slots per suit: room for a 52-card deck).
The 32-card piquet deck uses the ranks 7 to ace.

>>> Card.parse("K♠")
Card.parse('K♠')
>>> str(Card.parse("10h")), str(Card.parse("Th"))
('10♥', '10♥')
>>> CardSet.parse("K♠ 7h Qs")
CardSet.parse('7♥ Q♠ K♠')
>>> len(PIQUET_DECK)
32
"""

from __future__ import annotations

import enum
import operator
import re
from collections.abc import Callable, Iterable, Iterator

from attrs import field, frozen

from ._errors import ArgumentError, ArgumentTypeError, CardParseError, shown
from ._seal import seal

__all__ = ["PIQUET_DECK", "Card", "CardSet", "Rank", "Suit"]


class Suit(enum.IntEnum):
    """The four suits, in bridge order."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The suit symbol: ♣ ♦ ♥ ♠."""
        return "♣♦♥♠"[self]

    @property
    def letter(self) -> str:
        """The ASCII letter: c d h s."""
        return "cdhs"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class Rank(enum.IntEnum):
    """Card faces by natural value (2 lowest). The game's rules, not this
    numbering, decide which rank beats which."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def text(self) -> str:
        """Short text: 2-10, J, Q, K, A."""
        return _RANK_TEXT[self]


_RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_BY_TEXT = {t: Rank(i) for i, t in enumerate(_RANK_TEXT)} | {"T": Rank.TEN}
_SUIT_BY_TEXT = {
    **{s.symbol: s for s in Suit},
    **{s.letter: s for s in Suit},
    **{s.letter.upper(): s for s in Suit},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}
_CARD_RE = re.compile(r"^\s*(?ai:(10|[2-9TJQKA]))\s*(\S)[\ufe0e\ufe0f]?\s*$")
"""ASCII-only case folding of the rank: the Kelvin sign (U+212A) is no king. The suit is
looked up as written (no case mapping: ``"ſ".upper()`` is ``"S"``), so only c d h s, C D H S
and the suit symbols name a suit, a symbol perhaps followed by the selector that draws it as
an emoji or as text (``"K♠️"`` as phones write it). Any space of Unicode may surround the
rank and the suit (the no-break space that web pages paste)."""


@frozen(repr=False, order=True, init=False)
class Card:
    """One playing card. Use :meth:`parse` or :meth:`of`; instances are interned, and
    their slots are read-only (even to ``object.__setattr__``)."""

    id: int
    suit: Suit = field(init=False, eq=False, order=False, repr=False)
    rank: Rank = field(init=False, eq=False, order=False, repr=False)

    def __init__(self, id: int) -> None:
        if id.__class__ is not int:
            i = None if isinstance(id, bool) else _index(id)  # a numpy integer: its int
            if i is None:
                raise ArgumentTypeError(
                    f"a card id is an int, not {shown(id)}: use Card.parse or Card.of"
                )
            id = i
        if not 0 <= id < 64 or id & 15 > 12:
            raise ArgumentError(f"no card has id {shown(id)}: use Card.parse or Card.of")
        _set_id(self, id)
        _set_suit(self, Suit(id >> 4))
        _set_rank(self, Rank(id & 15))

    @property
    def mask(self) -> int:
        """The card as a one-bit mask."""
        return 1 << self.id

    @staticmethod
    def of(rank: Rank, suit: Suit) -> Card:
        """The card of that rank and suit; ArgumentError (a ValueError) for a rank that is
        not 0..12 or a suit that is not 0..3 (ints, ``Rank`` and ``Suit`` values; never a
        bool).

        >>> Card.of(Rank.KING, Suit.SPADES)
        Card.parse('K♠')
        """
        r = _card_index(rank, 12, "rank")
        s = _card_index(suit, 3, "suit")
        return _CARDS[s * 16 + r]

    @staticmethod
    def from_id(card_id: int) -> Card:
        """The card with that id (``suit * 16 + rank``)."""
        card = _CARDS.get(card_id) if card_id.__class__ is int else None
        if card is None:
            i = None if isinstance(card_id, bool) else _index(card_id)
            if i is None:
                raise ArgumentTypeError(f"no card has id {shown(card_id)}: a card id is an int")
            card = _CARDS.get(i)
            if card is None:
                raise ArgumentError(f"no card has id {shown(card_id)}")
        return card

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``"K♠"``, ``"Ks"``, ``"10h"``, ``"Th"`` (case-insensitive).

        >>> Card.parse("qd") == Card.of(Rank.QUEEN, Suit.DIAMONDS)
        True
        """
        m = _CARD_RE.match(text) if isinstance(text, str) else None
        suit = m and _SUIT_BY_TEXT.get(m.group(2))
        if m is None or suit is None:
            raise CardParseError(
                f"not a card: {shown(text)} (expected e.g. 'K♠', 'Ks', '10h', 'Th')"
            )
        return Card.of(_RANK_BY_TEXT[m.group(1).upper()], suit)

    def __str__(self) -> str:
        return _TEXTS[self.id]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        """Unpickled, a card is the interned card of its id."""
        return (Card.from_id, (self.id,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _card_index(x: object, high: int, what: str) -> int:
    """``x`` as a plain int 0..``high`` (through ``operator.index``, never a bool)."""
    v = None if isinstance(x, bool) else _index(x)
    if v is None or not 0 <= v <= high:
        raise ArgumentError(f"{what} must be an int 0..{high}, not {shown(x)}")
    return v


def _index(x: object) -> int | None:
    try:
        return operator.index(x)  # type: ignore[arg-type]
    except TypeError:
        return None


_set_id, _set_suit, _set_rank = seal(Card)
_CARDS = {i: Card(i) for i in range(64) if i & 15 <= Rank.ACE}
_TEXTS = {i: card.rank.text + card.suit.symbol for i, card in _CARDS.items()}
"""Each card's text by id (``str(card)`` is read for every record of a save or a log)."""
_NOT_CARDS = sum(0xE000 << (16 * suit) for suit in range(4))


@frozen(repr=False, init=False)
class CardSet:
    """An immutable set of cards stored as a 64-bit mask (read-only, as a card's slots).

    >>> hand = CardSet.parse("K♠ Q♠ 7♥")
    >>> Card.parse("Qs") in hand, len(hand), int(hand) == hand.mask
    (True, 3, True)
    >>> str(hand - CardSet.parse("Qs"))
    '7♥ K♠'
    """

    mask: int = 0

    def __init__(self, mask: int = 0) -> None:
        if mask.__class__ is not int:
            m = None if isinstance(mask, bool) else _index(mask)  # a subclass's or numpy's int
            if m is None:
                raise ArgumentError(f"a card mask is a 64-bit int, not {shown(mask)}")
            mask = m
        if not 0 <= mask < 1 << 64:
            raise ArgumentError(f"a card mask is a 64-bit int, not {shown(mask)}")
        if mask & _NOT_CARDS:
            raise ArgumentError(f"mask {mask:#x} has bits that are no card (ranks above the ace)")
        _set_mask(self, mask)

    @staticmethod
    def of(cards: Iterable[Card]) -> CardSet:
        """The set of ``cards`` (any iterable of cards; a card named twice counts once)."""
        if isinstance(cards, str) or not isinstance(cards, Iterable):  # type: ignore[unreachable]
            raise ArgumentTypeError(f"CardSet.of takes cards, not {shown(cards)}")
        m = 0
        for c in cards:
            if not isinstance(c, Card):
                raise ArgumentTypeError(f"CardSet.of takes cards, not {c!r}")
            m |= 1 << c.id
        return CardSet(m)

    @staticmethod
    def parse(text: str) -> CardSet:
        """Parse cards separated by spaces or commas (any run of them, at either end too);
        duplicates are an error."""
        if not isinstance(text, str):
            raise CardParseError(f"not a text of cards: {shown(text)}")
        m = 0
        for tok in re.split(r"[\s,]+", text):
            if not tok:  # before the first separator or after the last
                continue
            bit = Card.parse(tok).mask
            if m & bit:
                raise CardParseError(f"card {shown(tok)} appears twice in {shown(text)}")
            m |= bit
        return CardSet(m)

    def __iter__(self) -> Iterator[Card]:
        m = self.mask
        while m:
            low = m & -m
            yield _CARDS[low.bit_length() - 1]
            m ^= low

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.id & 1)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __int__(self) -> int:
        return self.mask

    def __or__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(self.mask & ~other.mask)

    def suit(self, suit: Suit) -> CardSet:
        """The cards of one suit; ArgumentError (a ValueError) for a suit that is not
        0..3 (as :meth:`Card.of`)."""
        return CardSet(self.mask & (0xFFFF << (16 * _card_index(suit, 3, "suit"))))

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"


(_set_mask,) = seal(CardSet)

PIQUET_DECK = CardSet(sum(0x1FE0 << (16 * s) for s in range(4)))
"""The 32-card piquet deck: 7, 8, 9, 10, J, Q, K, A of each suit."""
