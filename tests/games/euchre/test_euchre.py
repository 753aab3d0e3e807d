"""Euchre scenarios: each seed option, the bowers, redeals, the public surface, bots."""

from __future__ import annotations

import random
import reprlib
from collections.abc import Iterator

import pytest
from attrs import evolve

from ecarte import Card, CardSet, IllegalActionError, Rules, RulesError
from ecarte._errors import ArgumentError, ArgumentTypeError
from ecarte.games.euchre import (
    ALONE,
    CALL,
    CHANCE,
    DECLINE,
    PARTNER,
    PASS,
    TAKE,
    TERMINAL,
    EuchreGame,
    EuchreRules,
    HeuristicBot,
    Phase,
    RandomBot,
)
from ecarte.games.euchre.game import random_games
from ecarte.games.euchre.pimc import EuchrePIMCPlayer

HEARTS = 2
# Dealer 0 turns up 9♥. Seat 2 holds the top five trumps; seat 1 the spades.
HANDS = ["9♣ 10♣ J♣ Q♣ K♣", "9♠ 10♠ J♠ Q♠ K♠", "J♥ J♦ A♥ K♥ Q♥", "9♦ 10♦ Q♦ K♦ A♦"]


def deal(rules: EuchreRules, hands: list[str] = HANDS, upcard: str = "9♥") -> EuchreGame:
    return EuchreGame.from_deal(rules, dealer=0, hands=hands, upcard=upcard, seed=5)


def card(text: str) -> int:
    c = Card.parse(text)
    return (c.rank - 7) * 4 + c.suit


def play_out(game: EuchreGame) -> None:
    """Every seat plays its highest legal card (by id) until the deal ends."""
    deals = len([a for a in game.history if a.kind.value == "dealer"])
    while (
        game.phase is Phase.PLAY
        and len([a for a in game.history if a.kind.value == "dealer"]) == deals
    ):
        game.apply_id(game.legal_action_ids()[-1])


# ------------------------------------------------------------ seed options
def test_dealer_may_decline_the_ordered_card() -> None:
    g = deal(EuchreRules.seed())
    g.apply_id(CALL + HEARTS)  # seat 1 orders up hearts
    assert g.phase is Phase.TAKE and g.to_act == 0
    assert g.legal_action_ids() == [TAKE, DECLINE]
    before = g.hand(0)
    g.apply("decline")
    assert g.phase is Phase.ALONE and g.to_act == 1 and g.maker == 1
    assert g.trump == HEARTS and g.hand(0) == before  # trumps all the same, no pick-up
    g.undo()
    g.apply("take")
    assert g.phase is Phase.DISCARD and g.to_act == 0
    assert card("9♥") in g.legal_action_ids()  # the dealer may discard the card taken


def test_standard_rules_have_no_decline() -> None:
    g = deal(EuchreRules.standard())
    g.apply_id(CALL + HEARTS)
    assert g.phase is Phase.DISCARD and g.to_act == 0


def test_openspiel_dealer_discards_from_the_dealt_five() -> None:
    g = deal(EuchreRules.openspiel())
    g.apply_id(CALL + HEARTS)
    assert g.legal_action_ids() == sorted(card(c) for c in HANDS[0].split())


def test_lone_defender_is_asked_from_the_dealers_left_and_scores_four_for_five() -> None:
    g = deal(evolve(EuchreRules.seed(), anyone_alone=False))
    g.apply_id(CALL + HEARTS)  # seat 1 orders, dealer 0 takes and discards
    g.apply("take")
    g.apply("discard 9♣")
    assert g.to_act == 1 and g.legal_action_ids() == [ALONE, PARTNER]
    g.apply("partner")
    assert g.to_act == 2  # defenders from the dealer's left: 2 then 0
    g.apply("alone")
    assert g.phase is Phase.PLAY and g.alone == (2,)
    assert g.to_act == 3  # the player left of the lone defender leads
    play_out(g)
    assert g.scores == (4, 0)  # the lone defender took all five


def expected_points(rules: EuchreRules, made: int, maker_alone: bool, lone_defender: bool) -> int:
    """The scoring of RULES.md section 3 and seed 004, for the makers (+) or not (-)."""
    if made >= 3:
        return 1 if made < 5 else (4 if maker_alone else 2)
    if not lone_defender:
        return -2
    if rules.lone_defender_scoring.value == "four":
        return -4
    return -4 if made == 0 else -2


def random_deals_made(rules: EuchreRules, n: int) -> Iterator[tuple[int, EuchreGame]]:
    """The deals of seeds 0..n-1 played to the end by random bots in which trump was made
    (all passed: no score), with their seeds."""
    for k in range(n):
        g = EuchreGame(rules, seed=k)
        bot = RandomBot(k)
        while not g.is_over:
            g.apply_id(bot.choose(g))
        if g.maker is not None:
            yield k, g


@pytest.mark.parametrize(
    "rules",
    [evolve(EuchreRules.seed(), target=0), EuchreRules.openspiel(allow_lone_defender=True)],
    ids=["seed", "openspiel"],
)
def test_every_deal_scores_by_the_table(rules: EuchreRules) -> None:
    seen = set()
    for k, g in random_deals_made(rules, 3000):
        side = g.maker % 2
        made = g.tricks_won[side]
        maker_alone = any(s % 2 == side for s in g.alone)  # the maker or its partner
        lone_defender = any(s % 2 != side for s in g.alone)
        pts = expected_points(rules, made, maker_alone, lone_defender)
        assert g.returns()[g.maker] == pts, (k, made, g.alone)
        assert sum(g.returns()) == 0
        seen.add((min(made, 3), maker_alone, lone_defender))
    assert len(seen) == 16  # made 0, 1, 2, 3+ by lone maker and lone defender: all met


# ------------------------------------------------------------ anyone may go alone
SEED_ALONE = (
    "Cualquiera puede anunciar que jugará solo después de que se seleccione el triunfo, "
    "pero antes de que se saque la primera carta. Es posible que dos jugadores, uno de "
    "cada pareja, elijan jugar solos con la misma mano."
)
SEED_LEAD = (
    "Si alguien ha elegido jugar solo, el jugador a la izquierda de esa persona comienza "
    "primero. Si dos jugadores han decidido jugar solos, el jugador del equipo que no "
    "eligió triunfo (el defensor) comienza primero."
)
SEED_SCORE = (
    "Si un fabricante juega solo y gana las cinco bazas, su pareja suma cuatro puntos. "
    "Si gana tres o cuatro bazas, su pareja suma solo un punto."
)


def dealer_accepts(rules: EuchreRules) -> EuchreGame:
    """Dealer 0 turns up 9♥; seats 1, 2 and 3 pass and the dealer accepts ("Acepto"),
    takes 9♥ and discards 9♣: seat 0 makes hearts, and its partner, seat 2, holds the
    five highest trumps (J♥ J♦ A♥ K♥ Q♥)."""
    g = deal(rules)
    for _ in range(3):
        g.apply("pass")
    g.apply_id(CALL + HEARTS)
    g.apply("discard 9♣")
    assert g.maker == 0 and g.phase is Phase.ALONE and g.to_act == 0
    return g


def test_the_makers_partner_may_go_alone_and_plays_as_the_maker() -> None:
    # SEED_ALONE, SEED_LEAD and SEED_SCORE: the maker's partner goes alone
    assert "Cualquiera puede anunciar que jugará solo" in SEED_ALONE
    g = dealer_accepts(EuchreRules.seed())
    g.apply("partner")  # the maker stays: its partner is asked next
    assert g.phase is Phase.ALONE and g.to_act == 2
    assert g.legal_action_ids() == [ALONE, PARTNER]
    g.apply("alone")  # the maker, seat 0, sits out
    assert g.alone == (2,) and g.to_act == 1  # the defenders from the maker's left: 1
    g.apply("partner")
    assert g.to_act == 3
    g.apply("partner")
    assert g.phase is Phase.PLAY and g.to_act == 3  # left of the lone partner leads
    assert g.observation(3).maker == 0 and g.observation(3).alone == (2,)
    play_out(g)
    assert g.scores == (4, 0)  # a lone maker's five tricks: 4 points


def test_the_makers_partner_alone_and_a_lone_defender_the_defender_leads() -> None:
    # SEED_ALONE: "uno de cada pareja"; SEED_LEAD: "el defensor comienza primero"
    g = dealer_accepts(EuchreRules.seed())
    g.apply("partner")
    g.apply("alone")  # seat 2, the maker's partner
    g.apply("alone")  # seat 1, the first defender from the maker's left
    assert g.phase is Phase.PLAY and g.alone == (1, 2) and g.to_act == 1
    assert g.active() == 0b0110  # seats 1 and 2 play, 0 and 3 sit out


def test_at_most_one_player_a_side_goes_alone() -> None:
    g = dealer_accepts(EuchreRules.seed())
    g.apply("alone")  # the maker: its partner is not asked
    assert g.alone == (0,) and g.to_act == 1
    g.apply("alone")  # a defender: the other defender is not asked
    assert g.phase is Phase.PLAY and g.alone == (0, 1) and g.to_act == 1


def test_the_ask_order_maker_partner_then_defenders_from_the_makers_left() -> None:
    g = deal(EuchreRules.seed())
    g.apply_id(CALL + HEARTS)  # seat 1 orders up; dealer 0 takes and discards
    g.apply("take")
    g.apply("discard 9♣")
    asked = []
    while g.phase is Phase.ALONE:
        asked.append(g.to_act)
        g.apply("partner")
    assert asked == [1, 3, 2, 0]  # maker, partner, then from the maker's left
    assert g.to_act == 1  # nobody alone: left of the dealer leads


def test_without_the_option_the_partner_is_never_asked() -> None:
    for rules in (
        EuchreRules.standard(),
        EuchreRules.openspiel(),
        EuchreRules.openspiel(allow_lone_defender=True),
        evolve(EuchreRules.seed(), anyone_alone=False),
    ):
        g = dealer_accepts(rules)
        g.apply("partner")
        assert g.to_act != 2, rules  # the defenders, or the play
        while g.phase is Phase.ALONE:
            assert g.to_act % 2 == 1
            g.apply("partner")


def test_anyone_alone_needs_lone_defenders() -> None:
    with pytest.raises(RulesError, match="anyone_alone needs allow_lone_defender=True"):
        evolve(EuchreRules.standard(), anyone_alone=True)
    with pytest.raises(RulesError, match="anyone_alone must be a bool"):
        evolve(EuchreRules.seed(), anyone_alone=1)
    assert EuchreRules.seed().anyone_alone and not EuchreRules.standard().anyone_alone
    assert not EuchreRules.openspiel(allow_lone_defender=True).anyone_alone


# Seed 004's scoring, cell by cell: (tricks the makers took, who went alone) -> points,
# + for the makers, - for the defenders. "maker" is the maker or its partner.
SEED_TABLE = {
    (made, alone): pts
    for alone, row in {
        "": (-2, -2, -2, 1, 1, 2),
        "maker": (-2, -2, -2, 1, 1, 4),
        "defender": (-4, -2, -2, 1, 1, 2),
        "maker+defender": (-4, -2, -2, 1, 1, 4),
    }.items()
    for made, pts in enumerate(row)
}


def test_the_seed_scoring_table_cell_by_cell() -> None:
    """Every cell of SEED_TABLE met in random deals under the seed preset, a lone maker
    and a lone partner of the maker alike (SEED_SCORE)."""
    rules = evolve(EuchreRules.seed(), target=0)
    seen: dict[tuple[int, str], set[str]] = {}
    for k, g in random_deals_made(rules, 2500):
        side = g.maker % 2
        made = g.tricks_won[side]
        lone = [s for s in g.alone if s % 2 == side]
        alone = "+".join(
            w for w, on in (("maker", lone), ("defender", len(g.alone) > len(lone))) if on
        )
        assert g.returns()[g.maker] == SEED_TABLE[made, alone], (k, made, g.alone)
        who = "partner" if lone and lone[0] != g.maker else "maker"
        seen.setdefault((made, alone), set()).add(who)
    assert set(seen) == set(SEED_TABLE)  # every cell met
    assert all(seen[made, "maker"] == {"maker", "partner"} for made in range(6))


def test_defenders_are_not_asked_without_the_option() -> None:
    g = deal(EuchreRules.standard())
    g.apply_id(CALL + HEARTS)
    g.apply("discard 9♣")
    g.apply("partner")
    assert g.phase is Phase.PLAY and g.to_act == 1  # left of the dealer leads


@pytest.mark.parametrize(
    ("rules", "leader"),
    [(EuchreRules.standard(), 2), (EuchreRules.seed(), 2), (EuchreRules.openspiel(), 2)],
)
def test_lead_after_a_lone_maker_seat_three(rules: EuchreRules, leader: int) -> None:
    # dealer 0, seat 3 calls alone in the second round; seat 1 sits out
    g = deal(rules)
    for _ in range(4):
        g.apply_id(PASS)
    g.apply_id(PASS)  # seat 1
    g.apply_id(PASS)  # seat 2
    g.apply_id(CALL + 1)  # seat 3 names diamonds
    g.apply_id(ALONE)
    while g.phase is Phase.ALONE:
        g.apply_id(PARTNER)
    # left of the dealer is seat 1, who sits out: seat 2; left of the lone maker: seat 0
    assert g.to_act == (0 if rules.lead.value == "left-of-lone" else leader)


def test_lead_left_of_a_lone_maker_seat_one() -> None:
    for rules, leader in ((EuchreRules.standard(), 1), (EuchreRules.seed(), 2)):
        g = deal(rules)
        g.apply_id(CALL + HEARTS)
        if rules.dealer_may_decline:
            g.apply("take")
        g.apply("discard 9♣")
        g.apply("alone")
        while g.phase is Phase.ALONE:
            g.apply("partner")
        assert g.to_act == leader, rules


def test_both_alone_the_lone_defender_leads() -> None:
    g = deal(EuchreRules.seed())
    g.apply_id(CALL + HEARTS)
    g.apply("take")
    g.apply("discard 9♣")
    g.apply("alone")  # seat 1
    g.apply("alone")  # seat 2, a defender
    assert g.alone == (1, 2) and g.to_act == 2


# ------------------------------------------------------------ redeal and stick
def test_redeal_when_all_pass() -> None:
    g = deal(EuchreRules.standard())
    for _ in range(8):
        g.apply_id(PASS)
    assert g.dealer == 1 and g.scores == (0, 0)
    assert g.phase is Phase.BID and g.to_act == 2  # the next deal was drawn from the seed
    g.undo()
    assert g.dealer == 0 and g.phase is Phase.BID2 and g.to_act == 0


def test_redeal_without_auto_chance_waits_for_cards() -> None:
    g = EuchreGame(EuchreRules.standard(), seed=3, auto_chance=False)
    g.apply_id(0)
    while g.to_act == CHANCE:
        g.apply_id(g.legal_action_ids()[0])
    for _ in range(8):
        g.apply_id(PASS)
    assert g.to_act == CHANCE and g.phase is Phase.DEAL and len(g.legal_action_ids()) == 24


def test_stick_the_dealer() -> None:
    g = deal(EuchreRules.standard().with_options(stick_the_dealer=True))
    for _ in range(7):
        g.apply_id(PASS)
    assert g.to_act == 0 and PASS not in g.legal_action_ids()
    with pytest.raises(IllegalActionError):
        g.apply("pass")


def test_openspiel_all_pass_ends_the_deal_at_zero() -> None:
    g = deal(EuchreRules.openspiel(stick_the_dealer=False))
    for _ in range(8):
        g.apply_id(PASS)
    assert g.is_over and g.to_act == TERMINAL and g.returns() == (0, 0, 0, 0)


# ------------------------------------------------------------ bowers
def test_left_bower_follows_trumps_not_its_own_suit() -> None:
    hands = ["9♣ 10♣ J♣ Q♣ K♣", "J♦ 9♦ 10♠ J♠ Q♠", "A♥ K♥ Q♥ 10♥ 9♠", "10♦ Q♦ K♦ A♦ A♠"]
    g = deal(EuchreRules.standard(), hands=hands, upcard="J♥")
    g.apply_id(CALL + HEARTS)  # seat 1 orders hearts: J♦ is the left bower
    g.apply("discard 9♣")
    g.apply("partner")
    assert g.to_act == 1
    g.apply("10♠")  # seat 1 leads a spade
    g.apply("9♠")
    g.apply("A♠")  # seat 3
    g.apply("Q♣")  # the dealer has neither spades nor trumps
    # A♠ won; seat 3 leads diamonds
    assert g.to_act == 3 and g.tricks_won == (0, 1)
    g.apply("K♦")
    g.apply("10♣")  # the dealer has no diamonds
    # seat 1 must follow with 9♦: J♦ is a heart
    assert g.legal_action_ids() == [card("9♦")]
    with pytest.raises(IllegalActionError, match="must follow suit"):
        g.apply("J♦")
    g.apply("9♦")
    g.apply("A♥")  # seat 2 trumps
    assert g.to_act == 2 and g.tricks_won == (1, 1)
    g.apply("K♥")  # a trump lead
    g.apply("10♦")
    assert g.legal_action_ids() == [card("J♥")]  # the dealer follows with the card taken up
    g.apply("J♥")
    # and seat 1 must follow trumps with the left bower, its only heart
    assert g.legal_action_ids() == [card("J♦")]
    g.apply("J♦")
    assert g.to_act == 0 and g.tricks_won == (2, 1)  # the right bower beat the left


def test_bowers_rank_above_the_ace() -> None:
    hands = ["9♣ 10♣ J♣ Q♣ K♣", "J♦ 9♦ 10♠ J♠ Q♠", "A♥ K♥ Q♥ 10♥ 9♠", "10♦ Q♦ K♦ A♦ A♠"]
    g = deal(EuchreRules.standard(), hands=hands, upcard="J♥")
    g.apply_id(CALL + HEARTS)
    g.apply("discard 9♣")
    g.apply("partner")
    g.apply("J♦")  # seat 1 leads the left bower: a trump lead
    assert g.legal_action_ids() == sorted(card(c) for c in ("A♥", "K♥", "Q♥", "10♥"))
    g.apply("A♥")
    g.apply("A♠")
    assert g.legal_action_ids() == [card("J♥")]  # the dealer must follow trumps
    g.apply("J♥")
    assert g.to_act == 0 and g.tricks_won == (1, 0)


# ------------------------------------------------------------ the public surface
@pytest.mark.parametrize("preset", ["standard", "seed", "openspiel"])
def test_random_games_surface(preset: str) -> None:
    from ecarte.games.euchre import PRESETS

    rules = PRESETS[preset]()
    rng = random.Random(preset)
    for n in range(30):
        g = EuchreGame(rules, seed=n)
        while not g.is_over:
            ids = g.legal_action_ids()
            assert ids and g.to_act in range(4)
            mask = g.legal_action_mask()
            assert [i for i, b in enumerate(mask) if b] == ids
            assert len(mask) == g.num_action_ids
            for i in ids:
                assert g.action_id(g.action_from_id(i)) == i
            seat = g.to_act
            obs = g.observation(seat)
            assert obs.hand == g.hand(seat)
            other = g.observation((seat + 1) % 4)
            assert other.hand != obs.hand or not obs.hand
            a = ids[rng.randrange(len(ids))]
            if rng.random() < 0.1:
                twin = g.clone()
                g.apply_id(a)
                g.undo()
                assert g.history == twin.history and g.legal_action_ids() == ids
            text = g.action_to_string(a)
            g.apply(text)
            assert g.history[-1].id == a or g.history[-1].kind.value == "deal"
        assert EuchreGame.replay(g.history, rules, seed=n).returns() == g.returns()
        if rules.target:
            assert max(g.scores) >= rules.target and sum(g.returns()) == 0


def test_observation_hides_the_discard_and_hands() -> None:
    g = deal(EuchreRules.standard())
    g.apply_id(CALL + HEARTS)
    g.apply("discard 9♣")
    assert g.observation(0).discard == Card.parse("9♣")
    assert g.observation(1).discard is None
    assert g.observation(1).hand == CardSet.parse(HANDS[1])
    assert g.observation(1).upcard == Card.parse("9♥")


def test_every_seat_sees_whether_the_dealer_declined() -> None:
    g = deal(EuchreRules.seed())
    g.apply_id(CALL + HEARTS)  # seat 1 orders up hearts, dealer 0 is asked
    assert not any(g.observation(s).declined for s in range(4))
    g.apply("decline")
    assert all(g.observation(s).declined for s in range(4))
    assert g.observation(2).to_dict()["declined"] is True
    g.undo()
    g.apply("take")
    g.apply("discard 9♣")
    assert not any(g.observation(s).declined for s in range(4))
    assert g.observation(2).to_dict()["declined"] is False


def test_declined_follows_the_dealers_decision_in_random_games() -> None:
    """Under the seed rules, at every step of random games, every seat's observation says
    the dealer declined exactly when the dealer's DECLINE was applied in this deal."""
    rng = random.Random(8)
    seen = 0
    for k in range(12):
        g = EuchreGame(EuchreRules.seed(), seed=k, auto_chance=False)  # each deal seen
        declined = False
        while not g.is_over:
            if g.phase is Phase.DEAL:
                declined = False  # a new deal
            assert {g.observation(s).declined for s in range(4)} == {declined}
            if g.to_act == CHANCE:
                g.apply_id(rng.choice(g.legal_action_ids()))
                continue
            i = rng.choice(g.legal_action_ids())
            g.apply_id(i)
            declined = declined or i == DECLINE
            seen += i == DECLINE
    assert seen > 3


def test_errors() -> None:
    g = deal(EuchreRules.standard())
    with pytest.raises(IllegalActionError, match="seat 1's turn"):
        g.apply("pass", seat=2)
    with pytest.raises(
        IllegalActionError,
        match="call ♠ is not legal now: seat 1 orders up the turned card or passes",
    ):
        g.apply("call ♠")
    with pytest.raises(IllegalActionError):
        g.apply_id(ALONE)
    assert g.phase is Phase.BID and len(g.history) == 22


# ------------------------------------------------------------ bots
def test_bots_finish_games_and_the_heuristic_beats_random() -> None:
    wins = 0
    games = 60
    for n in range(games):
        g = EuchreGame(EuchreRules.standard(), seed=n)
        bots = [HeuristicBot(), RandomBot(n), HeuristicBot(), RandomBot(n + 1000)]
        while not g.is_over:
            g.apply_id(bots[g.to_act].choose(g))
        wins += g.winner == 0
    assert wins > games * 0.7, wins


@pytest.mark.parametrize("preset", ["seed", "openspiel"])
def test_heuristic_bot_plays_every_preset(preset: str) -> None:
    from ecarte.games.euchre import PRESETS

    for n in range(20):
        g = EuchreGame(PRESETS[preset](), seed=n)
        bot = HeuristicBot()
        while not g.is_over:
            g.apply_id(bot.choose(g))


def test_rules_errors_name_the_option() -> None:
    from ecarte import RulesError

    with pytest.raises(RulesError, match="stick_the_dealer must be a bool"):
        EuchreRules(stick_the_dealer=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"^lead must be one of 'left-of-dealer', 'left-of-lone'"):
        EuchreRules(lead="nobody")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"^deal_order must be one of"):
        EuchreRules(deal_order=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"^lone_defender_scoring must be one of"):
        EuchreRules(lone_defender_scoring=None)  # type: ignore[arg-type]
    assert EuchreRules(lead="left-of-lone").lead.value == "left-of-lone"
    assert EuchreRules.openspiel().is_openspiel and not EuchreRules.seed().is_openspiel


def test_pimc_as_the_makers_partner_goes_alone_with_the_five_highest_trumps() -> None:
    from ecarte.games.euchre.pimc import EuchrePIMCPlayer

    g = dealer_accepts(EuchreRules.seed())
    g.apply("partner")
    assert g.to_act == 2
    assert EuchrePIMCPlayer(worlds=8, seed=1).choose(g) == ALONE  # 4 points, not 2


@pytest.mark.parametrize("rules", [5, "standard", Rules.classic(), [EuchreRules()]])
def test_rules_that_are_not_euchre_rules_raise_a_package_error(rules: object) -> None:
    # the game's own error, a TypeError still, as for any other argument
    with pytest.raises(ArgumentTypeError, match="rules must be EuchreRules"):
        EuchreGame(rules)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="rules must be EuchreRules"):
        random_games(1, seed=1, rules=rules)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"upcard": ""}, "the turned card is one card, not ''"),
        ({"upcard": "9♥ 10♥"}, "the turned card is one card, not '9♥ 10♥'"),
        ({"upcard": "7♥"}, "7♥ is not in the 24-card deck"),
        ({"hands": ["9♣ 10♣ J♣ Q♣ 7♣", *HANDS[1:]]}, "7♣ is not in the 24-card deck"),
        ({"upcard": "Joker"}, "Joker is not in the 24-card deck"),
        ({"hands": ["9♣ 10♣ J♣ Q♣ 9♠", *HANDS[1:]]}, "9♠ is dealt twice"),
        ({"upcard": "J♥"}, "J♥ is dealt twice"),
        ({"dealer": 4}, "dealer must be a seat 0..3, not 4"),
        ({"dealer": True}, "dealer must be a seat 0..3, not True"),
        ({"upcard": None}, "the turned card is a card or its text, not None"),
        ({"upcard": 5}, "the turned card is a card or its text, not 5"),
        ({"hands": None}, "hands are the four hands (texts or card sets), not None"),
        (
            {"hands": " ".join(HANDS)},
            f"hands are the four hands (texts or card sets), not {reprlib.repr(' '.join(HANDS))}",
        ),
        ({"hands": [1, 2, 3, 4]}, "a hand is a text or cards, not 1"),
        ({"hands": [[1, 2, 3, 4, 5], *HANDS[1:]]}, "not a card: 1 (a Card or the Joker)"),
    ],
)
def test_from_deal_refuses_a_bad_deal_in_its_words(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"dealer": 0, "hands": HANDS, "upcard": "9♥", **kwargs}
    with pytest.raises(ArgumentError) as e:
        EuchreGame.from_deal(EuchreRules.standard(), **args)  # type: ignore[arg-type]
    assert str(e.value) == f"from_deal: {message}"


@pytest.mark.parametrize("bot", [HeuristicBot(), EuchrePIMCPlayer(worlds=2)])
def test_a_bot_asked_at_a_chance_node_says_a_chance_outcome_is_due(bot: object) -> None:
    g = EuchreGame(EuchreRules.standard(), seed=1, auto_chance=False)
    with pytest.raises(ValueError, match=r"^no decision to choose: the cards are drawn"):
        bot.choose(g)  # type: ignore[attr-defined]
    assert g.history == () and g.to_act == CHANCE


def test_a_random_bot_draws_a_chance_outcome() -> None:
    g = EuchreGame(EuchreRules.standard(), seed=1, auto_chance=False)
    assert RandomBot(1).choose(g) in g.legal_action_ids()


def test_a_text_naming_another_action_is_refused_and_changes_nothing() -> None:
    g = deal(EuchreRules.standard())
    g.apply("pass")
    for text in ("callous ♥", "pass ♥", "alone ♥"):
        with pytest.raises(IllegalActionError, match="is not a legal action here"):
            g.apply(text)
    g.apply("order ♥")
    assert g.phase is Phase.DISCARD
    for text in ("pass K♣", "play K♣", "deal K♣"):
        with pytest.raises(IllegalActionError, match="is not a legal action here"):
            g.apply(text)
    assert len(g.history) == 24 and g.phase is Phase.DISCARD
    g.apply("Discard K♣")
    g.apply("partner")
    for text in ("discard 9♠", "pass 9♠", "call 9♠"):
        with pytest.raises(IllegalActionError, match="is not a legal action here"):
            g.apply(text)
    assert g.phase is Phase.PLAY and g.hand(1) == CardSet.parse(HANDS[1])
    g.apply("play 9♠")
    assert str(g.history[-1]) == "9♠"


def test_a_games_rules_cannot_be_replaced() -> None:
    g = EuchreGame(EuchreRules.standard(), seed=2)
    g.apply("pass")
    saved = g.to_json()
    for change in (lambda: setattr(g, "rules", EuchreRules.seed()), lambda: delattr(g, "rules")):
        with pytest.raises(AttributeError, match="the rules of a game cannot change"):
            change()
        assert g.rules is EuchreRules.standard() and g.to_json() == saved
    c = g.clone()
    assert c.rules is g.rules and EuchreGame.from_json(saved).rules == EuchreRules.standard()


class _TableGame(EuchreGame):
    """A subclass, as an embedder writes one: its own attribute and method."""

    table = "salon"

    def leader(self) -> int:
        return self.to_act


def test_a_subclass_of_the_game_is_made_saved_and_copied() -> None:
    g = _TableGame(EuchreRules.standard(), seed=2)
    assert isinstance(g, _TableGame) and g.table == "salon" and g.leader() == g.to_act
    g.apply("pass")
    for other in (
        _TableGame.from_json(g.to_json()),
        g.clone(),
        _TableGame.from_deal(dealer=0, hands=HANDS, upcard="9♥"),
    ):
        assert isinstance(other, _TableGame)
    assert _TableGame.from_json(g.to_json()).history == g.history


def test_init_again_makes_a_new_game_under_the_new_rules() -> None:
    g = EuchreGame(EuchreRules.seed(), seed=3)
    g.__init__(EuchreRules.standard(), seed=3)  # type: ignore[misc]
    fresh = EuchreGame(EuchreRules.standard(), seed=3)
    assert g.rules is EuchreRules.standard() and g.to_dict() == fresh.to_dict()


def test_a_subclass_with_slots_of_its_own_is_refused_clearly() -> None:
    class Slotted(EuchreGame):
        __slots__ = ("extra",)

    with pytest.raises(TypeError, match="Slotted cannot add slots to EuchreGame"):
        Slotted(seed=1)


@pytest.mark.parametrize("history", [None, 5, 1.5, True])
def test_replay_refuses_a_history_that_is_no_sequence_of_records(history: object) -> None:
    with pytest.raises(ArgumentTypeError, match="history must be an iterable of records"):
        EuchreGame.replay(history)  # type: ignore[arg-type]


def test_replay_names_a_record_that_does_not_apply_once() -> None:
    g = EuchreGame(EuchreRules.standard(), seed=1)
    while not (g.history and g.history[-1].kind.value == "play"):
        g.apply_id(g.legal_action_ids()[-1])
    history = [*g.history, g.history[-1]]  # the card just played, again
    card = str(history[-1])
    with pytest.raises(IllegalActionError) as info:
        EuchreGame.replay(history, g.rules, seed=1)
    assert str(info.value).startswith(f"history record {len(history) - 1} ({card}): seat ")
    assert str(info.value).count(card) == 1


@pytest.mark.parametrize("bad", [None, 1.5, object(), [0] * 1000, b"pass"])
def test_apply_names_what_an_action_is(bad: object) -> None:
    """``apply`` takes an action, its text or its id: anything else is refused saying
    so, quoted short, and nothing changes."""
    g = EuchreGame(EuchreRules.standard(), seed=1)
    before = g.to_dict()
    with pytest.raises(
        IllegalActionError, match=r"^not an action: .* \(an EuchreAction, its text or its id\)$"
    ) as info:
        g.apply(bad)  # type: ignore[arg-type]
    assert len(str(info.value)) < 200
    assert g.to_dict() == before
