"""Batches in chunks, for every game: seeds per chunk, worker threads, a progress bar and
the chaining of digests.

A batch of ``n`` items is cut into chunks of :data:`CHUNK`; chunk ``k`` is played from its
own seed, :func:`chunk_seed` ``(seed, k)`` (chunk 0 uses ``seed`` itself, so a batch of at
most :data:`CHUNK` items is the core's own stream). Chunks are independent, so ``workers``
threads can play them in any order: the results are the same for a given ``seed``
whatever ``workers`` is, on every backend.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from .._core._args import _FNV_OFFSET, _FNV_PRIME, _check_int, _check_seed, _index
from .._errors import shown

__all__ = ["CHUNK", "chunk_seed"]

CHUNK = 16384
"""Hands (or deals, or positions) per chunk: part of the definition of a batch's results."""

_M64 = (1 << 64) - 1
_TAG = 0x6563_6172_7465_2D62  # "ecarte-b": chunk seeds are not the PRNG's own seeding
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


# ------------------------------------------------------- chunks and workers


def chunk_seed(seed: int, k: int) -> int:
    """The seed of chunk ``k`` of a batch from ``seed``: ``seed`` for chunk 0, else
    splitmix64's mix of ``(seed ^ 0x656361727465_2D62) + k * 0x9E3779B97F4A7C15``.
    ValueError unless ``seed`` and ``k`` are ints 0..2**64-1.

    >>> chunk_seed(7, 0), chunk_seed(7, 1) != chunk_seed(7, 2)
    (7, True)
    """
    seed = _check_seed(seed)
    k = _check_int(k, 0, _M64, "chunk index k must be an int 0..2**64-1, not {}")
    if k == 0:
        return seed
    z = ((seed ^ _TAG) + k * _GAMMA) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def _chain(digest: int | None, chunk: int) -> int:
    """A batch's digest: the first chunk's, then ``(d ^ chunk) * FNV prime`` per chunk."""
    return chunk if digest is None else ((digest ^ chunk) * _FNV_PRIME) & _M64


def _workers(workers: object) -> int:
    w = _index(workers)
    if w is None or w < 1:
        raise ValueError(f"workers must be an int >= 1, not {shown(workers)}")
    return w


class _Bar:
    """A rich progress bar on stderr (rich imported only when asked for)."""

    def __init__(self, enabled: bool, description: str, total: int) -> None:
        self.progress: Any = None
        if enabled:
            try:
                from rich.console import Console
                from rich.progress import Progress
            except ImportError as exc:
                raise ImportError("progress=True needs rich: pip install rich") from exc

            self.progress = Progress(console=Console(stderr=True), transient=False)
            self.task = self.progress.add_task(description, total=total)

    def __enter__(self) -> _Bar:
        if self.progress is not None:
            self.progress.start()
        return self

    def advance(self, amount: int) -> None:
        if self.progress is not None:
            self.progress.advance(self.task, amount)

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()


def _run(
    tasks: Iterable[Callable[[], T]], workers: int, bar: _Bar, weight: Callable[[T], int]
) -> Iterator[T]:
    """The results of ``tasks`` in order, computed on ``workers`` threads (at most two
    tasks per worker in flight; the rest are not even created, so memory stays bounded).
    On an error or Ctrl-C the pending tasks are cancelled and the running ones finish
    (a chunk: milliseconds)."""
    if workers == 1:
        for task in tasks:
            result = task()
            bar.advance(weight(result))
            yield result
        return
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="ecarte-batch") as pool:
        pending: deque[Future[T]] = deque()
        try:
            for task in tasks:
                pending.append(pool.submit(task))
                while len(pending) >= 2 * workers:
                    result = pending.popleft().result()
                    bar.advance(weight(result))
                    yield result
            while pending:
                result = pending.popleft().result()
                bar.advance(weight(result))
                yield result
        finally:
            for future in pending:
                future.cancel()


def _chunks(
    play: Callable[[int, int], T],
    n: int,
    seed: int,
    workers: int,
    bar: _Bar,
    weight: Callable[[T], int],
    size: int | None = None,
) -> Iterator[T]:
    """``play(its size, its seed)`` for each chunk of ``size`` items (:data:`CHUNK`) of a
    batch of ``n`` (the last one smaller), the chunk seeds drawn from ``seed``: the
    results in order, computed on ``workers`` threads (:func:`_run`)."""
    size = CHUNK if size is None else size
    sizes = [min(size, n - start) for start in range(0, n, size)]
    tasks = (partial(play, k_size, chunk_seed(seed, k)) for k, k_size in enumerate(sizes))
    return _run(tasks, workers, bar, weight)


def _sums(kind: Callable[..., T], zero: Sequence[Any], chunks: Iterable[Any]) -> T:
    """``kind`` of the chunks' totals added up field by field from ``zero`` (every field
    but the digest): numbers summed, tuples item by item (as many items as ``zero``'s),
    the digests (each chunk's last field) chained (:func:`_chain`)."""
    sums = list(zero)
    digest = None
    for t in chunks:
        for i, (s, v) in enumerate(zip(sums, t, strict=False)):
            sums[i] = (
                tuple(a + b for a, b in zip(s, v, strict=False)) if isinstance(s, tuple) else s + v
            )
        digest = _chain(digest, t[-1])
    return kind(*sums, _FNV_OFFSET if digest is None else digest)


def _totals(
    kind: Callable[..., T],
    fn: Callable[[int, int, Any], Any],
    n: int,
    seed: int,
    opts: Any,
    workers: object,
    progress: bool,
    what: str,
) -> T:
    """Play ``n`` hands with ``fn`` in chunks and add up their totals: ``kind(hands, the
    seven sums, digest)`` (:func:`_sums`)."""
    w = _workers(workers)

    def play(size: int, s: int) -> Any:
        return fn(size, s, opts)

    with _Bar(progress, f"random {what}", n) as bar:
        return _sums(kind, [0] * 8, _chunks(play, n, seed, w, bar, lambda t: t.hands))
