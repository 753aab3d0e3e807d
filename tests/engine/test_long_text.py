"""Text of any length given where a name, an action or a saved field is expected is
refused with a message of bounded length, quoting only its start (the messages are meant
to be shown to players as they are)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import ecarte
from ecarte import EcarteError, Game, Rules, parse_record
from ecarte.games.euchre import EuchreGame, EuchreRules

LONG = "x" * 100_000


def _ecarte_save(old: str, new: str) -> Callable[[], Any]:
    text = Game(seed=1).to_json()
    assert old in text
    return lambda: Game.from_json(text.replace(old, new, 1))


CALLS: dict[str, Callable[[], Any]] = {
    "Rules.preset": lambda: Rules.preset(LONG),
    "Game(rules=)": lambda: Game(rules=LONG),
    "Game(variant=)": lambda: Game(variant=LONG),
    "Game.apply": lambda: Game(seed=1).apply(LONG),
    "Game.apply a card and more": lambda: Game(seed=1).apply("K♠ " + LONG),
    "Game.plugin": lambda: Game(seed=1).plugin(LONG),
    "parse_record": lambda: parse_record(LONG),
    "Game.replay": lambda: Game.replay([LONG]),
    "EuchreGame.apply": lambda: EuchreGame(seed=1).apply(LONG),
    "EuchreGame.action_id": lambda: EuchreGame(seed=1).action_id("call " + LONG),
    "EuchreGame.replay": lambda: EuchreGame.replay([LONG]),
    "EuchreRules(lead=)": lambda: EuchreRules(lead=LONG),  # type: ignore[arg-type]
    "load_game euchre rules": lambda: ecarte.load_game("euchre", rules=LONG),
    "saved variant": _ecarte_save('"variants": []', f'"variants": ["{LONG}"]'),
    "saved record": _ecarte_save('"history": [', f'"history": ["{LONG}", '),
    "saved rule option": _ecarte_save('"rules": {', f'"rules": {{"{LONG}": 1, '),
    "saved plugin name": _ecarte_save(
        '"plugins": []', json.dumps({"plugins": [{"name": LONG, "options": {}}]})[1:-1]
    ),
    "saved state": _ecarte_save('"state": {}', f'"state": {{"{LONG}": 1}}'),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_long_text_is_quoted_by_its_start(name: str) -> None:
    with pytest.raises(EcarteError) as info:
        CALLS[name]()
    message = str(info.value)
    assert len(message) < 400, message[:200]
    assert "characters)" in message, message[:200]


BIG = [0] * 1000

VALUES: dict[str, Callable[[], Any]] = {
    "Game.apply": lambda: Game(seed=1).apply(BIG),  # type: ignore[call-overload]
    "Game.action_from_id": lambda: Game(seed=1).action_from_id(BIG),  # type: ignore[arg-type]
    "EuchreGame.apply_id": lambda: EuchreGame(seed=1).apply_id(BIG),  # type: ignore[arg-type]
    "EuchreGame.action_from_id": lambda: EuchreGame(seed=1).action_from_id(BIG),  # type: ignore[arg-type]
    "EuchreGame.restore_history": lambda: EuchreGame(seed=1).restore_history([BIG], [False], 0),
}


@pytest.mark.parametrize("name", sorted(VALUES))
def test_a_long_value_is_quoted_by_its_start(name: str) -> None:
    with pytest.raises(EcarteError) as info:
        VALUES[name]()
    assert len(str(info.value)) < 200, str(info.value)[:200]
