"""Each option of RULES.md section 2 changes the outcome it should.

Every test runs the same position under the classic value and under the other
value of one option (``Rules().evolve(...)``), so that only that option differs.
"""

from __future__ import annotations

import pytest
from helpers import (
    STRONG,
    VOLE_TURNUP,
    WEAK,
    deal,
    deck_order,
    finish_hand,
    legal_cards,
    new_game,
    play,
    play_declining_the_king,
    vole_hand,
    win_game,
)

import ecarte
from ecarte import (
    Card,
    CardSet,
    DealPattern,
    FirstDealer,
    Game,
    IllegalActionError,
    KingAnnouncement,
    PenaltyBeneficiary,
    Phase,
    RankOrder,
    Rules,
)

ELDER, DEALER = 1, 0
CLASSIC = Rules()


def game_with(rules: Rules, elder: str, dealer: str, turnup: str = "7♥", stock: str = "") -> Game:
    game = new_game(rules, dealer=DEALER)
    deal(game, elder, dealer, turnup, stock)
    return game


# ------------------------------------------------------------- rank order


@pytest.mark.parametrize(
    ("order", "trick_winner"), [(RankOrder.KING_HIGH, DEALER), (RankOrder.ACE_HIGH, ELDER)]
)
def test_rank_order_decides_ace_against_king(order: RankOrder, trick_winner: int) -> None:
    game = game_with(CLASSIC.evolve(rank_order=order), "A♠ 8♦ 9♦ 10♦ 7♣", "K♠ 8♠ K♣ Q♣ J♣")
    play(game, "play-hand A♠")
    # classic: the king must overtake the ace; ace high: the king cannot
    expected = {RankOrder.KING_HIGH: "K♠", RankOrder.ACE_HIGH: "K♠ 8♠"}[order]
    assert legal_cards(game) == CardSet.parse(expected)
    play(game, "K♠")
    assert game.tricks_won[trick_winner] == 1


# ----------------------------------------------------------- first dealer


@pytest.mark.parametrize(
    ("rules", "cut", "dealer"),
    [
        (CLASSIC, "K♣ 7♦", 0),
        (CLASSIC.evolve(first_dealer=FirstDealer.LOWER_CUT), "K♣ 7♦", 1),
        (CLASSIC, "7♦ K♣", 1),
        (CLASSIC.evolve(first_dealer=FirstDealer.LOWER_CUT), "7♦ K♣", 0),
        # the cut ranks cards in the rules' order: the ace is below the jack...
        (CLASSIC, "A♣ J♦", 1),
        # ...unless aces are high
        (CLASSIC.evolve(rank_order=RankOrder.ACE_HIGH), "A♣ K♦", 0),
        (CLASSIC, "A♣ K♦", 1),
        (Rules.preset("spanish"), "7♣ K♦", 0),  # seed 000: the 7 deals
    ],
)
def test_first_dealer_by_cut(rules: Rules, cut: str, dealer: int) -> None:
    game = Game(rules, auto_chance=False)
    assert game.phase is Phase.CUT and game.dealer is None
    a, b = (Card.parse(t) for t in cut.split())
    game.apply(ecarte.Cut((a, b)))
    assert game.dealer == dealer and game.elder == 1 - dealer
    assert game.phase is Phase.PACKETS and game.to_act == dealer


def test_equal_cut_cuts_again() -> None:
    game = Game(auto_chance=False)
    game.apply(ecarte.Cut((Card.parse("K♣"), Card.parse("K♦"))))
    assert game.phase is Phase.CUT and game.dealer is None
    assert "equal cut" in game.log[-1]
    game.apply(ecarte.Cut((Card.parse("7♣"), Card.parse("8♦"))))
    assert game.dealer == 1


@pytest.mark.parametrize("cut", [("K♣", "K♣"), ("K♣", "6♦")])
def test_bad_cut_is_rejected(cut: tuple[str, str]) -> None:
    game = Game(auto_chance=False)
    with pytest.raises(IllegalActionError, match="cut"):
        game.apply(ecarte.Cut((Card.parse(cut[0]), Card.parse(cut[1]))))
    assert game.phase is Phase.CUT and game.history == ()


# ---------------------------------------------------------- deal pattern


E_HAND, D_HAND = "7♣ 8♣ 9♣ 10♣ J♣", "7♦ 8♦ 9♦ 10♦ J♦"
ORDER = deck_order(E_HAND, D_HAND, "7♥", packets=(3, 2))


# A deck stacked for 3-2, dealt 2-3: elder 7♣ 8♣, dealer 9♣ 7♦, elder 8♦ 9♦ 10♣...
E_HAND_23 = "7♣ 8♣ 8♦ 9♦ 10♣"


@pytest.mark.parametrize(("first", "elder_hand"), [(3, E_HAND), (2, E_HAND_23)])
def test_dealers_choice_of_packets_decides_the_hands(first: int, elder_hand: str) -> None:
    game = Game(auto_chance=False)
    game.apply(ecarte.Cut((Card.parse("K♣"), Card.parse("7♦"))))
    assert game.legal_actions() == (ecarte.ChoosePackets(3), ecarte.ChoosePackets(2))
    game.apply(ecarte.ChoosePackets(first), seat=0)
    game.apply(ecarte.Deal(ORDER))
    assert game.hand(ELDER) == CardSet.parse(elder_hand)
    assert game.hand(DEALER) == CardSet.parse(D_HAND if first == 3 else "9♣ 7♦ J♣ 10♦ J♦")
    assert game.turnup == Card.parse("7♥")


@pytest.mark.parametrize("first", [3, 2])
def test_dealers_choice_is_kept_for_the_game_and_chosen_again_next_game(first: int) -> None:
    game = new_game(dealer=0, first_packet=first)
    vole_hand(game, 0)
    assert game.phase is Phase.DEAL  # no new choice within the game
    game.apply(ecarte.Deal(ORDER))
    # second hand: seat 1 deals, seat 0 is elder; the first packet decides
    expected = E_HAND if first == 3 else E_HAND_23
    assert game.hand(0) == CardSet.parse(expected)
    finish_hand(game)
    win_game(game, 0)
    assert game.game_number == 2 and game.phase is Phase.PACKETS


def test_alternate_deal_pattern() -> None:
    rules = CLASSIC.evolve(deal_pattern=DealPattern.ALTERNATE)
    game = Game(rules, auto_chance=False)
    game.apply(ecarte.Cut((Card.parse("K♣"), Card.parse("7♦"))))
    assert game.phase is Phase.DEAL  # nobody chooses
    with pytest.raises(IllegalActionError):
        game.apply(ecarte.ChoosePackets(3))
    seen = []
    for _ in range(3):
        assert game.game_number == 1 and game.phase is Phase.DEAL
        elder = game.elder
        game.apply(ecarte.Deal(ORDER))
        seen.append(game.hand(elder) == CardSet.parse(E_HAND))
        finish_hand(game)
    assert seen == [True, False, True]  # 3-2, 2-3, 3-2


def test_brazilian_preset_alternates_from_three_two() -> None:
    game = new_game("brazilian", dealer=0)
    deal(game, STRONG, WEAK, VOLE_TURNUP)  # deal() checks the hands under 3-2
    assert game._state.packets is None
    finish_hand(game)
    deal(game, STRONG, WEAK, VOLE_TURNUP)  # and under 2-3 for the second hand
    assert game.hand(game.elder) == CardSet.parse(STRONG)


# ----------------------------------------------------- minimum discards


@pytest.mark.parametrize("least", [1, 0])
def test_elder_minimum_discard(least: int) -> None:
    game = game_with(CLASSIC.evolve(elder_min_discard=least), STRONG, WEAK, VOLE_TURNUP)
    play(game, "propose accept")
    assert (ecarte.Discard() in game.legal_actions()) == (least == 0)
    if least:
        with pytest.raises(IllegalActionError, match="at least 1"):
            game.apply(ecarte.Discard())
        assert game.phase is Phase.ELDER_DISCARD
    else:
        game.apply(ecarte.Discard())
        assert game.phase is Phase.DEALER_DISCARD and game.hand(ELDER) == CardSet.parse(STRONG)


@pytest.mark.parametrize("least", [0, 1])
def test_dealer_minimum_discard(least: int) -> None:
    game = game_with(CLASSIC.evolve(dealer_min_discard=least), STRONG, WEAK, VOLE_TURNUP)
    play(game, "propose accept")
    game.apply("discard 10♥")
    assert (ecarte.Discard() in game.legal_actions()) == (least == 0)
    assert len(game.legal_actions()) == 32 - (least == 1)
    if least:
        with pytest.raises(IllegalActionError, match="at least 1"):
            game.apply(ecarte.Discard())
    else:
        game.apply(ecarte.Discard())
        assert game.phase is Phase.PROPOSE and game.hand(DEALER) == CardSet.parse(WEAK)


def test_spanish_dealer_must_exchange() -> None:
    game = game_with(Rules.preset("spanish"), STRONG, WEAK, VOLE_TURNUP)
    play(game, "propose accept")
    game.apply("discard 10♥")
    with pytest.raises(IllegalActionError, match="at least 1"):
        game.apply(ecarte.Discard())


# ------------------------------------------------------- refusal penalty

ELDER_TAKES_3 = ("K♥ Q♥ J♥ 7♣ 8♣", "K♣ Q♣ J♣ A♣ 10♣", "K♥ 10♣ Q♥ A♣ J♥ J♣ 7♣ Q♣ K♣ 8♣")
DEALER_TAKES_3 = ("K♣ Q♣ J♣ A♣ 10♣", "K♥ Q♥ J♥ 7♣ 8♣", "K♣ 7♣ Q♣ 8♣ J♣ K♥ Q♥ A♣ J♥ 10♣")


@pytest.mark.parametrize(
    ("to", "script", "points"),
    [
        (PenaltyBeneficiary.ELDER, ELDER_TAKES_3, {ELDER: 2, DEALER: 0}),
        (PenaltyBeneficiary.DEALER, ELDER_TAKES_3, {ELDER: 1, DEALER: 0}),
        (PenaltyBeneficiary.ELDER, DEALER_TAKES_3, {ELDER: 0, DEALER: 1}),
        (PenaltyBeneficiary.DEALER, DEALER_TAKES_3, {ELDER: 0, DEALER: 2}),
    ],
)
def test_refusal_penalty_goes_to(
    to: PenaltyBeneficiary, script: tuple[str, str, str], points: dict[int, int]
) -> None:
    elder, dealer, cards = script
    game = game_with(CLASSIC.evolve(refusal_penalty_to=to), elder, dealer)
    play(game, "propose refuse " + cards)
    assert game.hand_results[-1].points == points


@pytest.mark.parametrize(("first_only", "elder_points"), [(True, 1), (False, 2)])
def test_penalty_only_on_first_refusal(first_only: bool, elder_points: int) -> None:
    rules = CLASSIC.evolve(penalty_first_refusal_only=first_only)
    game = game_with(rules, "K♥ Q♥ J♥ 7♣ 9♦", "K♣ Q♣ J♣ A♣ 10♣", stock="8♣")
    play(game, "propose accept")
    game.apply("discard 9♦")
    game.apply("discard")
    play(game, "propose refuse " + ELDER_TAKES_3[2])  # the second proposal is refused
    assert game.hand_results[-1].points == {ELDER: elder_points, DEALER: 0}


def test_first_refusal_penalty_applies_under_first_only() -> None:
    # the control for the test above: a first refusal is penalised either way
    game = game_with(CLASSIC, *ELDER_TAKES_3[:2])
    play(game, "propose refuse " + ELDER_TAKES_3[2])
    assert game.hand_results[-1].points == {ELDER: 2, DEALER: 0}


@pytest.mark.parametrize(
    ("preset", "elder", "dealer", "stock", "discards", "cards", "points"),
    [
        # seed 002: "nekar givaren ett byte" - any refusal costs the refuser 2
        (
            "swedish",
            "K♥ Q♥ J♥ 7♣ 9♦",
            ELDER_TAKES_3[1],
            "8♣",
            ("discard 9♦", "discard"),
            ELDER_TAKES_3[2],
            {ELDER: 2, DEALER: 0},
        ),
        # seed 000: "propuso y fue rechazada" - any refusal, the dealer profits
        (
            "spanish",
            "K♣ Q♣ J♣ A♣ 9♦",
            "K♥ Q♥ J♥ 7♣ 7♦",
            "10♣ 8♣",
            ("discard 9♦", "discard 7♦"),
            DEALER_TAKES_3[2],
            {ELDER: 0, DEALER: 2},
        ),
    ],
)
def test_presets_penalise_a_later_refusal(
    preset: str,
    elder: str,
    dealer: str,
    stock: str,
    discards: tuple[str, str],
    cards: str,
    points: dict[int, int],
) -> None:
    game = game_with(Rules.preset(preset), elder, dealer, stock=stock)
    play(game, "propose accept")
    for discard in discards:
        game.apply(discard)
    play_declining_the_king(game, "propose refuse " + cards)
    assert game.hand_results[-1].points == points


# ---------------------------------------------------------- no penalties


def test_without_penalties_a_hand_scores_only_its_tricks() -> None:
    # seed 003: "Os jogadores marcam um ponto por três ou quatro vazas feitas e 2 pontos
    # por cinco vazas (capote)": no penalty, whoever played alone or refused.
    rules = CLASSIC.evolve(penalties=False)
    alone = game_with(rules, *DEALER_TAKES_3[:2])
    play(alone, "play-hand " + DEALER_TAKES_3[2])
    assert alone.hand_results[-1].points == {ELDER: 0, DEALER: 1}
    refused = game_with(rules, *ELDER_TAKES_3[:2])
    play(refused, "propose refuse " + ELDER_TAKES_3[2])
    assert refused.hand_results[-1].points == {ELDER: 1, DEALER: 0}
    vole = game_with(rules.evolve(vole_under_penalty=3), WEAK, STRONG, VOLE_TURNUP)
    finish_hand(vole)
    assert vole.hand_results[-1].points == {ELDER: 0, DEALER: 2}


# The points of each preset, cell by cell: (elder, dealer) for the elder playing alone and
# taking 3 tricks, then losing with 2; the first proposal refused and the elder taking 3,
# then the dealer taking 3; the elder alone losing all five. The brazilian preset scores
# the king of trumps (held by the side taking 3 in the first four cells) for its holder
# when play starts, as its announcement is compulsory.
PRESET_SCORING = {
    "classic": ((1, 0), (0, 2), (2, 0), (0, 1), (0, 2)),
    "portuguese": ((1, 0), (0, 2), (2, 0), (0, 1), (0, 2)),
    "swedish": ((1, 0), (0, 2), (2, 0), (0, 1), (0, 2)),
    "spanish": ((1, 0), (0, 2), (1, 0), (0, 2), (0, 3)),
    "brazilian": ((2, 0), (0, 2), (2, 0), (0, 2), (0, 2)),
}


@pytest.mark.parametrize("preset", sorted(PRESET_SCORING))
def test_the_scoring_table_of_each_preset(preset: str) -> None:
    rules = Rules.preset(preset)
    got = []
    for opening, script in (
        ("play-hand ", ELDER_TAKES_3),
        ("play-hand ", DEALER_TAKES_3),
        ("propose refuse ", ELDER_TAKES_3),
        ("propose refuse ", DEALER_TAKES_3),
    ):
        game = game_with(rules, *script[:2])
        play_declining_the_king(game, opening + script[2])
        got.append(game.hand_results[-1].points)
    vole = game_with(rules, WEAK, STRONG, VOLE_TURNUP)
    finish_hand(vole)
    got.append(vole.hand_results[-1].points)
    assert [(p[ELDER], p[DEALER]) for p in got] == list(PRESET_SCORING[preset])


# ---------------------------------------------------- vole under penalty


@pytest.mark.parametrize("value", [2, 3])
def test_vole_under_penalty_elder_alone(value: int) -> None:
    game = game_with(CLASSIC.evolve(vole_under_penalty=value), WEAK, STRONG, VOLE_TURNUP)
    finish_hand(game)  # the elder plays without proposing and loses all five
    assert game.hand_results[-1].points == {ELDER: 0, DEALER: value}


@pytest.mark.parametrize("value", [2, 3])
def test_vole_under_refusal_penalty(value: int) -> None:
    game = game_with(CLASSIC.evolve(vole_under_penalty=value), STRONG, WEAK, VOLE_TURNUP)
    play(game, "propose refuse")
    finish_hand(game)
    assert game.hand_results[-1].points == {ELDER: value, DEALER: 0}


@pytest.mark.parametrize("value", [2, 3])
def test_vole_without_penalty_is_always_two(value: int) -> None:
    game = game_with(CLASSIC.evolve(vole_under_penalty=value), STRONG, WEAK, VOLE_TURNUP)
    finish_hand(game)  # played alone and won: no penalty
    assert game.hand_results[-1].points == {ELDER: 2, DEALER: 0}


# --------------------------------------------------------- trick options


@pytest.mark.parametrize(("overtake", "legal"), [(True, "Q♠"), (False, "Q♠ 7♠")])
def test_must_overtake(overtake: bool, legal: str) -> None:
    game = game_with(CLASSIC.evolve(must_overtake=overtake), "J♠ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣")
    play(game, "play-hand J♠")
    assert legal_cards(game) == CardSet.parse(legal)
    if not overtake:
        play(game, "7♠")
        assert (game.tricks_won[ELDER], game.tricks_won[DEALER]) == (1, 0)


@pytest.mark.parametrize(
    ("trump", "overtake", "legal"),
    [
        (True, True, "7♥ 8♥"),
        (True, False, "7♥ 8♥"),
        (False, True, "7♥ 8♥ K♣ Q♣ J♣"),
        (False, False, "7♥ 8♥ K♣ Q♣ J♣"),
    ],
)
def test_must_trump_when_void(trump: bool, overtake: bool, legal: str) -> None:
    rules = CLASSIC.evolve(must_trump=trump, must_overtake=overtake)
    game = game_with(rules, "J♠ 8♦ 9♦ 10♦ 7♣", "7♥ 8♥ K♣ Q♣ J♣", turnup="9♥")
    play(game, "play-hand 8♦")
    assert legal_cards(game) == CardSet.parse(legal)


def test_void_without_trumps_plays_anything() -> None:
    game = game_with(CLASSIC, "J♠ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣")
    play(game, "play-hand 8♦")
    assert legal_cards(game) == CardSet.parse("Q♠ 7♠ K♣ Q♣ J♣")


def test_trump_led_must_be_overtaken_in_trumps() -> None:
    game = game_with(CLASSIC, "9♥ 8♦ 9♦ 10♦ 7♣", "8♥ Q♥ K♣ Q♣ J♣", turnup="7♥")
    play(game, "play-hand 9♥")
    assert legal_cards(game) == CardSet.parse("Q♥")


# ---------------------------------------------------- king announcement


def test_king_announcement_optional() -> None:
    game = game_with(CLASSIC, "K♥ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣")
    play(game, "play-hand")
    assert game.scores == (0, 0)
    assert ecarte.AnnounceKing() in game.legal_actions()
    play(game, "8♦ K♣")  # hides the king: no point, ever
    assert game.scores == (0, 0)
    assert ecarte.AnnounceKing() not in game.legal_actions()


@pytest.mark.parametrize("holder", [ELDER, DEALER])
def test_king_announcement_automatic(holder: int) -> None:
    rules = CLASSIC.evolve(king_announcement=KingAnnouncement.AUTOMATIC)
    hands = ["K♥ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣"]
    if holder == DEALER:
        hands.reverse()
    game = game_with(rules, *hands)
    assert game.scores == (0, 0)  # not before play starts
    play(game, "play-hand")
    expected = [0, 0]
    expected[holder] = 1
    assert game.scores == tuple(expected)
    assert ecarte.AnnounceKing() not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="automatically"):
        game.apply("king")


def test_automatic_king_counts_when_gained_in_the_exchange() -> None:
    rules = CLASSIC.evolve(king_announcement=KingAnnouncement.AUTOMATIC)
    game = game_with(rules, "J♠ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ A♥ Q♣ J♣", stock="K♥")
    play(game, "propose accept")
    game.apply("discard 7♣")
    game.apply("discard")
    play(game, "play-hand")
    assert game.scores == (0, 1)


def test_automatic_king_can_end_the_game() -> None:
    rules = CLASSIC.evolve(king_announcement=KingAnnouncement.AUTOMATIC)
    game = new_game(rules, dealer=0)
    vole_hand(game, 1)
    vole_hand(game, 1)
    deal(game, "K♥ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣", "7♥")
    assert game.scores == (0, 4)
    play(game, "play-hand")
    assert game.game_results[0].winner == 1 and game.game_results[0].scores == {0: 0, 1: 5}


FIRST_LEAD = CLASSIC.evolve(king_announcement=KingAnnouncement.FIRST_LEAD)


def test_first_lead_window_the_dealer_announces_before_the_elder_leads() -> None:
    # seed 000: "En cualquier momento antes de salir en la primera baza, un jugador que
    # tenga el Rey de triunfos puede declararlo"; seed 001: "A nossa convenção explícita
    # anuncia o rei na mão depois da decisão de troca, antes do jogo"; seed 002: "om du
    # visar den innan du spelar ut".
    game = game_with(FIRST_LEAD, "Q♠ 8♦ 9♦ 10♦ 7♣", "K♥ 7♠ K♣ Q♣ J♣")
    play(game, "play-hand")
    assert game.to_act == DEALER and game.phase is Phase.PLAY
    assert set(game.legal_actions()) == {ecarte.AnnounceKing(), ecarte.PlayHand()}
    play(game, "king")
    assert game.scores[DEALER] == 1 and game.to_act == ELDER
    assert ecarte.AnnounceKing() not in game.legal_actions()  # the elder holds no king
    play(game, "8♦")
    assert ecarte.AnnounceKing() not in game.legal_actions()


def test_first_lead_window_closes_at_the_first_lead() -> None:
    game = game_with(FIRST_LEAD, "Q♠ 8♦ 9♦ 10♦ 7♣", "K♥ 7♠ K♣ Q♣ J♣")
    play(game, "play-hand play-hand 8♦")  # the dealer lets play begin, the elder leads
    assert game.to_act == DEALER and ecarte.AnnounceKing() not in game.legal_actions()
    with pytest.raises(IllegalActionError):
        game.apply("king")
    assert game.scores == (0, 0)


def test_first_lead_window_asks_the_dealer_without_the_king_too() -> None:
    # Asking only a holder would tell the elder who holds the king.
    game = game_with(FIRST_LEAD, "K♥ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣")
    play(game, "play-hand")
    assert game.to_act == DEALER and game.legal_actions() == (ecarte.PlayHand(),)
    play(game, "play-hand")
    assert game.to_act == ELDER and ecarte.AnnounceKing() in game.legal_actions()
    play(game, "king")
    assert game.scores[ELDER] == 1


# ---------------------------------------------------------------- target


@pytest.mark.parametrize(("target", "hands"), [(3, 2), (5, 3), (7, 4), (11, 6)])
def test_target(target: int, hands: int) -> None:
    game = new_game(CLASSIC.evolve(target=target), dealer=0)
    for _ in range(hands - 1):
        vole_hand(game, 0)
        assert game.game_number == 1
    vole_hand(game, 0)
    assert game.game_number == 2
    assert game.game_results[0].scores[0] == 2 * hands
    assert len(game.game_results[0].hands) == hands


# ------------------------------------------------------------------ match


def test_games_to_win_one() -> None:
    game = new_game(CLASSIC.evolve(games_to_win=1), dealer=0)
    win_game(game, 1)
    assert game.is_over and game.winner == 1 and len(game.game_results) == 1


@pytest.mark.parametrize(
    ("values", "loser_hands", "value"),
    [(False, 0, 1), (True, 0, 3), (True, 1, 2), (True, 2, 1)],
)
def test_game_values(values: bool, loser_hands: int, value: int) -> None:
    game = new_game(CLASSIC.evolve(game_values=values), dealer=0)
    for _ in range(loser_hands):
        vole_hand(game, 1)  # 2 points each for the loser
    win_game(game, 0)
    result = game.game_results[0]
    assert result.winner == 0 and result.scores[1] == 2 * loser_hands
    assert result.value == value
    assert f"worth {value}" in " ".join(game.log)


def test_alternate_deal_pattern_continues_across_games() -> None:
    """Seed 003 alternates "na vez seguinte": each next deal, whatever the game."""
    rules = CLASSIC.evolve(deal_pattern=DealPattern.ALTERNATE, target=1)
    game = Game(rules, auto_chance=False)
    game.apply(ecarte.Cut((Card.parse("K♣"), Card.parse("7♦"))))
    games_dealt, three_two = [], []
    while game.game_number < 3 and not game.is_over:
        if game.phase is Phase.DEAL:
            games_dealt.append(game.game_number)
            elder = game.elder
            game.apply(ecarte.Deal(ORDER))
            three_two.append(game.hand(elder) == CardSet.parse(E_HAND))
        else:
            game.apply(game.legal_actions()[0])
    assert games_dealt[0] == 1 and 2 in games_dealt
    assert three_two == [i % 2 == 0 for i in range(len(three_two))]


def test_first_lead_window_survives_a_save() -> None:
    game = game_with(FIRST_LEAD, "Q♠ 8♦ 9♦ 10♦ 7♣", "K♥ 7♠ K♣ Q♣ J♣")
    play(game, "play-hand")
    saved = game.to_dict()
    assert saved["rules"]["king_announcement"] == "first-lead"
    restored = Game.from_dict(saved)
    assert restored.to_act == DEALER
    assert set(restored.legal_actions()) == {ecarte.AnnounceKing(), ecarte.PlayHand()}
