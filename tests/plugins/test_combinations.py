"""Variants combined: quick + club betting, three players + Jeux de Règles."""

from __future__ import annotations

from typing import Any

import pytest
from ecarte_cercle import Cercle, Ledger
from ecarte_napoleon import Napoleon
from ecarte_poule import Poule
from ecarte_regles import JeuxDeRegles, RegleBot, elder_convention

from ecarte import Game, IllegalActionError, Phase, PlayHand, PluginError, Propose, Rules, hookimpl
from ecarte.players import HeuristicPlayer, RandomPlayer, play_match


@pytest.mark.parametrize("seed", range(5))
def test_quick_with_club_betting(seed: int) -> None:
    cercle = Cercle(
        players={"Ada": 40, "Blaise": 40},
        gallery={"Cleo": 30, "Dora": 30},
        value_per_point=2,
        vole_multiplier=2,
        commission_percent=10,
    )
    game = Game(variant="quick", plugins=[cercle], seed=seed)
    assert game.rules.target == 3
    players = {0: HeuristicPlayer(), 1: RandomPlayer(seed=seed)}
    bets_for = 0
    while not game.is_over:
        if game.game_number != bets_for:  # a new game is set up: the book is open
            bets_for = game.game_number
            for backer, player in zip(
                ("Cleo", "Dora"), sorted(cercle.seated.values()), strict=False
            ):
                if backer in cercle.gallery and cercle.balance(backer) >= 3:
                    cercle.bet(backer, player, 3)
        seat = game.to_act
        game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))
    assert len(cercle.settlements) == len(game.game_results)
    for result in game.game_results:
        assert result.scores[result.winner] >= 3 > result.scores[result.loser]
    cercle.ledger.check()
    assert cercle.ledger.balance(Ledger.STAKES) == 0
    assert sum(b for a, b in cercle.ledger.balances.items() if a != Ledger.CASHIER) == 140


@pytest.mark.parametrize("rotation", ["per-game", "per-hand"])
@pytest.mark.parametrize("seed", range(4))
def test_three_players_with_jeux_de_regles(rotation: str, seed: int) -> None:
    game = Game(plugins=[Poule(rotation=rotation), JeuxDeRegles()], seed=seed)  # type: ignore[arg-type]
    assert game.players == 3
    bots = {s: RegleBot() for s in range(3)}
    checked = free = 0
    while not game.is_over:
        seat = game.to_act
        if game.phase is Phase.PROPOSE and game.exchanges:
            # after an exchange the elder is free (before issue 10 a jeu de règle
            # still forbade proposing there, where no penalty is at stake)
            free += 1
            assert Propose() in game.legal_actions() or game.stock_size == 0
        elif game.phase is Phase.PROPOSE:
            trump = game.trump
            assert trump is not None and game.dealer is not None
            decision = elder_convention(
                game.hand(seat),
                trump,
                elder_score=game.scores[seat],
                dealer_score=game.scores[game.dealer],
                target=game.rules.target,
            )
            if decision.play:
                checked += 1
                assert game.legal_actions() == (PlayHand(),)
                with pytest.raises(IllegalActionError, match="must play"):
                    game.apply(Propose())
            elif decision.binding:  # a jeu de règle with the king of trumps
                assert game.legal_actions() == (Propose(),)
        game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))
    assert checked and free
    results = game.game_results
    assert results[-1].winner == results[-2].winner


def test_the_combination_by_name() -> None:
    game = Game(variant=["poule", "regles"], seed=3)
    play_match(game, {s: RandomPlayer(seed=s) for s in range(3)})
    assert game.players == 3 and game.is_over
    assert {"poule", "regles", "classic"} <= set(game.plugin_names)


class NoOvertaking:
    NAME = "no-overtaking"

    @hookimpl
    def ecarte_configure_rules(self, rules: Rules) -> Rules:
        return rules.evolve(must_overtake=False)


class TargetSeven:
    NAME = "target-seven"

    @hookimpl
    def ecarte_configure_rules(self, rules: Rules) -> Rules:
        return rules.evolve(target=7)


class SameTarget:
    """Sets the target it is given: no change, so no conflict."""

    NAME = "same-target"

    @hookimpl
    def ecarte_configure_rules(self, rules: Rules) -> Rules:
        return rules.evolve(target=rules.target)


def test_variants_that_set_different_options_compose() -> None:
    game = Game(variant="quick", plugins=[NoOvertaking(), SameTarget()])
    assert game.rules == Rules(target=3, must_overtake=False)
    assert Game(Rules(target=3), variant="quick").rules.target == 3


@pytest.mark.parametrize(
    ("variant", "plugins", "names"),
    [
        (["quick", "napoleon"], [], ("napoleon", "quick")),
        ("quick", [TargetSeven()], ("target-seven", "quick")),
        (None, [TargetSeven(), Napoleon()], ("napoleon", "target-seven")),
    ],
)
def test_two_plugins_setting_the_same_option_are_refused(
    variant: Any, plugins: list[object], names: tuple[str, str]
) -> None:
    first, second = names  # in the order the chain asks them: the last registered first
    with pytest.raises(
        PluginError, match=rf"plugins '{first}' and '{second}' both set the rule option 'target'"
    ):
        Game(variant=variant, plugins=plugins)
