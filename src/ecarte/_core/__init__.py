"""The game-free C core: trick rules on card masks, play states and solvers, with a
compiled and a pure backend.

Three implementations of one API (functions of plain ints and masks):
``_cycore`` (Cython), ``_cffi`` (cffi) and ``_pure`` (the pure-Python twin, one module
per C file), named once in ``_api``. :mod:`ecarte.engine.backend` says which one is
live; the classes and functions each backend implements are looked up on it when used, so
:func:`use_backend` reaches every caller. Type checkers read the pure twin.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .._errors import ArgumentError
from ..engine import backend as _backend
from . import _api
from ._api import *  # noqa: F403 - the constants
from ._args import _check_int, _tuple

__all__ = [
    *_api.__all__,
    *_api.IMPLEMENTED,
    "BACKEND",
    "backend",
    "backends",
    "ranked_context",
    "use_backend",
]

_LIVE = frozenset(_api.IMPLEMENTED)

if TYPE_CHECKING:
    BACKEND: str
    from ._pure import PlayState as PlayState
    from ._pure import PlayStateN as PlayStateN
    from ._pure import Rng as Rng
    from ._pure import legal_plays as legal_plays
    from ._pure import make_context as make_context
    from ._pure import perft as perft
    from ._pure import solve as solve
    from ._pure import solve_batch as solve_batch
    from ._pure import solve_n as solve_n
    from ._pure import trick_winner as trick_winner


def __getattr__(name: str) -> Any:
    if name == "BACKEND":
        return _backend.live()
    if name in _LIVE:
        return getattr(_backend.module("core"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names with those looked up when used (tab completion, ``help()``)."""
    return sorted({*globals(), *__all__})


def backend(name: str) -> ModuleType:
    """The core module of one backend (``"cython"``, ``"cffi"`` or ``"pure"``); ImportError
    if it is not built."""
    return _backend.module("core", name)


def backends() -> dict[str, ModuleType]:
    """Every importable core backend by name, compiled ones first."""
    return {name: backend(name) for name in _backend.available("core")}


use_backend = _backend.use_backend


def ranked_context(trump: int, order: Sequence[int], deck: int, backend: object = None) -> object:
    """Tables for a game where every suit ranks as ``order`` (rank ids, high to low).

    ``deck`` is the mask of the cards in play. ``backend`` is a backend's name
    (``"cython"``, ``"cffi"``, ``"pure"``) or its core module (default: the live backend).
    ``order`` is a list or tuple of distinct ranks 0..15 and ``deck`` an int 0..2**64-1,
    else ValueError (as every core function).
    """
    ranks = _tuple(order, "order")  # a plain copy: plain ints only are read below
    order = tuple(_check_int(r, 0, 15, "order: rank {} is not an int 0..15") for r in ranks)
    if len(set(order)) != len(order):
        raise ValueError(f"order: ranks {list(order)!r} are not distinct")
    deck = _check_int(deck, 0, (1 << 64) - 1, "deck {} is not a 64-bit mask")
    module: Any
    if backend is None or isinstance(backend, str):
        module = _backend.module("core", backend)
    elif callable(getattr(backend, "make_context", None)):
        module = backend
    else:
        raise ArgumentError(
            f"backend must be a backend's name {list(_backend.BACKENDS)} or its core module,"
            f" not {type(backend).__name__}"
        )
    suit_of = [-1] * 64
    power = [0] * 64
    n = len(order)
    for suit in range(4):
        for i, rank in enumerate(order):
            card = suit * 16 + rank
            if deck >> card & 1:
                suit_of[card] = suit
                power[card] = n - i
    return module.make_context(suit_of, power, trump)
