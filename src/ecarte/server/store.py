"""The server's durable state: one SQLite database in WAL mode (``synchronous=NORMAL``,
which a killed process survives), written before any reply that depends on it.

A table is its row (game, options, seed, nonce, commitment, status, a snapshot: the
engine's save envelope at some event, and while it is played its opener: a keyed hash
of the client address that opened it, never the address), its seats and backers (the
SHA-256 of their tokens, never the tokens), and its numbered events: every accepted
action, bet, timeout and forfeit, with the client's sequence number. A table is rebuilt by
reading its snapshot and applying the events after it.

The events of a commit are appended to a log (a table in the order of the commits: its
rows fill its last page, where the events of many tables, kept by table, would each
rewrite a page of their own), then moved, a few thousand at a time and sorted, to the
events table, where a table's events are read by number: every read reads both.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import logging
import sqlite3
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from attrs import define, frozen

__all__ = ["EventRow", "SeatRow", "Store", "TableRow"]

log = logging.getLogger("ecarte.server")

_CHECKPOINT_SECONDS = 0.5
"""How often the checkpoint thread copies the WAL into the database."""

_EVENT_COLUMNS = """
    table_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER,
    who TEXT,
    seq INTEGER,
    kind TEXT NOT NULL,
    record TEXT NOT NULL,
    text TEXT NOT NULL"""
"""The columns of an event, in the events table and in the log."""

_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS tables (
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
    forfeit INTEGER,
    opener BLOB
);
CREATE TABLE IF NOT EXISTS meta (
    name TEXT PRIMARY KEY,
    value BLOB NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    bot TEXT,
    name TEXT,
    token_hash BLOB,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS backers (
    table_id TEXT NOT NULL,
    name TEXT NOT NULL,
    token_hash BLOB NOT NULL,
    PRIMARY KEY (table_id, name)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS events ({_EVENT_COLUMNS},
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS log (id INTEGER PRIMARY KEY,{_EVENT_COLUMNS}
);
CREATE INDEX IF NOT EXISTS tables_status ON tables (status);
INSERT OR IGNORE INTO meta VALUES ('address_key', randomblob(32));
"""

_COLUMNS_ADDED = (("tables", "opener", "BLOB"),)
"""The columns a database made by an earlier version lacks: added when it opens."""

_LOG_ROWS = 8192
"""How many events the log holds before they are moved to the events table."""

_LOG = "INSERT INTO log (table_id, n, seat, who, seq, kind, record, text) VALUES (?,?,?,?,?,?,?,?)"
_MOVE = (
    "INSERT INTO events SELECT table_id, n, seat, who, seq, kind, record, text FROM log "
    "ORDER BY table_id, n"
)
_EVENTS = (
    "SELECT n, seat, who, seq, kind, record, text FROM events WHERE table_id=? AND n>? "
    "UNION ALL SELECT n, seat, who, seq, kind, record, text FROM log WHERE table_id=? AND n>? "
    "ORDER BY n LIMIT ?"
)
_LAST = (
    "SELECT max(n) FROM (SELECT max(n) AS n FROM events WHERE table_id=? "
    "UNION ALL SELECT max(n) FROM log WHERE table_id=?)"
)


@frozen
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    name: str | None
    token_hash: bytes | None


class EventRow(NamedTuple):
    """One event of a table: ``who`` and ``seq`` identify the client message that made
    it (None for bots and the clock). A named tuple: one is made for every action."""

    n: int
    seat: int | None
    who: str | None
    seq: int | None
    kind: str
    record: str
    text: str


@define
class TableRow:
    id: str
    game: str
    spec: str
    seed: int
    nonce: str
    commitment: str
    created: float
    status: str
    snapshot: str
    snapshot_n: int
    last_n: int
    forfeit: int | None
    seats: list[SeatRow]
    backers: dict[str, bytes]
    opener: bytes | None = None
    """The keyed hash of the address that opened the table (:meth:`Store.opener`), while
    it is played (None: over, or opened before the store kept it)."""


class TableUpdate(NamedTuple):
    """What a commit writes of a table: its last event, status and forfeit, and its
    snapshot (None: none now; then the row is not written)."""

    id: str
    last_n: int
    status: str
    forfeit: int | None
    snapshot: str | None
    snapshot_n: int


class Store:
    """The database. Every method commits before it returns (:meth:`commit` writes many
    tables' events in one transaction: the server's group commit)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA busy_timeout=5000")
        self._migrate()
        self.db.executescript(_SCHEMA)
        (self._address_key,) = self.db.execute(
            "SELECT value FROM meta WHERE name='address_key'"
        ).fetchone()
        self._logged = 0
        self._move()  # what the log held when the server stopped
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.path != ":memory:" and not self.path.startswith("file:"):
            # The WAL is copied into the database (with its fsyncs) by a thread of its own,
            # not by whichever commit crosses the threshold: a commit never waits for it.
            self.db.execute("PRAGMA wal_autocheckpoint=0")
            self._checkpointer = threading.Thread(
                target=self._checkpoints, name="ecarte-checkpoint", daemon=True
            )
            self._checkpointer.start()

    def _migrate(self) -> None:
        """Add the columns a database made by an earlier version lacks (its rows get
        NULL: an earlier table has no opener)."""
        for table, column, kind in _COLUMNS_ADDED:
            have = {r[1] for r in self.db.execute(f"PRAGMA table_info({table})")}
            if have and column not in have:
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

    def opener(self, address: str) -> bytes:
        """What the store keeps of a client address: its HMAC-SHA256 under this
        database's own random key (the same address gives the same hash across restarts;
        the hash alone does not give the address back)."""
        return hmac.new(self._address_key, address.encode(), hashlib.sha256).digest()

    def _checkpoints(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA busy_timeout=5000")
            while not self._stop.wait(_CHECKPOINT_SECONDS):
                with contextlib.suppress(sqlite3.Error):
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    def close(self) -> None:
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join()
        try:
            self._move()
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            self.db.close()

    def create(self, row: TableRow, events: Sequence[EventRow]) -> None:
        """A new table with its seats, backers and first events (bots that act first)."""
        db = self.db
        db.execute("BEGIN")
        try:
            db.execute(
                "INSERT INTO tables (id, game, spec, seed, nonce, commitment, created, "
                "status, snapshot, snapshot_n, last_n, forfeit, opener) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    row.id,
                    row.game,
                    row.spec,
                    str(row.seed),
                    row.nonce,
                    row.commitment,
                    row.created,
                    row.status,
                    row.snapshot,
                    row.snapshot_n,
                    row.last_n,
                    row.forfeit,
                    None if row.status == "over" else row.opener,
                ),
            )
            db.executemany(
                "INSERT INTO seats VALUES (?,?,?,?,?,?)",
                [(row.id, s.seat, s.kind, s.bot, s.name, s.token_hash) for s in row.seats],
            )
            db.executemany(
                "INSERT INTO backers VALUES (?,?,?)",
                [(row.id, name, h) for name, h in row.backers.items()],
            )
            self._events(row.id, events)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def _events(self, table: str, events: Iterable[EventRow]) -> None:
        self.db.executemany(
            "INSERT INTO events VALUES (?,?,?,?,?,?,?,?)",
            [(table, e.n, e.seat, e.who, e.seq, e.kind, e.record, e.text) for e in events],
        )

    def commit(self, batch: Sequence[tuple[TableUpdate, Sequence[EventRow]]]) -> None:
        """Write the events of several tables in one transaction (one statement for all
        of them), and the rows of those with a snapshot (a table's status and forfeit
        change only with one: the server snapshots a finished table; a finished table's
        opener is forgotten). A row's ``last_n`` is written with its snapshot only:
        reading a row takes its last event's number from the events."""
        db = self.db
        events = [(update.id, *e) for update, rows in batch for e in rows]  # (the log's columns)
        snapshots = [
            (u.last_n, u.status, u.forfeit, u.snapshot, u.snapshot_n, u.status, u.id)
            for u, _ in batch
            if u.snapshot is not None
        ]
        db.execute("BEGIN")
        try:
            db.executemany(_LOG, events)
            if snapshots:
                db.executemany(
                    "UPDATE tables SET last_n=?, status=?, forfeit=?, snapshot=?, "
                    "snapshot_n=?, opener=CASE WHEN ?='over' THEN NULL ELSE opener END "
                    "WHERE id=?",
                    snapshots,
                )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        self._logged += len(events)
        if self._logged >= _LOG_ROWS:
            # (the events are committed: a move that fails leaves them in the log, read
            # all the same, and a later commit moves them)
            with contextlib.suppress(sqlite3.Error):
                self._move()

    def _move(self) -> None:
        """Move the log's events to the events table, sorted by table and number (in
        one transaction: each event is in one of the two at every moment)."""
        db = self.db
        db.execute("BEGIN")
        try:
            db.execute(_MOVE)
            db.execute("DELETE FROM log")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        self._logged = 0

    # ---------------------------------------------------------------- reading

    def table(self, table_id: str) -> TableRow | None:
        row = self.db.execute("SELECT * FROM tables WHERE id=?", (table_id,)).fetchone()
        return None if row is None else self._row(row)

    def unfinished(self) -> list[TableRow]:
        """Every table not over; a row that cannot be read (a damaged field) is logged
        and left out: the others are served all the same."""
        rows = self.db.execute("SELECT * FROM tables WHERE status != 'over'").fetchall()
        found = []
        for r in rows:
            try:
                found.append(self._row(r))
            except Exception as exc:
                log.error(
                    "table not resumed",
                    extra={"fields": {"table": str(r[0]), "error": repr(exc)}},
                )
        return found

    def count(self) -> int:
        (n,) = self.db.execute("SELECT count(*) FROM tables").fetchone()
        return int(n)

    def _row(self, r: Sequence[Any]) -> TableRow:
        table_id = r[0]
        seats = [
            SeatRow(seat, kind, bot, name, token_hash)
            for seat, kind, bot, name, token_hash in self.db.execute(
                "SELECT seat, kind, bot, name, token_hash FROM seats WHERE table_id=? "
                "ORDER BY seat",
                (table_id,),
            )
        ]
        backers = {
            name: h
            for name, h in self.db.execute(
                "SELECT name, token_hash FROM backers WHERE table_id=?", (table_id,)
            )
        }
        (last,) = self.db.execute(_LAST, (table_id, table_id)).fetchone()
        forfeit, opener = r[11], r[12]
        return TableRow(
            id=table_id,
            game=r[1],
            spec=r[2],
            seed=int(r[3]),
            nonce=r[4],
            commitment=r[5],
            created=r[6],
            status=r[7],
            snapshot=r[8],
            snapshot_n=_whole(r[9], "snapshot_n"),
            last_n=max(_whole(r[10], "last_n"), last or 0),
            forfeit=None if forfeit is None else _whole(forfeit, "forfeit"),
            seats=seats,
            backers=backers,
            opener=opener if isinstance(opener, bytes) else None,
        )

    def events(self, table_id: str, after: int = 0, limit: int = -1) -> list[EventRow]:
        """The events of a table after number ``after``, in order (``limit`` at most)."""
        return [
            EventRow(*r)
            for r in self.db.execute(_EVENTS, (table_id, after, table_id, after, limit))
        ]


def _whole(value: Any, column: str) -> int:
    """A stored whole number; :class:`ValueError` for anything else (a damaged row)."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise ValueError(f"the table's {column} is not a whole number: {value!r}")
