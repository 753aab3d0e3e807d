"""The 32- and 25-card decks (seed 004): ids, the joker as the highest trump, a turned-up
joker, and whole games with the bots on every deck."""

from __future__ import annotations

import pytest
from attrs import evolve

from ecarte import Card, RulesError
from ecarte.games.euchre import JOKER, EuchreGame, EuchreRules, HeuristicBot, Kind, Phase, RandomBot

HEARTS, SPADES = 2, 3


def rules(deck: int, **changes: object) -> EuchreRules:
    return evolve(EuchreRules.standard(), deck=deck, **changes)  # type: ignore[arg-type]


def test_the_deck_option_is_checked() -> None:
    for bad in (23, 52, True, "24"):
        with pytest.raises(RulesError, match="deck must be 24, 25 or 32"):
            rules(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("deck", [24, 25, 32])
def test_action_ids_follow_the_deck(deck: int) -> None:
    g = EuchreGame(rules(deck), seed=3, auto_chance=False)
    assert g.num_action_ids == deck + 9
    ids = g.ids
    assert [deck + k for k in (0, 1, 5, 6)] == [ids.PASS, ids.CALL, ids.ALONE, ids.PARTNER]
    g.apply_id(0)  # dealer N
    assert g.legal_action_ids() == list(range(deck))  # every card may be dealt first
    lowest = Card.parse("7♣" if deck == 32 else "9♣")
    assert g.card_action_id(lowest) == 0 and g.card_action_id(Card.parse("A♠")) == (
        31 if deck == 32 else 23
    )
    if deck == 25:
        assert g.card_action_id(JOKER) == 24
    else:
        with pytest.raises(ValueError, match="not in the"):
            g.card_action_id(JOKER)


def test_sevens_and_eights_play_in_the_32_card_deck() -> None:
    hands = ["7♥ 8♥ 9♣ 10♣ J♣", "7♠ 8♠ 9♠ 10♠ Q♠", "A♥ K♥ Q♥ 10♥ 9♥", "7♦ 8♦ 9♦ 10♦ Q♦"]
    g = EuchreGame.from_deal(rules(32), dealer=0, hands=hands, upcard="J♥", seed=1)
    ids = g.ids
    assert g.legal_action_ids() == [ids.PASS, ids.CALL + HEARTS]
    g.apply("call ♥")  # seat 1 orders hearts up
    g.apply("discard J♣")
    g.apply("partner")
    g.apply("7♠")  # seat 1 leads
    # seat 2 holds no spade: any card; seat 3 neither
    assert len(g.legal_action_ids()) == 5
    g.apply("9♥")
    g.apply("7♦")
    # the dealer holds J♥ (right bower) and 7♥, 8♥, 9♣, 10♣: no spade
    g.apply("7♥")
    assert g.tricks_won == (1, 0)  # seat 2's 9♥ beats the 7♥ of trumps
    assert g.to_act == 2


def test_the_joker_is_the_highest_trump_and_follows_as_a_trump() -> None:
    hands = ["J♥ 9♣ 10♣ Q♣ K♣", "Joker 9♠ 10♠ Q♠ K♠", "A♥ K♥ Q♥ 10♥ 9♥", "9♦ 10♦ Q♦ K♦ A♦"]
    g = EuchreGame.from_deal(rules(25), dealer=3, hands=hands, upcard="A♣", seed=1)
    for _ in range(4):
        g.apply("pass")
    g.apply("call ♥")  # seat 0, second round
    g.apply("partner")
    assert g.to_act == 0
    assert g.holds_joker(1) and not g.holds_joker(0)
    g.apply("J♥")  # the right bower leads trumps
    # seat 1 holds no heart but the joker, a trump: it must follow with it
    assert [str(a) for a in g.legal_actions()] == ["Joker"]
    assert g.observation(1).joker and JOKER in g.cards(1)
    g.apply("Joker")
    g.apply("9♥")
    g.apply("9♦")
    assert g.tricks_won == (0, 1) and g.to_act == 1  # the joker took the right bower


def test_a_turned_up_joker_makes_the_dealer_name_trumps_and_take_it() -> None:
    hands = ["J♥ 9♣ 10♣ Q♣ K♣", "9♠ 10♠ J♠ Q♠ K♠", "A♥ K♥ Q♥ 10♥ 9♥", "9♦ 10♦ Q♦ K♦ A♦"]
    g = EuchreGame.from_deal(rules(25), dealer=0, hands=hands, upcard="Joker", seed=1)
    assert g.phase is Phase.NAME and g.to_act == 0 and g.upcard is JOKER
    assert [a.kind for a in g.legal_actions()] == [Kind.CALL] * 4
    g.apply("call ♠")
    assert g.maker == 0 and int(g.trump) == SPADES and g.phase is Phase.DISCARD
    assert "discard Joker" in [str(a) for a in g.legal_actions()]  # may throw it back
    g.apply("discard 9♣")
    assert g.holds_joker(0) and g.phase is Phase.ALONE
    g.undo()
    assert g.phase is Phase.DISCARD and not g.holds_joker(0)


@pytest.mark.parametrize("deck", [24, 25, 32])
@pytest.mark.parametrize("preset", ["standard", "seed"])
def test_bots_play_whole_games_on_every_deck(deck: int, preset: str) -> None:
    base = getattr(EuchreRules, preset)()
    for k in range(20):
        g = EuchreGame(evolve(base, deck=deck), seed=k)
        bots = [HeuristicBot(), RandomBot(k), HeuristicBot(), RandomBot(k + 1)]
        while not g.is_over:
            before = g.to_act
            g.apply_id(bots[before].choose(g))
        assert sorted(g.returns()) == [-1, -1, 1, 1]
        assert max(g.scores) >= 10 and g.winner is not None
        # the history replays to the same end
        r = EuchreGame.replay(g.history, g.rules, seed=g.seed)
        assert r.scores == g.scores and r.returns() == g.returns()
