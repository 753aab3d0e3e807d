"""The executors the commands that simulate in tasks run on (``ecarte arena``,
``ecarte analyse``): ``--workers N`` local processes, or ``--dask ADDRESS`` a Dask
scheduler (``--dask local``: a Dask ``LocalCluster`` of ``--workers`` processes, two by
default). Results never depend on the executor: each task seeds itself from the run's
seed and its own number."""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

from ._errors import EcarteError

__all__ = ["add_executor_arguments", "dask_executor", "open_executor"]

LOCAL = "local"
"""The ``--dask`` address that starts a LocalCluster in this process."""


def add_executor_arguments(parser: argparse.ArgumentParser) -> None:
    """``--workers`` and ``--dask``."""
    parser.add_argument(
        "--workers", type=int, help="processes of the local pool (default: every core)"
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help=(
            "run the tasks on this Dask scheduler (tcp://host:8786) instead of a local pool; "
            "'local': a Dask LocalCluster of --workers processes (2)"
        ),
    )


@contextmanager
def dask_executor(address: str | None, workers: int | None = None) -> Iterator[Executor | None]:
    """A Dask client's executor on the scheduler at ``address`` (a LocalCluster of
    ``workers`` one-thread processes for ``"local"``), closed on leaving; None without an
    address."""
    if not address:
        yield None
        return
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as exc:
        raise ImportError("--dask needs dask.distributed: pip install 'ecarte[dask]'") from exc
    cluster: Any = None
    if address == LOCAL:
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers or 2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            worker_dashboard_address=None,
        )
    try:
        client = Client(cluster if cluster is not None else address)  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TypeError) as exc:  # no scheduler there, a bad address
        if cluster is not None:
            cluster.close()
        raise EcarteError(f"--dask {address!r}: {exc}") from exc
    try:
        yield client.get_executor()  # type: ignore[no-untyped-call]
    finally:
        client.close()  # type: ignore[no-untyped-call]
        if cluster is not None:
            cluster.close()


@contextmanager
def open_executor(address: str | None, workers: int | None) -> Iterator[Executor | None]:
    """The executor of ``--dask`` and ``--workers``: Dask's when an address is given, else
    a process pool of ``workers`` (default: every core), else (one worker) None: this
    process."""
    if address:
        with dask_executor(address, workers) as executor:
            yield executor
        return
    n = workers or os.cpu_count() or 1
    if n <= 1:
        yield None
        return
    pool = ProcessPoolExecutor(max_workers=n)
    try:
        yield pool
    finally:
        pool.shutdown(cancel_futures=True)
