"""Toy tricks: the rules, the deal and the game, on the engine's trick primitives.

Two players, the 32-card piquet deck (A K Q J 10 9 8 7 in every suit). The deal, drawn
from the seed, gives five cards to each seat and turns up the eleventh: its suit is
trumps. Seat 0 leads the first trick; a player follows the suit led if able, else plays
any card (:class:`ToyRules` can add the engine's "must overtake" and "must trump"
flags); the highest trump wins the trick, else the highest card of the suit led, and
the trick's winner leads the next. Whoever takes more of the five tricks wins. One deal
is the whole game.

The legal plays and the tricks are the engine's: a trick context
(:func:`ecarte.tricks.ranked_context`) and a two-player play state
(:class:`ecarte.tricks.PlayState`, on the backend live when the game is made). An
action is a :class:`ecarte.Card`; its id is the card's place in the piquet deck
(0 for 7♣ to 31 for A♠).
"""

from __future__ import annotations

import random
import reprlib
import secrets
from dataclasses import asdict, dataclass, fields
from typing import Any, NamedTuple, cast

import ecarte.tricks as engine  # names read at call time: on the backend live then
from ecarte import (
    PIQUET_DECK,
    ArgumentError,
    Card,
    CardParseError,
    CardSet,
    IllegalActionError,
    Rank,
    RulesError,
    Suit,
)

from . import save

__all__ = [
    "CARDS",
    "HAND_SIZE",
    "NUM_ACTION_IDS",
    "ORDER",
    "PRESETS",
    "TERMINAL",
    "ToyObservation",
    "ToyRules",
    "ToyTricks",
    "Trick",
    "deal",
]

CARDS: tuple[Card, ...] = tuple(PIQUET_DECK)
"""The cards by action id: the piquet deck in card-id order (clubs 7..A, then diamonds,
hearts, spades)."""
NUM_ACTION_IDS = len(CARDS)
"""The number of action ids (the length of :meth:`ToyTricks.legal_action_mask`)."""
HAND_SIZE = 5
"""The cards dealt to each seat."""
ORDER = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
"""The ranks of every suit, high to low."""
TERMINAL = -2
"""``to_act`` once the game is over (the engine's marker)."""
_ID_OF = {card: i for i, card in enumerate(CARDS)}


@dataclass(frozen=True)
class ToyRules:
    """The play rules: a player follows suit if able, and with

    - ``must_overtake``, beats the best card of the suit led if able;
    - ``must_trump``, being void in the suit led, plays a trump if able.
    """

    must_overtake: bool = False
    must_trump: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not True and value is not False:
                raise RulesError(f"{f.name}: must be a bool, got {reprlib.repr(value)}")

    @property
    def flags(self) -> int:
        """The engine's play flags (``ecarte.tricks.MUST_*``) of these rules."""
        return (engine.MUST_OVERTAKE if self.must_overtake else 0) | (
            engine.MUST_TRUMP if self.must_trump else 0
        )

    def to_dict(self) -> dict[str, bool]:
        """Every option by name (the ``rules`` of a saved game)."""
        return asdict(self)


PRESETS = {"plain": ToyRules(), "strict": ToyRules(must_overtake=True, must_trump=True)}
"""Named rules: ``plain`` (follow suit, nothing more) and ``strict`` (overtake and trump
when able)."""


def deal(seed: int) -> tuple[Card, ...]:
    """The 32 cards in the order the seed deals them: seat 0 gets the first five, seat 1
    the next five, and the eleventh is turned up. The shuffle is Fisher-Yates over
    :data:`CARDS`, each draw from ``random.Random(seed).random()`` (whose sequence for a
    seed Python keeps from version to version)."""
    cards = list(CARDS)
    rng = random.Random(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


class Trick(NamedTuple):
    """A finished trick: who led, the two cards in the order played, who took it."""

    leader: int
    lead: Card
    reply: Card
    winner: int


@dataclass(frozen=True)
class ToyObservation:
    """What one seat may know: its own hand, never the other's nor the stock."""

    seat: int
    hand: CardSet
    turnup: Card
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int]
    to_act: int


def _seed(seed: object) -> int:
    if seed is None:
        return secrets.randbits(64)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise ArgumentError(f"seed must be an int in [0, 2**64) or None, not {reprlib.repr(seed)}")
    return seed


class ToyTricks:
    """One deal of Toy tricks, from its rules and seed (a random seed when None).

    The seat to act (:attr:`to_act`, :data:`TERMINAL` once over) plays one of
    :meth:`legal_actions`; :meth:`apply` takes a :class:`ecarte.Card` or its text,
    :meth:`apply_id` an action id. An illegal action raises
    :class:`ecarte.IllegalActionError` and changes nothing.
    """

    players = 2
    """The number of seats."""
    num_action_ids = NUM_ACTION_IDS

    def __init__(self, rules: ToyRules | None = None, *, seed: int | None = None) -> None:
        if rules is None:
            rules = ToyRules()
        elif not isinstance(rules, ToyRules):
            raise ArgumentError(f"rules must be ToyRules or None, not {reprlib.repr(rules)}")
        self._rules = rules
        self._seed = _seed(seed)
        cards = deal(self._seed)
        self._turnup = cards[2 * HAND_SIZE]
        ctx = engine.ranked_context(self._turnup.suit, ORDER, PIQUET_DECK.mask)
        self._ctx = cast(engine.Context, ctx)  # ranked_context is annotated -> object
        hands = [CardSet.of(cards[s * HAND_SIZE : (s + 1) * HAND_SIZE]).mask for s in (0, 1)]
        self._play = engine.PlayState(self._ctx, hands, 0, rules.flags)

    # ------------------------------------------------------------------ the state
    @property
    def rules(self) -> ToyRules:
        return self._rules

    @property
    def seed(self) -> int:
        """The seed the deal was drawn from."""
        return self._seed

    @property
    def turnup(self) -> Card:
        """The card turned up: its suit is trumps."""
        return self._turnup

    @property
    def trump(self) -> Suit:
        return self._turnup.suit

    @property
    def is_over(self) -> bool:
        return self._play.over

    @property
    def to_act(self) -> int:
        """The seat to play, or :data:`TERMINAL` once the five tricks are played."""
        return TERMINAL if self._play.over else self._play.to_move

    @property
    def history(self) -> tuple[Card, ...]:
        """Every card played, in order."""
        return tuple(Card.from_id(c) for c in self._play.cards)

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress (none between tricks)."""
        return tuple(Card.from_id(c) for c in self._play.trick)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, in order."""
        out = []
        for leader, lead, reply in self._play.tricks:
            taken = engine.trick_winner(self._ctx, (lead, reply))
            out.append(Trick(leader, Card.from_id(lead), Card.from_id(reply), leader ^ taken))
        return tuple(out)

    @property
    def tricks_won(self) -> tuple[int, int]:
        """The tricks each seat has taken."""
        return self._play.won

    @property
    def winner(self) -> int | None:
        """The seat that took more tricks, once over."""
        if not self._play.over:
            return None
        won = self._play.won
        return 0 if won[0] > won[1] else 1

    def returns(self) -> tuple[int, int]:
        """By seat: +1 to the winner and -1 to the loser; (0, 0) before the end."""
        winner = self.winner
        if winner is None:
            return (0, 0)
        return (1, -1) if winner == 0 else (-1, 1)

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now."""
        return CardSet(self._play.hand(_check_seat(seat)))

    def observation(self, seat: int) -> ToyObservation:
        """What ``seat`` (0 or 1) may know."""
        return ToyObservation(
            seat=_check_seat(seat),
            hand=self.hand(seat),
            turnup=self._turnup,
            trick=self.trick,
            tricks=self.tricks,
            tricks_won=self.tricks_won,
            to_act=self.to_act,
        )

    def takes(self, lead: Card, reply: Card) -> bool:
        """Whether ``reply`` takes a trick that ``lead`` led (the engine's trick rule)."""
        return engine.trick_winner(self._ctx, (lead.id, reply.id)) == 1

    # ------------------------------------------------------------------ actions
    def legal_action_mask(self) -> list[bool]:
        legal = self._play.legal() if not self._play.over else 0
        return [bool(legal >> card.id & 1) for card in CARDS]

    def legal_action_ids(self) -> list[int]:
        return [i for i, legal in enumerate(self.legal_action_mask()) if legal]

    def legal_actions(self) -> tuple[Card, ...]:
        return tuple(CARDS[i] for i in self.legal_action_ids())

    def action_from_id(self, action_id: int) -> Card:
        """The card of ``action_id``; :class:`~ecarte.IllegalActionError` for no id."""
        if isinstance(action_id, bool) or not isinstance(action_id, int):
            raise IllegalActionError(f"an action id is an int, not {reprlib.repr(action_id)}")
        if not 0 <= action_id < NUM_ACTION_IDS:
            raise IllegalActionError(f"action id {action_id} is not in 0..{NUM_ACTION_IDS - 1}")
        return CARDS[action_id]

    def action_id(self, action: Card | str) -> int:
        """The id of a card of the deck (a :class:`~ecarte.Card` or its text)."""
        return _ID_OF[_card(action)]

    def apply(self, action: Card | str) -> None:
        """Play a card (a :class:`~ecarte.Card` or its text, ``"A♠"``, ``"As"``) for the
        seat to act."""
        self._play_card(_card(action))

    def apply_id(self, action_id: int) -> None:
        """Play the card of an action id."""
        self._play_card(self.action_from_id(action_id))

    def _play_card(self, card: Card) -> None:
        play = self._play
        if play.over:
            raise IllegalActionError(f"{card}: the game is over")
        legal = play.legal()
        if not legal >> card.id & 1:
            seat = play.to_move
            if play.hand(seat) >> card.id & 1:
                raise IllegalActionError(f"{card}: seat {seat} may play only {CardSet(legal)}")
            raise IllegalActionError(f"{card}: seat {seat} does not hold it")
        play.apply(card.id)

    def undo(self) -> None:
        """Take back the last card played; :class:`~ecarte.IllegalActionError` before
        the first."""
        if not self._play.nplayed:
            raise IllegalActionError("undo: no card has been played")
        self._play.undo()

    # ------------------------------------------------------------------ copies
    def clone(self) -> ToyTricks:
        """An independent copy (the play state copied, the rest shared: it never
        changes)."""
        twin = object.__new__(ToyTricks)
        twin.__dict__.update(self.__dict__)
        twin._play = self._play.copy()
        return twin

    def rebuild(self) -> ToyTricks:
        """A new game of the same rules and seed, replayed from :attr:`history`."""
        game = ToyTricks(self._rules, seed=self._seed)
        for card in self.history:
            game.apply(card)
        return game

    def to_dict(self) -> dict[str, Any]:
        """The saved game (the engine's envelope, see :mod:`ecarte_toy_tricks.save`)."""
        return save.to_dict(self)

    def to_json(self, indent: int | None = None) -> str:
        return save.to_json(self, indent)

    @classmethod
    def from_dict(cls, d: Any) -> ToyTricks:
        """The game saved in ``d``; :class:`~ecarte.SaveFormatError` naming the field."""
        return save.from_dict(d)

    @classmethod
    def from_json(cls, text: str | bytes | bytearray) -> ToyTricks:
        """The game a :meth:`to_json` text saved (:func:`ecarte.from_json` reads it too)."""
        return save.from_json(text)

    def __repr__(self) -> str:
        return (
            f"ToyTricks(seed={self._seed}, turnup={self._turnup}, history="
            f"[{' '.join(map(str, self.history))}], to_act={self.to_act})"
        )


def _card(action: object) -> Card:
    """A card of the deck from a :class:`~ecarte.Card` or its text."""
    if isinstance(action, str):
        try:
            action = Card.parse(action)
        except CardParseError as exc:
            raise IllegalActionError(str(exc)) from None
    if not isinstance(action, Card):
        raise IllegalActionError(f"an action is a card, not {reprlib.repr(action)}")
    if action not in _ID_OF:
        raise IllegalActionError(f"{action}: not a card of the piquet deck")
    return action


def _check_seat(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1, not {reprlib.repr(seat)}")
    return seat
