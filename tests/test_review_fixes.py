"""Integrity at the edges: notifications and undo, vetoes in legal actions, malformed
records, observations that tell penalties apart, rebuilding a game."""

from __future__ import annotations

from typing import Any

import pytest

from ecarte import (
    AnnounceKing,
    Card,
    CardSet,
    ChoosePackets,
    Cut,
    Deal,
    Discard,
    Game,
    IllegalActionError,
    Phase,
    Play,
    PluginError,
    hookimpl,
)


class Ledger:
    """Counts hand-end notifications, as a betting or pool plugin would."""

    NAME = "ledger"

    def __init__(self) -> None:
        self.hands = 0

    @hookimpl
    def ecarte_hand_ended(self) -> None:
        self.hands += 1


def _play_until_a_hand_ends(game: Game) -> None:
    hands = len(game.hand_results)
    while len(game.hand_results) == hands and not game.is_over:
        game.apply(game.legal_actions()[0])


def test_undo_refuses_to_take_back_a_notified_hand_end() -> None:
    ledger = Ledger()
    game = Game(seed=1, plugins=[ledger])
    _play_until_a_hand_ends(game)
    assert ledger.hands == 1
    history = game.history
    with pytest.raises(IllegalActionError, match="cannot undo: plugins were notified"):
        game.undo()
    assert game.history == history and ledger.hands == 1


def test_a_silent_clone_undoes_freely_and_notifies_nobody() -> None:
    ledger = Ledger()
    game = Game(seed=1, plugins=[ledger])
    copy = game.clone()
    _play_until_a_hand_ends(copy)
    copy.undo()
    assert ledger.hands == 0 and game.hand_results == ()


class Failing:
    NAME = "failing"

    @hookimpl(tryfirst=True)
    def ecarte_hand_ended(self) -> None:
        raise RuntimeError("boom")


def test_a_failing_notification_does_not_stop_the_others() -> None:
    ledger = Ledger()
    game = Game(seed=1, plugins=[ledger, Failing()])
    with pytest.raises(PluginError, match=r"the action was applied.*'failing'.*boom"):
        _play_until_a_hand_ends(game)
    assert ledger.hands == 1 and len(game.hand_results) == 1


class Vetoes:
    """Forbids the 2-3 packets, discarding five and announcing the king."""

    NAME = "vetoes"

    @hookimpl
    def ecarte_validate_action(self, action: Any) -> str | None:
        if action == ChoosePackets(2):
            return "no 2-3"
        if isinstance(action, Discard) and len(action.cards) == 5:
            return "no five"
        if isinstance(action, AnnounceKing):
            return "no king"
        return None


def test_vetoed_decisions_are_not_offered() -> None:
    for seed in range(30):
        game = Game(seed=seed, plugins=[Vetoes()])
        for _ in range(200):
            if game.is_over:
                break
            legal = game.legal_actions()
            assert ChoosePackets(2) not in legal and AnnounceKing() not in legal
            assert not any(isinstance(a, Discard) and len(a.cards) == 5 for a in legal)
            game.apply(legal[-1])  # the largest discards come last


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: Play(5), TypeError),
        (lambda: Play("Xz"), ValueError),
        (lambda: Discard(7), TypeError),
        (lambda: Discard(["Ks", "Ks"]), ValueError),
        (lambda: Cut(None), TypeError),
        (lambda: Cut(("Ks",)), ValueError),
        (lambda: Deal(None), TypeError),
        (lambda: CardSet(-1), ValueError),
        (lambda: CardSet(1 << 13), ValueError),
    ],
)
def test_malformed_records_are_refused_when_made(make: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        make()


def test_records_accept_card_text() -> None:
    assert Play("K♣") == Play(Card.parse("Kc"))
    assert Discard("7h 8h") == Discard(CardSet.parse("8♥ 7♥"))
    assert Cut("K♠ 7♥").cards == (Card.parse("Ks"), Card.parse("7h"))


def test_action_ids_reject_what_is_not_an_action() -> None:
    game = Game(seed=1)
    with pytest.raises(IllegalActionError, match="not a card of the piquet deck"):
        game.action_id(Play("2♠"))
    with pytest.raises(IllegalActionError, match="an action id is an int"):
        game.action_from_id(True)  # type: ignore[arg-type]


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


@pytest.mark.parametrize("text", ["cut K♠", "cut", "cut K♠ 7♥ 8♥", "shuffle", ""])
def test_bad_event_text(text: str) -> None:
    from ecarte import CardParseError, parse_record

    with pytest.raises(CardParseError):
        parse_record(text)


def test_a_short_deal_parses_but_the_game_refuses_it() -> None:
    from ecarte import parse_record

    game = Game(auto_chance=False)
    game.apply("cut K♠ 7♥")
    game.apply("packets 3-2")
    with pytest.raises(IllegalActionError, match="32 cards of the deck once each"):
        game.apply(parse_record("deal 7♠ 8♠"))
    assert game.phase is Phase.DEAL
