"""Build script: the package is described in pyproject.toml; this adds the C core.

Two kinds of extension share the C core, ``src/ecarte/_core/ec_*.c``:

- one Cython module per ``src/ecarte/_core/*.pyx`` (``ecarte._core._cycore``), the
  default backend on CPython;
- ``ecarte._core._cffi_core`` (cffi, API mode), for PyPy and as a second binding.

The core itself is compiled as C99 with ``-Wall -Wextra -Werror`` (gcc/clang).
A build that cannot compile it fails loudly; set ``ECARTE_PURE_PYTHON=1`` at
build time to ship the pure-Python core instead (no compiler needed).

Cython is a build requirement, but the sdist also ships the C that Cython
generated from each ``.pyx``: without Cython (``pip install --no-build-isolation``,
a distribution's build) that C is compiled instead, if it is not older than its
``.pyx``/``.pxd``.

The selection logic uses the standard library only (the tests import this file
without running it); setuptools is imported by :func:`main`.
"""

from __future__ import annotations

import os
import platform
from collections.abc import Callable
from glob import glob
from typing import Any

PURE = os.environ.get("ECARTE_PURE_PYTHON", "") not in ("", "0")
CORE_DIR = "src/ecarte/_core"
PACKAGE = "ecarte._core"
STRICT = ["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror"]
HINT = (
    "ecarte: building the C core failed. Install a C compiler (and Cython, cffi), "
    "or set ECARTE_PURE_PYTHON=1 to install the pure-Python core on purpose."
)


def core_sources(core_dir: str = CORE_DIR) -> list[str]:
    """The core's C files (``ec_*.c``; headers ``ec_*.h``, ``ecarte_core.h``). None
    found is an error: an extension linked without them would not import, and the
    package would fall back to pure Python without a word."""
    sources = sorted(glob(os.path.join(core_dir, "ec_*.c")))
    if not sources:
        raise SystemExit(f"{HINT}\n(no C core sources {core_dir}/ec_*.c: is the tree complete?)")
    return sources


def cython_sources(core_dir: str = CORE_DIR, *, have_cython: bool) -> list[tuple[str, str]]:
    """(module name, source) for every ``.pyx`` of ``core_dir``: the ``.pyx`` itself
    when Cython is there, else the C that Cython generated from it (shipped in the
    sdist). Without Cython, a generated file that is missing or older than its
    ``.pyx`` or ``.pxd`` stops the build."""
    modules = []
    for pyx in sorted(glob(os.path.join(core_dir, "*.pyx"))):
        stem = pyx[: -len(".pyx")]
        module = f"{PACKAGE}.{os.path.basename(stem)}"
        generated = stem + ".c"
        if have_cython:
            modules.append((module, pyx))
            continue
        if not os.path.exists(generated):
            raise SystemExit(
                f"{HINT}\n(Cython is not importable and {generated}, the C it generates from "
                f"{pyx}, is not there: install Cython, or build from the sdist, which ships it)"
            )
        inputs = [p for p in (pyx, stem + ".pxd") if os.path.exists(p)]
        newer = [p for p in inputs if os.path.getmtime(p) > os.path.getmtime(generated)]
        if newer:
            raise SystemExit(
                f"{HINT}\n(Cython is not importable and {generated} is older than "
                f"{', '.join(newer)}: install Cython to regenerate it)"
            )
        modules.append((module, generated))
    return modules


def generated_c(core_dir: str = CORE_DIR) -> list[str]:
    """The generated C files, left out of the wheel (the sdist ships Cython's)."""
    names = [os.path.basename(p)[: -len(".pyx")] + ".c" for p in glob(f"{core_dir}/*.pyx")]
    return sorted([*names, "_cffi_core.c"])


def _cythonize() -> Callable[..., list[Any]] | None:
    try:
        from Cython.Build import cythonize
    except ImportError:
        return None
    return cythonize


def main() -> None:
    """Build: setuptools with the C core's extensions."""
    from setuptools import Extension, setup
    from setuptools.command.build_ext import build_ext

    class CoreBuildExt(build_ext):
        """Compile the core's C files once with strict flags and link them into each
        extension."""

        def build_extension(self, ext: Extension) -> None:
            try:
                core = [s for s in ext.sources if os.path.basename(s).startswith("ec_")]
                if self.compiler.compiler_type == "unix" and core:
                    name = ext.name.rsplit(".", 1)[-1]
                    obj_dir = os.path.join(self.build_temp, "core-" + name)
                    objects = self.compiler.compile(
                        core,
                        output_dir=obj_dir,
                        include_dirs=[CORE_DIR],
                        extra_postargs=STRICT,
                        depends=glob(f"{CORE_DIR}/*.h"),
                    )
                    ext.sources = [s for s in ext.sources if s not in core]
                    ext.extra_objects = [*ext.extra_objects, *objects]
                    # still dependencies once out of sources: an edited core relinks it
                    ext.depends = [*ext.depends, *core]
                super().build_extension(ext)
            except Exception as exc:
                raise SystemExit(f"{HINT}\n{type(exc).__name__}: {exc}") from exc

    def extensions() -> list[Extension]:
        if PURE or platform.python_implementation() != "CPython":
            return []
        core = core_sources()
        cythonize = _cythonize()
        headers = glob(f"{CORE_DIR}/*.h")
        exts = [
            Extension(
                module,
                sources=[source, *core],
                include_dirs=[CORE_DIR],
                depends=[*headers, *glob(source.rsplit(".", 1)[0] + ".p*")],
            )
            for module, source in cython_sources(have_cython=cythonize is not None)
        ]
        if cythonize is None:
            return exts
        return list(cythonize(exts, language_level=3, quiet=True))

    kwargs: dict[str, Any] = {
        "ext_modules": extensions(),
        "cmdclass": {"build_ext": CoreBuildExt},
        # the headers and the core's sources ship in the wheel (for C hosts); generated C
        # ships in the sdist only
        "exclude_package_data": {PACKAGE: generated_c()},
    }
    if not PURE:
        kwargs["cffi_modules"] = [f"{CORE_DIR}/_cffi_build.py:ffibuilder"]
    setup(**kwargs)


if __name__ == "__main__":  # setuptools' build backend runs this file as __main__
    main()
