"""The example game ``examples/ecarte-toy-tricks`` (Toy tricks): a game added to the
engine through its registry alone. It passes the conformance suite on every backend, the
registry finds it through its entry point, ``ecarte.from_json`` reads its saves, its
terminal game plays, and its README's examples hold.

The distribution must be installed (``pip install ./examples/ecarte-toy-tricks``, as the
README's test command does); without it the tests are skipped, except in CI (``CI`` set),
where they fail.
"""

from __future__ import annotations

import doctest
import io
import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import ecarte
from ecarte import ArgumentError, Card, CardSet, IllegalActionError, SaveFormatError, cli
from ecarte.engine import backend
from ecarte.testing import check_game
from ecarte.tricks import MUST_OVERTAKE, MUST_TRUMP

try:
    import ecarte_toy_tricks as toy
    from ecarte_toy_tricks import game as toy_game
    from ecarte_toy_tricks import terminal
except ImportError:  # pragma: no cover - depends on the environment
    toy = None
    if os.environ.get("CI"):
        raise

pytestmark = [
    pytest.mark.own_backends,  # check_game runs on each backend below
    pytest.mark.skipif(
        toy is None,
        reason="ecarte-toy-tricks is not installed (pip install ./examples/ecarte-toy-tricks)",
    ),
]

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "ecarte-toy-tricks"
BACKENDS = backend.available()
GAMES = 40 if os.environ.get("ECARTE_LONG", "") not in ("", "0") else 8


def _factory(preset: str) -> Callable[[int], Any]:
    return lambda seed: ecarte.load_game("toy-tricks", rules=preset, seed=seed)


@pytest.fixture
def live(request: pytest.FixtureRequest) -> Any:
    """Make the parametrized backend live for one test."""
    previous = backend.live()
    backend.use_backend(request.param)
    yield request.param
    backend.use_backend(previous)


@pytest.mark.parametrize("preset", ["plain", "strict"])
@pytest.mark.parametrize("live", BACKENDS, indirect=True)
def test_conformance(live: str, preset: str) -> None:
    report = check_game(_factory(preset), games=GAMES, seed=900)
    assert report.games == GAMES and report.steps == 10 * GAMES
    # a deal is ten steps: replay and restore the game at every one of them as well
    report = check_game(_factory(preset), games=2, seed=950, checkpoints=120)
    assert report.checkpoints == 2 * 11


@pytest.mark.parametrize("live", BACKENDS, indirect=True)
def test_the_game_plays_on_the_live_backend(live: str) -> None:
    game = toy.ToyTricks(seed=1)
    assert type(game._play) is backend.module("core").PlayState


def test_the_registry_finds_it_through_its_entry_point() -> None:
    assert "toy-tricks" in ecarte.available_games()
    assert ecarte.available_games()[:2] == ("ecarte", "euchre")
    spec = ecarte.get_game("toy-tricks")
    assert spec is toy.GAME and spec.name == "toy-tricks" and spec.title.startswith("Toy")
    assert spec.options() == ("rules", "seed") and spec.play is not None
    game = ecarte.load_game("toy-tricks", rules="strict", seed=7)
    assert isinstance(game, toy.ToyTricks) and game.rules == toy.PRESETS["strict"]
    assert game.seed == 7 and game.rules.flags == MUST_OVERTAKE | MUST_TRUMP
    with pytest.raises(ArgumentError, match=r"game 'toy-tricks' has no option 'variant'"):
        ecarte.load_game("toy-tricks", variant="quick")
    with pytest.raises(ArgumentError, match=r"no Toy tricks preset 'hard' \(presets: plain"):
        ecarte.load_game("toy-tricks", rules="hard")
    with pytest.raises(ArgumentError, match=r"seed must be an int in \[0, 2\*\*64\)"):
        ecarte.load_game("toy-tricks", seed=-1)


def test_the_deal_comes_from_the_seed() -> None:
    game = toy.ToyTricks(seed=7)
    assert (str(game.turnup), str(game.hand(0)), str(game.hand(1))) == (
        "A♥",
        "K♣ 7♥ K♥ 7♠ K♠",
        "A♣ Q♦ 8♥ 9♥ J♥",
    )
    cards = toy_game.deal(7)
    assert sorted(cards, key=lambda c: c.id) == list(toy_game.CARDS) and len(cards) == 32
    assert toy.ToyTricks(seed=None).seed != toy.ToyTricks(seed=None).seed  # drawn, kept


def test_from_json_round_trip_through_the_registry() -> None:
    game = ecarte.load_game("toy-tricks", rules="strict", seed=11)
    while not game.is_over:
        text = game.to_json()
        again = ecarte.from_json(text)
        assert type(again) is toy.ToyTricks and again is not game
        assert (again.rules, again.seed, again.history) == (game.rules, game.seed, game.history)
        assert again.legal_action_ids() == game.legal_action_ids()
        assert again.to_json() == text == toy.ToyTricks.from_json(text).to_json()
        game.apply(toy.bot_choice(game))
    again = ecarte.from_json(game.to_json().encode())
    assert again.is_over and again.returns() == game.returns() and again.winner == game.winner
    assert ecarte.from_json(game.to_json(indent=2)).history == game.history


def test_bad_saves_name_the_field() -> None:
    game = toy.ToyTricks(seed=7)
    game.apply("K♥")
    d = json.loads(game.to_json())
    bad: list[tuple[dict[str, Any], str]] = [
        ({"history": ["K♥", "A♣"]}, r"field history\[1\]: A♣: seat 1 may play only 8♥ 9♥ J♥"),
        ({"history": ["K♥", 3]}, r"field history\[1\]: 3 is not a card's text"),
        ({"history": ["Zz"]}, r"field history\[0\]: not a card"),
        ({"rules": {"must_trump": True}}, r"field must_overtake: missing"),
        ({"rules": {**d["rules"], "jokers": 1}}, r"field rules.jokers: not a rule option"),
        ({"rules": {**d["rules"], "must_trump": 1}}, r"field must_trump: 1 is not a bool"),
        ({"state": {"x": 1}}, r"field state.x: a Toy tricks game keeps no state"),
        ({"seed": -1}, r"field seed: not an int in \[0, 2\*\*64\)"),
        ({"colour": 1}, r"field 'colour': not a field of a saved 'toy-tricks' game"),
        ({"version": 3}, r"field version: 3 is newer than this ecarte reads"),
    ]
    for change, message in bad:
        text = json.dumps({**d, **change})
        with pytest.raises(SaveFormatError, match=message):
            ecarte.from_json(text)
        with pytest.raises(SaveFormatError, match=message):
            toy.ToyTricks.from_json(text)
    with pytest.raises(SaveFormatError, match="a saved 'euchre' game, not 'toy-tricks'"):
        toy.ToyTricks.from_json(ecarte.load_game("euchre", seed=1).to_json())


def test_actions_and_their_errors() -> None:
    game = toy.ToyTricks(seed=7)
    assert game.legal_actions() == tuple(CardSet.parse("K♣ 7♥ K♥ 7♠ K♠"))
    assert [toy_game.CARDS[i] for i in game.legal_action_ids()] == list(game.legal_actions())
    assert game.action_id("7♣") == 0 and game.action_id(Card.parse("A♠")) == 31
    for action, message in [
        ("A♣", "A♣: seat 0 does not hold it"),
        ("2♠", "2♠: not a card of the piquet deck"),
        (7, "an action is a card, not 7"),
    ]:
        with pytest.raises(IllegalActionError, match=message):
            game.apply(action)
    with pytest.raises(IllegalActionError, match=r"action id 32 is not in 0\.\.31"):
        game.apply_id(32)
    with pytest.raises(IllegalActionError, match="undo: no card has been played"):
        game.undo()
    game.apply_id(game.action_id("K♥"))
    assert game.trick == (Card.parse("K♥"),) and game.to_act == 1
    game.undo()
    assert game.history == () and game.hand(0) == toy.ToyTricks(seed=7).hand(0)
    with pytest.raises(ValueError, match="seat must be 0 or 1"):
        game.observation(2)


def test_a_whole_deal() -> None:
    game = toy.ToyTricks(toy.PRESETS["plain"], seed=7)
    for card in ("K♥", "8♥", "7♥", "9♥", "J♥", "7♠", "A♣", "K♣", "Q♦", "K♠"):
        assert game.returns() == (0, 0) and game.winner is None
        game.apply(card)
    assert game.is_over and game.to_act == toy_game.TERMINAL == ecarte.TERMINAL
    assert game.tricks_won == (1, 4) and game.winner == 1 and game.returns() == (-1, 1)
    assert [t.winner for t in game.tricks] == [0, 1, 1, 1, 1]
    assert game.tricks[2] == toy_game.Trick(1, Card.parse("J♥"), Card.parse("7♠"), 1)
    view = game.observation(0)
    assert view.hand == CardSet() and view.tricks == game.tricks
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply_id(0)


def _play(argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    out = io.StringIO()
    monkeypatch.setattr(cli.sys, "stdin", io.StringIO(stdin))
    monkeypatch.setattr(cli.sys, "stdout", out)
    return cli.main(["play", "--game", "toy-tricks", *argv]), out.getvalue()


def test_the_terminal_game(monkeypatch: pytest.MonkeyPatch) -> None:
    status, out = _play(["--seed", "7"], "", monkeypatch)  # not a terminal: bots
    assert status == 0
    assert out.startswith("Toy tricks, plain rules, seed 7\nturn-up A♥: hearts are trumps\n")
    assert out.count(" plays ") == 10 and out.endswith("game over: seat 1 wins, 4 tricks to 1\n")
    status, out = _play(["--seed", "7", "--human", "1"], "?\nA♣\n1\n", monkeypatch)
    assert status == terminal.EXIT_ABANDONED
    assert "A♣: seat 1 may play only 8♥ 9♥ J♥" in out and "seat 1 plays 8♥" in out
    assert out.endswith("game abandoned: end of input while seat 1 was to play\n")
    status, out = _play(["--human", "0", "--rules", "strict"], "quit\n", monkeypatch)
    assert status == 0 and out.endswith("game abandoned: you quit\n")
    status, out = _play(["--bots", "--seed", "8"], "", monkeypatch)
    assert status == 0 and "seed 8" in out and "game over" in out
    listed = io.StringIO()
    monkeypatch.setattr(cli.sys, "stdout", listed)
    assert cli.main(["games"]) == 0
    assert re.search(r"^toy-tricks +Toy tricks: two players", listed.getvalue(), re.M)


def test_the_readme_examples() -> None:
    failures, tried = doctest.testfile(
        str(EXAMPLE / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert tried > 0 and failures == 0
