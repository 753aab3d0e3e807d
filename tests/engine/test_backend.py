"""Backend selection, and the C core compiling cleanly (strict warnings, C++ hosts)."""

from __future__ import annotations

import importlib.util
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import c_build_args

import ecarte._core as core

pytestmark = pytest.mark.own_backends  # each backend through impl or its own parameters

CORE_DIR = Path(core.__file__).parent
SOURCE = Path(__file__).resolve().parents[2] / "src" / "ecarte" / "_core"
C_FILES = [a for a in c_build_args("ecarte", "euchre") if not a.startswith("-I")]  # all the C
INCLUDES = [a for a in c_build_args("ecarte", "euchre") if a.startswith("-I")]


def _backend_in_subprocess(**env: str) -> str:
    environ = {k: v for k, v in os.environ.items() if k != "ECARTE_PURE_PYTHON"}
    environ.update(env)
    out = subprocess.run(
        [sys.executable, "-c", "import ecarte._core as c; print(c.BACKEND)"],
        env=environ,
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip()


@pytest.mark.skipif(
    os.environ.get("ECARTE_PURE_PYTHON", "") not in ("", "0"),
    reason="this build was asked to be pure Python",
)
def test_compiled_backend_is_the_default() -> None:
    """Catches a build that silently fell back to pure Python (run on the installed wheel)."""
    want = "cython" if platform.python_implementation() == "CPython" else "cffi"
    assert _backend_in_subprocess() == want


def test_environment_forces_pure() -> None:
    assert _backend_in_subprocess(ECARTE_PURE_PYTHON="1") == "pure"


def test_backend_attribute_and_modules() -> None:
    assert core.BACKEND in core.backends()
    assert core.backends()[core.BACKEND].legal_plays is core.legal_plays
    assert "pure" in core.backends()
    with pytest.raises(ValueError):
        core.backend("fortran")


def test_the_cffi_backend_without_cffi_names_the_extra() -> None:
    """The cffi modules are built into every CPython wheel, but they need the cffi package
    at run time (the ``cffi`` extra): asking for their backend without it says so, as
    every missing extra does, instead of ``No module named '_cffi_backend'``."""
    if importlib.util.find_spec("ecarte._core._cffi_core") is None:
        pytest.skip("no cffi module in this install (the pure-Python twins)")
    script = """
import sys
sys.modules["_cffi_backend"] = None  # as if cffi were not installed
import ecarte._core as core
assert "cffi" not in core.backends()
for ask in (core.backend, core.use_backend):
    try:
        ask("cffi")
    except ImportError as exc:
        print(type(exc).__name__, exc)
print(core.BACKEND)
"""
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert len(out) == 3, out
    for line in out[:2]:
        assert line.startswith("ModuleNotFoundError the cffi backend needs the cffi package: ")
        assert "pip install 'ecarte[cffi]'" in line
    assert out[2] == core.BACKEND  # unchanged


def _compiler(name: str) -> str:
    path = shutil.which(name)
    if path is None or not C_FILES:
        pytest.skip(f"{name} or the C sources are not available")
    return path


@pytest.mark.tree_proven  # the C sources of the checkout, not the wheel's modules
def test_core_compiles_with_strict_warnings(tmp_path: Path) -> None:
    cc = _compiler("gcc")
    for std, *extra in (("-std=c99",), ("-std=c11",), ("-std=c99", "-DEC_NO_DISPATCH")):
        for source in C_FILES:
            subprocess.run(
                [cc, std, *extra, "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic", *INCLUDES,
                 "-c", source, "-o", str(tmp_path / "core.o")],
                check=True,
            )  # fmt: skip


@pytest.mark.tree_proven  # the C sources of the checkout, not the wheel's modules
def test_solver_copies_agree(tmp_path: Path) -> None:
    """The solver's search is compiled twice on x86-64 (portable, and with popcnt chosen at
    run time): every build gives the same values and moves (the digest of 20,000 solves)."""
    cc = _compiler("gcc")
    driver = SOURCE.parents[2] / "benches" / "c" / "driver.c"
    if not driver.exists():
        pytest.skip("benches/c/driver.c is not in this tree (installed wheel)")
    digests = set()
    for flags in ([], ["-DEC_NO_DISPATCH"], ["-DEC_NO_DISPATCH", "-O0"]):
        exe = tmp_path / f"driver{len(digests)}"
        subprocess.run(
            [cc, "-std=c99", "-O2", *flags, str(driver), *c_build_args("ecarte"),
             "-o", str(exe), "-lm"],
            check=True,
        )  # fmt: skip
        out = subprocess.run([str(exe), "solves", "20000", "7"], check=True, capture_output=True)
        digests.add(out.stdout.split()[1])
    assert len(digests) == 1, digests


@pytest.mark.tree_proven  # the C sources of the checkout, not the wheel's modules
def test_header_is_usable_from_cpp(tmp_path: Path) -> None:
    cxx = _compiler("g++")
    main = tmp_path / "host.cpp"
    main.write_text(
        '#include "ecarte_hands.h"\n'
        "int main() { ec_rules r; ec_rules_default(&r); ec_totals t;\n"
        "  return ec_random_hands(&r, 1, 10, nullptr, &t) != EC_OK || t.hands != 10; }\n"
    )
    objs = []
    for source in C_FILES:
        objs.append(str(tmp_path / (Path(source).stem + ".o")))
        subprocess.run(
            [_compiler("gcc"), "-std=c99", "-O2", *INCLUDES, "-c", source, "-o", objs[-1]],
            check=True,
        )
    exe = tmp_path / "host"
    subprocess.run(
        [cxx, "-Wall", "-Wextra", "-Werror", *INCLUDES, str(main), *objs, "-o", str(exe)],
        check=True,
    )
    subprocess.run([str(exe)], check=True)


def test_the_names_looked_up_when_used_are_in_dir() -> None:
    """``dir()`` (tab completion, ``help()``) lists every public name of the modules whose
    names are looked up on the live backend when used."""
    import ecarte
    import ecarte.tricks

    for module in (ecarte, ecarte.tricks, core):
        assert set(module.__all__) <= set(dir(module)), module.__name__
        assert "__name__" in dir(module)
