"""The Game API: chance, checked apply, ids, undo, clone, replay, views."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from helpers import (
    STRONG,
    VOLE_TURNUP,
    WEAK,
    cut_for,
    deal,
    deck_order,
    new_game,
    play,
    random_match,
    snapshot,
)

import ecarte
from ecarte import (
    CHANCE,
    NUM_ACTION_IDS,
    PIQUET_DECK,
    TERMINAL,
    ArgumentError,
    Card,
    CardParseError,
    CardSet,
    EcarteError,
    FrozenDict,
    Game,
    HandResult,
    IllegalActionError,
    Phase,
    Rank,
    Rules,
    RulesError,
    Suit,
)

DECK = tuple(PIQUET_DECK)


def test_new_game_with_auto_chance_has_cut() -> None:
    game = Game(seed=4)
    assert isinstance(game.history[0], ecarte.Cut)
    assert game.phase is Phase.PACKETS
    assert game.to_act == game.dealer and game.dealer in (0, 1)
    assert game.elder == 1 - game.dealer
    assert game.legal_actions() == (ecarte.ChoosePackets(3), ecarte.ChoosePackets(2))


def test_auto_chance_deals_after_packets() -> None:
    game = Game(seed=4)
    game.apply(ecarte.ChoosePackets(2))
    assert isinstance(game.history[-1], ecarte.Deal)
    assert game.phase is Phase.PROPOSE and game.to_act == game.elder
    assert len(game.hand(0)) == len(game.hand(1)) == 5
    assert game.stock_size == 21 and game.turnup is not None
    assert game.trump == game.turnup.suit


def test_same_seed_same_match() -> None:
    a, b = random_match(None, 11), random_match(None, 11)
    assert a.history == b.history and a.log == b.log
    histories = {random_match(None, s).history for s in range(4)}
    assert len(histories) == 4


def test_rules_given_by_preset_name() -> None:
    assert Game("spanish").rules == Rules.preset("spanish")
    assert Game().rules == Rules()
    with pytest.raises(RulesError, match="'nope'"):
        Game("nope")


def test_chance_nodes_without_auto_chance() -> None:
    game = Game(auto_chance=False)
    assert game.to_act == CHANCE and game.phase is Phase.CUT
    assert game.legal_actions() == () and game.legal_action_ids() == ()
    with pytest.raises(IllegalActionError, match="propose: the cards are cut next"):
        game.apply(ecarte.Propose())
    with pytest.raises(IllegalActionError, match="cannot act"):
        game.apply(ecarte.Cut((Card.parse("Ks"), Card.parse("7h"))), seat=0)
    event = game.apply_chance()
    assert isinstance(event, ecarte.Cut) and game.history == (event,)


def test_chance_event_out_of_turn_is_rejected() -> None:
    game = new_game(dealer=0)
    deal(game, STRONG, WEAK, VOLE_TURNUP)
    with pytest.raises(IllegalActionError, match="no cut or deal is due"):
        game.apply(ecarte.Deal(tuple(PIQUET_DECK)))
    with pytest.raises(IllegalActionError, match="no cut or deal is due"):
        game.apply_chance()


@pytest.mark.parametrize(
    "order",
    [
        DECK[:31],
        (*DECK[:31], DECK[0]),
        (*DECK[:31], Card.parse("6s")),
        (*DECK, DECK[0]),
        (),
    ],
    ids=["short", "duplicate", "foreign", "long", "empty"],
)
def test_bad_deal_is_rejected(order: tuple[Card, ...]) -> None:
    # a deal is the whole piquet deck from its construction; its text is no event either
    with pytest.raises(ArgumentError, match="a deal is the 32 cards of the piquet deck"):
        ecarte.Deal(order)
    game = new_game(dealer=0)
    before = game.history
    with pytest.raises(CardParseError, match="not an event"):
        game.apply("deal " + " ".join(map(str, order)))
    assert game.phase is Phase.DEAL and game.history == before


def test_apply_text_and_seat() -> None:
    game = new_game(dealer=0)
    deal(game, STRONG, WEAK, VOLE_TURNUP)
    with pytest.raises(IllegalActionError, match="seat 1's turn, not seat 0's"):
        game.apply("propose", seat=0)
    game.apply("propose", seat=1)
    assert game.phase is Phase.RESPOND and game.to_act == 0
    with pytest.raises(
        IllegalActionError, match="seat 0, the dealer, accepts or refuses the proposal now"
    ):
        game.apply("play-hand")
    with pytest.raises(IllegalActionError, match="not an action"):
        game.apply(42)  # type: ignore[arg-type]
    game.apply(ecarte.Accept(), seat=0)
    assert game.phase is Phase.ELDER_DISCARD


def test_illegal_card_message_names_card_seat_and_rule() -> None:
    game = new_game(dealer=0)
    deal(game, "J♠ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣", "7♥")
    play(game, "play-hand")
    with pytest.raises(IllegalActionError, match="K♣: seat 1 does not hold"):
        game.apply("K♣")
    play(game, "J♠")
    with pytest.raises(IllegalActionError, match=r"7♠: must win .*legal: Q♠"):
        game.apply("7♠")


def test_discard_errors() -> None:
    game = new_game(dealer=0)
    deal(game, STRONG, WEAK, VOLE_TURNUP)
    play(game, "propose accept")
    with pytest.raises(IllegalActionError, match="does not hold 7♣"):
        game.apply("discard 7♣")
    with pytest.raises(IllegalActionError, match="at least 1"):
        game.apply("discard")
    with pytest.raises(IllegalActionError, match="propose: seat 1, the elder, discards now"):
        game.apply("propose")


def test_bad_seat_for_views() -> None:
    game = Game(seed=1)
    for seat in (-1, 2, "0"):
        with pytest.raises(IllegalActionError, match="no seat"):
            game.hand(seat)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError, match="no seat"):
            game.observation(seat)  # type: ignore[arg-type]


def test_action_ids() -> None:
    game = new_game(dealer=0)
    deal(game, "J♠ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣", "7♥")
    assert game.action_id(ecarte.Play(Card.parse("7♣"))) == 0
    assert game.action_id(ecarte.Play(Card.parse("A♠"))) == 31
    assert game.action_id(ecarte.Play(Card.parse("10♦"))) == 8 + 3
    simple = [
        ecarte.Propose(),
        ecarte.PlayHand(),
        ecarte.Accept(),
        ecarte.Refuse(),
        ecarte.AnnounceKing(),
    ]
    assert [game.action_id(a) for a in simple] == [32, 33, 34, 35, 36]
    assert (
        game.action_id(ecarte.ChoosePackets(3)) == 37
        and game.action_id(ecarte.ChoosePackets(2)) == 38
    )
    for i in range(32):
        assert game.action_id(game.action_from_id(i)) == i
    for bad in (39, 63, 96, -1, "32"):
        with pytest.raises(IllegalActionError):
            game.action_from_id(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        game.action_id(ecarte.Cut((Card.parse("Ks"), Card.parse("7h"))))  # type: ignore[arg-type]


def test_a_discard_id_beyond_the_hand_counts_its_cards() -> None:
    game = Game(seed=1)
    while game.to_act < 0 or len(game.hand(game.to_act)) != 1:
        game.apply(game.legal_actions()[0])  # to the last trick
    with pytest.raises(IllegalActionError, match=r"^action id 66: the hand has 1 card$"):
        game.action_from_id(66)


def test_discard_ids_are_masks_over_the_hand() -> None:
    game = new_game(dealer=0)
    deal(game, "J♠ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣", "7♥")
    play(game, "propose accept")
    ids = game.legal_action_ids()
    assert ids == tuple(range(64 + 1, 64 + 32))  # 1 to 5 cards of five
    assert [game.action_id(a) for a in game.legal_actions()] == list(ids)
    hand = sorted(game.hand(1))
    assert game.action_from_id(64 + 0b101) == ecarte.Discard(CardSet.of([hand[0], hand[2]]))
    assert game.action_id(ecarte.Discard(CardSet.of(hand))) == 64 + 31
    with pytest.raises(IllegalActionError, match="not in the hand"):
        game.action_id(ecarte.Discard(CardSet.parse("A♠")))
    mask = game.legal_action_mask()
    assert len(mask) == NUM_ACTION_IDS
    assert [i for i, m in enumerate(mask) if m] == list(ids)


def test_legal_actions_are_sorted_by_id_in_play() -> None:
    game = new_game(dealer=0)
    deal(game, "K♥ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣", "7♥")
    play(game, "play-hand")
    ids = [game.action_id(a) for a in game.legal_actions()]
    assert ids == sorted(ids) and ids[-1] == 36  # the king announcement
    assert len(ids) == 6


def test_undo() -> None:
    game = new_game(dealer=0)
    deal(game, STRONG, WEAK, VOLE_TURNUP)
    history, log = game.history, game.log
    hands = (game.hand(0), game.hand(1))
    play(game, "propose accept")
    game.apply("discard 9♥ Q♥")
    game.undo()
    assert game.phase is Phase.ELDER_DISCARD and game.hand(1) == hands[1]
    game.undo()
    game.undo()
    assert game.history == history and game.log == log and game.phase is Phase.PROPOSE
    game.undo()  # the deal itself
    assert game.phase is Phase.DEAL and game.stock_size == 0


def test_undo_takes_back_the_chance_events_an_action_triggered() -> None:
    game = Game(seed=9)
    before = (game.history, game.log, game.phase, game.to_act)
    game.apply(ecarte.ChoosePackets(3))
    assert isinstance(game.history[-1], ecarte.Deal)
    game.undo()
    assert (game.history, game.log, game.phase, game.to_act) == before


def test_nothing_to_undo() -> None:
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        Game(seed=1).undo()
    game = Game(seed=1)
    with pytest.raises(IllegalActionError):
        game.apply(ecarte.Propose())  # a rejected action leaves nothing to undo
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        game.undo()


def test_clone_is_independent() -> None:
    game = new_game(dealer=0)
    deal(game, STRONG, WEAK, VOLE_TURNUP)
    copy = game.clone()
    play(copy, "propose accept")
    assert game.phase is Phase.PROPOSE and copy.phase is Phase.ELDER_DISCARD
    assert len(copy.history) == len(game.history) + 2
    play(game, "play-hand")
    assert copy.phase is Phase.ELDER_DISCARD


def test_clone_and_undo_do_not_share_states() -> None:
    game = Game(seed=3)
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    copy = game.clone()
    game.undo()
    game.apply(game.legal_actions()[-1])
    game.apply(game.legal_actions()[-1])
    copy.undo()
    copy.apply(copy.legal_actions()[0])
    replayed = Game.replay(copy.history)
    assert [copy.hand(p) for p in (0, 1)] == [replayed.hand(p) for p in (0, 1)]
    assert copy.observation(0) == replayed.observation(0)


def test_clone_samples_the_same_chance() -> None:
    game = Game(seed=5)
    copy = game.clone()
    game.apply(ecarte.ChoosePackets(3))
    copy.apply(ecarte.ChoosePackets(3))
    assert game.history == copy.history


def test_replay_from_history_and_from_text() -> None:
    game = random_match("brazilian", 3)
    again = Game.replay(game.history, "brazilian")
    assert again.history == game.history and again.log == game.log
    assert again.game_results == game.game_results and again.winner == game.winner
    assert again.is_over and again.to_act == TERMINAL


def test_terminal_state() -> None:
    game = random_match(None, 8)
    assert game.is_over and game.phase is Phase.OVER and game.to_act == TERMINAL
    assert game.legal_actions() == () and game.legal_action_ids() == ()
    assert not any(game.legal_action_mask())
    assert max(game.games_won) == 2 and game.winner == game.games_won.index(2)
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(ecarte.Propose())
    with pytest.raises(IllegalActionError, match="over"):
        game.apply_chance()


def test_observation_and_repr() -> None:
    game = new_game(dealer=0)
    deal(game, "K♥ 8♦ 9♦ 10♦ 7♣", "Q♠ 7♠ K♣ Q♣ J♣", "7♥")
    play(game, "play-hand king 8♦")
    obs = game.observation(0)
    assert obs.seat == 0 and obs.hand == CardSet.parse("Q♠ 7♠ K♣ Q♣ J♣")
    assert obs.turnup == Card.parse("7♥") and obs.stock_size == 21
    assert obs.trick == ((1, Card.parse("8♦")),)
    assert obs.kings_announced == (1,) and obs.scores == (0, 1)
    assert obs.to_act == 0 and obs.phase is Phase.PLAY
    text = str(obs)
    assert "Q♠" in text and "K♥" not in text and "9♦" not in text
    assert "play" in repr(game) and "scores (0, 1)" in repr(game)


def test_hand_results_and_log() -> None:
    game = new_game(dealer=0)
    deal(game, STRONG, WEAK, VOLE_TURNUP)
    play(game, "play-hand")
    for _ in range(5):
        game.apply(next(a for a in game.legal_actions() if isinstance(a, ecarte.Play)))
        game.apply(game.legal_actions()[0])
    result = game.hand_results[-1]
    assert result.number == 1 and result.dealer == 0 and result.elder == 1
    assert result.trump == Card.parse(VOLE_TURNUP) and result.complete
    assert any(line == "seat 1: play-hand" for line in game.log)
    assert game.hand_number == 2 and game.dealer == 1


# ------------------------------------------------------ chance checked like any action


KS, SEVEN_H = Card.parse("K♠"), Card.parse("7♥")


def at_cut() -> Game:
    return Game(seed=1, auto_chance=False)


def at_deal() -> Game:
    game = at_cut()
    game.apply(cut_for(game.rules, 0))
    game.apply(ecarte.ChoosePackets(3))
    assert game.phase is Phase.DEAL
    return game


@pytest.mark.parametrize(
    ("make", "event", "match"),
    [
        (at_deal, ecarte.Cut((KS, SEVEN_H)), "a deal is due, not a cut"),
        (at_cut, ecarte.Deal(DECK), "a cut is due, not a deal"),
        (at_cut, ecarte.Cut((KS, KS)), "two different cards"),
        (
            at_cut,
            ecarte.Cut((KS, Card.of(Rank.TWO, Suit.SPADES))),
            "two different cards of the deck",
        ),
    ],
)
def test_a_bad_chance_event_is_refused_and_changes_nothing(
    make: Any, event: Any, match: str
) -> None:
    game = make()
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=match):
        game.apply(event)
    with pytest.raises(IllegalActionError):
        game.apply(str(event))  # as text too
    assert snapshot(game) == before


def test_no_chance_event_out_of_a_chance_phase() -> None:
    game = at_deal()
    game.apply(ecarte.Deal(deck_order("7♣ 8♣ 9♣ 10♣ J♣", "7♦ 8♦ 9♦ 10♦ J♦", "7♥")))
    before = snapshot(game)
    for event in (ecarte.Cut((KS, SEVEN_H)), ecarte.Deal(DECK)):
        with pytest.raises(IllegalActionError, match="no cut or deal is due"):
            game.apply(event)
    with pytest.raises(IllegalActionError, match="no cut or deal is due"):
        game.apply_chance()
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("make", "ids"),
    [
        (at_deal, (KS.id, SEVEN_H.id)),  # a cut during the deal
        (at_cut, tuple(c.id for c in DECK)),  # a deal during the cut
        (at_cut, (KS.id, KS.id)),  # a card twice
        (at_deal, (DECK[0].id, *(c.id for c in DECK[:31]))),  # a card twice
        (at_deal, tuple(c.id for c in DECK[:31])),  # wrong count
        (at_cut, (KS.id,)),  # wrong count
        (at_cut, (KS.id, 2)),  # not a card of the deck (a two)
    ],
)
def test_the_machine_itself_refuses_bad_chance(make: Any, ids: tuple[int, ...]) -> None:
    """Under the facade's checks, the machine checks chance on its own."""
    game = make()
    before = snapshot(game)
    assert game._m_chance(ids) < 0
    assert snapshot(game) == before


# ---------------------------------------------------------- strict public entry points


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"rules": 0}, RulesError, "rules must be"),
        ({"rules": 5}, RulesError, "rules must be"),
        ({"rules": "no-such-preset"}, RulesError, "no-such-preset"),
        ({"seed": [1]}, ArgumentError, r"seed must be an int \(or None\), not \[1\]"),
        ({"seed": 1.5}, ArgumentError, "seed must be an int"),
        ({"seed": "1"}, ArgumentError, "seed must be an int"),
        ({"seed": frozenset()}, ArgumentError, "seed must be an int"),
        ({"seed": True}, ArgumentError, "seed must be an int"),
        ({"seed": 10**5000}, ArgumentError, r"not an int of 16610 bits"),
        ({"seed": -(2**64)}, ArgumentError, r"\[-2\*\*63, 2\*\*64\)"),
        ({"variant": "classic"}, ArgumentError, "classic is the builtin rules"),
        ({"variant": ["quick", "quick"]}, ArgumentError, "named twice"),
        ({"variant": "no-such-variant"}, ArgumentError, "unknown variant 'no-such-variant'"),
        ({"variant": 5}, ArgumentError, "variant must be"),
        ({"variant": [5]}, ArgumentError, "variant must be"),
        ({"auto_chance": "yes"}, ArgumentError, "auto_chance must be a bool"),
        ({"auto_chance": 1}, ArgumentError, "auto_chance must be a bool"),
        ({"plugins": 5}, ArgumentError, "plugins must be an iterable"),
        ({"plugins": "poule"}, ArgumentError, "plugins must be an iterable"),
    ],
)
def test_bad_arguments_to_game_are_named(kwargs: dict[str, Any], error: Any, match: str) -> None:
    assert issubclass(error, EcarteError) and issubclass(error, ValueError)
    with pytest.raises(error, match=match):
        Game(**kwargs)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"seed": "1"},
        {"seed": 1.5},
        {"seed": True},
        {"variant": 5},
        {"variant": [5]},
        {"auto_chance": "yes"},
        {"plugins": 5},
        {"plugins": "poule"},
    ],
)
def test_an_argument_of_the_wrong_type_to_game_is_also_a_type_error(
    kwargs: dict[str, Any],
) -> None:
    with pytest.raises(ArgumentError) as raised:
        Game(**kwargs)
    assert isinstance(raised.value, TypeError)


@pytest.mark.parametrize("kwargs", [{"seed": 10**30}, {"variant": "classic"}])
def test_an_argument_of_the_right_type_but_a_bad_value_is_no_type_error(
    kwargs: dict[str, Any],
) -> None:
    with pytest.raises(ArgumentError) as raised:
        Game(**kwargs)
    assert not isinstance(raised.value, TypeError)


def test_replay_refuses_a_history_of_the_wrong_type_as_a_type_error() -> None:
    with pytest.raises(ArgumentError) as raised:
        Game.replay(5)  # type: ignore[arg-type]
    assert isinstance(raised.value, TypeError)


@pytest.mark.parametrize("bad", [True, False, 1.0, "5", None, 96, -1])
def test_action_from_id_refuses_what_is_no_id(bad: Any) -> None:
    with pytest.raises(IllegalActionError):
        Game(seed=1).action_from_id(bad)


@pytest.mark.parametrize("history", [5, "cut K♠ 7♥", None])
def test_replay_refuses_what_is_no_history(history: Any) -> None:
    with pytest.raises(ArgumentError, match="history must be"):
        Game.replay(history)


def test_replay_refuses_a_bad_auto_chance() -> None:
    with pytest.raises(ArgumentError, match="auto_chance"):
        Game.replay([], auto_chance="yes")  # type: ignore[arg-type]


# ------------------------------------------------------------ results cannot be edited


def _played() -> Game:
    game = Game(seed=4)
    while not game.game_results:
        game.apply(game.legal_actions()[0])
    return game


def test_a_result_cannot_be_edited() -> None:
    game = _played()
    clone = game.clone()
    before = (game.hand_results, game.game_results, clone.game_results)
    result = game.game_results[-1]
    for mapping in (result.scores, result.hands[-1].points, result.hands[-1].kings):
        with pytest.raises(TypeError):
            mapping[0] = 99  # type: ignore[index]
        with pytest.raises(AttributeError):
            mapping._data = {}  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        result.hands[-1].points = {0: 99}  # type: ignore[misc]
    with pytest.raises(TypeError):
        game.history[0] = game.history[1]  # type: ignore[index]
    assert isinstance(game.history, tuple) and isinstance(result.hands, tuple)
    assert (game.hand_results, game.game_results, clone.game_results) == before


def test_frozen_results_still_compare_with_plain_dicts() -> None:
    hand = HandResult(
        number=1, dealer=0, elder=1, trump=KS, tricks={1: 2, 0: 3}, points={0: 1, 1: 0}
    )
    plain = {0: 1, 1: 0}
    assert hand.points == plain and plain.__eq__(hand.points) is NotImplemented
    assert (plain == hand.points) is True  # the reflected FrozenDict.__eq__
    assert isinstance(hand.points, FrozenDict) and hand.kings == {}
    assert hand.points != {0: 1} and hand.points != [(0, 1), (1, 0)]
    assert repr(hand.points) == "{0: 1, 1: 0}" and dict(hand.points) == {0: 1, 1: 0}
    assert hash(hand) == hash(pickle.loads(pickle.dumps(hand)))
    assert pickle.loads(pickle.dumps(hand)) == hand


# ----------------------------------------- observations, rebuilding, a history as text


def _elder_to_play(how: str) -> Game:
    game = Game(seed=4)
    while game.phase is not Phase.PROPOSE:
        game.apply(game.legal_actions()[0])
    for action in how.split():
        game.apply(action)
    assert game.phase is Phase.PLAY
    return game


def test_observations_tell_playing_alone_from_a_refusal() -> None:
    alone, refused = _elder_to_play("play-hand"), _elder_to_play("propose refuse")
    for seat in (0, 1):
        a, r = alone.observation(seat), refused.observation(seat)
        assert a != r
        assert (a.played_without_proposing, a.refused_after) == (True, None)
        assert (r.played_without_proposing, r.refused_after) == (False, 0)
        hash(a)  # observations are values


def test_rebuild_gives_the_same_game_and_the_same_future() -> None:
    game = Game("spanish", seed=9)
    for _ in range(25):
        game.apply(game.legal_actions()[-1])
    again = game.rebuild()
    assert again.history == game.history and again.rules == game.rules
    while not game.is_over:
        action = game.legal_actions()[-1]
        game.apply(action)
        again.apply(action)
    assert again.history == game.history and again.games_won == game.games_won


def test_a_history_goes_through_text_and_back() -> None:
    from ecarte import parse_record

    game = Game("brazilian", seed=12)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    text = [str(record) for record in game.history]
    assert [parse_record(line) for line in text] == list(game.history)
    again = Game.replay([parse_record(line) for line in text], "brazilian")
    assert again.games_won == game.games_won and again.log == game.log


# ---------------------------------------------------------------------- seats are ints


def test_seats_are_ints_not_bools() -> None:
    game = Game(seed=1)
    with pytest.raises(IllegalActionError):
        game.observation(True)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        game.hand(False)  # type: ignore[arg-type]
    before = game.history
    legal = game.legal_actions()
    with pytest.raises(IllegalActionError, match="a seat is an int, not True"):
        game.apply(legal[0], seat=True)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="a seat is an int, not '1'"):
        game.apply(legal[0], seat="1")  # type: ignore[arg-type]
    assert game.history == before


def test_the_discard_choices_type_is_public() -> None:
    """docs/api.md names it, and everything public is importable from ``ecarte``."""
    game = Game(seed=74)
    game.apply("packets 3-2")
    game.apply("propose")
    game.apply("accept")
    assert game.phase is Phase.ELDER_DISCARD
    assert isinstance(game.legal_actions(), ecarte.DiscardChoices)
    assert "DiscardChoices" in ecarte.__all__
