"""Euchre's C batches (ec_euchre.c) through cffi (``ecarte.games.euchre._cffi_euchre``):
the same functions as ``_pure_hands``."""

from __future__ import annotations

from typing import Any

from ecarte._core._cffi_chunks import HANDS_CHUNK, RESULTS_CHUNK, chunks
from ecarte._core._cffi_core import lib as core_lib  # type: ignore[import-not-found]

from ._cffi_euchre import ffi, lib  # type: ignore[import-not-found]
from ._pure_hands import EuchreOptions, EuchreResult, EuchreTotals, _check_euchre_batch

__all__ = ["ffi", "lib", "random_euchre_hand_results", "random_euchre_hands"]


def _euchre_args(n: object, seed: object, options: object) -> tuple[int, Any, Any]:
    count, s, opts = _check_euchre_batch(n, seed, options)
    rng = ffi.new("ec_rng *")
    core_lib.ec_rng_seed(rng, s)
    r = ffi.new("ec_euchre_rules *")
    r.play_flags = opts.play_flags
    r.alone = opts.alone
    return count, rng, r


def random_euchre_hands(n: int, seed: int, options: EuchreOptions | None = None) -> EuchreTotals:
    """Play ``n`` random Euchre hands from ``seed``; totals and digest (by chunks)."""
    count, rng, r = _euchre_args(n, seed, options)
    t = ffi.new("ec_euchre_totals *")
    lib.ec_euchre_totals_init(t)
    for k in chunks(count, HANDS_CHUNK):
        lib.ec_euchre_hands_next(r, rng, k, ffi.NULL, t)
    return EuchreTotals(
        t.hands,
        t.tricks[0],
        t.tricks[1],
        t.points[0],
        t.points[1],
        t.marches,
        t.euchres,
        t.alone,
        t.digest,
    )


def random_euchre_hand_results(
    n: int, seed: int, options: EuchreOptions | None = None
) -> list[EuchreResult]:
    """Play ``n`` random Euchre hands from ``seed`` and return each result (by chunks)."""
    count, rng, r = _euchre_args(n, seed, options)
    out = ffi.new("ec_euchre_result[]", RESULTS_CHUNK)
    results: list[EuchreResult] = []
    for k in chunks(count, RESULTS_CHUNK):
        lib.ec_euchre_hands_next(r, rng, k, out, ffi.NULL)
        results.extend(
            EuchreResult(
                o.tricks[0],
                o.tricks[1],
                o.points[0],
                o.points[1],
                o.dealer,
                o.maker,
                o.alone,
                o.up,
            )
            for o in (out[i] for i in range(k))
        )
    return results
