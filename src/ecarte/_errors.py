"""The exception hierarchy."""

from __future__ import annotations

import reprlib
from typing import NoReturn

__all__ = [
    "AdviceError",
    "ArgumentError",
    "ArgumentTypeError",
    "CardParseError",
    "ConcurrentUseError",
    "EcarteError",
    "IllegalActionError",
    "PluginError",
    "RulesError",
    "SaveFormatError",
    "UninitialisedError",
]


class EcarteError(Exception):
    """Base class of every error raised by ecarte."""


class ArgumentError(EcarteError, ValueError):
    """A bad argument to a public entry point (a seed that is not an int, ``plugins=5``);
    the message names the argument."""


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of the wrong type (``Play(5)``, ``Rules.preset([])``): an
    :class:`ArgumentError` that is also a ``TypeError``."""


class CardParseError(EcarteError, ValueError):
    """Text that is not a card, a set of cards or an action."""


class IllegalActionError(EcarteError, ValueError):
    """An action the rules do not allow in this state. The state is unchanged."""


class AdviceError(IllegalActionError):
    """Advice refused (:meth:`ecarte.Game.advise`): from someone who backs no player now,
    or not a card or a decision of the advised player's hand. Nothing was changed."""


class RulesError(EcarteError, ValueError):
    """An invalid rules value; the message names the field."""


class PluginError(EcarteError):
    """A plugin failed or answered a hook with nonsense; the message names the plugin and
    the hook, and the original exception, if any, is the ``__cause__``."""


class SaveFormatError(EcarteError, ValueError):
    """A saved game (:meth:`ecarte.Game.from_dict`, :meth:`ecarte.Game.from_json`) that is
    corrupt, foreign or newer than this version reads, or a game that cannot be saved; the
    message names the field."""


class UninitialisedError(EcarteError, TypeError):
    """An object that was never initialised (made by ``__new__`` alone): it cannot be
    used, whatever the backend."""


def uninitialised(obj: object) -> UninitialisedError:
    """The error of ``obj``, an object made by ``__new__`` alone (its message names the
    class)."""
    return UninitialisedError(
        f"this {type(obj).__name__} was never initialised (made by __new__ alone)"
    )


def unset_attribute(obj: object, name: str, first: str) -> NoReturn:
    """The ``__getattr__`` of a class whose ``__init__`` sets the attribute ``first``
    before any other, reached only for an attribute ``name`` that is not set: raise
    :class:`UninitialisedError` when ``first`` is not set either (``obj`` was made by
    ``__new__`` alone), else AttributeError."""
    try:
        object.__getattribute__(obj, first)
    except AttributeError:
        raise uninitialised(obj) from None
    raise AttributeError(f"{type(obj).__name__!r} object has no attribute {name!r}")


class ConcurrentUseError(EcarteError, RuntimeError):
    """A game used from two threads at once. A game is not shared between threads
    without a lock; the state is unchanged by the call that raised."""

    def __init__(
        self,
        message: str = "this game is in use by another thread: a game is not shared "
        "between threads without a lock",
    ) -> None:
        super().__init__(message)


_SHOWN_CHARS = 40
_SHOWN_BITS = 128


def named(text: str) -> str:
    """How a message names a text that is mostly short (a record, a key): as it is, but
    a text longer than 40 characters as :func:`shown` quotes it."""
    return text if len(text) <= _SHOWN_CHARS else shown(text)


def shown(x: object) -> str:
    """How a message quotes a rejected value: its repr, but an int longer than 128 bits
    by its size and a text longer than 40 characters by its start (a repr of either could
    fill a log, and an int's repr past Python's digit limit raises), and a list, tuple,
    dict or set by its first items."""
    if type(x) in (list, tuple, dict, set, frozenset):
        return reprlib.repr(x)
    if type(x) is int and x.bit_length() > _SHOWN_BITS:
        return f"{'-' if x < 0 else ''}an int of {x.bit_length()} bits"
    if type(x) in (str, bytes) and len(x) > _SHOWN_CHARS:  # type: ignore[arg-type]
        return f"{x[:_SHOWN_CHARS]!r}… ({len(x)} characters)"  # type: ignore[index,arg-type]
    return repr(x)
