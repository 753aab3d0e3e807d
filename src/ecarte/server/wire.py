"""The server's WebSocket layer: uvicorn's sans-I/O WebSocket protocol with a direct
path for the table sockets, offered to the application as the ASGI extension
``ecarte.direct``.

Through ASGI, every message a client sends is queued, the reading of the socket paused
and resumed around it and the application's task woken to take it; every message sent
is a coroutine and a frame object. On the direct path (:class:`Direct`), the protocol
hands each message to the application's callback as it reads it, and the application
writes each of its messages as one text frame at once. The rest (the handshake, the
frame parser with its size limit, ping and pong, the closing handshake, flow control)
is uvicorn's and websockets'. An application that finds no ``ecarte.direct`` in the
scope (another server) uses plain ASGI.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

__all__ = ["EXTENSION", "Direct", "TableSocketProtocol"]

EXTENSION = "ecarte.direct"
"""The ASGI scope extension that holds a connection's :class:`Direct`."""

_SHORT = struct.Struct("!BB")
_MEDIUM = struct.Struct("!BBH")
_LONG = struct.Struct("!BBQ")


class Direct:
    """A connection's direct path: :meth:`listen` to receive its messages by callback,
    :meth:`send` to write a message at once."""

    def __init__(self, protocol: TableSocketProtocol) -> None:
        self._protocol = protocol

    def listen(self, callback: Callable[[bytes], None]) -> None:
        """From now on pass every message the client sends (text as UTF-8 bytes, checked)
        to ``callback``, as it is read; the ASGI ``receive`` then yields only the
        disconnection. Messages queued before are passed at once, in order."""
        self._protocol.listen(callback)

    def send(self, data: bytes) -> bool:
        """Write ``data`` (UTF-8 JSON) as one text frame now; False (nothing written)
        when the connection is closing or its client does not read (the transport's
        buffer is full: the caller queues and waits, through ASGI)."""
        return self._protocol.send_now(data)


class TableSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol, offering :class:`Direct` to the
    application (``uvicorn.Config(ws=TableSocketProtocol)``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._listener: Callable[[bytes], None] | None = None

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        if not self.close_sent:  # accepted by the WebSocket layer: the application runs
            extensions: dict[str, Any] = self.scope["extensions"]
            extensions[EXTENSION] = Direct(self)

    def listen(self, callback: Callable[[bytes], None]) -> None:
        self._listener = callback
        queue = self.queue
        kept = []
        while not queue.empty():
            event = queue.get_nowait()
            if event["type"] == "websocket.receive":
                text = event.get("text")
                callback(text.encode() if text is not None else event.get("bytes") or b"")
            else:
                kept.append(event)
        for event in kept:
            queue.put_nowait(event)
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()

    def send_receive_event_to_app(self) -> None:
        listener = self._listener
        if listener is None:
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        if self.close_sent:
            return
        if self.curr_msg_data_type == "text":
            try:
                data.decode()
            except UnicodeDecodeError:
                self.conn.send_close(1007)
                self.handle_parser_exception()
                return
        listener(data)

    def send_now(self, data: bytes) -> bool:
        if self.close_sent or self.disconnected or not self.writable.is_set():
            return False
        size = len(data)
        if size < 126:
            header = _SHORT.pack(0x81, size)
        elif size < 65536:
            header = _MEDIUM.pack(0x81, 126, size)
        else:
            header = _LONG.pack(0x81, 127, size)
        self.transport.write(header + data)
        return True
