"""The written contract between a game's facade and its machine.

A game's state is a *machine* (a binding over C, or its pure-Python twin) wrapped by
a Python facade. The facade may rely only on what the game's machine protocol
states; every backend's binding must provide all of it. This module holds what every
game's machine has (:class:`Machine`) and the check that a binding, a class, an
object or a module, provides a protocol member for member with the right kind
(:func:`members`, :func:`problems`). Each game states its own protocols on top,
in the ``protocol`` module of its package, and its tests run the check on every
backend.

A protocol member is of one of three kinds:

- ``"property"``: a read-only named field, a data descriptor on the class (a
  ``property``, or a Cython property or slot);
- ``"method"``: a callable;
- ``"attribute"``: a plain value (a module constant, a class attribute, or on a
  class an instance slot; with an ``int`` annotation, a constant must be an int).

>>> from typing import Protocol
>>> class Sized(Protocol):
...     @property
...     def size(self) -> int: ...
...     def grow(self) -> None: ...
>>> members(Sized)
{'size': 'property', 'grow': 'method'}
>>> class Box:
...     size = 3
>>> problems(Box, Sized)
['size: a plain value where a property is due', 'grow: missing']
"""

from __future__ import annotations

import inspect
from typing import Any, Literal, Protocol, get_type_hints, runtime_checkable

__all__ = ["Kind", "Machine", "members", "problems"]

Kind = Literal["property", "method", "attribute"]
"""The kind of a protocol member (see the module docstring)."""


@runtime_checkable
class Machine(Protocol):
    """What every game's machine answers without a Python frame in its compiled
    binding: whose turn it is and whether the game is over."""

    @property
    def to_act(self) -> int:
        """The seat to act, or the game's chance (-1) or terminal (-2) marker."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game is over."""
        ...


_SKIP = frozenset(dir(Protocol)) | {"__annotations__", "__dict__", "__weakref__"}


def members(protocol: type) -> dict[str, Kind]:
    """Every member a protocol states (its bases' first), by name, with its kind."""
    out: dict[str, Kind] = {}
    for klass in reversed(protocol.__mro__):
        if klass is object or klass is Protocol or not getattr(klass, "_is_protocol", False):
            continue
        for name, value in vars(klass).items():
            if name in _SKIP or (name.startswith("__") and name.endswith("__")):
                continue
            if name.startswith("_abc_") or name == "_is_protocol":
                continue
            if isinstance(value, property):
                out[name] = "property"
            elif callable(value) or isinstance(value, classmethod | staticmethod):
                out[name] = "method"
            else:
                out[name] = "attribute"
        for name in vars(klass).get("__annotations__", {}):
            if name not in out and not name.startswith("_abc_"):
                out[name] = "attribute"
    return out


def problems(target: object, protocol: type) -> list[str]:
    """What ``target`` (a class, an instance or a module) lacks of ``protocol``: one line
    per missing member or member of the wrong kind; empty when it conforms."""
    kinds = members(protocol)
    hints = _hints(protocol)
    owner = target if isinstance(target, type) else None
    found: list[str] = []
    for name, kind in kinds.items():
        try:
            static = inspect.getattr_static(target, name)
        except AttributeError:
            found.append(f"{name}: missing")
            continue
        if kind == "property":
            descriptor = inspect.getattr_static(owner or type(target), name, static)
            if not inspect.isdatadescriptor(descriptor):
                found.append(f"{name}: a plain value where a property is due")
        elif kind == "method":
            value = getattr(target, name)
            if not callable(value) or inspect.isdatadescriptor(static):
                found.append(f"{name}: not a method")
        elif owner is not None and inspect.isdatadescriptor(static):
            continue  # an instance attribute (a slot), set on each object
        elif hints.get(name) is int:
            value = getattr(target, name)
            if value.__class__ is not int:
                found.append(f"{name}: {value!r} is not an int")
    return found


def _hints(protocol: type) -> dict[str, Any]:
    """The protocol's annotations, resolved where they can be (else none)."""
    try:
        return get_type_hints(protocol)
    except (NameError, TypeError):
        return {}
