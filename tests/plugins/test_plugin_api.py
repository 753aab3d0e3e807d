"""The plugin author's API: ``ecarte.hookspecs.Plugin`` states every hook's signature, a
plugin has one name however it is loaded, and ``game.plugin`` answers in the game's
words."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

import ecarte.games.ecarte._plugins
from ecarte import (
    ArgumentError,
    EcarteError,
    Game,
    HandOutcome,
    PluginError,
    SaveFormatError,
    available_variants,
    hookimpl,
    hookspecs,
)
from ecarte.games.ecarte._hooks import WRAPPABLE
from ecarte.hookspecs import HookWrapper, Plugin

HOOKS = sorted(name for name in hookspecs.__all__ if name.startswith("ecarte_"))


@pytest.mark.parametrize("name", HOOKS)
def test_the_base_states_each_hook_as_specified(name: str) -> None:
    spec = inspect.signature(getattr(hookspecs, name))
    base = inspect.signature(getattr(Plugin, name))
    params = list(base.parameters.values())
    assert params[0].name == "self"
    assert [(p.name, p.annotation) for p in params[1:]] == [
        (p.name, p.annotation) for p in spec.parameters.values()
    ]
    answer = spec.return_annotation
    if name in WRAPPABLE:  # an answer, None, or a wrapper of the answer
        inner = answer.removesuffix(" | None")
        assert base.return_annotation == f"{inner} | HookWrapper[{inner}] | None"
    else:
        assert base.return_annotation == answer
    assert getattr(getattr(Plugin, name), "ecarte_impl", None) is None  # no implementation


def test_the_base_is_no_hook_implementation() -> None:
    class Nothing(Plugin):
        NAME = "nothing"

    game = Game(plugins=[Nothing])
    assert game.plugin_names == ("classic", "nothing")
    assert game._config.hooks.plugin_set.hook_mask == 0
    assert not game._config.validators and not game._config.notifications


def test_a_typed_wrapper_works() -> None:
    class VoleThree(Plugin):
        NAME = "vole-three"

        @hookimpl(wrapper=True)
        def ecarte_score_hand(
            self, game: Game, outcome: HandOutcome
        ) -> HookWrapper[dict[int, int]]:
            points = yield
            return {s: 3 if outcome.tricks[s] == 5 else p for s, p in points.items()}

    assert Game(plugins=[VoleThree], seed=3).plugin("vole-three").__class__ is VoleThree


def test_an_unmarked_or_unknown_hook_is_refused_when_the_class_is_defined() -> None:
    with pytest.raises(PluginError, match="Unmarked: ecarte_score_hand is not marked @hookimpl"):

        class Unmarked(Plugin):
            def ecarte_score_hand(self, game: Game, outcome: HandOutcome) -> None:
                return None

    with pytest.raises(PluginError, match="Misspelled: no hook is named ecarte_score_hands"):

        class Misspelled(Plugin):
            @hookimpl
            def ecarte_score_hands(self, game: Game) -> None:
                return None


# ---------------------------------------------------------------------- names


class _Nameless:
    """An installed variant's class without a NAME."""

    @hookimpl
    def ecarte_king_points(self) -> int:
        return 2


class _Misnamed:
    NAME = "other-name"


class _EntryPoint:
    def __init__(self, name: str, target: type) -> None:
        self.name, self.target = name, target
        self.module, self.attr = target.__module__, target.__qualname__

    def load(self) -> type:
        return self.target


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two installed variants: ``nameless`` (no NAME) and ``misnamed`` (another NAME)."""
    eps = {
        "nameless": _EntryPoint("nameless", _Nameless),
        "misnamed": _EntryPoint("misnamed", _Misnamed),
    }
    monkeypatch.setattr(ecarte.games.ecarte._plugins, "_entry_points", lambda: eps)


def test_a_variant_has_one_name_however_it_is_loaded(installed: None) -> None:
    by_name = Game(variant="nameless")
    by_object = Game(plugins=[_Nameless()])
    by_class = Game(plugins=[_Nameless])
    assert by_name.plugin_names == by_object.plugin_names == by_class.plugin_names
    assert by_name.plugin_names == ("classic", "nameless")
    for game in (by_name, by_object, by_class):
        assert isinstance(game.plugin("nameless"), _Nameless)


def test_a_variant_whose_name_is_not_its_entry_point_is_refused(installed: None) -> None:
    with pytest.raises(PluginError, match=r"variant 'misnamed' calls itself 'other-name'"):
        Game(variant="misnamed")


def test_the_list_of_variants_says_a_misnamed_one_cannot_be_loaded(installed: None) -> None:
    listed = available_variants()
    assert listed["nameless"] == "An installed variant's class without a NAME."
    assert listed["misnamed"].startswith("(cannot be loaded: variant 'misnamed' calls itself")


def test_the_shipped_variants_have_one_name() -> None:
    from ecarte_poule import Poule

    assert Game(variant="poule").plugin_names == Game(plugins=[Poule()]).plugin_names
    assert Game(variant="poule").plugin_names == ("classic", "poule")


@pytest.mark.parametrize("name", ["nope", 3, None, ["poule"]])
def test_an_unknown_plugin_is_an_error_of_the_package(name: Any) -> None:
    game = Game(variant="poule")
    with pytest.raises(ArgumentError) as caught:
        game.plugin(name)
    assert isinstance(caught.value, EcarteError)
    assert str(caught.value) == (f"no plugin {name!r} in this game (its plugins: classic, poule)")


class _Unbuildable:
    """An installed variant whose constructor fails (a bug, or a required option)."""

    NAME = "unbuildable"

    def __init__(self) -> None:
        raise RuntimeError("no table today")

    @hookimpl
    def ecarte_king_points(self) -> int:
        return 2


def test_a_variant_that_cannot_be_built_is_a_plugin_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    eps = {"unbuildable": _EntryPoint("unbuildable", _Unbuildable)}
    monkeypatch.setattr(ecarte.games.ecarte._plugins, "_entry_points", lambda: eps)
    with pytest.raises(PluginError, match=r"^variant 'unbuildable' cannot be built: no table"):
        Game(variant="unbuildable")
    save = Game(seed=1).to_dict()
    save["variants"] = ["unbuildable"]
    with pytest.raises(SaveFormatError, match=r"variant 'unbuildable' cannot be built"):
        Game.from_dict(save)


def test_a_plugin_class_that_cannot_be_built_is_a_plugin_error() -> None:
    class NeedsPoints:
        NAME = "needs-points"

        def __init__(self, points: int) -> None:
            self.points = points

    with pytest.raises(PluginError, match=r"^plugin 'needs-points' cannot be built: .*points"):
        Game(plugins=[NeedsPoints])


def test_rebuild_keeps_the_plugin_objects() -> None:
    from ecarte_poule import Poule
    from ecarte_single_proposal import SingleProposal

    game = Game(plugins=[Poule(rotation="per-hand", ante=2)], seed=4)
    game.apply(game.legal_actions()[0])
    again = game.rebuild()  # an installed variant's object: rebuilt from its options
    assert again.plugin_names == game.plugin_names and again.history == game.history
    assert again.to_dict() == game.to_dict()
    assert again.plugin("poule") is not game.plugin("poule")

    house = Game(plugins=[SingleProposal()], seed=4)
    with pytest.raises(ArgumentError) as caught:
        house.rebuild()  # an object without options: it needs a fresh one
    assert str(caught.value) == (
        "rebuild(): the game has the plugin object 'single-proposal', which cannot be "
        "rebuilt from options: pass a fresh one, rebuild(plugins=[...])"
    )
    fresh = SingleProposal()
    again = house.rebuild(plugins=[fresh])
    assert again.plugin("single-proposal") is fresh and again.history == house.history
