"""Saving, restoring, pickling and copying a Euchre game; hostile documents and input."""

from __future__ import annotations

import copy
import json
import pickle
import random
from importlib import resources
from pathlib import Path
from typing import Any

import hypothesis.strategies as st
import jsonschema
import pytest
from attrs import evolve
from hypothesis import given, settings

from ecarte import ArgumentError, IllegalActionError, SaveFormatError
from ecarte.games.euchre import EuchreGame, EuchreRules, RandomBot

SCHEMA = json.loads(
    resources.files("ecarte.games.euchre").joinpath("save-format.schema.json").read_text()
)
ENVELOPE_SCHEMA = json.loads(
    resources.files("ecarte.engine").joinpath("save-envelope.schema.json").read_text()
)

RULES = [
    EuchreRules.standard(),
    EuchreRules.seed(),
    EuchreRules.openspiel(allow_lone_defender=True),
    evolve(EuchreRules.seed(), deck=25),
    evolve(EuchreRules.standard(), deck=32, stick_the_dealer=True),
]


def random_game(rules: EuchreRules, k: int, *, auto: bool = True) -> EuchreGame:
    """A game stopped at a random point (possibly over)."""
    g = EuchreGame(rules, seed=k, auto_chance=auto)
    bot = RandomBot(k)
    for _ in range(random.Random(k).randrange(300)):
        if g.is_over:
            break
        g.apply_id(bot.choose(g))
    return g


def same(a: EuchreGame, b: EuchreGame) -> None:
    assert a.to_dict() == b.to_dict()
    assert a.legal_action_ids() == b.legal_action_ids()
    assert (a.to_act, a.phase, a.scores, a.returns()) == (b.to_act, b.phase, b.scores, b.returns())
    assert all(a.observation(s) == b.observation(s) for s in range(4))


@pytest.mark.parametrize("rules", RULES, ids=range(len(RULES)))
def test_save_restore_pickle_and_copy_round_trip(rules: EuchreRules) -> None:
    for k in range(40):
        g = random_game(rules, k, auto=k % 3 != 0)
        jsonschema.validate(g.to_dict(), SCHEMA)
        jsonschema.validate(g.to_dict(), ENVELOPE_SCHEMA)
        for back in (
            EuchreGame.from_json(g.to_json()),
            EuchreGame.from_dict(json.loads(json.dumps(g.to_dict()))),
            pickle.loads(pickle.dumps(g)),
            copy.copy(g),
            copy.deepcopy(g),
            g.clone(),
        ):
            assert type(back) is type(g) and isinstance(back, EuchreGame) and back.rules == g.rules
            same(back, g)
            if not g.is_over:  # both continue alike
                i = g.legal_action_ids()[-1]
                h = g.clone()
                h.apply_id(i)
                back.apply_id(i)
                same(back, h)


def test_a_given_deal_stays_sealed_after_restore() -> None:
    hands = ["9♣ 10♣ J♣ Q♣ K♣", "9♠ 10♠ J♠ Q♠ K♠", "J♥ J♦ A♥ K♥ Q♥", "9♦ 10♦ Q♦ K♦ A♦"]
    g = EuchreGame.from_deal(dealer=0, hands=hands, upcard="9♥")
    g.apply("pass")
    back = EuchreGame.from_json(g.to_json())
    back.undo()
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        back.undo()  # the deal was given: undo stops there
    assert back.hand(2) == g.hand(2)


def test_illegal_input_changes_nothing() -> None:
    g = next(g for k in range(50) if not (g := random_game(EuchreRules.seed(), k)).is_over)
    before = g.to_dict()
    for bad in (-1, 64, 10**30, 1.0, "zz", None, True, g.num_action_ids):
        with pytest.raises(IllegalActionError):
            g.apply(bad)  # type: ignore[arg-type]
        assert g.to_dict() == before
    with pytest.raises(IllegalActionError):
        g.apply(g.legal_actions()[0], seat=(g.to_act + 1) % 4)
    assert g.to_dict() == before


def good() -> dict:  # type: ignore[type-arg]
    g = random_game(EuchreRules.seed(), 11)
    return g.to_dict()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(format="ecarte-euchre-save"), "version"),
        (lambda d: d.update(format="chess-save"), "format"),
        (lambda d: d.pop("format"), "format"),
        (lambda d: d.update(version=3), "version"),
        (lambda d: d.update(version=1), "version"),
        (lambda d: d.update(game="ecarte"), "game"),
        (lambda d: d.update(state={"x": 1}), r"state\.x"),
        (lambda d: d.update(state=[]), "state"),
        (lambda d: d.pop("seed"), "seed"),
        (lambda d: d.update(seed=True), "seed"),
        (lambda d: d.update(seed=-1), "seed"),
        (lambda d: d.update(seed=1 << 64), "seed"),
        (lambda d: d["rules"].update(deck=23), "rules"),
        (lambda d: d["rules"].update(deck=24.0), "rules"),  # a float is no number of cards
        (lambda d: d["rules"].update(lead="north"), "rules"),
        (lambda d: d["rules"].update(wild=1), r"rules\.wild"),
        (lambda d: d["rules"].pop("deck"), r"rules\.deck: missing"),
        (lambda d: d.update(auto_chance=1), "auto_chance"),
        (lambda d: d.update(history="0 1 2"), "history"),
        (lambda d: d["history"].append("x"), "history"),
        (lambda d: d["history"].append(99), "auto"),
        (lambda d: d.update(sealed=10**9), "sealed"),
        (lambda d: d["history"].__setitem__(1, (d["history"][1] + 1) % 24), "history"),
        (lambda d: d["history"].__setitem__(-1, 99), "history"),
    ],
)
def test_corrupt_documents_name_the_field(change, field: str) -> None:  # type: ignore[no-untyped-def]
    d = good()
    change(d)
    with pytest.raises(SaveFormatError, match=f"field {field}"):
        EuchreGame.from_dict(d)
    with pytest.raises(SaveFormatError, match=f"field {field}"):
        EuchreGame.from_json(json.dumps(d))


def test_not_json_and_not_objects() -> None:
    for bad in ("{", "[]", "null", b"\xff", 3, "[" * 100000):
        with pytest.raises(SaveFormatError):
            EuchreGame.from_json(bad)


def test_a_save_without_anyone_alone_plays_as_it_was_made() -> None:
    """A save made before ``anyone_alone`` existed (version 1 or 2) lacks the key: it
    loads with the option off, the game it was made under, and saves it from then on."""
    saves = Path(__file__).parents[2] / "data" / "saves"
    old = json.loads((saves / "v1-euchre-seed-joker.json").read_text(encoding="utf-8"))
    assert "anyone_alone" not in old["rules"] and old["rules"]["allow_lone_defender"]
    game = EuchreGame.from_dict(old)
    assert not game.rules.anyone_alone and game.rules.lead.value == "left-of-lone"
    assert game.to_dict()["rules"]["anyone_alone"] is False
    new = EuchreGame(EuchreRules.seed(), seed=3).to_dict()
    assert new["rules"]["anyone_alone"] is True
    jsonschema.validate(new, SCHEMA)
    del new["rules"]["anyone_alone"]
    jsonschema.validate(new, SCHEMA)
    assert EuchreGame.from_dict(new).rules == evolve(EuchreRules.seed(), anyone_alone=False)
    new["rules"]["anyone_alone"] = "yes"
    with pytest.raises(
        SaveFormatError, match=r"field rules\.anyone_alone: anyone_alone must be a bool"
    ):
        EuchreGame.from_dict(new)
    new["rules"].update(anyone_alone=True, allow_lone_defender=False)
    with pytest.raises(SaveFormatError, match="anyone_alone needs allow_lone_defender"):
        EuchreGame.from_dict(new)


@pytest.mark.parametrize("indent", [2.5, [1], "x", True, -1, 10**12])
def test_to_json_refuses_an_indent_that_is_not_a_small_count(indent: object) -> None:
    """``to_json(indent)`` takes None or a number of spaces: anything else is refused
    before any text is written, never a save that does not read back or a raw error."""
    g = random_game(EuchreRules.seed(), 11)
    before = g.to_dict()
    with pytest.raises(ArgumentError, match="indent must be"):
        g.to_json(indent)  # type: ignore[arg-type]
    assert g.to_dict() == before
    assert EuchreGame.from_json(g.to_json(2)).to_dict() == before


@pytest.mark.parametrize(
    ("option", "value"),
    [("lead", "north"), ("deal_order", 1), ("lone_defender_scoring", None), ("deck", 23)],
)
def test_a_bad_rule_option_in_a_save_is_named(option: str, value: object) -> None:
    """A saved rule option that is no value of its own names the option, as the field and
    in the words of :class:`EuchreRules`."""
    d = good()
    d["rules"][option] = value
    with pytest.raises(SaveFormatError, match=rf"field rules\.{option}: {option} must be"):
        EuchreGame.from_dict(d)


def test_a_save_cut_short_anywhere_is_refused() -> None:
    """Every prefix of a saved game's text is a SaveFormatError, never a game."""
    text = random_game(EuchreRules.standard(), 3).to_json()
    for end in range(len(text)):
        with pytest.raises(SaveFormatError):
            EuchreGame.from_json(text[:end])


_HOSTILE = [None, True, False, 0, -1, 23, 99, 2**63, 2**64, 10**30, 1.5, "", "x", "9♣",
            "pass", "four", [], {}, [0], {"a": 1}]  # fmt: skip
_DOCS = [random_game(rules, k).to_dict() for k, rules in enumerate(RULES[:3], start=40)]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*path, i))
    return out


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.data())
def test_a_mutated_save_is_refused_naming_a_field_or_restores(data: st.DataObject) -> None:
    """A save with one value changed, removed or added is refused with a SaveFormatError
    naming a field, in the game's words, or restores a game that saves again the same."""
    doc = copy.deepcopy(data.draw(st.sampled_from(_DOCS)))
    path = data.draw(st.sampled_from(_paths(doc)[1:]))
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    how = data.draw(st.sampled_from(["set", "delete", "insert"]))
    if how == "delete":
        del parent[path[-1]]
    elif how == "insert" and isinstance(parent, list):
        parent.insert(path[-1], copy.deepcopy(data.draw(st.sampled_from(_HOSTILE))))
    else:
        parent[path[-1]] = copy.deepcopy(data.draw(st.sampled_from(_HOSTILE)))
    try:
        game = EuchreGame.from_json(json.dumps(doc))
    except SaveFormatError as exc:
        why = str(exc)
        assert why.startswith("saved game, field "), why
        assert "__" not in why and " object at " not in why and "Error:" not in why, why
    else:
        assert EuchreGame.from_dict(game.to_dict()).to_dict() == game.to_dict()


def test_a_move_marked_as_drawn_from_the_seed_is_named_as_a_move() -> None:
    """``auto`` marks the chance outcomes drawn from the seed: a player's move marked so
    is refused saying it is a move where no chance outcome is due, by its text."""
    g = EuchreGame(EuchreRules.standard(), seed=2)
    while g.to_act == -1:
        g.chance()
    g.apply("pass")
    d = g.to_dict()
    k = len(d["history"]) - 1
    d["auto"][k] = True
    with pytest.raises(SaveFormatError) as info:
        EuchreGame.from_dict(d)
    assert str(info.value) == (
        f"saved game, field history: history record {k}: pass is marked as drawn from "
        "the seed (auto), but no chance outcome is due here"
    )
