"""The server's WebSocket layer cuts a client's simple text frames itself and leaves every
other frame to websockets' parser: however the bytes arrive (a frame split anywhere,
several in one write, pings, a message in fragments, a bad frame), each message is
answered as it would be by websockets alone."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import struct
from typing import Any

import pytest
from helpers.server import run, serving

from ecarte.server.client import create_table

pytestmark = pytest.mark.own_backends  # the server runs on the live backend

MASK = b"\x01\x02\x03\x04"


def _frame(payload: bytes, opcode: int = 0x1, fin: bool = True, masked: bool = True) -> bytes:
    """A client's frame (masked with MASK unless ``masked`` is False)."""
    size = len(payload)
    head = bytes([(0x80 if fin else 0) | opcode])
    bit = 0x80 if masked else 0
    head += bytes([bit | size]) if size < 126 else bytes([bit | 126]) + struct.pack("!H", size)
    if not masked:
        return head + payload
    return head + MASK + bytes(b ^ MASK[i % 4] for i, b in enumerate(payload))


class Raw:
    """A WebSocket client written by hand: the bytes go out as the test cuts them."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, url: str, table: str) -> Raw:
        host, port = url.removeprefix("http://").split(":")
        reader, writer = await asyncio.open_connection(host, int(port))
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(
            f"GET /ws/{table} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = await reader.readuntil(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101"), head
        return cls(reader, writer)

    async def send(self, *parts: bytes) -> None:
        """Write each part on its own, a moment apart (each its own TCP segment)."""
        for part in parts:
            self.writer.write(part)
            await self.writer.drain()
            await asyncio.sleep(0.02)

    async def frame(self) -> tuple[int, bytes]:
        """The server's next frame: (opcode, payload)."""
        first, second = await self.reader.readexactly(2)
        size = second & 0x7F
        if size == 126:
            size = struct.unpack("!H", await self.reader.readexactly(2))[0]
        elif size == 127:
            size = struct.unpack("!Q", await self.reader.readexactly(8))[0]
        return first & 0x0F, await self.reader.readexactly(size)

    async def message(self) -> dict[str, Any]:
        opcode, payload = await asyncio.wait_for(self.frame(), 10)
        assert opcode == 0x1, (opcode, payload)
        answer: dict[str, Any] = json.loads(payload)
        return answer


def test_frames_however_they_arrive() -> None:
    async def main() -> None:
        async with serving() as (url, _):
            table = await create_table(url, game="ecarte")
            token = table["seats"][0]["token"]
            raw = await Raw.open(url, table["table"])
            hello = _frame(json.dumps({"type": "hello", "token": token}).encode())
            await raw.send(hello[:1], hello[1:2], hello[2:5], hello[5:9], hello[9:])
            assert (await raw.message())["type"] == "welcome"
            ping = _frame(b'{"type": "ping"}')
            await raw.send(ping + ping + ping[:3], ping[3:])  # three, one across two writes
            for _ in range(3):
                assert await raw.message() == {"type": "pong"}
            await raw.send(_frame(b"are you there", opcode=0x9) + ping)  # a WebSocket ping
            assert await raw.frame() == (0xA, b"are you there")
            assert await raw.message() == {"type": "pong"}
            parts = [b'{"type": ', b'"ping"}']  # one message in two fragments
            await raw.send(_frame(parts[0], fin=False) + _frame(parts[1], opcode=0x0))
            assert await raw.message() == {"type": "pong"}
            await raw.send(ping)  # cut here again after the fragments
            assert await raw.message() == {"type": "pong"}
            await raw.send(_frame(b"\xff\xfe not UTF-8"))
            assert await raw.frame() == (0x8, struct.pack("!H", 1007))  # closed: bad data
            raw.writer.close()

    run(main())


def test_an_unmasked_frame_closes_the_connection() -> None:
    async def main() -> None:
        async with serving() as (url, _):
            table = await create_table(url, game="ecarte")
            raw = await Raw.open(url, table["table"])
            await raw.send(_frame(b'{"type": "ping"}'))
            assert await raw.message() == {"type": "pong"}
            await raw.send(_frame(b'{"type": "ping"}', masked=False))
            opcode, payload = await asyncio.wait_for(raw.frame(), 10)
            assert opcode == 0x8 and struct.unpack("!H", payload[:2])[0] == 1002  # protocol error
            raw.writer.close()

    run(main())


@pytest.mark.parametrize("ws", [None, "websockets-sansio"])
def test_a_whole_text_frame_inside_a_fragmented_message_is_a_protocol_error(
    ws: str | None,
) -> None:
    """A new text frame while a message's fragments are still coming breaks the protocol:
    the connection is closed (1002), and neither message is taken (as websockets alone
    does: ``ws="websockets-sansio"``)."""

    async def main() -> None:
        async with serving(ws=ws) as (url, _):
            table = await create_table(url, game="ecarte")
            raw = await Raw.open(url, table["table"])
            ping = _frame(b'{"type": "ping"}')
            await raw.send(ping)  # (cut here from now on)
            assert await raw.message() == {"type": "pong"}
            await raw.send(_frame(b'{"type": ', fin=False) + ping + _frame(b'"ping"}', opcode=0))
            opcode, payload = await asyncio.wait_for(raw.frame(), 10)
            assert (opcode, struct.unpack("!H", payload[:2])[0]) == (0x8, 1002), payload
            raw.writer.close()

    run(main())


class _Transport(asyncio.Transport):
    """A transport in memory: what the server writes, whether it closed."""

    def __init__(self) -> None:
        super().__init__()
        self.written = bytearray()
        self.closed = False

    def write(self, data: Any) -> None:
        self.written += data

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 5000), "sockname": ("127.0.0.1", 80)}.get(name, default)


async def _socket(max_size: int) -> tuple[Any, _Transport, list[bytes]]:
    """The server's WebSocket protocol in memory, opened, listening: ``(protocol,
    transport, messages)`` (each message the application is handed, in order)."""
    import uvicorn
    from uvicorn.server import ServerState

    from ecarte.server.wire import EXTENSION, TableSocketProtocol

    messages: list[bytes] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        scope["extensions"][EXTENSION].listen(messages.append)
        while (await receive())["type"] != "websocket.disconnect":
            pass

    config = uvicorn.Config(
        app, ws=TableSocketProtocol, ws_max_size=max_size, lifespan="off", log_config=None
    )
    config.load()
    protocol = TableSocketProtocol(config, ServerState(), {})
    transport = _Transport()
    protocol.connection_made(transport)
    key = base64.b64encode(os.urandom(16)).decode()
    protocol.data_received(
        f"GET /ws/t HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    for _ in range(10):  # the application accepts and listens
        await asyncio.sleep(0)
    assert transport.written.startswith(b"HTTP/1.1 101") and protocol._framing
    del transport.written[:]
    return protocol, transport, messages


async def _end(protocol: Any) -> None:
    """The connection lost: the application returns."""
    protocol.connection_lost(None)
    for _ in range(5):
        await asyncio.sleep(0)


def _long(payload: bytes, length: bytes) -> bytes:
    """A masked text frame whose length is written as ``length`` says (126 or 127 and the
    extended length, even for a small payload)."""
    return bytes([0x81]) + length + MASK + bytes(b ^ MASK[i % 4] for i, b in enumerate(payload))


def test_frames_cut_at_every_byte() -> None:
    """Every message arrives whole and in order, and a ping is answered, however the
    bytes are cut: at each byte (of a header, an extended length, a mask, a payload),
    or one byte at a time."""
    limit = 300
    expected = [
        b'{"type": "ping"}',
        '{"action": "discard 7\u2660 8\u2665"}'.encode(),  # (cards: UTF-8 of 3 bytes)
        b"x" * 200,  # a 16-bit length
        b"small",  # a 16-bit length for a short payload
        b"caf\xc3\xa9",  # in two fragments, a character across them
        b"\x00\x01",  # binary
        b"y" * limit,  # as large as a frame may be
        b"",
    ]
    data = b"".join(
        [
            _frame(expected[0]),
            _frame(b"are you there", opcode=0x9),  # a WebSocket ping
            _frame(expected[1]),
            _frame(expected[2]),
            _long(expected[3], bytes([0x80 | 126]) + struct.pack("!H", 5)),
            _frame(b"caf\xc3", fin=False) + _frame(b"\xa9", opcode=0x0),
            _frame(expected[5], opcode=0x2),
            _frame(expected[6]),
            _frame(expected[7]),
        ]
    )
    pong = b"\x8a\x0dare you there"

    async def main() -> None:
        cuts: list[list[bytes]] = [[data[:i], data[i:]] for i in range(1, len(data))]
        cuts.append([data[i : i + 1] for i in range(len(data))])
        cuts.append([data[:3], data[3:100], data[100:101], data[101:]])
        for chunks in cuts:
            protocol, transport, messages = await _socket(limit)
            for chunk in chunks:
                protocol.data_received(chunk)
            assert messages == expected, [len(c) for c in chunks]
            assert bytes(transport.written) == pong and not protocol.close_sent
            assert protocol._framing  # (every frame was cut here or handed whole)
            await _end(protocol)

    run(main())


def test_frame_limits_and_lengths() -> None:
    """A frame one byte over the limit closes the connection (1009), one at the limit is
    taken; a 64-bit length, even of a short payload, is read by websockets, which then
    reads everything, in order; nothing is taken after a close frame; invalid UTF-8
    across two fragments closes the connection (1007)."""

    async def main() -> None:
        protocol, transport, messages = await _socket(300)
        protocol.data_received(_frame(b"y" * 300) + _frame(b"z" * 301) + _frame(b"after"))
        assert messages == [b"y" * 300]
        assert transport.written[:4] == b"\x88" + bytes([len(transport.written) - 2]) + b"\x03\xf1"
        await _end(protocol)

        protocol, transport, messages = await _socket(300)
        long = _long(b"short", bytes([0x80 | 127]) + struct.pack("!Q", 5))
        protocol.data_received(_frame(b"one") + long[:6])
        protocol.data_received(long[6:] + _frame(b"three"))
        assert messages == [b"one", b"short", b"three"] and not protocol._framing
        await _end(protocol)

        protocol, transport, messages = await _socket(300)
        close = _frame(struct.pack("!H", 1000), opcode=0x8)
        protocol.data_received(_frame(b"one") + close + _frame(b"two"))
        assert messages == [b"one"] and transport.closed
        assert bytes(transport.written) == b"\x88\x02\x03\xe8"  # (the close answered)
        await _end(protocol)

        protocol, transport, messages = await _socket(300)
        protocol.data_received(_frame(b"caf\xc3", fin=False))
        protocol.data_received(_frame(b"!", opcode=0x0) + _frame(b"two"))
        assert messages == [] and protocol.close_sent
        assert bytes(transport.written) == b"\x88\x02\x03\xef"  # 1007: not UTF-8
        await _end(protocol)

    run(main())


def test_nothing_is_written_after_the_closing_handshake() -> None:
    """Once the client's close frame is answered, no message is written after that
    answer (a WebSocket sends no data after its close frame)."""

    async def main() -> None:
        protocol, transport, _ = await _socket(300)
        assert protocol.send_now(b'{"type":"pong"}')
        del transport.written[:]
        protocol.data_received(_frame(struct.pack("!H", 1000), opcode=0x8))
        assert not protocol.send_now(b'{"type":"pong"}')
        assert bytes(transport.written) == b"\x88\x02\x03\xe8"
        await _end(protocol)

    run(main())
