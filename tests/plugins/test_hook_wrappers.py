"""Hook wrappers (``@hookimpl(wrapper=True)``): a variant adjusts the classic answer of a
decision hook in a few lines, as pluggy's wrappers do; a wrapped hook costs what an
overridden one costs (the machine asks Python there), and nothing elsewhere."""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

import pluggy
import pytest
from helpers import STRONG, VOLE_TURNUP, WEAK, cut_for, deal, finish_hand, refused

from ecarte import Game, HandOutcome, PluginError, Rules, hookimpl
from ecarte.games.ecarte import hookspecs
from ecarte.games.ecarte._classic import ClassicRules
from ecarte.games.ecarte._hooks import MACHINE_HOOKS
from ecarte.players import RandomPlayer, play_match


class VoleScoresThree:
    """A house rule: a vole scores 3."""

    NAME = "vole-three"

    @hookimpl(wrapper=True)
    def ecarte_score_hand(
        self, outcome: HandOutcome
    ) -> Generator[None, dict[int, int], dict[int, int]]:
        points = yield
        return {s: 3 if outcome.tricks[s] == 5 else p for s, p in points.items()}


def _dealt(plugins: list[object], elder: str, dealer: str) -> Game:
    game = Game(plugins=plugins, auto_chance=False)
    game.apply(cut_for(game.rules, 0))
    deal(game, elder, dealer, VOLE_TURNUP)
    return game


def test_a_wrapper_adjusts_the_classic_answer() -> None:
    game = _dealt([VoleScoresThree()], STRONG, WEAK)
    finish_hand(game)  # the elder takes all five
    assert game.hand_results[-1].points == {1: 3, 0: 0}
    plain = _dealt([], STRONG, WEAK)
    finish_hand(plain)
    assert plain.hand_results[-1].points == {1: 2, 0: 0}


def test_a_wrapped_game_scores_as_the_classic_one_but_for_voles() -> None:
    for seed in range(40):
        game = Game(plugins=[VoleScoresThree()], seed=seed)
        play_match(game, {s: RandomPlayer(seed=seed * 2 + s) for s in range(2)})
        for result in game.game_results:
            for hand in result.hands:
                if not hand.complete:
                    continue
                winner = max(hand.tricks, key=hand.tricks.__getitem__)
                tricks_points = hand.points[winner] - hand.kings.get(winner, 0)
                if hand.tricks[winner] == 5:
                    assert tricks_points == 3
                else:
                    assert tricks_points in (1, 2)


def test_only_the_wrapped_hook_stops_the_machine() -> None:
    mask = Game(plugins=[VoleScoresThree()])._config.hooks.plugin_set.hook_mask
    assert mask == 1 << MACHINE_HOOKS.index("ecarte_score_hand")
    assert Game()._config.fast


class PlusOne:
    NAME = "plus-one"

    @hookimpl(wrapper=True)
    def ecarte_table_size(self) -> Generator[None, int, int]:
        return (yield) + 1


class Double:
    NAME = "double"

    @hookimpl(wrapper=True)
    def ecarte_table_size(self) -> Generator[None, int, int]:
        return (yield) * 2


@pytest.mark.parametrize("order", [(PlusOne, Double), (Double, PlusOne)])
def test_wrappers_compose_in_pluggy_order(order: tuple[type, type]) -> None:
    pm = pluggy.PluginManager("ecarte")
    pm.add_hookspecs(hookspecs)
    pm.register(ClassicRules(), name="classic")
    for cls in order:
        pm.register(cls(), name=cls.NAME)  # type: ignore[attr-defined]
    expected = pm.hook.ecarte_table_size(rules=Rules())
    game = Game(plugins=[cls() for cls in order])
    assert game.players == expected and expected in (5, 6)


def test_a_wrapper_that_does_not_yield_is_named() -> None:
    class NoYield:
        NAME = "no-yield"

        @hookimpl(wrapper=True)
        def ecarte_table_size(self) -> Generator[None, int, int]:
            return 3
            yield  # pragma: no cover

    with pytest.raises(PluginError, match="'no-yield', hook ecarte_table_size: a wrapper must"):
        Game(plugins=[NoYield()])


def test_a_hook_that_yields_but_is_not_marked_a_wrapper_is_named() -> None:
    class Forgot:
        NAME = "forgot"

        @hookimpl  # sic: not wrapper=True
        def ecarte_score_hand(self) -> Generator[None, Any, Any]:
            points = yield
            return points

    with pytest.raises(PluginError) as caught:
        Game(plugins=[Forgot()])
    assert str(caught.value) == (
        "plugin 'forgot', hook ecarte_score_hand: it yields, as a hook wrapper does: mark "
        "it @hookimpl(wrapper=True)"
    )


def test_a_failing_wrapper_leaves_the_game_unchanged() -> None:
    class Broken:
        NAME = "broken-wrapper"

        @hookimpl(wrapper=True)
        def ecarte_score_hand(self) -> Generator[None, Any, Any]:
            yield
            raise RuntimeError("no")

    game = _dealt([Broken()], STRONG, WEAK)
    game.apply("play-hand")
    for _ in range(9):
        game.apply(game.legal_actions()[0])
    with refused(game, PluginError, "'broken-wrapper' failed in ecarte_score_hand"):
        game.apply(game.legal_actions()[0])


def test_a_wrapper_that_changes_the_answer_in_place_is_named() -> None:
    class InPlace:
        NAME = "in-place"

        @hookimpl(wrapper=True)
        def ecarte_score_hand(self, outcome: HandOutcome) -> Generator[None, Any, Any]:
            points = yield
            points[outcome.elder] = -1  # the classic answer, changed where it is
            return points

    game = _dealt([InPlace()], STRONG, WEAK)
    game.apply("play-hand")
    for _ in range(9):
        game.apply(game.legal_actions()[0])
    with refused(game, PluginError, r"^plugin 'in-place', hook ecarte_score_hand: -1 is not"):
        game.apply(game.legal_actions()[0])


def test_wrappers_of_other_hooks_and_old_style_wrappers_are_refused() -> None:
    class Describe:
        @hookimpl(wrapper=True)
        def ecarte_describe(self) -> Generator[None, Any, Any]:
            return (yield)

    with pytest.raises(PluginError, match="may wrap only a hook that answers a question"):
        Game(plugins=[Describe()])

    class OldStyle:
        @hookimpl(hookwrapper=True)
        def ecarte_score_hand(self) -> Generator[None, Any, None]:
            yield

    with pytest.raises(PluginError, match=r"use @hookimpl\(wrapper=True\)"):
        Game(plugins=[OldStyle()])


def test_a_wrapped_game_saves_clones_and_replays() -> None:
    rng = random.Random(5)
    game = Game(plugins=[VoleScoresThree()], seed=5)
    for _ in range(60):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    clone = game.clone()
    assert clone.to_dict() == game.to_dict()
    back = Game.from_dict(game.to_dict(), plugins=[VoleScoresThree()])
    assert back.to_dict() == game.to_dict()
