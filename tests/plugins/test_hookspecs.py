"""Like datasette's tests: every hook is documented, and every hook has a test."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import attrs
import pluggy
import pytest

import ecarte
from ecarte import hookspecs

HERE = Path(__file__).parent
DOCS = HERE.parent.parent / "docs" / "plugins.md"
HOOKS = sorted(name for name in vars(hookspecs) if name.startswith("ecarte_"))
NOTIFICATIONS = {"ecarte_game_started", "ecarte_hand_ended", "ecarte_game_ended"}
NOTIFICATIONS |= {"ecarte_match_ended"}
CHAINS = {"ecarte_configure_rules"}
COLLECTORS = {"ecarte_describe"}  # every implementation answers; the answers are joined
COLLECTORS |= {"ecarte_save_state", "ecarte_restore_state"}  # each plugin its own state
COLLECTORS |= {"ecarte_adviser"}  # every plugin asked, at most one may answer


def _spec_opts(name: str) -> dict[str, object]:
    opts = getattr(hookspecs, name).ecarte_spec
    assert isinstance(opts, dict)
    return opts


def test_there_are_hooks_for_every_phase() -> None:
    for needed in ("configure_rules", "next_game", "next_hand", "deal", "exchange_allowed"):
        assert f"ecarte_{needed}" in HOOKS
    for needed in ("discard_limits", "validate_action", "score_hand", "game_ended"):
        assert f"ecarte_{needed}" in HOOKS
    assert {"ecarte_hand_ended", "ecarte_match_ended"} <= set(HOOKS)


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_has_a_docstring_saying_when_and_how(name: str) -> None:
    doc = " ".join((inspect.getdoc(getattr(hookspecs, name)) or "").split())
    assert "called" in doc.lower() or doc.startswith("Notification"), name
    firstresult = bool(_spec_opts(name).get("firstresult"))
    if name in NOTIFICATIONS:
        assert not firstresult and "Every implementation is called" in doc
    elif name in CHAINS:
        assert not firstresult and "chain" in doc
    elif name in COLLECTORS:
        assert not firstresult and "Every implementation is called" in doc
    else:
        assert firstresult
        assert "First non-None result wins" in doc or "first veto wins" in doc, name


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_is_in_the_plugin_guide(name: str) -> None:
    assert f"`{name}`" in DOCS.read_text(encoding="utf-8"), f"{name} missing from {DOCS}"


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_is_in_the_plugin_guide_with_its_signature(name: str) -> None:
    sig = inspect.signature(getattr(hookspecs, name))
    params = ", ".join(f"{p.name}: {p.annotation}" for p in sig.parameters.values())
    line = f"def {name}({params}) -> {sig.return_annotation}"
    section = _section(f"### `{name}`")
    assert f"```python\n{line}\n```" in section, f"{DOCS.name} lacks {line}"


def _section(heading: str) -> str:
    """The part of the plugin guide from ``heading`` to the next heading."""
    text = DOCS.read_text(encoding="utf-8")
    start = text.index(heading + "\n") + len(heading)
    end = re.search(r"^#+ ", text[start:], re.MULTILINE)
    return text[start : start + end.start()] if end else text[start:]


@pytest.mark.parametrize("cls", [ecarte.HandOutcome, ecarte.Observation])
def test_every_field_a_plugin_reads_is_explained(cls: type) -> None:
    text = DOCS.read_text(encoding="utf-8")
    table = text[text.index(f"**`{cls.__name__}`**") :]
    table = table[: table.index("\n\n", table.index("| field |"))]
    rows = re.findall(r"^\| (.+?) \| .+ \|$", table, re.MULTILINE)
    documented = {name for row in rows for name in re.findall(r"`(\w+)`", row)}
    assert documented == {f.name for f in attrs.fields(cls)}


def test_the_walk_through_is_the_example_whole() -> None:
    """The plugin the guide's walk-through defines (and its doctest runs) is the
    example's class, line for line."""
    from ecarte_single_proposal import SingleProposal

    text = DOCS.read_text(encoding="utf-8")
    walk = text[text.index("## Writing a variant") :]
    block = walk[walk.index("```python\n") + 10 : walk.index("\n```\n")]
    code = "\n".join(line[4:] for line in block.splitlines())  # less ">>> " or "... "
    assert inspect.getsource(SingleProposal).rstrip() in code
    example = inspect.getsource(inspect.getmodule(SingleProposal))  # type: ignore[arg-type]
    for line in code.splitlines()[: code.index("class")]:
        if line.startswith(("from ", "import ")):
            assert line in example


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_has_a_test(name: str) -> None:
    tree = ast.parse((HERE / "test_hooks.py").read_text(encoding="utf-8"))
    tests = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    wanted = "test_hook_" + name.removeprefix("ecarte_")
    assert wanted in tests, f"no {wanted} in test_hooks.py"


@pytest.mark.parametrize("name", HOOKS)
def test_classic_plugin_implements_every_decision_hook(name: str) -> None:
    from ecarte.games.ecarte._classic import ClassicRules

    if name in NOTIFICATIONS | COLLECTORS or name == "ecarte_validate_action":
        return
    impl = getattr(ClassicRules, name)
    assert impl.ecarte_impl["trylast"] is True


def test_hookimpl_is_exported() -> None:
    assert isinstance(ecarte.hookimpl, pluggy.HookimplMarker)
    assert ecarte.hookimpl.project_name == "ecarte"
    assert hookspecs.hookspec.project_name == "ecarte"
