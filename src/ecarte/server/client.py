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
from collections.abc import Callable
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from . import messages as m

__all__ = ["ServerError", "TableClient", "create_table", "fetch_json"]

_DECODER = msgspec.json.Decoder(m.ServerMessage)


class ServerError(Exception):
    """The server refused a message (``code``, ``message``: see
    :class:`~ecarte.server.messages.Error`), or closed the connection."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


async def fetch_json(url: str, method: str = "GET", body: Any = None) -> Any:
    """An HTTP request to the server, its JSON answer (:class:`ServerError` for an error
    answer)."""
    import httpx

    async with httpx.AsyncClient(timeout=30) as http:
        r = await http.request(method, url, json=body)
    data = r.json()
    if r.status_code >= 400:
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


class TableClient:
    """One connection to a table. :meth:`connect` says hello and waits for the welcome;
    a background task then reads the server's messages: :attr:`view` is always the
    latest view (the welcome's, with each event's patch applied), :attr:`event` the last
    event number seen, :attr:`events` every event received (the missed ones a
    reconnection replays included)."""

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
        self._next_seq = 1
        self._waiting: dict[int, asyncio.Future[m.Ack]] = {}
        self._changed = asyncio.Event()
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._welcomed: asyncio.Future[m.Welcome] | None = None
        self.closed: ServerError | None = None

    @classmethod
    async def connect(
        cls,
        base_url: str,
        table: str,
        token: str | None = None,
        *,
        last_event: int | None = None,
        timeout: float = 30,
    ) -> TableClient:
        """Connect to ``table`` as the seat (or backer) of ``token``, or as a spectator;
        ``last_event``: the welcome replays the events after it."""
        client = cls(base_url, table, token)
        await client._open(last_event, timeout)
        return client

    @property
    def seat(self) -> int | None:
        return None if self.welcome is None else self.welcome.seat

    async def _open(self, last_event: int | None, timeout: float) -> None:
        self._ws = await connect(_ws_url(self.base_url, self.table), open_timeout=timeout)
        self.closed = None
        self._welcomed = asyncio.get_running_loop().create_future()
        self._reader = asyncio.create_task(self._read(self._ws))
        with contextlib.suppress(ServerError):  # refused at once: the reason comes first
            await self._send(m.Hello(token=self.token, last_event=last_event))
        welcome = await asyncio.wait_for(asyncio.shield(self._welcomed), timeout)
        self._next_seq = max(welcome.last_seq + 1, self._next_seq)

    async def reconnect(self, *, timeout: float = 30) -> m.Welcome:
        """Connect again (the old connection dropped, or not), asking for the events
        after the last one seen."""
        await self._drop()
        await self._open(self.event, timeout)
        assert self.welcome is not None
        return self.welcome

    async def _send(self, message: Any) -> None:
        if self._ws is None:
            raise ServerError("closed", "not connected")
        try:
            await self._ws.send(m.encode(message).decode())
        except ConnectionClosed as exc:
            raise ServerError("closed", f"the connection closed ({exc})") from None

    async def _read(self, ws: ClientConnection) -> None:
        why = ServerError("closed", "the connection closed")
        try:
            async for data in ws:
                self._take(_DECODER.decode(data))
        except ConnectionClosed as exc:
            why = ServerError("closed", f"the connection closed ({exc})")
        finally:
            self.closed = why
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(why)
            self._waiting.clear()
            if self._welcomed is not None and not self._welcomed.done():
                self._welcomed.set_exception(why)
            self._notify()

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    def _take(self, msg: m.ServerMessage) -> None:
        if isinstance(msg, m.Event):
            self.event = max(self.event, msg.n)
            if msg.patch is not None and self.view is not None:
                self.view, self.view_event = m.patched(self.view, msg.patch), msg.n
            self.events.append(msg)
            if msg.ack is not None:
                self._take(m.Ack(msg.ack, msg.n))
        elif isinstance(msg, m.Ack):
            self.acked = max(self.acked, msg.event)
            future = self._waiting.pop(msg.seq, None)
            if future is not None and not future.done():
                future.set_result(msg)
        elif isinstance(msg, m.Error):
            self.errors.append(msg)
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
        self._notify()

    async def _request(self, message: m.Act | m.Bet, timeout: float) -> m.Ack:
        future: asyncio.Future[m.Ack] = asyncio.get_running_loop().create_future()
        self._waiting[message.seq] = future
        await self._send(message)
        return await asyncio.wait_for(future, timeout)

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
        ``seq``: send again an action whose ack was lost (applied once)."""
        if seq is None:
            seq = self.next_seq()
        self._next_seq = max(self._next_seq, seq + 1)
        message = m.Act(seq=seq, action=action, id=id)
        return await self._request(message, timeout)

    async def bet(
        self, player: str, amount: int, *, game: int | None = None, timeout: float = 30
    ) -> m.Ack:
        """A backer's stake (or a seated player's cover) at a club table."""
        return await self._request(
            m.Bet(seq=self.next_seq(), player=player, amount=amount, game=game), timeout
        )

    async def wait(self, ready: Callable[[TableClient], bool], timeout: float = 30) -> None:
        """Wait until ``ready(self)`` (checked after every message)."""
        async with asyncio.timeout(timeout):
            while not ready(self):
                if self.closed is not None:
                    raise self.closed
                await self._changed.wait()

    async def turn(self, timeout: float = 30) -> m.View:
        """Wait for the seat's turn (or the end) with a view that follows every action
        acknowledged; return the view."""

        def ready(c: TableClient) -> bool:
            v = c.view
            return v is not None and c.view_event >= c.acked and (bool(v.legal) or v.over)

        await self.wait(ready, timeout)
        assert self.view is not None
        return self.view

    async def play(
        self, choose: Callable[[Any], int], *, timeout: float = 30, max_actions: int = 100_000
    ) -> m.View:
        """Play the seat to the end: ``choose(view)`` returns a legal action's id."""
        for _ in range(max_actions):
            view = await self.turn(timeout)
            if view.over:
                return view
            await self.act(id=choose(view), timeout=timeout)
        raise RuntimeError(f"not over after {max_actions} actions")

    async def _drop(self) -> None:
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
        if self._reader is not None:
            with contextlib.suppress(BaseException):
                await self._reader
        self._ws = self._reader = None

    async def close(self) -> None:
        """Close the connection."""
        await self._drop()
