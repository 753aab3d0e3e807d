# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""One decision's IS-MCTS search for Euchre in C (``c/ec_eu_ismcts.c``); the pure twin is
``_pure_ismcts.Search``, with the same tree for the same worlds and seed. And the worlds of
the PIMC player and its card-play loop (``c/ec_eu_pimc.c``): ``sample_worlds`` and
``pimc_play`` and ``pimc_bid``, whose pure twins are ``_pure_pimc.sample_worlds``, ``_pure_pimc.pimc_play`` and ``_pure_pimc.pimc_bid``, with the worlds'
weights of its inference (``weight``, ``chance``: ``_pure_pimc``'s); ``solved_points``
(``_pure_pimc.solved_points``), ``solve_target`` and ``solve_reached`` (the core's
``ec_solve_n_target`` and ``ec_solve_n_reached``, whose twins are ``solve_n_target`` and ``solve_n_reached`` of
``ecarte._core._pure.solvern``), the solves they rest on."""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t

from ecarte._core._cycore cimport TREE_NODES, _Tree, ec_mcts_node, ec_mcts_tree
from ecarte._core.core cimport ec_context, ec_position, ec_rng, ec_rng_seed
from ecarte.games.euchre.machine cimport (
    ec_eu_apply,
    ec_eu_config,
    ec_eu_game,
    ec_eu_init,
    ec_eu_tables,
    ec_eu_tables_init,
)


cdef extern from "euchre_ismcts.h":
    ctypedef struct ec_eu_ismcts:
        ec_mcts_tree mcts
    int EC_EU_ISMCTS_EWORLDS
    int ec_eu_ismcts_init(ec_eu_ismcts *s, const ec_eu_tables *t, const ec_eu_game *worlds,
                          int nworlds, uint64_t seed, double c, int solve, ec_mcts_node *nodes,
                          int capacity) nogil
    int ec_eu_ismcts_run(ec_eu_ismcts *s, int n) nogil
    void ec_eu_ismcts_root(const ec_eu_ismcts *s, int id, uint32_t *visits, int64_t *total)


cdef class Search(_Tree):
    """The search of one decision: the worlds are ``scripts``, each the ids of the deal
    from its dealing on (``dealer`` first dealing; ``deck`` and ``flags`` the rules')."""

    cdef ec_eu_tables t
    cdef ec_eu_game *worlds
    cdef ec_eu_ismcts s

    def __cinit__(self):
        self.worlds = NULL
        self._fields(&self.s.mcts)

    def __dealloc__(self):
        PyMem_Free(self.worlds)

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
        if self.worlds == NULL:
            raise MemoryError()
        _config(&cfg, deck, flags)
        for k in range(n):
            if ec_eu_init(&self.t, &self.worlds[k], &cfg) != 0:
                raise ValueError(f"bad Euchre rules: deck {deck}, flags {flags}")
            for i in (dealer, *scripts[k]):
                if ec_eu_apply(&self.t, &self.worlds[k], i) != 0:
                    raise ValueError(f"world {k}: id {i} is not legal")
        err = ec_eu_ismcts_init(&self.s, &self.t, self.worlds, n, seed, c, solve, self.nodes,
                                TREE_NODES)
        if err == EC_EU_ISMCTS_EWORLDS:
            raise ValueError("the worlds are not at the same decision")
        if err != 0:
            raise ValueError(f"bad search arguments (error {err})")

    cdef int _run(self, int n) noexcept nogil:
        return ec_eu_ismcts_run(&self.s, n)

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


cdef extern from "ecarte_core.h":
    int ec_position_check_n(const ec_context *ctx, const ec_position *pos, unsigned active)
    int ec_solve_n_target(const ec_context *ctx, const ec_position *pos, unsigned active,
                          unsigned flags, const uint8_t *teams, int target) nogil
    int ec_solve_n_reached(const ec_context *ctx, const ec_position *pos, unsigned active,
                           unsigned flags, const uint8_t *teams, const int *targets,
                           int n) nogil


cdef extern from "euchre_pimc.h":
    int ec_eu_solved_points(const ec_context *ctx, const ec_position *pos, unsigned active,
                            unsigned flags, const ec_eu_config *cfg, int maker, unsigned alone,
                            int made, int me) nogil
    ctypedef struct ec_eu_seen:
        uint64_t pool
        uint64_t hand
        uint64_t voids[4]
        uint64_t hard[4]
        uint64_t known[4]
        uint8_t sizes[4]
        uint8_t seat
    ctypedef struct ec_eu_pimc_query:
        ec_eu_config cfg
        uint8_t trump
        uint8_t maker
        uint8_t alone
        uint8_t active
        uint8_t leader
        uint8_t ntrick
        uint8_t trick[3]
        uint8_t done
        uint8_t won[2]
    int ec_eu_sample(const ec_eu_seen *s, ec_rng *rng, int tries, int relax,
                     uint64_t hands[4]) nogil
    ctypedef struct ec_eu_infer:
        uint8_t n
        uint8_t upcard
        uint8_t dealer
        uint8_t seat[10]
        uint8_t kind[10]
        uint8_t suit[10]
        uint64_t plus[4]
    int ec_eu_pimc_chance(int d)
    uint64_t ec_eu_pimc_weight(const ec_eu_infer *inf, const uint64_t held[4])
    int ec_eu_pimc_play_infer(const ec_eu_tables *t, const ec_eu_seen *s,
                              const ec_eu_pimc_query *q, const ec_eu_infer *inf,
                              const uint8_t *options, int nopt, uint64_t seed, int nworlds,
                              int tries, int64_t *totals, uint8_t *kinds,
                              uint64_t *weights) nogil
    int ec_eu_pimc_bid_infer(const ec_eu_tables *t, const ec_eu_seen *s,
                             const ec_eu_config *cfg, const ec_eu_infer *inf, int dealer,
                             int upcard, const uint8_t *script, int nscript, int discard_at,
                             const uint8_t *options, int nopt, uint64_t seed, int nworlds,
                             int tries, int64_t *totals, uint8_t *kinds,
                             uint64_t *weights) nogil


cdef int _seen(ec_eu_seen *out, s) except -1:
    """Fill ``out`` from a ``_pure_pimc.Seen``."""
    out.pool = s.pool
    out.hand = s.hand
    if not 0 <= s.seat <= 3:
        raise ValueError(f"seat must be 0..3, not {s.seat!r}")
    out.seat = s.seat
    for p in range(4):
        out.voids[p] = s.voids[p]
        out.hard[p] = s.hard[p]
        out.known[p] = s.known[p]
        if not 0 <= s.sizes[p] <= 8:
            raise ValueError(f"hand sizes must be 0..8, not {s.sizes!r}")
        out.sizes[p] = s.sizes[p]
    return 0


def sample_worlds(s, uint64_t seed, int n, int tries, bint relax):
    """``n`` worlds of ``s`` (a ``_pure_pimc.Seen``) drawn one after the other from a PRNG
    seeded with ``seed`` (``ec_eu_sample``): ``[(kind, hands), ...]``."""
    cdef ec_eu_seen seen
    cdef ec_rng rng
    cdef uint64_t hands[4]
    cdef int k, kind
    _seen(&seen, s)
    ec_rng_seed(&rng, seed)
    out = []
    for k in range(n):
        kind = ec_eu_sample(&seen, &rng, tries, relax, hands)
        if kind < 0:
            raise ValueError("bad world query: pool smaller than the hands, tries < 1 or seat")
        if kind == 0:
            out.append((0, (0, 0, 0, 0)))
        else:
            out.append((kind, (hands[0], hands[1], hands[2], hands[3])))
    return out


cdef void _config(ec_eu_config *cfg, int deck, unsigned flags):
    """Single-deal rules of ``deck`` and ``flags``."""
    cfg.seed = 0
    cfg.target = 0
    cfg.deck = deck
    cfg.flags = flags


cdef int _query(ec_eu_tables *t, ec_eu_seen *seen, ec_eu_config *cfg, int deck, unsigned flags,
                s, int nworlds) except -1:
    """The set-up of a PIMC loop: the tables of ``deck``, the seat's view ``s`` and the
    rules, the count of worlds checked."""
    if nworlds < 0:
        raise ValueError(f"worlds must be >= 0, not {nworlds}")
    if ec_eu_tables_init(t, deck) != 0:
        raise ValueError(f"no {deck}-card Euchre deck")
    _seen(seen, s)
    _config(cfg, deck, flags)
    return 0


cdef uint8_t *_kinds(int nworlds) except NULL:
    """A buffer for the kinds and the weights of ``nworlds`` worlds (PyMem_Free it): the
    weights (``uint64_t``) first, then the kinds."""
    cdef uint8_t *kinds = <uint8_t *>PyMem_Malloc(max(nworlds, 1) * 9)
    if kinds == NULL:
        raise MemoryError()
    return kinds


cdef _result(int err, const int64_t *totals, int nopt, const uint8_t *buf, int nworlds):
    """A PIMC loop's answer: each option's total, each world's kind and weight."""
    cdef const uint64_t *weights = <const uint64_t *>buf
    cdef const uint8_t *kinds = buf + 8 * max(nworlds, 1)
    if err != 0:
        raise ValueError(f"bad PIMC query (error {err})")
    return (
        [totals[k] for k in range(nopt)],
        [kinds[k] for k in range(nworlds)],
        [weights[k] for k in range(nworlds)],
    )


cdef int _infer(ec_eu_infer *out, inf) except -1:
    """Fill ``out`` from a ``_pure_pimc.Infer`` (None: no decision weighs)."""
    cdef int k
    out.n = 0
    out.upcard = 0
    out.dealer = 0
    for k in range(4):
        out.plus[k] = 0
    if inf is None:
        return 0
    if len(inf.decisions) > 10 or not 0 <= inf.upcard <= 63 or not 0 <= inf.dealer <= 3:
        raise ValueError("bad inference: at most 10 decisions, a card and a dealer")
    out.upcard = inf.upcard
    out.dealer = inf.dealer
    for k in range(4):
        out.plus[k] = inf.plus[k]
    for k, (seat, kind, suit) in enumerate(inf.decisions):
        if not (0 <= seat <= 3 and 0 <= kind <= 5 and 0 <= suit <= 3):
            raise ValueError(f"bad inferred decision {(seat, kind, suit)!r}")
        out.seat[k] = seat
        out.kind[k] = kind
        out.suit[k] = suit
    out.n = len(inf.decisions)
    return 0


def chance(int d):
    """The model's chance of a decision, in sixteenths, ``d`` points of strength above its
    threshold (``ec_eu_pimc_chance``; ``_pure_pimc.chance``)."""
    return ec_eu_pimc_chance(d)


cdef int _ids(uint8_t *out, ids, int n) except -1:
    """The first ``n`` of ``ids`` (card or action ids) into ``out``."""
    for k in range(n):
        out[k] = ids[k]
    return 0


def weight(inf, held):
    """A world's weight (``ec_eu_pimc_weight``; ``_pure_pimc.weight``): the product of the
    model's chances of ``inf``'s decisions with the four hands ``held``."""
    cdef ec_eu_infer c
    cdef uint64_t hands[4]
    _infer(&c, inf)
    for k in range(4):
        hands[k] = held[k]
    return ec_eu_pimc_weight(&c, hands)


def pimc_play(int deck, s, q, options, uint64_t seed, int nworlds, int tries, infer=None):
    """PIMC over the card play (``ec_eu_pimc_play_infer``): each option's points summed
    over ``nworlds`` worlds, each times its weight, each world's kind and weight; ``q`` is
    a ``_pure_pimc.Play``, ``infer`` a ``_pure_pimc.Infer`` or None (every weight 1)."""
    cdef ec_eu_tables t
    cdef ec_eu_seen seen
    cdef ec_eu_infer inf
    cdef ec_eu_pimc_query play
    cdef uint8_t opts[8]
    cdef int64_t totals[8]
    cdef uint8_t *kinds
    cdef int err, nopt = len(options)
    if not 1 <= nopt <= 8:
        raise ValueError("the options must be 1 to 8 cards of the seat's hand")
    _query(&t, &seen, &play.cfg, deck, q.flags, s, nworlds)
    _infer(&inf, infer)
    play.trump = q.trump
    play.maker = q.maker
    play.alone = q.alone
    play.active = q.active
    play.leader = q.leader
    if len(q.trick) > 3:
        raise ValueError("a trick in progress holds at most 3 cards")
    play.ntrick = len(q.trick)
    _ids(play.trick, q.trick, play.ntrick)
    play.done = q.done
    play.won[0] = q.won[0]
    play.won[1] = q.won[1]
    _ids(opts, options, nopt)
    kinds = _kinds(nworlds)
    try:
        with nogil:
            err = ec_eu_pimc_play_infer(&t, &seen, &play, &inf, opts, nopt, seed, nworlds,
                                        tries, totals, kinds + 8 * max(nworlds, 1),
                                        <uint64_t *>kinds)
        return _result(err, totals, nopt, kinds, nworlds)
    finally:
        PyMem_Free(kinds)


def pimc_bid(int deck, s, int flags, int dealer, int upcard, script, int discard_at, options,
             uint64_t seed, int nworlds, int tries, infer=None):
    """PIMC over a decision before the play (``ec_eu_pimc_bid_infer``): each option's
    points summed over ``nworlds`` worlds, each times its weight, each world's kind and
    weight (``infer`` as for :func:`pimc_play`)."""
    cdef ec_eu_tables t
    cdef ec_eu_seen seen
    cdef ec_eu_infer inf
    cdef ec_eu_config cfg
    cdef uint8_t opts[8]
    cdef uint8_t ids[24]
    cdef int64_t totals[8]
    cdef uint8_t *kinds
    cdef int err, nopt = len(options), nscript = len(script)
    if not 1 <= nopt <= 8 or nscript > 24 or discard_at >= nscript:
        raise ValueError("bad PIMC query: 1 to 8 options, a script of at most 24 ids")
    _query(&t, &seen, &cfg, deck, flags, s, nworlds)
    _infer(&inf, infer)
    _ids(opts, options, nopt)
    _ids(ids, script, nscript)
    kinds = _kinds(nworlds)
    try:
        with nogil:
            err = ec_eu_pimc_bid_infer(&t, &seen, &cfg, &inf, dealer, upcard, ids, nscript,
                                       discard_at, opts, nopt, seed, nworlds, tries, totals,
                                       kinds + 8 * max(nworlds, 1), <uint64_t *>kinds)
        return _result(err, totals, nopt, kinds, nworlds)
    finally:
        PyMem_Free(kinds)


cdef int _position(ec_eu_tables *t, ec_position *pos, int deck, int trump, hands, int leader,
                   trick, unsigned active) except -1:
    """Fill the tables of ``deck`` and ``pos`` (four hands of core ids, the leader and the
    trick in progress), checked for the trump suit's context."""
    cdef int k, err
    if ec_eu_tables_init(t, deck) != 0:
        raise ValueError(f"no {deck}-card Euchre deck")
    if not 0 <= trump <= 3 or len(hands) != 4 or len(trick) > 3:
        raise ValueError("trump 0..3, four hands and at most 3 cards in the trick")
    pos.nplayers = 4
    pos.leader = leader
    pos.ntrick = len(trick)
    for k in range(4):
        pos.hands[k] = hands[k]
    _ids(pos.trick, trick, pos.ntrick)
    err = ec_position_check_n(&t.ctx[trump], pos, active)
    if err != 0:
        raise ValueError(f"bad position (error {err})")
    return 0


def solve_target(int deck, int trump, hands, int leader, trick, unsigned active, unsigned flags,
                 int target):
    """Whether the side to move can force ``target`` tricks (``ec_solve_n_target``, partners
    opposite) in a position of ``deck``'s context for ``trump``."""
    cdef ec_eu_tables t
    cdef ec_position pos
    cdef uint8_t teams[4]
    cdef int r
    teams[:] = [0, 1, 0, 1]
    _position(&t, &pos, deck, trump, hands, leader, trick, active)
    r = ec_solve_n_target(&t.ctx[trump], &pos, active, flags, teams, target)
    if r < 0:
        raise ValueError(f"bad position (error {r})")
    return r == 1


def solve_reached(int deck, int trump, hands, int leader, trick, unsigned active,
                  unsigned flags, targets):
    """How many of the ascending ``targets`` the side to move can force
    (``ec_solve_n_reached``, partners opposite) in a position of ``deck``'s context for
    ``trump``."""
    cdef ec_eu_tables t
    cdef ec_position pos
    cdef uint8_t teams[4]
    cdef int ts[8]
    cdef int r, n = len(targets)
    if n > 8:
        raise ValueError("at most 8 targets")
    for i in range(n):
        ts[i] = targets[i]
    teams[:] = [0, 1, 0, 1]
    _position(&t, &pos, deck, trump, hands, leader, trick, active)
    r = ec_solve_n_reached(&t.ctx[trump], &pos, active, flags, teams, ts, n)
    if r < 0:
        raise ValueError(f"bad position or targets (error {r})")
    return r


def solved_points(int deck, int trump, hands, int leader, trick, unsigned active,
                  unsigned flags, unsigned rules, int maker, unsigned alone, int made, int me):
    """``ec_eu_solved_points`` (``_pure_pimc.solved_points``, the context the trump's of
    ``deck``)."""
    cdef ec_eu_tables t
    cdef ec_position pos
    cdef ec_eu_config cfg
    _position(&t, &pos, deck, trump, hands, leader, trick, active)
    _config(&cfg, deck, rules)
    return ec_eu_solved_points(&t.ctx[trump], &pos, active, flags, &cfg, maker, alone, made, me)
