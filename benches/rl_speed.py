"""The RL interface's speed against its peers, measured in one run: ``python
benches/rl_speed.py`` prints the table (``--quick`` for a short run); the functions are the
bodies of ``benches/test_bench_rl.py``. The peers install with the ``bench`` extra
(``pip install "ecarte[bench]"``: pgx with JAX, rlcard and pygame for PettingZoo's Leduc).

1. The batched environment (``ecarte.rl.vector``): steps per second at batch 1,024 on one
   core (one thread), observation tensors and masks written, each game; timed around the
   C step call alone (the environment) and with a numpy sampler of the legal actions
   around it (environment and policy). Its peer is pgx's Leduc hold'em (JAX, one thread)
   at the same batch, auto-reset like ours (``pgx.experimental.auto_reset``), jit-compiled
   first (the compilation timed apart) and timed around its step with
   ``jax.block_until_ready``; the three run in turn in each round (the order reversed
   every other round) and the rows are medians of the rounds. Target: 5 million steps a
   second, and 3x pgx. Without pgx the row has no peer.
2. The AEC environment (``ecarte.rl.aec``, seat turns): steps per second of PettingZoo's
   loop (``agent_iter``, ``last``, a random legal action from the mask, ``step``) against
   PettingZoo's own ``leduc_holdem_v4`` in the same loop (it needs ``rlcard`` and
   ``pygame``: without them the row has no peer). Target: 10x.
3. The OpenSpiel adapter: ``pyspiel.random_sim_test`` time per simulation of a single
   deal of Euchre (``ecarte_euchre``, the openspiel preset) against OpenSpiel's C++
   ``euchre``, in turn in rounds, medians; no target (the figure is reported). Without
   OpenSpiel the row says so.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Any

import numpy as np

from ecarte.rl import EcarteSpec, EuchreSpec, Spec
from ecarte.rl.vector import VecEnv

TARGET_BATCH = 5e6
TARGET_PGX = 3.0
TARGET_AEC = 10.0
BATCH = 1024

SPECS: dict[str, Spec] = {"euchre": EuchreSpec(), "ecarte": EcarteSpec()}


class Batch:
    """A batch of ``n`` environments of ``spec`` and a numpy sampler of its legal actions."""

    def __init__(self, spec: Spec, n: int = BATCH, seed: int = 1) -> None:
        self.env = VecEnv(spec, n, seed=seed)
        self.out = self.env.reset()
        self.rng = np.random.default_rng(seed)

    def run(self, steps: int) -> dict[str, float]:
        """Steps a second of ``steps`` batch steps: the C call alone (``env``; ``env_cpu``
        per second of this thread's CPU time, what the machine's other load does not
        change) and with the numpy sampler (``with_policy``)."""
        env, out = self.env, self.out
        args = (out.obs, out.mask, out.rewards, out.terminated, out.to_act)
        stepping = cpu = 0.0
        t_all = time.perf_counter()
        for _ in range(steps):
            actions = env.sample(self.rng)
            c0, t0 = time.thread_time(), time.perf_counter()
            env._batch.step(actions, *args)
            stepping += time.perf_counter() - t0
            cpu += time.thread_time() - c0
        total = time.perf_counter() - t_all
        n = env.n * steps
        return {"env": n / stepping, "env_cpu": n / cpu, "with_policy": n / total}


class PgxLeduc:
    """pgx's Leduc hold'em, ``n`` environments auto-reset, on one thread: built and
    jit-compiled by the constructor (``compile_s`` seconds)."""

    def __init__(self, n: int = BATCH, seed: int = 1) -> None:
        if "jax" not in sys.modules:  # one thread, as our batch (read when jax starts)
            os.environ.setdefault(
                "XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
            )
        import jax
        import jax.numpy as jnp
        import pgx
        from pgx.experimental import auto_reset

        self.jax = jax
        env = pgx.make("leduc_holdem")

        def act(state: Any, key: Any) -> Any:
            k1, k2 = jax.random.split(key)
            logits = jnp.log(state.legal_action_mask.astype(jnp.float32))
            return jax.random.categorical(k1, logits, axis=-1), jax.random.split(k2, n)

        t0 = time.perf_counter()
        self.step = jax.jit(jax.vmap(auto_reset(env.step, env.init)))
        self.act = jax.jit(act)
        self.key = jax.random.PRNGKey(seed)
        self.state = jax.jit(jax.vmap(env.init))(jax.random.split(self.key, n))
        actions, keys = self.act(self.state, self.key)
        self.state = jax.block_until_ready(self.step(self.state, actions, keys))
        self.compile_s = time.perf_counter() - t0
        self.n = n

    def run(self, steps: int) -> dict[str, float]:
        """Steps a second of ``steps`` batch steps, timed around the step alone."""
        jax = self.jax
        stepping = 0.0
        for _ in range(steps):
            self.key, key = jax.random.split(self.key)
            actions, keys = jax.block_until_ready(self.act(self.state, key))
            t0 = time.perf_counter()
            self.state = jax.block_until_ready(self.step(self.state, actions, keys))
            stepping += time.perf_counter() - t0
        return {"env": self.n * steps / stepping}


def _turns(names: list[str], r: int) -> list[str]:
    """The contenders' order in round ``r``: reversed every other round, so that none
    always runs first."""
    return names if r % 2 == 0 else names[::-1]


def pgx_leduc(n: int = BATCH) -> PgxLeduc | None:
    """pgx's Leduc hold'em compiled, or None without pgx."""
    try:
        return PgxLeduc(n)
    except ImportError:
        return None


def batch_steps(
    steps: int = 200, rounds: int = 5, n: int = BATCH, with_pgx: bool = True
) -> dict[str, Any]:
    """Each game's batch and pgx's Leduc (None without pgx, or ``with_pgx`` false) in turn
    (the order reversed every other round) in each of ``rounds`` rounds of ``steps``
    steps: the medians of their steps a second (``{name: Batch.run's dict}``; pgx's
    ``env`` alone, JAX computing in threads of its own), and pgx's compilation in seconds
    (``pgx_compile_s``)."""
    runners: dict[str, Any] = {name: Batch(spec, n) for name, spec in SPECS.items()}
    pgx = pgx_leduc(n) if with_pgx else None
    if pgx is not None:
        runners["pgx"] = pgx
    rates: dict[str, list[dict[str, float]]] = {name: [] for name in runners}
    for r in range(rounds):
        for name in _turns(list(runners), r):
            rates[name].append(runners[name].run(steps))
    out: dict[str, Any] = {
        name: {k: statistics.median(r[k] for r in rs) for k in rs[0]} for name, rs in rates.items()
    }
    out.setdefault("pgx", None)
    out["pgx_compile_s"] = pgx.compile_s if pgx else None
    return out


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
    without rlcard): medians over ``rounds`` rounds, the environments in turn in each, the
    order reversed every other round (a change of the machine's load hits them alike)."""
    from ecarte.rl.aec import CardGameEnv

    envs: dict[str, Any] = {name: CardGameEnv(spec) for name, spec in SPECS.items()}
    leduc = leduc_env()
    if leduc is not None:
        envs["leduc"] = leduc
    times: dict[str, list[float]] = {name: [] for name in envs}
    for r in range(rounds):
        for name in _turns(list(envs), r):
            times[name].append(_aec_loop(envs[name], steps, seed))
    out: dict[str, float | None] = {k: statistics.median(v) for k, v in times.items()}
    out.setdefault("leduc", None)
    return out


def spiel_sim(sims: int = 20, rounds: int = 3) -> dict[str, float] | None:
    """Seconds per ``random_sim_test`` simulation: ours and OpenSpiel's C++ euchre, in
    turn in each of ``rounds`` rounds (the order reversed every other round), medians of
    the rounds; None without OpenSpiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    import ecarte.rl.spiel  # noqa: F401 - registers the games

    def per_sim(game: Any) -> float:
        t0 = time.perf_counter()
        pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)
        return (time.perf_counter() - t0) / sims

    games = {
        "ecarte_euchre": pyspiel.load_game("ecarte_euchre", {"rules": "openspiel"}),
        "euchre": pyspiel.load_game("euchre"),
    }
    times: dict[str, list[float]] = {name: [] for name in games}
    for r in range(rounds):
        for name in _turns(list(games), r):
            times[name].append(per_sim(games[name]))
    return {name: statistics.median(t) for name, t in times.items()}


def report(quick: bool = False) -> list[str]:
    scale = 0.1 if quick else 1.0
    lines = ["| measure | value | peer | ratio | target |", "| --- | --- | --- | --- | --- |"]
    b = batch_steps(steps=max(20, int(200 * scale)), rounds=3 if quick else 5)
    pgx = b["pgx"]
    for name in SPECS:
        v = b[name]["env"]
        peer, ratio = 'pgx: not installed (pip install "ecarte[bench]")', "n/a"
        if pgx:
            peer = f"pgx Leduc {pgx['env']:,.0f}"
            ratio = f"{v / pgx['env']:.2f}x"
        lines.append(
            f"| batch 1,024 {name}: env steps/s | {v:,.0f} | {peer} | {ratio} | "
            f"{TARGET_BATCH:,.0f}, {TARGET_PGX}x |"
        )
        cpu, policy = b[name]["env_cpu"], b[name]["with_policy"]
        lines.append(f"| batch 1,024 {name}: env steps per CPU second | {cpu:,.0f} | | | |")
        lines.append(f"| batch 1,024 {name}: with numpy policy | {policy:,.0f} | | | |")
    if pgx:
        lines.append(f"| pgx Leduc: jit compilation | {b['pgx_compile_s']:.1f} s | | | |")
    a = aec_steps(steps=max(2000, int(20000 * scale)))
    leduc = a.pop("leduc")  # medians of alternating rounds
    for name, v in a.items():
        assert v is not None
        ratio = f"{v / leduc:.1f}x" if leduc else "n/a"
        peer = (
            f"PettingZoo Leduc {leduc:,.0f}"
            if leduc
            else 'PettingZoo Leduc: rlcard missing (pip install "ecarte[bench]")'
        )
        lines.append(f"| AEC {name}: steps/s | {v:,.0f} | {peer} | {ratio} | {TARGET_AEC}x |")
    s = spiel_sim(sims=max(5, int(20 * scale)), rounds=3 if quick else 5)
    if s:
        lines.append(
            f"| OpenSpiel random_sim_test per sim | {s['ecarte_euchre'] * 1e3:.2f} ms | C++ euchre "
            f"{s['euchre'] * 1e3:.2f} ms | {s['ecarte_euchre'] / s['euchre']:.0f}x | (report) |"
        )
    else:
        lines.append(
            "| OpenSpiel random_sim_test per sim | n/a | OpenSpiel: not installed "
            "(pip install 'ecarte[openspiel]') | n/a | (report) |"
        )
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description="The RL interface's speed against its peers, measured in one run."
    )
    parser.add_argument("--quick", action="store_true", help="a short run")
    args = parser.parse_args(argv)
    print("\n".join(report(quick=args.quick)))


if __name__ == "__main__":
    main()
