"""The event feed: what happened in a match, one numbered record per event, as one seat
may know it (:meth:`ecarte.Game.events`).

The feed is read from the match's log (:class:`._records.Records` calls a
:class:`Feed` as it reads), with every card; :meth:`Feed.seen_by` gives each seat its
own view, in which the cards of another seat's deal, discards and draws are left out
(their number stays). Events are numbered from 0 in the same way for every seat, so a
client that saw events up to ``n`` asks for ``since=n + 1``.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
from attrs import frozen

from ecarte._cards import Card, CardSet, Rank

from .results import GameResult, HandResult

__all__ = ["EventKind", "Feed", "FeedEvent", "ScoreKind", "record_seen_by"]


class EventKind(enum.Enum):
    """What a :class:`FeedEvent` says happened."""

    GAME_STARTED = "game-started"
    """A game of the match starts: ``number``, ``seats`` (its two players), ``seat`` the
    dealer (None: they cut for it)."""
    CUT = "cut"
    """The cut for the deal: ``cards`` cut by ``seats``, in that order."""
    CUT_AGAIN = "cut-again"
    """The cut was equal: cut again."""
    PACKETS = "packets"
    """The dealer ``seat`` chose the ``packets`` of the deal for the game."""
    DEALT = "dealt"
    """Hand ``number`` is dealt by ``seat`` in ``packets``; ``card`` is the turn-up and
    ``cards`` the viewer's own five cards (none for the other seats)."""
    PROPOSE = "propose"
    """The elder ``seat`` proposes an exchange."""
    PLAY_HAND = "play-hand"
    """The elder ``seat`` plays the hand as it is (no more exchanges)."""
    ACCEPT = "accept"
    """The dealer ``seat`` accepts the proposal."""
    REFUSE = "refuse"
    """The dealer ``seat`` refuses the proposal."""
    DISCARD = "discard"
    """``seat`` discards ``count`` cards: ``cards`` for that seat only."""
    DRAW = "draw"
    """``seat`` draws ``count`` cards from the stock: ``cards`` for that seat only."""
    KING = "king"
    """``seat`` announces the king of trumps."""
    PLAY = "play"
    """``seat`` plays ``card``."""
    TRICK = "trick"
    """Trick ``number`` (1 to 5) of the hand is won by ``seat``; ``cards`` as played by
    ``seats`` (the leader first)."""
    SCORE = "score"
    """``seat`` scores ``points`` (``score`` says why), for ``total`` in the game."""
    HAND_ENDED = "hand-ended"
    """Hand ``number`` is over: ``hand`` is its result."""
    GAME_ENDED = "game-ended"
    """Game ``number`` is won by ``seat``: ``game`` is its result."""
    MATCH_ENDED = "match-ended"
    """The match is won by ``seat``."""


class ScoreKind(enum.Enum):
    """Why points were scored (a :attr:`EventKind.SCORE` event)."""

    TURNED_UP_KING = "turned-up-king"
    """The dealer turned up the king."""
    KING_ANNOUNCED = "king-announced"
    """The king of trumps, announced by its holder."""
    KING_HELD = "king-held"
    """The king of trumps held in hand, scored when play starts (automatic announcement)."""
    POINT = "point"
    """The point: three or four tricks (what a variant scores for them)."""
    VOLE = "vole"
    """The vole: all five tricks."""
    PENALTY = "penalty"
    """Three or four tricks scoring more than one point in a hand where the elder
    played without proposing or the dealer refused a proposal: the penalty."""


@frozen(kw_only=True)
class FeedEvent:
    """One event of the feed, as one seat may know it. ``kind`` says which fields
    apply (see :class:`EventKind`); the others are None or empty."""

    n: int
    """The event's number in the feed, from 0 (the same for every seat)."""
    kind: EventKind
    seat: int | None = None
    """The seat that acts, deals, wins or scores (see :class:`EventKind`)."""
    cards: tuple[Card, ...] = ()
    card: Card | None = None
    count: int | None = None
    number: int | None = None
    seats: tuple[int, ...] = ()
    packets: tuple[int, int] | None = None
    score: ScoreKind | None = None
    points: int | None = None
    total: int | None = None
    hand: HandResult | None = None
    game: GameResult | None = None

    def to_dict(self) -> dict[str, Any]:
        """This event as plain JSON values: every field, cards as their text, enums by
        value, results as objects whose per-seat numbers are keyed by the seat as text."""
        return {
            "n": self.n,
            "kind": self.kind.value,
            "seat": self.seat,
            "cards": [str(c) for c in self.cards],
            "card": None if self.card is None else str(self.card),
            "count": self.count,
            "number": self.number,
            "seats": list(self.seats),
            "packets": None if self.packets is None else list(self.packets),
            "score": None if self.score is None else self.score.value,
            "points": self.points,
            "total": self.total,
            "hand": None if self.hand is None else _hand_dict(self.hand),
            "game": None if self.game is None else _game_dict(self.game),
        }

    def __str__(self) -> str:
        k, seat = self.kind, self.seat
        cards = " ".join(map(str, self.cards))
        template = _TEXT.get(k)
        if template is not None:
            return template.format(seat=seat, card=self.card, number=self.number, cards=cards)
        if k is EventKind.GAME_STARTED:
            dealer = "cut for the deal" if seat is None else f"seat {seat} deals"
            p, q = self.seats
            return f"game {self.number}: seats {p} and {q}, {dealer}"
        if k is EventKind.CUT:
            (p, q), (a, b) = self.seats, self.cards
            return f"cut: seat {p} {a}, seat {q} {b}"
        if k is EventKind.PACKETS:
            assert self.packets is not None
            return f"seat {seat} deals in packets of {self.packets[0]}-{self.packets[1]}"
        if k is EventKind.DEALT:
            hand = f", your hand {cards}" if cards else ""
            return f"hand {self.number}: seat {seat} deals, turn-up {self.card}{hand}"
        if k in (EventKind.DISCARD, EventKind.DRAW):
            verb = "discards" if k is EventKind.DISCARD else "draws"
            return f"seat {seat} {verb} {cards or _count(self.count)}"
        assert k is EventKind.SCORE and self.score is not None
        why = self.score.value.replace("-", " ")
        return f"seat {seat} scores {self.points} ({why}): {self.total}"


_TEXT = {
    EventKind.CUT_AGAIN: "equal cut: cut again",
    EventKind.PROPOSE: "seat {seat} proposes",
    EventKind.PLAY_HAND: "seat {seat} plays the hand",
    EventKind.ACCEPT: "seat {seat} accepts",
    EventKind.REFUSE: "seat {seat} refuses",
    EventKind.KING: "seat {seat} announces the king",
    EventKind.PLAY: "seat {seat} plays {card}",
    EventKind.TRICK: "seat {seat} wins trick {number} ({cards})",
    EventKind.HAND_ENDED: "hand {number} over",
    EventKind.GAME_ENDED: "game {number} won by seat {seat}",
    EventKind.MATCH_ENDED: "match won by seat {seat}",
}
"""The text of each event said in one template: ``seat``, ``card``, ``number`` and
``cards`` (the event's cards, written out) by name."""


def _count(n: int | None) -> str:
    return f"{n} card{'s' * (n != 1)}"


_DISCARD = re.compile(r"discard\b(.*)", re.DOTALL)


def record_seen_by(text: str, actor: int | None, viewer: int | None) -> str:
    """The text of an action record (``str(action)``) by ``actor`` as ``viewer`` may
    read it (None: a spectator): another seat's discard is its number of cards
    (``"discard 2 cards"``), anything else as it is."""
    found = _DISCARD.fullmatch(text)
    if found is None or actor == viewer:
        return text
    return f"discard {_count(len(found.group(1).split()))}"


def _by_seat(d: Mapping[int, int]) -> dict[str, int]:
    return {str(k): v for k, v in d.items()}


def _hand_dict(h: HandResult) -> dict[str, Any]:
    return {
        "number": h.number,
        "dealer": h.dealer,
        "elder": h.elder,
        "trump": str(h.trump),
        "tricks": _by_seat(h.tricks),
        "points": _by_seat(h.points),
        "kings": _by_seat(h.kings),
        "complete": h.complete,
    }


def _game_dict(g: GameResult) -> dict[str, Any]:
    return {
        "number": g.number,
        "players": list(g.players),
        "winner": g.winner,
        "loser": g.loser,
        "scores": _by_seat(g.scores),
        "value": g.value,
    }


_ACTION_KINDS = {
    32: EventKind.PROPOSE,
    33: EventKind.PLAY_HAND,
    34: EventKind.ACCEPT,
    35: EventKind.REFUSE,
    36: EventKind.KING,
}
"""The feed's kind of each action id that is not a card, a discard or packets
(``ecarte_machine.h``)."""
_PACKETS = {37: (3, 2), 38: (2, 3)}
_SCORES = (ScoreKind.TURNED_UP_KING, ScoreKind.KING_ANNOUNCED, ScoreKind.KING_HELD)

Private = dict[int, tuple[Card, ...]]
"""The cards of an event that only some seats see, by seat."""


class Feed:
    """The feed of a match with all its cards, built as its log is read: each method is
    one log entry (``ecarte_machine.h``). ``ranks`` are the ranks highest first (the
    rules' rank order), which decide the tricks."""

    __slots__ = (
        "dealt",
        "deck",
        "exchanged",
        "items",
        "penalty",
        "power",
        "stock",
        "trick",
        "trick_number",
        "trump",
        "won",
    )

    def __init__(self, ranks: Sequence[Rank]) -> None:
        self.power = {rank: len(ranks) - i for i, rank in enumerate(ranks)}
        self.items: list[tuple[FeedEvent, Private | None]] = []
        """Each event with every card public and, apart, the cards only some seats see."""
        self.deck: tuple[Card, ...] = ()
        self.dealt: tuple[int, int, tuple[int, ...]] | None = None
        """A deal hook's answer: the elder's and dealer's card masks, the stock's ids."""
        self.stock: list[Card] = []
        self.trick: list[tuple[int, Card]] = []
        self.trick_number = 0
        self.trump = 0
        self.won: dict[int, int] = {}
        self.exchanged = False  # a discard in this hand
        self.penalty = False  # the elder played as dealt, or the dealer refused

    def _add(self, kind: EventKind, private: Private | None = None, **fields: Any) -> None:
        self.items.append((FeedEvent(n=len(self.items), kind=kind, **fields), private))

    # ---------------------------------------------------------------- log entries

    def action(self, seat: int, action_id: int, action: Any) -> None:
        if action_id < 32:
            card = action.card
            self._add(EventKind.PLAY, seat=seat, card=card)
            self._played(seat, card)
        elif action_id in _PACKETS:
            self._add(EventKind.PACKETS, seat=seat, packets=_PACKETS[action_id])
        else:
            kind = _ACTION_KINDS[action_id]
            if kind is EventKind.REFUSE or (kind is EventKind.PLAY_HAND and not self.exchanged):
                self.penalty = True
            self._add(kind, seat=seat)

    def _played(self, seat: int, card: Card) -> None:
        trick = self.trick
        trick.append((seat, card))
        if len(trick) < 2:
            return
        (leader, led), (other, answer) = trick
        power = self.power
        if answer.suit == led.suit:
            wins = power[answer.rank] > power[led.rank]
        else:
            wins = answer.suit == self.trump
        winner = other if wins else leader
        self.trick_number += 1
        self.won[winner] = self.won.get(winner, 0) + 1
        self._add(
            EventKind.TRICK,
            seat=winner,
            number=self.trick_number,
            seats=(leader, other),
            cards=(led, answer),
        )
        self.trick = []

    def discard(self, seat: int, cards: CardSet) -> None:
        n = len(cards)
        self.exchanged = True
        self._add(EventKind.DISCARD, {seat: tuple(cards)}, seat=seat, count=n)
        drawn, self.stock = self.stock[:n], self.stock[n:]
        self._add(EventKind.DRAW, {seat: tuple(CardSet.of(drawn))}, seat=seat, count=n)

    def cut(self, players: tuple[int, int], cards: tuple[Card, Card]) -> None:
        self._add(EventKind.CUT, seats=players, cards=cards)

    def deal(self, order: tuple[Card, ...]) -> None:
        self.deck, self.dealt = order, None

    def deal_answer(self, elder: int, dealer: int, stock: tuple[int, ...]) -> None:
        """A deal hook's answer: the elder's and the dealer's card masks, the stock's
        card ids top first."""
        self.dealt = (elder, dealer, stock)

    def game(self, number: int, players: tuple[int, int], dealer: int | None) -> None:
        self._add(EventKind.GAME_STARTED, number=number, seats=players, seat=dealer)

    def cut_again(self) -> None:
        self._add(EventKind.CUT_AGAIN)

    def hand(self, number: int, dealer: int, elder: int, first: int, turnup: Card) -> None:
        if self.dealt is not None:
            e, d, stock = self.dealt
            hands = {elder: tuple(CardSet(e)), dealer: tuple(CardSet(d))}
            self.stock = [Card.from_id(c) for c in stock]
        else:  # each packet goes to the elder, then to the dealer
            deck, second = self.deck, 5 - first
            hands = {
                elder: tuple(CardSet.of((*deck[:first], *deck[2 * first : 10 - second]))),
                dealer: tuple(CardSet.of((*deck[first : 2 * first], *deck[10 - second : 10]))),
            }
            self.stock = list(deck[11:32])
        self.trick, self.trick_number, self.won = [], 0, {}
        self.exchanged = self.penalty = False
        self.trump = turnup.suit
        self._add(
            EventKind.DEALT,
            hands,
            number=number,
            seat=dealer,
            packets=(first, 5 - first),
            card=turnup,
        )

    def score(self, seat: int, why: int, points: int, total: int) -> None:
        if why < 3:
            kind = _SCORES[why]
        elif self.won.get(seat) == 5:
            kind = ScoreKind.VOLE
        else:
            kind = ScoreKind.PENALTY if points > 1 and self.penalty else ScoreKind.POINT
        self._add(EventKind.SCORE, seat=seat, score=kind, points=points, total=total)

    def hand_ended(self, result: HandResult) -> None:
        self._add(EventKind.HAND_ENDED, number=result.number, hand=result)

    def game_ended(self, result: GameResult) -> None:
        self._add(EventKind.GAME_ENDED, number=result.number, seat=result.winner, game=result)

    def match_ended(self, winner: int) -> None:
        self._add(EventKind.MATCH_ENDED, seat=winner)

    # ---------------------------------------------------------------- views

    def seen_by(self, seat: int | None, since: int = 0) -> tuple[FeedEvent, ...]:
        """The events from number ``since`` on as ``seat`` may know them (None: a
        spectator, who sees only what is public)."""
        out = []
        for event, private in self.items[since:]:
            if private is not None and seat in private:
                event = attrs.evolve(event, cards=private[seat])
            out.append(event)
        return tuple(out)
