"""Chunks of the cffi batch functions (as in the Cython ``batching.pxd``): each C call
returns within milliseconds, so Python sees Ctrl-C between chunks; the results do not
depend on these sizes."""

from __future__ import annotations

from collections.abc import Iterator

HANDS_CHUNK = 65536
RESULTS_CHUNK = 4096
SOLVES_CHUNK = 4096


def chunks(n: int, size: int) -> Iterator[int]:
    while n:
        k = min(n, size)
        yield k
        n -= k
