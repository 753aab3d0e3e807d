"""Whole matches over real WebSockets on loopback: humans (scripted clients) and bots,
spectators, both games, the record verified at the end."""

from __future__ import annotations

import asyncio
import contextlib
import random

import pytest
from helpers.server import close_all, run, serving

from ecarte.server import verify
from ecarte.server.client import ServerError, TableClient, create_table, fetch_json

pytestmark = pytest.mark.own_backends  # the server runs on the live backend


async def _against_a_bot(url: str) -> tuple[str, TableClient]:
    """A new Écarté table of a human (seat 0) against the server's bot: its id and the
    human's connection."""
    table = await create_table(url, game="ecarte", seats=[{}, {"kind": "bot"}])
    return table["table"], await TableClient.connect(
        url, table["table"], table["seats"][0]["token"]
    )


def _first(view: object) -> int:
    return view.legal[0].id  # type: ignore[attr-defined,no-any-return]


@pytest.mark.parametrize(
    ("spec", "humans"),
    [
        ({"game": "ecarte"}, [0]),
        ({"game": "ecarte", "seats": [{"kind": "human"}, {"kind": "human"}]}, [0, 1]),
        ({"game": "ecarte", "variants": ["poule"], "seats": [{}, {}, {"kind": "bot"}]}, [0, 1]),
        ({"game": "euchre", "rules": "openspiel"}, [0]),
        (
            {
                "game": "euchre",
                "seats": [{}, {"kind": "bot", "bot": "random"}, {}, {"kind": "bot"}],
            },
            [0, 2],
        ),
    ],
)
def test_a_whole_match_with_a_spectator_and_a_verified_record(
    spec: dict[str, object], humans: list[int]
) -> None:
    async def main() -> None:
        async with serving() as (url, _):
            table = await create_table(url, **spec)
            tokens = {s["seat"]: s["token"] for s in table["seats"]}
            assert all(tokens[s] for s in humans) and len(table["commitment"]) == 64
            watcher = await TableClient.connect(url, table["table"])
            assert watcher.welcome is not None and watcher.welcome.role == "spectator"
            assert watcher.view is not None and watcher.view.hand == []
            rng = random.Random(1)
            seats = [await TableClient.connect(url, table["table"], tokens[s]) for s in humans]
            starts = [c.welcome.event for c in [watcher, *seats]]  # type: ignore[union-attr]
            finals = await asyncio.gather(
                *(c.play(lambda v: rng.choice(v.legal).id) for c in seats)
            )
            assert all(v.over for v in finals)
            await watcher.wait(lambda c: c.reveal is not None)
            assert watcher.view.over
            info = await fetch_json(f"{url}/api/tables/{table['table']}")
            assert info["status"] == "over" and info["seed"] == watcher.reveal.seed
            record = await fetch_json(f"{url}/api/tables/{table['table']}/record")
            verdict = verify(record)
            assert verdict.ok, verdict
            assert verdict.moves == len([e for e in record["events"] if e[2] == "act"])
            # every client saw every event after its welcome once, in order
            for c, first in zip([watcher, *seats], starts, strict=True):
                assert [e.n for e in c.events] == list(range(first + 1, c.event + 1))
                assert c.event == info["event"]
            await close_all([watcher, *seats])

    run(main())


def test_acting_in_a_finished_match_is_refused_and_memory_lets_it_go() -> None:
    async def main() -> None:
        async with serving() as (url, server):
            table = await create_table(url, game="euchre", rules="openspiel")
            tid = table["table"]
            seat = await TableClient.connect(url, tid, table["seats"][0]["token"])
            await seat.play(_first)
            with pytest.raises(ServerError, match="over: the match is over"):
                await seat.act("pass")
            assert tid in server.tables.tables  # watched
            await seat.close()
            await asyncio.sleep(0.1)
            assert tid not in server.tables.tables  # finished, watched by none: in the store
            assert (await fetch_json(f"{url}/api/tables/{tid}"))["status"] == "over"
            again = await TableClient.connect(url, tid, table["seats"][0]["token"])
            await again.wait(lambda c: c.reveal is not None)
            assert again.view is not None and again.view.over
            await again.close()

    run(main())


@pytest.mark.parametrize("ws", [None, "websockets-sansio"], ids=["direct", "plain-asgi"])
def test_the_patched_views_are_the_whole_views(ws: str | None) -> None:
    """Each event patches the view its connection was last sent: a client's view, every
    patch applied, is the whole view a new connection of its seat (or a new spectator)
    is sent, all along a match; on the server's direct WebSocket path and on plain ASGI
    (under another of uvicorn's WebSocket implementations) alike."""

    async def main() -> None:
        async with serving(ws=ws) as (url, _):
            table = await create_table(url, game="ecarte", seats=[{}, {}])
            tid = table["table"]
            tokens = [s["token"] for s in table["seats"]]
            seats = [await TableClient.connect(url, tid, t) for t in tokens]
            watcher = await TableClient.connect(url, tid)
            everyone = [*seats, watcher]
            rng = random.Random(3)
            compared = 0
            for step in range(1000):
                if seats[0].view is not None and seats[0].view.over:
                    break
                mover = next(c for c in seats if c.view is not None and c.view.legal)
                ack = await mover.act(id=rng.choice(mover.view.legal).id)  # type: ignore[union-attr]
                for c in everyone:
                    await c.wait(lambda c, n=ack.event: c.view_event >= n)
                if step % 5 == 0:
                    for c, token in zip(everyone, [*tokens, None], strict=True):
                        fresh = await TableClient.connect(url, tid, token)
                        assert fresh.view == c.view, (step, c.seat)
                        await fresh.close()
                        compared += 1
            assert seats[0].view is not None and seats[0].view.over and compared > 30
            await close_all(everyone)

    run(main())


def test_a_bot_seat_plays_from_its_messages_and_says_why_it_stops() -> None:
    """``play()`` acts from the messages themselves: a seat is played once at a time, an
    illegal choice is the server's refusal, a table where nothing happens times out, a
    closed connection says so."""

    async def main() -> None:
        async with serving() as (url, _):
            table = await create_table(url, game="ecarte", seats=[{}, {}])
            tid, tokens = table["table"], [s["token"] for s in table["seats"]]
            seats = [await TableClient.connect(url, tid, t) for t in tokens]
            waiting = seats[1 - seats[0].view.to_act]  # type: ignore[union-attr]
            with pytest.raises(TimeoutError, match="nothing happened"):
                await waiting.play(_first, timeout=0.3)  # the other seat never acts
            mover = seats[0] if waiting is seats[1] else seats[1]
            with pytest.raises(ServerError, match="illegal"):
                await mover.play(lambda view: 999)  # no action has this id
            both = asyncio.gather(*(c.play(_first) for c in seats))
            await asyncio.sleep(0)
            with pytest.raises(RuntimeError, match="played already"):
                await seats[0].play(_first)
            ends = await both
            assert all(v.over for v in ends) and ends[0].games_won == ends[1].games_won
            await close_all(seats)
            with pytest.raises(ServerError, match="closed"):
                await seats[0].play(_first)

    run(main())


def test_a_bot_that_fails_after_an_action_leaves_the_action_acknowledged() -> None:
    """A server bot that cannot move (its fallback failing too, as with a broken plugin)
    after a human's action: the action stands, committed and acknowledged, not answered
    with an error."""

    async def main() -> None:
        async with serving() as (url, server):
            tid, human = await _against_a_bot(url)
            tables = server.tables

            def fails(*args: object) -> None:
                raise RuntimeError("the bot's plugin failed")

            while human.view.to_act != 0:  # type: ignore[union-attr]
                await human.wait(lambda c: c.view.to_act == 0)  # type: ignore[union-attr]
            tables._bot_move = fails  # type: ignore[method-assign]
            ack = await human.act(id=_first(human.view), timeout=5)
            t = tables.tables[tid]
            assert not ack.duplicate and ack.event == t.n == t.committed
            assert [e.kind for e in tables.store.events(tid, ack.event - 1, 1)] == ["act"]
            assert not human.errors
            await human.close()

    run(main())


def test_a_seats_two_clients_do_not_lose_an_action_to_each_others_numbers() -> None:
    """A seat connected twice (two scripts, two devices): the second client's next number
    was taken by the first's action; its own action is sent again with a new number and
    applied, not answered as a duplicate of the other's. A number given on purpose (a
    resend) is still answered as it is."""

    async def main() -> None:
        async with serving() as (url, _):
            table = await create_table(url, game="ecarte", seats=[{}, {"kind": "bot"}])
            tid, token = table["table"], table["seats"][0]["token"]
            first = await TableClient.connect(url, tid, token)
            second = await TableClient.connect(url, tid, token)
            await first.turn()
            taken = await first.act(id=_first(first.view))
            assert (taken.seq, taken.duplicate) == (1, False)
            await second.wait(lambda c: c.event >= taken.event)
            view = await second.turn()
            ack = await second.act(id=_first(view))
            assert not ack.duplicate and ack.event > taken.event
            assert [e.actor for e in second.events if e.n == ack.event] == [0]
            again = await second.act(id=_first(view), seq=1)  # (a resend: answered as is)
            assert again.duplicate and again.event == taken.event
            await close_all([first, second])

    run(main())


def test_a_plugin_failing_on_a_bots_move_puts_the_table_back_as_stored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A plugin that fails as a server bot's move is applied, after the game moved on (a
    notification): the table is put back as stored, the human's action not yet committed
    is refused in words, and the table in memory is the one the store holds (no move the
    store does not have); the human then plays on."""
    from ecarte import PluginError
    from ecarte.server.games import ADAPTERS

    adapt = ADAPTERS["ecarte"]
    real = adapt.apply
    failures: list[int] = []  # (armed once the table is made)

    def apply(game: object, seat: int, record: str) -> None:
        real(game, seat, record)  # the engine moves, then a notification fails
        if seat == 1 and failures:
            failures.pop()
            raise PluginError("the action was applied, but plugin notifications failed")

    monkeypatch.setattr(adapt, "apply", apply)

    async def main() -> None:
        async with serving() as (url, server):
            tid, human = await _against_a_bot(url)
            tables = server.tables
            failures.append(1)
            while failures:
                view = await human.turn()
                try:
                    await human.act(id=_first(view), timeout=5)
                except ServerError as exc:
                    assert exc.code == "storage" and "a plugin failed" in exc.message
            t = tables.tables[tid]
            stored = tables._rebuild(tables.store.table(tid))
            assert t.n == t.committed and t.game.to_json() == stored.game.to_json()
            view = await human.turn()
            ack = await human.act(id=_first(view), timeout=5)
            assert not ack.duplicate
            await human.close()

    run(main())


def test_a_message_the_client_does_not_know_is_skipped() -> None:
    """A message of a type the client does not know (a newer server's) is skipped: the
    connection stays open and the seat plays on. One of a known type that it cannot read
    closes the connection, saying so."""

    async def main() -> None:
        async with serving() as (url, server):
            table = await create_table(url, game="ecarte")
            tid = table["table"]
            seat = await TableClient.connect(url, tid, table["seats"][0]["token"])
            (conn,) = server.tables.tables[tid].subscribers
            conn.push(b'{"type": "news", "text": "the club closes at midnight"}')
            view = await seat.turn()
            ack = await seat.act(id=view.legal[0].id)
            assert ack.event >= 1 and seat.closed is None
            conn.push(b'{"type": "pong", "at": 1}')
            await seat.wait(lambda c: c.closed is not None)
            assert "cannot read" in str(seat.closed)
            await seat.close()

    run(main())


def test_an_action_given_up_leaves_nothing_waiting_for_its_ack() -> None:
    """An action whose ack is not waited for any more (its timeout passed, or its task
    was cancelled) leaves nothing behind in the client: its late ack is taken as any
    other message, and the seat plays on."""

    async def main() -> None:
        async with serving(commit_delay=0.2) as (url, _):
            table = await create_table(url, game="ecarte")
            seat = await TableClient.connect(url, table["table"], table["seats"][0]["token"])
            view = await seat.turn()
            with pytest.raises(TimeoutError):
                await seat.act(id=view.legal[0].id, timeout=0)
            assert seat._waiting == {}
            await seat.wait(lambda c: c.acked >= 1)
            view = await seat.turn()
            task = asyncio.create_task(seat.act(id=view.legal[0].id))
            await asyncio.sleep(0)  # (sent)
            assert list(seat._waiting) == [2]
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            assert seat._waiting == {}
            await seat.close()

    run(main())


def test_a_connect_given_up_before_its_welcome_closes_its_connection() -> None:
    """A ``connect()`` cancelled (or timed out) before its welcome came closes the
    connection it opened: the caller has no client to close, and the server would keep
    it open until it is idle."""

    async def main() -> None:
        async with serving(commit_delay=0.5) as (url, server):
            table = await create_table(url, game="ecarte")
            tid = table["table"]
            token = table["seats"][0]["token"]
            seat = await TableClient.connect(url, tid, token)
            live = server.tables.tables[tid]
            acted = asyncio.create_task(seat.act(id=seat.view.legal[0].id))  # type: ignore[union-attr]
            while live.n == live.committed:  # the action, not committed yet
                await asyncio.sleep(0.005)
            late = asyncio.create_task(TableClient.connect(url, tid))
            while not live.welcoming:  # its hello read, its welcome held for the commit
                await asyncio.sleep(0.005)
            late.cancel()
            with pytest.raises(asyncio.CancelledError):
                await late
            async with asyncio.timeout(5):
                while server.connections > 1:
                    await asyncio.sleep(0.01)
            await acted
            await seat.close()

    run(main())


def test_a_connect_given_up_before_the_handshake_closes_its_socket() -> None:
    """The same before the WebSocket handshake was answered: the socket is closed."""

    async def main() -> None:
        ended = asyncio.Event()
        accepted = asyncio.Event()

        async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            accepted.set()
            with contextlib.suppress(ConnectionError):
                while await reader.read(1024):
                    pass
            ended.set()
            writer.close()

        server = await asyncio.start_server(silent, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        async with server:
            late = asyncio.create_task(TableClient.connect(f"http://127.0.0.1:{port}", "t"))
            await accepted.wait()
            late.cancel()
            with pytest.raises(asyncio.CancelledError):
                await late
            async with asyncio.timeout(5):
                await ended.wait()

    run(main())
