"""``mypy --strict`` on user code (the modules beside this file): what the public API's
types must catch (an attribute no action has, a float applied, a player that returns
the wrong thing, a plugin hook with the wrong signature) and what they must let through,
with the types revealed (``reveal_type``) where a user meets them.

Each module states its expectations in comments: ``# E: text`` for an error whose
message contains ``text`` on the next line of code, ``# N: text`` for a note; every other
line must pass (the notes that explain an expected error are not checked)."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

pytest.importorskip("mypy")  # the test extra installs it

pytestmark = [pytest.mark.own_backends, pytest.mark.long(40)]  # static: no backend

HERE = Path(__file__).parent
MODULES = ("user_game.py", "user_euchre.py", "user_plugin.py")
EXAMPLE = HERE.parents[1] / "examples" / "ecarte-single-proposal" / "src" / "ecarte_single_proposal"
"""The plugin of the guide's walk-through, whose source must pass as it is."""
_EXPECT = re.compile(r"#\s*(E|N):\s*(.+?)\s*$")
_LAYOUT = {tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT}
_REPORT = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+): (?P<kind>error|note): (?P<text>.*)$")


def _expected(path: Path) -> dict[int, list[tuple[str, str]]]:
    """The expectations by line: each ``# E:``/``# N:`` comment line, for the next line of
    code."""
    out: dict[int, list[tuple[str, str]]] = {}
    pending: list[tuple[str, str]] = []
    source = io.StringIO(path.read_text(encoding="utf-8"))
    for token in tokenize.generate_tokens(source.readline):
        if token.type == tokenize.COMMENT:
            found = _EXPECT.match(token.string)
            if found:
                pending.append(("error" if found[1] == "E" else "note", found[2]))
        elif pending and token.type not in _LAYOUT:
            out.setdefault(token.start[0], []).extend(pending)
            pending = []
    assert not pending, f"{path.name}: an expectation with no code after it"
    return out


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[tuple[int, str, str]]]:
    """mypy's errors and notes, by module: (line, "error" or "note", message). mypy runs in
    a process of its own: run here, its millions of objects would stay in this test
    process and slow down every full garbage collection of the tests that follow."""
    config = tmp_path_factory.mktemp("mypy") / "mypy.ini"
    config.write_text("[mypy]\n", encoding="utf-8")  # the user's settings: --strict alone
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--config-file",
            str(config),
            "--cache-dir",
            str(config.parent / "cache"),
            "--no-error-summary",
            "--show-absolute-path",
            "--hide-error-context",
            *(str(HERE / name) for name in MODULES),
            str(EXAMPLE / "__init__.py"),
        ],
        capture_output=True,
        text=True,
        check=False,  # status 1: the expected errors
    )
    stdout, stderr = proc.stdout, proc.stderr
    assert not stderr and proc.returncode in (0, 1), (proc.returncode, stderr)
    out: dict[str, list[tuple[int, str, str]]] = {name: [] for name in (*MODULES, "__init__.py")}
    for line in stdout.splitlines():
        found = _REPORT.match(line)
        assert found, f"unexpected mypy output: {line}"
        name = Path(found["path"]).name
        assert name in out, f"mypy reports on a module that is not user code: {line}"
        out[name].append((int(found["line"]), found["kind"], found["text"]))
    return out


@pytest.mark.parametrize("name", MODULES)
def test_mypy_strict_on_user_code(
    name: str, reports: dict[str, list[tuple[int, str, str]]]
) -> None:
    expected = _expected(HERE / name)
    assert expected, f"{name} states no expectations"
    got: dict[int, list[tuple[str, str]]] = {}
    for line, kind, text in reports[name]:
        got.setdefault(line, []).append((kind, text))
    problems = []
    for line in sorted(set(expected) | set(got)):
        want, have = expected.get(line, []), got.get(line, [])
        unmatched = list(have)
        for kind, text in want:
            match = next((h for h in unmatched if h[0] == kind and text in h[1]), None)
            if match is None:
                problems.append(f"{name}:{line}: expected {kind} {text!r}, got {have}")
            else:
                unmatched.remove(match)
        if any(kind == "error" for kind, _ in want):  # the notes explaining the error
            unmatched = [(kind, text) for kind, text in unmatched if kind != "note"]
        problems += [f"{name}:{line}: unexpected {kind}: {text}" for kind, text in unmatched]
    assert not problems, "\n".join(problems)


def test_the_walk_through_plugin_passes(reports: dict[str, list[tuple[int, str, str]]]) -> None:
    assert reports["__init__.py"] == []
