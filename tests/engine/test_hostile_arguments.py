"""Constructors and parsers answer wrong types and sizes with the package's errors."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ecarte import ArgumentError, Card, CardSet, EcarteError, Game, Play, Rules, RulesError


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: Game(plugins=[5, 6]), ArgumentError, "not a plugin object"),
        (lambda: Game(plugins=["quick"]), ArgumentError, "not a plugin object"),
        (lambda: Game(rules=10**5000), RulesError, "value of type int"),
        (lambda: Rules.preset([]), ArgumentError, "named by a str"),
        (lambda: Play(5), ArgumentError, "not a card"),
        (lambda: CardSet.of([1]), ArgumentError, "takes cards"),
        (lambda: CardSet.of(Card(7)), ArgumentError, "takes cards"),
        (lambda: CardSet.of(None), ArgumentError, "takes cards"),
        (lambda: Card("x"), ArgumentError, "a card id is an int"),
        (lambda: Card(13), ArgumentError, "no card has id"),
        (lambda: Card(64), ArgumentError, "no card has id"),
    ],
)
def test_wrong_arguments_raise_package_errors(
    call: Callable[[], object], error: type[EcarteError], words: str
) -> None:
    with pytest.raises(error, match=words):
        call()
    assert issubclass(error, ValueError)


@pytest.mark.parametrize(
    "call",
    [
        lambda: Game(plugins=[5]),
        lambda: Rules.preset([]),
        lambda: Play(5),
        lambda: CardSet.of([1]),
        lambda: CardSet.of(Card(7)),
        lambda: Card("x"),
    ],
)
def test_a_wrong_type_is_also_a_type_error(call: Callable[[], object]) -> None:
    with pytest.raises(TypeError):
        call()


def test_the_right_arguments_still_work() -> None:
    assert Card(12) is not None and Card.parse("A♣") == Card(Card.parse("A♣").id)
    assert len(CardSet.of([Card.parse("K♠"), Card.parse("7♥")])) == 2
    assert Rules.preset("classic") == Rules.preset("classic")


def test_euchre_arguments_raise_package_errors() -> None:
    from ecarte.games.euchre import EuchreAction, EuchreGame

    g = EuchreGame(seed=1)
    before = g.history_ids()
    for call in (
        lambda: g.action_id(5),  # type: ignore[arg-type]
        lambda: g.apply(EuchreAction(1, 9, 26)),  # type: ignore[arg-type]
        lambda: g.observation(True),
        lambda: g.apply(g.legal_action_ids()[0], seat=True),
    ):
        with pytest.raises(ArgumentError):
            call()
    assert g.history_ids() == before
