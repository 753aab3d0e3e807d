"""The arena on a Dask cluster of two worker processes: the numbers of the serial run."""

from __future__ import annotations

import pytest
from test_arena import PLAYERS, numbers

from ecarte.arena import run

pytestmark = pytest.mark.own_backends


@pytest.mark.long(10)
def test_a_two_worker_local_cluster_gives_the_serial_numbers() -> None:
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        worker_dashboard_address=None,
    )
    with cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        on_dask = run(PLAYERS, 4, seed=3, executor=client.get_executor(), pairs_per_task=1)
    assert on_dask.executor == "ClientExecutor"
    assert numbers(on_dask.summary()) == numbers(run(PLAYERS, 4, seed=3, workers=1).summary())
