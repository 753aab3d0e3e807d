"""Every message of the game server, as msgspec structs: what a client sends over its
WebSocket, what the server sends back, the HTTP bodies, and the two seat views.

Each message is a JSON object whose ``type`` field names it. :func:`schema` is the JSON
Schema of all of them (served at ``/api/schema``); docs/server.md describes them.

>>> decode_client(b'{"type": "act", "seq": 1, "action": "propose"}')
Act(seq=1, action='propose', id=None)
>>> encode(Pong()).decode()
'{"type":"pong"}'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias

import msgspec
from msgspec import Meta, Struct

__all__ = [
    "Ack",
    "Act",
    "Bet",
    "BetInfo",
    "Bid",
    "ClientMessage",
    "CreateTable",
    "EcarteView",
    "EcarteViewPatch",
    "Error",
    "EuchreView",
    "EuchreViewPatch",
    "Event",
    "Exchange",
    "GameSummary",
    "HandSummary",
    "Hello",
    "Legal",
    "Ping",
    "Played",
    "Pong",
    "Reveal",
    "SeatInfo",
    "SeatSpec",
    "ServerMessage",
    "Sync",
    "TableCreated",
    "TableInfo",
    "View",
    "ViewPatch",
    "Welcome",
    "decode_client",
    "decode_server",
    "encode",
    "patched",
    "schema",
]

Seq = Annotated[int, Meta(ge=1, le=2**53, description="the client's sequence number")]
EventNumber = Annotated[int, Meta(ge=0, le=2**53, description="an event's number")]
Text = Annotated[str, Meta(max_length=200)]
Token = Annotated[str, Meta(min_length=1, max_length=100)]


class _Tagged(Struct, tag_field="type", forbid_unknown_fields=True, omit_defaults=False, gc=False):
    """A message: its ``type`` field names it. Messages and views hold no cycles: the
    garbage collector does not track them (``gc=False``), which keeps its passes short
    when many are alive."""


# ------------------------------------------------------------ client to server


class Hello(_Tagged, tag="hello"):
    """The first message of every connection: a seat's (or a backer's) secret token, or
    none for a spectator; ``last_event``, on a reconnection, the number of the last event
    the client saw (the welcome then carries the events it missed)."""

    token: Token | None = None
    last_event: EventNumber | None = None


class Act(_Tagged, tag="act"):
    """An action of the connection's seat: its text (``"propose"``, ``"K♠"``,
    ``"discard 7♠ 8♥"``, ``"call ♥"``) or its integer id. ``seq`` numbers the client's
    actions: an action sent again with the same number is applied once."""

    seq: Seq
    action: Text | None = None
    id: Annotated[int, Meta(ge=0, le=1000)] | None = None


class Bet(_Tagged, tag="bet"):
    """A stake of a backer (or a seated player covering) at a club (``cercle``) table:
    ``amount`` on the player named ``player``, for game number ``game`` (the current game
    when omitted)."""

    seq: Seq
    player: Text
    amount: Annotated[int, Meta(ge=1, le=10**9)]
    game: Annotated[int, Meta(ge=1, le=1000)] | None = None


class Sync(_Tagged, tag="sync"):
    """Ask for the whole view again (and the events after ``last_event``)."""

    last_event: EventNumber | None = None


class Ping(_Tagged, tag="ping"):
    """Keep an idle connection open; answered by a pong."""


ClientMessage = Hello | Act | Bet | Sync | Ping
"""What a client may send."""


# ------------------------------------------------------------------- views


class _Part(Struct, forbid_unknown_fields=True, gc=False):
    """A part of a view: no unknown field, not tracked by the garbage collector."""


class Legal(_Part):
    """One legal action: its id and its text (either may be sent back in an ``act``)."""

    id: int
    text: str


class Played(_Part):
    """A card played to a trick by a seat."""

    seat: int
    card: str


class Bid(_Part):
    """A bid of the deal in Euchre: who, and what (``pass``, ``call ♥``...)."""

    seat: int
    bid: str


class Exchange(_Part):
    """A discard of the hand: who, and how many cards (the cards stay hidden)."""

    seat: int
    cards: int


class Club(_Part):
    """A club (``cercle``) table's bets: who sits at each seat (``seated``, by seat: a
    backer stakes on one of them, a seated player covers themselves) and the numbers of
    the games whose books take bets now (``open``: none once the table is over)."""

    seated: list[str | None]
    open: list[int]


class HandSummary(_Part):
    """A finished hand of the current game (all public facts)."""

    number: int
    dealer: int
    elder: int
    trump: str
    tricks: dict[str, int]
    points: dict[str, int]


class GameSummary(_Part):
    """A finished game of the match."""

    number: int
    players: list[int]
    winner: int
    loser: int
    scores: dict[str, int]


class EcarteView(Struct, tag="ecarte", tag_field="game", forbid_unknown_fields=True, gc=False):
    """What one seat of an Écarté table may know (``seat`` None: a spectator, who sees
    only what is public). ``to_act`` is None when nobody is to act (the match is over).
    The fields from ``phase`` to ``discard_limits`` are the seat's
    :meth:`ecarte.Observation.to_dict` (its rules aside), the same JSON an embedder gets."""

    seat: int | None
    players: int
    variants: list[str]
    phase: str
    to_act: int | None
    game_players: list[int]
    dealer: int | None
    elder: int | None
    hand: list[str]
    turnup: str | None
    trump: str | None
    stock_size: int
    exchanges: list[Exchange]
    trick: list[Played]
    tricks: list[list[Played]]
    tricks_won: list[int]
    kings_announced: list[int]
    played_without_proposing: bool
    refused_after: int | None
    scores: list[int]
    games_won: list[int]
    discard_limits: list[int] | None
    game_number: int
    hand_number: int
    hands: list[HandSummary]
    games: list[GameSummary]
    describe: list[str]
    legal: list[Legal]
    over: bool
    winner: int | None
    forfeit: int | None
    club: Club | None = None
    """At a club (``cercle``) table, its bets (what the club's lines in ``describe``
    tell in words); None elsewhere."""


class EuchreView(Struct, tag="euchre", tag_field="game", forbid_unknown_fields=True, gc=False):
    """What one seat of a Euchre table may know: its own hand, and the dealer its
    discard (``seat`` None: a spectator). Seats 0 and 2 play against 1 and 3;
    ``tricks_won``, ``scores`` and ``winner`` are by side (0: seats 0 and 2). The fields
    from ``phase`` to ``scores`` are the seat's
    :meth:`ecarte.games.euchre.EuchreObservation.to_dict`."""

    seat: int | None
    rules: str
    deck: int
    target: int
    phase: str
    to_act: int | None
    dealer: int | None
    hand: list[str]
    joker: bool
    upcard: str | None
    bids: list[Bid]
    trump: str | None
    maker: int | None
    alone: list[int]
    declined: bool
    discard: str | None
    trick: list[Played]
    tricks: list[list[Played]]
    tricks_won: list[int]
    scores: list[int]
    legal: list[Legal]
    over: bool
    winner: int | None
    forfeit: int | None


View = EcarteView | EuchreView
"""A seat's view of its table, by game (the ``game`` field)."""


def _patch_of(view: type[Struct], doc: str) -> Any:
    """The struct of a view's patch: every field of ``view``, absent unless it changed."""
    fields = [
        (f.name, f.type | msgspec.UnsetType, msgspec.UNSET) for f in msgspec.structs.fields(view)
    ]
    config = view.__struct_config__
    patch = msgspec.defstruct(
        f"{view.__name__}Patch",
        fields,
        tag=config.tag,
        tag_field=config.tag_field,
        forbid_unknown_fields=True,
        gc=False,
        module=__name__,
    )
    patch.__doc__ = doc
    return patch


EcarteViewPatch = _patch_of(
    EcarteView,
    "The fields of an Écarté seat's view that changed since the last view (or patch) "
    "sent to the connection; the fields left out did not change.",
)
EuchreViewPatch = _patch_of(
    EuchreView,
    "The fields of a Euchre seat's view that changed since the last view (or patch) "
    "sent to the connection; the fields left out did not change.",
)
if TYPE_CHECKING:  # made at run time: a struct for type checkers
    ViewPatch: TypeAlias = Struct
else:
    ViewPatch = EcarteViewPatch | EuchreViewPatch
    """What changed in a seat's view, by game (the ``game`` field)."""


def patched(view: View, patch: Any) -> View:
    """``view`` with the fields of ``patch`` (a :data:`ViewPatch` of its game) in place.

    >>> event = decode_server(
    ...     '{"type": "event", "n": 3, "actor": 0, "kind": "act", "text": "K♠",'
    ...     ' "patch": {"game": "euchre", "to_act": 1, "legal": []}}'
    ... )
    >>> event.patch.to_act, event.patch.legal, event.patch.hand
    (1, [], UNSET)
    """
    unset = msgspec.UNSET
    changed = {f: v for f in patch.__struct_fields__ if (v := getattr(patch, f)) is not unset}
    return msgspec.structs.replace(view, **changed)


# ------------------------------------------------------------ server to client


class Event(_Tagged, tag="event"):
    """Something happened at the table: event number ``n``, by ``actor`` (a seat, or None
    for the table itself), of ``kind`` ``act`` (an action), ``timeout`` (the turn clock
    ran out and a bot played for the seat), ``forfeit`` (the seat lost on time) or
    ``bet``. ``text`` says what happened as the recipient may know it (another seat's
    discard is a number of cards). ``patch``, on the last event of a batch, is what
    changed in the recipient's view since the last view (the welcome's) or patch it was
    sent (absent from the events a welcome replays). ``deadline``: when the turn clock
    of the seat to act runs out (Unix time), if the table has one. ``ack``: on the copy
    sent to the connection whose action (or bet) this event is, that message's sequence
    number: the action was accepted and committed."""

    n: EventNumber
    actor: int | None
    kind: Literal["act", "timeout", "forfeit", "bet"]
    text: str
    patch: ViewPatch | None = None
    deadline: float | None = None
    ack: int | None = None


class Welcome(_Tagged, tag="welcome"):
    """The answer to a hello (and to a sync): who the connection is, the number of the
    last event, the last client sequence number accepted for the seat, the commitment
    to the table's seed, the recipient's view, and ``missed``: the events after the
    ``last_event`` the client gave (empty when it gave none, or when more were missed
    than the server replays: the view says where the table stands)."""

    table: str
    game: str
    seat: int | None
    role: Literal["player", "spectator", "backer"]
    name: str | None
    event: EventNumber
    last_seq: int
    commitment: str
    view: View
    missed: list[Event]
    deadline: float | None = None
    idle: float | None = None
    """The seconds of silence after which the server closes the connection: a client
    that may sit idle that long sends a ``ping`` within it."""


class Ack(_Tagged, tag="ack"):
    """An action (or bet) sent again with the ``seq`` of one accepted before: it is
    event ``event``, and nothing was applied again (``duplicate``). A new action's
    acknowledgement is its event, whose ``ack`` is its ``seq``; that of an action sent
    before the connection's welcome came is this message (not a duplicate), after the
    welcome, whose view holds its event."""

    seq: int
    event: EventNumber
    duplicate: bool = False


class Error(_Tagged, tag="error"):
    """A message was refused and changed nothing: ``code`` classifies it
    (``not-json``, ``too-large``, ``bad-message``, ``no-hello``, ``unknown-table``,
    ``bad-token``, ``not-your-turn``, ``not-a-seat``, ``replayed``, ``illegal``,
    ``over``, ``rate-limited``, ``too-many-connections``, ``idle``, ``shutting-down``,
    ``storage``, ``bad-bet``, ``internal``; over HTTP also ``bad-table``, ``not-over``,
    ``not-found``, ``method-not-allowed``, and ``http`` for any other refusal of the
    request, by its status), ``message`` says what is wrong, in the game's words for an
    illegal action. ``seq``: the refused action's sequence number, if it had one."""

    code: str
    message: str
    seq: int | None = None


class Reveal(_Tagged, tag="reveal"):
    """The match is over: the seed and nonce behind the commitment published when the
    table opened. ``sha256("ecarte-table:{table}:{nonce}:{seed}")`` is the commitment,
    and the table's record (``/api/tables/{table}/record``) replays from the seed."""

    table: str
    seed: str
    nonce: str
    commitment: str


class Pong(_Tagged, tag="pong"):
    """The answer to a ping."""


ServerMessage = Welcome | Event | Ack | Error | Reveal | Pong
"""What the server sends over a WebSocket."""


# --------------------------------------------------------------------- HTTP


class SeatSpec(Struct, forbid_unknown_fields=True):
    """Who sits at a seat: a ``human`` (a client with the seat's token) or a ``bot``
    played by the server (``bot``: its name, ``heuristic`` by default)."""

    kind: Literal["human", "bot"] = "human"
    bot: Text | None = None
    name: Text | None = None


class CreateTable(Struct, forbid_unknown_fields=True):
    """``POST /api/tables``: a new table of ``game`` (a registered game) with its
    ``rules`` (a preset's name), its ``variants`` (Écarté's installed variants) and
    each variant's options (``options``: variant name -> keyword arguments, e.g. the
    club's players and gallery), its ``seats`` in order (default: seat 0 human, the
    others the heuristic bot), the turn clock (``turn_seconds``, none by default) and
    what happens when it runs out (``on_timeout``: a bot plays for the seat, or the
    seat forfeits the match)."""

    game: Text = "ecarte"
    rules: Text | None = None
    variants: Annotated[list[Text], Meta(max_length=8)] = []
    options: dict[Text, dict[str, Any]] = {}
    seats: Annotated[list[SeatSpec], Meta(max_length=8)] | None = None
    turn_seconds: Annotated[float, Meta(gt=0, le=86400)] | None = None
    on_timeout: Literal["bot", "forfeit"] = "bot"


class SeatInfo(Struct, forbid_unknown_fields=True):
    """A seat of a table; ``token`` only in the answer that created the table."""

    seat: int
    kind: Literal["human", "bot"]
    bot: str | None = None
    name: str | None = None
    token: str | None = None


class BetInfo(Struct, forbid_unknown_fields=True):
    """A backer of a club table (from the ``cercle`` options' gallery) and, once, the
    token it connects with to place bets."""

    name: str
    token: str | None = None


class TableCreated(Struct, forbid_unknown_fields=True):
    """The answer to ``POST /api/tables``: the only time the tokens are given."""

    table: str
    game: str
    commitment: str
    seats: list[SeatInfo]
    backers: list[BetInfo]
    websocket: str


class TableInfo(Struct, forbid_unknown_fields=True):
    """``GET /api/tables/{table}``: the public facts of a table; the seed and nonce once
    the match is over."""

    table: str
    game: str
    rules: str | None
    variants: list[str]
    seats: list[SeatInfo]
    status: Literal["playing", "over"]
    event: int
    commitment: str
    turn_seconds: float | None
    on_timeout: str
    seed: str | None = None
    nonce: str | None = None


# ------------------------------------------------------------------- coding

_CLIENT = msgspec.json.Decoder(ClientMessage)
_SERVER = msgspec.json.Decoder(ServerMessage)
_ENCODER = msgspec.json.Encoder()


def decode_client(data: bytes | str) -> ClientMessage:
    """A client's message, or :class:`msgspec.DecodeError` /
    :class:`msgspec.ValidationError` saying what is wrong with it."""
    return _CLIENT.decode(data)


def decode_server(data: bytes | str) -> ServerMessage:
    """A server's message (as a client reads it)."""
    return _SERVER.decode(data)


def encode(message: Any) -> bytes:
    """A message as JSON (UTF-8)."""
    return _ENCODER.encode(message)


def schema() -> dict[str, Any]:
    """The JSON Schema of every message: ``client`` (what a client sends), ``server``
    (what the server sends) and the HTTP bodies, their definitions under ``$defs``."""
    roots = (ClientMessage, ServerMessage, CreateTable, TableCreated, TableInfo)
    (client, server, create, created, info), defs = msgspec.json.schema_components(
        roots, ref_template="#/$defs/{name}"
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "ecarte game server messages",
        "type": "object",
        "properties": {
            "client": client,
            "server": server,
            "create_table": create,
            "table_created": created,
            "table_info": info,
        },
        "$defs": defs,
    }
