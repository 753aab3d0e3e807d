"""Pure twin of ec_tricks.c: trick contexts, legal plays, trick winners, perft and the
two-position play state (``ec_play``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Self, cast

# the flags, re-exported: the games' pure twins import them from here
from ecarte._core._api import MUST_OVERTAKE as MUST_OVERTAKE
from ecarte._core._api import MUST_OVERTRUMP as MUST_OVERTRUMP
from ecarte._core._api import MUST_TRUMP as MUST_TRUMP
from ecarte._core._api import PLAY_ON, PLAY_OVER, PLAY_TRICK, _play_reduce, _play_repr
from ecarte._core._args import (
    _TRUMP_BONUS,
    NO_TRUMP,
    _bits,
    _check_cards,
    _check_depth,
    _check_flags,
    _check_mask,
    _check_position_index,
    _context_args,
    _index,
    _legal_content,
    _play_args,
    _play_content,
    _position_args,
    _position_content,
    _show,
    _trick_content,
    _unset,
)


class TrickContext:
    """Per-hand tables for trick play (effective suits, powers, trumps).

    Derived tables, as in the C ``ec_context``: ``above[c]`` (cards of c's
    effective suit with a strictly higher power), ``beaten_by[c]`` (cards
    beating c when c is led), ``deck`` and ``distinct`` (no two cards of a suit
    share a power).
    """

    __slots__ = ("above", "beaten_by", "deck", "distinct", "power", "suit_mask", "suit_of", "trump")

    above: tuple[int, ...]
    beaten_by: tuple[int, ...]
    deck: int
    distinct: bool
    power: tuple[int, ...]
    suit_mask: tuple[int, ...]
    suit_of: tuple[int, ...]
    trump: int

    def __getattr__(self, name: str) -> object:
        """Only reached for an attribute not set: a slot of one made by ``__new__`` alone
        raises UninitialisedError."""
        _unset(self, name)

    def __setattr__(self, name: str, value: object) -> None:
        """A context is read-only (the compiled ones too): shared, it cannot change."""
        raise AttributeError(f"a context is read-only: {name!r} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a context is read-only: {name!r} cannot be deleted")

    def __copy__(self) -> Self:
        """A context is read-only: its copies (``copy``, ``deepcopy``) are itself."""
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled by its tables, made again (and checked) by :func:`make_context`."""
        return (make_context, (self.suit_of, self.power, self.trump))

    def __init__(self, suit_of: Sequence[int], power: Sequence[int], trump: int) -> None:
        suits, powers, trump = _context_args(suit_of, power, trump)
        masks = [0, 0, 0, 0]
        for card, suit in enumerate(suits):
            if suit >= 0:
                masks[suit] |= 1 << card
        above = [0] * 64
        distinct = True
        for c in range(64):
            s = suits[c]
            if s < 0:
                continue
            for d in _bits(masks[s]):
                if powers[d] > powers[c]:
                    above[c] |= 1 << d
                elif d != c and powers[d] == powers[c]:
                    distinct = False
        trumps = masks[trump] if trump != NO_TRUMP else 0
        beaten_by = tuple(
            above[c] | (trumps if suits[c] not in (-1, trump) else 0) for c in range(64)
        )
        deck = masks[0] | masks[1] | masks[2] | masks[3]
        _set = object.__setattr__  # the only writer: the context is read-only once made
        _set(self, "suit_of", suits)
        _set(self, "power", powers)
        _set(self, "trump", trump)
        _set(self, "suit_mask", tuple(masks))
        _set(self, "deck", deck)
        _set(self, "above", tuple(above))
        _set(self, "distinct", distinct)
        _set(self, "beaten_by", beaten_by)


def make_context(suit_of: Sequence[int], power: Sequence[int], trump: int) -> TrickContext:
    """Build the tables for one hand; ``suit_of[c] == -1`` marks a card not in the deck."""
    return TrickContext(suit_of, power, trump)


def _check_ctx(ctx: object, where: str = "") -> TrickContext:
    if not issubclass(type(ctx), TrickContext):
        raise ValueError(f"{where}not a context of the pure backend: {type(ctx).__name__}")
    return cast(TrickContext, ctx)


def _strength(ctx: TrickContext, card: int, led: int) -> int:
    suit = ctx.suit_of[card]
    if suit == ctx.trump:
        return ctx.power[card] + _TRUMP_BONUS
    if suit == led:
        return ctx.power[card]
    return -1


def trick_winner(ctx: TrickContext, trick: Sequence[int]) -> int:
    """Index in ``trick`` of the card winning it: highest trump, else highest of the led suit."""
    _check_ctx(ctx)
    t = _check_cards(trick, 1, 4, "a trick holds 1 to 4 cards, not {}")
    _trick_content(ctx.deck, t)
    return _winner(ctx, t)


def _winner(ctx: TrickContext, trick: Sequence[int]) -> int:
    # _strength() written out (every trick played asks this): the tables read once
    suit_of, power, trump = ctx.suit_of, ctx.power, ctx.trump
    first = trick[0]
    led = suit_of[first]
    best, best_strength = 0, power[first] + _TRUMP_BONUS if led == trump else power[first]
    for i in range(1, len(trick)):
        card = trick[i]
        suit = suit_of[card]
        s = power[card] + _TRUMP_BONUS if suit == trump else power[card] if suit == led else -1
        if s > best_strength:
            best, best_strength = i, s
    return best


def legal_plays(ctx: TrickContext, hand: int, trick: Sequence[int], flags: int) -> int:
    """Mask of the cards of ``hand`` that may be played to ``trick``.

    Follow the led suit if able; with :data:`MUST_OVERTAKE`, beat the best card
    of the led suit if able (unless the trick is already trumped). When void,
    with :data:`MUST_TRUMP` play a trump if able, and with
    :data:`MUST_OVERTRUMP` beat the best trump already played if able.
    """
    _check_ctx(ctx)
    h = _check_mask(hand)
    t = _check_cards(trick, 0, 3, "a trick in progress holds 0 to 3 cards, not {}")
    flags = _check_flags(flags)
    _legal_content(ctx.deck, h, t)
    return _legal(ctx, h, t, flags)


def _legal(ctx: TrickContext, hand: int, trick: Sequence[int], flags: int) -> int:
    if not trick:
        return hand
    led = ctx.suit_of[trick[0]]
    best = trick[_winner(ctx, trick)] if len(trick) > 1 else trick[0]
    follow = _of_suit(ctx, hand, led, best, flags & MUST_OVERTAKE)
    if follow:
        return follow
    trump = ctx.trump
    if trump != NO_TRUMP and flags & MUST_TRUMP:
        trumps = _of_suit(ctx, hand, trump, best, flags & MUST_OVERTRUMP)
        if trumps:
            return trumps
    return hand


def _of_suit(ctx: TrickContext, hand: int, suit: int, best: int, beat: int) -> int:
    """The cards of ``hand`` in ``suit``; with ``beat``, only those above ``best`` (the card
    winning the trick) when it is of that suit and one of them is."""
    cards = hand & ctx.suit_mask[suit]
    if cards and beat and ctx.suit_of[best] == suit:
        return cards & ctx.above[best] or cards
    return cards


# --------------------------------------------------------- positions, perft

Position = tuple[TrickContext, Sequence[int], int, Sequence[int]]


def _perft(
    ctx: TrickContext, hands: list[int], leader: int, trick: list[int], flags: int, depth: int
) -> int:
    np = len(hands)
    mover = (leader + len(trick)) % np
    h = hands[mover]
    if depth == 0 or h == 0:
        return 1
    legal = _legal(ctx, h, trick, flags)
    if depth == 1:
        return legal.bit_count()
    total = 0
    for c in _bits(legal):
        hands[mover] = h & ~(1 << c)
        t = [*trick, c]
        if len(t) == np:
            w = _winner(ctx, t)
            total += _perft(ctx, hands, (leader + w) % np, [], flags, depth - 1)
        else:
            total += _perft(ctx, hands, leader, t, flags, depth - 1)
    hands[mover] = h
    return total


def perft(
    ctx: TrickContext,
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    flags: int,
    depth: int,
) -> int:
    """Number of distinct play sequences of ``depth`` cards from the position.

    ``hands`` holds one mask per seat (2 to 4), ``leader`` the seat that led the
    trick in progress and ``trick`` the cards already played to it. A sequence
    that reaches the end of the hand sooner counts once.
    """
    _check_ctx(ctx)
    hs, lead, t = _position_args(hands, leader, trick)
    flags = _check_flags(flags)
    depth = _check_depth(depth)
    _position_content(ctx.deck, hs, lead, t)
    return _perft(ctx, list(hs), lead, list(t), flags, depth)


# ------------------------------------------- play state (2 players, ec_play in the C core)


class _PlayBase:
    """What the two play states share (:class:`PlayState` here, ``PlayStateN`` in
    ``playn``): their common fields, the copy, and the checks and messages of a play and of
    an undo. A subclass gives :meth:`legal`, ``_apply`` (the play of a legal card),
    ``_undo`` (the take-back of the last card) and ``_TURN_BITS`` (the bits of ``to_move``
    in :meth:`try_apply`'s result)."""

    __slots__ = ("_cards", "_hands", "_leaders", "_won", "ctx", "flags", "nplayed", "to_move")
    _TURN_BITS: ClassVar[int]

    def __getattr__(self, name: str) -> object:
        """Only reached for an attribute not set: a slot of a state made by ``__new__``
        alone raises UninitialisedError, any other name AttributeError."""
        _unset(self, name)

    def _start(self, ctx: TrickContext, hands: tuple[int, ...], leader: int, flags: int) -> None:
        """The state before the first card: ``hands`` (plain ints, checked), ``leader`` to
        lead."""
        self.ctx = ctx
        self._hands = list(hands)
        self._cards: list[int] = []
        self._leaders = [leader]
        self._won = [0] * len(hands)
        self.nplayed = 0
        self.to_move = leader
        self.flags = flags

    def copy(self) -> Self:
        new = object.__new__(type(self))
        new.ctx = self.ctx
        new._hands = self._hands.copy()
        new._cards = self._cards.copy()
        new._leaders = self._leaders.copy()
        new._won = self._won.copy()
        new.nplayed = self.nplayed
        new.to_move = self.to_move
        new.flags = self.flags
        return new

    def __copy__(self) -> Self:
        return self.copy()

    def __deepcopy__(self, memo: object) -> Self:
        """The state's :meth:`copy` (its context, read-only, is shared)."""
        return self.copy()

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its first position and the cards played since."""
        from ecarte._core import _pure

        return _play_reduce(self, _pure._play_state_at)

    def legal(self) -> int:
        """Mask of the cards the position to move may play."""
        raise NotImplementedError

    def _apply(self, card: int) -> int:
        raise NotImplementedError

    def _undo(self) -> int:
        raise NotImplementedError

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
        """As :meth:`apply`, for hot loops: -1 (and no change) for a card that may not be
        played (or no card id at all), else ``status << 1 | to_move`` (the position to
        move next; ``status << 2 | to_move`` for ``PlayStateN``)."""
        c = _index(card)
        if c is None or not 0 <= c < 64 or self.ctx.suit_of[c] < 0:
            return -1
        if not self.legal() >> c & 1:
            return -1
        return self._apply(c) << self._TURN_BITS | self.to_move

    def apply_unchecked(self, card: int) -> int:
        """:meth:`apply` without the rules: the card must be legal (search code). Only a
        card not held by the position to move raises ValueError (no change)."""
        c = _index(card)
        if c is None or not (0 <= c < 64 and self._hands[self.to_move] >> c & 1):
            raise ValueError(
                f"apply_unchecked({_show(card, c)}): not a card of the position to move"
            )
        return self._apply(c)

    def undo(self) -> int:
        """Take back the last card played and return it; ValueError at the start."""
        if not self.nplayed:
            raise ValueError("undo: no card to take back")
        return self._undo()

    @property
    def cards(self) -> tuple[int, ...]:
        """The cards played this hand, in order."""
        return tuple(self._cards)

    __hash__ = None  # type: ignore[assignment]


class PlayState(_PlayBase):
    """A two-player hand in the play phase, cheap to copy and to undo (``ec_play``).

    Positions 0 and 1 hold ``hands``; ``leader`` leads the first trick. The
    state keeps the cards played and the leader of each trick, so
    :meth:`undo` needs no record and :meth:`copy` is a flat copy.

    >>> from ecarte._core import backend, ranked_context
    >>> ctx = ranked_context(0, [11, 10, 9, 12, 8, 7, 6, 5], 0x1FE0_1FE0_1FE0_1FE0, backend("pure"))
    >>> s = PlayState(ctx, (0x60, 0x600000), 0, MUST_OVERTAKE | MUST_TRUMP)  # clubs trumps
    >>> s.legal() == 0x60, s.apply(5), s.to_move, s.legal() == 0x600000
    (True, 0, 1, True)
    >>> s.apply(22), s.won, s.to_move, s.trick, s.tricks
    (1, (1, 0), 0, (), ((0, 5, 22),))
    >>> s.undo(), s.to_move, s.won, s.hands == (0x40, 0x600000)
    (22, 1, (0, 0), True)
    """

    __slots__ = ()
    _TURN_BITS = 1

    def __init__(self, ctx: TrickContext, hands: Sequence[int], leader: int, flags: int) -> None:
        _check_ctx(ctx)
        h0, h1, leader, flags = _play_args(hands, leader, flags)
        _play_content(ctx.deck, h0, h1)
        self._start(ctx, (h0, h1), leader, flags)

    def legal(self) -> int:
        """Mask of the cards the position to move may play."""
        hand = self._hands[self.to_move]
        if self.nplayed & 1:
            return _legal(self.ctx, hand, self._cards[-1:], self.flags)
        return hand

    def _apply(self, card: int) -> int:
        mover = self.to_move
        self._hands[mover] &= ~(1 << card)
        self._cards.append(card)
        self.nplayed += 1
        if self.nplayed & 1:
            self.to_move = mover ^ 1
            return PLAY_ON
        lead = mover ^ 1
        winner = mover if _winner(self.ctx, self._cards[-2:]) else lead
        self._won[winner] += 1
        self.to_move = winner
        if not (self._hands[0] | self._hands[1]):
            return PLAY_OVER
        self._leaders.append(winner)
        return PLAY_TRICK

    def _undo(self) -> int:
        self.nplayed -= 1
        n = self.nplayed
        card = self._cards.pop()
        if n & 1:
            self._won[self.to_move] -= 1
            if len(self._leaders) > n // 2 + 1:
                self._leaders.pop()
            mover = self._leaders[n // 2] ^ 1
        else:
            mover = self._leaders[n // 2]
        self.to_move = mover
        self._hands[mover] |= 1 << card
        return card

    @property
    def hands(self) -> tuple[int, int]:
        return (self._hands[0], self._hands[1])

    def hand(self, position: int) -> int:
        """The hand of position 0 or 1."""
        return self._hands[_check_position_index(position)]

    @property
    def won(self) -> tuple[int, int]:
        """Tricks won, by position."""
        return (self._won[0], self._won[1])

    @property
    def leader(self) -> int:
        """The position leading the trick in progress (or the next one)."""
        return self.to_move ^ (self.nplayed & 1)

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the trick in progress."""
        return tuple(self._cards[self.nplayed & ~1 :])

    @property
    def tricks(self) -> tuple[tuple[int, int, int], ...]:
        """The finished tricks as ``(leader, first card, second card)``."""
        c, lead = self._cards, self._leaders
        return tuple((lead[i], c[2 * i], c[2 * i + 1]) for i in range(self.nplayed // 2))

    @property
    def over(self) -> bool:
        """True once the hands are empty."""
        return not (self._hands[0] | self._hands[1])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayState):
            return NotImplemented
        return (
            self.ctx is other.ctx
            and self._hands == other._hands
            and self._cards == other._cards
            and self._leaders[: self.nplayed // 2 + 1] == other._leaders[: other.nplayed // 2 + 1]
            and self.to_move == other.to_move
            and self._won == other._won
            and self.flags == other.flags
        )

    def __repr__(self) -> str:
        return _play_repr("PlayState", self._hands, self.cards, self.to_move, self.won)
