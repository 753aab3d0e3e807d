"""The RL interface's speed against its peers, measured in one run: ``python
benches/rl_speed.py`` prints the table (``--quick`` for a short run); the functions are the
bodies of ``benches/test_bench_rl.py``.

1. The batched environment (``ecarte.rl.vector``): steps per second at batch 1,024 on one
   core (one thread), observation tensors and masks written, each game; timed around the
   C step call alone (the environment) and with a numpy sampler of the legal actions
   around it (environment and policy). Target: 5 million steps a second, and 3x pgx's
   Leduc hold'em at that batch (1.19 million, the issue's figure on this machine kind;
   pgx needs JAX, not installed here).
2. The AEC environment (``ecarte.rl.aec``, seat turns): steps per second of PettingZoo's
   loop (``agent_iter``, ``last``, a random legal action from the mask, ``step``) against
   PettingZoo's own ``leduc_holdem_v4`` in the same loop (it needs ``rlcard`` and
   ``pygame``, which the test extra does not install: without them the row has no
   peer). Target: 10x.
3. The OpenSpiel adapter: ``pyspiel.random_sim_test`` time per simulation of a single
   deal of Euchre (``ecarte_euchre``, the openspiel preset) against OpenSpiel's C++
   ``euchre``; no target (the issue asks for the figure).
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

import numpy as np

from ecarte.rl import EcarteSpec, EuchreSpec, Spec
from ecarte.rl.vector import VecEnv

TARGET_BATCH = 5e6
PGX_LEDUC_1024 = 1.19e6  # the measure of pgx on this machine kind
TARGET_PGX = 3.0
TARGET_AEC = 10.0

SPECS: dict[str, Spec] = {"euchre": EuchreSpec(), "ecarte": EcarteSpec()}


def batch_steps(spec: Spec, n: int = 1024, steps: int = 200, seed: int = 1) -> dict[str, float]:
    """Steps a second of ``steps`` batch steps of ``n`` environments: the C call alone
    (``env``) and with the numpy sampler (``with_policy``)."""
    env = VecEnv(spec, n, seed=seed)
    out = env.reset()
    rng = np.random.default_rng(seed)
    args = (out.obs, out.mask, out.rewards, out.terminated, out.to_act)
    stepping = 0.0
    t_all = time.perf_counter()
    for _ in range(steps):
        actions = env.sample(rng)
        t0 = time.perf_counter()
        env._batch.step(actions, *args)
        stepping += time.perf_counter() - t0
    total = time.perf_counter() - t_all
    return {"env": n * steps / stepping, "with_policy": n * steps / total}


def _aec_loop(env: Any, steps: int, seed: int) -> float:
    """PettingZoo's loop for ``steps`` steps (new games as they end); steps a second."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    done = 0
    t0 = time.perf_counter()
    while done < steps:
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                action = None
            else:
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[rng.integers(len(legal))])
            env.step(action)
            done += 1
        env.reset()
    return done / (time.perf_counter() - t0)


def leduc_env() -> Any | None:
    """PettingZoo's Leduc hold'em, or None without rlcard."""
    try:
        from pettingzoo.classic import leduc_holdem_v4
    except Exception:  # rlcard missing (DependencyNotInstalled), or its import fails
        return None
    return leduc_holdem_v4.env()


def aec_steps(steps: int = 20000, seed: int = 1, rounds: int = 3) -> dict[str, float | None]:
    """Steps a second of each game's AEC environment and of PettingZoo's Leduc (None
    without rlcard): medians over ``rounds`` rounds, the environments in turn in each (a
    change of the machine's load hits them alike)."""
    from ecarte.rl.aec import CardGameEnv

    envs: dict[str, Any] = {name: CardGameEnv(spec) for name, spec in SPECS.items()}
    leduc = leduc_env()
    if leduc is not None:
        envs["leduc"] = leduc
    times: dict[str, list[float]] = {name: [] for name in envs}
    for _ in range(rounds):
        for name, env in envs.items():
            times[name].append(_aec_loop(env, steps, seed))
    out: dict[str, float | None] = {k: statistics.median(v) for k, v in times.items()}
    out.setdefault("leduc", None)
    return out


def spiel_sim(sims: int = 20) -> dict[str, float] | None:
    """Seconds per ``random_sim_test`` simulation: ours and OpenSpiel's C++ euchre."""
    try:
        import pyspiel
    except ImportError:
        return None
    import ecarte.rl.spiel  # noqa: F401 - registers the games

    def per_sim(game: Any) -> float:
        t0 = time.perf_counter()
        pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)
        return (time.perf_counter() - t0) / sims

    ours = pyspiel.load_game("ecarte_euchre", {"rules": "openspiel"})
    return {"ecarte_euchre": per_sim(ours), "euchre": per_sim(pyspiel.load_game("euchre"))}


def report(quick: bool = False) -> list[str]:
    scale = 0.1 if quick else 1.0
    lines = ["| measure | value | peer | ratio | target |", "| --- | --- | --- | --- | --- |"]
    for name, spec in SPECS.items():
        b = batch_steps(spec, steps=max(20, int(200 * scale)))
        lines.append(
            f"| batch 1,024 {name}: env steps/s | {b['env']:,.0f} | pgx Leduc "
            f"{PGX_LEDUC_1024:,.0f} (issue) | {b['env'] / PGX_LEDUC_1024:.2f}x | "
            f"{TARGET_BATCH:,.0f}, {TARGET_PGX}x |"
        )
        lines.append(f"| batch 1,024 {name}: with numpy policy | {b['with_policy']:,.0f} | | | |")
    a = aec_steps(steps=max(2000, int(20000 * scale)))
    leduc = a.pop("leduc")  # medians of alternating rounds
    for name, v in a.items():
        assert v is not None
        ratio = f"{v / leduc:.1f}x" if leduc else "n/a"
        peer = f"PettingZoo Leduc {leduc:,.0f}" if leduc else "PettingZoo Leduc: rlcard missing"
        lines.append(f"| AEC {name}: steps/s | {v:,.0f} | {peer} | {ratio} | {TARGET_AEC}x |")
    s = spiel_sim(sims=max(5, int(20 * scale)))
    if s:
        lines.append(
            f"| OpenSpiel random_sim_test per sim | {s['ecarte_euchre'] * 1e3:.2f} ms | C++ euchre "
            f"{s['euchre'] * 1e3:.2f} ms | {s['ecarte_euchre'] / s['euchre']:.0f}x | (report) |"
        )
    return lines


if __name__ == "__main__":
    print("\n".join(report(quick="--quick" in sys.argv)))
