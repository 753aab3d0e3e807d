"""Hook contract: display and save hooks read the game without changing it; every
answer is checked with an error naming the plugin and the hook."""

from __future__ import annotations

from typing import Any

import pytest

from ecarte import ArgumentError, Game, IllegalActionError, MatchStatus, PluginError, hookimpl


class Meddler:
    NAME = "meddler"

    def __init__(self, where: str) -> None:
        self.where = where
        self.action: Any = None

    @hookimpl
    def ecarte_describe(self, game: Any, seat: Any) -> Any:
        if self.where == "describe":
            game.apply(self.action)  # legal now, but the game is read-only here
        return []

    @hookimpl
    def ecarte_save_state(self, game: Any) -> Any:
        if self.where == "save":
            game.undo()
        return None


@pytest.mark.parametrize(("where", "call"), [("describe", "describe"), ("save", "to_dict")])
def test_display_and_save_hooks_cannot_change_the_game(where: str, call: str) -> None:
    meddler = Meddler(where)
    game = Game(seed=2, plugins=[meddler])
    game.apply(game.legal_actions()[0])
    meddler.action = game.legal_actions()[0]
    before = [str(r) for r in game.history]
    with pytest.raises(PluginError) as e:
        getattr(game, call)()
    assert "meddler" in str(e.value)
    assert isinstance(e.value.__cause__, IllegalActionError)
    assert [str(r) for r in game.history] == before


class Answers:
    NAME = "answers"

    def __init__(self, describe: Any = (), status: Any = None) -> None:
        self.lines, self.status = describe, status

    @hookimpl
    def ecarte_describe(self, game: Any, seat: Any) -> Any:
        return self.lines

    @hookimpl
    def ecarte_match_status(self, game: Any, games: Any) -> Any:
        return self.status


@pytest.mark.parametrize("answer", [0, 2.5, "text", [1]])
def test_a_describe_answer_that_is_not_lines_names_plugin_and_hook(answer: object) -> None:
    game = Game(seed=2, plugins=[Answers(describe=answer)])
    with pytest.raises(PluginError, match="plugin 'answers', hook ecarte_describe"):
        game.describe()


@pytest.mark.parametrize(("over", "winner"), [(2, None), (2.5, None), (True, None), (False, 1)])
def test_a_match_status_is_checked_when_made(over: object, winner: object) -> None:
    with pytest.raises(ArgumentError, match="MatchStatus"):
        MatchStatus(over=over, winner=winner)  # type: ignore[arg-type]


def test_a_match_status_over_that_is_not_a_bool_names_plugin_and_hook() -> None:
    status = object.__new__(MatchStatus)  # made past its checks, as a plugin could
    object.__setattr__(status, "over", 2.5)
    object.__setattr__(status, "winner", None)
    game = Game(seed=2, plugins=[Answers(status=status)])
    with pytest.raises(PluginError, match="plugin 'answers', hook ecarte_match_status"):
        for _ in range(400):
            game.apply(game.legal_actions()[0])
