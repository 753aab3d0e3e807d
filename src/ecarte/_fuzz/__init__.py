"""Hostile-input fuzzing of the public API, the bindings, saves and plugin hooks.

    python -m ecarte._fuzz --trials 20000 --jobs 1

Trials run in batches, each batch in a subprocess on one backend (``cython``, ``cffi``,
``pure``), so that a crash is counted instead of ending the run and a batch that outlives
its deadline is counted as a hang. A trial is one hostile call with its checks:

- ``api`` and ``euchre``: a call to a game of Écarté or Euchre with an action, a seat,
  an id or a text drawn from a hostile pool (int subclasses that lie or empty lists,
  objects whose ``__index__`` raises, events, other games' actions, garbage text), at a
  random point of a random game. It must succeed only if legal, fail only with a package
  error, leave the state as it was after an error; each seat's observation is checked
  for hidden cards.
- ``bindings``: the core's functions and both game machines with hostile arguments
  (lists emptied while read, lying ints, objects made by ``__new__`` alone), compared
  with the pure twin: the same result or the same error on every backend.
- ``saves``: a save of either game, mutated (a key deleted, a value replaced, records
  swapped or stacked, text corrupted), then loaded: refused with a package error, or
  loaded as a game that saves and loads again to itself; a deleted key or a stacked deal
  is always refused.
- ``hooks``: a game whose plugin answers each hook with nonsense, raises, changes the
  game or writes the interned actions: each refusal is a package error naming the plugin,
  the state is unchanged, and no nonsense answer is silently taken.

The report counts trials, refusals and each kind of failure (the first few with a seed
to reproduce them). Private: a tool for the project's tests and docs, not an API.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from typing import Any

from ._bindings import trials_bindings
from ._common import FAMILIES, KINDS, Trials
from ._games import trials_api, trials_euchre
from ._hooks import _probe_crash, _probe_hang, trials_hooks
from ._saves import trials_saves

__all__ = ["FAMILIES", "KINDS", "main", "run", "run_batch"]

RUNNERS: dict[str, Callable[[Trials, random.Random, int], None]] = {
    "api": trials_api,
    "euchre": trials_euchre,
    "bindings": trials_bindings,
    "saves": trials_saves,
    "hooks": trials_hooks,
    "probe-crash": _probe_crash,
    "probe-hang": _probe_hang,
}


def run_batch(family: str, backend: str, seed: int, n: int) -> dict[str, Any]:
    """Run ``n`` trials of ``family`` on ``backend`` in this process."""
    from ecarte.engine import backend as _backend

    live = _backend.live()
    _backend.use_backend(backend)
    t = Trials(family, backend, seed)
    try:
        RUNNERS[family](t, random.Random(seed), n)
    except Exception as exc:  # outside any checked call: a legal move failed, or a bug here
        where = traceback.extract_tb(exc.__traceback__)[-1]
        t.fail("uncaught", f"{type(exc).__name__}: {exc} ({where.filename}:{where.lineno})")
    finally:
        _backend.use_backend(live)
    return {"counts": dict(t.counts), "examples": t.examples}


# ------------------------------------------------------------------------ driver


def _available_backends() -> list[str]:
    import ecarte._core as core

    return [b for b in ("cython", "cffi", "pure") if b in core.backends()]


def run(
    trials: int,
    *,
    families: tuple[str, ...] = FAMILIES,
    backends: tuple[str, ...] | None = None,
    seed: int = 0,
    batch: int = 2000,
    jobs: int = 1,
    timeout: float = 600.0,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Run about ``trials`` trials spread over ``families`` and ``backends``, each batch in a
    subprocess; return the totals: counts of trials, refusals and every kind of failure,
    and the first examples."""
    backends = tuple(backends or _available_backends())
    cells = [(f, b) for f in families for b in backends]
    per_cell = max(1, trials // len(cells))
    todo: list[tuple[str, str, int, int]] = []
    for i, (f, b) in enumerate(cells):
        left, k = per_cell, 0
        while left > 0:
            n = min(batch, left)
            todo.append((f, b, seed * 1_000_003 + i * 10_007 + k, n))
            left -= n
            k += 1
    totals: Counter[str] = Counter()
    examples: list[str] = []
    running: list[tuple[subprocess.Popen[str], tuple[str, str, int, int], float]] = []
    env = dict(os.environ, PYTHONHASHSEED="0")
    start = time.monotonic()
    done = 0

    def finish(p: subprocess.Popen[str], job: tuple[str, str, int, int], began: float) -> None:
        nonlocal done
        f, b, s, n = job
        try:
            out, err = p.communicate(timeout=max(1.0, timeout - (time.monotonic() - began)))
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            totals["hang"] += 1
            examples.append(f"hang: {f} on {b}, batch seed {s} ({n} trials)")
            return
        lines = out.strip().splitlines()
        if p.returncode != 0 or not lines:
            totals["crash"] += 1
            examples.append(
                f"crash: {f} on {b}, batch seed {s}: exit {p.returncode} {err.strip()[-300:]}"
            )
            return
        result = json.loads(lines[-1])
        totals.update(result["counts"])
        examples.extend(result["examples"][: max(0, 20 - len(examples))])
        done += 1
        if progress:
            progress(
                f"{done}/{len(todo)} batches, {totals['trials']:,} trials, "
                f"{time.monotonic() - start:.0f} s"
            )

    for job in todo:
        while len(running) >= jobs:
            p, j, began = running.pop(0)
            finish(p, j, began)
        f, b, s, n = job
        cmd = [sys.executable, "-m", "ecarte._fuzz", "--worker", f, b, str(s), str(n)]
        p = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
        )
        running.append((p, job, time.monotonic()))
    for p, j, began in running:
        finish(p, j, began)
    totals["seconds"] = round(time.monotonic() - start)
    return {
        "backends": list(backends),
        "families": list(families),
        "counts": {k: totals[k] for k in sorted(totals)},
        "failures": sum(totals[k] for k in KINDS),
        "examples": examples,
    }


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        family, backend, seed, n = argv[1], argv[2], int(argv[3]), int(argv[4])
        print(json.dumps(run_batch(family, backend, seed, n)))
        return 0
    ap = argparse.ArgumentParser(prog="python -m ecarte._fuzz", description=__doc__.split("\n")[0])
    ap.add_argument("--trials", type=int, default=20_000)
    ap.add_argument("--families", default=",".join(FAMILIES))
    ap.add_argument("--backends", default=None, help="comma-separated; default: every one")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--batch", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per batch")
    a = ap.parse_args(argv)
    result = run(
        a.trials,
        families=tuple(a.families.split(",")),
        backends=tuple(a.backends.split(",")) if a.backends else None,
        seed=a.seed,
        batch=a.batch,
        jobs=a.jobs,
        timeout=a.timeout,
        progress=lambda s: print(s, file=sys.stderr, flush=True),
    )
    print(json.dumps(result, indent=1, ensure_ascii=False))
    return 1 if result["failures"] else 0
