"""Cards: text round trips, card sets as masks, parse errors, rank order."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecarte import (
    PIQUET_DECK,
    ArgumentError,
    Card,
    CardParseError,
    CardSet,
    Rank,
    RankOrder,
    Rules,
    Suit,
    _core,
)

ALL_CARDS = [Card.of(r, s) for s in Suit for r in Rank]


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("K♠", Rank.KING, Suit.SPADES),
        ("Ks", Rank.KING, Suit.SPADES),
        ("ks", Rank.KING, Suit.SPADES),
        ("KS", Rank.KING, Suit.SPADES),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("Th", Rank.TEN, Suit.HEARTS),
        ("th", Rank.TEN, Suit.HEARTS),
        ("10♥", Rank.TEN, Suit.HEARTS),
        ("qd", Rank.QUEEN, Suit.DIAMONDS),
        ("Q♦", Rank.QUEEN, Suit.DIAMONDS),
        ("aC", Rank.ACE, Suit.CLUBS),
        ("7♣", Rank.SEVEN, Suit.CLUBS),
        ("j♡", Rank.JACK, Suit.HEARTS),
        (" 9s ", Rank.NINE, Suit.SPADES),
    ],
)
def test_parse_forms(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card == Card.of(rank, suit)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_str_and_repr_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert eval(repr(card)) == card
    ascii_form = card.rank.text.replace("10", "T") + card.suit.letter
    assert Card.parse(ascii_form) == card
    assert Card.parse(ascii_form.upper()) == card
    assert Card.from_id(card.id) == card


def test_str_uses_symbols_and_ten() -> None:
    assert str(Card.parse("Th")) == "10♥"
    assert str(Card.parse("ks")) == "K♠"
    assert repr(Card.parse("ad")) == "Card.parse('A♦')"


@pytest.mark.parametrize(
    "text",
    [
        *("", "K", "♠", "1s", "11h", "Kx", "ZZ", "K♠♠", "Q s d", "10", "\u212as", "１０h", "²s"),
        # letters whose case mapping gives an ASCII suit letter are no suit:
        # "ſ".upper() == "S" (long s), and the Kelvin sign lowers to "k"
        *("Kſ", "10ſ", "Qſ", "Aſ"),
    ],
)
def test_bad_card_text_raises_quoting_input(text: str) -> None:
    with pytest.raises(CardParseError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("K\u2660\ufe0f", "Ks"),  # a phone's ♠️: the symbol drawn as an emoji
        ("10\u2665\ufe0e", "Th"),  # drawn as text
        ("K\u00a0\u2660", "Ks"),  # a no-break space, as web pages and editors paste it
        ("\u2003Q\u2666\u202f", "Qd"),  # other spaces of Unicode at either end
    ],
)
def test_card_text_as_phones_and_web_pages_write_it(text: str, card: str) -> None:
    assert Card.parse(text) == Card.parse(card)


def test_cards_separated_as_phones_and_web_pages_write_them() -> None:
    text = "K\u2660\ufe0f\u00a0Q\u2665\ufe0f\u2003,10\u2666\ufe0e"
    assert CardSet.parse(text) == CardSet.parse("Ks Qh Td")


@pytest.mark.parametrize(
    "text", ["K\u2660\ufe0f\ufe0f", "K\ufe0f\u2660", "\ufe0fKs", "K\u2660\u200d"]
)
def test_a_stray_variation_selector_is_no_card(text: str) -> None:
    with pytest.raises(CardParseError):
        Card.parse(text)


def test_card_parse_rejects_non_strings() -> None:
    with pytest.raises(CardParseError):
        Card.parse(12)  # type: ignore[arg-type]
    with pytest.raises(CardParseError):
        CardSet.parse(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("card_id", [-1, 13, 64, 15])
def test_from_id_rejects_non_cards(card_id: int) -> None:
    with pytest.raises(ValueError, match=str(card_id)):
        Card.from_id(card_id)


def test_suit_text_is_exact() -> None:
    for suit in Suit:
        for text in (suit.symbol, suit.letter, suit.letter.upper()):
            assert Card.parse("Q" + text).suit is suit
    assert Card.parse("K♤").suit is Suit.SPADES


@pytest.mark.parametrize(
    ("rank", "suit", "what"),
    [
        (13, 0, "rank"),  # used to raise KeyError
        (15, 1, "rank"),
        (-1, 1, "rank"),
        (16, 0, "rank"),  # used to give the 2 of diamonds
        (0, 4, "suit"),
        (0, -1, "suit"),
        (True, 0, "rank"),
        (12, False, "suit"),
        (12.0, 0, "rank"),
        ("K", Suit.SPADES, "rank"),
        (Rank.KING, None, "suit"),
    ],
)
def test_card_of_rejects_non_cards(rank: object, suit: object, what: str) -> None:
    with pytest.raises(ValueError, match=what):
        Card.of(rank, suit)  # type: ignore[arg-type]


def test_card_of_takes_ints_and_enums() -> None:
    assert Card.of(11, 3) is Card.of(Rank.KING, Suit.SPADES) is Card.parse("K♠")
    assert Card.of(Rank.TWO, Suit.CLUBS).id == 0


def test_cards_are_interned_and_frozen() -> None:
    assert Card.parse("Ks") is Card.parse("K♠")
    with pytest.raises(AttributeError):
        Card.parse("Ks").id = 3  # type: ignore[misc]


def test_piquet_deck() -> None:
    assert len(PIQUET_DECK) == 32
    ranks = {c.rank for c in PIQUET_DECK}
    assert ranks == {
        Rank.SEVEN,
        Rank.EIGHT,
        Rank.NINE,
        Rank.TEN,
        Rank.JACK,
        Rank.QUEEN,
        Rank.KING,
        Rank.ACE,
    }
    for suit in Suit:
        assert len(PIQUET_DECK.suit(suit)) == 8
    assert Card.parse("6s") not in PIQUET_DECK
    assert Card.parse("7s") in PIQUET_DECK


def test_cardset_is_a_mask_wrapper() -> None:
    hand = CardSet.parse("K♠ 7h Qs")
    mask = Card.parse("Ks").mask | Card.parse("7h").mask | Card.parse("Qs").mask
    assert int(hand) == hand.mask == mask
    assert CardSet(mask) == hand
    assert len(hand) == 3 and bool(hand) and not CardSet()
    assert Card.parse("Qs") in hand and Card.parse("Js") not in hand
    assert "Qs" not in hand  # only cards are members
    assert set(hand) == {Card.parse("Ks"), Card.parse("7h"), Card.parse("Qs")}
    assert sorted(hand) == list(hand)  # iteration in card order
    assert hand - CardSet.parse("Qs") == CardSet.parse("K♠ 7♥")
    assert hand | CardSet.parse("8c") == CardSet.parse("K♠ 7♥ Q♠ 8♣")
    assert hand & CardSet.parse("Qs 8c") == CardSet.parse("Qs")
    assert hand.suit(Suit.SPADES) == CardSet.parse("Ks Qs")
    assert hand.suit(Suit.CLUBS) == CardSet()
    assert CardSet.of(iter(hand)) == hand


def test_cardset_text_round_trip() -> None:
    hand = CardSet.parse("K♠, 7h  Qs,10d")
    assert CardSet.parse(str(hand)) == hand
    assert eval(repr(hand)) == hand
    assert CardSet.parse("") == CardSet() and str(CardSet()) == ""


def test_cardset_parse_errors_quote_input() -> None:
    with pytest.raises(CardParseError, match=r"'Ks Kx'|'Kx'"):
        CardSet.parse("Ks Kx")
    with pytest.raises(CardParseError, match="twice") as info:
        CardSet.parse("Ks K♠")
    assert "'Ks K♠'" in str(info.value)


@settings(max_examples=100, deadline=None)
@given(st.sets(st.sampled_from(sorted(PIQUET_DECK))))
def test_cardset_round_trip_any_subset(subset: set[Card]) -> None:
    cs = CardSet.of(subset)
    assert set(cs) == subset and len(cs) == len(subset)
    assert CardSet.parse(str(cs)) == cs
    assert CardSet(int(cs)) == cs


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        (RankOrder.KING_HIGH, "K Q J A 10 9 8 7"),
        (RankOrder.ACE_HIGH, "A K Q J 10 9 8 7"),
    ],
)
def test_rank_orders(order: RankOrder, expected: str) -> None:
    assert " ".join(r.text for r in order.ranks) == expected


def _winner(rules: Rules, trump: Suit, led: str, second: str) -> Card:
    ctx = _core.ranked_context(int(trump), rules.rank_order.ranks, PIQUET_DECK.mask)
    trick = [Card.parse(led), Card.parse(second)]
    return trick[_core.trick_winner(ctx, [c.id for c in trick])]


def test_king_high_by_default_ace_between_jack_and_ten() -> None:
    rules = Rules()
    assert _winner(rules, Suit.HEARTS, "A♠", "K♠") == Card.parse("K♠")
    assert _winner(rules, Suit.HEARTS, "A♠", "J♠") == Card.parse("J♠")
    assert _winner(rules, Suit.HEARTS, "A♠", "10♠") == Card.parse("A♠")
    assert _winner(rules, Suit.SPADES, "A♥", "7♠") == Card.parse("7♠")  # any trump wins
    assert _winner(rules, Suit.SPADES, "A♥", "K♦") == Card.parse("A♥")  # off-suit loses


def test_ace_high_option() -> None:
    rules = Rules(rank_order=RankOrder.ACE_HIGH)
    assert _winner(rules, Suit.HEARTS, "A♠", "K♠") == Card.parse("A♠")
    assert _winner(rules, Suit.HEARTS, "J♠", "A♠") == Card.parse("A♠")
    assert _winner(rules, Suit.HEARTS, "10♠", "J♠") == Card.parse("J♠")


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: Card.of(True, True), "rank must be an int"),
        (lambda: Card.of(Rank.KING, 4), "suit must be an int"),
        (lambda: Card.of("K", Suit.SPADES), "rank must be an int"),
        (lambda: Card.from_id(True), "no card has id True"),
        (lambda: Card.from_id(13), "no card has id 13"),
        (lambda: Card.from_id("5"), "no card has id"),
        (lambda: CardSet(True), "a card mask"),
        (lambda: CardSet(1 << 13), "no card"),
    ],
)
def test_bad_card_arguments_are_value_errors_of_ecarte(call: Any, match: str) -> None:
    with pytest.raises(ArgumentError, match=match):
        call()
