"""Hook dispatch: which plugins a game has, and how the machine asks them.

A *plugin set* (the builtin classic rules, named variants, plugin objects) is
validated once per set of plugin classes with pluggy, and its hook tables are
cached (:func:`plugin_set`); each game binds them to its own plugin instances
(:class:`HookTable`). The machine answers in C every hook that only the classic
plugin implements; a hook some other plugin implements sets a bit of the
machine's hook mask, and the machine stops there: :func:`answer` asks the
plugins, checks the answer and encodes it for the machine.
"""

from __future__ import annotations

import inspect
import types
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pluggy

from ecarte._cards import PIQUET_DECK, Card, CardSet
from ecarte._errors import ArgumentError, ArgumentTypeError, PluginError, RulesError, shown
from ecarte.engine import backend as _backend

from . import hookspecs
from ._classic import TABLE_SIZE, ClassicRules
from ._plugins import (
    call_impl,
    configure_rules,
    notify_all,
    plugin_error,
    plugin_name,
    variant_plugins,
)
from ._pure_machine import HOOK_NAMES
from ._records import piquet_mask
from .actions import Accept, Action, PlayHand, Propose, Refuse
from .results import DealtHands, HandOutcome, MatchStatus, Seats
from .rules import DealPattern, FirstDealer, KingAnnouncement, Rules, checked

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "HookTable",
    "answer",
    "describe",
    "first_veto",
    "game_config",
    "hook_path",
    "notify",
    "unvetoed",
]

MACHINE_HOOKS = tuple(f"ecarte_{name}" for name in HOOK_NAMES)
"""The hooks the machine asks, in the order of their hook points (``ec_hook_name``) and of
their mask bits; every binding names the same (a test checks)."""
NOTIFICATIONS = (
    "ecarte_game_started",
    "ecarte_hand_ended",
    "ecarte_game_ended",
    "ecarte_match_ended",
)
_ALL_HOOKS = tuple(name for name in vars(hookspecs) if name.startswith("ecarte_"))
WRAPPABLE = frozenset((*MACHINE_HOOKS, "ecarte_table_size"))
"""The hooks a plugin may wrap (``@hookimpl(wrapper=True)``): those that answer the
machine's questions, and the table size."""
_CLASSIC = ClassicRules()  # stateless: one instance serves every game

_hook_path = False


def hook_path(on: bool) -> None:
    """Make games created from now on ask the classic plugin every hook from Python
    (True), as a variant would be asked, instead of the machine answering it: the
    differential test of the C rules against their readable statement."""
    global _hook_path
    _hook_path = bool(on)
    _classic_config.cache_clear()


Impl = tuple[Any, tuple[str, ...], str]
"""A hook implementation: its function, argument names and plugin name."""
_Template = tuple[Any, tuple[str, ...], int, bool]
"""A cached implementation: function, argument names, plugin index, bound to the plugin."""


class PluginSet:
    """What a set of plugin classes implements, validated once (see :func:`plugin_set`)."""

    __slots__ = (
        "configures",
        "hook_mask",
        "notifications",
        "shared",
        "sizes",
        "templates",
        "validators",
        "wrappers",
    )

    def __init__(
        self,
        templates: dict[str, tuple[_Template, ...]],
        wrappers: dict[str, tuple[_Template, ...]],
    ) -> None:
        self.templates = templates
        self.wrappers = wrappers
        self.shared = {
            hook: tuple((func, args, "classic") for func, args, _, _ in found)
            for hook, found in templates.items()
            if all(index == 0 for _, _, index, _ in found)
        }
        """The hooks only the classic plugin implements, bound: every game shares them."""
        mask = 0
        for bit, hook in enumerate(MACHINE_HOOKS):
            if _hook_path or _overridden(templates, wrappers, hook):
                mask |= 1 << bit
        self.hook_mask = mask
        self.validators = bool(templates["ecarte_validate_action"])
        self.notifications = any(templates[hook] for hook in NOTIFICATIONS)
        self.configures = _overridden(templates, wrappers, "ecarte_configure_rules")
        self.sizes = _overridden(templates, wrappers, "ecarte_table_size")


def _overridden(
    templates: dict[str, tuple[_Template, ...]],
    wrappers: dict[str, tuple[_Template, ...]],
    hook: str,
) -> bool:
    """Whether a plugin other than the classic one implements or wraps ``hook``."""
    return any(index > 0 for _, _, index, _ in templates[hook]) or bool(wrappers.get(hook))


class HookTable:
    """A game's plugins (classic first) and each hook's implementations bound to them,
    in call order (bound on first use). :func:`._plugins.implementations` reads it like
    a plugin manager."""

    __slots__ = ("_bound", "_wrappers", "instances", "names", "plugin_set")

    def __init__(self, plugin_set: PluginSet, names: tuple[str, ...], instances: tuple[Any, ...]):
        self.plugin_set = plugin_set
        self.names = names
        self.instances = instances
        self._bound: dict[str, tuple[Impl, ...]] = {}
        self._wrappers: dict[str, tuple[Impl, ...]] = {}

    def _bind(self, templates: tuple[_Template, ...]) -> tuple[Impl, ...]:
        instances, names = self.instances, self.names
        return tuple(
            [
                (func.__get__(instances[i]) if method else func, args, names[i])
                for func, args, i, method in templates
            ]
        )

    def impls(self, hook: str) -> tuple[Impl, ...]:
        bound = self._bound.get(hook)
        if bound is None:
            bound = self.plugin_set.shared.get(hook)
            if bound is None:
                bound = self._bind(self.plugin_set.templates[hook])
            self._bound[hook] = bound
        return bound

    def wrappers(self, hook: str) -> tuple[Impl, ...]:
        """The hook wrappers of ``hook``, outermost first (pluggy's order)."""
        templates = self.plugin_set.wrappers.get(hook)
        if templates is None:
            return ()
        bound = self._wrappers.get(hook)
        if bound is None:
            bound = self._wrappers[hook] = self._bind(templates)
        return bound

    def plugin(self, name: str) -> object:
        try:
            return self.instances[self.names.index(name)]
        except ValueError:
            raise ArgumentError(
                f"no plugin {shown(name)} in this game (its plugins: {', '.join(self.names)})"
            ) from None


class Config:
    """What a game and its clones share and never change. The advice of the hand is
    the one part that changes: a game given advice takes a copy of its own
    (:meth:`with_advice`), which its clones then share until they are advised."""

    __slots__ = (
        "advice",
        "asked_rules",
        "fast",
        "flags",
        "hooks",
        "machine",
        "notifications",
        "players",
        "rules",
        "validators",
        "variants",
    )

    def __init__(
        self,
        hooks: HookTable,
        asked_rules: Rules,
        rules: Rules,
        players: int,
        variants: tuple[str, ...],
    ) -> None:
        pset = hooks.plugin_set
        self.hooks = hooks
        self.asked_rules = asked_rules
        self.rules = rules
        self.players = players
        self.variants = variants
        self.advice: list[Any] = []
        """The advice given this hand (``Game.advise``): never saved nor replayed."""
        self.validators = pset.validators
        self.notifications = pset.notifications
        self.flags = bool(pset.hook_mask) | pset.validators << 1 | pset.notifications << 2
        self.fast = not self.flags
        self.machine = _machine_config(rules, players, pset.hook_mask, _backend.live())

    def with_advice(self, advice: list[Any]) -> Config:
        """This configuration with ``advice`` as the advice of the hand."""
        new = object.__new__(Config)
        for name in Config.__slots__:
            setattr(new, name, getattr(self, name))
        new.advice = advice
        return new


# --------------------------------------------------------------- plugin sets


def _plugin_key(plugin: object) -> object:
    """What identifies a plugin's hook implementations: its class (instances of one class
    share them), or the object itself for a module."""
    if isinstance(plugin, types.ModuleType | type):
        return plugin
    return type(plugin)


def _unique_name(used: list[str], plugin: object) -> str:
    """The plugin's name (:func:`._plugins.plugin_name`), made unique."""
    base = plugin_name(plugin)
    name, n = base, 1
    while name in used:
        n += 1
        name = f"{base}#{n}"
    return name


_SETS: dict[tuple[Any, ...], PluginSet] = {}


def plugin_set(
    key: tuple[Any, ...], names: tuple[str, ...], instances: tuple[Any, ...]
) -> PluginSet:
    """The cached plugin set of ``key``; on first sight, validated with pluggy on these
    instances (registration, signatures, misspelled hooks)."""
    found = _SETS.get(key)
    if found is not None:
        return found
    pm = pluggy.PluginManager("ecarte")
    pm.add_hookspecs(hookspecs)
    for i, (name, plugin) in enumerate(zip(names, instances, strict=True)):
        what = f"variant {name!r}" if name in key[0] else f"plugin {name!r}"
        for other, earlier in zip(names[:i], instances[:i], strict=True):
            if earlier is plugin:
                raise PluginError(
                    f"{what} is the same object as {other!r}: give each its own plugin object"
                )
        classic = plugin if isinstance(plugin, type) else type(plugin)
        if i > 0 and issubclass(classic, ClassicRules):
            raise PluginError(
                f"{what} is the classic rules (or a subclass), which every game has already: "
                "leave it out, and call the functions of ecarte.classic from your own hooks"
            )
        _check_hooks(what, plugin)
        try:
            pm.register(plugin, name=name)
        except (ValueError, pluggy.PluginValidationError) as exc:
            raise PluginError(f"{what} cannot be registered: {exc}") from exc
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:  # _check_hooks found none: a backstop
        raise PluginError(f"a plugin of this game: {exc}") from exc
    templates: dict[str, tuple[_Template, ...]] = {}
    wrappers: dict[str, tuple[_Template, ...]] = {}
    for hook in _ALL_HOOKS:
        out: list[_Template] = []
        wrapping: list[_Template] = []
        for impl in reversed(getattr(pm.hook, hook).get_hookimpls()):
            if impl.hookwrapper or (impl.wrapper and hook not in WRAPPABLE):
                raise PluginError(
                    f"plugin {impl.plugin_name!r}, hook {hook}: "
                    + (
                        "old-style hook wrappers (hookwrapper=True) are not supported; "
                        "use @hookimpl(wrapper=True)"
                        if impl.hookwrapper
                        else "a hook wrapper may wrap only a hook that answers a question "
                        f"({', '.join(sorted(WRAPPABLE))})"
                    )
                )
            index = names.index(impl.plugin_name)
            if impl.trylast and index > 0 and not impl.wrapper and hook in WRAPPABLE:
                raise PluginError(
                    f"plugin {impl.plugin_name!r}, hook {hook}: marked trylast, it comes after "
                    "the classic rules (trylast themselves), which always answer: it would "
                    "never be asked (leave trylast out)"
                )
            func = impl.function
            # the classic plugin (first) is one object, stateless: bound once for all games
            method = index > 0 and getattr(func, "__self__", None) is instances[index]
            template = (func.__func__ if method else func, tuple(impl.argnames), index, method)
            (wrapping if impl.wrapper else out).append(template)
        templates[hook] = tuple(out)
        if wrapping:  # the wrapper registered last is the outermost, as in pluggy
            wrappers[hook] = tuple(wrapping)
    found = _SETS[key] = PluginSet(templates, wrappers)
    return found


_SPEC_ARGS = {
    hook: tuple(inspect.signature(getattr(hookspecs, hook)).parameters) for hook in _ALL_HOOKS
}
"""Each hook's arguments, by hook."""


def _check_hooks(what: str, plugin: object) -> None:
    """Raise :class:`PluginError`, in the words of ``docs/plugins.md``, when ``plugin`` marks
    a method ``@hookimpl`` that no hook is named like or that takes an argument its hook
    does not have, or has a method named like a hook that it did not mark."""
    owner = plugin if isinstance(plugin, types.ModuleType | type) else type(plugin)
    for attr in dir(owner):
        if not attr.startswith("ecarte_"):
            continue
        value = inspect.getattr_static(owner, attr, None)
        function = value.__func__ if isinstance(value, staticmethod | classmethod) else value
        if not callable(function) or hasattr(function, "ecarte_spec"):
            continue
        marked = getattr(function, "ecarte_impl", None) is not None
        if attr not in _SPEC_ARGS:
            if marked:
                raise PluginError(f"{what}: no hook is named {attr}")
            continue
        if not marked:
            if function is getattr(hookspecs.Plugin, attr, None):
                continue  # the typed base's own statement of the hook
            raise PluginError(f"{what}: {attr} is not marked @hookimpl, so no game would call it")
        options = getattr(function, "ecarte_impl", None) or {}
        wrapper = options.get("wrapper") or options.get("hookwrapper")
        if not wrapper and inspect.isgeneratorfunction(function):
            raise PluginError(
                f"{what}, hook {attr}: it yields, as a hook wrapper does: mark it "
                "@hookimpl(wrapper=True)"
            )
        try:
            params = list(inspect.signature(function).parameters.values())
        except (TypeError, ValueError):
            continue  # no signature to read: pluggy checks what it can
        if not isinstance(owner, types.ModuleType) and not isinstance(value, staticmethod):
            if params and params[0].name in _SPEC_ARGS[attr]:
                raise PluginError(
                    f"{what}, hook {attr}: its first argument, {params[0].name}, would be the "
                    "plugin object itself: add self before it (or make it a @staticmethod)"
                )
            params = params[1:]  # self, or cls
        extra = [
            p.name
            for p in params
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
            and p.default is p.empty
            and p.name not in _SPEC_ARGS[attr]
        ]
        if extra:
            raise PluginError(
                f"{what}, hook {attr}: the hook has no argument {', '.join(extra)} (its "
                f"arguments: {', '.join(_SPEC_ARGS[attr])})"
            )


@lru_cache(maxsize=256)
def _classic_config(rules: Rules, backend: str) -> Config:
    names, instances = ("classic",), (_CLASSIC,)
    hooks = HookTable(plugin_set(((), "classic", _hook_path), names, instances), names, instances)
    return Config(hooks, rules, rules, TABLE_SIZE, ())


_PLUGIN_LISTS = (tuple, list)
_DEFAULT_RULES = Rules()
_NOT_PLUGINS = (int, float, complex, str, bytes, bytearray, list, tuple, dict, set, frozenset)
"""Values that are never plugin objects (``plugins=[5, 6]``: a mistake, not two plugins)."""


def _asked_rules(rules: object) -> Rules:
    if rules is None:
        return _DEFAULT_RULES
    if isinstance(rules, Rules):
        return checked(rules)
    if isinstance(rules, str):
        return Rules.preset(rules)
    kind = type(rules).__name__
    raise RulesError(f"rules must be a Rules, a preset name or None, not a value of type {kind}")


def game_config(rules: object, variant: object, plugins: Iterable[object]) -> Config:
    """The configuration of a new game: its plugins (instances of its own), the rules
    after the variants configured them, the table size and the machine's tables."""
    asked = _asked_rules(rules)
    if variant is None:
        variants: tuple[str, ...] = ()
    elif isinstance(variant, str):
        variants = (variant,)
    elif isinstance(variant, Sequence) and all(isinstance(v, str) for v in variant):
        variants = tuple(variant)
    else:
        raise ArgumentTypeError(f"variant must be a name or a sequence of names, not {variant!r}")
    if plugins.__class__ not in _PLUGIN_LISTS and (
        isinstance(plugins, str | bytes) or not isinstance(plugins, Iterable)
    ):
        raise ArgumentTypeError(
            f"plugins must be an iterable of plugin objects or classes, not {plugins!r}"
        )
    objects = [
        _built(f"plugin {plugin_name(p)!r}", p) if isinstance(p, type) else p for p in plugins
    ]
    for p in objects:
        if isinstance(p, _NOT_PLUGINS):
            kind = type(p).__name__
            raise ArgumentTypeError(f"plugins: a value of type {kind} is not a plugin object")
    if not variants and not objects:
        return _classic_config(asked, _backend.live())
    names = ["classic", *variants]
    instances: list[Any] = [_CLASSIC]
    for name, plugin in zip(variants, variant_plugins(variants) if variants else (), strict=True):
        instances.append(
            _built(f"variant {name!r}", plugin) if isinstance(plugin, type) else plugin
        )
    for plugin in objects:
        names.append(_unique_name(names, plugin))
        instances.append(plugin)
    key = (variants, tuple(_plugin_key(p) for p in objects), _hook_path)
    table = tuple(names), tuple(instances)
    pset = plugin_set(key, *table)
    hooks = HookTable(pset, *table)
    # the classic plugin keeps the rules and seats two: asked only when another answers
    configured = configure_rules(hooks, asked) if pset.configures else asked
    players = TABLE_SIZE
    if pset.sizes:
        players, plugin = first_of(hooks, "ecarte_table_size", rules=configured)
        if players.__class__ is not int or not 2 <= players <= 16:
            raise PluginError(
                f"plugin {plugin!r}, hook ecarte_table_size: {players!r} is not 2..16 players"
            )
    return Config(hooks, asked, configured, players, variants)


def _built(what: str, factory: type) -> Any:
    """A new instance of a plugin class (``what``: "variant 'x'" or "plugin 'x'"); anything
    its constructor raises is a :class:`PluginError` naming it."""
    try:
        return factory()
    except Exception as exc:
        raise PluginError(f"{what} cannot be built: {exc}") from exc


_KING_MODES = {
    KingAnnouncement.OPTIONAL: 0,
    KingAnnouncement.AUTOMATIC: 1,
    KingAnnouncement.FIRST_LEAD: 2,
}
"""The machine's ``king_announcement`` byte (``EC_KING_*``) of each value."""


def machine_rules(rules: Rules, players: int) -> tuple[Any, ...]:
    """The rules as the machine's ``ec_match_rules`` fields (a tuple): the hand's rules
    (:meth:`Rules.hand_rules`, shared with the batches) first, then the match's."""
    if rules.target >= 1 << 31 or rules.games_to_win >= 1 << 31:
        raise RulesError("target and games_to_win must be below 2**31 for the match machine")
    return (
        rules.hand_rules(),
        int(rules.deal_pattern is DealPattern.ALTERNATE),
        int(rules.first_dealer is FirstDealer.LOWER_CUT),
        _KING_MODES[rules.king_announcement],
        int(rules.game_values),
        players,
        rules.target,
        rules.games_to_win,
    )


@lru_cache(maxsize=1024)
def _machine_config(rules: Rules, players: int, hook_mask: int, backend: str) -> Any:
    return _backend.module("ecarte.machine", backend).MatchConfig(
        machine_rules(rules, players), hook_mask
    )


# ----------------------------------------------------------------- calling


def first_of(hooks: HookTable, hook: str, **kwargs: Any) -> tuple[Any, str]:
    """Call a firstresult hook; the first non-None result and the plugin's name, passed
    through the hook's wrappers (each gets the answer from its ``yield`` and returns the
    answer it gives instead; the last wrapper to change it is named)."""
    return _first_of(hooks, hook, kwargs)


def _first_of(hooks: HookTable, hook: str, kwargs: dict[str, Any]) -> tuple[Any, str]:
    """:func:`first_of` with the arguments in a dict (the answers to the machine's hooks)."""
    wrappers = hooks.wrappers(hook)
    if wrappers:
        return _wrapped(hooks, hook, wrappers, kwargs)
    for impl in hooks.impls(hook):
        result = call_impl(impl, hook, kwargs)
        if result is not None:
            return result, impl[2]
    raise PluginError(f"no plugin answered {hook}")  # the classic plugin always answers


def _wrapped(
    hooks: HookTable, hook: str, wrappers: tuple[Impl, ...], kwargs: dict[str, Any]
) -> tuple[Any, str]:
    """:func:`first_of` through hook wrappers (pluggy's ``wrapper=True`` protocol)."""
    started: list[tuple[Any, str]] = []
    for impl in wrappers:  # outermost first: each runs up to its yield
        gen = call_impl(impl, hook, kwargs)
        try:
            next(gen)
        except StopIteration:
            raise PluginError(
                f"plugin {impl[2]!r}, hook {hook}: a wrapper must yield once"
            ) from None
        except Exception as exc:
            raise plugin_error(impl[2], hook, exc) from exc
        started.append((gen, impl[2]))
    result, plugin = None, ""
    for impl in hooks.impls(hook):
        result = call_impl(impl, hook, kwargs)
        if result is not None:
            plugin = impl[2]
            break
    for gen, name in reversed(started):  # innermost first, as pluggy does
        given = dict(result) if isinstance(result, dict) else result  # changed in place?
        try:
            gen.send(result)
        except StopIteration as stop:
            if stop.value is not result or _changed(given, result):
                result, plugin = stop.value, name
        except Exception as exc:
            raise plugin_error(name, hook, exc) from exc
        else:
            raise PluginError(f"plugin {name!r}, hook {hook}: a wrapper must yield once")
    if result is None:
        raise PluginError(f"no plugin answered {hook}")
    return result, plugin


def _changed(given: Any, result: Any) -> bool:
    """Whether a wrapper changed, in place, the dict ``result`` it was given as ``given``
    (a copy): then the answer is the wrapper's."""
    if given is result:
        return False  # not a dict: nothing a wrapper can change in place is checked
    try:
        return bool(given != result)
    except Exception:
        return True


def _first(game: Game, hook: str, **kwargs: Any) -> tuple[Any, str]:
    kwargs["game"] = game
    return _first_of(game._config.hooks, hook, kwargs)


def first_veto(game: Game, seat: int, action: Action) -> tuple[str | None, str]:
    """The first plugin's veto of ``action`` by ``seat`` (hook ``ecarte_validate_action``)."""
    hook = "ecarte_validate_action"
    kwargs = {"game": game, "seat": seat, "action": action}
    for impl in game._config.hooks.impls(hook):
        veto = call_impl(impl, hook, kwargs)
        if veto is not None:
            if not (isinstance(veto, str) and veto.strip()):
                raise PluginError(
                    f"plugin {impl[2]!r}, hook {hook}: {veto!r} is neither None (no veto) "
                    "nor a reason (a non-empty str)"
                )
            return veto, impl[2]
    return None, ""


def unvetoed(game: Game, seat: int, actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """``actions`` less those a plugin vetoes (a vetoed decision is not offered); cards
    are never vetoed."""
    if seat < 0 or not any(not _is_play(a) for a in actions):
        return actions
    vetoes = [(None, "") if _is_play(a) else first_veto(game, seat, a) for a in actions]
    out = tuple(a for a, (veto, _) in zip(actions, vetoes, strict=True) if veto is None)
    if not out:
        plugins = ", ".join(sorted({repr(plugin) for _, plugin in vetoes}))
        raise PluginError(
            f"plugin {plugins}, hook ecarte_validate_action: vetoes every action of seat "
            f"{seat} ({', '.join(map(str, actions))})"
        )
    return out


def _is_play(action: Action) -> bool:
    return action.__class__.__name__ == "Play"


def notify(game: Game, hook: str, kwargs: dict[str, Any]) -> list[Exception]:
    """Send a notification to every implementation; the errors."""
    return notify_all(game._config.hooks.impls(hook), hook, {"game": game, **kwargs})


def advisers(game: Game, adviser: int | str) -> list[tuple[int | str, str]]:
    """Every plugin's answer to ``ecarte_adviser`` that is not None, with its name: the
    seat ``adviser`` backs, or why it may not advise (checked: a seat or a non-empty
    str)."""
    hook = "ecarte_adviser"
    out: list[tuple[int | str, str]] = []
    for impl in game._config.hooks.impls(hook):
        got = call_impl(impl, hook, {"game": game, "adviser": adviser})
        if got is None:
            continue
        if not (got.__class__ is int or (isinstance(got, str) and got.strip())):
            raise PluginError(
                f"plugin {impl[2]!r}, hook {hook}: {got!r} is neither a seat, a reason "
                "(a non-empty str) nor None"
            )
        out.append((got, impl[2]))
    return out


def describe(game: Game, seat: int | None) -> tuple[str, ...]:
    """Every plugin's ``ecarte_describe`` lines, in registration order."""
    hook = "ecarte_describe"
    lines: list[str] = []
    for impl in game._config.hooks.impls(hook):
        got = call_impl(impl, hook, {"game": game, "seat": seat})
        if got is None:
            continue
        if (
            not isinstance(got, Sequence)
            or isinstance(got, str)
            or not all(isinstance(x, str) for x in got)
        ):
            raise PluginError(f"plugin {impl[2]!r}, hook {hook}: {got!r} is not a sequence of str")
        lines += got
    return tuple(lines)


# -------------------------------------------------------- answering the machine


def answer(game: Game) -> bytes:
    """Ask the plugins the hook the machine stopped at; the checked answer, encoded."""
    hook_id, args = game._m_hook
    hook = MACHINE_HOOKS[hook_id]
    return _ANSWERS[hook_id](game, hook, args)


def _bad(plugin: str, hook: str, why: str) -> PluginError:
    return PluginError(f"plugin {plugin!r}, hook {hook}: {why}")


def _check_seats(game: Game, seats: Any, plugin: str, hook: str, allow_cut: bool) -> Seats:
    if not isinstance(seats, Seats):
        raise _bad(plugin, hook, f"returned {seats!r}, not Seats")
    players = seats.players
    if not (isinstance(players, tuple) and len(players) == 2):
        raise _bad(plugin, hook, f"players {players!r} are not two seats")
    a, b = players
    n = game._config.players
    if a == b or not all(p.__class__ is int and 0 <= p < n for p in (a, b)):
        raise _bad(plugin, hook, f"players {players!r} are not two seats of a table of {n}")
    if seats.dealer is None and not allow_cut:
        raise _bad(plugin, hook, "the dealer must be named between hands")
    if seats.dealer is not None and (
        seats.dealer.__class__ is not int or seats.dealer not in players
    ):
        raise _bad(plugin, hook, f"dealer {seats.dealer!r} is not one of the players {players}")
    return seats


def _next_game(game: Game, hook: str, args: tuple[int, ...]) -> bytes:
    previous = game._read().games[-1] if args[0] else None
    seats, plugin = _first(game, hook, previous=previous)
    seats = _check_seats(game, seats, plugin, hook, allow_cut=True)
    dealer = 255 if seats.dealer is None else seats.dealer
    return bytes((*seats.players, dealer))


def _cut(game: Game, hook: str, args: tuple[int, ...]) -> bytes:
    players = game.game_players
    cards = (Card.from_id(args[0]), Card.from_id(args[1]))
    seats, plugin = _first(game, hook, players=players, cards=cards)
    seats = _check_seats(game, seats, plugin, hook, allow_cut=True)
    if set(seats.players) != set(players):
        raise _bad(plugin, hook, "changed the players")
    return bytes((255 if seats.dealer is None else seats.dealer,))


def _deal_packets(game: Game, hook: str, args: tuple[int, ...]) -> bytes:
    packets, plugin = _first(game, hook, dealer=args[0])
    if packets == "choose":
        return b"\0"
    if packets in ((3, 2), (2, 3)) and all(p.__class__ is int for p in packets):
        return bytes((packets[0] * 10 + packets[1],))
    raise _bad(plugin, hook, f"{packets!r} is not (3, 2), (2, 3) or 'choose'")


_DECK_MASK = PIQUET_DECK.mask
_DECK_CARDS = {card.id: card for card in PIQUET_DECK}


def _deal(game: Game, hook: str, args: tuple[int, ...]) -> bytes:
    v = game._view()
    deck = tuple(map(_DECK_CARDS.__getitem__, game._m_log(v.deal_at)[:32]))
    dealer, elder, p = v.dealer, v.elder, v.deal_packets
    dealt, plugin = _first(
        game, hook, deck=deck, dealer=dealer, elder=elder, packets=(p // 10, p % 10)
    )
    if not isinstance(dealt, DealtHands):
        raise _bad(plugin, hook, f"returned {dealt!r}, not DealtHands")
    if not isinstance(dealt.hands, Mapping):
        raise _bad(plugin, hook, f"hands must be a dict of seat to CardSet, got {dealt.hands!r}")
    cards = dealt.stock
    if type(cards) is not tuple or any(type(c) is not Card for c in cards):
        raise _bad(plugin, hook, f"the stock must be a tuple of cards, got {cards!r}")
    if set(dealt.hands) != {dealer, elder}:
        raise _bad(
            plugin,
            hook,
            f"hands for seats {sorted(dealt.hands)}, expected {sorted({dealer, elder})}",
        )
    seen = 0
    for hand in dealt.hands.values():
        if not isinstance(hand, CardSet) or len(hand) != 5:
            raise _bad(plugin, hook, f"a hand must be a CardSet of 5 cards, got {hand!r}")
        if seen & hand.mask:
            raise _bad(plugin, hook, "the hands share a card")
        seen |= hand.mask
    if not isinstance(dealt.turnup, Card) or seen & dealt.turnup.mask:
        raise _bad(plugin, hook, f"bad turn-up {dealt.turnup!r}")
    seen |= dealt.turnup.mask
    ids = [card.id for card in cards]
    stock = 0
    for i in ids:
        stock |= 1 << i
    if stock.bit_count() != len(ids) or stock & seen or stock | seen != _DECK_MASK:
        raise _bad(plugin, hook, "hands, turn-up and stock must hold the 32 cards once each")
    return (
        piquet_mask(dealt.hands[elder].mask).to_bytes(4, "little")
        + piquet_mask(dealt.hands[dealer].mask).to_bytes(4, "little")
        + bytes((dealt.turnup.id, *ids))
    )


_PAIRS = ((Propose(), PlayHand()), (Accept(), Refuse()))
MOST_EXCHANGES = 24
"""The most exchanges a hand holds (the machine keeps two discards each)."""


def _exchange(game: Game, hook: str, args: tuple[int, ...]) -> bytes:
    seat, actions = args[0], _PAIRS[args[1]]
    bits, forbidding = 0, []
    for i, action in enumerate(actions):
        ok, plugin = _first(game, hook, seat=seat, action=action)
        if not isinstance(ok, bool):
            raise _bad(plugin, hook, f"{ok!r} is not a bool")
        if ok and i == 0 and args[1] == 0 and len(game.exchanges) > 2 * (MOST_EXCHANGES - 1):
            raise _bad(
                plugin,
                hook,
                f"allows a proposal after {MOST_EXCHANGES} exchanges in a hand, the most a "
                "hand holds (answer False, or None to let the classic rules decide)",
            )
        bits |= ok << i
        forbidding.append(plugin)
    if not bits:
        plugins = ", ".join(sorted({repr(p) for p in forbidding}))
        raise PluginError(
            f"plugin {plugins}, hook {hook}: forbids every action of seat {seat} "
            f"({', '.join(map(str, actions))})"
        )
    return bytes((bits,))


def _discard_limits(game: Game, hook: str, args: tuple[int, ...]) -> bytes:
    limits, plugin = _first(game, hook, seat=args[0])
    if not (
        isinstance(limits, tuple)
        and len(limits) == 2
        and all(x.__class__ is int for x in limits)
        and 0 <= limits[0] <= limits[1] <= 5
    ):
        raise _bad(plugin, hook, f"{limits!r} is not (least, most) with 0 <= least <= most <= 5")
    return bytes(limits)


def _points(points: Any, plugin: str, hook: str) -> int:
    if points.__class__ is not int or not 0 <= points <= 0xFFFF:
        raise _bad(plugin, hook, f"{points!r} is not points (an int 0..65535)")
    return int(points)


def _king_points(game: Game, hook: str, args: tuple[int, ...]) -> bytes:
    points, plugin = _first(game, hook, seat=args[0], turned_up=bool(args[1]))
    return _points(points, plugin, hook).to_bytes(2, "little")


def _score_hand(game: Game, hook: str, args: tuple[int, ...]) -> bytes:
    v = game._view()
    elder, dealer = v.elder, v.dealer
    outcome = HandOutcome(
        dealer=dealer,
        elder=elder,
        tricks={elder: v.play_won[0], dealer: v.play_won[1]},
        exchanges=v.exchanges,
        elder_played_without_proposing=bool(v.played_without_proposing),
        refused_after=None if v.refused_after == 255 else v.refused_after,
    )
    points, plugin = _first(game, hook, outcome=outcome)
    if not (
        isinstance(points, dict)
        and all(seat.__class__ is int for seat in points)  # not True for seat 1
        and set(points) <= {dealer, elder}
    ):
        raise _bad(
            plugin, hook, f"{points!r} is not a dict of int points for seats {elder} and {dealer}"
        )
    got = {seat: _points(p, plugin, hook) for seat, p in points.items()}
    order = sorted(got, key=lambda seat: -got[seat])  # the larger claim first
    first = order[0] if order else elder
    other = dealer if first == elder else elder
    return (
        bytes((int(first == dealer),))
        + got.get(first, 0).to_bytes(2, "little")
        + got.get(other, 0).to_bytes(2, "little")
    )


def _next_hand(game: Game, hook: str, args: tuple[int, ...]) -> bytes:
    previous = game._read().game_hands[-1]
    seats, plugin = _first(game, hook, previous=previous)
    seats = _check_seats(game, seats, plugin, hook, allow_cut=False)
    assert seats.dealer is not None  # checked
    return bytes((*seats.players, seats.dealer))


def _match_status(game: Game, hook: str, args: tuple[int, ...]) -> bytes:
    status, plugin = _first(game, hook, games=tuple(game._read().games))
    n = game._config.players
    if (
        not isinstance(status, MatchStatus)
        or (status.over.__class__ is not bool)
        or (status.over and not (status.winner.__class__ is int and 0 <= status.winner < n))
    ):
        raise _bad(plugin, hook, f"{status!r} is not a MatchStatus(over: bool, winner: a seat)")
    winner = status.winner if status.over and status.winner is not None else 0
    return bytes((int(status.over), winner))


_ANSWERS = (
    _next_game,
    _cut,
    _deal_packets,
    _deal,
    _exchange,
    _discard_limits,
    _king_points,
    _score_hand,
    _next_hand,
    _match_status,
)
