"""Embedding the ecarte game server in your own ASGI application.

``ecarte serve`` runs the server as it is; an application of your own starts from
:func:`ecarte.server.create_app` (a Starlette application: its API, its WebSockets, the
browser table) and adds what it needs. Here: a route listing the tables that are being
played, and a bot client that plays a seat over the network.

    python examples/embedding/server.py serve --port 8765
    python examples/embedding/server.py bot http://127.0.0.1:8765 TABLE TOKEN

Needs ``pip install 'ecarte[server]'``. docs/server.md tells the whole protocol.
"""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse

from ecarte.server import ServerConfig, create_app
from ecarte.server.client import TableClient


def build(database: str = "example.db") -> Starlette:
    """The server, with one route of our own: ``GET /playing``."""
    app = create_app(ServerConfig(database=database))

    async def playing(request: Request) -> JSONResponse:
        tables = app.state.server.tables.tables
        return JSONResponse(
            sorted(t.id for t in tables.values() if not t.over)  # public: ids only
        )

    app.add_route("/playing", playing)
    return app


async def bot(url: str, table: str, token: str) -> Any:
    """Play a seat to the end: the first legal action each time; the final view."""
    seat = await TableClient.connect(url, table, token)
    try:
        return await seat.play(lambda view: view.legal[0].id)
    finally:
        await seat.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve")
    serve.add_argument("--port", type=int, default=8765)
    serve.add_argument("--db", default="example.db")
    play = sub.add_parser("bot")
    play.add_argument("url")
    play.add_argument("table")
    play.add_argument("token")
    args = parser.parse_args()
    if args.command == "serve":
        uvicorn.run(build(args.db), host="127.0.0.1", port=args.port, ws="websockets-sansio")
    else:
        print(asyncio.run(bot(args.url, args.table, args.token)))


if __name__ == "__main__":
    main()
