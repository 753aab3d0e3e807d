"""The server's ASGI application (Starlette): the HTTP API, the WebSocket of each table,
the browser table's files, ``/healthz``.

>>> from ecarte.server import ServerConfig, create_app
>>> app = create_app(ServerConfig(database=":memory:"))
>>> sorted(r.path for r in app.routes)[:3]
['/', '/api/games', '/api/schema']
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import gc
import logging
import time
from collections.abc import AsyncIterator
from typing import Any

import msgspec
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import messages as m
from .config import ServerConfig
from .games import Refused, games_info
from .store import Store
from .tables import Table, Tables
from .wire import EXTENSION, Direct

__all__ = ["Connection", "create_app"]

log = logging.getLogger("ecarte.server")

_STATIC = __name__.rsplit(".", 1)[0]
_MAX_BODY = 64 * 1024
_PONG = m.encode(m.Pong())

_GC_THRESHOLDS = (50_000, 20, 100)
"""The garbage collector's thresholds while the server runs: a young collection every
50,000 new objects, not 700. Most of what an action makes dies within the event loop's
pass; collected less often, less of it is promoted to the old generation, whose full
collections walk every connection's objects."""


def _json(data: Any, status: int = 200) -> Response:
    return Response(m.encode(data), status_code=status, media_type="application/json")


def _error(code: str, message: str, status: int) -> Response:
    return _json(m.Error(code, message), status)


class Connection:
    """One WebSocket: its seat once it said hello, its send queue, its rate limit and its
    idle clock."""

    def __init__(self, websocket: WebSocket, config: ServerConfig) -> None:
        self.websocket = websocket
        self.config = config
        self.seat: int | None = None
        self.who: str | None = None
        self.role = "spectator"
        self.name: str | None = None
        self.greeted = False
        self.shown: tuple[dict[str, Any], dict[str, Any]] = ({}, {})
        self.queue: collections.deque[bytes | None] = collections.deque()
        self._wake: asyncio.Future[None] | None = None
        self.closing = False
        self.close_code = 1000
        self.close_reason = ""
        self._tokens = float(config.burst)
        self._stamp = time.monotonic()
        self.over_rate = 0
        """The messages dropped over the rate since ``_strikes_from``."""
        self._strikes_from = -float("inf")
        self.seen = self._stamp
        """When the last message came (the idle clock reads it)."""
        self.idle = False
        self._receiver: asyncio.Task[Any] | None = None
        self._clock: asyncio.TimerHandle | None = None
        self.direct: Direct | None = None
        """The WebSocket layer's direct path (:mod:`ecarte.server.wire`), if it has one."""
        self._writing = False

    def push(self, data: bytes) -> None:
        if self.closing:
            return
        direct = self.direct
        if direct is not None and not self.queue and not self._writing and direct.send(data):
            return  # written at once (else queued, in order, for the writer task)
        if len(self.queue) >= self.config.queue_limit:
            self.close(1008, "too slow: messages are not read")
            if direct is not None:  # (it would not read the closing message either)
                direct.abort()
            return
        self._put(data)

    def _put(self, data: bytes | None) -> None:
        self.queue.append(data)
        wake = self._wake
        if wake is not None:
            self._wake = None
            if not wake.done():
                wake.set_result(None)

    def error(self, code: str, message: str, seq: int | None = None) -> None:
        self.push(m.encode(m.Error(code, message, seq)))

    def close(self, code: int, reason: str) -> None:
        """Send what is queued, then close."""
        if not self.closing:
            self.closing = True
            self.close_code, self.close_reason = code, reason
            self._put(None)
            if self._clock is not None:
                self._clock.cancel()
                self._clock = None

    def allow(self) -> bool:
        """Take a message from the rate limit's bucket (False: over the rate)."""
        now = time.monotonic()
        self.seen = now
        cfg = self.config
        self._tokens = min(float(cfg.burst), self._tokens + (now - self._stamp) * cfg.rate)
        self._stamp = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    def strike(self) -> bool:
        """Count a message dropped over the rate (:meth:`allow` said so); True once
        ``abuse_limit`` of them came within ``abuse_seconds`` of the first: the count
        starts again after that window."""
        now = self._stamp
        if now - self._strikes_from >= self.config.abuse_seconds:
            self.over_rate, self._strikes_from = 0, now
        self.over_rate += 1
        return self.over_rate >= self.config.abuse_limit

    def watch_idle(self) -> None:
        """Close the connection once ``idle_seconds`` pass without a message: one timer
        per idle period, moved on when it fires early (not one per message)."""
        self._receiver = asyncio.current_task()
        self.seen = time.monotonic()
        self._arm(self.seen + self.config.idle_seconds)

    def _arm(self, when: float) -> None:
        loop = asyncio.get_running_loop()
        self._clock = loop.call_at(loop.time() + max(0.0, when - time.monotonic()), self._tick)

    def _tick(self) -> None:
        self._clock = None
        if self.closing:
            return
        due = self.seen + self.config.idle_seconds
        if time.monotonic() < due:
            self._arm(due)
            return
        self.idle = True
        self.error("idle", f"nothing received for {self.config.idle_seconds:g} s: closing")
        self.close(1001, "idle")
        if self._receiver is not None:
            self._receiver.cancel()

    async def write(self) -> None:
        """Send the queued messages (all those waiting, at each wake-up; on the direct
        path, those a full buffer held back), then close."""
        ws = self.websocket
        queue = self.queue
        loop = asyncio.get_running_loop()
        try:
            while True:
                if not queue:
                    self._wake = loop.create_future()
                    await self._wake
                    continue
                data = queue.popleft()
                if data is None:
                    break
                self._writing = True
                await ws.send({"type": "websocket.send", "text": data.decode()})
                self._writing = False
            await ws.close(self.close_code, self.close_reason)
        except (WebSocketDisconnect, RuntimeError, OSError):  # the client went away
            pass
        except Exception as exc:  # a closed transport: uvicorn's own errors
            log.debug("send failed", extra={"fields": {"error": repr(exc)}})


class Server:
    """The state of a running application."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.store: Store | None = None
        self.tables: Tables | None = None
        self.by_address: dict[str, int] = {}
        self.connections = 0
        self.started = time.time()

    def start(self) -> None:
        self.store = Store(self.config.database)
        self.tables = Tables(self.store, self.config)
        self.tables.resume()
        # What exists now (the modules, the resumed tables) lives as long as the server:
        # the garbage collector's full passes, which walk every live object, skip it.
        gc.collect()
        gc.freeze()
        gc.set_threshold(*_GC_THRESHOLDS)

    def stop(self) -> None:
        if self.tables is not None:
            self.tables.shutdown()
        if self.store is not None:
            self.store.close()
        log.info("stopped", extra={"fields": {"uptime": round(time.time() - self.started, 1)}})


def create_app(config: ServerConfig | None = None) -> Starlette:
    """The server as an ASGI application (run it with uvicorn, or ``ecarte serve``)."""
    config = config or ServerConfig()
    server = Server(config)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.start()
        log.info("started", extra={"fields": {"database": config.database}})
        try:
            yield
        finally:
            server.stop()

    def tables() -> Tables:
        assert server.tables is not None, "the application has not started"
        return server.tables

    async def create(request: Request) -> Response:
        try:
            body = await _body(request)
        except ClientDisconnect:  # (gone before its body: nobody reads the answer)
            return _error("bad-message", "the request ended before its body", 400)
        if body is None:
            return _error("too-large", f"a request is at most {_MAX_BODY} bytes", 413)
        try:
            spec = msgspec.json.decode(body or b"{}", type=m.CreateTable)
            created = tables().create(spec, request.client.host if request.client else None)
        except msgspec.DecodeError as exc:
            return _error(*_decode_error(body, exc), 400)
        except RecursionError:
            return _error("bad-message", "the request's JSON is nested too deeply", 400)
        except Refused as exc:
            status = 503 if exc.code in ("shutting-down", "storage") else 400
            return _error(exc.code, exc.message, status)
        return _json(created, 201)

    def _table(request: Request) -> Table | Response:
        table_id = request.path_params["table"]
        try:
            table = tables().get(table_id)
        except Refused as exc:
            return _error(exc.code, exc.message, 503)
        if table is None:
            return _error("unknown-table", f"no table {table_id!r}", 404)
        return table

    async def table_info(request: Request) -> Response:
        table = _table(request)
        return table if isinstance(table, Response) else _json(tables().info(table))

    async def table_record(request: Request) -> Response:
        table = _table(request)
        if isinstance(table, Response):
            return table
        record = tables().record(table)
        if record is None:
            return _error(
                "not-over",
                "the record (with every deal and the seed) is published when the match ends",
                409,
            )
        return _json(record)

    async def games(request: Request) -> Response:
        return _json(games_info())

    async def schema(request: Request) -> Response:
        return _json(m.schema())

    async def healthz(request: Request) -> Response:
        t = tables()
        return _json(
            {
                "ok": not t.closing,
                "tables": len(t.tables),
                "connections": server.connections,
                "commits": t.commits,
                "events": t.committed_events,
            },
            200 if not t.closing else 503,
        )

    async def index(request: Request) -> Response:
        return FileResponse(_static_dir() + "/index.html")

    async def play(websocket: WebSocket) -> None:
        await _serve(server, tables(), websocket)

    routes = [
        Route("/", index),
        Route("/healthz", healthz),
        Route("/api/games", games),
        Route("/api/schema", schema),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}", table_info),
        Route("/api/tables/{table}/record", table_record),
        WebSocketRoute("/ws/{table}", play),
        Mount("/static", StaticFiles(packages=[(_STATIC, "static")]), name="static"),
    ]
    app = Starlette(
        routes=routes, lifespan=lifespan, exception_handlers={HTTPException: _http_error}
    )
    app.state.server = server
    return app


async def _http_error(request: Request, exc: Exception) -> Response:
    """An address or a method the server does not answer: under ``/api/``, an ``Error``
    in JSON (``not-found``, ``method-not-allowed``), as every other refusal of the API;
    elsewhere (pages), Starlette's plain text."""
    assert isinstance(exc, HTTPException)
    path = request.url.path
    if not path.startswith("/api/"):
        return PlainTextResponse(exc.detail, exc.status_code, headers=exc.headers)
    if exc.status_code == 404:
        code, message = "not-found", f"nothing is served at {path}"
    elif exc.status_code == 405:
        code, message = "method-not-allowed", f"{path} does not answer {request.method}"
    else:
        code, message = "http", str(exc.detail)
    response = _error(code, message, exc.status_code)
    response.headers.update(exc.headers or {})
    return response


async def _body(request: Request) -> bytes | None:
    """A request's body, None once it is larger than ``_MAX_BODY`` (by its length, or as
    its chunks come: the rest is not read)."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > _MAX_BODY:
        return None
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > _MAX_BODY:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def _static_dir() -> str:
    import importlib.resources

    return str(importlib.resources.files(_STATIC) / "static")


async def _serve(server: Server, tables: Tables, websocket: WebSocket) -> None:
    config = server.config
    address = websocket.client.host if websocket.client else "?"
    await websocket.accept()
    conn = Connection(websocket, config)
    writer = asyncio.create_task(conn.write())
    table: Table | None = None
    counted = server.by_address.get(address, 0) < config.max_connections_per_address
    try:
        if not counted:
            conn.error(
                "too-many-connections",
                f"too many connections from {address} "
                f"(at most {config.max_connections_per_address})",
            )
            conn.close(1008, "too many connections")
            return
        server.by_address[address] = server.by_address.get(address, 0) + 1
        server.connections += 1
        table_id = websocket.path_params["table"]
        try:
            table = tables.get(table_id)
        except Refused as exc:
            conn.error(exc.code, exc.message)
            conn.close(1011, "table unavailable")
            return
        if table is None:
            conn.error("unknown-table", f"no table {table_id[:64]!r}")
            conn.close(1008, "unknown table")
            return
        await _receive(conn, tables, table)
    except WebSocketDisconnect:
        pass
    finally:
        if counted:
            server.connections -= 1
            left = server.by_address[address] - 1
            if left:
                server.by_address[address] = left
            else:
                del server.by_address[address]
        if table is not None:
            tables.leave(table, conn)
        conn.close(conn.close_code, conn.close_reason)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, 5)


async def _receive(conn: Connection, tables: Tables, table: Table) -> None:
    """Take the client's messages until it goes (or the connection is closed): on the
    direct path each one as the WebSocket layer reads it, else one ASGI message at a
    time."""
    websocket = conn.websocket
    direct = websocket.scope.get("extensions", {}).get(EXTENSION)
    conn.watch_idle()
    if direct is not None:
        conn.direct = direct
        direct.listen(functools.partial(_take, conn, tables, table))
    while not conn.closing or direct is not None:
        try:
            message = await websocket.receive()
        except asyncio.CancelledError:
            if conn.idle:  # the idle clock closed the connection
                task = asyncio.current_task()
                if task is not None:
                    task.uncancel()
                return
            raise
        if message["type"] == "websocket.disconnect":
            return
        data: str | bytes | None = message.get("text")
        if data is None:
            data = message.get("bytes") or b""
        _take(conn, tables, table, data)


def _take(conn: Connection, tables: Tables, table: Table, data: str | bytes) -> None:
    """One message of the client: its rate and size checked, decoded, handled; an
    error answers whatever cannot be taken."""
    if conn.closing:
        return
    config = conn.config
    size = len(data) if isinstance(data, bytes) else len(data.encode())
    if not conn.allow():
        abusive = conn.strike()
        _reply(
            conn,
            tables,
            table,
            "rate-limited",
            f"over the rate limit ({config.rate:g} messages a second, "
            f"{config.burst} at once): message dropped",
            _seq_of(data) if size <= config.max_frame else None,
        )
        if abusive:
            conn.close(1008, "rate limit")
        return
    if size > config.max_frame:
        _reply(
            conn,
            tables,
            table,
            "too-large",
            f"a message is at most {config.max_frame} bytes, not {size}",
        )
        return
    try:
        msg = m.decode_client(data)
    except msgspec.DecodeError as exc:
        _reply(conn, tables, table, *_decode_error(data, exc), _seq_of(data))
        return
    try:
        _handle(conn, tables, table, msg)
    except Refused as exc:
        _reply(conn, tables, table, exc.code, exc.message, getattr(msg, "seq", None))
        if exc.code == "bad-token":
            conn.close(1008, "bad token")
    except Exception:  # a bug: refuse the message, keep the connection
        log.exception("internal error", extra={"fields": {"table": table.id}})
        _reply(
            conn,
            tables,
            table,
            "internal",
            "the server failed on this message",
            getattr(msg, "seq", None),
        )


def _reply(
    conn: Connection,
    tables: Tables,
    table: Table,
    code: str,
    message: str,
    seq: int | None = None,
) -> None:
    """An error answering one of the client's messages (after its welcome, if that
    waits for a commit)."""
    tables.reply(table, conn, m.encode(m.Error(code, message, seq)))


def _seq_of(data: str | bytes) -> int | None:
    """The sequence number of a client's action or bet, even one that is not a valid
    message (None: it has none, or it is not one), for the error that refuses it: its
    sender is told which action was not taken."""
    try:
        found = msgspec.json.decode(data)
    except (msgspec.DecodeError, RecursionError):
        return None
    if not isinstance(found, dict) or found.get("type") not in ("act", "bet"):
        return None
    seq = found.get("seq")
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else None


def _decode_error(data: str | bytes, exc: msgspec.DecodeError) -> tuple[str, str]:
    """The code and message of a message that is not a client's message: not JSON, or
    JSON of the wrong shape (the validation stops at the first wrong value it reads)."""
    if isinstance(exc, msgspec.ValidationError):
        try:
            msgspec.json.decode(data)
        except msgspec.DecodeError as not_json:
            return "not-json", f"not JSON: {not_json}"
        except RecursionError:  # (JSON nested deeper than any message is)
            pass
        return "bad-message", str(exc)
    return "not-json", f"not JSON: {exc}"


def _handle(conn: Connection, tables: Tables, table: Table, msg: m.ClientMessage) -> None:
    if msg.__class__ is m.Act and conn.greeted:  # the common case first
        tables.act(table, conn, msg)
        return
    if isinstance(msg, m.Ping):
        tables.reply(table, conn, _PONG)
        return
    if isinstance(msg, m.Hello):
        if conn.greeted:
            raise Refused("bad-message", "this connection has said hello already")
        seat, backer = tables.identify(table, msg.token)
        conn.greeted = True
        if seat is not None:
            conn.seat, conn.who, conn.role = seat, f"seat:{seat}", "player"
            conn.name = next((s.name for s in table.seats if s.seat == seat), None)
        elif backer is not None:
            conn.who, conn.role, conn.name = f"backer:{backer}", "backer", backer
        tables.welcome(table, conn, msg.last_event)
        return
    if not conn.greeted:
        raise Refused("no-hello", 'say hello first: {"type": "hello", "token": ...}')
    if isinstance(msg, m.Act):
        tables.act(table, conn, msg)
    elif isinstance(msg, m.Bet):
        tables.bet(table, conn, msg)
    elif isinstance(msg, m.Sync):
        tables.welcome(table, conn, msg.last_event)
