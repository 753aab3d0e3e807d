"""Values exchanged with hooks and reported to users: seats, deals, results."""

from __future__ import annotations

from attrs import field, frozen

from ._cards import Card, CardSet

__all__ = ["DealtHands", "GameResult", "HandOutcome", "HandResult", "MatchStatus", "Seats"]


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

    hands: dict[int, CardSet]
    turnup: Card
    stock: tuple[Card, ...]


@frozen(kw_only=True)
class HandOutcome:
    """The facts a hand is scored from, after its five tricks."""

    dealer: int
    elder: int
    tricks: dict[int, int]
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
    tricks: dict[int, int]
    points: dict[int, int]
    """All points scored in this hand (turned-up king, announced king, tricks)."""
    kings: dict[int, int] = field(factory=dict)
    """The part of :attr:`points` scored for the king of trumps, by seat."""
    complete: bool = True
    """False when the game ended before the five tricks (a king reached the target)."""


@frozen(kw_only=True)
class GameResult:
    """A finished game of the match."""

    number: int
    players: tuple[int, int]
    winner: int
    loser: int
    scores: dict[int, int]
    value: int = 1
    """What the game is worth for stakes (see :attr:`ecarte.Rules.game_values`)."""
    hands: tuple[HandResult, ...] = field(factory=tuple)


@frozen(kw_only=True)
class MatchStatus:
    """Whether the match is over, and its winner."""

    over: bool
    winner: int | None = None
