"""The game registry: built-in and third-party games by name, load_game, their specs."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import ecarte
from ecarte import ArgumentError, Game, GameSpec, PluginError, Rules, SaveFormatError
from ecarte.engine import registry, save
from ecarte.games.euchre import EuchreGame, EuchreRules


@pytest.mark.own_backends  # a child process on the default backend: once
def test_the_builtin_games_are_listed_without_importing_them() -> None:
    code = (
        "import sys, ecarte\n"
        "names = ecarte.available_games()\n"
        "print(names, 'ecarte.games.euchre' in sys.modules)\n"
        "ecarte.get_game('euchre')\n"
        "print('ecarte.games.euchre' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out[0].startswith("('ecarte', 'euchre'") and out[0].endswith(" False")
    assert out[1] == "True"


def test_the_registry_module_imports_no_game() -> None:
    tree = ast.parse(Path(registry.__file__).read_text(encoding="utf-8"))
    imported = [
        node.module or "" if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    ]
    assert imported and not [m for m in imported if "games" in m], imported


def test_the_builtin_specs() -> None:
    assert registry.BUILTIN_GAMES.keys() == {"ecarte", "euchre"}
    for name in ("ecarte", "euchre"):
        spec = ecarte.get_game(name)
        assert isinstance(spec, GameSpec) and spec.name == name
        assert spec.title and "\n" not in spec.title
        assert callable(spec.load) and callable(spec.play)
        assert isinstance(spec.codec, save.SaveCodec)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            spec.name = "other"  # type: ignore[misc]
    assert ecarte.get_game("ecarte").options() == (
        "rules",
        "seed",
        "variant",
        "plugins",
        "auto_chance",
    )
    assert ecarte.get_game("euchre").options() == ("rules", "seed", "auto_chance")


def test_load_game_ecarte_is_game() -> None:
    game = ecarte.load_game("ecarte", rules="spanish", seed=1, variant="quick")
    same = Game("spanish", seed=1, variant="quick")
    assert type(game) is type(same)
    assert game.to_dict() == same.to_dict() and game.rules == same.rules
    for _ in range(20):
        assert game.legal_actions() == same.legal_actions()
        game.apply(game.legal_actions()[-1])
        same.apply(same.legal_actions()[-1])
    assert game.history == same.history
    assert ecarte.load_game("ecarte", rules=Rules.classic(), seed=2, auto_chance=False).to_act == (
        ecarte.CHANCE
    )


def test_load_game_euchre_takes_rules_or_a_preset_name() -> None:
    for rules in (EuchreRules.openspiel(), "openspiel"):
        game = ecarte.load_game("euchre", rules=rules, seed=9)
        assert isinstance(game, EuchreGame) and game.rules == EuchreRules.openspiel()
        assert game.to_dict() == EuchreGame(EuchreRules.openspiel(), seed=9).to_dict()
    assert ecarte.load_game("euchre", seed=1).rules == EuchreRules.standard()
    assert ecarte.load_game("euchre", seed=1, auto_chance=False).to_act == -1


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("chess", {}, r"unknown game 'chess' \(games: ecarte, euchre"),
        (3, {}, r"a game's name is a str, not 3 \(games: ecarte, euchre"),
        ("ecarte", {"colour": 1}, r"game 'ecarte' has no option 'colour' \(options: rules, "),
        ("euchre", {"variant": "quick"}, r"no option 'variant' \(options: rules, seed, auto"),
        ("ecarte", {"seed": "x"}, "seed must be an int"),
        ("ecarte", {"rules": "martian"}, "martian"),
        ("euchre", {"rules": "martian"}, r"no Euchre preset 'martian' \(presets: standard, "),
        ("euchre", {"rules": Rules.classic()}, "rules must be EuchreRules or a preset's name"),
        ("euchre", {"seed": True}, r"seed must be an int in \[0, 2\*\*64\)"),
        ("euchre", {"seed": -1}, "seed must be an int"),
        ("euchre", {"auto_chance": 1}, "auto_chance must be a bool"),
    ],
)
def test_bad_names_and_options(name: object, options: dict[str, object], message: str) -> None:
    with pytest.raises(ecarte.EcarteError, match=message) as info:
        ecarte.load_game(name, **options)  # type: ignore[arg-type]
    assert isinstance(info.value, ArgumentError | ecarte.RulesError)


def test_a_game_spec_checks_its_fields() -> None:
    def load() -> None:
        return None

    for bad, message in (
        ({"name": "Chess"}, "GameSpec.name"),
        ({"name": ""}, "GameSpec.name"),
        ({"title": "two\nlines"}, "GameSpec.title"),
        ({"title": " "}, "GameSpec.title"),
        ({"load": 3}, "GameSpec.load must be callable"),
        ({"play": "x"}, "GameSpec.play must be callable"),
        ({"codec": {}}, "GameSpec.codec must be an ecarte.engine.save.SaveCodec"),
    ):
        fields: dict[str, object] = {"name": "chess", "title": "Chess", "load": load, **bad}
        with pytest.raises(ArgumentError, match=message):
            GameSpec(**fields)  # type: ignore[arg-type]
    assert GameSpec(name="chess-9", title="Chess", load=load).play is None


# ------------------------------------------------------------ third-party games


def test_installed_games_through_their_entry_points(toy_games: Path) -> None:
    names = ecarte.available_games()
    assert names == ("ecarte", "euchre", "broken", "misnamed", "missing", "quiet", "toy")
    toy = ecarte.load_game("toy", target=5, label="mine")
    assert type(toy).__name__ == "Counter" and (toy.target, toy.label) == (5, "mine")
    with pytest.raises(ArgumentError, match=r"game 'toy' has no option 'rules' \(options: target"):
        ecarte.load_game("toy", rules="x")
    spec = ecarte.get_game("toy")
    assert spec.title == "Toy: a counting game for the tests"
    # a built-in name stays the built-in game
    assert ecarte.get_game("euchre").codec is not spec.codec
    assert ecarte.get_game("ecarte").load(seed=1).__class__.__name__ == "Game"


@pytest.mark.parametrize(
    ("find", "name", "message"),
    [
        (ecarte.get_game, "broken", "its entry point names <function play"),
        (ecarte.get_game, "misnamed", "names the spec of 'toy'"),
        (ecarte.load_game, "missing", "'missing' cannot be loaded: No module named"),
    ],
)
def test_broken_entry_points_raise_plugin_error(
    toy_games: Path, find: Callable[[str], object], name: str, message: str
) -> None:
    with pytest.raises(PluginError, match=message):
        find(name)


def test_a_third_party_game_saves_in_the_envelope(toy_games: Path) -> None:
    toy = ecarte.load_game("toy", target=7, seed=3, label="x")
    for n in (1, 2, 2):
        toy.apply(n)
    text = toy.to_json()
    d = json.loads(text)
    assert list(d)[:3] == ["format", "version", "game"]
    assert (d["format"], d["version"], d["game"], d["label"]) == ("ecarte-save", 2, "toy", "x")
    back = ecarte.from_json(text)
    assert (back.history, back.target, back.seed, back.label) == ([1, 2, 2], 7, 3, "x")
    assert ecarte.from_json(text, label="y").label == "y"  # options go to the codec
    with pytest.raises(ArgumentError, match=r"reading a saved 'toy' game has no option 'plugins'"):
        ecarte.from_json(text, plugins=[])
    with pytest.raises(SaveFormatError, match=r"field history\[1\]: cannot add 5"):
        ecarte.from_json(json.dumps({**d, "history": [1, 5]}))
    with pytest.raises(SaveFormatError, match="field 'colour': not a field of a saved 'toy'"):
        ecarte.from_json(json.dumps({**d, "colour": 1}))
    # the toy's own format before the envelope, claimed through its codec's legacy
    old = ecarte.from_json('{"format": "toy-save", "target": 4, "moves": [2, 1]}')
    assert (old.history, old.target, old.label) == ([2, 1], 4, "old")


def test_a_game_without_a_codec_or_with_autoload_off(
    toy_games: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    toy = ecarte.load_game("toy")
    d = json.loads(toy.to_json())
    with pytest.raises(SaveFormatError, match="field game: game 'quiet' has no save codec"):
        ecarte.from_json(json.dumps({**d, "game": "quiet"}))
    monkeypatch.setenv(registry.AUTOLOAD_ENV, "1")
    assert ecarte.available_games() == ("ecarte", "euchre")
    with pytest.raises(ArgumentError, match=r"unknown game 'toy'.*DISABLE_PLUGIN_AUTOLOAD is set"):
        ecarte.load_game("toy")
    with pytest.raises(SaveFormatError, match="field game: unknown game 'toy'"):
        ecarte.from_json(json.dumps(d))
    assert ecarte.load_game("euchre", seed=1).seed == 1  # the built-in games remain


LONG = "x" * 200_000
ENVELOPE = {"format": save.FORMAT, "version": 2}


def _saved(**extra: object) -> str:
    return json.dumps({**Game(Rules.classic(), seed=1).to_dict(), **extra})


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: ecarte.get_game(LONG), ArgumentError),
        (lambda: ecarte.load_game(LONG), ArgumentError),
        (lambda: ecarte.load_game("euchre", **{LONG: 1}), ArgumentError),
        (lambda: registry.from_dict({**ENVELOPE, "game": LONG}), SaveFormatError),
        (lambda: ecarte.from_json(_saved(), **{LONG: 1}), ArgumentError),
        (lambda: ecarte.from_json(_saved(**{LONG: 1})), SaveFormatError),
        (lambda: ecarte.from_json(_saved(game="ecarte" + LONG)), SaveFormatError),
    ],
)
def test_a_huge_name_is_quoted_by_its_start(call: Callable[[], object], error: type) -> None:
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert len(message) < 400 and "…" in message, message[:500]
