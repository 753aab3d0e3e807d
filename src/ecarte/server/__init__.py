"""The ecarte game server: tables of any served game over WebSockets, durable before it
acknowledges, fair (a committed seed, revealed at the end) and safe under load.

``pip install 'ecarte[server]'`` then ``ecarte serve``; docs/server.md tells the rest.
:func:`create_app` is the ASGI application, :class:`ServerConfig` its settings,
:func:`serve` runs it with uvicorn, :mod:`ecarte.server.client` connects a script or a
bot to a table, :func:`verify` checks a finished table's record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .config import ServerConfig
from .fair import Verdict, verify

if TYPE_CHECKING:
    from .app import create_app
    from .run import serve

__all__ = ["ServerConfig", "Verdict", "create_app", "serve", "verify"]


def __getattr__(name: str) -> Any:
    if name == "create_app":  # imports Starlette: the server's extra
        from .app import create_app

        return create_app
    if name == "serve":
        from .run import serve

        return serve
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
