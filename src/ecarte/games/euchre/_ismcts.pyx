# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""One decision's IS-MCTS search for Euchre in C (``c/ec_eu_ismcts.c``); the pure twin is
``_pure_ismcts.Search``, with the same tree for the same worlds and seed."""

from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from libc.stdint cimport int32_t, int64_t, uint32_t, uint64_t

from ecarte._core.core cimport ec_rng
from ecarte.games.euchre.machine cimport (
    ec_eu_apply,
    ec_eu_config,
    ec_eu_game,
    ec_eu_init,
    ec_eu_tables,
    ec_eu_tables_init,
)


cdef extern from "euchre_ismcts.h":
    ctypedef struct ec_mcts_node:
        pass
    ctypedef struct ec_eu_ismcts:
        int64_t iterations
        int32_t capacity
        int32_t count
        ec_mcts_node *nodes
    int EC_EU_ISMCTS_EROOM
    int EC_EU_ISMCTS_EWORLDS
    int ec_eu_ismcts_init(ec_eu_ismcts *s, const ec_eu_tables *t, const ec_eu_game *worlds,
                          int nworlds, uint64_t seed, double c, int solve, ec_mcts_node *nodes,
                          int capacity) nogil
    int ec_eu_ismcts_run(ec_eu_ismcts *s, int n) nogil
    void ec_eu_ismcts_root(const ec_eu_ismcts *s, int id, uint32_t *visits, int64_t *total)


cdef class Search:
    """The search of one decision: the worlds are ``scripts``, each the ids of the deal
    from its dealing on (``dealer`` first dealing; ``deck`` and ``flags`` the rules')."""

    cdef ec_eu_tables t
    cdef ec_eu_game *worlds
    cdef ec_mcts_node *nodes
    cdef ec_eu_ismcts s

    def __cinit__(self):
        self.worlds = NULL
        self.nodes = NULL

    def __dealloc__(self):
        PyMem_Free(self.worlds)
        PyMem_Free(self.nodes)

    def __init__(self, int deck, int flags, int dealer, scripts, uint64_t seed,
                 double c=0.7, int solve=2):
        cdef ec_eu_config cfg
        cdef int k, err, n = len(scripts)
        if n < 1:
            raise ValueError("at least one world")
        if not 0 < c < 1e9:
            raise ValueError(f"c must be positive, not {c!r}")
        if not 0 <= solve <= 8:
            raise ValueError(f"solve must be 0..8, not {solve!r}")
        if ec_eu_tables_init(&self.t, deck) != 0:
            raise ValueError(f"no {deck}-card Euchre deck")
        self.worlds = <ec_eu_game *>PyMem_Malloc(n * sizeof(ec_eu_game))
        self.nodes = <ec_mcts_node *>PyMem_Malloc(64 * sizeof(ec_mcts_node))
        if self.worlds == NULL or self.nodes == NULL:
            raise MemoryError()
        cfg.seed = 0
        cfg.target = 0
        cfg.deck = deck
        cfg.flags = flags
        for k in range(n):
            if ec_eu_init(&self.t, &self.worlds[k], &cfg) != 0:
                raise ValueError(f"bad Euchre rules: deck {deck}, flags {flags}")
            for i in (dealer, *scripts[k]):
                if ec_eu_apply(&self.t, &self.worlds[k], i) != 0:
                    raise ValueError(f"world {k}: id {i} is not legal")
        err = ec_eu_ismcts_init(&self.s, &self.t, self.worlds, n, seed, c, solve, self.nodes, 64)
        if err == EC_EU_ISMCTS_EWORLDS:
            raise ValueError("the worlds are not at the same decision")
        if err != 0:
            raise ValueError(f"bad search arguments (error {err})")

    @property
    def iterations(self):
        return self.s.iterations

    @property
    def count(self):
        """Nodes in the tree, the root included."""
        return self.s.count

    def run(self, int n):
        """Run ``n`` more iterations."""
        cdef int err
        cdef Py_ssize_t size
        cdef ec_mcts_node *grown
        if n < 0:
            raise ValueError(f"iterations must be >= 0, not {n}")
        if <Py_ssize_t>self.s.count + n > self.s.capacity:
            size = max(2 * <Py_ssize_t>self.s.capacity, <Py_ssize_t>self.s.count + n)
            if size > 0x7FFFFFFF:
                raise ValueError("too many iterations for one tree")
            grown = <ec_mcts_node *>PyMem_Realloc(self.nodes, size * sizeof(ec_mcts_node))
            if grown == NULL:
                raise MemoryError()
            self.nodes = grown
            self.s.nodes = grown
            self.s.capacity = <int32_t>size
        with nogil:
            err = ec_eu_ismcts_run(&self.s, n)
        if err != 0:
            raise ValueError(f"search error {err}")

    def root(self, ids):
        """Each id's visits and sum of utilities (the deciding seat's points) at the root."""
        cdef uint32_t v
        cdef int64_t total
        visits, totals = [], []
        for i in ids:
            ec_eu_ismcts_root(&self.s, i, &v, &total)
            visits.append(v)
            totals.append(total)
        return visits, totals
