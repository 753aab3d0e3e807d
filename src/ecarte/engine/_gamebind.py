"""What the games' cffi bindings share: a seeded core PRNG, and random hands played by
chunks into the game's C totals or results.

A game's batch functions return its pure twin's NamedTuples, which hold the C structs'
fields in the structs' order, each array's items in turn: :func:`fields` reads a struct
that way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ecarte._core._cffi_chunks import HANDS_CHUNK, RESULTS_CHUNK, chunks
from ecarte._core._cffi_core import lib as core_lib  # type: ignore[import-not-found]

__all__ = ["fields", "hand_results", "hand_totals", "seeded_rng"]

R = TypeVar("R")

Play = Callable[[Any, Any, int, Any, Any], object]
"""A game's ``*_hands_next(rules, rng, n, results, totals)``."""


def seeded_rng(ffi: Any, seed: int) -> Any:
    """A new ``ec_rng`` seeded with ``seed`` (``ec_rng_seed``)."""
    rng = ffi.new("ec_rng *")
    core_lib.ec_rng_seed(rng, seed)
    return rng


def fields(ffi: Any, struct: Any) -> list[Any]:
    """The fields of a C struct (or of the struct a pointer points to) in order, each
    array's items in turn."""
    ctype = ffi.typeof(struct)
    if ctype.kind == "pointer":
        ctype = ctype.item
    out: list[Any] = []
    for name, field in ctype.fields:
        value = getattr(struct, name)
        if field.type.kind == "array":
            out.extend(value)
        else:
            out.append(value)
    return out


def hand_totals(
    ffi: Any, ctype: str, init: Callable[[Any], object], play: Play, rules: Any, rng: Any, n: int
) -> list[Any]:
    """Play ``n`` hands by chunks with ``play`` into a new ``ctype`` (``"ec_totals *"``...)
    set up by ``init``; the totals' :func:`fields`."""
    totals = ffi.new(ctype)
    init(totals)
    for k in chunks(n, HANDS_CHUNK):
        play(rules, rng, k, ffi.NULL, totals)
    return fields(ffi, totals)


def hand_results(
    ffi: Any, ctype: str, play: Play, rules: Any, rng: Any, n: int, make: Callable[[Any], R]
) -> list[R]:
    """Play ``n`` hands by chunks with ``play`` into an array of ``ctype``
    (``"ec_hand_result"``...); ``make`` of each result."""
    out = ffi.new(f"{ctype}[]", RESULTS_CHUNK)
    results: list[R] = []
    for k in chunks(n, RESULTS_CHUNK):
        play(rules, rng, k, out, ffi.NULL)
        results.extend(make(out[i]) for i in range(k))
    return results
