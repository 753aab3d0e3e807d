"""Actions and events: text forms, parsing, values."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from helpers import NON_CARD_ACTIONS

from ecarte import (
    PIQUET_DECK,
    Accept,
    Action,
    AnnounceKing,
    Card,
    CardParseError,
    CardSet,
    ChoosePackets,
    Cut,
    Deal,
    Discard,
    Game,
    IllegalActionError,
    Play,
    PlayHand,
    Propose,
    Refuse,
)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("propose", Propose()),
        ("PROPOSE", Propose()),
        (" play-hand ", PlayHand()),
        ("accept", Accept()),
        ("refuse", Refuse()),
        ("king", AnnounceKing()),
        ("packets 3-2", ChoosePackets(3)),
        ("packets 2-3", ChoosePackets(2)),
        ("packets 2 - 3", ChoosePackets(2)),
        ("discard", Discard(CardSet())),
        ("discard 7♠ 8h", Discard(CardSet.parse("7s 8♥"))),
        ("Discard Ks,Qs", Discard(CardSet.parse("K♠ Q♠"))),
        ("K♠", Play(Card.parse("Ks"))),
        ("th", Play(Card.parse("10♥"))),
    ],
)
def test_parse(text: str, action: Action) -> None:
    assert Action.parse(text) == action


@pytest.mark.parametrize(
    "action",
    [
        *NON_CARD_ACTIONS,
        Discard(),
        Discard(CardSet.parse("7♠")),
        Discard(CardSet.parse("7♠ 8♥ K♦ A♣ 10♠")),
        *(Play(c) for c in PIQUET_DECK),
    ],
    ids=str,
)
def test_text_round_trip(action: Action) -> None:
    assert Action.parse(str(action)) == action


def test_text_forms() -> None:
    assert str(Propose()) == "propose"
    assert str(PlayHand()) == "play-hand"
    assert str(ChoosePackets(2)) == "packets 2-3"
    assert str(Discard()) == "discard"
    assert str(Discard(CardSet.parse("Ks 7h"))) in ("discard 7♥ K♠", "discard K♠ 7♥")
    assert str(Play(Card.parse("Ts"))) == "10♠"
    assert str(Cut((Card.parse("Ks"), Card.parse("7h")))) == "cut K♠ 7♥"
    assert str(Deal(tuple(PIQUET_DECK))).startswith("deal ")
    assert len(str(Deal(tuple(PIQUET_DECK))).split()) == 33


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "proposal",
        "propose now",
        "packets 3-3",
        "packets 4-1",
        "packets",
        "discard Kx",
        "discard Ks Ks",
        "K♠ Q♠",
        "Zz",
        "\u212aing",  # the Kelvin sign lowers to "k": no look-alike names an action
        "pac\u212aets 3-2",
        "\u212aING",
    ],
)
def test_bad_text_raises_quoting_input(text: str) -> None:
    with pytest.raises(CardParseError) as info:
        Action.parse(text)
    assert isinstance(info.value, ValueError)
    assert repr(text) in str(info.value) or repr(text.split()[-1]) in str(info.value)


def test_parse_rejects_non_strings() -> None:
    with pytest.raises(CardParseError):
        Action.parse(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("first", [0, 1, 4, 5])
def test_choose_packets_validates(first: int) -> None:
    with pytest.raises(ValueError, match=str(first)):
        ChoosePackets(first)


def test_packets_property() -> None:
    assert ChoosePackets(3).packets == (3, 2)
    assert ChoosePackets(2).packets == (2, 3)


def test_actions_are_frozen_values() -> None:
    play = Play(Card.parse("Ks"))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        play.card = Card.parse("Qs")  # type: ignore[misc]
    assert play == Play(Card.parse("K♠")) and hash(play) == hash(Play(Card.parse("K♠")))
    assert Propose() != PlayHand()
    assert Accept() != Refuse()
    assert Discard() != Discard(CardSet.parse("7s"))
    assert len({Propose(), Propose(), Refuse()}) == 2


# ------------------------------------------------------ malformed records, record text


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: Play(5), TypeError),
        (lambda: Play("Xz"), ValueError),
        (lambda: Discard(7), TypeError),
        (lambda: Discard(["Ks", "Ks"]), ValueError),
        (lambda: Cut(None), TypeError),
        (lambda: Cut(("Ks",)), ValueError),
        (lambda: Deal(None), TypeError),
        (lambda: CardSet(-1), ValueError),
        (lambda: CardSet(1 << 13), ValueError),
    ],
)
def test_malformed_records_are_refused_when_made(make: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        make()


def test_records_accept_card_text() -> None:
    assert Play("K♣") == Play(Card.parse("Kc"))
    assert Discard("7h 8h") == Discard(CardSet.parse("8♥ 7♥"))
    assert Cut("K♠ 7♥").cards == (Card.parse("Ks"), Card.parse("7h"))


def test_action_ids_reject_what_is_not_an_action() -> None:
    game = Game(seed=1)
    with pytest.raises(IllegalActionError, match="not a card of the piquet deck"):
        game.action_id(Play("2♠"))
    with pytest.raises(IllegalActionError, match="an action id is an int"):
        game.action_from_id(True)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["cut K♠", "cut", "cut K♠ 7♥ 8♥", "shuffle", ""])
def test_bad_event_text(text: str) -> None:
    from ecarte import CardParseError, parse_record

    with pytest.raises(CardParseError):
        parse_record(text)


def test_a_short_deal_is_no_event() -> None:
    from ecarte import parse_record

    with pytest.raises(CardParseError, match="a deal is the 32 cards of the piquet deck"):
        parse_record("deal 7♠ 8♠")
