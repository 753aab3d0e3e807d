"""The save envelope: one JSON document for a saved game of any game on the engine.

A saved game (format ``ecarte-save``, :data:`VERSION`) is a JSON object with the
common fields

=========== ==============================================================================
``format``  ``"ecarte-save"``
``version`` ``2``: a reader refuses a newer one
``game``    the registered name of the game (``"ecarte"``, ``"euchre"``, a third-party
            game's): :func:`ecarte.from_json` reads the document through that game's codec
``rules``   the game's rules, an object of rule options
``seed``    the seed chance is drawn from, an int in [0, 2**64)
``history`` every move (chance included), in order, as the game spells them
``state``   an object: what the game keeps beyond its rules and history (Écarté: each
            plugin's own state; ``{}`` for a game without any)
=========== ==============================================================================

plus the fields the game's codec declares (:attr:`SaveCodec.fields`; Écarté:
``variants``, ``plugins``, ``auto_chance``; Euchre: ``auto_chance``, ``auto``,
``sealed``). A document is rebuilt by replaying it, never a dump of memory.

This module knows no game: it writes the envelope around what a game's
:class:`SaveCodec` encodes, and checks the common fields of a document (types, ranges,
unknown fields, nesting depth and size) before the codec reads the rest. Every refusal is
a :class:`~ecarte.SaveFormatError` whose message names the field
(``saved game, field seed: missing``).

Documents older than the envelope (a game's own format, version 1) are read through the
codec of the game that lists their format in :attr:`SaveCodec.legacy`: its
:attr:`SaveCodec.upgrade` turns one into an envelope, which is then read as any other.
"""

from __future__ import annotations

import json
import re
import reprlib
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

import attrs
from attrs import frozen

from ecarte._errors import ArgumentError, ArgumentTypeError, SaveFormatError, named, shown

__all__ = [
    "COMMON_FIELDS",
    "FORMAT",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_INDENT",
    "VERSION",
    "Envelope",
    "SaveCodec",
    "check_keys",
    "check_tree",
    "dumps",
    "envelope",
    "fail",
    "game_name",
    "get",
    "is_legacy",
    "loads",
    "number",
    "write",
]

FORMAT = "ecarte-save"
"""The value of a saved game's ``format`` field."""
VERSION = 2
"""The version of the envelope this ecarte writes, and the newest it reads."""
COMMON_FIELDS = ("format", "version", "game", "rules", "seed", "history", "state")
"""The fields every saved game has, in the order they are written."""
MAX_BYTES = 64 << 20
"""The largest saved game read, in bytes (characters for text)."""
MAX_DEPTH = 100
"""The deepest nesting of lists and objects read (the envelope itself is depth 1)."""


@frozen
class Envelope:
    """A saved game whose common fields have been checked: what a codec decodes.

    ``document`` is the whole (upgraded) document, for the codec's own fields; read them
    with :func:`get`.
    """

    game: str
    """The game's registered name."""
    version: int
    """The envelope version of ``document`` (an upgraded legacy document is the current)."""
    rules: dict[str, Any]
    seed: int
    history: list[Any]
    state: dict[str, Any]
    document: Mapping[str, Any]


def _names(value: Iterable[str]) -> tuple[str, ...]:
    names = tuple(value)
    if isinstance(value, str) or not all(isinstance(n, str) for n in names):
        raise TypeError(f"expected names (a tuple of str), not {value!r}")
    return names


@frozen
class SaveCodec:
    """How one game is saved in the envelope and read back.

    - ``encode(game)`` returns a dict with the common fields ``rules``, ``seed``,
      ``history`` and ``state`` (plain JSON values) and the game's own :attr:`fields`;
      :func:`write` adds ``format``, ``version`` and ``game``.
    - ``decode(envelope, **options)`` returns the saved game, a new object, from an
      :class:`Envelope` whose common fields are checked; it checks its own and raises
      :class:`~ecarte.SaveFormatError` (see :func:`fail`) naming the field. ``options``
      are what ``ecarte.from_json(text, **options)`` passes on (Écarté: ``plugins=``); a
      codec raises :class:`~ecarte.ArgumentError` for one it does not take.
    - ``fields``: the names of the game's own top-level fields; any other unknown field
      is refused.
    - ``legacy`` and ``upgrade``: the formats of the game's documents older than the
      envelope, and the function that turns one (a dict, format in ``legacy``) into an
      envelope dict of the current version or raises :class:`~ecarte.SaveFormatError`.
      A document counts as legacy when its format is not ``ecarte-save``, or when it is
      ``ecarte-save`` version 1 (Écarté's own format before the envelope).
    """

    encode: Callable[[Any], dict[str, Any]]
    decode: Callable[..., Any]
    fields: tuple[str, ...] = attrs.field(default=(), converter=_names)
    legacy: tuple[str, ...] = attrs.field(default=(), converter=_names)
    upgrade: Callable[[dict[str, Any]], dict[str, Any]] | None = None

    def __attrs_post_init__(self) -> None:
        clash = sorted(set(self.fields) & set(COMMON_FIELDS))
        if clash:
            raise ValueError(f"SaveCodec.fields: {clash[0]!r} is a common field")
        if self.legacy and self.upgrade is None:
            raise ValueError("SaveCodec: legacy formats need an upgrade function")


def fail(field: str, why: str) -> SaveFormatError:
    """The error for a bad ``field`` (``rules.target``, ``history[3]``, ``'extra'``)."""
    return SaveFormatError(f"saved game, field {field}: {why}")


def check_keys(
    value: Mapping[str, Any],
    known: Iterable[str],
    required: Iterable[str],
    field: str,
    what: str = "key",
) -> None:
    """Raise :class:`~ecarte.SaveFormatError` naming the first key of ``value`` that is
    not ``known`` (not a ``what`` of this version), else the first ``required`` one
    missing."""
    unknown = sorted(set(value) - set(known), key=str)
    if unknown:
        raise fail(f"{field}.{named(str(unknown[0]))}", f"not a {what} of this version")
    missing = [name for name in required if name not in value]
    if missing:
        raise fail(f"{field}.{missing[0]}", "missing")


def get(d: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    """``d[key]``, which must be present and an instance of ``kind`` (a bool counts as an
    int only where ``kind`` names bool); ``what`` names the kind in the message."""
    if key not in d:
        raise fail(key, "missing")
    value = d[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise fail(key, f"{reprlib.repr(value)} is not {what}")
    return value


def write(game: str, fields: Mapping[str, Any], codec: SaveCodec) -> dict[str, Any]:
    """The envelope of a saved ``game`` around what its codec encoded (``fields``: the
    common fields but ``format``, ``version`` and ``game``, then the codec's own)."""
    expected = (*COMMON_FIELDS[3:], *codec.fields)
    if set(fields) != set(expected):
        missing = sorted(set(expected) - set(fields))
        extra = sorted(set(fields) - set(expected))
        raise SaveFormatError(
            f"the codec of game {game!r} encoded the wrong fields (missing {missing}, "
            f"unknown {extra})"
        )
    head: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": game}
    return head | {name: fields[name] for name in expected}


MAX_INDENT = 16
"""The most spaces :func:`dumps` indents a saved game's text by."""


def dumps(document: Mapping[str, Any], indent: int | None = None) -> str:
    """A document as JSON text (UTF-8 characters kept, no NaN or infinity), on one line
    or, with ``indent``, indented by that many spaces (0 to :data:`MAX_INDENT`)."""
    if indent is not None and (
        isinstance(indent, bool) or not isinstance(indent, int) or not 0 <= indent <= MAX_INDENT
    ):
        why = (
            f"indent must be None or a number of spaces 0..{MAX_INDENT}, not {reprlib.repr(indent)}"
        )
        if isinstance(indent, int) and not isinstance(indent, bool):
            raise ArgumentError(why)
        raise ArgumentTypeError(why)
    return json.dumps(document, ensure_ascii=False, indent=indent, allow_nan=False)


def loads(text: Any) -> Any:
    """The JSON value of a saved game's text (``str``, ``bytes`` or ``bytearray``),
    checked for size (:data:`MAX_BYTES`) and depth (:data:`MAX_DEPTH`)."""
    if not isinstance(text, str | bytes | bytearray):
        raise SaveFormatError(f"a saved game is JSON text, not {reprlib.repr(text)}")
    if len(text) > MAX_BYTES:
        raise SaveFormatError(
            f"a saved game is at most {MAX_BYTES} bytes; this text has {len(text)}"
        )
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_int=_bounded_int)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, bad bytes: ValueError
        raise SaveFormatError(f"a saved game is JSON text: {exc}") from None
    check_tree(value)
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


_INT_DIGITS = 20
"""The most digits of an integer in a saved game (a 64-bit seed has 20): longer ones are
refused before they are converted, so that no number costs more than its length."""


@frozen
class _TooLong:
    """An integer of more than :data:`_INT_DIGITS` digits, left unread: :func:`check_tree`
    refuses it naming the field it is in."""

    digits: int


def _bounded_int(digits: str) -> int | _TooLong:
    if len(digits.lstrip("-")) > _INT_DIGITS:
        return _TooLong(len(digits))
    return int(digits)


_NUMBER = re.compile(r"[+-]?(?:\d{1,30}(?:\.\d{0,30})?|\.\d{1,30})(?:[eE][+-]?\d{1,3})?")
"""A decimal number as a save writes one: at most 30 digits on each side of the point and
an exponent of at most 3 digits (``Fraction("1e-10000000")`` would take seconds)."""


def number(value: Any, field: str) -> Fraction:
    """A number saved as decimal text (``"2.5"``, ``"1e-3"``) as an exact
    :class:`~fractions.Fraction`, its shape checked before it is parsed, so that no
    number costs more than its length; anything else raises
    :class:`~ecarte.SaveFormatError` naming ``field``.

    >>> number("2.5", "commission")
    Fraction(5, 2)
    >>> number("1e-10000000", "commission")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ecarte._errors.SaveFormatError: saved game, field commission: '1e-10000000' is not ...
    """
    if not isinstance(value, str) or _NUMBER.fullmatch(value) is None:
        raise fail(
            field,
            f"{reprlib.repr(value)} is not a decimal number (at most 30 digits each side of "
            "the point, an exponent of at most 3 digits)",
        )
    return Fraction(value)


def check_tree(value: Any) -> None:
    """Raise :class:`~ecarte.SaveFormatError` when ``value`` nests lists and dicts
    deeper than :data:`MAX_DEPTH`, holds one list or dict twice (a document is a
    tree: a cycle would never end), an integer beyond 64 bits or one :func:`loads` left
    unread (more than 20 digits). The error names the top-level field."""
    seen: set[int] = set()
    stack: list[tuple[Any, int, str]] = [(value, 1, "")]
    while stack:
        node, depth, field = stack.pop()
        where = field or "(the document)"
        if isinstance(node, _TooLong):
            raise fail(where, f"an integer of {node.digits} digits (at most {_INT_DIGITS})")
        if isinstance(node, int) and not -(1 << 64) < node < 1 << 64:
            raise fail(where, "an integer beyond 64 bits")
        if not isinstance(node, list | dict):
            continue
        if depth > MAX_DEPTH:
            raise fail(where, f"nested deeper than {MAX_DEPTH} lists and objects")
        if id(node) in seen:
            raise fail(where, "a list or object appears twice in the document")
        seen.add(id(node))
        if isinstance(node, dict):
            for key, x in node.items():
                stack.append((x, depth + 1, field or str(key)))
        else:
            stack.extend((x, depth + 1, field or "(the document)") for x in node)


def is_legacy(d: Mapping[str, Any]) -> bool:
    """Whether ``d`` is a game's own document older than the envelope: its format is not
    ``ecarte-save``, or it is ``ecarte-save`` version 1."""
    return d.get("format") != FORMAT or _version_of(d) == 1


def _version_of(d: Mapping[str, Any]) -> int:
    return get(d, "version", int, "an int")  # type: ignore[no-any-return]


def envelope(d: Any, game: str, codec: SaveCodec) -> Envelope:
    """The checked envelope of ``d``, a saved ``game``: a legacy document of the game is
    upgraded first (see :class:`SaveCodec`). Raises :class:`~ecarte.SaveFormatError`
    naming the first bad common field, or the first unknown one."""
    if not isinstance(d, dict):
        raise SaveFormatError(f"a saved game is a JSON object, not {reprlib.repr(d)}")
    check_tree(d)
    if "format" not in d:
        raise fail("format", "missing: not a saved ecarte game")
    fmt = d["format"]
    if is_legacy(d):
        if fmt in codec.legacy and codec.upgrade is not None:
            d = codec.upgrade(d)
            if not isinstance(d, dict) or is_legacy(d):
                raise SaveFormatError(f"the codec of game {game!r} upgraded nothing")
        elif fmt == FORMAT:
            raise fail("version", f"a version-1 {FORMAT!r} document is not a saved {game!r} game")
        else:
            raise fail("format", f"{reprlib.repr(fmt)} is not {FORMAT!r}: not a saved {game} game")
    version = _version_of(d)
    if version > VERSION:
        raise fail(
            "version", f"{version} is newer than this ecarte reads ({VERSION}): upgrade ecarte"
        )
    if version < 1:
        raise fail("version", f"{version} is no version of the format")
    name = get(d, "game", str, "a game's name")
    if name != game:
        raise fail(
            "game", f"a saved {shown(name)} game, not {game!r} (ecarte.from_json reads any game)"
        )
    known = (*COMMON_FIELDS, *codec.fields)
    unknown = sorted(set(d) - set(known), key=str)
    if unknown:
        raise fail(shown(unknown[0]), f"not a field of a saved {game!r} game (version {version})")
    rules = get(d, "rules", dict, "an object of rule options")
    seed = get(d, "seed", int, "an int")
    if not 0 <= seed < 1 << 64:
        raise fail("seed", "not an int in [0, 2**64)")
    history = get(d, "history", list, "a list")
    state = get(d, "state", dict, "an object")
    return Envelope(
        game=game, version=version, rules=rules, seed=seed, history=history, state=state, document=d
    )


def game_name(d: Any) -> str | None:
    """The ``game`` of an envelope (checked: a str), or None for a legacy document."""
    if not isinstance(d, dict):
        raise SaveFormatError(f"a saved game is a JSON object, not {reprlib.repr(d)}")
    if "format" not in d:
        raise fail("format", "missing: not a saved ecarte game")
    if is_legacy(d):
        return None
    return get(d, "game", str, "a game's name")  # type: ignore[no-any-return]
