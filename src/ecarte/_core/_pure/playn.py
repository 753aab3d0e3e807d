"""Pure twin of ec_playn.c: the play state of 2 to 4 positions."""

from __future__ import annotations

from collections.abc import Sequence

from ecarte._core._api import PLAY_ON, PLAY_OVER, PLAY_TRICK
from ecarte._core._args import (
    _PLAYN_MAX_CARDS,
    _check_int,
    _index,
    _next_active,
    _playn_args,
    _playn_content,
    _show,
)
from ecarte._core._pure.tricks import TrickContext, _check_ctx, _legal, _winner


class PlayStateN:
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

    __slots__ = (
        "_cards",
        "_hands",
        "_leaders",
        "_next",
        "_won",
        "active",
        "ctx",
        "flags",
        "nactive",
        "nplayed",
        "nplayers",
        "to_move",
    )

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
        self.ctx = ctx
        self.nplayers = len(hs)
        self.active = act
        self.nactive = act.bit_count()
        self._next = _next_active(len(hs), act)
        self._hands = list(hs)
        self._cards: list[int] = []
        self._leaders = [lead]
        self._won = [0] * len(hs)
        self.nplayed = 0
        self.to_move = lead
        self.flags = fl

    def copy(self) -> PlayStateN:
        new = object.__new__(PlayStateN)
        for name in ("ctx", "nplayers", "active", "nactive", "_next", "nplayed", "to_move"):
            setattr(new, name, getattr(self, name))
        new.flags = self.flags
        new._hands = self._hands.copy()
        new._cards = self._cards.copy()
        new._leaders = self._leaders.copy()
        new._won = self._won.copy()
        return new

    __copy__ = copy

    def legal(self) -> int:
        """Mask of the cards the position to move may play."""
        nt = self.nplayed % self.nactive
        trick = self._cards[self.nplayed - nt :] if nt else ()
        return _legal(self.ctx, self._hands[self.to_move], trick, self.flags)

    def apply(self, card: int) -> int:
        """Play ``card`` for the position to move: :data:`PLAY_ON`, :data:`PLAY_TRICK` or
        :data:`PLAY_OVER`; ValueError (and no change) if it may not be played."""
        c = _index(card)
        if c is None or not 0 <= c < 64 or self.ctx.suit_of[c] < 0:
            raise ValueError(f"play {_show(card, c)}: a card id is not in this deck")
        if not self.legal() >> c & 1:
            raise ValueError(f"play {c}: the card is not a legal play now")
        return self._apply(c)

    def try_apply(self, card: int) -> int:
        """-1 (no change) for a card that may not be played (or no card id at all), else
        ``status << 2 | to_move`` (the position to move next)."""
        c = _index(card)
        if c is None or not 0 <= c < 64 or self.ctx.suit_of[c] < 0:
            return -1
        if not self.legal() >> c & 1:
            return -1
        return self._apply(c) << 2 | self.to_move

    def apply_unchecked(self, card: int) -> int:
        """:meth:`apply` without the rules: the card must be legal (search code). Only a
        card not held by the position to move raises ValueError (no change)."""
        c = _index(card)
        if c is None or not (0 <= c < 64 and self._hands[self.to_move] >> c & 1):
            raise ValueError(
                f"apply_unchecked({_show(card, c)}): not a card of the position to move"
            )
        return self._apply(c)

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

    def undo(self) -> int:
        """Take back the last card played and return it; ValueError at the start."""
        if not self.nplayed:
            raise ValueError("undo: no card to take back")
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
    def cards(self) -> tuple[int, ...]:
        """The cards played this hand, in order."""
        return tuple(self._cards)

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

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        hands = ", ".join(f"{h:#x}" for h in self._hands)
        return (
            f"PlayStateN(hands=({hands}), active={self.active:#x}, cards={self.cards}, "
            f"to_move={self.to_move}, won={self.won})"
        )
