"""cffi build script for ``ecarte.games.euchre._cffi_euchre``: Euchre's C on the core's
(``games/_cffi_game.py``); run it to build the module in place."""

from __future__ import annotations

import runpy
from pathlib import Path

_game = runpy.run_path(str(Path(__file__).resolve().parents[1] / "_cffi_game.py"))

ffibuilder = _game["game_builder"](
    __file__,
    ["euchre_hands.h", "ecarte_euchre.h"],
    ["ec_euchre.c", "ec_euchre_game.c"],
    ("ec_tricks.c", "ec_rng.c", "ec_playn.c"),
)

if __name__ == "__main__":
    _game["compile_in_place"](ffibuilder)
