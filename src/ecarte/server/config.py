"""The server's settings (``ecarte serve`` options map to them one to one)."""

from __future__ import annotations

from attrs import frozen

__all__ = ["ServerConfig"]


@frozen(kw_only=True)
class ServerConfig:
    """How the server runs and what it allows.

    - ``database``: the SQLite file (``:memory:`` keeps nothing across restarts).
    - ``max_frame``: the largest message a client may send, in bytes; a larger one gets
      an error; one larger than ``16 * max_frame`` closes the connection (the WebSocket
      layer refuses it).
    - ``rate`` and ``burst``: each connection may send ``burst`` messages at once and
      ``rate`` per second after that; a message over the limit gets an error, and
      ``abuse_limit`` of them within ``abuse_seconds`` (from the first) close the
      connection (after that window the count starts again).
    - ``max_connections_per_address``: open WebSockets from one client address.
    - ``idle_seconds``: a connection that sends nothing for that long is closed (a
      ``ping`` keeps it open).
    - ``max_tables``: tables being played (or watched) the server holds at most (a new
      one is refused beyond); a finished table nobody watches stays in the store only.
    - ``max_missed``: the most events a reconnection replays (beyond, the welcome's view
      says where the table stands).
    - ``snapshot_every``: events between two snapshots of a table's save envelope.
    - ``queue_limit``: messages waiting to be sent to one connection before it is
      closed as too slow.
    - ``commit_delay``: seconds the group commit waits for more actions (0: the end of
      the event loop's current pass).
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
    max_missed: int = 500
    snapshot_every: int = 64
    queue_limit: int = 1024
    commit_delay: float = 0.0
