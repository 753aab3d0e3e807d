"""Hostile messages: more than 10,000 generated messages (over 5,000 at a table of each
game) of every kind a server must refuse, over real WebSockets. Each gets an error reply
naming its problem, and the tables do not change; the match then plays on to its end."""

from __future__ import annotations

import asyncio
import json
import random
import secrets
from typing import Any

import pytest
from helpers.server import close_all, run, serving
from websockets.asyncio.client import ClientConnection, connect

from ecarte.server.client import TableClient, create_table

pytestmark = pytest.mark.own_backends  # the server runs on the live backend

MAX_FRAME = 3072
BATCH = 200
PER_GAME = 5_200
TEXTS = [
    "propose",
    "accept",
    "refuse",
    "king",
    "play-hand",
    "packets 3-2",
    "discard 7♠ 8♥",
    "discard",
    "K♠",
    "7♦",
    "10♥",
    "call ♥",
    "pass",
    "alone",
    "partner",
    "take",
    "Joker",
    "cut K♠ 7♥",
    "deal",
    "",
    " ",
    "♠",
    "discard K♠ K♠",
    "\u212as",
    "A♠ K♠",
]


def _ws_url(url: str, table: str) -> str:
    return url.replace("http://", "ws://") + f"/ws/{table}"


class Raw:
    """A bare WebSocket to a table: send many, read the replies in order."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws

    @classmethod
    async def open(cls, url: str, table: str, token: str | None, hello: bool = True) -> Raw:
        raw = cls(await connect(_ws_url(url, table), max_size=None))
        if hello:
            await raw.ws.send(json.dumps({"type": "hello", "token": token}))
            welcome = json.loads(await raw.ws.recv())
            assert welcome["type"] == "welcome", welcome
        return raw

    async def exchange(self, frames: list[str | bytes]) -> list[dict[str, Any]]:
        for frame in frames:
            await self.ws.send(frame)
        return [json.loads(await asyncio.wait_for(self.ws.recv(), 10)) for _ in frames]


def _not_json(rng: random.Random) -> str | bytes:
    choice = rng.randrange(6)
    if choice == 0:
        return "{" + "".join(rng.choice('"abc:,{[') for _ in range(rng.randrange(1, 40)))
    if choice == 1:
        return bytes(rng.randrange(128, 256) for _ in range(rng.randrange(1, 60)))
    if choice == 2:
        return '{"type": "act", "seq": 1,}'
    if choice == 3:
        return "[" * rng.randrange(1, 400)
    if choice == 4:
        return "NaN"
    return "".join(rng.choice("xyz ;!") for _ in range(rng.randrange(1, 30)))


def _wrong_shape(rng: random.Random) -> str:
    shapes: list[Any] = [
        {"type": "act", "seq": "one", "action": "propose"},
        {"type": "act", "seq": rng.randrange(-5, 1), "action": "propose"},
        {"type": "act", "seq": 2**60, "action": "propose"},
        {"type": "act", "seq": 1.5, "id": 3},
        {"type": "act", "seq": 3, "id": "32"},
        {"type": "act", "seq": 3, "id": -1},
        {"type": "act", "seq": 3, "action": ["K♠"]},
        {"type": "act", "seq": 3, "action": "x" * 300},
        {"type": "act", "action": "propose"},
        {"type": "act", "seq": 3, "action": "propose", "seat": 1},
        {"type": "bet", "seq": 3, "player": "Ada", "amount": 0},
        {"type": "bet", "seq": 3, "player": 7, "amount": 5},
        {"type": "hello", "token": 12},
        {"type": "sync", "last_event": "x"},
        {"type": "dance"},
        {"type": None},
        {"seq": 1},
        {},
        [1, 2],
        "act",
        12,
        None,
        True,
        {"type": "act", "seq": {"$gt": 0}},
        {"type": "act", "seq": 3, "id": [[[[[[[[[[1]]]]]]]]]]},
    ]
    return json.dumps(rng.choice(shapes), ensure_ascii=rng.random() < 0.5)


def _oversized(rng: random.Random) -> str:
    return json.dumps({"type": "act", "seq": 1, "action": "x" * rng.randrange(MAX_FRAME, 8000)})


def _text_key(text: str) -> str | frozenset[str]:
    """A text as the action it names: a discard's cards in any order are one discard."""
    words = text.split()
    return frozenset(words) if words[:1] == ["discard"] else text


def _act(seq: int, rng: random.Random, legal: list[dict[str, Any]]) -> str:
    if rng.random() < 0.5:
        legal_ids = {a["id"] for a in legal}
        action_id = rng.choice([i for i in range(0, 100) if i not in legal_ids])
        return json.dumps({"type": "act", "seq": seq, "id": action_id})
    legal_texts = {_text_key(a["text"]) for a in legal}
    text = rng.choice([t for t in TEXTS if _text_key(t) not in legal_texts])
    return json.dumps({"type": "act", "seq": seq, "action": text})


def _state(server: Any, table: str) -> tuple[int, int, str]:
    t = server.tables.tables[table]
    return t.n, t.committed, t.game.to_json()


@pytest.mark.parametrize("game", ["ecarte", "euchre"])
def test_hostile_messages_are_refused_and_change_nothing(game: str) -> None:
    rng = random.Random(f"hostile {game}")
    counts: dict[str, int] = {}

    def expect(replies: list[dict[str, Any]], codes: list[str]) -> None:
        for reply, code in zip(replies, codes, strict=True):
            assert reply["type"] == "error" and reply["code"] == code, (reply, code)
            assert reply["message"]
            counts[code] = counts.get(code, 0) + 1

    async def main() -> None:
        async with serving(max_frame=MAX_FRAME) as (url, server):
            seats = [{"kind": "human"}] * (2 if game == "ecarte" else 4)
            rules = "openspiel" if game == "euchre" else None  # one deal: a short match
            table = await create_table(url, game=game, rules=rules, seats=seats)
            tid = table["table"]
            tokens = [s["token"] for s in table["seats"]]
            clients = [await TableClient.connect(url, tid, t) for t in tokens]
            # a few accepted actions, with gaps between their sequence numbers
            for k in range(3):
                mover = next(c for c in clients if c.view is not None and c.view.legal)
                await mover.act(id=mover.view.legal[0].id, seq=10 * (k + 1))  # type: ignore[union-attr]
                await asyncio.gather(*(c.wait(lambda c: c.view_event >= c.acked) for c in clients))
                top = mover.event
                await asyncio.gather(*(c.wait(lambda c, top=top: c.event >= top) for c in clients))
            before = _state(server, tid)
            view = next(c.view for c in clients if c.view and c.view.legal)
            assert view is not None
            to_act = view.seat
            legal = [{"id": a.id, "text": a.text} for a in view.legal]
            raws = [await Raw.open(url, tid, t) for t in tokens]
            watcher = await Raw.open(url, tid, None)
            mover_raw, waiting = raws[to_act], [r for i, r in enumerate(raws) if i != to_act]
            seqs = server.tables.tables[tid].seqs
            replayable = {
                raw: [
                    n
                    for n in range(1, 31)
                    if n < max(seqs.get(f"seat:{i}", {0: 0})) and n not in seqs.get(f"seat:{i}", {})
                ]
                for i, raw in enumerate(raws)
            }
            replayable[watcher] = []
            total = 0
            while total < PER_GAME:
                frames: list[str | bytes] = []
                codes: list[str] = []
                raw = rng.choice([mover_raw, *waiting, watcher])
                for _ in range(BATCH):
                    kind = rng.randrange(7)
                    if kind == 0:
                        frames.append(_not_json(rng))
                        codes.append("not-json")
                    elif kind == 1:
                        frames.append(_wrong_shape(rng))
                        codes.append("bad-message")
                    elif kind == 2:
                        frames.append(_oversized(rng))
                        codes.append("too-large")
                    elif raw is watcher:
                        frames.append(_act(rng.randrange(1, 1000), rng, legal))
                        codes.append("not-a-seat")
                    elif kind == 3 and replayable[raw]:  # below the last accepted number
                        frames.append(_act(rng.choice(replayable[raw]), rng, legal))
                        codes.append("replayed")
                    elif kind == 4:
                        frames.append(
                            json.dumps(
                                {"type": "bet", "seq": 100 + total, "player": "x", "amount": 5}
                            )
                        )
                        codes.append("bad-bet")
                    elif raw is mover_raw:
                        frames.append(_act(100 + rng.randrange(10**6), rng, legal))
                        codes.append("illegal")
                    else:  # another seat's turn
                        frames.append(_act(100 + rng.randrange(10**6), rng, legal))
                        codes.append("not-your-turn")
                expect(await raw.exchange(frames), codes)
                total += len(frames)
                assert _state(server, tid) == before
            # messages before hello, unknown tables, wrong tokens: each on a new connection
            for i in range(100):
                fresh = await Raw.open(url, tid, None, hello=False)
                expect(
                    await fresh.exchange([_act(1, rng, legal), _wrong_shape(rng)]),
                    ["no-hello", "bad-message"],
                )
                await fresh.ws.close()
                lost = await Raw.open(url, secrets.token_urlsafe(9), None, hello=False)
                expect([json.loads(await lost.ws.recv())], ["unknown-table"])
                await lost.ws.close()
                forger = await Raw.open(url, tid, None, hello=False)
                token = (
                    secrets.token_urlsafe(32)
                    if i % 2
                    else tokens[0][:-1] + ("A" if tokens[0][-1] != "A" else "B")
                )
                expect(
                    await forger.exchange([json.dumps({"type": "hello", "token": token})]),
                    ["bad-token"],
                )
                await forger.ws.close()
                total += 4
            # a second hello, and the same action again: acknowledged, not applied again
            expect(await mover_raw.exchange([json.dumps({"type": "hello"})]), ["bad-message"])
            assert _state(server, tid) == before
            for raw in [*raws, watcher]:
                await raw.ws.close()
            assert total >= PER_GAME and len(counts) == 11, counts
            # nothing changed: the seats play the match to its end
            finals = await asyncio.gather(
                *(c.play(lambda v: rng.choice(v.legal).id) for c in clients)
            )
            assert all(v.over for v in finals)
            await close_all(clients)

    run(main())


def test_the_same_sequence_number_is_applied_once() -> None:
    async def main() -> None:
        async with serving() as (url, server):
            table = await create_table(url, game="ecarte", seats=[{}, {}])
            tid = table["table"]
            seat = await TableClient.connect(url, tid, table["seats"][0]["token"])
            other = await TableClient.connect(url, tid, table["seats"][1]["token"])
            mover = seat if seat.view.legal else other  # type: ignore[union-attr]
            action = mover.view.legal[0].id  # type: ignore[union-attr]
            first = await mover.act(id=action, seq=7)
            again = await mover.act(id=action, seq=7)
            different = await mover.act(action="refuse", seq=7)  # same number: the same ack
            assert (first.duplicate, again.duplicate, different.duplicate) == (False, True, True)
            assert first.event == again.event == different.event
            assert server.tables.tables[tid].n == first.event
            await seat.close()
            await other.close()

    run(main())


def test_a_frame_far_over_the_limit_closes_the_connection() -> None:
    async def main() -> None:
        async with serving(max_frame=MAX_FRAME) as (url, _):
            table = await create_table(url, game="ecarte")
            raw = await Raw.open(url, table["table"], table["seats"][0]["token"])
            await raw.ws.send("x" * (16 * MAX_FRAME + 1))
            await raw.ws.wait_closed()
            assert raw.ws.close_code == 1009  # message too big, refused by the WebSocket layer

    run(main())


def test_a_message_nested_too_deeply_gets_an_error_and_the_connection_goes_on() -> None:
    """JSON nested thousands of levels deep, within the size limit: an error naming the
    wrong field, and the connection answers what comes next."""

    async def main() -> None:
        async with serving(max_frame=8192) as (url, _):
            table = await create_table(url, game="ecarte")
            raw = await Raw.open(url, table["table"], None, hello=False)
            deep = '{"type": "hello", "token": ' + "[" * 4000 + "]" * 4000 + "}"
            error, pong = await raw.exchange([deep, '{"type": "ping"}'])
            assert error["type"] == "error" and error["code"] == "bad-message", error
            assert "$.token" in error["message"]
            assert pong == {"type": "pong"}
            await raw.ws.close()

    run(main())


@pytest.mark.parametrize(
    "message",
    [
        {"type": "act", "seq": 5, "action": "x" * 300},
        {"type": "act", "seq": 5, "id": -1},
        {"type": "act", "seq": 5, "action": "propose", "seat": 1},
        {"type": "bet", "seq": 5, "player": "Ada", "amount": 0},
        {"type": "act", "seq": 0, "action": "propose"},
        {"type": "act", "seq": 2**70, "action": "propose"},
    ],
)
def test_a_malformed_action_is_refused_with_its_sequence_number(message: dict[str, Any]) -> None:
    """An action (or bet) the server cannot read, but whose ``seq`` it can, is refused
    with that number, as every other refusal of an action is: its sender is told which
    action was not taken (the Python client's ``act()`` at once, not after its
    timeout)."""

    async def main() -> None:
        async with serving() as (url, _):
            table = await create_table(url, game="ecarte")
            raw = await Raw.open(url, table["table"], table["seats"][0]["token"])
            (error,) = await raw.exchange([json.dumps(message)])
            assert error["type"] == "error" and error["code"] == "bad-message", error
            assert error["seq"] == message["seq"], error
            await raw.ws.close()

    run(main())


def test_the_client_is_told_at_once_of_an_action_the_server_cannot_read() -> None:
    from ecarte.server.client import ServerError

    async def main() -> None:
        async with serving() as (url, _):
            table = await create_table(url, game="ecarte")
            seat = await TableClient.connect(url, table["table"], table["seats"][0]["token"])
            with pytest.raises(ServerError, match="bad-message"):
                await seat.act("x" * 300, timeout=10)
            await seat.close()

    run(main())
