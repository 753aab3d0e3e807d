"""``ecarte.classic``: the classic rules as public functions, the ones the builtin plugin
answers with; a house rule built on them scores as the rule says, through the public
function or through a hook wrapper, and the two ways give the same matches."""

from __future__ import annotations

import inspect
import random
import re
from pathlib import Path

import pytest
from helpers import STRONG, VOLE_TURNUP, WEAK, cut_for, deal, finish_hand, random_action

import ecarte.classic
from ecarte import (
    Accept,
    Game,
    GameResult,
    HandOutcome,
    HandResult,
    PlayHand,
    Propose,
    Refuse,
    Rules,
    classic,
    hookimpl,
)
from ecarte.hookspecs import HookWrapper, Plugin

DOCS = Path(__file__).parents[2] / "docs" / "plugins.md"


class VoleScoresThree(Plugin):
    """A vole scores 3, as a wrapper of the classic answer."""

    NAME = "vole-three"

    @hookimpl(wrapper=True)
    def ecarte_score_hand(self, game: Game, outcome: HandOutcome) -> HookWrapper[dict[int, int]]:
        points = yield
        return {s: 3 if outcome.tricks[s] == 5 else p for s, p in points.items()}


class VoleThreeByCall(Plugin):
    """A vole scores 3, calling the classic scoring."""

    NAME = "vole-three"

    @hookimpl
    def ecarte_score_hand(self, game: Game, outcome: HandOutcome) -> dict[int, int] | None:
        points = classic.score_hand(game.rules, outcome)
        return {s: 3 if outcome.tricks[s] == 5 else p for s, p in points.items()}


def _vole(plugin: type[Plugin], rules: Rules, elder: str, dealer: str) -> HandResult:
    """The hand in which the side holding ``STRONG`` takes all five tricks (seat 1 is
    the elder; the elder plays without proposing)."""
    game = Game(rules, plugins=[plugin], auto_chance=False)
    game.apply(cut_for(game.rules, 0))
    deal(game, elder, dealer, VOLE_TURNUP)
    finish_hand(game)
    return game.hand_results[-1]


@pytest.mark.parametrize("plugin", [VoleScoresThree, VoleThreeByCall])
def test_a_vole_scores_three(plugin: type[Plugin]) -> None:
    assert _vole(plugin, Rules(), STRONG, WEAK).points == {1: 3, 0: 0}  # the elder's vole
    # the dealer's vole against a hand played without proposing: the classic penalty
    # would be 2 (vole_under_penalty), the house rule makes every vole 3
    assert _vole(plugin, Rules(), WEAK, STRONG).points == {0: 3, 1: 0}
    # and a penalty that is not a vole stays the classic one
    assert classic.score_hand(Rules(), _outcome(tricks={0: 4, 1: 1}, played=True)) == {0: 2, 1: 0}


def _outcome(
    *, tricks: dict[int, int], played: bool = False, refused_after: int | None = None
) -> HandOutcome:
    return HandOutcome(
        dealer=0,
        elder=1,
        tricks=tricks,
        exchanges=0 if refused_after is None else refused_after,
        elder_played_without_proposing=played,
        refused_after=refused_after,
    )


def test_the_classic_scoring_with_its_options() -> None:
    rules = Rules()
    assert classic.score_hand(rules, _outcome(tricks={1: 3, 0: 2})) == {1: 1, 0: 0}
    assert classic.score_hand(rules, _outcome(tricks={1: 5, 0: 0})) == {1: 2, 0: 0}
    assert classic.score_hand(rules, _outcome(tricks={0: 3, 1: 2}, played=True)) == {0: 2, 1: 0}
    spanish = Rules.preset("spanish")
    assert classic.score_hand(spanish, _outcome(tricks={0: 5, 1: 0}, played=True))[0] == 3
    off = rules.evolve(penalties=False)
    assert classic.score_hand(off, _outcome(tricks={0: 3, 1: 2}, played=True)) == {0: 1, 1: 0}
    # a refused first proposal: the elder who then wins scores the penalty (classic:
    # to the elder, first refusal only)
    assert classic.score_hand(rules, _outcome(tricks={1: 3, 0: 2}, refused_after=0))[1] == 2
    assert classic.score_hand(rules, _outcome(tricks={1: 3, 0: 2}, refused_after=1))[1] == 1
    every = rules.evolve(penalty_first_refusal_only=False)
    assert classic.score_hand(every, _outcome(tricks={1: 3, 0: 2}, refused_after=1))[1] == 2


def test_the_wrapper_and_the_call_play_the_same_matches() -> None:
    for seed in range(12):
        results = []
        for plugin in (VoleScoresThree, VoleThreeByCall):
            game = Game(plugins=[plugin], seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                game.apply(random_action(game, rng))
            results.append((game.history, game.game_results))
        assert results[0] == results[1]
        for result in results[0][1]:
            for hand in result.hands:
                if hand.complete:
                    winner = max(hand.tricks, key=hand.tricks.__getitem__)
                    tricks_points = hand.points[winner] - hand.kings.get(winner, 0)
                    assert (tricks_points == 3) == (hand.tricks[winner] == 5)


def test_the_builtin_plugin_answers_with_the_public_functions() -> None:
    """One source: each classic hook is its function on the game's rules, on the states
    of random matches (the machine's answers, in C, are those of the games played)."""
    rules = Rules.preset("spanish")
    for seed in range(6):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        plugin = classic.ClassicRules()
        while not game.is_over:
            elder = game.elder
            if elder is not None:
                for seat in (elder, 1 - elder):
                    assert plugin.ecarte_discard_limits(game, seat) == classic.discard_limits(
                        rules, elder=seat == elder
                    )
                for action in (Propose(), PlayHand()):
                    assert plugin.ecarte_exchange_allowed(game, elder, action) == (
                        classic.exchange_allowed(rules, action, game.exchanges, game.stock_size)
                    )
            game.apply(random_action(game, rng))
        games: list[GameResult] = []
        for result in game.game_results:
            games.append(result)
            assert plugin.ecarte_match_status(game, games) == classic.match_status(rules, games)
            assert classic.next_game(result).dealer == result.loser
            for hand in result.hands:
                assert classic.next_hand(hand).dealer == hand.elder
        assert classic.match_status(rules, game.game_results).winner == game.winner


def test_exchanges_end_after_one_with_no_discard() -> None:
    rules = Rules(elder_min_discard=0, dealer_min_discard=0)
    assert classic.exchange_allowed(rules, Propose(), ((1, 2), (0, 0)), 10)
    assert not classic.exchange_allowed(rules, Propose(), ((1, 2), (0, 1), (1, 0), (0, 0)), 10)
    assert not classic.exchange_allowed(Rules(), Propose(), (), 0)  # an empty stock
    assert classic.exchange_allowed(Rules(), Accept(), (), 0)
    assert classic.exchange_allowed(Rules(), Refuse(), (), 0)


def test_the_module_is_documented() -> None:
    doc = DOCS.read_text(encoding="utf-8")
    for name in ecarte.classic.__all__:
        value = getattr(ecarte.classic, name)
        if inspect.isfunction(value) or inspect.isclass(value):
            assert inspect.getdoc(value), name
        found = re.search(rf"`(ecarte\.classic\.)?{name}\b", doc)
        assert found, f"ecarte.classic.{name} is not in {DOCS.name}"
    assert set(ecarte.classic.__all__) == {
        n for n in vars(ecarte.classic) if not n.startswith("_") and n != "annotations"
    }
