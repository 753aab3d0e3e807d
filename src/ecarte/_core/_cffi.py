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
    _check_depth,
    _check_flags,
    _check_n,
    _check_position_index,
    _check_seed,
    _check_seq,
    _is_int,
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
        # an empty deck until make_context fills it (Context() alone stays well defined)
        self.c: Any = ffi.new("ec_context *")
        lib.ec_context_init(self.c, _NO_SUITS, _NO_POWERS, -1)

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
    _check_seq(suit_of, "suit_of")
    _check_seq(power, "power")
    if len(suit_of) != 64 or len(power) != 64:
        raise ValueError("suit_of and power need 64 entries, one per card id")
    if not (_is_int(trump) and -1 <= trump <= 3):
        raise ValueError(f"trump must be a suit 0..3 or -1, not {trump!r}")
    su = []
    pw = []
    for i in range(64):
        s = suit_of[i]
        if not (_is_int(s) and -1 <= s <= 3):
            raise ValueError(f"card {i}: effective suit {s!r} is not -1..3")
        su.append(int(s))
        if s == -1:
            pw.append(0)
            continue
        if not (_is_int(power[i]) and 0 <= power[i] <= 63):
            raise ValueError(f"card {i}: power {power[i]!r} is not 0..63")
        pw.append(int(power[i]))
    ctx = Context()
    err = lib.ec_context_init(ctx.c, ffi.new("int8_t[64]", su), pw, int(trump))
    if err:
        _fail(err, "make_context")
    return ctx


def _ctx(ctx: object) -> Any:
    if type(ctx) is not Context:
        raise ValueError(f"not a context of the cffi backend: {type(ctx).__name__}")
    return ctx.c


def _mask(m: object) -> int:
    if type(m) is int and 0 <= m <= _M64:
        return m
    if not (_is_int(m) and 0 <= m <= _M64):
        raise ValueError(f"hand mask {m!r} is not a 64-bit mask")
    return int(m)


def _cards(trick: Sequence[int]) -> list[int]:
    if type(trick) is not list and type(trick) is not tuple:
        _check_seq(trick, "trick")
    out = list(trick)
    for c in out:
        if type(c) is not int or not 0 <= c < 64:
            return [_card(c) for c in out]
    return out


def _card(c: object) -> int:
    if not (_is_int(c) and 0 <= c < 64):
        raise ValueError(f"card id {c!r} is not in this deck")
    return int(c)


def legal_plays(ctx: object, hand: int, trick: Sequence[int], flags: int) -> int:
    """Mask of the cards of ``hand`` that may be played to ``trick`` (see ``_pure``)."""
    if type(flags) is not int or not 0 <= flags <= 7:
        flags = _check_flags(flags)
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
        seed = _check_seed(seed)
        self.r: Any = ffi.new("ec_rng *")
        lib.ec_rng_seed(self.r, seed)

    def next_u64(self) -> int:
        return int(lib.ec_rng_next(self.r))

    def below(self, n: int) -> int:
        if not (_is_int(n) and 1 <= n < 1 << 32):
            raise ValueError(f"below() needs 1 <= n < 2**32, not {n!r}")
        return int(lib.ec_rng_below(self.r, int(n)))


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


def _batch_args(n: object, seed: object) -> tuple[int, int]:
    """``n`` (at most ``MAX_BATCH``, as in every backend) and ``seed`` as plain ints."""
    return _check_n(n), _check_seed(seed)


def random_hands(n: int, seed: int, options: HandOptions | None = None) -> HandTotals:
    """Play ``n`` random hands from ``seed``; totals and digest (cffi releases the GIL)."""
    n, seed = _batch_args(n, seed)
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
    n, seed = _batch_args(n, seed)
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
    n, seed = _batch_args(n, seed)
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
    if type(hands) is not list and type(hands) is not tuple:
        _check_seq(hands, "hands")
    np = len(hands)
    if not 2 <= np <= 4:
        raise ValueError(f"a position has 2 to 4 hands, not {np}")
    for i in range(np):
        pos.hands[i] = _mask(hands[i])
    if not (_is_int(leader) and 0 <= leader < np):
        raise ValueError(f"leader must be a seat 0..{np - 1}, not {leader!r}")
    t = _cards(trick)
    if len(t) >= np:
        raise ValueError(f"a trick in progress holds 0 to {np - 1} cards, not {len(t)}")
    for i, card in enumerate(t):
        pos.trick[i] = card
    pos.nplayers = np
    pos.leader = int(leader)
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
    if type(flags) is not int or not 0 <= flags <= 7:
        flags = _check_flags(flags)
    pos = ffi.new("ec_position *")
    c = _position(ctx, hands, leader, trick, pos)
    depth = _check_depth(depth)
    count = ffi.new("uint64_t *")
    err = lib.ec_perft(c, pos, flags, depth, count)
    if err:
        _fail(err, "perft")
    return int(count[0])


def solve(
    ctx: object, hands: Sequence[int], leader: int, trick: Sequence[int], flags: int
) -> tuple[int, int]:
    """Double-dummy solve of a two-player position: ``(tricks, card)``."""
    if type(flags) is not int or not 0 <= flags <= 7:
        flags = _check_flags(flags)
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
    if type(flags) is not int or not 0 <= flags <= 7:
        flags = _check_flags(flags)
    _check_seq(positions, "positions")
    n = len(positions)
    for i, p in enumerate(positions):
        if not (isinstance(p, (list, tuple)) and len(p) == 4):
            raise ValueError(f"position {i}: not a (ctx, hands, leader, trick) list or tuple")
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
        _check_seq(hands, "hands")
        if len(hands) != 2:
            raise ValueError(f"a play state has 2 hands, not {len(hands)}")
        h0, h1 = _mask(hands[0]), _mask(hands[1])
        if not (_is_int(leader) and 0 <= leader <= 1):
            raise ValueError(f"leader must be a position 0..1, not {leader!r}")
        if type(flags) is not int or not 0 <= flags <= 7:
            flags = _check_flags(flags)
        self.p: Any = ffi.new("ec_play *")
        err = lib.ec_play_init(c, self.p, h0, h1, int(leader), flags)
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
        if type(card) is not int and _is_int(card):
            card = int(card)
        if type(card) is not int or not 0 <= card < 64:
            raise ValueError(f"play {card!r}: a card id is not in this deck")
        r = int(lib.ec_play_apply(self._c, self.p, card))
        if r < 0:
            _fail(r, f"play {card}")
        return r

    def try_apply(self, card: int) -> int:
        if type(card) is not int:
            if not _is_int(card):
                return -1
            card = int(card)
        if not 0 <= card < 64:
            return -1
        r = int(lib.ec_play_apply(self._c, self.p, card))
        return -1 if r < 0 else r << 1 | self.p.to_move

    def apply_unchecked(self, card: int) -> int:
        """``apply`` without the rules: the card must be legal (search code). Only a card
        not held by the position to move raises ValueError (memory safety)."""
        if type(card) is not int and _is_int(card):
            card = int(card)
        p = self.p
        if not (type(card) is int and 0 <= card < 64 and p.hands[p.to_move] >> card & 1):
            raise ValueError(f"apply_unchecked({card!r}): not a card of the position to move")
        return int(lib.ec_play_apply_unchecked(self._c, p, card))

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
