"""The typed declarations of the loop cost nothing at run time: ``Game`` declares
``apply`` and ``legal_actions`` for type checkers only, and a game's methods are still
those of the live backend's machine."""

from __future__ import annotations

from ecarte import Game
from ecarte.games.ecarte import game as game_module

HOT = ("apply", "legal_actions", "to_act", "is_over", "clone")


def test_the_facade_declares_no_hot_method() -> None:
    for name in HOT:
        assert name not in vars(game_module.Game), name


def test_a_game_runs_the_machine_s_methods() -> None:
    game = Game(seed=1)
    machine = type(game)._binding.Machine
    for name in HOT:
        assert getattr(type(game), name) is vars(machine)[name], name
