"""The game server under load on loopback, against a bare Starlette WebSocket echo server.

    python benches/server_load.py [--tables 1000] [--clients 2] [--paced 200] [--seconds 20]
                                  [--rounds 3]

Each round runs three times, each against a fresh server process (``ecarte serve`` with
its own SQLite file in WAL mode, or the echo server), one after the other; the summary
gives the median of the rounds:

- ``full``: ``--tables`` Écarté tables (two human seats, classic rules) played to the end
  at once, every seat a bot client (``--clients`` processes share the seats); reports
  the durable actions per second (each committed before its ack), the p50 and p99 of
  the acknowledgement latency (send to ack), the errors, the server's memory per table
  (its resident set once every table is open and every seat connected, less its size
  before, over the tables), and the CPU time of the server and of the clients per
  action.
- ``echo``: the same number of WebSockets against a bare Starlette echo server on the
  same uvicorn settings, each sending a seat's event (a real one, with its view's patch)
  and decoding and patching its echo as the bots do, each connection as many times as
  its seat of the full run acted; reports messages per second and the CPU times. The
  target: durable actions per second at least 0.7 of the echo's messages per second.
- ``paced``: ``--paced`` tables, each acting twice a second for ``--seconds``; reports
  p50 and p99 of the ack latency (the target: p99 under 50 ms).

The clients of both servers are the same lean ones: a protocol per socket, no task per
connection, frames written and read by hand, so that the machine's time goes to the
servers. Every line says the load average when its run began: the machine's other work
moves the wall-clock figures, the CPU figures much less. Nothing here is a timed test:
it prints numbers. Loopback only; every loop is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import multiprocessing
import os
import random
import re
import statistics
import struct
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
            log_level="info", access_log=False)
"""


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


def _ecarte_server(db: str) -> Process:
    return Process(
        [
            sys.executable,
            "-m",
            "ecarte.cli",
            "serve",
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
            "--log-level",
            "info",
        ]
    )


# ---------------------------------------------------------------- the clients
#
# Both runs use the same lean clients (so that the machine's time goes to the servers):
# one asyncio protocol per WebSocket, no task per connection, frames read and written
# by hand (a client's mask key is zero: the payload is sent as it is), each message
# decoded into the structs of ecarte.server.messages and each view patched, as
# ecarte.server.client does.


class _Socket(asyncio.Protocol):
    """A WebSocket client on loopback: :meth:`send` a text message; :meth:`received`
    is called with each one (pings answered, the closing frame noted)."""

    def __init__(self, path: str, opened: asyncio.Future[None]) -> None:
        self.path = path
        self.opened = opened
        self.transport: asyncio.Transport | None = None
        self.buffer = b""
        self.upgraded = False
        self.closed = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        key = base64.b64encode(os.urandom(16)).decode()
        transport.write(
            f"GET {self.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )

    def send(self, data: bytes, opcode: int = 0x81) -> None:
        size = len(data)
        if size < 126:
            header = struct.pack("!BB4x", opcode, 0x80 | size)
        else:
            header = struct.pack("!BBH4x", opcode, 0xFE, size)
        assert self.transport is not None
        self.transport.write(header + data)

    def data_received(self, data: bytes) -> None:
        buf = self.buffer + data if self.buffer else data
        if not self.upgraded:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                self.buffer = buf
                return
            if not buf.startswith(b"HTTP/1.1 101"):
                self.opened.set_exception(RuntimeError(buf[:end].decode()))
                return
            self.upgraded = True
            buf = buf[end + 4 :]
            self.opened.set_result(None)
        i, n = 0, len(buf)
        while n - i >= 2:
            op, size = buf[i] & 0x0F, buf[i + 1] & 0x7F
            j = i + 2
            if size == 126:
                if n - j < 2:
                    break
                size = int.from_bytes(buf[j : j + 2])
                j += 2
            elif size == 127:
                if n - j < 8:
                    break
                size = int.from_bytes(buf[j : j + 8])
                j += 8
            if n - j < size:
                break
            payload = buf[j : j + size]
            i = j + size
            if op == 1:
                self.received(payload)
            elif op == 9:
                self.send(payload, 0x8A)  # pong
            elif op == 8:
                self.closed = True
        self.buffer = buf[i:]

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if not self.opened.done():
            self.opened.set_exception(ConnectionError("closed before the upgrade"))

    def received(self, data: bytes) -> None:
        raise NotImplementedError


async def _open(url: str, sockets: list[Any]) -> None:
    """Connect each socket in turn, each once upgraded."""
    loop = asyncio.get_running_loop()
    host, port = url.removeprefix("http://").split(":")
    for sock in sockets:
        await loop.create_connection(lambda sock=sock: sock, host, int(port))
        await sock.opened


class _Seat(_Socket):
    """A bot client of a seat: a random legal action whenever its view has some and no
    action of its own waits for its ack; the ack's latency is noted."""

    def __init__(self, path: str, token: str, run: _Run) -> None:
        super().__init__(path, asyncio.get_running_loop().create_future())
        self.token = token
        self.run = run
        self.view: Any = None
        self.seq = 0
        self.waiting: int | None = None
        self.sent_at = 0.0
        self.next_at = 0.0
        self.acted = 0
        self.done = False
        self.timer: asyncio.TimerHandle | None = None

    def hello(self) -> None:
        self.send(m.encode(m.Hello(token=self.token)))

    def received(self, data: bytes) -> None:
        msg = m.decode_server(data)
        if isinstance(msg, m.Event):
            if msg.patch is not None:
                self.view = m.patched(self.view, msg.patch)
            if msg.ack is not None and msg.ack == self.waiting:
                self.run.latencies.append(time.perf_counter() - self.sent_at)
                self.waiting = None
                self.acted += 1
        elif isinstance(msg, m.Welcome):
            self.view, self.seq = msg.view, msg.last_seq
            return  # the run starts every seat together
        elif isinstance(msg, m.Error):
            self.run.errors += 1
            print(f"error: {msg.code}: {msg.message}", file=sys.stderr)
            if msg.seq == self.waiting:
                self.waiting = None
        self.turn()

    def turn(self) -> None:
        if self.done or self.waiting is not None or self.timer is not None:
            return
        if self.view.over or time.monotonic() > self.run.until:
            self.done = True
            self.run.finished(self)
            return
        if not self.view.legal:
            return
        if self.run.pace:
            self.next_at = max(self.next_at + self.run.pace, time.monotonic())
            loop = asyncio.get_running_loop()
            self.timer = loop.call_at(loop.time() + self.next_at - time.monotonic(), self.act)
        else:
            self.act()

    def act(self) -> None:
        self.timer = None
        if time.monotonic() > self.run.until:
            self.turn()
            return
        self.seq += 1
        self.waiting = self.seq
        action = self.run.rng.choice(self.view.legal).id
        self.sent_at = time.perf_counter()
        self.send(m.encode(m.Act(seq=self.seq, id=action)))


class _Run:
    """What the seats of a client process share: the pace, the end, the tallies."""

    def __init__(self, seats: int, pace: float, seconds: float) -> None:
        self.pace = pace
        self.seconds = seconds
        self.until = 1e18
        self.rng = random.Random(os.getpid())
        self.latencies: list[float] = []
        self.errors = 0
        self.left = seats
        self.all_done = asyncio.get_running_loop().create_future()

    def finished(self, client: _Socket) -> None:
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
    seats = [(t["table"], s["token"]) for t in tables for s in t["seats"]]
    run = _Run(len(seats), pace, seconds)
    clients = [_Seat(f"/ws/{table}", token, run) for table, token in seats]
    await _open(url, clients)
    for c in clients:
        c.hello()
    for _ in range(2400):  # every welcome, within two minutes
        if all(c.view is not None for c in clients):
            break
        await asyncio.sleep(0.05)
    else:
        raise TimeoutError("some seats were not welcomed")

    def begin() -> None:
        run.until = time.monotonic() + (seconds if seconds else 1e9)
        for c in clients:
            c.turn()

    async def finish() -> None:
        if seconds:  # paced: each seat stops acting then; the acks in flight come back
            await asyncio.sleep(seconds)
            for _ in range(100):
                if all(c.waiting is None for c in clients):
                    break
                await asyncio.sleep(0.05)
        else:
            await asyncio.wait_for(run.all_done, 1800)

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
        if s.transport is not None:
            s.transport.close()
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


def _event_frame() -> bytes:
    """A seat's event in the middle of an Écarté hand, as the server sends it: the card
    played, with what it changed in the seat's view (the same for the echo's clients to
    decode and patch as the bots' do)."""
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
    patch = {"game": "ecarte", **{k: v for k, v in after.items() if before.get(k) != v}}
    return m.encode(m.Event(12, seat, "act", str(action), patch, None, 3))


class _Echo(_Socket):
    """An echo client: sends the event, decodes and patches what comes back, again for
    as many rounds as its seat of the full run acted."""

    def __init__(self, path: str, rounds: int, message: bytes, view: Any, run: _Run) -> None:
        super().__init__(path, asyncio.get_running_loop().create_future())
        self.left = rounds
        self.message = message
        self.run = run
        self.view = view

    def go(self) -> None:
        if self.left:
            self.send(self.message)
        else:
            self.run.finished(self)

    def received(self, data: bytes) -> None:
        msg = m.decode_server(data)
        assert isinstance(msg, m.Event) and msg.patch is not None
        m.patched(self.view, msg.patch)  # as a bot patches its view (kept as it was)
        self.left -= 1
        self.go()


async def _echo(url: str, counts: list[int]) -> tuple[int, float, float]:
    from ecarte.server.games import ADAPTERS

    message = _event_frame()
    run = _Run(len(counts), 0.0, 0.0)
    adapter = ADAPTERS["ecarte"]
    view = msgspec.convert(
        adapter.views(adapter.create(m.CreateTable(), 7), (0,), None)[0], m.EcarteView
    )
    sockets = [_Echo("/ws/echo", n, message, view, run) for n in counts]
    await _open(url, sockets)

    def begin() -> None:
        for s in sockets:
            s.go()

    elapsed, cpu = await _timed(sockets, begin, lambda: asyncio.wait_for(run.all_done, 1800))
    return sum(counts), elapsed, cpu


def _echo_worker(args: tuple[str, list[int]]) -> tuple[int, float, float]:
    return asyncio.run(_echo(*args))


def _load() -> str:
    return "load average {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())


def _full_and_echo(tmp: str, tables: int, clients: int, round_: int) -> dict[str, float]:
    """One round: the tables played to the end, then the echo of the same messages."""
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
    load = _load()
    echo = Process([sys.executable, "-c", ECHO_APP])
    _gate()
    with _CONTEXT.Pool(clients) as pool:
        pending = pool.map_async(_echo_worker, [(echo.url, c) for c in full["counts"]])
        _, cpu = _start(clients, echo, pending)  # every connection open
        results = pending.get()
        echo_cpu = echo.cpu() - cpu
    echo.stop()
    messages = sum(n for n, _, _ in results)
    echoed = messages / max(t for _, t, _ in results)
    message_cpu = echo_cpu / messages
    print(
        f"  echo ({load}): {2 * tables} connections, each as many round trips as a seat of "
        f"the full run acted: {echoed:.0f} messages/s, echo server CPU {1e6 * message_cpu:.0f} "
        f"µs per message, clients' CPU {1e6 * sum(c for _, _, c in results) / messages:.0f} "
        "µs per message"
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
    args = parser.parse_args()
    rounds: list[dict[str, float]] = []
    paced: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            print(f"round {r + 1}:")
            rounds.append(_full_and_echo(tmp, args.tables, args.clients, r))
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
    if paced:
        print(
            f"  paced: ack p50 {med(paced, 'p50'):.1f} ms p99 {med(paced, 'p99'):.1f} ms "
            f"(target p99 < 50 ms), {sum(x['errors'] for x in paced):.0f} errors"
        )


if __name__ == "__main__":
    main()
