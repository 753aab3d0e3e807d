"""The limits: messages per second, connections per address, idle connections, the turn
clock (a bot plays for the seat, or the seat forfeits)."""

from __future__ import annotations

import asyncio
import json

import pytest
from helpers.server import close_all, run, serving
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from ecarte.server import verify
from ecarte.server.client import ServerError, TableClient, create_table, fetch_json

pytestmark = pytest.mark.own_backends  # the server runs on the live backend


def _ws(url: str, table: str) -> str:
    return url.replace("http://", "ws://") + f"/ws/{table}"


async def _rest(ws: ClientConnection) -> list[dict[str, object]]:
    """Every message until the server closes the connection."""
    out = []
    try:
        async for message in ws:
            out.append(json.loads(message))
    except ConnectionClosed:
        pass
    return out


def test_over_the_rate_a_message_is_dropped_and_abuse_closes_the_connection() -> None:
    async def main() -> None:
        async with serving(rate=1.0, burst=5, abuse_limit=10) as (url, _):
            table = await create_table(url, game="ecarte")
            async with connect(_ws(url, table["table"])) as ws:
                for _ in range(20):
                    await ws.send('{"type": "ping"}')
                replies = await _rest(ws)
                assert ws.close_code == 1008
            assert [r["type"] for r in replies[:5]] == ["pong"] * 5
            limited = [r for r in replies[5:] if r["type"] == "error"]
            assert len(limited) == 10 and all(r["code"] == "rate-limited" for r in limited)
            assert "1 messages a second, 5 at once" in limited[0]["message"]

    run(main())


def test_a_connection_over_the_rate_now_and_then_is_not_closed_as_abusive(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The messages dropped over the rate count against ``abuse_limit`` within
    ``abuse_seconds`` only: a connection that goes over the rate in bursts far apart is
    not closed, however long it lives (the server's clock is moved on by hand)."""
    import time
    import types

    from ecarte.server import app as app_module

    now = [time.monotonic()]
    clock = types.SimpleNamespace(monotonic=lambda: now[0], time=time.time)
    monkeypatch.setattr(app_module, "time", clock)

    async def main() -> None:
        async with serving(rate=1.0, burst=5, abuse_limit=10, abuse_seconds=20.0) as (url, _):
            table = await create_table(url, game="ecarte")
            async with connect(_ws(url, table["table"])) as ws:
                for _ in range(4):  # 24 messages dropped in all, 6 a burst
                    for _ in range(11):
                        await ws.send('{"type": "ping"}')
                    replies = [json.loads(await ws.recv()) for _ in range(11)]
                    assert [r["type"] for r in replies] == ["pong"] * 5 + ["error"] * 6
                    now[0] += 30.0  # the bucket full again, the strikes forgotten
                await ws.send('{"type": "ping"}')
                assert json.loads(await ws.recv())["type"] == "pong"

    run(main())


def test_connections_per_address_are_limited() -> None:
    async def main() -> None:
        async with serving(max_connections_per_address=3) as (url, server):
            table = await create_table(url, game="ecarte")
            held = [await TableClient.connect(url, table["table"]) for _ in range(3)]
            with pytest.raises(ServerError, match="too-many-connections: too many connections"):
                await TableClient.connect(url, table["table"])
            await held[0].close()
            await asyncio.sleep(0.05)
            held[0] = await TableClient.connect(url, table["table"])  # room again
            assert server.connections == 3
            await close_all(held)

    run(main())


def test_an_idle_connection_is_closed() -> None:
    async def main() -> None:
        async with serving(idle_seconds=0.3) as (url, _):
            table = await create_table(url, game="ecarte")
            async with connect(_ws(url, table["table"])) as ws:
                await asyncio.sleep(0.15)
                await ws.send('{"type": "ping"}')  # a ping keeps it open
                assert json.loads(await ws.recv())["type"] == "pong"
                replies = await _rest(ws)
                assert ws.close_code == 1001
            assert replies == [
                {
                    "type": "error",
                    "code": "idle",
                    "message": "nothing received for 0.3 s: closing",
                    "seq": None,
                }
            ]

    run(main())


def test_the_turn_clock_lets_a_bot_play_for_the_seat() -> None:
    async def main() -> None:
        async with serving() as (url, _):
            table = await create_table(url, game="euchre", rules="openspiel", turn_seconds=0.05)
            seat = await TableClient.connect(url, table["table"], table["seats"][0]["token"])
            assert seat.welcome.deadline is not None  # type: ignore[union-attr]
            await seat.wait(lambda c: c.reveal is not None, timeout=30)  # never acting
            record = await fetch_json(f"{url}/api/tables/{table['table']}/record")
            assert {e[2] for e in record["events"] if e[1] == 0} == {"timeout"}
            assert verify(record).ok
            await seat.close()

    run(main())


def test_the_turn_clock_forfeits_the_seat() -> None:
    async def main() -> None:
        async with serving() as (url, _):
            table = await create_table(
                url, game="ecarte", seats=[{}, {}], turn_seconds=0.2, on_timeout="forfeit"
            )
            seats = [
                await TableClient.connect(url, table["table"], s["token"]) for s in table["seats"]
            ]
            first = seats[0].view.to_act  # type: ignore[union-attr]
            assert first in (0, 1)
            await seats[0].wait(lambda c: c.reveal is not None)  # nobody acts
            view = seats[0].view
            assert view is not None and view.over and view.forfeit == first
            assert seats[0].events[-1].kind == "forfeit"
            with pytest.raises(ServerError, match="over"):
                await seats[first].act(id=0)
            record = await fetch_json(f"{url}/api/tables/{table['table']}/record")
            assert record["forfeit"] == first and verify(record).ok
            await close_all(seats)

    run(main())


def test_a_bet_does_not_stop_the_turn_clock() -> None:
    """A backer's bet at a club table while a seat is to act is an event of the table,
    not the seat's move: the seat's turn clock runs on, and the seat forfeits on time."""

    async def main() -> None:
        async with serving() as (url, _):
            club = {"players": {"Ada": 50, "Blaise": 50}, "gallery": {"Cleo": 30}}
            table = await create_table(
                url,
                game="ecarte",
                variants=["cercle"],
                options={"cercle": club},
                seats=[{}, {}],
                turn_seconds=1.0,
                on_timeout="forfeit",
            )
            backer = await TableClient.connect(url, table["table"], table["backers"][0]["token"])
            first = backer.view.to_act  # type: ignore[union-attr]
            await backer.bet("Ada", 10)  # (well within the turn clock)
            await backer.wait(lambda c: c.reveal is not None, timeout=10)  # nobody acts
            assert backer.view is not None and backer.view.forfeit == first
            assert [e.kind for e in backer.events] == ["bet", "forfeit"]
            await backer.close()

    run(main())


def test_a_client_that_does_not_read_is_disconnected() -> None:
    """A client that sends and never reads: once ``queue_limit`` messages wait for it,
    the connection is dropped (it would read no closing message either)."""
    import base64
    import os
    import socket
    import time

    async def main() -> None:
        async with serving(queue_limit=50, rate=1e6, burst=10**6) as (url, server):
            table = await create_table(url, game="ecarte")
            host, port = url.removeprefix("http://").split(":")
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect((host, int(port)))
            sock.setblocking(False)
            reader, writer = await asyncio.open_connection(sock=sock)
            key = base64.b64encode(os.urandom(16)).decode()
            writer.write(
                f"GET /ws/{table['table']} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n".encode()
            )
            await reader.readuntil(b"\r\n\r\n")
            writer.transport.pause_reading()  # never reads again

            def frame(text: bytes) -> bytes:
                return bytes([0x81, 0x80 | len(text)]) + b"\0\0\0\0" + text  # (masked by 0)

            writer.write(frame(b'{"type": "hello"}'))
            try:
                for _ in range(100):  # each sync is answered by a welcome (the whole view)
                    writer.write(frame(b'{"type": "sync"}') * 100)
                    await writer.drain()
                    await asyncio.sleep(0.01)
            except ConnectionError:
                pass  # (dropped already)
            deadline = time.monotonic() + 5
            while server.connections and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            assert server.connections == 0
            writer.transport.abort()

    run(main())


def test_an_action_over_the_rate_is_refused_by_its_sequence_number() -> None:
    """An action dropped over the rate limit gets its error with its ``seq``: the client
    waiting for it is told at once (it waited for its timeout, told nothing)."""

    async def main() -> None:
        async with serving(rate=0.001, burst=2) as (url, _):
            table = await create_table(url, game="ecarte", seats=[{}, {}])
            seats = [
                await TableClient.connect(url, table["table"], s["token"]) for s in table["seats"]
            ]
            mover = next(c for c in seats if c.view is not None and c.view.legal)
            legal = mover.view.legal[0].id  # type: ignore[union-attr]
            await mover.act(id=legal)  # (the hello and this one: the burst)
            with pytest.raises(ServerError, match="rate-limited: over the rate limit"):
                await mover.act(id=legal, timeout=5)
            await close_all(seats)

    run(main())


def test_a_bot_seat_slows_down_to_the_rate_limit() -> None:
    """``play()`` against a server whose rate limit its actions outrun: the action dropped
    is sent again, the next ones spaced, and the match is played to its end."""

    async def main() -> None:
        async with serving(rate=100.0, burst=5) as (url, _):
            table = await create_table(url, game="euchre")
            seat = await TableClient.connect(url, table["table"], table["seats"][0]["token"])
            final = await seat.play(lambda v: v.legal[0].id)
            assert final.over and seat.closed is None
            assert any(e.code == "rate-limited" for e in seat.errors)
            await seat.close()

    run(main())
