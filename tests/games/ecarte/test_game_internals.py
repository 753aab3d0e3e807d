"""Internals of the Game's machine that no public view shows directly."""

from __future__ import annotations

from typing import Any

from ecarte import Game, Phase, hookimpl
from ecarte.engine import backend


def _fields(game: Game) -> tuple[Any, ...]:
    return (game._m_view(), game.history, game.log, game.observation(0), game.observation(1))


def test_a_game_is_a_game_on_the_live_machine(live_backend: str) -> None:
    game = Game(seed=2)
    assert isinstance(game, Game)
    assert isinstance(game, backend.module("ecarte.machine", live_backend).Machine)
    assert type(game).__name__ == "Game"


def test_clones_are_independent() -> None:
    game = Game(seed=2)
    while game.phase is not Phase.PLAY:
        game.apply(game.legal_actions()[0])
    copy = game.clone()
    before = _fields(game)
    copy.apply(copy.legal_actions()[0])
    assert _fields(game) == before
    copy.undo()
    assert _fields(copy) == before
    game.apply(game.legal_actions()[-1])
    game.undo()
    assert _fields(game) == before


def test_classic_rules_run_without_python_hooks() -> None:
    """With no plugin but the builtin classic rules, the machine answers every hook
    itself: the game's hook mask is empty and its fast path is on."""
    game = Game(seed=3)
    assert game._config.fast and game._m_config.hook_mask == 0

    class Scorer:
        @hookimpl
        def ecarte_score_hand(self) -> None:
            return None

    with_plugin = Game(seed=3, plugins=[Scorer()])
    assert not with_plugin._config.fast
    assert with_plugin._m_config.hook_mask == 1 << 7  # EC_H_SCORE_HAND only


def test_the_log_is_the_history() -> None:
    """Undo replays the log: many undos in a row give back every earlier state."""
    game = Game(seed=5)
    states = []
    while not game.is_over and len(states) < 120:
        states.append((_fields(game), game.history, game.log))
        game.apply(game.legal_actions()[-1])
    while states:
        game.undo()
        assert (_fields(game), game.history, game.log) == states.pop()


def test_a_game_leaves_no_reference_cycle() -> None:
    """A game (classic, with variants, or with plugin objects) is freed by reference
    counting alone: after ``del game`` the collector finds nothing of it."""
    import gc

    from ecarte.players import RandomPlayer, play_match

    class Counter:
        def __init__(self) -> None:
            self.hands = 0

        @hookimpl
        def ecarte_hand_ended(self) -> None:
            self.hands += 1

    makers = [
        lambda: Game(seed=1),
        lambda: Game(seed=1, variant=["quick"]),
        lambda: Game(seed=1, plugins=[Counter()]),
    ]
    for make in makers:
        game = make()
        play_match(game.clone(), {0: RandomPlayer(seed=1), 1: RandomPlayer(seed=2)})
        assert game.history and game.log and not game.game_results  # records built, kept
        gc.collect()
        gc.disable()
        try:
            del game
            assert gc.collect() == 0
        finally:
            gc.enable()
