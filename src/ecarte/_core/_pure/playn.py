"""Pure twin of ec_playn.c: the play state of 2 to 4 positions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from ecarte._core._api import PLAY_ON, PLAY_OVER, PLAY_TRICK, _play_repr
from ecarte._core._args import (
    _PLAYN_MAX_CARDS,
    _check_int,
    _next_active,
    _playn_args,
    _playn_content,
)
from ecarte._core._pure.tricks import TrickContext, _check_ctx, _legal, _PlayBase, _winner


class PlayStateN(_PlayBase):
    """A hand in the play phase for 2 to 4 positions, some possibly sitting out
    (``ec_playn``): cheap to copy and to undo, as :class:`PlayState`.

    ``hands`` holds one mask per position; ``active`` is a mask of the positions that play
    (None: all; the partner of a lone Euchre player sits out): the turn passes to the next
    active position and a trick has one card per active position. Active hands have equal
    sizes (at most 8 cards); an inactive position keeps its hand as given.

    >>> from ecarte._core import backend, ranked_context
    >>> deck = 0x1F80_1F80_1F80_1F80  # 9 to ace of every suit
    >>> ctx = ranked_context(0, (12, 11, 10, 9, 8, 7), deck, backend("pure"))  # clubs trumps
    >>> s = PlayStateN(ctx, (1 << 12, 1 << 28, 1 << 44, 1 << 57), 1, 0, active=0b1011)
    >>> s.to_move, s.apply(28), s.to_move, s.apply(57), s.to_move, s.apply(12)
    (1, 0, 3, 0, 0, 2)
    >>> s.won, s.tricks, s.over  # position 2 sat out; the ace of clubs trumped
    ((1, 0, 0, 0), ((1, 28, 57, 12),), True)
    """

    __slots__ = ("_next", "active", "nactive", "nplayers")
    _TURN_BITS = 2

    def __init__(
        self,
        ctx: TrickContext,
        hands: Sequence[int],
        leader: int,
        flags: int,
        active: int | None = None,
    ) -> None:
        _check_ctx(ctx)
        hs, lead, fl, act = _playn_args(hands, leader, flags, active)
        _playn_content(ctx.deck, hs, act)
        self._start(ctx, hs, lead, fl)
        self.nplayers = len(hs)
        self.active = act
        self.nactive = act.bit_count()
        self._next = _next_active(len(hs), act)

    def copy(self) -> Self:
        new = super().copy()
        new.nplayers = self.nplayers
        new.active = self.active
        new.nactive = self.nactive
        new._next = self._next
        return new

    def legal(self) -> int:
        """Mask of the cards the position to move may play."""
        nt = self.nplayed % self.nactive
        trick = self._cards[self.nplayed - nt :] if nt else ()
        return _legal(self.ctx, self._hands[self.to_move], trick, self.flags)

    def _apply(self, card: int) -> int:
        mover = self.to_move
        na = self.nactive
        self._hands[mover] &= ~(1 << card)
        self._cards.append(card)
        self.nplayed += 1
        if self.nplayed % na:
            self.to_move = self._next[mover]
            return PLAY_ON
        t = self.nplayed // na - 1
        w = _winner(self.ctx, self._cards[-na:])
        winner = self._leaders[t]
        for _ in range(w):
            winner = self._next[winner]
        self._won[winner] += 1
        self.to_move = winner
        if not self._hands[winner] or t + 1 >= _PLAYN_MAX_CARDS:
            return PLAY_OVER
        self._leaders.append(winner)
        return PLAY_TRICK

    def _undo(self) -> int:
        na = self.nactive
        self.nplayed -= 1
        n = self.nplayed
        card = self._cards.pop()
        t, nt = divmod(n, na)
        if nt == na - 1:
            self._won[self.to_move] -= 1
            if len(self._leaders) > t + 1:
                self._leaders.pop()
        mover = self._leaders[t]
        for _ in range(nt):
            mover = self._next[mover]
        self.to_move = mover
        self._hands[mover] |= 1 << card
        return card

    @property
    def hands(self) -> tuple[int, ...]:
        return tuple(self._hands)

    def hand(self, position: int) -> int:
        """The hand of a position 0..nplayers-1."""
        p = _check_int(
            position, 0, self.nplayers - 1, f"position must be 0..{self.nplayers - 1}, not {{}}"
        )
        return self._hands[p]

    @property
    def won(self) -> tuple[int, ...]:
        """Tricks won, by position."""
        return tuple(self._won)

    @property
    def leader(self) -> int:
        """The position leading the trick in progress (or the next one)."""
        nt = self.nplayed % self.nactive
        return self._leaders[self.nplayed // self.nactive] if nt else self.to_move

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the trick in progress."""
        nt = self.nplayed % self.nactive
        return tuple(self._cards[self.nplayed - nt :]) if nt else ()

    @property
    def tricks(self) -> tuple[tuple[int, ...], ...]:
        """The finished tricks as ``(leader, cards...)``."""
        na, c = self.nactive, self._cards
        return tuple(
            (self._leaders[i], *c[na * i : na * i + na]) for i in range(self.nplayed // na)
        )

    @property
    def over(self) -> bool:
        """True once the active hands are empty."""
        return not any(h for i, h in enumerate(self._hands) if self.active >> i & 1)

    def position(self) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
        """``(hands, leader, trick)``: the position in play, for :func:`solve_n` with
        ``active=self.active``."""
        return self.hands, self.leader, self.trick

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayStateN):
            return NotImplemented
        k = self.nplayed // self.nactive + 1
        return (
            self.ctx is other.ctx
            and (self.nplayers, self.active, self.nplayed, self.to_move, self.flags)
            == (other.nplayers, other.active, other.nplayed, other.to_move, other.flags)
            and self._hands == other._hands
            and self._cards == other._cards
            and self._won == other._won
            and self._leaders[:k] == other._leaders[:k]
        )

    def __repr__(self) -> str:
        return _play_repr(
            "PlayStateN", self._hands, self.cards, self.to_move, self.won, self.active
        )
