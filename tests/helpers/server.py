"""The game server's tests' helpers: a real uvicorn server on loopback, in the test's own
event loop (``serving``); ``helpers.server_process`` runs one in a child process."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterable
from typing import Any

import uvicorn

from ecarte.server import ServerConfig
from ecarte.server.run import uvicorn_config

FAST = {"rate": 10_000.0, "burst": 10_000, "max_connections_per_address": 10_000}
"""Limits a test's scripted clients never reach (the limits' own tests set theirs)."""


@contextlib.asynccontextmanager
async def serving(
    database: str = ":memory:", ws: str | None = None, **settings: Any
) -> AsyncIterator[tuple[str, Any]]:
    """A server on a free loopback port: ``(base_url, server)`` (``server.tables`` is the
    live :class:`~ecarte.server.tables.Tables`). ``ws``: another of uvicorn's WebSocket
    implementations than the server's own (the application then speaks plain ASGI)."""
    config = ServerConfig(database=database, **{**FAST, **settings})
    settings_ = uvicorn_config(config, "127.0.0.1", 0, log_level="warning")
    assert isinstance(settings_, uvicorn.Config)
    if ws is not None:
        settings_.ws = ws
    server = uvicorn.Server(settings_)
    server.capture_signals = contextlib.nullcontext  # type: ignore[method-assign,assignment]
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.005)
    port = server.servers[0].sockets[0].getsockname()[1]
    app = settings_.app
    try:
        yield f"http://127.0.0.1:{port}", app.state.server  # type: ignore[attr-defined]
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, 10)


def run(coro: Any) -> Any:
    """Run a test's coroutine."""
    return asyncio.run(coro)


async def close_all(clients: Iterable[Any]) -> None:
    """Close every client (each :class:`~ecarte.server.client.TableClient`) at once."""
    await asyncio.gather(*(c.close() for c in clients))
