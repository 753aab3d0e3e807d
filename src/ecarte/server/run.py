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
    (:func:`uvicorn_config`)."""
    import uvicorn

    from .logs import configure

    configure(log_level)
    settings = uvicorn_config(config or ServerConfig(), host, port, log_level=log_level, loop=loop)
    assert isinstance(settings, uvicorn.Config)
    _server_class()(settings).run()
