"""Advice: la poule's waiting seat and a backer in the cercle's gallery see the hand of
the player they back and may advise them; the advice is seen by that player alone, binds
nobody and never enters the game's history; no other hidden card is shown to anyone."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import attrs
import pytest
from ecarte_cercle import Cercle
from ecarte_poule import Poule
from hypothesis import given, settings
from hypothesis import strategies as st

from ecarte import (
    Advice,
    AdviceError,
    Card,
    CardSet,
    EcarteError,
    Game,
    Play,
    Propose,
    SaveFormatError,
)
from ecarte.players import HeuristicPlayer, RandomPlayer

_CARD_TEXT = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


def _cards_in(value: Any) -> CardSet:
    """Every card anywhere inside a value (attrs fields, tuples, dicts), and every card
    its text names."""
    out = CardSet.of(Card.parse(t) for t in _CARD_TEXT.findall(str(value)))
    if isinstance(value, Card):
        return out | CardSet.of([value])
    if isinstance(value, CardSet):
        return out | value
    if isinstance(value, dict):
        value = (*value.keys(), *value.values())
    elif attrs.has(type(value)):
        value = attrs.astuple(value, recurse=False)
    if isinstance(value, tuple | list):
        for item in value:
            out |= _cards_in(item)
    return out


def _hidden(game: Game, seat: int, backs: int | None) -> CardSet:
    """What ``seat`` may not see: the stock, the discards, and every hand but its own and
    the backed player's."""
    s = game._state
    hidden = CardSet.of(Card.from_id(c) for c in s.stock) | CardSet(s.discards)
    for other in range(game.players):
        if other not in (seat, backs):
            hidden |= game.hand(other)
    return hidden


def _poule_at_the_first_decision(seed: int = 2) -> tuple[Poule, Game]:
    poule = Poule()
    game = Game(plugins=[poule], seed=seed)
    while game.to_act < 0 or not game.hand(game.to_act):
        game.apply(game.legal_actions()[0])
    return poule, game


def test_the_waiting_seat_backs_a_player_sees_their_hand_and_advises_them() -> None:
    poule, game = _poule_at_the_first_decision()
    assert game.game_players == (0, 1)
    assert game.observation(2).backs is None and game.observation(2).backed_hand is None
    poule.back(game.to_act)
    seen = game.observation(2)
    assert seen.backs == game.to_act and seen.backed_hand == game.hand(game.to_act)
    assert seen.hand == CardSet()  # it holds no cards while it waits
    assert seen.to_dict()["backed_hand"] == [str(c) for c in game.hand(game.to_act)]
    assert f"poule: seat 2 backs seat {game.to_act} in this game" in game.describe()
    saved, history = game.to_dict(), game.history
    feeds = [game.events(seat) for seat in (0, 1, 2, None)]
    advice = game.advise(2, game.legal_actions()[-1])
    assert [game.events(seat) for seat in (0, 1, 2, None)] == feeds  # not in the feed
    assert advice == Advice(2, game.to_act, game.legal_actions()[-1], game.hand_number)
    assert game.observation(game.to_act).advice == (advice,)
    assert game.observation(game.to_act).to_dict()["advice"] == [advice.to_dict()]
    for seat in (1 - game.to_act, 2):  # the other player, and the adviser's own seat
        assert game.observation(seat).advice == ()
        assert "advice" not in game.observation(seat).to_dict()
    assert game.backed_view(2).advice == (advice,)
    # never part of the game's history; binds nobody
    assert game.to_dict() == saved and game.history == history
    assert Game.from_dict(game.to_dict()).observation(game.to_act).advice == ()
    game.apply(game.legal_actions()[0])  # not what was advised
    assert game.legal_actions()[0] != advice.action


def test_advice_is_shown_in_its_hand_only() -> None:
    poule, game = _poule_at_the_first_decision()
    poule.back(1)
    advice = game.advise(2, "propose")
    hand = game.hand_number
    rng = RandomPlayer(seed=1)
    while game.hand_number == hand:
        assert game.observation(1).advice == (advice,)
        game.apply(rng.choose(game.observation(game.to_act), game.legal_actions()))
    assert game.observation(1).advice == ()


def test_advice_given_to_a_clone_is_the_clones_alone() -> None:
    poule, game = _poule_at_the_first_decision()
    poule.back(game.to_act)
    seat = game.to_act
    before = game.clone()
    advice = game.advise(2, game.legal_actions()[-1])
    after = game.clone()
    assert game.observation(seat).advice == (advice,) == after.observation(seat).advice
    assert before.observation(seat).advice == ()
    other = after.advise(2, after.legal_actions()[0])
    assert after.observation(seat).advice == (advice, other)
    assert game.observation(seat).advice == (advice,)


def test_advice_is_a_card_of_the_advised_hand_or_a_decision() -> None:
    poule, game = _poule_at_the_first_decision()
    poule.back(1)
    other = next(iter(game.hand(0)))
    with pytest.raises(AdviceError, match=f"{other} is not in the hand of seat 1"):
        game.advise(2, Play(other))
    with pytest.raises(EcarteError):
        game.advise(2, "nonsense")
    with pytest.raises(TypeError, match="a card or a decision"):
        game.advise(2, 5)  # type: ignore[arg-type]
    assert game.observation(1).advice == ()
    card = next(iter(game.hand(1)))
    assert game.advise(2, str(card)).action == Play(card)  # a card for later is advice too


def test_who_may_not_advise_in_la_poule() -> None:
    poule, game = _poule_at_the_first_decision()
    with pytest.raises(AdviceError, match="seat 2 backs no player in game 1"):
        game.advise(2, "propose")
    with pytest.raises(AdviceError, match="seat 0 plays game 1: only the waiting seat"):
        game.advise(0, "propose")
    with pytest.raises(AdviceError, match="no variant of this game knows 'Ada'"):
        game.advise("Ada", "propose")
    with pytest.raises(EcarteError, match="seat 2 does not play game 1"):
        poule.back(2)
    poule.back(1)
    poule.back(1)  # again: the same side
    with pytest.raises(EcarteError, match="cannot change sides"):
        poule.back(0)
    assert poule.backs() == 1
    per_hand = Poule(rotation="per-hand")
    game = Game(plugins=[per_hand], seed=2)
    with pytest.raises(EcarteError, match="per-hand rotation"):
        per_hand.back(game.game_players[0])
    sitter = ({0, 1, 2} - set(game.game_players)).pop()
    with pytest.raises(AdviceError, match="per-hand rotation"):
        game.advise(sitter, "propose")


def test_the_backing_lasts_one_game_and_is_saved() -> None:
    poule, game = _poule_at_the_first_decision()
    poule.back(0)
    back = Game.from_dict(game.to_dict())
    restored = back.plugin("poule")
    assert isinstance(restored, Poule) and restored.backs() == 0
    with pytest.raises(EcarteError, match="cannot change sides"):
        restored.back(1)
    bad = game.to_dict()
    bad["state"]["poule"]["backs"] = 2
    with pytest.raises(SaveFormatError, match="backs: 2 is not a player"):
        Game.from_dict(bad)
    rng = RandomPlayer(seed=3)
    while len(game.game_results) < 1:
        game.apply(rng.choose(game.observation(game.to_act), game.legal_actions()))
    assert poule.backs() is None and "backs" not in game.to_dict()["state"]["poule"]


def _cercle_dealt() -> tuple[Cercle, Game]:
    cercle = Cercle(players={"Ada": 50, "Blaise": 50}, gallery={"Cleo": 30, "Dora": 30})
    cercle.bet("Cleo", "Blaise", 5)
    cercle.bet("Dora", "Ada", 3)
    cercle.bet("Dora", "Blaise", 3)
    game = Game(plugins=[cercle], seed=1)
    while game.to_act < 0 or not game.hand(game.to_act):
        game.apply(game.legal_actions()[0])
    return cercle, game


def test_a_backer_sees_the_hand_of_the_player_they_staked_on_and_advises_them() -> None:
    cercle, game = _cercle_dealt()
    seat = next(s for s, n in cercle.seated.items() if n == "Blaise")
    view = game.backed_view("Cleo")
    assert view.seat == seat and view.hand == game.hand(seat) and view.advice == ()
    advice = game.advise("Cleo", Propose())
    assert str(advice) == f"Cleo advises seat {seat}: propose"
    assert game.observation(seat).advice == (advice,)
    assert game.observation(1 - seat).advice == ()
    with pytest.raises(AdviceError, match="Dora staked on both players of game 1"):
        game.backed_view("Dora")
    with pytest.raises(AdviceError, match="Ada plays at the table"):
        game.advise("Ada", "propose")
    cercle.join("Eve", 10)
    with pytest.raises(AdviceError, match="Eve has no stake on game 1"):
        game.advise("Eve", "propose")
    saved = game.to_dict()
    game.advise("Cleo", "play-hand")
    assert game.to_dict() == saved


def _walk_poule(seed: int, advise: bool, check: bool = False) -> Game:
    """A random poule match; at each game the waiting seat backs a random player, and
    advises now and then."""
    rng = random.Random(seed)
    poule = Poule()
    game = Game(plugins=[poule], seed=seed)
    bots = {s: RandomPlayer(seed=seed + s) for s in range(3)}
    while not game.is_over:
        if poule.backs() is None and rng.random() < 0.8:
            poule.back(rng.choice(game.game_players))
        backs = poule.backs()
        if advise and backs is not None and game.to_act == backs and rng.random() < 0.5:
            waiting = ({0, 1, 2} - set(game.game_players)).pop()
            view = game.backed_view(waiting)
            game.advise(waiting, HeuristicPlayer().choose(view, game.legal_actions()))
        if check:
            _check_no_leak(game, poule)
        seat = game.to_act
        game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))
    return game


def _advised(obs: Any) -> CardSet:
    """The cards named by the advice in ``obs``: cards of its own hand when given (a
    card it has since played or discarded it knows)."""
    return _cards_in(obs.advice)


def _check_no_leak(game: Game, poule: Poule) -> None:
    waiting = ({0, 1, 2} - set(game.game_players)).pop()
    for seat in range(3):
        backs = poule.backs() if seat == waiting else None
        obs = game.observation(seat)
        assert obs.backs == backs
        hidden = _hidden(game, seat, backs)
        for shown in (_cards_in(obs), _cards_in(obs.to_dict())):
            shown -= _advised(obs)
            assert not shown & hidden, f"seat {seat} sees {shown & hidden}"
        for a in obs.advice:
            assert a.seat == seat and a.hand == game.hand_number
    backs = poule.backs()
    if backs is not None:
        view = game.backed_view(waiting)
        assert not (_cards_in(view) - _advised(view)) & _hidden(game, backs, None)


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_no_hidden_card_leaks_to_any_seat_with_advice(seed: int) -> None:
    _walk_poule(seed, advise=True, check=True)


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_advice_changes_nothing_of_the_game(seed: int) -> None:
    """The same seed played with and without advice (the bots ignore it): the same
    history, the same save."""
    with_advice = Game.from_dict(_walk_poule(seed, True).to_dict()).to_dict()
    assert with_advice == _walk_poule(seed, False).to_dict()


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_backer_sees_only_the_backed_hand(seed: int) -> None:
    rng = random.Random(seed)
    cercle = Cercle(players={"Ada": 50, "Blaise": 50}, gallery={"Cleo": 50, "Dora": 50})
    game = Game(plugins=[cercle], seed=seed)
    bots = {s: RandomPlayer(seed=seed + s) for s in range(2)}
    staked: set[tuple[int, str]] = set()
    while not game.is_over:
        for number in cercle.open_books():
            for backer in ("Cleo", "Dora"):
                if (number, backer) not in staked and backer in cercle.gallery:
                    staked.add((number, backer))
                    cercle.bet(backer, rng.choice(list(cercle.seated.values())), 1, game=number)
        for backer in cercle.gallery:
            try:
                view = game.backed_view(backer)
            except AdviceError:
                continue
            assert not (_cards_in(view) - _advised(view)) & _hidden(game, view.seat, None)
            if game.to_act == view.seat and rng.random() < 0.5:
                game.advise(backer, rng.choice(game.legal_actions()))
        for seat in (0, 1):
            obs = game.observation(seat)
            assert not (_cards_in(obs) - _advised(obs)) & _hidden(game, seat, None)
            assert all(a.seat == seat for a in obs.advice)
        seat = game.to_act
        game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))


def _terminal(monkeypatch: pytest.MonkeyPatch, argv: list[str], stdin: str) -> str:
    from ecarte import cli

    out = io.StringIO()
    monkeypatch.setattr(cli.sys, "stdin", io.StringIO(stdin))
    monkeypatch.setattr(cli.sys, "stdout", out)
    assert cli.main(argv) == 0
    return out.getvalue()


def test_the_terminal_shows_a_waiting_bots_advice(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["play", "--human", "0", "--seed", "5", "--variant", "poule", "--color", "never"]
    text = _terminal(monkeypatch, argv, "1\n" * 600)
    assert "   | poule: seat 2 (bot) backs seat 0 in this game" in text
    advice = re.findall(r"^   advice from seat (\d) \(bot\): (.+)$", text, re.MULTILINE)
    assert advice and {who for who, _ in advice} <= {"1", "2"}


def test_the_terminal_shows_a_backers_advice(monkeypatch: pytest.MonkeyPatch) -> None:
    gallery = 'gallery={"Cleo": 40, "Dora": 30}'
    argv = ["play", "--human", "0", "--seed", "4", "--variant", "cercle", "--option", gallery]
    text = _terminal(monkeypatch, [*argv, "--color", "never"], "1\n" * 600)
    backer = re.search(r"cercle: (\w+) stakes \d+ on Player 1 for game 1", text)
    assert backer is not None
    assert f"   advice from {backer.group(1)} (bot): " in text
