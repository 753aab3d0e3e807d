"""Jeux de Règles: the table as data, the enforced convention, the bot."""

from __future__ import annotations

import pytest
from ecarte_poule import Poule
from ecarte_regles import (
    ADJUSTMENTS,
    TABLE,
    JeuxDeRegles,
    RegleBot,
    dealer_convention,
    elder_convention,
    match_hand,
)
from helpers import FixedDeal, dealt, refused

from ecarte import (
    Accept,
    Action,
    ArgumentError,
    CardSet,
    Discard,
    Game,
    IllegalActionError,
    Phase,
    PlayHand,
    Propose,
    RankOrder,
    Refuse,
    Rules,
    SaveFormatError,
    Suit,
    hookimpl,
)
from ecarte.players import HeuristicPlayer, RandomPlayer, play_match

S = Suit.SPADES
EXAMPLES = {
    "three trumps": "7♠ 8♠ 9♠ K♥ 7♦",
    "two trumps and three of a plain suit": "7♠ 8♠ 7♥ 8♥ 9♥",
    "one trump and king-queen-jack": "7♠ K♥ Q♥ J♥ 7♦",
    "one trump and four of a plain suit": "7♠ 7♥ 8♥ 9♥ 10♥",
    "one trump and two queens": "7♠ Q♥ Q♦ 7♣ 8♣",
    "one trump, a queen and a guarded jack": "7♠ Q♥ J♦ 7♦ 8♣",
    "one trump, an unguarded king and an unguarded queen": "7♠ K♥ Q♦ 7♣ 8♣",
    "four court cards without a trump": "K♥ Q♥ J♦ K♣ 7♦",
    "only two safe discards": "7♠ K♥ K♦ 7♣ 8♣",
}


def test_table_is_data_with_named_patterns() -> None:
    names = [p.name for p in TABLE]
    assert names == list(EXAMPLES) and len(set(names)) == len(names)
    assert all(p.trumps and p.requirement for p in TABLE)
    assert {a.applies_to for a in ADJUSTMENTS} == {"elder", "dealer"}


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_each_pattern_is_recognised(name: str) -> None:
    pattern = match_hand(CardSet.parse(EXAMPLES[name]), S)
    assert pattern is not None and pattern.name == name


@pytest.mark.parametrize(
    "hand", ["7♠ 8♥ 9♥ 10♦ 7♣", "K♥ Q♦ 9♦ 8♣ 7♣", "8♠ J♥ 10♦ 9♦ 7♣", "A♠ A♥ A♦ 10♣ 9♣"]
)
def test_hands_that_are_not_jeux_de_regle(hand: str) -> None:
    assert match_hand(CardSet.parse(hand), S) is None


def test_the_trump_suit_matters() -> None:
    hand = CardSet.parse("7♠ 8♠ 9♠ K♥ 7♦")
    assert match_hand(hand, Suit.CLUBS) is None or match_hand(hand, Suit.CLUBS) != TABLE[0]


def _game(elder: str, dealer: str = "Q♣ J♣ 10♣ 9♣ 7♦", **kw: bool) -> Game:
    deal = FixedDeal(elder=elder, dealer=dealer, turnup="8♦")  # diamonds are trumps
    return dealt(Game(plugins=[JeuxDeRegles(**kw), deal], seed=1))


def _only(game: Game, action: Action, other: Action, match: str) -> None:
    """``action`` is the one legal action: ``other`` is refused (``match``) and changes
    nothing, ``action`` is taken."""
    assert game.legal_actions() == (action,)
    with refused(game, IllegalActionError, match):
        game.apply(other)
    game.apply(action)


def test_the_elder_may_not_propose_with_a_jeu_de_regle() -> None:
    game = _game("9♦ 10♦ J♦ K♥ 7♠")
    assert game.phase is Phase.PROPOSE
    _only(game, PlayHand(), Propose(), r"jeu de règle \(three trumps\).*'regles'")


def test_with_the_king_of_trumps_the_elder_proposes() -> None:
    # RULES.md: "except when it holds the king of trumps, then propose"; before
    # issue 10 playing the hand was still allowed
    game = _game("9♦ 10♦ K♦ K♥ 7♠")
    decision = elder_convention(game.hand(game.elder), Suit.DIAMONDS)
    assert not decision.play and decision.binding and "king of trumps" in decision.reason
    _only(game, Propose(), PlayHand(), r"must propose: jeu de règle \(three trumps\)")


def test_without_a_jeu_de_regle_the_elder_is_free() -> None:
    game = _game("7♠ 8♥ 9♥ 10♥ 9♦")
    decision = elder_convention(game.hand(game.elder), Suit.DIAMONDS)
    assert not decision.binding
    assert set(game.legal_actions()) == {Propose(), PlayHand()}


def test_after_an_exchange_the_elder_is_free() -> None:
    # clubs are trumps; the stock starts 7♣ 8♣ 9♣: discarding three weak cards
    # brings three trumps, a jeu de règle, but no penalty is at stake any more
    deal = FixedDeal(elder="7♥ 8♥ 9♠ 10♠ 7♦", dealer="K♥ Q♥ J♦ 8♦ 9♦", turnup="A♣")
    game = dealt(Game(plugins=[JeuxDeRegles(strict_dealer=True), deal], seed=1))
    assert match_hand(game.hand(game.elder), Suit.CLUBS) is None
    game.apply(Propose())
    game.apply(Accept())
    game.apply(Discard(CardSet.parse("7♥ 8♥ 9♠")))
    game.apply(Discard(CardSet()))
    hand = game.hand(game.elder)
    assert hand == CardSet.parse("10♠ 7♦ 7♣ 8♣ 9♣")
    assert elder_convention(hand, Suit.CLUBS).play  # the convention would say play
    assert set(game.legal_actions()) == {Propose(), PlayHand()}
    game.apply(Propose())


def test_without_the_variant_the_same_hand_may_propose() -> None:
    deal = FixedDeal(elder="9♦ 10♦ J♦ K♥ 7♠", dealer="Q♣ J♣ 10♣ 9♣ 7♦", turnup="8♦")
    game = dealt(Game(plugins=[deal], seed=1))
    assert Propose() in game.legal_actions()


def _check_conventions(game: Game, strict: bool) -> tuple[int, int]:
    """At each decision the legal actions are what the convention says where the
    penalty is at stake, and free elsewhere; returns (forced, free) decisions."""
    forced = free = 0
    elder, dealer, trump = game.elder, game.dealer, game.trump
    assert elder is not None and dealer is not None and trump is not None
    first = not game.exchanges
    legal = set(game.legal_actions())
    scores = {
        "elder_score": game.scores[elder],
        "dealer_score": game.scores[dealer],
        "target": game.rules.target,
    }
    if game.phase is Phase.PROPOSE:
        decision = elder_convention(game.hand(elder), trump, **scores)
        if first and decision.binding:
            forced += 1
            assert legal == {PlayHand() if decision.play else Propose()}
        else:
            free += 1
            assert legal == {Propose(), PlayHand()} or (legal == {PlayHand()} and not first)
    elif game.phase is Phase.RESPOND:
        decision = dealer_convention(game.hand(dealer), trump, **scores)
        if strict and (first or not game.rules.penalty_first_refusal_only):
            forced += 1
            assert legal == {Refuse() if decision.play else Accept()}
        else:
            free += 1
            assert legal == {Accept(), Refuse()}
    return forced, free


@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize("rules", [Rules(), Rules.preset("swedish"), Rules(elder_min_discard=0)])
def test_the_convention_binds_only_where_the_penalty_is_at_stake(
    strict: bool, rules: Rules
) -> None:
    # swedish: every refusal carries the penalty, so the strict dealer is bound at
    # every proposal; the elder only ever at the first decision of a hand
    forced = free = 0
    for seed in range(6):
        game = Game(rules, plugins=[JeuxDeRegles(strict_dealer=strict)], seed=seed)
        players = {0: RandomPlayer(seed=seed), 1: RandomPlayer(seed=seed + 1)}
        while not game.is_over:
            if game.phase in (Phase.PROPOSE, Phase.RESPOND):
                a, b = _check_conventions(game, strict)
                forced, free = forced + a, free + b
            seat = game.to_act
            game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))
    assert forced and free


def test_dealer_convention_enforced_by_default_and_relaxed_by_option() -> None:
    # guarded in three suits (queens count): the dealer must refuse
    game = _game("7♠ 8♥ 9♥ 10♣ 9♦", dealer="Q♠ K♥ Q♣ 7♣ 8♣")
    assert JeuxDeRegles().strict_dealer
    game.apply(Propose())
    assert game.legal_actions() == (Refuse(),)
    with pytest.raises(IllegalActionError, match="guarded in three suits"):
        game.apply(Accept())
    loose = _game("7♠ 8♥ 9♥ 10♣ 9♦", dealer="Q♠ K♥ Q♣ 7♣ 8♣", strict_dealer=False)
    loose.apply(Propose())
    assert set(loose.legal_actions()) == {Accept(), Refuse()}


@pytest.mark.parametrize(
    ("hand", "refuse", "why"),
    [
        ("Q♠ K♥ Q♣ 7♣ 8♣", True, "three suits"),
        ("K♠ 7♠ Q♥ 7♦ 8♣", True, "two suits with a trump"),
        ("K♠ 7♦ 8♦ 9♣ 10♣", True, "jeu de règle"),
        ("Q♠ 7♦ 8♦ 9♣ 10♥", True, "one suit with two trumps"),
        ("7♠ 8♥ 9♥ 10♣ 9♦", False, "not guarded"),
    ],
)
def test_dealer_convention(hand: str, refuse: bool, why: str) -> None:
    decision = dealer_convention(CardSet.parse(hand), Suit.DIAMONDS)
    assert decision.play is refuse and why in decision.reason


def test_score_adjustments() -> None:
    even = CardSet.parse("K♠ Q♠ Q♥ Q♦ 7♣")  # no jeu de règle, but an even chance
    assert match_hand(even, S) is None
    assert not elder_convention(even, S, dealer_score=3).play
    assert elder_convention(even, S, dealer_score=4).play
    assert "point of game" in elder_convention(even, S, dealer_score=4).reason
    weak = CardSet.parse("7♠ 8♥ 9♥ 10♦ 7♣")
    assert not dealer_convention(weak, S).play
    assert dealer_convention(weak, S, elder_score=4).play
    assert dealer_convention(weak, S, elder_score=2, target=3).play  # 2 of 3 is 4 of 5
    no_trump = CardSet.parse("8♥ 9♥ 10♦ 7♣ 8♣")
    assert not dealer_convention(no_trump, S, elder_score=4).play


def test_adjustment_is_enforced_in_the_game() -> None:
    class KingIsFour:
        @hookimpl
        def ecarte_king_points(self) -> int:
            return 4

    elder = "Q♦ J♦ Q♥ Q♠ 7♣"  # no jeu de règle, an even chance of three tricks
    assert match_hand(CardSet.parse(elder), Suit.DIAMONDS) is None
    calm = FixedDeal(elder=elder, dealer="J♣ 10♣ 9♣ 7♦ 8♠", turnup="9♦")
    game = dealt(Game(plugins=[JeuxDeRegles(), calm], seed=1))
    assert Propose() in game.legal_actions()  # nobody at 4
    # the same hand with the dealer at 4 (the turned-up king is worth 4 here)
    tense = FixedDeal(elder=elder, dealer="J♣ 10♣ 9♣ 7♦ 8♠", turnup="K♦")
    game = dealt(Game(plugins=[JeuxDeRegles(), tense, KingIsFour()], seed=1))
    assert game.scores[game.dealer] == 4
    assert game.legal_actions() == (PlayHand(),)
    with pytest.raises(IllegalActionError, match="point of game"):
        game.apply(Propose())


class KingIsFour:
    NAME = "king-is-four"

    @hookimpl
    def ecarte_king_points(self) -> int:
        return 4


ACES = "A♦ 7♦ A♥ A♠ 7♣"  # no jeu de règle; strong only where the ace is high


def test_the_even_chance_is_estimated_in_the_rank_order_asked() -> None:
    aces, queens = CardSet.parse(ACES), CardSet.parse("Q♦ J♦ Q♥ Q♠ 7♣")
    D = Suit.DIAMONDS
    assert match_hand(aces, D) is None and match_hand(queens, D) is None
    assert not elder_convention(aces, D, dealer_score=4).play  # king-high by default
    assert elder_convention(aces, D, dealer_score=4, rank_order=RankOrder.ACE_HIGH).play
    assert elder_convention(queens, D, dealer_score=4).play
    assert not elder_convention(queens, D, dealer_score=4, rank_order=RankOrder.ACE_HIGH).play


def test_the_estimate_does_not_depend_on_the_last_game_a_bot_saw() -> None:
    bot, aces = HeuristicPlayer(), CardSet.parse(ACES)
    classic = bot.likely_tricks(aces, Suit.DIAMONDS)
    assert classic == bot.likely_tricks(aces, Suit.DIAMONDS, RankOrder.KING_HIGH)
    brazilian = Game("brazilian", seed=1)
    play_match(brazilian, {0: bot, 1: RandomPlayer(seed=1)})  # bot.choose() under ace-high
    assert bot.likely_tricks(aces, Suit.DIAMONDS) == classic
    assert bot.likely_tricks(aces, Suit.DIAMONDS, RankOrder.ACE_HIGH) > classic + 1


@pytest.mark.parametrize(("preset", "forced"), [("classic", False), ("brazilian", True)])
def test_the_adjustment_uses_the_games_rank_order(preset: str, forced: bool) -> None:
    # the dealer is at 4 (a turned-up king worth 4); the elder holds three aces
    deal = FixedDeal(elder=ACES, dealer="J♣ 10♣ 9♣ 9♦ 8♠", turnup="K♦")
    rules = Rules.preset(preset)
    game = dealt(Game(rules, plugins=[JeuxDeRegles(), deal, KingIsFour()], seed=1))
    assert game.rules.rank_order is rules.rank_order
    assert game.scores[game.dealer] == 4 and game.phase is Phase.PROPOSE
    assert (Propose() not in game.legal_actions()) is forced
    obs = game.observation(game.to_act)
    assert RegleBot().choose(obs, game.legal_actions()) == PlayHand() or not forced
    if forced:
        with pytest.raises(IllegalActionError, match="point of game"):
            game.apply(Propose())
    else:
        game.apply(Propose())


@pytest.mark.parametrize("seed", range(10))
def test_the_bot_plays_by_the_convention(seed: int) -> None:
    game = Game(plugins=[JeuxDeRegles(strict_dealer=True)], seed=seed)
    bot = RegleBot()
    decisions = 0
    while not game.is_over:
        seat = game.to_act
        obs = game.observation(seat)
        action = bot.choose(obs, game.legal_actions())
        if obs.phase is Phase.PROPOSE and obs.trump is not None:
            decisions += 1
            pattern = match_hand(obs.hand, obs.trump)
            king = any(c.suit == obs.trump and c.rank.name == "KING" for c in obs.hand)
            if pattern is not None and not king:
                assert action == PlayHand()
        game.apply(action)  # never refused: the bot keeps the convention
    assert decisions


def test_the_bot_falls_back_when_the_convention_is_not_legal() -> None:
    game = Game(seed=2)
    play_match(game, {0: RegleBot(), 1: RandomPlayer(seed=2)})
    assert game.is_over


CONVENTION = (
    "regles: Jeux de Règles: the elder plays a jeu de règle without proposing "
    "(with the king of trumps, proposes); the dealer refuses with one, or when guarded"
)


def test_describe_tells_a_seat_about_its_own_hand_only() -> None:
    game = _game("9♦ 10♦ J♦ K♥ 7♠", dealer="Q♣ J♣ 10♣ 9♣ 7♦")  # both hold a jeu de règle
    elder, dealer = game.elder, game.dealer
    assert elder is not None and dealer is not None
    assert game.describe() == (CONVENTION,)  # a spectator sees no hand
    assert game.describe(elder) == (
        CONVENTION,
        "regles: your hand is a jeu de règle: three trumps",
        "regles: by the convention you play without proposing: jeu de règle (three trumps)",
    )
    assert game.describe(dealer) == (
        CONVENTION,
        "regles: your hand is a jeu de règle: one trump and four of a plain suit",
    )
    # the elder's lines do not depend on the dealer's hand, nor the dealer's on the elder's
    other = _game("9♦ 10♦ J♦ K♥ 7♠", dealer="7♥ 8♥ 9♠ 10♠ 8♣")
    assert other.describe(elder) == game.describe(elder)
    assert other.describe(dealer)[1] == "regles: your hand is not a jeu de règle"
    third = _game("7♠ 8♥ 9♥ 10♥ 9♦", dealer="Q♣ J♣ 10♣ 9♣ 7♦")
    assert third.describe(dealer) == game.describe(dealer)
    assert third.describe(elder) == (CONVENTION, "regles: your hand is not a jeu de règle")


def test_describe_with_the_king_and_the_adjustments() -> None:
    game = _game("9♦ 10♦ K♦ K♥ 7♠", strict_dealer=True)
    assert game.describe(game.elder)[-1] == (
        "regles: by the convention you propose: jeu de règle (three trumps) with the king of trumps"
    )
    assert "the dealer refuses with one, or when guarded" in game.describe()[0]
    relaxed = _game("9♦ 10♦ K♦ K♥ 7♠", strict_dealer=False).describe()[0]
    assert "the dealer" not in relaxed and CONVENTION.startswith(relaxed)
    deal = FixedDeal(elder="Q♦ J♦ Q♥ Q♠ 7♣", dealer="J♣ 10♣ 9♣ 7♦ 8♠", turnup="K♦")
    tense = dealt(Game(plugins=[JeuxDeRegles(), deal, KingIsFour()], seed=1))
    assert tense.scores[tense.dealer] == 4
    assert f"regles: {ADJUSTMENTS[0].description}" in tense.describe()


def test_describe_reveals_no_hidden_card_in_whole_matches() -> None:
    # a seat's lines depend on its own hand and public facts only: replaying the
    # same public facts with the seat's own hand gives the same lines
    for seed in range(3):
        game = Game(plugins=[JeuxDeRegles(strict_dealer=True)], seed=seed)
        players = {0: RegleBot(), 1: RandomPlayer(seed=seed)}
        while not game.is_over:
            for seat in (0, 1):
                lines = game.describe(seat)
                assert lines[0] == CONVENTION
                hand_lines = [line for line in lines if "your hand" in line]
                if hand_lines and game.trump is not None:
                    pattern = match_hand(game.hand(seat), game.trump)
                    assert hand_lines[0].endswith(pattern.name if pattern else "not a jeu de règle")
                else:
                    assert game.phase is Phase.PLAY or game.trump is None
            assert game.describe() == game.describe(None)
            assert not any("your" in line for line in game.describe())
            seat = game.to_act
            game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))


def test_describe_for_the_seat_that_waits() -> None:
    game = Game(plugins=[Poule(), JeuxDeRegles()], seed=2)
    dealt(game)
    (waiting,) = {0, 1, 2} - set(game.game_players)
    assert not any("your hand" in line for line in game.describe(waiting))
    assert any("your hand" in line for line in game.describe(game.game_players[0]))


def _lax_dealer_game() -> Game:
    """A game of the variant named ``regles`` with the dealer left free, in which the
    dealer accepted a proposal the convention refuses."""
    for seed in range(200):
        game = Game(variant="regles", seed=seed)
        game.plugin("regles").strict_dealer = False  # type: ignore[attr-defined]
        player = RandomPlayer(seed)
        while not game.is_over and game.phase is not Phase.PLAY:
            if game.phase is Phase.RESPOND and game.to_act == game.dealer:
                hand, trump = game.hand(game.to_act), game.trump
                assert trump is not None
                if dealer_convention(hand, trump).play and Accept() in game.legal_actions():
                    game.apply(Accept())
                    return game
            game.apply(player.choose(game.observation(game.to_act), game.legal_actions()))
    raise AssertionError("no dealer broke the convention")


def test_a_save_keeps_the_dealer_convention_and_an_old_save_keeps_the_dealer_free() -> None:
    game = _lax_dealer_game()
    saved = game.to_dict()
    assert saved["variants"] == ["regles"] and saved["state"]["regles"] == {"strict_dealer": False}
    back = Game.from_dict(saved)
    assert back.plugin("regles").strict_dealer is False  # type: ignore[attr-defined]
    assert back.to_dict() == saved
    # a save made before the plugin saved its state: the dealer was free by default
    old = {**saved, "state": {k: v for k, v in saved["state"].items() if k != "regles"}}
    back = Game.from_dict(old)
    assert back.plugin("regles").strict_dealer is False  # type: ignore[attr-defined]
    assert back.history == game.history and back.legal_actions() == game.legal_actions()
    # the same history under the enforced convention is refused, naming the dealer's move
    strict = {**saved, "state": {**saved["state"], "regles": {"strict_dealer": True}}}
    with pytest.raises(SaveFormatError, match="the dealer must refuse"):
        Game.from_dict(strict)
    bad = {**saved, "state": {**saved["state"], "regles": {"strict_dealer": "no"}}}
    with pytest.raises(SaveFormatError, match=r"field state\.regles: restore_options"):
        Game.from_dict(bad)
    # a new game of the variant enforces it, and saves say so
    fresh = Game(variant="regles", seed=1)
    assert fresh.plugin("regles").strict_dealer is True  # type: ignore[attr-defined]
    assert Game.from_dict(fresh.to_dict()).to_dict()["state"]["regles"] == {"strict_dealer": True}


def test_a_plugin_object_is_saved_with_its_option() -> None:
    for strict in (True, False):
        game = Game(plugins=[JeuxDeRegles(strict_dealer=strict)], seed=3)
        saved = game.to_dict()
        assert saved["plugins"] == [{"name": "regles", "options": {"strict_dealer": strict}}]
        back = Game.from_dict(saved)
        assert back.plugin("regles").strict_dealer is strict  # type: ignore[attr-defined]
    with pytest.raises(ArgumentError, match="strict_dealer must be a bool"):
        JeuxDeRegles(strict_dealer=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("phase", ["PROPOSE", "RESPOND"])
def test_the_bot_refuses_an_observation_it_cannot_decide_from(phase: str) -> None:
    """At the decisions it takes by the convention, as at the others, the bot refuses the
    observation of the seat not to act (it would decide with that seat's hand) and an
    object that is not an observation."""
    game = Game(seed=1)
    heuristic = HeuristicPlayer()
    while game.to_act < 0 or game.observation(game.to_act).phase.name != phase:
        if game.to_act < 0:
            game.apply_chance()
        else:
            obs = game.observation(game.to_act)
            if obs.phase is Phase.PROPOSE:
                game.apply(Propose())
            else:
                game.apply(heuristic.choose(obs, game.legal_actions()))
    other = 1 - game.to_act
    with pytest.raises(ValueError, match=f"seat {other} is not to act"):
        RegleBot().choose(game.observation(other), game.legal_actions())
    with pytest.raises(TypeError, match="Observation"):
        RegleBot().choose(game, game.legal_actions())  # type: ignore[arg-type]
    assert RegleBot().choose(game.observation(game.to_act), game.legal_actions()) in (
        game.legal_actions()
    )
