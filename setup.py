"""Build script: the package is described in pyproject.toml; this adds the C core.

Two extensions share the C core, ``src/ecarte/_core/ec_*.c``:

- ``ecarte._core._cycore`` (Cython), the default backend on CPython;
- ``ecarte._core._cffi_core`` (cffi, API mode), for PyPy and as a second binding.

The core itself is compiled as C99 with ``-Wall -Wextra -Werror`` (gcc/clang).
A build that cannot compile it fails loudly; set ``ECARTE_PURE_PYTHON=1`` at
build time to ship the pure-Python core instead (no compiler needed).
"""

from __future__ import annotations

import os
import platform
from glob import glob
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

PURE = os.environ.get("ECARTE_PURE_PYTHON", "") not in ("", "0")
CORE_DIR = "src/ecarte/_core"
CORE = sorted(glob(f"{CORE_DIR}/ec_*.c"))  # the core's C files (headers: ec_*.h)
STRICT = ["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror"]
HINT = (
    "ecarte: building the C core failed. Install a C compiler (and Cython, cffi), "
    "or set ECARTE_PURE_PYTHON=1 to install the pure-Python core on purpose."
)


class CoreBuildExt(build_ext):
    """Compile the core's C files once with strict flags and link them into each extension."""

    def build_extension(self, ext: Extension) -> None:
        try:
            core = [s for s in ext.sources if s in CORE]
            if self.compiler.compiler_type == "unix" and core:
                obj_dir = os.path.join(self.build_temp, "core-" + ext.name.rsplit(".", 1)[-1])
                objects = self.compiler.compile(
                    core, output_dir=obj_dir, include_dirs=[CORE_DIR], extra_postargs=STRICT,
                    depends=glob(f"{CORE_DIR}/*.h"),
                )
                ext.sources = [s for s in ext.sources if s not in CORE]
                ext.extra_objects = [*ext.extra_objects, *objects]
                # still dependencies once out of sources: an edited core relinks the extension
                ext.depends = [*ext.depends, *core]
            super().build_extension(ext)
        except Exception as exc:
            raise SystemExit(f"{HINT}\n{type(exc).__name__}: {exc}") from exc


def extensions() -> list[Extension]:
    if PURE or platform.python_implementation() != "CPython":
        return []
    try:
        from Cython.Build import cythonize
    except ImportError as exc:  # pragma: no cover - build requirement
        raise SystemExit(f"{HINT}\n(Cython is not importable: {exc})") from exc
    ext = Extension(
        "ecarte._core._cycore",
        sources=[f"{CORE_DIR}/_cycore.pyx", *CORE],
        include_dirs=[CORE_DIR],
        depends=[*glob(f"{CORE_DIR}/*.h"), f"{CORE_DIR}/_cycore.pxd", f"{CORE_DIR}/_cycore.pyx"],
    )
    machine = Extension(
        "ecarte._core._machine",
        sources=[f"{CORE_DIR}/_machine.pyx", *CORE],
        include_dirs=[CORE_DIR],
        depends=[*glob(f"{CORE_DIR}/*.h"), f"{CORE_DIR}/_machine.pyx"],
    )
    return list(cythonize([ext, machine], language_level=3, quiet=True))


kwargs: dict[str, Any] = {
    "ext_modules": extensions(),
    "cmdclass": {"build_ext": CoreBuildExt},
    # the header and the core's source ship in the wheel (for C hosts); generated C does not
    "exclude_package_data": {"ecarte._core": ["_cycore.c", "_cffi_core.c"]},
}
if not PURE:
    kwargs["cffi_modules"] = [f"{CORE_DIR}/_cffi_build.py:ffibuilder"]

setup(**kwargs)
