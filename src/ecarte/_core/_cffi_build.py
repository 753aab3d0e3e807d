"""cffi build script (API mode, out of line) for ``ecarte._core._cffi_core``.

setup.py builds it through ``cffi_modules``; run it directly to build in place.
The declarations are read from ``ecarte_core.h`` and ``ecarte_machine.h`` (the C ABI a
host links): the match machine is reachable from cffi too.
"""

from __future__ import annotations

import re
from pathlib import Path

from cffi import FFI  # type: ignore[import-untyped,unused-ignore]

HERE = Path(__file__).resolve().parent


def header_cdef(header: str) -> str:
    """The declarations of ``ecarte_core.h`` as cffi reads them: comments, the
    C++ guards and the preprocessor lines removed (the header is the one source
    of truth for the C ABI)."""
    text = re.sub(r"/\*.*?\*/", "", header, flags=re.DOTALL)
    text = re.sub(r"#ifdef __cplusplus.*?#endif", "", text, flags=re.DOTALL)
    for name, value in re.findall(r"^#define (\w+) \(?(-?\d+)\)?\s*$", text, flags=re.M):
        text = re.sub(rf"(?<!#define )\b{name}\b", value, text)  # e.g. array sizes
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))


CDEF = "\n".join(
    header_cdef((HERE / name).read_text(encoding="utf-8"))
    for name in ("ecarte_core.h", "ecarte_machine.h")  # the core, then the match machine
)

ffibuilder = FFI()
ffibuilder.cdef(CDEF)
ffibuilder.set_source(
    "ecarte._core._cffi_core",
    '#include "ecarte_machine.h"',
    sources=sorted(str(p.relative_to(HERE.parents[2])) for p in HERE.glob("ec_*.c")),
    include_dirs=[str(Path("src/ecarte/_core"))],
    depends=sorted(str(p.relative_to(HERE.parents[2])) for p in HERE.glob("*.h")),
)

if __name__ == "__main__":
    import os

    os.chdir(HERE.parents[2])
    ffibuilder.compile(tmpdir="build/cffi", verbose=True)
