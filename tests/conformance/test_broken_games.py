"""The conformance suite fails on broken games, naming the property."""

from __future__ import annotations

import pytest
from _support import HalfApply, Proxy, SharedClone, UndoKeeps, UnsortedIds

from ecarte import Game
from ecarte.games.euchre import EuchreGame
from ecarte.testing import check_game, snapshot

pytestmark = pytest.mark.own_backends  # the tests choose their backends themselves

GAMES = {
    "ecarte": lambda seed: Game(seed=seed),
    "euchre": lambda seed: EuchreGame(seed=seed),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_faithful_proxy_passes(game: str) -> None:
    report = check_game(lambda seed: Proxy(GAMES[game](seed)), games=1, seed=1)
    assert report.steps > 0


@pytest.mark.parametrize(
    ("broken", "prop"),
    [
        (SharedClone, "clone independence: {at}: moving the clone changed the original"),
        (UndoKeeps, r"undo restores: {at}: undo\(\) after action \d+ .* did not restore"),
        (UnsortedIds, "legal actions: {at}: legal ids .* are not sorted"),
        (HalfApply, "illegal actions: {at}: the refused .* changed the game"),
    ],
)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_broken_game_fails(game: str, broken: type[Proxy], prop: str) -> None:
    at = r"game 0 \(seed 1\), step \d+"
    with pytest.raises(AssertionError, match="^check_game: " + prop.format(at=at)) as info:
        check_game(lambda seed: broken(GAMES[game](seed)), games=3, seed=1)
    assert "reproduce: check_game(factory, games=1, seed=1)" in str(info.value)


def test_the_failing_game_and_seed_are_named() -> None:
    """A fault that shows only in a later game names that game and its own seed."""

    class BreaksOnSeed12(Proxy):
        def undo(self) -> None:
            if self._game.seed != 12:
                self._game.undo()

    with pytest.raises(AssertionError, match=r"^check_game: undo restores: game 2 \(seed 12\)"):
        check_game(lambda seed: BreaksOnSeed12(Game(seed=seed)), games=3, seed=10)


def test_a_game_that_never_ends_fails() -> None:
    with pytest.raises(AssertionError, match=r"bounded length: .* not over after 20 steps"):
        check_game(lambda seed: Game(seed=seed), games=1, max_steps=20)


def test_a_factory_that_ignores_the_seed_fails() -> None:
    seeds = iter(range(1000))
    with pytest.raises(AssertionError, match=r"same seed, same game: .* two new games"):
        check_game(lambda seed: Game(seed=next(seeds)), games=1)


def test_snapshot_sees_a_move() -> None:
    game = Game(seed=4)
    before = snapshot(game)
    game.apply(game.legal_actions()[0])
    changed = {k for k in before if before[k] != snapshot(game)[k]}
    assert {"history", "to_json()", "legal_action_ids()", "observation(0)"} <= changed
