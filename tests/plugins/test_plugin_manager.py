"""One plugin manager per game, discovery through entry points, autoload switch."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import answering, snapshot

import ecarte.games.ecarte._plugins
from ecarte import (
    ArgumentError,
    EcarteError,
    Game,
    IllegalActionError,
    PluginError,
    Rules,
    RulesError,
    Seats,
    available_variants,
    hookimpl,
)
from ecarte.games.ecarte._plugins import AUTOLOAD_ENV, ENTRY_POINT_GROUP
from ecarte.players import RandomPlayer, play_match

VARIANTS = ("cercle", "napoleon", "poule", "quick", "regles")


def test_installed_variants_are_listed_with_a_description() -> None:
    found = available_variants()
    assert set(VARIANTS) <= set(found)
    for name in VARIANTS:
        assert found[name] and "\n" not in found[name] and "cannot be loaded" not in found[name]


def test_entry_point_group() -> None:
    import importlib.metadata

    eps = {ep.name: ep for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}
    for name in VARIANTS:
        plugin = eps[name].load()
        assert name == plugin.NAME and plugin.DESCRIPTION


def test_autoload_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Game(variant="quick").rules.target == 3  # loaded once: turned off all the same
    monkeypatch.setenv(AUTOLOAD_ENV, "1")
    assert available_variants() == {}
    with pytest.raises(EcarteError, match=AUTOLOAD_ENV):
        Game(variant="quick")
    from ecarte_quick import QuickGame

    assert Game(plugins=[QuickGame()]).rules.target == 3  # objects still work


def test_unknown_variant() -> None:
    with pytest.raises(EcarteError, match=r"unknown variant 'nope'.*quick"):
        Game(variant="nope")


def test_variant_named_twice() -> None:
    with pytest.raises(EcarteError, match="twice"):
        Game(variant=["quick", "quick"])


@pytest.mark.parametrize("seed", range(5))
def test_installed_variants_do_not_change_classic_games(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    def history() -> tuple[object, ...]:
        game = Game(seed=seed)
        assert game.plugin_names == ("classic",)
        players = {0: RandomPlayer(seed=seed), 1: RandomPlayer(seed=seed + 1)}
        return play_match(game, players).history

    with_plugins = history()
    monkeypatch.setenv(AUTOLOAD_ENV, "1")
    assert history() == with_plugins


def test_two_games_with_different_variants_side_by_side() -> None:
    quick = Game(variant="quick", seed=1)
    napoleon = Game(variant="napoleon", seed=1)
    classic = Game(seed=1)
    assert (quick.rules.target, napoleon.rules.target, classic.rules.target) == (3, 11, 5)
    players = {0: RandomPlayer(seed=0), 1: RandomPlayer(seed=1)}
    # interleave the three games action by action
    while not (quick.is_over and napoleon.is_over and classic.is_over):
        for game in (quick, napoleon, classic):
            if not game.is_over:
                seat = game.to_act
                game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))
    for game, target in ((quick, 3), (napoleon, 11), (classic, 5)):
        for result in game.game_results:
            assert result.scores[result.winner] >= target > result.scores[result.loser]
    assert quick.plugin("quick") is not napoleon.plugin_names
    with pytest.raises(
        ArgumentError, match=r"no plugin 'quick' in this game \(its plugins: classic\)"
    ):
        classic.plugin("quick")


def test_variant_objects_are_instantiated_per_game() -> None:
    a, b = Game(variant="poule"), Game(variant="poule")
    assert a.plugin("poule") is not b.plugin("poule")


def test_plugin_classes_are_instantiated() -> None:
    from ecarte_quick import QuickGame

    game = Game(plugins=[QuickGame])
    assert isinstance(game.plugin("quick"), QuickGame)


def test_misspelled_hook_implementation_is_reported() -> None:
    class Typo:
        NAME = "typo"

        @hookimpl
        def ecarte_score_hands(self) -> None:  # sic: ecarte_score_hand
            return None

    with pytest.raises(PluginError) as caught:
        Game(plugins=[Typo()])
    assert str(caught.value) == "plugin 'typo': no hook is named ecarte_score_hands"


def test_hook_implementation_with_unknown_argument_is_reported() -> None:
    class Wrong:
        @hookimpl
        def ecarte_score_hand(self, outcome: object, bonus: int) -> None:
            return None

    with pytest.raises(PluginError) as caught:
        Game(plugins=[Wrong()])
    assert str(caught.value) == (
        "plugin 'Wrong', hook ecarte_score_hand: the hook has no argument bonus (its "
        "arguments: game, outcome)"
    )


def test_one_plugin_object_twice_is_reported_by_name() -> None:
    from ecarte_poule import Poule

    poule = Poule()
    with pytest.raises(PluginError) as caught:
        Game(plugins=[poule, poule])
    assert str(caught.value) == (
        "plugin 'poule#2' is the same object as 'poule': give each its own plugin object"
    )


def test_a_method_named_like_a_hook_but_not_marked_is_reported() -> None:
    class Unmarked:  # a plain plugin, as the typed base Plugin would refuse it
        NAME = "unmarked"

        def ecarte_score_hand(self, outcome: object) -> dict[int, int]:
            return {}

    with pytest.raises(PluginError) as caught:
        Game(plugins=[Unmarked()])
    assert str(caught.value) == (
        "plugin 'unmarked': ecarte_score_hand is not marked @hookimpl, so no game would call it"
    )


def test_plugin_that_raises_is_named() -> None:
    class Broken:
        NAME = "broken"

        @hookimpl
        def ecarte_configure_rules(self, rules: Rules) -> Rules:
            raise ZeroDivisionError("oops")

    with pytest.raises(PluginError, match=r"'broken' failed in ecarte_configure_rules.*oops"):
        Game(plugins=[Broken()])


def test_unnamed_plugins_get_readable_unique_names() -> None:
    class Helper:
        @hookimpl
        def ecarte_table_size(self) -> None:
            return None

    game = Game(plugins=[Helper(), Helper()])
    assert game.plugin_names[:1] == ("classic",)
    assert {"Helper", "Helper#2"} <= set(game.plugin_names)


# ----------------------------------------------------------------- one plugin contract


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
    plugin = answering("seater", "ecarte_next_game", seats)

    with pytest.raises(PluginError, match=r"plugin 'seater', hook ecarte_next_game"):
        Game(plugins=[plugin], seed=1)


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


# ---------------------------------------- a variant that changes the rules it is given


class _PlusTwo:
    """A variant that changes the rules relative to what it is given."""

    @hookimpl
    def ecarte_configure_rules(self, rules: Any) -> Any:
        return rules.evolve(target=rules.target + 2)


class _EntryPoint:
    name = "plus-two"

    def load(self) -> type:
        return _PlusTwo


def test_rebuild_configures_the_asked_rules_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        ecarte.games.ecarte._plugins, "_entry_points", lambda: {"plus-two": _EntryPoint()}
    )
    game = Game(seed=4, variant="plus-two")
    assert game.rules.target == 7
    game.apply(game.legal_actions()[0])
    rebuilt = game.rebuild()
    assert rebuilt.rules.target == 7
    assert rebuilt.history == game.history
