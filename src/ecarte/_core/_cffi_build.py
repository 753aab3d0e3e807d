"""cffi build script (API mode, out of line) for ``ecarte._core._cffi_core``, the
game-free core; each game's ``_cffi_build.py`` builds its own module on it with
:func:`builder`.

setup.py builds them through ``cffi_modules``; run one directly to build it in place.
The declarations are read from the headers (the C ABI a host links).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from cffi import FFI  # type: ignore[import-untyped,unused-ignore]

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]  # the source tree (setup.py's folder)
CORE_SOURCES = ("ec_tricks.c", "ec_rng.c", "ec_solver.c", "ec_playn.c", "ec_solvern.c")


def _defines(text: str) -> list[tuple[str, str]]:
    return re.findall(r"^#define (\w+) \(?(-?\d+)\)?\s*$", text, flags=re.M)


def header_cdef(header: str, defines: str = "") -> str:
    """The declarations of a header as cffi reads them: comments, the C++ guards and the
    preprocessor lines removed, numeric ``#define``s (its own and those of the headers in
    ``defines``) written out (the header is the one source of truth for the C ABI)."""
    text = re.sub(r"/\*.*?\*/", "", header, flags=re.DOTALL)
    text = re.sub(r"#ifdef __cplusplus.*?#endif", "", text, flags=re.DOTALL)
    for name, value in _defines(re.sub(r"/\*.*?\*/", "", defines, flags=re.DOTALL)) + _defines(
        text
    ):
        text = re.sub(rf"(?<!#define )\b{name}\b", value, text)  # e.g. array sizes
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))


def builder(
    module: str,
    folder: Path,
    headers: Sequence[str],
    sources: Sequence[str],
    *,
    core: Sequence[str] = CORE_SOURCES,
    include: FFI | None = None,
) -> FFI:
    """An FFI for ``module`` declaring ``headers`` (in ``folder``) and compiling
    ``sources`` (in ``folder``) with the core's C files it uses (``core``); ``include``
    shares the types of another FFI (the core's)."""
    ffi = FFI()
    if include is not None:
        ffi.include(include)
    core_h = (HERE / "ecarte_core.h").read_text(encoding="utf-8") if folder != HERE else ""
    ffi.cdef(
        "\n".join(header_cdef((folder / h).read_text(encoding="utf-8"), core_h) for h in headers)
    )
    files = [HERE / c for c in core] + [folder / s for s in sources]
    ffi.set_source(
        module,
        "".join(f'#include "{h}"\n' for h in headers),
        sources=[str(p.relative_to(ROOT)) for p in files],
        include_dirs=[str(HERE.relative_to(ROOT)), str(folder.relative_to(ROOT))],
        depends=sorted(str(p.relative_to(ROOT)) for p in [*HERE.glob("*.h"), *folder.glob("*.h")]),
        # no debug information, stripped at link time, as setup.py builds the Cython modules
        extra_compile_args=["-g0"] if os.name == "posix" else [],
        extra_link_args=["-s"] if os.name == "posix" else [],
    )
    return ffi


ffibuilder = builder("ecarte._core._cffi_core", HERE, ["ecarte_core.h"], [])

if __name__ == "__main__":
    os.chdir(ROOT)
    ffibuilder.compile(tmpdir="build/cffi", verbose=True)
