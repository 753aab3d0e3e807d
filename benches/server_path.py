"""The game server's action path in one process, without a network: from the bytes of a
client's frame to the bytes written to each connection, the store a SQLite file.

    python benches/server_path.py [--tables 300] [--batch 100] [--rounds 3] [--seed 1]
                                  [--profile FILE] [--digest] [--setup-only]

``--tables`` Écarté tables (two human seats, classic rules, each seed drawn from
``--seed``) are created and each seat says hello through the server's own code
(:func:`ecarte.server.app._take`, with the application's connection and the WebSocket
layer's direct path, :class:`ecarte.server.wire.TableSocketProtocol`, on a transport that
keeps what is written). Then every table is played to the end: each step hands the next
action of ``--batch`` tables (a masked text frame, as a client sends it, the action a
seeded random choice among the legal ones) to the protocol's frame reader, then lets the
event loop run its pass, where the group commit writes the batch and sends each
connection its event. Printed: the actions, the CPU time per action (process time,
medians of ``--rounds`` fresh runs), the bytes written in the play, and with
``--digest`` the SHA-256 of everything written to every connection in the play (the same
seeds and choices write the same bytes: a change of the server's internals that keeps its
messages keeps the digest).

``--profile FILE`` writes cProfile's statistics of one run's play; ``--setup-only``
stops before the play, so that an instruction count (``valgrind --tool=callgrind``) of
a run less that of a setup-only run is the play's. Nothing here is a timed test.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import cProfile
import functools
import gc
import hashlib
import os
import random
import statistics
import tempfile
import time
from typing import Any, ClassVar

from ecarte import Game
from ecarte.server import fair
from ecarte.server import messages as m
from ecarte.server import tables as tables_module
from ecarte.server.app import _GC_THRESHOLDS, Connection, _take
from ecarte.server.config import ServerConfig
from ecarte.server.store import Store
from ecarte.server.tables import Table, Tables
from ecarte.server.wire import Direct, TableSocketProtocol

try:
    from websockets.speedups import apply_mask
except ImportError:  # websockets built without its C extension
    from websockets.utils import apply_mask

_MASK = b"\x1f\x2e\x3d\x4c"


def frame(payload: bytes) -> bytes:
    """A client's masked text frame of ``payload``."""
    size = len(payload)
    head = bytes([0x81, 0x80 | size]) if size < 126 else bytes([0x81, 0xFE, *size.to_bytes(2)])
    return head + _MASK + apply_mask(payload, _MASK)


class _Secrets:
    """The ids and tokens of the tables, drawn from a seed (the reveals name their
    tables: the same seeds, the same bytes)."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def token_urlsafe(self, size: int) -> str:
        return base64.urlsafe_b64encode(self._rng.randbytes(size)).decode().rstrip("=")


class _Transport:
    """What the protocol writes to: each connection's bytes, counted (and hashed)."""

    def __init__(self, digest: bool) -> None:
        self.size = 0
        self.hash = hashlib.sha256() if digest else None

    def write(self, data: bytes) -> None:
        self.size += len(data)
        if self.hash is not None:
            self.hash.update(data)


def _protocol(transport: _Transport, largest: int) -> TableSocketProtocol:
    """The WebSocket layer of one connection past its handshake: its frame reader and
    its direct path's writer (uvicorn's parts that the action path never reaches are
    not made)."""
    p = TableSocketProtocol.__new__(TableSocketProtocol)
    p._listener = None
    p._framing = True
    p._buffer = b""
    p._largest = largest
    p.close_sent = False
    p.disconnected = False
    p._paused = False
    p._ended = False
    p.frames = []
    p.transport = transport  # type: ignore[assignment]
    p.queue = asyncio.Queue()
    p.read_paused = False
    return p


class _Socket:
    """The Starlette WebSocket a connection holds: the action path never reads it."""

    client = None
    scope: ClassVar[dict[str, Any]] = {}


class _Seat:
    """One seat's connection: the application's :class:`Connection` on the protocol."""

    def __init__(self, tables: Tables, table: Table, config: ServerConfig, digest: bool) -> None:
        self.transport = _Transport(digest)
        self.protocol = _protocol(self.transport, 16 * config.max_frame)
        self.conn = Connection(_Socket(), config)  # type: ignore[arg-type]
        self.conn.direct = Direct(self.protocol)
        self.conn.direct.listen(functools.partial(_take, self.conn, tables, table))


def _seeds(tables: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.getrandbits(64) for _ in range(tables)]


def _games(seeds: list[int], seed: int) -> list[list[tuple[int, bytes]]]:
    """Each table's actions, in order: the seat and its frame (a seeded random legal
    action of the game the table will play)."""
    rng = random.Random(seed)
    out = []
    for s in seeds:
        game = Game(seed=s)
        seqs = [0, 0]
        steps = []
        while not game.is_over:
            seat = game.to_act
            action = rng.choice(game.legal_action_ids())
            seqs[seat] += 1
            steps.append((seat, frame(m.encode(m.Act(seq=seqs[seat], id=action)))))
            game.apply(game.action_from_id(action), seat=seat)
        out.append(steps)
    return out


async def _run(
    tables: int, batch: int, seed: int, digest: bool, setup_only: bool, profile: str | None
) -> dict[str, Any]:
    seeds = _seeds(tables, seed)
    plays = _games(seeds, seed + 1)
    draws = iter(seeds)
    fair.draw = lambda: (next(draws), "0" * 32)  # type: ignore[assignment]
    tables_module.secrets = _Secrets(seed)  # type: ignore[assignment]
    with tempfile.TemporaryDirectory() as tmp:
        config = ServerConfig(database=os.path.join(tmp, "s.db"), rate=1e9, burst=10**9)
        store = Store(config.database)
        server = Tables(store, config)
        seats = []
        for _ in range(tables):
            created = server.create(m.CreateTable(game="ecarte", seats=[m.SeatSpec()] * 2))
            table = server.tables[created.table]
            pair = [_Seat(server, table, config, digest) for _ in range(2)]
            for seat, info in zip(pair, created.seats, strict=True):
                hello = m.encode(m.Hello(token=info.token))
                seat.protocol._read_frames(frame(hello))
            seats.append(pair)
        await asyncio.sleep(0)
        for pair in seats:  # (a welcome names its table, whose id is drawn anew)
            for s in pair:
                s.transport.size = 0
                s.transport.hash = hashlib.sha256() if digest else None
        gc.collect()
        gc.freeze()
        gc.set_threshold(*_GC_THRESHOLDS)
        actions = sum(len(p) for p in plays)
        cpu = 0.0
        if not setup_only:
            steps = [iter(p) for p in plays]
            live = list(range(tables))
            profiler = cProfile.Profile() if profile else None
            start = time.process_time()
            if profiler is not None:
                profiler.enable()
            while live:
                for k in range(0, len(live), batch):
                    for i in live[k : k + batch]:
                        step = next(steps[i], None)
                        if step is not None:
                            seats[i][step[0]].protocol._read_frames(step[1])
                    await asyncio.sleep(0)  # the loop's pass: the group commit
                live = [i for i in live if steps[i].__length_hint__() > 0]
            if profiler is not None:
                profiler.disable()
                profiler.dump_stats(profile)
            cpu = time.process_time() - start
            over = sum(t.over for t in server.tables.values())
            assert over == len(server.tables), "every table plays to its end"
            assert server.committed_events == actions
        written = sum(s.transport.size for p in seats for s in p)
        hashed = hashlib.sha256()
        if digest:
            for p in seats:
                for s in p:
                    assert s.transport.hash is not None
                    hashed.update(s.transport.hash.digest())
        store.close()
        gc.unfreeze()
    return {
        "actions": actions,
        "cpu": cpu,
        "written": written,
        "digest": hashed.hexdigest()[:16] if digest else "-",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", default=None)
    parser.add_argument("--digest", action="store_true")
    parser.add_argument("--setup-only", action="store_true")
    args = parser.parse_args()
    runs = []
    for r in range(1 if args.profile or args.setup_only else args.rounds):
        got = asyncio.run(
            _run(args.tables, args.batch, args.seed, args.digest, args.setup_only, args.profile)
        )
        runs.append(got)
        per = 1e6 * got["cpu"] / got["actions"] if got["actions"] else 0.0
        print(
            f"run {r + 1}: {got['actions']} actions, {per:.1f} µs of CPU an action, "
            f"{got['written']} bytes written, digest {got['digest']}",
            flush=True,
        )
    if len(runs) > 1:
        med = statistics.median(1e6 * g["cpu"] / g["actions"] for g in runs)
        print(f"median: {med:.1f} µs of CPU an action (load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
