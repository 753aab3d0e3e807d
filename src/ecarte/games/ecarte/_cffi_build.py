"""cffi build script for ``ecarte.games.ecarte._cffi_ecarte``: this game's C on the core's
(``ecarte/_core/_cffi_build.py``, whose types it shares)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location(
    "_ecarte_core_cffi_build", HERE.parents[1] / "_core" / "_cffi_build.py"
)
assert _spec is not None and _spec.loader is not None
core = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(core)

ffibuilder = core.builder(
    "ecarte.games.ecarte._cffi_ecarte",
    HERE / "c",
    ["ecarte_rules.h", "ecarte_hands.h", "ecarte_machine.h"],
    ["ec_rules.c", "ec_batch.c", "ec_machine.c"],
    core=("ec_tricks.c", "ec_rng.c", "ec_solver.c"),
    include=core.ffibuilder,
)

if __name__ == "__main__":
    import os

    os.chdir(core.ROOT)
    ffibuilder.compile(tmpdir="build/cffi", verbose=True)
