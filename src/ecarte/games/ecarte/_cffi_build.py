"""cffi build script for ``ecarte.games.ecarte._cffi_ecarte``: Écarté's C on the core's
(``games/_cffi_game.py``); run it to build the module in place."""

from __future__ import annotations

import runpy
from pathlib import Path

_game = runpy.run_path(str(Path(__file__).resolve().parents[1] / "_cffi_game.py"))

ffibuilder = _game["game_builder"](
    __file__,
    ["ecarte_rules.h", "ecarte_hands.h", "ecarte_machine.h", "ecarte_view.h"],
    ["ec_rules.c", "ec_batch.c", "ec_machine.c", "ec_view.c"],
    ("ec_tricks.c", "ec_rng.c", "ec_solver.c"),
)

if __name__ == "__main__":
    _game["compile_in_place"](ffibuilder)
