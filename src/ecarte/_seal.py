"""Read-only slots for the values the engine shares between games.

Cards and actions are interned: ``Card.parse("K♠")`` is the same object everywhere, and
``legal_actions()`` hands out the same ``Play`` objects to every game of the process. A
frozen attrs class refuses ``card.id = 5``, but ``object.__setattr__(card, "id", 5)``
writes the slot anyway, and would change that card for every game.

:func:`seal` closes that door. It gives each of a class's own slots a second member
descriptor of the same slot, flagged read-only (made with the C API's
``PyDescr_NewMember``), which replaces the public one: reading the attribute costs exactly
what it did (it is still a slot member), and writing it, through ``object.__setattr__`` or
the class's descriptor, raises ``AttributeError``. The writable descriptors are returned,
not kept on the class, and the class's own constructor writes through them alone.

Interpreters other than CPython, or one whose descriptor layout this does not recognise,
keep the slots as they are (:data:`SEALED` is then False).
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["SEALED", "seal"]

Setter = Callable[[Any, Any], None]
"""Writes one slot of an instance under construction: ``setter(obj, value)``."""

try:
    import ctypes

    class _MemberDef(ctypes.Structure):  # PyMemberDef
        _fields_ = (
            ("name", ctypes.c_char_p),
            ("type", ctypes.c_int),
            ("offset", ctypes.c_ssize_t),
            ("flags", ctypes.c_int),
            ("doc", ctypes.c_char_p),
        )

    _new_member = ctypes.pythonapi.PyDescr_NewMember
    _new_member.restype = ctypes.py_object
    _new_member.argtypes = (ctypes.py_object, ctypes.POINTER(_MemberDef))
    # PyMemberDescrObject: the object header, d_type, d_name, d_qualname, then d_member
    _D_MEMBER = object.__basicsize__ + 3 * ctypes.sizeof(ctypes.c_void_p)
    SEALED = sys.implementation.name == "cpython"
except (ImportError, AttributeError):  # no ctypes, or no C API to call
    SEALED = False

_T_OBJECT_EX = 16
_READONLY = 1
_KEEP: list[Any] = []  # the member definitions of the read-only descriptors, kept alive


def _read_only(cls: type, name: str, member: Any) -> Any:
    """A read-only member descriptor of the slot ``member`` reads, or None if the
    descriptor is not laid out as expected."""
    address = ctypes.c_void_p.from_address(id(member) + _D_MEMBER).value
    if not address:
        return None
    found = _MemberDef.from_address(address)
    if found.name != name.encode() or found.type != _T_OBJECT_EX or found.flags & _READONLY:
        return None
    definition = _MemberDef(found.name, found.type, found.offset, found.flags | _READONLY, None)
    _KEEP.append(definition)
    return _new_member(cls, ctypes.byref(definition))


def _reduce(self: Any) -> tuple[Any, ...]:
    """Pickle and copy a sealed value by its constructor (attrs' ``__setstate__`` would
    write the read-only slots)."""
    cls = type(self)
    return (cls, tuple(getattr(self, a.name) for a in attrs.fields(cls) if a.init))


def seal(cls: type) -> tuple[Setter, ...]:
    """Make the slots of ``cls`` (a slotted attrs class whose ``__init__`` is its own)
    read-only for everyone but its constructor; return the setters of its fields, in
    order, for the constructor to write them with."""
    global SEALED
    setters: list[Setter] = []
    for a in attrs.fields(cls):
        member = cls.__dict__[a.name]
        if type(member) is not types.MemberDescriptorType:
            raise TypeError(f"{cls.__name__}.{a.name} is not a slot")
        setters.append(member.__set__)
        if SEALED:
            read_only = _read_only(cls, a.name, member)
            if read_only is None:
                SEALED = False
            else:
                type.__setattr__(cls, a.name, read_only)
    if "__reduce__" not in cls.__dict__:  # a class's own (an interned value's) is kept
        type.__setattr__(cls, "__reduce__", _reduce)
    return tuple(setters)
