"""The RL interface's speed targets: ``pytest benches/test_bench_rl.py --benchmark-enable``
(``benches/rl_speed.py`` spells out the rows and prints them as a table). Each row's
figures are in ``extra_info`` with their peers and targets; nothing here asserts a speed.
Without ``--benchmark-enable`` each body runs one short round."""

from __future__ import annotations

from typing import Any

import pytest
import rl_speed

import ecarte._core as core

pytestmark = pytest.mark.skipif(
    core.BACKEND == "pure", reason="the RL modules are compiled (no pure-Python twin)"
)


def test_batch_steps_at_1024(benchmark: Any) -> None:
    """Both games' batches and pgx's Leduc (when installed) in turn, medians of rounds."""
    steps = 200 if benchmark.enabled else 5
    result = benchmark.pedantic(
        lambda: rl_speed.batch_steps(steps=steps, rounds=5 if benchmark.enabled else 1),
        rounds=1,
    )
    pgx = result["pgx"]
    info = benchmark.extra_info
    info["target_steps_per_s"] = rl_speed.TARGET_BATCH
    info["target_ratio_to_pgx"] = rl_speed.TARGET_PGX
    if pgx:
        info["pgx_leduc_steps_per_s"] = round(pgx["env"])
        info["pgx_compile_s"] = round(result["pgx_compile_s"], 2)
    for name in rl_speed.SPECS:
        env = result[name]["env"]
        info[f"{name}_env_steps_per_s"] = round(env)
        info[f"{name}_env_steps_per_cpu_s"] = round(result[name]["env_cpu"])
        info[f"{name}_with_policy_steps_per_s"] = round(result[name]["with_policy"])
        info[f"{name}_met"] = env >= rl_speed.TARGET_BATCH
        if pgx:
            info[f"{name}_ratio_to_pgx"] = round(env / pgx["env"], 2)
            info[f"{name}_met_pgx"] = env / pgx["env"] >= rl_speed.TARGET_PGX


def test_aec_against_pettingzoo_leduc(benchmark: Any) -> None:
    steps = 20000 if benchmark.enabled else 300
    result = benchmark.pedantic(
        lambda: rl_speed.aec_steps(steps=steps, rounds=3 if benchmark.enabled else 1), rounds=1
    )
    leduc = result["leduc"]
    benchmark.extra_info.update({f"{k}_steps_per_s": v and round(v) for k, v in result.items()})
    if leduc:
        for name in rl_speed.SPECS:
            ratio = result[name] / leduc  # type: ignore[operator]
            benchmark.extra_info[f"{name}_ratio"] = round(ratio, 1)
            benchmark.extra_info[f"{name}_met"] = ratio >= rl_speed.TARGET_AEC


def test_openspiel_random_sim(benchmark: Any) -> None:
    result = benchmark.pedantic(
        lambda: rl_speed.spiel_sim(
            sims=20 if benchmark.enabled else 2, rounds=3 if benchmark.enabled else 1
        ),
        rounds=1,
    )
    if result is None:
        pytest.skip("OpenSpiel is not installed (pip install 'ecarte[openspiel]'): no baseline")
    benchmark.extra_info.update({f"{k}_ms_per_sim": round(v * 1e3, 3) for k, v in result.items()})
