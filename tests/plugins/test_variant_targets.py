"""Quick game (3) and Napoléon (11): the target changes, nothing else."""

from __future__ import annotations

import pytest

from ecarte import Game, Rules
from ecarte.players import HeuristicPlayer, RandomPlayer, play_match


@pytest.mark.parametrize(("variant", "target"), [("quick", 3), ("napoleon", 11)])
def test_target(variant: str, target: int) -> None:
    assert Game(variant=variant).rules == Rules().evolve(target=target)
    assert Game("spanish", variant=variant).rules == Rules.preset("spanish").evolve(target=target)


@pytest.mark.parametrize(("variant", "target"), [("quick", 3), ("napoleon", 11)])
@pytest.mark.parametrize("seed", range(4))
def test_games_end_at_the_target(variant: str, target: int, seed: int) -> None:
    game = Game(variant=variant, seed=seed)
    play_match(game, {0: HeuristicPlayer(), 1: RandomPlayer(seed=seed)})
    for result in game.game_results:
        assert result.scores[result.winner] >= target > result.scores[result.loser]
        hands = result.hands
        assert all(h.complete for h in hands[:-1])
    assert max(game.games_won) == 2


def test_quick_and_napoleon_together_the_first_registered_variant_is_asked_last() -> None:
    # a chain: napoleon (asked first) then quick; the last word is quick's
    assert Game(variant=["quick", "napoleon"]).rules.target == 3
    assert Game(variant=["napoleon", "quick"]).rules.target == 11
