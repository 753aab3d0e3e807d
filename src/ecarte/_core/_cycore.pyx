# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The C core through Cython: the default backend on CPython.

Same functions, same results as ``_pure`` (the oracle); every bad input raises
``ValueError`` before it reaches C. Batch functions release the GIL.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport SIZE_MAX
from libc.string cimport memset

from ecarte._core._pure import (
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
    "MUST_OVERTAKE", "MUST_OVERTRUMP", "MUST_TRUMP", "NO_TRUMP", "PLAY_ON", "PLAY_OVER",
    "PLAY_TRICK", "Context", "HandOptions", "HandResult", "HandTotals", "PlayState", "Rng", "SolveResults", "legal_plays", "make_context", "perft",
    "random_hand_results", "random_hands", "random_solves", "solve", "solve_batch",
    "trick_winner",
]


cdef int _fail(int code, str what) except -1:
    raise ValueError(f"{what}: {ec_strerror(code).decode()}")


cdef inline bint _isint(object x):
    """An int for the core (``_pure._is_int``): int or a subclass, never a bool."""
    return type(x) is int or (isinstance(x, int) and not isinstance(x, bool))


cdef inline unsigned _flags(object flags) except? 0xFFFFFFFF:
    """The play flags as a C value; the shared check (and message) off the fast path."""
    if type(flags) is int and 0 <= flags <= 7:
        return <unsigned>flags
    return <unsigned>_check_flags(flags)


cdef inline int _seq(object x, str what) except -1:
    if type(x) is not list and type(x) is not tuple and not isinstance(x, (list, tuple)):
        _check_seq(x, what)
    return 0


cdef class Context:
    """Per-hand tables (an ``ec_context``); attributes as ``_pure.TrickContext``."""

    def __cinit__(self):
        # an empty deck until make_context fills it (Context() alone stays well defined)
        cdef int8_t s[64]
        cdef uint8_t p[64]
        memset(s, 0xFF, sizeof(s))
        memset(p, 0, sizeof(p))
        ec_context_init(&self.c, s, p, -1)

    @property
    def suit_of(self):
        return tuple(self.c.suit_of[i] for i in range(64))

    @property
    def power(self):
        return tuple(self.c.power[i] for i in range(64))

    @property
    def trump(self):
        return self.c.trump

    @property
    def suit_mask(self):
        return tuple(self.c.suit_mask[i] for i in range(4))

    @property
    def above(self):
        return tuple(self.c.above[i] for i in range(64))

    @property
    def deck(self):
        return self.c.deck

    @property
    def distinct(self):
        return bool(self.c.distinct)


cdef Context _NO_CONTEXT = Context()


def make_context(suit_of, power, trump):
    """Build the tables for one hand; ``suit_of[c] == -1`` marks a card not in the deck."""
    cdef Context ctx = Context.__new__(Context)
    cdef int8_t s[64]
    cdef uint8_t p[64]
    cdef int i, err
    _seq(suit_of, "suit_of")
    _seq(power, "power")
    if len(suit_of) != 64 or len(power) != 64:
        raise ValueError("suit_of and power need 64 entries, one per card id")
    if not (_isint(trump) and -1 <= trump <= 3):
        raise ValueError(f"trump must be a suit 0..3 or -1, not {trump!r}")
    for i in range(64):
        if not (_isint(suit_of[i]) and -1 <= suit_of[i] <= 3):
            raise ValueError(f"card {i}: effective suit {suit_of[i]!r} is not -1..3")
        s[i] = suit_of[i]
        if suit_of[i] == -1:
            p[i] = 0
            continue
        if not (_isint(power[i]) and 0 <= power[i] <= 63):
            raise ValueError(f"card {i}: power {power[i]!r} is not 0..63")
        p[i] = power[i]
    err = ec_context_init(&ctx.c, s, p, trump)
    if err:
        _fail(err, "make_context")
    return ctx


cdef inline Context _ctx(object ctx):
    if type(ctx) is not Context:
        raise ValueError(f"not a context of the cython backend: {type(ctx).__name__}")
    return <Context>ctx


cdef inline uint64_t _mask(object m) except? 0:
    if type(m) is not int and not _isint(m):
        raise ValueError(f"hand mask {m!r} is not a 64-bit mask")
    try:
        return <uint64_t>m
    except OverflowError:
        raise ValueError(f"hand mask {m!r} is not a 64-bit mask") from None


cdef int _trick(object trick, uint8_t *out, int cap) except -1:
    _seq(trick, "trick")
    cdef Py_ssize_t n = len(trick), i = 0
    cdef long v
    if n > cap:
        return n
    for c in trick:
        if type(c) is not int and not _isint(c):
            raise ValueError(f"card id {c!r} is not in this deck")
        try:
            v = c
        except OverflowError:
            v = -1
        if not 0 <= v < 64:
            raise ValueError(f"card id {c!r} is not in this deck")
        out[i] = <uint8_t>v
        i += 1
    return n


def legal_plays(ctx, hand, trick, flags):
    """Mask of the cards of ``hand`` that may be played to ``trick`` (see ``_pure``)."""
    cdef unsigned fl = _flags(flags)
    cdef Context cx = _ctx(ctx)
    cdef uint64_t h = _mask(hand), out = 0
    cdef uint8_t t[4]
    cdef int n = _trick(trick, t, 4), err
    if n > 3:
        raise ValueError(f"a trick in progress holds 0 to 3 cards, not {n}")
    err = ec_legal_plays(&cx.c, h, t, n, fl, &out)
    if err:
        _fail(err, f"legal_plays({hand:#x}, {list(trick)})")
    return out


def trick_winner(ctx, trick):
    """Index in ``trick`` of the card winning it."""
    cdef Context cx = _ctx(ctx)
    cdef uint8_t t[4]
    cdef int n = _trick(trick, t, 4), r
    if not 1 <= n <= 4:
        raise ValueError(f"a trick holds 1 to 4 cards, not {n}")
    r = ec_trick_winner(&cx.c, t, n)
    if r < 0:
        _fail(r, f"trick_winner({list(trick)})")
    return r


cdef class Rng:
    """The core's PRNG (xoshiro256** seeded by splitmix64), as ``_pure.Rng``."""

    cdef ec_rng r

    def __init__(self, seed):
        ec_rng_seed(&self.r, <uint64_t>_check_seed(seed))

    def next_u64(self):
        return ec_rng_next(&self.r)

    def below(self, n):
        if not (_isint(n) and 1 <= n < (1 << 32)):
            raise ValueError(f"below() needs 1 <= n < 2**32, not {n!r}")
        return ec_rng_below(&self.r, <uint32_t>n)


cdef int _rules(object options, ec_rules *r) except -1:
    if options is None:
        options = HandOptions()
    if not isinstance(options, HandOptions):
        raise ValueError(f"options must be HandOptions, not {type(options).__name__}")
    options.check()
    for i in range(8):
        r.order[i] = options.order[i]
    r.elder_min_discard = options.elder_min_discard
    r.dealer_min_discard = options.dealer_min_discard
    r.play_flags = options.play_flags
    r.penalty_to_dealer = options.penalty_to_dealer
    r.penalty_every_refusal = options.penalty_every_refusal
    r.vole_penalty = options.vole_penalty
    r.deal_pattern = options.deal_pattern
    r.king_points = options.king_points
    err = ec_rules_check(r)
    if err:
        _fail(err, "options")
    return 0


cdef size_t _batch_args(object n, object seed, size_t item) except? 0:
    """``n`` as a size_t (at most ``MAX_BATCH``, as in every backend), after checking that
    ``n`` items of ``item`` bytes can be allocated without overflow."""
    cdef object count = _check_n(n)
    _check_seed(seed)
    if item and count > SIZE_MAX // item:
        raise MemoryError(f"{count} results do not fit in memory")
    return <size_t>count


def random_hands(n, seed, options=None):
    """Play ``n`` random hands from ``seed`` (without the GIL); totals and digest."""
    cdef ec_rules r
    cdef ec_totals t
    cdef size_t cn
    cdef uint64_t cs
    cn = _batch_args(n, seed, 0)
    _rules(options, &r)
    cs = seed
    with nogil:
        ec_random_hands(&r, cs, cn, NULL, &t)
    return HandTotals(t.hands, t.points[0], t.points[1], t.tricks[0], t.tricks[1], t.voles,
                      t.exchanges, t.actions, t.digest)


def random_hand_results(n, seed, options=None):
    """Play ``n`` random hands from ``seed`` and return each result."""
    cdef ec_rules r
    cdef size_t cn, i
    cdef uint64_t cs
    cdef ec_hand_result *out
    cn = _batch_args(n, seed, sizeof(ec_hand_result))
    _rules(options, &r)
    cs = seed
    out = <ec_hand_result *>PyMem_Malloc(max(cn, 1) * sizeof(ec_hand_result))
    if out == NULL:
        raise MemoryError()
    try:
        with nogil:
            ec_random_hands(&r, cs, cn, out, NULL)
        return [HandResult(out[i].points[0], out[i].points[1], out[i].tricks[0],
                           out[i].tricks[1], out[i].exchanges, out[i].flags, out[i].actions)
                for i in range(cn)]
    finally:
        PyMem_Free(out)


def random_solves(n, seed, options=None):
    """Deal ``n`` random hands and solve each from the first trick (without the GIL)."""
    cdef ec_rules r
    cdef size_t cn, i
    cdef uint64_t cs, digest = 0
    cdef int8_t *values
    cdef uint8_t *best
    cn = _batch_args(n, seed, 1)
    _rules(options, &r)
    cs = seed
    values = <int8_t *>PyMem_Malloc(max(cn, 1))
    best = <uint8_t *>PyMem_Malloc(max(cn, 1))
    if values == NULL or best == NULL:
        PyMem_Free(values)
        PyMem_Free(best)
        raise MemoryError()
    try:
        with nogil:
            ec_random_solves(&r, cs, cn, values, best, &digest)
        return SolveResults([values[i] for i in range(cn)],
                            [best[i] if best[i] != 255 else -1 for i in range(cn)], digest)
    finally:
        PyMem_Free(values)
        PyMem_Free(best)


cdef int _position(object ctx, object hands, object leader, object trick,
                   ec_position *pos) except -1:
    cdef Context cx = _ctx(ctx)
    _seq(hands, "hands")
    cdef Py_ssize_t np = len(hands), i
    cdef int nt, err
    memset(pos, 0, sizeof(ec_position))
    if not 2 <= np <= 4:
        raise ValueError(f"a position has 2 to 4 hands, not {np}")
    for i in range(np):
        pos.hands[i] = _mask(hands[i])
    if not (_isint(leader) and 0 <= leader < np):
        raise ValueError(f"leader must be a seat 0..{np - 1}, not {leader!r}")
    nt = _trick(trick, pos.trick, 3)
    if nt >= np:
        raise ValueError(f"a trick in progress holds 0 to {np - 1} cards, not {nt}")
    pos.nplayers = <uint8_t>np
    pos.leader = <uint8_t>leader
    pos.ntrick = <uint8_t>nt
    err = ec_position_check(&cx.c, pos)
    if err:
        _fail(err, f"position {[hex(h) for h in hands]}, leader {leader}, trick {list(trick)}")
    return 0


def perft(ctx, hands, leader, trick, flags, depth):
    """Number of distinct play sequences of ``depth`` cards from the position."""
    cdef ec_position pos
    cdef uint64_t count = 0
    cdef int d, err
    cdef unsigned fl = _flags(flags)
    _position(ctx, hands, leader, trick, &pos)
    d = _check_depth(depth)
    cdef Context cx = <Context>ctx
    with nogil:
        err = ec_perft(&cx.c, &pos, fl, d, &count)
    if err:
        _fail(err, "perft")
    return count


def solve(ctx, hands, leader, trick, flags):
    """Double-dummy solve of a two-player position: ``(tricks, card)``."""
    cdef ec_position pos
    cdef uint8_t best = 255
    cdef int v
    cdef unsigned fl = _flags(flags)
    _position(ctx, hands, leader, trick, &pos)
    if pos.nplayers != 2:
        raise ValueError(f"the double-dummy solver takes 2 players, not {pos.nplayers}")
    cdef Context cx = <Context>ctx
    with nogil:
        v = ec_solve(&cx.c, &pos, fl, &best)
    if v < 0:
        _fail(v, "solve")
    return v, (best if best != 255 else -1)


def solve_batch(positions, flags):
    """:func:`solve` for each ``(ctx, hands, leader, trick)``, the loop without the GIL."""
    cdef unsigned fl = _flags(flags)
    _seq(positions, "positions")
    cdef Py_ssize_t n = len(positions), i
    if <size_t>n > SIZE_MAX // sizeof(ec_context):
        raise MemoryError(f"{n} positions do not fit in memory")
    for i in range(n):
        p = positions[i]
        if not (isinstance(p, (list, tuple)) and len(p) == 4):
            raise ValueError(f"position {i}: not a (ctx, hands, leader, trick) list or tuple")
    cdef ec_context *ctxs = <ec_context *>PyMem_Malloc(max(n, 1) * sizeof(ec_context))
    cdef ec_position *pos = <ec_position *>PyMem_Malloc(max(n, 1) * sizeof(ec_position))
    cdef int8_t *values = <int8_t *>PyMem_Malloc(max(n, 1))
    cdef uint8_t *best = <uint8_t *>PyMem_Malloc(max(n, 1))
    try:
        if ctxs == NULL or pos == NULL or values == NULL or best == NULL:
            raise MemoryError()
        for i in range(n):
            ctx, hands, leader, trick = positions[i]
            _position(ctx, hands, leader, trick, &pos[i])
            if pos[i].nplayers != 2:
                raise ValueError(f"position {i}: the double-dummy solver takes 2 players")
            ctxs[i] = (<Context>ctx).c
        with nogil:
            ec_solve_batch(ctxs, 1, pos, n, fl, values, best)
        return [(values[i], best[i] if best[i] != 255 else -1) for i in range(n)]
    finally:
        PyMem_Free(ctxs)
        PyMem_Free(pos)
        PyMem_Free(values)
        PyMem_Free(best)


# ------------------------------------------- play state (2 players, ec_play in the C core)

cdef class PlayState:
    """A two-player hand in the play phase (``ec_play``), as ``_pure.PlayState``."""

    def __cinit__(self):
        # a state made by __new__ alone (no __init__) holds no card and an empty deck, so
        # that every method stays defined on it
        self.ctx = _NO_CONTEXT

    def __init__(self, ctx, hands, leader, flags):
        cdef Context cx = _ctx(ctx)
        cdef uint64_t h0, h1
        cdef int err
        cdef unsigned fl
        _seq(hands, "hands")
        if len(hands) != 2:
            raise ValueError(f"a play state has 2 hands, not {len(hands)}")
        h0 = _mask(hands[0])
        h1 = _mask(hands[1])
        if not (_isint(leader) and 0 <= leader <= 1):
            raise ValueError(f"leader must be a position 0..1, not {leader!r}")
        fl = _flags(flags)
        err = ec_play_init(&cx.c, &self.p, h0, h1, leader, fl)
        if err:
            _fail(err, "play state")
        self.ctx = cx

    def copy(self):
        cdef PlayState new = PlayState.__new__(PlayState)
        new.p = self.p
        new.ctx = self.ctx
        return new

    def __copy__(self):
        return self.copy()

    def legal(self):
        """Mask of the cards the position to move may play."""
        return ec_play_legal(&self.ctx.c, &self.p)

    def apply(self, card):
        """Play ``card`` for the position to move: PLAY_ON, PLAY_TRICK or PLAY_OVER."""
        cdef int c, r
        if type(card) is int and 0 <= card < 64:
            c = card
        elif _isint(card) and 0 <= card < 64:
            c = int(card)
        else:
            raise ValueError(f"play {card!r}: a card id is not in this deck")
        r = ec_play_apply(&self.ctx.c, &self.p, c)
        if r < 0:
            _fail(r, f"play {card}")
        return r

    def try_apply(self, card):
        """-1 (no change) for a card that may not be played (or no card id at all), else
        ``status << 1 | to_move``."""
        cdef int c, r
        if type(card) is int and 0 <= card < 64:
            c = card
        elif _isint(card) and 0 <= card < 64:
            c = int(card)
        else:
            return -1
        r = ec_play_apply(&self.ctx.c, &self.p, c)
        if r < 0:
            return -1
        return r << 1 | self.p.to_move

    def apply_unchecked(self, card):
        """``apply`` without the rules: the card must be legal (search code). Only a card
        not held by the position to move raises ValueError (memory safety)."""
        cdef int c = -1
        if (type(card) is int or _isint(card)) and 0 <= card < 64:
            c = card
        if c < 0 or not (self.p.hands[self.p.to_move] >> c) & 1:
            raise ValueError(f"apply_unchecked({card!r}): not a card of the position to move")
        return ec_play_apply_unchecked(&self.ctx.c, &self.p, c)

    def undo(self):
        """Take back the last card played and return it."""
        cdef int r = ec_play_undo(&self.p)
        if r < 0:
            raise ValueError("undo: no card to take back")
        return r

    @property
    def flags(self):
        return self.p.flags

    @property
    def nplayed(self):
        return self.p.nplayed

    @property
    def to_move(self):
        return self.p.to_move

    @property
    def hands(self):
        return (self.p.hands[0], self.p.hands[1])

    def hand(self, position):
        """The hand of position 0 or 1."""
        if type(position) is int and 0 <= position <= 1:
            return self.p.hands[<int>position]
        return self.p.hands[<int>_check_position_index(position)]

    @property
    def won(self):
        return (self.p.won[0], self.p.won[1])

    @property
    def leader(self):
        return self.p.to_move ^ (self.p.nplayed & 1)

    @property
    def cards(self):
        return tuple(self.p.cards[i] for i in range(self.p.nplayed))

    @property
    def trick(self):
        return tuple(self.p.cards[i] for i in range(self.p.nplayed & ~1, self.p.nplayed))

    @property
    def tricks(self):
        return tuple((self.p.leaders[i], self.p.cards[2 * i], self.p.cards[2 * i + 1])
                     for i in range(self.p.nplayed // 2))

    @property
    def over(self):
        return not (self.p.hands[0] | self.p.hands[1])

    def __eq__(self, other):
        if type(other) is not PlayState:
            return NotImplemented
        cdef PlayState o = <PlayState>other
        cdef int i
        if (self.ctx is not o.ctx or self.p.hands[0] != o.p.hands[0]
                or self.p.hands[1] != o.p.hands[1] or self.p.nplayed != o.p.nplayed
                or self.p.to_move != o.p.to_move or self.p.won[0] != o.p.won[0]
                or self.p.won[1] != o.p.won[1] or self.p.flags != o.p.flags):
            return False
        for i in range(self.p.nplayed):
            if self.p.cards[i] != o.p.cards[i]:
                return False
        for i in range(min(self.p.nplayed // 2 + 1, 5)):
            if self.p.leaders[i] != o.p.leaders[i]:
                return False
        return True

    __hash__ = None

    def __repr__(self):
        return (f"PlayState(hands=({self.p.hands[0]:#x}, {self.p.hands[1]:#x}), "
                f"cards={self.cards}, to_move={self.p.to_move}, won={self.won})")

