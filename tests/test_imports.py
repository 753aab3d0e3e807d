"""Every module of ``ecarte`` imports alone in a fresh interpreter (as multidict's
``tests/test_circular_imports.py`` does): a circular import, or a module that works only
when another one was imported first, fails here and names the module.

The modules are those of the ``ecarte`` under test, found on disk: the source tree of an
editable install or the installed wheel, compiled modules (Cython, cffi) included when
built. One interpreter, a forked child per module (forked from its package's), warnings as
errors."""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import ecarte

pytestmark = pytest.mark.own_backends  # imports in fresh interpreters: no live backend

PACKAGE = Path(ecarte.__file__).resolve().parent
# the longest suffix first: ``.cpython-311-x86_64-linux-gnu.so`` before ``.so``
_SUFFIXES = sorted(importlib.machinery.all_suffixes(), key=len, reverse=True)


def _modules() -> list[str]:
    names = set()
    for path in PACKAGE.rglob("*"):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        suffix = next((s for s in _SUFFIXES if path.name.endswith(s)), None)
        if suffix is None:
            continue
        parts = path.relative_to(PACKAGE.parent).with_name(path.name[: -len(suffix)]).parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if all(part.isidentifier() for part in parts):
            names.add(".".join(parts))
    return sorted(names)


MODULES = _modules()


def test_the_walk_finds_the_package() -> None:
    assert {"ecarte", "ecarte.engine.backend", "ecarte.games.euchre.game"} <= set(MODULES)
    if ecarte.BACKEND == "cython":  # built: the compiled modules are walked too
        assert {"ecarte._core._cycore", "ecarte.games.ecarte._machine"} <= set(MODULES)


# The driver, run in a fresh interpreter with warnings as errors: the dependencies first
# (they are no part of the test, and a fork then starts with them), then each module is
# imported in a forked child of the process that imported its package: ``import a.b.c``
# imports ``a`` then ``a.b`` first in a fresh interpreter too, so the child starts from
# exactly that interpreter's state, and each package's own import is paid once, not once
# per module below it. A package that fails fails its modules with it. Without fork
# (Windows): one interpreter per module.
_DRIVER = """
import importlib, json, os, pathlib, subprocess, sys, traceback
names = json.loads(sys.stdin.read())
def parent(name):
    up = name.rpartition(".")[0]
    while up and up not in names:
        up = up.rpartition(".")[0]
    return up
below = {}
for name in names:
    below.setdefault(parent(name), []).append(name)
def forked(name):
    # this module's outcome and its subtree's, imported in a child of this process
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            importlib.import_module(name)
            import ecarte
            out = {name: ["ok", str(pathlib.Path(ecarte.__file__).resolve().parent)]}
        except BaseException:
            out = {name: ["error", traceback.format_exc()]}
        for sub in below.get(name, ()):
            if out[name][0] == "ok":
                out.update(forked(sub))
            else:
                out[sub] = ["error", f"its package {name} fails to import"]
        os.write(write, json.dumps(out).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as f:
        data = f.read()
    _, status = os.waitpid(pid, 0)
    return json.loads(data) if data else {name: ["error", f"child status {status}"]}
results = {}
if hasattr(os, "fork"):
    import importlib.metadata, typing  # noqa: F401 - what every child needs, not under test
    import attrs, attr.converters, pluggy, rich  # noqa: F401 - the dependencies
    assert not any(m == "ecarte" or m.startswith("ecarte.") for m in sys.modules)
    for name in below.get("", ()):
        results.update(forked(name))
else:
    for name in names:
        proc = subprocess.run(
            [sys.executable, "-W", "error", "-c",
             f"import importlib, pathlib; importlib.import_module({name!r}); import ecarte; "
             "print(pathlib.Path(ecarte.__file__).resolve().parent)"],
            capture_output=True, text=True,
        )
        ok = proc.returncode == 0
        results[name] = ["ok", proc.stdout.strip()] if ok else ["error", proc.stderr]
print(json.dumps(results))
"""


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Each module's outcome: ``["ok", ecarte's folder]`` or ``["error", the traceback]``."""
    proc = subprocess.run(
        [sys.executable, "-W", "error", "-c", _DRIVER],
        input=json.dumps(MODULES),
        capture_output=True,
        text=True,
        cwd=tmp_path_factory.mktemp("imports"),  # not the checkout: ecarte from sys.path
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    results: dict[str, list[str]] = json.loads(proc.stdout)
    return results


@pytest.mark.parametrize("name", MODULES)
def test_module_imports_alone(name: str, imported: dict[str, list[str]]) -> None:
    outcome, detail = imported[name]
    assert outcome == "ok", f"import {name} alone failed:\n{detail[-3000:]}"
    assert detail == str(PACKAGE), detail  # the same copy of ecarte as the tests'
