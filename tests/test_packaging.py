"""Packaging: setup.py's choice of sources, the package's metadata, and the CI stage that
builds and tests the wheel.

setup.py builds every ``.pyx`` (the core's and each game's) from the ``.pyx`` with
Cython, else from the C that Cython generated (the sdist ships it; .ci/wheel checks that
the sdist it builds does). Installing an sdist into a venv without Cython
(``pip install --no-build-isolation``) compiles for minutes and is not run here.
"""

from __future__ import annotations

import glob
import importlib.util
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def setup_py() -> ModuleType:
    """setup.py as a module (not run: its setup() call is under ``__main__``)."""
    path = ROOT / "setup.py"
    if not path.exists():
        pytest.skip("setup.py is not there (tests run outside the repository)")
    spec = importlib.util.spec_from_file_location("ecarte_setup_py", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _touch(path: Path, mtime: float) -> None:
    path.write_text(f"/* {path.name} */\n", encoding="utf-8")
    os.utime(path, (mtime, mtime))


@pytest.fixture
def built(setup_py: ModuleType, tmp_path: Path) -> tuple[Any, ...]:
    """Two Cython modules in a scratch tree, their generated C newer than them and than
    the part they include."""
    exts = []
    for i, name in enumerate(("_cycore", "_other")):
        _touch(tmp_path / f"{name}.pyx", 1000 + i)
        _touch(tmp_path / f"{name}.pxd", 1000 + i)
        _touch(tmp_path / f"{name}.c", 2000 + i)
        exts.append(setup_py.CExtension(f"ecarte._core.{name}", str(tmp_path / f"{name}.pyx"), ()))
    _touch(tmp_path / "_views.pxi", 1000)  # a part a .pyx includes
    _touch(tmp_path / "ec_tricks.c", 1000)
    return tuple(exts)


@pytest.mark.parametrize(
    ("have_cython", "built_from"),
    [(True, ".pyx"), (False, ".c")],
    ids=["with-cython-every-pyx-is-cythonized", "without-cython-the-generated-c-is-built"],
)
def test_the_sources_of_each_cython_module(
    setup_py: ModuleType, built: Any, tmp_path: Path, have_cython: bool, built_from: str
) -> None:
    assert setup_py.cython_sources(built, have_cython=have_cython) == [
        ("ecarte._core._cycore", str(tmp_path / f"_cycore{built_from}")),
        ("ecarte._core._other", str(tmp_path / f"_other{built_from}")),
    ]


def test_without_cython_nor_generated_c_the_build_stops(
    setup_py: ModuleType, built: Any, tmp_path: Path
) -> None:
    (tmp_path / "_other.c").unlink()
    with pytest.raises(SystemExit, match=r"Cython is not importable and .*_other\.c"):
        setup_py.cython_sources(built, have_cython=False)


@pytest.mark.parametrize("edited", ["_cycore.pyx", "_cycore.pxd", "_views.pxi"])
def test_without_cython_stale_generated_c_stops_the_build(
    setup_py: ModuleType, built: Any, tmp_path: Path, edited: str
) -> None:
    os.utime(tmp_path / edited, (3000, 3000))
    with pytest.raises(SystemExit, match=rf"_cycore\.c is older than .*{edited}"):
        setup_py.cython_sources(built, have_cython=False)


def test_core_sources_are_required(setup_py: ModuleType, built: Any, tmp_path: Path) -> None:
    assert setup_py.core_sources(str(tmp_path)) == [str(tmp_path / "ec_tricks.c")]
    (tmp_path / "ec_tricks.c").unlink()
    with pytest.raises(SystemExit, match=r"no C core sources"):
        setup_py.core_sources(str(tmp_path))


def test_generated_c_stays_out_of_the_wheel(setup_py: ModuleType) -> None:
    assert setup_py.generated_c() == {
        "ecarte._core": ["_cffi_core.c", "_cycore.c"],
        "ecarte.games.ecarte": ["_cffi_ecarte.c", "_hands.c", "_machine.c", "_pimc.c", "_rl.c"],
        "ecarte.games.euchre": ["_cffi_euchre.c", "_ismcts.c", "_machine.c", "_rl.c"],
    }


def test_the_repository_has_the_c_it_builds(setup_py: ModuleType) -> None:
    """Every extension's binding and C files exist; the core's C files are linked only where
    they are used, and no game's C is in the core's module."""
    assert setup_py.core_sources(str(ROOT / setup_py.CORE_DIR))
    assert [m for m, _ in setup_py.cython_sources(have_cython=True)] == [
        "ecarte._core._cycore",
        "ecarte.games.ecarte._machine",
        "ecarte.games.ecarte._hands",
        "ecarte.games.euchre._machine",
        "ecarte.games.ecarte._pimc",
        "ecarte.games.ecarte._rl",
        "ecarte.games.euchre._ismcts",
        "ecarte.games.euchre._rl",
    ]
    for ext in setup_py.EXTENSIONS:
        assert (ROOT / ext.pyx).exists()
        for c in ext.c_sources():
            assert (ROOT / c).exists(), c
    core = setup_py.EXTENSIONS[0]
    assert all("/games/" not in c for c in core.c_sources())
    every = {
        os.path.basename(c) for c in glob.glob(str(ROOT / "src/ecarte/**/ec_*.c"), recursive=True)
    }
    linked = {os.path.basename(c) for e in setup_py.EXTENSIONS for c in e.c_sources()}
    assert linked == every


def test_sdist_manifest_ships_the_generated_c() -> None:
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    assert "recursive-include src/ecarte *.h *.c *.pyx *.pxd *.pxi" in manifest


def test_wheel_tests_install_the_plugins() -> None:
    """cibuildwheel's test-command (run by .ci/wheel as written) installs the plugins the
    suite needs after the wheel, then runs the suite."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        cibw = tomllib.load(f)["tool"]["cibuildwheel"]
    commands = cibw["test-command"]
    assert commands[0] == "python {project}/.ci/install_plugins.py {project}"
    assert commands[-1].startswith("pytest {project}/tests")
    # what the source tree's run proves for the wheel too is left out, by a known marker
    assert '-m "not tree_proven"' in commands[-1]
    markers = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert any(
        m.startswith("tree_proven:") for m in markers["tool"]["pytest"]["ini_options"]["markers"]
    )
    assert cibw["test-extras"] == ["test"]
    assert (ROOT / ".ci" / "install_plugins.py").exists()


def test_rich_is_a_dependency() -> None:
    with open(ROOT / "pyproject.toml", "rb") as f:
        dependencies = tomllib.load(f)["project"]["dependencies"]
    assert any(d.startswith("rich") for d in dependencies)


def test_the_compiled_modules_are_stripped() -> None:
    """Every compiled module of this install (the built tree's, or the installed wheel's)
    carries no debug information and no symbol table: the Cython and the cffi modules are
    compiled with ``-g0`` and stripped at link time (``-s``)."""
    import importlib.machinery

    import ecarte

    package = Path(ecarte.__file__).parent
    found = {
        p for suffix in importlib.machinery.EXTENSION_SUFFIXES for p in package.rglob(f"*{suffix}")
    }
    if not found:
        pytest.skip("no compiled module in this install (the pure-Python twins)")
    for path in sorted(found):
        data = path.read_bytes()
        assert b".debug_info" not in data and b".symtab" not in data, path.name


def test_the_classifiers_name_the_pythons_the_wheels_are_built_for() -> None:
    """pip and the index show the Python versions a release supports from its classifiers:
    they name every version cibuildwheel builds a wheel for, the oldest being
    requires-python's, and no other."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        config = tomllib.load(f)
    built = {
        f"3.{minor}"
        for minor in re.findall(r"\bcp3(\d+)-", config["tool"]["cibuildwheel"]["build"])
    }
    project = config["project"]
    named = {
        c.rpartition(" :: ")[2]
        for c in project["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    }
    assert built and named == built
    assert project["requires-python"] == f">={min(built, key=lambda v: int(v[2:]))}"
    assert "Programming Language :: Python :: 3 :: Only" in project["classifiers"]


def test_ci_always_runs_the_wheel_stage() -> None:
    """.ci/run starts the wheel's stage (.ci/wheel build, then test) beside the README
    stage whatever the checkout: not only when .ci/wheel happens to be executable, which
    would pass CI with the sdist, the wheel and its tests never built nor run."""
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    code = [line.split("#", 1)[0].strip() for line in script.splitlines()]
    assert '.ci/wheel build "$work" || return' in code
    assert '.ci/wheel test "$work" || return' in code
    guards = [line for line in code if line.startswith(("if ", "[ ")) and ".ci/wheel" in line]
    assert guards == []


PLUGIN_DISTRIBUTIONS = sorted(
    p.parent.relative_to(ROOT).as_posix()
    for p in [*ROOT.glob("plugins/*/pyproject.toml"), *ROOT.glob("examples/*/pyproject.toml")]
)


@pytest.mark.parametrize("distribution", PLUGIN_DISTRIBUTIONS)
def test_each_plugin_distribution_ships_the_licence(distribution: str) -> None:
    """Each plugin is a distribution of its own, MIT-licensed as its metadata says: its
    sdist and wheel carry the licence's text (setuptools takes ``LICENSE`` beside its
    pyproject.toml), the same as the engine's."""
    folder = ROOT / distribution
    with open(folder / "pyproject.toml", "rb") as f:
        assert tomllib.load(f)["project"]["license"] == "MIT"
    licence = folder / "LICENSE"
    assert licence.is_file(), f"{distribution} has no LICENSE"
    assert licence.read_bytes() == (ROOT / "LICENSE").read_bytes()


def test_python_m_ecarte_is_the_ecarte_command(tmp_path: Path) -> None:
    """``python -m ecarte`` runs the ``ecarte`` command, for an install whose scripts
    folder is not on PATH (``pip install --user``)."""
    import ecarte

    proc = subprocess.run(
        [sys.executable, "-m", "ecarte", "--version"],
        capture_output=True,
        text=True,
        cwd=tmp_path,  # not the checkout: ecarte from sys.path
        check=False,
    )
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout.startswith(f"ecarte {ecarte.__version__} (core: "), proc.stdout


def test_cibuildwheel_builds_only_wheels_it_can_test() -> None:
    """Every wheel cibuildwheel builds is tested with the ``test`` extra, whose OpenSpiel
    and Playwright publish no musllinux wheels: a musllinux build would fail installing
    them (OpenSpiel from source), so none is built (Alpine builds from the sdist), and no
    wheel is left untested."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        cibw = tomllib.load(f)["tool"]["cibuildwheel"]
    skipped = cibw["skip"].split()
    assert "*-musllinux_*" in skipped
    assert "test-skip" not in cibw and "test-skip" not in cibw.get("linux", {})


def test_the_linters_check_for_the_oldest_supported_python() -> None:
    """ruff and mypy check the code for requires-python's oldest version, whatever Python
    runs them: a name of a newer standard library (``itertools.batched``) is an error."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        config = tomllib.load(f)
    oldest = config["project"]["requires-python"].removeprefix(">=")
    assert config["tool"]["ruff"]["target-version"] == "py" + oldest.replace(".", "")
    assert config["tool"]["mypy"]["python_version"] == oldest
