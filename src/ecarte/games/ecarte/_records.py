"""Records read from a match's log: history, log lines, results and notifications.

The match machine (``ec_machine.c`` and its twin) writes one byte log per match
(its format is in ``ecarte_machine.h``). Nothing here is built while a match
is played: a :class:`Records` reads the log when someone asks for a record,
from where it stopped the last time, and keeps what it built.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

import attrs

from ecarte._cards import Card, CardSet

from .actions import ACTIONS, Action, Cut, Deal, Discard, Event
from .feed import Feed
from .results import FrozenDict, GameResult, HandResult, Seats

__all__ = ["Records", "card_mask", "piquet_mask"]

# log tags (ecarte_machine.h)
_CUT, _DEAL, _AUTO_CUT, _AUTO_DEAL, _ANSWER = 0xC0, 0xC1, 0xC2, 0xC3, 0xC4
_GAME, _CUT_AGAIN, _HAND, _SCORE, _HAND_END, _GAME_END, _MATCH_END = range(0xD0, 0xD7)
_H_DEAL = 3  # the deal hook's number (EC_H_DEAL)
_SCORE_WHY = ("turns up the king", "announces the king", "holds the king", "scores the tricks")

_CARDS = tuple(Card.from_id(c) if 5 <= c & 15 <= 12 else None for c in range(64))


def piquet_mask(mask: int) -> int:
    """A card mask (ids 0..63) as a piquet mask (bit ``suit * 8 + rank - 5``)."""
    return (
        (mask >> 5 & 0xFF)
        | (mask >> 13 & 0xFF00)
        | (mask >> 21 & 0xFF0000)
        | (mask >> 29 & 0xFF000000)
    )


def card_mask(piquet: int) -> int:
    """The inverse of :func:`piquet_mask`."""
    return (
        (piquet & 0xFF) << 5
        | (piquet & 0xFF00) << 13
        | (piquet & 0xFF0000) << 21
        | (piquet & 0xFF000000) << 29
    )


# the fields of a record after its tag, little-endian (ecarte_machine.h)
_HBBB = struct.Struct("<HBBB").unpack_from  # a game's start, a hand's start
_SCORE_FIELDS = struct.Struct("<BBHI").unpack_from  # seat, why, points, total
# a hand's end: number, dealer, elder, turn-up; the elder's and the dealer's tricks,
# points and points for the king; complete; the elder's and the dealer's scores
_HAND_END_FIELDS = struct.Struct("<HBBBBBHHHHBII").unpack_from
_U32 = struct.Struct("<I").unpack_from
_ACTION_LINE = "seat {}: {}"

_Setter = Callable[[Any, Any], None]


def _slot_setters(cls: type, *names: str) -> tuple[_Setter, ...]:
    """The writers of the slots ``names`` of ``cls``, a slotted attrs class with exactly
    these fields: what its ``__init__`` writes through. The records read here by the
    thousand are built with them, from values already of the fields' types."""
    fields = sorted(a.name for a in attrs.fields(cls))
    if fields != sorted(names):  # pragma: no cover - a field was added or renamed
        raise TypeError(f"{cls.__name__} has the fields {fields}, not {sorted(names)}")
    return tuple(cls.__dict__[name].__set__ for name in names)


(_set_order,) = _slot_setters(Deal, "order")
(_set_cut,) = _slot_setters(Cut, "cards")
(_set_players, _set_seats_dealer) = _slot_setters(Seats, "players", "dealer")
(
    _set_number,
    _set_dealer,
    _set_elder,
    _set_trump,
    _set_tricks,
    _set_points,
    _set_kings,
    _set_complete,
) = _slot_setters(
    HandResult, "number", "dealer", "elder", "trump", "tricks", "points", "kings", "complete"
)
(
    _set_game_number,
    _set_game_players,
    _set_winner,
    _set_loser,
    _set_scores,
    _set_value,
    _set_hands,
) = _slot_setters(GameResult, "number", "players", "winner", "loser", "scores", "value", "hands")


_ACTION_LINES: dict[int, tuple[str, tuple[int, Action]]] = {}
"""The log line of each action read, keyed ``action id | seat << 8``: each is made once
and shared (a tuple of an int and an interned action cannot change)."""


def _action_line(key: int) -> tuple[str, tuple[int, Action]]:
    """The log line of an action read for the first time (see :data:`_ACTION_LINES`)."""
    line = _ACTION_LINES[key] = (_ACTION_LINE, (key >> 8, ACTIONS[key & 0xFF]))
    return line


class _BySeat(dict[tuple[int, int, int, int], FrozenDict[int, int]]):
    """A hand's tricks, points or points for the king, ``{elder: a, dealer: b}``, keyed
    ``(elder, dealer, a, b)``: the few that hands score are made once and shared (a
    frozen mapping cannot change); past :data:`SIZE` of them, new ones are not kept."""

    SIZE = 4096

    def __missing__(self, key: tuple[int, int, int, int]) -> FrozenDict[int, int]:
        elder, dealer, a, b = key
        value: FrozenDict[int, int] = FrozenDict({elder: a, dealer: b})
        if len(self) < self.SIZE:
            self[key] = value
        return value


_BY_SEAT = _BySeat()


class Records:
    """What a log says, read up to :attr:`offset` (see the module docstring).

    ``players`` is the table size (the number of scores in a game's record);
    ``answer_sizes`` the bytes of each hook's answer, from the machine's binding
    (``ANSWER_SIZES``); ``feed``, if given, is told every entry read (the event feed).
    """

    __slots__ = (
        "events",
        "feed",
        "formatted",
        "game_hands",
        "game_players",
        "games",
        "hands_by_game",
        "history",
        "history_texts",
        "lines",
        "offset",
        "players",
        "sizes",
    )

    def __init__(self, players: int, answer_sizes: Sequence[int], feed: Feed | None = None) -> None:
        self.feed = feed
        self.players = players
        self.sizes = tuple(answer_sizes)
        self.offset = 0
        self.history: list[Action | Event] = []
        self.lines: list[tuple[str, tuple[Any, ...]]] = []
        """The log lines as (template, arguments): formatted when read (:meth:`text`)."""
        self.formatted: list[str] = []
        self.history_texts: list[str] = []
        self.games: list[GameResult] = []
        self.game_hands: list[HandResult] = []
        self.hands_by_game: list[HandResult] = []  # the hands since the last game ended
        self.game_players: tuple[int, int] = (0, 1)
        self.events: list[tuple[int, str, dict[str, Any]]] = []
        """Notifications: (log offset, hook, arguments)."""

    def read(self, log: bytes, start: int) -> None:
        """Read ``log`` (the bytes of the match log from offset ``start``, which must be
        :attr:`offset`) to its end.

        The records are tested from the commonest (actions, then a hand's records) to the
        rarest, and the values they make are built directly, field by field, as their
        constructors would build them from the same arguments."""
        assert start == self.offset, (start, self.offset)
        i, n = 0, len(log)
        history, lines, feed, events = self.history, self.lines, self.feed, self.events
        record, line = history.append, lines.append
        actions, action_lines, cards = ACTIONS, _ACTION_LINES, _CARDS
        while i < n:
            tag = log[i]
            if tag < 64:  # an action id and its seat: read the whole run of them
                run = i
                while True:
                    record(actions[tag])
                    key = tag | log[i + 1] << 8
                    try:
                        line(action_lines[key])
                    except KeyError:
                        line(_action_line(key))
                    i += 2
                    if i >= n:
                        break
                    tag = log[i]
                    if tag >= 64:
                        break
                if feed is not None:
                    for k in range(run, i, 2):
                        feed.action(log[k + 1], log[k], actions[log[k]])
            elif tag == _SCORE:
                seat, why, points, total = _SCORE_FIELDS(log, i + 1)
                line(("seat {} {}: +{} -> {}", (seat, _SCORE_WHY[why], points, total)))
                if feed is not None:
                    feed.score(seat, why, points, total)
                i += 9
            elif tag in (_DEAL, _AUTO_DEAL):
                deal = object.__new__(Deal)
                _set_order(deal, itemgetter(*log[i + 1 : i + 33])(cards))
                record(deal)
                if feed is not None:
                    feed.deal(deal.order)
                i += 33
            elif tag == _HAND:
                number, dealer, first, turnup = _HBBB(log, i + 1)
                card = cards[turnup]
                line(
                    (
                        "hand {}: seat {} deals {}-{}, turn-up {}",
                        (number, dealer, first, 5 - first, card),
                    )
                )
                if feed is not None:
                    p, q = self.game_players
                    assert card is not None
                    feed.hand(number, dealer, q if dealer == p else p, first, card)
                i += 6
            elif tag == _HAND_END:
                self._hand_end(log, i, start)
                i += 25
            elif tag < 0x60:  # a discard: its seat and cards
                seat = log[i + 1]
                mask = _U32(log, i + 2)[0]  # a piquet mask
                cards_discarded = CardSet(card_mask(mask))
                record(Discard(cards_discarded))
                line(("seat {}: discards {}", (seat, mask.bit_count())))
                if feed is not None:
                    feed.discard(seat, cards_discarded)
                i += 6
            elif tag == _GAME:
                number, p, q, dealer = _HBBB(log, i + 1)
                self.game_players = (p, q)
                self.game_hands = []
                line(("game {}: seats {} and {}", (number, p, q)))
                seats = object.__new__(Seats)
                _set_players(seats, (p, q))
                _set_seats_dealer(seats, None if dealer == 255 else dealer)
                events.append(
                    (start + i, "ecarte_game_started", {"number": number, "seats": seats})
                )
                if feed is not None:
                    feed.game(number, (p, q), seats.dealer)
                i += 6
            elif tag == _GAME_END:
                i = self._game_end(log, i, start)
            elif tag in (_CUT, _AUTO_CUT):
                a, b = cards[log[i + 1]], cards[log[i + 2]]
                assert a is not None and b is not None
                cut = object.__new__(Cut)
                _set_cut(cut, (a, b))  # cards already: nothing to convert
                record(cut)
                p, q = self.game_players
                line(("cut: seat {} {}, seat {} {}", (p, a, q, b)))
                if feed is not None:
                    feed.cut((p, q), (a, b))
                i += 3
            elif tag == _MATCH_END:
                winner = log[i + 1]
                line(("match won by seat {}", (winner,)))
                games = tuple(self.games)
                events.append((start + i, "ecarte_match_ended", {"winner": winner, "games": games}))
                if feed is not None:
                    feed.match_ended(winner)
                i += 2
            elif tag == _CUT_AGAIN:
                line(("equal cut: cut again", ()))
                if feed is not None:
                    feed.cut_again()
                i += 1
            elif tag == _ANSWER:
                size = self.sizes[log[i + 1]]
                if feed is not None and log[i + 1] == _H_DEAL:  # the hands, turn-up, stock
                    elder, dealer = card_mask(_U32(log, i + 2)[0]), card_mask(_U32(log, i + 6)[0])
                    feed.deal_answer(elder, dealer, tuple(log[i + 11 : i + 32]))
                i += 2 + size
            else:  # pragma: no cover - the machine writes no other tag
                raise AssertionError(f"log tag {tag:#x} at {start + i}")
        self.offset = start + n

    def history_text(self) -> list[str]:
        """The text of each record of :attr:`history` read so far (made once each)."""
        texts = self.history_texts
        texts.extend(map(str, self.history[len(texts) :]))
        return texts

    def text(self) -> list[str]:
        """The log lines read so far, formatted (once each)."""
        formatted = self.formatted
        for template, args in self.lines[len(formatted) :]:
            formatted.append(template.format(*args))
        return formatted

    def _hand_end(self, log: bytes, i: int, start: int) -> None:
        """Read the hand's end at ``i`` (``start + i`` in the log)."""
        (number, dealer, elder, turnup, te, td, pe, pd, ke, kd, complete, se, sd) = (
            _HAND_END_FIELDS(log, i + 1)
        )
        trump = _CARDS[turnup]
        assert trump is not None
        by_seat = _BY_SEAT
        tricks = by_seat[elder, dealer, te, td]
        result: HandResult = object.__new__(HandResult)
        _set_number(result, number)
        _set_dealer(result, dealer)
        _set_elder(result, elder)
        _set_trump(result, trump)
        _set_tricks(result, tricks)
        _set_points(result, by_seat[elder, dealer, pe, pd])
        _set_kings(result, by_seat[elder, dealer, ke, kd])
        _set_complete(result, bool(complete))
        self.game_hands.append(result)
        self.hands_by_game.append(result)
        self.lines.append(
            (
                "hand {} over: tricks seat {} {}, seat {} {}; scores seat {} {}, seat {} {}",
                (number, elder, tricks[elder], dealer, tricks[dealer], elder, se, dealer, sd),
            )
        )
        self.events.append((start + i, "ecarte_hand_ended", {"result": result}))
        if self.feed is not None:
            self.feed.hand_ended(result)

    def _game_end(self, log: bytes, i: int, start: int) -> int:
        """Read the game's end at ``i`` (``start + i`` in the log); return the offset
        in ``log`` after it."""
        number = log[i + 1] | log[i + 2] << 8
        p, q, winner, loser, value = log[i + 3 : i + 8]
        scores = {s: _U32(log, i + 8 + 4 * s)[0] for s in range(self.players)}
        game: GameResult = object.__new__(GameResult)
        _set_game_number(game, number)
        _set_game_players(game, (p, q))
        _set_winner(game, winner)
        _set_loser(game, loser)
        _set_scores(game, FrozenDict(scores))
        _set_value(game, value)
        _set_hands(game, tuple(self.hands_by_game))
        self.hands_by_game = []
        self.games.append(game)
        self.lines.append(
            (
                "game {} won by seat {} {}-{} (worth {})",
                (number, winner, scores[winner], scores[loser], value),
            )
        )
        self.events.append((start + i, "ecarte_game_ended", {"result": game}))
        if self.feed is not None:
            self.feed.game_ended(game)
        return i + 8 + 4 * self.players
