"""Variants named on the command line: ``--variant NAME`` loads an installed variant from
its entry point, ``--option [VARIANT.]KEY=VALUE`` passes a keyword to its constructor, and
``ecarte variants`` lists each constructor's options (:func:`variant_options`).

>>> parse_option("poule.ante=2")
('poule', 'ante', 2)
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import inspect
import json
import os
import re
import reprlib
import types
import typing
from collections.abc import Mapping, MutableMapping, MutableSequence, Sequence
from fractions import Fraction
from typing import Any, Literal, Union

from attrs import frozen

from ..._errors import EcarteError, PluginError
from ._plugins import (
    AUTOLOAD_ENV,
    ENTRY_POINT_GROUP,
    accepted_options,
    description,
    load_entry_point,
)
from ._render import VariantInfo

__all__ = [
    "LoadedVariant",
    "VariantOption",
    "entry_points",
    "load_variants",
    "parse_option",
    "parse_value",
    "variant_options",
]


@frozen
class VariantOption:
    """An option of a variant's constructor, as ``ecarte variants`` lists it."""

    name: str
    kind: str
    """What it takes: ``int``, ``true/false``, ``per-game | per-hand``, ``JSON object``..."""
    default: str
    """The default as it would be typed (``none`` for None, ``required`` when there is none)."""


def variant_options(factory: object) -> tuple[VariantOption, ...]:
    """The options ``--option KEY=VALUE`` gives a variant: its constructor's keyword
    arguments with their types and defaults (none for a plugin that is an object, not a
    class).

    >>> class Toy:
    ...     def __init__(self, rotation: Literal["a", "b"] = "a", ante: int = 1) -> None: ...
    >>> [(o.name, o.kind, o.default) for o in variant_options(Toy)]
    [('rotation', 'a | b', 'a'), ('ante', 'int', '1')]
    """
    if not isinstance(factory, type):
        return ()
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return ()
    hints = _hints(factory)
    options = []
    for param in signature.parameters.values():
        if param.kind not in (param.POSITIONAL_OR_KEYWORD, param.KEYWORD_ONLY):
            continue
        annotation = hints.get(param.name, param.annotation)
        kind = _kind(annotation) if annotation is not param.empty else "any"
        default = "required" if param.default is param.empty else _typed(param.default)
        options.append(VariantOption(name=param.name, kind=kind, default=default))
    return tuple(options)


def _hints(factory: type) -> dict[str, Any]:
    """The resolved annotations of ``factory``'s constructor, its own or inherited ({} when
    one does not resolve: then shown as written, and not checked)."""
    init = getattr(factory, "__init__", None)
    try:
        return typing.get_type_hints(init if isinstance(init, types.FunctionType) else factory)
    except Exception:
        return {}


def _fitted(annotation: object, value: object, text: str) -> tuple[bool, object]:
    """Whether the option ``value`` (parsed from ``text``) fits the type its constructor
    annotates, and the value to pass: a text option gets the text as typed, an optional
    one None for ``none``. A type ``--option`` has no word for is not checked."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (Union, types.UnionType):
        if type(None) in args and text.strip().lower() == "none":
            return True, None
        for member in args:
            if member is not type(None):
                fits, fitted = _fitted(member, value, text)
                if fits:
                    return True, fitted
        return False, value
    if annotation is str:
        return True, value if isinstance(value, str) else text.strip()
    return _fitted_json(annotation, value)  # (a number, a JSON list or object, any)


_LISTS: tuple[object, ...] = (list, Sequence, MutableSequence)
_OBJECTS: tuple[object, ...] = (dict, Mapping, MutableMapping)


def _shape(annotation: object) -> str | None:
    """``list``, ``tuple`` or ``object`` for an annotation a JSON list or object gives
    (``list[int]``, ``tuple[int, str]``, ``Mapping[str, int]``...), else None."""
    origin = typing.get_origin(annotation) or annotation
    if origin is tuple:
        return "tuple"
    if origin in _LISTS:
        return "list"
    if origin in _OBJECTS:
        return "object"
    return None


def _fitted_json(annotation: object, value: object) -> tuple[bool, object]:
    """Whether ``value``, read as JSON, fits ``annotation`` element by element, and the
    value to pass (a tuple for a ``tuple``). A type JSON has no word for is not checked."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (Union, types.UnionType):
        for member in args:
            fits, fitted = _fitted_json(member, value)
            if fits:
                return True, fitted
        return False, value
    if annotation is None or annotation is type(None):
        return value is None, value
    if annotation is bool:
        return isinstance(value, bool), value
    if annotation is int:
        return value.__class__ is int, value
    if annotation is float or annotation is Fraction:
        return value.__class__ in (int, float), value
    if annotation is str:
        return isinstance(value, str), value
    shape = _shape(annotation)
    if shape is None:
        return True, value  # a Literal (the constructor says what it takes), any
    if shape == "object":
        if not isinstance(value, dict):
            return False, value
        key_type, value_type = args if len(args) == 2 else (Any, Any)
        fitted_object = {}
        for key, item in value.items():
            key_fits, fitted_key = _fitted_json(key_type, key)
            if not key_fits:  # a JSON key is text: read as an option's value ("0" is 0)
                with contextlib.suppress(EcarteError):
                    key_fits, fitted_key = _fitted_json(key_type, parse_value(key))
            item_fits, fitted_item = _fitted_json(value_type, item)
            if not (key_fits and item_fits):
                return False, value
            fitted_object[fitted_key] = fitted_item
        return True, fitted_object
    if not isinstance(value, list):
        return False, value
    if shape == "tuple" and args and args[-1] is not Ellipsis:
        if len(value) != len(args):
            return False, value
        element_types: Sequence[object] = args
    else:
        element_types = [args[0] if args else Any] * len(value)
    fitted_list = []
    for element_type, item in zip(element_types, value, strict=True):
        fits, fitted = _fitted_json(element_type, item)
        if not fits:
            return False, value
        fitted_list.append(fitted)
    return True, tuple(fitted_list) if shape == "tuple" else fitted_list


def _typed(value: object) -> str:
    """A default value as it would be typed after ``KEY=``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | str):
        return str(value)
    if isinstance(value, Fraction):
        return str(float(value))
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def _kind(annotation: object, elements: bool = False) -> str:
    """What an option takes, in the words of ``--option``: ``int``, ``a | b``...; with
    ``elements``, what a JSON list or object holds too (``JSON list of int``)."""
    if isinstance(annotation, str):
        return annotation
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is Literal:
        return " | ".join(map(_typed, args))
    if origin in (Union, types.UnionType):
        kinds = [_kind(a, elements) for a in args if a is not type(None)]
        unique = [k for k in dict.fromkeys(kinds) if not (k == "int" and "number" in kinds)]
        return " or ".join(unique) + (" or none" if type(None) in args else "")
    if annotation is bool:
        return "true/false"
    if annotation in (int, float, str):
        return {int: "int", float: "number", str: "text"}[annotation]
    if annotation is Fraction:
        return "number"
    shape = _shape(annotation)
    if elements and shape is not None and args:
        if shape == "object" and len(args) == 2:
            key, item = args
            if key is str or key is Any:
                return f"JSON object of {_element_kind(item)}"
            return f"JSON object of {_element_kind(key)} to {_element_kind(item)}"
        if shape == "tuple" and args[-1] is not Ellipsis:
            return f"JSON list [{', '.join(_element_kind(a) for a in args)}]"
        return f"JSON list of {_element_kind(args[0])}"
    if isinstance(origin, type) and issubclass(origin, Mapping | dict):
        return "JSON object"
    if isinstance(origin, type) and issubclass(origin, Sequence | list) and origin is not str:
        return "JSON list"
    return getattr(annotation, "__name__", str(annotation))


def _element_kind(annotation: object) -> str:
    """What an element of a JSON list or object is, in the words of ``--option``."""
    if annotation is Any:
        return "any"
    if annotation is type(None):
        return "none"
    kind = _kind(annotation, elements=True)
    return f"({kind})" if " or " in kind else kind


_FLOAT = re.compile(r"[+-]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?|[+-]?[0-9]+[eE][+-]?[0-9]+")


def parse_value(text: str) -> object:
    """An option's value from its text: an int, a float, a bool (true/false, yes/no,
    on/off), JSON for a list, an object or a quoted string; else the text itself.

    >>> [parse_value(t) for t in ("3", "-2", "0.5", "True", "off", "per-hand", '"7"')]
    [3, -2, 0.5, True, False, 'per-hand', '7']
    >>> parse_value('{"Alice": 100, "Bob": 80}')
    {'Alice': 100, 'Bob': 80}
    """
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if re.fullmatch(r"[+-]?[0-9]+", text.strip()):
        try:
            return int(text)
        except ValueError:  # more digits than int() reads
            raise EcarteError(
                f"option value {reprlib.repr(text)} is not an int of at most 4300 digits"
            ) from None
    if _FLOAT.fullmatch(text.strip()):
        return float(text)
    if text.strip()[:1] in ("[", "{", '"'):
        try:
            value: object = json.loads(text)
        except (ValueError, RecursionError) as exc:  # RecursionError: nested too deep
            raise EcarteError(
                f"option value {reprlib.repr(text)} is not valid JSON: {exc}"
            ) from None
        return value
    return text


def parse_option(text: str) -> tuple[str | None, str, object]:
    """``[VARIANT.]KEY=VALUE`` as (variant or None, key, parsed value).

    >>> parse_option("rotation=per-hand")
    (None, 'rotation', 'per-hand')
    >>> parse_option("poule.ante=2")
    ('poule', 'ante', 2)
    """
    name, sep, value = text.partition("=")
    variant, dot, key = name.strip().rpartition(".")
    if not sep or not key.isidentifier() or (dot and not variant):
        raise EcarteError(f"--option {text!r}: expected KEY=VALUE or VARIANT.KEY=VALUE")
    return (variant or None), key, parse_value(value)


@frozen
class LoadedVariant:
    """A variant loaded for this match: its plugin object and how it is shown."""

    info: VariantInfo
    plugin: object


def entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}


def _required(factory: object) -> tuple[str, ...]:
    """The keyword arguments a variant class takes without a default (none for an object
    that is not a class, or without a signature)."""
    if not isinstance(factory, type):
        return ()
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return ()
    kinds = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return tuple(p.name for p in params if p.kind in kinds and p.default is p.empty)


def load_variants(names: Sequence[str], options: Sequence[str]) -> list[LoadedVariant]:
    """Load the named variants from their entry points and build each with its options.

    Each ``--option`` goes to the variant it names, else to the one variant whose
    constructor takes that keyword. Any mistake is an :class:`EcarteError`.
    """
    parsed = [parse_option(text) for text in options]
    if not names:
        if parsed:
            raise EcarteError("--option needs a --variant to pass it to")
        return []
    if os.environ.get(AUTOLOAD_ENV):
        raise EcarteError(
            f"unknown variant {names[0]!r}: plugin autoload is off ({AUTOLOAD_ENV} is set)"
        )
    eps = entry_points()
    factories: dict[str, Any] = {}
    for name in names:
        if name in factories:
            raise EcarteError(f"variant {name!r} is named twice")
        if name not in eps:
            known = ", ".join(sorted(eps)) or "none installed (pip install ./plugins/*)"
            raise EcarteError(f"unknown variant {name!r}; installed: {known}")
        factories[name] = load_entry_point(name, eps[name])
    accepted = {
        name: accepted_options(f) if isinstance(f, type) else ((), False)
        for name, f in factories.items()
    }
    hints = {name: _hints(f) if isinstance(f, type) else {} for name, f in factories.items()}
    kwargs: dict[str, dict[str, object]] = {name: {} for name in names}
    for (target, key, value), text in zip(parsed, options, strict=True):
        if target is None:
            takers = [n for n in names if key in accepted[n][0]]
            if len(takers) > 1:
                raise EcarteError(
                    f"--option {text!r}: variants {', '.join(takers)} all take {key!r}; "
                    f"write {takers[0]}.{key}=..."
                )
            takers = takers or [n for n in names if accepted[n][1]]
            if not takers:
                takes = "; ".join(f"{n}: {', '.join(accepted[n][0]) or 'none'}" for n in names)
                raise EcarteError(f"--option {text!r}: no variant takes {key!r} (options: {takes})")
            target = takers[0]
        if target not in kwargs:
            raise EcarteError(f"--option {text!r}: {target!r} is not a --variant of this match")
        keywords, var_keyword = accepted[target]
        if key not in keywords and not var_keyword:
            if not isinstance(factories[target], type):
                raise EcarteError(f"--option {text!r}: variant {target!r} takes no options")
            takes = ", ".join(keywords) or "none"
            raise EcarteError(
                f"--option {text!r}: variant {target!r} has no option {key!r} (options: {takes})"
            )
        if key in kwargs[target]:
            raise EcarteError(f"--option {text!r}: {target}.{key} is given twice")
        annotation = hints[target].get(key)
        if annotation is not None:
            fits, value = _fitted(annotation, value, text.partition("=")[2])
            if not fits:
                raise EcarteError(
                    f"--option {text!r}: option {key!r} of variant {target!r} takes "
                    f"{_kind(annotation, elements=True)}, not {reprlib.repr(value)}"
                )
        kwargs[target][key] = value
    for name, factory in factories.items():
        missing = [k for k in _required(factory) if k not in kwargs[name]]
        if missing:
            what = "option" if len(missing) == 1 else "options"
            raise EcarteError(
                f"variant {name!r} needs the {what} {', '.join(missing)} (--option KEY=VALUE)"
            )
    variants = []
    for name, factory in factories.items():
        if isinstance(factory, type):
            try:
                plugin = factory(**kwargs[name])
            except Exception as exc:  # a constructor's refusal, or its bug
                if not kwargs[name]:
                    raise PluginError(f"variant {name!r} cannot be built: {exc}") from exc
                shown = ", ".join(f"{k}={v!r}" for k, v in kwargs[name].items())
                raise EcarteError(f"variant {name!r} refuses the options {shown}: {exc}") from exc
        else:
            plugin = factory
        info = VariantInfo(name=name, description=description(factory), options=kwargs[name])
        variants.append(LoadedVariant(info=info, plugin=plugin))
    return variants
