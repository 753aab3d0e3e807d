"""The server's settings (``ecarte serve`` options map to them one to one)."""

from __future__ import annotations

import math

from attrs import fields, frozen

from ecarte import ArgumentError

__all__ = ["MIN_FRAME", "ServerConfig"]

MIN_FRAME = 3072
"""The least ``max_frame``: the largest message the protocol allows (a bet or an action
with its longest text, 200 characters of four bytes, and its largest numbers) takes 881
bytes of compact JSON, and 2,490 as Python's ``json`` writes it by default (spaced, each
such character escaped in 12 bytes)."""

_AT_LEAST = {
    "max_frame": MIN_FRAME,
    "burst": 1,
    "abuse_limit": 1,
    "max_connections_per_address": 1,
    "max_tables": 1,
    "max_tables_per_address": 1,
    "max_missed": 0,
    "snapshot_every": 1,
    "queue_limit": 1,
}
"""The whole-number settings and their least value."""
_POSITIVE = ("rate", "abuse_seconds", "idle_seconds")
"""The settings in seconds (or per second) above 0; ``commit_delay`` may be 0."""


@frozen(kw_only=True)
class ServerConfig:
    """How the server runs and what it allows.

    - ``database``: the SQLite file (``:memory:`` keeps nothing across restarts).
    - ``max_frame``: the largest message a client may send, in bytes (at least
      :data:`MIN_FRAME`, which every message the protocol allows fits in); a larger one
      gets an error; one larger than ``16 * max_frame`` closes the connection (the
      WebSocket layer refuses it).
    - ``rate`` and ``burst``: each connection may send ``burst`` messages at once and
      ``rate`` per second after that; a message over the limit gets an error, and
      ``abuse_limit`` of them within ``abuse_seconds`` (from the first) close the
      connection (after that window the count starts again).
    - ``max_connections_per_address``: open WebSockets from one client address.
    - ``idle_seconds``: a connection that sends nothing for that long is closed (a
      ``ping`` keeps it open).
    - ``max_tables``: tables being played (or watched) the server holds at most (a new
      one is refused beyond); a finished table nobody watches stays in the store only.
    - ``max_tables_per_address``: tables being played that one client address opened,
      those resumed after a restart too (a new one from that address is refused beyond).
    - ``max_missed``: the most events a reconnection replays (beyond, the welcome's view
      says where the table stands).
    - ``snapshot_every``: events between two snapshots of a table's save envelope.
    - ``queue_limit``: messages waiting to be sent to one connection before it is
      closed as too slow.
    - ``commit_delay``: seconds the group commit waits for more actions (0: the end of
      the event loop's current pass).

    A value no server runs with (``burst=0``: no message is ever taken; ``rate=inf``:
    every limit is a finite number) raises :class:`~ecarte.ArgumentError` naming it.
    """

    database: str = "ecarte-server.db"
    max_frame: int = 4096
    rate: float = 20.0
    burst: int = 60
    abuse_limit: int = 50
    abuse_seconds: float = 20.0
    max_connections_per_address: int = 64
    idle_seconds: float = 300.0
    max_tables: int = 100_000
    max_tables_per_address: int = 1000
    max_missed: int = 500
    snapshot_every: int = 64
    queue_limit: int = 1024
    commit_delay: float = 0.0

    def __attrs_post_init__(self) -> None:
        for f in fields(type(self)):
            name, value = f.name, getattr(self, f.name)
            if name == "database":
                if not isinstance(value, str):
                    raise ArgumentError(f"database must be a path (a str), not {value!r}")
            elif name in _AT_LEAST:
                least = _AT_LEAST[name]
                if not isinstance(value, int) or isinstance(value, bool):
                    raise ArgumentError(f"{name} must be an int >= {least}, not {value!r}")
                if value < least and name == "max_frame":
                    raise ArgumentError(
                        f"{name} must be at least {least} bytes (the largest message a "
                        f"client may have to send), not {value}"
                    )
                if value < least:
                    raise ArgumentError(f"{name} must be an int >= {least}, not {value!r}")
            else:
                number = isinstance(value, int | float) and not isinstance(value, bool)
                bound = "> 0" if name in _POSITIVE else ">= 0"
                if number and not math.isfinite(value):
                    raise ArgumentError(f"{name} must be a finite number {bound}, not {value!r}")
                if not number or (value <= 0 if name in _POSITIVE else value < 0):
                    raise ArgumentError(f"{name} must be a number {bound}, not {value!r}")
