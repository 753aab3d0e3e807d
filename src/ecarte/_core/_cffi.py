"""The C core through cffi (API mode): the path for PyPy and a model for C hosts.

A thin wrapper presenting the same functions as ``_pure`` and ``_cycore``; it
validates in Python what cannot be expressed in C types, and lets the C
checked functions reject the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ._cffi_core import ffi, lib  # type: ignore[import-not-found]
from ._pure import (
    MUST_OVERTAKE,
    MUST_OVERTRUMP,
    MUST_TRUMP,
    NO_TRUMP,
    PLAY_ON,
    PLAY_OVER,
    PLAY_TRICK,
    HandOptions,
    HandResult,
    HandTotals,
    SolveResults,
)

__all__ = [
    "MUST_OVERTAKE",
    "MUST_OVERTRUMP",
    "MUST_TRUMP",
    "NO_TRUMP",
    "PLAY_ON",
    "PLAY_OVER",
    "PLAY_TRICK",
    "Context",
    "HandOptions",
    "HandResult",
    "HandTotals",
    "PlayState",
    "Rng",
    "SolveResults",
    "legal_plays",
    "make_context",
    "perft",
    "random_hand_results",
    "random_hands",
    "random_solves",
    "solve",
    "solve_batch",
    "trick_winner",
]

_M64 = (1 << 64) - 1


def _fail(code: int, what: str) -> None:
    raise ValueError(f"{what}: {ffi.string(lib.ec_strerror(code)).decode()}")


class Context:
    """Per-hand tables (an ``ec_context``); attributes as ``_pure.TrickContext``."""

    __slots__ = ("c",)

    def __init__(self) -> None:
        self.c: Any = ffi.new("ec_context *")

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


def make_context(suit_of: Sequence[int], power: Sequence[int], trump: int) -> Context:
    """Build the tables for one hand; ``suit_of[c] == -1`` marks a card not in the deck."""
    if len(suit_of) != 64 or len(power) != 64:
        raise ValueError("suit_of and power need 64 entries, one per card id")
    if not (isinstance(trump, int) and -1 <= trump <= 3):
        raise ValueError(f"trump must be a suit 0..3 or -1, not {trump!r}")
    pw = []
    for i in range(64):
        s = suit_of[i]
        if not (isinstance(s, int) and -1 <= s <= 3):
            raise ValueError(f"card {i}: effective suit {s!r} is not -1..3")
        if s == -1:
            pw.append(0)
            continue
        if not (isinstance(power[i], int) and 0 <= power[i] <= 63):
            raise ValueError(f"card {i}: power {power[i]!r} is not 0..63")
        pw.append(power[i])
    ctx = Context()
    err = lib.ec_context_init(ctx.c, ffi.new("int8_t[64]", list(suit_of)), pw, trump)
    if err:
        _fail(err, "make_context")
    return ctx


def _ctx(ctx: object) -> Any:
    if type(ctx) is not Context:
        raise ValueError(f"not a context of the cffi backend: {type(ctx).__name__}")
    return ctx.c


def _mask(m: object) -> int:
    if not (isinstance(m, int) and 0 <= m <= _M64):
        raise ValueError(f"hand mask {m!r} is not a 64-bit mask")
    return m


def _cards(trick: Sequence[int]) -> list[int]:
    out = list(trick)
    for c in out:
        if not (isinstance(c, int) and 0 <= c < 64):
            raise ValueError(f"card id {c!r} is not in this deck")
    return out


def legal_plays(ctx: object, hand: int, trick: Sequence[int], flags: int) -> int:
    """Mask of the cards of ``hand`` that may be played to ``trick`` (see ``_pure``)."""
    c = _ctx(ctx)
    h = _mask(hand)
    t = _cards(trick)
    if len(t) > 3:
        raise ValueError(f"a trick in progress holds 0 to 3 cards, not {len(t)}")
    out = ffi.new("uint64_t *")
    err = lib.ec_legal_plays(c, h, t or ffi.NULL, len(t), flags, out)
    if err:
        _fail(err, f"legal_plays({hand:#x}, {t})")
    return int(out[0])


def trick_winner(ctx: object, trick: Sequence[int]) -> int:
    """Index in ``trick`` of the card winning it."""
    c = _ctx(ctx)
    t = _cards(trick)
    if not 1 <= len(t) <= 4:
        raise ValueError(f"a trick holds 1 to 4 cards, not {len(t)}")
    r = int(lib.ec_trick_winner(c, t, len(t)))
    if r < 0:
        _fail(r, f"trick_winner({t})")
    return r


class Rng:
    """The core's PRNG (xoshiro256** seeded by splitmix64), as ``_pure.Rng``."""

    __slots__ = ("r",)

    def __init__(self, seed: int) -> None:
        if not (isinstance(seed, int) and 0 <= seed <= _M64):
            raise ValueError(f"seed must be an int in 0..2**64-1, not {seed!r}")
        self.r: Any = ffi.new("ec_rng *")
        lib.ec_rng_seed(self.r, seed)

    def next_u64(self) -> int:
        return int(lib.ec_rng_next(self.r))

    def below(self, n: int) -> int:
        if not (isinstance(n, int) and 1 <= n < 1 << 32):
            raise ValueError(f"below() needs 1 <= n < 2**32, not {n!r}")
        return int(lib.ec_rng_below(self.r, n))


def _rules(options: HandOptions | None) -> Any:
    opts = HandOptions() if options is None else options
    if not isinstance(opts, HandOptions):
        raise ValueError(f"options must be HandOptions, not {type(opts).__name__}")
    opts.check()
    r = ffi.new("ec_rules *")
    r.order = list(opts.order)
    r.elder_min_discard = opts.elder_min_discard
    r.dealer_min_discard = opts.dealer_min_discard
    r.play_flags = opts.play_flags
    r.penalty_to_dealer = opts.penalty_to_dealer
    r.penalty_every_refusal = opts.penalty_every_refusal
    r.vole_penalty = opts.vole_penalty
    r.deal_pattern = opts.deal_pattern
    r.king_points = opts.king_points
    err = lib.ec_rules_check(r)
    if err:
        _fail(err, "options")
    return r


def _batch_args(n: object, seed: object) -> None:
    if not (isinstance(n, int) and n >= 0):
        raise ValueError(f"n must be an int >= 0, not {n!r}")
    if not (isinstance(seed, int) and 0 <= seed <= _M64):
        raise ValueError(f"seed must be an int in 0..2**64-1, not {seed!r}")


def random_hands(n: int, seed: int, options: HandOptions | None = None) -> HandTotals:
    """Play ``n`` random hands from ``seed``; totals and digest (cffi releases the GIL)."""
    _batch_args(n, seed)
    r = _rules(options)
    t = ffi.new("ec_totals *")
    lib.ec_random_hands(r, seed, n, ffi.NULL, t)
    return HandTotals(
        t.hands,
        t.points[0],
        t.points[1],
        t.tricks[0],
        t.tricks[1],
        t.voles,
        t.exchanges,
        t.actions,
        t.digest,
    )


def random_hand_results(n: int, seed: int, options: HandOptions | None = None) -> list[HandResult]:
    """Play ``n`` random hands from ``seed`` and return each result."""
    _batch_args(n, seed)
    r = _rules(options)
    out = ffi.new("ec_hand_result[]", max(n, 1))
    lib.ec_random_hands(r, seed, n, out, ffi.NULL)
    return [
        HandResult(
            o.points[0], o.points[1], o.tricks[0], o.tricks[1], o.exchanges, o.flags, o.actions
        )
        for o in (out[i] for i in range(n))
    ]


def random_solves(n: int, seed: int, options: HandOptions | None = None) -> SolveResults:
    """Deal ``n`` random hands and solve each from the first trick."""
    _batch_args(n, seed)
    r = _rules(options)
    values = ffi.new("int8_t[]", max(n, 1))
    best = ffi.new("uint8_t[]", max(n, 1))
    digest = ffi.new("uint64_t *")
    lib.ec_random_solves(r, seed, n, values, best, digest)
    return SolveResults(
        list(values[0:n]), [b if b != 255 else -1 for b in best[0:n]], int(digest[0])
    )


def _position(
    ctx: object, hands: Sequence[int], leader: int, trick: Sequence[int], pos: Any
) -> Any:
    c = _ctx(ctx)
    np = len(hands)
    if not 2 <= np <= 4:
        raise ValueError(f"a position has 2 to 4 hands, not {np}")
    for i in range(np):
        pos.hands[i] = _mask(hands[i])
    if not (isinstance(leader, int) and 0 <= leader < np):
        raise ValueError(f"leader must be a seat 0..{np - 1}, not {leader!r}")
    t = _cards(trick)
    if len(t) >= np:
        raise ValueError(f"a trick in progress holds 0 to {np - 1} cards, not {len(t)}")
    for i, card in enumerate(t):
        pos.trick[i] = card
    pos.nplayers = np
    pos.leader = leader
    pos.ntrick = len(t)
    err = lib.ec_position_check(c, pos)
    if err:
        _fail(err, f"position {[hex(h) for h in hands]}, leader {leader}, trick {t}")
    return c


def perft(
    ctx: object,
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    flags: int,
    depth: int,
) -> int:
    """Number of distinct play sequences of ``depth`` cards from the position."""
    pos = ffi.new("ec_position *")
    c = _position(ctx, hands, leader, trick, pos)
    if not (isinstance(depth, int) and 0 <= depth <= 64):
        raise ValueError(f"perft depth must be an int >= 0, not {depth!r}")
    count = ffi.new("uint64_t *")
    err = lib.ec_perft(c, pos, flags, depth, count)
    if err:
        _fail(err, "perft")
    return int(count[0])


def solve(
    ctx: object, hands: Sequence[int], leader: int, trick: Sequence[int], flags: int
) -> tuple[int, int]:
    """Double-dummy solve of a two-player position: ``(tricks, card)``."""
    pos = ffi.new("ec_position *")
    c = _position(ctx, hands, leader, trick, pos)
    if len(hands) != 2:
        raise ValueError(f"the double-dummy solver takes 2 players, not {len(hands)}")
    best = ffi.new("uint8_t *")
    v = int(lib.ec_solve(c, pos, flags, best))
    if v < 0:
        _fail(v, "solve")
    return v, (best[0] if best[0] != 255 else -1)


def solve_batch(
    positions: Sequence[tuple[object, Sequence[int], int, Sequence[int]]], flags: int
) -> list[tuple[int, int]]:
    """:func:`solve` for each ``(ctx, hands, leader, trick)``, one C call for the batch."""
    n = len(positions)
    ctxs = ffi.new("ec_context[]", max(n, 1))
    pos = ffi.new("ec_position[]", max(n, 1))
    for i, (ctx, hands, leader, trick) in enumerate(positions):
        c = _position(ctx, hands, leader, trick, pos + i)
        if len(hands) != 2:
            raise ValueError(f"position {i}: the double-dummy solver takes 2 players")
        ctxs[i] = c[0]
    values = ffi.new("int8_t[]", max(n, 1))
    best = ffi.new("uint8_t[]", max(n, 1))
    lib.ec_solve_batch(ctxs, 1, pos, n, flags, values, best)
    return [(values[i], best[i] if best[i] != 255 else -1) for i in range(n)]


# ------------------------------------------- play state (2 players, ec_play in the C core)


class PlayState:
    """A two-player hand in the play phase (``ec_play``), as ``_pure.PlayState``."""

    __slots__ = ("_c", "ctx", "p")

    def __init__(self, ctx: object, hands: Sequence[int], leader: int, flags: int) -> None:
        c = _ctx(ctx)
        if len(hands) != 2:
            raise ValueError(f"a play state has 2 hands, not {len(hands)}")
        h0, h1 = _mask(hands[0]), _mask(hands[1])
        if type(leader) is not int or not 0 <= leader <= 1:
            raise ValueError(f"leader must be a position 0..1, not {leader!r}")
        if not (isinstance(flags, int) and 0 <= flags <= 7):
            raise ValueError(f"flags {flags!r} are not a combination of MUST_* flags")
        self.p: Any = ffi.new("ec_play *")
        err = lib.ec_play_init(c, self.p, h0, h1, leader, flags)
        if err:
            _fail(err, "play state")
        self.ctx = ctx
        self._c = c

    def copy(self) -> PlayState:
        new = object.__new__(PlayState)
        new.p = ffi.new("ec_play *", self.p[0])
        new.ctx = self.ctx
        new._c = self._c
        return new

    __copy__ = copy

    def legal(self) -> int:
        return int(lib.ec_play_legal(self._c, self.p))

    def apply(self, card: int) -> int:
        if type(card) is not int or not 0 <= card < 64:
            raise ValueError(f"play {card!r}: a card id is not in this deck")
        r = int(lib.ec_play_apply(self._c, self.p, card))
        if r < 0:
            _fail(r, f"play {card}")
        return r

    def try_apply(self, card: int) -> int:
        if type(card) is not int or not 0 <= card < 64:
            return -1
        r = int(lib.ec_play_apply(self._c, self.p, card))
        return -1 if r < 0 else r << 1 | self.p.to_move

    def apply_unchecked(self, card: int) -> int:
        return int(lib.ec_play_apply_unchecked(self._c, self.p, card & 63))

    def undo(self) -> int:
        r = int(lib.ec_play_undo(self.p))
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
    def hands(self) -> tuple[int, int]:
        return (int(self.p.hands[0]), int(self.p.hands[1]))

    def hand(self, position: int) -> int:
        return int(self.p.hands[position & 1])

    @property
    def won(self) -> tuple[int, int]:
        return (int(self.p.won[0]), int(self.p.won[1]))

    @property
    def leader(self) -> int:
        return int(self.p.to_move ^ (self.p.nplayed & 1))

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(self.p.cards[0 : self.p.nplayed])

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

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        h = self.hands
        return (
            f"PlayState(hands=({h[0]:#x}, {h[1]:#x}), cards={self.cards}, "
            f"to_move={self.to_move}, won={self.won})"
        )
