"""The arena on a Dask cluster of two worker processes: the numbers of the serial run."""

from __future__ import annotations

import pytest
from helpers import dask_two_workers
from test_arena import PLAYERS, no_processes_under_asan, numbers

from ecarte.arena import run

pytestmark = pytest.mark.own_backends


@pytest.mark.long(10)
@no_processes_under_asan
def test_a_two_worker_local_cluster_gives_the_serial_numbers() -> None:
    with dask_two_workers() as executor:
        on_dask = run(PLAYERS, 4, seed=3, executor=executor, pairs_per_task=1)
    assert on_dask.executor == "ClientExecutor"
    assert numbers(on_dask.summary()) == numbers(run(PLAYERS, 4, seed=3, workers=1).summary())
