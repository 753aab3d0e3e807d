"""One table of the compiled and pure modules of every component, by backend.

Three backends implement each component (the game-free core, and each game's
machine and batches):

- ``cython``: the C through Cython, the default on CPython;
- ``cffi``: the C through cffi (PyPy, and a check of the C ABI); a component with no
  cffi binding of its own runs its pure twin there;
- ``pure``: the pure-Python twins, the fallback and the oracle.

``ECARTE_PURE_PYTHON=1`` forces the pure twins; otherwise the first backend whose core
is importable is live. Components are looked up when used (:func:`module`), so
:func:`use_backend` reaches every module and every game at once. A game registers its
components when its package is imported (:func:`register`).

>>> from ecarte.engine import backend
>>> backend.live() in backend.BACKENDS
True
>>> backend.module("core").__name__ in backend.components()["core"].values()
True
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping
from types import ModuleType

from .._errors import ArgumentError

__all__ = [
    "BACKENDS",
    "KernelPickling",
    "available",
    "components",
    "live",
    "module",
    "register",
    "use_backend",
]

BACKENDS = ("cython", "cffi", "pure")
"""The backends, compiled ones first."""

_TABLE: dict[str, dict[str, str]] = {
    "core": {
        "cython": "ecarte._core._cycore",
        "cffi": "ecarte._core._cffi",
        "pure": "ecarte._core._pure",
    },
}


def register(component: str, modules: Mapping[str, str]) -> None:
    """Name the modules of ``component`` on each backend (every backend of
    :data:`BACKENDS`, by module path). Registering the same table again is a no-op;
    another table under a registered name is an error."""
    table = {name: modules[name] for name in BACKENDS}
    if _TABLE.setdefault(component, table) != table:
        raise ArgumentError(f"backend component {component!r} is already registered")


def components() -> dict[str, dict[str, str]]:
    """Every registered component with its module path on each backend."""
    return {name: dict(table) for name, table in _TABLE.items()}


def module(component: str, backend: str | None = None) -> ModuleType:
    """The module of ``component`` on ``backend`` (default: the live one);
    ImportError if it is not built, or (cffi) if the cffi package is not installed."""
    table = _TABLE.get(component)
    if table is None:
        raise ArgumentError(f"unknown backend component {component!r}; known: {sorted(_TABLE)}")
    name = _live if backend is None else backend
    if name not in table:
        raise ArgumentError(f"unknown backend {name!r}; expected one of {list(BACKENDS)}")
    try:
        return importlib.import_module(table[name])
    except ImportError as exc:
        if exc.name != "_cffi_backend":
            raise
        # the cffi modules are built; the package they need at run time is not installed
        raise ModuleNotFoundError(
            f"the cffi backend needs the cffi package: pip install 'ecarte[cffi]' ({exc})",
            name=exc.name,
        ) from None


def available(component: str = "core") -> list[str]:
    """The backends on which ``component`` and the core are importable, compiled first."""
    out = []
    for name in BACKENDS:
        try:
            module("core", name)
            module(component, name)
        except ImportError:
            continue
        out.append(name)
    return out


def kernel(name: str | None, compiled: str, twin: ModuleType) -> ModuleType:
    """A player's search kernel: ``"c"`` (the compiled module named ``compiled``; its
    ImportError if it is not built), ``"pure"`` (its twin ``twin``), or None: the compiled
    one when the live backend is Cython and it is built, else the twin."""
    if name == "pure" or (name is None and _live != "cython"):
        return twin
    if name not in (None, "c"):
        raise ArgumentError(f"kernel must be 'c', 'pure' or None, not {name!r}")
    try:
        return importlib.import_module(compiled)
    except ImportError:
        if name == "c":
            raise
        return twin


class _ModuleName(str):
    """A kernel module in a pickled player: its name, imported again on unpickling."""


class KernelPickling:
    """A player that holds its kernel modules as attributes: pickled and copied (a process
    pool, ``copy.deepcopy``) with each module by name, imported again on the way back."""

    def __getstate__(self) -> dict[str, object]:
        return {
            k: _ModuleName(v.__name__) if isinstance(v, ModuleType) else v
            for k, v in self.__dict__.items()
        }

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(
            {
                k: importlib.import_module(v) if isinstance(v, _ModuleName) else v
                for k, v in state.items()
            }
        )


def live() -> str:
    """The live backend's name."""
    return _live


def use_backend(name: str) -> None:
    """Make backend ``name`` live for this process (tests, benchmarks): every component,
    of the core and of every game, is looked up on it from now on. ImportError if its
    core is not built."""
    global _live
    module("core", name)
    _live = name


def _select() -> str:
    if os.environ.get("ECARTE_PURE_PYTHON", "") not in ("", "0"):
        return "pure"
    for name in ("cython", "cffi"):
        try:
            module("core", name)
        except ImportError:
            continue
        return name
    return "pure"


_live = _select()
