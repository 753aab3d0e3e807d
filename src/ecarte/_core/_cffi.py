"""The C core through cffi (API mode): the path for PyPy and a model for C hosts.

A thin wrapper presenting the same functions as ``_pure`` and ``_cycore``; it
validates in Python what cannot be expressed in C types, and lets the C
checked functions reject the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Self

from . import _api
from ._api import *  # noqa: F403 - the constants
from ._api import _play_reduce, _play_repr, _play_restore
from ._args import (
    _batch_positions,
    _check_below,
    _check_cards,
    _check_depth,
    _check_flags,
    _check_int,
    _check_mask,
    _check_position_index,
    _check_seed,
    _context_args,
    _index,
    _legal_content,
    _play_args,
    _play_content,
    _playn_args,
    _playn_content,
    _position_args,
    _position_content,
    _position_n_content,
    _rng_state,
    _show,
    _solve_n_args,
    _trick_content,
    _unset,
)
from ._cffi_core import ffi, lib  # type: ignore[import-not-found]

__all__ = [*_api.__all__, "Context", *_api.IMPLEMENTED]

_M64 = (1 << 64) - 1
_EBADCARD = -4  # EC_EBADCARD
_EILLEGAL = -13  # EC_EILLEGAL

# Positions per chunk of solve_batch (as in _cycore): each C call returns within
# milliseconds, so Python sees Ctrl-C between chunks; the results do not depend on it.
_POSITIONS_CHUNK = 64
# perft calls the C core in one piece when the product of the hand sizes over its plies (a
# bound on the sequences) is at most this; above it, it splits on the first card.
_PERFT_LEAF = 1 << 22


def _fail(code: int, what: str) -> None:
    raise ValueError(f"{what}: {ffi.string(lib.ec_strerror(code)).decode()}")


class Context:
    """Per-hand tables (an ``ec_context``); attributes as ``_pure.TrickContext``."""

    __slots__ = ("c",)

    def __getattr__(self, name: str) -> object:
        """Only reached for an attribute not set: a slot of one made by ``__new__`` alone
        raises UninitialisedError."""
        _unset(self, name)

    c: Any

    def __init__(self) -> None:
        # an empty deck until make_context fills it (Context() alone stays well defined)
        c = ffi.new("ec_context *")
        lib.ec_context_init(c, _NO_SUITS, _NO_POWERS, -1)
        object.__setattr__(self, "c", c)  # the only writer: the context is read-only

    def __setattr__(self, name: str, value: object) -> None:
        """A context is read-only (shared by the games): none of its fields can be set."""
        raise AttributeError(f"a context is read-only: {name!r} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a context is read-only: {name!r} cannot be deleted")

    def __copy__(self) -> Self:
        """A context is read-only: its copies (``copy``, ``deepcopy``) are itself."""
        self.c  # noqa: B018 - UninitialisedError for one made by __new__ alone
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self.__copy__()

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled by its tables, made again (and checked) by :func:`make_context`."""
        return (make_context, (self.suit_of, self.power, self.trump))

    @property
    def suit_of(self) -> tuple[int, ...]:
        return tuple(self.c.suit_of)

    @property
    def power(self) -> tuple[int, ...]:
        return tuple(self.c.power)

    @property
    def trump(self) -> int:
        return int(self.c.trump)

    @property
    def suit_mask(self) -> tuple[int, ...]:
        return tuple(self.c.suit_mask)

    @property
    def above(self) -> tuple[int, ...]:
        return tuple(self.c.above)

    @property
    def deck(self) -> int:
        return int(self.c.deck)

    @property
    def distinct(self) -> bool:
        return bool(self.c.distinct)


_NO_SUITS = ffi.new("int8_t[64]", [-1] * 64)
_NO_POWERS = ffi.new("uint8_t[64]", [0] * 64)


def make_context(suit_of: Sequence[int], power: Sequence[int], trump: int) -> Context:
    """Build the tables for one hand; ``suit_of[c] == -1`` marks a card not in the deck."""
    suits, powers, t = _context_args(suit_of, power, trump)  # plain ints, checked
    ctx = Context()
    err = lib.ec_context_init(ctx.c, ffi.new("int8_t[64]", suits), powers, t)
    if err:
        _fail(err, "make_context")
    return ctx


def _ctx(ctx: object, where: str = "") -> Any:
    if type(ctx) is not Context:
        raise ValueError(f"{where}not a context of the cffi backend: {type(ctx).__name__}")
    return ctx.c


def _mask(m: object, what: str = "hand mask") -> int:
    if type(m) is int and 0 <= m <= _M64:
        return m
    return _check_mask(m, what)


def _cards(trick: object, lo: int, hi: int, what: str) -> tuple[int, ...]:
    """The cards of a trick as a tuple of plain ints 0..63 (a list copied first)."""
    if type(trick) is tuple or type(trick) is list:
        t = tuple(trick)
        if lo <= len(t) <= hi and all(type(c) is int and 0 <= c < 64 for c in t):
            return t
        return _check_cards(t, lo, hi, what)
    return _check_cards(trick, lo, hi, what)


def _flags(flags: object) -> int:
    if type(flags) is int and 0 <= flags <= 7:
        return flags
    return _check_flags(flags)


def legal_plays(ctx: object, hand: int, trick: Sequence[int], flags: int) -> int:
    """Mask of the cards of ``hand`` that may be played to ``trick`` (see ``_pure``)."""
    c = _ctx(ctx)
    h = _mask(hand)
    t = _cards(trick, 0, 3, "a trick in progress holds 0 to 3 cards, not {}")
    fl = _flags(flags)
    out = ffi.new("uint64_t *")
    err = lib.ec_legal_plays(c, h, t or ffi.NULL, len(t), fl, out)
    if err:
        _legal_content(int(c.deck), h, t)
        _fail(err, f"legal_plays({h:#x}, {list(t)})")
    return int(out[0])


def trick_winner(ctx: object, trick: Sequence[int]) -> int:
    """Index in ``trick`` of the card winning it."""
    c = _ctx(ctx)
    t = _cards(trick, 1, 4, "a trick holds 1 to 4 cards, not {}")
    r = int(lib.ec_trick_winner(c, t, len(t)))
    if r < 0:
        _trick_content(int(c.deck), t)
        _fail(r, f"trick_winner({list(t)})")
    return r


class Rng:
    """The core's PRNG (xoshiro256** seeded by splitmix64), as ``_pure.Rng``."""

    __slots__ = ("r",)

    def __getattr__(self, name: str) -> object:
        """Only reached for an attribute not set: a slot of one made by ``__new__`` alone
        raises UninitialisedError."""
        _unset(self, name)

    def __init__(self, seed: int) -> None:
        s = _check_seed(seed)
        self.r: Any = ffi.new("ec_rng *")
        lib.ec_rng_seed(self.r, s)

    def __copy__(self) -> Rng:
        """An independent generator at the same point of the stream (as deepcopy and
        pickle give, on every backend)."""
        twin = Rng.__new__(Rng)
        twin.r = ffi.new("ec_rng *", self.r[0])
        return twin

    def __deepcopy__(self, memo: Any) -> Rng:
        return self.__copy__()

    def __reduce__(self) -> tuple[Any, ...]:
        r = self.r
        return (_rng_at, ((*r.s, r.frac, r.bound),))

    def next_u64(self) -> int:
        return int(lib.ec_rng_next(self.r))

    def below(self, n: int) -> int:
        if type(n) is not int or not 1 <= n <= 0xFFFFFFFF:
            n = _check_below(n)
        return int(lib.ec_rng_below(self.r, n))


def _rng_at(state: object) -> Rng:
    """The generator in ``state`` (``Rng.__reduce__``), checked."""
    s0, s1, s2, s3, frac, bound = _rng_state(state)
    rng = Rng.__new__(Rng)
    rng.r = ffi.new("ec_rng *", {"s": [s0, s1, s2, s3], "frac": frac, "bound": bound})
    return rng


def _play_state_at(*args: object) -> object:
    """A pickled play state made again (``_api._play_restore``)."""
    import sys

    return _play_restore(sys.modules[__name__], *args)


def _position(
    hands: object, leader: object, trick: object
) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """``(hands, leader, trick)`` as plain values (``_pure._position_args``), with a fast
    path for exact ints in lists or tuples (copied first)."""
    if (type(hands) is tuple or type(hands) is list) and (
        type(trick) is tuple or type(trick) is list
    ):
        hs, t = tuple(hands), tuple(trick)
        np = len(hs)
        if (
            2 <= np <= 4
            and type(leader) is int
            and 0 <= leader < np
            and len(t) < np
            and all(type(h) is int and 0 <= h <= _M64 for h in hs)
            and all(type(c) is int and 0 <= c < 64 for c in t)
        ):
            return hs, leader, t
        return _position_args(hs, leader, t)
    return _position_args(hands, leader, trick)


def _fill(pos: Any, hands: tuple[int, ...], leader: int, trick: tuple[int, ...]) -> None:
    for i, h in enumerate(hands):
        pos.hands[i] = h
    for i, card in enumerate(trick):
        pos.trick[i] = card
    pos.nplayers = len(hands)
    pos.leader = leader
    pos.ntrick = len(trick)


def _check_content(
    c: Any, pos: Any, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], where: str
) -> None:
    err = lib.ec_position_check(c, pos)
    if err:
        _position_content(int(c.deck), hands, leader, trick, where)
        _fail(err, f"{where}position")


def _perft_bound(hands: list[int], mover: int, depth: int) -> int:
    """The product of the movers' hand sizes over ``depth`` plies: a bound on the number of
    sequences (after a trick every hand has the same size, whoever leads)."""
    sizes = [h.bit_count() for h in hands]
    b = 1
    for _ in range(depth):
        if not sizes[mover] or b > _PERFT_LEAF:
            break
        b *= sizes[mover]
        sizes[mover] -= 1
        mover = (mover + 1) % len(sizes)
    return b


def _perft(c: Any, hands: list[int], leader: int, trick: list[int], flags: int, depth: int) -> int:
    """``ec_perft`` on a checked position, split on the first card while the bound is large
    (Python sees Ctrl-C between the pieces); the sum wraps as the C recursion's."""
    np = len(hands)
    mover = (leader + len(trick)) % np
    if depth <= 1 or _perft_bound(hands, mover, depth) <= _PERFT_LEAF:
        pos = ffi.new("ec_position *")
        _fill(pos, tuple(hands), leader, tuple(trick))
        count = ffi.new("uint64_t *")
        lib.ec_perft(c, pos, flags, depth, count)
        return int(count[0])
    h = hands[mover]
    legal = int(lib.ec_legal_plays_unchecked(c, h, trick or ffi.NULL, len(trick), flags))
    total = 0
    while legal:
        card = (legal & -legal).bit_length() - 1
        legal &= legal - 1
        hands[mover] = h & ~(1 << card)
        t = [*trick, card]
        if len(t) == np:
            w = int(lib.ec_trick_winner_unchecked(c, t, np))
            total += _perft(c, hands, (leader + w) % np, [], flags, depth - 1)
        else:
            total += _perft(c, hands, leader, t, flags, depth - 1)
    hands[mover] = h
    return total & _M64


def perft(
    ctx: object,
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    flags: int,
    depth: int,
) -> int:
    """Number of distinct play sequences of ``depth`` cards from the position."""
    c = _ctx(ctx)
    hs, lead, t = _position(hands, leader, trick)
    fl = _flags(flags)
    d = _check_depth(depth)
    pos = ffi.new("ec_position *")
    _fill(pos, hs, lead, t)
    _check_content(c, pos, hs, lead, t, "")
    return _perft(c, list(hs), lead, list(t), fl, d)


def solve(
    ctx: object, hands: Sequence[int], leader: int, trick: Sequence[int], flags: int
) -> tuple[int, int]:
    """Double-dummy solve of a two-player position: ``(tricks, card)``."""
    c = _ctx(ctx)
    hs, lead, t = _position(hands, leader, trick)
    if len(hs) != 2:
        raise ValueError(f"the double-dummy solver takes 2 players, not {len(hs)}")
    fl = _flags(flags)
    pos = ffi.new("ec_position *")
    _fill(pos, hs, lead, t)
    _check_content(c, pos, hs, lead, t, "")
    best = ffi.new("uint8_t *")
    v = int(lib.ec_solve(c, pos, fl, best))
    if v < 0:
        _fail(v, "solve")
    return v, (best[0] if best[0] != 255 else -1)


def solve_batch(
    positions: Sequence[tuple[object, Sequence[int], int, Sequence[int]]], flags: int
) -> list[tuple[int, int]]:
    """:func:`solve` for each ``(ctx, hands, leader, trick)``: every position is copied and
    checked first, then solved by chunks (one C call each)."""
    ps = _batch_positions(positions)
    fl = _flags(flags)
    for i, (ctx, hs, lead, t) in enumerate(ps):
        where = f"position {i}: "
        c = _ctx(ctx, where)
        one = ffi.new("ec_position *")
        _fill(one, hs, lead, t)
        _check_content(c, one, hs, lead, t, where)
    ctxs = ffi.new("ec_context[]", _POSITIONS_CHUNK)
    pos = ffi.new("ec_position[]", _POSITIONS_CHUNK)
    values = ffi.new("int8_t[]", _POSITIONS_CHUNK)
    best = ffi.new("uint8_t[]", _POSITIONS_CHUNK)
    out: list[tuple[int, int]] = []
    for start in range(0, len(ps), _POSITIONS_CHUNK):
        chunk = ps[start : start + _POSITIONS_CHUNK]
        for j, (ctx, hs, lead, t) in enumerate(chunk):
            ctxs[j] = ctx.c[0]
            _fill(pos + j, hs, lead, t)
        lib.ec_solve_batch(ctxs, 1, pos, len(chunk), fl, values, best)
        out.extend((values[j], best[j] if best[j] != 255 else -1) for j in range(len(chunk)))
    return out


# ------------------------------------------------------------------------- play states


class _PlayBase:
    """What the two play states share: their C struct ``p`` (copied by value), the calls
    to the C functions of their struct (``_STRUCT``, ``_legal``, ``_apply``,
    ``_apply_unchecked``, ``_undo``, given by each subclass), and the checks and messages
    of a play; ``_TURN_BITS`` is the number of bits of ``to_move`` in :meth:`try_apply`."""

    __slots__ = ("_c", "ctx", "p")
    _STRUCT: ClassVar[str]
    _TURN_BITS: ClassVar[int]

    def __getattr__(self, name: str) -> object:
        """Only reached for an attribute not set: a slot of a state made by ``__new__``
        alone raises UninitialisedError, any other name AttributeError."""
        _unset(self, name)

    _legal: ClassVar[Any]
    _apply: ClassVar[Any]
    _apply_unchecked: ClassVar[Any]
    _undo: ClassVar[Any]
    _c: Any
    ctx: object
    p: Any

    def copy(self) -> Self:
        new = object.__new__(type(self))
        new.p = ffi.new(self._STRUCT, self.p[0])
        new.ctx = self.ctx
        new._c = self._c
        return new

    __copy__ = copy

    def __deepcopy__(self, memo: object) -> Self:
        """The state's :meth:`copy` (its context, read-only, is shared)."""
        return self.copy()

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its first position and the cards played since."""
        return _play_reduce(self, _play_state_at)

    def legal(self) -> int:
        return int(self._legal(self._c, self.p))

    def apply(self, card: int) -> int:
        c = card if type(card) is int else _index(card)  # one conversion, a plain int
        if c is None or not 0 <= c < 64:
            raise ValueError(f"play {_show(card, c)}: a card id is not in this deck")
        r = int(self._apply(self._c, self.p, c))
        if r < 0:
            if r == _EBADCARD:
                raise ValueError(f"play {c}: a card id is not in this deck")
            if r == _EILLEGAL:
                raise ValueError(f"play {c}: the card is not a legal play now")
            _fail(r, f"play {c}")
        return r

    def try_apply(self, card: int) -> int:
        c = card if type(card) is int else _index(card)
        if c is None or not 0 <= c < 64:
            return -1
        r = int(self._apply(self._c, self.p, c))
        return -1 if r < 0 else r << self._TURN_BITS | self.p.to_move

    def apply_unchecked(self, card: int) -> int:
        """``apply`` without the rules: the card must be legal (search code). Only a card
        not held by the position to move raises ValueError (memory safety)."""
        c = card if type(card) is int else _index(card)
        p = self.p
        if c is None or not (0 <= c < 64 and p.hands[p.to_move] >> c & 1):
            raise ValueError(
                f"apply_unchecked({_show(card, c)}): not a card of the position to move"
            )
        return int(self._apply_unchecked(self._c, p, c))

    def undo(self) -> int:
        r = int(self._undo(self.p))
        if r < 0:
            raise ValueError("undo: no card to take back")
        return r

    @property
    def flags(self) -> int:
        return int(self.p.flags)

    @property
    def nplayed(self) -> int:
        return int(self.p.nplayed)

    @property
    def to_move(self) -> int:
        return int(self.p.to_move)

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(self.p.cards[0 : self.p.nplayed])

    __hash__ = None  # type: ignore[assignment]


class PlayState(_PlayBase):
    """A two-player hand in the play phase (``ec_play``), as ``_pure.PlayState``."""

    __slots__ = ()
    _STRUCT = "ec_play *"
    _TURN_BITS = 1
    _legal = lib.ec_play_legal
    _apply = lib.ec_play_apply
    _apply_unchecked = lib.ec_play_apply_unchecked
    _undo = lib.ec_play_undo

    def __init__(self, ctx: object, hands: Sequence[int], leader: int, flags: int) -> None:
        c = _ctx(ctx)
        h0, h1, lead, fl = _play_args(hands, leader, flags)  # plain ints, checked
        self.p = ffi.new("ec_play *")
        err = lib.ec_play_init(c, self.p, h0, h1, lead, fl)
        if err:
            _play_content(int(c.deck), h0, h1)
            _fail(err, "play state")
        self.ctx = ctx
        self._c = c

    @property
    def hands(self) -> tuple[int, int]:
        return (int(self.p.hands[0]), int(self.p.hands[1]))

    def hand(self, position: int) -> int:
        """The hand of position 0 or 1."""
        if type(position) is not int or not 0 <= position <= 1:
            position = _check_position_index(position)
        return int(self.p.hands[position])

    @property
    def won(self) -> tuple[int, int]:
        return (int(self.p.won[0]), int(self.p.won[1]))

    @property
    def leader(self) -> int:
        return int(self.p.to_move ^ (self.p.nplayed & 1))

    @property
    def trick(self) -> tuple[int, ...]:
        n = self.p.nplayed
        return tuple(self.p.cards[n & ~1 : n])

    @property
    def tricks(self) -> tuple[tuple[int, int, int], ...]:
        c, lead = self.p.cards, self.p.leaders
        return tuple((lead[i], c[2 * i], c[2 * i + 1]) for i in range(self.p.nplayed // 2))

    @property
    def over(self) -> bool:
        return not (self.p.hands[0] | self.p.hands[1])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayState):
            return NotImplemented
        a, b = self.p, other.p
        n = a.nplayed
        k = min(n // 2 + 1, 5)
        return (
            self.ctx is other.ctx
            and (a.hands[0], a.hands[1], n, a.to_move, a.won[0], a.won[1], a.flags)
            == (b.hands[0], b.hands[1], b.nplayed, b.to_move, b.won[0], b.won[1], b.flags)
            and list(a.cards[0:n]) == list(b.cards[0:n])
            and list(a.leaders[0:k]) == list(b.leaders[0:k])
        )

    def __repr__(self) -> str:
        return _play_repr("PlayState", self.hands, self.cards, self.to_move, self.won)


# ------------------------------------ N positions (ec_playn, ec_solve_n in the C core)


class PlayStateN(_PlayBase):
    """A hand in the play phase for 2 to 4 positions (``ec_playn``), as
    ``_pure.PlayStateN``."""

    __slots__ = ()
    _STRUCT = "ec_playn *"
    _TURN_BITS = 2
    _legal = lib.ec_playn_legal
    _apply = lib.ec_playn_apply
    _apply_unchecked = lib.ec_playn_apply_unchecked
    _undo = lib.ec_playn_undo

    def __init__(
        self,
        ctx: object,
        hands: Sequence[int],
        leader: int,
        flags: int,
        active: int | None = None,
    ) -> None:
        c = _ctx(ctx)
        hs, lead, fl, act = _playn_args(hands, leader, flags, active)  # plain ints, checked
        self.p = ffi.new("ec_playn *")
        err = lib.ec_playn_init(c, self.p, len(hs), list(hs), act, lead, fl)
        if err:
            _playn_content(int(c.deck), hs, act)
            _fail(err, "play state")
        self.ctx = ctx
        self._c = c

    @property
    def nplayers(self) -> int:
        return int(self.p.nplayers)

    @property
    def active(self) -> int:
        return int(self.p.active)

    @property
    def nactive(self) -> int:
        return int(self.p.nactive)

    @property
    def hands(self) -> tuple[int, ...]:
        return tuple(int(h) for h in self.p.hands[0 : self.p.nplayers])

    def hand(self, position: int) -> int:
        """The hand of a position 0..nplayers-1."""
        np = self.p.nplayers
        if type(position) is not int or not 0 <= position < np:
            position = _check_int(position, 0, np - 1, f"position must be 0..{np - 1}, not {{}}")
        return int(self.p.hands[position])

    @property
    def won(self) -> tuple[int, ...]:
        return tuple(self.p.won[0 : self.p.nplayers])

    @property
    def leader(self) -> int:
        p = self.p
        nt = p.nplayed % p.nactive
        return int(p.leaders[p.nplayed // p.nactive]) if nt else int(p.to_move)

    @property
    def trick(self) -> tuple[int, ...]:
        n = self.p.nplayed
        return tuple(self.p.cards[n - n % self.p.nactive : n])

    @property
    def tricks(self) -> tuple[tuple[int, ...], ...]:
        p = self.p
        na, c, lead = p.nactive, p.cards, p.leaders
        return tuple((lead[i], *c[na * i : na * i + na]) for i in range(p.nplayed // na))

    @property
    def over(self) -> bool:
        p = self.p
        return not any(p.hands[i] for i in range(p.nplayers) if p.active >> i & 1)

    def position(self) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
        """``(hands, leader, trick)``, for :func:`solve_n` with ``active=self.active``."""
        return self.hands, self.leader, self.trick

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayStateN):
            return NotImplemented
        a, b = self.p, other.p
        n, na = a.nplayed, a.nactive
        k = min(n // na + 1, 8)
        np = a.nplayers
        return (
            self.ctx is other.ctx
            and (np, a.active, n, a.to_move, a.flags)
            == (b.nplayers, b.active, b.nplayed, b.to_move, b.flags)
            and list(a.hands[0:np]) == list(b.hands[0:np])
            and list(a.won[0:np]) == list(b.won[0:np])
            and list(a.cards[0:n]) == list(b.cards[0:n])
            and list(a.leaders[0:k]) == list(b.leaders[0:k])
        )

    def __repr__(self) -> str:
        return _play_repr("PlayStateN", self.hands, self.cards, self.to_move, self.won, self.active)


def solve_n(
    ctx: object,
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    flags: int,
    teams: Sequence[int],
    active: int | None = None,
) -> tuple[int, int]:
    """Double-dummy solve of 2 to 4 hands with partnerships: ``(tricks, card)``."""
    c = _ctx(ctx)
    hs, lead, t, fl, tm, act = _solve_n_args(hands, leader, trick, flags, teams, active)
    pos = ffi.new("ec_position *")
    _fill(pos, hs, lead, t)
    err = lib.ec_position_check_n(c, pos, act)
    if err:
        _position_n_content(int(c.deck), hs, lead, t, act)
        _fail(err, "position")
    best = ffi.new("uint8_t *")
    v = int(lib.ec_solve_n(c, pos, act, fl, bytes(tm), best))
    if v < 0:
        _fail(v, "solve_n")
    return v, (best[0] if best[0] != 255 else -1)
