# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The C core through Cython: the default backend on CPython.

Same functions, same results as ``_pure`` (the oracle); every bad input raises
``ValueError`` before it reaches C. Arguments are turned into plain values first
(``operator.index`` for numbers, plain tuples for sequences, the shared rules of
``_pure``), so no method of a caller's object runs once the checks have begun and
nothing read afterwards can change. Batch functions work in chunks: each chunk runs
without the GIL, and signals (Ctrl-C) are checked between chunks. Positions and their
solvers are in ``_positions.pxi``, the play states in ``_play_states.pxi`` and the tree the
games' IS-MCTS searches share in ``_mcts_tree.pxi``, the base of the games' RL batches in
``_rl_batch.pxi`` (included at the end).
"""

from cpython.exc cimport PyErr_CheckSignals
from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from libc.string cimport memcpy, memset

from ecarte._core.core cimport *
from ecarte._core.rl cimport (
    batch_free, batch_index, batch_init, check_actions, check_step, outputs_of,
)

from ecarte._core import _api
from ecarte._core._api import (
    MUST_OVERTAKE,
    MUST_OVERTRUMP,
    MUST_TRUMP,
    NO_TRUMP,
    PLAY_ON,
    PLAY_OVER,
    PLAY_TRICK,
    _play_reduce,
    _play_repr,
    _play_restore,
)
from ecarte._errors import IllegalActionError, uninitialised
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
    _rng_state,
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
        raise uninitialised(ctx)
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

    def __copy__(self):
        """A context is read-only: its copies (``copy``, ``deepcopy``) are itself."""
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        """Pickled by its tables, made again (and checked) by make_context."""
        return (make_context, (self.suit_of, self.power, self.trump))

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
            raise uninitialised(self)
        return 0

    def __copy__(self):
        """An independent generator at the same point of the stream (as deepcopy and
        pickle give, on every backend)."""
        self._ready()
        cdef Rng twin = Rng.__new__(Rng)
        twin.r = self.r
        return twin

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __reduce__(self):
        self._ready()
        return (_rng_at, ((self.r.s[0], self.r.s[1], self.r.s[2], self.r.s[3], self.r.frac,
                           self.r.bound),))

    def next_u64(self):
        self._ready()
        return ec_rng_next(&self.r)

    def below(self, n):
        self._ready()
        if type(n) is int and 1 <= n <= 0xFFFFFFFF:
            return ec_rng_below(&self.r, <uint32_t>n)
        return ec_rng_below(&self.r, <uint32_t>_check_below(n))


def _play_state_at(*args):
    """A pickled play state made again (``_api._play_restore``)."""
    import sys

    return _play_restore(sys.modules[__name__], *args)


def _rng_at(state):
    """The generator in ``state`` (``Rng.__reduce__``), checked."""
    cdef Rng rng = Rng.__new__(Rng)
    s0, s1, s2, s3, frac, bound = _rng_state(state)
    rng.r.s[0], rng.r.s[1], rng.r.s[2], rng.r.s[3] = s0, s1, s2, s3
    rng.r.frac = frac
    rng.r.bound = bound
    return rng


include "_positions.pxi"
include "_play_states.pxi"
include "_mcts_tree.pxi"
include "_rl_batch.pxi"
