"""Écarté's C batches (ec_batch.c) and match machine ABI through cffi
(``ecarte.games.ecarte._cffi_ecarte``): the same functions as ``_pure_hands``."""

from __future__ import annotations

from typing import Any

from ecarte._core._args import _FNV_OFFSET
from ecarte._core._cffi import _fail
from ecarte._core._cffi_chunks import SOLVES_CHUNK, chunks
from ecarte.engine._gamebind import hand_results, hand_totals, seeded_rng

from ._cffi_ecarte import ffi, lib  # type: ignore[import-not-found]
from ._pure_hands import HandOptions, HandResult, HandTotals, SolveResults, _check_batch
from ._pure_rules import HandRules

__all__ = ["ffi", "lib", "random_hand_results", "random_hands", "random_solves"]


def _batch_args(n: object, seed: object, options: object) -> tuple[int, Any, Any]:
    """``n``, a PRNG seeded with ``seed`` and the rules, checked in the arguments' order."""
    count, s, opts = _check_batch(n, seed, options)
    r = ffi.new("ec_rules *")
    for name, value in zip(HandRules._fields, opts.hand_rules(), strict=True):
        setattr(r.hand, name, list(value) if isinstance(value, tuple) else value)
    r.deal_pattern = opts.deal_pattern
    r.king_points = opts.king_points
    err = lib.ec_rules_check(r)
    if err:
        _fail(err, "options")
    return count, seeded_rng(ffi, s), r


def random_hands(n: int, seed: int, options: HandOptions | None = None) -> HandTotals:
    """Play ``n`` random hands from ``seed``; totals and digest (chunks, cffi releases the
    GIL during each; Ctrl-C is seen between them)."""
    count, rng, r = _batch_args(n, seed, options)
    play = lib.ec_random_hands_next
    return HandTotals(*hand_totals(ffi, "ec_totals *", lib.ec_totals_init, play, r, rng, count))


def _result(o: Any) -> HandResult:
    return HandResult(
        o.points[0], o.points[1], o.tricks[0], o.tricks[1], o.exchanges, o.flags, o.actions
    )


def random_hand_results(n: int, seed: int, options: HandOptions | None = None) -> list[HandResult]:
    """Play ``n`` random hands from ``seed`` and return each result (the list grows by
    chunks)."""
    count, rng, r = _batch_args(n, seed, options)
    play = lib.ec_random_hands_next
    return hand_results(ffi, "ec_hand_result", play, r, rng, count, _result)


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
