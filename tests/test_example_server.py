"""The server embedding example: real sockets on loopback, hostile input included."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from helpers import load_example

server = load_example("server.py", "ecarte_example_server")


async def _talk(lines: list[bytes]) -> list[dict[str, Any]]:
    srv = await server.start()
    port = srv.sockets[0].getsockname()[1]
    replies = []
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        for line in lines:
            writer.write(line)
            await writer.drain()
            replies.append(json.loads(await asyncio.wait_for(reader.readline(), 10)))
        writer.close()
    finally:
        srv.close()
        await srv.wait_closed()
    return replies


def _req(**fields: Any) -> bytes:
    return json.dumps(fields).encode() + b"\n"


def test_plays_a_whole_match_over_the_socket() -> None:
    async def run() -> dict[str, Any]:
        srv = await server.start()
        port = srv.sockets[0].getsockname()[1]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(_req(op="new", seed=4))
        reply = json.loads(await reader.readline())
        for _ in range(2000):
            if reply["over"]:
                break
            writer.write(_req(op="act", action=reply["legal"][0]))
            reply = json.loads(await reader.readline())
            assert reply["ok"], reply
        writer.close()
        srv.close()
        await srv.wait_closed()
        return reply

    final = asyncio.run(run())
    assert final["over"] and final["winner"] in (0, 1)
    assert max(final["games_won"]) == 2


@pytest.mark.parametrize(
    ("line", "error"),
    [
        (b"{not json\n", "not JSON"),
        (b"[1, 2]\n", "a request is a JSON object"),
        (_req(op="dance"), "unknown op 'dance'"),
        (_req(op="act", action=5), "action must be a string"),
        (_req(op="act", id="x"), "id must be an integer"),
        (_req(op="act", id=9999), "no action has id 9999"),
        (_req(op="act", action="A♠ K♠"), "not an action"),
        (_req(op="new", seed="abc"), "seed must be an integer"),
        (_req(op="new", rules="martian"), "unknown rules preset 'martian'"),
        (_req(op="act", action="discard \u212as"), "not a card"),  # the Kelvin sign
        (b"[" * 2000 + b"]" * 2000 + b"\n", "not JSON"),  # nested too deep to decode
    ],
)
def test_hostile_messages_get_an_error_and_change_nothing(line: bytes, error: str) -> None:
    replies = asyncio.run(_talk([_req(op="new", seed=4), line, _req(op="state")]))
    first, bad, after = replies
    assert bad["ok"] is False and error in bad["error"]
    assert after == first  # nothing changed


def test_illegal_action_is_refused_with_the_rule() -> None:
    replies = asyncio.run(_talk([_req(op="new", seed=4), _req(op="act", action="refuse")]))
    assert replies[1]["ok"] is False
    assert "must choose" in replies[1]["error"] or "not allowed" in replies[1]["error"]


def test_acting_before_a_match_exists() -> None:
    (reply,) = asyncio.run(_talk([_req(op="act", action="propose")]))
    assert reply == {"ok": False, "error": 'no match: send {"op": "new"} first'}


def test_oversized_line_is_refused() -> None:
    (reply,) = asyncio.run(_talk([b"x" * (server.MAX_LINE + 100) + b"\n"]))
    assert reply["ok"] is False and "longer than" in reply["error"]
