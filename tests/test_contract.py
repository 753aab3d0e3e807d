"""The contract under hostile input (issue 9): chance checked like any action, one plugin
contract, strict public entry points, records that cannot be edited."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from helpers import cut_for, deck_order, snapshot

from ecarte import (
    PIQUET_DECK,
    ArgumentError,
    Card,
    CardSet,
    ChoosePackets,
    Cut,
    Deal,
    EcarteError,
    FrozenDict,
    Game,
    HandResult,
    IllegalActionError,
    Phase,
    PluginError,
    Rank,
    RulesError,
    Seats,
    Suit,
    hookimpl,
)

DECK = tuple(PIQUET_DECK)
KS, SEVEN_H = Card.parse("K♠"), Card.parse("7♥")


def at_cut() -> Game:
    return Game(seed=1, auto_chance=False)


def at_deal() -> Game:
    game = at_cut()
    game.apply(cut_for(game.rules, 0))
    game.apply(ChoosePackets(3))
    assert game.phase is Phase.DEAL
    return game


# ------------------------------------------------- chance checked like any action


@pytest.mark.parametrize(
    ("make", "event", "match"),
    [
        (at_deal, Cut((KS, SEVEN_H)), "a deal is due, not a cut"),
        (at_cut, Deal(DECK), "a cut is due, not a deal"),
        (at_cut, Cut((KS, KS)), "two different cards"),
        (at_cut, Cut((KS, Card.of(Rank.TWO, Suit.SPADES))), "two different cards of the deck"),
        (at_deal, Deal((DECK[0], *DECK[:31])), "32 cards of the deck once each"),
        (at_deal, Deal(DECK[:31]), "32 cards"),
        (at_deal, Deal((*DECK, DECK[0])), "32 cards"),
        (at_deal, Deal((*DECK[:31], Card.of(Rank.TWO, Suit.SPADES))), "32 cards"),
    ],
)
def test_a_bad_chance_event_is_refused_and_changes_nothing(
    make: Any, event: Any, match: str
) -> None:
    game = make()
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=match):
        game.apply(event)
    with pytest.raises(IllegalActionError):
        game.apply(str(event))  # as text too
    assert snapshot(game) == before


def test_no_chance_event_out_of_a_chance_phase() -> None:
    game = at_deal()
    game.apply(Deal(deck_order("7♣ 8♣ 9♣ 10♣ J♣", "7♦ 8♦ 9♦ 10♦ J♦", "7♥")))
    before = snapshot(game)
    for event in (Cut((KS, SEVEN_H)), Deal(DECK)):
        with pytest.raises(IllegalActionError, match="no chance event is due"):
            game.apply(event)
    with pytest.raises(IllegalActionError, match="no chance event is due"):
        game.apply_chance()
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("make", "ids"),
    [
        (at_deal, (KS.id, SEVEN_H.id)),  # a cut during the deal
        (at_cut, tuple(c.id for c in DECK)),  # a deal during the cut
        (at_cut, (KS.id, KS.id)),  # a card twice
        (at_deal, (DECK[0].id, *(c.id for c in DECK[:31]))),  # a card twice
        (at_deal, tuple(c.id for c in DECK[:31])),  # wrong count
        (at_cut, (KS.id,)),  # wrong count
        (at_cut, (KS.id, 2)),  # not a card of the deck (a two)
    ],
)
def test_the_machine_itself_refuses_bad_chance(make: Any, ids: tuple[int, ...]) -> None:
    """Under the facade's checks, the machine checks chance on its own."""
    game = make()
    before = snapshot(game)
    assert game._m_chance(ids) < 0
    assert snapshot(game) == before


# ---------------------------------------------------------- one plugin contract


class _Raises:
    NAME = "raiser"

    def __init__(self, exc: Exception) -> None:
        self.exc = exc

    @hookimpl
    def ecarte_king_points(self) -> int:
        raise self.exc


def _first_king(game: Game) -> None:
    """Play on until the king hook is asked (or the match ends)."""
    while not game.is_over:
        game.apply(game.legal_actions()[0])


@pytest.mark.parametrize(
    "exc", [IllegalActionError("no"), RulesError("r"), KeyError("k"), PluginError("p")]
)
def test_any_exception_from_a_hook_is_a_plugin_error_naming_plugin_and_hook(exc: Any) -> None:
    game = Game(plugins=[_Raises(exc)], seed=2)
    with pytest.raises(PluginError, match=r"plugin 'raiser' failed in ecarte_king_points") as info:
        for _ in range(2000):
            before = snapshot(game)
            game.apply(game.legal_actions()[0])
    assert info.value.__cause__ is exc
    assert snapshot(game) == before  # the step was rolled back


def test_apply_inside_a_hook_is_a_plugin_error_with_the_illegal_action_as_cause() -> None:
    class Meddler:
        @hookimpl
        def ecarte_king_points(self, game: Game) -> None:
            game.apply("propose")

    game = Game(plugins=[Meddler()], seed=2)
    with pytest.raises(PluginError, match="ecarte_king_points") as info:
        _first_king(game)
    assert isinstance(info.value.__cause__, IllegalActionError)
    assert "inside a plugin hook" in str(info.value.__cause__)


@pytest.mark.parametrize(
    "seats",
    [
        Seats(players=(0, 1, 2)),  # type: ignore[arg-type]
        Seats(players=(0, 1), dealer=True),
        Seats(players=(0, 1), dealer=2),
        Seats(players=(0, 0)),
        "0 1",
    ],
)
def test_nonsense_seats_are_a_plugin_error_naming_plugin_and_hook(seats: Any) -> None:
    class Seater:
        NAME = "seater"

        @hookimpl
        def ecarte_next_game(self) -> Any:
            return seats

    with pytest.raises(PluginError, match=r"plugin 'seater', hook ecarte_next_game"):
        Game(plugins=[Seater()], seed=1)


def test_a_failing_notification_raises_but_the_action_stands() -> None:
    class Grumpy:
        NAME = "grumpy"

        @hookimpl
        def ecarte_hand_ended(self) -> None:
            raise RuntimeError("no more hands")

    game = Game(plugins=[Grumpy()], seed=3)
    number = game.hand_number
    with pytest.raises(PluginError, match="the action was applied") as info:
        for _ in range(2000):
            history = game.history
            game.apply(game.legal_actions()[0])
    assert "plugin 'grumpy' failed in ecarte_hand_ended: RuntimeError: no more hands" in str(
        info.value
    )
    assert len(game.history) > len(history) and game.hand_number > number  # it stands
    with pytest.raises(IllegalActionError, match="cannot undo"):
        game.undo()


# ----------------------------------------------------- strict public entry points


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"rules": 0}, RulesError, "rules must be"),
        ({"rules": 5}, RulesError, "rules must be"),
        ({"rules": "no-such-preset"}, RulesError, "no-such-preset"),
        ({"seed": [1]}, ArgumentError, r"seed must be an int \(or None\), not \[1\]"),
        ({"seed": 1.5}, ArgumentError, "seed must be an int"),
        ({"seed": "1"}, ArgumentError, "seed must be an int"),
        ({"seed": frozenset()}, ArgumentError, "seed must be an int"),
        ({"seed": True}, ArgumentError, "seed must be an int"),
        ({"seed": 10**5000}, ArgumentError, r"not an int of 16610 bits"),
        ({"seed": -(2**64)}, ArgumentError, r"\[-2\*\*63, 2\*\*64\)"),
        ({"variant": "classic"}, ArgumentError, "classic is the builtin rules"),
        ({"variant": ["quick", "quick"]}, ArgumentError, "named twice"),
        ({"variant": "no-such-variant"}, ArgumentError, "unknown variant 'no-such-variant'"),
        ({"variant": 5}, ArgumentError, "variant must be"),
        ({"variant": [5]}, ArgumentError, "variant must be"),
        ({"auto_chance": "yes"}, ArgumentError, "auto_chance must be a bool"),
        ({"auto_chance": 1}, ArgumentError, "auto_chance must be a bool"),
        ({"plugins": 5}, ArgumentError, "plugins must be an iterable"),
        ({"plugins": "poule"}, ArgumentError, "plugins must be an iterable"),
    ],
)
def test_bad_arguments_to_game_are_named(kwargs: dict[str, Any], error: Any, match: str) -> None:
    assert issubclass(error, EcarteError) and issubclass(error, ValueError)
    with pytest.raises(error, match=match):
        Game(**kwargs)


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


@pytest.mark.parametrize("bad", [True, False, 1.0, "5", None, 96, -1])
def test_action_from_id_refuses_what_is_no_id(bad: Any) -> None:
    with pytest.raises(IllegalActionError):
        Game(seed=1).action_from_id(bad)


@pytest.mark.parametrize("history", [5, "cut K♠ 7♥", None])
def test_replay_refuses_what_is_no_history(history: Any) -> None:
    with pytest.raises(ArgumentError, match="history must be"):
        Game.replay(history)


def test_replay_refuses_a_bad_auto_chance() -> None:
    with pytest.raises(ArgumentError, match="auto_chance"):
        Game.replay([], auto_chance="yes")  # type: ignore[arg-type]


# ------------------------------------------------------ records cannot be edited


def _played() -> Game:
    game = Game(seed=4)
    while not game.game_results:
        game.apply(game.legal_actions()[0])
    return game


def test_a_result_cannot_be_edited() -> None:
    game = _played()
    clone = game.clone()
    before = (game.hand_results, game.game_results, clone.game_results)
    result = game.game_results[-1]
    for mapping in (result.scores, result.hands[-1].points, result.hands[-1].kings):
        with pytest.raises(TypeError):
            mapping[0] = 99  # type: ignore[index]
        with pytest.raises(AttributeError):
            mapping._data = {}  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        result.hands[-1].points = {0: 99}  # type: ignore[misc]
    with pytest.raises(TypeError):
        game.history[0] = game.history[1]  # type: ignore[index]
    assert isinstance(game.history, tuple) and isinstance(result.hands, tuple)
    assert (game.hand_results, game.game_results, clone.game_results) == before


def test_frozen_results_still_compare_with_plain_dicts() -> None:
    hand = HandResult(
        number=1, dealer=0, elder=1, trump=KS, tricks={1: 2, 0: 3}, points={0: 1, 1: 0}
    )
    plain = {0: 1, 1: 0}
    assert hand.points == plain and plain.__eq__(hand.points) is NotImplemented
    assert (plain == hand.points) is True  # the reflected FrozenDict.__eq__
    assert isinstance(hand.points, FrozenDict) and hand.kings == {}
    assert hand.points != {0: 1} and hand.points != [(0, 1), (1, 0)]
    assert repr(hand.points) == "{0: 1, 1: 0}" and dict(hand.points) == {0: 1, 1: 0}
    assert hash(hand) == hash(pickle.loads(pickle.dumps(hand)))
    assert pickle.loads(pickle.dumps(hand)) == hand
