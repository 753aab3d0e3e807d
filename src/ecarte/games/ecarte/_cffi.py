"""Écarté's C batches (ec_batch.c) and match machine ABI through cffi
(``ecarte.games.ecarte._cffi_ecarte``): the same functions as ``_pure_hands``."""

from __future__ import annotations

from typing import Any

from ecarte._core._args import _FNV_OFFSET, _check_n, _check_seed
from ecarte._core._cffi import _fail
from ecarte._core._cffi_chunks import HANDS_CHUNK, RESULTS_CHUNK, SOLVES_CHUNK, chunks
from ecarte._core._cffi_core import lib as core_lib  # type: ignore[import-not-found]

from ._cffi_ecarte import ffi, lib  # type: ignore[import-not-found]
from ._pure_hands import HandOptions, HandResult, HandTotals, SolveResults, _check_options
from ._pure_rules import HandRules

__all__ = ["ffi", "lib", "random_hand_results", "random_hands", "random_solves"]


def _rules(options: object) -> Any:
    opts = _check_options(options)  # plain values, checked
    r = ffi.new("ec_rules *")
    for name, value in zip(HandRules._fields, opts.hand_rules(), strict=True):
        setattr(r.hand, name, list(value) if isinstance(value, tuple) else value)
    r.deal_pattern = opts.deal_pattern
    r.king_points = opts.king_points
    err = lib.ec_rules_check(r)
    if err:
        _fail(err, "options")
    return r


def _batch_args(n: object, seed: object, options: object) -> tuple[int, Any, Any]:
    """``n``, a PRNG seeded with ``seed`` and the rules, checked in the arguments' order."""
    count = _check_n(n)
    rng = ffi.new("ec_rng *")
    core_lib.ec_rng_seed(rng, _check_seed(seed))
    return count, rng, _rules(options)


def random_hands(n: int, seed: int, options: HandOptions | None = None) -> HandTotals:
    """Play ``n`` random hands from ``seed``; totals and digest (chunks, cffi releases the
    GIL during each; Ctrl-C is seen between them)."""
    count, rng, r = _batch_args(n, seed, options)
    t = ffi.new("ec_totals *")
    lib.ec_totals_init(t)
    for k in chunks(count, HANDS_CHUNK):
        lib.ec_random_hands_next(r, rng, k, ffi.NULL, t)
    return HandTotals(
        t.hands,
        t.points[0],
        t.points[1],
        t.tricks[0],
        t.tricks[1],
        t.voles,
        t.exchanges,
        t.actions,
        t.digest,
    )


def random_hand_results(n: int, seed: int, options: HandOptions | None = None) -> list[HandResult]:
    """Play ``n`` random hands from ``seed`` and return each result (the list grows by
    chunks)."""
    count, rng, r = _batch_args(n, seed, options)
    out = ffi.new("ec_hand_result[]", RESULTS_CHUNK)
    results: list[HandResult] = []
    for k in chunks(count, RESULTS_CHUNK):
        lib.ec_random_hands_next(r, rng, k, out, ffi.NULL)
        results.extend(
            HandResult(
                o.points[0], o.points[1], o.tricks[0], o.tricks[1], o.exchanges, o.flags, o.actions
            )
            for o in (out[i] for i in range(k))
        )
    return results


def random_solves(n: int, seed: int, options: HandOptions | None = None) -> SolveResults:
    """Deal ``n`` random hands and solve each from the first trick (by chunks)."""
    count, rng, r = _batch_args(n, seed, options)
    values = ffi.new("int8_t[]", SOLVES_CHUNK)
    best = ffi.new("uint8_t[]", SOLVES_CHUNK)
    digest = ffi.new("uint64_t *", _FNV_OFFSET)
    vs: list[int] = []
    ms: list[int] = []
    for k in chunks(count, SOLVES_CHUNK):
        lib.ec_random_solves_next(r, rng, k, values, best, digest)
        vs.extend(values[0:k])
        ms.extend(b if b != 255 else -1 for b in best[0:k])
    return SolveResults(vs, ms, int(digest[0]))
