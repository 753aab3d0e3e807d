"""Quick game (3) and Napoléon (11): the target changes, nothing else."""

from __future__ import annotations

import pytest

from ecarte import Game, PluginError, Rules
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


@pytest.mark.parametrize("variants", [["quick", "napoleon"], ["napoleon", "quick"]])
def test_quick_and_napoleon_together_are_refused(variants: list[str]) -> None:
    # before issue 10 the chain silently kept one target (the first registered one's)
    with pytest.raises(
        PluginError, match=r"plugins '\w+' and '\w+' both set the rule option 'target'"
    ) as e:
        Game(variant=variants)
    assert "'quick'" in str(e.value) and "'napoleon'" in str(e.value)
