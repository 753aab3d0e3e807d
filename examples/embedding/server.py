"""Embedding ecarte in a network server: one match per connection, JSON lines.

Run ``python examples/embedding/server.py --port 8765`` and talk to it with
``nc localhost 8765``. The client is seat 0; the heuristic bot plays seat 1.

Requests (one JSON object per line)::

    {"op": "new", "seed": 7, "rules": "classic"}   start a match
    {"op": "state"}                                 the client's observation
    {"op": "act", "action": "propose"}              an action in text form
    {"op": "act", "id": 32}                         or by integer id

Every reply is one JSON object: ``{"ok": true, ...}`` or ``{"ok": false,
"error": "..."}``. Bad input of any kind (not JSON, unknown op, illegal
action, wrong types, oversized line) gets an error reply and changes nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from typing import Any

from ecarte import EcarteError, Game, Rules
from ecarte.players import HeuristicPlayer

CLIENT_SEAT = 0
MAX_LINE = 4096


class Session:
    """The match of one connection."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.bot = HeuristicPlayer()

    def handle(self, request: object) -> dict[str, Any]:
        """Answer one decoded request."""
        if not isinstance(request, dict):
            return _error("a request is a JSON object")
        op = request.get("op")
        if op == "new":
            seed = request.get("seed")
            rules = request.get("rules", "classic")
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
                return _error("seed must be an integer")
            if not isinstance(rules, str):
                return _error("rules must be a preset name")
            try:
                self.game = Game(Rules.preset(rules), seed=seed)
            except EcarteError as exc:
                return _error(str(exc))
            self._bots_move()
            return self._state()
        if self.game is None:
            return _error('no match: send {"op": "new"} first')
        if op == "state":
            return self._state()
        if op == "act":
            return self._act(request)
        return _error(f"unknown op {op!r} (new, state, act)")

    def _act(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.game is not None
        game = self.game
        try:
            if "id" in request:
                action_id = request["id"]
                if not isinstance(action_id, int) or isinstance(action_id, bool):
                    return _error("id must be an integer")
                action = game.action_from_id(action_id)
            else:
                text = request.get("action")
                if not isinstance(text, str):
                    return _error("action must be a string such as 'propose' or 'K♠'")
                action = text  # type: ignore[assignment]
            game.apply(action, seat=CLIENT_SEAT)
        except EcarteError as exc:
            return _error(str(exc))
        self._bots_move()
        return self._state()

    def _bots_move(self) -> None:
        game = self.game
        assert game is not None
        while not game.is_over and game.to_act != CLIENT_SEAT:
            seat = game.to_act
            game.apply(self.bot.choose(game.observation(seat), game.legal_actions()), seat=seat)

    def _state(self) -> dict[str, Any]:
        game = self.game
        assert game is not None
        obs = game.observation(CLIENT_SEAT)
        legal = game.legal_actions() if game.to_act == CLIENT_SEAT else ()
        return {
            "ok": True,
            "phase": obs.phase.value,
            "to_act": obs.to_act,
            "hand": str(obs.hand),
            "turnup": str(obs.turnup) if obs.turnup else None,
            "trick": [[seat, str(card)] for seat, card in obs.trick],
            "tricks_won": list(obs.tricks_won),
            "scores": list(obs.scores),
            "games_won": list(obs.games_won),
            "legal": [str(a) for a in legal],
            "over": game.is_over,
            "winner": game.winner,
        }


def _error(message: str) -> dict[str, Any]:
    return {"ok": False, "error": message}


async def serve_client(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Serve one connection until it closes."""
    session = Session()
    try:
        while True:
            try:
                line = await reader.readuntil(b"\n")
            except asyncio.IncompleteReadError:
                break
            except asyncio.LimitOverrunError:
                writer.write(_encode(_error(f"line longer than {MAX_LINE} bytes")))
                break
            try:
                request = json.loads(line)
            except (ValueError, UnicodeDecodeError, RecursionError):
                reply = _error("not JSON")
            else:
                try:
                    reply = session.handle(request)
                except Exception as exc:  # a bug must not drop the player's match
                    reply = _error(f"internal error: {type(exc).__name__}")
            writer.write(_encode(reply))
            await writer.drain()
    finally:
        writer.close()


def _encode(reply: dict[str, Any]) -> bytes:
    return json.dumps(reply, ensure_ascii=False).encode() + b"\n"


async def start(host: str = "127.0.0.1", port: int = 0) -> asyncio.Server:
    """Start the server (port 0: any free port)."""
    return await asyncio.start_server(serve_client, host, port, limit=MAX_LINE)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()

    async def run() -> None:
        server = await start(args.host, args.port)
        print(f"listening on {args.host}:{args.port}")
        async with server:
            await server.serve_forever()

    asyncio.run(run())


if __name__ == "__main__":
    main()
