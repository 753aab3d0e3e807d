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
