"""Build script: the package is described in pyproject.toml; this adds the C.

The C is the game-free core (``src/ecarte/_core/ec_*.c``, behind ``ecarte_core.h``) and
each game's rules (``src/ecarte/games/<game>/c/*.c``). :data:`EXTENSIONS` is the one
table of what is compiled: each extension links only the C files it uses.

- Cython modules: ``ecarte._core._cycore`` (the core, the default backend on CPython),
  ``ecarte.games.ecarte._machine`` and ``ecarte.games.ecarte._hands`` (Écarté's match
  machine, its hand batches), ``ecarte.games.ecarte._pimc`` (its PIMC player's worlds and
  solves, its IS-MCTS player's search), ``ecarte.games.euchre._machine`` (Euchre's
  machine and batches), ``ecarte.games.euchre._ismcts`` (its IS-MCTS player's search),
  and ``ecarte.games.ecarte._rl`` and ``ecarte.games.euchre._rl`` (each game's tensors
  and environments for reinforcement learning);
- cffi modules (API mode), for PyPy and as a second binding: the core's and each game's
  (:data:`CFFI_MODULES`).

The C is compiled as C99 with ``-Wall -Wextra -Werror`` (gcc/clang), without debug
information and stripped at link time. A build that cannot compile it fails loudly; set
``ECARTE_PURE_PYTHON=1`` at build time to ship the pure-Python twins instead (no compiler
needed).

Cython is a build requirement, but the sdist also ships the C that Cython generated from
each ``.pyx``: without Cython (``pip install --no-build-isolation``, a distribution's
build) that C is compiled instead, if it is not older than its ``.pyx``/``.pxd``.

The selection logic uses the standard library only (the tests import this file without
running it); setuptools is imported by :func:`main`.
"""

from __future__ import annotations

import os
import platform
from collections.abc import Callable
from glob import glob
from typing import Any, NamedTuple

PURE = os.environ.get("ECARTE_PURE_PYTHON", "") not in ("", "0")
SRC = "src"
CORE_DIR = "src/ecarte/_core"
GAMES_DIR = "src/ecarte/games"
STRICT = ["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror"]
NO_DEBUG = ["-g0"]
STRIP = ["-s"]
HINT = (
    "ecarte: building the C core failed. Install a C compiler (and Cython, cffi), "
    "or set ECARTE_PURE_PYTHON=1 to install the pure-Python core on purpose."
)


class CExtension(NamedTuple):
    """One compiled module: its binding, the core's C files and its own C files."""

    module: str
    pyx: str
    core: tuple[str, ...]
    own: tuple[str, ...] = ()

    def folders(self) -> list[str]:
        """The include folders: the core's and the binding's own ``c/``."""
        own = os.path.join(os.path.dirname(self.pyx), "c")
        return [CORE_DIR, own] if self.own else [CORE_DIR]

    def c_sources(self) -> list[str]:
        """The C files linked into the module, core first."""
        own = os.path.join(os.path.dirname(self.pyx), "c")
        return [os.path.join(CORE_DIR, c) for c in self.core] + [
            os.path.join(own, c) for c in self.own
        ]


_TRICKS = ("ec_tricks.c", "ec_rng.c")
"""The core's C every module links: tricks and the random generator."""
_WITH_SOLVER = (*_TRICKS, "ec_solver.c")
"""And the two-player solver (Écarté's modules)."""
_WITH_PLAYN = (*_TRICKS, "ec_playn.c")
"""And the play state of 2 to 4 players (Euchre's modules)."""

EXTENSIONS = (
    CExtension(
        "ecarte._core._cycore",
        f"{CORE_DIR}/_cycore.pyx",
        (*_WITH_SOLVER, "ec_playn.c", "ec_solvern.c"),
    ),
    CExtension(
        "ecarte.games.ecarte._machine",
        f"{GAMES_DIR}/ecarte/_machine.pyx",
        _TRICKS,
        ("ec_rules.c", "ec_machine.c", "ec_view.c"),
    ),
    CExtension(
        "ecarte.games.ecarte._hands",
        f"{GAMES_DIR}/ecarte/_hands.pyx",
        _WITH_SOLVER,
        ("ec_rules.c", "ec_batch.c"),
    ),
    CExtension(
        "ecarte.games.euchre._machine",
        f"{GAMES_DIR}/euchre/_machine.pyx",
        _WITH_PLAYN,
        ("ec_euchre.c", "ec_euchre_game.c"),
    ),
    CExtension(
        "ecarte.games.ecarte._pimc",
        f"{GAMES_DIR}/ecarte/_pimc.pyx",
        _WITH_SOLVER,
        ("ec_rules.c", "ec_pimc.c", "ec_ismcts.c"),
    ),
    CExtension(
        "ecarte.games.ecarte._rl",
        f"{GAMES_DIR}/ecarte/_rl.pyx",
        _WITH_SOLVER,
        ("ec_rules.c", "ec_machine.c", "ec_ecarte_tensor.c", "ec_ecarte_env.c"),
    ),
    CExtension(
        "ecarte.games.euchre._ismcts",
        f"{GAMES_DIR}/euchre/_ismcts.pyx",
        (*_WITH_PLAYN, "ec_solvern.c"),
        ("ec_euchre_game.c", "ec_eu_ismcts.c", "ec_eu_pimc.c"),
    ),
    CExtension(
        "ecarte.games.euchre._rl",
        f"{GAMES_DIR}/euchre/_rl.pyx",
        _WITH_PLAYN,
        ("ec_euchre_game.c", "ec_euchre_tensor.c", "ec_euchre_env.c"),
    ),
)
"""Every Cython module with the C it links."""

CFFI_MODULES = (
    ("ecarte._core._cffi_core", f"{CORE_DIR}/_cffi_build.py:ffibuilder"),
    ("ecarte.games.ecarte._cffi_ecarte", f"{GAMES_DIR}/ecarte/_cffi_build.py:ffibuilder"),
    ("ecarte.games.euchre._cffi_euchre", f"{GAMES_DIR}/euchre/_cffi_build.py:ffibuilder"),
)
"""The cffi modules and their build scripts (the core's first: the games' modules share
its types)."""


def core_sources(core_dir: str = CORE_DIR) -> list[str]:
    """The core's C files (``ec_*.c``). None found is an error: an extension linked
    without them would not import, and the package would fall back to pure Python
    without a word."""
    sources = sorted(glob(os.path.join(core_dir, "ec_*.c")))
    if not sources:
        raise SystemExit(f"{HINT}\n(no C core sources {core_dir}/ec_*.c: is the tree complete?)")
    return sources


def cython_source(pyx: str, *, have_cython: bool) -> str:
    """The source to compile for ``pyx``: the ``.pyx`` itself when Cython is there, else
    the C that Cython generated from it (shipped in the sdist). Without Cython, a
    generated file that is missing or older than its ``.pyx`` or a ``.pxd`` or ``.pxi``
    beside it stops the build."""
    stem = pyx[: -len(".pyx")]
    generated = stem + ".c"
    if have_cython:
        return pyx
    if not os.path.exists(generated):
        raise SystemExit(
            f"{HINT}\n(Cython is not importable and {generated}, the C it generates from "
            f"{pyx}, is not there: install Cython, or build from the sdist, which ships it)"
        )
    folder = os.path.dirname(pyx)
    inputs = [pyx, *glob(os.path.join(folder, "*.pxd")), *glob(os.path.join(folder, "*.pxi"))]
    newer = [p for p in inputs if os.path.getmtime(p) > os.path.getmtime(generated)]
    if newer:
        raise SystemExit(
            f"{HINT}\n(Cython is not importable and {generated} is older than "
            f"{', '.join(newer)}: install Cython to regenerate it)"
        )
    return generated


def cython_sources(
    extensions: tuple[CExtension, ...] = EXTENSIONS, *, have_cython: bool
) -> list[tuple[str, str]]:
    """(module name, source) for every Cython module (see :func:`cython_source`)."""
    return [(e.module, cython_source(e.pyx, have_cython=have_cython)) for e in extensions]


def generated_c(extensions: tuple[CExtension, ...] = EXTENSIONS) -> dict[str, list[str]]:
    """The generated C files by package, left out of the wheel (the sdist ships
    Cython's)."""
    out: dict[str, list[str]] = {}
    for e in extensions:
        package = e.module.rpartition(".")[0]
        out.setdefault(package, []).append(os.path.basename(e.pyx)[: -len(".pyx")] + ".c")
    for module, _ in CFFI_MODULES:
        package, _, name = module.rpartition(".")
        out.setdefault(package, []).append(name + ".c")
    return {k: sorted(v) for k, v in out.items()}


def _cythonize() -> Callable[..., list[Any]] | None:
    try:
        from Cython.Build import cythonize
    except ImportError:
        return None
    return cythonize


def main() -> None:
    """Build: setuptools with the C extensions."""
    from setuptools import Extension, setup
    from setuptools.command.build_ext import build_ext

    unix = os.name == "posix"

    class CoreBuildExt(build_ext):
        """Compile each module's C files with strict flags and link them into it, the
        modules on every core at once (``-j`` / ``--parallel`` overrides)."""

        def finalize_options(self) -> None:
            super().finalize_options()
            if self.parallel is None:
                self.parallel = os.cpu_count() or 1

        def build_extension(self, ext: Extension) -> None:
            try:
                own = set(getattr(ext, "ecarte_c", ()))
                c_files = [s for s in ext.sources if s in own]
                if self.compiler.compiler_type == "unix" and c_files:
                    name = ext.name.replace(".", "-")
                    objects = self.compiler.compile(
                        c_files,
                        output_dir=os.path.join(self.build_temp, "c-" + name),
                        include_dirs=ext.include_dirs,
                        extra_postargs=[*STRICT, *NO_DEBUG],
                        depends=[d for d in ext.depends if d.endswith(".h")],
                    )
                    ext.sources = [s for s in ext.sources if s not in c_files]
                    ext.extra_objects = [*ext.extra_objects, *objects]
                    # still dependencies once out of sources: an edited file relinks it
                    ext.depends = [*ext.depends, *c_files]
                super().build_extension(ext)
            except Exception as exc:
                raise SystemExit(f"{HINT}\n{type(exc).__name__}: {exc}") from exc

    def extensions() -> list[Extension]:
        if PURE or platform.python_implementation() != "CPython":
            return []
        core_sources()
        cythonize = _cythonize()
        headers = [*glob(f"{CORE_DIR}/*.h"), *glob(f"{GAMES_DIR}/*/c/*.h")]
        exts = []
        for e in EXTENSIONS:
            source = cython_source(e.pyx, have_cython=cythonize is not None)
            ext = Extension(
                e.module,
                sources=[source, *e.c_sources()],
                include_dirs=e.folders(),
                depends=[*headers, *glob(os.path.join(os.path.dirname(e.pyx), "*.pxd"))],
                extra_compile_args=NO_DEBUG if unix else [],
                extra_link_args=STRIP if unix else [],
                libraries=["m"] if unix else [],  # IS-MCTS's log and sqrt
            )
            ext.ecarte_c = e.c_sources()  # type: ignore[attr-defined]
            exts.append(ext)
        if cythonize is None:
            return exts
        built = list(
            cythonize(
                exts, language_level=3, quiet=True, include_path=[SRC], nthreads=os.cpu_count() or 1
            )
        )
        for ext, e in zip(built, EXTENSIONS, strict=True):
            ext.ecarte_c = e.c_sources()
        return built

    kwargs: dict[str, Any] = {
        "ext_modules": extensions(),
        "cmdclass": {"build_ext": CoreBuildExt},
        # the headers and the C sources ship in the wheel (for C hosts); generated C ships
        # in the sdist only
        "exclude_package_data": generated_c(),
    }
    if not PURE:
        kwargs["cffi_modules"] = [spec for _, spec in CFFI_MODULES]
    setup(**kwargs)


if __name__ == "__main__":  # setuptools' build backend runs this file as __main__
    main()
