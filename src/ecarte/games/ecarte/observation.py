"""What the facade shows of the machine: phases, observations, discard choices, and the
views derived from the machine's named fields (:class:`.protocol.MatchView`).

The machine names its fields (``Machine._m_view()``); the functions here derive what
the facade and its helpers read from them: the seat of a position, each seat's hand,
the trick in progress, the finished tricks. :class:`State` gathers both for tests and
debugging (``Game._state``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Any, overload

from attrs import frozen

from ecarte._cards import Card, CardSet, Suit

from ._save import rules_to_dict
from .actions import Action, Discard
from .protocol import MachineModule, MatchView
from .rules import Rules

__all__ = [
    "DISCARD_BASE",
    "LEGAL_BY_MASK",
    "Advice",
    "DiscardChoices",
    "Observation",
    "Phase",
    "State",
    "announced_seats",
    "bits_of",
    "card_of",
    "discard_of",
    "discards_of",
    "exchange_log",
    "hands",
    "packets",
    "phases_of",
    "seat",
    "trick",
    "tricks",
    "tricks_won",
]

DISCARD_BASE = 64
"""The action id of the empty discard: a discard's id is 64 + the mask of its positions."""


class Phase(enum.Enum):
    """Where the match stands."""

    CUT = "cut"
    """Chance: cut for the first deal of a game."""
    PACKETS = "packets"
    """The dealer picks the deal pattern (3-2 or 2-3) for the game."""
    DEAL = "deal"
    """Chance: the deck is shuffled and dealt."""
    PROPOSE = "propose"
    """The elder proposes an exchange or plays the hand."""
    RESPOND = "respond"
    """The dealer accepts or refuses the proposal."""
    ELDER_DISCARD = "elder-discard"
    DEALER_DISCARD = "dealer-discard"
    PLAY = "play"
    """The five tricks (and king announcements)."""
    OVER = "over"
    """The match is over."""


def phases_of(binding: MachineModule) -> tuple[Phase, ...]:
    """The phases by the machine's phase number, from the binding's ``PH_*`` constants
    (``Phase.CUT`` is ``PH_CUT``...)."""
    by_number = {getattr(binding, "PH_" + phase.name): phase for phase in Phase}
    return tuple(by_number[n] for n in range(len(by_number)))


# ----------------------------------------------------------- legal action tables

LEGAL_BY_MASK: dict[int, tuple[Action, ...]] = {}
"""Legal tuples by the low word of their id mask: the pure machine's cache (up to 65,536; the
compiled machine makes them from the id bits)."""


def bits_of(mask: int) -> list[int]:
    """The one-bit masks of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


@lru_cache(maxsize=64)
def _positions(least: int, most: int) -> tuple[int, ...]:
    """The position masks (over a hand of five) of ``least`` to ``most`` cards, in order."""
    return tuple(m for m in range(32) if least <= m.bit_count() <= most)


class DiscardChoices(Sequence[Discard]):
    """The legal discards of a hand (what :meth:`Game.legal_actions` returns in a discard
    phase): a read-only sequence in action-id order, equal to the tuple of its items,
    whose :class:`~ecarte.Discard` objects are made when read (up to 31 per decision,
    most never looked at)."""

    __slots__ = ("_cards", "_masks")

    def __init__(self, hand: int, least: int, most: int) -> None:
        self._cards = tuple(bits_of(hand))  # the hand's cards (one-bit masks) by position
        self._masks = _positions(least, most)

    def _subset(self, m: int) -> int:
        cards = 0
        for i, card in enumerate(self._cards):
            if m >> i & 1:
                cards |= card
        return cards

    def __len__(self) -> int:
        return len(self._masks)

    @overload
    def __getitem__(self, index: int) -> Discard: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Discard, ...]: ...

    def __getitem__(self, index: int | slice) -> Discard | tuple[Discard, ...]:
        if isinstance(index, slice):
            return tuple(discard_of(self._subset(m)) for m in self._masks[index])
        return discard_of(self._subset(self._masks[index]))

    def __iter__(self) -> Iterator[Discard]:
        return (discard_of(self._subset(m)) for m in self._masks)

    def _id_of(self, action: object) -> int:
        """The action id of ``action`` if it is one of these discards, else -1."""
        if action.__class__ is not Discard:
            return -1
        cards = action.cards.mask
        m = 0
        for i, card in enumerate(self._cards):
            if cards & card:
                m |= 1 << i
        if self._subset(m) != cards or m not in self._masks:
            return -1
        return DISCARD_BASE + m

    def __contains__(self, action: object) -> bool:
        return self._id_of(action) >= 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DiscardChoices):
            return (other._cards, other._masks) == (self._cards, self._masks)
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: tuple[Action, ...]) -> tuple[Action, ...]:
        return (*self, *other)

    def __radd__(self, other: tuple[Action, ...]) -> tuple[Action, ...]:
        return (*other, *self)

    def __repr__(self) -> str:
        return repr(tuple(self))


def discards_of(hand: int, least: int, most: int) -> DiscardChoices:
    """The discards of ``least`` to ``most`` cards of ``hand``, in action-id order (the id
    of a discard is 64 + the mask of its positions in the hand sorted by card)."""
    return DiscardChoices(hand, least, most)


_DISCARDS: dict[int, Discard] = {}


def discard_of(cards: int) -> Discard:
    """The Discard of a card mask: one shared frozen object per mask."""
    discard = _DISCARDS.get(cards)
    if discard is None:
        discard = Discard(CardSet(cards))
        if len(_DISCARDS) < 1 << 15:
            _DISCARDS[cards] = discard
    return discard


# ------------------------------------------------------------------- views


@lru_cache(maxsize=64)
def _rules_items(rules: Rules) -> tuple[tuple[str, Any], ...]:
    """The rules as a save writes them (by option), once per rules."""
    return tuple(rules_to_dict(rules).items())


def _played(trick: Sequence[tuple[int, Card]]) -> list[dict[str, Any]]:
    return [{"seat": s, "card": str(c)} for s, c in trick]


@frozen
class Advice:
    """Advice to the player of :attr:`seat` from whoever backs them and may advise (la
    poule's waiting seat, a backer in the cercle's gallery): a card to play or a
    decision (:attr:`action`). Only that seat sees it (:attr:`Observation.advice`);
    it binds nobody and never enters the game's history (saves, replays). Given by
    :meth:`ecarte.Game.advise`.

    >>> from ecarte import Play
    >>> str(Advice(adviser="Cleo", seat=0, action=Play.parse("K♠"), hand=3))
    'Cleo advises seat 0: K♠'
    """

    adviser: int | str
    """Who advises: a seat (la poule's waiting seat) or a person's name (a backer)."""
    seat: int
    """The seat advised."""
    action: Action
    """The card to play or the decision advised."""
    hand: int
    """The hand of the match it was given in (``Game.hand_number``): it is shown during
    that hand only."""

    def __str__(self) -> str:
        who = f"seat {self.adviser}" if isinstance(self.adviser, int) else self.adviser
        return f"{who} advises seat {self.seat}: {self.action}"

    def to_dict(self) -> dict[str, Any]:
        """As plain JSON values: the action as its text."""
        return {
            "adviser": self.adviser,
            "seat": self.seat,
            "action": str(self.action),
            "hand": self.hand,
        }


@frozen(kw_only=True)
class Observation:
    """What one seat may know: never the opponent's hand, the stock or discards (the
    hand of the player a seat backs and may advise excepted: :attr:`backed_hand`).

    :meth:`to_dict` is the same as plain JSON values (see docs/api.md, "Observations as
    JSON").
    """

    seat: int
    rules: Rules
    phase: Phase
    to_act: int
    dealer: int | None
    elder: int | None
    hand: CardSet
    turnup: Card | None
    trump: Suit | None
    stock_size: int
    exchanges: tuple[tuple[int, int], ...]
    """Each discard so far this hand, as (seat, number of cards)."""
    trick: tuple[tuple[int, Card], ...]
    """The current trick so far, as (seat, card)."""
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    """The finished tricks of this hand."""
    tricks_won: tuple[int, ...]
    """Tricks won in this hand by each table player."""
    played_without_proposing: bool
    """The elder played this hand as dealt, before any exchange (a penalty may follow)."""
    refused_after: int | None
    """If the dealer refused a proposal this hand, the number of exchanges before it."""
    kings_announced: tuple[int, ...]
    scores: tuple[int, ...]
    games_won: tuple[int, ...]
    discard_limits: tuple[int, int] | None = None
    """In a discard phase, the least and the most cards the seat to act may discard now
    (the sizes of its legal discards: the rules' minimum, the stock, a variant's limits);
    None in the other phases."""
    backs: int | None = None
    """The seat whose player this seat backs and may advise now (la poule's waiting
    seat), else None."""
    backed_hand: CardSet | None = None
    """The hand of the player :attr:`backs` names (None when it is None)."""
    advice: tuple[Advice, ...] = ()
    """The advice this seat was given this hand, in order (seen by this seat alone)."""

    def to_dict(self) -> dict[str, Any]:
        """This observation as plain JSON values: cards as their text (``"K♠"``), the
        trump as its symbol, the phase by value, the rules as a save writes them
        (every option, enums by value), pairs as objects (``{"seat": 0, "card": "K♠"}``,
        ``{"seat": 1, "cards": 2}``). Nothing in it is hidden from :attr:`seat`: unlike
        :meth:`Game.to_dict`, a save that tells every deal to come and stays on the
        server, it may be sent to the seat's player."""
        return {
            "seat": self.seat,
            "rules": dict(_rules_items(self.rules)),
            "phase": self.phase.value,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "elder": self.elder,
            "hand": [str(c) for c in self.hand],
            "turnup": None if self.turnup is None else str(self.turnup),
            "trump": None if self.trump is None else self.trump.symbol,
            "stock_size": self.stock_size,
            "exchanges": [{"seat": s, "cards": n} for s, n in self.exchanges],
            "trick": _played(self.trick),
            "tricks": [_played(t) for t in self.tricks],
            "tricks_won": list(self.tricks_won),
            "played_without_proposing": self.played_without_proposing,
            "refused_after": self.refused_after,
            "kings_announced": list(self.kings_announced),
            "scores": list(self.scores),
            "games_won": list(self.games_won),
            "discard_limits": None if self.discard_limits is None else list(self.discard_limits),
            **self._advice_items(),
        }

    def _advice_items(self) -> dict[str, Any]:
        """``backs`` and ``backed_hand`` for a seat that backs a player, ``advice`` for a
        seat given some: keys present only then."""
        out: dict[str, Any] = {}
        if self.backs is not None:
            out["backs"] = self.backs
            out["backed_hand"] = [str(c) for c in self.backed_hand or ()]
        if self.advice:
            out["advice"] = [a.to_dict() for a in self.advice]
        return out

    def __str__(self) -> str:
        trick = " ".join(f"{s}:{c}" for s, c in self.trick)
        return (
            f"seat {self.seat} | {self.phase.value} | to act {self.to_act} | hand {self.hand} | "
            f"turn-up {self.turnup} | stock {self.stock_size} | trick [{trick}] | "
            f"tricks {self.tricks_won} | scores {self.scores} | games {self.games_won}"
        )


def observe(
    v: MatchView,
    seat: int,
    rules: Rules,
    phase: Phase,
    no_seat: int,
    discard_limits: tuple[int, int] | None,
    advice: dict[str, Any],
) -> Observation:
    """What ``seat`` may know of the match in ``v`` (``Game.observation``): ``phase`` is
    ``v.phase`` as a :class:`Phase`, ``no_seat`` the machine's "no seat", ``advice`` the
    fields about advice (none without a plugin that knows advisers)."""
    return Observation(
        seat=seat,
        rules=rules,
        phase=phase,
        to_act=v.to_act,
        dealer=None if v.dealer == no_seat else v.dealer,
        elder=None if v.elder == no_seat else v.elder,
        hand=CardSet(hands(v)[seat]),
        turnup=card_of(v.turnup),
        trump=None if v.trump < 0 else Suit(v.trump),
        stock_size=len(v.stock),
        exchanges=exchange_log(v),
        trick=tuple((p, Card.from_id(c)) for p, c in trick(v)),
        tricks=tuple(tuple((p, Card.from_id(c)) for p, c in t) for t in tricks(v)),
        tricks_won=tricks_won(v),
        played_without_proposing=bool(v.played_without_proposing),
        refused_after=None if v.refused_after == 255 else v.refused_after,
        kings_announced=announced_seats(v),
        scores=v.scores,
        games_won=v.games_won,
        discard_limits=discard_limits,
        **advice,
    )


def card_of(card_id: int) -> Card | None:
    """The card of an id, None for the machine's "no card" (255)."""
    return None if card_id > 63 else Card.from_id(card_id)


def seat(v: MatchView, pos: int) -> int:
    """The table seat of a position of the hand (0 the elder, 1 the dealer)."""
    return v.dealer if pos else v.elder


def hands(v: MatchView) -> tuple[int, ...]:
    """Each table seat's hand (card masks)."""
    out = [0] * v.players
    if v.dealer != 255:
        now = v.play_hands if v.in_play else v.held
        out[v.elder], out[v.dealer] = now
    return tuple(out)


def trick(v: MatchView) -> tuple[tuple[int, int], ...]:
    """The trick in progress as (seat, card id)."""
    if not v.in_play:
        return ()
    cards = v.play_cards
    start = len(cards) - len(cards) % 2
    leader = v.play_leaders[-1] if cards[start:] else 0
    return tuple((seat(v, leader ^ i), c) for i, c in enumerate(cards[start:]))


def tricks(v: MatchView) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The finished tricks as ((seat, card id), (seat, card id))."""
    if not v.in_play:
        return ()
    cards, out = v.play_cards, []
    for t in range(len(cards) // 2):
        lead = v.play_leaders[t]
        out.append(((seat(v, lead), cards[2 * t]), (seat(v, lead ^ 1), cards[2 * t + 1])))
    return tuple(out)


def tricks_won(v: MatchView) -> tuple[int, ...]:
    """Tricks won in this hand by each table seat."""
    won = [0] * v.players
    if v.in_play:
        won[v.elder], won[v.dealer] = v.play_won
    return tuple(won)


def exchange_log(v: MatchView) -> tuple[tuple[int, int], ...]:
    """Each discard of this hand as (seat, number of cards)."""
    return tuple((seat(v, i % 2), n) for i, n in enumerate(v.discarded))


def announced_seats(v: MatchView) -> tuple[int, ...]:
    """The seats that announced (or scored automatically) the king of trumps."""
    return tuple(seat(v, p) for p in (0, 1) if v.announced >> p & 1)


def packets(v: MatchView) -> tuple[int, int] | None:
    """The packets the dealer chose for this game, if they chose."""
    p = v.chosen_packets
    return (p // 10, p % 10) if p else None


def _derived(view: Callable[[MatchView], Any]) -> property:
    """A :class:`State` property: ``view`` of the state's fields (its docstring too)."""
    return property(lambda state: view(state.view), doc=view.__doc__)


class State:
    """The machine's named fields at one moment with the views derived from them (for
    tests and debugging: ``Game._state``). Every field of :class:`.protocol.MatchView`
    reads through."""

    __slots__ = ("view",)

    def __init__(self, view: MatchView) -> None:
        self.view = view

    def __getattr__(self, name: str) -> Any:
        return getattr(self.view, name)

    def seat(self, pos: int) -> int:
        """The table seat of a position of the hand (0 the elder, 1 the dealer)."""
        return seat(self.view, pos)

    hands = _derived(hands)
    trick = _derived(trick)
    tricks = _derived(tricks)
    tricks_won = _derived(tricks_won)
    exchange_log = _derived(exchange_log)
    announced_seats = _derived(announced_seats)
    packets = _derived(packets)

    def __repr__(self) -> str:
        return f"State({self.view!r})"
