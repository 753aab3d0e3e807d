"""Saving and restoring a Euchre game: a JSON document of its rules, seed and history.

The document (format ``ecarte-euchre-save``, version 1)::

    {"format": "ecarte-euchre-save", "version": 1,
     "rules": {every EuchreRules option by name, enums by value},
     "seed": int, "auto_chance": bool,
     "history": [action ids, chance outcomes included],
     "auto": [true for each outcome drawn automatically], "sealed": int}

Restoring replays the history through the engine, every id checked and every outcome
drawn automatically checked against the seed: a corrupt, foreign or newer document raises
:class:`ecarte.SaveFormatError` naming the field.
"""

from __future__ import annotations

import enum
import json
from typing import TYPE_CHECKING, Any

import attrs

from ecarte import IllegalActionError, RulesError, SaveFormatError

from .rules import EuchreRules

if TYPE_CHECKING:
    from .game import EuchreGame

FORMAT = "ecarte-euchre-save"
VERSION = 1


def to_dict(game: EuchreGame) -> dict[str, Any]:
    rules = {
        f.name: v.value if isinstance(v, enum.Enum) else v
        for f, v in ((f, getattr(game.rules, f.name)) for f in attrs.fields(EuchreRules))
    }
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": rules,
        "seed": game.seed,
        "auto_chance": game.auto_chance,
        "history": game.history_ids(),
        "auto": game.history_auto(),
        "sealed": game.sealed,
    }


def _fail(field: str, why: str) -> SaveFormatError:
    return SaveFormatError(f"{FORMAT} field {field!r}: {why}")


def _get(d: dict[str, Any], key: str, kind: type) -> Any:
    if key not in d:
        raise _fail(key, "missing")
    v = d[key]
    if (isinstance(v, bool) and kind is not bool) or not isinstance(v, kind):
        raise _fail(key, f"expected {kind.__name__}, not {type(v).__name__}")
    return v


def from_dict(cls: type[EuchreGame], d: Any) -> EuchreGame:
    if not isinstance(d, dict):
        raise SaveFormatError(f"a saved game is a JSON object, not {type(d).__name__}")
    if d.get("format") != FORMAT:
        raise _fail("format", f"expected {FORMAT!r}, not {d.get('format')!r}")
    version = _get(d, "version", int)
    if version != VERSION:
        raise _fail("version", f"this ecarte-euchre reads version {VERSION}, not {version!r}")
    raw = _get(d, "rules", dict)
    names = {f.name for f in attrs.fields(EuchreRules)}
    if set(raw) - names:
        raise _fail("rules", f"unknown options {sorted(set(raw) - names)!r}")
    try:
        rules = EuchreRules(**raw)
    except (RulesError, TypeError) as e:
        raise _fail("rules", str(e)) from None
    seed = _get(d, "seed", int)
    if not 0 <= seed < 1 << 64:
        raise _fail("seed", f"expected an int 0..2**64-1, not {seed!r}")
    auto_chance = _get(d, "auto_chance", bool)
    history = _get(d, "history", list)
    autos = _get(d, "auto", list)
    sealed = _get(d, "sealed", int)
    if any(isinstance(i, bool) or not isinstance(i, int) for i in history):
        raise _fail("history", "expected a list of action ids (ints)")
    if len(autos) != len(history) or any(not isinstance(a, bool) for a in autos):
        raise _fail("auto", "expected one bool per history entry")
    if not 0 <= sealed <= len(history):
        raise _fail("sealed", f"expected 0..{len(history)}, not {sealed!r}")
    game = cls(rules, seed=seed, auto_chance=False)
    try:
        game.restore_history(history, autos, sealed)
    except IllegalActionError as e:
        raise _fail("history", str(e)) from None
    game.auto_chance = auto_chance
    return game


def to_json(game: EuchreGame, indent: int | None = None) -> str:
    return json.dumps(to_dict(game), indent=indent, ensure_ascii=False)


def from_json(cls: type[EuchreGame], text: Any) -> EuchreGame:
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveFormatError(f"a saved game is JSON text, not {type(text).__name__}")
    try:
        d = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise SaveFormatError(f"not JSON: {e}") from None
    return from_dict(cls, d)


def unpickle(d: dict[str, Any]) -> EuchreGame:
    """What ``pickle`` calls to rebuild a game (``EuchreGame.__reduce__``)."""
    from .game import EuchreGame

    return from_dict(EuchreGame, d)
