"""Exact positions taken from the seeds and RULES.md section 1.

Unless said otherwise seat 0 deals (so seat 1 is the elder), packets 3-2,
hearts are trumps (turn-up 7♥).
"""

from __future__ import annotations

import pytest
from helpers import (
    STRONG,
    VOLE_TURNUP,
    WEAK,
    deal,
    finish_hand,
    legal_cards,
    new_game,
    play,
    vole_hand,
    win_game,
)

import ecarte
from ecarte import Card, CardSet, Game, IllegalActionError, Phase, Rules

ELDER, DEALER = 1, 0


def game_with(
    elder: str, dealer: str, turnup: str = "7♥", stock: str = "", rules: Rules | None = None
) -> Game:
    game = new_game(rules, dealer=DEALER)
    deal(game, elder, dealer, turnup, stock)
    assert (game.elder, game.dealer) == (ELDER, DEALER)
    assert game.phase is Phase.PROPOSE and game.to_act == ELDER
    return game


# --------------------------------------------------- seed 001, section 04


def test_spades_not_trumps_jack_led_queen_and_seven_only_queen() -> None:
    game = game_with("J♠ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣")
    play(game, "play-hand J♠")
    assert game.to_act == DEALER
    assert game.legal_actions() == (ecarte.Play(Card.parse("Q♠")),)
    with pytest.raises(IllegalActionError, match="must win the trick"):
        game.apply("7♠")
    with pytest.raises(IllegalActionError, match="must follow suit ♠"):
        game.apply("K♣")
    play(game, "Q♠")
    assert (game.tricks_won[ELDER], game.tricks_won[DEALER]) == (0, 1)
    assert game.to_act == DEALER  # the winner leads


def test_spades_not_trumps_jack_led_ace_and_seven_both_legal() -> None:
    # The ace ranks below the jack: neither card can win, both are legal.
    game = game_with("J♠ 8♦ 9♦ 10♦ 7♣", "A♠ 7♠ K♣ Q♣ J♣")
    play(game, "play-hand J♠")
    assert legal_cards(game) == CardSet.parse("A♠ 7♠")
    with pytest.raises(IllegalActionError, match="must follow suit"):
        game.apply("K♣")
    play(game, "A♠")
    assert (game.tricks_won[ELDER], game.tricks_won[DEALER]) == (1, 0)
    assert game.to_act == ELDER


# Elder takes tricks 1-3 with trumps, then loses the last two in clubs.
THREE_TRICKS = ("K♥ Q♥ J♥ 7♣ 8♣", "K♣ Q♣ J♣ A♣ 10♣")
THREE_TRICKS_PLAY = "K♥ 10♣ Q♥ A♣ J♥ J♣ 7♣ Q♣ K♣ 8♣"


def test_three_tricks_after_first_proposal_refused_scores_two_for_elder() -> None:
    game = game_with(*THREE_TRICKS)
    play(game, "propose refuse")
    assert game.phase is Phase.PLAY and game.to_act == ELDER
    play(game, "king " + THREE_TRICKS_PLAY)  # "independentemente de um ponto anterior do rei"
    result = game.hand_results[-1]
    assert result.tricks == {ELDER: 3, DEALER: 2}
    assert result.points == {ELDER: 3, DEALER: 0}  # 1 for the king + 2 for the point
    assert game.scores == (0, 3)


def test_three_tricks_after_playing_the_hand_score_one() -> None:
    game = game_with(*THREE_TRICKS)
    play(game, "play-hand " + THREE_TRICKS_PLAY)
    assert game.hand_results[-1].points == {ELDER: 1, DEALER: 0}


def test_three_tricks_after_an_accepted_proposal_score_one() -> None:
    game = game_with("K♥ Q♥ J♥ 7♣ 9♦", "K♣ Q♣ J♣ A♣ 10♣", stock="8♣")
    play(game, "propose accept")
    game.apply(ecarte.Discard(CardSet.parse("9♦")), seat=ELDER)
    assert game.hand(ELDER) == CardSet.parse(THREE_TRICKS[0])  # drew the top card
    game.apply(ecarte.Discard(), seat=DEALER)
    play(game, "play-hand " + THREE_TRICKS_PLAY)
    assert game.hand_results[-1].points == {ELDER: 1, DEALER: 0}


def test_elder_playing_alone_and_losing_gives_dealer_two() -> None:
    # Seed 000/001: played without proposing, lost the point: 2 to the dealer.
    game = game_with("K♣ Q♣ J♣ A♣ 10♣", "K♥ Q♥ J♥ 7♣ 8♣")
    play(game, "play-hand K♣ 7♣ Q♣ 8♣ J♣ K♥ Q♥ A♣ J♥ 10♣")
    assert game.hand_results[-1].tricks == {ELDER: 2, DEALER: 3}
    assert game.hand_results[-1].points == {ELDER: 0, DEALER: 2}


# ------------------------------------------------------------------ kings


def test_turned_up_king_scores_for_the_dealer_at_once() -> None:
    game = game_with("J♠ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣", turnup="K♥")
    assert game.scores == (1, 0)
    assert game.phase is Phase.PROPOSE
    assert any("turns up the king" in line for line in game.log)
    play(game, "play-hand")
    assert ecarte.AnnounceKing() not in game.legal_actions()


def test_king_announced_with_the_first_card_led() -> None:
    game = game_with("K♥ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣")
    play(game, "play-hand")
    assert ecarte.AnnounceKing() in game.legal_actions()
    play(game, "king")
    assert game.scores == (0, 1)
    assert game.to_act == ELDER and ecarte.AnnounceKing() not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="already announced"):
        game.apply(ecarte.AnnounceKing())
    play(game, "K♥")
    assert game.trick == ((ELDER, Card.parse("K♥")),)


def test_king_not_announced_before_first_card_is_lost() -> None:
    game = game_with("K♥ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣")
    play(game, "play-hand 8♦ K♣")
    assert game.to_act == ELDER and Card.parse("K♥") in game.hand(ELDER)
    assert ecarte.AnnounceKing() not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="too late"):
        game.apply("king")
    finish_hand(game)
    result = game.hand_results[-1]
    trick_points = {5: 2, 4: 1, 3: 1}.get(result.tricks[ELDER], 0)
    assert result.points[ELDER] == trick_points  # no king point
    assert game.scores[ELDER] == trick_points


def test_dealer_may_announce_before_their_first_card() -> None:
    game = game_with("J♠ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♥ Q♣ J♣")
    play(game, "play-hand")
    assert ecarte.AnnounceKing() not in game.legal_actions()  # the elder has no king
    with pytest.raises(IllegalActionError, match="does not hold the king"):
        game.apply("king")
    play(game, "J♠")
    assert ecarte.AnnounceKing() in game.legal_actions()
    play(game, "king Q♠")
    assert game.scores == (1, 0)


def test_king_gained_in_the_exchange_counts() -> None:
    game = game_with("J♠ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ A♥ Q♣ J♣", stock="K♥")
    play(game, "propose accept")
    game.apply("discard 7♣")
    game.apply("discard")
    assert Card.parse("K♥") in game.hand(ELDER)
    play(game, "play-hand king")
    assert game.scores == (0, 1)


# ------------------------------------------------------------------ voles


def test_vole_scores_two() -> None:
    game = game_with(STRONG, WEAK, turnup=VOLE_TURNUP)
    finish_hand(game)
    assert game.hand_results[-1].tricks == {ELDER: 5, DEALER: 0}
    assert game.hand_results[-1].points == {ELDER: 2, DEALER: 0}


def test_vole_after_refusal_still_scores_two() -> None:
    # Seed 001: "a penalização de recusa também torna o prémio 2, não 3".
    game = game_with(STRONG, WEAK, turnup=VOLE_TURNUP)
    play(game, "propose refuse")
    finish_hand(game)
    assert game.hand_results[-1].points == {ELDER: 2, DEALER: 0}


def test_dealer_vole_against_elder_playing_alone_scores_two() -> None:
    game = game_with(WEAK, STRONG, turnup=VOLE_TURNUP)
    finish_hand(game)
    assert game.hand_results[-1].points == {ELDER: 0, DEALER: 2}


# ------------------------------------------------- the end of a game


def test_game_ends_mid_hand_when_a_king_announcement_reaches_five() -> None:
    game = new_game(dealer=0)
    vole_hand(game, 1)  # hand 1: seat 1 is elder
    vole_hand(game, 1)  # hand 2: seat 1 deals, the elder played alone and lost
    assert game.scores == (0, 4) and game.game_number == 1
    deal(game, "K♥ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣", "7♥")
    play(game, "play-hand king")
    assert game.game_number == 2
    first = game.game_results[0]
    assert first.winner == 1 and first.loser == 0
    assert first.scores == {0: 0, 1: 5}
    last = first.hands[-1]
    assert last.complete is False and sum(last.tricks.values()) == 0
    assert last.points == {1: 1, 0: 0}
    assert [h.complete for h in first.hands] == [True, True, False]
    # the loser deals first in the next game (and picks the packets again)
    assert game.scores == (0, 0)
    assert game.dealer == 0 and game.phase is Phase.PACKETS and game.to_act == 0


def test_turned_up_king_can_end_the_game_at_the_deal() -> None:
    game = new_game(dealer=1)
    vole_hand(game, 1)  # seat 1 deals, the elder played alone and lost: 2
    vole_hand(game, 1)  # seat 1 is elder: 2
    assert game.scores == (0, 4) and game.dealer == 1
    deal(game, "J♠ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣", "K♥")
    assert game.game_number == 2
    assert game.game_results[0].winner == 1
    assert game.game_results[0].hands[-1].complete is False
    assert game.dealer == 0


def test_points_are_claimed_in_order_king_before_tricks() -> None:
    # Both at 4; the dealer turns up nothing, the elder announces: the
    # elder wins at once although the dealer would take the tricks.
    game = new_game(dealer=0)
    vole_hand(game, 1)  # 0-2
    vole_hand(game, 0)  # seat 0 elder: 2-2
    vole_hand(game, 1)  # seat 1 elder: 2-4
    vole_hand(game, 0)  # seat 0 elder: 4-4
    assert game.scores == (4, 4) and game.elder == 1
    deal(game, "K♥ 8♦ 9♦ 10♦ 7♣", "Q♥ J♥ A♥ 10♥ 9♥", "7♥")
    play(game, "play-hand king")
    assert game.game_results[0].winner == 1
    assert game.game_results[0].scores == {0: 4, 1: 5}


def test_score_reaching_target_with_tricks_ends_the_game() -> None:
    game = new_game(dealer=0)
    win_game(game, 0)
    first = game.game_results[0]
    assert first.scores == {0: 6, 1: 0}
    assert first.hands[-1].complete is True
    assert len(first.hands) == 3


# --------------------------------------------------- exchanges, short stock


def test_exchange_draws_from_the_top_of_the_stock_elder_first() -> None:
    game = game_with("J♠ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣", stock="A♥ 8♥ 9♥ 10♥")
    play(game, "propose accept")
    assert game.phase is Phase.ELDER_DISCARD and game.to_act == ELDER
    game.apply("discard 7♣ 8♦")
    assert game.hand(ELDER) == CardSet.parse("J♠ 9♦ 10♦ A♥ 8♥")
    assert game.phase is Phase.DEALER_DISCARD and game.to_act == DEALER
    game.apply("discard J♣")
    assert game.hand(DEALER) == CardSet.parse("Q♠ 7♠ K♣ Q♣ 9♥")
    assert game.stock_size == 21 - 3
    assert game.observation(ELDER).exchanges == ((ELDER, 2), (DEALER, 1))
    assert game.phase is Phase.PROPOSE and game.to_act == ELDER  # may propose again


def test_discards_are_out_of_play() -> None:
    game = game_with("J♠ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣")
    play(game, "propose accept")
    game.apply("discard 7♣")
    game.apply("discard")
    assert game._state.discards == Card.parse("7♣").mask
    for seat in (0, 1):
        assert Card.parse("7♣") not in game.hand(seat)


def exhaust(game: Game, elder_counts: list[int], dealer_counts: list[int]) -> None:
    for e, d in zip(elder_counts, dealer_counts, strict=True):
        play(game, "propose accept")
        game.apply(ecarte.Discard(CardSet.of(list(game.hand(game.elder))[:e])))
        game.apply(ecarte.Discard(CardSet.of(list(game.hand(game.dealer))[:d])))


def test_short_stock_caps_the_elder_then_the_dealer() -> None:
    game = game_with("J♠ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣")
    exhaust(game, [5, 5], [5, 3])
    assert game.stock_size == 3
    play(game, "propose accept")
    with pytest.raises(IllegalActionError, match="at most 3"):
        game.apply(ecarte.Discard(CardSet.of(list(game.hand(ELDER))[:4])))
    assert {len(a.cards) for a in game.legal_actions()} == {1, 2, 3}
    game.apply(ecarte.Discard(CardSet.of(list(game.hand(ELDER))[:2])))
    assert game.stock_size == 1
    assert {len(a.cards) for a in game.legal_actions()} == {0, 1}  # the dealer gets what is left
    with pytest.raises(IllegalActionError, match="at most 1"):
        game.apply(ecarte.Discard(CardSet.of(list(game.hand(DEALER))[:2])))
    game.apply(ecarte.Discard(CardSet.of(list(game.hand(DEALER))[:1])))
    assert game.stock_size == 0
    assert len(game.hand(ELDER)) == len(game.hand(DEALER)) == 5
    # with an empty stock the elder can no longer propose
    assert game.phase is Phase.PROPOSE and game.legal_actions() == (ecarte.PlayHand(),)
    with pytest.raises(IllegalActionError, match="stock"):
        game.apply(ecarte.Propose())


def test_empty_stock_leaves_dealer_nothing_even_with_a_minimum_of_one() -> None:
    # Seed 001: "se não restar nenhuma, conserva toda a mão".
    game = game_with("J♠ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣", rules=Rules(dealer_min_discard=1))
    exhaust(game, [5, 5], [5, 5])
    assert game.stock_size == 1
    play(game, "propose accept")
    game.apply(ecarte.Discard(CardSet.of(list(game.hand(ELDER))[:1])))
    assert game.legal_actions() == (ecarte.Discard(),)
    game.apply(ecarte.Discard())
    assert game.legal_actions() == (ecarte.PlayHand(),)


def test_exchanges_repeat_until_elder_plays() -> None:
    game = game_with("J♠ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣")
    exhaust(game, [1, 1, 1], [0, 0, 0])
    assert game.stock_size == 18
    play(game, "play-hand")
    assert game.phase is Phase.PLAY and game.to_act == ELDER


# ----------------------------------------------------- dealers and matches


def test_dealer_alternates_each_hand() -> None:
    game = new_game(dealer=0)
    for winner in (0, 1, 0, 1):
        vole_hand(game, winner)
    assert game.scores == (4, 4)
    assert [h.dealer for h in game.hand_results] == [0, 1, 0, 1]
    assert [h.elder for h in game.hand_results] == [1, 0, 1, 0]
    assert game.dealer == 0 and game.hand_number == 5


@pytest.mark.parametrize("winner", [0, 1])
def test_loser_deals_first_in_the_next_game(winner: int) -> None:
    game = new_game(dealer=0)
    win_game(game, winner)
    assert game.game_number == 2
    assert game.game_results[0].winner == winner
    assert game.dealer == 1 - winner and game.to_act == 1 - winner
    assert game.phase is Phase.PACKETS  # no cut: the dealer is known


def test_best_of_three_la_belle() -> None:
    game = new_game(dealer=0)
    win_game(game, 0)
    win_game(game, 1)
    assert not game.is_over and game.games_won == (1, 1) and game.game_number == 3
    win_game(game, 0)
    assert game.is_over and game.winner == 0 and game.games_won == (2, 1)
    assert [g.winner for g in game.game_results] == [0, 1, 0]
    assert game.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(ecarte.ChoosePackets(3))


def test_match_over_after_two_straight_games() -> None:
    game = new_game(dealer=0)
    win_game(game, 1)
    win_game(game, 1)
    assert game.is_over and game.winner == 1 and len(game.game_results) == 2
