"""Helpers of the conformance tests: sizes, backends, and broken games."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from ecarte import IllegalActionError
from ecarte.engine import backend
from ecarte.testing import GameLike, check_game

LONG = os.environ.get("ECARTE_LONG", "") not in ("", "0")
"""``ECARTE_LONG=1`` plays many more games per configuration."""

GAMES = 12 if LONG else 1


def backend_params(names: list[str]) -> list[Any]:
    """The backends ``names`` as test parameters, the pure twin's marked ``tree_proven``:
    the wheel carries its code as it is in the source tree, whose run checks it (the
    wheel's test command checks the compiled backends it built)."""
    return [pytest.param(n, marks=pytest.mark.tree_proven) if n == "pure" else n for n in names]


@contextmanager
def on_backend(name: str) -> Iterator[None]:
    """Make ``name`` the live backend, and the previous one again afterwards."""
    previous = backend.live()
    backend.use_backend(name)
    try:
        yield
    finally:
        backend.use_backend(previous)


def check_on(name: str, factory: Callable[[int], GameLike], seed: int, games: int = GAMES) -> None:
    """``check_game`` with ``name`` live; the report must count the games played."""
    with on_backend(name):
        report = check_game(factory, games=games, seed=seed)
    assert report.games == games and report.steps >= games
    assert report.checkpoints >= games  # at least the end of each game


class Proxy:
    """A game behind another object: every attribute is the wrapped game's, but for
    those a subclass breaks."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def __dir__(self) -> list[str]:
        return dir(self._game)

    def clone(self) -> Proxy:
        return type(self)(self._game.clone())


class SharedClone(Proxy):
    """``clone()`` returns a new wrapper around the same game."""

    def clone(self) -> Proxy:
        return type(self)(self._game)


class UndoKeeps(Proxy):
    """``undo()`` does nothing."""

    def undo(self) -> None:
        pass


class UnsortedIds(Proxy):
    """The legal ids, highest first."""

    def legal_action_ids(self) -> tuple[int, ...]:
        return tuple(reversed(self._game.legal_action_ids()))


class HalfApply(Proxy):
    """An illegal action applies the first legal one, then raises."""

    def apply(self, action: Any) -> None:
        game = self._game
        legal = list(game.legal_actions())
        if action not in legal:
            if legal:
                game.apply(legal[0])
            raise IllegalActionError(f"{action!r} is not legal")
        game.apply(action)

    def __getattr__(self, name: str) -> Any:
        if name == "apply_id" and hasattr(self._game, "apply_id"):
            return self._apply_id  # the game applies ids: break that path too
        return getattr(self._game, name)

    def _apply_id(self, action_id: Any) -> None:
        game = self._game
        legal = list(game.legal_action_ids())
        if action_id not in legal or type(action_id) is not int:
            if legal:
                game.apply_id(legal[0])
            raise IllegalActionError(f"{action_id!r} is not legal")
        game.apply_id(action_id)
