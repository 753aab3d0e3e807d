"""Pure twin of ec_batch.c: random Écarté hands and solves in bulk (``ec_rules``).

The hands follow the C file step for step, so every backend gives identical numbers
for the same seed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Self, cast

import attrs
from attrs import field, frozen

from ecarte._core._args import (
    _FNV_OFFSET,
    NO_TRUMP,
    _check_int,
    _check_n,
    _check_seed,
    _digest_step,
    _index,
    _nth,
    _show,
)
from ecarte._core._pure.rng import Rng
from ecarte._core._pure.solver import _Solver
from ecarte._core._pure.tricks import MUST_OVERTAKE, MUST_TRUMP, TrickContext

from ._pure_rules import CLASSIC_ORDER, RANGES, HandRules, hand_contexts, trick_points

# ------------------------------------------------------------ random hands

_CLASSIC_ORDER = CLASSIC_ORDER
_PIQUET = tuple(s * 16 + r for s in range(4) for r in range(5, 13))
_KING = 11


def _order(value: Sequence[int]) -> tuple[int, ...]:
    return tuple(value)


@frozen(kw_only=True)
class HandOptions:
    """Rule options of a simulated Écarté hand (``ec_rules`` in C); defaults are classic.

    ``order`` lists rank ids high to low (``Rank`` values 5..12); seat 0 deals. Every
    other field of :class:`._pure_rules.HandRules` but ``play_flags`` stands here under
    its own name (a bool where the C field is a 0/1 switch); ``must_overtake`` and
    ``must_trump`` are the play flags; ``deal_pattern`` and ``king_points`` are the
    batches' own.
    """

    order: tuple[int, ...] = field(default=_CLASSIC_ORDER, converter=_order)
    elder_min_discard: int = 1
    dealer_min_discard: int = 0
    must_overtake: bool = True
    must_trump: bool = True
    penalty_to_dealer: bool = False
    penalty_every_refusal: bool = False
    vole_penalty: int = 2
    penalties: bool = True
    deal_pattern: int = 32
    king_points: bool = True

    @classmethod
    def of(cls, hand: HandRules, *, deal_pattern: int = 32, king_points: bool = True) -> Self:
        """The options that carry the rules of a hand ``hand``."""
        shared: dict[str, Any] = {
            name: bool(v) if name in _SWITCHES else v
            for name, v in ((name, getattr(hand, name)) for name in _SHARED)
        }
        return cls(
            **shared,
            must_overtake=bool(hand.play_flags & MUST_OVERTAKE),
            must_trump=bool(hand.play_flags & MUST_TRUMP),
            deal_pattern=deal_pattern,
            king_points=king_points,
        )

    @property
    def play_flags(self) -> int:
        return (MUST_OVERTAKE if self.must_overtake else 0) | (MUST_TRUMP if self.must_trump else 0)

    def hand_rules(self) -> HandRules:
        """The rules of the hand (``ec_rules.hand``)."""
        shared = {name: int(getattr(self, name)) for name in _SHARED if name != "order"}
        return HandRules(order=self.order, play_flags=self.play_flags, **shared)

    def check(self) -> None:
        """Raise ``ValueError`` unless every field has its type (ints for the numbers, never
        a bool; bools for the switches) and is in range."""
        self.plain()

    def plain(self) -> Self:
        """These options with plain values (each number converted once with
        ``operator.index``, the switches exact bools); ValueError naming the field."""
        ranks = [_index(r) for r in self.order]
        if len(ranks) != 8 or None in ranks or sorted(ranks) != list(range(5, 13)):  # type: ignore[type-var]
            shown = ", ".join(_show(r, v) for r, v in zip(self.order, ranks, strict=True))
            raise ValueError(f"order must list the ranks 5..12 once each, not ({shown})")
        numbers = {}
        for name in _NUMBERS:
            lo, hi = RANGES[name]
            numbers[name] = _check_int(
                getattr(self, name), lo, hi, f"{name} must be an int {lo}..{hi}, not {{}}"
            )
        pattern = _index(self.deal_pattern)
        if pattern not in (32, 23):
            raise ValueError(
                f"deal_pattern must be 32 or 23, not {_show(self.deal_pattern, pattern)}"
            )
        for name in _SWITCHES:
            value = getattr(self, name)
            if type(value) is not bool:
                raise ValueError(f"{name} must be a bool, not {_show(value, _index(value))}")
        plain: dict[str, Any] = {"order": tuple(ranks), "deal_pattern": pattern, **numbers}
        return attrs.evolve(self, **plain)


_SHARED = tuple(name for name in HandRules._fields if name != "play_flags")
"""The fields of the rules of a hand that :class:`HandOptions` holds under their names."""
_SWITCHES = tuple(
    f.name for f in attrs.fields(HandOptions) if f.default is True or f.default is False
)
_NUMBERS = tuple(name for name in _SHARED if name in RANGES and name not in _SWITCHES)
ACE_HIGH = (12, 11, 10, 9, 8, 7, 6, 5)


class HandResult(NamedTuple):
    """One simulated hand; seat 0 dealt. ``flags``: 1 turned-up king, 2 the elder played
    without proposing, 4 a refusal carrying the penalty, 8 a penalty applied."""

    dealer_points: int
    elder_points: int
    dealer_tricks: int
    elder_tricks: int
    exchanges: int
    flags: int
    actions: int


class HandTotals(NamedTuple):
    """Sums over a batch of simulated hands, and a digest of every hand's result."""

    hands: int
    dealer_points: int
    elder_points: int
    dealer_tricks: int
    elder_tricks: int
    voles: int
    exchanges: int
    actions: int
    digest: int


class SolveResults(NamedTuple):
    """Double-dummy values (the elder's tricks) and leads of random deals, with a digest."""

    values: list[int]
    moves: list[int]
    digest: int


def _piquet_contexts(opts: HandOptions) -> tuple[TrickContext, ...]:
    return hand_contexts(opts.order)


def _draw(rng: Rng, deck: list[int], i: int) -> int:
    j = i + rng._below(32 - i)
    deck[i], deck[j] = deck[j], deck[i]
    return deck[i]


def _deal(rng: Rng, deck: list[int], pattern: int) -> tuple[int, int, int]:
    """(dealer's hand, elder's hand, turn-up), drawing in the C order."""
    e = 1 << _draw(rng, deck, 0)
    e |= 1 << _draw(rng, deck, 1)
    if pattern == 32:
        e |= 1 << _draw(rng, deck, 2)
        d = 1 << _draw(rng, deck, 3)
        d |= 1 << _draw(rng, deck, 4)
        d |= 1 << _draw(rng, deck, 5)
        e |= 1 << _draw(rng, deck, 6)
        e |= 1 << _draw(rng, deck, 7)
    else:
        d = 1 << _draw(rng, deck, 2)
        d |= 1 << _draw(rng, deck, 3)
        e |= 1 << _draw(rng, deck, 4)
        e |= 1 << _draw(rng, deck, 5)
        e |= 1 << _draw(rng, deck, 6)
        d |= 1 << _draw(rng, deck, 7)
    d |= 1 << _draw(rng, deck, 8)
    d |= 1 << _draw(rng, deck, 9)
    return d, e, _draw(rng, deck, 10)


def _legal2(ctx: TrickContext, hand: int, c: int, flags: int) -> int:
    follow = hand & ctx.suit_mask[ctx.suit_of[c]]
    if follow:
        if flags & MUST_OVERTAKE:
            over = follow & ctx.above[c]
            if over:
                return over
        return follow
    if flags & MUST_TRUMP and ctx.trump != NO_TRUMP:
        t = hand & ctx.suit_mask[ctx.trump]
        if t:
            return t
    return hand


def _play_hand(
    opts: HandOptions, ctxs: tuple[TrickContext, ...], rng: Rng, trace: list[Any] | None = None
) -> HandResult:
    """One random hand; with ``trace``, also append its record there: ``("deal", dealer's
    hand, elder's hand, turn-up)``, the decisions (``("play-hand",)``, ``("propose",)``,
    ``("refuse",)``, ``("accept",)``, ``("discard", seat, cards)``, ``("play", card)``), and
    last ``("stock", cards top first)``: enough to replay the hand through a ``Game``."""
    deck = list(_PIQUET)
    below = rng._below
    d, e, up = _deal(rng, deck, opts.deal_pattern)
    if trace is not None:
        trace.append(("deal", d, e, up))
    h = [d, e]
    trump = up >> 4
    ctx = ctxs[trump]
    pts = [0, 0]
    tr = [0, 0]
    flags = 0
    actions = 10
    exch = 0
    nxt = 11
    if up & 15 == _KING:
        pts[0] += 1
        flags |= 1
    # proposals need a stock that serves the elder's least discard; an exchange in which
    # neither side discarded ends them (the engine's classic plugin, docs/rules.md)
    least_stock = max(1, opts.elder_min_discard)
    idle = False
    while 32 - nxt >= least_stock and not idle:
        served = nxt
        actions += 1
        if below(2) == 0:
            if trace is not None:
                trace.append(("play-hand",))
            if exch == 0:
                flags |= 2
            break
        if trace is not None:
            trace.append(("propose",))
        actions += 1
        if below(2) == 0:
            if trace is not None:
                trace.append(("refuse",))
            if exch == 0 or opts.penalty_every_refusal:
                flags |= 4
            break
        if trace is not None:
            trace.append(("accept",))
        for seat in (1, 0):
            cap = min(32 - nxt, 5)
            lo = min(opts.elder_min_discard if seat else opts.dealer_min_discard, cap)
            k = lo + below(cap - lo + 1)
            kept = h[seat]
            for j in range(k):
                h[seat] &= ~(1 << _nth(h[seat], below(5 - j)))
            if trace is not None:
                trace.append(("discard", seat, kept & ~h[seat]))
            for _ in range(k):
                h[seat] |= 1 << _draw(rng, deck, nxt)
                nxt += 1
            actions += k
        idle = nxt == served
        exch += 1
    if opts.king_points:
        king = 1 << (trump * 16 + _KING)
        if h[0] & king:
            pts[0] += 1
        elif h[1] & king:
            pts[1] += 1
    pf = opts.play_flags
    leader = 1
    for t in range(5):
        f = 1 - leader
        c = _nth(h[leader], below(5 - t))
        h[leader] &= ~(1 << c)
        legal = _legal2(ctx, h[f], c, pf)
        r = _nth(legal, below(legal.bit_count()))
        h[f] &= ~(1 << r)
        if trace is not None:
            trace += (("play", c), ("play", r))
        if ctx.beaten_by[c] >> r & 1:
            leader = f
        tr[leader] += 1
    points, elder_scores, penalty = trick_points(
        opts.hand_rules(), tr[1], bool(flags & 2), bool(flags & 4)
    )
    if penalty:
        flags |= 8
    if trace is not None:
        trace.append(("stock", tuple(deck[11:])))
    pts[1 if elder_scores else 0] += points
    return HandResult(pts[0], pts[1], tr[0], tr[1], exch, flags, actions)


def _check_batch(n: object, seed: object, options: object) -> tuple[int, int, HandOptions]:
    """A batch call's arguments as plain values, in their order: ``n``, ``seed``,
    ``options``."""
    return _check_n(n), _check_seed(seed), _check_options(options)


def random_hand_results(n: int, seed: int, options: HandOptions | None = None) -> list[HandResult]:
    """Play ``n`` random hands from ``seed`` (one PRNG stream) and return each result."""
    n, seed, opts = _check_batch(n, seed, options)
    ctxs = _piquet_contexts(opts)
    rng = Rng(seed)
    return [_play_hand(opts, ctxs, rng) for _ in range(n)]


def random_hands(n: int, seed: int, options: HandOptions | None = None) -> HandTotals:
    """Play ``n`` random hands from ``seed`` and return the totals and digest.

    Shuffle (lazy Fisher-Yates), deal in packets, turn up trumps, then random
    propose/accept/discard decisions within the short-stock cap, random legal
    plays, and classic scoring with penalties (see ``ecarte_core.h``).
    """
    n, seed, opts = _check_batch(n, seed, options)
    ctxs = _piquet_contexts(opts)
    rng = Rng(seed)
    dg = _FNV_OFFSET
    tot = [0] * 7
    for _ in range(n):  # one hand at a time: no list of n results
        r = _play_hand(opts, ctxs, rng)
        tot[0] += r.dealer_points
        tot[1] += r.elder_points
        tot[2] += r.dealer_tricks
        tot[3] += r.elder_tricks
        tot[4] += r.dealer_tricks == 5 or r.elder_tricks == 5
        tot[5] += r.exchanges
        tot[6] += r.actions
        dg = _digest_step(dg, r)
    return HandTotals(n, tot[0], tot[1], tot[2], tot[3], tot[4], tot[5], tot[6], dg)


def _check_options(options: object) -> HandOptions:
    """``options`` (None: classic) as a ``HandOptions`` of plain values, checked."""
    opts = HandOptions() if options is None else options
    if not issubclass(type(opts), HandOptions):
        raise ValueError(f"options must be HandOptions, not {type(opts).__name__}")
    return cast(HandOptions, opts).plain()


def random_solves(n: int, seed: int, options: HandOptions | None = None) -> SolveResults:
    """Deal ``n`` random hands (as :func:`random_hands`, no exchange) and solve each from
    the first trick, the elder to lead."""
    n, seed, opts = _check_batch(n, seed, options)
    ctxs = _piquet_contexts(opts)
    rng = Rng(seed)
    values: list[int] = []
    moves: list[int] = []
    dg = _FNV_OFFSET
    flags = opts.play_flags
    for _ in range(n):
        deck = list(_PIQUET)
        d, e, up = _deal(rng, deck, opts.deal_pattern)
        v, mv = _Solver(ctxs[up >> 4], flags).solve((d, e), 1, ())
        values.append(v)
        moves.append(mv)
        dg = _digest_step(dg, (v, mv))
    return SolveResults(values, moves, dg)
