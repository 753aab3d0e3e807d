"""Pure twin of ec_euchre.c: the Euchre trick tables of every deck and random Euchre
hands in bulk (``ec_euchre_rules``)."""

from __future__ import annotations

from typing import Any, NamedTuple, cast

from attrs import frozen

from ecarte._core._args import (
    _FNV_OFFSET,
    _check_int,
    _check_n,
    _check_seed,
    _digest_step,
    _nth,
)
from ecarte._core._pure.rng import Rng
from ecarte._core._pure.tricks import TrickContext, _legal, _winner

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
        dg = _digest_step(dg, r)
    return EuchreTotals(n, tot[0], tot[1], tot[2], tot[3], tot[4], tot[5], tot[6], dg)
