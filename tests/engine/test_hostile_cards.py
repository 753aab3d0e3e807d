"""Hostile input to the card values: huge ints and texts, wrong types, odd separators.

Every refusal is an ecarte error in the cards' words, short enough to show a user."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from ecarte import ArgumentError, Card, CardParseError, CardSet, Suit

HUGE = 10**5000  # its decimal text is longer than Python's int-to-text limit


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: Card(HUGE), "no card has id"),
        (lambda: Card.from_id(HUGE), "no card has id"),
        (lambda: Card.from_id(-HUGE), "no card has id"),
        (lambda: Card.of(HUGE, Suit.SPADES), "rank must be"),
        (lambda: Card.of(0, -HUGE), "suit must be"),
        (lambda: CardSet(HUGE), "a card mask"),
        (lambda: CardSet(1 << 64_000), "a card mask"),
    ],
)
def test_a_huge_int_is_refused_in_the_cards_words(call: Any, match: str) -> None:
    with pytest.raises(ArgumentError, match=match) as info:
        call()
    assert "bits" in str(info.value) and len(str(info.value)) < 200


@pytest.mark.parametrize(
    "call",
    [
        lambda: Card.parse("K" * 100_000 + "s"),
        lambda: CardSet.parse("Ks " * 50_000 + "Kx"),
        lambda: CardSet.parse("Ks " * 50_000),
    ],
)
def test_a_huge_text_is_quoted_shortened(call: Any) -> None:
    with pytest.raises(CardParseError) as info:
        call()
    message = str(info.value)
    assert len(message) < 300 and "…" in message


@pytest.mark.parametrize("bad", [4, -1, True, 1.0, "s", None])
def test_cardset_suit_refuses_what_is_no_suit(bad: Any) -> None:
    hand = CardSet.parse("K♠ 7♥")
    with pytest.raises(ArgumentError, match=r"suit must be an int 0\.\.3"):
        hand.suit(bad)
    assert hand.suit(3) == hand.suit(Suit.SPADES) == CardSet.parse("K♠")


@pytest.mark.parametrize("op", ["__or__", "__and__", "__sub__"])
@pytest.mark.parametrize("other", [5, None, "Ks", frozenset()])
def test_cardset_operators_refuse_what_is_no_card_set(op: str, other: Any) -> None:
    hand = CardSet.parse("K♠ 7♥")
    assert getattr(hand, op)(other) is NotImplemented
    with pytest.raises(TypeError, match="unsupported operand"):
        {"__or__": lambda: hand | other, "__and__": lambda: hand & other}.get(
            op, lambda: hand - other
        )()


@pytest.mark.parametrize("text", ["Ks Qh,", ",Ks Qh", " , Ks,Qh , ", "Ks\n,Qh\n"])
def test_cardset_parse_takes_separators_at_either_end(text: str) -> None:
    assert CardSet.parse(text) == CardSet.parse("Ks Qh")


@pytest.mark.parametrize("text", [",", " , ", ",,"])
def test_cardset_parse_of_separators_alone_is_empty(text: str) -> None:
    assert CardSet.parse(text) == CardSet()


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_a_card_stays_interned_through_pickle(protocol: int) -> None:
    card = Card.parse("K♠")
    assert pickle.loads(pickle.dumps(card, protocol)) is card


def test_a_card_stays_interned_through_copies() -> None:
    card = Card.parse("10♥")
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert copy.deepcopy([card, card]) == [card, card]
    assert all(c is card for c in copy.deepcopy([card, card]))


def test_a_numpy_integer_is_a_card_id_and_a_mask_a_float_is_not() -> None:
    """``CardSet(np.uint64(5))`` was refused as "not a 64-bit int" and ``Card(np.int64(7))``
    as "not an int", while ``Card.from_id`` and every core function take numpy integers."""
    np = pytest.importorskip("numpy")
    assert Card(np.int64(7)) == Card.from_id(7) and Card(np.uint8(7)).id.__class__ is int
    got = CardSet(np.uint64(0x1FE0))
    assert got == CardSet(0x1FE0) and got.mask.__class__ is int
    for bad in (np.float64(7), np.True_, 7.0, True):
        with pytest.raises(ArgumentError, match="a card id is an int"):
            Card(bad)
        with pytest.raises(ArgumentError, match="a card mask is a 64-bit int"):
            CardSet(bad)
    with pytest.raises(ArgumentError, match="no card has id 15"):
        Card(np.int8(15))
    with pytest.raises(ArgumentError, match="a card mask is a 64-bit int, not -1"):
        CardSet(np.int64(-1))


@pytest.mark.parametrize("bad", [7.0, 1.5, True, "7", None])
def test_card_from_id_refuses_what_is_not_an_int_as_card_does(bad: Any) -> None:
    """``Card.from_id(7.0)`` raised an ArgumentError that is no TypeError, where
    ``Card(7.0)`` raises ArgumentTypeError; both say a card id is an int."""
    for call in (Card, Card.from_id):
        with pytest.raises(ArgumentError, match=r"a card id is an int") as info:
            call(bad)
        assert isinstance(info.value, TypeError)
