"""Every test not marked own_backends runs once per backend: prove the game uses it."""

from __future__ import annotations

import ecarte
from ecarte import Game, Phase, _core

_MODULE = {"cython": "ecarte.games.ecarte._machine", "pure": "ecarte.games.ecarte._pymachine"}


def test_the_game_plays_through_the_live_backend(live_backend: str) -> None:
    assert _core.BACKEND == ecarte.BACKEND == live_backend
    game = Game(seed=2)
    while game.phase is not Phase.PLAY:
        game.apply(game.legal_actions()[-1])
    machine = type(game).__mro__[1]  # the class the game's hot methods come from
    assert machine.__module__ == _MODULE[live_backend] and machine.__name__ == "Machine"
    assert type(game).legal_actions is machine.legal_actions
    game.apply(game.legal_actions()[0])
    assert len(game.trick) == 1
