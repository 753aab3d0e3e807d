"""A Python client of the game server: create a table, connect a seat (or a spectator, or
a backer), act, reconnect, and let a bot play a seat to the end.

>>> import asyncio
>>> from ecarte.server.client import TableClient, create_table
>>> async def main(url):                                   # doctest: +SKIP
...     table = await create_table(url, game="ecarte")
...     seat = await TableClient.connect(url, table["table"], table["seats"][0]["token"])
...     view = await seat.play(lambda view: view.legal[0].id)
...     await seat.close()
...     return view.games_won

Messages are the structs of :mod:`ecarte.server.messages`; every refusal from the server
raises :class:`ServerError` with its code and message.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
import typing
from collections.abc import Callable
from typing import Any, Self

import msgspec
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

from . import messages as m

__all__ = ["ServerError", "TableClient", "create_table", "fetch_json"]

_DECODER = msgspec.json.Decoder(m.ServerMessage)
_TYPES = frozenset(t.__struct_config__.tag for t in typing.get_args(m.ServerMessage))
"""The ``type`` of every message the server sends."""


def _known_type(data: bytes) -> bool:
    """Whether ``data`` is a JSON object whose ``type`` is one this client reads (else
    what it is cannot be told: a newer server's message, or not a message)."""
    try:
        found = msgspec.json.decode(data)
    except (msgspec.DecodeError, RecursionError):
        return False
    return isinstance(found, dict) and found.get("type") in _TYPES


class ServerError(Exception):
    """The server refused a message (``code``, ``message``: see
    :class:`~ecarte.server.messages.Error`), or closed the connection."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class _Wire(asyncio.Protocol):
    """One WebSocket connection on websockets' sans-I/O client protocol (the handshake,
    masked frames, ping and pong, the closing handshake): :meth:`send` writes a text
    message at once, :meth:`received` is called with each one as it is read, on the
    event loop, without a task between the socket and the client."""

    def __init__(self, url: str, max_size: int | None = 1 << 20) -> None:
        self.uri = parse_uri(url)
        self.protocol = ClientProtocol(self.uri, max_size=max_size)
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.transport: asyncio.Transport | None = None
        self._parts: list[Any] = []
        self.close_code: int | None = None
        """The closing code the server sent (1012: it restarts), once closed."""

    @classmethod
    async def open(cls, url: str, timeout: float, **kwargs: Any) -> Any:
        """A new connection of this class to ``url`` (``ws://`` or ``wss://``), upgraded."""
        loop = asyncio.get_running_loop()
        wire = cls(url, **kwargs)
        uri = wire.uri
        context = ssl.create_default_context() if uri.secure else None
        try:
            async with asyncio.timeout(timeout):
                await loop.create_connection(lambda: wire, uri.host, uri.port, ssl=context)
                await wire.opened
        except BaseException:  # (a timeout, a cancellation: the socket is not left open)
            if wire.transport is not None:
                wire.transport.abort()
            raise
        return wire

    @property
    def closed(self) -> bool:
        return self.protocol.state in (State.CLOSING, State.CLOSED) or self.transport is None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.protocol.send_request(self.protocol.connect())
        self._write()

    def send(self, data: bytes) -> None:
        """Send a text message (UTF-8 JSON)."""
        self.protocol.send_text(data)
        self._write()

    def close(self) -> None:
        """Start the closing handshake (the server then closes the connection)."""
        if self.protocol.state is State.OPEN:
            self.protocol.send_close(1000)
            self._write()
        elif self.transport is not None and self.protocol.state is not State.CLOSED:
            self.transport.close()

    def _write(self) -> None:
        transport = self.transport
        if transport is None:
            return
        for data in self.protocol.data_to_send():
            if data:
                transport.write(data)
            elif transport.can_write_eof():
                transport.write_eof()
            else:
                transport.close()

    def data_received(self, data: bytes) -> None:
        protocol = self.protocol
        protocol.receive_data(data)
        events = protocol.events_received()
        self._write()  # the pongs, the closing handshake
        for event in events:
            if event.__class__ is Frame:
                self._frame(event)
            elif isinstance(event, Response) and not self.opened.done():
                if protocol.handshake_exc is None:
                    self.opened.set_result(None)
                else:
                    self.opened.set_exception(protocol.handshake_exc)

    def _frame(self, frame: Frame) -> None:
        opcode = frame.opcode
        if opcode is Opcode.TEXT or opcode is Opcode.CONT:
            if frame.fin and not self._parts:
                self.received(bytes(frame.data))
            elif frame.fin:
                self._parts.append(frame.data)
                data, self._parts = b"".join(self._parts), []
                self.received(data)
            else:
                self._parts.append(frame.data)
        elif opcode is Opcode.CLOSE:
            self.close_code = self.protocol.close_code

    def eof_received(self) -> None:
        self.protocol.receive_eof()
        self._write()

    def connection_lost(self, exc: Exception | None) -> None:
        self.protocol.receive_eof()
        self.transport = None
        if self.close_code is None:
            self.close_code = self.protocol.close_code
        if not self.opened.done():
            self.opened.set_exception(ConnectionError("closed before the WebSocket opened"))
        self.lost()

    def received(self, data: bytes) -> None:
        """A text message from the server."""

    def lost(self) -> None:
        """The connection is closed."""


async def fetch_json(url: str, method: str = "GET", body: Any = None) -> Any:
    """An HTTP request to the server, its JSON answer (:class:`ServerError` for an error
    answer)."""
    import httpx

    async with httpx.AsyncClient(timeout=30) as http:
        r = await http.request(method, url, json=body)
    try:
        data = r.json()
    except ValueError:  # (an answer not in JSON: a proxy's, a path the server has not)
        if r.status_code >= 400:
            raise ServerError(str(r.status_code), r.text.strip() or r.reason_phrase) from None
        raise ServerError("not-json", f"the answer is not JSON: {r.text[:200]!r}") from None
    if r.status_code >= 400:
        if not isinstance(data, dict):
            raise ServerError(str(r.status_code), r.text)
        raise ServerError(data.get("code", str(r.status_code)), data.get("message", r.text))
    return data


async def create_table(base_url: str, **spec: Any) -> dict[str, Any]:
    """``POST /api/tables``: a new table (the fields of
    :class:`~ecarte.server.messages.CreateTable`); the answer holds the seats' tokens."""
    created: dict[str, Any] = await fetch_json(f"{base_url}/api/tables", "POST", spec)
    return created


def _ws_url(base_url: str, table: str) -> str:
    scheme, _, rest = base_url.partition("://")
    return f"{'wss' if scheme == 'https' else 'ws'}://{rest.rstrip('/')}/ws/{table}"


class _Link(_Wire):
    """A table client's connection: each message decoded and handed to the client."""

    def __init__(self, url: str, client: TableClient) -> None:
        super().__init__(url)
        self.client = client

    def received(self, data: bytes) -> None:
        try:
            message = _DECODER.decode(data)
        except (msgspec.DecodeError, RecursionError) as exc:
            if not _known_type(data):
                return  # a message of a type this client does not know (a newer server's)
            self.client._lost(self, f"the server sent a message this client cannot read: {exc}")
            self.close()
            return
        self.client._take(message)

    def lost(self) -> None:
        self.client._lost(self)


class TableClient:
    """One connection to a table. :meth:`connect` says hello and waits for the welcome;
    from then on each message of the server is taken as it is read: :attr:`view` is
    always the latest view (the welcome's, with each event's patch applied),
    :attr:`event` the last event number seen, :attr:`events` every event received (the
    missed ones a reconnection replays included)."""

    def __init__(self, base_url: str, table: str, token: str | None) -> None:
        self.base_url = base_url
        self.table = table
        self.token = token
        self.welcome: m.Welcome | None = None
        self.view: m.View | None = None
        self.view_event = 0
        self.event = 0
        self.events: list[m.Event] = []
        self.reveal: m.Reveal | None = None
        self.errors: list[m.Error] = []
        self.acked = 0
        self.closed: ServerError | None = None
        """Why the connection closed, once it did."""
        self.close_code: int | None = None
        """The closing code the server sent (1012: it restarts), once closed."""
        self._next_seq = 1
        self._waiting: dict[int, asyncio.Future[m.Ack]] = {}
        self._watchers: list[asyncio.Future[None]] = []
        """Those waiting for the next message (:meth:`wait`)."""
        self._link: _Link | None = None
        self._welcomed: asyncio.Future[m.Welcome] | None = None
        self._bot: _Bot | None = None

    @classmethod
    async def connect(
        cls,
        base_url: str,
        table: str,
        token: str | None = None,
        *,
        last_event: int | None = None,
        timeout: float = 30,
    ) -> Self:
        """Connect to ``table`` as the seat (or backer) of ``token``, or as a spectator;
        ``last_event``: the welcome replays the events after it."""
        client = cls(base_url, table, token)
        await client._open(last_event, timeout)
        return client

    @property
    def seat(self) -> int | None:
        return None if self.welcome is None else self.welcome.seat

    async def _open(self, last_event: int | None, timeout: float) -> None:
        url = _ws_url(self.base_url, self.table)
        self._welcomed = asyncio.get_running_loop().create_future()
        self.closed = self.close_code = None
        self._link = await _Link.open(url, timeout, client=self)
        with contextlib.suppress(ServerError):  # refused at once: the reason comes first
            self._send(m.Hello(token=self.token, last_event=last_event))
        try:
            welcome = await asyncio.wait_for(asyncio.shield(self._welcomed), timeout)
        except BaseException:  # (refused, a timeout, a cancellation: the connection goes)
            self._abandon()
            raise
        self._next_seq = max(welcome.last_seq + 1, self._next_seq)

    def _abandon(self) -> None:
        """Drop the connection now, not waiting for the closing handshake."""
        link, welcomed = self._link, self._welcomed
        if welcomed is not None and not welcomed.done():
            welcomed.cancel()  # (nobody waits for it any more)
        if link is not None:
            self._lost(link, "the client closed the connection")
            self._link = None
            if link.transport is not None:
                link.transport.abort()

    async def reconnect(self, *, timeout: float = 30) -> m.Welcome:
        """Connect again (the old connection dropped, or not), asking for the events
        after the last one seen."""
        await self._drop()
        await self._open(self.event, timeout)
        assert self.welcome is not None
        return self.welcome

    def _send(self, message: Any) -> None:
        link = self._link
        if link is None or link.closed:
            raise self.closed or ServerError("closed", "not connected")
        link.send(m.encode(message))

    def _lost(self, link: _Link, reason: str | None = None) -> None:
        if link is not self._link or self.closed is not None:
            return  # an old connection, replaced, or one whose end was told already
        why = ServerError("closed", reason or f"the connection closed (code {link.close_code})")
        self.closed, self.close_code = why, link.close_code
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(why)
        self._waiting.clear()
        if self._welcomed is not None and not self._welcomed.done():
            self._welcomed.set_exception(why)
        if self._bot is not None:
            self._bot.fail(why)
        self._notify()

    def _notify(self) -> None:
        if self._watchers:
            watchers, self._watchers = self._watchers, []
            for future in watchers:
                if not future.done():
                    future.set_result(None)

    def _take(self, msg: m.ServerMessage) -> None:
        if isinstance(msg, m.Event):
            self.event = max(self.event, msg.n)
            if msg.patch is not None and self.view is not None:
                self.view, self.view_event = m.patched(self.view, msg.patch), msg.n
            self.events.append(msg)
            if msg.ack is not None:
                self._take(m.Ack(msg.ack, msg.n))
                return
        elif isinstance(msg, m.Ack):
            self.acked = max(self.acked, msg.event)
            if self._bot is not None and msg.seq == self._bot.waiting:
                self._bot.waiting = None
            future = self._waiting.pop(msg.seq, None)
            if future is not None and not future.done():
                future.set_result(msg)
        elif isinstance(msg, m.Error):
            self.errors.append(msg)
            if self._bot is not None and msg.seq is not None and msg.seq == self._bot.waiting:
                if msg.code == "rate-limited":
                    self._bot.slow_down()
                else:
                    self._bot.fail(ServerError(msg.code, msg.message))
            future = self._waiting.pop(msg.seq, None) if msg.seq is not None else None
            if future is not None and not future.done():
                future.set_exception(ServerError(msg.code, msg.message))
            elif self._welcomed is not None and not self._welcomed.done():
                self._welcomed.set_exception(ServerError(msg.code, msg.message))
        elif isinstance(msg, m.Welcome):
            self.welcome, self.view = msg, msg.view
            self.events.extend(msg.missed)
            self.event = self.view_event = max(self.event, msg.event)
            if self._welcomed is not None and not self._welcomed.done():
                self._welcomed.set_result(msg)
        elif isinstance(msg, m.Reveal):
            self.reveal = msg
        if self._bot is not None:
            self._bot.step()
        self._notify()

    async def _request(self, message: m.Act | m.Bet, timeout: float) -> m.Ack:
        future: asyncio.Future[m.Ack] = asyncio.get_running_loop().create_future()
        seq = message.seq
        self._waiting[seq] = future
        try:
            self._send(message)
            return await asyncio.wait_for(future, timeout)
        finally:  # (answered, or given up: a timeout, a cancellation)
            if self._waiting.get(seq) is future:
                del self._waiting[seq]

    def next_seq(self) -> int:
        """A new client sequence number."""
        seq = self._next_seq
        self._next_seq += 1
        return seq

    async def act(
        self,
        action: str | None = None,
        *,
        id: int | None = None,
        seq: int | None = None,
        timeout: float = 30,
    ) -> m.Ack:
        """Send an action (its text or id) and wait for its ack (after the commit): the
        event it made, or the :class:`~ecarte.server.messages.Ack` of a duplicate.
        ``seq``: send again an action whose ack was lost (applied once). Without
        ``seq``, a number the seat's other connection took meanwhile (its action's) is
        passed over: the action is sent again with a new one."""
        if seq is not None:
            self._next_seq = max(self._next_seq, seq + 1)
            return await self._request(m.Act(seq=seq, action=action, id=id), timeout)
        return await self._fresh(lambda n: m.Act(seq=n, action=action, id=id), timeout)

    async def bet(
        self, player: str, amount: int, *, game: int | None = None, timeout: float = 30
    ) -> m.Ack:
        """A backer's stake (or a seated player's cover) at a club table."""
        return await self._fresh(
            lambda n: m.Bet(seq=n, player=player, amount=amount, game=game), timeout
        )

    async def _fresh(self, message: Callable[[int], m.Act | m.Bet], timeout: float) -> m.Ack:
        """Send a new action (or bet), ``message(seq)``, with the next sequence number,
        and again with the next while the number turns out taken (the answer is a
        duplicate's ack, or a ``replayed`` error: another connection of the seat used it,
        and this message was not applied)."""
        async with asyncio.timeout(timeout):
            while True:
                try:
                    ack = await self._request(message(self.next_seq()), timeout)
                except ServerError as exc:
                    if exc.code != "replayed":
                        raise
                    continue
                if not ack.duplicate:
                    return ack

    async def wait(self, ready: Callable[[TableClient], bool], timeout: float = 30) -> None:
        """Wait until ``ready(self)`` (checked after every message)."""
        async with asyncio.timeout(timeout):
            while not ready(self):
                if self.closed is not None:
                    raise self.closed
                changed = asyncio.get_running_loop().create_future()
                self._watchers.append(changed)
                await changed

    def _ready(self) -> bool:
        """Whether the seat may act or the match is over, on a view that follows every
        action acknowledged."""
        v = self.view
        return v is not None and self.view_event >= self.acked and (bool(v.legal) or v.over)

    async def turn(self, timeout: float = 30) -> m.View:
        """Wait for the seat's turn (or the end) with a view that follows every action
        acknowledged; return the view."""
        await self.wait(TableClient._ready, timeout)
        assert self.view is not None
        return self.view

    async def play(
        self, choose: Callable[[Any], int], *, timeout: float = 30, max_actions: int = 100_000
    ) -> m.View:
        """Play the seat to the end: ``choose(view)`` returns a legal action's id. Each
        action is sent from the message that makes it the seat's turn, as soon as it is
        read (a bot waits for no task); :class:`ServerError` for a refusal,
        ``TimeoutError`` if ``timeout`` seconds pass without an event at the table."""
        if self._bot is not None:
            raise RuntimeError("this seat is being played already")
        if self.closed is not None:
            raise self.closed
        bot = self._bot = _Bot(self, choose, max_actions)
        bot.step()
        try:
            while not bot.done.done():
                seen = self.event
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(bot.done), timeout)
                if self.event == seen and not bot.done.done():
                    raise TimeoutError(f"nothing happened at the table in {timeout:g} s")
            return bot.done.result()
        finally:
            self._bot = None

    async def _drop(self) -> None:
        link = self._link
        if link is not None:
            self._lost(link, "the client closed the connection")  # told to those waiting
            self._link = None
            link.close()
            with contextlib.suppress(Exception):
                async with asyncio.timeout(5):
                    while link.transport is not None:
                        await asyncio.sleep(0.01)
            if link.transport is not None:
                link.transport.abort()
            self.close_code = link.close_code

    async def close(self) -> None:
        """Close the connection."""
        await self._drop()


class _Bot:
    """A seat played by ``choose`` from inside the client's message handling
    (:meth:`TableClient.play`)."""

    def __init__(self, client: TableClient, choose: Callable[[Any], int], most: int) -> None:
        self.client = client
        self.choose = choose
        self.left = most
        self.waiting: int | None = None
        """The sequence number of the action sent, until its ack."""
        self.done: asyncio.Future[m.View] = asyncio.get_running_loop().create_future()
        self.sent: m.Act | None = None
        self.last = 0.0
        """When the last action was sent (monotonic)."""
        self.gap = 0.0
        """The least time between two actions, once the server dropped one as too fast."""

    def slow_down(self) -> None:
        """The server dropped the action sent, over its rate limit: send it again, and the
        next ones, spaced (twice as far each time it happens again, up to a second)."""
        self.gap = min(1.0, max(0.01, 2 * self.gap))
        if self.sent is not None:
            self._send(self.sent, self.gap)

    def _send(self, act: m.Act, wait: float) -> None:
        """Send ``act`` (the action waited for) after ``wait`` seconds, or now."""
        if wait > 0:
            asyncio.get_running_loop().call_later(wait, self._send, act, 0.0)
            return
        if self.done.done() or self.waiting != act.seq:
            return
        self.sent, self.last = act, time.monotonic()
        try:
            self.client._send(act)
        except Exception as exc:
            self.fail(exc)

    def fail(self, why: BaseException) -> None:
        if not self.done.done():
            self.done.set_exception(why)

    def step(self) -> None:
        """After a message: the end, or the seat's turn (then act at once)."""
        if self.waiting is not None or self.done.done():
            return
        c = self.client
        if not c._ready():
            return
        view = c.view
        assert view is not None
        if view.over:
            self.done.set_result(view)
        elif self.left <= 0:
            self.fail(RuntimeError("not over after the most actions allowed"))
        else:
            self.left -= 1
            self.waiting = seq = c.next_seq()
            try:
                act = m.Act(seq=seq, id=self.choose(view))
            except Exception as exc:
                self.fail(exc)
                return
            self._send(act, self.last + self.gap - time.monotonic())
