"""Pure twin of ec_solver.c: the two-position double-dummy solver."""

from __future__ import annotations

from collections.abc import Sequence

from ecarte._core._args import (
    NO_TRUMP,
    _batch_positions,
    _bits,
    _check_flags,
    _ctz,
    _position_args,
    _position_content,
)
from ecarte._core._pure.tricks import MUST_OVERTAKE, MUST_TRUMP, Position, TrickContext, _check_ctx

# ------------------------------------------------ double dummy, two players


def _replies(hand: int, suit: int, above: int, trumps: int, flags: int) -> int:
    """Legal replies in a two-player trick (``dd_replies``), the led card's suit being
    ``suit`` and the cards above it ``above`` (no overtrump question): follow suit, beating
    the led card under MUST_OVERTAKE if able; when void, a trump under MUST_TRUMP if able."""
    follow = hand & suit
    if follow:
        if flags & MUST_OVERTAKE:
            over = follow & above
            if over:
                return over
        return follow
    if flags & MUST_TRUMP:
        t = hand & trumps
        if t:
            return t
    return hand


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
        return _replies(hand, ctx.suit_mask[ctx.suit_of[c]], self.above[c], self.trumps, self.flags)

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
        return _replies(hand, _lane(c), -(2 << c), self.trumps, self.flags)

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
