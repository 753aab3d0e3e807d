"""The hooks through which variants change dealing, exchange and scoring.

The public door to :mod:`ecarte.games.ecarte.hookspecs`, where each hook is specified, with
:class:`Plugin`, a typed base class for plugins, and :data:`HookWrapper`, the type of a hook
wrapper."""

from .games.ecarte.hookspecs import *  # noqa: F403  (every hook, hookimpl and hookspec)
from .games.ecarte.hookspecs import __all__ as __all__
