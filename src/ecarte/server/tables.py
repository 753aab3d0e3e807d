"""The tables: each one's game, seats, bots, clock and numbered events, and the group
commit that makes every accepted action durable before any message about it leaves.

Everything here runs on the server's event loop and never awaits: an action is checked,
applied to the table's game and queued with the events it causes (the bots' moves);
the queue is committed to the store at the end of the loop's pass, in one transaction
for all tables, and only then are the acknowledgements and the events sent. A failed
commit puts every table of the batch back as the store holds it and refuses the
actions.

What a connection receives about a game is only ever its seat's view
(:meth:`~ecarte.server.games.Adapter.views`) and the events' texts as its seat may read
them (:meth:`~ecarte.server.games.Adapter.redact`).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections import OrderedDict
from typing import Any, Protocol

import msgspec
from attrs import define, evolve, field

from ecarte import EcarteError, PluginError, from_json

from . import fair
from . import messages as m
from .config import ServerConfig
from .games import ADAPTERS, Adapter, Bot, Refused, adapter, changed, members
from .games import cercle_of as _cercle
from .store import EventRow, SeatRow, Store, TableRow, TableUpdate

__all__ = ["Subscriber", "Table", "Tables", "token_hash"]

log = logging.getLogger("ecarte.server")

_ENGINE_ERRORS = (EcarteError, ValueError, TypeError)


def token_hash(token: str) -> bytes:
    """What the store keeps of a token: its SHA-256."""
    return hashlib.sha256(token.encode()).digest()


class Subscriber(Protocol):
    """A connection to a table, once it said hello."""

    seat: int | None
    """The seat it plays (None: a spectator or a backer)."""
    who: str | None
    """Whom its sequence numbers belong to (``seat:0``, ``backer:Cleo``; None for a
    spectator)."""
    role: str
    name: str | None
    shown: tuple[dict[str, Any], dict[str, Any]]
    """The view last sent to it (a welcome's, then patched by the events), its public
    fields and its seat's own: the next event's patch is what differs from it."""

    def push(self, data: bytes) -> None:
        """Queue a message for it (never blocks)."""
        ...


@define(eq=False)
class Table:
    """One table in memory."""

    id: str
    adapter: Adapter
    spec: m.CreateTable
    seed: int
    nonce: str
    commitment: str
    game: Any
    seats: list[SeatRow]
    backers: dict[str, bytes]
    bots: dict[int, Bot]
    n: int = 0
    """The last event applied to the game."""
    committed: int = 0
    """The last event in the store."""
    snapshot_n: int = 0
    forfeit: int | None = None
    seqs: dict[str, dict[int, int]] = field(factory=dict)
    last_seq: dict[str, int] = field(factory=dict)
    pending: list[EventRow] = field(factory=list)
    subscribers: set[Subscriber] = field(factory=set)
    welcoming: list[tuple[Subscriber, int | None]] = field(factory=list)
    """The connections whose welcome waits for the commit (with the last event each saw)."""
    held: dict[Subscriber, list[bytes]] = field(factory=dict)
    """The replies to those connections, sent after their welcome (:meth:`Tables.reply`)."""
    clock: asyncio.TimerHandle | None = None
    clock_n: int = -1
    deadline: float | None = None
    revealed: bool = False
    cache: dict[str, Any] = field(factory=dict)
    """What the adapter keeps between two views of this game."""
    shown: dict[str, Any] = field(factory=dict)
    """The public fields of the views last published (the subscribers that were sent
    them hold this very dict)."""
    published: dict[str, Any] | None = None
    """The finished table's record, once made (:meth:`Tables.record`)."""
    opener: bytes | None = None
    """The keyed hash of the address that opened the table (:meth:`Store.opener`)."""

    @property
    def over(self) -> bool:
        return self.forfeit is not None or self.adapter.is_over(self.game)

    @property
    def status(self) -> str:
        return "over" if self.over else "playing"

    def view(self, seat: int | None) -> m.View:
        """The view of ``seat`` (None: a spectator)."""
        values = self.adapter.views(self.game, (seat,), self.forfeit)[seat]
        return msgspec.convert(values, self.adapter.view_type)


class Tables:
    """Every table of the server, its store and its group commit."""

    finished_kept = 256
    """How many finished tables (not watched) :meth:`get` keeps in memory: the one asked
    for least recently is forgotten first."""

    def __init__(self, store: Store, config: ServerConfig) -> None:
        self.store = store
        self.config = config
        self.tables: dict[str, Table] = {}
        self.finished: OrderedDict[str, Table] = OrderedDict()
        """Finished tables nobody watches, read back from the store or evicted, the
        most recently asked for last."""
        self.closing = False
        self._dirty: dict[str, Table] = {}
        self._acks: list[tuple[Table, Subscriber, int, int, bool]] = []
        self._scheduled = False
        self._opened: dict[bytes, set[str]] = {}
        """The tables being played that each client address opened, by the address's
        keyed hash (:meth:`Store.opener`; the resumed tables too)."""
        self.commits = 0
        self.committed_events = 0

    # ------------------------------------------------------------ lifecycle

    def resume(self) -> int:
        """Load every unfinished table from the store, where it stood; returns how many."""
        for row in self.store.unfinished():
            try:
                table = self._rebuild(row)
            except Exception as exc:  # a damaged table: the others are served all the same
                log.error(
                    "table not resumed",
                    extra={"fields": {"table": row.id, "error": repr(exc)}},
                )
                continue
            self.tables[table.id] = table
            if row.opener is not None:
                self._opened.setdefault(row.opener, set()).add(table.id)
            try:
                self._advance(table)  # nothing for a table the store holds whole
            except Exception as exc:  # (the table was put back as stored)
                log.error("bot failed", extra={"fields": {"table": table.id, "error": repr(exc)}})
            self._arm_clock(table)
        if self._dirty:
            self.flush()
        log.info("resumed", extra={"fields": {"tables": len(self.tables)}})
        return len(self.tables)

    def shutdown(self) -> None:
        """Refuse new actions, commit what was accepted, stop the clocks."""
        self.closing = True
        self.flush()
        for table in self.tables.values():
            if table.clock is not None:
                table.clock.cancel()

    def get(self, table_id: str) -> Table | None:
        """A table by id, or None. A finished table is read back from the store once,
        then kept among the last :attr:`finished_kept` asked for (nothing happens at it
        any more); :class:`Refused` for a table the store holds but cannot give back (a
        damaged row)."""
        table = self.tables.get(table_id)
        if table is None and (table := self.finished.get(table_id)) is not None:
            self.finished.move_to_end(table_id)
        elif table is None and len(table_id) <= 64:
            try:
                row = self.store.table(table_id)
                table = None if row is None else self._rebuild(row)
            except Exception as exc:
                log.error(
                    "table not read",
                    extra={"fields": {"table": table_id, "error": repr(exc)}},
                )
                raise Refused(
                    "storage", f"table {table_id} cannot be read from the store"
                ) from None
            if table is not None:
                self._keep(table)
        return table

    def _keep(self, table: Table) -> None:
        """Keep a finished table among the last :attr:`finished_kept` asked for."""
        if not (table.over and table.committed == table.n):
            return
        self.finished[table.id] = table
        self.finished.move_to_end(table.id)
        while len(self.finished) > self.finished_kept:
            self.finished.popitem(last=False)

    def _rebuild(self, row: TableRow) -> Table:
        if row.forfeit is not None and not 0 <= row.forfeit < len(row.seats):
            raise ValueError(f"the table's forfeit names no seat of it: {row.forfeit}")
        table = _table(row, None)
        self._restore(table, row)
        return table

    def _restore(self, table: Table, row: TableRow) -> None:
        """Set ``table`` to what the store holds: its snapshot, then the events after it."""
        table.game = from_json(row.snapshot)
        table.cache = {}
        table.forfeit = None
        table.seqs, table.last_seq, table.pending = {}, {}, []
        for e in self.store.events(row.id):
            if e.who is not None and e.seq is not None:
                table.seqs.setdefault(e.who, {})[e.seq] = e.n
                table.last_seq[e.who] = max(table.last_seq.get(e.who, 0), e.seq)
            if e.n > row.snapshot_n:
                self._replay(table, e)
        table.n = table.committed = row.last_n
        table.snapshot_n = row.snapshot_n
        table.forfeit = row.forfeit
        table.clock_n = -1

    def _replay(self, table: Table, e: EventRow) -> None:
        if e.kind in ("act", "timeout"):
            assert e.seat is not None
            table.adapter.apply(table.game, e.seat, e.record)
        elif e.kind == "bet":
            _place_bet(table.game, json.loads(e.record))
        elif e.kind == "forfeit":
            table.forfeit = e.seat

    # --------------------------------------------------------------- tables

    def create(self, spec: m.CreateTable, address: str | None = None) -> m.TableCreated:
        """A new table (committed before this returns), with its tokens; ``address``: the
        client's, which may have ``max_tables_per_address`` tables being played."""
        if self.closing:
            raise Refused("shutting-down", "the server is shutting down: no new table")
        if len(self.tables) >= self.config.max_tables:
            raise Refused(
                "bad-table", f"the server holds its most tables ({self.config.max_tables})"
            )
        opener = None if address is None else self.store.opener(address)
        opened = self._opened_by(opener)
        if opened is not None and len(opened) >= self.config.max_tables_per_address:
            raise Refused(
                "bad-table",
                f"this address has {len(opened)} {'table' if len(opened) == 1 else 'tables'} "
                "being played, its most: finish one first",
            )
        adapt = adapter(spec.game)
        seed, nonce = fair.draw()
        try:
            game = adapt.create(spec, seed)
            snapshot = game.to_json()
        except _ENGINE_ERRORS as exc:
            raise Refused("bad-table", str(exc)) from None
        count = adapt.seats(game)
        specs = spec.seats
        if specs is None:
            specs = [m.SeatSpec("human"), *(m.SeatSpec("bot") for _ in range(count - 1))]
        if len(specs) != count:
            raise Refused(
                "bad-table", f"this table has {count} seats; the request lists {len(specs)}"
            )
        seats: list[SeatRow] = []
        tokens: dict[int, str] = {}
        for i, s in enumerate(specs):
            if s.kind == "bot":
                seats.append(SeatRow(i, "bot", s.bot or "heuristic", s.name, None))
            else:
                if s.bot is not None:
                    raise Refused("bad-table", f"seat {i} is human: it has no bot")
                tokens[i] = secrets.token_urlsafe(32)
                seats.append(SeatRow(i, "human", None, s.name, token_hash(tokens[i])))
        backer_tokens = {name: secrets.token_urlsafe(32) for name in _gallery(spec)}
        table_id = secrets.token_urlsafe(9)
        row = TableRow(
            id=table_id,
            game=spec.game,
            spec=m.encode(spec).decode(),
            seed=seed,
            nonce=nonce,
            commitment=fair.commitment(table_id, seed, nonce),
            created=time.time(),
            status="playing",
            snapshot=snapshot,
            snapshot_n=0,
            last_n=0,
            forfeit=None,
            seats=seats,
            backers={name: token_hash(t) for name, t in backer_tokens.items()},
            opener=opener,
        )
        table = _table(row, game)
        try:
            self._advance(table)  # bots that act first
        except PluginError as exc:
            raise Refused("bad-table", str(exc)) from None
        self._dirty.pop(table_id, None)
        row = evolve(row, status=table.status, last_n=table.n)
        try:
            self.store.create(row, table.pending)
        except Exception as exc:  # nothing of the table goes on: not its clock either
            if table.clock is not None:
                table.clock.cancel()
            log.error("table not created", extra={"fields": {"error": repr(exc)}})
            raise Refused(
                "storage", f"the table was not created: the store failed ({exc})"
            ) from None
        table.pending = []
        table.committed = table.n
        self.tables[table_id] = table
        if opened is not None and opener is not None:
            self._opened[opener] = opened
            opened.add(table_id)
        self._arm_clock(table)
        self._evict(table)  # (a table of bots only is over already: the store keeps it)
        log.info(
            "table created",
            extra={"fields": {"table": table_id, "game": spec.game, "seats": len(seats)}},
        )
        return m.TableCreated(
            table=table_id,
            game=spec.game,
            commitment=table.commitment,
            seats=[
                m.SeatInfo(s.seat, s.kind, s.bot, s.name, tokens.get(s.seat))  # type: ignore[arg-type]
                for s in seats
            ],
            backers=[m.BetInfo(name, t) for name, t in backer_tokens.items()],
            websocket=f"/ws/{table_id}",
        )

    def _opened_by(self, opener: bytes | None) -> set[str] | None:
        """The tables still being played that the address of hash ``opener`` opened
        (None: no address)."""
        if opener is None:
            return None
        opened = self._opened.pop(opener, set())
        for tid in [t for t in opened if (x := self.tables.get(t)) is None or x.over]:
            opened.discard(tid)
        if opened:
            self._opened[opener] = opened
        return opened

    def identify(self, table: Table, token: str | None) -> tuple[int | None, str | None]:
        """``(seat, backer)`` of a token (both None: a spectator); every stored hash is
        compared, in constant time. :class:`Refused` for a token of no seat."""
        if token is None:
            return None, None
        given = token_hash(token)
        seat: int | None = None
        backer: str | None = None
        for s in table.seats:
            if s.token_hash is not None and hmac.compare_digest(given, s.token_hash):
                seat = s.seat
        for name, h in table.backers.items():
            if hmac.compare_digest(given, h):
                backer = name
        if seat is None and backer is None:
            raise Refused("bad-token", f"this token belongs to no seat of table {table.id}")
        return seat, backer

    def info(self, table: Table) -> m.TableInfo:
        over = table.over and table.committed == table.n
        return m.TableInfo(
            table=table.id,
            game=table.spec.game,
            rules=table.spec.rules,
            variants=list(table.spec.variants),
            seats=[m.SeatInfo(s.seat, s.kind, s.bot, s.name) for s in table.seats],  # type: ignore[arg-type]
            status="over" if over else "playing",
            event=table.committed,
            commitment=table.commitment,
            turn_seconds=table.spec.turn_seconds,
            on_timeout=table.spec.on_timeout,
            seed=str(table.seed) if over else None,
            nonce=table.nonce if over else None,
        )

    def record(self, table: Table) -> dict[str, Any] | None:
        """The finished table's record for :func:`ecarte.server.fair.verify` (None while
        the match is on)."""
        if not table.over or table.committed != table.n:
            return None
        if table.published is None:
            events = [[e.n, e.seat, e.kind, e.record] for e in self.store.events(table.id)]
            saved = json.loads(table.game.to_json())
            table.published = fair.record(
                table.id, table.seed, table.nonce, saved, events, table.forfeit
            )
        return table.published

    # -------------------------------------------------------- connections

    def welcome(self, table: Table, sub: Subscriber, last_event: int | None) -> None:
        """Subscribe ``sub`` and send its welcome, once what the table holds is committed
        (a subscriber's sync: the events of that commit come in the welcome only)."""
        if table.n > table.committed:
            table.subscribers.discard(sub)
            table.welcoming.append((sub, last_event))
        else:
            self._welcome(table, sub, last_event)

    def _welcome(self, table: Table, sub: Subscriber, last_event: int | None) -> None:
        missed: list[m.Event] = []
        behind = table.committed - last_event if last_event is not None else 0
        if last_event is not None and 0 < behind <= self.config.max_missed:
            missed = [
                m.Event(e.n, e.seat, e.kind, table.adapter.redact(e.text, e.seat, sub.seat))  # type: ignore[arg-type]
                for e in self.store.events(table.id, last_event, behind)
            ]
        table.subscribers.add(sub)
        adapt, game = table.adapter, table.game
        public, _ = adapt.view_parts(game, (), table.forfeit, table.cache)
        if public == table.shown:  # as last published: the next patch is the same for all
            public = table.shown
        state = adapt.own_states(game, (sub.seat,), table.forfeit, table.cache)[sub.seat]
        sub.shown = (public, state)
        sub.push(
            m.encode(
                m.Welcome(
                    table=table.id,
                    game=table.spec.game,
                    seat=sub.seat,
                    role=sub.role,  # type: ignore[arg-type]
                    name=sub.name,
                    event=table.committed,
                    last_seq=table.last_seq.get(sub.who, 0) if sub.who else 0,
                    commitment=table.commitment,
                    view=msgspec.convert(
                        {**public, **adapt.own_fields(game, state)}, adapt.view_type
                    ),
                    missed=missed,
                    deadline=table.deadline,
                    idle=self.config.idle_seconds,
                )
            )
        )
        if table.over:
            sub.push(_reveal(table))
        if table.held:
            for data in table.held.pop(sub, ()):
                sub.push(data)

    def reply(self, table: Table, sub: Subscriber, data: bytes) -> None:
        """Send ``sub`` a reply to one of its messages (a pong, an error): at once, or
        after its welcome when that waits for the commit (the replies come in the order
        of the messages)."""
        if table.welcoming and any(w[0] is sub for w in table.welcoming):
            table.held.setdefault(sub, []).append(data)
        else:
            sub.push(data)

    def leave(self, table: Table, sub: Subscriber) -> None:
        table.subscribers.discard(sub)
        if table.welcoming:  # (gone before its welcome)
            table.welcoming = [w for w in table.welcoming if w[0] is not sub]
            table.held.pop(sub, None)
        self._evict(table)

    def _evict(self, table: Table) -> None:
        """Drop a finished table nobody watches from the tables being played (the store
        keeps it; :meth:`get` reads it back, or finds it among those it keeps)."""
        done = table.over and table.committed == table.n
        if done and not table.subscribers and self.tables.get(table.id) is table:
            del self.tables[table.id]
            self._keep(table)
            opener = table.opener
            opened = self._opened.get(opener) if opener is not None else None
            if opener is not None and opened is not None:
                opened.discard(table.id)
                if not opened:  # (an address none of whose tables is played: forgotten)
                    del self._opened[opener]

    # -------------------------------------------------------------- actions

    def act(self, table: Table, sub: Subscriber, msg: m.Act) -> None:
        """Apply a seat's action (the ack and events follow the commit); :class:`Refused`
        when it cannot be, and then nothing changed."""
        seat = sub.seat
        if seat is None:
            raise Refused("not-a-seat", "only a seated player acts: connect with a seat's token")
        who, seq = sub.who, msg.seq
        assert who is not None
        # (a number above the last accepted is new: every number kept is at most that)
        if seq <= table.last_seq.get(who, 0) and self._duplicate(table, sub, seq):
            return
        game, adapt = table.game, table.adapter
        to_act = adapt.to_act(game)
        if to_act != seat or self.closing or table.forfeit is not None:
            self._check_open(table)
            raise Refused("not-your-turn", f"it is seat {to_act}'s turn, not seat {seat}'s")
        record, text = adapt.record(game, seat, msg)
        self._apply(table, seat, record)
        n = self._event(table, seat, who, seq, "act", record, text)
        self._acks.append((table, sub, seq, n, False))
        if not self._scheduled:
            self._commit_soon()
        if table.bots or table.clock is not None or table.spec.turn_seconds is not None:
            try:
                self._advance(table)  # (else no bot to play, no clock to move)
            except Exception as exc:  # the action stands (its ack follows the commit)
                log.error("bot failed", extra={"fields": {"table": table.id, "error": repr(exc)}})

    def bet(self, table: Table, sub: Subscriber, msg: m.Bet) -> None:
        """A backer's bet or a seated player's cover at a club table."""
        if sub.who is None:
            raise Refused("bad-bet", "a spectator bets with a backer's token")
        if self._duplicate(table, sub, msg.seq):
            return
        self._check_open(table)
        cercle = _cercle(table.game)
        if cercle is None:
            raise Refused("bad-bet", "this table takes no bets: it is not a club (cercle) table")
        by: str | None = None
        if sub.role == "backer":
            by = sub.name
        elif cercle.seated.get(sub.seat) != msg.player:
            raise Refused(
                "bad-bet",
                f"a seated player covers only themselves ({cercle.seated.get(sub.seat)!r})",
            )
        number = msg.game if msg.game is not None else cercle.current_game
        bet = {"by": by, "player": msg.player, "amount": msg.amount, "game": number}
        try:
            _place_bet(table.game, bet)
        except EcarteError as exc:
            raise Refused("bad-bet", str(exc)) from None
        who = by or msg.player
        text = f"{who} stakes {msg.amount} on {msg.player} for game {number}"
        n = self._event(table, sub.seat, sub.who, msg.seq, "bet", json.dumps(bet), text)
        self._acks.append((table, sub, msg.seq, n, False))
        self._commit_soon()

    def _duplicate(self, table: Table, sub: Subscriber, seq: int) -> bool:
        """Whether ``seq`` was accepted already (then its ack is sent again);
        :class:`Refused` for a number not after the last one accepted."""
        assert sub.who is not None
        n = table.seqs.get(sub.who, {}).get(seq)
        if n is not None:
            if table.n == table.committed:  # (else after the commit, and the welcomes)
                sub.push(m.encode(m.Ack(seq, n, True)))
            else:
                self._acks.append((table, sub, seq, n, True))
            return True
        last = table.last_seq.get(sub.who, 0)
        if seq <= last:
            raise Refused(
                "replayed",
                f"sequence number {seq} is not after the last one accepted ({last}): "
                "a new action needs a higher one",
            )
        return False

    def _check_open(self, table: Table) -> None:
        if self.closing:
            raise Refused("shutting-down", "the server is shutting down: nothing was applied")
        if table.over:
            raise Refused("over", "the match is over")

    def _apply(self, table: Table, seat: int, record: str) -> None:
        try:
            table.adapter.apply(table.game, seat, record)
        except PluginError as exc:
            # a plugin failed after the engine moved: put the table back as stored
            log.warning("plugin error", extra={"fields": {"table": table.id, "error": str(exc)}})
            self._reload(table, f"not applied: a plugin failed ({exc})")
            raise Refused("illegal", str(exc)) from None
        except _ENGINE_ERRORS as exc:
            raise Refused("illegal", str(exc)) from None

    def _event(
        self,
        table: Table,
        seat: int | None,
        who: str | None,
        seq: int | None,
        kind: str,
        record: str,
        text: str,
    ) -> int:
        table.n += 1
        table.pending.append(EventRow(table.n, seat, who, seq, kind, record, text))
        if who is not None and seq is not None:
            table.seqs.setdefault(who, {})[seq] = table.n
            table.last_seq[who] = seq
        self._dirty[table.id] = table
        return table.n

    def _advance(self, table: Table) -> None:
        """Let the bots play while one is to act."""
        adapt = table.adapter
        while table.bots and not table.over:  # (a table of humans only: nothing to ask)
            seat = adapt.to_act(table.game)
            bot = table.bots.get(seat) if seat is not None else None
            if bot is None or seat is None:
                break
            self._bot_move(table, seat, bot, "act")
        self._arm_clock(table)

    def _bot_move(self, table: Table, seat: int, bot: Bot, kind: str) -> None:
        """A bot's move for ``seat``: the first legal action when the bot fails to give
        one the game takes. A plugin failing as a move is applied (the game may have moved
        on without it: a notification failed) puts a stored table back as stored, its
        actions not committed refused, and raises the ``PluginError``."""
        adapt, game = table.adapter, table.game
        try:
            try:
                record, text = adapt.record(game, seat, bot(game, seat))
                adapt.apply(game, seat, record)
            except PluginError:
                raise
            except Exception as exc:  # a broken bot plays the first legal action
                log.warning("bot error", extra={"fields": {"table": table.id, "error": repr(exc)}})
                first = table.view(seat).legal[0]
                record, text = adapt.record(game, seat, m.Act(seq=1, id=first.id))
                adapt.apply(game, seat, record)
        except PluginError as exc:
            if self.tables.get(table.id) is table:  # (else a new table: not created)
                self._reload(table, f"not applied: a plugin failed ({exc})")
            raise
        self._event(table, seat, None, None, kind, record, text)

    # --------------------------------------------------------------- clock

    def _arm_clock(self, table: Table) -> None:
        seconds = table.spec.turn_seconds
        seat = None if seconds is None else table.adapter.to_act(table.game)
        if seconds is None or table.over or self.closing or seat is None or seat in table.bots:
            if table.clock is not None:
                table.clock.cancel()
            table.clock, table.deadline, table.clock_n = None, None, -1
            return
        if table.clock_n == table.n:
            return
        if table.clock is not None:
            table.clock.cancel()
        table.clock_n = table.n
        table.deadline = time.time() + seconds
        loop = asyncio.get_running_loop()
        table.clock = loop.call_later(seconds, self._expire, table, table.n)

    def _expire(self, table: Table, n: int) -> None:
        table.clock = None
        # (armed at event n: a bet since is not a move, and leaves the clock running)
        if table.clock_n != n or table.over or self.closing:
            return
        seat = table.adapter.to_act(table.game)
        if seat is None:
            return
        if table.spec.on_timeout == "forfeit":
            table.forfeit = seat
            text = f"seat {seat} forfeits the match: its turn clock ran out"
            self._event(table, seat, None, None, "forfeit", str(seat), text)
        else:
            try:
                self._bot_move(table, seat, table.adapter.bot("heuristic"), "timeout")
                self._advance(table)
            except Exception as exc:  # (the table was put back as stored)
                log.error("bot failed", extra={"fields": {"table": table.id, "error": repr(exc)}})
        log.info("turn clock", extra={"fields": {"table": table.id, "seat": seat}})
        table.clock_n = -1
        self._arm_clock(table)
        self._commit_soon()

    # -------------------------------------------------------------- commit

    def _commit_soon(self) -> None:
        if not self._scheduled:
            self._scheduled = True
            loop = asyncio.get_running_loop()
            if self.config.commit_delay > 0:
                loop.call_later(self.config.commit_delay, self.flush)
            else:
                loop.call_soon(self.flush)

    def flush(self) -> None:
        """Commit every table's pending events in one transaction, then send the acks,
        the events and what waited for the commit."""
        self._scheduled = False
        if not self._dirty:
            return
        dirty = list(self._dirty.values())
        acks, self._acks = self._acks, []
        self._dirty = {}
        batch = []
        ended = []  # whether each table is over (read once here: nothing moves it before
        # the events are sent)
        every = self.config.snapshot_every
        for t in dirty:
            over = t.over
            ended.append(over)
            snapshot = None
            if over or t.n - t.snapshot_n >= every:
                snapshot = t.game.to_json()
            update = TableUpdate(
                t.id,
                t.n,
                "over" if over else "playing",
                t.forfeit,
                snapshot,
                t.n if snapshot else t.snapshot_n,
            )
            batch.append((update, t.pending))
        try:
            self.store.commit(batch)
        except Exception as exc:
            log.error("commit failed", extra={"fields": {"error": repr(exc)}})
            self._acks = acks + self._acks
            for t in dirty:
                subscribers = list(t.subscribers)
                self._reload(t, f"not saved, not applied: {exc}")
                for sub in subscribers:
                    self._welcome(t, sub, None)
            return
        self.commits += 1
        published = []
        for t, (update, events), over in zip(dirty, batch, ended, strict=True):
            t.committed = t.n
            t.snapshot_n = update.snapshot_n
            t.pending = []
            self.committed_events += len(events)
            published.append((t, events, over))
        answers: dict[tuple[str, int], tuple[Subscriber, int]] = {}
        # (after the events and the welcomes: a duplicate's, and a new action's when its
        # sender's welcome waited for this commit)
        late: list[tuple[Subscriber, m.Ack]] = []
        for t, sub, seq, n, duplicate in acks:
            if duplicate:
                late.append((sub, m.Ack(seq, n, True)))
            elif sub in t.subscribers:
                answers[t.id, n] = (sub, seq)
            else:
                late.append((sub, m.Ack(seq, n)))
        for t, events, over in published:
            self._publish(t, events, answers)
            # (those welcomed now are told by their welcome)
            told = list(t.subscribers) if over and not t.revealed else ()
            if t.welcoming:
                waiting, t.welcoming = t.welcoming, []
                for sub, last_event in waiting:
                    self._welcome(t, sub, last_event)
            if over and not t.revealed:
                t.revealed = True
                if t.clock is not None:
                    t.clock.cancel()
                for sub in told:
                    sub.push(_reveal(t))
                log.info("table over", extra={"fields": {"table": t.id, "events": t.n}})
                self._evict(t)
        for sub, ack in late:
            sub.push(m.encode(ack))

    def _reload(self, table: Table, why: str) -> None:
        """Put ``table`` back as the store holds it: the actions not committed are
        refused (``why``), their senders told; the turn clock runs for the seat to act
        as stored; the welcomes that waited for the commit are sent, with the table as
        stored."""
        row = self.store.table(table.id)
        assert row is not None
        self._restore(table, row)
        self._dirty.pop(table.id, None)
        self._arm_clock(table)
        if table.welcoming:
            waiting, table.welcoming = table.welcoming, []
            for sub, last_event in waiting:
                self._welcome(table, sub, last_event)
        keep = []
        for ack in self._acks:
            t, sub, seq, n, duplicate = ack
            if t is not table:
                keep.append(ack)
            elif n > table.committed:
                sub.push(m.encode(m.Error("storage", why, seq=seq)))
            elif duplicate:  # (of an action committed before)
                sub.push(m.encode(m.Ack(seq, n, True)))
            else:
                keep.append(ack)
        self._acks = keep

    def _publish(
        self,
        table: Table,
        events: list[EventRow],
        answers: dict[tuple[str, int], tuple[Subscriber, int]],
    ) -> None:
        """Send each subscriber the events as its seat may read them, on the last what
        changed in its view (a patch of the view it was last sent), and on its own
        action's event the ack of its sequence number. The last event's message is
        written as bytes around its parts: the public patch encoded once for all the
        subscribers that were sent the last one, each seat's own patch once per
        subscriber, the texts encoded once each."""
        subscribers = table.subscribers
        if not events or not subscribers:
            return
        adapt, game = table.adapter, table.game
        before = table.shown
        public, common_json, states = adapt.view_update(
            game, {sub.seat for sub in subscribers}, table.forfeit, table.cache, before or None
        )
        table.shown = public
        last = events[-1]
        if len(events) > 1:  # (a bot's moves after the action, a timeout's)
            self._send_earlier(table, events[:-1], answers)
        actor, text = last.seat, last.text
        acker, ack = answers.get((table.id, last.n)) or (None, 0)
        head = b'{"type":"event","n":%d,"actor":%s,"kind":"%s","text":' % (
            last.n,
            b"null" if actor is None else b"%d" % actor,
            last.kind.encode(),
        )
        tail = b'"game":"%s"},"deadline":%s,"ack":' % (
            adapt.name.encode(),
            b"null" if table.deadline is None else m.encode(table.deadline),
        )
        redact, own_patch = adapt.redact, adapt.own_patch
        for sub in subscribers:
            seat = sub.seat
            sent, sent_own = sub.shown
            state = states[seat]
            patch = common_json if sent is before else members(changed(sent, public))
            if state != sent_own:
                own = own_patch(game, sent_own, state)
                if own:
                    patch = patch + b"," + own if patch else own
            sub.shown = (public, state)
            sub.push(
                b"".join(
                    (
                        head,
                        _json_text(redact(text, actor, seat) if actor != seat else text),
                        b',"patch":{',
                        patch,
                        b"," if patch else b"",
                        tail,
                        b"%d}" % ack if acker is sub else b"null}",
                    )
                )
            )

    def _send_earlier(
        self,
        table: Table,
        events: list[EventRow],
        answers: dict[tuple[str, int], tuple[Subscriber, int]],
    ) -> None:
        """The events of a batch before its last one, to each subscriber (without a
        patch: the last event's is the batch's)."""
        redact, tid = table.adapter.redact, table.id
        for sub in table.subscribers:
            seat = sub.seat
            for e in events:
                answer = answers.get((tid, e.n))
                message = m.Event(
                    e.n,
                    e.seat,
                    e.kind,  # type: ignore[arg-type]
                    redact(e.text, e.seat, seat),
                    None,
                    None,
                    answer[1] if answer is not None and answer[0] is sub else None,
                )
                sub.push(m.encode(message))


_TEXT_JSON: dict[str, bytes] = {}
"""Each event's text as JSON, by text (the texts of actions: a few hundred)."""


def _json_text(text: str) -> bytes:
    found = _TEXT_JSON.get(text)
    if found is None:
        if len(_TEXT_JSON) >= 1 << 14:
            _TEXT_JSON.clear()
        found = _TEXT_JSON[text] = m.encode(text)
    return found


def _table(row: TableRow, game: Any) -> Table:
    """The table of a stored row, playing ``game``, its bots made."""
    adapt = ADAPTERS[row.game]
    bots = {s.seat: adapt.bot(s.bot or "heuristic") for s in row.seats if s.kind == "bot"}
    spec = msgspec.json.decode(row.spec, type=m.CreateTable)
    table = Table(
        row.id, adapt, spec, row.seed, row.nonce, row.commitment, game, row.seats, row.backers, bots
    )
    table.opener = row.opener
    return table


def _reveal(table: Table) -> bytes:
    return m.encode(m.Reveal(table.id, str(table.seed), table.nonce, table.commitment))


def _gallery(spec: m.CreateTable) -> list[str]:
    """The backers of a club table: the names of the ``cercle`` options' gallery."""
    if "cercle" not in spec.variants:
        return []
    gallery = spec.options.get("cercle", {}).get("gallery", {})
    return [str(name) for name in gallery] if isinstance(gallery, dict) else []


def _place_bet(game: Any, bet: dict[str, Any]) -> None:
    cercle = _cercle(game)
    if cercle is None:
        raise EcarteError("this table takes no bets")
    if bet["by"] is None:
        cercle.cover(bet["player"], bet["amount"], game=bet["game"])
    else:
        cercle.bet(bet["by"], bet["player"], bet["amount"], game=bet["game"])
