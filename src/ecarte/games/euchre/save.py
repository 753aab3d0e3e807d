"""Euchre's save codec: a game in the save envelope (:mod:`ecarte.engine.save`), and back.

The document::

    {"format": "ecarte-save", "version": 2, "game": "euchre",
     "rules": {every EuchreRules option by name, enums by value},
     "seed": int, "history": [action ids, chance outcomes included], "state": {},
     "auto_chance": bool, "auto": [true for each outcome drawn automatically],
     "sealed": int (the moves undo cannot take back: a given deal)}

Euchre keeps nothing beyond its rules and history: ``state`` is ``{}``. Restoring
replays the history through the engine, every id checked and every outcome drawn
automatically checked against the seed: a corrupt, foreign or newer document raises
:class:`ecarte.SaveFormatError` naming the field.

Euchre's own format of version 1 (``"format": "ecarte-euchre-save", "version": 1``,
the same fields without ``game`` and ``state``) is read as well: fields it does not know
are ignored, and a rule option missing is refused as in the envelope (version 1 wrote
every option there was, so a document without one was not written by ecarte). An option
added since (:data:`REQUIRED_RULES` lists the others) takes its default when missing: the
game the save was made under.
"""

from __future__ import annotations

import enum
import reprlib
from typing import TYPE_CHECKING, Any

import attrs

from ecarte import IllegalActionError, RulesError
from ecarte.engine import save
from ecarte.engine.save import fail as _fail
from ecarte.engine.save import get as _get

from .rules import EuchreRules

if TYPE_CHECKING:
    from .game import EuchreGame

__all__ = ["CODEC", "FORMAT", "NAME", "VERSION", "from_dict", "from_json", "to_dict", "to_json"]

NAME = "euchre"
"""The game's registered name: the ``game`` field of its saves."""
FORMAT = save.FORMAT
"""The value of a saved game's ``format`` field."""
VERSION = save.VERSION
"""The version of the envelope written."""
FIELDS = ("auto_chance", "auto", "sealed")
"""Euchre's own fields of the envelope."""
LEGACY_FORMAT = "ecarte-euchre-save"
"""Euchre's own format before the envelope (version 1 only)."""
_V1_FIELDS = ("rules", "seed", "history", "auto_chance", "auto", "sealed")
_RULES = tuple(f.name for f in attrs.fields(EuchreRules))
REQUIRED_RULES = (
    "stick_the_dealer",
    "dealer_may_decline",
    "allow_lone_defender",
    "lone_defender_scoring",
    "lead",
    "deal_order",
    "dealer_may_discard_upcard",
    "deck",
    "target",
)
"""The rule options every save holds (those of the first version of the format); an
option added since takes its default when a save lacks it, which is the game the save
was made under (``anyone_alone``: only the maker and, by the options, the defenders go
alone)."""


def _by_value(rules: EuchreRules) -> dict[str, Any]:
    return {
        name: v.value if isinstance(v, enum.Enum) else v
        for name, v in ((name, getattr(rules, name)) for name in _RULES)
    }


def encode(game: EuchreGame) -> dict[str, Any]:
    """The envelope's fields of ``game``."""
    return {
        "rules": _by_value(game.rules),
        "seed": game.seed,
        "history": game.history_ids(),
        "state": {},
        "auto_chance": game.auto_chance,
        "auto": game.history_auto(),
        "sealed": game.sealed,
    }


def to_dict(game: EuchreGame) -> dict[str, Any]:
    """The saved game: the envelope around :func:`encode`."""
    return save.write(NAME, encode(game), CODEC)


def to_json(game: EuchreGame, indent: int | None = None) -> str:
    return save.dumps(to_dict(game), indent)


def upgrade(d: dict[str, Any]) -> dict[str, Any]:
    """Euchre's own document of version 1 as an envelope (unknown fields are ignored;
    every rule option is required: version 1 wrote them all)."""
    version = _get(d, "version", int, "an int")
    if version != 1:
        raise _fail("version", f"a {LEGACY_FORMAT!r} document is of version 1, not {version}")
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": NAME, "state": {}}
    for key in _V1_FIELDS:
        if key in d:
            out[key] = d[key]
    return out


def from_dict(cls: type[EuchreGame], d: Any) -> EuchreGame:
    """The game saved in ``d`` (errors: :class:`~ecarte.SaveFormatError` naming the field)."""
    return _decode(cls, save.envelope(d, NAME, CODEC))


def decode(envelope: save.Envelope) -> EuchreGame:
    """The saved game of a checked envelope (what ``ecarte.from_json`` calls)."""
    from .game import EuchreGame

    return _decode(EuchreGame, envelope)


def _decode(cls: type[EuchreGame], envelope: save.Envelope) -> EuchreGame:
    d = envelope.document
    raw = envelope.rules
    save.check_keys(raw, _RULES, REQUIRED_RULES, "rules", "rule option")
    try:
        rules = EuchreRules(**raw)
    except (RulesError, TypeError, ValueError) as e:
        raise _fail(_bad_option(str(e)), str(e)) from None
    if envelope.state:
        key = sorted(envelope.state, key=str)[0]
        raise _fail(f"state.{key}", "a Euchre game keeps no state beyond its history")
    history = envelope.history
    auto_chance = _get(d, "auto_chance", bool, "a bool")
    autos = _get(d, "auto", list, "a list")
    sealed = _get(d, "sealed", int, "an int")
    for i, x in enumerate(history):
        if isinstance(x, bool) or not isinstance(x, int):
            raise _fail(f"history[{i}]", f"{reprlib.repr(x)} is not an action id (an int)")
    if len(autos) != len(history) or any(not isinstance(a, bool) for a in autos):
        raise _fail("auto", "expected one bool per history entry")
    if not 0 <= sealed <= len(history):
        raise _fail("sealed", f"expected 0..{len(history)}, not {sealed!r}")
    game = cls(rules, seed=envelope.seed, auto_chance=False)
    try:
        game.restore_history(history, autos, sealed)
    except IllegalActionError as e:
        raise _fail("history", str(e)) from None
    game.auto_chance = auto_chance
    return game


def _bad_option(why: str) -> str:
    """The field a refusal of :class:`EuchreRules` names (its messages start with the
    option's name), else ``rules``."""
    return next((f"rules.{name}" for name in _RULES if why.startswith(f"{name} ")), "rules")


def from_json(cls: type[EuchreGame], text: Any) -> EuchreGame:
    return from_dict(cls, save.loads(text))


def unpickle(d: dict[str, Any]) -> EuchreGame:
    """What ``pickle`` calls to rebuild a game (``EuchreGame.__reduce__``)."""
    from .game import EuchreGame

    return from_dict(EuchreGame, d)


CODEC = save.SaveCodec(
    encode=encode, decode=decode, fields=FIELDS, legacy=(LEGACY_FORMAT,), upgrade=upgrade
)
"""Euchre's codec in the save envelope (the registry's ``euchre`` game)."""
