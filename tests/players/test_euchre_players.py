"""The Euchre players refuse what they cannot play, in words, before deciding anything: a
game that is not Euchre, a finished game, a seed or thresholds of the wrong type."""

from __future__ import annotations

from typing import Any

import pytest

from ecarte import Game
from ecarte.games.euchre import EuchreGame
from ecarte.games.euchre.bots import HeuristicBot, RandomBot
from ecarte.games.euchre.ismcts import EuchreISMCTSPlayer
from ecarte.games.euchre.pimc import EuchrePIMCPlayer

pytestmark = pytest.mark.own_backends  # checks before any search, on the live backend

PLAYERS = [HeuristicBot(), RandomBot(1), EuchrePIMCPlayer(4), EuchreISMCTSPlayer(10)]


@pytest.mark.parametrize("player", PLAYERS, ids=lambda p: type(p).__name__)
def test_a_finished_game_or_another_game_is_refused(player: Any) -> None:
    game = EuchreGame(seed=1)
    bot = RandomBot(2)
    while not game.is_over:
        game.apply_id(bot.choose(game))
    with pytest.raises(ValueError, match="the game is over"):
        player.choose(game)
    with pytest.raises(TypeError, match="EuchreGame"):
        player.choose(Game(seed=1))


@pytest.mark.parametrize("make", [EuchrePIMCPlayer, EuchreISMCTSPlayer])
@pytest.mark.parametrize("seed", [1.5, "1", None, True])
def test_search_players_refuse_a_seed_that_is_not_an_int(make: Any, seed: Any) -> None:
    with pytest.raises(ValueError, match="seed"):
        make(seed=seed)


@pytest.mark.parametrize(
    "kwargs",
    [{"order_at": "abc"}, {"order_at": float("nan")}, {"alone_at": None}, {"alone_at": True}],
)
def test_the_heuristic_bot_refuses_thresholds_that_are_not_numbers(kwargs: Any) -> None:
    with pytest.raises(ValueError, match=next(iter(kwargs))):
        HeuristicBot(**kwargs)


@pytest.mark.parametrize("kernel", ["c", "pure"])
@pytest.mark.parametrize("copy_by", ["pickle", "deepcopy"])
def test_the_search_players_can_be_pickled_and_copied(kernel: str, copy_by: str) -> None:
    """A process pool pickles its players: a copy decides as the original does."""
    import copy
    import pickle

    if kernel == "c":
        pytest.importorskip("ecarte.games.euchre._ismcts")
    for make in (
        lambda: EuchrePIMCPlayer(worlds=6, seed=5, inference=True, kernel=kernel),
        lambda: EuchreISMCTSPlayer(iterations=40, worlds=5, seed=5, kernel=kernel),
    ):
        game = EuchreGame(seed=7)
        player = make()
        for _ in range(12):
            if game.is_over:
                break
            clone = (
                pickle.loads(pickle.dumps(player)) if copy_by == "pickle" else copy.deepcopy(player)
            )
            assert repr(clone) == repr(player)
            action = player.choose(game)
            assert clone.choose(game) == action
            game.apply_id(action)


@pytest.mark.parametrize("worlds", [2**20 + 1, 2**40])
def test_the_search_players_refuse_more_worlds_than_they_can_draw(worlds: int) -> None:
    """``worlds=2**40`` was taken and failed at the first decision (OverflowError, or a
    MemoryError after a long wait); it is refused when the player is made."""
    for make in (EuchrePIMCPlayer, EuchreISMCTSPlayer):
        with pytest.raises(ValueError, match=r"worlds must be an int 1\.\.1048576"):
            make(worlds=worlds)
    assert EuchrePIMCPlayer(worlds=2**20).worlds == 2**20
