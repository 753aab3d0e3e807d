"""Every test outside tests/core runs once per backend: prove the game uses it."""

from __future__ import annotations

import ecarte
from ecarte import Game, Phase, _core

_MODULE = {"cython": "ecarte._core._cycore", "pure": "ecarte._core._pure"}


def test_the_game_plays_through_the_live_backend(live_backend: str) -> None:
    assert _core.BACKEND == ecarte.BACKEND == live_backend
    game = Game(seed=2)
    while game.phase is not Phase.PLAY:
        game.apply(game.legal_actions()[-1])
    play_state = game._state.play
    assert type(play_state).__module__ == _MODULE[live_backend]
    game.apply(game.legal_actions()[0])
    assert len(game.trick) == 1
