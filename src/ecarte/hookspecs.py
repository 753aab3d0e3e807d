"""The hooks through which variants change dealing, exchange and scoring.

The public door to :mod:`ecarte.games.ecarte.hookspecs`, where each hook is specified."""

from .games.ecarte.hookspecs import *  # noqa: F403  (every hook, hookimpl and hookspec)
from .games.ecarte.hookspecs import __all__ as __all__
