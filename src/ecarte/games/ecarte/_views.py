"""The reading half of :class:`~ecarte.Game`: the match's fields, its history and log,
its observations and the variants' descriptions, each read under the game's claim so that
a read never mixes two states (see docs/api.md, "Threads").

:class:`MatchReads` is a base class of ``Game`` and holds no state of its own; it reads
the machine through its contract (:class:`.protocol.MatchView`) and the game's shared
configuration, as ``Game`` does.
"""

from __future__ import annotations

import inspect
import json
import reprlib
import struct
from collections.abc import Callable
from functools import cache, wraps
from itertools import accumulate
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

from ecarte._cards import Card, CardSet, Suit
from ecarte._errors import ArgumentError, IllegalActionError

from . import _advice, _hooks
from . import observation as ob
from ._records import Records
from .actions import Action, Discard, Event
from .feed import Feed, FeedEvent
from .observation import Advice, Observation, Phase, State, card_of
from .protocol import MachineModule, MatchView
from .results import GameResult, HandResult
from .rules import Rules

if TYPE_CHECKING:
    from ._pymachine import Machine as _Base
    from .game import Game
else:
    _Base = object

_F = TypeVar("_F", bound=Callable[..., Any])


def held(read: _F) -> _F:
    """``read`` run holding the game, as ``apply`` does: it raises ConcurrentUseError while
    another thread's call holds the game, and another thread's change raises meanwhile
    (a read made of several steps never mixes two states)."""

    @wraps(read)
    def holding(self: MatchReads, *args: Any, **kwargs: Any) -> Any:
        self._claim()
        try:
            return read(self, *args, **kwargs)
        finally:
            self._release()

    @wraps(read)
    def holding_self(self: MatchReads) -> Any:  # a property's read: no arguments to pass on
        self._claim()
        try:
            return read(self)
        finally:
            self._release()

    alone = len(inspect.signature(read).parameters) == 1
    return cast(_F, holding_self if alone else holding)


class MatchReads(_Base):
    """What a game answers without changing: see the module's docstring."""

    __slots__ = ()

    _binding: ClassVar[MachineModule]
    """The binding module of this class's machine: its constants (phases, statuses)."""
    _phases: ClassVar[tuple[Phase, ...]]
    """The phases by the machine's phase number."""
    _discard_phases: ClassVar[frozenset[int]]
    """The machine's numbers of the two discard phases."""

    if TYPE_CHECKING:  # the game's members these reads use

        def _asking(self, ask: Any, *args: Any) -> Any: ...

        def _guard(self, what: str) -> None: ...

        def legal_actions(self) -> Any: ...

    # ------------------------------------------------------------------ views

    @property
    def rules(self) -> Rules:
        """The rules in force (after the variants configured them)."""
        return self._config.rules  # type: ignore[no-any-return]

    @property
    def players(self) -> int:
        """Number of players at the table."""
        return self._config.players  # type: ignore[no-any-return]

    @property
    def variants(self) -> tuple[str, ...]:
        """Names of the variants this game was created with."""
        return self._config.variants  # type: ignore[no-any-return]

    @property
    def seed(self) -> int:
        """The seed chance events are drawn from (event k from the seed and k), as an
        unsigned 64-bit int (a negative seed counts modulo 2**64)."""
        return self._view().seed

    @property
    def _state(self) -> State:
        """The machine's fields now with the views derived from them (tests, debugging)."""
        return State(self._m_view())

    def _view(self) -> MatchView:
        """The machine's fields now, by name (internal interface)."""
        return self._m_view()

    @property
    def phase(self) -> Phase:
        """Where the match stands (see :class:`Phase`)."""
        return self._phases[self._m_phase]

    @property
    def winner(self) -> int | None:
        """The winner of the match, once it is over."""
        w = self._m_view().winner
        return None if w < 0 else w

    @property
    def scores(self) -> tuple[int, ...]:
        """Points of each table player in the current (or last) game."""
        return self._m_view().scores

    @property
    def games_won(self) -> tuple[int, ...]:
        """Games won in this match by each table player."""
        return self._m_view().games_won

    @property
    @held
    def game_results(self) -> tuple[GameResult, ...]:
        """The finished games of the match, in order."""
        return tuple(self._read().games)

    @property
    @held
    def hand_results(self) -> tuple[HandResult, ...]:
        """The finished hands of the current game."""
        return tuple(self._read().game_hands)

    @property
    def game_players(self) -> tuple[int, int]:
        """The two table players of the current game."""
        return self._m_view().game_players

    @property
    def dealer(self) -> int | None:
        """The dealer of the current hand (None before the first cut)."""
        d = self._m_view().dealer
        return None if d == self._binding.NO_SEAT else d

    @property
    def elder(self) -> int | None:
        """The non-dealer of the current hand, who proposes and leads first."""
        e = self._m_view().elder
        return None if e == self._binding.NO_SEAT else e

    @property
    def turnup(self) -> Card | None:
        """The turned-up card of the current hand (None before the deal)."""
        return card_of(self._m_view().turnup)

    @property
    def trump(self) -> Suit | None:
        """The trump suit of the current hand (None before the deal)."""
        t = self._m_view().trump
        return None if t < 0 else Suit(t)

    @property
    def exchanges(self) -> tuple[tuple[int, int], ...]:
        """Each discard of this hand so far, as (seat, number of cards): public facts."""
        return ob.exchange_log(self._m_view())

    @property
    def chosen_packets(self) -> tuple[int, int] | None:
        """The packets the dealer chose for this game, if they chose."""
        return ob.packets(self._m_view())

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._m_view().stock)

    @property
    def game_number(self) -> int:
        """The number of the current game of the match (from 1)."""
        return self._m_view().game_number

    @property
    def hand_number(self) -> int:
        """Number of hands begun in the match so far."""
        return self._m_view().hand_number

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won in the current hand by each table player."""
        return ob.tricks_won(self._m_view())

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick so far, as (seat, card)."""
        return tuple((p, Card.from_id(c)) for p, c in ob.trick(self._m_view()))

    @property
    @held
    def history(self) -> tuple[Action | Event, ...]:
        """Every action and chance event, in order: :meth:`replay` rebuilds the game."""
        return tuple(self._read().history)

    @property
    @held
    def log(self) -> tuple[str, ...]:
        """A readable account of the match (actions, scores, results)."""
        return tuple(self._read().text())

    @held
    def events(self, seat: int | None, since: int = 0) -> tuple[FeedEvent, ...]:
        """What happened in the match, as ``seat`` may know it (None: a spectator), from
        event number ``since`` on: one :class:`~ecarte.FeedEvent` per deal, action,
        trick, score and end, numbered from 0 for every seat alike (a client that saw
        event ``n`` asks for ``since=n + 1``). Another seat's dealt, discarded and drawn
        cards are left out, their number stays. See docs/api.md, "The event feed"."""
        if seat is not None:
            self._check_seat(seat)
        if since.__class__ is not int or since < 0:
            raise ArgumentError(f"since must be an int from 0, not {reprlib.repr(since)}")
        feed = self._read(feed=True).feed
        assert feed is not None
        return feed.seen_by(seat, since)

    def _read(self, feed: bool = False) -> Records:
        """The records of the log so far (read from where the last reading stopped);
        ``feed``: with the event feed (read anew from the start the first time)."""
        records: Records | None = self._records
        end = self._m_nlog
        if records is None or records.offset > end or (feed and records.feed is None):
            records = self._records = Records(
                self._config.players,
                self._binding.ANSWER_SIZES,
                Feed(self.rules.rank_order.ranks) if feed else None,
            )
        if records.offset < end:
            records.read(self._m_log(records.offset), records.offset)
        return records

    def plugin(self, name: str) -> object:
        """The plugin registered under ``name`` in this game (a variant's name,
        or a plugin object's ``NAME``); raises :class:`~ecarte.ArgumentError` naming the
        game's plugins if there is none."""
        return self._config.hooks.plugin(name)

    @property
    def plugin_names(self) -> tuple[str, ...]:
        """The names of this game's plugins, classic included."""
        return self._config.hooks.names  # type: ignore[no-any-return]

    @held
    def describe(self, seat: int | None = None) -> tuple[str, ...]:
        """Lines in which the variants describe their own state for ``seat`` (None: a
        spectator), for display (hook ``ecarte_describe``); empty for classic rules."""
        if seat is not None:
            self._check_seat(seat)
        if self._busy:  # asked from inside a hook: answered as the game asks it
            return _hooks.describe(cast("Game", self), seat)
        return self._asking(_hooks.describe, seat)  # type: ignore[no-any-return]

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds (the whole truth: use :meth:`observation` for views)."""
        self._check_seat(seat)
        return CardSet(ob.hands(self._m_view())[seat])

    @held
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now."""
        self._check_seat(seat)
        v = self._m_view()
        return ob.observe(
            v,
            seat,
            self.rules,
            self._phases[v.phase],
            self._binding.NO_SEAT,
            self._discard_limits(v),
            _advice.view(cast("Game", self), seat, v.hand_number),
        )

    @held
    def public_observation(self) -> dict[str, Any]:
        """What every seat (and a spectator) may know now, as plain JSON values: the
        fields of ``observation(seat).to_dict()`` that are the same for every seat (all
        but ``seat``, ``rules``, ``hand`` and a backer's ``backs``, ``backed_hand`` and
        ``advice``), read from the match at once, without an :class:`Observation`: a
        server sends it to every seat after every action.

        >>> from ecarte import Game
        >>> game = Game(seed=1)
        >>> seen = game.observation(0).to_dict()
        >>> game.public_observation() == {
        ...     k: v for k, v in seen.items() if k not in ("seat", "rules", "hand")
        ... }
        True
        """
        v = self._m_view()
        return self._public_fields(v, self._discard_limits(v))

    @held
    def public_changes(
        self, since: tuple[Any, ...] | None = None
    ) -> tuple[dict[str, Any], tuple[Any, ...]]:
        """:meth:`public_observation` told as what moved: ``(fields, mark)``, the fields
        whose match data changed since ``since`` (a mark this method returned earlier for
        this game; None: every field) and the mark of now, for the next call. Each field
        is built only when the data it is read from changed (a field so rebuilt may keep
        its value): a server that sends every seat what changed after each action reads
        little more than that. Raises :class:`~ecarte.ArgumentError`, and changes nothing,
        if ``since`` is not a mark.

        >>> from ecarte import Game
        >>> game = Game(seed=1)
        >>> view, mark = game.public_changes()
        >>> view == game.public_observation()
        True
        >>> game.apply(game.legal_actions()[0])
        >>> changed, mark = game.public_changes(mark)
        >>> {**view, **changed} == game.public_observation()
        True
        >>> sorted(changed)
        ['phase', 'stock_size', 'to_act', 'trump', 'turnup']
        """
        if since is not None and (type(since) is not tuple or len(since) != len(_FIELD_NAMES)):
            raise ArgumentError(
                "since must be a mark public_changes() returned (a tuple), not "
                f"{reprlib.repr(since)}"
            )
        v = self._m_view()
        limits = self._discard_limits(v)
        mark = _public_inputs(v, limits)
        if since is None:
            return self._public_fields(v, limits), mark
        build = _PUBLIC_FIELDS
        fields = {
            name: build[name](self, v, limits)
            for name, now, then in zip(_FIELD_NAMES, mark, since, strict=True)
            if now != then
        }
        return fields, mark

    @held
    def public_changes_json(self, since: bytes | None = None) -> tuple[bytes, bytes]:
        """:meth:`public_observation` as JSON told as what changed: ``(members, mark)``.
        ``members`` are the members (``"name":value``, joined by ``,``, without braces) of
        the fields whose JSON value differs from their value in the state ``since`` marks
        (a mark this method returned earlier for this game; None: every field), in
        :meth:`public_observation`'s order, encoded as ``msgspec.json.encode`` writes
        them (UTF-8, no spaces); empty when nothing changed. ``mark`` is the state of now
        for the next call (bytes, the same on every backend). Written by the machine in
        one call, without a dict: what a server sends every seat after every action (the
        discard limits a variant's vetoes leave are worked out here, then written by the
        machine). Raises :class:`~ecarte.ArgumentError`, and changes nothing, if ``since`` is not
        a mark.

        >>> import json
        >>> from ecarte import Game
        >>> game = Game(seed=1)
        >>> members, mark = game.public_changes_json()
        >>> json.loads(b"{" + members + b"}") == game.public_observation()
        True
        >>> game.apply(game.legal_actions()[0])
        >>> members, mark = game.public_changes_json(mark)
        >>> print(members.decode())
        "phase":"propose","to_act":1,"turnup":"9♠","trump":"♠","stock_size":21
        """
        if self._config.validators and not self._busy and self._m_phase in self._discard_phases:
            # a variant may veto some discard sizes: the limits that remain, from here
            limits = self._discard_limits(self._m_view())
            least, most = (_NO_LIMITS, 0) if limits is None else limits
            found = self._m_public_json(since, least, most)
        else:
            found = self._m_public_json(since)
        if found is None:
            raise ArgumentError(
                "since must be a mark public_changes_json() returned (bytes), not "
                f"{reprlib.repr(since)}"
            )
        return found

    def _public_json(
        self, since: bytes | None, least: int, most: int
    ) -> tuple[bytes, bytes] | None:
        """The twin of the machine's ``ec_public_view`` (ecarte_view.h, which states the
        mark's format): :meth:`public_changes_json`'s answer, or None when ``since`` is
        not a mark, with the discard limits ``(least, most)`` (-1: none; -2: the
        machine's own), from the fields of :meth:`public_observation`.

        A pure machine keeps the last view it wrote (its mark, its members and what each
        member was read from): asked again from that mark, it encodes only the members
        whose match data moved since, the others are the mark's."""
        if least not in (_OWN_LIMITS, _NO_LIMITS) and not (0 <= least <= 255 and 0 <= most <= 255):
            raise ValueError(f"discard limits out of 0..255: {least}, {most}")
        kept = getattr(self, "_public_kept", _NOT_KEPT)  # (the compiled machines keep none)
        if kept is None or kept is _NOT_KEPT or since.__class__ is not bytes or since != kept[0]:
            return self._public_json_whole(since, least, most, kept is not _NOT_KEPT)
        v = self._m_view()
        limits = self._limits_asked(v, least, most)
        then, kept_members, read = kept
        inputs = _public_inputs(v, limits)
        members = list(kept_members)
        changed = []
        for i, now in enumerate(inputs):
            if now != read[i]:
                member = _public_member(self, i, now, v, limits)
                if member != members[i]:
                    members[i] = member
                    changed.append(member)
        if not changed:
            self._public_kept = (then, kept_members, inputs)
            return b"", then
        mark = _MARK_HEAD.pack(*accumulate(map(len, members))) + b"".join(members)
        self._public_kept = (mark, tuple(members), inputs)
        return b",".join(changed), mark

    def _public_json_whole(
        self, since: bytes | None, least: int, most: int, keep: bool = False
    ) -> tuple[bytes, bytes] | None:
        """:meth:`_public_json` with every member encoded (and compared with those of
        ``since``); ``keep``: kept as the machine's last view written."""
        before = None if since is None else _mark_members(since)
        if since is not None and before is None:
            return None
        v = self._m_view()
        limits = self._limits_asked(v, least, most)
        members = [_member(name, value) for name, value in self._public_fields(v, limits).items()]
        mark = _MARK_HEAD.pack(*accumulate(map(len, members))) + b"".join(members)
        if keep:
            self._public_kept = (mark, tuple(members), _public_inputs(v, limits))
        if before is not None:
            members = [now for now, then in zip(members, before, strict=True) if now != then]
        return b",".join(members), mark

    def _limits_asked(self, v: MatchView, least: int, most: int) -> tuple[int, int] | None:
        """The discard limits :meth:`_public_json`'s ``least`` and ``most`` stand for."""
        if least == _OWN_LIMITS:
            return self._own_limits(v)
        return None if least == _NO_LIMITS else (least, most)

    def _public_fields(
        self, v: MatchView, limits: tuple[int, int] | None, only: list[str] | None = None
    ) -> dict[str, Any]:
        """The fields of :meth:`public_observation` (those named in ``only``, or every
        one), from the match's fields ``v``."""
        if only is None:
            return {name: build(self, v, limits) for name, build in _PUBLIC_FIELDS.items()}
        return {name: _PUBLIC_FIELDS[name](self, v, limits) for name in only}

    @held
    def advise(self, adviser: int | str, action: Action | str) -> Advice:
        """``adviser`` (la poule's waiting seat, a backer's name in the cercle's gallery)
        advises the player it backs to take ``action``, a card or a decision (or its
        text): the advised seat sees it in :meth:`observation` this hand, nobody else
        does, it binds nobody and it is never saved nor replayed. Raises
        :class:`~ecarte.AdviceError`, and changes nothing, if ``adviser`` backs nobody
        now or the advice is not a card or a decision of the advised player's hand."""
        self._guard("advise()")
        return _advice.advise(cast("Game", self), adviser, action)

    @held
    def backed_view(self, adviser: int | str) -> Observation:
        """What ``adviser`` sees of the player it backs and may advise: that seat's
        :meth:`observation` (their hand, what they know), with only the advice
        ``adviser`` gave. Raises :class:`~ecarte.AdviceError` if it backs nobody now."""
        return _advice.backed_view(cast("Game", self), adviser)

    @held
    def discard_limits(self) -> tuple[int, int] | None:
        """The least and the most cards the seat to act may discard now, in a discard
        phase (None in the other phases): the sizes of its legal :class:`~ecarte.Discard`
        actions, for a UI that lets a player pick cards (also in :meth:`observation`)."""
        return self._discard_limits(self._m_view())

    def _discard_limits(self, v: MatchView) -> tuple[int, int] | None:
        own = self._own_limits(v)
        if own is not None and self._config.validators and not self._busy:
            # a variant may veto some sizes
            sizes = [len(d.cards) for d in self.legal_actions() if isinstance(d, Discard)]
            return (min(sizes), max(sizes)) if sizes else None
        return own

    def _own_limits(self, v: MatchView) -> tuple[int, int] | None:
        """The machine's discard limits (the rules' and the stock's, no variant's veto)."""
        if v.phase not in self._discard_phases or v.to_act < 0:
            return None
        return (v.disc_least, v.disc_most)

    def _check_seat(self, seat: int) -> None:
        if not (seat.__class__ is int and 0 <= seat < self.players):
            raise IllegalActionError(f"no seat {seat!r} at a table of {self.players}")


@cache
def _card_text(card_id: int) -> str:
    """A card's text by its id (``"K♠"``), made once."""
    return str(Card.from_id(card_id))


@cache
def _suit_symbol(suit: int) -> str:
    """A suit's symbol by its number (``"♠"``), found once."""
    return Suit(suit).symbol


def _seat(r: MatchReads, seat: int) -> int | None:
    return None if seat == r._binding.NO_SEAT else seat


def _cards(plays: Any) -> list[dict[str, Any]]:
    return [{"seat": s, "card": _card_text(c)} for s, c in plays]


_PUBLIC_FIELDS: dict[str, Callable[[MatchReads, MatchView, tuple[int, int] | None], Any]] = {
    "phase": lambda r, v, _: r._phases[v.phase].value,
    "to_act": lambda r, v, _: v.to_act,
    "dealer": lambda r, v, _: _seat(r, v.dealer),
    "elder": lambda r, v, _: _seat(r, v.elder),
    "turnup": lambda r, v, _: None if v.turnup > 63 else _card_text(v.turnup),
    "trump": lambda r, v, _: None if v.trump < 0 else _suit_symbol(v.trump),
    "stock_size": lambda r, v, _: len(v.stock),
    "exchanges": lambda r, v, _: [{"seat": s, "cards": n} for s, n in ob.exchange_log(v)],
    "trick": lambda r, v, _: _cards(ob.trick(v)),
    "tricks": lambda r, v, _: [_cards(t) for t in ob.tricks(v)],
    "tricks_won": lambda r, v, _: list(ob.tricks_won(v)),
    "played_without_proposing": lambda r, v, _: bool(v.played_without_proposing),
    "refused_after": lambda r, v, _: None if v.refused_after == 255 else v.refused_after,
    "kings_announced": lambda r, v, _: list(ob.announced_seats(v)),
    "scores": lambda r, v, _: list(v.scores),
    "games_won": lambda r, v, _: list(v.games_won),
    "discard_limits": lambda r, v, limits: None if limits is None else list(limits),
}
"""Each field of :meth:`MatchReads.public_observation`, in order, built from the game and
its match's fields (and the discard limits, read once)."""


def _public_inputs(v: MatchView, limits: tuple[int, int] | None) -> tuple[Any, ...]:
    """What each field of :meth:`MatchReads.public_observation` is built from, in the
    fields' order: the same inputs, the same field (every value read is immutable)."""
    seats = (v.elder, v.dealer)
    cards, leaders = v.play_cards, v.play_leaders
    done = len(cards) // 2  # the finished tricks: the cards in pairs, a leader each
    return (
        v.phase,
        v.to_act,
        v.dealer,
        v.elder,
        v.turnup,
        v.trump,
        len(v.stock),
        (seats, v.discarded),  # exchanges
        (seats, v.in_play, cards[2 * done :], leaders[done:]),  # trick
        (seats, v.in_play, cards[: 2 * done], leaders[:done]),  # tricks
        (seats, v.players, v.in_play, v.play_won),  # tricks_won
        v.played_without_proposing,
        v.refused_after,
        (seats, v.announced),  # kings_announced
        v.scores,
        v.games_won,
        limits,  # discard_limits
    )


_MANY_VALUES = frozenset(("exchanges", "tricks", "scores", "games_won"))
"""The public fields whose values are too many to remember their members."""
_FIELD_NAMES = tuple(_PUBLIC_FIELDS)
"""The public fields' names, in order (as :func:`_public_inputs` lists their inputs)."""
_FEW_VALUES = frozenset(i for i, name in enumerate(_FIELD_NAMES) if name not in _MANY_VALUES)
"""The positions of the fields whose members are remembered by their inputs."""
_MEMBERS: dict[tuple[type, int, Any], bytes] = {}
"""The members of those fields by game class, position and inputs (at most
:data:`_MEMBERS_KEPT` of them: a field of few values is encoded once)."""
_MEMBERS_KEPT = 8192
"""The most members :data:`_MEMBERS` holds (past them, the others are encoded anew)."""


def _public_member(
    r: MatchReads, i: int, inputs: Any, v: MatchView, limits: tuple[int, int] | None
) -> bytes:
    """The member of the ``i``-th public field, built from ``v`` and ``limits``
    (``inputs``: what it is built from, by which a field of few values is remembered)."""
    name = _FIELD_NAMES[i]
    if i not in _FEW_VALUES:
        return _member(name, _PUBLIC_FIELDS[name](r, v, limits))
    key = (r.__class__, i, inputs)
    member = _MEMBERS.get(key)
    if member is None:
        member = _member(name, _PUBLIC_FIELDS[name](r, v, limits))
        if len(_MEMBERS) < _MEMBERS_KEPT:
            _MEMBERS[key] = member
    return member


_NOT_KEPT: Any = object()
"""What a machine that keeps no last view (a compiled one) has for it."""


_OWN_LIMITS = -2
"""The discard limits' ``least`` saying "the machine's own" (``EC_VIEW_OWN_LIMITS``)."""
_NO_LIMITS = -1
"""... saying "none" (``EC_VIEW_NO_LIMITS``)."""

_MARK_HEAD = struct.Struct(f"<{len(_PUBLIC_FIELDS)}H")
"""A mark's head: the end of each field's member past the head (see ecarte_view.h)."""
_OPENINGS = {name: f"{json.dumps(name)}:".encode() for name in _PUBLIC_FIELDS}
"""The bytes that open each field's member (``"phase":``)."""


_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
"""A value's JSON as msgspec writes it (UTF-8 once encoded, no spaces)."""


def _member(name: str, value: Any) -> bytes:
    """A field's JSON member."""
    return _OPENINGS[name] + _JSON(value).encode()


def _mark_members(mark: object) -> list[bytes] | None:
    """The members of a mark (:meth:`MatchReads.public_changes_json`), or None if
    ``mark`` is not one: bytes whose head's ends are in order, the last at its end, each
    member opening with its field's name and holding a value."""
    head = _MARK_HEAD.size
    if type(mark) is not bytes or not head <= len(mark) <= head + 0xFFFF:
        return None
    body = mark[head:]
    members, start = [], 0
    for end, opening in zip(_MARK_HEAD.unpack_from(mark), _OPENINGS.values(), strict=True):
        member = body[start:end]
        if end > len(body) or len(member) <= len(opening) or not member.startswith(opening):
            return None
        members.append(member)
        start = end
    return members if start == len(body) else None
