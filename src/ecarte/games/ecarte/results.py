"""Values exchanged with hooks and reported to users: seats, deals, results.

They are immutable all the way down: their mappings are :class:`FrozenDict`
(equal to the plain dict with the same items), their sequences tuples, so a
result read from a game cannot rewrite it, its clones or anything else.

>>> from ecarte import Card
>>> result = HandResult(number=1, dealer=0, elder=1, trump=Card.parse("8♦"),
...                     tricks={1: 2, 0: 3}, points={1: 0, 0: 1})
>>> result.points == {0: 1, 1: 0}, result.points
(True, {1: 0, 0: 1})
>>> result.points[0] = 99
Traceback (most recent call last):
...
TypeError: 'FrozenDict' object does not support item assignment
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TypeVar

from attrs import field, frozen

from ecarte._cards import Card, CardSet
from ecarte._errors import ArgumentError, ArgumentTypeError

__all__ = [
    "DealtHands",
    "FrozenDict",
    "GameResult",
    "HandOutcome",
    "HandResult",
    "MatchStatus",
    "Seats",
]

K = TypeVar("K")
V = TypeVar("V")


class FrozenDict(Mapping[K, V]):
    """A read-only, hashable mapping that compares equal to a dict with the same items and
    prints like one."""

    __slots__ = ("_data", "_hash")
    _data: dict[K, V]
    _hash: int | None

    def __init__(self, data: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        object.__setattr__(self, "_data", dict(data))
        object.__setattr__(self, "_hash", None)

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenDict):
            return self._data == other._data
        if isinstance(other, dict):
            return self._data == other
        if isinstance(other, Mapping):
            return self._data == dict(other.items())
        return NotImplemented

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash(frozenset(self._data.items()))
            object.__setattr__(self, "_hash", h)
        return h

    def __repr__(self) -> str:
        return repr(self._data)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"'FrozenDict' object is read-only (cannot set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"'FrozenDict' object is read-only (cannot delete {name!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (self._data,))

    def __copy__(self) -> FrozenDict[K, V]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict[K, V]:
        return self


def _frozen(data: Any) -> FrozenDict[Any, Any]:
    """The converter of the results' mapping fields."""
    return data if isinstance(data, FrozenDict) else FrozenDict(data)


@frozen(kw_only=True)
class Seats:
    """The two players of a hand or game. ``dealer=None`` means cut for it."""

    players: tuple[int, int]
    dealer: int | None = None

    @property
    def elder(self) -> int | None:
        """The non-dealer, once the dealer is known."""
        if self.dealer is None:
            return None
        return self.players[1] if self.dealer == self.players[0] else self.players[0]


@frozen(kw_only=True)
class DealtHands:
    """What a deal produced: each player's hand, the turn-up and the stock (top first)."""

    hands: FrozenDict[int, CardSet] = field(converter=_frozen)
    turnup: Card
    stock: tuple[Card, ...]


@frozen(kw_only=True)
class HandOutcome:
    """The facts a hand is scored from, after its five tricks."""

    dealer: int
    """The dealer's seat."""
    elder: int
    """The elder's seat (the non-dealer, who proposed and led)."""
    tricks: FrozenDict[int, int] = field(converter=_frozen)
    """Tricks won by each of the two seats."""
    exchanges: int
    """Number of accepted proposals."""
    elder_played_without_proposing: bool
    """The elder played the hand as dealt, before any exchange."""
    refused_after: int | None
    """If the dealer refused a proposal, how many exchanges came before it
    (0: the first proposal was refused); None when nothing was refused."""


@frozen(kw_only=True)
class HandResult:
    """A finished hand: who dealt, tricks, and every point scored in it."""

    number: int
    dealer: int
    elder: int
    trump: Card
    tricks: FrozenDict[int, int] = field(converter=_frozen)
    points: FrozenDict[int, int] = field(converter=_frozen)
    """All points scored in this hand (turned-up king, announced king, tricks)."""
    kings: FrozenDict[int, int] = field(factory=FrozenDict, converter=_frozen)
    """The part of :attr:`points` scored for the king of trumps, by seat."""
    complete: bool = True
    """False when the game ended before the five tricks (a king reached the target)."""


def _hands(hands: Iterable[HandResult]) -> tuple[HandResult, ...]:
    return tuple(hands)


@frozen(kw_only=True)
class GameResult:
    """A finished game of the match."""

    number: int
    players: tuple[int, int]
    winner: int
    loser: int
    scores: FrozenDict[int, int] = field(converter=_frozen)
    value: int = 1
    """What the game is worth for stakes (see :attr:`ecarte.Rules.game_values`)."""
    hands: tuple[HandResult, ...] = field(factory=tuple, converter=_hands)


@frozen(kw_only=True)
class MatchStatus:
    """Whether the match is over, and its winner (a seat once over, None before).

    >>> MatchStatus(over=True, winner=1)
    MatchStatus(over=True, winner=1)
    >>> MatchStatus(over=2)
    Traceback (most recent call last):
    ...
    ecarte._errors.ArgumentTypeError: MatchStatus: over must be a bool, not 2
    """

    over: bool
    winner: int | None = None

    def __attrs_post_init__(self) -> None:
        over, winner = self.over, self.winner
        if over.__class__ is not bool:
            raise ArgumentTypeError(f"MatchStatus: over must be a bool, not {over!r}")
        if over and not (winner.__class__ is int and winner >= 0):
            raise ArgumentError(f"MatchStatus: a match over has a winner seat, not {winner!r}")
        if not over and winner is not None:
            raise ArgumentError(f"MatchStatus: a match not over has no winner, not {winner!r}")
