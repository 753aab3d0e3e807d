"""What the server knows of each game it serves: how a table's game is made, how an
action is read and applied, the bots, and the one view function per seat that is the
only thing about a game ever sent to a client.

A game of the registry is served when it has an adapter here (:data:`ADAPTERS`):
Écarté (with every installed variant) and Euchre (with its presets). An adapter
reads the game only through its public API.
"""

from __future__ import annotations

import importlib.metadata
import secrets
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any, NamedTuple

import msgspec

from ecarte import (
    Action,
    ArgumentError,
    Card,
    Discard,
    EcarteError,
    Game,
    IllegalActionError,
    Rules,
    available_variants,
    get_game,
)
from ecarte.games.ecarte._plugins import load_variant
from ecarte.games.ecarte.feed import record_seen_by
from ecarte.games.euchre import PRESETS as EUCHRE_PRESETS
from ecarte.games.euchre import EuchreGame, EuchreRules, HeuristicBot, RandomBot
from ecarte.players import HeuristicPlayer, Player, RandomPlayer

from . import messages as m

__all__ = [
    "ADAPTERS",
    "BOT_ENTRY_POINTS",
    "Adapter",
    "Bot",
    "Refused",
    "adapter",
    "games_info",
]

BOT_ENTRY_POINTS = "ecarte.bots"
"""The entry-point group of third-party bots: a name -> a class made without arguments;
its ``GAME`` attribute names its game (``"ecarte"`` when it has none). An Écarté bot is
an :class:`ecarte.players.Player` (``choose(observation, legal) -> action``), a Euchre
bot has ``choose(game) -> action id``."""


class Refused(Exception):
    """A message the table refuses: ``code`` classifies it (see
    :class:`~ecarte.server.messages.Error`), the text says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


Bot = Callable[[Any, int], m.Act]
"""A bot of a table: ``bot(game, seat)`` returns its action for ``seat`` (an act, read
as a client's is)."""

_ENGINE_ERRORS = (EcarteError, ValueError, TypeError)


def _entry_point_bots(game: str) -> dict[str, type]:
    found: dict[str, type] = {}
    for ep in importlib.metadata.entry_points(group=BOT_ENTRY_POINTS):
        try:
            cls = ep.load()
        except Exception:  # a broken bot is not offered
            continue
        if getattr(cls, "GAME", "ecarte") == game:
            found[ep.name] = cls
    return found


def changed(before: dict[str, Any], now: dict[str, Any]) -> dict[str, Any]:
    """The fields of ``now`` whose values are not those of ``before`` (the same object is
    the same value: compared first), in ``before``'s order, then those it lacks."""
    get = now.get
    moved = {k: v for k, b in before.items() if (v := get(k, b)) is not b and v != b}
    if not now.keys() <= before.keys():
        moved.update((k, v) for k, v in now.items() if k not in before)
    return moved


_ENCODE = m.encode
_DECODE = msgspec.json.Decoder(dict[str, Any]).decode


def members(fields: dict[str, Any]) -> bytes:
    """``fields`` as the members of a JSON object, without its braces (empty for none)."""
    return _ENCODE(fields)[1:-1] if fields else b""


# ------------------------------------------------------------------- Écarté

_TEXT: dict[Any, str] = {}
"""Each card's text, by card (the 32 cards of the piquet deck, the 24 to 32 of Euchre's and
its joker)."""


def _text(card: Any) -> str:
    text = _TEXT.get(card)
    if text is None:
        text = _TEXT[card] = str(card)
    return text


_ID_TEXT: list[str | None] = [None] * 64
"""Each card's text, by card id (the bit of the card in a card mask), made once."""


def _mask_texts(mask: int) -> tuple[str, ...]:
    """The texts of the cards of a card mask, in the order of :class:`ecarte.CardSet`
    (by id), without making a card object."""
    return tuple(_bit_texts(mask))


def _bit_texts(mask: int) -> list[str]:
    texts = _ID_TEXT
    out = []
    while mask:
        low = mask & -mask
        bit = low.bit_length() - 1
        text = texts[bit]
        if text is None:
            text = texts[bit] = str(Card.from_id(bit))
        out.append(text)
        mask ^= low
    return out


def _by_seat(d: Mapping[int, int]) -> dict[str, int]:
    return {str(k): v for k, v in d.items()}


_DISCARD_BASE = 64
"""The id of discarding nothing: a discard's id is this plus the mask of its cards over the
mover's hand sorted by card (:meth:`ecarte.Game.action_id`)."""

_ACTION_TEXT: dict[int, dict[str, Any]] = {}
"""The id and text of every action but a discard (their ids do not depend on the state),
as a legal action of a view, by id."""

_LEGAL: dict[int | tuple[int, int], list[dict[str, Any]]] = {}
"""The legal actions of a view (``{"id", "text"}`` each) by the legal ids' bits, and the
hand's card mask with the bits of discards (their texts name the hand's cards): the same
list for the same actions, while it is kept (quick to compare with the list last
sent)."""

_RECORDS: dict[int, str] = {}
"""The record of each action id but a discard's (a few dozen)."""

_PARSED: dict[str, Action] = {}
"""Records read back to the engine's actions (every record but a discard's: a few
dozen)."""


def _ecarte_legal(game: Game) -> list[dict[str, Any]]:
    """``{"id", "text"}`` of each legal action of the seat to act, as
    ``game.action_id(a)`` and ``str(a)`` say, in the order of the ids."""
    bits = game.legal_action_bits()
    return _legal_of(game, bits, game.hand_mask(game.to_act) if bits else 0)


def _legal_of(game: Game, bits: int, hand: int) -> list[dict[str, Any]]:
    """The legal actions of the ids set in ``bits``, ``hand`` the mask of the hand of
    the seat to act (it names a discard's cards: read only when a discard is legal); read
    from the bits, without making an action object (but once for each id of another
    action than a discard)."""
    key = (bits, hand) if bits >> _DISCARD_BASE else bits
    known = _LEGAL.get(key)  # (propose, accept, refuse... and the plays of some hands)
    if known is not None:
        return known
    out: list[dict[str, Any]] = []
    low, high = bits & ((1 << _DISCARD_BASE) - 1), bits >> _DISCARD_BASE
    while low:
        bit = low & -low
        low ^= bit
        action_id = bit.bit_length() - 1
        text = _ACTION_TEXT.get(action_id)
        if text is None:  # the same dict each time (read, never changed)
            text = _ACTION_TEXT[action_id] = {
                "id": action_id,
                "text": str(game.action_from_id(action_id)),
            }
        out.append(text)
    if high:
        cards = [1 << i for i in range(64) if hand >> i & 1]  # the hand by card, as ids say
        while high:
            bit = high & -high
            high ^= bit
            chosen = bit.bit_length() - 1  # the mask of the cards over the hand's cards
            mask = 0
            for i, card in enumerate(cards):
                if chosen >> i & 1:
                    mask |= card
            # as str(Discard) says it: the cards by id
            out.append(
                {"id": _DISCARD_BASE + chosen, "text": " ".join(["discard", *_bit_texts(mask)])}
            )
    if len(_LEGAL) >= 1 << 14:
        _LEGAL.clear()
    _LEGAL[key] = out
    return out


class Adapter:
    """A game the server serves: each served game's adapter (:data:`ADAPTERS`) makes its
    games, reads and applies its actions, and builds its seats' views; this base holds
    what they share (whose turn, the end, the bots by name, reading an act, the views'
    skeleton)."""

    name: str
    title: str
    view_type: type[m.View]
    """The struct of its views (:class:`~ecarte.server.messages.EcarteView`...)."""
    _HEURISTIC: Callable[[], Any]
    _RANDOM: Callable[[int], Any]

    def __init_subclass__(
        cls, *, game: str, title: str, view: type[m.View], bots: tuple[Any, Any]
    ) -> None:
        """A served game: its registered name, its title, its views' struct, and its
        bundled heuristic and random bots (the second seeded with an int)."""
        super().__init_subclass__()
        cls.name, cls.title, cls.view_type = game, title, view
        cls._HEURISTIC, cls._RANDOM = bots

    def create(self, spec: m.CreateTable, seed: int) -> Any:
        """The game of a new table (``ArgumentError`` or another ``EcarteError``, with the
        game's message, for bad options)."""
        raise NotImplementedError

    def seats(self, game: Any) -> int:
        raise NotImplementedError

    def apply(self, game: Any, seat: int, record: str) -> None:
        """Apply a record (as :meth:`record` or a bot made it)."""
        raise NotImplementedError

    def redact(self, text: str, actor: int | None, recipient: int | None) -> str:
        """What ``recipient`` (None: a spectator) may read of ``actor``'s action text."""
        raise NotImplementedError

    @property
    def _BOTS(self) -> dict[str, Callable[[], Any]]:
        """The bundled bots: the heuristic one, and the random one (seeded from
        :mod:`secrets`)."""
        return {"heuristic": self._HEURISTIC, "random": lambda: self._RANDOM(secrets.randbits(64))}

    def to_act(self, game: Any) -> int | None:
        """The seat to act, None when none is (the match is over)."""
        seat: int = game.to_act
        return seat if seat >= 0 else None

    def is_over(self, game: Any) -> bool:
        return bool(game.is_over)

    def _makers(self) -> dict[str, Callable[[], Any]]:
        return {**self._BOTS, **_entry_point_bots(self.name)}

    def bot(self, name: str) -> Bot:
        """A new bot by name; :class:`Refused` for an unknown one."""
        makers = self._makers()
        if name not in makers:
            raise Refused("bad-table", f"no {self.title} bot {name!r} (bots: {', '.join(makers)})")
        player = makers[name]()
        return lambda game, seat: self._move(player, game, seat)

    def _move(self, player: Any, game: Any, seat: int) -> m.Act:
        """The bot ``player``'s action for ``seat``."""
        raise NotImplementedError

    def record(self, game: Any, seat: int, act: m.Act) -> tuple[str, str]:
        """``(record, text)`` of a seat's action: what is stored and replayed, and what it
        says; :class:`Refused` when it is not a legal action of the seat now."""
        if (act.action is None) == (act.id is None):
            raise Refused("bad-message", "an act names its action by text or by id: one of the two")
        try:
            return self._read(game, act)
        except _ENGINE_ERRORS as exc:
            raise Refused("illegal", str(exc)) from None

    def _read(self, game: Any, act: m.Act) -> tuple[str, str]:
        """``(record, text)`` of the action ``act`` names, by text or by id (one of the
        two; the engine's errors for an action that is not legal, or not one)."""
        raise NotImplementedError

    def bots(self) -> tuple[str, ...]:
        return (*self._BOTS, *sorted(_entry_point_bots(self.name)))

    def views(
        self, game: Any, seats: Iterable[int | None], forfeit: int | None = None
    ) -> dict[int | None, dict[str, Any]]:
        """Everything each of ``seats`` (None: a spectator) may know of the table now, as
        the JSON values of its view (the fields of :attr:`view_type`): the public part,
        the same for all, and each seat's own (its hand, its legal actions, the variants'
        lines for it); ``forfeit``: the seat that forfeited the match, if one did."""
        public, own = self.view_parts(game, seats, forfeit)
        return {seat: {**public, **fields} for seat, fields in own.items()}

    def view_parts(
        self,
        game: Any,
        seats: Iterable[int | None],
        forfeit: int | None,
        cache: dict[str, Any] | None = None,
    ) -> tuple[dict[str, Any], dict[int | None, dict[str, Any]]]:
        """The views of :meth:`views` in two parts: the public fields, the same for all,
        and each seat's own (a view is the two together). ``cache``: a dict the table
        keeps for this game, where the adapter keeps what changes seldom (the finished
        hands)."""
        over = bool(game.is_over) or forfeit is not None
        now = _Now(over, None if over else self.to_act(game), forfeit, cache)
        public = self._public(game, now)
        public.update(to_act=now.to_act, over=over, winner=game.winner, forfeit=forfeit)
        return public, {seat: self._own(game, seat, now) for seat in seats}

    def view_update(
        self,
        game: Any,
        seats: Iterable[int | None],
        forfeit: int | None,
        cache: dict[str, Any],
        previous: dict[str, Any] | None,
    ) -> tuple[dict[str, Any], bytes, dict[int | None, Any]]:
        """What a table's views are now, told as what changed: ``(public, patch,
        states)``, ``patch`` the JSON members (as :func:`members` writes them) of the
        public fields whose values differ from ``previous``'s (every field when it is
        None), in the order of the public part, ``states`` each seat's
        :meth:`own_state`. ``previous``: the public part this method returned last for
        the table of ``cache`` (then only what moved since is read again; an adapter may
        keep, in ``public``, the very objects of ``previous`` whose values did not
        change), or any other (then every field is read and compared)."""
        over = bool(game.is_over) or forfeit is not None
        now = _Now(over, None if over else self.to_act(game), forfeit, cache)
        public, patch = self._public_update(game, now, previous)
        return public, patch, {seat: self._own_state(game, seat, now) for seat in seats}

    def own_states(
        self, game: Any, seats: Iterable[int | None], forfeit: int | None, cache: dict[str, Any]
    ) -> dict[int | None, Any]:
        """Each seat's :meth:`own_state` now."""
        over = bool(game.is_over) or forfeit is not None
        now = _Now(over, None if over else self.to_act(game), forfeit, cache)
        return {seat: self._own_state(game, seat, now) for seat in seats}

    def _own_state(self, game: Any, seat: int | None, now: _Now) -> Any:
        """What a seat's own part of its view is made from, a value compared with ``==``
        (here the part itself; an adapter may keep less: its :meth:`own_fields` and
        :meth:`own_patch` make the fields from it)."""
        return self._own(game, seat, now)

    def own_fields(self, game: Any, state: Any) -> dict[str, Any]:
        """The fields of a seat's own part, from its :meth:`own_state`."""
        fields: dict[str, Any] = state
        return fields

    def own_patch(self, game: Any, before: Any, state: Any) -> bytes:
        """The JSON members (``"name":value`` separated by commas, no braces) of the
        fields of a seat's own part whose values differ between two of its states."""
        return members(changed(before, state))

    def _public_update(
        self, game: Any, now: _Now, previous: dict[str, Any] | None
    ) -> tuple[dict[str, Any], bytes]:
        """The public part now and the JSON members of its fields that differ from
        ``previous``'s (see :meth:`view_update`): here read whole and compared."""
        public = self._public(game, now)
        public.update(to_act=now.to_act, over=now.over, winner=game.winner, forfeit=now.forfeit)
        return public, members(public if previous is None else changed(previous, public))

    def _public(self, game: Any, now: _Now) -> dict[str, Any]:
        """The game's fields of every seat's view that are the same for all (the table's,
        ``to_act``, ``over``, ``winner`` and ``forfeit``, are added to them)."""
        raise NotImplementedError

    def _own(self, game: Any, seat: int | None, now: _Now) -> dict[str, Any]:
        """The fields of ``seat``'s view that are its own (``seat`` None: a spectator)."""
        raise NotImplementedError


class _Now(NamedTuple):
    """Where a table stands, for its views: over (or forfeited), the seat to act (None
    once over), the seat that forfeited, the table's cache for the adapter (a named
    tuple: one is made for every view)."""

    over: bool
    to_act: int | None
    forfeit: int | None
    cache: dict[str, Any] | None


class EcarteAdapter(
    Adapter,
    game="ecarte",
    title="Écarté",
    view=m.EcarteView,
    bots=(HeuristicPlayer, RandomPlayer),
):
    """Écarté and its variants (:class:`ecarte.Game`)."""

    def create(self, spec: m.CreateTable, seed: int) -> Game:
        known = available_variants()
        names: list[str] = []
        plugins: list[object] = []
        for name in spec.variants:
            if name not in known:
                raise ArgumentError(
                    f"no variant {name!r} is installed (variants: {', '.join(known) or 'none'})"
                )
            options = spec.options.get(name)
            if options is None:
                names.append(name)
            else:
                cls = load_variant(name)
                if not callable(cls):
                    raise ArgumentError(f"variant {name!r} takes no options")
                try:
                    plugins.append(cls(**options))
                except TypeError as exc:
                    raise ArgumentError(f"variant {name!r}: {exc}") from None
        extra = sorted(set(spec.options) - set(spec.variants))
        if extra:
            raise ArgumentError(f"options for {extra[0]!r}, which is not among the variants")
        rules = Rules.preset(spec.rules) if spec.rules is not None else None
        return Game(rules, seed=seed, variant=names or None, plugins=plugins)

    def seats(self, game: Game) -> int:
        return game.players

    def _read(self, game: Game, act: m.Act) -> tuple[str, str]:
        action_id = act.id
        if action_id is None:
            record = str(Action.parse(act.action))  # type: ignore[arg-type]
        elif action_id < _DISCARD_BASE:  # (its text does not depend on the state)
            known = _RECORDS.get(action_id)
            if known is None:
                known = _RECORDS[action_id] = str(game.action_from_id(action_id))
            record = known
        else:
            record = str(game.action_from_id(action_id))
        return record, record

    def apply(self, game: Game, seat: int, record: str) -> None:
        action = _PARSED.get(record)
        if action is None:
            action = Action.parse(record)
            if action.__class__ is not Discard:  # the engine's own object: its fast path
                action = _PARSED[record] = game.action_from_id(game.action_id(action))
        game.apply(action, seat=seat)

    def redact(self, text: str, actor: int | None, recipient: int | None) -> str:
        if actor == recipient or not text.startswith("discard"):
            return text  # as record_seen_by says, without its pattern: only discards hide
        return record_seen_by(text, actor, recipient)

    def _public(self, game: Game, now: _Now) -> dict[str, Any]:
        # The fields of an observation, as an embedder gets them, that every seat sees.
        public = game.public_observation()
        public.update(self._match(game, now))
        public["club"] = _club(game)
        return public

    def _match(self, game: Game, now: _Now) -> dict[str, Any]:
        """The public fields of the view that are not the observation's."""
        return {
            "players": game.players,
            "variants": list(game.plugin_names[1:]),
            "game_players": list(game.game_players),
            "game_number": game.game_number,
            "hand_number": game.hand_number,
            **_summaries(game, now.cache),
        }

    def _public_update(
        self, game: Game, now: _Now, previous: dict[str, Any] | None
    ) -> tuple[dict[str, Any], bytes]:
        # From the table's last public part: the engine writes the observation's fields
        # that moved since (Game.public_changes_json), the match's are read when the hand,
        # the game or the match moved on.
        cache = now.cache
        assert cache is not None
        since = None
        if previous is not None and cache.get("public") is previous:
            since = cache["mark"]
        written, mark = game.public_changes_json(since)
        fields: dict[str, Any] = _DECODE(b"{%s}" % written)
        match = (game.game_number, game.hand_number, now.over)
        if since is None or match != cache.get("match"):
            fields.update(self._match(game, now))
        fields["club"] = _club(game)  # (read at each step: a book closes with a deal)
        fields.update(to_act=now.to_act, over=now.over, winner=game.winner, forfeit=now.forfeit)
        if previous is None:
            public = moved = fields
        else:
            moved = changed(previous, fields)
            public = fields if since is None else {**previous, **moved}
        cache["public"], cache["mark"], cache["match"] = public, mark, match
        return public, members(moved)

    def view_update(
        self,
        game: Game,
        seats: Iterable[int | None],
        forfeit: int | None,
        cache: dict[str, Any],
        previous: dict[str, Any] | None,
    ) -> tuple[dict[str, Any], bytes, dict[int | None, Any]]:
        # The table's common case in one function (the one that runs after every
        # action): the last public part was this table's, the match goes on and no
        # variant describes anything; otherwise the general path. The engine's JSON of
        # the observation's fields that moved is the patch's first part as it is.
        to_act: int = game.to_act
        if (
            previous is None
            or cache.get("public") is not previous
            or cache.get("variants") is not False
            or forfeit is not None
            or game.is_over
            or to_act < 0
        ):
            return super().view_update(game, seats, forfeit, cache, previous)
        assert previous is not None
        patch, cache["mark"] = game.public_changes_json(cache["mark"])
        moved: dict[str, Any] = _DECODE(b"{%s}" % patch) if patch else {}
        match = (game.game_number, game.hand_number, False)
        if match != cache["match"]:
            now = _Now(False, to_act, None, cache)
            more = changed(previous, {**self._match(game, now), "winner": game.winner})
            if more:
                moved.update(more)
                patch = b"%s,%s" % (patch, members(more)) if patch else members(more)
            cache["match"] = match
        public = previous
        if moved:
            public = cache["public"] = {**previous, **moved}
        states: dict[int | None, Any] = {}
        for seat in seats:
            if seat is None:
                states[seat] = _SPECTATOR
            else:
                bits = game.legal_action_bits() if to_act == seat else 0
                states[seat] = (seat, game.hand_mask(seat), bits, ())
        return public, patch, states

    def _own(self, game: Game, seat: int | None, now: _Now) -> dict[str, Any]:
        return self.own_fields(game, self._own_state(game, seat, now))

    def _own_state(self, game: Game, seat: int | None, now: _Now) -> _Own:
        # The seat's hand and legal actions as the machine's card and action masks: two
        # ints, compared at once; their texts are made from them only when they moved.
        cache = now.cache
        variants = cache.get("variants") if cache is not None else None
        if variants is None:  # (a game's plugins are those it was made with)
            variants = len(game.plugin_names) > 1
            if cache is not None:
                cache["variants"] = variants
        told = tuple(game.describe(seat)) if variants else ()  # the variants' lines
        if seat is None:
            return (None, 0, 0, told)
        bits = game.legal_action_bits() if now.to_act == seat else 0
        return (seat, game.hand_mask(seat), bits, told)

    def own_fields(self, game: Game, state: _Own) -> dict[str, Any]:
        seat, hand, bits, told = state
        if seat is None:
            return {"seat": None, "hand": (), "legal": [], "describe": list(told)}
        return {
            "seat": seat,
            "hand": _mask_texts(hand),
            "legal": _legal_of(game, bits, hand),
            "describe": list(told),
        }

    def own_patch(self, game: Game, before: _Own, state: _Own) -> bytes:
        seat, hand, bits, told = state
        if before.__class__ is not tuple or before[0] != seat:  # (a part of no seat)
            return members(self.own_fields(game, state))
        out = []
        if before[1] != hand:
            out.append(_hand_json(hand))
        if before[2] != bits or (bits >> _DISCARD_BASE and before[1] != hand):
            out.append(_legal_json(game, bits, hand))  # (a discard's text names its cards)
        if before[3] != told:
            out.append(b'"describe":' + _ENCODE(told))
        return b",".join(out)

    def _move(self, player: Player, game: Game, seat: int) -> m.Act:
        action = player.choose(game.observation(seat), game.legal_actions())
        return m.Act(seq=1, action=str(action))


_Own = tuple[int | None, int, int, tuple[str, ...]]
"""An Écarté seat's own part: its seat, its hand's card mask, its legal action bits (0
when not to act), the variants' lines for it."""

_SPECTATOR: _Own = (None, 0, 0, ())
"""A spectator's own part at a table without variants."""

_HAND_JSON: dict[int, bytes] = {}
"""The ``"hand"`` member of a view's patch by the hand's card mask."""


def _hand_json(hand: int) -> bytes:
    found = _HAND_JSON.get(hand)
    if found is None:
        if len(_HAND_JSON) >= 1 << 14:
            _HAND_JSON.clear()
        found = _HAND_JSON[hand] = b'"hand":' + _ENCODE(_bit_texts(hand))
    return found


_PLAYS_JSON: dict[int, bytes] = {}
"""The ``"legal"`` member of a view's patch where no discard is legal, by the legal ids'
bits."""

_ACTION_JSON: dict[int, bytes] = {}
"""Each action's ``{"id", "text"}`` as JSON, by id, for every action but a discard."""


def _legal_json(game: Game, bits: int, hand: int) -> bytes:
    if bits >> _DISCARD_BASE:  # (a discard's text names the hand's cards)
        return _discards_json(game, bits, hand)
    found = _PLAYS_JSON.get(bits)
    if found is not None:
        return found
    plays, texts, out = bits, _ACTION_JSON, []
    while bits:
        bit = bits & -bits
        bits ^= bit
        action_id = bit.bit_length() - 1
        text = texts.get(action_id)
        if text is None:
            text = texts[action_id] = _ENCODE(_legal_of(game, bit, 0)[0])
        out.append(text)
    if len(_PLAYS_JSON) >= 1 << 14:
        _PLAYS_JSON.clear()
    found = _PLAYS_JSON[plays] = b'"legal":[' + b",".join(out) + b"]"
    return found


def _discards_json(game: Game, bits: int, hand: int) -> bytes:
    """The ``"legal"`` member where discards are legal: the JSON of
    :func:`_legal_of`'s list, written from the hand's card texts."""
    low, high = bits & ((1 << _DISCARD_BASE) - 1), bits >> _DISCARD_BASE
    head = b'"legal":[' + _legal_json(game, low, 0)[9:-1] + b"," if low else b'"legal":['
    # (by id, as a discard's mask over the hand counts them)
    return head + _discards_format(high).format(*_bit_texts(hand)).encode() + b"]"


_DISCARD_FORMATS: dict[int, str] = {}
"""The discards of a ``"legal"`` list, by the mask of the legal discards over the hand
(bit ``i`` for the discard of id ``64 + i``): a format of the hand's card texts, each
discard's text naming its cards in the hand's order."""


def _discards_format(high: int) -> str:
    found = _DISCARD_FORMATS.get(high)
    if found is None:
        parts = []
        rest = high
        while rest:
            bit = rest & -rest
            rest ^= bit
            chosen = bit.bit_length() - 1
            names = "".join(f" {{{i}}}" for i in range(chosen.bit_length()) if chosen >> i & 1)
            parts.append(f'{{{{"id":{_DISCARD_BASE + chosen},"text":"discard{names}"}}}}')
        if len(_DISCARD_FORMATS) >= 1 << 10:
            _DISCARD_FORMATS.clear()
        found = _DISCARD_FORMATS[high] = ",".join(parts)
    return found


def cercle_of(game: Any) -> Any:
    """The club (``cercle``) plugin of a game of a club table, else None."""
    names = getattr(game, "plugin_names", ())
    return game.plugin("cercle") if "cercle" in names else None


def _club(game: Game) -> dict[str, Any] | None:
    """The ``club`` field of a view (:class:`messages.Club`), None at a table that is not
    a club's."""
    cercle = cercle_of(game)
    if cercle is None:
        return None
    seated = cercle.seated
    return {
        "seated": [seated.get(seat) for seat in range(game.players)],
        "open": list(cercle.open_books()),
    }


def _summaries(game: Game, cache: dict[str, Any] | None) -> dict[str, list[dict[str, Any]]]:
    """The finished hands of the current game and the finished games, as the views list
    them; kept in ``cache`` (a table's) while the hand goes on: they change when a hand
    ends, and with it the hand's number (or the game's, or the match). Within a game, the
    hands listed before are kept (the very dicts, and the very list while no hand was
    added), and the games while no game ended: only what was added is built."""
    key = (game.game_number, game.hand_number, game.is_over)
    if cache is not None and cache.get("summaries_key") == key:
        found: dict[str, list[dict[str, Any]]] = cache["summaries"]
        return found
    hands = game.hand_results
    if cache is not None and cache.get("summaries_key", ())[::2] == key[::2]:
        # the same game: its finished hands are those listed, and maybe more
        kept = cache["summaries"]
        listed = kept["hands"]
        summaries = {
            "hands": listed + _hands(hands[len(listed) :]) if len(hands) > len(listed) else listed,
            "games": kept["games"],  # (they change only when a game ends)
        }
    else:
        summaries = {"hands": _hands(hands), "games": _games(game.game_results)}
    if cache is not None:
        cache["summaries_key"], cache["summaries"] = key, summaries
    return summaries


def _hands(hands: Any) -> list[dict[str, Any]]:
    """The views' list of finished hands."""
    return [
        {
            "number": h.number,
            "dealer": h.dealer,
            "elder": h.elder,
            "trump": _text(h.trump),
            "tricks": _by_seat(h.tricks),
            "points": _by_seat(h.points),
        }
        for h in hands
    ]


def _games(games: Any) -> list[dict[str, Any]]:
    """The views' list of finished games."""
    return [
        {
            "number": g.number,
            "players": list(g.players),
            "winner": g.winner,
            "loser": g.loser,
            "scores": _by_seat(g.scores),
        }
        for g in games
    ]


# ------------------------------------------------------------------- Euchre


class EuchreAdapter(
    Adapter, game="euchre", title="Euchre", view=m.EuchreView, bots=(HeuristicBot, RandomBot)
):
    """Euchre (:class:`ecarte.games.euchre.EuchreGame`) with its presets."""

    def create(self, spec: m.CreateTable, seed: int) -> EuchreGame:
        if spec.variants or spec.options:
            raise ArgumentError("Euchre has no variants: its rules are presets (rules=...)")
        name = spec.rules or "standard"
        if name not in EUCHRE_PRESETS:
            raise ArgumentError(
                f"rules: no Euchre preset {name!r} (presets: {', '.join(EUCHRE_PRESETS)})"
            )
        game = get_game("euchre").load(rules=name, seed=seed)
        assert isinstance(game, EuchreGame)
        return game

    def seats(self, game: EuchreGame) -> int:
        return 4

    def _read(self, game: EuchreGame, act: m.Act) -> tuple[str, str]:
        if act.id is None:
            action = game.action_from_id(game.action_id(act.action))  # type: ignore[arg-type]
        else:
            action = game.action_from_id(act.id)
            if act.id not in game.legal_action_ids():
                raise IllegalActionError(game._illegal_message(act.id))
        return str(action.id), str(action)

    def apply(self, game: EuchreGame, seat: int, record: str) -> None:
        game.apply(int(record), seat=seat)

    def redact(self, text: str, actor: int | None, recipient: int | None) -> str:
        if text.startswith("discard") and actor != recipient:
            return "discard a card"
        return text

    def _public(self, game: EuchreGame, now: _Now) -> dict[str, Any]:
        rules = game.rules
        # An observation as an embedder gets it: all of it is public but the seat's hand
        # and the dealer's discard.
        public = game.observation(0).to_dict()
        del public["seat"], public["hand"], public["discard"]
        public.update(rules=_preset_name(rules), deck=rules.deck, target=rules.target)
        return public

    def _own(self, game: EuchreGame, seat: int | None, now: _Now) -> dict[str, Any]:
        if seat is None:
            return {"seat": None, "hand": [], "discard": None, "legal": []}
        own = game.observation(seat).to_dict()
        legal = []
        if now.to_act == seat:
            legal = [{"id": a.id, "text": str(a)} for a in game.legal_actions()]
        return {"seat": seat, "hand": own["hand"], "discard": own["discard"], "legal": legal}

    def _move(self, player: Any, game: EuchreGame, seat: int) -> m.Act:
        return m.Act(seq=1, id=int(player.choose(game)))


@cache
def _preset_name(rules: EuchreRules) -> str:
    return next((n for n, make in EUCHRE_PRESETS.items() if make() == rules), "custom")


ADAPTERS: dict[str, Adapter] = {"ecarte": EcarteAdapter(), "euchre": EuchreAdapter()}
"""The games the server serves, by registered name."""


def adapter(name: str) -> Adapter:
    """The adapter of a game; :class:`Refused` naming the games served (and saying that a
    registered game without an adapter is not) otherwise."""
    found = ADAPTERS.get(name)
    if found is None:
        from ecarte import available_games

        registered = name in available_games()
        why = "has no seat views in the server" if registered else "is not a registered game"
        raise Refused("bad-table", f"game {name!r} {why} (games served: {', '.join(ADAPTERS)})")
    return found


def games_info() -> dict[str, Any]:
    """What ``GET /api/games`` lists: each served game's presets, variants and bots."""
    from ecarte import PRESETS

    return {
        "ecarte": {
            "title": get_game("ecarte").title,
            "rules": list(PRESETS),
            "variants": available_variants(),
            "bots": list(ADAPTERS["ecarte"].bots()),
        },
        "euchre": {
            "title": get_game("euchre").title,
            "rules": list(EUCHRE_PRESETS),
            "variants": {},
            "bots": list(ADAPTERS["euchre"].bots()),
        },
    }
