"""The game registry: every game on the engine by name, what makes one, plays it in the
terminal and reads its saves.

A game is described by a :class:`GameSpec`. The built-in games, ``ecarte`` (Écarté)
and ``euchre``, are named here by the module path of their spec and imported only when
asked for; other games are found through the entry-point group ``ecarte.games``.

**The entry-point contract.** A distribution registers a game as an entry point of the
group ``ecarte.games`` whose name is the game's name and which names a
:class:`GameSpec` object of that name::

    [project.entry-points."ecarte.games"]
    mygame = "mygame.spec:GAME"     # GAME = GameSpec(name="mygame", title=..., load=...)

A built-in name cannot be taken by an entry point (the built-in game wins), and setting
``ECARTE_DISABLE_PLUGIN_AUTOLOAD`` to a non-empty value hides every entry point (the
built-in games remain). An entry point that cannot be imported, names something else than
a :class:`GameSpec`, or a spec of another name, raises :class:`~ecarte.PluginError` when
the game is asked for.

>>> from ecarte import available_games, load_game
>>> available_games()[:2]
('ecarte', 'euchre')
>>> load_game("ecarte", rules="spanish", seed=1).rules.dealer_min_discard
1
"""

from __future__ import annotations

import importlib
import importlib.metadata
import inspect
import os
import re
from collections.abc import Callable, Mapping
from typing import Any, TextIO, cast

import attrs
from attrs import frozen

from ecarte._errors import ArgumentError, PluginError, shown

from . import save

__all__ = [
    "AUTOLOAD_ENV",
    "BUILTIN_GAMES",
    "ENTRY_POINT_GROUP",
    "GameSpec",
    "TerminalGame",
    "available_games",
    "from_dict",
    "from_json",
    "get_game",
    "load_game",
]

ENTRY_POINT_GROUP = "ecarte.games"
"""The entry-point group of third-party games."""
AUTOLOAD_ENV = "ECARTE_DISABLE_PLUGIN_AUTOLOAD"
"""Set to a non-empty value to hide the installed (entry-point) games and variants."""
BUILTIN_GAMES: Mapping[str, str] = {
    "ecarte": "ecarte.games.ecarte._spec:GAME",
    "euchre": "ecarte.games.euchre._spec:GAME",
}
"""The built-in games: name -> ``module:attribute`` of its :class:`GameSpec`, imported
when the game is first asked for."""

TerminalGame = Callable[[list[str], TextIO, TextIO], int]
"""A game in the terminal: ``play(argv, stdin, stdout)`` parses ``argv`` (the arguments
of ``ecarte play`` other than ``--game NAME``), plays and returns the exit status."""

_NAME = re.compile(r"[a-z][a-z0-9_-]*")


def _check_name(_: Any, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        raise ArgumentError(
            f"GameSpec.name must be lower-case letters, digits, '-' and '_' (a letter "
            f"first), not {value!r}"
        )


def _check_title(_: Any, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not value.strip() or "\n" in value:
        raise ArgumentError(f"GameSpec.title must be one line of text, not {value!r}")


def _check_callable(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and not callable(value):
        raise ArgumentError(f"GameSpec.{attribute.name} must be callable, not {value!r}")


def _check_codec(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and not isinstance(value, save.SaveCodec):
        raise ArgumentError(
            f"GameSpec.codec must be an ecarte.engine.save.SaveCodec or None, not {value!r}"
        )


@frozen
class GameSpec:
    """What the registry knows of one game.

    - ``name``: the registered name (``ecarte play --game NAME``, the ``game`` field of
      its saves).
    - ``title``: one line saying what the game is (``ecarte games`` lists it).
    - ``load(**options)``: a new game (a function, or the game's class itself); its keyword
      arguments (a class's: those of its ``__init__``) are the game's options
      (:func:`load_game` refuses any other with :class:`~ecarte.ArgumentError`), and it
      raises :class:`~ecarte.ArgumentError` (or another ``EcarteError``) for a bad value.
    - ``play``: the game in the terminal (:data:`TerminalGame`), or None.
    - ``codec``: how its games are saved in the envelope and read back
      (:class:`ecarte.engine.save.SaveCodec`), or None for a game that cannot be saved.
    """

    name: str = attrs.field(validator=_check_name)
    title: str = attrs.field(validator=_check_title)
    load: Callable[..., Any] = attrs.field(validator=_check_callable)
    play: TerminalGame | None = attrs.field(default=None, validator=_check_callable)
    codec: save.SaveCodec | None = attrs.field(default=None, validator=_check_codec)

    def options(self) -> tuple[str, ...] | None:
        """The keyword options :attr:`load` takes, or None when it takes any."""
        return _keywords(self.load)


def _keywords(function: Callable[..., Any], skip: int = 0) -> tuple[str, ...] | None:
    """The keyword arguments ``function`` takes after its first ``skip`` parameters (a
    class: its ``__init__`` after ``self``), or None when it takes any (``**kwargs``, or no
    signature to read)."""
    if isinstance(function, type):
        function, skip = cast(Any, function).__init__, skip + 1
    try:
        params = list(inspect.signature(function).parameters.values())[skip:]
    except (TypeError, ValueError):  # no signature (a builtin): anything goes
        return None
    if any(p.kind is p.VAR_KEYWORD for p in params):
        return None
    return tuple(p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))


def _check_options(accepted: tuple[str, ...] | None, options: Mapping[str, Any], what: str) -> None:
    if accepted is None:
        return
    unknown = sorted(set(options) - set(accepted))
    if unknown:
        raise ArgumentError(
            f"{what} has no option {shown(unknown[0])} (options: {', '.join(accepted) or 'none'})"
        )


def _autoload_off() -> bool:
    return bool(os.environ.get(AUTOLOAD_ENV))


def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    """The installed games' entry points (read each time: installing one is seen), less
    the built-in names."""
    if _autoload_off():
        return {}
    eps = importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)
    return {ep.name: ep for ep in eps if ep.name not in BUILTIN_GAMES}


def available_games() -> tuple[str, ...]:
    """The names of the games: the built-in ones (``ecarte``, ``euchre``), then the
    installed ones in alphabetical order. Nothing is imported."""
    return (*BUILTIN_GAMES, *sorted(_entry_points()))


def _known(names: tuple[str, ...] | None = None) -> str:
    hint = f"; installed games are hidden: {AUTOLOAD_ENV} is set" if _autoload_off() else ""
    return f"games: {', '.join(names or available_games())}{hint}"


def get_game(name: str) -> GameSpec:
    """The :class:`GameSpec` of the game ``name``; :class:`~ecarte.ArgumentError` for an
    unknown name (the message lists the games), :class:`~ecarte.PluginError` for an
    installed game that cannot be loaded."""
    if not isinstance(name, str):
        raise ArgumentError(f"a game's name is a str, not {shown(name)} ({_known()})")
    if name in BUILTIN_GAMES:
        module, _, attribute = BUILTIN_GAMES[name].partition(":")
        spec = getattr(importlib.import_module(module), attribute)
    else:
        eps = _entry_points()
        if name not in eps:
            raise ArgumentError(f"unknown game {shown(name)} ({_known()})")
        try:
            spec = eps[name].load()
        except Exception as exc:
            raise PluginError(f"game {name!r} cannot be loaded: {exc}") from exc
    if not isinstance(spec, GameSpec):
        raise PluginError(
            f"game {name!r}: its entry point names {spec!r}, not an ecarte.engine.registry.GameSpec"
        )
    if spec.name != name:
        raise PluginError(f"game {name!r}: its entry point names the spec of {spec.name!r}")
    return spec


def load_game(name: str, /, **options: Any) -> Any:
    """A new game of ``name`` made with ``options`` (see :attr:`GameSpec.load`):
    ``load_game("ecarte", rules="spanish", seed=1, variant="quick")``,
    ``load_game("euchre", rules="openspiel", seed=2)``.

    An unknown game or option raises :class:`~ecarte.ArgumentError` listing the games or
    the game's options.
    """
    spec = get_game(name)
    _check_options(spec.options(), options, f"game {name!r}")
    return spec.load(**options)


def _codec(spec: GameSpec) -> save.SaveCodec:
    if spec.codec is None:
        raise save.fail("game", f"game {spec.name!r} has no save codec: its games are not saved")
    return spec.codec


def _legacy_game(d: Mapping[str, Any]) -> GameSpec:
    """The game whose codec reads this document older than the envelope."""
    fmt = d.get("format")
    for name in available_games():
        try:
            spec = get_game(name)
        except PluginError:  # a broken game cannot have written it
            continue
        if spec.codec is not None and fmt in spec.codec.legacy:
            return spec
    raise save.fail(
        "format",
        f"{fmt!r} is not {save.FORMAT!r}: not a saved game of any of these ({_known()})",
    )


def from_dict(d: Any, /, **options: Any) -> Any:
    """The game saved in the document ``d`` (a JSON object), of any game: the envelope's
    ``game`` field names the game whose codec reads it (see :mod:`ecarte.engine.save`);
    a game's own document older than the envelope is read by the game that claims its
    format. ``options`` go to the codec (Écarté: ``plugins=``).

    A corrupt, foreign or newer document, or one of an unknown game, raises
    :class:`~ecarte.SaveFormatError` naming the field.
    """
    name = save.game_name(d)
    if name is None:
        spec = _legacy_game(d)
    else:
        try:
            spec = get_game(name)
        except ArgumentError:
            raise save.fail("game", f"unknown game {shown(name)} ({_known()})") from None
    codec = _codec(spec)
    _check_options(_keywords(codec.decode, skip=1), options, f"reading a saved {spec.name!r} game")
    return codec.decode(save.envelope(d, spec.name, codec), **options)


def from_json(text: str | bytes | bytearray, /, **options: Any) -> Any:
    """The game saved in ``text`` by any game's ``to_json`` (see :func:`from_dict`).

    >>> import ecarte
    >>> game = ecarte.load_game("euchre", rules="openspiel", seed=4)
    >>> game.apply_id(game.legal_action_ids()[0])
    >>> again = ecarte.from_json(game.to_json())
    >>> type(again).__name__, again.history == game.history
    ('EuchreGame', True)
    """
    return from_dict(save.loads(text), **options)
