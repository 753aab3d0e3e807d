"""What the games' cffi build scripts share: each builds ``ecarte.games.<game>._cffi_<game>``
from its game's ``c/`` folder on the core's module (``ecarte/_core/_cffi_build.py``, whose
types it shares).

The build scripts load this file by its path (``runpy``), as it loads the core's: the
package is not importable while it is being built.
"""

from __future__ import annotations

import os
import runpy
from collections.abc import Sequence
from pathlib import Path
from typing import Any

CORE = runpy.run_path(str(Path(__file__).resolve().parents[1] / "_core" / "_cffi_build.py"))
"""The globals of the core's build script (its ``builder``, ``ffibuilder`` and ``ROOT``)."""


def game_builder(
    script: str, headers: Sequence[str], sources: Sequence[str], core: Sequence[str]
) -> Any:
    """The FFI of the game whose build script is ``script`` (its ``__file__``): the
    ``headers`` declared and the ``sources`` compiled from the game's ``c/``, with the
    core's C files ``core``."""
    folder = Path(script).resolve().parent
    return CORE["builder"](
        f"ecarte.games.{folder.name}._cffi_{folder.name}",
        folder / "c",
        headers,
        sources,
        core=core,
        include=CORE["ffibuilder"],
    )


def compile_in_place(ffibuilder: Any) -> None:
    """Build a module in place from the source tree's root (a build script run directly)."""
    os.chdir(CORE["ROOT"])
    ffibuilder.compile(tmpdir="build/cffi", verbose=True)
