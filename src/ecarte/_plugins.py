"""One plugin manager per game: builtin classic rules, named variants, objects."""

from __future__ import annotations

import importlib.metadata
import os
from collections.abc import Iterable, Sequence
from typing import Any

import pluggy

from . import hookspecs
from ._classic import ClassicRules
from ._errors import EcarteError, PluginError

__all__ = ["AUTOLOAD_ENV", "ENTRY_POINT_GROUP", "available_variants", "make_plugin_manager"]

ENTRY_POINT_GROUP = "ecarte.variants"
AUTOLOAD_ENV = "ECARTE_DISABLE_PLUGIN_AUTOLOAD"
"""Set to a non-empty value to stop discovering installed variants."""


def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    if os.environ.get(AUTOLOAD_ENV):
        return {}
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}


def available_variants() -> dict[str, str]:
    """Installed variants (entry points ``ecarte.variants``): name -> one-line description."""
    out = {}
    for name, ep in sorted(_entry_points().items()):
        try:
            plugin = ep.load()
            doc = getattr(plugin, "DESCRIPTION", None) or (plugin.__doc__ or "").strip()
            out[name] = doc.splitlines()[0] if doc else ""
        except Exception as exc:  # a broken plugin must not break the listing
            out[name] = f"(cannot be loaded: {exc})"
    return out


def _load_variant(name: str) -> object:
    eps = _entry_points()
    if name not in eps:
        known = ", ".join(sorted(eps)) or "none installed"
        hint = f" ({AUTOLOAD_ENV} is set)" if os.environ.get(AUTOLOAD_ENV) else ""
        raise EcarteError(f"unknown variant {name!r}; known: {known}{hint}")
    try:
        plugin = eps[name].load()
    except Exception as exc:
        raise PluginError(f"variant {name!r} cannot be loaded: {exc}") from exc
    return plugin() if isinstance(plugin, type) else plugin


def make_plugin_manager(
    variants: Sequence[str] = (), plugins: Iterable[object] = ()
) -> pluggy.PluginManager:
    """A fresh manager: classic rules, then the named variants, then ``plugins``."""
    pm = pluggy.PluginManager("ecarte")
    pm.add_hookspecs(hookspecs)
    pm.register(ClassicRules(), name="classic")
    for name in variants:
        pm.register(_load_variant(name), name=name)
    for plugin in plugins:
        if isinstance(plugin, type):
            plugin = plugin()
        name = getattr(plugin, "NAME", None)
        if name is not None and pm.get_plugin(name) is not None:
            name = None
        try:
            pm.register(plugin, name=name)
        except ValueError as exc:
            raise PluginError(f"plugin {plugin!r} cannot be registered: {exc}") from exc
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"plugin {exc.plugin!r}: {exc}") from exc
    return pm


def call_first(pm: pluggy.PluginManager, hook: str, **kwargs: Any) -> tuple[Any, str]:
    """Call a firstresult hook; return the first non-None result and the plugin's name."""
    caller = getattr(pm.hook, hook)
    for impl in reversed(caller.get_hookimpls()):
        if impl.hookwrapper or impl.wrapper:
            continue
        try:
            result = impl.function(*[kwargs[a] for a in impl.argnames])
        except EcarteError:
            raise
        except Exception as exc:
            raise PluginError(f"plugin {impl.plugin_name!r} failed in {hook}: {exc!r}") from exc
        if result is not None:
            return result, impl.plugin_name
    raise PluginError(f"no plugin answered {hook}")  # the classic plugin always answers


def notify(pm: pluggy.PluginManager, hook: str, **kwargs: Any) -> None:
    """Call a notification hook on every plugin."""
    for impl in reversed(getattr(pm.hook, hook).get_hookimpls()):
        try:
            impl.function(*[kwargs[a] for a in impl.argnames])
        except EcarteError:
            raise
        except Exception as exc:
            raise PluginError(f"plugin {impl.plugin_name!r} failed in {hook}: {exc!r}") from exc
