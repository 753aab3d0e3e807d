# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Écarté's random hands and solves in bulk (``ec_batch.c``) through Cython: the twin of
``_pure_hands`` (``random_hands``, ``random_hand_results``, ``random_solves``).

Each batch runs in chunks without the GIL, with a check for signals (Ctrl-C) between
them.
"""

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int8_t, uint8_t, uint64_t

from ecarte._core.batching cimport HANDS_CHUNK, RESULTS_CHUNK, SOLVES_CHUNK, chunk, fail
from ecarte._core.core cimport EC_DIGEST_START, ec_rng, ec_rng_seed
from ecarte.games.ecarte.machine cimport *

from ecarte.games.ecarte._pure_hands import HandResult, HandTotals, SolveResults, _check_batch


cdef size_t _start(n, seed, options, ec_rules *r, ec_rng *rng) except? 0:
    """Check the arguments in their order (as ``_pure_hands``), seed ``rng`` and fill
    ``r`` from the options; the number of hands."""
    cdef int err
    count, s, opts = _check_batch(n, seed, options)
    ec_rng_seed(rng, <uint64_t>s)
    fill_hand_rules(&r.hand, opts.hand_rules().c_bytes())
    r.deal_pattern = <uint8_t>(<long>opts.deal_pattern)
    r.king_points = opts.king_points is True
    err = ec_rules_check(r)
    if err:
        fail(err, "options")
    return <size_t>count


def _chunks(size_t left, size_t most):
    """The sizes of the chunks ``left`` hands are played in, ``most`` at the most each;
    Ctrl-C is checked after each chunk."""
    cdef size_t k
    while left:
        k = chunk(left, most)
        yield k
        left -= k
        PyErr_CheckSignals()


def random_hands(n, seed, options=None):
    """Play ``n`` random hands from ``seed``; totals and digest (no memory grows with
    ``n``)."""
    cdef ec_rules r
    cdef ec_totals t
    cdef ec_rng rng
    cdef size_t k
    ec_totals_init(&t)
    for k in _chunks(_start(n, seed, options, &r, &rng), HANDS_CHUNK):
        with nogil:
            ec_random_hands_next(&r, &rng, k, NULL, &t)
    return HandTotals(t.hands, t.points[0], t.points[1], t.tricks[0], t.tricks[1], t.voles,
                      t.exchanges, t.actions, t.digest)


def random_hand_results(n, seed, options=None):
    """Play ``n`` random hands from ``seed`` and return each result (the list grows by
    chunks)."""
    cdef ec_rules r
    cdef ec_rng rng
    cdef size_t k, i
    cdef ec_hand_result out[RESULTS_CHUNK]
    cdef list results = []
    for k in _chunks(_start(n, seed, options, &r, &rng), RESULTS_CHUNK):
        with nogil:
            ec_random_hands_next(&r, &rng, k, out, NULL)
        for i in range(k):
            results.append(HandResult(out[i].points[0], out[i].points[1], out[i].tricks[0],
                                      out[i].tricks[1], out[i].exchanges, out[i].flags,
                                      out[i].actions))
    return results


def random_solves(n, seed, options=None):
    """Deal ``n`` random hands and solve each from the first trick."""
    cdef ec_rules r
    cdef ec_rng rng
    cdef size_t k, i
    cdef uint64_t digest = EC_DIGEST_START
    cdef int8_t values[SOLVES_CHUNK]
    cdef uint8_t best[SOLVES_CHUNK]
    cdef list vs = [], ms = []
    for k in _chunks(_start(n, seed, options, &r, &rng), SOLVES_CHUNK):
        with nogil:
            ec_random_solves_next(&r, &rng, k, values, best, &digest)
        for i in range(k):
            vs.append(values[i])
            ms.append(best[i] if best[i] != 255 else -1)
    return SolveResults(vs, ms, digest)
