"""Arena and analysis throughput on one worker, two local worker processes and a two-worker
Dask ``LocalCluster`` (docs/arena.md): the same work on each, the same numbers, and the
pairs (the arena) or deals (the first decision's game) per second.

    python benches/throughput.py --pairs 64 --deals 40000    # about a minute on 2 cores
    python benches/throughput.py --players ismcts pimc --pairs 64
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ecarte.analysis import first_decision_game
from ecarte.arena import run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", nargs=2, default=["pimc", "heuristic"])
    parser.add_argument("--pairs", type=int, default=64)
    parser.add_argument("--pairs-per-task", type=int, default=8)
    parser.add_argument("--deals", type=int, default=40_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    from dask.distributed import Client, LocalCluster

    rows = []
    reference: dict[str, Any] = {}

    def measure(name: str, **how: Any) -> None:
        start = time.perf_counter()
        result = run(
            args.players,
            args.pairs,
            seed=args.seed,
            pairs_per_task=args.pairs_per_task,
            workers=1 if "executor" not in how else None,
            **how,
        )
        arena = time.perf_counter() - start
        numbers = result.summary()["per_pair"]
        start = time.perf_counter()
        game = first_decision_game(args.deals, args.seed, executor=how.get("executor"))
        analysis = time.perf_counter() - start
        reference.setdefault("arena", numbers)
        reference.setdefault("game", game)
        same = "yes" if numbers == reference["arena"] and game == reference["game"] else "NO"
        rows.append(
            f"| {name} | {arena:.1f} s, {args.pairs / arena:.2f} pairs/s "
            f"| {analysis:.1f} s, {args.deals / analysis:,.0f} deals/s | {same} |"
        )
        print(rows[-1], flush=True)

    measure("one worker (this process)")
    with ProcessPoolExecutor(2) as pool:
        measure("two worker processes", executor=pool)
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, dashboard_address=None, worker_dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        measure("Dask LocalCluster, two workers", executor=client.get_executor())
    print(
        f"\narena {' v '.join(args.players)}, {args.pairs} pairs; analysis {args.deals} deals; "
        f"{os.cpu_count()} cores"
    )
    print("| executor | arena | analysis | same numbers |\n|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
