"""Records read from a match's log: history, log lines, results and notifications.

The match machine (``ec_machine.c`` and its twin) writes one byte log per match
(its format is in ``ecarte_machine.h``). Nothing here is built while a match
is played: a :class:`Records` reads the log when someone asks for a record,
from where it stopped the last time, and keeps what it built.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ecarte._cards import Card, CardSet

from .actions import ACTIONS, Action, Cut, Deal, Discard, Event
from .feed import Feed
from .results import GameResult, HandResult, Seats

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


def _u16(log: bytes, i: int) -> int:
    return log[i] | log[i + 1] << 8


def _u32(log: bytes, i: int) -> int:
    return int.from_bytes(log[i : i + 4], "little")


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
        :attr:`offset`) to its end."""
        assert start == self.offset, (start, self.offset)
        i, n = 0, len(log)
        history, lines, feed = self.history, self.lines, self.feed
        while i < n:
            tag = log[i]
            at = start + i
            if tag < 0x60:  # an action id and its seat
                seat = log[i + 1]
                if tag >= 64:
                    cards = CardSet(card_mask(_u32(log, i + 2)))
                    history.append(Discard(cards))
                    lines.append(("seat {}: discards {}", (seat, len(cards))))
                    if feed is not None:
                        feed.discard(seat, cards)
                    i += 6
                    continue
                action = ACTIONS[tag]
                history.append(action)
                lines.append(("seat {}: {}", (seat, action)))
                if feed is not None:
                    feed.action(seat, tag, action)
                i += 2
            elif tag in (_CUT, _AUTO_CUT):
                a, b = _CARDS[log[i + 1]], _CARDS[log[i + 2]]
                assert a is not None and b is not None
                cut = object.__new__(Cut)
                object.__setattr__(cut, "cards", (a, b))  # cards already: nothing to convert
                history.append(cut)
                p, q = self.game_players
                lines.append(("cut: seat {} {}, seat {} {}", (p, a, q, b)))
                if feed is not None:
                    feed.cut((p, q), (a, b))
                i += 3
            elif tag in (_DEAL, _AUTO_DEAL):
                deal = object.__new__(Deal)
                object.__setattr__(
                    deal, "order", tuple(map(_CARDS.__getitem__, log[i + 1 : i + 33]))
                )
                history.append(deal)
                if feed is not None:
                    feed.deal(deal.order)
                i += 33
            elif tag == _ANSWER:
                size = self.sizes[log[i + 1]]
                if feed is not None and log[i + 1] == _H_DEAL:  # the hands, turn-up, stock
                    elder, dealer = card_mask(_u32(log, i + 2)), card_mask(_u32(log, i + 6))
                    feed.deal_answer(elder, dealer, tuple(log[i + 11 : i + 32]))
                i += 2 + size
            elif tag == _GAME:
                number, p, q, dealer = _u16(log, i + 1), log[i + 3], log[i + 4], log[i + 5]
                self.game_players = (p, q)
                self.game_hands = []
                lines.append(("game {}: seats {} and {}", (number, p, q)))
                seats = Seats(players=(p, q), dealer=None if dealer == 255 else dealer)
                self.events.append((at, "ecarte_game_started", {"number": number, "seats": seats}))
                if feed is not None:
                    feed.game(number, (p, q), seats.dealer)
                i += 6
            elif tag == _CUT_AGAIN:
                lines.append(("equal cut: cut again", ()))
                if feed is not None:
                    feed.cut_again()
                i += 1
            elif tag == _HAND:
                number, dealer, first, turnup = _u16(log, i + 1), log[i + 3], log[i + 4], log[i + 5]
                lines.append(
                    (
                        "hand {}: seat {} deals {}-{}, turn-up {}",
                        (number, dealer, first, 5 - first, _CARDS[turnup]),
                    )
                )
                if feed is not None:
                    p, q = self.game_players
                    card = _CARDS[turnup]
                    assert card is not None
                    feed.hand(number, dealer, q if dealer == p else p, first, card)
                i += 6
            elif tag == _SCORE:
                seat, why, points, total = (
                    log[i + 1],
                    log[i + 2],
                    _u16(log, i + 3),
                    _u32(log, i + 5),
                )
                lines.append(("seat {} {}: +{} -> {}", (seat, _SCORE_WHY[why], points, total)))
                if feed is not None:
                    feed.score(seat, why, points, total)
                i += 9
            elif tag == _HAND_END:
                result = self._hand_end(log, i)
                self.game_hands.append(result)
                self.hands_by_game.append(result)
                e, d = result.elder, result.dealer
                se, sd = _u32(log, i + 17), _u32(log, i + 21)
                lines.append(
                    (
                        "hand {} over: tricks seat {} {}, seat {} {}; "
                        "scores seat {} {}, seat {} {}",
                        (result.number, e, result.tricks[e], d, result.tricks[d], e, se, d, sd),
                    )
                )
                self.events.append((at, "ecarte_hand_ended", {"result": result}))
                if feed is not None:
                    feed.hand_ended(result)
                i += 25
            elif tag == _GAME_END:
                number = _u16(log, i + 1)
                p, q, winner, loser, value = log[i + 3 : i + 8]
                scores = {s: _u32(log, i + 8 + 4 * s) for s in range(self.players)}
                game = GameResult(
                    number=number,
                    players=(p, q),
                    winner=winner,
                    loser=loser,
                    scores=scores,
                    value=value,
                    hands=tuple(self.hands_by_game),
                )
                self.hands_by_game = []
                self.games.append(game)
                lines.append(
                    (
                        "game {} won by seat {} {}-{} (worth {})",
                        (number, winner, scores[winner], scores[loser], value),
                    )
                )
                self.events.append((at, "ecarte_game_ended", {"result": game}))
                if feed is not None:
                    feed.game_ended(game)
                i += 8 + 4 * self.players
            elif tag == _MATCH_END:
                winner = log[i + 1]
                lines.append(("match won by seat {}", (winner,)))
                games = tuple(self.games)
                self.events.append((at, "ecarte_match_ended", {"winner": winner, "games": games}))
                if feed is not None:
                    feed.match_ended(winner)
                i += 2
            else:  # pragma: no cover - the machine writes no other tag
                raise AssertionError(f"log tag {tag:#x} at {at}")
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

    @staticmethod
    def _hand_end(log: bytes, i: int) -> HandResult:
        number, dealer, elder, turnup = _u16(log, i + 1), log[i + 3], log[i + 4], log[i + 5]
        te, td = log[i + 6], log[i + 7]
        trump = _CARDS[turnup]
        assert trump is not None
        return HandResult(
            number=number,
            dealer=dealer,
            elder=elder,
            trump=trump,
            tricks={elder: te, dealer: td},
            points={elder: _u16(log, i + 8), dealer: _u16(log, i + 10)},
            kings={elder: _u16(log, i + 12), dealer: _u16(log, i + 14)},
            complete=bool(log[i + 16]),
        )
