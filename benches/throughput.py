"""Arena throughput on one worker, two local worker processes and a two-worker Dask
``LocalCluster`` (docs/arena.md): the same pairs on each, the same numbers, and the pairs
played per second.

    python benches/throughput.py --pairs 64                  # about a minute on 2 cores
    python benches/throughput.py --players ismcts pimc --pairs 64
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ecarte.arena import run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", nargs=2, default=["pimc", "heuristic"])
    parser.add_argument("--pairs", type=int, default=64)
    parser.add_argument("--pairs-per-task", type=int, default=8)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    from dask.distributed import Client, LocalCluster

    rows = []
    reference: Any = None

    def measure(name: str, **how: Any) -> None:
        nonlocal reference
        start = time.perf_counter()
        result = run(
            args.players, args.pairs, seed=args.seed, pairs_per_task=args.pairs_per_task, **how
        )
        seconds = time.perf_counter() - start
        per_pair = result.summary()["per_pair"]
        if reference is None:
            reference = per_pair
        same = "yes" if per_pair == reference else "NO"
        rows.append(f"| {name} | {seconds:.1f} | {args.pairs / seconds:.2f} | {same} |")
        print(rows[-1], flush=True)

    measure("one worker (this process)", workers=1)
    with ProcessPoolExecutor(2) as pool:
        measure("two worker processes", executor=pool)
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, dashboard_address=None, worker_dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        measure("Dask LocalCluster, two workers", executor=client.get_executor())
    print(f"\n{' '.join(args.players)}, {args.pairs} pairs, {os.cpu_count()} cores")
    print("| executor | seconds | pairs per second | same numbers |\n|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
