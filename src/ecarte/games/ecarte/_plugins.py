"""Installed variants (entry points), and calling hook implementations.

The hook tables of a game are built in :mod:`ecarte.games.ecarte._hooks`, once per set of plugin
classes.
"""

from __future__ import annotations

import functools
import importlib.metadata
import inspect
import operator
import os
import types
from collections.abc import Callable
from typing import Any

import attrs

from ecarte._errors import ArgumentError, PluginError, RulesError, shown

from .rules import Rules, checked

__all__ = [
    "AUTOLOAD_ENV",
    "ENTRY_POINT_GROUP",
    "available_variants",
    "call_impl",
    "configure_rules",
    "implementations",
    "load_entry_point",
    "load_variant",
    "notify_all",
    "plugin_error",
    "plugin_name",
    "variant_plugins",
]

ENTRY_POINT_GROUP = "ecarte.variants"
AUTOLOAD_ENV = "ECARTE_DISABLE_PLUGIN_AUTOLOAD"
"""Set to a non-empty value to stop discovering installed variants."""


def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    if os.environ.get(AUTOLOAD_ENV):
        return {}
    return _all_entry_points()


@functools.lru_cache(maxsize=1)
def _all_entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    """The installed variants' entry points, read once per process (reading them costs
    milliseconds)."""
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}


def description(plugin: object) -> str:
    """A variant's line: its ``DESCRIPTION``, else its docstring's first line, else
    ``(no description)``."""
    text = getattr(plugin, "DESCRIPTION", None)
    if not isinstance(text, str) or not text.strip():
        text = plugin.__doc__ if isinstance(plugin.__doc__, str) else ""
    lines = text.strip().splitlines()
    return lines[0].strip() if lines else "(no description)"


def available_variants() -> dict[str, str]:
    """Installed variants (entry points ``ecarte.variants``): name -> one-line description."""
    out = {}
    for name, ep in sorted(_entry_points().items()):
        try:
            out[name] = description(_named(name, ep.load()))
        except Exception as exc:  # a broken plugin must not break the listing
            out[name] = f"(cannot be loaded: {exc})"
    return out


def accepted_options(factory: Callable[..., object]) -> tuple[tuple[str, ...], bool]:
    """The keyword arguments ``factory`` (a variant's class) accepts, and whether it takes
    ``**kwargs``."""
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # no signature (a builtin): anything goes
        return (), True
    keywords = tuple(p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))
    return keywords, any(p.kind is p.VAR_KEYWORD for p in params)


def load_variant(name: str) -> object:
    """The object an installed variant's entry point names (a plugin class or object),
    loaded once per process. A variant whose ``NAME`` is not its entry-point name raises
    :class:`PluginError`: a plugin has one name, however it is loaded."""
    eps = _entry_points()
    if name not in eps:
        known = ", ".join(sorted(eps)) or "none installed"
        hint = f" ({AUTOLOAD_ENV} is set)" if os.environ.get(AUTOLOAD_ENV) else ""
        raise ArgumentError(f"unknown variant {shown(name)}; known: {known}{hint}")
    return load_entry_point(name, eps[name])


_VARIANTS: dict[tuple[str, ...], tuple[object, tuple[object, ...]]] = {}


def variant_plugins(variants: tuple[str, ...]) -> tuple[object, ...]:
    """The plugin (class or object) of each variant named (:func:`load_variant`): the
    names checked and the plugins loaded once per tuple of names (again when the
    installed variants are read anew; every time when their discovery is turned off)."""
    known = _entry_points()
    found = _VARIANTS.get(variants)
    if found is not None and found[0] is known:
        return found[1]
    seen = ["classic"]
    plugins = []
    for name in variants:
        if name == "classic":
            raise ArgumentError(
                "variant 'classic': classic is the builtin rules, not a variant: leave it out"
            )
        if name in seen:
            raise ArgumentError(f"variant {name!r} is named twice")
        plugins.append(load_variant(name))
        seen.append(name)
    _VARIANTS[variants] = (known, tuple(plugins))
    return tuple(plugins)


@functools.cache
def load_entry_point(name: str, ep: importlib.metadata.EntryPoint) -> object:
    """The object the entry point ``name`` names, its ``NAME`` checked (:func:`load_variant`);
    a failure to load it is a :class:`PluginError` too."""
    try:
        plugin = ep.load()
    except Exception as exc:
        raise PluginError(f"variant {name!r} cannot be loaded: {exc}") from exc
    return _named(name, plugin)


def _named(name: str, plugin: object) -> object:
    """``plugin``, the installed variant ``name``, unless its ``NAME`` is another name."""
    own = getattr(plugin, "NAME", None)
    if own and own != name:
        raise PluginError(
            f"variant {name!r} calls itself {own!r} (its NAME): a plugin has one name, so "
            f"its NAME and its entry point (group {ENTRY_POINT_GROUP}) must be the same"
        )
    return plugin


def plugin_name(plugin: object) -> str:
    """The name of a plugin object, class or module in a game, the same however it is
    loaded: its ``NAME``; else the name of the installed variant whose entry point names
    it (its class, or the module itself); else its class's (or the module's) name."""
    own = getattr(plugin, "NAME", None)
    if own:
        return str(own)
    target = plugin if isinstance(plugin, type | types.ModuleType) else type(plugin)
    where: tuple[str, str | None]
    if isinstance(target, types.ModuleType):
        where = (target.__name__, None)
    else:
        where = (target.__module__, target.__qualname__)
    for name, ep in _entry_points().items():
        if (ep.module, ep.attr) == where:
            return name
    return str(target.__name__)


Impl = tuple[Callable[..., Any], tuple[str, ...], str]
"""A hook implementation: its function, argument names and plugin name."""


def implementations(pm: Any, hook: str) -> tuple[Impl, ...]:
    """The implementations of ``hook`` in call order (wrappers are not supported), from a
    game's hook table (:class:`ecarte.games.ecarte._hooks.HookTable`) or a pluggy plugin manager."""
    if hasattr(pm, "impls"):
        return pm.impls(hook)  # type: ignore[no-any-return]
    return tuple(
        (impl.function, tuple(impl.argnames), impl.plugin_name)
        for impl in reversed(getattr(pm.hook, hook).get_hookimpls())
        if not (impl.hookwrapper or impl.wrapper)
    )


def call_impl(impl: Impl, hook: str, kwargs: dict[str, Any]) -> Any:
    """Call one implementation with the arguments it asks for. Any exception it raises
    (an :class:`EcarteError` included, say an ``IllegalActionError`` from an ``apply()``
    the hook tried) becomes a :class:`PluginError` naming the plugin and the hook, the
    original kept as its ``__cause__``."""
    function, argnames, name = impl
    try:
        return function(*[kwargs[a] for a in argnames])
    except Exception as exc:
        raise plugin_error(name, hook, exc) from exc


def plugin_error(plugin: str, hook: str, exc: Exception) -> PluginError:
    """The :class:`PluginError` for ``exc``, raised by ``plugin``'s ``hook`` (the caller
    raises it ``from exc``)."""
    return PluginError(f"plugin {plugin!r} failed in {hook}: {type(exc).__name__}: {exc}")


_RULE_OPTIONS = tuple(a.name for a in attrs.fields(Rules))
_OPTIONS = operator.attrgetter(*_RULE_OPTIONS)
"""The options of a Rules, as a tuple in the order of their names."""


def configure_rules(pm: Any, rules: Rules) -> Rules:
    """Run the ``ecarte_configure_rules`` chain: each plugin gets the rules the
    previous one returned (None keeps them); classic, registered last, comes last.

    Two plugins may not set the same option: a plugin that changes an option
    another plugin already changed (``variant=["quick", "napoleon"]``, two
    targets) raises :class:`PluginError` naming both plugins and the option,
    instead of one of them silently winning. Setting an option to the value it
    already has is no change."""
    hook = "ecarte_configure_rules"
    set_by: dict[str, str] = {}  # option -> the plugin that changed it
    changes: list[tuple[str, Rules, Rules]] = []  # (plugin, rules before, rules after)
    for impl in implementations(pm, hook):
        result = call_impl(impl, hook, {"rules": rules})
        if result is None or result is rules:
            continue
        if not isinstance(result, Rules):
            raise PluginError(f"plugin {impl[2]!r}, hook {hook}: returned {result!r}, not a Rules")
        try:
            checked(result)
        except RulesError as exc:
            raise PluginError(f"plugin {impl[2]!r}, hook {hook}: {exc}") from exc
        changes.append((impl[2], rules, result))
        if len(changes) == 2:  # one change alone cannot set an option twice: compared now
            _set_options(set_by, *changes[0])
        if len(changes) >= 2:
            _set_options(set_by, *changes[-1])
        rules = result
    return rules


def _set_options(set_by: dict[str, str], plugin: str, before: Rules, after: Rules) -> None:
    """Note in ``set_by`` the options ``plugin`` changed from ``before`` to ``after``; one
    another plugin changed already raises :class:`PluginError`."""
    for option, old, new in zip(_RULE_OPTIONS, _OPTIONS(before), _OPTIONS(after), strict=True):
        if new == old:
            continue
        if option in set_by:
            raise PluginError(
                f"plugins {set_by[option]!r} and {plugin!r} both set the rule option "
                f"{option!r} (hook ecarte_configure_rules: {old!r} then {new!r}); use one of them"
            )
        set_by[option] = plugin


def notify_all(impls: tuple[Impl, ...], hook: str, kwargs: dict[str, Any]) -> list[Exception]:
    """Call every implementation of a notification hook, even after one fails; return
    the errors (each a :class:`PluginError` naming the plugin and the hook)."""
    errors: list[Exception] = []
    for impl in impls:
        try:
            call_impl(impl, hook, kwargs)
        except PluginError as exc:
            errors.append(exc)
    return errors
