"""Edge cases found by review: hooks that read or poke the game mid-step, answers of the
wrong type, a variant that changes the rules relative to what it is given, seats that
are bools."""

from __future__ import annotations

import random
from typing import Any

import pytest

import ecarte.games.ecarte._plugins
from ecarte import (
    ChoosePackets,
    Game,
    IllegalActionError,
    Phase,
    PluginError,
    Propose,
    Seats,
    hookimpl,
)


class Peek:
    """Reads the legal actions from inside hooks (as a logging plugin might): there are
    none mid-step."""

    NAME = "peek"

    @hookimpl
    def ecarte_king_points(self, game: Game) -> None:
        assert game.legal_actions() == ()

    @hookimpl
    def ecarte_deal_packets(self, game: Game) -> None:
        assert game.legal_actions() == ()


def test_legal_actions_read_inside_hooks_are_never_kept() -> None:
    """What a hook sees mid-step (automatic chance included) is not the answer for the
    state the step ends in: every offered list equals that of a plugin-free twin."""
    for seed in range(30):
        game, twin = Game(seed=seed, plugins=[Peek()]), Game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            assert legal == twin.legal_actions()
            action = rng.choice(legal)
            game.apply(action)
            twin.apply(action)


def test_a_game_cannot_be_changed_or_copied_from_inside_a_hook() -> None:
    seen: list[str] = []

    class Meddler:
        @hookimpl
        def ecarte_validate_action(self, game: Game) -> None:
            for what in (game.clone, game.undo, lambda: game.apply(Propose())):
                try:
                    what()
                except IllegalActionError as exc:
                    seen.append(str(exc))

    game = Game(seed=1, plugins=[Meddler()])
    if game.phase is Phase.PACKETS:
        game.apply(ChoosePackets(3))
    n = len(game.history)
    game.apply(Propose())
    assert game.phase is Phase.RESPOND and len(game.history) == n + 1
    assert seen and all("from inside a plugin hook" in why for why in seen)


def test_a_notification_may_act_once_the_action_is_done() -> None:
    class AutoPacket:
        @hookimpl
        def ecarte_game_started(self, game: Game) -> None:
            game.clone()  # allowed here: the game is between actions

    Game(seed=2, plugins=[AutoPacket()])


def test_a_cut_that_never_decides_is_a_plugin_error() -> None:
    class CutForEver:
        @hookimpl
        def ecarte_cut(self, players: tuple[int, int]) -> Seats:
            return Seats(players=players, dealer=None)

    with pytest.raises(PluginError, match="ecarte_cut asked for a new cut 100 times"):
        Game(seed=1, plugins=[CutForEver()])


@pytest.mark.parametrize("veto", [False, "", "  ", 0, ["no"]])
def test_a_veto_is_a_reason_or_none(veto: Any) -> None:
    class Falsy:
        NAME = "falsy"

        @hookimpl
        def ecarte_validate_action(self) -> Any:
            return veto

    with pytest.raises(PluginError, match=r"plugin 'falsy', hook ecarte_validate_action"):
        game = Game(seed=1, plugins=[Falsy()])
        game.legal_actions()


def test_vetoing_everything_names_the_plugin() -> None:
    class Nothing:
        NAME = "nothing"

        @hookimpl
        def ecarte_validate_action(self) -> str:
            return "never"

    game = Game(seed=1, plugins=[Nothing()])
    with pytest.raises(PluginError, match=r"plugin 'nothing', hook ecarte_validate_action"):
        game.legal_actions()


def test_packets_are_ints() -> None:
    with pytest.raises(ValueError, match="the int 2 or 3"):
        ChoosePackets(3.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="the int 2 or 3"):
        ChoosePackets(True)

    class FloatPackets:
        NAME = "float-packets"

        @hookimpl
        def ecarte_deal_packets(self) -> tuple[float, float]:
            return (3.0, 2.0)

    with pytest.raises(PluginError, match=r"'float-packets', hook ecarte_deal_packets"):
        Game(seed=1, plugins=[FloatPackets()])


def test_seats_are_ints_not_bools() -> None:
    game = Game(seed=1)
    with pytest.raises(IllegalActionError):
        game.observation(True)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        game.hand(False)  # type: ignore[arg-type]
    before = game.history
    legal = game.legal_actions()
    with pytest.raises(IllegalActionError, match="a seat is an int, not True"):
        game.apply(legal[0], seat=True)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="a seat is an int, not '1'"):
        game.apply(legal[0], seat="1")  # type: ignore[arg-type]
    assert game.history == before


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
