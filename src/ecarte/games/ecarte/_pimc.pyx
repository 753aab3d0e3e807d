# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""PIMC for one decision of Écarté (``c/ec_pimc.c``) through Cython: the worlds and the
values of :mod:`ecarte.games.ecarte._pure_pimc`, the same for the same seed, in C without
the GIL."""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

from ecarte._core._cycore cimport TREE_NODES, _Tree, ec_mcts_node, ec_mcts_tree
from ecarte.games.ecarte.machine cimport ec_hand_rules, fill_hand_rules

from ecarte.games.ecarte._pure_pimc import InfeasibleError, Query
from ecarte.games.ecarte._pure_rules import HandRules


cdef extern from "ecarte_pimc.h" nogil:
    int EC_PIMC_MAX_INFER
    int EC_PIMC_MAX_OPTIONS
    int EC_PIMC_EBADQUERY
    int EC_PIMC_EINFEASIBLE

    ctypedef struct ec_pimc_query:
        ec_hand_rules rules
        uint64_t hand
        uint64_t pool
        uint64_t require
        uint64_t forbid
        uint64_t opp_played
        const int32_t *utility
        int32_t score[2]
        int32_t target
        uint8_t trump
        uint8_t me
        uint8_t phase
        uint8_t opp_size
        uint8_t stock_size
        uint8_t ndiscards
        uint8_t last
        uint8_t before_last
        uint8_t exchanges
        uint8_t alone
        uint8_t refusal
        uint8_t leader
        uint8_t ntrick
        uint8_t trick_card
        uint8_t won[2]
        uint8_t opp_king
        uint8_t ninfer
        uint8_t infer[2]
        uint8_t opp_discard

    ctypedef struct ec_pimc_world:
        uint64_t opp
        uint32_t weight
        uint8_t stock[21]

    int ec_pimc_check(const ec_pimc_query *q, int n, int pool_factor)
    int ec_pimc_candidates(const ec_pimc_query *q, int n, int pool_factor)
    int ec_pimc_worlds(const ec_pimc_query *q, uint64_t seed, int n, int pool_factor,
                       ec_pimc_world *buf, uint32_t *picked)
    int ec_pimc_values(const ec_pimc_query *q, const uint64_t *options, int noptions,
                       uint64_t seed, int n, int pool_factor, ec_pimc_world *buf,
                       uint32_t *picked, int64_t *totals)
    int ec_pimc_likely(const ec_hand_rules *rules, uint64_t hand, int trump)
    uint64_t ec_pimc_discard(const ec_hand_rules *rules, uint64_t hand, int trump, int least,
                             int most)


_BYTE_FIELDS = (
    "trump",
    "me",
    "phase",
    "opp_size",
    "stock_size",
    "ndiscards",
    "last",
    "before_last",
    "exchanges",
    "alone",
    "refusal",
    "leader",
)
"""The query's fields stored as the first uint8_t fields of ``ec_pimc_query``, in order."""


cdef inline int _fill_rules(ec_hand_rules *h, object rules) except -1:
    return fill_hand_rules(h, HandRules(*rules).c_bytes())


cdef class _Call:
    """One query in C: the struct, its utility table, the buffers of the worlds."""

    cdef ec_pimc_query q
    cdef int32_t *table
    cdef ec_pimc_world *buf
    cdef uint32_t *picked
    cdef int n

    def __cinit__(self):
        self.table = NULL
        self.buf = NULL
        self.picked = NULL

    def __dealloc__(self):
        PyMem_Free(self.table)
        PyMem_Free(self.buf)
        PyMem_Free(self.picked)

    cdef int setup(self, object q, int n, int pool_factor) except -1:
        cdef ec_pimc_query *c = &self.q
        cdef Py_ssize_t i, size
        cdef bytes raw
        if not isinstance(q, Query):
            raise ValueError(f"not a Query: {type(q).__name__}")
        memset(c, 0, sizeof(ec_pimc_query))
        _fill_rules(&c.rules, q.rules)
        c.hand = q.hand
        c.pool = q.pool
        c.require = q.require
        c.forbid = q.forbid
        c.opp_played = q.opp_played
        if len(q.trick) > 1 or len(q.infer) > EC_PIMC_MAX_INFER:
            raise ValueError(f"query: at most one card in the trick, {EC_PIMC_MAX_INFER} in infer")
        # the struct's uint8_t fields, trump to infer, are contiguous: filled from their bytes
        raw = bytes(
            [getattr(q, name) for name in _BYTE_FIELDS]
            + [len(q.trick), q.trick[0] if q.trick else 0, q.won[0], q.won[1], q.opp_king]
            + [len(q.infer), *q.infer, *[0] * (EC_PIMC_MAX_INFER - len(q.infer))]
        )
        if len(raw) != <char *>&c.infer[EC_PIMC_MAX_INFER] - <char *>&c.trump:
            raise ValueError("the query's byte fields do not match ec_pimc_query")
        memcpy(&c.trump, <const char *>raw, len(raw))
        c.opp_discard = q.opp_discard
        c.score[0] = q.score[0]
        c.score[1] = q.score[1]
        c.target = q.target
        if q.utility is not None:
            if q.target < 1 or q.target > 64 or len(q.utility) != q.target * q.target:
                raise ValueError("query.utility: target * target values")
            size = len(q.utility)
            self.table = <int32_t *>PyMem_Malloc(size * sizeof(int32_t))
            if self.table == NULL:
                raise MemoryError()
            for i in range(size):
                self.table[i] = q.utility[i]
            c.utility = self.table
        _status(ec_pimc_check(c, n, pool_factor))
        self.n = n
        size = ec_pimc_candidates(c, n, pool_factor)
        self.buf = <ec_pimc_world *>PyMem_Malloc(size * sizeof(ec_pimc_world))
        self.picked = <uint32_t *>PyMem_Malloc(n * sizeof(uint32_t))
        if self.buf == NULL or self.picked == NULL:
            raise MemoryError()
        return 0


cdef int _status(int err) except -1:
    if err == EC_PIMC_EINFEASIBLE:
        raise InfeasibleError("no world is consistent with the query")
    if err != 0:
        raise ValueError("bad query: a field, the worlds, the pool factor or an option is out of range")
    return 0


def worlds(q, uint64_t seed, int n, int pool_factor=4):
    """``n`` worlds ``(opponent's hand, stock top first)`` (see ``_pure_pimc.worlds``)."""
    cdef _Call call = _Call()
    cdef int err, j, k, stock
    call.setup(q, n, pool_factor)
    with nogil:
        err = ec_pimc_worlds(&call.q, seed, n, pool_factor, call.buf, call.picked)
    _status(err)
    stock = call.q.stock_size if call.q.phase != 4 else 0
    out = []
    for j in range(n):
        k = call.picked[j]
        out.append((call.buf[k].opp, tuple(call.buf[k].stock[i] for i in range(stock))))
    return out


def values(q, options, uint64_t seed, int n, int pool_factor=4):
    """The sum over ``n`` worlds of each option's utility (see ``_pure_pimc.values``)."""
    cdef _Call call = _Call()
    cdef uint64_t opts[32]
    cdef int64_t totals[32]
    cdef int err, k, noptions = len(options)
    if noptions < 1 or noptions > EC_PIMC_MAX_OPTIONS:
        raise ValueError(f"options: 1 to {EC_PIMC_MAX_OPTIONS}, not {noptions}")
    for k in range(noptions):
        opts[k] = options[k]
    call.setup(q, n, pool_factor)
    with nogil:
        err = ec_pimc_values(&call.q, opts, noptions, seed, n, pool_factor, call.buf,
                             call.picked, totals)
    _status(err)
    return [totals[k] for k in range(noptions)]


def likely(rules, uint64_t hand, int trump):
    """The model's twentieths of a likely trick (see ``_pure_pimc.likely``)."""
    cdef ec_hand_rules r
    _fill_rules(&r, rules)
    return ec_pimc_likely(&r, hand, trump)


def model_discard(rules, uint64_t hand, int trump, int least, int most):
    """The model's discard (see ``_pure_pimc.model_discard``)."""
    cdef ec_hand_rules r
    _fill_rules(&r, rules)
    return ec_pimc_discard(&r, hand, trump, least, most)


cdef extern from "ecarte_ismcts.h" nogil:
    ctypedef struct ec_ismcts_tree:
        ec_mcts_tree mcts

    int ec_ismcts_init(ec_ismcts_tree *t, const ec_pimc_query *q, const uint64_t *options,
                       int noptions, uint64_t seed, int nworlds, int pool_factor, double c,
                       ec_pimc_world *buf, uint32_t *picked, ec_mcts_node *nodes,
                       int capacity)
    int ec_ismcts_run(ec_ismcts_tree *t, int n)
    void ec_ismcts_root(const ec_ismcts_tree *t, uint32_t *visits, int64_t *totals)


cdef class Search(_Tree):
    """One decision's IS-MCTS tree in C (``c/ec_ismcts.c``; see ``_pure_ismcts.Search``,
    the same tree for the same seed). The nodes grow as iterations are added."""

    cdef _Call call
    cdef ec_ismcts_tree tree
    cdef readonly tuple options

    def __cinit__(self):
        self._fields(&self.tree.mcts)

    def __init__(self, q, options, uint64_t seed, int nworlds, int pool_factor=4,
                 double c=0.7):
        cdef uint64_t opts[32]
        cdef int k, err, noptions = len(options)
        if noptions < 1 or noptions > EC_PIMC_MAX_OPTIONS:
            raise ValueError(f"options: 1 to {EC_PIMC_MAX_OPTIONS}, not {noptions}")
        if not 0 < c < 1e9:
            raise ValueError(f"c must be positive, not {c!r}")
        for k in range(noptions):
            opts[k] = options[k]
        self.options = tuple(options)
        self.call = _Call()
        self.call.setup(q, nworlds, pool_factor)
        with nogil:
            err = ec_ismcts_init(&self.tree, &self.call.q, opts, noptions, seed, nworlds,
                                 pool_factor, c, self.call.buf, self.call.picked, self.nodes,
                                 TREE_NODES)
        _status(err)

    cdef int _run(self, int n) noexcept nogil:
        return ec_ismcts_run(&self.tree, n)

    def determinizations(self):
        """The worlds the iterations play in, in turn: ``(opponent's hand, stock)``."""
        cdef int j, k, i, stock = self.call.q.stock_size if self.call.q.phase != 4 else 0
        out = []
        for j in range(self.call.n):
            k = self.call.picked[j]
            out.append((self.call.buf[k].opp, tuple(self.call.buf[k].stock[i] for i in range(stock))))
        return out

    def root(self):
        """Each option's visits and its sum of utilities for the deciding seat."""
        cdef uint32_t visits[32]
        cdef int64_t totals[32]
        cdef int k, n = len(self.options)
        ec_ismcts_root(&self.tree, visits, totals)
        return [visits[k] for k in range(n)], [totals[k] for k in range(n)]
