"""Euchre's C batches (ec_euchre.c) through cffi (``ecarte.games.euchre._cffi_euchre``):
the same functions as ``_pure_hands``."""

from __future__ import annotations

from typing import Any

from ecarte.engine._gamebind import hand_results, hand_totals, seeded_rng

from ._cffi_euchre import ffi, lib  # type: ignore[import-not-found]
from ._pure_hands import EuchreOptions, EuchreResult, EuchreTotals, _check_euchre_batch

__all__ = ["ffi", "lib", "random_euchre_hand_results", "random_euchre_hands"]


def _euchre_args(n: object, seed: object, options: object) -> tuple[int, Any, Any]:
    count, s, opts = _check_euchre_batch(n, seed, options)
    r = ffi.new("ec_euchre_rules *")
    r.play_flags = opts.play_flags
    r.alone = opts.alone
    return count, seeded_rng(ffi, s), r


def random_euchre_hands(n: int, seed: int, options: EuchreOptions | None = None) -> EuchreTotals:
    """Play ``n`` random Euchre hands from ``seed``; totals and digest (by chunks)."""
    count, rng, r = _euchre_args(n, seed, options)
    init, play = lib.ec_euchre_totals_init, lib.ec_euchre_hands_next
    return EuchreTotals(*hand_totals(ffi, "ec_euchre_totals *", init, play, r, rng, count))


def _result(o: Any) -> EuchreResult:
    return EuchreResult(
        o.tricks[0], o.tricks[1], o.points[0], o.points[1], o.dealer, o.maker, o.alone, o.up
    )


def random_euchre_hand_results(
    n: int, seed: int, options: EuchreOptions | None = None
) -> list[EuchreResult]:
    """Play ``n`` random Euchre hands from ``seed`` and return each result (by chunks)."""
    count, rng, r = _euchre_args(n, seed, options)
    play = lib.ec_euchre_hands_next
    return hand_results(ffi, "ec_euchre_result", play, r, rng, count, _result)
