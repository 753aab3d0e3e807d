"""The game server under load on loopback, against a bare Starlette WebSocket echo server.

    python benches/server_load.py [--tables 1000] [--clients 2] [--paced 200] [--seconds 20]
                                  [--rounds 3] [--loop auto] [--floor]

Each round runs three times (five with ``--floor``), each against a fresh server process
(``ecarte serve`` with its own SQLite file in WAL mode, the echo server, the floor's),
one after the other; the summary gives the median of the rounds:

- ``full``: ``--tables`` Écarté tables (two human seats, classic rules) played to the end
  at once, every seat a :class:`ecarte.server.client.TableClient` playing a random legal
  action with ``play()`` (``--clients`` processes share the seats); reports
  the durable actions per second (each committed before its ack), the p50 and p99 of
  the acknowledgement latency (send to ack), the errors, the server's memory per table
  (its resident set once every table is open and every seat connected, less its size
  before, over the tables), and the CPU time of the server and of the clients per
  action.
- ``echo``: the same number of WebSockets against a bare Starlette echo server on the
  same uvicorn settings, each sending a seat's event (a real one, with its view's patch)
  and decoding and patching its echo as the bots do; a table's two connections take
  turns, one message in flight between them (as a table of the full run has one action
  in flight), for as many round trips as the table's seats acted; reports messages per
  second and the CPU times. The target: durable actions per second at least 0.7 of the
  echo's messages per second.
- ``floor`` (with ``--floor``): the echo's connections and round trips against a bare
  Starlette server that answers each message with an action's two sends, the message
  back to its sender (the actor's event with its ack) and the opponent's event to the
  other connection of the table, and nothing else (no game, no database), once on the
  game server's own WebSocket layer (its direct path), once through ASGI as the echo:
  the server's CPU per action that an action's frames alone cost.
- ``paced``: ``--paced`` tables, each acting twice a second for ``--seconds`` (each seat
  a table client's task: ``turn()``, a pause, ``act()``, its first action at a random
  moment of its first second); reports p50 and p99 of the ack
  latency (the target: p99 under 50 ms).

Both servers run on the same event loop (``--loop``: ``auto`` is uvloop when it is
installed, as uvicorn chooses, else asyncio's), which the first line names. The echo's
clients are the table client's own WebSocket connection, decoding and patching each
message as a table client does. Every line says the load average when its
run began: the machine's other work moves the wall-clock figures, the CPU figures much
less. Nothing here is a timed test: it prints numbers. Loopback only; every loop is
bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import msgspec

from ecarte.server import messages as m
from ecarte.server.client import TableClient, _Wire

_DECODE = msgspec.json.Decoder(m.ServerMessage).decode

_RUNNING = re.compile(r"running on (http://127\.0\.0\.1:\d+)")

ECHO_APP = """
import uvicorn
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute

async def echo(ws):
    await ws.accept()
    try:
        while True:
            await ws.send_text(await ws.receive_text())
    except Exception:
        pass

app = Starlette(routes=[WebSocketRoute("/ws/echo", echo)])
uvicorn.run(app, host="127.0.0.1", port=0, ws="websockets-sansio", ws_per_message_deflate=False,
            log_level="info", access_log=False, loop=LOOP)
"""


FLOOR_APP = """
import uvicorn
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute

OTHER = OTHER_BYTES
pairs = {}

async def floor(ws):
    await ws.accept()
    peers = pairs.setdefault(ws.path_params["pair"], [])
    if DIRECT:
        direct = ws.scope["extensions"][EXTENSION]
        peers.append(direct)

        def take(data):
            direct.send(data)
            for peer in peers:
                if peer is not direct:
                    peer.send(OTHER)

        direct.listen(take)
        while (await ws.receive())["type"] != "websocket.disconnect":
            pass
        return
    peers.append(ws)
    text = OTHER.decode()
    try:
        while True:
            data = await ws.receive_text()
            await ws.send_text(data)
            for peer in peers:
                if peer is not ws:
                    await peer.send_text(text)
    except Exception:
        pass

app = Starlette(routes=[WebSocketRoute("/ws/floor/{pair}", floor)])
if DIRECT:
    from ecarte.server.wire import EXTENSION, TableSocketProtocol as ws
else:
    ws = "websockets-sansio"
uvicorn.run(app, host="127.0.0.1", port=0, ws=ws, ws_per_message_deflate=False,
            log_level="info", access_log=False, loop=LOOP)
"""
"""The floor of an action's frames: a bare Starlette server that answers each message
received with two sends, the message back to its sender (the actor's event with its ack)
and the opponent's event (without) to the other connection of the pair, as the game
server does for an action; no game, no database. ``DIRECT``: on the game server's own
WebSocket layer (its direct path, :mod:`ecarte.server.wire`), else through ASGI as the
echo."""


class Process:
    """A server child process on a free port (its first log line naming the URL)."""

    def __init__(self, command: list[str]) -> None:
        self.proc = subprocess.Popen(
            command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True
        )
        ready = threading.Event()
        self.url = ""

        def read() -> None:
            assert self.proc.stderr is not None
            for line in self.proc.stderr:
                found = _RUNNING.search(line)
                if found:
                    self.url = found.group(1)
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(60) or not self.url:
            raise RuntimeError("the server did not start")

    def rss(self) -> int:
        """Resident memory in bytes."""
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        return 0

    def cpu(self) -> float:
        """CPU seconds used so far (user and system)."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(60)


def _loop(choice: str) -> str:
    """The event loop that uvicorn's ``choice`` runs on (``auto``: uvloop when it is
    installed); ``uvloop`` when it is not installed stops the bench, saying so."""
    if choice == "asyncio":
        return choice
    try:
        import uvloop  # noqa: F401
    except ImportError:
        if choice == "uvloop":
            raise SystemExit(
                "server_load.py: --loop uvloop: uvloop is not installed (pip install uvloop)"
            ) from None
        return "asyncio"
    return "uvloop"


LOOP = _loop("auto")
"""The event loop of the servers, the game server's and the echo's (``--loop``)."""


def _echo_server() -> Process:
    return Process([sys.executable, "-c", ECHO_APP.replace("LOOP", repr(LOOP))])


def _floor_server(direct: bool) -> Process:
    """The floor's server (:data:`FLOOR_APP`), on the game server's direct path or
    through ASGI."""
    source = FLOOR_APP.replace("LOOP", repr(LOOP)).replace("DIRECT", repr(direct))
    return Process([sys.executable, "-c", source.replace("OTHER_BYTES", repr(_event_frame(None)))])


def _ecarte_server(db: str) -> Process:
    return Process(
        [
            sys.executable,
            "-m",
            "ecarte.cli",
            "serve",
            "--loop",
            LOOP,
            "--port",
            "0",
            "--db",
            db,
            "--rate",
            "1e9",
            "--burst",
            "1000000000",
            "--max-connections",
            "1000000",
            "--max-tables",
            "1000000",
            "--max-tables-per-address",
            "1000000",
            "--log-level",
            "info",
        ]
    )


# ---------------------------------------------------------------- the clients
#
# The bots are ecarte.server.client's TableClient: each seat plays with
# TableClient.play (the action sent from the message that makes it the seat's turn);
# the paced seats with turn() and act(), one task each. The echo's clients use the same
# WebSocket connection (ecarte.server.client's, on websockets' sans-I/O protocol), and
# decode and patch each message as the table client does.


class _Seat(TableClient):
    """A seat played to the end by a random bot; the ack latency of each action (from
    choosing it, just before it is sent, to reading its ack) noted in ``run``."""

    run: _Run
    sent_at = 0.0
    acted = 0

    def choose(self, view: Any) -> int:
        self.sent_at = time.perf_counter()
        return int(self.run.rng.choice(view.legal).id)

    def _take(self, msg: m.ServerMessage) -> None:
        if isinstance(msg, m.Event) and msg.ack is not None:
            self.run.latencies.append(time.perf_counter() - self.sent_at)
            self.acted += 1
        elif isinstance(msg, m.Error):
            self.run.errors += 1
            print(f"error: {msg.code}: {msg.message}", file=sys.stderr)
        super()._take(msg)

    async def paced(self, pace: float, until: float) -> None:
        """Act at most once every ``pace`` seconds until ``until`` (monotonic), the first
        time after a random part of ``pace``: tables open at different moments, so their
        actions do not all arrive in the same instant of each second."""
        next_at = time.monotonic() + _PHASES.random() * pace - pace
        while True:
            try:
                view = await self.turn(timeout=max(until - time.monotonic(), 0.001))
            except TimeoutError:
                return  # the end of the run
            if view.over:
                return
            next_at = max(next_at + pace, time.monotonic())
            await asyncio.sleep(next_at - time.monotonic())
            if time.monotonic() > until:
                return
            await self.act(id=self.choose(view), timeout=120)


_PHASES = random.Random()  # each paced seat's phase within its second (any draw will do)


class _Run:
    """What the seats of a client process share: the random actions, the tallies."""

    def __init__(self, seats: int) -> None:
        self.rng = random.Random(os.getpid())
        self.latencies: list[float] = []
        self.errors = 0
        self.left = seats
        self.all_done = asyncio.get_running_loop().create_future()

    def finished(self) -> None:
        self.left -= 1
        if self.left == 0 and not self.all_done.done():
            self.all_done.set_result(None)


async def _create(url: str, count: int) -> list[dict[str, Any]]:
    import httpx

    async with httpx.AsyncClient(timeout=120) as http:
        out = []
        for _ in range(count):
            r = await http.post(f"{url}/api/tables", json={"game": "ecarte", "seats": [{}, {}]})
            out.append(r.json())
        return out


_CONTEXT = multiprocessing.get_context("fork")
_READY: Any = None
"""Each client process puts a word here once its connections are open (set before the
processes fork)."""
_GO: Any = None
"""Set once every client process is ready: they start together."""


def _gate() -> tuple[Any, Any]:
    global _READY, _GO
    _READY, _GO = _CONTEXT.Queue(), _CONTEXT.Event()
    return _READY, _GO


async def _ready_then_go() -> None:
    _READY.put(os.getpid())
    await asyncio.get_running_loop().run_in_executor(None, _GO.wait)


def _start(processes: int, server: Process, pending: Any) -> tuple[int, float]:
    """Wait until every client process is connected, read the server's memory and CPU,
    then let them go."""
    ready = 0
    while ready < processes:
        try:
            _READY.get(timeout=1)
            ready += 1
        except Exception:
            if pending.ready():  # a client process failed: its error comes with the results
                break
    rss, cpu = server.rss(), server.cpu()
    _GO.set()
    return rss, cpu


async def _play(
    url: str, tables: list[dict[str, Any]], pace: float, seconds: float
) -> dict[str, Any]:
    run = _Run(0)
    seats = [(t["table"], s["token"]) for t in tables for s in t["seats"]]
    clients: list[_Seat] = []
    for k in range(0, len(seats), 100):  # connected (and welcomed) a hundred at a time
        clients += await asyncio.gather(
            *(_Seat.connect(url, table, token, timeout=120) for table, token in seats[k : k + 100])
        )
    for c in clients:
        c.run = run
    done: list[Awaitable[Any]] = []

    def begin() -> None:
        until = time.monotonic() + seconds
        for c in clients:
            play = c.paced(pace, until) if pace else c.play(c.choose, timeout=600)
            done.append(asyncio.ensure_future(play))

    async def finish() -> None:
        await asyncio.gather(*done)

    elapsed, cpu = await _timed(clients, begin, finish)
    return {
        "latencies": run.latencies,
        "elapsed": elapsed,
        "errors": run.errors,
        "counts": [c.acted for c in clients],
        "client_cpu": cpu,
    }


async def _timed(
    sockets: list[Any], begin: Callable[[], None], finish: Callable[[], Awaitable[Any]]
) -> tuple[float, float]:
    """Once every client process is ready, ``begin()`` and await ``finish()``, then close
    the sockets: the wall-clock and CPU seconds of this process in between."""
    await _ready_then_go()
    cpu, t0 = time.process_time(), time.perf_counter()
    begin()
    await finish()
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - cpu
    for s in sockets:
        closing = s.close()
        if asyncio.iscoroutine(closing):
            await closing
    return elapsed, cpu


def _worker(args: tuple[str, list[dict[str, Any]], float, float]) -> dict[str, Any]:
    return asyncio.run(_play(*args))


def _run_tables(
    url: str,
    count: int,
    clients: int,
    server: Process,
    pace: float = 0.0,
    seconds: float = 0.0,
) -> dict[str, Any]:
    tables = asyncio.run(_create(url, count))
    shares = [tables[i::clients] for i in range(clients)]
    _gate()
    with _CONTEXT.Pool(clients) as pool:
        pending = pool.map_async(_worker, [(url, s, pace, seconds) for s in shares])
        rss, cpu = _start(clients, server, pending)  # every table open, every seat connected
        results = pending.get()
        cpu = server.cpu() - cpu
    latencies = sorted(x for r in results for x in r["latencies"])
    elapsed = max(r["elapsed"] for r in results)
    return {
        "actions": len(latencies),
        "per_second": len(latencies) / elapsed,
        "p50_ms": 1000 * latencies[len(latencies) // 2],
        "p99_ms": 1000 * latencies[int(len(latencies) * 0.99)],
        "errors": sum(r["errors"] for r in results),
        "counts": [r["counts"] for r in results],
        "client_cpu": sum(r["client_cpu"] for r in results),
        "rss_at_start": rss,
        "server_cpu": cpu,
        "seconds": elapsed,
    }


def _event_frame(ack: int | None = 3) -> bytes:
    """A seat's event in the middle of an Écarté hand, as the server sends it: the card
    played, with what it changed in the seat's view (the same for the echo's clients to
    decode and patch as the bots' do), and the ack of the seat's sequence number ``ack``
    (None: the event as the other seat gets it)."""
    from ecarte.server.games import ADAPTERS

    adapter = ADAPTERS["ecarte"]
    game = adapter.create(m.CreateTable(), 7)
    while game.phase.value != "play":
        game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    seat = game.to_act
    before = adapter.views(game, (seat,), None)[seat]
    action = game.legal_actions()[0]
    game.apply(action)
    game.apply(game.legal_actions()[0])
    after = adapter.views(game, (seat,), None)[seat]
    patch: Any = {"game": "ecarte", **{k: v for k, v in after.items() if before.get(k) != v}}
    return m.encode(m.Event(12, seat, "act", str(action), patch, None, ack))


class _Echo(_Wire):
    """An echo client: sends the event, decodes and patches what comes back. The two
    connections of a table's seats take turns, one round trip in flight between them
    (as a table has one action in flight), for as many round trips as the two seats of
    the full run acted. Against the floor's server, the event that comes back with its
    ack ends the round trip; the partner's event (without) is decoded and patched."""

    def __init__(self, url: str, message: bytes, view: Any, run: _Run) -> None:
        super().__init__(url)
        self.message = message
        self.run = run
        self.view = view
        self.partner = self
        self.left = [0]
        """The round trips the pair has still to make (shared with the partner)."""

    def go(self) -> None:
        if self.left[0]:
            self.send(self.message)
        else:
            self.run.finished()

    def received(self, data: bytes) -> None:
        msg = _DECODE(data)
        assert isinstance(msg, m.Event) and msg.patch is not None
        m.patched(self.view, msg.patch)  # as a table client patches its view (kept as it was)
        if msg.ack is not None:
            self.left[0] -= 1
            self.partner.go()


async def _echo(url: str, counts: list[int], path: str) -> tuple[int, float, float]:
    """``counts``: the actions of each seat of the full run, two by two a table's;
    ``path``: the echo's (``/ws/echo``) or the floor's (``/ws/floor``: a table's two
    connections at ``/ws/floor/{pair}``)."""
    from ecarte.server.games import ADAPTERS

    message = _event_frame()
    run = _Run(len(counts) // 2)
    adapter = ADAPTERS["ecarte"]
    view = msgspec.convert(
        adapter.views(adapter.create(m.CreateTable(), 7), (0,), None)[0], m.EcarteView
    )
    ws = url.replace("http://", "ws://") + path
    if path != "/ws/echo":
        ws += f"/{os.getpid()}-"
    sockets = [
        await _Echo.open(
            ws if path == "/ws/echo" else f"{ws}{k // 2}", 60, message=message, view=view, run=run
        )
        for k in range(len(counts))
    ]
    pairs = list(zip(sockets[::2], sockets[1::2], strict=True))
    for (a, b), rounds in zip(pairs, zip(counts[::2], counts[1::2], strict=True), strict=True):
        a.partner, b.partner = b, a
        b.left = a.left = [sum(rounds)]

    def begin() -> None:
        for a, _ in pairs:
            a.go()

    elapsed, cpu = await _timed(sockets, begin, lambda: asyncio.wait_for(run.all_done, 1800))
    return sum(counts), elapsed, cpu


def _echo_worker(args: tuple[str, list[int], str]) -> tuple[int, float, float]:
    return asyncio.run(_echo(*args))


def _load() -> str:
    return "load average {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())


def _round_trips(
    clients: int, counts: list[list[int]], server: Process, path: str
) -> tuple[float, float, str, str]:
    """The echo's (or a floor's) round trips, as many as the full run's seats acted:
    round trips a second, the server's CPU seconds per round trip, the load when the run
    began, and the clients' CPU (as printed)."""
    load = _load()
    _gate()
    with _CONTEXT.Pool(clients) as pool:
        pending = pool.map_async(_echo_worker, [(server.url, c, path) for c in counts])
        _, cpu = _start(clients, server, pending)  # every connection open
        results = pending.get()
        used = server.cpu() - cpu
    server.stop()
    trips = sum(n for n, _, _ in results)
    clients_cpu = sum(c for _, _, c in results) / trips
    said = f"clients' CPU {1e6 * clients_cpu:.0f} µs per round trip"
    return trips / max(t for _, t, _ in results), used / trips, load, said


def _full_and_echo(
    tmp: str, tables: int, clients: int, round_: int, floor: bool
) -> dict[str, float]:
    """One round: the tables played to the end, then the echo of the same messages (and
    the floor's, ``floor``)."""
    load = _load()
    server = _ecarte_server(str(Path(tmp) / f"full{round_}.db"))
    before = server.rss()
    full = _run_tables(server.url, tables, clients, server)
    server.stop()
    per_table = (full["rss_at_start"] - before) / tables
    action_cpu = full["server_cpu"] / full["actions"]
    print(
        f"  full ({load}): {tables} tables to the end, {full['actions']} durable actions in "
        f"{full['seconds']:.1f} s: {full['per_second']:.0f}/s, ack p50 {full['p50_ms']:.1f} ms "
        f"p99 {full['p99_ms']:.1f} ms, {full['errors']} errors, server memory "
        f"{per_table / 1024:.0f} KiB per table, server CPU {1e6 * action_cpu:.0f} µs per "
        f"action, clients' CPU {1e6 * full['client_cpu'] / full['actions']:.0f} µs per action"
    )
    echo = _round_trips(clients, full["counts"], _echo_server(), "/ws/echo")
    echoed, message_cpu, load, clients_cpu = echo
    print(
        f"  echo ({load}): {2 * tables} connections, a table's two taking turns, as many "
        f"round trips as its seats acted: {echoed:.0f} messages/s, echo server CPU "
        f"{1e6 * message_cpu:.0f} µs per message, {clients_cpu}"
    )
    floors = {}
    if floor:
        for direct in (False, True):
            server = _floor_server(direct)
            rate, cpu, load, clients_cpu = _round_trips(
                clients, full["counts"], server, "/ws/floor"
            )
            floors[direct] = cpu
            print(
                f"  floor on {'the server' if direct else 'ASGI'}'s WebSocket layer ({load}): "
                f"the same round trips, each message answered with two sends: {rate:.0f} "
                f"actions/s, server CPU {1e6 * cpu:.0f} µs per action, {clients_cpu}"
            )
    return {
        "actions": full["per_second"],
        "echoed": echoed,
        "wall": full["per_second"] / echoed,
        "cpu": message_cpu / action_cpu,
        "p50": full["p50_ms"],
        "p99": full["p99_ms"],
        "errors": full["errors"],
        "memory": per_table,
        "action_cpu": action_cpu,
        "message_cpu": message_cpu,
        **{("floor_direct" if d else "floor_asgi"): c for d, c in floors.items()},
    }


def _paced(tmp: str, tables: int, clients: int, seconds: float, round_: int) -> dict[str, float]:
    load = _load()
    server = _ecarte_server(str(Path(tmp) / f"paced{round_}.db"))
    paced = _run_tables(server.url, tables, clients, server, pace=1.0, seconds=seconds)
    server.stop()
    print(
        f"  paced ({load}): {tables} tables at 2 actions/s for {seconds:g} s: "
        f"{paced['actions']} actions, ack p50 {paced['p50_ms']:.1f} ms p99 "
        f"{paced['p99_ms']:.1f} ms, {paced['errors']} errors"
    )
    return {"p50": paced["p50_ms"], "p99": paced["p99_ms"], "errors": paced["errors"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--paced", type=int, default=200, help="tables of the paced run (0: none)")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the paced run")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the three runs")
    parser.add_argument(
        "--floor",
        action="store_true",
        help="also the floor of an action's frames (a server doing only an action's sends)",
    )
    parser.add_argument(
        "--loop",
        default="auto",
        choices=("auto", "asyncio", "uvloop"),
        help="the event loop of both servers (auto: uvloop when it is installed)",
    )
    args = parser.parse_args()
    global LOOP
    LOOP = _loop(args.loop)
    print(f"both servers on uvicorn's {LOOP} event loop")
    rounds: list[dict[str, float]] = []
    paced: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            print(f"round {r + 1}:")
            rounds.append(_full_and_echo(tmp, args.tables, args.clients, r, args.floor))
            if args.paced:
                paced.append(_paced(tmp, args.paced, args.clients, args.seconds, r))

    def med(runs: list[dict[str, float]], key: str) -> float:
        return statistics.median(x[key] for x in runs)

    print(
        f"medians of {args.rounds} rounds ({_load()} now):\n"
        f"  full: {med(rounds, 'actions'):.0f} durable actions/s, ack p50 "
        f"{med(rounds, 'p50'):.0f} ms p99 {med(rounds, 'p99'):.0f} ms, "
        f"{sum(x['errors'] for x in rounds):.0f} errors, "
        f"{med(rounds, 'memory') / 1024:.0f} KiB per table\n"
        f"  echo: {med(rounds, 'echoed'):.0f} messages/s\n"
        f"  ratio (wall clock): durable actions / echo messages = {med(rounds, 'wall'):.2f} "
        "(target >= 0.7)\n"
        f"  ratio (server CPU): echo server CPU per message / server CPU per durable action "
        f"= {med(rounds, 'cpu'):.2f} (target >= 0.7)"
    )
    if args.floor:
        asgi, direct = med(rounds, "floor_asgi"), med(rounds, "floor_direct")
        echo = med(rounds, "message_cpu")
        print(
            f"  server CPU: {1e6 * med(rounds, 'action_cpu'):.0f} µs per durable action, "
            f"{1e6 * echo:.0f} per echoed message; the floor of an action's frames (one "
            f"message received, two sent) {1e6 * direct:.0f} µs on the server's WebSocket "
            f"layer, {1e6 * asgi:.0f} through ASGI: the CPU ratio of a server doing nothing "
            f"but an action's frames, {echo / direct:.2f} on its layer, {echo / asgi:.2f} "
            "through ASGI"
        )
    if paced:
        print(
            f"  paced: ack p50 {med(paced, 'p50'):.1f} ms p99 {med(paced, 'p99'):.1f} ms "
            f"(target p99 < 50 ms), {sum(x['errors'] for x in paced):.0f} errors"
        )


if __name__ == "__main__":
    main()
