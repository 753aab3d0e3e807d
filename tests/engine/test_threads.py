"""One game hammered by threads: on the pure and cffi backends each call either runs or
raises ConcurrentUseError, never corrupts the game (its history still replays)."""

from __future__ import annotations

import random
import sys
import threading

import pytest

import ecarte._core as core
from ecarte import ConcurrentUseError, Game, IllegalActionError

pytestmark = pytest.mark.own_backends


@pytest.mark.parametrize("name", [n for n in ("cffi", "pure") if n in core.backends()])
def test_threads_on_one_game_get_a_clear_error_or_success(name: str) -> None:
    previous = core.BACKEND
    core.use_backend(name)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        game = Game(seed=11)
        errors: list[BaseException] = []
        concurrent = [0]

        def hammer(seed: int) -> None:
            rng = random.Random(seed)
            for _ in range(3000):
                try:
                    if game.is_over:
                        game.undo()
                    legal = game.legal_actions()
                    if legal:
                        game.apply(rng.choice(legal))
                    if rng.random() < 0.1:
                        game.undo()
                except ConcurrentUseError:
                    concurrent[0] += 1
                except IllegalActionError:
                    pass  # another thread moved first: the action is no longer legal
                except BaseException as exc:
                    errors.append(exc)

        threads = [threading.Thread(target=hammer, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        again = Game.replay(game.history, seed=11)
        assert [str(r) for r in again.history] == [str(r) for r in game.history]
    finally:
        sys.setswitchinterval(interval)
        core.use_backend(previous)
