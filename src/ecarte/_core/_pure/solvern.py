"""Pure twin of ec_solvern.c: the double-dummy solver of 2 to 4 positions with sides."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from ecarte._core._args import _bits, _ctz, _next_active, _position_n_content, _solve_n_args
from ecarte._core._pure.tricks import TrickContext, _check_ctx, _legal, _winner


class _SolverN:
    """Twin of ``ec_solvern.c``: the same fail-soft alpha-beta, the same move order, bounds
    (the table's and the sure tricks'), equivalent cards and plain search of the last two
    tricks. Its table never evicts (the C
    one is direct-mapped), which changes the cost, never the answer."""

    __slots__ = (
        "ctx",
        "distinct",
        "ends",
        "flags",
        "hands",
        "inplay",
        "mine",
        "na",
        "next",
        "table",
    )

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
        self.ends: dict[int, tuple[int, int]] | None = None
        """The last two tricks' bounds kept across solves (``ec_solvern_ends``), or None."""

    def live(self, trick: list[int]) -> int:
        """The cards that tell equivalent cards apart (``nd_live``): those in play but, within
        a trick, the cards played to it other than the one winning it."""
        if not trick:
            return self.inplay
        w = trick[_winner(self.ctx, trick)]
        out = 0
        for x in trick:
            if x != w:
                out |= 1 << x
        return self.inplay & ~out

    def below(self, c: int, live: int) -> int:
        """The next lower card of ``live`` in ``c``'s suit, or -1."""
        above = self.ctx.above
        down = 0
        for x in _bits(live):
            if above[x] >> c & 1:
                down |= 1 << x
        return next((x for x in _bits(down) if not above[x] & down), -1)

    def reps(self, cand: int, live: int) -> int:
        """The cards of ``cand`` that represent the others: the lowest of each run of
        ``cand`` with no other card of ``live`` between (``nd_reps``)."""
        if not self.distinct:
            return cand
        out = cand
        for c in _bits(cand):
            x = self.below(c, live)
            if x >= 0 and cand >> x & 1:
                out &= ~(1 << c)
        return out

    def rep_of(self, c: int, reps: int, live: int) -> int:
        while not reps >> c & 1:
            c = self.below(c, live)
        return c

    def key(self, c: int) -> int:
        ctx = self.ctx
        return (64 if ctx.suit_of[c] == ctx.trump else 0) + ctx.power[c]

    def order(self, moves: int, trick: list[int], leader: int, mover: int, first: int) -> list[int]:
        ctx = self.ctx
        nt = len(trick)
        if nt == 0:
            trump = ctx.trump
            return sorted(
                _bits(moves),
                key=lambda c: (
                    (-1000, 0)
                    if c == first
                    else ((64 if ctx.suit_of[c] == trump else 0) - ctx.power[c], -c)
                ),
            )
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

    def sure(self) -> tuple[int, int]:
        """Sure tricks at a trick boundary: ``(side, count)`` of the side holding the highest
        trump in play (1: the root mover's; the other side has none), the most, over its
        hands, of a hand's trumps above every trump of the other side (each wins the trick
        it is played to); ``(0, 0)`` without trumps."""
        ctx, hands, mine = self.ctx, self.hands, self.mine
        trumps = self.inplay & ctx.suit_mask[ctx.trump]
        if not trumps:
            return 0, 0
        x = next(x for x in _bits(trumps) if not ctx.above[x] & trumps)
        side = next(mine[p] for p, h in enumerate(hands) if h >> x & 1)
        theirs = 0
        for p, h in enumerate(hands):
            if mine[p] != side:
                theirs |= h & trumps
        top = next((ctx.above[y] for y in _bits(theirs) if not ctx.above[y] & theirs), -1)
        return side, max(
            (h & trumps & top).bit_count() for p, h in enumerate(hands) if mine[p] == side
        )

    def end_key(self, leader: int) -> int:
        """The key of a position of two tricks left (``nd_end_key``): each hand's two cards
        as ``suit * 8`` plus their rank from the top among the cards of the suit in play,
        the leader, the trumps and which hands are on the leader's side."""
        ctx, inplay, mine = self.ctx, self.inplay, self.mine
        key = leader << 40 | (ctx.trump & 7) << 42 | 1 << 63
        for p, h in enumerate(self.hands):
            if h:
                ca, cb = sorted(
                    ctx.suit_of[c] * 8 + (ctx.above[c] & inplay).bit_count() for c in _bits(h)
                )
                key |= (ca << 5 | cb) << (10 * p) | (mine[p] == mine[leader]) << (45 + p)
        return key

    def two_kept(self, leader: int, alpha: int, beta: int) -> int:
        """:meth:`two` from the start of the last two tricks, its bounds (the leader's
        side's tricks) kept in :attr:`ends` under :meth:`end_key` (``nd_two_kept``)."""
        assert self.ends is not None
        key = self.end_key(leader)
        mine = self.mine[leader]
        lo, hi = 0, 2
        if key in self.ends:
            klo, khi = self.ends[key]
            lo, hi = (klo, khi) if mine else (2 - khi, 2 - klo)
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
        v = self.two(leader, 0, 0, -1, leader, 0, alpha, beta)
        if v <= alpha:
            hi = min(hi, v)
        elif v >= beta:
            lo = max(lo, v)
        else:
            lo = hi = v
        self.ends[key] = (lo, hi) if mine else (2 - hi, 2 - lo)
        return v

    def two(
        self, p: int, i: int, led: int, wcard: int, wpos: int, out: int, alpha: int, beta: int
    ) -> int:
        """The last two tricks (every active hand holds two cards; no rule flags) by plain
        fail-soft alpha-beta over the cards in reply order (:meth:`key`, ties by id): ``p``
        plays the ``i``-th card of the first trick, whose led suit is ``led`` (its mask),
        won so far by ``wcard`` played by ``wpos``; ``out`` holds the cards played to it."""
        ctx, hands, nxt = self.ctx, self.hands, self.next
        if i == self.na:  # the first trick is over: its winner leads the last
            w, lwp, q = _ctz(hands[wpos] & ~out), wpos, nxt[wpos]
            for _ in range(1, self.na):
                c = _ctz(hands[q] & ~out)
                if ctx.beaten_by[w] >> c & 1:
                    w, lwp = c, q
                q = nxt[q]
            return self.mine[wpos] + self.mine[lwp]
        hand = hands[p] & ~out
        legal = hand & led or hand
        is_max = self.mine[p]
        best = -1 if is_max else 99
        for c in sorted(_bits(legal), key=lambda c: (self.key(c), c)):
            if i == 0:
                led_c = ctx.suit_mask[ctx.suit_of[c]]
                v = self.two(nxt[p], 1, led_c, c, p, out | 1 << c, alpha, beta)
            elif ctx.beaten_by[wcard] >> c & 1:
                v = self.two(nxt[p], i + 1, led, c, p, out | 1 << c, alpha, beta)
            else:
                v = self.two(nxt[p], i + 1, led, wcard, wpos, out | 1 << c, alpha, beta)
            if v > best if is_max else v < best:
                best = v
            if is_max and best > alpha:
                alpha = best
            elif not is_max and best < beta:
                beta = best
            if alpha >= beta:
                break
        return best

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
            if ctx.trump >= 0:
                side, sure = self.sure()
                if side and sure >= beta:
                    return sure
                if not side and n - sure <= alpha:
                    return n - sure
            if n == 2 and not self.flags:  # two tricks left: a plain search, no table
                if self.ends is not None:
                    return self.two_kept(leader, alpha, beta)
                return self.two(leader, 0, 0, -1, leader, 0, alpha, beta)
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
        for c in self.order(self.reps(legal, self.live(trick)), trick, leader, mover, first):
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

    def start(self, leader: int, trick: tuple[int, ...]) -> int:
        """The position to move, the trick in progress put in play."""
        mover = leader
        for _ in trick:
            mover = self.next[mover]
        for c in trick:
            self.inplay |= 1 << c
        return mover

    def reaches(self, leader: int, trick: tuple[int, ...], target: int) -> bool:
        mover = self.start(leader, trick)
        if target <= 0:
            return True
        if target > self.hands[mover].bit_count():
            return False
        return self.search(leader, mover, list(trick), target - 1, target) >= target

    def solve(self, leader: int, trick: tuple[int, ...]) -> tuple[int, int]:
        mover = self.start(leader, trick)
        n = self.hands[mover].bit_count()
        if n == 0:
            return 0, -1
        t = list(trick)
        value = self.search(leader, mover, t, -1, n + 1)
        legal = _legal(self.ctx, self.hands[mover], t, self.flags)
        live = self.live(t)
        reps = self.reps(legal, live)
        tested: dict[int, bool] = {}
        for c in _bits(legal):
            r = self.rep_of(c, reps, live)
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

    >>> from ecarte._core import backend, ranked_context
    >>> ctx = ranked_context(0, (12, 11, 10, 9, 8, 7), 0x1F80_1F80_1F80_1F80, backend("pure"))
    >>> solve_n(ctx, (1 << 12, 1 << 28, 1 << 44, 1 << 57), 0, (), 0, (0, 1, 0, 1))
    (1, 12)
    """
    solver, lead, t = _solver(ctx, hands, leader, trick, flags, teams, active)
    return solver.solve(lead, t)


def solve_n_target(ctx: TrickContext, target: int, *position: Any) -> bool:
    """Whether the side of the position to move can force at least ``target`` tricks
    among those not yet complete (``ec_solve_n_target``: one null-window search);
    ``position`` is :func:`solve_n`'s arguments after ``ctx`` (hands, leader, trick, flags,
    teams, and active or not).

    >>> from ecarte._core import backend, ranked_context
    >>> ctx = ranked_context(0, (12, 11, 10, 9, 8, 7), 0x1F80_1F80_1F80_1F80, backend("pure"))
    >>> hands = (1 << 12, 1 << 28, 1 << 44, 1 << 57)
    >>> [solve_n_target(ctx, t, hands, 0, (), 0, (0, 1, 0, 1)) for t in (0, 1, 2)]
    [True, True, False]
    """
    solver, lead, t = _solver(ctx, *position)
    return solver.reaches(lead, t, target)


def solve_n_reached(
    ctx: TrickContext,
    targets: Sequence[int],
    *position: Any,
    ends: dict[int, tuple[int, int]] | None = None,
) -> int:
    """How many of the ascending ``targets`` the side of the position to move can force
    (reaching one reaches those below it), each answered as :func:`solve_n_target` would
    (``ec_solve_n_reached``: bisection, the lower half first); ``position`` as there.
    ``ends`` (``ec_solve_n_reached_ends``), a dict kept across solves of contexts that
    order the cards alike for a trump, keeps the bounds of positions of two tricks left up
    to the renaming of cards out of play, so later solves look them up; the answer is the
    same.

    >>> from ecarte._core import backend, ranked_context
    >>> ctx = ranked_context(0, (12, 11, 10, 9, 8, 7), 0x1F80_1F80_1F80_1F80, backend("pure"))
    >>> hands = (1 << 12, 1 << 28, 1 << 44, 1 << 57)
    >>> solve_n_reached(ctx, (-1, 1, 2, 3), hands, 0, (), 0, (0, 1, 0, 1))
    2
    """
    targets = list(targets)
    if any(b < a for a, b in itertools.pairwise(targets)):
        raise ValueError("the targets must be in ascending order")
    solver, lead, t = _solver(ctx, *position)
    if solver.distinct:  # the keys need distinct powers
        solver.ends = ends
    lo, hi = 0, len(targets)
    while lo < hi:
        mid = (lo + hi - 1) // 2
        if solver.reaches(lead, t, targets[mid]):
            lo = mid + 1
        else:
            hi = mid
    return lo


def _solver(ctx: TrickContext, *position: Any) -> tuple[_SolverN, int, tuple[int, ...]]:
    """The solver of a checked position (:func:`solve_n`'s arguments), its leader and
    trick in progress."""
    _check_ctx(ctx)
    if len(position) == 5:  # no mask of the active positions: all
        position = (*position, None)
    hs, lead, t, fl, tm, act = _solve_n_args(*position)
    _position_n_content(ctx.deck, hs, lead, t, act)
    return _SolverN(ctx, fl, hs, act, tm, (lead, len(t))), lead, t
