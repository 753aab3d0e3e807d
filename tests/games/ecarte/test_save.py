"""Saving and restoring Écarté: the envelope's fields, its schema, pickle and copies,
replay."""

from __future__ import annotations

import copy
import json
import pickle
import random
from importlib import resources
from typing import Any

import attrs
import jsonschema
import pytest
from helpers import HandCounter, public_view, random_action

import ecarte
from ecarte import (
    PRESETS,
    Game,
    IllegalActionError,
    Phase,
    Rules,
    SaveFormatError,
    hookimpl,
    parse_record,
)
from ecarte.games.ecarte._save import FORMAT, VERSION, rules_schema

SCHEMA = json.loads(
    resources.files("ecarte.games.ecarte").joinpath("save-format.schema.json").read_text()
)
ENVELOPE_SCHEMA = json.loads(
    resources.files("ecarte.engine").joinpath("save-envelope.schema.json").read_text()
)


def test_the_schema_states_every_rule_option_as_rules_does() -> None:
    """The schema's ``rules`` is derived from :class:`Rules` (a new option follows by
    itself); regenerate the shipped file when this fails."""
    assert SCHEMA["properties"]["rules"] == rules_schema(), (
        "save-format.schema.json is stale: set its properties.rules to "
        "ecarte.games.ecarte._save.rules_schema()"
    )


def test_a_save_without_a_later_option_loads_with_its_default() -> None:
    """Only the options of the format's first version are required: one added since takes
    its default, the game the save was made under."""
    from ecarte.games.ecarte._save import REQUIRED_RULES

    game = Game(seed=3)
    doc = game.to_dict()
    later = [name for name in doc["rules"] if name not in REQUIRED_RULES]
    for name in later:
        del doc["rules"][name]
    assert Game.from_dict(doc).rules == game.rules
    for name in REQUIRED_RULES:
        broken = {**doc, "rules": {k: v for k, v in doc["rules"].items() if k != name}}
        with pytest.raises(SaveFormatError, match=f"rules.{name}"):
            Game.from_dict(broken)


def full_view(game: Game) -> tuple[Any, ...]:
    """Everything a restored game must reproduce."""
    return (
        *public_view(game),
        game.legal_actions(),
        game.legal_action_ids(),
        game.seed,
        game.rules,
        game.variants,
        game.plugin_names,
        game.describe(),
        game._m_view(),
    )


def same_future(a: Game, b: Game, seed: int, steps: int = 60) -> None:
    """The two games go on identically under the same random actions (same deals)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if a.is_over:
            break
        action = random_action(a, rng)
        a.apply(action)
        b.apply(action)
        assert full_view(a) == full_view(b)
    assert b.is_over == a.is_over


def restored(game: Game, **kwargs: Any) -> Game:
    text = game.to_json()
    jsonschema.validate(json.loads(text), SCHEMA)
    jsonschema.validate(json.loads(text), ENVELOPE_SCHEMA)
    back = Game.from_json(text, **kwargs)
    assert back.to_dict() == game.to_dict()
    assert full_view(back) == full_view(game)
    return back


def walked(game: Game, seed: int, steps: int) -> Game:
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(random_action(game, rng))
    return game


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_round_trips_at_every_step(preset: str) -> None:
    game = Game(preset, seed=3)
    rng = random.Random(3)
    while not game.is_over:
        back = restored(game)
        same_future(game.clone(), back, seed=len(game.history), steps=5)
        game.apply(random_action(game, rng))
    restored(game)


@pytest.mark.parametrize(
    "variant", ["quick", "napoleon", "regles", "poule", "cercle", ["quick", "cercle"]]
)
def test_variants_round_trip(variant: Any) -> None:
    for seed in range(3):
        game = walked(Game(variant=variant, seed=seed), seed, 25 * (seed + 1))
        back = restored(game)
        same_future(game, back, seed)


def test_auto_chance_false_waits_for_events_after_a_restore() -> None:
    game = Game(seed=4, auto_chance=False)
    game.apply_chance()
    assert game.to_dict()["auto_chance"] is False
    back = restored(game)
    while game.phase is not Phase.DEAL:
        game.apply(game.legal_actions()[0])
        back.apply(back.legal_actions()[0])
    assert back.to_act == ecarte.CHANCE
    assert back.apply_chance() == game.apply_chance()  # same seed, same event number


def test_rules_are_saved_field_by_field_enums_by_value() -> None:
    rules = Rules.preset("brazilian").evolve(target=7, game_values=True)
    saved = Game(rules, seed=1).to_dict()["rules"]
    assert saved["target"] == 7 and saved["rank_order"] == "ace-high"
    assert set(saved) == {a.name for a in attrs.fields(Rules)}
    assert Game.from_dict(Game(rules, seed=1).to_dict()).rules == rules


def test_history_is_text_that_parse_record_reads() -> None:
    game = walked(Game(seed=5), 5, 30)
    saved = game.to_dict()
    assert [parse_record(text) for text in saved["history"]] == list(game.history)
    assert saved["format"] == FORMAT and saved["version"] == VERSION == 2
    assert saved["game"] == "ecarte"


def test_poule_and_cercle_keep_their_state() -> None:
    from ecarte_cercle import Cercle
    from ecarte_poule import Poule

    poule = Poule(rotation="per-hand", ante=3)
    game = walked(Game(plugins=[poule], seed=6), 6, 80)
    back = restored(game)
    assert vars(back.plugin("poule")) | {"_game": None} == vars(poule) | {"_game": None}
    same_future(game, back, 6, steps=400)
    assert back.plugin("poule").net() == poule.net()

    cercle = Cercle(players={"Ada": 40, "Blaise": 40}, gallery={"Cleo": 30}, commission_percent=2.5)
    cercle.bet("Cleo", "Ada", 10)
    game = Game(plugins=[cercle], seed=7)
    game = walked(game, 7, 40)
    cercle.bet("Cleo", "Blaise", 5, game=game.game_number + 1)  # between two actions
    back = restored(game)
    other = back.plugin("cercle")
    assert other is not cercle and other.book(game.game_number + 1) == cercle.book(
        game.game_number + 1
    )
    assert other.ledger.entries == cercle.ledger.entries
    same_future(game, back, 7, steps=400)
    assert other.settlements == cercle.settlements
    assert other.ledger.balances == cercle.ledger.balances


# ------------------------------------------------------------ bad documents


def _doc() -> dict[str, Any]:
    return walked(Game(seed=8), 8, 20).to_dict()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(format="chess-save"), "field format"),
        (lambda d: d.pop("format"), "field format"),
        (lambda d: d.update(version=3), "field version: 3 is newer"),
        (lambda d: d.update(version=1), "field 'game': not a field of version 1"),
        (lambda d: d.update(version=0), "field version: 0 is no version"),
        (lambda d: d.update(game="euchre"), "field game: a saved 'euchre' game, not 'ecarte'"),
        (lambda d: d.update(game=None), "field game"),
        (lambda d: d.pop("game"), "field game: missing"),
        (lambda d: d.update(version="1"), "field version"),
        (lambda d: d.update(version=True), "field version"),
        (lambda d: d.update(extra=1), "field 'extra'"),
        (lambda d: d.pop("seed"), "field seed: missing"),
        (lambda d: d.update(seed=-1), "field seed"),
        (lambda d: d.update(seed=1.5), "field seed"),
        (lambda d: d.update(auto_chance="yes"), "field auto_chance"),
        (lambda d: d["rules"].update(target=0), "field rules: target"),
        (lambda d: d["rules"].update(target=True), "field rules.target"),
        # a target the match machine cannot count to: the rules are at fault
        (lambda d: d["rules"].update(target=1 << 63), "field rules: target"),
        (lambda d: d["rules"].update(games_to_win=1 << 31), "field rules: target"),
        (lambda d: d["rules"].update(rank_order="queen-high"), "field rules.rank_order"),
        (lambda d: d["rules"].update(must_trump=1), "field rules.must_trump"),
        (lambda d: d["rules"].pop("target"), "field rules.target: missing"),
        (lambda d: d["rules"].update(colour="red"), "field rules.colour"),
        (lambda d: d.update(rules=[]), "field rules"),
        (lambda d: d.update(variants=["no-such-variant"]), "field variants"),
        (lambda d: d.update(variants="quick"), "field variants"),
        (lambda d: d["history"].__setitem__(3, "K♠ K♠"), r"field history\[3\]"),
        (lambda d: d["history"].__setitem__(0, 5), r"field history\[0\]"),
        (lambda d: d["history"].insert(5, "refuse"), r"field history\[5\]"),
        (lambda d: d["history"].__setitem__(2, d["history"][2][:-3]), r"field history\[2\]"),
        (lambda d: d.update(plugins=[{"name": "x"}]), r"field plugins\[0\]"),
        (lambda d: d.update(plugins=[{"name": "x", "options": None}]), r"field plugins\[0\]"),
        (lambda d: d.update(plugins=[{"name": "poule", "options": {"ante": -1}}]), "plugins"),
        (lambda d: d.update(state={"poule": {}}), "field state.poule"),
        # the classic rules keep no state: a state for them was never written
        (lambda d: d.update(state={"classic": {"x": 1}}), "field state.classic"),
        (lambda d: d.update(state=[]), "field state"),
    ],
)
def test_a_bad_document_raises_save_format_error_naming_the_field(change: Any, field: str) -> None:
    d = _doc()
    change(d)
    with pytest.raises(SaveFormatError, match=field):
        Game.from_dict(d)
    with pytest.raises(SaveFormatError, match=field):
        Game.from_json(json.dumps(d))


@pytest.mark.parametrize("text", ["", "[", "[]", "null", "NaN", '{"format": 1}', b"\xff", 5])
def test_not_a_saved_game(text: Any) -> None:
    with pytest.raises(SaveFormatError):
        Game.from_json(text)


def test_save_format_error_is_an_ecarte_value_error() -> None:
    assert issubclass(SaveFormatError, ecarte.EcarteError)
    assert issubclass(SaveFormatError, ValueError)


def test_the_schema_refuses_what_from_dict_refuses() -> None:
    d = _doc()
    jsonschema.validate(d, SCHEMA)
    for key, bad in (
        ("version", 3),
        ("version", 1),
        ("game", "euchre"),
        ("seed", -1),
        ("history", [1]),
        ("format", "x"),
    ):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({**d, key: bad}, SCHEMA)


# ------------------------------------------------------- pickle and copies


def test_pickle_copy_and_deepcopy_give_independent_games() -> None:
    game = walked(Game(variant="poule", seed=9), 9, 30)
    before = full_view(game)
    for other in (
        pickle.loads(pickle.dumps(game)),
        copy.copy(game),
        copy.deepcopy(game),
        game.clone(),
    ):
        assert full_view(other) == before
        walked(other, 1, 10)
        assert full_view(game) == before
    deep = copy.deepcopy(game)
    assert deep.plugin("poule") is not game.plugin("poule")  # its own, state restored
    assert copy.copy(game).plugin("poule") is game.plugin("poule")  # a clone shares them


def test_a_deepcopy_notifies_its_own_plugins_a_clone_none() -> None:
    game = walked(Game(variant="poule", seed=10), 10, 30)
    pool = game.plugin("poule").pool
    deep = copy.deepcopy(game)
    walked(deep, 2, 300)
    assert deep.is_over and deep.plugin("poule").pool_winner is not None
    assert game.plugin("poule").pool == pool and game.plugin("poule").pool_winner is None


class Anonymous(HandCounter):
    """A plugin object that no entry point names."""

    NAME = "anonymous"


def test_plugin_objects_that_cannot_be_rebuilt_by_name() -> None:
    game = walked(Game(plugins=[Anonymous()], seed=11), 11, 40)
    saved = game.to_dict()
    assert saved["plugins"] == [{"name": "anonymous", "options": None}]
    with pytest.raises(SaveFormatError, match=r"plugins\[0\].*'anonymous'.*plugins=\[\.\.\.\]"):
        Game.from_dict(saved)
    with pytest.raises(SaveFormatError, match="anonymous"):
        pickle.dumps(game)
    with pytest.raises(SaveFormatError, match="anonymous"):
        copy.deepcopy(game)
    fresh = Anonymous()
    back = Game.from_dict(saved, plugins=[fresh])
    assert back.plugin("anonymous") is fresh and fresh.hands == game.plugin("anonymous").hands
    with pytest.raises(SaveFormatError, match="more than"):
        Game.from_dict(saved, plugins=[Anonymous(), Anonymous()])

    class Other:
        NAME = "other"

    with pytest.raises(SaveFormatError, match="'anonymous' here; plugins= gives 'other'"):
        Game.from_dict(saved, plugins=[Other()])


def test_poule_object_with_options_is_rebuilt_by_name() -> None:
    from ecarte_poule import Poule

    game = Game(plugins=[Poule(rotation="per-hand")], seed=12)
    assert game.to_dict()["plugins"] == [
        {"name": "poule", "options": {"rotation": "per-hand", "ante": 1}}
    ]
    back = pickle.loads(pickle.dumps(game))
    assert back.plugin("poule").rotation == "per-hand"
    assert back.variants == () and back.plugin_names == game.plugin_names


def test_saving_inside_a_hook_is_refused() -> None:
    seen: list[Exception] = []

    class Saver:
        @hookimpl
        def ecarte_king_points(self, game: Game) -> None:
            try:
                game.to_dict()
            except IllegalActionError as exc:
                seen.append(exc)

    game = Game(plugins=[Saver()], seed=1)
    walked(game, 1, 300)
    assert seen and "to_dict()" in str(seen[0])


# ---------------------------------------------------------------- replay


def test_replay_with_a_seed_continues_with_the_seeds_deals() -> None:
    game = walked(Game(seed=13), 13, 60)
    history = game.history
    stops = [i for i, r in enumerate(history) if isinstance(r, ecarte.Event)]
    assert len(stops) > 2
    for stop in stops:  # the history stops just before a cut or a deal
        again = Game.replay(history[:stop], seed=13)  # auto_chance: True with a seed
        assert again.to_act != ecarte.CHANCE and again.history[stop] == history[stop]
        for record in history[stop + 1 :]:
            if not isinstance(record, ecarte.Event):  # the seed draws the events again
                again.apply(record)
        assert again.history == history
        waiting = Game.replay(history[:stop], seed=13, auto_chance=False)
        assert waiting.to_act == ecarte.CHANCE and waiting.apply_chance() == history[stop]
    assert Game.replay(history[:2]).to_act == ecarte.CHANCE  # no seed: chance waits


def test_a_tampered_history_does_not_replay_and_names_the_record() -> None:
    game = walked(Game(seed=14), 14, 40)
    history = list(game.history)
    i = next(i for i, r in enumerate(history) if isinstance(r, ecarte.Play))
    history[i] = "propose"
    with pytest.raises(IllegalActionError, match=rf"history record {i} \(propose\)"):
        Game.replay(history, seed=14)
    history = [str(r) for r in game.history]
    history[0] = "cut K♠ K♠"
    with pytest.raises(IllegalActionError, match=r"history record 0 \(cut K♠ K♠\)"):
        Game.replay(history)
    history[0] = "cut K♠"
    with pytest.raises(ecarte.CardParseError, match=r"history record 0"):
        Game.replay(history)


def _stacked(doc: dict[str, Any], kind: str) -> dict[str, Any]:
    """``doc`` with its first ``kind`` record's first and last cards swapped."""
    history = list(doc["history"])
    i = next(i for i, r in enumerate(history) if r.startswith(kind + " "))
    words = history[i].split()
    words[1], words[-1] = words[-1], words[1]
    history[i] = " ".join(words)
    return {**doc, "history": history}


@pytest.mark.parametrize("kind", ["cut", "deal"])
def test_a_save_cannot_stack_the_deck(kind: str) -> None:
    """A game that drew its chance from its seed restores only with the cut and deals the
    seed draws: a saved deal or cut changed by hand is refused, naming the record."""
    game = Game(seed=11)
    while len(game.history) < 8:
        game.apply(game.legal_actions()[0])
    doc = game.to_dict()
    with pytest.raises(SaveFormatError, match=rf"history\[\d+\]: {kind} .*the game's seed draws"):
        Game.from_dict(_stacked(doc, kind))
    assert Game.from_dict(doc).to_dict() == doc


def test_a_save_with_chance_from_outside_replays_it_as_given() -> None:
    """A game whose chance came from outside (``auto_chance=False``) says so in its save,
    and its cuts and deals are replayed as they were applied."""
    other = Game(seed=12)  # another game's cut and deal, applied by hand
    while len(other.history) < 8:
        other.apply(other.legal_actions()[0])
    game = Game(seed=11, auto_chance=False)
    for record in other.history:
        game.apply(record)
    doc = game.to_dict()
    assert doc["auto_chance"] is False
    assert Game.from_dict(doc).to_dict() == doc


@pytest.mark.parametrize("state", [None, "x", {}, [1]])
def test_a_state_for_a_variant_that_keeps_none_is_refused(state: Any) -> None:
    d = walked(Game(variant="quick", seed=8), 8, 20).to_dict()
    assert d["state"] == {}
    d["state"]["quick"] = state
    with pytest.raises(SaveFormatError, match=r"field state\.quick: the plugin keeps no state"):
        Game.from_dict(d)


def test_a_record_that_does_not_apply_is_named_once() -> None:
    """A saved record that does not apply is named by its index and its text, once."""
    doc = walked(Game(seed=14), 14, 12).to_dict()
    i = 1 + next(i for i, r in enumerate(doc["history"]) if r.startswith("deal "))
    doc["history"][i] = "accept"  # the elder proposes or plays the hand here
    with pytest.raises(SaveFormatError) as info:
        Game.from_dict(doc)
    record = doc["history"][i]
    assert str(info.value).startswith(f"saved game, field history[{i}]: {record}: ")
    assert str(info.value).count(record) == 1


@pytest.mark.parametrize("indent", [2.5, [1], "x", True, -1, 10**12])
def test_to_json_refuses_an_indent_that_is_not_a_small_count(indent: Any) -> None:
    """``to_json(indent=...)`` takes None or a number of spaces: anything else is refused
    before any text is written, never a save that does not read back or a raw error."""
    game = walked(Game(seed=5, variant="poule"), 5, 20)
    before = game.to_dict()
    with pytest.raises(ecarte.ArgumentError, match="indent must be"):
        game.to_json(indent=indent)
    assert game.to_dict() == before
    assert Game.from_json(game.to_json(indent=2)).to_dict() == before


def test_a_save_cut_short_anywhere_is_refused() -> None:
    """Every prefix of a saved game's text is a SaveFormatError, never a game."""
    text = walked(Game(seed=6, variant="regles"), 6, 8).to_json()
    for end in range(len(text)):
        with pytest.raises(SaveFormatError):
            ecarte.from_json(text[:end])
        with pytest.raises(SaveFormatError):
            Game.from_json(text[:end].encode())


@pytest.mark.parametrize("options", [{"x": 1}, {"ante": 1, "rotation": "per-hand", "pool": 3}])
def test_a_saved_option_the_variant_does_not_take_is_named(options: dict[str, Any]) -> None:
    """A plugin saved with an option its variant does not take is refused naming the
    option and those the variant takes, in the save's words."""
    from ecarte_poule import Poule

    doc = Game(plugins=[Poule(rotation="per-hand")], seed=12).to_dict()
    doc["plugins"][0]["options"] = options
    with pytest.raises(SaveFormatError) as info:
        Game.from_dict(doc)
    unknown = "x" if "x" in options else "pool"
    assert str(info.value).endswith(f"no option {unknown!r} (options: rotation, ante)")
    assert "__init__" not in str(info.value)


def test_replay_names_a_record_that_does_not_apply_once() -> None:
    """``Game.replay`` names the record by its index and text, then says why, without
    the record's text a second time."""
    history = [str(r) for r in walked(Game(seed=5), 5, 10).history]
    i = 1 + next(i for i, r in enumerate(history) if r.startswith("deal "))
    history[i] = "K♠"  # the elder proposes or plays the hand here
    with pytest.raises(IllegalActionError) as info:
        Game.replay(history, seed=5)
    assert str(info.value).startswith(f"history record {i} (K♠): seat ")
    assert str(info.value).count("K♠") == 1
