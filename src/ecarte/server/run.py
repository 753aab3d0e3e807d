"""Running the server with uvicorn: ``ecarte serve`` and :func:`serve`."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from .config import ServerConfig

__all__ = ["serve", "uvicorn_config"]


def _server_class() -> type:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server, which exits with status 0 once a signal stopped it
        gracefully (uvicorn raises the signal again after its shutdown)."""

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            with super().capture_signals():
                try:
                    yield
                finally:
                    self._captured_signals.clear()

    return Server


def uvicorn_config(
    config: ServerConfig, host: str, port: int, *, log_level: str, loop: str = "auto"
) -> object:
    """The uvicorn settings of the server: its WebSocket frame limit a few times the
    server's message limit (a larger frame closes the connection, code 1009), no access
    log (the server logs JSON lines), five seconds to finish on SIGTERM; uvicorn's
    sans-I/O WebSocket protocol with the server's direct path
    (:class:`~ecarte.server.wire.TableSocketProtocol`); the event ``loop``
    (``auto``: uvloop when it is installed, else asyncio's; or ``asyncio``,
    ``uvloop``)."""
    import uvicorn

    from .app import create_app
    from .wire import TableSocketProtocol

    return uvicorn.Config(
        create_app(config),
        host=host,
        port=port,
        ws=TableSocketProtocol,
        ws_max_size=16 * config.max_frame,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        ws_per_message_deflate=False,
        log_config=None,
        log_level=log_level,
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=5,
        loop=loop,
    )


def _check(config: ServerConfig, port: int) -> None:
    """Refuse a port no socket has, and a database the server cannot open."""
    import sqlite3

    from ecarte import ArgumentError

    from .store import Store

    if port.__class__ is not int or not 0 <= port <= 65535:
        raise ArgumentError(f"port must be an int 0..65535, not {port!r}")
    try:
        Store(config.database).close()
    except sqlite3.Error as exc:
        raise ArgumentError(
            f"database {config.database}: cannot open the database ({exc})"
        ) from None


def serve(
    config: ServerConfig | None = None,
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    log_level: str = "info",
    loop: str = "auto",
) -> None:
    """Serve until SIGINT or SIGTERM: then stop taking actions, commit those accepted,
    close every connection (code 1012) and return. ``loop``: the event loop
    (:func:`uvicorn_config`). A port outside 0 to 65535, or a database that cannot be
    opened (a missing folder, a file that is not a database), raises
    :class:`~ecarte.ArgumentError` before anything starts."""
    import uvicorn

    from .logs import configure

    config = config or ServerConfig()
    _check(config, port)
    configure(log_level)
    settings = uvicorn_config(config, host, port, log_level=log_level, loop=loop)
    assert isinstance(settings, uvicorn.Config)
    _server_class()(settings).run()
