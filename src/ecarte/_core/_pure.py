"""Pure-Python twin of the C core: the reference implementation and fallback.

Everything here works on plain ints so that the compiled backend can replace
it function for function:

- a card is an id ``suit * 16 + rank`` (0..63) and a set of cards a 64-bit mask;
- a :class:`TrickContext` holds, per card id, its *effective* suit (a left
  bower belongs to the trump suit) and its power within that suit, plus the
  trump suit. Rank orders are data in these tables, never code branches;
- a trick is a sequence of the card ids played so far (1 to 4 players).

Beyond single tricks it holds the twins of the C batch functions: the seedable
PRNG (xoshiro256** seeded by splitmix64, the same stream bit for bit), random
Écarté hands, perft and the double-dummy solver. They follow ``ecarte_core.c``
step for step, so every backend gives identical numbers for the same seed.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, NamedTuple, TypeGuard, cast

from attrs import field, frozen

__all__ = [
    "MUST_OVERTAKE",
    "MUST_OVERTRUMP",
    "MUST_TRUMP",
    "NO_TRUMP",
    "PLAY_ON",
    "PLAY_OVER",
    "PLAY_TRICK",
    "EuchreOptions",
    "EuchreResult",
    "EuchreTotals",
    "HandOptions",
    "HandResult",
    "HandTotals",
    "PlayState",
    "PlayStateN",
    "Rng",
    "SolveResults",
    "TrickContext",
    "euchre_deal",
    "euchre_tables",
    "legal_plays",
    "make_context",
    "perft",
    "random_euchre_hand_results",
    "random_euchre_hands",
    "random_hand_results",
    "random_hands",
    "random_solves",
    "solve",
    "solve_batch",
    "solve_n",
    "trick_winner",
]

MUST_OVERTAKE = 1
"""Flag: a player following suit must beat the best card of the led suit if able."""
MUST_TRUMP = 2
"""Flag: a player void in the led suit must play a trump if able."""
MUST_OVERTRUMP = 4
"""Flag: a player trumping a trick already trumped must beat that trump if able."""
NO_TRUMP = -1
"""Trump value meaning "no trump suit"."""

_TRUMP_BONUS = 64

MAX_BATCH = 1 << 40
"""The largest ``n`` the batch functions take (``random_hands`` and the others)."""
MAX_PERFT_DEPTH = 64
"""The deepest ``perft``."""

# The argument layer shared by the three backends: every core function turns its arguments
# into plain values here (or with the same rules on a compiled fast path) before it checks
# anything, so that every backend rejects the same input with the same message and no
# method of a caller's object runs once the checks have begun. The rules (docs/c-core.md):
#
# - a number goes through ``operator.index`` once (``int``, ``IntEnum``, numpy integers),
#   never a ``bool``; the plain int it gives is the only value read afterwards, so an int
#   subclass's comparison methods are never called;
# - a sequence argument is a list or a tuple, copied into a plain tuple first;
# - anything wrong, a wrong type as much as a value out of range, raises ValueError whose
#   message names the argument.


def _index(x: object) -> int | None:
    """``x`` as a plain int through ``operator.index``, or None for a bool or anything that
    is not an integer."""
    if type(x) is int:
        return x
    if type(x) is bool:  # bool cannot be subclassed; isinstance() could run __class__
        return None
    try:
        return operator.index(x)  # type: ignore[arg-type]
    except TypeError:
        return None


_SHOWN = (float, bool, str, bytes, complex, type(None))


def _show(x: object, v: int | None) -> str:
    """How a message shows a rejected argument: the plain int it converted to, the repr of
    a builtin value, else only its type (no method of the caller's object runs)."""
    if v is not None:
        return repr(v)
    if type(x) in _SHOWN:
        return repr(x)
    return f"a {type(x).__name__}"


def _is_int(x: object) -> TypeGuard[int]:
    """An int for the core: ``operator.index`` takes it and it is not a ``bool``."""
    return _index(x) is not None


def _tuple(x: object, what: str) -> tuple[Any, ...]:
    """A sequence argument copied into a plain tuple; ValueError unless a list or a tuple."""
    if type(x) is tuple:
        return x
    if issubclass(type(x), (list, tuple)):
        return tuple(cast("list[Any] | tuple[Any, ...]", x))
    raise ValueError(f"{what} must be a list or a tuple, not {type(x).__name__}")


def _check_seq(x: object, what: str) -> None:
    _tuple(x, what)


def _check_int(x: object, lo: int, hi: int, message: str) -> int:
    """``x`` as a plain int in ``lo..hi``, else ValueError: ``message`` with ``{}`` for
    the argument."""
    v = _index(x)
    if v is None or not lo <= v <= hi:
        raise ValueError(message.format(_show(x, v)))
    return v


def _check_flags(flags: object) -> int:
    """``flags`` as a plain int; ValueError unless an int 0..7."""
    return _check_int(flags, 0, 7, "flags {} are not a combination of MUST_* flags (an int 0..7)")


def _check_depth(depth: object) -> int:
    return _check_int(
        depth, 0, MAX_PERFT_DEPTH, f"perft depth must be an int 0..{MAX_PERFT_DEPTH}, not {{}}"
    )


def _check_n(n: object) -> int:
    return _check_int(n, 0, MAX_BATCH, "n must be an int 0..2**40, not {}")


def _check_seed(seed: object) -> int:
    return _check_int(seed, 0, _M64, "seed must be an int in 0..2**64-1, not {}")


def _check_below(n: object) -> int:
    return _check_int(n, 1, _BUDGET - 1, "below() needs 1 <= n < 2**32, not {}")


def _check_position_index(position: object) -> int:
    return _check_int(position, 0, 1, "position must be 0 or 1, not {}")


def _check_mask(m: object, what: str = "hand mask") -> int:
    return _check_int(m, 0, _M64, what + " {} is not a 64-bit mask")


def _check_cards(trick: object, lo: int, hi: int, what: str) -> tuple[int, ...]:
    """The cards of ``trick`` as plain ints 0..63, ``lo`` to ``hi`` of them (``what``:
    the sentence for a wrong count, with ``{}`` for it)."""
    t = _tuple(trick, "trick")
    if not lo <= len(t) <= hi:
        raise ValueError(what.format(len(t)))
    if all(type(c) is int and 0 <= c < 64 for c in t):
        return t
    return tuple(_check_int(c, 0, 63, "trick: card id {} is not in this deck") for c in t)


def _trick_content(deck: int, trick: tuple[int, ...]) -> int:
    """The mask of ``trick`` (plain ints 0..63); ValueError for a card outside ``deck`` or a
    card played twice."""
    seen = 0
    for c in trick:
        if not deck >> c & 1:
            raise ValueError(f"trick: card id {c} is not in this deck")
        if seen >> c & 1:
            raise ValueError(f"trick: card id {c} played twice in one trick")
        seen |= 1 << c
    return seen


def _legal_content(deck: int, hand: int, trick: tuple[int, ...]) -> None:
    seen = _trick_content(deck, trick)
    if hand & ~deck:
        raise ValueError("hand holds a card that is not in this deck")
    if hand & seen:
        raise ValueError(f"card ids {_bits(hand & seen)} are both in the hand and in the trick")


def _context_args(
    suit_of: object, power: object, trump: object
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """``make_context``'s arguments as plain values: 64 suits -1..3, 64 powers 0..63 (0 for
    a card outside the deck, whatever was given), the trump -1..3."""
    suits = _tuple(suit_of, "suit_of")
    powers = _tuple(power, "power")
    if len(suits) != 64 or len(powers) != 64:
        raise ValueError("suit_of and power need 64 entries, one per card id")
    t = _check_int(trump, NO_TRUMP, 3, "trump must be a suit 0..3 or -1, not {}")
    out_s: list[int] = []
    out_p: list[int] = []
    for card in range(64):
        s = _check_int(suits[card], -1, 3, f"suit_of[{card}]: effective suit {{}} is not -1..3")
        out_s.append(s)
        if s == -1:
            out_p.append(0)
            continue
        p = _check_int(powers[card], 0, _TRUMP_BONUS - 1, f"power[{card}]: power {{}} is not 0..63")
        out_p.append(p)
    return tuple(out_s), tuple(out_p), t


def _position_args(
    hands: object, leader: object, trick: object, where: str = ""
) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """A position's hands, leader and trick as plain values, their shapes checked (2 to 4
    hands, a leader among them, fewer cards in the trick than hands); ``where`` prefixes
    every message (``"position 3: "`` in a batch)."""
    hs = _tuple(hands, where + "hands")
    np = len(hs)
    if not 2 <= np <= 4:
        raise ValueError(f"{where}a position has 2 to 4 hands, not {np}")
    masks = tuple(_check_mask(h, f"{where}hands[{i}]: hand mask") for i, h in enumerate(hs))
    lead = _check_int(leader, 0, np - 1, f"{where}leader must be a seat 0..{np - 1}, not {{}}")
    try:
        t = _check_cards(
            trick, 0, np - 1, f"a trick in progress holds 0 to {np - 1} cards, not {{}}"
        )
    except ValueError as exc:
        raise ValueError(f"{where}{exc}") from None
    return masks, lead, t


def _position_content(
    deck: int, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], where: str = ""
) -> None:
    """ValueError unless the position (plain values, shapes checked) can arise in ``deck``:
    cards in the deck, each in one place, hand sizes that fit the trick in progress."""
    try:
        seen = _trick_content(deck, trick)
    except ValueError as exc:
        raise ValueError(f"{where}{exc}") from None
    everything = seen
    for h in hands:
        if h & ~deck:
            raise ValueError(f"{where}a hand holds a card that is not in this deck")
        if h & seen:
            raise ValueError(
                f"{where}card ids {_bits(h & seen)} are both in a hand and in the trick"
            )
        if h & everything:
            raise ValueError(f"{where}card ids {_bits(h & everything)} are in two hands")
        everything |= h
    np = len(hands)
    size = hands[(leader + len(trick)) % np].bit_count()
    for i in range(np):
        want = size - 1 if i < len(trick) else size
        if hands[(leader + i) % np].bit_count() != want:
            raise ValueError(
                f"{where}hand sizes {[h.bit_count() for h in hands]} cannot arise with leader "
                f"{leader} and {len(trick)} card(s) in the trick"
            )


def _batch_positions(
    positions: object,
) -> tuple[tuple[Any, tuple[int, ...], int, tuple[int, ...]], ...]:
    """``solve_batch``'s positions as plain ``(ctx, hands, leader, trick)`` tuples, shapes
    checked (two hands each); the contexts are checked by the backend."""
    out = []
    for i, p in enumerate(_tuple(positions, "positions")):
        if not issubclass(type(p), (list, tuple)):
            raise ValueError(f"position {i}: not a (ctx, hands, leader, trick) list or tuple")
        q = tuple(p)
        if len(q) != 4:
            raise ValueError(f"position {i}: not a (ctx, hands, leader, trick) list or tuple")
        hands, leader, trick = _position_args(q[1], q[2], q[3], f"position {i}: ")
        if len(hands) != 2:
            raise ValueError(
                f"position {i}: the double-dummy solver takes 2 players, not {len(hands)}"
            )
        out.append((q[0], hands, leader, trick))
    return tuple(out)


def _play_args(hands: object, leader: object, flags: object) -> tuple[int, int, int, int]:
    """``PlayState``'s hands, leader and flags as plain ints."""
    hs = _tuple(hands, "hands")
    if len(hs) != 2:
        raise ValueError(f"a play state has 2 hands, not {len(hs)}")
    h0 = _check_mask(hs[0], "hands[0]: hand mask")
    h1 = _check_mask(hs[1], "hands[1]: hand mask")
    lead = _check_int(leader, 0, 1, "leader must be a position 0..1, not {}")
    return h0, h1, lead, _check_flags(flags)


def _play_content(deck: int, h0: int, h1: int) -> None:
    if (h0 | h1) & ~deck:
        raise ValueError("play state: a card id is not in this deck")
    if h0 & h1:
        raise ValueError("play state: a card appears twice")
    n = h0.bit_count()
    if n != h1.bit_count() or n > _PLAY_MAX_TRICKS:
        raise ValueError("play state: hands of equal size, at most 5 cards, are needed")


def _check_options(options: object) -> HandOptions:
    """``options`` (None: classic) as a ``HandOptions`` of plain values, checked."""
    opts = HandOptions() if options is None else options
    if not issubclass(type(opts), HandOptions):
        raise ValueError(f"options must be HandOptions, not {type(opts).__name__}")
    return cast(HandOptions, opts).plain()


class TrickContext:
    """Per-hand tables for trick play (effective suits, powers, trumps).

    Derived tables, as in the C ``ec_context``: ``above[c]`` (cards of c's
    effective suit with a strictly higher power), ``beaten_by[c]`` (cards
    beating c when c is led), ``deck`` and ``distinct`` (no two cards of a suit
    share a power).
    """

    __slots__ = ("above", "beaten_by", "deck", "distinct", "power", "suit_mask", "suit_of", "trump")

    def __init__(self, suit_of: Sequence[int], power: Sequence[int], trump: int) -> None:
        suits, powers, trump = _context_args(suit_of, power, trump)
        masks = [0, 0, 0, 0]
        for card, suit in enumerate(suits):
            if suit >= 0:
                masks[suit] |= 1 << card
        self.suit_of = suits
        self.power = powers
        self.trump = trump
        self.suit_mask = tuple(masks)
        self.deck = masks[0] | masks[1] | masks[2] | masks[3]
        above = [0] * 64
        distinct = True
        for c in range(64):
            s = self.suit_of[c]
            if s < 0:
                continue
            for d in _bits(masks[s]):
                if self.power[d] > self.power[c]:
                    above[c] |= 1 << d
                elif d != c and self.power[d] == self.power[c]:
                    distinct = False
        self.above = tuple(above)
        self.distinct = distinct
        trumps = masks[self.trump] if self.trump != NO_TRUMP else 0
        self.beaten_by = tuple(
            above[c] | (trumps if self.suit_of[c] not in (-1, trump) else 0) for c in range(64)
        )


def _bits(mask: int) -> list[int]:
    """The card ids in ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


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
    led = ctx.suit_of[trick[0]]
    best, best_strength = 0, _strength(ctx, trick[0], led)
    for i in range(1, len(trick)):
        s = _strength(ctx, trick[i], led)
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
    best = trick[_winner(ctx, trick)]
    follow = hand & ctx.suit_mask[led]
    if follow:
        if flags & MUST_OVERTAKE and ctx.suit_of[best] == led:
            over = follow & ctx.above[best]
            if over:
                return over
        return follow
    trump = ctx.trump
    if trump != NO_TRUMP and flags & MUST_TRUMP:
        trumps = hand & ctx.suit_mask[trump]
        if trumps:
            if flags & MUST_OVERTRUMP and ctx.suit_of[best] == trump:
                over = trumps & ctx.above[best]
                if over:
                    return over
            return trumps
    return hand


# ---------------------------------------------------------------- the PRNG

_M64 = (1 << 64) - 1
_BUDGET = 1 << 32


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _M64


class Rng:
    """xoshiro256** seeded by splitmix64, with the core's batched ``below``.

    >>> r = Rng(1)
    >>> [r.below(6) for _ in range(8)]
    [4, 1, 1, 4, 5, 5, 3, 0]
    """

    __slots__ = ("bound", "frac", "s")

    def __init__(self, seed: int) -> None:
        x = _check_seed(seed)
        s: list[int] = []
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & _M64
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
            s.append(z ^ (z >> 31))
        self.s = s
        self.frac = 0
        self.bound = _BUDGET

    def next_u64(self) -> int:
        """The next raw 64-bit output."""
        s = self.s
        result = (_rotl((s[1] * 5) & _M64, 7) * 9) & _M64
        t = (s[1] << 17) & _M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """A number in ``0..n-1`` (``1 <= n < 2**32``)."""
        return self._below(_check_below(n))

    def _below(self, n: int) -> int:
        b = self.bound * n
        if b > _BUDGET:
            self.frac = self.next_u64()
            b = n
        self.bound = b
        t = self.frac * n
        self.frac = t & _M64
        return t >> 64


# ------------------------------------------------------------ random hands

_CLASSIC_ORDER = (11, 10, 9, 12, 8, 7, 6, 5)
_PIQUET = tuple(s * 16 + r for s in range(4) for r in range(5, 13))
_KING = 11
_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3


def _order(value: Sequence[int]) -> tuple[int, ...]:
    return tuple(value)


@frozen(kw_only=True)
class HandOptions:
    """Rule options of a simulated Écarté hand (``ec_rules`` in C); defaults are classic.

    ``order`` lists rank ids high to low (``Rank`` values 5..12); seat 0 deals.
    """

    order: tuple[int, ...] = field(default=_CLASSIC_ORDER, converter=_order)
    elder_min_discard: int = 1
    dealer_min_discard: int = 0
    must_overtake: bool = True
    must_trump: bool = True
    penalty_to_dealer: bool = False
    penalty_every_refusal: bool = False
    vole_penalty: int = 2
    deal_pattern: int = 32
    king_points: bool = True

    @property
    def play_flags(self) -> int:
        return (MUST_OVERTAKE if self.must_overtake else 0) | (MUST_TRUMP if self.must_trump else 0)

    def check(self) -> None:
        """Raise ``ValueError`` unless every field has its type (ints for the numbers, never
        a bool; bools for the switches) and is in range."""
        self.plain()

    def plain(self) -> HandOptions:
        """These options with plain values (each number converted once with
        ``operator.index``, the switches exact bools); ValueError naming the field."""
        ranks = [_index(r) for r in self.order]
        if len(ranks) != 8 or None in ranks or sorted(ranks) != list(range(5, 13)):  # type: ignore[type-var]
            shown = ", ".join(_show(r, v) for r, v in zip(self.order, ranks, strict=True))
            raise ValueError(f"order must list the ranks 5..12 once each, not ({shown})")
        numbers = {}
        for name, hi in (("elder_min_discard", 5), ("dealer_min_discard", 5), ("vole_penalty", 9)):
            numbers[name] = _check_int(
                getattr(self, name), 0, hi, f"{name} must be an int 0..{hi}, not {{}}"
            )
        pattern = _index(self.deal_pattern)
        if pattern not in (32, 23):
            raise ValueError(
                f"deal_pattern must be 32 or 23, not {_show(self.deal_pattern, pattern)}"
            )
        for name in _SWITCHES:
            if type(getattr(self, name)) is not bool:
                raise ValueError(f"{name} must be a bool, not {_show(getattr(self, name), None)}")
        return HandOptions(
            order=tuple(ranks),  # type: ignore[arg-type]
            deal_pattern=pattern,
            must_overtake=self.must_overtake,
            must_trump=self.must_trump,
            penalty_to_dealer=self.penalty_to_dealer,
            penalty_every_refusal=self.penalty_every_refusal,
            king_points=self.king_points,
            **numbers,
        )


_SWITCHES = (
    "must_overtake",
    "must_trump",
    "penalty_to_dealer",
    "penalty_every_refusal",
    "king_points",
)
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


def _piquet_contexts(opts: HandOptions) -> list[TrickContext]:
    suit_of = [-1] * 64
    power = [0] * 64
    for s in range(4):
        for i, r in enumerate(opts.order):
            suit_of[s * 16 + r] = s
            power[s * 16 + r] = 8 - i
    return [TrickContext(suit_of, power, t) for t in range(4)]


def _draw(rng: Rng, deck: list[int], i: int) -> int:
    j = i + rng._below(32 - i)
    deck[i], deck[j] = deck[j], deck[i]
    return deck[i]


def _nth(mask: int, idx: int) -> int:
    for _ in range(idx):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


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
    opts: HandOptions, ctxs: list[TrickContext], rng: Rng, trace: list[Any] | None = None
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
    penalty = bool(flags & 2 and tr[1] < 3)
    if flags & 4 and (tr[1] < 3 if opts.penalty_to_dealer else tr[0] < 3):
        penalty = True
    if penalty:
        flags |= 8
    if trace is not None:
        trace.append(("stock", tuple(deck[11:])))
    win = 1 if tr[1] >= 3 else 0
    if tr[win] == 5:
        pts[win] += opts.vole_penalty if penalty else 2
    else:
        pts[win] += 2 if penalty else 1
    return HandResult(pts[0], pts[1], tr[0], tr[1], exch, flags, actions)


def _check_batch(n: object, seed: object, options: object) -> tuple[int, int, HandOptions]:
    """A batch call's arguments as plain values, in their order: ``n``, ``seed``,
    ``options``."""
    return _check_n(n), _check_seed(seed), _check_options(options)


def _pack(r: HandResult) -> int:
    return (
        r.dealer_points
        | r.elder_points << 8
        | r.dealer_tricks << 16
        | r.elder_tricks << 24
        | r.exchanges << 32
        | r.flags << 40
        | r.actions << 48
    )


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
        dg = ((dg ^ _pack(r)) * _FNV_PRIME) & _M64
    return HandTotals(n, tot[0], tot[1], tot[2], tot[3], tot[4], tot[5], tot[6], dg)


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


# ------------------------------------------------ double dummy, two players


class _Solver:
    """The C solver's search, twin for twin: boolean "can the leader win k tricks" searches
    with quick bounds, equivalent-card pruning and a table of bounds. Contexts with distinct
    powers go to :class:`_PowerSolver`, as in C, unless ``power_space`` is false (the tests
    use the generic search as a second opinion); this generic search serves the others."""

    __slots__ = ("above", "beaten_by", "ctx", "distinct", "flags", "power_space", "table", "trumps")

    def __init__(self, ctx: TrickContext, flags: int, power_space: bool = True) -> None:
        self.ctx = ctx
        self.flags = flags
        self.power_space = power_space and ctx.distinct
        self.above = ctx.above
        self.beaten_by = ctx.beaten_by
        self.distinct = ctx.distinct
        self.trumps = ctx.suit_mask[ctx.trump] if ctx.trump != NO_TRUMP else 0
        self.table: dict[tuple[int, int], list[int]] = {}

    def reps(self, cand: int, others: int) -> int:
        if not self.distinct:
            return cand
        above = self.above
        out = cand
        for c in _bits(cand):
            for d in _bits(above[c] & cand):
                if above[c] & ~above[d] & others == 0:
                    out &= ~(1 << c)
                    break
        return out

    def legal2(self, hand: int, c: int) -> int:
        ctx = self.ctx
        follow = hand & ctx.suit_mask[ctx.suit_of[c]]
        if follow:
            if self.flags & MUST_OVERTAKE:
                over = follow & self.above[c]
                if over:
                    return over
            return follow
        if self.flags & MUST_TRUMP:
            t = hand & self.trumps
            if t:
                return t
        return hand

    def lead_ok(self, lead: int, other: int, c: int, k: int) -> bool:
        n = lead.bit_count()
        rest = lead & ~(1 << c)
        replies = self.reps(self.legal2(other, c), lead)
        winning = replies & self.beaten_by[c]
        for r in _bits(winning):
            if self.win_k(other & ~(1 << r), rest, n - k):
                return False
        losing = _bits(replies & ~winning)
        return all(self.win_k(rest, other & ~(1 << r), k - 1) for r in losing)

    def win_k(self, lead: int, other: int, k: int) -> bool:
        if k <= 0:
            return True
        n = lead.bit_count()
        if k > n:
            return False
        if n == 1:
            return not self.beaten_by[lead.bit_length() - 1] >> (other.bit_length() - 1) & 1
        above = self.above
        lt = lead & self.trumps
        ot = other & self.trumps
        sure = sum(1 for c in _bits(lt if ot else lead) if above[c] & other == 0)
        if k <= sure:
            return True
        lost = sum(1 for c in _bits(ot) if above[c] & lt == 0)
        if k > n - lost:
            return False
        bounds = self.table.setdefault((lead, other), [0, 255])
        if k <= bounds[0]:
            return True
        if k > bounds[1]:
            return False
        for c in _bits(self.reps(lead, other)):
            if self.lead_ok(lead, other, c, k):
                bounds[0] = max(bounds[0], k)
                return True
        bounds[1] = min(bounds[1], k - 1)
        return False

    def value(self, lead: int, other: int) -> int:
        n = lead.bit_count()
        v = 0
        while v < n and self.win_k(lead, other, v + 1):
            v += 1
        return v

    def solve(self, hands: Sequence[int], leader: int, trick: Sequence[int]) -> tuple[int, int]:
        mover = (leader + len(trick)) % 2
        me, opp = hands[mover], hands[1 - mover]
        if me == 0:
            return 0, -1
        if self.power_space:
            return _PowerSolver(self.ctx, self.flags).solve(self.ctx, me, opp, trick)
        if not trick:
            value = self.value(me, opp)
            for c in _bits(self.reps(me, opp)):
                if self.lead_ok(me, opp, c, value):
                    return value, c
            raise AssertionError("no lead achieves the value")  # pragma: no cover
        c = trick[0]
        n = me.bit_count()
        best, best_move = -1, -1
        for r in _bits(self.reps(self.legal2(me, c), opp | 1 << c)):
            rest = me & ~(1 << r)
            if self.beaten_by[c] >> r & 1:
                v = 1 + self.value(rest, opp)
            else:
                v = (n - 1) - self.value(opp, rest)
            if v > best:
                best, best_move = v, r
        return best, best_move


# The power-space search of the C core (contexts with distinct powers), twin for twin: the
# cards in play are renumbered suit * 16 + r (r: rank among the cards in play of the suit), so
# "above", "beats", legal replies and equivalent cards are shifts and masks.

_NOT_LANE_TOP = 0x7FFF7FFF7FFF7FFF


def _lane(p: int) -> int:
    return 0xFFFF << (p & 48)


def _ctz(m: int) -> int:
    return (m & -m).bit_length() - 1


def _pw_reps(cand: int) -> int:
    """The highest card of each run of adjacent positions."""
    return cand & ~((cand >> 1) & _NOT_LANE_TOP)


class _PowerSolver:
    """Twin of ``pw_solve`` in ``ecarte_core.c``: same leads and replies in the same order,
    the same quick bounds, the n = 2 enumeration and the root scan by card id. The table
    never evicts (the C one is direct-mapped), which changes the cost, never the answer."""

    __slots__ = ("flags", "table", "trumps", "untabled")

    def __init__(self, ctx: TrickContext, flags: int) -> None:
        self.flags = flags
        self.untabled = 0
        self.trumps = 0xFFFF << (16 * ctx.trump) if ctx.trump != NO_TRUMP else 0
        self.table: dict[tuple[int, int], list[int]] = {}

    def beaten(self, p: int) -> int:
        lane = _lane(p)
        return (lane & -(2 << p)) | (self.trumps & ~lane)

    def legal(self, hand: int, c: int) -> int:
        follow = hand & _lane(c)
        if follow:
            if self.flags & MUST_OVERTAKE:
                over = follow & -(2 << c)
                if over:
                    return over
            return follow
        if self.flags & MUST_TRUMP:
            t = hand & self.trumps
            if t:
                return t
        return hand

    def sure(self, lead: int, other: int) -> int:
        """Tricks the leader is sure to take cashing winners (``pw_sure``): in a suit where
        the leader's cards above all the other's are at least as many as the other's cards
        of the suit, all of them, else those; side suits only when the other holds no
        trump or the trump suit counts whole (the leader draws the other's trumps first)."""
        wins = 0
        trumps_whole = True
        for s in range(4):
            lane = 0xFFFF << (16 * s)
            mine, theirs = lead & lane, other & lane
            top = mine & -(1 << theirs.bit_length()) if theirs else mine
            whole = top.bit_count() >= theirs.bit_count()
            wins |= mine if whole else top
            if lane == self.trumps and not whole:
                trumps_whole = False
        if not trumps_whole:
            wins &= self.trumps
        return wins.bit_count()

    def lost(self, lead: int, other: int) -> int:
        """The other's trumps above all the leader's: they win whenever played."""
        lt = lead & self.trumps
        return (other & self.trumps & -(1 << lt.bit_length())).bit_count()

    def last(self, lead: int, other: int) -> int:
        return 0 if self.beaten(_ctz(lead)) >> _ctz(other) & 1 else 1

    def value2(self, lead: int, other: int) -> int:
        best = 0
        for c in _bits(_pw_reps(lead)):
            rest = lead & ~(1 << c)
            beaten = self.beaten(c)
            worst = 2
            for r in _bits(_pw_reps(self.legal(other, c))):
                o = other & ~(1 << r)
                v = 1 - self.last(o, rest) if beaten >> r & 1 else 1 + self.last(rest, o)
                worst = min(worst, v)
            if worst > best:
                best = worst
                if best == 2:
                    break
        return best

    def lead_ok(self, lead: int, other: int, n: int, c: int, k: int) -> bool:
        rest = lead & ~(1 << c)
        replies = _pw_reps(self.legal(other, c))
        winning = replies & self.beaten(c)
        if winning:
            if k >= n:
                return False
            for r in _bits(winning):
                if self.win(other & ~(1 << r), rest, n - 1, n - k):
                    return False
        if k <= 1:
            return True
        return all(
            self.win(rest, other & ~(1 << r), n - 1, k - 1) for r in _bits(replies & ~winning)
        )

    def win(self, lead: int, other: int, n: int, k: int) -> bool:
        if k <= 0:
            return True
        if k > n:
            return False
        if n <= 2:
            return (self.last(lead, other) if n == 1 else self.value2(lead, other)) >= k
        if k <= self.sure(lead, other):
            return True
        if k > n - self.lost(lead, other):
            return False
        m = _pw_reps(lead)
        if n == self.untabled:  # one trick below a first-trick root: never transposes
            while m:
                c = m.bit_length() - 1
                m &= ~(1 << c)
                if self.lead_ok(lead, other, n, c, k):
                    return True
            return False
        entry = self.table.setdefault((lead, other), [0, 255, -1])
        if k <= entry[0]:
            return True
        if k > entry[1]:
            return False
        if entry[2] >= 0 and m >> entry[2] & 1:
            m &= ~(1 << entry[2])
            if self.lead_ok(lead, other, n, entry[2], k):
                entry[0] = max(entry[0], k)
                return True
        while m:
            c = m.bit_length() - 1  # the highest position first
            m &= ~(1 << c)
            if self.lead_ok(lead, other, n, c, k):
                entry[0] = max(entry[0], k)
                entry[2] = c
                return True
        entry[1] = min(entry[1], k - 1)
        return False

    def value(self, lead: int, other: int, n: int) -> int:
        v = 0
        while v < n and self.win(lead, other, n, v + 1):
            v += 1
        return v

    def root(self, lead: int, other: int, n: int, reps: list[int]) -> tuple[int, int]:
        """(value, index in reps of the first lead achieving it), as ``pw_root``."""
        hi = n - self.lost(lead, other)
        k = min(3, hi)
        start, v, at = 0, -1, 0
        while True:
            i = next(
                (i for i in range(start, len(reps)) if self.lead_ok(lead, other, n, reps[i], k)), -1
            )
            if i < 0:
                break
            v, at, start = k, i, i
            if k == hi:
                return v, at
            k += 1
        if v >= 0:
            return v, at
        for j in range(k - 1, -1, -1):
            for i, p in enumerate(reps):
                if self.lead_ok(lead, other, n, p, j):
                    return j, i
        return 0, 0  # pragma: no cover

    def solve(self, ctx: TrickContext, me: int, opp: int, trick: Sequence[int]) -> tuple[int, int]:
        inplay = me | opp | (1 << trick[0] if trick else 0)
        by_suit: list[list[tuple[int, int]]] = [[], [], [], []]
        for c in _bits(inplay):
            by_suit[ctx.suit_of[c]].append((ctx.power[c], c))
        pos_of: dict[int, int] = {}
        card_of: dict[int, int] = {}
        pme = popp = 0
        for s, cards in enumerate(by_suit):
            for r, (_, c) in enumerate(sorted(cards)):
                p = s * 16 + r
                pos_of[c], card_of[p] = p, c
                pme |= (me >> c & 1) << p
                popp |= (opp >> c & 1) << p
        n = me.bit_count()
        if not trick:
            self.untabled = n - 1
            ids = sorted(card_of[p] for p in _bits(_pw_reps(pme)))
            value, at = self.root(pme, popp, n, [pos_of[c] for c in ids])
            return value, ids[at]
        c = pos_of[trick[0]]
        best, best_move = -1, -1
        for card in sorted(card_of[p] for p in _bits(_pw_reps(self.legal(pme, c)))):
            r = pos_of[card]
            rest = pme & ~(1 << r)
            if self.beaten(c) >> r & 1:
                v = 1 + self.value(rest, popp, n - 1)
            else:
                v = (n - 1) - self.value(popp, rest, n - 1)
            if v > best:
                best, best_move = v, card
        return best, best_move


def solve(
    ctx: TrickContext, hands: Sequence[int], leader: int, trick: Sequence[int], flags: int
) -> tuple[int, int]:
    """Double-dummy solve of a two-player position (both hands known).

    Returns ``(tricks, card)``: the most tricks, among those not yet complete
    (the trick in progress included), that the player to move can force, and a
    card achieving it (the lowest id among equivalent best cards; -1 when the
    hands are empty).
    """
    _check_ctx(ctx)
    hs, lead, t = _position_args(hands, leader, trick)
    if len(hs) != 2:
        raise ValueError(f"the double-dummy solver takes 2 players, not {len(hs)}")
    flags = _check_flags(flags)
    _position_content(ctx.deck, hs, lead, t)
    return _Solver(ctx, flags).solve(hs, lead, t)


def solve_batch(positions: Sequence[Position], flags: int) -> list[tuple[int, int]]:
    """:func:`solve` for each ``(ctx, hands, leader, trick)``; a bad position raises."""
    ps = _batch_positions(positions)
    flags = _check_flags(flags)
    for i, (ctx, hands, leader, trick) in enumerate(ps):
        where = f"position {i}: "
        _position_content(_check_ctx(ctx, where).deck, hands, leader, trick, where)
    return [_Solver(ctx, flags).solve(hands, leader, trick) for ctx, hands, leader, trick in ps]


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
        dg = ((dg ^ (v | mv << 8)) * _FNV_PRIME) & _M64
    return SolveResults(values, moves, dg)


# ------------------------------------------- play state (2 players, ec_play in the C core)

PLAY_ON = 0
"""``PlayState.apply``: the trick goes on."""
PLAY_TRICK = 1
"""``PlayState.apply``: a trick was completed and more remain."""
PLAY_OVER = 2
"""``PlayState.apply``: the last trick was completed (the hands are empty)."""
_PLAY_MAX_TRICKS = 5


class PlayState:
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

    __slots__ = ("_cards", "_hands", "_leaders", "_won", "ctx", "flags", "nplayed", "to_move")

    def __init__(self, ctx: TrickContext, hands: Sequence[int], leader: int, flags: int) -> None:
        _check_ctx(ctx)
        h0, h1, leader, flags = _play_args(hands, leader, flags)
        _play_content(ctx.deck, h0, h1)
        self.ctx = ctx
        self._hands = [h0, h1]
        self._cards: list[int] = []
        self._leaders = [leader]
        self._won = [0, 0]
        self.nplayed = 0
        self.to_move = leader
        self.flags = flags

    def copy(self) -> PlayState:
        new = object.__new__(PlayState)
        new.ctx = self.ctx
        new._hands = self._hands.copy()
        new._cards = self._cards.copy()
        new._leaders = self._leaders.copy()
        new._won = self._won.copy()
        new.nplayed = self.nplayed
        new.to_move = self.to_move
        new.flags = self.flags
        return new

    __copy__ = copy

    def legal(self) -> int:
        """Mask of the cards the position to move may play."""
        hand = self._hands[self.to_move]
        if self.nplayed & 1:
            return _legal(self.ctx, hand, self._cards[-1:], self.flags)
        return hand

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
        move next)."""
        c = _index(card)
        if c is None or not 0 <= c < 64 or self.ctx.suit_of[c] < 0:
            return -1
        if not self.legal() >> c & 1:
            return -1
        return self._apply(c) << 1 | self.to_move

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

    def undo(self) -> int:
        """Take back the last card played and return it; ValueError at the start."""
        if not self.nplayed:
            raise ValueError("undo: no card to take back")
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
    def cards(self) -> tuple[int, ...]:
        """The cards played this hand, in order."""
        return tuple(self._cards)

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

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"PlayState(hands=({self._hands[0]:#x}, {self._hands[1]:#x}), cards={self.cards}, "
            f"to_move={self.to_move}, won={self.won})"
        )


# ------------------------------------ N positions: play state, solver (ec_playn, ec_solve_n)

_PLAYN_MAX_CARDS = 8


def _check_hands_n(hands: object, what: str = "hands") -> tuple[int, ...]:
    hs = _tuple(hands, what)
    if not 2 <= len(hs) <= 4:
        raise ValueError(f"{what}: 2 to 4 hands are needed, not {len(hs)}")
    return tuple(_check_mask(h, f"{what}[{i}]: hand mask") for i, h in enumerate(hs))


def _check_active(active: object, np: int) -> int:
    """``active`` (None: every position) as a mask of ``np`` positions with at least 2 set."""
    if active is None:
        return (1 << np) - 1
    a = _check_int(
        active,
        0,
        (1 << np) - 1,
        f"active must be a mask of positions 0..{np - 1} (an int 0..{(1 << np) - 1}), not {{}}",
    )
    if a.bit_count() < 2:
        raise ValueError(f"active {a} holds fewer than 2 positions")
    return a


def _check_active_leader(leader: int, active: int) -> None:
    if not active >> leader & 1:
        raise ValueError(f"leader {leader} sits out (active positions mask {active})")


def _playn_args(
    hands: object, leader: object, flags: object, active: object
) -> tuple[tuple[int, ...], int, int, int]:
    """``PlayStateN``'s hands, leader, flags and active mask as plain ints, in that order."""
    hs = _check_hands_n(hands)
    np = len(hs)
    lead = _check_int(leader, 0, np - 1, f"leader must be a position 0..{np - 1}, not {{}}")
    fl = _check_flags(flags)
    act = _check_active(active, np)
    _check_active_leader(lead, act)
    return hs, lead, fl, act


def _playn_content(deck: int, hands: tuple[int, ...], active: int) -> None:
    seen = 0
    for i, h in enumerate(hands):
        if h & ~deck:
            raise ValueError(f"play state: hands[{i}] holds a card that is not in this deck")
        if h & seen:
            raise ValueError(f"play state: card ids {_bits(h & seen)} are in two hands")
        seen |= h
    sizes = {h.bit_count() for i, h in enumerate(hands) if active >> i & 1}
    if len(sizes) != 1 or max(sizes) > _PLAYN_MAX_CARDS:
        raise ValueError(
            f"play state: the active hands need equal sizes of at most {_PLAYN_MAX_CARDS} "
            f"cards, not {[h.bit_count() for h in hands]} (active mask {active})"
        )


def _next_active(np: int, active: int) -> tuple[int, ...]:
    out = []
    for i in range(np):
        j = (i + 1) % np
        while not active >> j & 1:
            j = (j + 1) % np
        out.append(j)
    return tuple(out)


class PlayStateN:
    """A hand in the play phase for 2 to 4 positions, some possibly sitting out
    (``ec_playn``): cheap to copy and to undo, as :class:`PlayState`.

    ``hands`` holds one mask per position; ``active`` is a mask of the positions that play
    (None: all; the partner of a lone Euchre player sits out): the turn passes to the next
    active position and a trick has one card per active position. Active hands have equal
    sizes (at most 8 cards); an inactive position keeps its hand as given.

    >>> from ecarte._core import backend, euchre_context
    >>> ctx = euchre_context(0, backend("pure"))  # clubs trumps
    >>> s = PlayStateN(ctx, (1 << 12, 1 << 28, 1 << 44, 1 << 57), 1, 0, active=0b1011)
    >>> s.to_move, s.apply(28), s.to_move, s.apply(57), s.to_move, s.apply(12)
    (1, 0, 3, 0, 0, 2)
    >>> s.won, s.tricks, s.over  # the left bower (jack of spades) took the ace of clubs
    ((0, 0, 0, 1), ((1, 28, 57, 12),), True)
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


def _solve_n_args(
    hands: object, leader: object, trick: object, flags: object, teams: object, active: object
) -> tuple[tuple[int, ...], int, tuple[int, ...], int, tuple[int, ...], int]:
    """``solve_n``'s arguments as plain values, in their order, shapes checked: 2 to 4
    hands, a leader among them, the flags, one team byte per hand, the active mask (the
    leader active, fewer cards in the trick than active positions)."""
    hs = _check_hands_n(hands)
    np = len(hs)
    lead = _check_int(leader, 0, np - 1, f"leader must be a position 0..{np - 1}, not {{}}")
    t = _check_cards(trick, 0, np - 1, f"a trick in progress holds 0 to {np - 1} cards, not {{}}")
    fl = _check_flags(flags)
    ts = _tuple(teams, "teams")
    if len(ts) != np:
        raise ValueError(f"teams needs one team per hand ({np}), not {len(ts)}")
    tm = tuple(_check_int(x, 0, 255, f"teams[{i}]: team {{}} is not an int 0..255")
               for i, x in enumerate(ts))  # fmt: skip
    act = _check_active(active, np)
    _check_active_leader(lead, act)
    if len(t) >= act.bit_count():
        raise ValueError(
            f"a trick in progress holds 0 to {act.bit_count() - 1} cards with "
            f"{act.bit_count()} active positions, not {len(t)}"
        )
    return hs, lead, t, fl, tm, act


def _position_n_content(
    deck: int, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], active: int
) -> None:
    """ValueError unless the position can arise: cards in the deck, each in one place, the
    active hands of sizes that fit the trick in progress (at most 8 cards)."""
    seen = _trick_content(deck, trick)
    everything = seen
    for h in hands:
        if h & ~deck:
            raise ValueError("a hand holds a card that is not in this deck")
        if h & seen:
            raise ValueError(f"card ids {_bits(h & seen)} are both in a hand and in the trick")
        if h & everything:
            raise ValueError(f"card ids {_bits(h & everything)} are in two hands")
        everything |= h
    nxt = _next_active(len(hands), active)
    p, sizes = leader, []
    for i in range(active.bit_count()):
        sizes.append(hands[p].bit_count() + (i < len(trick)))
        p = nxt[p]
    if len(set(sizes)) != 1 or sizes[0] > _PLAYN_MAX_CARDS:
        raise ValueError(
            f"hand sizes {[h.bit_count() for h in hands]} cannot arise with leader {leader}, "
            f"{len(trick)} card(s) in the trick and active positions mask {active}"
        )


class _SolverN:
    """Twin of ``ec_solvern.c``: the same fail-soft alpha-beta, the same move order, bounds
    and equivalent cards. Its table never evicts (the C one is direct-mapped), which changes
    the cost, never the answer."""

    __slots__ = ("ctx", "distinct", "flags", "hands", "inplay", "mine", "na", "next", "table")

    def __init__(
        self,
        ctx: TrickContext,
        flags: int,
        hands: tuple[int, ...],
        active: int,
        teams: tuple[int, ...],
        mover_after: tuple[int, int],
    ) -> None:
        np = len(hands)
        self.ctx = ctx
        self.flags = flags
        self.distinct = ctx.distinct
        self.hands = [h if active >> i & 1 else 0 for i, h in enumerate(hands)]
        self.next = _next_active(np, active)
        self.na = active.bit_count()
        self.inplay = 0
        for h in self.hands:
            self.inplay |= h
        leader, nt = mover_after
        mover = leader
        for _ in range(nt):
            mover = self.next[mover]
        self.mine = [1 if active >> i & 1 and teams[i] == teams[mover] else 0 for i in range(np)]
        self.table: dict[tuple[int, ...], list[int]] = {}

    def reps(self, cand: int) -> int:
        if not self.distinct:
            return cand
        above = self.ctx.above
        out = cand
        for c in _bits(cand):
            up = above[c] & self.inplay
            if not up:
                continue
            x = next(x for x in _bits(up) if up & ~above[x] == 1 << x)
            if cand >> x & 1:
                out &= ~(1 << c)
        return out

    def rep_of(self, c: int, reps: int) -> int:
        above = self.ctx.above
        while not reps >> c & 1:
            up = above[c] & self.inplay
            c = next(x for x in _bits(up) if up & ~above[x] == 1 << x)
        return c

    def key(self, c: int) -> int:
        ctx = self.ctx
        return (64 if ctx.suit_of[c] == ctx.trump else 0) + ctx.power[c]

    def order(self, moves: int, trick: list[int], leader: int, mover: int, first: int) -> list[int]:
        ctx = self.ctx
        nt = len(trick)
        if nt == 0:
            keys = [(-1000 if c == first else -self.key(c), c) for c in _bits(moves)]
        else:
            w = _winner(ctx, trick)
            wp = leader
            for _ in range(w):
                wp = self.next[wp]
            if self.mine[wp] == self.mine[mover]:
                keys = [(self.key(c), c) for c in _bits(moves)]
            else:
                beat = ctx.beaten_by[trick[w]]
                keys = [(self.key(c) + (0 if beat >> c & 1 else 256), c) for c in _bits(moves)]
        return [c for _, c in sorted(keys)]

    def play(self, leader: int, mover: int, trick: list[int], c: int, alpha: int, beta: int) -> int:
        hands = self.hands
        hands[mover] &= ~(1 << c)
        t = [*trick, c]
        if len(t) == self.na:
            w = _winner(self.ctx, t)
            wp = leader
            for _ in range(w):
                wp = self.next[wp]
            won = self.mine[wp]
            tm = 0
            for x in t:
                tm |= 1 << x
            self.inplay &= ~tm
            v = won + self.search(wp, wp, [], alpha - won, beta - won)
            self.inplay |= tm
        else:
            v = self.search(leader, self.next[mover], t, alpha, beta)
        hands[mover] |= 1 << c
        return v

    def search(self, leader: int, mover: int, trick: list[int], alpha: int, beta: int) -> int:
        ctx = self.ctx
        entry = None
        first = 255
        a, b = alpha, beta
        if not trick:
            n = self.hands[leader].bit_count()
            if n == 0:
                return 0
            if n == 1:
                p, t = leader, []
                for _ in range(self.na):
                    t.append(_ctz(self.hands[p]))
                    p = self.next[p]
                p = leader
                for _ in range(_winner(ctx, t)):
                    p = self.next[p]
                return self.mine[p]
            if n <= alpha:
                return n
            if beta <= 0:
                return 0
            key = (*self.hands, leader)
            entry = self.table.setdefault(key, [0, 255, 255])
            if entry[0] >= b:
                return entry[0]
            if entry[1] <= a:
                return entry[1]
            if entry[0] == entry[1]:
                return entry[0]
            a = max(a, entry[0])
            b = min(b, entry[1])
            first = entry[2]
        legal = _legal(ctx, self.hands[mover], trick, self.flags)
        is_max = self.mine[mover]
        lo, hi = a, b
        best = -1 if is_max else 99
        best_move = 255
        for c in self.order(self.reps(legal), trick, leader, mover, first):
            v = self.play(leader, mover, trick, c, lo, hi)
            if v > best if is_max else v < best:
                best, best_move = v, c
            if is_max and best > lo:
                lo = best
            elif not is_max and best < hi:
                hi = best
            if lo >= hi:
                break
        if entry is not None:
            if best <= a:
                entry[1] = min(entry[1], best)
            elif best >= b:
                entry[0] = max(entry[0], best)
            else:
                entry[0] = entry[1] = best
            entry[2] = best_move
        return best

    def solve(self, leader: int, trick: tuple[int, ...]) -> tuple[int, int]:
        mover = leader
        for _ in trick:
            mover = self.next[mover]
        for c in trick:
            self.inplay |= 1 << c
        n = self.hands[mover].bit_count()
        if n == 0:
            return 0, -1
        t = list(trick)
        value = self.search(leader, mover, t, -1, n + 1)
        legal = _legal(self.ctx, self.hands[mover], t, self.flags)
        reps = self.reps(legal)
        tested: dict[int, bool] = {}
        for c in _bits(legal):
            r = self.rep_of(c, reps)
            if r not in tested:
                tested[r] = self.play(leader, mover, t, r, value - 1, value) >= value
            if tested[r]:
                return value, c
        raise AssertionError("no card achieves the value")  # pragma: no cover


def solve_n(
    ctx: TrickContext,
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    flags: int,
    teams: Sequence[int],
    active: int | None = None,
) -> tuple[int, int]:
    """Double-dummy solve of 2 to 4 hands with partnerships (``ec_solve_n``).

    ``hands`` holds one mask per position, ``leader`` the position that led the trick in
    progress and ``trick`` the cards the active positions played to it in turn; ``teams``
    gives each position's side (e.g. ``(0, 1, 0, 1)`` for partners sitting opposite) and
    ``active`` the mask of the positions that play (None: all; an inactive position's cards
    are out of play). Returns ``(tricks, card)``: the most tricks, among those not yet
    complete (the trick in progress included), that the side of the position to move can
    force, and the lowest card id among the legal cards achieving it (-1 when the hands
    are empty).

    >>> from ecarte._core import backend, euchre_context
    >>> ctx = euchre_context(0, backend("pure"))
    >>> solve_n(ctx, (1 << 12, 1 << 28, 1 << 44, 1 << 57), 0, (), 0, (0, 1, 0, 1))
    (0, 12)
    """
    _check_ctx(ctx)
    hs, lead, t, fl, tm, act = _solve_n_args(hands, leader, trick, flags, teams, active)
    _position_n_content(ctx.deck, hs, lead, t, act)
    return _SolverN(ctx, fl, hs, act, tm, (lead, len(t))).solve(lead, t)


# ------------------------------------------------------------ random Euchre hands

_EUCHRE = tuple(s * 16 + r for s in range(4) for r in range(7, 13))
_JOKER = 15  # the joker of a 25-card Euchre deck
_EUCHRE_PACKETS = (3, 2, 3, 2, 2, 3, 2, 3)
_JACK = 9


def euchre_tables(trump: int, deck: int = 24) -> tuple[list[int], list[int]]:
    """``(suit_of, power)`` of Euchre with ``trump`` (0..3): the right bower (jack of
    trumps), the left bower (the jack of suit ``3 - trump``, the same colour) in the trump
    suit, then the trumps by rank; plain suits by rank, the jack in its place. ``deck``: 24
    (9..A, as ``ec_euchre_context``), 32 (7..A) or 25 (the 24 and the joker, card id 15,
    above the right bower), as ``ec_eu_tables_init``."""
    t = _check_int(trump, 0, 3, "trump must be a suit 0..3, not {}")
    if type(deck) is not int or deck not in (24, 25, 32):
        raise ValueError(f"deck must be 24, 25 or 32 cards, not {deck!r}")
    low = 5 if deck == 32 else 7  # the seven or the nine
    suit_of = [-1] * 64
    power = [0] * 64
    for suit in range(4):
        for rank in range(low, 13):
            suit_of[suit * 16 + rank] = suit
            power[suit * 16 + rank] = rank - low + 1
    top = 13 - low + 2
    suit_of[t * 16 + _JACK] = t
    power[t * 16 + _JACK] = top
    suit_of[(3 - t) * 16 + _JACK] = t
    power[(3 - t) * 16 + _JACK] = top - 1
    if deck == 25:
        suit_of[_JOKER] = t
        power[_JOKER] = top + 1
    return suit_of, power


@frozen(kw_only=True)
class EuchreOptions:
    """Options of a random Euchre hand (``ec_euchre_rules``): the play obligations
    (``MUST_*`` flags; Euchre has none: follow suit only) and whether the maker goes alone
    (0 never, 1 always, 2 on a coin flip)."""

    play_flags: int = 0
    alone: int = 0

    def plain(self) -> EuchreOptions:
        """These options with plain ints; ValueError naming the field."""
        return EuchreOptions(
            play_flags=_check_int(
                self.play_flags, 0, 7, "play_flags must be an int 0..7 (MUST_* flags), not {}"
            ),
            alone=_check_int(self.alone, 0, 2, "alone must be an int 0..2, not {}"),
        )


class EuchreResult(NamedTuple):
    """One random Euchre hand: tricks and points by side (side 0: positions 0 and 2), the
    dealer, the maker, whether the maker went alone, the turned-up card (trump's suit)."""

    tricks0: int
    tricks1: int
    points0: int
    points1: int
    dealer: int
    maker: int
    alone: int
    up: int


class EuchreTotals(NamedTuple):
    """Sums over a batch of random Euchre hands, and a digest of every hand's result."""

    hands: int
    tricks0: int
    tricks1: int
    points0: int
    points1: int
    marches: int
    euchres: int
    alone: int
    digest: int


def _check_euchre_options(options: object) -> EuchreOptions:
    opts = EuchreOptions() if options is None else options
    if not issubclass(type(opts), EuchreOptions):
        raise ValueError(f"options must be EuchreOptions, not {type(opts).__name__}")
    return cast(EuchreOptions, opts).plain()


def _check_euchre_batch(n: object, seed: object, options: object) -> tuple[int, int, EuchreOptions]:
    return _check_n(n), _check_seed(seed), _check_euchre_options(options)


def _draw24(rng: Rng, deck: list[int], i: int) -> int:
    j = i + rng._below(24 - i)
    deck[i], deck[j] = deck[j], deck[i]
    return deck[i]


def euchre_deal(rng: Rng, dealer: int) -> tuple[list[int], int]:
    """(hands of the 4 positions, turned-up card) dealt from ``rng`` (``ec_euchre_deal``)."""
    deck = list(_EUCHRE)
    hands = [0, 0, 0, 0]
    k = 0
    for r, size in enumerate(_EUCHRE_PACKETS):
        p = (dealer + 1 + r) & 3
        for _ in range(size):
            hands[p] |= 1 << _draw24(rng, deck, k)
            k += 1
    return hands, _draw24(rng, deck, 20)


def _euchre_contexts() -> list[TrickContext]:
    return [TrickContext(*euchre_tables(t), t) for t in range(4)]


def _euchre_hand(
    opts: EuchreOptions, ctxs: list[TrickContext], rng: Rng, trace: list[Any] | None = None
) -> EuchreResult:
    """One random hand (``euchre_hand`` in ec_euchre.c); with ``trace``, append there
    ``(hands after the dealer's discard, active mask, leader)`` and then each card played."""
    below = rng._below
    dealer = below(4)
    h, up = euchre_deal(rng, dealer)
    trump = up >> 4
    ctx = ctxs[trump]
    maker = below(4)
    h[dealer] |= 1 << up
    h[dealer] &= ~(1 << _nth(h[dealer], below(6)))
    alone = 1 if opts.alone == 1 else below(2) if opts.alone == 2 else 0
    out = (maker + 2) & 3 if alone else -1
    na = 3 if alone else 4
    nxt = []
    for p in range(4):
        q = (p + 1) & 3
        nxt.append((q + 1) & 3 if q == out else q)
    leader = (dealer + 1) & 3
    if leader == out:
        leader = (leader + 1) & 3
    if trace is not None:
        trace.append((tuple(h), 15 & ~(1 << out) if alone else 15, leader))
    tr = [0, 0]
    for _ in range(5):
        p = leader
        trick: list[int] = []
        for _ in range(na):
            legal = _legal(ctx, h[p], trick, opts.play_flags)
            c = _nth(legal, below(legal.bit_count()))
            h[p] &= ~(1 << c)
            trick.append(c)
            if trace is not None:
                trace.append(c)
            p = nxt[p]
        for _ in range(_winner(ctx, trick)):
            leader = nxt[leader]
        tr[leader & 1] += 1
    ms = maker & 1
    pts = [0, 0]
    if tr[ms] >= 3:
        pts[ms] = (4 if alone else 2) if tr[ms] == 5 else 1
    else:
        pts[ms ^ 1] = 2
    return EuchreResult(tr[0], tr[1], pts[0], pts[1], dealer, maker, alone, up)


def _euchre_pack(r: EuchreResult) -> int:
    return (
        r.tricks0
        | r.tricks1 << 8
        | r.points0 << 16
        | r.points1 << 24
        | r.dealer << 32
        | r.maker << 40
        | r.alone << 48
        | r.up << 56
    )


def random_euchre_hand_results(
    n: int, seed: int, options: EuchreOptions | None = None
) -> list[EuchreResult]:
    """Play ``n`` random Euchre hands from ``seed`` and return each result."""
    n, seed, opts = _check_euchre_batch(n, seed, options)
    ctxs = _euchre_contexts()
    rng = Rng(seed)
    return [_euchre_hand(opts, ctxs, rng) for _ in range(n)]


def random_euchre_hands(n: int, seed: int, options: EuchreOptions | None = None) -> EuchreTotals:
    """Play ``n`` random Euchre hands from ``seed`` (``ec_euchre_hands``: a random dealer,
    the deal in packets, the turned-up suit trumps, a random maker, the dealer's random
    discard, uniform legal plays) and return the totals and digest."""
    n, seed, opts = _check_euchre_batch(n, seed, options)
    ctxs = _euchre_contexts()
    rng = Rng(seed)
    dg = _FNV_OFFSET
    tot = [0] * 7
    for _ in range(n):
        r = _euchre_hand(opts, ctxs, rng)
        mt = r.tricks1 if r.maker & 1 else r.tricks0
        tot[0] += r.tricks0
        tot[1] += r.tricks1
        tot[2] += r.points0
        tot[3] += r.points1
        tot[4] += mt == 5
        tot[5] += mt < 3
        tot[6] += r.alone
        dg = ((dg ^ _euchre_pack(r)) * _FNV_PRIME) & _M64
    return EuchreTotals(n, tot[0], tot[1], tot[2], tot[3], tot[4], tot[5], tot[6], dg)
