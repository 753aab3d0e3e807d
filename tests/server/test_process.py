"""The server as a process (``ecarte serve``): SIGTERM stops it gracefully, and after a
SIGKILL in the middle of a load a restart resumes every table with no acknowledged action
lost, each ending as an uninterrupted replay of its seed and actions."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from pathlib import Path
from typing import Any

import pytest
from helpers.server import run
from helpers.server_process import ServerProcess

from ecarte.server import verify
from ecarte.server.client import ServerError, TableClient, create_table, fetch_json

pytestmark = pytest.mark.own_backends  # the server runs on the live backend


def test_sigterm_stops_gracefully_and_the_tables_resume(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    with ServerProcess(db) as server:

        async def before() -> tuple[dict[str, Any], int]:
            table = await create_table(server.url, game="ecarte")
            seat = await TableClient.connect(server.url, table["table"], table["seats"][0]["token"])
            for _ in range(5):
                view = await seat.turn()
                await seat.act(id=view.legal[0].id)
            await seat.turn()
            status = server.signal(signal.SIGTERM)
            await seat.wait(lambda c: c.closed is not None)
            assert seat.close_code == 1012  # service restart
            return table, status

        table, status = run(before())
    assert status == 0
    messages = server.messages()
    assert "stopped" in messages and not any("Traceback" in m for m in messages)
    assert not [line for line in server.logs if line["level"] == "error"]
    with ServerProcess(db) as again:

        async def after() -> None:
            seat = await TableClient.connect(again.url, table["table"], table["seats"][0]["token"])
            assert seat.welcome is not None and seat.welcome.last_seq == 5
            await seat.play(lambda v: v.legal[0].id)
            assert verify(await fetch_json(f"{again.url}/api/tables/{table['table']}/record")).ok
            await seat.close()

        run(after())


class Player:
    """A scripted seat that keeps what the server acknowledged and resends, with the
    same sequence number, an action whose ack it never got."""

    def __init__(self, client: TableClient, rng: random.Random) -> None:
        self.client = client
        self.rng = rng
        self.acked: dict[int, int] = {}  # seq -> event
        self.in_flight: tuple[int, int] | None = None  # (seq, action id)

    async def run(self) -> None:
        c = self.client
        while True:
            if self.in_flight is None:
                view = await c.turn()
                if view.over:
                    return
                self.in_flight = (c.next_seq(), self.rng.choice(view.legal).id)
            seq, action = self.in_flight
            ack = await c.act(id=action, seq=seq)
            self.acked[seq] = ack.event
            self.in_flight = None


def test_sigkill_mid_load_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    tables = int(os.environ.get("ECARTE_SOAK_TABLES", "16"))  # the soak: hundreds
    rng = random.Random(11)
    players: list[tuple[str, str, Player]] = []
    cut: set[str] = set()  # the tables whose match the kill interrupted

    async def load(url: str) -> None:
        for _ in range(tables):
            if rng.random() < 0.5:
                spec: dict[str, Any] = {"game": "ecarte", "seats": [{}, {}]}
            else:
                spec = {"game": "euchre", "seats": [{}, {"kind": "bot"}, {}, {"kind": "bot"}]}
            table = await create_table(url, **spec)
            for s in table["seats"]:
                if s["token"]:
                    client = await TableClient.connect(url, table["table"], s["token"])
                    players.append((table["table"], s["token"], Player(client, rng)))
        tasks = [asyncio.create_task(p.run()) for _, _, p in players]
        # the load runs; then the server is killed under it
        while sum(len(p.acked) for _, _, p in players) < 25 * tables:
            await asyncio.sleep(0.005)
        server.kill()
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
        for (tid, _, _), outcome in zip(players, outcomes, strict=True):
            assert outcome is None or isinstance(outcome, ServerError | TimeoutError), outcome
            if outcome is not None:
                cut.add(tid)
        for _, _, p in players:
            await p.client.close()

    with ServerProcess(db) as server:
        run(load(server.url))
    acked = sum(len(p.acked) for _, _, p in players)
    in_flight = sum(p.in_flight is not None for _, _, p in players)
    assert acked > 50 and cut
    print(f"killed with {acked} actions acknowledged, {in_flight} in flight")

    async def finish(url: str) -> None:
        for tid, token, p in players:
            p.client = await TableClient.connect(url, tid, token)
        await asyncio.gather(*(p.run() for _, _, p in players))
        for _, _, p in players:
            await p.client.close()

    with ServerProcess(db) as again:
        run(finish(again.url))
        assert "resumed" in again.messages()
        resumed = next(line for line in again.logs if line["message"] == "resumed")
        assert 1 <= resumed["tables"] <= len(cut)  # a cut match may have ended in the store

        async def records() -> dict[str, Any]:
            ids = {tid for tid, _, _ in players}
            return {t: await fetch_json(f"{again.url}/api/tables/{t}/record") for t in ids}

        done = run(records())
    for tid, _, p in players:
        record = done[tid]
        assert verify(record).ok
        events = {e[0]: e for e in record["events"]}
        seat = p.client.seat
        for seq, n in p.acked.items():  # every acknowledged action is in the record
            assert events[n][1] == seat and events[n][2] == "act", (seq, n, events[n])
