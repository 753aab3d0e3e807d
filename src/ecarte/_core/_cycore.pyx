# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The C core through Cython: the default backend on CPython.

Same functions, same results as ``_pure`` (the oracle); every bad input raises
``ValueError`` before it reaches C. Arguments are turned into plain values first
(``operator.index`` for numbers, plain tuples for sequences, the shared rules of
``_pure``), so no method of a caller's object runs once the checks have begun and
nothing read afterwards can change. Batch functions work in chunks: each chunk runs
without the GIL, and signals (Ctrl-C) are checked between chunks.
"""

from cpython.exc cimport PyErr_CheckSignals
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.string cimport memset

from ecarte._core.core cimport *

from ecarte._core import _api
from ecarte._core._api import (
    MUST_OVERTAKE,
    MUST_OVERTRUMP,
    MUST_TRUMP,
    NO_TRUMP,
    PLAY_ON,
    PLAY_OVER,
    PLAY_TRICK,
    _play_repr,
)
from ecarte._errors import UninitialisedError
from ecarte._core._args import (
    _batch_positions,
    _check_below,
    _check_cards,
    _check_depth,
    _check_int,
    _check_flags,
    _check_mask,
    _check_n,
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
    _solve_n_args,
    _show,
    _trick_content,
)

__all__ = [*_api.__all__, "Context", *_api.IMPLEMENTED]

# Chunks of the batch functions: each runs without the GIL in a few milliseconds, and
# Ctrl-C is checked between them (the results do not depend on these sizes).
cdef enum:
    POSITIONS_CHUNK = 64
# perft calls the C core in one piece when the product of the hand sizes over its plies
# (a bound on the sequences) is at most this; above it, it splits on the first card.
cdef double PERFT_LEAF = 4194304.0

cdef object _M64 = (1 << 64) - 1


cdef int _fail(int code, str what) except -1:
    raise ValueError(f"{what}: {ec_strerror(code).decode()}")


cdef inline unsigned _flags(object flags) except? 0xFFFFFFFF:
    """The play flags as a C value; the shared check (and message) off the fast path."""
    if type(flags) is int and 0 <= flags <= 7:
        return <unsigned>flags
    return <unsigned>_check_flags(flags)


cdef inline uint64_t _mask(object m, str what) except? 0:
    """A 64-bit mask; the shared check off the fast path (an exact int in range)."""
    if type(m) is int and 0 <= m <= _M64:
        return <uint64_t>m
    return <uint64_t>_check_mask(m, what)


cdef inline tuple _plain(object x):
    """A list or a tuple as a tuple (a list copied first, so later changes to it cannot reach
    the C arrays); None for anything else."""
    if type(x) is tuple:
        return <tuple>x
    if type(x) is list:
        return tuple(x)
    return None


cdef inline bint _card_ids(tuple t):
    """Whether every item of ``t`` is an exact int 0..63."""
    for c in t:
        if type(c) is not int or not 0 <= c < 64:
            return False
    return True


cdef tuple _cards(object trick, Py_ssize_t lo, Py_ssize_t hi, str what):
    """The cards of a trick as a tuple of plain ints 0..63 (``_pure._check_cards``)."""
    cdef tuple t = _plain(trick)
    if t is None:
        return _check_cards(trick, lo, hi, what)
    if not lo <= len(t) <= hi or not _card_ids(t):
        return _check_cards(t, lo, hi, what)
    return t


cdef inline int _fill(tuple t, uint8_t *out) except -1:
    cdef Py_ssize_t i
    for i in range(len(t)):
        out[i] = <uint8_t>(<long>t[i])
    return 0


cdef inline int _ready(Context ctx) except -1:
    """Refuse a context made by ``__new__`` alone: its tables are all zero, where one that
    was built (even with no card) says ``-1`` for each card not in the deck."""
    if ctx.c.deck == 0 and ctx.c.suit_of[0] == 0:
        raise UninitialisedError(
            f"this {type(ctx).__name__} was never initialised (made by __new__ alone)")
    return 0


cdef class Context:
    """Per-hand tables (an ``ec_context``); attributes as ``_pure.TrickContext``."""

    def __init__(self):
        # an empty deck until make_context fills it (Context() alone stays well defined)
        cdef int8_t s[64]
        cdef uint8_t p[64]
        memset(s, 0xFF, sizeof(s))
        memset(p, 0, sizeof(p))
        ec_context_init(&self.c, s, p, -1)

    @property
    def suit_of(self):
        _ready(self)
        return tuple(self.c.suit_of[i] for i in range(64))

    @property
    def power(self):
        _ready(self)
        return tuple(self.c.power[i] for i in range(64))

    @property
    def trump(self):
        _ready(self)
        return self.c.trump

    @property
    def suit_mask(self):
        _ready(self)
        return tuple(self.c.suit_mask[i] for i in range(4))

    @property
    def above(self):
        _ready(self)
        return tuple(self.c.above[i] for i in range(64))

    @property
    def deck(self):
        _ready(self)
        return self.c.deck

    @property
    def distinct(self):
        _ready(self)
        return bool(self.c.distinct)


cdef Context _NO_CONTEXT = Context.__new__(Context)  # the context of a state never built


def make_context(suit_of, power, trump):
    """Build the tables for one hand; ``suit_of[c] == -1`` marks a card not in the deck."""
    cdef Context ctx = Context.__new__(Context)
    cdef int8_t s[64]
    cdef uint8_t p[64]
    cdef int i, err
    cdef tuple suits, powers
    suits, powers, t = _context_args(suit_of, power, trump)  # plain ints, checked
    for i in range(64):
        s[i] = <int8_t>(<long>suits[i])
        p[i] = <uint8_t>(<long>powers[i])
    err = ec_context_init(&ctx.c, s, p, <int>t)
    if err:
        _fail(err, "make_context")
    return ctx


cdef inline Context _ctx(object ctx, str where=""):
    if type(ctx) is not Context:
        raise ValueError(f"{where}not a context of the cython backend: {type(ctx).__name__}")
    _ready(<Context>ctx)
    return <Context>ctx


def legal_plays(ctx, hand, trick, flags):
    """Mask of the cards of ``hand`` that may be played to ``trick`` (see ``_pure``)."""
    cdef Context cx = _ctx(ctx)
    cdef uint64_t h = _mask(hand, "hand mask"), out = 0
    cdef tuple t = _cards(trick, 0, 3, "a trick in progress holds 0 to 3 cards, not {}")
    cdef unsigned fl = _flags(flags)
    cdef uint8_t tc[4]
    cdef int err
    _fill(t, tc)
    err = ec_legal_plays(&cx.c, h, tc, <int>len(t), fl, &out)
    if err:
        _legal_content(cx.c.deck, h, t)
        _fail(err, f"legal_plays({h:#x}, {list(t)})")
    return out


def trick_winner(ctx, trick):
    """Index in ``trick`` of the card winning it."""
    cdef Context cx = _ctx(ctx)
    cdef tuple t = _cards(trick, 1, 4, "a trick holds 1 to 4 cards, not {}")
    cdef uint8_t tc[4]
    cdef int r
    _fill(t, tc)
    r = ec_trick_winner(&cx.c, tc, <int>len(t))
    if r < 0:
        _trick_content(cx.c.deck, t)
        _fail(r, f"trick_winner({list(t)})")
    return r


cdef class Rng:
    """The core's PRNG (xoshiro256** seeded by splitmix64), as ``_pure.Rng``."""

    cdef ec_rng r

    def __init__(self, seed):
        ec_rng_seed(&self.r, <uint64_t>_check_seed(seed))

    cdef inline int _ready(self) except -1:
        # seeding never leaves the four words all zero: that is one made by __new__ alone
        if not (self.r.s[0] | self.r.s[1] | self.r.s[2] | self.r.s[3]):
            raise UninitialisedError("this Rng was never initialised (made by __new__ alone)")
        return 0

    def next_u64(self):
        self._ready()
        return ec_rng_next(&self.r)

    def below(self, n):
        self._ready()
        if type(n) is int and 1 <= n <= 0xFFFFFFFF:
            return ec_rng_below(&self.r, <uint32_t>n)
        return ec_rng_below(&self.r, <uint32_t>_check_below(n))


cdef int _fill_position(tuple hands, long leader, tuple trick, ec_position *pos) except -1:
    cdef Py_ssize_t i
    memset(pos, 0, sizeof(ec_position))
    for i in range(len(hands)):
        pos.hands[i] = <uint64_t>hands[i]
    pos.nplayers = <uint8_t>len(hands)
    pos.leader = <uint8_t>leader
    pos.ntrick = <uint8_t>len(trick)
    _fill(trick, pos.trick)
    return 0


cdef tuple _position(object hands, object leader, object trick):
    """``(hands, leader, trick)`` as plain values (``_pure._position_args``), with a fast
    path for exact ints in lists or tuples (copied first)."""
    cdef tuple hs = _plain(hands), t
    cdef Py_ssize_t np
    if hs is None:
        return _position_args(hands, leader, trick)
    t = _plain(trick)
    if t is None:
        return _position_args(hs, leader, trick)
    np = len(hs)
    if 2 <= np <= 4 and type(leader) is int and 0 <= leader < np and len(t) < np:
        for h in hs:
            if type(h) is not int or not 0 <= h <= _M64:
                return _position_args(hs, leader, t)
        if _card_ids(t):
            return hs, leader, t
    return _position_args(hs, leader, t)


cdef int _check_content(Context cx, tuple hands, long leader, tuple trick, ec_position *pos,
                        str where) except -1:
    cdef int err = ec_position_check(&cx.c, pos)
    if err:
        _position_content(cx.c.deck, hands, leader, trick, where)
        _fail(err, f"{where}position")
    return 0


cdef double _perft_bound(const ec_position *pos, int depth) noexcept nogil:
    """The product of the movers' hand sizes over ``depth`` plies: a bound on the number
    of sequences (after a trick every hand has the same size, whoever leads)."""
    cdef int sizes[4]
    cdef int np = pos.nplayers, mover = (pos.leader + pos.ntrick) % pos.nplayers, i
    cdef double b = 1.0
    cdef uint64_t m
    for i in range(np):
        m = pos.hands[i]
        sizes[i] = 0
        while m:
            m &= m - 1
            sizes[i] += 1
    for i in range(depth):
        if sizes[mover] == 0:
            break
        b *= sizes[mover]
        sizes[mover] -= 1
        mover = (mover + 1) % np
    return b


cdef uint64_t _perft(const ec_context *ctx, const ec_position *pos, unsigned flags,
                     int depth) except? 0xFFFFFFFFFFFFFFFF:
    """``ec_perft`` on a checked position, split on the first card while the bound is large:
    each piece runs without the GIL and signals are checked between pieces. The sum is the
    C recursion's (uint64 arithmetic)."""
    cdef uint64_t count = 0, total = 0, legal, h
    cdef ec_position child
    cdef uint8_t full[4]
    cdef int mover, c, w, np = pos.nplayers
    if depth <= 1 or _perft_bound(pos, depth) <= PERFT_LEAF:
        with nogil:
            ec_perft(ctx, pos, flags, depth, &count)
        PyErr_CheckSignals()
        return count
    mover = (pos.leader + pos.ntrick) % np
    h = pos.hands[mover]
    legal = ec_legal_plays_unchecked(ctx, h, pos.trick, pos.ntrick, flags)
    while legal:
        c = 0
        while not (legal >> c) & 1:
            c += 1
        legal &= legal - 1
        child = pos[0]
        child.hands[mover] = h & ~((<uint64_t>1) << c)
        if pos.ntrick + 1 == np:
            for w in range(pos.ntrick):
                full[w] = pos.trick[w]
            full[pos.ntrick] = <uint8_t>c
            w = ec_trick_winner_unchecked(ctx, full, np)
            child.leader = <uint8_t>((pos.leader + w) % np)
            child.ntrick = 0
        else:
            child.trick[pos.ntrick] = <uint8_t>c
            child.ntrick = pos.ntrick + 1
        total += _perft(ctx, &child, flags, depth - 1)
    return total


def perft(ctx, hands, leader, trick, flags, depth):
    """Number of distinct play sequences of ``depth`` cards from the position (split into
    pieces run without the GIL; Ctrl-C is checked between them)."""
    cdef Context cx = _ctx(ctx)
    cdef ec_position pos
    hs, lead, t = _position(hands, leader, trick)
    cdef unsigned fl = _flags(flags)
    cdef int d = _check_depth(depth)
    _fill_position(hs, lead, t, &pos)
    _check_content(cx, hs, lead, t, &pos, "")
    return _perft(&cx.c, &pos, fl, d)


def solve(ctx, hands, leader, trick, flags):
    """Double-dummy solve of a two-player position: ``(tricks, card)``."""
    cdef Context cx = _ctx(ctx)
    cdef ec_position pos
    cdef uint8_t best = 255
    cdef int v
    hs, lead, t = _position(hands, leader, trick)
    if len(hs) != 2:
        raise ValueError(f"the double-dummy solver takes 2 players, not {len(hs)}")
    cdef unsigned fl = _flags(flags)
    _fill_position(hs, lead, t, &pos)
    _check_content(cx, hs, lead, t, &pos, "")
    with nogil:
        v = ec_solve(&cx.c, &pos, fl, &best)
    if v < 0:
        _fail(v, "solve")
    return v, (best if best != 255 else -1)


def solve_batch(positions, flags):
    """:func:`solve` for each ``(ctx, hands, leader, trick)``: every position is copied and
    checked first, then solved in chunks without the GIL (Ctrl-C checked between them)."""
    cdef tuple ps = _batch_positions(positions)
    cdef unsigned fl = _flags(flags)
    cdef Py_ssize_t n = len(ps), i, j, k
    cdef ec_position one
    cdef ec_context *ctxs
    cdef ec_position pos[POSITIONS_CHUNK]
    cdef int8_t values[POSITIONS_CHUNK]
    cdef uint8_t best[POSITIONS_CHUNK]
    cdef list out = []
    cdef Context cx
    for i in range(n):
        where = f"position {i}: "
        ctx, hs, lead, t = ps[i]
        cx = _ctx(ctx, where)
        _fill_position(hs, lead, t, &one)
        _check_content(cx, hs, lead, t, &one, where)
    ctxs = <ec_context *>PyMem_Malloc(POSITIONS_CHUNK * sizeof(ec_context))  # one chunk
    if ctxs == NULL:
        raise MemoryError()
    try:
        i = 0
        while i < n:
            k = min(n - i, POSITIONS_CHUNK)
            for j in range(k):
                ctx, hs, lead, t = ps[i + j]
                ctxs[j] = (<Context>ctx).c
                _fill_position(hs, lead, t, &pos[j])
            with nogil:
                ec_solve_batch(ctxs, 1, pos, <size_t>k, fl, values, best)
            for j in range(k):
                out.append((values[j], best[j] if best[j] != 255 else -1))
            i += k
            PyErr_CheckSignals()
    finally:
        PyMem_Free(ctxs)
    return out


# ------------------------------------------------------------------------- play states

cdef inline int _need(_PlayBase state) except -1:
    """Refuse a state made by ``__new__`` alone (its context is the one of no state)."""
    if state.ctx is _NO_CONTEXT:
        raise UninitialisedError(
            f"this {type(state).__name__} was never initialised (made by __new__ alone)")
    return 0


cdef class _PlayBase:
    """What the two play states share: the checks and messages of a play, and undo. Each
    subclass binds the C functions of its struct (``ec_play``, ``ec_playn``) in the cdef
    methods below, called in C (no Python call)."""

    def __cinit__(self):
        # a state made by __new__ alone (no __init__) holds no card and no context: every
        # method refuses it (UninitialisedError)
        self.ctx = _NO_CONTEXT

    cdef uint64_t _legal(self) noexcept:
        return 0

    cdef int _apply(self, int card) noexcept:
        return EC_EILLEGAL

    cdef int _apply_unchecked(self, int card) noexcept:
        return EC_EILLEGAL

    cdef int _undo(self) noexcept:
        return -1

    cdef bint _holds(self, int card) noexcept:
        """Whether the position to move holds ``card`` (0..63)."""
        return False

    cdef int _with_turn(self, int status) noexcept:
        """``try_apply``'s result: ``status`` and the position to move next."""
        return status

    def __copy__(self):
        return self.copy()

    def legal(self):
        """Mask of the cards the position to move may play."""
        _need(self)
        return self._legal()

    def apply(self, card):
        """Play ``card`` for the position to move: PLAY_ON, PLAY_TRICK or PLAY_OVER."""
        _need(self)
        cdef int c, r
        v = card if type(card) is int else _index(card)  # one conversion, a plain int
        if v is None or not 0 <= v < 64:
            raise ValueError(f"play {_show(card, v)}: a card id is not in this deck")
        c = <int>v
        r = self._apply(c)
        if r == EC_EBADCARD:
            raise ValueError(f"play {c}: a card id is not in this deck")
        if r == EC_EILLEGAL:
            raise ValueError(f"play {c}: the card is not a legal play now")
        if r < 0:
            _fail(r, f"play {c}")
        return r

    def try_apply(self, card):
        """-1 (no change) for a card that may not be played (or no card id at all), else
        ``status << 1 | to_move`` (``status << 2 | to_move`` for ``PlayStateN``)."""
        _need(self)
        cdef int c, r
        v = card if type(card) is int else _index(card)
        if v is None or not 0 <= v < 64:
            return -1
        c = <int>v
        r = self._apply(c)
        if r < 0:
            return -1
        return self._with_turn(r)

    def apply_unchecked(self, card):
        """``apply`` without the rules: the card must be legal (search code). Only a card
        not held by the position to move raises ValueError (memory safety)."""
        _need(self)
        v = card if type(card) is int else _index(card)
        if v is None or not 0 <= v < 64 or not self._holds(<int>v):
            raise ValueError(
                f"apply_unchecked({_show(card, v)}): not a card of the position to move")
        return self._apply_unchecked(<int>v)

    def undo(self):
        """Take back the last card played and return it."""
        _need(self)
        cdef int r = self._undo()
        if r < 0:
            raise ValueError("undo: no card to take back")
        return r

    __hash__ = None


cdef class PlayState(_PlayBase):
    """A two-player hand in the play phase (``ec_play``), as ``_pure.PlayState``."""

    def __init__(self, ctx, hands, leader, flags):
        cdef Context cx = _ctx(ctx)
        cdef int err
        h0, h1, lead, fl = _play_args(hands, leader, flags)  # plain ints, checked
        err = ec_play_init(&cx.c, &self.p, <uint64_t>h0, <uint64_t>h1, <int>lead, <unsigned>fl)
        if err:
            _play_content(cx.c.deck, h0, h1)
            _fail(err, "play state")
        self.ctx = cx

    def copy(self):
        _need(self)
        cdef PlayState new = PlayState.__new__(PlayState)
        new.p = self.p
        new.ctx = self.ctx
        return new

    cdef uint64_t _legal(self) noexcept:
        return ec_play_legal(&self.ctx.c, &self.p)

    cdef int _apply(self, int card) noexcept:
        return ec_play_apply(&self.ctx.c, &self.p, card)

    cdef int _apply_unchecked(self, int card) noexcept:
        return ec_play_apply_unchecked(&self.ctx.c, &self.p, card)

    cdef int _undo(self) noexcept:
        return ec_play_undo(&self.p)

    cdef bint _holds(self, int card) noexcept:
        return (self.p.hands[self.p.to_move] >> card) & 1

    cdef int _with_turn(self, int status) noexcept:
        return status << 1 | self.p.to_move

    @property
    def flags(self):
        _need(self)
        return self.p.flags

    @property
    def nplayed(self):
        _need(self)
        return self.p.nplayed

    @property
    def to_move(self):
        _need(self)
        return self.p.to_move

    @property
    def hands(self):
        _need(self)
        return (self.p.hands[0], self.p.hands[1])

    def hand(self, position):
        """The hand of position 0 or 1."""
        _need(self)
        cdef int i = <int>(position if type(position) is int and 0 <= position <= 1
                           else _check_position_index(position))
        return self.p.hands[i]

    @property
    def won(self):
        _need(self)
        return (self.p.won[0], self.p.won[1])

    @property
    def leader(self):
        _need(self)
        return self.p.to_move ^ (self.p.nplayed & 1)

    @property
    def cards(self):
        _need(self)
        return tuple(self.p.cards[i] for i in range(self.p.nplayed))

    @property
    def trick(self):
        _need(self)
        return tuple(self.p.cards[i] for i in range(self.p.nplayed & ~1, self.p.nplayed))

    @property
    def tricks(self):
        _need(self)
        return tuple((self.p.leaders[i], self.p.cards[2 * i], self.p.cards[2 * i + 1])
                     for i in range(self.p.nplayed // 2))

    @property
    def over(self):
        _need(self)
        return not (self.p.hands[0] | self.p.hands[1])

    def __eq__(self, other):
        _need(self)
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

    def __repr__(self):
        _need(self)
        return _play_repr("PlayState", self.hands, self.cards, self.p.to_move, self.won)


# ------------------------------------ N positions (ec_playn, ec_solve_n in the C core)

cdef class PlayStateN(_PlayBase):
    """A hand in the play phase for 2 to 4 positions (``ec_playn``), as
    ``_pure.PlayStateN``."""

    def __cinit__(self):
        # made by __new__ alone: two active positions holding no card
        cdef uint64_t none[2]
        none[0] = none[1] = 0
        ec_playn_init(&_NO_CONTEXT.c, &self.p, 2, none, 0, 0, 0)

    def __init__(self, ctx, hands, leader, flags, active=None):
        cdef Context cx = _ctx(ctx)
        cdef uint64_t hs_c[4]
        cdef int err, i
        hs, lead, fl, act = _playn_args(hands, leader, flags, active)  # plain ints, checked
        for i in range(len(hs)):
            hs_c[i] = <uint64_t>hs[i]
        err = ec_playn_init(&cx.c, &self.p, <int>len(hs), hs_c, <unsigned>act, <int>lead,
                            <unsigned>fl)
        if err:
            _playn_content(cx.c.deck, hs, act)
            _fail(err, "play state")
        self.ctx = cx

    def copy(self):
        _need(self)
        cdef PlayStateN new = PlayStateN.__new__(PlayStateN)
        new.p = self.p
        new.ctx = self.ctx
        return new

    cdef uint64_t _legal(self) noexcept:
        return ec_playn_legal(&self.ctx.c, &self.p)

    cdef int _apply(self, int card) noexcept:
        return ec_playn_apply(&self.ctx.c, &self.p, card)

    cdef int _apply_unchecked(self, int card) noexcept:
        return ec_playn_apply_unchecked(&self.ctx.c, &self.p, card)

    cdef int _undo(self) noexcept:
        return ec_playn_undo(&self.p)

    cdef bint _holds(self, int card) noexcept:
        return (self.p.hands[self.p.to_move] >> card) & 1

    cdef int _with_turn(self, int status) noexcept:
        return status << 2 | self.p.to_move

    @property
    def flags(self):
        _need(self)
        return self.p.flags

    @property
    def nplayers(self):
        _need(self)
        return self.p.nplayers

    @property
    def active(self):
        _need(self)
        return self.p.active

    @property
    def nactive(self):
        _need(self)
        return self.p.nactive

    @property
    def nplayed(self):
        _need(self)
        return self.p.nplayed

    @property
    def to_move(self):
        _need(self)
        return self.p.to_move

    @property
    def hands(self):
        _need(self)
        return tuple(self.p.hands[i] for i in range(self.p.nplayers))

    def hand(self, position):
        """The hand of a position 0..nplayers-1."""
        _need(self)
        cdef int np = self.p.nplayers
        cdef int i = <int>(position if type(position) is int and 0 <= position < np
                           else _check_int(position, 0, np - 1,
                                           f"position must be 0..{np - 1}, not {{}}"))
        return self.p.hands[i]

    @property
    def won(self):
        _need(self)
        return tuple(self.p.won[i] for i in range(self.p.nplayers))

    @property
    def leader(self):
        _need(self)
        cdef ec_position pos
        ec_playn_position(&self.p, &pos)
        return pos.leader

    @property
    def cards(self):
        _need(self)
        return tuple(self.p.cards[i] for i in range(self.p.nplayed))

    @property
    def trick(self):
        _need(self)
        cdef int n = self.p.nplayed
        return tuple(self.p.cards[i] for i in range(n - n % self.p.nactive, n))

    @property
    def tricks(self):
        _need(self)
        cdef int na = self.p.nactive
        return tuple((self.p.leaders[i], *[self.p.cards[na * i + j] for j in range(na)])
                     for i in range(self.p.nplayed // na))

    @property
    def over(self):
        _need(self)
        cdef int i
        for i in range(self.p.nplayers):
            if (self.p.active >> i) & 1 and self.p.hands[i]:
                return False
        return True

    def position(self):
        """``(hands, leader, trick)``, for :func:`solve_n` with ``active=self.active``."""
        _need(self)
        return self.hands, self.leader, self.trick

    def __eq__(self, other):
        _need(self)
        if type(other) is not PlayStateN:
            return NotImplemented
        cdef PlayStateN o = <PlayStateN>other
        cdef int i
        if (self.ctx is not o.ctx or self.p.nplayers != o.p.nplayers
                or self.p.active != o.p.active or self.p.nplayed != o.p.nplayed
                or self.p.to_move != o.p.to_move or self.p.flags != o.p.flags):
            return False
        for i in range(self.p.nplayers):
            if self.p.hands[i] != o.p.hands[i] or self.p.won[i] != o.p.won[i]:
                return False
        for i in range(self.p.nplayed):
            if self.p.cards[i] != o.p.cards[i]:
                return False
        for i in range(min(self.p.nplayed // self.p.nactive + 1, 8)):
            if self.p.leaders[i] != o.p.leaders[i]:
                return False
        return True

    def __repr__(self):
        _need(self)
        return _play_repr("PlayStateN", self.hands, self.cards, self.p.to_move, self.won,
                          self.active)


def solve_n(ctx, hands, leader, trick, flags, teams, active=None):
    """Double-dummy solve of 2 to 4 hands with partnerships: ``(tricks, card)`` (one C call
    without the GIL)."""
    cdef Context cx = _ctx(ctx)
    cdef ec_position pos
    cdef uint8_t best = 255
    cdef uint8_t tc[4]
    cdef unsigned act_c
    cdef unsigned fl_c
    cdef int v, err, i
    hs, lead, t, fl, tm, act = _solve_n_args(hands, leader, trick, flags, teams, active)
    _fill_position(hs, lead, t, &pos)
    act_c = <unsigned>act
    fl_c = <unsigned>fl
    for i in range(len(tm)):
        tc[i] = <uint8_t>tm[i]
    err = ec_position_check_n(&cx.c, &pos, act_c)
    if err:
        _position_n_content(cx.c.deck, hs, lead, t, act)
        _fail(err, "position")
    with nogil:
        v = ec_solve_n(&cx.c, &pos, act_c, fl_c, tc, &best)
    if v < 0:
        _fail(v, "solve_n")
    return v, (best if best != 255 else -1)


