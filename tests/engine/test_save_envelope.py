"""The save envelope: both games' saves, read by ecarte.from_json; version-1 saves of
both games continue as they did; corrupt envelopes name the field."""

from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import ecarte
from ecarte import Game, SaveFormatError
from ecarte.engine import registry, save
from ecarte.games.ecarte._save import REQUIRED_RULES
from ecarte.games.euchre import EuchreGame, EuchreRules
from ecarte.games.euchre.save import REQUIRED_RULES as EUCHRE_REQUIRED_RULES

SAVES = Path(__file__).parent.parent / "data" / "saves"


def _make_saves() -> Any:
    """tests/data/saves/make_saves.py: the continuation policies and the saved games."""
    spec = importlib.util.spec_from_file_location("make_saves", SAVES / "make_saves.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MAKE = _make_saves()
V1 = sorted(p.name[3:-5] for p in SAVES.glob("v1-*.json") if ".continued" not in p.name)


def _ecarte() -> Game:
    game = Game(seed=5, variant="poule")
    MAKE.continue_ecarte(game, 5, 40)
    return game


def _euchre() -> EuchreGame:
    game = EuchreGame(EuchreRules.seed(), seed=5)
    MAKE.continue_euchre(game, 5, 40)
    return game


def _comparable(d: dict[str, Any]) -> dict[str, Any]:
    """A saved document without what the envelope changed (format, version, game, and
    Euchre's empty state) or what version 1 did not have (Écarté's later rule options)."""
    out = {k: v for k, v in d.items() if k not in ("format", "version", "game")}
    if d.get("format") == "ecarte-euchre-save" or d.get("game") == "euchre":
        out.pop("state", None)
        defaults = EuchreGame(seed=0).to_dict()["rules"]  # Euchre's later rule options
        added = {k: v for k, v in out["rules"].items() if k not in EUCHRE_REQUIRED_RULES}
        assert added == {k: defaults[k] for k in added}
        out["rules"] = {k: v for k, v in out["rules"].items() if k in EUCHRE_REQUIRED_RULES}
    else:  # the rule options added since version 1, which a version-1 game has at their defaults
        state = dict(out.get("state", {}))
        if state.get("regles") == {"strict_dealer": False}:  # saved since, as it was then
            del state["regles"]
        out["state"] = state
        defaults = Game(seed=0).to_dict()["rules"]
        added = {k: v for k, v in out["rules"].items() if k not in REQUIRED_RULES}
        assert added == {k: defaults[k] for k in added}
        out["rules"] = {k: v for k, v in out["rules"].items() if k in REQUIRED_RULES}
    return out


def test_both_games_write_the_envelope() -> None:
    for game, name, own in (
        (_ecarte(), "ecarte", ["variants", "plugins", "auto_chance"]),
        (_euchre(), "euchre", ["auto_chance", "auto", "sealed"]),
    ):
        d = json.loads(game.to_json())
        assert list(d) == [*save.COMMON_FIELDS, *own]
        assert (d["format"], d["version"], d["game"]) == ("ecarte-save", 2, name)
        assert d == game.to_dict() and d["seed"] == game.seed


def test_from_json_reads_either_game() -> None:
    for game, cls in ((_ecarte(), Game), (_euchre(), EuchreGame)):
        for back in (ecarte.from_json(game.to_json()), registry.from_dict(game.to_dict())):
            assert isinstance(back, cls) and back is not game
            assert back.to_dict() == game.to_dict()
            assert back.legal_action_ids() == game.legal_action_ids()
        again = cls.from_json(game.to_json())  # type: ignore[attr-defined]
        assert again.to_dict() == game.to_dict()
    with pytest.raises(SaveFormatError, match="field game: a saved 'euchre' game, not 'ecarte'"):
        Game.from_json(_euchre().to_json())
    with pytest.raises(SaveFormatError, match="field game: a saved 'ecarte' game, not 'euchre'"):
        EuchreGame.from_json(_ecarte().to_json())


# ------------------------------------------------------------ version 1


@pytest.mark.parametrize("name", V1)
def test_a_version_1_save_continues_as_it_did(name: str) -> None:
    text = (SAVES / f"v1-{name}.json").read_text(encoding="utf-8")
    old = json.loads(text)
    expected = json.loads((SAVES / f"v1-{name}.continued.json").read_text(encoding="utf-8"))
    assert old["version"] == expected["version"] == 1
    euchre = name.startswith("euchre")
    cls: Any = EuchreGame if euchre else Game
    loaded = ecarte.from_json(text)
    assert type(loaded) is type(cls.from_json(text))
    assert isinstance(loaded, cls)
    resaved = loaded.to_dict()
    assert (resaved["format"], resaved["version"]) == ("ecarte-save", 2)
    assert _comparable(resaved) == _comparable(old)  # the same game, in the envelope
    assert cls.from_dict(resaved).to_dict() == resaved
    # continued by the policy that continued the original when it was saved
    seed = sum(map(ord, name))
    (MAKE.continue_euchre if euchre else MAKE.continue_ecarte)(loaded, seed)
    assert _comparable(loaded.to_dict()) == _comparable(expected)
    # and as the original game, made again and continued, goes on today
    original = (MAKE.euchre_games() if euchre else MAKE.ecarte_games())[name]
    assert _comparable(original.to_dict()) == _comparable(old)
    (MAKE.continue_euchre if euchre else MAKE.continue_ecarte)(original, seed)
    assert original.to_dict() == loaded.to_dict()
    assert original.legal_action_ids() == loaded.legal_action_ids()
    assert original.is_over == loaded.is_over


def test_the_version_1_saves_cover_both_games() -> None:
    assert sum(n.startswith("ecarte") for n in V1) >= 5
    assert sum(n.startswith("euchre") for n in V1) >= 4


def test_a_version_1_euchre_save_is_read_with_every_rule_option() -> None:
    """Unknown fields are ignored; a rule option missing is refused (version 1 wrote
    every option there is, so its default could be another game's rules)."""
    d = json.loads((SAVES / "v1-euchre-standard.json").read_text(encoding="utf-8"))
    game = EuchreGame.from_dict(d)
    lax = copy.deepcopy(d)
    lax["comment"] = "kept by hand"
    assert EuchreGame.from_dict(lax).to_dict() == game.to_dict()
    for option in ("lead", "deck"):
        short = copy.deepcopy(d)
        del short["rules"][option]
        with pytest.raises(SaveFormatError, match=rf"field rules\.{option}: missing"):
            EuchreGame.from_dict(short)
    for change, field in (
        ({"version": 2}, "version: a 'ecarte-euchre-save' document is of version 1"),
        ({"seed": "1"}, "seed"),
        ({"auto": []}, "auto"),
        ({"rules": {"deck": 23}}, "rules"),
    ):
        with pytest.raises(SaveFormatError, match=f"field {field}"):
            ecarte.from_json(json.dumps({**d, **change}))


def test_a_version_1_ecarte_save_is_checked_as_version_1() -> None:
    d = json.loads((SAVES / "v1-ecarte-classic.json").read_text(encoding="utf-8"))
    with pytest.raises(SaveFormatError, match="field 'game': not a field of version 1"):
        ecarte.from_json(json.dumps({**d, "game": "ecarte"}))
    with pytest.raises(SaveFormatError, match="field version: a version-1 'ecarte-save' docu"):
        EuchreGame.from_dict(d)
    with pytest.raises(SaveFormatError, match="field format: 'ecarte-euchre-save' is not"):
        Game.from_dict(json.loads((SAVES / "v1-euchre-standard.json").read_text()))


# ------------------------------------------------------------ corrupt envelopes

WRONG = {
    "format": 1,
    "version": "2",
    "game": ["ecarte"],
    "rules": [],
    "seed": 1.5,
    "history": {},
    "state": [],
}


@pytest.mark.parametrize("which", ["ecarte", "euchre"])
@pytest.mark.parametrize("field", save.COMMON_FIELDS)
def test_each_common_field_missing_or_of_the_wrong_type(which: str, field: str) -> None:
    game = _ecarte() if which == "ecarte" else _euchre()
    cls: Any = type(game)
    d = game.to_dict()
    missing = {k: v for k, v in d.items() if k != field}
    wrong = {**d, field: WRONG[field]}
    for bad in (missing, wrong):
        for read in (
            lambda b: ecarte.from_json(json.dumps(b)),
            registry.from_dict,
            cls.from_dict,
        ):
            with pytest.raises(SaveFormatError, match=f"saved game, field {field}"):
                read(bad)
    assert cls.from_dict(d).to_dict() == d  # the document itself was left as it was


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "chess"}, r"field game: unknown game 'chess' \(games: ecarte, euchre"),
        ({"version": 3}, r"field version: 3 is newer than this ecarte reads \(2\): upgrade"),
        ({"version": 0}, "field version: 0 is no version"),
        ({"version": True}, "field version"),
        ({"seed": -1}, r"field seed: not an int in \[0, 2\*\*64\)"),
        ({"seed": 1 << 64}, "field seed"),
        ({"seed": False}, "field seed"),
        ({"format": "chess-save"}, "field format: 'chess-save' is not 'ecarte-save'"),
        ({"extra": 1}, "field 'extra': not a field of a saved"),
    ],
)
def test_corrupt_envelopes(change: dict[str, Any], message: str) -> None:
    for game in (_ecarte(), _euchre()):
        with pytest.raises(SaveFormatError, match=message):
            ecarte.from_json(json.dumps({**game.to_dict(), **change}))


@pytest.mark.parametrize(
    "text", ["", "[", "[]", "null", "NaN", '{"format": 1}', "{}", b"\xff", 5, None]
)
def test_not_a_saved_game(text: Any) -> None:
    with pytest.raises(SaveFormatError):
        ecarte.from_json(text)


def test_size_and_depth_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    d = _ecarte().to_dict()
    deep: Any = 0
    for _ in range(save.MAX_DEPTH):
        deep = [deep]
    with pytest.raises(SaveFormatError, match="field state: nested deeper than 100"):
        ecarte.from_json(json.dumps({**d, "state": {"poule": deep}}))
    with pytest.raises(SaveFormatError, match="a saved game is JSON text"):
        ecarte.from_json("[" * 200_000)
    shared: list[Any] = []
    with pytest.raises(SaveFormatError, match="field state: a list or object appears twice"):
        registry.from_dict({**d, "state": {"a": shared, "b": shared}})
    cyclic: dict[str, Any] = {}
    cyclic["x"] = cyclic
    with pytest.raises(SaveFormatError, match="field state: a list or object appears twice"):
        Game.from_dict({**d, "state": cyclic})
    text = json.dumps(d)
    monkeypatch.setattr(save, "MAX_BYTES", len(text) - 1)
    with pytest.raises(SaveFormatError, match="at most"):
        ecarte.from_json(text)


def test_save_codec_and_write_check_their_input() -> None:
    codec = ecarte.get_game("euchre").codec
    assert codec is not None
    with pytest.raises(ValueError, match="'seed' is a common field"):
        save.SaveCodec(encode=codec.encode, decode=codec.decode, fields=("seed",))
    with pytest.raises(ValueError, match="legacy formats need an upgrade"):
        save.SaveCodec(encode=codec.encode, decode=codec.decode, legacy=("old",))
    with pytest.raises(TypeError, match="names"):
        save.SaveCodec(encode=codec.encode, decode=codec.decode, fields="auto")
    fields = codec.encode(_euchre())
    del fields["sealed"]
    with pytest.raises(SaveFormatError, match=r"encoded the wrong fields \(missing \['sealed'\]"):
        save.write("euchre", fields, codec)


@pytest.mark.parametrize("game", ["ecarte", "euchre"])
def test_numbers_are_bounded_before_they_are_read(game: str) -> None:
    """An integer of more than 20 digits is refused while the text is parsed (so no
    number costs more than its length), and one beyond 64 bits in a document; deep
    nesting is refused with the package's error."""
    doc = (_ecarte() if game == "ecarte" else _euchre()).to_dict()
    text = json.dumps(doc)
    with pytest.raises(SaveFormatError, match="an integer of 4301 digits"):
        ecarte.from_json(text.replace(f'"seed": {doc["seed"]}', '"seed": ' + "9" * 4301))
    with pytest.raises(SaveFormatError, match="field seed: an integer beyond 64 bits"):
        registry.from_dict({**doc, "seed": 1 << 64})
    with pytest.raises(SaveFormatError):
        ecarte.from_json("[" * 100_000 + "]" * 100_000)
    assert ecarte.from_json(text).to_dict() == doc


@pytest.mark.parametrize("game", ["ecarte", "euchre"])
def test_an_integer_of_too_many_digits_names_its_field(game: str) -> None:
    """An integer of more than 20 digits is refused unread, naming the field it is in,
    as docs/api.md states."""
    doc = (_ecarte() if game == "ecarte" else _euchre()).to_dict()
    text = json.dumps(doc).replace(f'"seed": {doc["seed"]}', '"seed": -' + "9" * 4301)
    with pytest.raises(SaveFormatError, match=r"field seed: an integer of 4302 digits"):
        ecarte.from_json(text)
    last = {key: value for key, value in doc.items() if key != "history"}
    text = json.dumps({**last, "history": [*doc["history"], 1]})[:-2] + "0" * 30 + "]}"
    with pytest.raises(SaveFormatError, match=r"field history: an integer of 31 digits"):
        ecarte.from_json(text)
