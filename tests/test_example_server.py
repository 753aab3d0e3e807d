"""The server embedding example: the game server with a route of its own, on a real
loopback socket, and its bot client playing a seat to the end."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
from helpers import load_example

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")

from ecarte.server.client import create_table, fetch_json  # noqa: E402

pytestmark = pytest.mark.own_backends  # the server runs on the live backend

server = load_example("server.py", "ecarte_example_server")


def test_the_embedded_server_plays_a_match_and_serves_its_own_route() -> None:
    async def main() -> None:
        config = uvicorn.Config(
            server.build(":memory:"), port=0, log_level="warning", ws="websockets-sansio"
        )
        srv = uvicorn.Server(config)
        srv.capture_signals = contextlib.nullcontext
        task = asyncio.create_task(srv.serve())
        while not srv.started:
            await asyncio.sleep(0.01)
        url = f"http://127.0.0.1:{srv.servers[0].sockets[0].getsockname()[1]}"
        try:
            table = await create_table(url, game="euchre", rules="openspiel")
            assert await fetch_json(f"{url}/playing") == [table["table"]]
            final = await server.bot(url, table["table"], table["seats"][0]["token"])
            assert final.over
            assert await fetch_json(f"{url}/playing") == []
        finally:
            srv.should_exit = True
            await task

    asyncio.run(main())
