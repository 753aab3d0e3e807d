"""Durable before acknowledged: a restarted server resumes every table where it stood;
a reconnection gets exactly the events it missed; a sequence number is applied once,
across restarts too; a commit that fails refuses its actions and changes nothing."""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path
from typing import Any

import pytest
from helpers.server import close_all, run, serving

from ecarte.server import verify
from ecarte.server.client import ServerError, TableClient, create_table, fetch_json

pytestmark = pytest.mark.own_backends  # the server runs on the live backend

SPECS: list[dict[str, Any]] = [
    {"game": "ecarte", "seats": [{}, {}]},
    {"game": "ecarte", "variants": ["poule"], "seats": [{}, {"kind": "bot"}, {}]},
    {"game": "euchre", "seats": [{}, {"kind": "bot"}, {}, {"kind": "bot"}]},
    {
        "game": "ecarte",
        "variants": ["cercle"],
        "options": {"cercle": {"players": {"Ada": 50, "Blaise": 50}, "gallery": {"Cleo": 30}}},
        "seats": [{}, {}],
    },
]


async def _steps(clients: list[TableClient], rng: random.Random, count: int) -> None:
    """``count`` actions, each by the seat to act."""
    for _ in range(count):
        await asyncio.gather(*(c.wait(lambda c: c.view_event >= c.acked) for c in clients))
        ready = [c for c in clients if c.view is not None and c.view.legal]
        if not ready:
            return
        await ready[0].act(id=rng.choice(ready[0].view.legal).id)  # type: ignore[union-attr]
        top = max(c.acked for c in clients)
        await asyncio.gather(*(c.wait(lambda c, top=top: c.event >= top) for c in clients))


def _fail_next_commit(store: Any) -> None:
    """The store's next commit fails ("disk full"); those after it are the store's."""
    real = store.commit

    def broken(batch: Any) -> None:
        store.commit = real
        raise OSError("disk full")

    store.commit = broken


def test_a_restarted_server_resumes_every_table_where_it_stood(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.db")
    rng = random.Random(3)

    async def main() -> None:
        tables: list[tuple[dict[str, Any], list[str]]] = []
        before: dict[str, Any] = {}
        async with serving(db, snapshot_every=7) as (url, server):
            for spec in SPECS:
                table = await create_table(url, **spec)
                tokens = [s["token"] for s in table["seats"] if s["token"]]
                tables.append((table, tokens))
                clients = [await TableClient.connect(url, table["table"], t) for t in tokens]
                if spec.get("variants") == ["cercle"]:
                    backer = await TableClient.connect(
                        url, table["table"], table["backers"][0]["token"]
                    )
                    await backer.bet("Ada", 10, game=2)
                    await clients[1].bet("Blaise", 5, game=2)
                    await backer.close()
                await _steps(clients, rng, 23)
                before[table["table"]] = [(c.event, c.view) for c in clients]
                await close_all(clients)
            live = {t: server.tables.tables[t].game.to_json() for t in before}
        async with serving(db) as (url, server):
            for table, tokens in tables:
                tid = table["table"]
                assert server.tables.tables[tid].game.to_json() == live[tid]
                clients = [await TableClient.connect(url, tid, t) for t in tokens]
                assert [(c.event, c.view) for c in clients] == before[tid]
                await asyncio.gather(*(c.play(lambda v: rng.choice(v.legal).id) for c in clients))
                record = await fetch_json(f"{url}/api/tables/{tid}/record")
                assert verify(record).ok
                assert [e[0] for e in record["events"]] == list(range(1, len(record["events"]) + 1))
                await close_all(clients)

    run(main())


def test_a_reconnection_gets_exactly_the_events_it_missed() -> None:
    async def main() -> None:
        async with serving(max_missed=40) as (url, _):
            table = await create_table(url, game="euchre", seats=[{}, {}, {}, {}])
            tid = table["table"]
            clients = [await TableClient.connect(url, tid, s["token"]) for s in table["seats"]]
            rng = random.Random(5)
            await _steps(clients, rng, 3)
            away = clients[1]
            seen = away.event
            await away.close()
            others = [c for c in clients if c is not away]
            # the others play on while seat 1 is not to act
            for _ in range(30):
                if away.view.to_act == 1 or clients[0].view.to_act == 1:  # type: ignore[union-attr]
                    break
                await _steps(others, rng, 1)
            welcome = await away.reconnect()
            assert [e.n for e in welcome.missed] == list(range(seen + 1, welcome.event + 1))
            assert welcome.event == clients[0].event
            assert (
                away.view == (await TableClient.connect(url, tid, table["seats"][1]["token"])).view
            )
            # too far behind: the view alone
            late = await TableClient.connect(url, tid, table["seats"][1]["token"], last_event=0)
            if late.welcome.event > 40:  # type: ignore[union-attr]
                assert late.welcome.missed == []  # type: ignore[union-attr]
            await close_all([*clients, late])

    run(main())


def test_a_sequence_number_is_applied_once_across_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.db")

    async def main() -> None:
        async with serving(db) as (url, _):
            table = await create_table(url, game="euchre", seats=[{}, {}, {}, {}])
            tid = table["table"]
            clients = [await TableClient.connect(url, tid, s["token"]) for s in table["seats"]]
            mover = next(c for c in clients if c.view.legal)  # type: ignore[union-attr]
            token = next(s["token"] for s in table["seats"] if s["seat"] == mover.seat)
            first = await mover.act(id=mover.view.legal[0].id, seq=41)  # type: ignore[union-attr]
            await close_all(clients)
        async with serving(db) as (url, _):
            again = await TableClient.connect(url, tid, token)
            assert again.welcome.last_seq == 41  # type: ignore[union-attr]
            ack = await again.act("pass", seq=41)
            assert ack.duplicate and ack.event == first.event
            with pytest.raises(ServerError, match="replayed"):
                await again.act("pass", seq=40)
            await again.close()

    run(main())


def test_a_failed_commit_refuses_the_action_and_changes_nothing(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(str(tmp_path / "t.db")) as (url, server):
            table = await create_table(url, game="ecarte")
            tid = table["table"]
            seat = await TableClient.connect(url, tid, table["seats"][0]["token"])
            state = server.tables.tables[tid].game.to_json()
            stored = server.tables.tables[tid].committed
            _fail_next_commit(server.tables.store)
            legal = seat.view.legal[0].id  # type: ignore[union-attr]
            with pytest.raises(ServerError, match="storage: not saved, not applied: disk full"):
                await seat.act(id=legal)
            assert server.tables.tables[tid].game.to_json() == state
            ack = await seat.act(id=legal)
            assert ack.event == stored + 1 and not ack.duplicate
            await seat.close()

    run(main())


def test_the_wal_is_checkpointed_by_a_thread_not_by_a_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os
    import time

    from ecarte.server import store as store_module
    from ecarte.server.store import EventRow, TableUpdate

    monkeypatch.setattr(store_module, "_CHECKPOINT_SECONDS", 0.05)
    path = tmp_path / "tables.db"
    store = store_module.Store(path)
    try:
        # a commit never copies the WAL into the database itself (no fsync on the loop)
        assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
        row = store_module.TableRow(
            "t1", "ecarte", "{}", 7, "n", "c", 0.0, "playing", "x" * 300_000, 0, 0, None, [], {}
        )
        store.create(row, [])
        text = "y" * 1000
        events = [EventRow(n, 0, "seat:0", n, "act", "propose", text) for n in range(1, 200)]
        store.commit([(TableUpdate("t1", 199, "playing", None, None, 0), events)])
        # the thread copies it: the database file grows without another write
        deadline = time.monotonic() + 20
        while os.path.getsize(path) < 400_000 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert os.path.getsize(path) >= 400_000
        assert [e.n for e in store.events("t1")] == list(range(1, 200))
    finally:
        store.close()
    assert store._checkpointer is not None and not store._checkpointer.is_alive()


def test_a_rows_last_event_is_read_from_its_events(tmp_path: Path) -> None:
    """A commit writes a table's row only with a snapshot (its status and forfeit change
    only with one): the row read back, after a restart too, names the last event
    committed all the same."""
    from ecarte.server.store import EventRow, Store, TableRow, TableUpdate

    path = tmp_path / "tables.db"
    store = Store(path)
    row = TableRow("t1", "ecarte", "{}", 7, "n", "c", 0.0, "playing", "S0", 0, 0, None, [], {})
    store.create(row, [])
    events = [EventRow(n, 0, "seat:0", n, "act", "propose", "propose") for n in (1, 2, 3)]
    store.commit([(TableUpdate("t1", 3, "playing", None, None, 0), events)])
    store.close()
    store = Store(path)
    try:
        (back,) = store.unfinished()
        assert (back.last_n, back.snapshot, back.snapshot_n, back.status) == (3, "S0", 0, "playing")
        last = EventRow(4, 0, "seat:0", 4, "forfeit", "0", "seat 0 forfeits")
        store.commit([(TableUpdate("t1", 4, "over", 0, "S4", 4), [last])])
        done = store.table("t1")
        assert done is not None
        assert (done.last_n, done.snapshot, done.snapshot_n, done.status) == (4, "S4", 4, "over")
        assert done.forfeit == 0 and store.unfinished() == []
    finally:
        store.close()


def test_events_are_read_back_from_the_log_and_the_events_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A commit appends its events to the log, which is moved, sorted, to the events
    table every few thousand events: a table's events are read back in order from both,
    each once, and a store reopened after a crash (not closed) has them all."""
    from ecarte.server import store as store_module
    from ecarte.server.store import EventRow, Store, TableRow, TableUpdate

    monkeypatch.setattr(store_module, "_LOG_ROWS", 5)
    path = tmp_path / "tables.db"
    store = Store(path)
    for t in ("t1", "t2"):
        store.create(
            TableRow(t, "ecarte", "{}", 7, "n", "c", 0.0, "playing", "S0", 0, 0, None, [], {}), []
        )
    for n in range(1, 15):  # each commit: one event of each table; a move every third
        store.commit(
            [
                (
                    TableUpdate(t, n, "playing", None, None, 0),
                    [EventRow(n, 0, None, None, "act", t, t)],
                )
                for t in ("t1", "t2")
            ]
        )
        logged = store.db.execute("SELECT count(*) FROM log").fetchone()[0]
        moved = store.db.execute("SELECT count(*) FROM events").fetchone()[0]
        assert logged + moved == 2 * n and logged < 6
        for t in ("t1", "t2"):
            assert [(e.n, e.record) for e in store.events(t)] == [(k, t) for k in range(1, n + 1)]
            assert [e.n for e in store.events(t, n - 3, 2)] == list(range(max(n - 2, 1), n + 1))[:2]
    assert store.db.execute("SELECT count(*) FROM log").fetchone()[0] > 0
    crashed = Store(path)  # the first one never closed: as after a kill
    try:
        assert crashed.db.execute("SELECT count(*) FROM log").fetchone()[0] == 0
        for t in ("t1", "t2"):
            assert [e.n for e in crashed.events(t)] == list(range(1, 15))
            row = crashed.table(t)
            assert row is not None and row.last_n == 14
    finally:
        crashed.close()
        store.db.close()


async def _until(ws: Any, done: Any, timeout: float = 3) -> list[dict[str, Any]]:
    """The messages a raw connection reads until ``done(messages)`` (or ``timeout``)."""
    import json

    out: list[dict[str, Any]] = []
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(timeout):
            while not done(out):
                out.append(json.loads(await ws.recv()))
    return out


def _acked(messages: list[dict[str, Any]], seq: int) -> bool:
    return any(
        (m["type"] == "ack" and m["seq"] == seq) or (m["type"] == "event" and m["ack"] == seq)
        for m in messages
    )


def test_an_action_sent_right_after_hello_during_a_commit_is_acknowledged() -> None:
    """A hello while the table's last actions are being committed is answered after the
    commit; an action the connection sends before that welcome is acknowledged all the
    same, after the welcome."""
    import json

    from websockets.asyncio.client import connect

    async def main() -> None:
        async with serving(commit_delay=0.5) as (url, server):
            table = await create_table(url, game="ecarte", seats=[{}, {}])
            tid = table["table"]
            tokens = [s["token"] for s in table["seats"]]
            first = await TableClient.connect(url, tid, tokens[0])
            dealer = first.view.to_act  # type: ignore[union-attr]
            if dealer != 0:
                await first.close()
                first = await TableClient.connect(url, tid, tokens[dealer])
            pending = asyncio.create_task(first.act("packets 3-2"))  # committed in 0.3 s
            await _committing(server, tid)
            ws_url = url.replace("http://", "ws://") + f"/ws/{tid}"
            async with connect(ws_url) as ws:
                await ws.send(json.dumps({"type": "hello", "token": tokens[1 - dealer]}))
                await ws.send(json.dumps({"type": "act", "seq": 1, "action": "propose"}))
                got = await _until(ws, lambda out: _acked(out, 1))
            assert [m["type"] for m in got][:1] == ["welcome"], got
            assert got[0]["last_seq"] == 1 and got[0]["event"] == 2, got
            assert _acked(got, 1), got
            assert (await pending).event == 1
            await first.close()

    run(main())


async def _committing(server: Any, table: str) -> None:
    """Wait until the table holds an action not committed yet."""
    live = server.tables.tables[table]
    async with asyncio.timeout(5):
        while live.n == live.committed:
            await asyncio.sleep(0.005)


def test_a_hello_during_a_failed_commit_is_welcomed(tmp_path: Path) -> None:
    """A hello that waits for a commit is answered when that commit fails too: with the
    table as the store holds it."""
    import json

    from websockets.asyncio.client import connect

    async def main() -> None:
        async with serving(str(tmp_path / "t.db"), commit_delay=0.5) as (url, server):
            table = await create_table(url, game="ecarte")
            tid = table["table"]
            seat = await TableClient.connect(url, tid, table["seats"][0]["token"])
            stored = server.tables.tables[tid].committed
            _fail_next_commit(server.tables.store)
            pending = asyncio.create_task(seat.act(id=seat.view.legal[0].id))  # type: ignore[union-attr]
            await _committing(server, tid)
            ws_url = url.replace("http://", "ws://") + f"/ws/{tid}"
            async with connect(ws_url) as ws:
                await ws.send(json.dumps({"type": "hello"}))
                got = await _until(ws, lambda out: bool(out))
            assert [m["type"] for m in got] == ["welcome"], got
            assert got[0]["event"] == stored
            with pytest.raises(ServerError, match="storage"):
                await pending
            await seat.close()

    run(main())


def test_the_turn_clock_runs_on_after_a_failed_commit(tmp_path: Path) -> None:
    """A failed commit puts the table back as stored, its turn clock too: the seat to act
    that then does nothing still forfeits on time."""

    async def main() -> None:
        async with serving(str(tmp_path / "t.db")) as (url, server):
            table = await create_table(url, game="ecarte", turn_seconds=0.4, on_timeout="forfeit")
            tid = table["table"]
            seat = await TableClient.connect(url, tid, table["seats"][0]["token"])
            _fail_next_commit(server.tables.store)
            with pytest.raises(ServerError, match="storage"):
                await seat.act(id=seat.view.legal[0].id)  # type: ignore[union-attr]
            await seat.wait(lambda c: c.reveal is not None, timeout=3)
            assert seat.view is not None and seat.view.forfeit == 0
            await seat.close()

    run(main())


def test_an_action_sent_again_right_after_hello_is_acknowledged_after_the_welcome() -> None:
    """A client that reconnects while its action is being committed and sends it again
    (its ack was lost) gets its welcome first, then the ack of the duplicate: the
    answers come in the order of its messages."""
    import json

    from websockets.asyncio.client import connect

    async def main() -> None:
        async with serving(commit_delay=0.5) as (url, server):
            table = await create_table(url, game="ecarte")
            tid = table["table"]
            token = table["seats"][0]["token"]
            seat = await TableClient.connect(url, tid, token)
            legal = seat.view.legal[0].id  # type: ignore[union-attr]
            pending = asyncio.create_task(seat.act(id=legal, seq=7))
            await _committing(server, tid)
            ws_url = url.replace("http://", "ws://") + f"/ws/{tid}"
            async with connect(ws_url) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                await ws.send(json.dumps({"type": "act", "seq": 7, "id": legal}))
                got = await _until(ws, lambda out: len(out) >= 2)
            assert [m["type"] for m in got] == ["welcome", "ack"], got
            assert got[1]["duplicate"] and got[1]["event"] == (await pending).event
            await seat.close()

    run(main())


def test_a_committed_action_sent_again_right_after_hello_is_acknowledged_after_the_welcome() -> (
    None
):
    """The same when the action sent again was committed already but another seat's is
    being committed: the welcome, then the duplicate's ack."""
    import json

    from websockets.asyncio.client import connect

    async def main() -> None:
        async with serving(commit_delay=0.5) as (url, server):
            table = await create_table(url, game="ecarte", seats=[{}, {}])
            tid = table["table"]
            tokens = [s["token"] for s in table["seats"]]
            seats = [await TableClient.connect(url, tid, t) for t in tokens]
            dealer = seats[0].view.to_act  # type: ignore[union-attr]
            assert dealer is not None
            done = await seats[dealer].act("packets 3-2", seq=3)
            other = seats[1 - dealer]
            await other.wait(lambda c: c.event >= done.event)
            pending = asyncio.create_task(other.act("propose"))  # committed in 0.3 s
            await _committing(server, tid)
            ws_url = url.replace("http://", "ws://") + f"/ws/{tid}"
            async with connect(ws_url) as ws:
                await ws.send(json.dumps({"type": "hello", "token": tokens[dealer]}))
                await ws.send(json.dumps({"type": "act", "seq": 3, "action": "packets 3-2"}))
                got = await _until(ws, lambda out: len(out) >= 2)
            assert [m["type"] for m in got] == ["welcome", "ack"], got
            assert got[1]["duplicate"] and got[1]["event"] == done.event
            await pending
            await close_all(seats)

    run(main())


def test_a_sync_during_a_commit_gets_each_event_once() -> None:
    """A sync while the table's last action is being committed is answered after the
    commit: that action's event comes once, in the welcome's missed events."""
    from ecarte.server import messages as m

    async def main() -> None:
        async with serving(commit_delay=0.5) as (url, server):
            table = await create_table(url, game="ecarte", seats=[{}, {}])
            tid = table["table"]
            seats = [await TableClient.connect(url, tid, s["token"]) for s in table["seats"]]
            live = server.tables.tables[tid]
            dealer = seats[0].view.to_act  # type: ignore[union-attr]
            assert dealer is not None
            watcher = seats[1 - dealer]
            seen = watcher.event
            pending = asyncio.create_task(seats[dealer].act("packets 3-2"))
            while live.n == live.committed:  # the action, not committed yet
                await asyncio.sleep(0.01)
            watcher._send(m.Sync(last_event=seen))
            await asyncio.sleep(0.05)  # (the sync read)
            assert live.n > live.committed
            ack = await pending
            await watcher.wait(lambda c: c.welcome is not None and c.welcome.event == ack.event)
            await asyncio.sleep(0.1)
            assert [e.n for e in watcher.events] == list(range(seen + 1, ack.event + 1))
            assert [e.n for e in watcher.welcome.missed] == [ack.event]  # type: ignore[union-attr]
            await close_all(seats)

    run(main())


def test_a_hello_during_the_last_commit_gets_one_reveal() -> None:
    """A hello while a match's last event is being committed: the welcome, then the
    reveal, once."""
    import json

    from websockets.asyncio.client import connect

    async def main() -> None:
        async with serving(commit_delay=0.5) as (url, server):
            table = await create_table(url, game="ecarte", turn_seconds=0.1, on_timeout="forfeit")
            tid = table["table"]
            live = server.tables.tables[tid]
            while live.n == live.committed:  # the forfeit, not committed yet
                await asyncio.sleep(0.01)
            ws_url = url.replace("http://", "ws://") + f"/ws/{tid}"
            async with connect(ws_url) as ws:
                await ws.send(json.dumps({"type": "hello"}))
                got = await _until(ws, lambda out: len(out) >= 3, timeout=1.5)
            assert [m["type"] for m in got] == ["welcome", "reveal"], got

    run(main())


def test_a_commit_is_not_failed_by_moving_its_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Moving the log to the events table after a commit is not part of it: when the
    move fails (a full disk), the commit's events are written all the same and the commit
    does not fail (else the server would refuse, and never acknowledge, actions that are
    stored); the log is moved by a later commit."""
    import sqlite3

    from ecarte.server import store as store_module
    from ecarte.server.store import EventRow, Store, TableRow, TableUpdate

    monkeypatch.setattr(store_module, "_LOG_ROWS", 2)
    store = Store(tmp_path / "tables.db")
    try:
        row = TableRow("t1", "ecarte", "{}", 7, "n", "c", 0.0, "playing", "S0", 0, 0, None, [], {})
        store.create(row, [])
        real = store._move

        def full() -> None:
            raise sqlite3.OperationalError("database or disk is full")

        monkeypatch.setattr(store, "_move", full)
        for n in (1, 2, 3):
            event = EventRow(n, 0, "seat:0", n, "act", "propose", "propose")
            store.commit([(TableUpdate("t1", n, "playing", None, None, 0), [event])])
        monkeypatch.setattr(store, "_move", real)
        event = EventRow(4, 0, "seat:0", 4, "act", "propose", "propose")
        store.commit([(TableUpdate("t1", 4, "playing", None, None, 0), [event])])
        assert store.db.execute("SELECT count(*) FROM log").fetchone()[0] == 0
        assert [e.n for e in store.events("t1")] == [1, 2, 3, 4]
    finally:
        store.close()


def test_a_connection_gone_before_its_welcome_is_not_kept() -> None:
    """A connection that says hello while its table commits and goes before the commit
    (so before its welcome) is not kept among the table's connections."""
    import json

    from websockets.asyncio.client import connect

    async def main() -> None:
        async with serving(commit_delay=0.5) as (url, server):
            table = await create_table(url, game="ecarte")
            tid = table["table"]
            seat = await TableClient.connect(url, tid, table["seats"][0]["token"])
            live = server.tables.tables[tid]
            pending = asyncio.create_task(seat.act(id=seat.view.legal[0].id))  # type: ignore[union-attr]
            await _committing(server, tid)
            ws_url = url.replace("http://", "ws://") + f"/ws/{tid}"
            async with connect(ws_url) as ws:
                await ws.send(json.dumps({"type": "hello"}))
                await asyncio.sleep(0.05)
            while server.connections > 1:
                await asyncio.sleep(0.01)
            await pending
            await asyncio.sleep(0.05)
            assert len(live.subscribers) == 1
            await seat.close()
            await asyncio.sleep(0.05)
            assert not live.subscribers

    run(main())


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("snapshot", "{"),
        ("seed", "not a number"),
        ("seed", "1.5"),
        ("last_n", "x"),
        ("snapshot_n", "x"),
        ("forfeit", "x"),
        ("forfeit", 7),
        ("spec", "{"),
        ("game", "chess"),
    ],
)
def test_a_table_row_with_a_damaged_field_does_not_stop_the_others(
    tmp_path: Path, column: str, value: str
) -> None:
    """A table whose row has a field the server cannot read (a damaged saved game, a
    seed that is not a number, a damaged spec, a game it does not know) is left out,
    logged, when the server restarts: the others resume, and the damaged one is answered
    with an error."""
    import sqlite3

    db = str(tmp_path / "tables.db")

    async def main() -> None:
        async with serving(db) as (url, _):
            good = await create_table(url, game="ecarte")
            bad = await create_table(url, game="ecarte")
        with contextlib.closing(sqlite3.connect(db)) as conn:
            conn.execute(f"UPDATE tables SET {column}=? WHERE id=?", (value, bad["table"]))
            conn.commit()
        async with serving(db) as (url, server):
            assert set(server.tables.tables) == {good["table"]}
            seat = await TableClient.connect(url, good["table"], good["seats"][0]["token"])
            assert seat.view is not None and seat.view.legal
            await seat.close()
            with pytest.raises(ServerError, match=r"storage: table .* cannot be read"):
                await fetch_json(f"{url}/api/tables/{bad['table']}")
            with pytest.raises(ServerError, match=r"storage: table .* cannot be read"):
                await TableClient.connect(url, bad["table"], bad["seats"][0]["token"])

    run(main())


def test_a_table_the_store_fails_to_create_is_refused_and_leaves_nothing(tmp_path: Path) -> None:
    """When the store cannot write a new table, the request gets a ``storage`` error (as
    JSON) and nothing of that table goes on: no turn clock plays for it, no event of it is
    written. The next table is created as usual."""
    import sqlite3

    async def main() -> None:
        async with serving(str(tmp_path / "t.db")) as (url, server):
            store = server.tables.store
            real = store.create

            def broken(row: Any, events: Any) -> None:
                store.create = real
                raise sqlite3.OperationalError("disk I/O error")

            store.create = broken
            spec = {"game": "ecarte", "seats": [{}, {}], "turn_seconds": 0.01}
            with pytest.raises(ServerError, match="storage: the table was not created"):
                await create_table(url, **spec)
            assert server.tables.tables == {}
            table = await create_table(url, **spec)  # its clock runs out after the other's
            seat = await TableClient.connect(url, table["table"], table["seats"][0]["token"])
            await seat.wait(lambda c: any(e.kind == "timeout" for e in c.events))
            await seat.close()
            written = store.db.execute(
                "SELECT table_id FROM log UNION SELECT table_id FROM events"
            ).fetchall()
            assert written == [(table["table"],)]

    run(main())


@pytest.mark.parametrize(
    ("message", "reply"),
    [
        ({"type": "ping"}, "pong"),
        ("not json", "error"),
        ({"type": "act", "seq": 1, "action": "no such action"}, "error"),
        ({"type": "hello"}, "error"),
    ],
)
def test_a_reply_sent_right_after_hello_during_a_commit_comes_after_the_welcome(
    message: Any, reply: str
) -> None:
    """A connection whose welcome waits for a commit gets its other replies (a pong, an
    error) after that welcome, as its acks: the answers come in the order of its
    messages."""
    import json

    from websockets.asyncio.client import connect

    async def main() -> None:
        async with serving(commit_delay=0.5) as (url, server):
            table = await create_table(url, game="ecarte", seats=[{}, {}])
            tid = table["table"]
            tokens = [s["token"] for s in table["seats"]]
            first = await TableClient.connect(url, tid, tokens[0])
            dealer = first.view.to_act  # type: ignore[union-attr]
            if dealer != 0:
                await first.close()
                first = await TableClient.connect(url, tid, tokens[dealer])
            pending = asyncio.create_task(first.act("packets 3-2"))
            await _committing(server, tid)
            ws_url = url.replace("http://", "ws://") + f"/ws/{tid}"
            async with connect(ws_url) as ws:
                await ws.send(json.dumps({"type": "hello", "token": tokens[1 - dealer]}))
                await ws.send(message if isinstance(message, str) else json.dumps(message))
                got = await _until(ws, lambda out: len(out) >= 2)
            assert [m["type"] for m in got] == ["welcome", reply], got
            await pending
            await first.close()

    run(main())


_PREVIOUS_TABLES = """
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    spec TEXT NOT NULL,
    seed TEXT NOT NULL,
    nonce TEXT NOT NULL,
    commitment TEXT NOT NULL,
    created REAL NOT NULL,
    status TEXT NOT NULL,
    snapshot TEXT NOT NULL,
    snapshot_n INTEGER NOT NULL,
    last_n INTEGER NOT NULL,
    forfeit INTEGER
)"""
"""The table of tables as the previous version made it."""


def _as_made_by_the_previous_version(db: str) -> None:
    """Turn a database into one the previous version made: its table of tables (whose
    rows it keeps) and nothing it did not have."""
    import sqlite3

    with contextlib.closing(sqlite3.connect(db, isolation_level=None)) as conn:
        columns = ", ".join(line.split()[0] for line in _PREVIOUS_TABLES.splitlines()[2:-1])
        conn.executescript(
            f"""BEGIN;
            ALTER TABLE tables RENAME TO newer;
            {_PREVIOUS_TABLES};
            INSERT INTO tables SELECT {columns} FROM newer;
            DROP TABLE newer;
            CREATE INDEX IF NOT EXISTS tables_status ON tables (status);
            DROP TABLE IF EXISTS meta;
            COMMIT;"""
        )


def test_the_tables_an_address_opened_count_after_a_restart(tmp_path: Path) -> None:
    """``max_tables_per_address`` counts the resumed tables of the address that opened
    them (the store keeps a keyed hash of it, never the address), until they end."""
    import sqlite3

    db = str(tmp_path / "tables.db")

    async def main() -> None:
        async with serving(db, max_tables_per_address=2) as (url, _):
            bots = [{"kind": "bot"}, {"kind": "bot", "bot": "random"}]
            await create_table(url, game="ecarte", seats=bots)  # (over at once: not counted)
            first = await create_table(url, game="ecarte")
            await create_table(url, game="euchre")
        async with serving(db, max_tables_per_address=2) as (url, server):
            assert len(server.tables.tables) == 2
            with pytest.raises(ServerError, match="bad-table: this address has 2 tables being"):
                await create_table(url, game="ecarte")
            assert len(server.tables.tables) == 2
            seat = await TableClient.connect(url, first["table"], first["seats"][0]["token"])
            await seat.play(lambda v: v.legal[0].id)  # (the match over: room again)
            await seat.close()
            await create_table(url, game="ecarte")

    run(main())
    with contextlib.closing(sqlite3.connect(db)) as conn:
        stored = conn.execute("SELECT * FROM tables").fetchall()
        openers = conn.execute("SELECT status, opener FROM tables").fetchall()
    assert not any("127.0.0.1" in str(value) for row in stored for value in row)
    assert sorted(status for status, opener in openers if opener is not None) == ["playing"] * 2
    assert [opener for status, opener in openers if status == "over"] == [None, None]


def test_a_database_of_the_previous_version_opens_and_resumes(tmp_path: Path) -> None:
    """A database made before the store kept who opened a table opens: its tables resume
    (not counted against any address: nobody knows whose they are), and the tables
    opened since count after a restart."""
    db = str(tmp_path / "tables.db")

    async def main() -> None:
        async with serving(db) as (url, _):
            old = await create_table(url, game="ecarte")
            seat = await TableClient.connect(url, old["table"], old["seats"][0]["token"])
            await seat.act(id=(await seat.turn()).legal[0].id)
            event = seat.acked
            await seat.close()
        _as_made_by_the_previous_version(db)
        async with serving(db, max_tables_per_address=1) as (url, server):
            assert set(server.tables.tables) == {old["table"]}
            seat = await TableClient.connect(url, old["table"], old["seats"][0]["token"])
            assert seat.welcome is not None and seat.welcome.event >= event
            await seat.close()
            await create_table(url, game="ecarte")
        async with serving(db, max_tables_per_address=1) as (url, server):
            assert len(server.tables.tables) == 2
            with pytest.raises(ServerError, match="bad-table: this address has 1 table being"):
                await create_table(url, game="ecarte")

    run(main())


def test_a_finished_tables_answers_are_not_replayed_for_every_request() -> None:
    """A finished table is read back from the store once, then kept (a few hundred of
    them at most): asking for its info and record again does not replay its match."""

    async def main() -> None:
        async with serving() as (url, server):
            tables = server.tables
            rebuilt: list[str] = []
            real = tables._rebuild

            def counted(row: Any) -> Any:
                rebuilt.append(row.id)
                return real(row)

            tables._rebuild = counted
            bots = [{"kind": "bot"}, {"kind": "bot", "bot": "random"}]
            done = [(await create_table(url, game="ecarte", seats=bots))["table"] for _ in range(4)]
            assert not set(done) & set(tables.tables)  # (over at once: not held as played)
            answers = []
            for _ in range(3):
                for tid in done:
                    answers.append(await fetch_json(f"{url}/api/tables/{tid}"))
                    answers.append(await fetch_json(f"{url}/api/tables/{tid}/record"))
            assert answers[: 2 * len(done)] * 3 == answers
            assert len(rebuilt) <= len(done)
            assert all(verify(a).ok for a in answers[1::2])

            tables.finished_kept = 2  # the least recently asked for freed: at most 2 kept
            for _ in range(2):
                await create_table(url, game="ecarte", seats=bots)
            assert len(tables.finished) == 2 and done[0] not in tables.finished
            info = await fetch_json(f"{url}/api/tables/{done[0]}")
            assert info == answers[0] and len(tables.finished) <= 2

    run(main())
