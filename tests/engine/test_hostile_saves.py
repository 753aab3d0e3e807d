"""Hostile saves: a stacked deck, a rule option missing, options that cannot be saved
again, deep nesting, huge integers and numbers whose text hides a huge exponent."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from ecarte import Game, IllegalActionError, SaveFormatError
from ecarte.engine import save
from ecarte.games.euchre import EuchreGame


def _played(seed: int = 5, moves: int = 3) -> Game:
    game = Game(seed=seed)
    for _ in range(moves):
        game.apply(game.legal_actions()[0])
    return game


def test_a_stacked_deal_is_refused_when_chance_came_from_the_seed() -> None:
    d = _played().to_dict()
    k = next(i for i, r in enumerate(d["history"]) if r.startswith("deal "))
    cards = d["history"][k].split()[1:]
    stacked = ["A♣", "7♠", "10♠", "Q♠", "A♠"]
    rest = [c for c in cards if c not in stacked]
    d["history"][k] = " ".join(["deal", *stacked, *rest])
    assert d["history"][k] != " ".join(["deal", *cards])
    with pytest.raises(SaveFormatError, match=rf"history\[{k}\].*not the deal the game's seed"):
        Game.from_dict(d)


def test_the_same_deal_loads_with_chance_given_by_hand() -> None:
    game = Game(seed=5, auto_chance=False)
    for _ in range(4):  # the cut, the packets, the deal, a move
        try:
            game.apply_chance()
        except IllegalActionError:
            game.apply(game.legal_actions()[0])
    d = game.to_dict()
    k = next(i for i, r in enumerate(d["history"]) if r.startswith("deal "))
    given = d["history"][k].split()
    d["history"][k] = " ".join([given[0], *reversed(given[1:])])  # another deal, by hand
    assert d["auto_chance"] is False
    assert [str(r) for r in Game.from_dict(d).history] == d["history"]


def test_a_euchre_rule_option_missing_is_refused_in_every_version() -> None:
    g = EuchreGame(seed=4)
    g.apply_id(g.legal_action_ids()[0])
    d = g.to_dict()
    del d["rules"]["deck"]
    with pytest.raises(SaveFormatError, match=r"rules\.deck: missing"):
        EuchreGame.from_dict(d)
    v1 = g.to_dict()
    v1.update(format="ecarte-euchre-save", version=1)
    del v1["game"], v1["state"], v1["rules"]["target"]
    with pytest.raises(SaveFormatError, match=r"rules\.target: missing"):
        EuchreGame.from_dict(v1)


def test_options_that_would_resave_unloadable_are_refused() -> None:
    d = Game(seed=1).to_dict()
    d["plugins"] = [{"name": "quick", "options": {}}]
    with pytest.raises(SaveFormatError, match=r"plugins\[0\]: variant 'quick' cannot be rebuilt"):
        Game.from_dict(d)


def _nested(depth: int) -> list[Any]:
    root: list[Any] = []
    node = root
    for _ in range(depth):
        node.append([])
        node = node[0]
    return root


@pytest.mark.parametrize("depth", [200, 5000])
def test_deep_nesting_is_a_save_format_error(depth: int) -> None:
    d = Game(seed=1).to_dict()
    d["state"] = {"classic": _nested(depth)}
    with pytest.raises(SaveFormatError, match="nested deeper"):
        Game.from_dict(d)
    text = json.dumps(Game(seed=1).to_dict()).replace('"state": {}', f'"state": {"[" * depth}')
    with pytest.raises(SaveFormatError):
        Game.from_json(text)


@pytest.mark.parametrize("field", ["seed", "target"])
def test_huge_integers_are_refused_at_load(field: str) -> None:
    d = Game(seed=3).to_dict()
    if field == "seed":
        d["seed"] = 10**5000
    else:
        d["rules"]["target"] = 10**5000
    with pytest.raises(SaveFormatError, match="beyond 64 bits"):
        Game.from_dict(d)
    text = json.dumps(Game(seed=3).to_dict()).replace('"seed": 3', '"seed": ' + "9" * 4301)
    with pytest.raises(SaveFormatError, match="4301 digits"):
        Game.from_json(text)


@pytest.mark.parametrize(
    "text", ["1e-10000000", "1e10000000", "9" * 31, "1/3", "nan", "inf", " 1", "", "1e", "."]
)
def test_number_text_is_checked_before_it_is_parsed(text: str) -> None:
    start = time.perf_counter()
    with pytest.raises(SaveFormatError, match=r"field commission_percent: .* not a decimal"):
        save.number(text, "commission_percent")
    assert time.perf_counter() - start < 0.5  # the guard against "1e-10000000": no parsing


@pytest.mark.parametrize(
    ("text", "value"), [("2.5", (5, 2)), ("-1e-3", (-1, 1000)), (".5", (1, 2)), ("3.", (3, 1))]
)
def test_number_reads_plain_decimals(text: str, value: tuple[int, int]) -> None:
    got = save.number(text, "x")
    assert (got.numerator, got.denominator) == value
