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
from websockets.protocol import State

try:
    from websockets.speedups import apply_mask
except ImportError:  # websockets built without its C extension
    from websockets.utils import apply_mask

__all__ = ["EXTENSION", "Direct", "TableSocketProtocol"]

EXTENSION = "ecarte.direct"
"""The ASGI scope extension that holds a connection's :class:`Direct`."""

_SHORT = struct.Struct("!BB")
_MEDIUM = struct.Struct("!BBH")
_LONG = struct.Struct("!BBQ")


class Direct:
    """A connection's direct path: :meth:`listen` to receive its messages by callback,
    :attr:`send` to write a message at once."""

    def __init__(self, protocol: TableSocketProtocol) -> None:
        self._protocol = protocol
        self.send: Callable[[bytes], bool] = protocol.send_now
        """Write ``data`` (UTF-8 JSON) as one text frame now; False (nothing written)
        when the connection is closing or its client does not read (the transport's
        buffer is full: the caller queues and waits, through ASGI)."""

    def abort(self) -> None:
        """Drop the connection now, without the closing handshake (for a client that
        reads nothing: what was not sent is lost)."""
        self._protocol.transport.abort()

    def listen(self, callback: Callable[[bytes], None]) -> None:
        """From now on pass every message the client sends (text as UTF-8 bytes, checked)
        to ``callback``, as it is read; the ASGI ``receive`` then yields only the
        disconnection. Messages queued before are passed at once, in order."""
        self._protocol.listen(callback)


class TableSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol, offering :class:`Direct` to the
    application (``uvicorn.Config(ws=TableSocketProtocol)``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._listener: Callable[[bytes], None] | None = None
        self._framing = False
        """Whether the frames are cut here (see :meth:`_read_frames`)."""
        self._buffer = b""
        self._largest = self.config.ws_max_size
        self._paused = False
        """Whether the transport asked to stop writing (its buffer is full): the flow
        control of ``writable``, read as a plain attribute on every message sent."""
        self._ended = False
        """Whether a close frame was written other than by the application's close (the
        answer to the client's, the server's shutdown): nothing is written after it."""

    def data_received(self, data: bytes) -> None:
        if self._framing:
            self._read_frames(data)
            return
        opening = not self.handshake_initiated
        super().data_received(data)
        if opening and self.handshake_initiated and not self.close_sent:
            # The frames are cut here from the first byte after the handshake's request,
            # if this chunk ended with it (else websockets' parser reads them all).
            end = data.find(b"\r\n\r\n")
            self._framing = end >= 0 and end + 4 == len(data) and not self.conn.reader.buffer

    def _read_frames(self, data: bytes) -> None:
        """Cut the client's frames: each whole unfragmented text frame (masked, as a
        client's must be, and valid UTF-8) goes straight to the listener; any other
        whole frame (ping, close, binary...) to websockets' parser, which so always
        starts on a frame's first byte; from the first frame that is not that simple or
        is larger than the WebSocket layer takes, websockets' parser reads everything."""
        buf = self._buffer + data if self._buffer else data
        i, n = 0, len(buf)
        while n - i >= 2:
            first, second = buf[i], buf[i + 1]
            size, j = second & 0x7F, i + 2
            if size == 126:
                if n - j < 2:
                    break
                size, j = int.from_bytes(buf[j : j + 2]), j + 2
            elif size == 127:
                size = self._largest + 1  # not one a table message needs
            if size > self._largest or not second & 0x80:  # websockets refuses these
                self._framing, self._buffer = False, b""
                super().data_received(buf[i:])
                return
            end = j + 4 + size
            if n < end:
                break
            listener = self._listener
            # (while a fragmented message is read, a text frame is websockets' to refuse)
            if first == 0x81 and listener is not None and not self.close_sent and not self.frames:
                payload = apply_mask(buf[j + 4 : end], buf[j : j + 4])
                if not payload.isascii():  # (ASCII is UTF-8: nothing to check)
                    try:
                        payload.decode()
                    except UnicodeDecodeError:
                        listener = None
                if listener is not None:
                    i = end
                    listener(payload)
                    continue
            super().data_received(buf[i:end])
            i = end
            # (after a close frame, sent or received, websockets discards what follows)
            if self.close_sent or not self._framing or self.conn.state is not State.OPEN:
                self._framing = False
                if end < n:
                    super().data_received(buf[end:])
                self._buffer = b""
                return
        self._buffer = buf[i:]

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

    def handle_close(self, event: Any) -> None:
        self._ended = True
        super().handle_close(event)

    def shutdown(self) -> None:
        self._ended = True
        super().shutdown()

    def pause_writing(self) -> None:
        self._paused = True
        super().pause_writing()

    def resume_writing(self) -> None:
        self._paused = False
        super().resume_writing()

    def send_now(self, data: bytes) -> bool:
        if self.close_sent or self.disconnected or self._paused or self._ended:
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
