"""Every shell command the documentation shows is run here, or says why it is not.

The pages: README.md, docs/*.md, and the README.md of every plugin and example. A block
fenced as ``sh`` is run by bash from the root of the repository, stdin empty, with this
interpreter's scripts first on ``PATH``, and must exit 0. A block fenced as ``console``
is a session: each ``$ `` line is run the same way and the lines after it, up to the next
``$ ``, are its output (stdout and stderr together), compared exactly but for ``...``,
which stands for any text (as in a doctest with ``ELLIPSIS``). An HTML comment on
the line above the fence changes that:

- ``<!-- docs-test: not run: REASON -->``: the block is not run, for the reason given
  (it installs packages, runs for minutes, needs other hosts...); the test is skipped
  with that reason;
- ``<!-- docs-test: exit N -->``: the block (or every command of a session) ends with
  exit status N.

No command may hide from this: a fenced block of another kind (plain, ``text``, ...) that
holds shell commands fails :func:`test_no_command_outside_a_shell_block`. The test extras
of the plugins and examples are checked too: ``pytest plugins/NAME`` from the root reads
the root's pytest options, so each extra must bring what those options need.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.own_backends  # the commands run in subprocesses, once

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted(
    [
        ROOT / "README.md",
        *(ROOT / "docs").glob("*.md"),
        *(ROOT / "plugins").glob("*/README.md"),
        *(ROOT / "examples").glob("*/README.md"),
    ]
)
MARKER = re.compile(r"<!--\s*docs-test:\s*(.*?)\s*-->")
COMMAND = re.compile(r"^(\$ |(ecarte|pip|pytest|python|printf|yes|dask)( |$))")
TIMEOUT = 300
"""Seconds a block may take (the slowest one here takes a few)."""


@dataclass(frozen=True)
class Block:
    """A fenced block of a page: its language, its lines, what the line above says."""

    page: Path
    line: int
    lang: str
    text: str
    marker: str

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of ``page`` (the fence's line number, from 1)."""
    out: list[Block] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        fence = re.match(r"^(\s*)```(\S*)", lines[i])
        if not fence:
            i += 1
            continue
        indent, lang = fence.groups()
        start = i
        body = []
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i].removeprefix(indent))
            i += 1
        above = lines[start - 1] if start > 0 else ""
        marker = MARKER.search(above)
        out.append(Block(page, start + 1, lang, "\n".join(body), marker[1] if marker else ""))
        i += 1
    return out


ALL = [b for page in PAGES if page.exists() for b in blocks(page)]
SHELL = [b for b in ALL if b.lang in ("sh", "console")]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["NO_COLOR"] = "1"
    env.pop("ECARTE_PURE_PYTHON", None)
    return env


def _run(script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", script],
        cwd=ROOT,
        env=_env(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def _status(marker: str) -> int:
    m = re.fullmatch(r"exit (\d+)", marker)
    assert m or not marker, f"unknown docs-test marker {marker!r}"
    return int(m[1]) if m else 0


def _session(text: str) -> list[tuple[str, str]]:
    """A console block's commands, each with its expected output."""
    out: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            out.append((line[2:], []))
        else:
            assert out, f"output before the first command: {line!r}"
            out[-1][1].append(line)
    return [(cmd, "\n".join(lines).rstrip()) for cmd, lines in out]


def _needs(block: Block) -> str | None:
    """Why the block cannot run in this environment, or None: a command of a
    distribution that is not installed (CI installs them all: there it must run)."""
    if os.environ.get("CI"):
        return None
    import importlib.metadata

    for name, dist in (("toy-tricks", "ecarte-toy-tricks"),):
        if name in block.text:
            try:
                importlib.metadata.distribution(dist)
            except importlib.metadata.PackageNotFoundError:
                return f"{dist} is not installed (pip install ./examples/{dist})"
    return None


@pytest.mark.long(20)
@pytest.mark.parametrize("block", SHELL, ids=lambda b: b.name)
def test_documented_commands_run(block: Block) -> None:
    if block.marker.startswith("not run:"):
        reason = block.marker.removeprefix("not run:").strip()
        assert reason, f"{block.name}: a block not run says why"
        pytest.skip(f"not run: {reason}")
    missing = _needs(block)
    if missing:
        pytest.skip(missing)
    status = _status(block.marker)
    if block.lang == "sh":
        proc = _run(block.text)
        assert proc.returncode == status, f"{block.name}:\n{block.text}\n{proc.stdout[-3000:]}"
        return
    for command, expected in _session(block.text):
        proc = _run(command)
        assert proc.returncode == status, f"{block.name}: $ {command}\n{proc.stdout[-3000:]}"
        pattern = ".*".join(map(re.escape, expected.split("...")))
        assert re.fullmatch(pattern, proc.stdout.rstrip(), re.DOTALL), (
            f"{block.name}: $ {command}\n{proc.stdout}"
        )


def test_the_pages_have_shell_blocks() -> None:
    """The collection above finds the blocks (a guard against a parser that finds none)."""
    names = {b.name for b in SHELL}
    assert any(n.startswith("docs/cli.md:") for n in names)
    assert sum(n.startswith("README.md:") for n in names) >= 2
    assert any(n.startswith("plugins/ecarte-cercle/README.md:") for n in names)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_command_outside_a_shell_block(page: Path) -> None:
    """A command shown in a block that is not ``sh`` or ``console`` would escape the run
    above: every other block holds no line that starts like a shell command, and no
    page shows commands as an indented block either."""
    for block in blocks(page):
        if block.lang in ("sh", "console", "python", "pycon"):
            continue
        for line in block.text.splitlines():
            assert not COMMAND.match(line), f"{block.name}: {line!r} (fence it as sh)"
    text = page.read_text(encoding="utf-8")
    indented = re.findall(r"(?m)^(?:    |\t)(?:\$ |ecarte |pip |pytest |python )\S.*$", text)
    fenced = {line.strip() for b in blocks(page) for line in b.text.splitlines()}
    loose = [line for line in indented if line.strip() not in fenced]
    assert not loose, f"{page.relative_to(ROOT)}: commands in an indented block: {loose}"


def test_every_marker_is_known() -> None:
    for block in ALL:
        if block.marker:
            assert block.lang in ("sh", "console"), f"{block.name}: a marker on a {block.lang}"
            ok = block.marker.startswith("not run:") or re.fullmatch(r"exit \d+", block.marker)
            assert ok, f"{block.name}: unknown marker {block.marker!r}"


def _root_benchmark_options() -> bool:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    addopts = config["tool"]["pytest"]["ini_options"]["addopts"]
    return any(opt.startswith("--benchmark-") for opt in shlex.split(addopts))


DISTRIBUTIONS = sorted(
    p.parent.relative_to(ROOT)
    for p in [
        *(ROOT / "plugins").glob("*/pyproject.toml"),
        *(ROOT / "examples").glob("*/pyproject.toml"),
    ]
)


@pytest.mark.parametrize("dist", DISTRIBUTIONS, ids=str)
def test_the_test_extra_brings_what_the_root_options_need(dist: Path) -> None:
    """``pip install './DIST[test]' && pytest DIST`` from the root: pytest reads the root's
    options, so the extra brings pytest, and pytest-benchmark while they name one of its
    options (``--benchmark-disable``); its README shows the command."""
    config = tomllib.loads((ROOT / dist / "pyproject.toml").read_text(encoding="utf-8"))
    extra = config["project"].get("optional-dependencies", {}).get("test", [])
    names = {re.split(r"[<>=!~\[ ]", req, maxsplit=1)[0].lower() for req in extra}
    assert "pytest" in names, f"{dist}: no test extra with pytest"
    if _root_benchmark_options():
        assert "pytest-benchmark" in names, f"{dist}: the root's --benchmark-* options"
    readme = (ROOT / dist / "README.md").read_text(encoding="utf-8")
    assert f"pip install './{dist}[test]'" in readme, dist
