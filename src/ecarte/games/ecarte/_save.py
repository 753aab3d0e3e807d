"""Écarté's save codec: a game in the save envelope, and back (``Game.to_dict``,
``Game.from_dict``).

A saved game is what rebuilds it, never a dump of the machine. In the envelope
(:mod:`ecarte.engine.save`, ``"game": "ecarte"``): the rules asked for, the seed, the
history as text records and, in ``state``, each plugin's own state (hook
``ecarte_save_state``); Écarté's own fields are ``variants`` and ``plugins`` (by name,
with the options that build them) and ``auto_chance``. Restoring makes a new game with
the same rules, plugins and seed, replays the history (chance comes from the seed and the
event's number, so the future deals are the same) and gives each plugin its state back
(hook ``ecarte_restore_state``).

Écarté's own format of version 1 (``ecarte-save`` version 1, without ``game``) is read
as well: it is the envelope's fields without ``game``, and continues as it always did.

Everything read is checked: a document that is corrupt, foreign or newer than
:data:`VERSION` raises :class:`~ecarte.SaveFormatError` naming the field, and
nothing else (the JSON Schema ``save-format.schema.json`` describes the format).
"""

from __future__ import annotations

import enum
import math
import reprlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from ecarte._errors import (
    ArgumentError,
    EcarteError,
    PluginError,
    RulesError,
    SaveFormatError,
    named,
    shown,
)
from ecarte.engine import save
from ecarte.engine.save import fail as _fail
from ecarte.engine.save import get as _get

from ._plugins import accepted_options, call_impl, load_variant, plugin_error, plugin_name
from .actions import Cut, Deal, Event, parse_record
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "CODEC",
    "FORMAT",
    "NAME",
    "VERSION",
    "from_dict",
    "from_json",
    "to_dict",
    "to_json",
    "unpickle",
]

NAME = "ecarte"
"""The game's registered name: the ``game`` field of its saves."""
FORMAT = save.FORMAT
"""The value of a saved game's ``format`` field."""
VERSION = save.VERSION
"""The version of the envelope this ecarte writes (and the newest it reads)."""
FIELDS = ("variants", "plugins", "auto_chance")
"""Écarté's own fields of the envelope."""
_FIELDS_V1 = (
    "format",
    "version",
    "rules",
    "variants",
    "plugins",
    "seed",
    "auto_chance",
    "history",
    "state",
)
"""The fields of Écarté's own format of version 1."""
_RULES = {a.name: a for a in attrs.fields(Rules)}
REQUIRED_RULES = (
    "rank_order",
    "first_dealer",
    "deal_pattern",
    "elder_min_discard",
    "dealer_min_discard",
    "refusal_penalty_to",
    "penalty_first_refusal_only",
    "vole_under_penalty",
    "must_overtake",
    "must_trump",
    "king_announcement",
    "target",
    "games_to_win",
    "game_values",
)
"""The rule options every save holds (those of the first version of the format); an
option added since takes its default when a save lacks it, which is the game the save
was made under."""


def rules_schema() -> dict[str, Any]:
    """The JSON Schema of a save's ``rules``, from :class:`~ecarte.Rules` itself (the
    shipped ``save-format.schema.json`` holds exactly this; a test keeps them equal)."""
    properties: dict[str, Any] = {}
    for name, attribute in _RULES.items():
        default = attribute.default
        if isinstance(default, enum.Enum):
            properties[name] = {"enum": [e.value for e in type(default)]}
        elif isinstance(default, bool):
            properties[name] = {"type": "boolean"}
        else:
            low, high = attribute.metadata["bounds"]
            properties[name] = {"type": "integer", "minimum": low}
            if high is not None:
                properties[name]["maximum"] = high
    return {
        "description": "Every field of ecarte.Rules as asked for (before the variants "
        "configured them); enums by value",
        "type": "object",
        "additionalProperties": False,
        "required": list(REQUIRED_RULES),
        "properties": properties,
    }


_MAX_DEPTH = 64


# ------------------------------------------------------------------- saving


def _plugin_objects(game: Game) -> list[tuple[str, Any]]:
    """The game's plugin objects (``plugins=``), by registered name, in order."""
    hooks = game._config.hooks
    first = 1 + len(game._config.variants)  # classic, then the variants by name
    return list(zip(hooks.names[first:], hooks.instances[first:], strict=True))


def _options(name: str, plugin: Any) -> dict[str, Any] | None:
    """The options that rebuild ``plugin`` through the installed variant ``name``, or
    None when it cannot be rebuilt by name (see ``docs/api.md``)."""
    save_options = getattr(plugin, "save_options", None)
    if not callable(save_options):
        return None
    try:
        factory = load_variant(name.split("#")[0])  # "poule#2": a second Poule object
    except EcarteError:
        return None
    if factory is not type(plugin):
        return None
    try:
        options = save_options()
    except Exception as exc:
        raise plugin_error(name, "save_options", exc) from exc
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise PluginError(
            f"plugin {name!r} failed in save_options: {options!r} is not a dict of str keys"
        )
    _check_json(options, f"plugin {name!r}, save_options")
    return options


def _check_json(value: Any, where: str, depth: int = 0) -> None:
    """Raise PluginError unless ``value`` is plain JSON: None, bool, int, finite float,
    str, list, dict with str keys (what ``json.loads`` gives back unchanged)."""
    if depth > _MAX_DEPTH:
        raise PluginError(f"{where}: nested deeper than {_MAX_DEPTH}")
    if value is None or isinstance(value, bool | int | str):
        return
    if isinstance(value, float):
        if math.isfinite(value):
            return
    elif isinstance(value, list):
        for x in value:
            _check_json(x, where, depth + 1)
        return
    elif isinstance(value, dict):
        for k, x in value.items():
            if not isinstance(k, str):
                raise PluginError(f"{where}: key {k!r} is not a str (JSON keys are)")
            _check_json(x, where, depth + 1)
        return
    raise PluginError(
        f"{where}: {reprlib.repr(value)} is not JSON (None, bool, int, "
        "float, str, list or dict with str keys)"
    )


def encode(game: Game) -> dict[str, Any]:
    """The envelope's fields of ``game`` (see the module docstring)."""
    game._guard("to_dict()")
    rules = game._config.asked_rules
    plugins = [
        {"name": name, "options": _options(name, plugin)} for name, plugin in _plugin_objects(game)
    ]
    state: dict[str, Any] = {}
    game._asking(_save_states, state)  # the game is read-only meanwhile
    return {
        "rules": rules_to_dict(rules),
        "seed": game.seed,
        "history": list(game._read().history_text()),
        "state": state,
        "variants": list(game.variants),
        "plugins": plugins,
        "auto_chance": bool(game._view().auto_chance),
    }


def _save_states(game: Game, state: dict[str, Any]) -> None:
    """Each plugin's ``ecarte_save_state``, checked, into ``state``."""
    hook = "ecarte_save_state"
    for impl in game._config.hooks.impls(hook):
        saved = call_impl(impl, hook, {"game": game})
        if saved is not None:
            _check_json(saved, f"plugin {impl[2]!r} failed in {hook}")
            state[impl[2]] = saved


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """Every field of ``rules`` as a plain JSON value, enums by value (a save's ``rules``,
    and an observation's)."""
    return {
        name: value.value if isinstance(value, enum.Enum) else value
        for name, value in ((n, getattr(rules, n)) for n in _RULES)
    }


def to_dict(game: Game) -> dict[str, Any]:
    """The saved game: the envelope around :func:`encode`."""
    return save.write(NAME, encode(game), CODEC)


def to_json(game: Game, indent: int | None = None) -> str:
    return save.dumps(to_dict(game), indent)


def unsaveable(game: Game) -> list[str]:
    """The names of the game's plugin objects that cannot be rebuilt by name."""
    return [name for name, plugin in _plugin_objects(game) if _options(name, plugin) is None]


def fresh_plugins(game: Game, given: Sequence[object], what: str) -> list[object]:
    """New plugin objects for a copy of ``game`` (``what``, say "rebuild()"): each made
    anew from its options, or taken from ``given``, fresh and in order, when it has none;
    a mismatch is an :class:`ArgumentError`."""
    objects = _plugin_objects(game)
    if not objects and not given:
        return []
    if isinstance(given, str | bytes) or not isinstance(given, Sequence):
        raise ArgumentError(f"{what}: plugins must be a sequence of plugin objects")
    out: list[object] = []
    pending = list(given)
    for name, plugin in objects:
        options = _options(name, plugin)
        if options is not None:
            try:  # _options gives options only for an installed variant's own class
                out.append(type(plugin)(**options))
            except Exception as exc:
                raise PluginError(
                    f"{what}: plugin {name!r} cannot be made anew from its options "
                    f"{reprlib.repr(options)}: {exc}"
                ) from exc
            continue
        if not pending:
            raise ArgumentError(
                f"{what}: the game has the plugin object {name!r}, which cannot be rebuilt "
                f"from options: pass a fresh one, {what[:-1]}plugins=[...])"
            )
        fresh = pending.pop(0)
        if plugin_name(fresh) != name.split("#")[0]:
            raise ArgumentError(
                f"{what}: the game has the plugin {name!r} here; plugins= gives "
                f"{plugin_name(fresh)!r}"
            )
        out.append(fresh)
    if pending:
        raise ArgumentError(
            f"{what}: plugins= gives {len(pending)} plugin object(s) more than the game has"
        )
    return out


# ----------------------------------------------------------------- restoring


def _rules(value: Any) -> Rules:
    if not isinstance(value, dict):
        raise _fail("rules", f"{reprlib.repr(value)} is not an object of rule options")
    save.check_keys(value, _RULES, REQUIRED_RULES, "rules", "rule option")
    options: dict[str, Any] = {}
    for name, attribute in _RULES.items():
        if name not in value:
            continue
        x = value[name]
        default = attribute.default
        if isinstance(default, enum.Enum):
            try:
                x = type(default)(x)
            except (ValueError, TypeError):
                values = ", ".join(repr(e.value) for e in type(default))
                raise _fail(f"rules.{name}", f"{reprlib.repr(x)} is not one of {values}") from None
        elif isinstance(default, bool):
            if not isinstance(x, bool):
                raise _fail(f"rules.{name}", f"{reprlib.repr(x)} is not a bool")
        elif x.__class__ is not int:
            raise _fail(f"rules.{name}", f"{reprlib.repr(x)} is not an int")
        options[name] = x
    try:
        return Rules(**options)
    except EcarteError as exc:
        raise _fail("rules", str(exc)) from exc


def _strings(value: Any, field: str) -> list[str]:
    if not isinstance(value, list):
        raise _fail(field, f"{reprlib.repr(value)} is not a list")
    for i, x in enumerate(value):
        if not isinstance(x, str):
            raise _fail(f"{field}[{i}]", f"{reprlib.repr(x)} is not a str")
    return value


def upgrade(d: dict[str, Any]) -> dict[str, Any]:
    """Écarté's own document of version 1 as an envelope: the same fields, and
    ``game``."""
    if d.get("format") != FORMAT or _get(d, "version", int, "an int") != 1:
        raise _fail("version", f"{reprlib.repr(d.get('version'))} is not 1")
    unknown = sorted(set(d) - set(_FIELDS_V1), key=str)
    if unknown:
        raise _fail(repr(unknown[0]), "not a field of version 1")
    return {**d, "version": VERSION, "game": NAME}


def from_dict(cls: type[Game], d: Any, plugins: Sequence[object] = ()) -> Game:
    """The game saved in ``d`` (see the module docstring); ``plugins`` are fresh plugin
    objects for those the document records without options (matched by name, in order)."""
    return _decode(cls, save.envelope(d, NAME, CODEC), plugins)


def decode(envelope: save.Envelope, *, plugins: Sequence[object] = ()) -> Game:
    """The saved game of a checked envelope (what ``ecarte.from_json`` calls)."""
    from .game import Game

    return _decode(Game, envelope, plugins)


def _decode(cls: type[Game], envelope: save.Envelope, plugins: Sequence[object]) -> Game:
    d = envelope.document
    rules = _rules(envelope.rules)
    variants = _strings(_get(d, "variants", list, "a list"), "variants")
    records = _strings(envelope.history, "history")
    seed = envelope.seed
    auto_chance = _get(d, "auto_chance", bool, "a bool")
    state = envelope.state
    objects = _plugins(_get(d, "plugins", list, "a list"), plugins)
    history = []
    for i, text in enumerate(records):
        try:
            history.append(parse_record(text))
        except EcarteError as exc:
            raise _fail(f"history[{i}]", str(exc)) from exc
    try:
        game = cls(rules, variant=variants, plugins=objects, seed=seed, auto_chance=False)
    except RulesError as exc:  # rules the match cannot be played under
        raise _fail("rules", str(exc)) from exc
    except EcarteError as exc:
        raise _fail("variants" if variants else "plugins", str(exc)) from exc
    unknown = sorted(set(state) - set(game.plugin_names), key=str)
    if unknown:
        raise _fail(f"state.{named(str(unknown[0]))}", "no plugin of the game has that name")
    hooks = game._config.hooks
    keeping = {
        impl[2] for h in ("ecarte_save_state", "ecarte_restore_state") for impl in hooks.impls(h)
    }
    for name in sorted(state, key=str):  # a plugin that saves nothing never wrote one
        if name not in keeping and not callable(
            getattr(game.plugin(name), "restore_options", None)
        ):
            raise _fail(f"state.{name}", "the plugin keeps no state")
    for name in variants:  # a variant named takes back its saved options before the replay
        restore = getattr(game.plugin(name), "restore_options", None)
        if callable(restore):
            try:
                restore(state.get(name))
            except Exception as exc:
                raise _fail(f"state.{name}", f"restore_options: {exc}") from exc
    for i, record in enumerate(history):
        if auto_chance and isinstance(record, Event):
            _check_seeded(game, record, i)
        try:
            game.apply(record)
        except EcarteError as exc:
            why = str(exc)  # apply's message names the record, mostly: never twice
            if not why.startswith(f"{record}: "):
                why = f"{record}: {why}"
            raise _fail(f"history[{i}]", why) from exc
    if auto_chance:
        try:
            game._resume_chance()
        except EcarteError as exc:
            raise _fail("auto_chance", f"drawing the chance due: {exc}") from exc
    hook = "ecarte_restore_state"
    for impl in game._config.hooks.impls(hook):
        name = impl[2]
        if name in state:
            try:
                call_impl(impl, hook, {"game": game, "state": state[name]})
            except PluginError as exc:
                raise _fail(f"state.{name}", str(exc)) from exc
    return game


def _check_seeded(game: Game, record: Event, i: int) -> None:
    """A game whose chance came from its seed has the cut and deals its seed draws: a
    saved one that differs is refused, never replayed."""
    drawn = game._m_draw()
    if not drawn:
        return  # no chance is due here: applying the record refuses it
    cards = (
        record.cards
        if isinstance(record, Cut)
        else record.order
        if isinstance(record, Deal)
        else ()
    )
    ids = tuple(card.id for card in cards)
    if ids != tuple(drawn):
        what = "cut" if len(drawn) == 2 else "deal"
        raise _fail(
            f"history[{i}]",
            f"{record}: not the {what} the game's seed draws (the game drew its chance from "
            "its seed, so its saved cuts and deals cannot differ)",
        )


def _check_option_names(factory: type, options: dict[str, Any]) -> None:
    """An :class:`EcarteError` naming the first of ``options`` that ``factory`` does not
    take, and those it takes (a factory that takes any keyword is not checked)."""
    known, any_keyword = accepted_options(factory)
    unknown = [key for key in options if key not in known]
    if unknown and not any_keyword:
        takes = ", ".join(known) or "none"
        raise EcarteError(f"no option {reprlib.repr(unknown[0])} (options: {takes})")


def _plugins(saved: list[Any], given: Sequence[object]) -> list[object]:
    """The plugin objects of a restored game: rebuilt by name with their options, or
    taken from ``given`` (fresh objects for the ones saved without options)."""
    if isinstance(given, str | bytes) or not isinstance(given, Sequence):
        raise SaveFormatError(f"plugins must be a sequence of plugin objects, not {given!r}")
    out: list[object] = []
    pending = list(given)
    for i, entry in enumerate(saved):
        where = f"plugins[{i}]"
        if not (isinstance(entry, dict) and set(entry) == {"name", "options"}):
            raise _fail(where, f"{reprlib.repr(entry)} is not {{'name': ..., 'options': ...}}")
        name, options = entry["name"], entry["options"]
        if not isinstance(name, str):
            raise _fail(f"{where}.name", f"{reprlib.repr(name)} is not a str")
        if options is None:
            if not pending:
                raise _fail(
                    where,
                    f"the game had the plugin object {name!r}, which cannot be rebuilt by "
                    "name: pass a fresh one, from_dict(d, plugins=[...])",
                )
            plugin = pending.pop(0)
            got = plugin_name(plugin)
            if name.split("#")[0] != got:
                raise _fail(where, f"the game had plugin {name!r} here; plugins= gives {got!r}")
            out.append(plugin)
            continue
        if not isinstance(options, dict):
            raise _fail(f"{where}.options", f"{reprlib.repr(options)} is not an object or null")
        try:
            factory = load_variant(name.split("#")[0])
            if not isinstance(factory, type):
                raise EcarteError(f"variant {name!r} takes no options")
            _check_option_names(factory, options)
            plugin = factory(**options)
        except Exception as exc:
            raise _fail(
                where, f"variant {shown(name)} with options {reprlib.repr(options)}: {exc}"
            ) from exc
        try:
            resaved = _options(name, plugin)
        except PluginError as exc:
            raise _fail(where, str(exc)) from exc
        if resaved is None:  # it would be saved as needing a fresh object
            raise _fail(
                where,
                f"variant {name!r} cannot be rebuilt from options (it has no save_options):"
                " list it in variants, or pass the plugin object, from_dict(d, plugins=[...])",
            )
        out.append(plugin)
    if pending:
        raise SaveFormatError(
            f"plugins= gives {len(pending)} plugin object(s) more than the saved game had"
        )
    return out


def from_json(cls: type[Game], text: Any, plugins: Sequence[object] = ()) -> Game:
    return from_dict(cls, save.loads(text), plugins)


def unpickle(d: dict[str, Any]) -> Game:
    """What ``pickle`` and ``copy.deepcopy`` call to rebuild a game (``Game.__reduce_ex__``)."""
    from .game import Game

    return from_dict(Game, d)


CODEC = save.SaveCodec(
    encode=encode, decode=decode, fields=FIELDS, legacy=(FORMAT,), upgrade=upgrade
)
"""Écarté's codec in the save envelope (the registry's ``ecarte`` game)."""
