"""The game server under load on loopback, against a bare Starlette WebSocket echo server.

    python benches/server_load.py [--tables 1000] [--clients 2] [--paced 200] [--seconds 20]

Three runs, each against a fresh ``ecarte serve`` process (its own SQLite file, WAL):

- ``full``: ``--tables`` Écarté tables (two human seats, classic rules) played to the end
  at once, every seat a bot client of :mod:`ecarte.server.client` (``--clients``
  processes share the seats); reports the durable actions per second (each committed
  before its ack), the p50 and p99 of the acknowledgement latency (send to ack), the
  errors, and the server's memory per table (its resident set once every table is open
  and every seat connected, less its size before, over the tables).
- ``echo``: the same number of WebSockets against a bare Starlette echo server on the
  same uvicorn settings, each sending a seat's event (a real one, with its view) and
  decoding its echo as the client decodes events, each connection as many times as its
  seat of the full run acted (the same work, the same tail of long matches); reports
  messages per second. The target: durable actions per second at least 0.7 of the echo's
  messages per second.
- ``paced``: ``--paced`` tables, each acting twice a second for ``--seconds``; reports
  p50 and p99 of the ack latency (the target: p99 under 50 ms).

Nothing here is a timed test: it prints numbers. Loopback only; every loop is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

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


async def _create(url: str, count: int) -> list[dict[str, Any]]:
    import httpx

    async with httpx.AsyncClient(timeout=120) as http:
        out = []
        for _ in range(count):
            r = await http.post(f"{url}/api/tables", json={"game": "ecarte", "seats": [{}, {}]})
            out.append(r.json())
        return out


async def _seat_bot(
    client: Any,
    latencies: list[float],
    counts: list[int],
    rng: random.Random,
    pace: float,
    until: float,
) -> int:
    """Play a seat (a random legal action each turn); the errors. Appends each action's
    ack latency to ``latencies``, and the seat's number of actions to ``counts``."""
    from ecarte.server.client import ServerError

    acted = 0
    errors = 0
    next_at = time.monotonic()
    while True:
        try:
            view = await client.turn(timeout=min(300.0, max(1.0, until - time.monotonic() + 1)))
        except TimeoutError:
            if time.monotonic() > until:  # the paced run is over: the partner stopped
                return errors
            raise
        if view.over or time.monotonic() > until:
            counts.append(acted)
            return errors
        if pace:
            next_at = max(next_at + pace, time.monotonic())
            await asyncio.sleep(next_at - time.monotonic())
        t0 = time.perf_counter()
        try:
            await client.act(id=rng.choice(view.legal).id, timeout=300)
        except ServerError as exc:
            errors += 1
            print(f"error: {exc}", file=sys.stderr)
            continue
        latencies.append(time.perf_counter() - t0)
        acted += 1


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
    from ecarte.server.client import TableClient

    clients = [
        await TableClient.connect(url, t["table"], s["token"], timeout=120)
        for t in tables
        for s in t["seats"]
    ]
    await _ready_then_go()
    until = time.monotonic() + (seconds if seconds else 1e9)
    latencies: list[float] = []
    counts: list[int] = []
    rng = random.Random(os.getpid())
    t0 = time.perf_counter()
    errors = await asyncio.gather(
        *(_seat_bot(c, latencies, counts, rng, pace, until) for c in clients),
        return_exceptions=True,
    )
    elapsed = time.perf_counter() - t0
    for c in clients:
        await c.close()
    failures = [e for e in errors if not isinstance(e, int)]
    return {
        "latencies": latencies,
        "elapsed": elapsed,
        "errors": sum(e for e in errors if isinstance(e, int)) + len(failures),
        "failures": [repr(f) for f in failures[:3]],
        "counts": counts,
    }


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
        "failures": [f for r in results for f in r["failures"]],
        "counts": [r["counts"] for r in results],
        "rss_at_start": rss,
        "server_cpu": cpu,
        "seconds": elapsed,
    }


def _event_frame() -> str:
    """A seat's event in the middle of an Écarté hand, as the server sends it."""
    from ecarte.server import messages as m
    from ecarte.server.games import ADAPTERS, EcarteAdapter

    adapter = ADAPTERS["ecarte"]
    assert isinstance(adapter, EcarteAdapter)
    game = adapter.create(m.CreateTable(), 7)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    view = adapter.views(game, (game.to_act,), None)[game.to_act]
    return m.encode(m.Event(12, 1, "act", "K♠", view, None, 3)).decode()


async def _echo(url: str, counts: list[int]) -> tuple[int, float]:
    from websockets.asyncio.client import connect

    from ecarte.server import messages as m
    from ecarte.server.client import _DECODER

    message = _event_frame()
    sockets = [await connect(url.replace("http", "ws") + "/ws/echo") for _ in counts]
    await _ready_then_go()
    t0 = time.perf_counter()

    async def one(ws: Any, rounds: int) -> int:
        for _ in range(rounds):
            await ws.send(message)
            assert isinstance(_DECODER.decode(await ws.recv()), m.Event)
        return rounds

    done = sum(await asyncio.gather(*(one(ws, n) for ws, n in zip(sockets, counts, strict=True))))
    elapsed = time.perf_counter() - t0
    for ws in sockets:
        await ws.close()
    return done, elapsed


def _echo_worker(args: tuple[str, list[int]]) -> tuple[int, float]:
    return asyncio.run(_echo(*args))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--paced", type=int, default=200, help="tables of the paced run (0: none)")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the paced run")
    args = parser.parse_args()
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    with tempfile.TemporaryDirectory() as tmp:
        server = _ecarte_server(str(Path(tmp) / "full.db"))
        before = server.rss()
        full = _run_tables(server.url, args.tables, args.clients, server)
        server.stop()
        per_table = (full["rss_at_start"] - before) / args.tables
        print(
            f"full: {args.tables} tables to the end, {full['actions']} durable actions in "
            f"{full['seconds']:.1f} s: {full['per_second']:.0f}/s, ack p50 {full['p50_ms']:.1f} ms "
            f"p99 {full['p99_ms']:.1f} ms, {full['errors']} errors {full['failures']}, "
            f"server memory {per_table / 1024:.0f} KiB per table, server CPU "
            f"{full['server_cpu']:.1f} s ({1e6 * full['server_cpu'] / full['actions']:.0f} µs "
            "per action)"
        )
        echo = Process([sys.executable, "-c", ECHO_APP])
        _gate()
        with _CONTEXT.Pool(args.clients) as pool:
            pending = pool.map_async(_echo_worker, [(echo.url, c) for c in full["counts"]])
            _, cpu = _start(args.clients, echo, pending)  # every connection open
            results = pending.get()
            echo_cpu = echo.cpu() - cpu
        echo.stop()
        messages = sum(n for n, _ in results)
        echoed = messages / max(t for _, t in results)
        action_cpu = full["server_cpu"] / full["actions"]
        message_cpu = echo_cpu / messages
        print(
            f"echo: {2 * args.tables} connections, each as many round trips as a seat of the "
            f"full run acted: {echoed:.0f} messages/s, echo server CPU {echo_cpu:.1f} s "
            f"({1e6 * message_cpu:.0f} µs per message)\n"
            f"ratio (wall clock): durable actions / echo messages = "
            f"{full['per_second'] / echoed:.2f} (target >= 0.7)\n"
            f"ratio (server CPU): echo server CPU per message / server CPU per durable "
            f"action = {message_cpu / action_cpu:.2f} (target >= 0.7)"
        )
        if args.paced:
            server = _ecarte_server(str(Path(tmp) / "paced.db"))
            paced = _run_tables(
                server.url, args.paced, args.clients, server, pace=1.0, seconds=args.seconds
            )
            server.stop()
            print(
                f"paced: {args.paced} tables at 2 actions/s for {args.seconds:g} s: "
                f"{paced['actions']} actions, ack p50 {paced['p50_ms']:.1f} ms p99 "
                f"{paced['p99_ms']:.1f} ms (target p99 < 50 ms), {paced['errors']} errors "
                f"{paced['failures']}"
            )

    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
