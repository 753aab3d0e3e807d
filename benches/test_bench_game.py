"""The Game through its public Python API, beside OpenSpiel's euchre from Python.

    pytest benches/test_bench_game.py --benchmark-enable

The same figures as the Game and OpenSpiel rows of ``ecarte bench``: random matches
(per action: see ``extra_info``), ``legal_actions()``, ``clone()`` and a card applied
and undone, per call. Nothing here is a timed assertion.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ecarte import Game, Phase, Play, PlayHand

MATCHES = 10


def _play_phase_game() -> Game:
    game = Game(seed=3)
    while game.phase is not Phase.PLAY:  # the elder plays the first hand as dealt
        legal = game.legal_actions()
        game.apply(PlayHand() if PlayHand() in legal else legal[0])
    return game


def _random_matches(games: list[Game]) -> int:
    actions = 0
    for seed, game in enumerate(games):
        choice, legal, apply = random.Random(seed).choice, game.legal_actions, game.apply
        while not game.is_over:
            apply(choice(legal()))
            actions += 1
    return actions


def test_game_random_matches(benchmark: Any) -> None:
    """Game construction is left out (setup); extra_info has the actions per round."""
    actions = benchmark.pedantic(
        _random_matches,
        setup=lambda: (([Game(seed=s) for s in range(MATCHES)],), {}),
        rounds=5,
    )
    benchmark.extra_info["actions"] = actions
    assert actions > 100 * MATCHES


def test_python_loop_floor(benchmark: Any) -> None:
    """The baseline of the row above: the same loop around an engine that does nothing
    (``random.choice`` and three Python calls per action)."""
    from ecarte._bench import _drive_no_game

    benchmark(_drive_no_game, 1_000)
    benchmark.extra_info["actions"] = 1_000


def test_game_legal_actions(benchmark: Any) -> None:
    game = _play_phase_game()
    assert benchmark(game.legal_actions)


def test_game_clone(benchmark: Any) -> None:
    game = _play_phase_game()
    assert benchmark(game.clone).phase is Phase.PLAY


def test_game_clone_and_apply(benchmark: Any) -> None:
    game = _play_phase_game()
    card = game.legal_actions()[0]
    benchmark(lambda: game.clone().apply(card))


def test_game_apply_and_undo_a_card(benchmark: Any) -> None:
    game = _play_phase_game()
    card = game.legal_actions()[0]
    assert isinstance(card, Play)
    before = game.history

    def apply_undo() -> None:
        game.apply(card)
        game.undo()

    benchmark(apply_undo)
    assert game.history == before


# ------------------------------------------------------------ OpenSpiel baseline


@pytest.fixture(scope="module")
def euchre() -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    return pyspiel.load_game("euchre")


def _first_decision(euchre: Any) -> Any:
    rng = random.Random(1)
    state = euchre.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    return state


def test_openspiel_random_deals(benchmark: Any, euchre: Any) -> None:
    def deals() -> int:
        rng = random.Random(1)
        actions = 0
        for _ in range(100):
            state = euchre.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        return actions

    benchmark.extra_info["actions"] = benchmark(deals)


def test_openspiel_legal_actions(benchmark: Any, euchre: Any) -> None:
    assert benchmark(_first_decision(euchre).legal_actions)


def test_openspiel_clone(benchmark: Any, euchre: Any) -> None:
    benchmark(_first_decision(euchre).clone)
